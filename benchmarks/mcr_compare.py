"""mjcli's Chinese Official scores against an independent calculator (`pymahjonggb`) on generated hands.

    python benchmarks/mcr_compare.py [N] [--seed=S] [--show=K]

scores N random winning hands (default 2000, seed 1; the generator of
benchmarks/mcr_reference.py: every shape and context word) with `-v mcr`
and with the calculator, and prints how many agree on the same fans, the
same counts and the same total, and the first K that do not. The exit code
is 0 when every hand agrees.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import mcr_reference as ref  # noqa: E402


GB_EXTRA = "gb:明暗杠"  # the calculator's fan beyond the 81: concealed_and_melded_kong in variants/mcr.yaml


def mjcli_fans(text: str, variant=None) -> dict[str, int]:
    """``{fan id: count}`` as `mjcli score -v mcr` answers (``{}`` for a hand it finds no win in)."""
    from mjcli.games.mcr.patterns import fan_id
    from mjcli.mahjong.scoring import score_text
    from mjcli.variant import load_builtin

    variant = variant or load_builtin("mcr")
    rest, new = ref.split_words(text)
    if new:
        rest += " " + " ".join(sorted(new))
    res = score_text(rest, variant)
    if not res.ok or not res.winning:
        return {}
    return {fan_id(p.id): p.count for p in res.patterns}


def compare(text: str, variant=None) -> tuple[dict, dict]:
    """(mjcli's fans, the calculator's fans) of one hand (the calculator's 明暗杠 by this table's id)."""
    theirs = ref.gb_fans(text)
    if GB_EXTRA in theirs:
        theirs["concealed_and_melded_kong"] = theirs.pop(GB_EXTRA)
    return mjcli_fans(text, variant), theirs


def main(argv: list[str]) -> int:
    args = [a for a in argv[1:] if not a.startswith("--")]
    seed = next((int(a.split("=", 1)[1]) for a in argv[1:] if a.startswith("--seed=")), 1)
    show = next((int(a.split("=", 1)[1]) for a in argv[1:] if a.startswith("--show=")), 20)
    n = int(args[0]) if args else 2000
    if not ref.available():
        print("pymahjonggb is not installed: pip install pymahjonggb", file=sys.stderr)
        return 2
    from mjcli.variant import load_builtin

    variant = load_builtin("mcr")
    rng = random.Random(seed)
    wrong = []
    kinds: Counter = Counter()
    for _ in range(n):
        text = ref.random_hand(rng)
        ours, theirs = compare(text, variant)
        if ours != theirs:
            wrong.append((text, ours, theirs))
            for k in set(ours) | set(theirs):
                if ours.get(k) != theirs.get(k):
                    kinds[k] += 1
    agree = n - len(wrong)
    print(f"{n} hands, seed {seed}: {agree} agree ({100 * agree / n:.3f}%), {len(wrong)} differ")
    for k, c in kinds.most_common(15):
        print(f"  {c:6d}  {k}")
    for text, ours, theirs in wrong[:show]:
        print(f"{text}\n   mjcli: {sorted(ours.items())}\n   calc:  {sorted(theirs.items())}")
    return 0 if not wrong else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
