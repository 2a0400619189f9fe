"""The fans of one reading of a Chinese Official hand, before and after the principles.

:func:`fans` is the one engine step of this table: it reads the hand's sets (shown melds, the reading's
concealed sets and its pair) or its special shape, and answers ``{fan id: count}`` (the ids of
``variants/mcr.yaml``, without the ``mcr_`` prefix some of them take as pattern ids). It works in three
stages:

1. the raw fans: what the sets, the tiles and the way of winning hold, each set combination counted once
   (the account-once principle: four chows yield at most three pair fans and never a chow twice in one
   kind of pair fan, :func:`_chow_pairs`; a set that makes a wind or dragon fan is not a pung of terminals
   or honours as well, :func:`_wind_pungs`);
2. the non-repeat and exclusionary principles as data: every fan kept, from the highest value down,
   removes the fans it ``implies`` and ``excludes`` (the ``mcr: principles:`` section of the variant file);
   a fan removed so removes nothing itself;
3. the chicken hand when nothing is left.

The non-identical principle (a set is not read twice for one fan) is how the pair fans are counted; the
non-separation principle (a set is never split to make a fan) holds because only whole sets of one
reading are combined. Each predicate of :mod:`.patterns` reads its count from this table, worked out once a
reading (kept in the context's cache).
"""

from __future__ import annotations

from collections import defaultdict
from itertools import compress
from operator import itemgetter

from ...mahjong.suits import _ONES, complete_mask, fits
from ...mahjong.tiles import CHOW, CONCEALED, KONG, PLACE_INC, PONG, SUIT_OF, hand_keys, key_counts

WINDS = range(27, 31)
DRAGONS = range(31, 34)
GREEN = frozenset((19, 20, 21, 23, 25, 32))  # 2 3 4 6 8 bamboo and the Green dragon
REVERSIBLE = frozenset((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31))  # 1234589p 245689s White
KNITS = tuple(tuple(9 * s + r for s, start in zip(order, (0, 1, 2)) for r in range(start, 9, 3))
              for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)))
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
KONG_WORDS = frozenset(("kong-replacement", "kong-on-kong", "rob-kong"))
WALL_WORDS = frozenset(("last-tile", "last-discard"))
LAST_OF_KIND = "last-of-kind"


def _suit(t: int) -> int:
    return t // 9 if t < 27 else 3


def _rank(t: int) -> int:
    return t % 9


def _terminal(t: int) -> bool:
    return t < 27 and t % 9 in (0, 8)


# the same, read off a table by the hot paths (a subscript, not a call: speed, issue 29)
SUIT = tuple(_suit(t) for t in range(34))
RANK = tuple(_rank(t) for t in range(34))


class Tally(defaultdict):
    """A fan table being made, made as ``Tally(int)`` or ``Tally(int, counts)``: an absent fan reads 0, as in a
    ``Counter``, counted in C (a ``defaultdict(int)``: faster than either, speed: issue 29). Reading an absent
    fan leaves a 0 in the table; every table is cut to its fans above 0 before it is read (:func:`fans`).
    :meth:`add` adds counts (a mapping) or one of each fan named (any other iterable)."""

    __slots__ = ()

    def add(self, more) -> None:
        if isinstance(more, dict):
            for k, v in more.items():
                self[k] += v
        else:
            for k in more:
                self[k] += 1


# ---- the raw fans of the sets -----------------------------------------------------------------------------


# the fans of chows and pungs read off small tables (speed, issue 29: a look-up, no set made or sorted): two chows
# of one suit by the distance between them (six apart: 123 and 789); three chows of one suit by the step between
# them; three chows or pungs of three suits by their ranks as a mask (bit r for rank r: one rank, three ranks in
# a row, 1 4 7)
_ONE_SUIT_TWO_CHOWS = {0: "pure_double_chow", 3: "short_straight", 6: "two_terminal_chows"}
_ONE_SUIT_THREE_CHOWS = {0: "pure_triple_chow", 1: "pure_shifted_chows", 2: "pure_shifted_chows", 3: "pure_straight"}
_THREE_SUITS_CHOWS = {**{1 << r: "mixed_triple_chow" for r in range(7)},
                      **{7 << r: "mixed_shifted_chows" for r in range(5)}, 0b1001001: "mixed_straight"}
_THREE_SUITS_PUNGS = {**{1 << r: "triple_pung" for r in range(9)}, **{7 << r: "mixed_shifted_pungs" for r in range(7)}}


def _two_chows(a: int, b: int) -> str | None:
    """The pair fan of two chows (by their first tiles)."""
    if SUIT[a] != SUIT[b]:
        return "mixed_double_chow" if RANK[a] == RANK[b] else None
    return _ONE_SUIT_TWO_CHOWS.get(abs(a - b))


PAIR_ORDER = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")
_PAIRS_LOW_FIRST = PAIR_ORDER[::-1]


def _three_chows(a: int, b: int, c: int) -> str | None:
    """The fan of three chows (first tiles, sorted)."""
    sa, sb, sc = SUIT[a], SUIT[b], SUIT[c]
    if sa == sc:  # one suit: the same step twice
        return _ONE_SUIT_THREE_CHOWS.get(b - a) if c - b == b - a else None
    if sa == sb or sb == sc:  # two suits
        return None
    return _THREE_SUITS_CHOWS.get(1 << RANK[a] | 1 << RANK[b] | 1 << RANK[c])


def _one_extra(three: tuple, extra: int) -> str | None:
    """The best pair fan the fourth chow makes with one of the three that made a three-chow fan."""
    found = {_two_chows(t, extra) for t in three}
    return next((f for f in PAIR_ORDER if f in found), None)


