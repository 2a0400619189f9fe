"""Patterns only Singapore scores (animals, Ping Hu and its wait rule...).

The shared ones (dragon and wind sets, flushes, own flower, flower sets, the
limit hands, Kam Kam Hu as ``four_concealed_pungs`` with ``win_tile:
self_drawn_only``) are registered in :mod:`mjcli.mahjong.patterns.core`.
"""

from __future__ import annotations

from ...mahjong.decompose import waits_at
from ...mahjong.tiles import BONUS_TOKENS, DRAGON_TILES, WINDS
from ...mahjong.patterns import Ctx, pattern

# Suo 2 3 4 6 8 (indexes 19 20 21 23 25) and the green dragon (32)
GREEN_TILES = frozenset((19, 20, 21, 23, 25, 32))


def _animals(ctx: Ctx) -> int:
    return sum(1 for b in ctx.hand.bonus if BONUS_TOKENS[b][0] == "animal")


@pattern("all_animals", needs_reading=False)
def all_animals(ctx: Ctx) -> int:
    """Si Dong Wu 四动物: all four animals."""
    return int(_animals(ctx) == 4)


@pattern("concealed_self_drawn", needs_reading=False)
def concealed_self_drawn(ctx: Ctx) -> int:
    """Men Qing Zi Mo 门清自摸: nothing claimed (a concealed kong is allowed), self-drawn."""
    return int(ctx.hand.self_drawn and ctx.hand.is_concealed)


def _ping_hu_shape(ctx: Ctx) -> bool:
    """Four chows, and a pair that is neither a dragon nor the seat or round wind."""
    if ctx.special or ctx.shape.sets != 4 or ctx.shape.chows != 4:
        return False
    winds = {27 + WINDS.index(ctx.hand.seat), 27 + WINDS.index(ctx.hand.round)}
    return ctx.eye is not None and ctx.eye not in DRAGON_TILES and ctx.eye not in winds


def _wait_rule(ctx: Ctx) -> bool:
    """Self-drawn: any wait. On a discard or a robbed kong: waited on two or more tile kinds."""
    if ctx.hand.self_drawn and not ctx.hand.has_flag("rob-kong"):
        return True
    if ctx.hand.win is None:
        return False
    return len(_waits_before_win(ctx.hand, ctx.variant)) >= 2


_WAITS: dict = {}


def _waits_before_win(hand, variant) -> tuple:
    """The tiles the hand waited on before its winning tile, cached: every reading of a hand asks again."""
    before = hand.without_win()
    key = (before.concealed, before.jokers, before.melds, before.bonus.count("J"), variant.tiles, variant.most_copies,
           variant.hand)
    if key not in _WAITS:  # the shape engine's waits (mjcli.mahjong.decompose, below the scorer that asks this predicate)
        if len(_WAITS) > 4096:
            _WAITS.clear()
        _WAITS[key] = tuple(waits_at(before, variant))
    return _WAITS[key]


@pattern("ping_hu", when="four_chows")
def ping_hu(ctx: Ctx) -> int:
    """Ping Hu 平胡: four chows, a plain pair, no bonus tile; a discard win needs a two-or-more-kind wait."""
    return int(not ctx.hand.bonus and _ping_hu_shape(ctx) and _wait_rule(ctx))


@pattern("lesser_ping_hu", when="four_chows")
def lesser_ping_hu(ctx: Ctx) -> int:
    """Xiao Ping Hu 小平胡: the Ping Hu shape and wait rule, with bonus tiles."""
    return int(bool(ctx.hand.bonus) and _ping_hu_shape(ctx) and _wait_rule(ctx))


@pattern("pure_green", context_free=True)
def pure_green(ctx: Ctx) -> int:
    """Lü Yi Se 绿一色: only 2 3 4 6 8 of bamboo and the green dragon."""
    return int(not ctx.special and bool(ctx.tiles) and all(t in GREEN_TILES for t in ctx.tiles))
