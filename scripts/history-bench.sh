#!/usr/bin/env bash
# The history store's benchmark (issue 36's targets; README "History and
# trends"): a synthetic store of RUNS runs × 300 rows made from the CI
# baseline's rows, then
#   - `history add` of a 300-row run (in process, and as a new process each
#     time into the full store; target ≤ 50 ms),
#   - a series query on the full store (in process with a new connection,
#     and `history show` of one series end to end; target ≤ 50 ms),
#   - bytes per stored row (the file after a checkpoint; target ≤ 200),
#   - `history page` of the whole store as a new process (every case's
#     chart and the change points; target ≤ 30 s).
# Each new-process figure is given as wall time and as CPU time (user +
# system): on a loaded machine the wall time is mostly waiting for a core.
# Figures only: it checks nothing and is not a test. Needs the release
# binary (swift build -c release --product diffbench). RUNS=10000 by default
# (about a minute or two to build the store); the store is deleted at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${DIFFBENCH:-.build/release/diffbench}
RUNS=${RUNS:-10000}
if [ ! -x "$BIN" ]; then
    echo "history-bench: $BIN is missing; build it with: swift build -c release --product diffbench" >&2
    exit 2
fi
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/history-bench.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
STORE=$SCRATCH/synthetic.sqlite

echo "history-bench: building a store of $RUNS runs × 300 rows" >&2
"$BIN" history benchmark --store "$STORE" --runs "$RUNS" --rows 300 --write-runs "$SCRATCH/runs"

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
timed() { # timed COMMAND…: "WALL CPU" of one run of COMMAND, in ms (CPU: user + system, children included)
    local start end
    start=$(date +%s%N)
    /usr/bin/time -f '%U %S' -o "$SCRATCH/time.txt" "$@" >/dev/null
    end=$(date +%s%N)
    awk -v wall=$(( (end - start) / 1000000 )) '{ printf "%d %d\n", wall, ($1 + $2) * 1000 }' "$SCRATCH/time.txt"
}

for index in $(seq 1 11); do timed "$BIN" history add "$SCRATCH/runs/run-$index" --history "$STORE" --branch main; done >"$SCRATCH/adds.txt"
echo "history add of a 300-row run (new process, store of $RUNS runs, 11 adds): median $(cut -d' ' -f1 "$SCRATCH/adds.txt" | median) ms wall, $(cut -d' ' -f2 "$SCRATCH/adds.txt" | median) ms CPU"
for _ in $(seq 1 11); do
    timed "$BIN" history show --history "$STORE" --engine heckel --workload feed --size 1000 --elements int --measure median_ns --format csv
done >"$SCRATCH/shows.txt"
points=$("$BIN" history show --history "$STORE" --engine heckel --workload feed --size 1000 --elements int --measure median_ns --format csv | tail -n +2 | wc -l)
echo "history show of one series ($points points, new process, 11 times): median $(cut -d' ' -f1 "$SCRATCH/shows.txt" | median) ms wall, $(cut -d' ' -f2 "$SCRATCH/shows.txt" | median) ms CPU"
read -r page_wall page_cpu < <(timed "$BIN" history page --history "$STORE" --to "$SCRATCH/page")
# --charts auto draws only the cases with a step on a store this size, so a
# page may have no charts folder at all.
charts=$(find "$SCRATCH/page" -name '*.png' | wc -l)
echo "history page of the whole store (new process, $charts charts): $page_wall ms wall, $page_cpu ms CPU (gnuplot included)"