def _cut(pairs: list, most: int) -> list:
    """The pair fans found (one name a pair of chows), cut to ``most`` (the account-once principle): the lowest
    kinds go first, a kind kept twice before any kind kept once."""
    found = [p for p in pairs if p]
    if len(found) <= most:
        return found
    table = Tally(int)
    for p in found:
        table[p] += 1
    left = len(found)
    for keep in (1, 0):
        for kind in _PAIRS_LOW_FIRST:
            while table[kind] > keep and left > most:
                table[kind] -= 1
                left -= 1
    return [k for k, n in table.items() for _ in range(n)]


def _chow_pairs(chows: list, out: Tally) -> None:
    """The fans of the chows (first tiles, sorted): a four-chow fan; else a three-chow fan and the fourth
    chow's best pair fan; else the pair fans, as many as the account-once principle allows (three of four
    chows, one fewer for each chow in no pair fan; two of three)."""
    n = len(chows)
    if n == 4:
        a, b, c, d = chows
        if a == b == c == d:
            out["quadruple_chow"] += 1
            return
        if SUIT[a] == SUIT[d] and ((b - a, c - b, d - c) in ((1, 1, 1), (2, 2, 2))):
            out["four_pure_shifted_chows"] += 1
            return
        for three, extra in (((a, b, c), d), ((a, b, d), c), ((a, c, d), b), ((b, c, d), a)):
            fan = _three_chows(*three)
            if fan:
                out[fan] += 1
                pair = _one_extra(three, extra)
                if pair:
                    out[pair] += 1
                return
        pairs = [_two_chows(x, y) for i, x in enumerate(chows) for y in chows[i + 1:]]
        if not any(pairs):
            return
        # pairs index: 0 ab, 1 ac, 2 ad, 3 bc, 4 bd, 5 cd; a chow in no pair fan lowers the most by one
        most = 3 - sum(1 for idx in ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5)) if not any(pairs[i] for i in idx))
        if most > 0:
            out.add(_cut(pairs, most))
    elif n == 3:
        fan = _three_chows(*chows)
        if fan:
            out[fan] += 1
        else:
            out.add(_cut([_two_chows(chows[0], chows[1]), _two_chows(chows[0], chows[2]),
                             _two_chows(chows[1], chows[2])], 2))
    elif n == 2:
        fan = _two_chows(*chows)
        if fan:
            out[fan] += 1


def _two_pungs(a: int, b: int) -> str | None:
    if a < 27 and b < 27:
        return "double_pung" if RANK[a] == RANK[b] else None
    return "two_dragon_pungs" if a in DRAGONS and b in DRAGONS else None


def _three_pungs(a: int, b: int, c: int) -> str | None:
    """The fan of three pungs or kongs (tiles, sorted)."""
    if c < 27:  # three suited
        sa, sb, sc = SUIT[a], SUIT[b], SUIT[c]
        if sa == sc:
            return "pure_shifted_pungs" if b == a + 1 and c == b + 1 else None
        if sa == sb or sb == sc:  # two suits
            return None
        return _THREE_SUITS_PUNGS.get(1 << RANK[a] | 1 << RANK[b] | 1 << RANK[c])
    if a < 27:  # suited and honours
        return None
    if c < 31:
        return "big_three_winds"
    return "big_three_dragons" if (a, b, c) == (31, 32, 33) else None


def _pung_combos(pungs: list, out: Tally) -> None:
    """The fans of the pungs and kongs (tiles, sorted) together."""
    n = len(pungs)
    if n == 4:
        a, b, c, d = pungs
        if d < 27 and SUIT[a] == SUIT[d] and (b - a, c - b, d - c) == (1, 1, 1):
            out["four_pure_shifted_pungs"] += 1
            return
        if (a, b, c, d) == (27, 28, 29, 30):
            out["big_four_winds"] += 1
            return
        for three, free in (((a, b, c), d), ((a, b, d), c), ((a, c, d), b), ((b, c, d), a)):
            fan = _three_pungs(*three)
            if fan:
                out[fan] += 1
                for t in three:
                    pair = _two_pungs(t, free)
                    if pair:
                        out[pair] += 1
                        break
                return
    if n == 3:
        fan = _three_pungs(*pungs)
        if fan:
            out[fan] += 1
            return
    for i, x in enumerate(pungs):
        for y in pungs[i + 1:]:
            pair = _two_pungs(x, y)
            if pair:
                out[pair] += 1


# (kongs shown, kongs concealed) -> the kong fans, and the concealed pungs a concealed kong adds. Two kongs give
# their fan and each kong's own beside it, which it implies (the principles take them off), so that a house file
# that disables it scores the kongs one by one: one of each, the calculator's 5-fan concealed_and_melded_kong, or
# the book's Concealed Kong 2 + Melded Kong 1 when it is disabled
KONG_FANS = {
    (1, 0): ("melded_kong",), (0, 1): ("concealed_kong",),
    (2, 0): ("two_melded_kongs", "melded_kong", "melded_kong"),
    (1, 1): ("concealed_and_melded_kong", "melded_kong", "concealed_kong"),
    (0, 2): ("two_concealed_kongs", "concealed_kong", "concealed_kong"),
    (3, 0): ("three_kongs",), (2, 1): ("three_kongs",), (1, 2): ("three_kongs",), (0, 3): ("three_kongs",),
}
CONCEALED_PUNG_FANS = {2: "two_concealed_pungs", 3: "three_concealed_pungs", 4: "four_concealed_pungs"}


