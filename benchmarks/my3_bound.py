"""The work of the worst 3 Kaki hands against an ordinary one (issue 31: bounded work per hand).

    python benchmarks/my3_bound.py                 # the known worst hands and the slowest of 2,000 generated
    python benchmarks/my3_bound.py --search 0      # the known worst hands only
    python benchmarks/my3_bound.py --repeat 9 --json out.json

Each hand is answered in a child process of its own, as ``mjcli`` answers one line: the variant loaded and
an ordinary hand of each command answered first (so the tables every hand shares are built), then the hand
timed (processor time: other work on the machine counts less), once a process, best of ``--repeat``
processes. Its ratios are to two ordinary hands of the same kind (the same command and size; one with no
Fei, one with a Fei) measured the same way in the same run. The peak memory is the Python heap
``tracemalloc`` sees while the hand is answered (a run of its own: tracing slows the answer) and the
child's peak resident size (the interpreter and mjcli included). The command line's wall time (``mjcli wait
-v my3 HAND``, start-up included, best of ``--repeat``) is shown against the ordinary hand's with no Fei.

``--search N`` answers N lines of ``benchmarks/my3_hands.py`` in one process and adds the slowest few of
each kind to the hands measured. ``--tree DIR`` measures another version's source tree (``git archive REV |
tar -x -C DIR``), to compare before and after. Times are what this machine gave in this run; only the ratios compare.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import my3_hands  # noqa: E402

# the ordinary hands of each kind: a plain shape with no Fei, and the same with one Fei (a 13-tile 3 Kaki
# hand holds about 0.6 Fei on average)
ORDINARY = {
    "wait 14": "123p 456p 789p EEE 11p | cat",
    "wait 13": "123p 456p 789p EEE 1p | cat",
    "score": "123p 456p 789p EEE 11p | cat @1p",
}
ORDINARY_FEI = {
    "wait 14": "123p 456p 789p EE 11p J | cat",
    "wait 13": "123p 456p 789p EE 1p J | cat",
    "score": "123p 456p 789p EE 11p J | cat @1p",
}
# the hands the issue named, and the slowest found by hand while bounding the search
KNOWN = [
    ("wait 14", "JJJJ 123p 456p 789p E"),
    ("wait 14", "JJJ 1234567899p E"),
    ("wait 14", "1112234567p JJJJ | s2 s3 cat @2p"),
    ("wait 14", "11334456789p JJJ heavenly"),
    ("wait 14", "112345789p WW JJJ | f2 rooster face @5p"),
    ("wait 13", "JJJ 123456789p E"),
    ("wait 13", "1233455789p JJJ"),
    ("score", "1234567889p JJJJ @J"),
    ("score", "123455789p JJJJ @J"),
]

CHILD = r"""
import json, resource, sys, time
from mjcli.api import load_variant, score_line, wait_line
kind, line, trace = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
v = load_variant("my3")
for warm in (%r):
    (score_line if warm[0] == "score" else wait_line)(warm[1], v).as_dict()
answer = score_line if kind == "score" else wait_line
if trace:
    import tracemalloc
    tracemalloc.start()
t0 = time.process_time()
answer(line, v).as_dict()
took = time.process_time() - t0
peak = tracemalloc.get_traced_memory()[1] if trace else 0
try:  # the peak of this program (ru_maxrss would count the parent's before exec, on Linux)
    with open("/proc/self/status") as f:
        rss = next(int(x.split()[1]) * 1024 for x in f if x.startswith("VmHWM:"))
