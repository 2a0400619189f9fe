"""Patterns shared by the mahjong variants (the Hong Kong table and its kin).

Each predicate's docstring gives the pattern's native name.
"""

from __future__ import annotations

from ..tiles import BONUS_TOKENS, DRAGON_TILES, WIND_TILES, WINDS
from . import Ctx, pattern

SEAT_NUMBER = {w: i + 1 for i, w in enumerate(WINDS)}
WIND_TILE = {w: 27 + i for i, w in enumerate(WINDS)}


def _bonus(ctx: Ctx, families=("flower", "season")) -> list[tuple[str, int]]:
    if not ctx.hand.bonus:
        return []
    return [BONUS_TOKENS[b] for b in ctx.hand.bonus if BONUS_TOKENS[b][0] in families]


# --- shape -----------------------------------------------------------------


@pattern("ping_wu", when="four_chows", context_free=True)
def ping_wu(ctx: Ctx) -> int:
    """Ping Wu 平糊: four chows and any pair."""
    shape = ctx.shape
    return int(not ctx.special and shape.sets == 4 and shape.chows == 4)


@pattern("all_pungs", "all_pongs", when="four_triplets", context_free=True)
def all_pungs(ctx: Ctx) -> int:
    """Dui Dui Wu 對對糊: four pungs or kongs and a pair (five at a table of five sets: Peng Peng Hu 碰碰胡)."""
    shape = ctx.shape
    return int(not ctx.special and shape.sets == shape.triplets == ctx.variant.hand.sets)


@pattern("half_flush", when="one_suit", context_free=True)
def half_flush(ctx: Ctx) -> int:
    """Wan Yat Sik 混一色: one suit plus honours."""
    shape = ctx.shape
    return int(len(shape.suits) == 1 and shape.honours)


@pattern("full_flush", when="one_suit", context_free=True)
def full_flush(ctx: Ctx) -> int:
    """Ching Yat Sik 清一色: one suit only."""
    shape = ctx.shape
    return int(len(shape.suits) == 1 and not shape.honours)


@pattern("mixed_terminals", when="no_simples", context_free=True)
def mixed_terminals(ctx: Ctx) -> int:
    """Wan Yiu Gau 混么九: only 1s, 9s and honours, some of each."""
    shape = ctx.shape
    return int(not ctx.special and not shape.simples and shape.terminals and shape.honours)


@pattern("all_terminals", when="no_simples", context_free=True)
def all_terminals(ctx: Ctx) -> int:
    """Ching Yiu Gau 清么九: only 1s and 9s."""
    shape = ctx.shape
    return int(not ctx.special and not shape.simples and not shape.honours)


@pattern("all_honours", when="no_simples", context_free=True)
def all_honours(ctx: Ctx) -> int:
    """Chuen Tsz 全字: honours only."""
    shape = ctx.shape
    return int(not ctx.special and not shape.simples and not shape.terminals)


def _honour_kinds(ctx: Ctx, low: int, high: int) -> set:
    """The different honour tiles from ``low`` to ``high - 1`` that have a pong or kong.

    The honour patterns count different tiles: two sets of one dragon (a Fei
    read as a second Green pong) are one dragon, not two."""
    return {t for t in ctx.shape.triplet_tiles if low <= t < high}


@pattern("dragon_set", when="dragon_sets", context_free=True)
def dragon_set(ctx: Ctx) -> int:
    """Jin Hak 箭刻: a pung or kong of a dragon, each."""
    return ctx.shape.dragon_sets


@pattern("small_dragons", when="dragon_sets", context_free=True)
def small_dragons(ctx: Ctx) -> int:
    """Siu Sam Yuen 小三元: sets of two different dragons and the third dragon as the pair."""
    if ctx.shape.dragon_sets < 2:  # fewer sets than different dragons wanted
        return 0
    kinds = _honour_kinds(ctx, 31, 34)
    return int(len(kinds) == 2 and ctx.eye in DRAGON_TILES and ctx.eye not in kinds)


