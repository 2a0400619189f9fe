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

from collections import Counter
from operator import add

from ...mahjong.tiles import CHOW, CONCEALED, KONG, PONG

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


class Tally(dict):
    """A fan table being made: an absent fan reads 0, as in a ``Counter`` (made faster than one, speed: issue
    29); :meth:`add` adds counts (a mapping) or one of each fan named (any other iterable)."""

    __slots__ = ()

    def __missing__(self, key) -> int:
        return 0

    def add(self, more) -> None:
        if isinstance(more, dict):
            for k, v in more.items():
                self[k] += v
        else:
            for k in more:
                self[k] += 1


# ---- the raw fans of the sets -----------------------------------------------------------------------------


def _two_chows(a: int, b: int) -> str | None:
    """The pair fan of two chows (by their first tiles)."""
    if _suit(a) != _suit(b):
        return "mixed_double_chow" if _rank(a) == _rank(b) else None
    if abs(a - b) == 3:
        return "short_straight"
    if {_rank(a), _rank(b)} == {0, 6}:
        return "two_terminal_chows"
    return "pure_double_chow" if a == b else None


PAIR_ORDER = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")


def _three_chows(a: int, b: int, c: int) -> str | None:
    """The fan of three chows (first tiles, sorted)."""
    suits = {_suit(a), _suit(b), _suit(c)}
    ra, rb, rc = sorted((_rank(a), _rank(b), _rank(c)))
    if len(suits) == 3:
        if rb == ra + 1 and rc == rb + 1:
            return "mixed_shifted_chows"
        if ra == rb == rc:
            return "mixed_triple_chow"
        return "mixed_straight" if (ra, rb, rc) == (0, 3, 6) else None
    if len(suits) != 1:
        return None
    if b == a + 3 and c == b + 3:
        return "pure_straight"
    if (b == a + 1 and c == b + 1) or (b == a + 2 and c == b + 2):
        return "pure_shifted_chows"
    return "pure_triple_chow" if a == b == c else None


def _one_extra(three: tuple, extra: int) -> str | None:
    """The best pair fan the fourth chow makes with one of the three that made a three-chow fan."""
    found = {_two_chows(t, extra) for t in three}
    return next((f for f in PAIR_ORDER if f in found), None)


def _cut(pairs: list, most: int) -> Counter:
    """The pair fans found, cut to ``most`` (the account-once principle): the lowest kinds go first, a kind
    kept twice before any kind kept once."""
    table = Counter(p for p in pairs if p)
    left = sum(table.values())
    for keep in (1, 0):
        for kind in reversed(PAIR_ORDER):
            while table[kind] > keep and left > most:
                table[kind] -= 1
                left -= 1
    return +table


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
        if _suit(a) == _suit(d) and ((b - a, c - b, d - c) in ((1, 1, 1), (2, 2, 2))):
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
        return "double_pung" if _rank(a) == _rank(b) else None
    return "two_dragon_pungs" if a in DRAGONS and b in DRAGONS else None


def _three_pungs(a: int, b: int, c: int) -> str | None:
    if a < 27 and b < 27 and c < 27:
        suits = {_suit(a), _suit(b), _suit(c)}
        ra, rb, rc = sorted((_rank(a), _rank(b), _rank(c)))
        if len(suits) == 3:
            if rb == ra + 1 and rc == rb + 1:
                return "mixed_shifted_pungs"
            return "triple_pung" if ra == rb == rc else None
        return "pure_shifted_pungs" if len(suits) == 1 and b == a + 1 and c == b + 1 else None
    if all(t in WINDS for t in (a, b, c)):
        return "big_three_winds"
    return "big_three_dragons" if (a, b, c) == (31, 32, 33) else None


def _pung_combos(pungs: list, out: Tally) -> None:
    """The fans of the pungs and kongs (tiles, sorted) together."""
    n = len(pungs)
    if n == 4:
        a, b, c, d = pungs
        if d < 27 and _suit(a) == _suit(d) and (b - a, c - b, d - c) == (1, 1, 1):
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


KONG_FANS = {  # (kongs shown, kongs concealed) -> the kong fans, and the concealed pungs a concealed kong adds
    (1, 0): ("melded_kong",), (0, 1): ("concealed_kong",),
    (2, 0): ("two_melded_kongs",), (1, 1): ("concealed_and_melded_kong",), (0, 2): ("two_concealed_kongs",),
    (3, 0): ("three_kongs",), (2, 1): ("three_kongs",), (1, 2): ("three_kongs",), (0, 3): ("three_kongs",),
}
CONCEALED_PUNG_FANS = {2: "two_concealed_pungs", 3: "three_concealed_pungs", 4: "four_concealed_pungs"}