except (OSError, StopIteration):
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"seconds": took, "traced": peak, "rss": rss}))
"""
WARM = (("score", "234p 456p 789p SSS 11p | f1 @1p"), ("wait", "234p 456p 789p SSS 1p | f1"),
        ("wait", "234p 456p 789p SSS 11p | f1"), ("wait", "234p 456p 789p SS 1p J | f1"))


TREE = [ROOT]  # the mjcli measured: this checkout, or --tree


def _env() -> dict:
    env = dict(os.environ)
    env.pop("MJCLI_VARIANT", None)
    env["PYTHONPATH"] = str(TREE[0]) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def child(kind: str, line: str, trace: bool) -> dict:
    src = CHILD % (WARM,)
    out = subprocess.run([sys.executable, "-c", src, kind, line, "1" if trace else "0"], capture_output=True,
                         text=True, env=_env(), cwd=TREE[0], check=True).stdout  # cwd: first on the path
    return json.loads(out)


def cli_seconds(kind: str, line: str) -> float:
    command = "score" if kind == "score" else "wait"
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mjcli", command, "-v", "my3", "--no-progress", line],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=_env(), cwd=TREE[0])
    return time.perf_counter() - t0


def measure(kind: str, line: str, repeat: int) -> dict:
    """Best of ``repeat`` child processes (time), one traced run (memory), best of ``repeat`` CLI runs."""
    runs = [child(kind, line, False) for _ in range(repeat)]
    traced = child(kind, line, True)
    return {"kind": kind, "hand": line, "seconds": min(r["seconds"] for r in runs),
            "traced_mb": traced["traced"] / 1e6, "rss_mb": max(r["rss"] for r in runs) / 1e6,
            "cli": min(cli_seconds(kind, line) for _ in range(repeat))}


def kind_of(line: str) -> str | None:
    """The size of a generated line, as its kind for ``wait`` (None when the line is not a hand)."""
    from mjcli.mahjong.tiles import parse_hand

    try:
        size = parse_hand(line).size
    except Exception:  # noqa: BLE001 - a line the generator made that mjcli refuses is no candidate
        return None
    return f"wait {size}" if size in (13, 14) else None


def search(n: int, per_kind: int) -> list[tuple[str, str]]:
    """The slowest ``per_kind`` lines of each kind among ``n`` generated lines, answered in this process."""
    from mjcli.api import load_variant, score_line, wait_line

    v = load_variant("my3")
    timed: dict = {}
    for line in my3_hands.generate(n):
        kind = kind_of(line)
        if kind is None:
            continue
        for k, answer in ((kind, wait_line), ("score", score_line)):
            if k == "score" and kind != "wait 14":
                continue
            t0 = time.perf_counter()
            answer(line, v).as_dict()
            timed.setdefault(k, []).append((time.perf_counter() - t0, line))
    out = []
    for k, rows in timed.items():
        rows.sort(reverse=True)
        out += [(k, line) for _, line in rows[:per_kind]]
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="processes per hand; the best time counts (default 5)")
    ap.add_argument("--search", type=int, default=2000, help="generated lines to hunt for slow hands (default 2,000)")
    ap.add_argument("--per-kind", type=int, default=3, help="slowest generated lines kept per kind (default 3)")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    ap.add_argument("--tree", type=Path, help="measure the mjcli of this source tree (e.g. an older version "
                    "unpacked with git archive) instead of this checkout")
    args = ap.parse_args(argv)
    if args.tree:
        TREE[0] = args.tree.resolve()
    sys.path.insert(0, str(TREE[0]))

    hands = list(KNOWN)
    if args.search:
        hands += [h for h in search(args.search, args.per_kind) if h not in hands]
    base = {kind: measure(kind, line, args.repeat) for kind, line in ORDINARY.items()}
    base_fei = {kind: measure(kind, line, args.repeat) for kind, line in ORDINARY_FEI.items()}
    rows = [measure(kind, line, args.repeat) for kind, line in hands]
    for r in rows + list(base_fei.values()):
        b = base[r["kind"]]
        r["ratio"] = r["seconds"] / b["seconds"]
        r["ratio_fei"] = r["seconds"] / base_fei[r["kind"]]["seconds"]
        r["cli_ratio"] = r["cli"] / b["cli"]

    print(f"my3 work per hand: best of {args.repeat} processes a hand; ratios to the ordinary hands of its kind "
          "(no Fei; one Fei)")
    header = ["kind", "hand", "ms", "x no Fei", "x one Fei", "CLI s", "CLI x", "heap MB", "RSS MB"]
    table = [[b["kind"], "ordinary: " + b["hand"], f"{b['seconds'] * 1000:.1f}", "1", "", f"{b['cli']:.2f}", "1",
              f"{b['traced_mb']:.1f}", f"{b['rss_mb']:.0f}"] for b in base.values()]
    table += [[b["kind"], "ordinary: " + b["hand"], f"{b['seconds'] * 1000:.1f}", f"{b['ratio']:.1f}", "1",
               f"{b['cli']:.2f}", f"{b['cli_ratio']:.2f}", f"{b['traced_mb']:.1f}", f"{b['rss_mb']:.0f}"]
              for b in base_fei.values()]
    table += [[r["kind"], r["hand"], f"{r['seconds'] * 1000:.1f}", f"{r['ratio']:.1f}", f"{r['ratio_fei']:.1f}",
               f"{r['cli']:.2f}", f"{r['cli_ratio']:.2f}", f"{r['traced_mb']:.1f}", f"{r['rss_mb']:.0f}"]
              for r in rows]
    widths = [max(len(str(x)) for x in col) for col in zip(header, *table)]
    for i, line in enumerate([header] + table):
        print("  ".join(str(x).ljust(w) if j < 2 else str(x).rjust(w) for j, (x, w) in enumerate(zip(line, widths))))
        if i == 0:
            print("  ".join("-" * w for w in widths))
    worst = max(rows, key=lambda r: r["ratio"])
    print(f"worst: {worst['ratio']:.1f}x the ordinary hand with no Fei, {worst['ratio_fei']:.1f}x the one with a Fei "
          f"({worst['kind']}: {worst['hand']}); on the command line {max(r['cli_ratio'] for r in rows):.2f}x at "
          f"most; heap peak {max(r['traced_mb'] for r in rows):.1f} MB, resident peak "
          f"{max(r['rss_mb'] for r in rows):.0f} MB")
    if args.json:
        Path(args.json).write_text(json.dumps({"ordinary": list(base.values()), "ordinary_fei": list(base_fei.values()),
                                               "hands": rows}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
