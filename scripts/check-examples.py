#!/usr/bin/env python3
"""Runs every command the README, the guides and `diffbench <command> --help` show, as written.

    scripts/check-examples.py            run them all (make readme-examples)
    scripts/check-examples.py --list     print the commands and what is done with each
    scripts/check-examples.py --only TEXT    run only the commands (or places, "Guides/Set.md") containing TEXT

Sources, in this order:
  1. README.md: every line of every ```sh block, top to bottom (a trailing
     "  # comment" is the shell's own comment and stays). A line ending in a
     backslash continues on the next.
  2. README.md and every Guides/*.md: each plain ``` block whose first line
     starts with "$ " is a terminal session. Each "$ diffbench ..." or
     "$ cat FILE" line runs (diffbench as the debug build; a trailing
     "  # comment" is the shell's) and its output must equal the lines that
     follow it, up to the next "$ " line or the end of the block (blank lines
     at the end left out), so sample output cannot drift either. A sample
     whose first line starts with "diffbench: " is an error message: the
     command must fail (non-zero exit) and that text is its stderr. Any
     other "$ " command is refused, unless SKIPPED_SAMPLES lists it.
  3. Datasets/README.md and Guides/Teaching.md: their ```sh blocks likewise,
     where a command starting with "diffbench" runs as the release build.
  4. The "Examples:" section of every subcommand's --help: each line that
     starts with "diffbench" runs with the release build in its place.

Each command runs from the repository root with bash and must exit 0 within
its time limit. A few commands are not run, each for a stated reason (the
list NOT_RUN below); a README command that is neither run nor listed there
is impossible, so a new example is checked from the day it is written.
Exit status: 0 when every command passed, 1 when one failed, 2 on a broken
setup (no binary).
"""
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEBUG = ".build/debug/diffbench"
RELEASE = ".build/release/diffbench"
TIME_LIMIT = 900  # seconds per command

# Commands shown but not run here, with the reason. Compared after the
# trailing comment is removed.
NOT_RUN = {
    "make test": "this check runs after it (.ci/run: make test, make bench-ci, then this)",
    "make bench": "the three-minute main job; CI runs its smaller twin, make bench-ci",
    "make bench-ci": ".ci/run runs it just before this check (Reports/ci/current is its run)",
    "make bench-ci-baseline": "rewrites the committed baseline Reports/baselines/ci.json",
    ".build/release/diffbench serve": "serves until Ctrl-C; DashboardTests start it on a free port and drive it",
}


# Terminal samples in plain blocks that are shown but not run, keyed by
# (document, the "$ " line without its comment), with the reason. Keep it short:
# a sample whose inputs are small ships them under Datasets/examples/guides/.
SKIPPED_SAMPLES = {
    ("Guides/LCS.md", "$ diffbench diff --engine lcs big_old.json big_new.json"):
        "its inputs are two lists of 100,000 ints (about 1.2 MB of JSON), too big to ship, and diff cannot read the "
        "one-file datasets `diffbench generate` writes",
}


