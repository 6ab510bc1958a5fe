#!/usr/bin/env python3
"""make docs: every relative link in the project's Markdown (README.md,
Guides/, Datasets/, Examples/*/README.md, Reports/README.md) must name a
file or folder that exists, and a #fragment into a Markdown file must name
one of its headings (GitHub's slugs). Prints each dead link as
file:line:column and exits 1 when there is one."""
import os
import re
import sys
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINK = re.compile(r"(?<!!)\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^\s*(```|~~~)")


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"`|\*|_(?=\w)|(?<=\w)_", "", heading.strip().lower())
    text = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
    return text.replace(" ", "-")


def anchors(path):
    found, seen, fenced = set(), {}, False
    for line in open(path, encoding="utf-8"):
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced and line.startswith("#"):
            base = slug(line.lstrip("#"))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
    return found


def markdown_files():
    for top in ["README.md", "Reports/README.md"]:
        if os.path.exists(os.path.join(ROOT, top)):
            yield top
    for folder in ["Guides", "Datasets", "Examples"]:
        for directory, subdirs, files in os.walk(os.path.join(ROOT, folder)):
            subdirs[:] = [d for d in subdirs if not d.startswith(".") and d not in ("Reports", "generated")]
            for name in sorted(files):
                if name.endswith(".md"):
                    yield os.path.relpath(os.path.join(directory, name), ROOT)


def main():
    dead = 0
    for relative in markdown_files():
        path = os.path.join(ROOT, relative)
        fenced = False
        for number, line in enumerate(open(path, encoding="utf-8"), 1):
            if FENCE.match(line):
                fenced = not fenced
                continue
            if fenced:
                continue
            for match in LINK.finditer(line):
                target = match.group(1)
                if re.match(r"^[a-z]+:", target):
                    continue
                file_part, _, fragment = target.partition("#")
                resolved = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
                problem = None
                if not os.path.exists(resolved):
                    problem = "no such file or folder"
                elif fragment and resolved.endswith(".md") and fragment not in anchors(resolved):
                    problem = f"no heading with the anchor #{fragment}"
                if problem:
                    dead += 1
                    print(f"{relative}:{number}:{match.start(1) + 1}: dead link {target!r}: {problem}")
    if dead:
        print(f"links: {dead} dead link(s)")
        return 1
    print("links: every relative link in the Markdown resolves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