@pattern("big_dragons", when="dragon_sets", context_free=True)
def big_dragons(ctx: Ctx) -> int:
    """Dai Sam Yuen 大三元: a set of each dragon (three different dragons)."""
    return int(ctx.shape.dragon_sets >= 3 and len(_honour_kinds(ctx, 31, 34)) == 3)


@pattern("small_winds", when="wind_sets", context_free=True)
def small_winds(ctx: Ctx) -> int:
    """Siu Sei Hei 小四喜: sets of three different winds and the fourth wind as the pair."""
    if ctx.shape.wind_sets < 3:
        return 0
    kinds = _honour_kinds(ctx, 27, 31)
    return int(len(kinds) == 3 and ctx.eye in WIND_TILES and ctx.eye not in kinds)


@pattern("big_winds", when="wind_sets", context_free=True)
def big_winds(ctx: Ctx) -> int:
    """Dai Sei Hei 大四喜: a set of each wind (four different winds)."""
    return int(ctx.shape.wind_sets >= 4 and len(_honour_kinds(ctx, 27, 31)) == 4)


@pattern("seat_wind", when="wind_sets")
def seat_wind(ctx: Ctx) -> int:
    """Mun Fung 門風: a pung or kong of the seat wind."""
    return ctx.shape.triplet_tiles.count(WIND_TILE[ctx.hand.seat])


@pattern("round_wind", "east_set", when="wind_sets")
def round_wind(ctx: Ctx) -> int:
    """Quan Fung 圈風: a pung or kong of the round wind."""
    return ctx.shape.triplet_tiles.count(WIND_TILE[ctx.hand.round])


@pattern("north_set", when="wind_sets", context_free=True)
def north_set(ctx: Ctx) -> int:
    """Bak 北: a pung or kong of North (the empty seat in a three-player game)."""
    return ctx.shape.triplet_tiles.count(WIND_TILE["N"])


@pattern("four_kongs", when="kongs", context_free=True)
def four_kongs(ctx: Ctx) -> int:
    """Sap Baat Lo Hon 十八羅漢: four kongs."""
    return int(ctx.shape.kongs == 4)


@pattern("four_concealed_pungs", "four_concealed_pongs", "kam_kam_hu", when="four_triplets",
         options={"win_tile": ("eye_on_discard", "pong", "self_drawn_only")})
def four_concealed_pungs(ctx: Ctx) -> int:
    """Sei Om Hak 四暗刻: four pungs or kongs formed in hand.

    Option ``win_tile``: ``eye_on_discard`` (a discard may only complete the
    pair), ``pong`` (the winning tile always completes a pong, never the pair),
    or ``self_drawn_only``.
    """
    if ctx.special or ctx.shape.sets != 4 or ctx.shape.triplets != 4:
        return 0
    if any(g.exposure in ("claimed", "added") for g in ctx.groups):
        return 0
    rule = ctx.opts.get("win_tile", "eye_on_discard")
    win_in = getattr(ctx.reading, "win_in", None)
    if rule == "self_drawn_only":
        return int(ctx.hand.self_drawn)
    if rule == "pong":
        return int(win_in is not None and win_in >= 0)
    # eye_on_discard: self-drawn any way; on a discard the discard must complete the pair
    return int(ctx.hand.self_drawn or win_in == -1)


