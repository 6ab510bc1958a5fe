#!/usr/bin/env python3
"""Writes a 1,000,000-line text pair of real source for the cost model's
checks (issue 35, "Predictions that hold"): OLD is the Swift files of the
mirrored packages (/opt/swift-packages/OWNER/NAME.git, each at its newest
commit, packages and files in name order) concatenated up to LINES lines;
NEW is OLD with seeded edits: about 1 % of the lines deleted, 1 % replaced
and 1 % inserted, so blank lines and braces repeat as in real source while
most lines occur once in each version. With --repeat 4 the sources fill a
quarter of LINES and are written out four times (every line repeats: no
line occurs once). Deterministic for the same mirrors and arguments.

    scripts/big-text-pair.py OLD NEW [--lines 1000000] [--seed 35] [--repeat 1]
"""
import argparse, glob, io, os, random, subprocess, sys, tarfile

parser = argparse.ArgumentParser()
parser.add_argument("old")
parser.add_argument("new")
parser.add_argument("--lines", type=int, default=1_000_000)
parser.add_argument("--seed", type=int, default=35)
parser.add_argument("--repeat", type=int, default=1)
parser.add_argument("--mirrors", default="/opt/swift-packages")
args = parser.parse_args()

wanted = args.lines // args.repeat
lines = []
for repo in sorted(glob.glob(os.path.join(args.mirrors, "*", "*.git"))):
    archive = subprocess.run(["git", "--git-dir", repo, "archive", "--format=tar", "HEAD"],
                             capture_output=True)
    if archive.returncode != 0:
        continue
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        for member in sorted(tar.getmembers(), key=lambda m: m.name):
            if member.isfile() and member.name.endswith(".swift"):
                text = tar.extractfile(member).read().decode("utf-8", errors="replace")
                lines.extend(text.splitlines())
    if len(lines) >= wanted:
        break
if len(lines) < wanted:
    sys.exit(f"big-text-pair: only {len(lines)} lines of Swift under {args.mirrors}, {wanted} wanted")
old = lines[:wanted] * args.repeat

rng = random.Random(args.seed)
new = []
for number, line in enumerate(old):
    roll = rng.random()
    if roll < 0.01:
        continue  # deleted
    if roll < 0.02:
        new.append(f"{line} // edited {number}")  # replaced
        continue
    new.append(line)
    if roll < 0.03:
        new.append(f"    // inserted {number}")
for path, text in ((args.old, old), (args.new, new)):
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(text) + "\n")
print(f"big-text-pair: {len(old)} -> {len(new)} lines", file=sys.stderr)