def _kongs(concealed_pungs: int, shown: int, hidden: int, out: Tally) -> None:
    """The kong fans and the concealed pung fans (a concealed kong is a concealed pung too)."""
    if shown + hidden == 4:
        out["four_kongs"] += 1
    elif shown or hidden:
        for fan in KONG_FANS[(shown, hidden)]:
            out[fan] += 1
    fan = CONCEALED_PUNG_FANS.get(concealed_pungs + hidden)
    if fan:
        out[fan] += 1


# ---- what the whole hand holds ------------------------------------------------------------------------------
#
# These read the kinds of tile the hand holds as a mask, bit t set for tile t (speed, issue 29: a few and-s
# instead of a pass over the tiles each).


def kinds_mask(tiles) -> int:
    """The mask of the kinds of tile among ``tiles``."""
    m = 0
    for t in tiles:
        m |= 1 << t
    return m


SUIT_BITS = tuple(kinds_mask(range(9 * s, 9 * s + 9)) for s in range(3))
HONOUR_BITS = kinds_mask(range(27, 34))
WIND_BITS = kinds_mask(WINDS)
DRAGON_BITS = kinds_mask(DRAGONS)
TERMINAL_BITS = kinds_mask(t for t in range(27) if _terminal(t))
SIMPLE_BITS = kinds_mask(t for t in range(27) if not _terminal(t))
GREEN_BITS = kinds_mask(GREEN)
REVERSIBLE_BITS = kinds_mask(REVERSIBLE)
RANK_BITS = tuple(kinds_mask((r, 9 + r, 18 + r)) for r in range(9))


def _ranks_bits(ranks) -> int:
    return kinds_mask(9 * s + r for s in range(3) for r in ranks)


LOWER_FOUR_BITS, UPPER_FOUR_BITS, MIDDLE_BITS = _ranks_bits(range(4)), _ranks_bits(range(5, 9)), _ranks_bits((3, 4, 5))


def _suits(kinds: int, out: Tally) -> None:
    """no_honors, one_voided_suit, the flushes, all_types."""
    honours = kinds & HONOUR_BITS
    missing = (not kinds & SUIT_BITS[0]) + (not kinds & SUIT_BITS[1]) + (not kinds & SUIT_BITS[2])
    if not honours:
        out["no_honors"] += 1
    if missing == 1:
        out["one_voided_suit"] += 1
    elif missing == 2:
        out["half_flush" if honours else "full_flush"] += 1
    elif missing == 3:
        out["one_voided_suit"] += 3  # an all-honours hand lacks every suit: all_honors excludes it
    if missing == 0 and kinds & WIND_BITS and kinds & DRAGON_BITS:
        out["all_types"] += 1


def _ranks(kinds: int, out: Tally) -> None:
    """upper/middle/lower tiles and upper/lower four: suited tiles only, their ranks in one band."""
    if kinds & HONOUR_BITS:
        return
    if not kinds & ~LOWER_FOUR_BITS:
        out["lower_four" if kinds & RANK_BITS[3] else "lower_tiles"] += 1
    elif not kinds & ~UPPER_FOUR_BITS:
        out["upper_four" if kinds & RANK_BITS[5] else "upper_tiles"] += 1
    elif not kinds & ~MIDDLE_BITS:
        out["middle_tiles"] += 1


def _traits(kinds: int, out: Tally) -> None:
    """all_simples, reversible_tiles, all_green, all_honors, all_terminals, all_terminals_and_honors."""
    simples = not kinds & ~SIMPLE_BITS
    if simples:
        out["all_simples"] += 1
    if not kinds & ~REVERSIBLE_BITS:
        out["reversible_tiles"] += 1
    if not kinds & ~GREEN_BITS:
        out["all_green"] += 1
    if simples:
        return
    if not kinds & ~HONOUR_BITS:
        out["all_honors"] += 1
    elif not kinds & ~TERMINAL_BITS:
        out["all_terminals"] += 1
    elif not kinds & ~(TERMINAL_BITS | HONOUR_BITS):
        out["all_terminals_and_honors"] += 1


def _set_traits(kind: str, t: int) -> int:
    """What one set (or the pair, as a pung) holds for :func:`_pack_traits`: bit 1 a terminal or honour, bit 2 a
    5, bit 4 even tiles alone (a pung)."""
    if t >= 27:
        return 1
    r = RANK[t]
    if kind == CHOW:
        return (r in (0, 6)) | (2 <= r <= 4) << 1
    return (r in (0, 8)) | (r == 4) << 1 | (r in (1, 3, 5, 7)) << 2


_TRAITS = {(kind, t): _set_traits(kind, t) for kind in (CHOW, PONG, KONG) for t in range(34)
           if kind != CHOW or (t < 27 and t % 9 <= 6)}


def _pack_traits(sets: list, eye: int, out: Tally) -> None:
    """outside_hand, all_five, all_even_pungs: what every set and the pair hold."""
    if len(sets) == 4:  # four sets and the pair: what all five hold, one look-up a set (speed, issue 29)
        held = _TRAITS[(PONG, eye)]
        for st in sets:
            held &= _TRAITS[st]
        if held & 1:
            out["outside_hand"] += 1
        elif held & 2:
            out["all_five"] += 1
        elif held & 4:
            out["all_even_pungs"] += 1
        return
    outside = five = even = 0
    for kind, t in sets + [(PONG, eye)]:
        if t >= 27:
            outside += 1
        elif kind == CHOW:
            r = RANK[t]
            outside += r in (0, 6)
            five += 2 <= r <= 4
        else:
            r = RANK[t]
            outside += r in (0, 8)
            five += r == 4
            even += r in (1, 3, 5, 7)
    if outside == 5:
        out["outside_hand"] += 1
    elif five == 5:
        out["all_five"] += 1
    elif even == 5:
        out["all_even_pungs"] += 1