@pattern("nine_gates", when="one_suit", context_free=True)
def nine_gates(ctx: Ctx) -> int:
    """Gau Lin Bo Deng 九蓮寶燈: 1112345678999 plus one more of the suit, nothing claimed."""
    hand = ctx.hand
    if hand.melds or hand.jokers or len(hand.concealed) != 14:
        return 0
    suits = {t // 9 for t in hand.concealed}
    if len(suits) != 1 or hand.concealed[0] >= 27:
        return 0
    base = suits.pop() * 9
    counts = [0] * 9
    for t in hand.concealed:
        counts[t - base] += 1
    need = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    return int(all(c >= n for c, n in zip(counts, need)))


@pattern("thirteen_orphans", "thirteen_wonders", when="no_simples", context_free=True)  # the special reading: no sets
def thirteen_orphans(ctx: Ctx) -> int:
    """Sap Sam Yiu 十三么: one of each terminal and honour, and one more of them."""
    return int(ctx.special == "thirteen_orphans")


# --- bonus tiles -----------------------------------------------------------


@pattern("no_flowers", needs_reading=False)
def no_flowers(ctx: Ctx) -> int:
    """Mo Fa 無花: no flower or season at all."""
    return int(not _bonus(ctx))


@pattern("no_bonus", needs_reading=False)
def no_bonus(ctx: Ctx) -> int:
    """No bonus tile at all (a drowned Fei counts as one)."""
    return int(not ctx.hand.bonus)


@pattern("own_flower", needs_reading=False, options={"skip_complete_series": (True, False)})
def own_flower(ctx: Ctx) -> int:
    """Zing Fa 正花: a flower or season of the seat's number, each.

    Option ``skip_complete_series``: a series held whole scores as
    ``flower_set`` instead.
    """
    n = SEAT_NUMBER[ctx.hand.seat]
    tiles = _bonus(ctx)
    skip = set()
    if ctx.opts.get("skip_complete_series"):
        skip = {fam for fam in ("flower", "season") if sum(1 for f, _ in tiles if f == fam) == 4}
    return sum(1 for fam, num in tiles if num == n and fam not in skip)


@pattern("flower_set", needs_reading=False)
def flower_set(ctx: Ctx) -> int:
    """Yat Toi Fa 一台花: all four flowers, or all four seasons, each."""
    tiles = _bonus(ctx)
    return sum(1 for fam in ("flower", "season") if sum(1 for f, _ in tiles if f == fam) == 4)


@pattern("animal", needs_reading=False)
def animal(ctx: Ctx) -> int:
    """Dong Wu 動物: an animal tile (cat, mouse, rooster, centipede), each, any seat."""
    return len(_bonus(ctx, ("animal",)))


@pattern("seven_flowers", needs_reading=False)
def seven_flowers(ctx: Ctx) -> int:
    """Chat Fa 七花: seven of the eight flowers and seasons."""
    return int(len(_bonus(ctx)) == 7)


@pattern("eight_flowers", needs_reading=False)
def eight_flowers(ctx: Ctx) -> int:
    """Baat Fa 八仙過海: all eight flowers and seasons."""
    return int(len(_bonus(ctx)) == 8)


# --- how the hand was won ---------------------------------------------------


def _flag(flag: str):
    def check(ctx: Ctx) -> int:
        return int(flag in ctx.hand.flags)

    return check


@pattern("self_drawn", needs_reading=False)
def self_drawn(ctx: Ctx) -> int:
    """Zi Mo 自摸: the winning tile was self-drawn."""
    return int(ctx.hand.self_drawn)


for _pid, _flagword, _doc in (
    ("kong_replacement", "kong-replacement", "Gong Seung Hoi Fa 槓上開花: won on the tile drawn after a kong."),
    ("bonus_replacement", "bonus-replacement", "Fa Seung Hoi Fa 花上開花: won on the tile drawn after a bonus tile."),
    ("last_tile", "last-tile", "Hoi Dai Lo Yuet 海底撈月: won on the last drawable tile."),
    ("last_discard", "last-discard", "Hoi Dai Lo Yu 海底撈魚: won on the last discard."),
    ("rob_kong", "rob-kong", "Cheung Gong 搶槓: won by robbing a kong."),
    ("heavenly", "heavenly", "Tin Wu 天糊: the dealer wins on the dealt tiles."),
    ("earthly", "earthly", "Dei Wu 地糊: won on the dealer's first discard."),
    ("kong_on_kong", "kong-on-kong", "Gong Seung Gong 槓上槓: a kong, another kong on its replacement, then the win."),
):
    _fn = _flag(_flagword)
    _fn.__doc__ = _doc
    _fn.__name__ = _pid
    pattern(_pid, needs_reading=False)(_fn)