def _kongs(concealed_pungs: int, shown: int, hidden: int, out: Tally) -> None:
    """The kong fans and the concealed pung fans (a concealed kong is a concealed pung too)."""
    if shown + hidden == 4:
        out["four_kongs"] += 1
    else:
        out.add(KONG_FANS.get((shown, hidden), ()))
    fan = CONCEALED_PUNG_FANS.get(concealed_pungs + hidden)
    if fan:
        out[fan] += 1


# ---- what the whole hand holds ------------------------------------------------------------------------------


def _suits(tiles: set, out: Tally) -> None:
    """no_honors, one_voided_suit, the flushes, all_types."""
    suits = {_suit(t) for t in tiles}
    honours = 3 in suits
    missing = 3 - len(suits - {3})
    if not honours:
        out["no_honors"] += 1
    if missing == 1:
        out["one_voided_suit"] += 1
    elif missing == 2:
        out["half_flush" if honours else "full_flush"] += 1
    elif missing == 3:
        out["one_voided_suit"] += 3  # an all-honours hand lacks every suit: all_honors excludes it
    if missing == 0 and any(t in WINDS for t in tiles) and any(t in DRAGONS for t in tiles):
        out["all_types"] += 1


def _ranks(tiles: set, out: Tally) -> None:
    """upper/middle/lower tiles and upper/lower four: suited tiles only, their ranks in one band."""
    if any(t >= 27 for t in tiles):
        return
    ranks = {_rank(t) for t in tiles}
    if ranks <= {0, 1, 2, 3}:
        out["lower_four" if 3 in ranks else "lower_tiles"] += 1
    elif ranks <= {5, 6, 7, 8}:
        out["upper_four" if 5 in ranks else "upper_tiles"] += 1
    elif ranks <= {3, 4, 5}:
        out["middle_tiles"] += 1


def _traits(tiles: set, out: Tally) -> None:
    """all_simples, reversible_tiles, all_green, all_honors, all_terminals, all_terminals_and_honors."""
    simples = all(t < 27 and t % 9 not in (0, 8) for t in tiles)
    if simples:
        out["all_simples"] += 1
    if tiles <= REVERSIBLE:
        out["reversible_tiles"] += 1
    if tiles <= GREEN:
        out["all_green"] += 1
    if simples:
        return
    if all(t >= 27 for t in tiles):
        out["all_honors"] += 1
    elif all(_terminal(t) for t in tiles):
        out["all_terminals"] += 1
    elif all(t >= 27 or _terminal(t) for t in tiles):
        out["all_terminals_and_honors"] += 1


def _pack_traits(sets: list, eye: int, out: Tally) -> None:
    """outside_hand, all_five, all_even_pungs: what every set and the pair hold."""
    outside = five = even = 0
    for kind, t in sets + [(PONG, eye)]:
        if t >= 27:
            outside += 1
        elif kind == CHOW:
            r = _rank(t)
            outside += r in (0, 6)
            five += 2 <= r <= 4
        else:
            r = _rank(t)
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


class Win:
    """How the hand was won, as the fans read it: the context words checked against the tiles."""

    __slots__ = ("self_drawn", "last_of_kind", "kong", "wall_last", "seat", "round")

    def __init__(self, hand, shown_counts, concealed_counts: list):
        flags = hand.flags
        win = hand.win
        self.self_drawn = bool(hand.self_drawn)
        # the last of its kind: the word, the winning tile alone in the hand; always when a shown pung holds three
        self.last_of_kind = (LAST_OF_KIND in flags and concealed_counts[win] == 1) or shown_counts[win] == 3
        kong = bool(flags & KONG_WORDS)
        if kong and self.self_drawn:
            kong = any(m.kind == KONG for m in hand.melds)
        elif kong:
            kong = shown_counts[win] == 0 and concealed_counts[win] == 1
        self.kong = kong
        self.wall_last = bool(flags & WALL_WORDS)
        self.seat = 27 + "ESWN".index(hand.seat)
        self.round = 27 + "ESWN".index(hand.round)

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
    taken = any(out[f] for f in ("big_three_winds", "little_four_winds", "all_honors", "all_terminals_and_honors",
                                 "big_four_winds"))
    if out["big_four_winds"]:
        return
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


