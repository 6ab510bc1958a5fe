#!/usr/bin/env bash
# make example: builds Examples/CustomEngine (a package of its own that adds
# the `plain-lcs` engine through DiffBenchKit), runs its `custom-bench` on
# mixed and feed at 1,000, and checks that the example engine's rows are
# there, `ok`, verified and batch-verified. First the example's own tests:
# its engines (plain-lcs and the wrapped stand-in library of
# Guides/WrappingLibraries.md) through the conformance kit; then its help
# names custom-bench and `teach --engine plain-lcs` draws its answer. Then it
# runs again with the
# deliberately broken engine (`CUSTOM_BENCH_BROKEN=1`: `overflowing` traps on
# lists over 500 elements) and checks that the crash costs only its rows:
# `overflowing` crashed at 1,000 with its fatalError message and ok at 100,
# every other row ok, exit status 1. It prints the crash row. Exit 0 when
# all holds, 1 when a row is missing or wrong, 2 when the build or run fails.
set -uo pipefail
cd "$(dirname "$0")/../Examples/CustomEngine"
swift build --build-tests >/tmp/custom-bench-build.log 2>&1 || { tail -20 /tmp/custom-bench-build.log; exit 2; }
swift test --skip-build >/tmp/custom-bench-test.log 2>&1 || { grep -E '✘|shrunk|original|error' /tmp/custom-bench-test.log | head -20; exit 1; }
echo "example: $(grep -E 'Test run with' /tmp/custom-bench-test.log | tail -1)"
BIN="$(swift build --show-bin-path)/custom-bench"
# A plug-in binary speaks its own name in its help and usage lines. Each help
# is read whole before it is searched: under pipefail, `grep -q` in a pipe
# stops reading at its match and the writer's SIGPIPE fails the pipe.
if ! grep -q "^USAGE: custom-bench " <<<"$("$BIN" --help)"; then
    echo "example: custom-bench --help does not name custom-bench:" >&2
    "$BIN" --help | head -3 >&2
    exit 1
fi
# Its help lists its own engines beside the built-ins (the abstract, and run's --engines).
for page in "" run; do
    if ! grep -q "plain-lcs" <<<"$("$BIN" $page --help)"; then
        echo "example: custom-bench $page --help does not list plain-lcs" >&2
        exit 1
    fi
done
OUT=Reports
# teach plays a registered engine: plain-lcs's storyboard and its path on the edit graph.
rm -rf "$OUT/teach-example"
if ! "$BIN" teach --chars ADFGT AFOXT --engine plain-lcs --output "$OUT/teach-example" --name pair >/dev/null 2>&1 \
    || ! grep -q "plain-lcs" "$OUT/teach-example/pair/index.md" || [ ! -s "$OUT/teach-example/pair/engine-path.gp" ]; then
    echo "example: custom-bench teach --engine plain-lcs did not draw plain-lcs's answer" >&2
    exit 1
fi
rm -rf "$OUT/example"
"$BIN" run --workloads mixed,feed --sizes 1000 --name example --output "$OUT" --quiet --memo "" --datasets-dir "" \
    --repetitions 3 --min-time 0 >/dev/null 2>&1
status=$?
# 1 = a failed verification: the rows are written and checked below.
if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then exit 2; fi
python3 - "$OUT/example/results.json" <<'PY'
import json, sys
path = sys.argv[1]
rows = [row for row in json.load(open(path))["rows"] if row["engine"] == "plain-lcs"]
bad = [row for row in rows if not (row["status"] == "ok" and row["verified"] and row.get("batch_verified") is True)]
for row in bad:
    print(f"example: plain-lcs on {row['workload']}@{row['size']}: status {row['status']}, "
          f"verified {row['verified']}, batch_verified {row.get('batch_verified')}: {row['reason']}", file=sys.stderr)
if len(rows) != 2:
    print(f"example: expected 2 plain-lcs rows in {path}, found {len(rows)}", file=sys.stderr)
    sys.exit(1)
if bad:
    sys.exit(1)
print(f"example: plain-lcs ok and verified on mixed@1000 and feed@1000 ({path})")
PY

[ $? -eq 0 ] || exit 1
# The broken engine beside plain-lcs and heckel: its crash must cost only its own rows.
rm -rf "$OUT/example-broken"
CUSTOM_BENCH_BROKEN=1 "$BIN" run --engines plain-lcs,heckel,overflowing --workloads mixed,feed --sizes 100,1000 \
    --name example-broken --output "$OUT" --quiet --memo "" --datasets-dir "" --repetitions 3 --min-time 0 \
    >/dev/null 2>"$OUT/example-broken.stderr"
status=$?
if [ "$status" -ne 1 ]; then
    echo "example: the run with the broken engine exited $status, expected 1" >&2
    cat "$OUT/example-broken.stderr" >&2
    exit 1
fi
python3 - "$OUT/example-broken/results.json" <<'PY'
import json, sys
path = sys.argv[1]
document = json.load(open(path))
problems = []
if not document["complete"]:
    problems.append("the run is not complete")
seen = {}
for row in document["rows"]:
    key = (row["engine"], row["workload"], row["size"])
    seen[key] = row
    crash = row["engine"] == "overflowing" and row["size"] == 1000
    wanted = "crashed" if crash else ("reference" if row["engine"] == "floor" else "ok")
    if row["status"] != wanted:
        problems.append(f"{key}: status {row['status']}, expected {wanted}: {row['reason']}")
    if crash and "Fatal error: overflowing: lists over 500 elements are not handled yet" not in row["reason"]:
        problems.append(f"{key}: the crash row does not quote the engine's message: {row['reason']}")
expected = {(e, w, s) for e in ["plain-lcs", "heckel", "overflowing", "floor"] for w in ["mixed", "feed"] for s in [100, 1000]}
if set(seen) != expected:
    problems.append(f"rows {sorted(set(seen) ^ expected)} missing or unexpected")
for problem in problems:
    print("example: " + problem, file=sys.stderr)
if problems:
    sys.exit(1)
for key in sorted(k for k in seen if k[0] == "overflowing" and k[2] == 1000):
    row = seen[key]
    print(f"example: {key[0]} on {key[1]}@{key[2]}: {row['status']}: {row['reason']}")
print(f"example: the broken engine's crash cost only its own rows ({path})")
PY