def strip_comment(line):
    """The command without a trailing shell comment (' # ...' outside quotes)."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip()
    return line.rstrip()


# Further documents whose ```sh blocks are run, bare `diffbench` as the release build.
OTHER_DOCUMENTS = ["Datasets/README.md", "Guides/Teaching.md"]


def readme_commands(text, document="README.md"):
    """(line number, command, expected output or None, reason to skip or None) for a Markdown file."""
    found = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        fence = re.match(r"^```(\w*)\s*$", lines[i])
        if not fence:
            i += 1
            continue
        language = fence.group(1)
        start = i + 1
        j = start
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        block = lines[start:j]
        if language in ("sh", "bash", "shell"):
            k = 0
            while k < len(block):
                number = start + k + 1
                command = block[k]
                while command.endswith("\\") and k + 1 < len(block):
                    k += 1
                    command = command[:-1] + " " + block[k].strip()
                command = command.strip()
                if command and not command.startswith("#"):
                    found.append((number, command, None, None))
                k += 1
        elif language == "" and block and block[0].startswith("$ "):
            found.extend(terminal_samples(block, start, document))
        i = j + 1
    return found


def terminal_samples(block, start, document):
    """The "$ " commands of one plain block (its lines `block`, the first at
    index `start` of the document), each with the output shown after it."""
    found = []
    prompts = [k for k, line in enumerate(block) if line.startswith("$ ")]
    for n, k in enumerate(prompts):
        end = prompts[n + 1] if n + 1 < len(prompts) else len(block)
        expected = "\n".join(block[k + 1:end]).rstrip("\n")
        shown = strip_comment(block[k])
        reason = SKIPPED_SAMPLES.get((document, shown))
        if shown.startswith("$ diffbench "):
            command = DEBUG + shown[len("$ diffbench"):]
        elif shown.startswith("$ cat "):
            command = shown[2:]
        elif reason:
            command = shown[2:]
        else:
            raise SystemExit(f"check-examples: {document}:{start + k + 1}: only \"$ diffbench ...\" and \"$ cat FILE\" "
                             f"samples can be run; list this one in SKIPPED_SAMPLES with a reason: {block[k]!r}")
        found.append((start + k + 1, command, expected, reason))
    return found


def help_commands():
    """(subcommand, command) for every 'Examples:' line of every --help."""
    root = subprocess.run([RELEASE, "--help"], cwd=ROOT, capture_output=True, text=True, env=terminal(400))
    names = []
    in_list = False
    for line in root.stdout.split("\n"):
        if line.startswith("SUBCOMMANDS:"):
            in_list = True
            continue
        if in_list:
            match = re.match(r"^  (\S+)", line)
            if match:
                names.append(match.group(1))
            elif line.strip() == "" and names:
                break
    found = []
    for name in names:
        page = subprocess.run([RELEASE, name, "--help"], cwd=ROOT, capture_output=True, text=True, env=terminal(80))
        in_examples = False
        command = None
        for line in page.stdout.split("\n"):
            if line.strip().startswith("Example"):  # "Example:" or "Examples (…):"
                in_examples = True
                continue
            if not in_examples:
                continue
            if not line.strip():
                break
            text = line.strip()
            if command is not None:  # the line after a backslash
                command = command[:-1] + " " + text
            elif text.startswith("diffbench"):
                command = RELEASE + text[len("diffbench"):]
            else:
                raise SystemExit(f"check-examples: {name} --help: at 80 columns an example line does not start with "
                                 f"'diffbench' (wrapped? break it with a backslash): {text!r}")
            if not command.endswith("\\"):
                found.append((name, command))
                command = None
    return found


def terminal(columns):
    """The environment of a terminal `columns` wide, as ArgumentParser wraps help for it."""
    env = dict(os.environ)
    env["COLUMNS"] = str(columns)
    return env


def run(command):
    started = time.monotonic()
    try:
        result = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=ROOT, capture_output=True, text=True,
                                timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        return None, "", f"timed out after {TIME_LIMIT} s", time.monotonic() - started
    return result.returncode, result.stdout, result.stderr, time.monotonic() - started


def main():
    listing = "--list" in sys.argv[1:]
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv[1:-1] else None
    for binary in (DEBUG, RELEASE):
        if not listing and not os.access(os.path.join(ROOT, binary), os.X_OK):
            print(f"check-examples: {binary} is missing (make readme-examples builds it)", file=sys.stderr)
            return 2
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as handle:
        readme = readme_commands(handle.read())
    jobs = []
    for number, command, expected, skip in readme:
        reason = skip or NOT_RUN.get(strip_comment(command))
        jobs.append((f"README.md:{number}", command, expected, reason))
    for document in OTHER_DOCUMENTS:
        with open(os.path.join(ROOT, document), encoding="utf-8") as handle:
            for number, command, expected, skip in readme_commands(handle.read(), document):
                if expected is not None:
                    continue  # its terminal samples are read with the other guides below
                if command.startswith("diffbench "):
                    command = RELEASE + command[len("diffbench"):]
                jobs.append((f"{document}:{number}", command, expected, NOT_RUN.get(strip_comment(command))))
    # The terminal samples (plain blocks) of every guide.
    for name in sorted(os.listdir(os.path.join(ROOT, "Guides"))):
        if not name.endswith(".md"):
            continue
        document = f"Guides/{name}"
        with open(os.path.join(ROOT, document), encoding="utf-8") as handle:
            for number, command, expected, skip in readme_commands(handle.read(), document):
                if expected is not None:
                    jobs.append((f"{document}:{number}", command, expected, skip))
    if not listing:
        for name, command in help_commands():
            jobs.append((f"diffbench {name} --help", command, None, None))
    # The CI-gate examples read the run `make bench-ci` leaves; make it when absent.
    if not listing and any("Reports/ci/current" in job[1] for job in jobs) \
            and not os.path.exists(os.path.join(ROOT, "Reports/ci/current/results.json")):
        print("check-examples: Reports/ci/current is missing; running make bench-ci first")
        if subprocess.run(["make", "bench-ci"], cwd=ROOT).returncode != 0:
            print("check-examples: make bench-ci failed", file=sys.stderr)
            return 2
    if only is not None:
        jobs = [job for job in jobs if only in job[1] or only in job[0]]
    failures = []
    for where, command, expected, reason in jobs:
        if reason:
            print(f"skip  {where}: {command}\n      ({reason})")
            continue
        if listing:
            print(f"run   {where}: {command}")
            continue
        status, out, err, seconds = run(command)
        problem = None
        # A sample that starts with "diffbench: " shows an error: the command must fail, with that stderr.
        fails = expected is not None and expected.startswith("diffbench: ")
        shown = err if fails else out
        if status is None:
            problem = err
        elif fails and status == 0:
            problem = "exit status 0, but the sample shows an error"
        elif not fails and status != 0:
            problem = f"exit status {status}"
        elif expected is not None and shown.rstrip("\n") != expected:
            stream = "stderr" if fails else "output"
            problem = (f"the {stream} differs from the document's sample:\n--- document\n" + expected
                       + "\n--- now\n" + shown.rstrip("\n"))
        mark = "ok  " if problem is None else "FAIL"
        print(f"{mark}  {where} ({seconds:.1f} s): {command}")
        if problem:
            tail = "" if status == 0 or fails else "\n    " + "\n    ".join((err or out).strip().split("\n")[-8:])
            failures.append(f"{where}: {command}\n    {problem}{tail}")
    if failures:
        print(f"\ncheck-examples: {len(failures)} example(s) failed:", file=sys.stderr)
        for failure in failures:
            print("  " + failure, file=sys.stderr)
        return 1
    if not listing:
        print(f"check-examples: all {sum(1 for job in jobs if not job[3])} examples ran as written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
