"""Run ``mjcli score --jobs 2 < FILE | head -1`` many times under load; report hangs and processes left behind.

A run hangs when the pipeline has not ended within a generous deadline (its standard error still held open,
say, by a worker that outlived mjcli). After each run every process of its session (the shell, mjcli, its
workers, head) must be gone. By default two busy loops load the machine meanwhile (``--no-load``: none).
Exit 0 when no run hung and nothing was left, else 1.

    python benchmarks/hang_check.py            # 2000 runs
    python benchmarks/hang_check.py --runs 200 --no-load
"""

from __future__ import annotations

import argparse
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time

from procs import in_session

HAND = "123m 456m 789m 234p 55s zimo\n"


def one_run(cmd: str, deadline: float) -> tuple[bool, int, float]:
    """(hung, processes left, seconds) of one run of the pipeline."""
    start = time.monotonic()
    p = subprocess.Popen(["sh", "-c", cmd], stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    hung = False
    try:
        p.communicate(timeout=deadline)
    except subprocess.TimeoutExpired:
        hung = True
    took = time.monotonic() - start
    end = time.monotonic() + 30  # the session's last processes (already told to end) may take a moment to go
    left = in_session(p.pid)
    while left and time.monotonic() < end:
        time.sleep(0.02)
        left = in_session(p.pid)
    for pid in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    if p.poll() is None:
        p.kill()
    p.wait()
    return hung, len(left), took


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=2000)
    ap.add_argument("--lines", type=int, default=20_000, help="hands in the file (default 20000)")
    ap.add_argument("--deadline", type=float, default=120.0, help="seconds before a run counts as hung")
    ap.add_argument("--no-load", action="store_true", help="no busy loops beside the runs")
    ap.add_argument("--busy", type=int, default=2, help="busy loops beside the runs (default 2)")
    args = ap.parse_args()
    if not os.path.isdir("/proc/self"):
        print("this check finds processes in /proc (Linux)", file=sys.stderr)
        return 2
    busy = [] if args.no_load else [subprocess.Popen([sys.executable, "-c", "while 1: pass"])
                                    for _ in range(args.busy)]
    hangs = leftovers = 0
    times = []
    stopped = False
    try:
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, "hands.txt")
            with open(src, "w") as f:
                f.write(HAND * args.lines)
            cmd = f"{shlex.quote(sys.executable)} -m mjcli score --jobs 2 < {shlex.quote(src)} | head -1"
            for i in range(1, args.runs + 1):
                hung, left, took = one_run(cmd, args.deadline)
                hangs += hung
                leftovers += left > 0
                times.append(took)
                if hung or left:
                    print(f"run {i}: {'hung' if hung else 'ended'}, {left} process(es) left", flush=True)
                if i % 100 == 0:
                    print(f"{i} runs: {hangs} hung, {leftovers} left processes", flush=True)
    except KeyboardInterrupt:  # Ctrl-C: the runs so far are reported
        stopped = True
    finally:
        for b in busy:
            b.kill()
            b.wait()
    times.sort()
    if not times:
        return 1
    print(f"{'stopped after ' if stopped else ''}runs {len(times)}, busy loops {len(busy)}: hung {hangs}, runs leaving processes {leftovers}; "
          f"seconds a run: median {times[len(times) // 2]:.2f}, slowest {times[-1]:.2f}")
    return 1 if hangs or leftovers else 0


if __name__ == "__main__":
    sys.exit(main())
