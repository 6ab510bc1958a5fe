#!/usr/bin/env bash
# make docs: builds the DocC documentation of the library products
# (DiffEngines, ListUpdates, DiffEngineChecks) with swift-docc-plugin into Reports/docs/<target>/
# (a static site: open Reports/docs/<target>/index.html through a web server,
# or `python3 -m http.server -d Reports/docs/DiffEngines` and browse
# /documentation/diffengines). Fails (exit 1) when DocC warns, e.g. about a
# symbol link (``Name``) that resolves to nothing, so a renamed symbol
# cannot leave a dead link behind; the full log is Reports/docs/<target>.log.
# First, every relative link in the Markdown (README, Guides, Datasets,
# Examples) must resolve: scripts/check-links.py names each dead one.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p Reports/docs
status=0
python3 scripts/check-links.py || status=1
for target in DiffEngines ListUpdates DiffEngineChecks; do
    log="Reports/docs/$target.log"
    rm -rf "Reports/docs/$target"
    start=$(date +%s)
    if ! swift package --disable-sandbox generate-documentation --target "$target" \
        --output-path "Reports/docs/$target" --transform-for-static-hosting \
        --hosting-base-path "" >"$log" 2>&1; then
        tail -20 "$log"
        echo "docs: generate-documentation failed for $target (log: $log)"
        status=1
        continue
    fi
    # DocC prints each problem as "warning: …" followed by the source lines.
    warnings=$(grep -c "warning:" "$log" || true)
    if [ "$warnings" -ne 0 ]; then
        grep -A6 "warning:" "$log"
        echo "docs: $warnings DocC warning(s) for $target (log: $log)"
        status=1
    else
        echo "docs: $target → Reports/docs/$target ($(( $(date +%s) - start )) s, no warnings)"
    fi
done
exit $status
