#!/usr/bin/env python3
"""Measures `diffbench serve` against issue 39's targets, on this machine.

    scripts/serve-bench.py [--binary .build/release/diffbench] [--rounds 10] [--concurrent 50]

Starts the server on a free port over an empty reports folder (its own TMPDIR),
then prints:
  1. start: seconds from launching the server to its printed address (target < 2 s);
  2. teach 20x20: seconds from submitting a 20 x 20 character pair to the whole
     stepper page received, median and worst of --rounds submissions (target <= 1 s);
  3. N concurrent: --concurrent teach submissions at once (each its own pair),
     how many failed (target 0), the wall time, and the server's resident memory
     (VmRSS) before, at its peak and after (target: after within 20 % of before);
  4. whether the server left any temporary folder after SIGINT (target none).
Exit status: 0 when every target is met, 1 when one is missed, 2 on a broken setup.
"""
import argparse
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def submit(port, old, new):
    """POSTs the teach form; returns (status, seconds, body)."""
    body = urllib.parse.urlencode({"old": old, "new": new, "mode": "chars", "engine": "myers"}).encode()
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/teach", data=body, timeout=120) as response:
            page = response.read().decode()
            return response.status, time.perf_counter() - started, page
    except urllib.error.HTTPError as error:
        return error.code, time.perf_counter() - started, error.read().decode(errors="replace")
    except OSError as error:
        return 0, time.perf_counter() - started, str(error)


def pair(index, size=20):
    """A size x size pair that differs in a few places, distinct per index."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    old = "".join(letters[(index + 3 * i) % 26] for i in range(size))
    new = list(old)
    new[2], new[7] = new[7], new[2]
    new[11] = letters[(index + 5) % 26]
    return old, "".join(new[1:]) + letters[index % 26]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/diffbench"))
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--concurrent", type=int, default=50)
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        print(f"serve-bench: {args.binary}: no such executable (swift build -c release --product diffbench, then --product diffbench-serve)", file=sys.stderr)
        return 2
    scratch = tempfile.mkdtemp(prefix="serve-bench-")
    reports, tmp = os.path.join(scratch, "reports"), os.path.join(scratch, "tmp")
    os.makedirs(reports)
    os.makedirs(tmp)
    environment = dict(os.environ, TMPDIR=tmp)
    launched = time.perf_counter()
    server = subprocess.Popen([args.binary, "serve", "--port", "0", "--reports", reports],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=environment, text=True)
    missed = []
    try:
        line = server.stdout.readline()
        start_seconds = time.perf_counter() - launched
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            print(f"serve-bench: the server printed no address: {line!r}", file=sys.stderr)
            return 2
        port = int(match.group(1))
        print(f"start: {start_seconds:.3f} s to the printed address (target < 2 s)")
        if start_seconds >= 2:
            missed.append("start")

        times = []
        for round_index in range(args.rounds):
            old, new = pair(round_index)
            status, seconds, page = submit(port, old, new)
            if status != 200 or "Step through the diff" not in page:
                print(f"serve-bench: the 20x20 submission {round_index} failed: {status} {page[:200]}", file=sys.stderr)
                return 2
            times.append(seconds)
        print(f"teach 20x20: median {statistics.median(times):.3f} s, worst {max(times):.3f} s over {args.rounds} submissions "
              "(target <= 1 s)")
        if max(times) > 1:
            missed.append("teach 20x20")

        before = rss_kib(server.pid)
        peak = [before]
        results = [None] * args.concurrent
        stop_sampling = threading.Event()

        def sample():
            while not stop_sampling.is_set():
                peak[0] = max(peak[0], rss_kib(server.pid))
                time.sleep(0.02)

        def one(index):
            old, new = pair(100 + index)
            results[index] = submit(port, old, new)

        sampler = threading.Thread(target=sample)
        sampler.start()
        threads = [threading.Thread(target=one, args=(index,)) for index in range(args.concurrent)]
        began = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wall = time.perf_counter() - began
        stop_sampling.set()
        sampler.join()
        time.sleep(1)
        after = rss_kib(server.pid)
        failed = [index for index, result in enumerate(results) if result[0] != 200 or "Step through the diff" not in result[2]]
        growth = (after - before) / before
        print(f"{args.concurrent} concurrent: {len(failed)} failed (target 0), all answered in {wall:.2f} s; "
              f"RSS {before / 1024:.1f} MiB before, {peak[0] / 1024:.1f} MiB peak, {after / 1024:.1f} MiB after "
              f"({growth:+.1%}, target within 20 %)")
        if failed:
            missed.append("concurrent failures")
        if abs(growth) > 0.2:
            missed.append("memory")
    finally:
        server.send_signal(signal.SIGINT)
        status = server.wait(timeout=30)
        left = [os.path.join(folder, name) for folder, folders, files in os.walk(tmp) for name in folders + files]
        print(f"stop: exit {status} after SIGINT, {len(left)} temporary paths left (target 0)")
        if status != 0 or left:
            missed.append("stop")
        shutil.rmtree(scratch, ignore_errors=True)
    if missed:
        print("missed: " + ", ".join(missed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
