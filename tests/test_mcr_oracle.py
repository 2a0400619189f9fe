"""`-v mcr` against an independent calculator (pymahjonggb, the Botzone fan calculator) on generated hands:
every shape (pongs, chows, kongs shown and concealed, seven pairs, the knitted shapes, thirteen orphans,
honours, flowers) and every context word (benchmarks/mcr_reference.py makes them).

What is asserted (issue 29): the same fans with the same counts, so the same total, on every one of 200,000
hands, in ten parts of 20,000 (each its own seed) that the test workers share. ``MJCLI_MCR_ORACLE_HANDS``
sets the number of hands; ``python benchmarks/mcr_compare.py N`` runs the same comparison on any number
(1,000,000 in the guide, docs/mcr.md).
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

HANDS = int(os.environ.get("MJCLI_MCR_ORACLE_HANDS", "200000"))
PARTS = 10  # each part its own test, so that the workers share them

needs_gb = pytest.mark.skipif(not ref.available(), reason="pymahjonggb is not installed (the test extra)")


@needs_gb
@pytest.mark.parametrize("part", range(PARTS))
def test_the_same_fans_and_counts_as_the_calculator(part):
    from mjcli.variant import load_builtin

    variant = load_builtin("mcr")
    rng = random.Random(29_000 + part)
    size = HANDS // PARTS + (part < HANDS % PARTS)
    differ = []
    for _ in range(size):
        text = ref.random_hand(rng)
        ours, theirs = cmp.compare(text, variant)
        if ours != theirs:
            differ.append(f"{text}: mjcli {sorted(ours.items())}, the calculator {sorted(theirs.items())}")
    assert not differ, f"{len(differ)} of {size} hands differ:\n" + "\n".join(differ[:10])


@needs_gb
def test_the_guide_examples_agree():
    for fan in ref.load_draft()["fans"]:
        for text in (fan["example"], fan["near_miss"]):
            ours, theirs = cmp.compare(text)
            assert ours == theirs, text
