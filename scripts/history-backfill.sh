#!/usr/bin/env bash
# Backfill the history store with this repository's past (README "History
# and trends"): for each commit, check it out into one scratch clone, build
# its release binary, run that commit's own CI plan (its scripts/bench-ci.sh,
# whatever options it passed then), and add the run to one store with the
# *current* binary; then list the steps `history changes` finds.
#
#   scripts/history-backfill.sh [COMMIT…]
#
# Without commits it takes the 18 commits of main around the three
# speed-ups of 2026-11-22 (d47af76 direct-address integer table, b58b116
# dense coding, 05e6259 heckel/set branch-free passes): six before them, the
# three, and nine after. A step needs points on both sides (the detector's
# minimum segment is 3, and a short side limits the permutation test), so the
# range is contiguous rather than isolated commits with their parents.
# Settings (environment):
#   DIFFBENCH        the current binary (default .build/release/diffbench)
#   BACKFILL_DIR     scratch folder: the clone, the kept run folders, the
#                    log (default Reports/backfill)
#   BACKFILL_STORE   the store the runs go into (default BACKFILL_DIR/history.sqlite)
#   BACKFILL_BRANCH  the branch recorded for the runs (default main)
# A commit that does not build, or whose CI plan leaves no run, is skipped
# with status 125 (git bisect's "cannot test") in BACKFILL_DIR/backfill.log;
# the others are added. A commit the store already holds a run of is
# skipped before its build, so a rerun adds only what is new. Each commit
# costs a release build (incremental after the first: the clone keeps its
# .build) and one CI plan run.
# Exit: 0 when at least one commit was added or already there, 1 when none
# could be, 2 bad usage.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
BIN=$(realpath -m "${DIFFBENCH:-.build/release/diffbench}")
DIR=$(realpath -m "${BACKFILL_DIR:-Reports/backfill}")
STORE=$(realpath -m "${BACKFILL_STORE:-$DIR/history.sqlite}")
BRANCH=${BACKFILL_BRANCH:-main}
# The default range, oldest first (see the header).
DEFAULT_COMMITS=(1276415 44d784a 9c136fd 79b40de a5bb8cc 010ac7c d47af76 b58b116 05e6259
    f4a73d2 1de2e62 543c02f 85de737 0f795ea ee7452f bc67a99 4fa7b32 151fbc3)

if [ ! -x "$BIN" ]; then
    echo "history-backfill: $BIN is missing; build it with: swift build -c release --product diffbench" >&2
    exit 2
fi
mkdir -p "$DIR/runs"
LOG=$DIR/backfill.log

commits=()
if [ $# -gt 0 ]; then
    for given in "$@"; do
        if ! full=$(git rev-parse --verify --quiet "$given^{commit}"); then
            echo "history-backfill: $given is not a commit of this repository" >&2
            exit 2
        fi
        commits+=("$full")
    done
else
    for commit in "${DEFAULT_COMMITS[@]}"; do commits+=("$(git rev-parse "$commit")"); done
fi
# Oldest first, each once: runs are ordered by their start time, so the
# store's order is the commits' order only when they run in it.
mapfile -t commits < <(git rev-list --no-walk=sorted --reverse "${commits[@]}" | awk '!seen[$0]++')

CLONE=$DIR/clone
if [ ! -d "$CLONE/.git" ]; then
    git clone --quiet --no-checkout --shared "$ROOT" "$CLONE" || exit 2
fi

log() { # log STATUS COMMIT TEXT: one line on stderr and in the log
    printf '%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$1" "$2" "$3" | tee -a "$LOG" >&2
}

added=0 held=0
for commit in "${commits[@]}"; do
    short=${commit:0:12}
    if [ -f "$STORE" ] && grep -q "$short" <<<"$("$BIN" history list --history "$STORE" --format csv 2>/dev/null)"; then
        log 0 "$short" "already in the store; skipped"
        held=$((held + 1))
        continue
    fi
    if ! git -C "$CLONE" checkout --quiet --force --detach "$commit" 2>>"$LOG"; then
        log 125 "$short" "checkout failed"
        continue
    fi
    git -C "$CLONE" clean --quiet -fdx -e .build -e Reports/ci >/dev/null
    if ! (cd "$CLONE" && swift build -c release --product diffbench) >"$DIR/build-$short.txt" 2>&1; then
        log 125 "$short" "does not build (see build-$short.txt); skipped"
        continue
    fi
    if [ ! -f "$CLONE/scripts/bench-ci.sh" ]; then
        log 125 "$short" "has no scripts/bench-ci.sh (no CI plan); skipped"
        continue
    fi
    # The commit's own gate script runs its own CI plan; its verdict
    # (exit 1 on a regression against its baseline) does not matter here,
    # only the run it writes to Reports/ci/current.
    rm -rf "$CLONE/Reports/ci/current"
    (cd "$CLONE" && env -u DIFFBENCH -u DIFFBENCH_HISTORY bash scripts/bench-ci.sh check) >"$DIR/ci-$short.txt" 2>&1
    status=$?
    if [ ! -f "$CLONE/Reports/ci/current/results.json" ]; then
        log 125 "$short" "its CI plan left no run (bench-ci exit $status, see ci-$short.txt); skipped"
        continue
    fi
    kept=$DIR/runs/$short
    rm -rf "$kept"
    cp -R "$CLONE/Reports/ci/current" "$kept"
    if "$BIN" history add "$kept" --history "$STORE" --branch "$BRANCH" >>"$LOG" 2>&1; then
        log 0 "$short" "added (bench-ci exit $status)"
        added=$((added + 1))
    else
        log 125 "$short" "history add refused the run (see the log); skipped"
    fi
done

echo "history-backfill: $added of ${#commits[@]} commits added to $STORE ($held already there)" >&2
[ $((added + held)) -gt 0 ] || exit 1
"$BIN" history changes --history "$STORE" --branch "$BRANCH" --measure instructions
