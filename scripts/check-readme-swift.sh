#!/usr/bin/env bash
# make readme-check: the README's library snippet compiles and runs as written.
#
# README.md marks blocks with an HTML comment on the line before the fence:
#   <!-- readme-check: manifest -->  its `.package(path: …)` and `.product(…)`
#       expressions go verbatim into the Package.swift of a scratch package
#       that sits beside a link named after the path, so the package identity
#       and product name the README gives are the ones SwiftPM resolves;
#   <!-- readme-check: swift -->     the block is that package's main.swift,
#       verbatim, after a prelude file that only supplies the sample lists it
#       names (oldPosts, newPosts, oldRows, newRows).
# The scratch package is built (debug) and run; the build must not warn
# about the snippet, and the run must succeed and print "verified" (the
# snippet prints the verifier's verdict).
# Exit 0 when it does, 1 when a block is missing, fails to build or run.
set -uo pipefail
cd "$(dirname "$0")/.."
repo="$(pwd)"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/readme-check.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT

python3 - "$repo/README.md" "$scratch" <<'PY' || exit 1
import pathlib, re, sys
readme, scratch = pathlib.Path(sys.argv[1]).read_text(), pathlib.Path(sys.argv[2])
blocks = {}
for kind, body in re.findall(r"<!-- readme-check: (\w+) -->\n```swift\n(.*?)\n```", readme, re.S):
    if kind in blocks:
        sys.exit(f"readme-check: two blocks marked {kind}")
    blocks[kind] = body
missing = {"manifest", "swift"} - blocks.keys()
if missing:
    sys.exit(f"readme-check: no block marked {', '.join(sorted(missing))} in README.md")
package = re.search(r"\.package\(path: \"([^\"]+)\"\)", blocks["manifest"])
product = re.search(r"\.product\(name: \"[^\"]+\", package: \"[^\"]+\"\)", blocks["manifest"])
if not package or not product:
    sys.exit("readme-check: the manifest block needs .package(path: \"…\") and .product(name:package:)")
# ../DiffBench from the scratch package: a link to this checkout under that name.
path = package.group(1)
if not path.startswith("../") or "/" in path[3:]:
    sys.exit(f"readme-check: expected a sibling path like ../DiffBench, found {path}")
(scratch / path[3:]).symlink_to(sys.argv[1].rsplit("/", 1)[0])
app = scratch / "app"
(app / "Sources" / "readme-check").mkdir(parents=True)
(app / "Package.swift").write_text(f"""// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "ReadmeCheck",
    platforms: [.macOS(.v13)],
    dependencies: [{package.group(0)}],
    targets: [.executableTarget(name: "readme-check", dependencies: [{product.group(0)}])]
)
""")
(app / "Sources" / "readme-check" / "main.swift").write_text(blocks["swift"] + "\n")
# Sample data only; computed so that the snippet's types may be declared in main.swift.
(app / "Sources" / "readme-check" / "Prelude.swift").write_text("""
var oldPosts: [Post] { (1...6).map { Post(id: $0, likes: 0) } }
var newPosts: [Post] { [Post(id: 3, likes: 0), Post(id: 1, likes: 5), Post(id: 2, likes: 0), Post(id: 7, likes: 0), Post(id: 5, likes: 0), Post(id: 6, likes: 1)] }
var oldRows: [Row] { ["a", "b", "c"].map { Row(key: $0, title: "row " + $0) } }
var newRows: [Row] { [Row(key: "c", title: "row c"), Row(key: "a", title: "changed"), Row(key: "d", title: "row d")] }
""")
PY

cd "$scratch/app"
log="$scratch/build.log"
if ! swift build >"$log" 2>&1; then
    grep -E "error|warning" "$log" | head -40
    echo "readme-check: the README's library snippet does not build (README.md, block marked readme-check: swift)"
    exit 1
fi
# Warnings in the snippet itself (not in this package's own sources) fail too.
if grep -q "Sources/readme-check/.*warning:" "$log"; then
    grep -A3 "Sources/readme-check/.*warning:" "$log"
    echo "readme-check: the README's library snippet builds with warnings"
    exit 1
fi
output="$("$(swift build --show-bin-path)/readme-check" 2>&1)"
status=$?
echo "$output" | sed 's/^/  /'
if [ $status -ne 0 ] || ! grep -qx "verified" <<<"$output"; then
    echo "readme-check: the README's library snippet ran with status $status and did not print \"verified\""
    exit 1
fi
echo "readme-check: the README's library snippet builds and runs against this checkout"
