"""How fast `-v mcr` scores the generated hands, one core, against `-v hk` on the same hands in the same run.

    python benchmarks/mcr_speed.py [N] [--seed=S]

makes N random winning hands (default 20000; the generator of
benchmarks/mcr_reference.py: every shape and context word), scores them all
with the mcr game kind's batch answer (what `mjcli score -v mcr` calls for
each line), then the same lines with hk (the last-of-kind word, which hk
does not read, taken out), and prints hands a second for each and the ratio.
The goal of the table: 5,000 hands a second per core.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import mcr_reference as ref  # noqa: E402


def rate(answer, lines: list[str]) -> float:
    """Hands a second: every line answered once (the first 200 answered before, to warm the caches alike)."""
    for text in lines[:200]:
        answer(text)
    start = time.perf_counter()
    for text in lines:
        answer(text)
    return len(lines) / (time.perf_counter() - start)


def main(argv: list[str]) -> int:
    args = [a for a in argv[1:] if not a.startswith("--")]
    seed = next((int(a.split("=", 1)[1]) for a in argv[1:] if a.startswith("--seed=")), 1)
    n = int(args[0]) if args else 20000
    from mjcli.registry import game_kind
    from mjcli.variant import load_builtin

    rng = random.Random(seed)
    lines = [ref.random_hand(rng) for _ in range(n)]
    plain = [" ".join(w for w in text.split() if w != "last-of-kind") for text in lines]
    mcr, hk = load_builtin("mcr"), load_builtin("hk")
    mcr_rate = rate(game_kind(mcr.game).score_answer(mcr), lines)
    hk_rate = rate(game_kind(hk.game).score_answer(hk), plain)
    print(f"{n} generated hands, seed {seed}, one process:")
    print(f"  mcr  {mcr_rate:9.0f} hands/s   ({mcr_rate / 5000:.2f} x the goal of 5,000)")
    print(f"  hk   {hk_rate:9.0f} hands/s   (the same lines)")
    print(f"  mcr / hk = {mcr_rate / hk_rate:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
