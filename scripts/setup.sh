#!/usr/bin/env bash
# Installs the system packages DiffBench needs when they are missing:
# gnuplot (charts, pngcairo terminal), libpng-dev (the PNG writer),
# libsqlite3-dev (the history store, Reports/history.sqlite),
# valgrind (callgrind's instruction counts for `run --instructions` and the
# CI gate; its package also holds <valgrind/callgrind.h>: a build without
# it has no-op client requests), jq (the `history bisect` script), patchelf (make install) and chromium (the headless-browser test of the teaching stepper
# page; the test is skipped with a message when it is missing).
# As root it uses apt-get; otherwise it says what to install and carries on
# (the build and tests need only libpng and SQLite; gnuplot is needed for charts).
set -euo pipefail

missing=()
command -v gnuplot >/dev/null 2>&1 || missing+=(gnuplot-nox)
if ! { pkg-config --exists libpng 2>/dev/null || [ -f /usr/include/png.h ]; }; then
    missing+=(libpng-dev)
fi
if ! { pkg-config --exists sqlite3 2>/dev/null || [ -f /usr/include/sqlite3.h ]; }; then
    missing+=(libsqlite3-dev)
fi
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
if ! command -v valgrind >/dev/null 2>&1 || [ ! -f /usr/include/valgrind/callgrind.h ]; then
    missing+=(valgrind)
fi
# jq: the `diffbench history bisect` script picks its row from results.json with it.
command -v jq >/dev/null 2>&1 || missing+=(jq)
# patchelf: make install sets the installed binary's run path (scripts/install.sh).
command -v patchelf >/dev/null 2>&1 || missing+=(patchelf)
if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
    missing+=(chromium)
fi

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing ${missing[*]} with apt-get" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
    echo "setup: missing ${missing[*]}; install them with: sudo apt-get install ${missing[*]}" >&2
    # libpng and SQLite are needed to build; valgrind for instruction counts (make
    # bench-ci; without its header the build has no-op client requests and
    # `run --instructions` refuses), gnuplot only to draw charts, chromium
    # only for one test.
    for package in "${missing[@]}"; do
        if [ "$package" = libpng-dev ] || [ "$package" = libsqlite3-dev ]; then exit 1; fi
    done
fi
