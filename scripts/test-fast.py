#!/usr/bin/env python3
"""Runs the tests that stay inside the test process (make test-fast).

    scripts/test-fast.py           swift test --skip-build, leaving out the suites below
    scripts/test-fast.py --list    print the --skip patterns and the suites they name

Left out:
  - the whole CLITests target: each of its tests runs the built `diffbench`;
  - every suite elsewhere tagged `.process`, `.browser` or `.valgrind`
    (Tests/DiffBenchTestSupport/TestTags.swift), read from the test sources.

`swift test` in Swift 6.3 filters by test name only (its --filter and --skip
take regular expressions over "Target.Suite/test()"), so the tags are turned
into names here: a suite's tags are read from its `@Suite(...)` attribute,
and the suite is left out by its target and type name. Extra arguments are
passed to `swift test` (e.g. --filter DiffEnginesTests). The exit status is
swift test's.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(ROOT, "Tests")
LEFT_OUT_TAGS = ("process", "browser", "valgrind")
LEFT_OUT_TARGETS = ("CLITests",)

# `@Suite` with its arguments (up to two levels of nested parentheses, over
# lines), then the type it marks.
SUITE = re.compile(r"@Suite\s*(\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?\s*(?:(?:public|final|private|fileprivate|package|internal)\s+)*(?:struct|class|enum|actor)\s+(\w+)")
TAGS = re.compile(r"\.tags\(([^)]*)\)")


def tagged_suites():
    """(target, suite, tags) for every suite outside the left-out targets with a left-out tag."""
    found = []
    for target in sorted(os.listdir(TESTS)):
        folder = os.path.join(TESTS, target)
        if not os.path.isdir(folder) or target in LEFT_OUT_TARGETS:
            continue
        for directory, _, files in os.walk(folder):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                with open(os.path.join(directory, name), encoding="utf-8") as handle:
                    text = handle.read()
                for match in SUITE.finditer(text):
                    arguments = match.group(1) or ""
                    tags = {tag.strip().lstrip(".") for found_tags in TAGS.findall(arguments) for tag in found_tags.split(",")}
                    hit = sorted(tags.intersection(LEFT_OUT_TAGS))
                    if hit:
                        found.append((target, match.group(2), hit))
    return found


def skip_patterns():
    patterns = [rf"^{target}\." for target in LEFT_OUT_TARGETS]
    patterns += [rf"^{target}\.{suite}(/|$)" for target, suite, _ in tagged_suites()]
    return patterns


def main(arguments):
    if arguments[:1] == ["--list"]:
        for target in LEFT_OUT_TARGETS:
            print(f"^{target}\\.    every suite of {target} (each runs the built diffbench)")
        for target, suite, tags in tagged_suites():
            print(f"^{target}\\.{suite}(/|$)    tagged {', '.join('.' + tag for tag in tags)}")
        return 0
    command = [os.environ.get("SWIFT", "swift"), "test", "--skip-build"]
    for pattern in skip_patterns():
        command += ["--skip", pattern]
    return subprocess.call(command + arguments, cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
