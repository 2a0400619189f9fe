"""Start-up: `mjcli score HAND` on a whole-number ladder runs without importing decimal, and the shortcut that
allows it (a float multiplier times a whole base) gives exactly what the decimal arithmetic gives (issue 15)."""

from __future__ import annotations

import subprocess
import sys
from decimal import Decimal

import pytest

from mjcli.money import _exact, _whole_product, amount, mul


@pytest.mark.parametrize("f", [0.5, 1.5, 0.25, -0.5, 0.0, -0.0, 2.0, 0.1, 0.3, 3.75, 0.125, 123.456, 1e-05, 1e20])
@pytest.mark.parametrize("n", [0, 1, 3, 4, 32, -7, 12345, True])
def test_a_float_times_an_int_is_the_decimal_product(f, n):
    with _exact():
        want = amount(Decimal(repr(f)) * Decimal(int(n)))
    for got in (mul(f, n), mul(n, f)):
        assert got == want and type(got) is type(want)


def test_only_a_whole_product_takes_the_shortcut():
    assert _whole_product(0.5, 32) == 16
    assert _whole_product(0.5, 3) is None  # 1.5: the decimal way
    assert _whole_product(1e-05, 100000) is None  # written with an exponent: the decimal way
    assert isinstance(mul(0.5, 3), Decimal) and mul(0.5, 3) == Decimal("1.5")


def test_score_a_hand_without_importing_decimal():
    code = ("import sys\nfrom mjcli.cli import main\ntry:\n    main(['score', '123m 456m 789m 234p 55s zimo'])\n"
            "except SystemExit:\n    pass\nprint('decimal' in sys.modules, file=sys.stderr)\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "payment: each loser pays 4 (total 12)" in p.stdout  # priced: 0.5 x 8, on the hk ladder
    assert p.stderr.strip().splitlines()[-1] == "False", p.stderr
