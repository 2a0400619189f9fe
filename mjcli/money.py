"""Exact money: every amount is an int or a :class:`decimal.Decimal`, never a binary float.

Amounts from a rule file (a ladder, a multiplier, an instant payment) and the
stake become decimals as written (``0.1`` is one tenth, not the nearest
binary fraction), so a settlement's nets sum to exactly zero and every format
shows the same digits: in full, without an exponent, a whole amount as an
integer and no trailing zeros.

>>> amount(D("12345.67") * 64)
Decimal('790122.88')
>>> text(amount(D("1.50") * 2)), text(D("1E+3")), signed(D("-0.25")), signed(0)
('3', '1000', '-0.25', '+0')
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .errors import SettleError

if TYPE_CHECKING:
    from decimal import Decimal

# decimal is imported when an amount is not whole: `mjcli score` on integer ladders starts without it
MAX_STAKE = 10 ** 12
STAKE_PLACES = 4
_STAKE_TEXT = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,4})?\Z")  # 0.5, 12345.67, 1e12


def _exact():
    """A decimal context in which adding and multiplying never round: every digit is kept."""
    from decimal import MAX_PREC, getcontext, localcontext

    ctx = getcontext().copy()
    ctx.prec = MAX_PREC
    return localcontext(ctx)


def D(x) -> Decimal:
    """An int, a float as written (its shortest repr) or a Decimal -> a Decimal."""
    from decimal import Decimal

    if isinstance(x, Decimal):
        return x
    if isinstance(x, (float, str)):
        return Decimal(repr(x) if isinstance(x, float) else x)
    return Decimal(int(x))


def amount(x):
    """A money amount in its plain form: an int when whole, else a Decimal without trailing zeros."""
    if isinstance(x, int):
        return x
    x = D(x)
    if x == x.to_integral_value():
        return int(x)
    with _exact():
        return x.normalize()


def _whole_product(f: float, n: int):
    """``f`` (read as written) times the int ``n`` when that is a whole number, else None: no decimal needed."""
    r = repr(f)
    if "e" in r or "n" in r:  # 1e-05, inf, nan: the decimal way
        return None
    whole, _, frac = r.partition(".")
    p = int(whole + frac) * n
    den = 10 ** len(frac)
    return p // den if p % den == 0 else None


def mul(a, b):
    """An exact product of two amounts (a float in either is read as written)."""
    if isinstance(a, int) and isinstance(b, int):
        return a * b
    if isinstance(a, float) and isinstance(b, int) or isinstance(b, float) and isinstance(a, int):
        # a ladder's 0.5 times a whole base: decimal is not imported for it (start-up, issue 15)
        p = _whole_product(a, b) if isinstance(a, float) else _whole_product(b, a)
        if p is not None:
            return p
    with _exact():
        return amount(D(a) * D(b))


def add(a, b):
    """An exact sum of two amounts."""
    if isinstance(a, int) and isinstance(b, int):
        return a + b
    with _exact():
        return amount(D(a) + D(b))


def sub(a, b):
    """An exact difference of two amounts."""
    if isinstance(a, int) and isinstance(b, int):
        return a - b
    with _exact():
        return amount(D(a) - D(b))


def text(x) -> str:
    """An amount as text: in full, no exponent, no trailing zeros (``1E+3`` -> ``1000``)."""
    if x is None:
        return "-"
    if isinstance(x, int) and not isinstance(x, bool):
        return str(x)
    from decimal import Decimal

    if isinstance(x, bool) or not isinstance(x, (float, Decimal)):
        return str(x)
    x = amount(x)
    return str(x) if isinstance(x, int) else format(x, "f")


def signed(x) -> str:
    t = text(x)
    return t if t.startswith("-") else "+" + t


def stake(raw, what: str = "--stake"):
    """Money per unit, checked: a decimal with 0 < stake <= 1e12 and at most four decimal places.

    >>> stake("0.5"), stake(2), stake("1e12"), stake("2.5E-3")
    (Decimal('0.5'), 2, 1000000000000, Decimal('0.0025'))
    """
    from decimal import Decimal

    if isinstance(raw, bool):
        raise SettleError(f"{what} {raw!r}: {_STAKE_RULE}")
    if isinstance(raw, str):
        if not _STAKE_TEXT.match(raw.strip()):
            raise SettleError(f"{what} {_show(raw)}: {_STAKE_RULE}")
        value = Decimal(raw.strip())
    elif isinstance(raw, (int, float, Decimal)):
        value = D(raw)
    else:
        raise SettleError(f"{what} {_show(raw)}: {_STAKE_RULE}")
    if not value.is_finite() or not 0 < value <= MAX_STAKE:
        raise SettleError(f"{what} {_show(raw)}: {_STAKE_RULE}")
    if value.normalize().as_tuple().exponent < -STAKE_PLACES:
        raise SettleError(f"{what} {_show(raw)}: at most {STAKE_PLACES} decimal places; {_STAKE_RULE}")
    return amount(value)


_STAKE_RULE = "write money per unit as a decimal above 0 and at most 1000000000000, e.g. 0.5 or 12345.67"


def _show(raw) -> str:
    s = repr(raw) if isinstance(raw, (str, float)) else str(raw)
    return s if len(s) <= 40 else s[:37] + "..."