# ---- the way of winning ---------------------------------------------------------------------------------------


_WIND_TILE = {"E": 27, "S": 28, "W": 29, "N": 30}


class Win:
    """How the hand was won, as the fans read it: the context words checked against the tiles."""

    __slots__ = ("self_drawn", "last_of_kind", "kong", "wall_last", "seat", "round")

    def __init__(self, hand, shown: int, concealed: int):
        """``shown`` and ``concealed``: how many of the winning tile's kind the shown melds and the concealed
        tiles hold."""
        flags = hand.flags
        self.self_drawn = self_drawn = bool(hand.self_drawn)
        # the last of its kind: the word, the winning tile alone in the hand; always when a shown pung holds three
        self.last_of_kind = (LAST_OF_KIND in flags and concealed == 1) or shown == 3
        kong = False
        if flags and not KONG_WORDS.isdisjoint(flags):  # most hands have no word: no set made (speed, issue 29)
            kong = any(m.kind == KONG for m in hand.melds) if self_drawn else shown == 0 and concealed == 1
        self.kong = kong
        self.wall_last = bool(flags) and not WALL_WORDS.isdisjoint(flags)
        self.seat = _WIND_TILE[hand.seat]
        self.round = _WIND_TILE[hand.round]

    def fans(self, out: Tally) -> None:
        if self.last_of_kind:
            out["last_tile"] += 1
        if self.self_drawn:
            if self.wall_last:
                out["last_tile_draw"] += 1
            if self.kong:
                out["out_with_replacement_tile"] += 1
            if not self.wall_last and not self.kong:
                out["self_drawn"] += 1
        else:
            if self.wall_last:
                out["last_tile_claim"] += 1
            if self.kong:
                out["robbing_the_kong"] += 1


def _wind_pungs(pungs: list, win: Win, out: Tally) -> None:
    """The seat and prevalent wind pungs; each is not a pung of terminals or honours as well (account once),
    unless a wind fan took every wind pung already."""
    if not pungs or out["big_four_winds"]:
        return
    taken = bool(out["big_three_winds"] or out["little_four_winds"] or out["all_honors"]
                 or out["all_terminals_and_honors"])  # any() of them, with no generator (speed, issue 29)
    for t in pungs:
        if t == win.round:
            out["prevalent_wind"] += 1
            if not taken:
                out["pung_of_terminals_or_honors"] -= 1
        if t == win.seat:
            out["seat_wind"] += 1
            if win.seat != win.round and not taken:
                out["pung_of_terminals_or_honors"] -= 1


# ---- the waits -------------------------------------------------------------------------------------------------

_SUIT_STATE: dict = {}
_HONOUR_STATE = (0, -1, 1, 0, -1, -1)  # an honour's count -> sets alone, a pair, neither


def _runs(c: list) -> bool:
    """True when the nine counts of one suit (changed here) are pungs and chows alone: from the lowest tile up,
    what a pung does not take must start chows (three chows of a tile read as well as its pung)."""
    for i in range(9):
        x = c[i]
        if x >= 3:
            x -= 3
        if x:
            if i > 6 or c[i + 1] < x or c[i + 2] < x:
                return False
            c[i + 1] -= x
            c[i + 2] -= x
    return True


def _suit_state(counts: tuple) -> int:
    """0 when the nine counts of one suit are sets alone, 1 sets and one pair, -1 neither (kept by counts)."""
    got = _SUIT_STATE.get(counts)
    if got is None:
        got = -1
        left = sum(counts) % 3
        if left == 0:
            got = 0 if _runs(list(counts)) else -1
        elif left == 2:
            for p in range(9):
                if counts[p] >= 2:
                    c = list(counts)
                    c[p] -= 2
                    if _runs(c):
                        got = 1
                        break
        if len(_SUIT_STATE) > 200_000:
            _SUIT_STATE.clear()
        _SUIT_STATE[counts] = got
    return got


def _states(counts, keys=None) -> list:
    """The state (:func:`_suit_state`) of each suit, then of each honour, of 34 counts (``keys``: the suits' keys
    of those counts, :func:`_keys_of`, when the caller has them)."""
    if keys is None:
        keys = _keys_of(counts)
    kept = _KEY_STATE
    k0, k1, k2 = keys[0], keys[1], keys[2]
    s0, s1, s2 = kept.get(k0), kept.get(k1), kept.get(k2)
    return [_key_state(k0) if s0 is None else s0, _key_state(k1) if s1 is None else s1,
            _key_state(k2) if s2 is None else s2, *map(_HONOUR_OF, counts[27:34])]


_HONOUR_OF = (_HONOUR_STATE + (-1,) * 11).__getitem__  # a count (to 16) -> its state, read in C (speed, issue 29)


