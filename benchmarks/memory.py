"""Memory and completeness of long batches: flat memory as the input grows, nothing lost, order kept.

For each command and size, writes a file of N hands with one bad line in the middle, runs
``python -m mjcli COMMAND -f jsonl < FILE`` as a child process, reads its output as it streams (checking that
every line is answered, in order, and that the bad line has its own error record with its line number), and
reports the child's peak resident memory (``os.wait4``'s ``ru_maxrss``) and its run time.

    python benchmarks/memory.py                    # score 10,000 and 100,000 lines; wait 2,000 and 20,000
    python benchmarks/memory.py --score 10000 100000 --wait 0

Memory is flat when the peak at the larger size is within a few MB of the smaller one: the CLI streams (reads a
line, answers it, writes the answer) rather than reading the whole input or building the whole output.
Timings are not assertions; they belong here, not in the test suite.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HANDS = {
    # a mix: winning hands of several shapes and one that does not win
    "score": ["123m 456m 789m 123p 55p", "EEE SSS WWW NNN PP", "234p 567p 99p [CCC] [FFF] @9p",
              "1379m 1379p 1379s EE", "111m 999m 111p 999p 11s zimo"],
    "wait": ["1112345678999m", "123m 456m 789m 23p EE", "123m 456m 789m 11p CC", "1357m 1357p 1357s E"],
}
BAD = "123x 456m"


def write_input(path: str, command: str, n: int) -> int:
    """N lines cycling through the hands; the middle line is bad. Returns its line number."""
    hands = HANDS[command]
    bad_at = n // 2 + 1
    with open(path, "w", encoding="utf-8") as f:
        for i in range(1, n + 1):
            f.write((BAD if i == bad_at else hands[i % len(hands)]) + "\n")
    return bad_at


def run(command: str, n: int, variant: str = "hk") -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "hands.txt")
        bad_at = write_input(path, command, n)
        env = dict(os.environ)
        env.pop("MJCLI_VARIANT", None)
        start = time.perf_counter()
        with open(path, "rb") as stdin:
            p = subprocess.Popen([sys.executable, "-m", "mjcli", command, "-v", variant, "-f", "jsonl"],
                                 stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
            expected, bad_seen = 1, []
            for raw in p.stdout:  # consume as it streams; hold nothing
                rec = json.loads(raw)
                if rec["line"] != expected:
                    raise SystemExit(f"{command} {n}: line {rec['line']} came where {expected} was due")
                if not rec["ok"]:
                    bad_seen.append((rec["line"], rec["error"]["code"]))
                expected += 1
            err = p.stderr.read()
            _, status, usage = os.wait4(p.pid, 0)
        elapsed = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    answered = expected - 1
    ok = answered == n and bad_seen == [(bad_at, "parse_error")] and code == 1 and not err
    return {"command": command, "lines": n, "answered": answered, "bad": bad_seen, "exit": code,
            "peak_rss_mb": usage.ru_maxrss / 1024, "seconds": elapsed, "ok": ok}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--score", type=int, nargs="*", default=[10_000, 100_000], help="sizes for score (0: skip)")
    ap.add_argument("--wait", type=int, nargs="*", default=[2_000, 20_000], help="sizes for wait (0: skip)")
    ap.add_argument("--variant", default="hk")
    args = ap.parse_args(argv)
    rows = []
    for command, sizes in (("score", args.score), ("wait", args.wait)):
        for n in sizes:
            if n > 0:
                rows.append(run(command, n, args.variant))
                r = rows[-1]
                print(f"{r['command']:6} {r['lines']:>8,} lines  answered {r['answered']:>8,}  bad {r['bad']}  "
                      f"exit {r['exit']}  peak RSS {r['peak_rss_mb']:6.1f} MB  {r['seconds']:6.1f} s  "
                      f"({r['lines'] / r['seconds']:,.0f} lines/s)  {'ok' if r['ok'] else 'PROBLEM'}",
                      flush=True)
    for command in ("score", "wait"):
        mine = [r for r in rows if r["command"] == command]
        if len(mine) >= 2:
            growth = mine[-1]["peak_rss_mb"] - mine[0]["peak_rss_mb"]
            print(f"{command}: peak RSS grows {growth:+.1f} MB from {mine[0]['lines']:,} to {mine[-1]['lines']:,} "
                  "lines")
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
