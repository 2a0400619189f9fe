"""How fast `-v mcr` scores the generated hands, one core, against `-v hk` on the same hands in the same run.

    python benchmarks/mcr_speed.py [N] [--seed=S] [--runs=R] [--cli]

makes N random winning hands (default 20000; the generator of
benchmarks/mcr_reference.py: every shape and context word), scores them all
with the mcr game kind's batch answer (what `mjcli score -v mcr` calls for
each line), then the same lines with hk (the last-of-kind word, which hk
does not read, taken out), and prints hands a second for each and the ratio.
The goal of the table: 5,000 hands a second per core.

With ``--cli`` the figures are of the whole command instead, ``mjcli score -v mcr -f jsonl`` (then ``-v hk``) on a
file of those lines, as a user runs it: start-up, reading and writing included, in the command's CPU time (the
mjcli beside this Python, else ``python -m mjcli``).

With ``--runs=R`` (default 1) the two are timed R times in turn, mcr then hk,
and the medians printed, with the median of the R ratios: on a machine
where other jobs run, the ratio of two figures taken side by side moves
least. The time is the process's CPU time (a core's work, not the wall
clock's), so that a job beside it slows a figure less. The fastest run is
printed as well: a job on the other core still slows a process's own CPU
time (the caches and the memory bus are shared), never speeds it, so the
fastest of R runs is the nearest to what one free core does, as Python's
``timeit`` advises for its repeats.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import mcr_reference as ref  # noqa: E402


def rate(answer, lines: list[str]) -> float:
    """Hands a second: every line answered once (the first 200 answered before, to warm the caches alike)."""
    for text in lines[:200]:
        answer(text)
    start = time.process_time()
    for text in lines:
        answer(text)
    return len(lines) / max(time.process_time() - start, 1e-9)


def cli_rate(lines: list[str], variant: str) -> float:
    """Hands a second of ``mjcli score -v VARIANT -f jsonl`` over ``lines`` as a whole process (start-up, reading and
    writing included), in the child's CPU time."""
    import os
    import resource
    import subprocess
    import tempfile

    exe = Path(sys.executable).with_name("mjcli")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "mjcli"]
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
    try:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        with open(f.name, "rb") as fin:
            subprocess.run(cmd + ["score", "-v", variant, "-f", "jsonl"], stdin=fin, stdout=subprocess.DEVNULL,
                           check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    finally:
        os.unlink(f.name)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return len(lines) / max(cpu, 1e-9)


def main(argv: list[str]) -> int:
    args = [a for a in argv[1:] if not a.startswith("--")]
    seed = next((int(a.split("=", 1)[1]) for a in argv[1:] if a.startswith("--seed=")), 1)
    runs = next((int(a.split("=", 1)[1]) for a in argv[1:] if a.startswith("--runs=")), 1)
    n = int(args[0]) if args else 20000
    from mjcli.registry import game_kind
    from mjcli.variant import load_builtin

    rng = random.Random(seed)
    lines = [ref.random_hand(rng) for _ in range(n)]
    plain = [" ".join(w for w in text.split() if w != "last-of-kind") for text in lines]
    if "--cli" in argv:
        pairs = [(cli_rate(lines, "mcr"), cli_rate(plain, "hk")) for _ in range(max(runs, 1))]
    else:
        mcr, hk = load_builtin("mcr"), load_builtin("hk")
        mcr_answer, hk_answer = game_kind(mcr.game).score_answer(mcr), game_kind(hk.game).score_answer(hk)
        pairs = [(rate(mcr_answer, lines), rate(hk_answer, plain)) for _ in range(max(runs, 1))]
    mcr_rate = statistics.median(m for m, _ in pairs)
    hk_rate = statistics.median(h for _, h in pairs)
    ratio = statistics.median(m / h for m, h in pairs)
    medians = f", the medians of {len(pairs)} runs" if len(pairs) > 1 else ""
    how = "the whole command `mjcli score -f jsonl`, its CPU time" if "--cli" in argv else "one process"
    print(f"{n} generated hands, seed {seed}, {how}{medians}:")
    print(f"  mcr  {mcr_rate:9.0f} hands/s   ({mcr_rate / 5000:.2f} x the goal of 5,000)")
    print(f"  hk   {hk_rate:9.0f} hands/s   (the same lines)")
    print(f"  mcr / hk = {ratio:.2f}")
    if len(pairs) > 1:
        fastest = max(m for m, _ in pairs)
        print(f"  the fastest of the {len(pairs)} mcr runs: {fastest:.0f} hands/s ({fastest / 5000:.2f} x the goal)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
