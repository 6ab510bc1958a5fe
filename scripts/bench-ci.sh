#!/usr/bin/env bash
# The CI benchmark gate (make bench-ci) and its baseline (make bench-ci-baseline).
#
#   scripts/bench-ci.sh check      run the quick plan, judge it against the
#                                  history (Reports/history.sqlite: the last
#                                  10 runs of this machine and plan on main)
#                                  once it holds 3 such runs, else compare it
#                                  with Reports/baselines/ci.json; write
#                                  Reports/ci/summary.md; exit 0 pass,
#                                  1 regression (instructions, memory, steps),
#                                  failed verification or missing row,
#                                  2 bad input
#   scripts/bench-ci.sh baseline   run the quick plan and save it as the
#                                  baseline `ci` (commit Reports/baselines/ci.json)
#
# The plan: `diffbench run --plan ci`, every registered engine plus the floor
# reference on every registered workload at 100 and 1,000 plus the sizes each
# workload registers for CI (same, updates and mixed at 10,000), seed 1, at
# least 10 samples and 0.2 s per engine and dataset, then one call of each
# row counted under callgrind (the CI plan always counts instructions). The
# lists live in the registries, not here.
# What fails: instruction counts, memory, steps, verification and rows
# missing from the run; wall time (ratios to the in-run stdlib reference)
# is reported and only warns, so no confirmation rerun is made: the gated
# figures repeat (counts within a few hundred instructions, memory and steps
# exactly) and a second run would only repeat them (see
# `diffbench compare --help`). Extra arguments after the mode go to
# `diffbench compare` (e.g. --allow-missing).
#
# glibc's malloc adapts its mmap and trim thresholds as a process runs, so
# the same call can land in two allocator regimes (fresh pages or reused
# ones); runs of the fast cases (created, deleted: 0.2 µs vs 2–4 µs) flipped
# between them at random. Fixed thresholds keep every run in one regime. The
# setting changes no memory figure (those count requested bytes) and is
# ignored where glibc is not the allocator.
export GLIBC_TUNABLES=${GLIBC_TUNABLES:-glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4294967296}
set -uo pipefail
cd "$(dirname "$0")/.."

mode=${1:-check}
[ $# -gt 0 ] && shift
BIN=${DIFFBENCH:-.build/release/diffbench}
# Every run of the CI plan is added to the history store (diffbench history).
HISTORY=${DIFFBENCH_HISTORY:-Reports/history.sqlite}
# The run is recorded under the checkout's branch; on a detached CI checkout
# `diffbench run` takes it from DIFFBENCH_BRANCH, else the CI's variable
# (GITHUB_HEAD_REF, GITHUB_REF_NAME, CI_COMMIT_REF_NAME, ...), else the one
# branch whose tip is HEAD (README "History and trends", `history add --branch`).
# The branch whose runs make the history `check` judges against.
BASE_BRANCH=${DIFFBENCH_BASE_BRANCH:-main}
CI_DIR=Reports/ci
RUN_NAME=current
[ "$mode" = baseline ] && RUN_NAME=baseline-$(date -u +%Y%m%d-%H%M%S)
SEED=1

if [ ! -x "$BIN" ]; then
    echo "bench-ci: $BIN is missing; build it with: swift build -c release --product diffbench" >&2
    exit 2
fi

mkdir -p "$CI_DIR"
rm -rf "${CI_DIR:?}/current" "$CI_DIR/summary.md"
[ "$mode" = baseline ] && rm -rf "${CI_DIR:?}"/baseline-*

run_plan() { # run_plan NAME: the quick plan into $CI_DIR/NAME; exits on a broken run
    "$BIN" run --output "$CI_DIR" --name "$1" --seed "$SEED" --plan ci \
        --repetitions 10 --min-time 0.2 --time-budget 3 --datasets-dir "" --quiet --history "$HISTORY" >"$CI_DIR/$1.txt"
    local status=$?
    # 1 = a failed verification: the rows are written, and compare reports them.
    if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
        cat "$CI_DIR/$1.txt"
        exit "$status"
    fi
    return "$status"
}

echo "bench-ci: running the CI plan (diffbench run --plan ci)" >&2
run_plan "$RUN_NAME"
run_status=$?

case "$mode" in
    baseline)
        if [ "$run_status" -ne 0 ]; then
            cat "$CI_DIR/$RUN_NAME.txt"
            echo "bench-ci: a verification failed; not saving a baseline" >&2
            exit 1
        fi
        "$BIN" baseline save ci --from "$CI_DIR/$RUN_NAME"
        ;;
    check)
        if [ -f "$HISTORY" ]; then
            # Against the history once it holds 3 earlier runs of this machine
            # and plan on the base branch; before that (a clean clone: only
            # this run) compare falls back to the baseline file, as without a store.
            "$BIN" compare --against history "$CI_DIR/$RUN_NAME" --history "$HISTORY" --branch "$BASE_BRANCH" \
                --fallback ci --format md --to "$CI_DIR/summary.md" "$@"
        else
            "$BIN" compare ci "$CI_DIR/$RUN_NAME" --format md --to "$CI_DIR/summary.md" "$@"
        fi
        status=$?
        if [ -f "$CI_DIR/summary.md" ]; then
            echo
            cat "$CI_DIR/summary.md"
        fi
        exit "$status"
        ;;
    *)
        echo "usage: scripts/bench-ci.sh check|baseline" >&2
        exit 2
        ;;
esac