def _states(counts) -> list:
    """The state (:func:`_suit_state`) of each suit, then of each honour, of 34 counts."""
    return [_suit_state(tuple(counts[0:9])), _suit_state(tuple(counts[9:18])), _suit_state(tuple(counts[18:27]))] \
        + [_HONOUR_STATE[c] if c < 6 else -1 for c in counts[27:34]]


def _complete(counts) -> bool:
    """True when the counts (34 kinds) are sets and one pair."""
    states = _states(counts)
    return -1 not in states and sum(states) == 1


_SUIT_ADDS: dict = {}


def _suit_adds(counts: tuple) -> tuple:
    """(the ranks whose tile, added, leaves the nine counts of a suit sets alone, those that leave them sets and
    one pair), kept by counts."""
    got = _SUIT_ADDS.get(counts)
    if got is None:
        alone, paired = [], []
        c = list(counts)
        for r in range(9):
            c[r] += 1
            state = _suit_state(tuple(c))
            c[r] -= 1
            if state == 0:
                alone.append(r)
            elif state == 1:
                paired.append(r)
        if len(_SUIT_ADDS) > 200_000:
            _SUIT_ADDS.clear()
        got = _SUIT_ADDS[counts] = (tuple(alone), tuple(paired))
    return got


def waits_of(standing: list, most: int = 34) -> list:
    """The tiles that complete the standing tiles (the hand without its winning tile) as sets and a pair, or as
    seven pairs when they are 13; the waits the wait fans ask about (the first ``most`` of them). A tile
    changes one suit or honour: it completes the hand when the others are sets, with one pair among them all,
    and the suit's tiles that do so are kept by its counts (:func:`_suit_adds`)."""
    out = []
    n = sum(standing)
    if n == 13:
        pairs = sum(c // 2 for c in standing)
        if pairs == 6:
            odd = [t for t in range(34) if standing[t] % 2]
            if len(odd) == 1:
                out.append(odd[0])
    states = _states(standing)
    bad = states.count(-1)
    found = []
    if bad <= 1:
        paired = states.count(1)
        for g in range(10):
            state = states[g]
            if bad and state != -1:
                continue  # a tile elsewhere leaves this group's problem
            want = 1 - paired + (state == 1)  # what this group must become: a pair only if no other has one
            if want not in (0, 1):
                continue
            if g < 3:
                found.extend(9 * g + r for r in _suit_adds(tuple(standing[9 * g:9 * g + 9]))[want])
            else:
                c = standing[24 + g] + 1
                if c < 6 and _HONOUR_STATE[c] == want:
                    found.append(24 + g)
    for t in found:
        if t in out:
            continue
        out.append(t)
        if len(out) >= most:
            break
    return out


def unique_wait(standing: list) -> bool:
    """True when one tile alone completes the standing tiles."""
    return len(waits_of(standing, 2)) == 1


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


_NONE_SHOWN = (0,) * 34
_TILE_FANS: dict = {}


class HandFacts:
    """What every reading of one hand shares: its tiles, its shown melds, how it was won, its wait."""

    __slots__ = ("hand", "concealed", "shown", "all_counts", "tiles", "win", "_unique", "memo", "_tile_fans")

    def __init__(self, hand):
        self.hand = hand
        conc = [0] * 34
        for t in hand.concealed:
            conc[t] += 1
        self.concealed = conc
        if hand.melds:
            shown = [0] * 34
            for m in hand.melds:
                for t in m.tiles:
                    shown[t] += 1
            self.all_counts = every = list(map(add, conc, shown))
        else:
            shown = _NONE_SHOWN
            self.all_counts = every = conc
        self.shown = shown
        self.tiles = set(hand.concealed).union(*[m.tiles for m in hand.melds]) if hand.melds else set(hand.concealed)
        self.win = Win(hand, shown, conc)
        self._unique = None
        self._tile_fans = None
        self.memo = {}  # what the room keeps for the hand: its readings' tables, by variant

    @property
    def fours(self) -> int:
        """The kinds of tile the hand holds all four of."""
        return self.all_counts.count(4)

    @property
    def tile_fans(self) -> Tally:
        """The fans of the hand's kinds of tile alone (:func:`_suits`, :func:`_traits`, :func:`_ranks`), the same
        in every reading: worked out once a set of kinds (kept)."""
        got = self._tile_fans
        if got is None:
            key = frozenset(self.tiles)
            got = _TILE_FANS.get(key)
            if got is None:
                got = Tally()
                _suits(self.tiles, got)
                _traits(self.tiles, got)
                _ranks(self.tiles, got)
                if len(_TILE_FANS) > 50_000:
                    _TILE_FANS.clear()
                _TILE_FANS[key] = got
            self._tile_fans = got
        return got

    @property
    def unique_wait(self) -> bool:
        """The hand waited on its winning tile alone (worked out when a reading first asks)."""
        if self._unique is None:
            standing = list(self.concealed)
            standing[self.hand.win] -= 1
            self._unique = unique_wait(standing)
        return self._unique


def _gather(hand, reading) -> tuple:
    """A reading's sets in one pass: (its concealed sets and every set as ``(kind, tile)``, the chows' and the
    pungs' tiles sorted, the concealed pungs' tiles, the shown melds, the shown kongs, the concealed kongs)."""
    concealed_sets = []
    chows, pungs, concealed_pung_tiles = [], [], []
    for kind, t, _j in reading.sets:
        concealed_sets.append((kind, t))
        if kind == CHOW:
            chows.append(t)
        else:
            pungs.append(t)
            if kind == PONG:
                concealed_pung_tiles.append(t)
    shown_kongs = hidden_kongs = shown_sets = 0
    if hand.melds:
        sets = []
        for m in hand.melds:
            kind = m.kind
            sets.append((kind, m.tile))
            if kind == CHOW:
                chows.append(m.tile)
            else:
                pungs.append(m.tile)
            if m.exposure != CONCEALED:
                shown_sets += 1
                if kind == KONG:
                    shown_kongs += 1
            elif kind == KONG:
                hidden_kongs += 1
        sets += concealed_sets
    else:
        sets = concealed_sets
    chows.sort()
    pungs.sort()
    return concealed_sets, sets, chows, pungs, concealed_pung_tiles, shown_sets, shown_kongs, hidden_kongs


def regular(facts: HandFacts, reading) -> Tally:
    """The raw fans of a reading as sets and a pair (the shown melds first)."""
    hand, win = facts.hand, facts.win
    nine = _nine_gates(facts)
    if nine is not None:
        return nine
    out = Tally()
    win.fans(out)
    concealed_sets, sets, chows, pungs, concealed_pung_tiles, shown_sets, shown_kongs, hidden_kongs = \
        _gather(hand, reading)
    concealed_pungs = len(concealed_pung_tiles)
    w = hand.win
    if not win.self_drawn and w in concealed_pung_tiles \
            and not any(kind == CHOW and t <= w <= t + 2 for kind, t in concealed_sets):
        concealed_pungs -= 1  # the pung the discard completed is not concealed
    if pungs:
        _kongs(concealed_pungs, shown_kongs, hidden_kongs, out)
        if len(pungs) == 4 and not out["four_kongs"] and not out["four_concealed_pungs"]:
            out["all_pungs"] += 1
        for t in pungs:
            if t in DRAGONS:
                out["dragon_pung"] += 1
            elif t >= 27 or _terminal(t):
                out["pung_of_terminals_or_honors"] += 1
    eye = reading.eye
    if len(chows) == 4 and _terminal_chows(chows, eye, out):
        pass
    elif len(chows) >= 2:
        _chow_pairs(chows, out)
    if len(chows) <= 2 and len(pungs) >= 2:
        _pung_combos(pungs, out)
    if shown_sets == 0:
        out["fully_concealed_hand" if win.self_drawn else "concealed_hand"] += 1
    elif shown_sets == 4 and not win.self_drawn:
        out["melded_hand"] += 1
    if len(chows) == 4:
        if eye < 27:
            out["all_chows"] += 1
    elif out["two_dragon_pungs"] and eye in DRAGONS:
        out["little_three_dragons"] += 1
        del out["two_dragon_pungs"]
    elif out["big_three_winds"] and eye in WINDS:
        out["little_four_winds"] += 1
        del out["big_three_winds"]
    _pack_traits(sets, eye, out)
    out.add(facts.tile_fans)
    if not out["quadruple_chow"]:
        hogs = facts.fours - shown_kongs - hidden_kongs
        if hogs:
            out["tile_hog"] += hogs
    if not out["melded_hand"] and not out["four_kongs"] and (eye == w or any(
            kind == CHOW and t <= w <= t + 2 for kind, t in concealed_sets)) and facts.unique_wait:
        _wait_fan(concealed_sets, eye, w, out)
    return out


def _terminal_chows(chows: list, eye: int, out: Tally) -> bool:
    """pure_terminal_chows or three_suited_terminal_chows (four chows of 123 and 789 and a pair of 5s)."""
    if eye >= 27 or _rank(eye) != 4 or any(_rank(t) not in (0, 6) for t in chows):
        return False
    suits = [_suit(t) for t in chows]
    if all(s == _suit(eye) for s in suits) and sorted(_rank(t) for t in chows) == [0, 0, 6, 6]:
        out["pure_terminal_chows"] += 1
        return True
    other = {0, 1, 2} - {_suit(eye)}
    have = {(_suit(t), _rank(t)) for t in chows}
    if _suit(eye) not in suits and have == {(s, r) for s in other for r in (0, 6)}:
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
    out = Tally(nine_gates=1)
    out.add(NINE_GATES_EXTRA[w - base])
    facts.win.fans(out)
    return out


def special(facts: HandFacts, name: str) -> Tally:
    """The raw fans of a special shape (seven pairs, seven shifted pairs, the knitted shapes, thirteen
    orphans)."""
    out = Tally()
    conc = facts.concealed
    if name == "seven_shifted_pairs":
        out["seven_shifted_pairs"] += 1
        s = facts.hand.win // 9
        if not conc[9 * s] and not conc[9 * s + 8]:
            out["all_simples"] += 1
    elif name == "seven_pairs_four_alike":
        out["seven_pairs"] += 1
        out.add(facts.tile_fans)
        hogs = facts.fours  # no meld beside seven pairs: the concealed counts are all the tiles
        if hogs:
            out["tile_hog"] += hogs
    elif name == "honors_and_knitted":
        honours = sum(1 for t in range(27, 34) if conc[t])
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
    for knit in KNITS:
        if all(conc[t] for t in knit):
            rest = list(conc)
            for t in knit:
                rest[t] -= 1
            if melds:
                m = melds[0]
                return knit, (m.kind, m.tile, m.exposure != CONCEALED), rest.index(2)
            for p in range(34):
                if rest[p] >= 2:
                    r = list(rest)
                    r[p] -= 2
                    left = [t for t in range(34) for _ in range(r[t])]
                    if len(left) == 3 and left[0] == left[2]:
                        return knit, (PONG, left[0], False), p
                    if len(left) == 3 and left[0] < 27 and left[1] == left[0] + 1 and left[2] == left[0] + 2 \
                            and left[0] % 9 <= 6:
                        return knit, (CHOW, left[0], False), p
            return None
    return None


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
    out = Tally(knitted_straight=1)
    melds = facts.hand.melds
    knit, (kind, t, shown), eye = knit_rest(facts.concealed, melds)
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
        rest = list(facts.concealed)
        for k in knit:
            rest[k] -= 1
        if rest[w]:
            rest[w] -= 1
            if unique_wait(rest):
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
    rank = _rank_of(order)
    for fan in sorted([f for f in out if f in drops and f in rank], key=rank.__getitem__):
        if out.get(fan, 0) > 0:
            for gone in drops[fan]:
                if gone in out:
                    del out[gone]
    return out


_RANKS: dict = {}


def _rank_of(order: tuple) -> dict:
    """``{fan: its place in order}``, made once an order."""
    got = _RANKS.get(id(order))
    if got is None or got[0] is not order:
        if len(_RANKS) > 16:
            _RANKS.clear()
        got = _RANKS[id(order)] = (order, {f: i for i, f in enumerate(order)})
    return got[1]


def settle_sets(out: Tally, pungs: list, win: Win) -> None:
    """The set-level step after the principles: a big three winds takes three wind pungs off the pungs of
    terminals or honours; the seat and prevalent wind pungs take theirs (:func:`_wind_pungs`)."""
    if out.get("big_three_winds") and not out.get("all_honors") and not out.get("all_terminals_and_honors"):
        out["pung_of_terminals_or_honors"] -= 3
    _wind_pungs([t for t in pungs if t in WINDS], win, out)


def fans(facts: HandFacts, reading, order: tuple, drops: dict) -> dict:
    """``{fan id: count}`` of one reading, every principle applied (the flowers are a pattern of their own)."""
    if reading.special:
        out = special(facts, reading.special)
        if reading.special in ("seven_pairs_four_alike", "knitted_straight"):
            apply_principles(out, order, drops)
        return {k: v for k, v in out.items() if v > 0}
    out = regular(facts, reading)
    if out.get("nine_gates"):
        return dict(out)
    apply_principles(out, order, drops)
    pungs = [m.tile for m in facts.hand.melds if m.kind != CHOW] + [t for kind, t, _j in reading.sets if kind != CHOW]
    settle_sets(out, pungs, facts.win)
    kept = {k: v for k, v in out.items() if v > 0}
    if not kept:
        kept["chicken_hand"] = 1
    return kept