def _keys_of(counts) -> tuple:
    """The three suits' keys of 34 counts: 3 bits a place, as :func:`mjcli.mahjong.tiles.hand_keys` makes them."""
    keys = [0, 0, 0]
    for t in range(27):
        c = counts[t]
        if c:
            keys[t // 9] += c << 3 * (t % 9)
    return keys


_KEY_STATE: dict = {}
_KEY_ADDS: dict = {}


def _key_state(key: int) -> int:
    """:func:`_suit_state` of the suit whose key is ``key`` (kept by key: no counts sliced out, speed, issue 29).
    A key with no place above four tiles is read off the engine's table of complete suits
    (:func:`mjcli.mahjong.suits.complete_mask`: the same answer on every such key of at most 14 tiles); a fifth
    tile of a kind (a wait the hand holds all four of) is worked out here, as the calculator counts it."""
    got = _KEY_STATE.get(key)
    if got is None:
        if len(_KEY_STATE) > 200_000:
            _KEY_STATE.clear()
        if not fits(key):  # a place holds five or more
            got = _suit_state(key_counts(key))
        else:  # at most 14 tiles here: the standing tiles of a hand and one more
            mask = complete_mask(key, True)
            got = 0 if mask & 1 else 1 if mask & 2 else -1
        _KEY_STATE[key] = got
    return got


def _key_adds(key: int) -> tuple:
    """(the ranks whose tile, added, leaves the suit whose key is ``key`` sets alone, those that leave it sets and
    one pair), kept by key."""
    got = _KEY_ADDS.get(key)
    if got is None:
        alone, paired = [], []
        for r in range(9):
            state = _key_state(key + (1 << 3 * r))
            if state == 0:
                alone.append(r)
            elif state == 1:
                paired.append(r)
        if len(_KEY_ADDS) > 200_000:
            _KEY_ADDS.clear()
        got = _KEY_ADDS[key] = (tuple(alone), tuple(paired))
    return got


def waits_of(standing: list, most: int = 34, keys=None) -> list:
    """The tiles that complete the standing tiles (the hand without its winning tile) as sets and a pair, or as
    seven pairs when they are 13; the waits the wait fans ask about (the first ``most`` of them). A tile
    changes one suit or honour: it completes the hand when the others are sets, with one pair among them all,
    and the suit's tiles that do so are kept by its key (:func:`_key_adds`; ``keys``: the suits' keys of
    ``standing`` when the caller has them)."""
    out = []
    if keys is None:
        keys = _keys_of(standing)
    if sum(standing) == 13:  # seven pairs waiting: 13 tiles are six pairs and one tile when one kind is odd
        ones = standing.count(1)  # the odd kinds counted in C (a count is 0 to 4: speed, issue 29)
        if ones + standing.count(3) == 1:
            out.append(standing.index(1) if ones else standing.index(3))
    states = _states(standing, keys)
    bad = states.count(-1)
    if bad > 1:
        return out
    paired = states.count(1)
    # with a group that is neither sets nor sets and a pair, a tile elsewhere leaves its problem: that group alone
    for g in (states.index(-1),) if bad else range(10):
        state = states[g]
        want = 1 - paired + (state == 1)  # what this group must become: a pair only if no other has one
        if want != 0 and want != 1:
            continue
        if g < 3:
            for r in _key_adds(keys[g])[want]:
                t = 9 * g + r
                if t not in out:
                    out.append(t)
                    if len(out) >= most:
                        return out
        else:
            t = 24 + g
            c = standing[t] + 1
            if c < 6 and _HONOUR_STATE[c] == want and t not in out:
                out.append(t)
                if len(out) >= most:
                    return out
    return out


def unique_wait(standing: list, keys=None) -> bool:
    """True when one tile alone completes the standing tiles (``keys``: their suits' keys, when known)."""
    return len(waits_of(standing, 2, keys)) == 1


def _wait_fan(sets: list, eye: int, win: int, out: Tally) -> None:
    """edge_wait, closed_wait or single_wait: where the winning tile sits in a concealed set or the pair of a
    hand that waited on that tile alone."""
    edge = closed = False
    for kind, t in sets:
        if kind == CHOW:
            if win == t + 1:
                closed = True
            elif win in (t, t + 2):
                edge = True
    if edge:
        out["edge_wait"] += 1
    elif closed:
        out["closed_wait"] += 1
    elif eye == win:
        out["single_wait"] += 1


# ---- one reading ----------------------------------------------------------------------------------------------


# the low bit of each place of a suit key that holds a tile -> those places as a 9-bit mask
_OCCUPIED = {sum(1 << 3 * r for r in range(9) if bits >> r & 1): bits for bits in range(512)}
_TILE_FANS: dict = {}


class HandFacts:
    """What every reading of one hand shares: its tiles, its shown melds, how it was won, its wait; and what
    the fans of a reading as sets and a pair start from (:attr:`tile_fans`, :attr:`meld_parts`), worked out once
    a hand (speed, issue 29)."""

    __slots__ = ("hand", "keys", "concealed", "all_counts", "win", "_unique", "memo", "_tile_fans",
                 "_meld_parts")

    def __init__(self, hand):
        self.hand = hand
        self.keys = hand.__dict__.get("_keys") or hand_keys(hand)  # hand_keys, its memo read here (speed, issue 29)
        conc = hand.counts()
        self.concealed = conc
        w = hand.win
        if hand.melds:
            every = conc.copy()  # the melds' tiles added one by one (not 34 sums: speed, issue 29)
            for m in hand.melds:
                for t in m.tiles:
                    every[t] += 1
            self.all_counts = every
            self.win = Win(hand, every[w] - conc[w], conc[w])
        else:
            self.all_counts = conc
            self.win = Win(hand, 0, conc[w])
        self._unique = self._tile_fans = self._meld_parts = None
        self.memo = {}  # what the room keeps for the hand: its readings' tables, by variant

    @property
    def fours(self) -> int:
        """The kinds of tile the hand holds all four of."""
        return self.all_counts.count(4)

    @property
    def kinds(self) -> int:
        """The kinds of tile in the hand, shown melds included: bit t for tile t (see :func:`kinds_mask`)."""
        hand = self.hand
        occupied = _OCCUPIED  # a suit key's places that hold a tile, read as one mask a suit
        k0, k1, k2, k3 = self.keys
        ones = _ONES  # held_places of each key, written out (four calls fewer a hand: speed, issue 29)
        kinds = occupied[(k0 | k0 >> 1 | k0 >> 2) & ones] | occupied[(k1 | k1 >> 1 | k1 >> 2) & ones] << 9 \
            | occupied[(k2 | k2 >> 1 | k2 >> 2) & ones] << 18 | occupied[(k3 | k3 >> 1 | k3 >> 2) & ones] << 27
        for m in hand.melds:
            for t in m.tiles:
                kinds |= 1 << t
        return kinds

    @property
    def tile_fans(self) -> Tally:
        """The fans of the hand's kinds of tile alone (:func:`_suits`, :func:`_traits`, :func:`_ranks`), the same
        in every reading: worked out once a set of kinds (kept)."""
        got = self._tile_fans
        if got is None:
            key = self.kinds
            got = _TILE_FANS.get(key)
            if got is None:
                got = Tally(int)
                _suits(key, got)
                _traits(key, got)
                _ranks(key, got)
                if len(_TILE_FANS) > 50_000:
                    _TILE_FANS.clear()
                _TILE_FANS[key] = got
            self._tile_fans = got
        return got

    @property
    def meld_parts(self) -> tuple:
        """The shown melds (and concealed kongs) as :func:`regular` reads them, the same in every reading:
        ``(sets as (kind, tile), chows' tiles, pungs' tiles, shown sets, shown kongs, concealed kongs)``."""
        got = self._meld_parts
        if got is None:
            sets, chows, pungs = [], [], []
            shown_kongs = hidden_kongs = shown_sets = 0
            for m in self.hand.melds:
                kind, t = m.kind, m.tiles[0]
                sets.append((kind, t))
                if kind == CHOW:
                    chows.append(t)
                else:
                    pungs.append(t)
                if m.exposure != CONCEALED:
                    shown_sets += 1
                    if kind == KONG:
                        shown_kongs += 1
                elif kind == KONG:
                    hidden_kongs += 1
            got = self._meld_parts = (tuple(sets), tuple(chows), tuple(pungs), shown_sets, shown_kongs, hidden_kongs)
        return got

    @property
    def unique_wait(self) -> bool:
        """The hand waited on its winning tile alone (worked out when a reading first asks)."""
        if self._unique is None:
            w = self.hand.win
            standing = list(self.concealed)
            standing[w] -= 1
            keys = list(self.keys[:3])  # the suits' keys of the standing tiles: the hand's,
            if w < 27:  # less the winning tile
                keys[SUIT_OF[w]] -= PLACE_INC[w]
            self._unique = unique_wait(standing, keys)
        return self._unique


def regular(facts: HandFacts, reading) -> Tally:
    """The raw fans of a reading as sets and a pair (the shown melds first)."""
    return _regular(facts, reading)[0]


def _regular(facts: HandFacts, reading) -> tuple:
    """(:func:`regular`, the pungs' and kongs' tiles sorted)."""
    hand, win = facts.hand, facts.win
    w = hand.win
    keys = facts.keys
    if not hand.melds and w < 27 and sum(keys) == keys[SUIT[w]]:  # every tile of the winning tile's suit
        nine = _nine_gates(facts)
        if nine is not None:
            return nine, ()
    out = Tally(int, facts.tile_fans)  # what every reading starts from: the kinds' fans and the way of winning's
    win.fans(out)
    # the reading's sets in one pass, after the shown melds' (the chows' and the pungs' tiles sorted)
    meld_sets, chows, pungs, shown_sets, shown_kongs, hidden_kongs = facts.meld_parts
    chows, pungs = list(chows), list(pungs)
    concealed_sets = []
    concealed_pung_tiles = []
    win_in_chow = False  # the winning tile is in a concealed chow
    for kind, t, _j in reading.sets:
        concealed_sets.append((kind, t))
        if kind == CHOW:
            chows.append(t)
            if t <= w <= t + 2:
                win_in_chow = True
        else:
            pungs.append(t)
            if kind == PONG:
                concealed_pung_tiles.append(t)
    sets = list(meld_sets) + concealed_sets if meld_sets else concealed_sets
    if len(chows) > 1:
        chows.sort()
    if len(pungs) > 1:
        pungs.sort()
    concealed_pungs = len(concealed_pung_tiles)
    if not win.self_drawn and not win_in_chow and w in concealed_pung_tiles:
        concealed_pungs -= 1  # the pung the discard completed is not concealed
    if pungs:
        _kongs(concealed_pungs, shown_kongs, hidden_kongs, out)
        if len(pungs) == 4 and "four_kongs" not in out and "four_concealed_pungs" not in out:
            out["all_pungs"] += 1
        for t in pungs:
            if t >= 31:  # a dragon
                out["dragon_pung"] += 1
            elif t >= 27 or _TERMINAL[t]:
                out["pung_of_terminals_or_honors"] += 1
    eye = reading.eye
    n_chows = len(chows)
    if n_chows == 4 and _terminal_chows(chows, eye, out):
        pass
    elif n_chows >= 2:
        _chow_pairs(chows, out)
    if n_chows <= 2 and len(pungs) >= 2:
        _pung_combos(pungs, out)
    if shown_sets == 0:
        out["fully_concealed_hand" if win.self_drawn else "concealed_hand"] += 1
    elif shown_sets == 4 and not win.self_drawn:
        out["melded_hand"] += 1
    if n_chows == 4:
        if eye < 27:
            out["all_chows"] += 1
    elif "two_dragon_pungs" in out and eye >= 31:
        out["little_three_dragons"] += 1
        del out["two_dragon_pungs"]
    elif "big_three_winds" in out and 27 <= eye < 31:
        out["little_four_winds"] += 1
        del out["big_three_winds"]
    _pack_traits(sets, eye, out)
    if "quadruple_chow" not in out:
        hogs = facts.all_counts.count(4) - shown_kongs - hidden_kongs  # facts.fours, no property call
        if hogs:
            out["tile_hog"] += hogs
    if (eye == w or win_in_chow) and "melded_hand" not in out and "four_kongs" not in out and facts.unique_wait:
        _wait_fan(concealed_sets, eye, w, out)
    return out, pungs


_TERMINAL = tuple(_terminal(t) for t in range(34))


def _terminal_chows(chows: list, eye: int, out: Tally) -> bool:
    """pure_terminal_chows or three_suited_terminal_chows (four chows of 123 and 789 and a pair of 5s)."""
    if eye >= 27 or RANK[eye] != 4 or any(RANK[t] not in (0, 6) for t in chows):
        return False
    suits = [SUIT[t] for t in chows]
    if all(s == SUIT[eye] for s in suits) and sorted(RANK[t] for t in chows) == [0, 0, 6, 6]:
        out["pure_terminal_chows"] += 1
        return True
    other = {0, 1, 2} - {SUIT[eye]}
    have = {(SUIT[t], RANK[t]) for t in chows}
    if SUIT[eye] not in suits and have == {(s, r) for s in other for r in (0, 6)}:
        out["three_suited_terminal_chows"] += 1
        return True
    return False


# the fans nine gates adds by the rank of its winning tile (0-based): the reading that tile makes
NINE_GATES_EXTRA = {0: ("pure_straight", "tile_hog"), 8: ("pure_straight", "tile_hog"),
                    1: ("two_concealed_pungs", "short_straight", "pung_of_terminals_or_honors"),
                    7: ("two_concealed_pungs", "short_straight", "pung_of_terminals_or_honors"),
                    4: ("two_concealed_pungs", "pung_of_terminals_or_honors"),
                    2: ("short_straight",), 3: ("short_straight",), 5: ("short_straight",), 6: ("short_straight",)}


def _nine_gates(facts: HandFacts) -> Tally | None:
    """The nine gates table when the concealed hand is 1112345678999 of one suit and the winning tile, with no
    shown meld; else None."""
    hand = facts.hand
    w = hand.win
    if hand.melds or w >= 27:
        return None
    base = 9 * (w // 9)
    frame = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    frame[w - base] += 1
    if facts.concealed[base:base + 9] != frame or sum(facts.concealed) != 14:
        return None
    out = Tally(int, nine_gates=1)
    out.add(NINE_GATES_EXTRA[w - base])
    facts.win.fans(out)
    return out


def special(facts: HandFacts, name: str) -> Tally:
    """The raw fans of a special shape (seven pairs, seven shifted pairs, the knitted shapes, thirteen
    orphans)."""
    out = Tally(int)
    conc = facts.concealed
    if name == "seven_shifted_pairs":
        out["seven_shifted_pairs"] += 1
        s = facts.hand.win // 9
        if not conc[9 * s] and not conc[9 * s + 8]:
            out["all_simples"] += 1
    elif name == "seven_pairs_four_alike":
        out = Tally(int, facts.tile_fans)  # the kinds' fans copied in C (speed, issue 29)
        out["seven_pairs"] += 1
        hogs = facts.all_counts.count(4)  # facts.fours (no meld beside seven pairs: the concealed counts are all)
        if hogs:
            out["tile_hog"] += hogs
    elif name == "honors_and_knitted":
        honours = 7 - conc[27:34].count(0)
        if honours == 7:
            out["greater_honors_and_knitted_tiles"] += 1
        else:
            out["lesser_honors_and_knitted_tiles"] += 1
            if honours == 5:
                out["knitted_straight"] += 1
    elif name == "thirteen_orphans":
        out["thirteen_orphans"] += 1
    elif name == "knitted_straight":
        return _knitted_straight(facts)
    facts.win.fans(out)
    return out


def knit_rest(conc: list, melds=()):
    """``(knit, set, pair)``: the knitted straight the concealed counts hold, and the one set (kind, tile,
    shown?) and pair the other tiles make (the set a shown meld when there is one); None when there is none."""
    got = _knit_rest(conc, melds)
    return None if got is None else got[:3]


def _knit_rest(conc: list, melds=()):
    """:func:`knit_rest` and the concealed counts beside the knit (a new list)."""
    for knit, counts_of in zip(KNITS, _KNIT_COUNTS):
        if 0 not in counts_of(conc):
            rest = list(conc)
            for t in knit:
                rest[t] -= 1
            if melds:
                m = melds[0]
                return knit, (m.kind, m.tile, m.exposure != CONCEALED), rest.index(2), rest
            # the tiles beside the knit, sorted (the kinds held found in C: speed, issue 29)
            tiles = [t for t in compress(_KINDS, rest) for _ in range(rest[t])]
            for p in dict.fromkeys(tiles):
                if rest[p] >= 2:
                    left = list(tiles)
                    left.remove(p)
                    left.remove(p)
                    if len(left) == 3 and left[0] == left[2]:
                        return knit, (PONG, left[0], False), p, rest
                    if len(left) == 3 and left[0] < 27 and left[1] == left[0] + 1 and left[2] == left[0] + 2 \
                            and left[0] % 9 <= 6:
                        return knit, (CHOW, left[0], False), p, rest
            return None
    return None


_KNIT_COUNTS = tuple(itemgetter(*knit) for knit in KNITS)  # 34 counts -> the counts of a knit's nine tiles
_KINDS = range(34)
# a knit's nine tiles as the three suits' keys (:func:`mjcli.mahjong.tiles.hand_keys`)
_KNIT_KEYS = {knit: tuple(sum(PLACE_INC[t] for t in knit if SUIT_OF[t] == s) for s in range(3)) for knit in KNITS}


def _knitted_set(kind: str, t: int, eye: int, facts: HandFacts, out: Tally) -> None:
    """What the knitted straight's one set and its pair add."""
    if kind == CHOW:
        if eye < 27:
            out["all_chows"] += 1
        if facts.all_counts[eye] == 4:
            out["tile_hog"] += 1
    elif t >= 27:
        if t in WINDS:
            out["pung_of_terminals_or_honors"] += 1
            if eye in DRAGONS:
                out["all_types"] += 1
        else:
            out["dragon_pung"] += 1
            if eye in WINDS:
                out["all_types"] += 1
    else:
        if _terminal(t):
            out["pung_of_terminals_or_honors"] += 1
        if eye < 27:
            out["no_honors"] += 1
        if kind != KONG and facts.all_counts[t] == 4:
            out["tile_hog"] += 1


def _knitted_straight(facts: HandFacts) -> Tally:
    """knitted_straight and what its other set, its pair and the way of winning add."""
    out = Tally(int, knitted_straight=1)
    melds = facts.hand.melds
    knit, (kind, t, shown), eye, rest = _knit_rest(facts.concealed, melds)
    _knitted_set(kind, t, eye, facts, out)
    facts.win.fans(out)
    if shown:
        if kind == KONG:
            out["melded_kong"] += 1
    else:
        if kind == KONG:
            out["concealed_kong"] += 1
        out["fully_concealed_hand" if facts.win.self_drawn else "concealed_hand"] += 1
    w = facts.hand.win
    if not melds:
        if rest[w]:
            rest[w] -= 1
            # the standing tiles' suit keys: the hand's, less the knit and the winning tile
            keys = [k - n for k, n in zip(facts.keys, _KNIT_KEYS[knit])]
            if w < 27:
                keys[SUIT_OF[w]] -= PLACE_INC[w]
            if unique_wait(rest, keys):
                _wait_fan([(kind, t)], eye, w, out)
    elif w not in knit or facts.concealed[w] == 3:
        out["single_wait"] += 1  # a shown set beside it: the winning tile outside the knit is the pair's
    if kind != CHOW and t >= 27:
        _wind_pungs([t], facts.win, out)
    return out


def apply_principles(out: Tally, order: tuple, drops: dict) -> Tally:
    """The non-repeat and exclusionary principles as data: each fan kept, in ``order`` (highest value first),
    removes the fans ``drops[fan]`` (what it implies and excludes); a removed fan removes nothing. Only the fans
    present that remove something are walked, in that order (speed)."""
    return _apply(out, rank_of(order, drops), drops)


def _apply(out: Tally, rank: dict, drops: dict) -> Tally:
    """:func:`apply_principles` with the order read as ``rank`` (:func:`rank_of`); the fans present that remove
    something found and sorted in C (speed, issue 29)."""
    for fan in sorted(filter(rank.__contains__, out), key=rank.__getitem__):
        if out.get(fan, 0) > 0:
            for gone in drops[fan]:
                if gone in out:
                    del out[gone]
    return out


_RANKS: dict = {}


def rank_of(order: tuple, drops: dict) -> dict:
    """``{fan: its place in order}`` of the fans that remove something (in ``drops``), made once an order."""
    got = _RANKS.get((id(order), id(drops)))
    if got is None or got[0] is not order or got[1] is not drops:
        if len(_RANKS) > 16:
            _RANKS.clear()
        got = _RANKS[(id(order), id(drops))] = (order, drops, {f: i for i, f in enumerate(order) if f in drops})
    return got[2]


def settle_sets(out: Tally, pungs: list, win: Win) -> None:
    """The set-level step after the principles: a big three winds takes three wind pungs off the pungs of
    terminals or honours; the seat and prevalent wind pungs take theirs (:func:`_wind_pungs`)."""
    if out.get("big_three_winds") and not out.get("all_honors") and not out.get("all_terminals_and_honors"):
        out["pung_of_terminals_or_honors"] -= 3
    if pungs and pungs[-1] >= 27:  # an honour among the pungs (sorted: the last)
        _wind_pungs([t for t in pungs if 27 <= t < 31], win, out)


def fans(facts: HandFacts, reading, order: tuple, drops: dict) -> dict:
    """``{fan id: count}`` of one reading, every principle applied (the flowers are a pattern of their own)."""
    return ranked_fans(facts, reading, rank_of(order, drops), drops)


def ranked_fans(facts: HandFacts, reading, rank: dict, drops: dict) -> dict:
    """:func:`fans` with the order of the principles read as ``rank`` (:func:`rank_of`, which the room keeps a
    variant)."""
    if reading.special:
        out = special(facts, reading.special)
        if reading.special in ("seven_pairs_four_alike", "knitted_straight"):
            _apply(out, rank, drops)
        return _kept(out)
    out, pungs = _regular(facts, reading)
    if out.get("nine_gates"):
        return _kept(out)
    _apply(out, rank, drops)
    settle_sets(out, pungs, facts.win)
    kept = _kept(out)
    if not kept:
        kept["chicken_hand"] = 1
    return kept


def _kept(out: Tally) -> dict:
    """The fans of a table being made counted above 0, as a plain dict (copied in C when every one is: speed,
    issue 29)."""
    if min(out.values(), default=0) > 0:
        return dict(out)
    return {k: v for k, v in out.items() if v > 0}
