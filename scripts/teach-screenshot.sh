#!/usr/bin/env bash
# Regenerates Guides/images/teach-page.png, the screenshot of `diffbench serve`'s
# teach page that Guides/Teaching.md shows: starts the server on a free port
# over an empty reports folder, has headless Chromium draw /teach at
# 1100 × 560, and stops the server (SIGINT). Needs the release binary
# (swift build -c release --product diffbench and --product diffbench-serve; DIFFBENCH=PATH for another) and
# chromium (scripts/setup.sh installs it).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${DIFFBENCH:-.build/release/diffbench}
OUT=Guides/images/teach-page.png
BROWSER=$(command -v chromium || command -v chromium-browser || true)
if [ ! -x "$BIN" ]; then
    echo "teach-screenshot: $BIN is missing; build it with: swift build -c release --product diffbench && swift build -c release --product diffbench-serve" >&2
    exit 2
fi
if [ -z "$BROWSER" ]; then
    echo "teach-screenshot: chromium is not installed (scripts/setup.sh installs it)" >&2
    exit 2
fi
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/teach-screenshot.XXXXXX")
mkdir "$SCRATCH/reports" "$SCRATCH/tmp"
TMPDIR="$SCRATCH/tmp" "$BIN" serve --port 0 --reports "$SCRATCH/reports" > "$SCRATCH/address" 2>&1 &
SERVER=$!
trap 'kill -INT "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; rm -rf "$SCRATCH"' EXIT
URL=
for _ in $(seq 1 100); do
    URL=$(grep -o 'http://127\.0\.0\.1:[0-9]*/' "$SCRATCH/address" || true)
    [ -n "$URL" ] && break
    sleep 0.05
done
if [ -z "$URL" ]; then
    echo "teach-screenshot: the server printed no address: $(cat "$SCRATCH/address")" >&2
    exit 1
fi
mkdir -p "$(dirname "$OUT")"
"$BROWSER" --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars --window-size=1100,560 \
    --screenshot="$PWD/$OUT" "${URL}teach" > /dev/null 2>&1
echo "wrote $OUT"
