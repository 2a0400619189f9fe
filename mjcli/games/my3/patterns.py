"""Patterns only Malaysian 3 Kaki scores (faces, Fei, bonus limits...).

The shared ones (flushes, dragon and wind sets, ``own_flower`` with E1 S2 W3,
``flower_set``, ``no_bonus``, ``four_concealed_pongs``...) live in
:mod:`mjcli.mahjong.patterns.core`; the values are in ``variants/my3.yaml``.

>>> from mjcli.mahjong.scoring import score_text
>>> from mjcli.variant import load_builtin
>>> r = score_text("123p 456p 789p EEE 11p | cat face f4 J @1p", load_builtin("my3"))
>>> sorted(p.id for p in r.patterns)
['animal', 'drowned_fei', 'east_set', 'face', 'flower_four', 'half_flush', 'seat_wind']
"""

from __future__ import annotations

from ...mahjong.tiles import BONUS_TOKENS
from ...mahjong.patterns import Ctx, pattern

FAMILY_SIZE = 4
EVERYONE_NUMBER = 4  # the empty North seat's flower and season count for every player
BONUS_FAMILIES = ("flower", "season", "animal", "face")


def _families(ctx: Ctx) -> list[str]:
    return [BONUS_TOKENS[b][0] for b in ctx.hand.bonus]


@pattern("all_chows", when="four_chows", context_free=True)
def all_chows(ctx: Ctx) -> int:
    """Ping Hu 平胡 (All Chow): four chows and an eye of the suit (Tong)."""
    shape = ctx.shape
    return int(not ctx.special and shape.sets == 4 and shape.chows == 4 and ctx.eye is not None and ctx.eye < 27)


@pattern("face", needs_reading=False)
def face(ctx: Ctx) -> int:
    """Jubin Muka: each face tile held."""
    return _families(ctx).count("face")


@pattern("flower_four", needs_reading=False)
def flower_four(ctx: Ctx) -> int:
    """Bunga 4 / Musim 4: flower 4 and season 4 count for everyone (no one sits North)."""
    return sum(1 for b in ctx.hand.bonus if BONUS_TOKENS[b][0] in ("flower", "season")
               and BONUS_TOKENS[b][1] == EVERYONE_NUMBER)


@pattern("drowned_fei", needs_reading=False)
def drowned_fei(ctx: Ctx) -> int:
    """Fei Diketepikan 沉飛: each Fei set aside with the bonus tiles."""
    return ctx.hand.bonus.count("J")


@pattern("all_bonus", needs_reading=False)
def all_bonus(ctx: Ctx) -> int:
    """Kesemua Enam Belas: every flower, season, animal and face tile."""
    fams = _families(ctx)
    return int(all(fams.count(f) == FAMILY_SIZE for f in BONUS_FAMILIES))


@pattern("four_fei", needs_reading=False)
def four_fei(ctx: Ctx) -> int:
    """Four Fei 四飛: all four Fei, held (in hand or a shown meld) or drowned."""
    return int(ctx.hand.jokers_total() >= ctx.variant.tiles.jokers > 0)

