"""`-v mcr` against an independent calculator (pymahjonggb, the Botzone fan calculator) on generated hands:
every shape (pongs, chows, kongs shown and concealed, seven pairs, the knitted shapes, thirteen orphans,
honours, flowers) and every context word (benchmarks/mcr_reference.py makes them).

What is asserted: the same total on every hand, and the same fans with the same counts on every hand but
the ties: a hand read two ways for the same total, where the calculator lists the first reading it found and
mjcli another (about one hand in 7,000). The number of hands is ``MJCLI_MCR_ORACLE_HANDS`` (default 20,000);
``python benchmarks/mcr_compare.py N`` runs the same comparison on any number.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import mcr_compare as cmp  # noqa: E402
import mcr_reference as ref  # noqa: E402

HANDS = int(os.environ.get("MJCLI_MCR_ORACLE_HANDS", "20000"))
TIES_AT_MOST = 1 / 2000  # the share of hands whose equal totals the two read from different sets

needs_gb = pytest.mark.skipif(not ref.available(), reason="pymahjonggb is not installed (the test extra)")


def _total(found: dict, value: dict) -> int:
    return sum(value[k] * n for k, n in found.items())


@needs_gb
def test_the_same_fans_and_totals_as_the_calculator():
    from mjcli.variant import load_builtin

    variant = load_builtin("mcr")
    from mjcli.games.mcr.patterns import fan_id

    value = {fan_id(p.id): p.value for p in variant.patterns}
    rng = random.Random(29)
    totals, ties = [], []
    for _ in range(HANDS):
        text = ref.random_hand(rng)
        ours, theirs = cmp.compare(text, variant)
        if ours == theirs:
            continue
        assert ours and theirs, f"{text}: mjcli {ours}, the calculator {theirs}"
        if _total(ours, value) != _total(theirs, value):
            totals.append(f"{text}: mjcli {sorted(ours.items())}, the calculator {sorted(theirs.items())}")
        else:
            ties.append(text)
    assert not totals, "\n".join(totals[:10])
    assert len(ties) <= HANDS * TIES_AT_MOST, ties[:10]


@needs_gb
def test_the_guide_examples_agree():
    for fan in ref.load_draft()["fans"]:
        for text in (fan["example"], fan["near_miss"]):
            ours, theirs = cmp.compare(text)
            assert ours == theirs, text
