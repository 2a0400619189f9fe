"""Patterns only the Taiwanese 16-tile table scores: the dealer and the continuing dealer, a concealed hand, the
single wait, all claimed, its Ping Hu and the concealed pongs (three, four, five).

Each predicate's docstring gives the pattern's native name.
"""

from __future__ import annotations

from ...mahjong.decompose import waits_at
from ...mahjong.patterns import Ctx, pattern
from ...mahjong.tiles import CHOW, lian_count


@pattern("dealer", needs_reading=False)
def dealer(ctx: Ctx) -> int:
    """Zhuang Jia 莊家: the dealer (seat East) wins."""
    return int(ctx.hand.seat == "E")


@pattern("concealed_hand", needs_reading=False)
def concealed_hand(ctx: Ctx) -> int:
    """Men Qing 門清: nothing claimed (a concealed kong is allowed), the winning tile drawn or claimed."""
    return int(ctx.hand.is_concealed)


_WAITS: dict = {}


def waits_before(ctx: Ctx) -> tuple:
    """The tiles the hand waited on before its winning tile (kept: every reading of a hand asks again)."""
    hand, variant = ctx.hand, ctx.variant
    before = hand.without_win()
    key = (before.concealed, before.melds, variant.tiles, variant.hand)
    got = _WAITS.get(key)
    if got is None:  # the shape engine's waits (mjcli.mahjong.decompose, below the scorer that asks this predicate)
        if len(_WAITS) > 4096:
            _WAITS.clear()
        got = _WAITS[key] = tuple(waits_at(before, variant))
    return got


@pattern("du_ting")
def du_ting(ctx: Ctx) -> int:
    """Du Ting 獨聽: the hand waited on one tile alone (an edge, a closed or a single wait)."""
    return int(ctx.hand.win is not None and len(waits_before(ctx)) == 1)


def _two_sided(ctx: Ctx) -> bool:
    """The winning tile completed a chow at one end, the other two tiles not 1-2 or 8-9 (a two-sided wait)."""
    i = getattr(ctx.reading, "win_in", None)
    if i is None or i < 0:
        return False
    kind, t, _ = ctx.reading.sets[i]
    w = ctx.hand.win
    if kind != CHOW:
        return False
    place = t % 9  # the chow t, t+1, t+2 at places place..place+2 (0 = a 1)
    return (w == t and place + 2 != 8) or (w == t + 2 and place != 0)


@pattern("tw_ping_hu", when="four_chows")
def tw_ping_hu(ctx: Ctx) -> int:
    """Ping Hu 平胡: five chows and a suited pair, no honour and no flower, won on a discard on a two-sided
    wait."""
    hand, shape = ctx.hand, ctx.shape
    if ctx.special or hand.bonus or hand.self_drawn or shape.honours:
        return 0
    if not shape.sets == shape.chows == ctx.variant.hand.sets:
        return 0
    return int(_two_sided(ctx))


def _concealed_pongs(ctx: Ctx) -> int:
    """Pongs and kongs formed in the hand (a concealed kong counts; the set a discard completed does not)."""
    return sum(1 for g in ctx.groups if g.is_triplet and g.concealed)


@pattern("san_an_ke", when="triplets")
def san_an_ke(ctx: Ctx) -> int:
    """San An Ke 三暗刻: three concealed pongs (or kongs)."""
    return int(not ctx.special and _concealed_pongs(ctx) == 3)


@pattern("si_an_ke", when="triplets")
def si_an_ke(ctx: Ctx) -> int:
    """Si An Ke 四暗刻: four concealed pongs (or kongs)."""
    return int(not ctx.special and _concealed_pongs(ctx) == 4)


@pattern("wu_an_ke", when="triplets")
def wu_an_ke(ctx: Ctx) -> int:
    """Wu An Ke 五暗刻: five concealed pongs (or kongs)."""
    return int(not ctx.special and _concealed_pongs(ctx) == 5)


@pattern("lian_zhuang", needs_reading=False)
def lian_zhuang(ctx: Ctx) -> int:
    """Lian Zhuang La Zhuang 連莊拉莊: the dealer wins again; once for each earlier win in a row (``lian=N``)."""
    return lian_count(ctx.hand) if ctx.hand.seat == "E" else 0


@pattern("quan_qiu_ren", needs_reading=False)
def quan_qiu_ren(ctx: Ctx) -> int:
    """Quan Qiu Ren 全求人: every set shown as claimed (no concealed kong), the eye's tile won on a discard."""
    hand = ctx.hand
    melds = hand.melds
    return int(not hand.self_drawn and len(melds) == ctx.variant.hand.sets and not any(m.concealed for m in melds))
