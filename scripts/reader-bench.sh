#!/usr/bin/env bash
# The readers' benchmark (issue 35, "Readers at speed"; README "Benchmark
# your own lists"): generates, in a temporary folder removed at the end,
#   - a JSON list of OBJECTS objects (1,000,000 by default, about 100 MB):
#     number and string ids, nested objects and arrays, some non-ASCII and
#     escaped strings (\n, \", \u00e9, a \ud83d\ude00 surrogate pair);
#   - a text of LINES lines (1,000,000 by default, about 38 MB): repeated
#     lines (blank, braces) among unique ones, some non-ASCII;
# then reads each REPEAT times (3 by default), each time in a new process,
# through the release binary's hidden `read-benchmark` subcommand, which
# runs only the reading path `diff` and `run --old/--new` use and times
# only that. Prints, per file, the median of the runs: MB/s of CPU time
# (user + system, getrusage), MB/s of wall time, and peak RSS ÷ file size
# (MB = 10^6 bytes). Targets: JSON ≥ 60 MB/s of CPU, text ≥ 150 MB/s of
# CPU, peak RSS ≤ 3× the file. Figures only: it checks nothing and is not
# a test. Needs python3 and the release binary
# (swift build -c release --product diffbench).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${DIFFBENCH:-.build/release/diffbench}
OBJECTS=${OBJECTS:-1000000}
LINES=${LINES:-1000000}
REPEAT=${REPEAT:-3}
if [ ! -x "$BIN" ]; then
    echo "reader-bench: $BIN is missing; build it with: swift build -c release --product diffbench" >&2
    exit 2
fi
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/reader-bench.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT

echo "reader-bench: writing $OBJECTS objects and $LINES lines into $SCRATCH" >&2
python3 - "$SCRATCH" "$OBJECTS" "$LINES" <<'PYTHON'
import random, sys
folder, objects, lines = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(35)
with open(f"{folder}/list.json", "w", encoding="utf-8") as out:
    out.write("[\n")
    for n in range(objects):
        ident = f'"u-{n:07d}"' if n % 3 == 0 else str(n)
        if n % 11 == 0:
            title = f"caf\\u00e9 \\\"{n}\\\"\\nline two \\ud83d\\ude00"
        elif n % 7 == 0:
            title = f"Zoë’s note {n} — naïve"
        else:
            title = f"item {n} title {rng.randrange(1000)}"
        extra = f', "author": {{"name": "a{n % 500}", "age": {n % 90}}}' if n % 5 == 0 else ""
        out.write(f'{{"id": {ident}, "title": "{title}", "score": {rng.randrange(10000) / 100}, '
                  f'"tags": ["t{n % 13}", {n % 2 == 0 and "true" or "false"}]{extra}}}'
                  + (",\n" if n + 1 < objects else "\n"))
    out.write("]\n")
repeated = ["", "    }", "}", "        return nil", "    // MARK: -"]
with open(f"{folder}/text.txt", "w", encoding="utf-8") as out:
    for n in range(lines):
        if n % 3 == 0:
            out.write(repeated[rng.randrange(len(repeated))] + "\n")
        elif n % 17 == 0:
            out.write(f"    // café ’{n}’ — naïve Zoë\n")
        else:
            out.write(f"    let value{n} = compute({rng.randrange(100000)}, {n}) + offset\n")
PYTHON

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
measure() { # measure LABEL FILE [--lines]
    local label=$1 file=$2
    shift 2
    local size runs cpu wall rss elements
    size=$(stat -c %s "$file")
    runs=$(for _ in $(seq 1 "$REPEAT"); do "$BIN" read-benchmark "$file" "$@"; done)
    field() { echo "$runs" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
    elements=$(field elements | head -1)
    cpu=$(field cpu_seconds | median)
    wall=$(field wall_seconds | median)
    rss=$(field peak_rss_bytes | median)
    awk -v label="$label" -v size="$size" -v n="$elements" -v cpu="$cpu" -v wall="$wall" -v rss="$rss" -v r="$REPEAT" 'BEGIN {
        printf "%s: %.1f MB, %d elements; median of %d reads: %.1f MB/s of CPU (%.3f s), %.1f MB/s wall (%.3f s), peak RSS %.2f× the file\n",
            label, size / 1e6, n, r, size / 1e6 / cpu, cpu, size / 1e6 / wall, wall, rss / size
    }'
}
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
measure "JSON list" "$SCRATCH/list.json"
measure "text --lines" "$SCRATCH/text.txt" --lines
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
