#!/usr/bin/env bash
# make install PREFIX=DIR: installs a built diffbench as DIR/bin/diffbench and
# the one library of this package it loads at start, the allocation
# interposer (libMallocInterposerSwift.so, a dynamic library by design: the
# memory pass counts every malloc of the process through it), as
# DIR/lib/diffbench/. The installed binary's run path names that folder by
# its absolute path (patchelf), so the binary starts from DIR/bin, from PATH,
# or as a copy in any other folder; the Swift runtime is found where the
# toolchain put it, as for the build's own binary.
# Usage: scripts/install.sh BINARY PREFIX
set -euo pipefail
if [ $# -ne 2 ]; then
    echo "usage: scripts/install.sh BINARY PREFIX" >&2
    exit 2
fi
binary=$1
prefix=$2
if [ ! -x "$binary" ]; then
    echo "install: $binary is not a built diffbench (run make release first)" >&2
    exit 2
fi
if ! command -v patchelf >/dev/null 2>&1; then
    echo "install: patchelf is missing; scripts/setup.sh installs it (apt-get install patchelf)" >&2
    exit 2
fi
mkdir -p "$prefix/bin" "$prefix/lib/diffbench"
prefix=$(cd "$prefix" && pwd)
library_dir="$prefix/lib/diffbench"
interposer="$(dirname "$binary")/libMallocInterposerSwift.so"
if [ -f "$interposer" ]; then
    install -m 0644 "$interposer" "$library_dir/"
fi
# Install through a temporary name, then rename: a running diffbench is never
# overwritten in place, and a failed patch leaves no half-made binary.
tmp="$prefix/bin/.diffbench.$$"
install -m 0755 "$binary" "$tmp"
old_path=$(patchelf --print-rpath "$tmp")
# Keep the toolchain's folders; replace $ORIGIN (the build folder's layout) by the library folder.
new_path=$(printf '%s' "$old_path" | tr ':' '\n' | grep -v '^\$ORIGIN$' | { cat; echo "$library_dir"; } | paste -sd: -)
patchelf --set-rpath "$new_path" "$tmp"
mv -f "$tmp" "$prefix/bin/diffbench"
# `diffbench serve` execs the dashboard's server from beside itself; it loads no library of this package.
server="$(dirname "$binary")/diffbench-serve"
if [ -x "$server" ]; then
    install -m 0755 "$server" "$prefix/bin/.diffbench-serve.$$"
    mv -f "$prefix/bin/.diffbench-serve.$$" "$prefix/bin/diffbench-serve"
fi
echo "installed $prefix/bin/diffbench (libraries in $library_dir)"
