"""How far a hand is from ready (shanten), and which tiles bring it closer (the helpful tiles).

The shanten of a hand is one less than the fewest tiles it must draw to win,
each drawn tile replacing one it throws away: 0 is ready (one tile from a
win), 1 is one exchange from ready, ... A 14-tile hand's shanten is that of
its best discard; -1 when the 14 tiles already form a win.

The count is exact over the shapes a table allows (:class:`Shapes`): sets
and an eye (``sets_needed`` sets: the table's sets less the shown melds), and
each special shape the table plays (thirteen orphans, seven pairs, the knitted
shapes...), counted by the function registered beside its recogniser
(:func:`mjcli.mahjong.shape.shape_draws`); the hand's shanten is the least. It
honours the copies: a drawn tile is one of the four copies of its kind not
in the hand or shown melds (a tile the hand holds four of cannot be drawn), and
a Fei (``J``, a joker) stands for any tile
under the no-fifth-copy rule (a reading never holds more than ``most``
copies of a tile, the Fei standing for it and the shown melds counted); a
set keeps at least one real tile, an eye may be two Fei.

How: the fewest draws is the fewest places of a complete hand that the
hand's own real tiles do not fill. Each suit is read once (memoised) into a
*vector*: for ``m`` sets and ``e`` eyes (``m`` up to the sets the hand
needs, four at least; ``e`` <= 1) that hold at least one of the suit's real
tiles each, the most real tiles of the suit they can hold, no place given
more tiles than its room (the copies left of it). A hand that needs four sets
or fewer reads vectors of four sets (10 entries); one that needs five (the
Taiwanese 16-tile table) vectors of five (12 entries), kept apart: the
*width* is part of every memo's key. The four suits' vectors are combined (the most tiles over every way of
sharing out the sets and the eye), the sets still missing are made of drawn
tiles (or Fei), and the hand's Fei fill places for free, save that a set
made of no real tile of the hand needs at least one drawn tile.

>>> from mjcli.variant import load_builtin
>>> hk = load_builtin("hk")
>>> shanten_text("123m 79m 23p EES N", hk)
3
>>> shanten_text("123m 456m 789m 23p EE", hk)
0
>>> from mjcli.mahjong.tiles import tile_code
>>> [tile_code(t) for t in helpful_tiles(parse_hand("123m 456m 789m 2p ES N"), hk)]
['1p', '2p', '3p', '4p', '1z', '2z', '4z']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .shape import BIG, MAX_SETS, SHAPES
from .shape import orphan_tiles as _orphan_tiles
from .shape import orphans_draws as _orphans
from .shape import pairs_draws as _pairs
from .tiles import (JOKER, ORPHANS, PLACE_INC, SUIT_OF, Hand, _fast_word, _plain_tiles, hand_keys, parse_hand, validate,
                    variant_tiles)

NEG = -64  # an impossible entry of a vector (any sum with it stays negative)
SUIT_BASE = (0, 9, 18, 27)
SUIT_LEN = (9, 9, 9, 7)
SUIT_CHOWS = (True, True, True, False)
_ORPHAN_SET = frozenset(ORPHANS)


@dataclass(frozen=True)
class Shapes:
    """The winning shapes a shanten is counted over.

    ``sets_needed``: the sets beside the eye that the concealed tiles must make (the table's less the shown
    melds, at most :data:`MOST_SETS`);
    ``special``: the special shapes counted too (:class:`mjcli.mahjong.shape.Special`, each with its registered
    ``draws``): those the table plays that allow the hand's shown melds (most allow none);
    ``shown``: the shown melds;
    ``thirteen_orphans`` and ``seven_pairs`` (the older spelling, kept): True adds that shape to ``special``;
    either way they say whether it is there."""

    sets_needed: int = 4
    thirteen_orphans: bool = False
    seven_pairs: bool = False
    special: tuple = ()
    shown: int = 0

    def __post_init__(self):
        special = tuple(self.special)
        for flag, name in ((self.thirteen_orphans, "thirteen_orphans"), (self.seven_pairs, "seven_pairs")):
            if flag and all(sp.name != name for sp in special):
                special += (SHAPES[name],)
        names = {sp.name for sp in special}
        object.__setattr__(self, "special", special)
        object.__setattr__(self, "thirteen_orphans", "thirteen_orphans" in names)
        object.__setattr__(self, "seven_pairs", "seven_pairs" in names)


def variant_shapes(variant) -> tuple[bool, bool]:
    """(thirteen orphans, seven pairs) as the variant plays them (``variant.hand``, see :mod:`mjcli.mahjong.shape`): the
    two shapes the text fast paths count inline."""
    return variant.hand.plays("thirteen_orphans"), variant.hand.plays("seven_pairs")


_SHAPES_OF: dict = {}  # (id of the variant's hand shape, shown melds) -> (hand shape, Shapes)


def shapes_of(hand: Hand, variant) -> Shapes:
    """The shapes a hand is counted over: the variant's sets less its shown melds, and the special shapes the
    variant plays that allow that many shown melds."""
    n = len(hand.melds)
    hs = variant.hand
    got = _SHAPES_OF.get((id(hs), n))
    if got is None or got[0] is not hs:
        special = tuple(sp for sp in hs.specials if sp.draws is not None and n <= sp.shown)
        if len(_SHAPES_OF) > 256:
            _SHAPES_OF.clear()
        got = _SHAPES_OF[(id(hs), n)] = (hs, Shapes(hs.sets - n, special=special, shown=n))
    return got[1]


# --------------------------------------------------------------------------
# One suit: its vector

# A vector is a tuple of 2 * w + 2 ints (w, its width: 4, or the sets the hand needs when more), index 2 * m + e:
# the most real tiles of the suit that m sets and e eyes can hold (each holding at least one of them), NEG when
# they cannot be made. The functions below take a *mode*: bit 0 ``exact`` (see run_vid), the bits above it the
# width less 4 (:func:`mode_of`); the vectors of one width only ever meet each other (and id 0, the empty one).
# A suit's tiles are an int key, 3 bits a place (see mjcli.mahjong.tiles.hand_keys); its *room* the same, the tiles each
# place may still be given (drawn or Fei): the copies the rule allows less the tiles counted there.

VEC0 = (0,) + (NEG,) * 9  # no tiles: no set, no eye, nothing held
_VECS: list = [VEC0]  # id -> vector
MOST_SETS = MAX_SETS  # the widest vector: as many sets as a table's hand may need
_VID: dict = {VEC0: 0}  # vector -> id
_MEMO: dict = {}  # key | room << 27 | places << 54 -> vector id of a run of places with chows
_ROOM_MASK = tuple((1 << 3 * max(0, i - 2)) - 1 for i in range(10))  # the places below i - 2 (no set reaches them)


def _vid(v: tuple) -> int:
    i = _VID.get(v)
    if i is None:
        i = _VID[v] = len(_VECS)
        _VECS.append(v)
    return i


def mode_of(exact: bool, sets_needed: int) -> int:
    """The mode the vector functions take: bit 0 ``exact`` (see :func:`run_vid`), the bits above it the width
    less 4 (four sets at least, else the sets the hand needs).

    >>> mode_of(False, 4), mode_of(True, 3), mode_of(False, 5), mode_of(True, 5)
    (0, 1, 2, 3)
    """
    if not 0 <= sets_needed <= MOST_SETS:
        raise ValueError(f"a hand needing {sets_needed} sets: shanten counts 0 to {MOST_SETS}")
    return int(exact) | (sets_needed - 4 if sets_needed > 4 else 0) << 1


_EMPTY = [0] + [_vid((0,) + (NEG,) * (9 + 2 * w)) for w in range(1, MOST_SETS - 3)]  # width less 4 -> empty


_SET: dict = {}  # vector id * 8 + real -> the vector with one more set holding ``real`` tiles on top
_EYE: dict = {}  # the same with the eye
_MAX: dict = {}  # (vector id, vector id) -> their larger entries


def _with_set(vid: int, real: int) -> int:
    k = vid * 8 + real
    r = _SET.get(k)
    if r is None:
        sub = _VECS[vid]
        n = len(sub)
        out = [NEG] * n
        for j in range(n - 2):
            if sub[j] >= 0:
                out[j + 2] = sub[j] + real
        r = _SET[k] = _vid(tuple(out))
    return r


def _with_eye(vid: int, real: int) -> int:
    k = vid * 8 + real
    r = _EYE.get(k)
    if r is None:
        sub = _VECS[vid]
        n = len(sub)
        out = [NEG] * n
        for j in range(0, n, 2):
            if sub[j] >= 0:
                out[j + 1] = sub[j] + real
        r = _EYE[k] = _vid(tuple(out))
    return r


def _max(a: int, b: int) -> int:
    if a == b:
        return a
    k = (a, b) if a < b else (b, a)
    r = _MAX.get(k)
    if r is None:
        r = _MAX[k] = _vid(tuple(x if x > y else y for x, y in zip(_VECS[a], _VECS[b])))
    return r


def run_vector(key: int, room: int, n: int, exact: int = True) -> tuple:
    """The vector of ``n`` places of a suit with chows, holding the tiles ``key``, each place able to take
    ``room`` more tiles (chows only within the n places); ``exact`` a mode (:func:`mode_of`).

    >>> run_vector(0o111, 0o333, 9)[:4]   # 123: a set of three tiles; or a set of two and an eye of one
    (0, 1, 3, 3)
    >>> run_vector(0o4, 0o0, 9)[:4]       # 1111: the eye holds two, a set three; no fifth 1 for both
    (0, 2, 3, -64)
    >>> # 12345 read five sets wide: four sets hold all five (123 a chow), so do five (one tile each); five sets
    >>> # and the eye are six groups, each holding one of five tiles: none
    >>> run_vector(0o11111, 0o33333, 9, mode_of(True, 5))[8:]
    (5, 5, 5, -64)
    """
    return _VECS[run_vid(key, room, n, exact)]


def run_vid(key: int, room: int, n: int, exact: int) -> int:
    """:func:`run_vector` as a vector id (memoised); ``exact`` a mode (:func:`mode_of`): the vector's width; and with
    bit 0 clear: for a hand with no Fei, where only the tiles held count (a set that holds no real tile is
    as good as one made anywhere of drawn tiles), a chow takes a real tile at each place that has one (giving
    it to another set instead never holds more tiles): fewer ways to try. Set: every way, so that the count
    of sets holding a real tile is exact (the Fei need it)."""
    st2 = st = key | room << 27 | n << 54 | exact << 58
    v = _MEMO.get(st)
    if v is not None:
        return v
    if not key:
        return _EMPTY[exact >> 1]
    low = key & -key
    i = (low.bit_length() - 1) // 3
    one = 1 << 3 * i
    c = (key >> 3 * i) & 7
    if i >= 1:
        # below i only chows reach, each with one tile given there: a place i - 2 serves chows whose lowest
        # real tile is at i, i - 1 those at i or i + 1; room beyond that never binds
        room &= ~_ROOM_MASK[i]
        for p, most in ((i - 2, c), (i - 1, c + ((key >> 3 * i + 3) & 7))):
            if p >= 0:
                r = (room >> 3 * p) & 7
                if r > most:
                    room -= (r - most) << 3 * p
        st2 = key | room << 27 | n << 54 | exact << 58
        if st2 != st:
            v = _MEMO.get(st2)
            if v is not None:
                _MEMO[st] = v
                return v
    ri = (room >> 3 * i) & 7
    best = run_vid(key - one, room, n, exact)  # this tile not used
    for real in (3, 2, 1):  # a pong of place i, its other places drawn or Fei
        if c >= real and 3 - real <= ri:
            best = _max(best, _with_set(run_vid(key - real * one, room - (3 - real) * one, n, exact), real))
    for real in (2, 1):  # the eye
        if c >= real and 2 - real <= ri:
            best = _max(best, _with_eye(run_vid(key - real * one, room - (2 - real) * one, n, exact), real))
    for start in (i - 2, i - 1, i):  # chows whose lowest real tile is at i: the places below i given
        if 0 <= start <= n - 3:
            r2 = room
            ok = True
            for p in range(start, i):
                if not (r2 >> 3 * p) & 7:
                    ok = False
                    break
                r2 -= 1 << 3 * p
            if ok:
                best = _chow_rest(best, key - one, r2, i + 1, start + 3, 1, n, exact)
    if len(_MEMO) > 400_000:
        _MEMO.clear()
    _MEMO[st] = best
    if st2 != st:
        _MEMO[st2] = best
    return best


def _chow_rest(best: int, key: int, room: int, p: int, end: int, real: int, n: int, exact: bool) -> int:
    """Places p..end-1 of a chow, each a real tile when there is one or a given one; then the rest."""
    if p == end:
        return _max(best, _with_set(run_vid(key, room, n, exact), real))
    one = 1 << 3 * p
    held = (key >> 3 * p) & 7
    if held:
        best = _chow_rest(best, key - one, room, p + 1, end, real + 1, n, exact)
    if (exact & 1 or not held) and (room >> 3 * p) & 7:
        best = _chow_rest(best, key, room - one, p + 1, end, real, n, exact)
    return best


def combine(a: tuple, b: tuple) -> tuple:
    """The vector of two groups of tiles together (of one width): the sets add up (at most the width), one eye
    at most."""
    n = len(a)
    out = [NEG] * n
    for i in range(n):
        x = a[i]
        if x < 0:
            continue
        for j in range(0, n - (i & ~1), 1 + (i & 1)):  # the sets add up to the width at most; one eye at most
            y = b[j]
            if y >= 0 and x + y > out[i + j]:
                out[i + j] = x + y
    return tuple(out)


_COMB: dict = {}  # vector id << 20 | vector id -> vector id


def combine_ids(a: int, b: int) -> int:
    if a == 0:
        return b
    if b == 0:
        return a
    k = a << 20 | b
    c = _COMB.get(k)
    if c is None:
        if len(_COMB) > 400_000:
            _COMB.clear()
        c = _COMB[k] = _vid(combine(_VECS[a], _VECS[b]))
    return c


_SUIT: dict = {}  # key | room << 27 | honours << 54 -> vector id


def suit_vid(s: int, key: int, room: int, exact: int = True) -> int:
    """The vector id of suit ``s`` holding ``key`` with ``room`` (each place's room clamped at 4); ``exact`` a
    mode (:func:`mode_of`).

    A suit's tiles fall into runs that no set can join: two places with no tile and full room between
    them (a chow spans three places). Each run is read alone, shifted to the places it can reach (two on
    each side, fewer at the suit's ends), so every suit with the same run shares its answer; the runs'
    vectors are then combined. An honour is a run of its own (no chows).
    """
    if not key:
        return 0
    honours = s == 3
    k = key | room << 27 | honours << 54 | exact << 55
    v = _SUIT.get(k)
    if v is not None:
        return v
    n = SUIT_LEN[s]
    v = 0
    if honours:
        for i in range(n):
            c = (key >> 3 * i) & 7
            if c:
                r = (room >> 3 * i) & 7
                v = combine_ids(v, _vid(_honour_vector(c, r if r < 4 else 4, exact >> 1)))
    else:
        lo = None
        gap = 0
        for i in range(n + 2):
            c = (key >> 3 * i) & 7 if i < n else 0
            full = i >= n or (room >> 3 * i) & 7 >= 4
            if c:
                if lo is None:
                    lo = i
                hi = i
                gap = 0
            elif lo is not None:
                gap = gap + 1 if full else 0
                if gap >= 2 or i >= n:
                    v = combine_ids(v, _run_vid(key, room, lo, hi, n, exact))
                    lo = None
                    gap = 0
    if len(_SUIT) > 400_000:
        _SUIT.clear()
    _SUIT[k] = v
    return v


def _run_vid(key: int, room: int, lo: int, hi: int, n: int, exact: int) -> int:
    base = lo - 2 if lo >= 2 else 0
    top = hi + 2 if hi + 2 < n else n - 1
    places = top - base + 1
    mask = (1 << 3 * places) - 1
    rk = (key >> 3 * base) & mask
    rr = (room >> 3 * base) & mask
    clamped = 0
    for p in range(places):  # a place's room beyond 4 never binds: four sets at most pass through it
        x = (rr >> 3 * p) & 7
        clamped |= (x if x < 4 else 4) << 3 * p
    return run_vid(rk, clamped, places, exact)


def _honour_vector(c: int, r: int, wide: int = 0) -> tuple:
    """The vector of ``c`` copies of one honour with room ``r``: a pong or the eye (``wide``: the width less 4)."""
    best = [NEG] * (10 + 2 * wide)
    best[0] = 0
    for real in (3, 2, 1):
        if c >= real and 3 - real <= r:
            best[2] = max(best[2], real)
    for real in (2, 1):
        if c >= real and 2 - real <= r:
            best[1] = max(best[1], real)
    return tuple(best)


_DRAWS: dict = {}  # vector id << 8 | sets needed << 4 | Fei -> the fewest tiles to draw


def draws_needed(vid: int, sets_needed: int, jokers: int) -> int:
    """The fewest tiles to draw to complete ``sets_needed`` sets and an eye, given the whole hand's vector and
    its free Fei: the places no real tile fills, less the Fei, but at least one drawn tile for each set that
    holds no real tile of the hand."""
    k = vid << 8 | sets_needed << 4 | jokers
    d = _DRAWS.get(k)
    if d is None:
        v = _VECS[vid]
        full = 3 * sets_needed + 2
        d = full + 1
        top = len(v) // 2 - 1  # the empty vector (id 0) is narrow: no set beyond its width holds a tile
        for m in range(1 + (sets_needed if sets_needed < top else top)):
            for e in (0, 1):
                u = v[2 * m + e]
                if u >= 0:
                    x = full - u - jokers
                    fresh = sets_needed - m
                    if fresh > x:
                        x = fresh
                    if x < d:
                        d = x
        if d < 0:
            d = 0
        if len(_DRAWS) > 400_000:
            _DRAWS.clear()
        _DRAWS[k] = d
    return d


# --------------------------------------------------------------------------
# Rooms: how many more tiles each place may take


_ROOMS: dict = {}  # (suit, counted key, most) -> room int


def suit_room(s: int, counted: int, most: int) -> int:
    """The room of suit ``s`` whose counted tiles (the hand's and the shown melds') make the key ``counted``:
    ``most`` less the tiles at each place (0 at least)."""
    k = (s, counted, most)
    r = _ROOMS.get(k)
    if r is None:
        r = 0
        for i in range(SUIT_LEN[s]):
            v = most - ((counted >> 3 * i) & 7)
            if v > 0:
                r |= v << 3 * i
        if len(_ROOMS) > 200_000:
            _ROOMS.clear()
        _ROOMS[k] = r
    return r


_PLAIN: tuple = ({}, {}, {}, {})  # per suit: key -> vector id with the room of four copies less the key's (no Fei)
_PLAIN_EXACT: tuple = ({}, {}, {}, {})  # the same, exact (a hand with Fei)
_PLAINS: list = [_PLAIN, _PLAIN_EXACT] + [({}, {}, {}, {}) for _ in range(2 * (MOST_SETS - 4))]  # mode -> the same


def plain_vid(s: int, key: int, exact: int = False) -> int:
    """The vector id of a suit with no shown tiles and at most four copies of a tile (``exact`` a mode)."""
    d = _PLAINS[exact][s]
    v = d.get(key)
    if v is None:
        if len(d) > 200_000:
            d.clear()
        v = d[key] = suit_vid(s, key, suit_room(s, key, 4), exact)
    return v


# --------------------------------------------------------------------------
# A whole hand


@dataclass
class Position:
    """A hand as the shanten reads it: the concealed tiles' suit keys and free Fei, and what stays fixed: the
    shown melds' tiles by suit (``shown``: a Fei in a meld as the tile it stands for; ``shown_real``: real
    tiles only), the copies a reading may hold (``most``), the shapes."""

    keys: tuple
    jokers: int
    shown: tuple
    shown_real: tuple
    most: int
    shapes: Shapes

    def __post_init__(self):
        self.wide = mode_of(False, self.shapes.sets_needed)  # the width of its vectors, as a mode's bits

    def std(self, keys, sets: int) -> int:
        """The fewest draws for the real tiles ``keys`` alone to make ``sets`` sets and an eye (at most the
        hand's), the copies left counted from ``keys`` and the shown melds: what a special shape's registered
        draws ask of the standard shape (the knitted straight's set and pair)."""
        vid = self.vid
        v = combine_ids(combine_ids(vid(0, keys[0]), vid(1, keys[1])), combine_ids(vid(2, keys[2]), vid(3, keys[3])))
        return draws_needed(v, sets, 0)

    def vid(self, s: int, key: int, exact: bool = False) -> int:
        """The vector id of suit ``s`` holding ``key`` (``exact``: the hand has Fei, see :func:`run_vid`)."""
        if self.wide:
            exact = exact | self.wide
        shown = self.shown[s]
        if not shown and self.most == 4:
            return plain_vid(s, key, exact)
        if not key:
            return 0
        return suit_vid(s, key, suit_room(s, key + shown, self.most), exact)

    def can_draw(self, t: int, keys=None) -> bool:
        """Whether real tile ``t`` can come: fewer than four real copies counted in hand and melds, and a
        reading with it holds no copy beyond ``most`` (a Fei in a meld standing for it counts)."""
        s = SUIT_OF[t]
        sh = 3 * (t - SUIT_BASE[s])
        c = ((self.keys if keys is None else keys)[s] >> sh) & 7
        return c + ((self.shown_real[s] >> sh) & 7) < 4 and c + ((self.shown[s] >> sh) & 7) < self.most


_NO_SHOWN = (0, 0, 0, 0)


def position(hand: Hand, variant, shapes: Shapes | None = None) -> Position:
    if hand.melds:
        shown = [0, 0, 0, 0]
        real = [0, 0, 0, 0]
        for m in hand.melds:
            for i, t in enumerate(m.tiles):
                shown[SUIT_OF[t]] += PLACE_INC[t]
                if i not in m.jokers:
                    real[SUIT_OF[t]] += PLACE_INC[t]
        shown, real = tuple(shown), tuple(real)
    else:
        shown = real = _NO_SHOWN
    return Position(hand_keys(hand), hand.jokers, shown, real, variant.most_copies,
                    shapes or shapes_of(hand, variant))


def draws(pos: Position, keys=None, jokers: int | None = None) -> int:
    """The fewest tiles to draw (each replacing a tile thrown away) to win, over every shape allowed."""
    if keys is None:
        keys = pos.keys
    if jokers is None:
        jokers = pos.jokers
    vid = pos.vid
    x = jokers > 0
    d = draws_needed(combine_ids(combine_ids(vid(0, keys[0], x), vid(1, keys[1], x)),
                                 combine_ids(vid(2, keys[2], x), vid(3, keys[3], x))), pos.shapes.sets_needed, jokers)
    shapes = pos.shapes
    for sp in shapes.special:
        o = sp.draws(keys, jokers, shapes.shown, pos.std, d)
        if o < d:
            d = o
    return d


def shanten(hand: Hand, variant, shapes: Shapes | None = None) -> int:
    """The hand's shanten: 0 ready, -1 (14 tiles) a win, else how many exchanges from ready.

    A 13-tile hand (or 13 counting melds) and a 14-tile one both; their tiles are not checked here.

    >>> from mjcli.variant import load_builtin
    >>> orphans = parse_hand("19m 19p 19s ESWNPF C")
    >>> shanten(orphans, load_builtin("hk")), shanten(orphans, load_builtin("hk"), Shapes(4))
    (0, 8)
    >>> shanten(parse_hand("147m 258p 369s ESW C"), load_builtin("mcr"))   # lesser honours and knitted tiles
    0
    """
    return draws(position(hand, variant, shapes)) - 1


_FAST: dict = {}  # id(variant) -> (variant, suits it lacks, thirteen orphans, seven pairs, _word's bad bits)
_LOW2 = int("011" * 9, 2)
_ONES = int("001" * 9, 2)


def _fast_plan(variant):
    entry = _FAST.get(id(variant))
    if entry is None or entry[0] is not variant:
        have = set(variant_tiles(variant))
        lacks = tuple(s for s in range(4) if not have & set(range(SUIT_BASE[s], SUIT_BASE[s] + SUIT_LEN[s])))
        if len(_FAST) > 64:
            _FAST.clear()
        full = all(set(range(SUIT_BASE[s], SUIT_BASE[s] + SUIT_LEN[s])) <= have for s in range(4) if s not in lacks)
        plain = full and variant.most_copies == 4 and variant.hand.sets == 4  # the fast path's tables: four sets
        lacks = lacks if plain else None
        thirteen, seven = variant_shapes(variant)
        if any(n not in ("thirteen_orphans", "seven_pairs") for n in variant.hand.special):
            lacks = None  # another special shape: no fast path, each line through the parser
        # the packed counts (see _word) a line of words may not have: a suit twice, a suit the set lacks
        bad = 0 if lacks is None or seven else _TWICE | sum(1 << 16 + 3 * s for s in lacks)
        entry = _FAST[id(variant)] = (variant, lacks, thirteen, seven, bad)
    return entry


# A line of at most four words, one per suit (``1334899m 116p 8s SN``), the commonest spelling, is read a word at
# a time: each word keeps its suit vector and a packed count (:func:`_word`), and the draws of the words'
# vectors together are kept by their vector ids (:data:`_MERGE`), so a line costs a look-up a word and one
# more. Any other line takes the parser's fast path (:func:`_shanten_line`).

_WORD: dict = {}  # a word -> (packed count, vector id), or False: not such a word
_WORD_RE = re.compile(r"[1-9]+[mps]|[1-7]+z|[ESWNPFC]+")
_TWICE = 0o6666 << 16  # a suit field of the packed count above 1: a suit written in two words
_MERGE: dict = {}  # the vector ids of a line's words -> the draws to the standard shape (four sets, no Fei)
_LAST: tuple = (None, 0, False)  # the last variant asked: (variant, the bad bits of a packed count, thirteen orphans)


def _word(w: str):
    """What :func:`shanten_text` keeps of one word of one suit's tiles (no Fei, no fifth copy): the packed count
    (its tiles, its terminals and honours << 8, 1 << 16 + 3 * its suit) and its suit vector id."""
    got = False
    if _WORD_RE.fullmatch(w):
        f = _fast_word(w)
        if f is not None and f[1] < 4 and JOKER not in f[0]:
            tiles, s, key, _ = f
            k = key
            ok = True
            while k:
                if k & 7 > 4:
                    ok = False
                k >>= 3
            if ok:
                got = (len(tiles) | sum(1 for t in tiles if t in _ORPHAN_SET) << 8 | 1 << 16 + 3 * s, plain_vid(s, key))
    if len(_WORD) > 100_000:
        _WORD.clear()
    _WORD[w] = got
    return got


def _merge(vids: tuple) -> int:
    whole = 0
    for v in vids:
        whole = combine_ids(whole, v)
    d = draws_needed(whole, 4, 0)
    if len(_MERGE) > 400_000:
        _MERGE.clear()
    _MERGE[vids] = d
    return d


def _last(variant) -> tuple:
    global _LAST
    entry = _fast_plan(variant)
    _LAST = (variant, entry[4], entry[2])
    return _LAST


def shanten_text(text: str, variant) -> int:
    """The shanten of one line of notation (library API): parsed, its tiles checked against the variant.

    A line of one word per suit, each suit once, is read from its words' kept vectors; another plain line
    (concealed tiles only, no Fei) straight into its suit keys; any other line goes through
    :func:`mjcli.mahjong.tiles.parse_hand` and :func:`mjcli.mahjong.tiles.validate`.

    >>> from mjcli.variant import load_builtin
    >>> shanten_text("1111m 123p 456p 789p", load_builtin("hk"))   # the fifth 1m does not exist
    1
    >>> shanten_text("123m 456m 789m 123p 55p", load_builtin("hk"))   # 14 tiles that win
    -1
    """
    last = _LAST
    if last[0] is not variant:
        last = _last(variant)
    bad = last[1]
    words = text.split(" ")
    if bad and len(words) <= 4:
        tot = 0
        vids = []
        known = _WORD
        for w in words:
            g = known.get(w)
            if not g:
                if g is False:
                    break
                g = _word(w)
                if not g:
                    break
            tot += g[0]
            vids.append(g[1])
        else:
            if not tot & bad and 13 <= tot & 255 <= 14:
                vids = tuple(vids)
                d = _MERGE.get(vids)
                if d is None:
                    d = _merge(vids)
                if not last[2] or d <= 14 - (tot >> 8 & 255):
                    return d - 1
    return _shanten_line(text, variant, _fast_plan(variant))


def _shanten_line(text: str, variant, entry) -> int:
    """:func:`shanten_text` of a line that is not one word per suit."""
    plain = _plain_tiles(text)
    if plain is not None and not plain[1] and len(plain[0]) in (13, 14):
        _, lacks, thirteen, seven, _ = entry
        k0, k1, k2, k3 = keys = plain[4]
        if lacks is not None and not any(keys[s] for s in lacks) and not (
                (k0 >> 2) & ((k0 & _LOW2) | (k0 & _LOW2) >> 1) | (k1 >> 2) & ((k1 & _LOW2) | (k1 & _LOW2) >> 1)
                | (k2 >> 2) & ((k2 & _LOW2) | (k2 & _LOW2) >> 1) | (k3 >> 2) & ((k3 & _LOW2) | (k3 & _LOW2) >> 1)
        ) & _ONES:  # no fifth copy
            p0, p1, p2, p3 = _PLAIN
            a = p0.get(k0)
            if a is None:
                a = plain_vid(0, k0)
            b = p1.get(k1)
            if b is None:
                b = plain_vid(1, k1)
            c = p2.get(k2)
            if c is None:
                c = plain_vid(2, k2)
            e = p3.get(k3)
            if e is None:
                e = plain_vid(3, k3)
            comb = _COMB
            ab = a if not b else b if not a else comb.get(a << 20 | b) or combine_ids(a, b)
            ce = c if not e else e if not c else comb.get(c << 20 | e) or combine_ids(c, e)
            whole = ab if not ce else ce if not ab else comb.get(ab << 20 | ce) or combine_ids(ab, ce)
            d = _DRAWS.get(whole << 8 | 64)
            if d is None:
                d = draws_needed(whole, 4, 0)
            if thirteen and d > 14 - _orphan_tiles(keys):
                o = _orphans(keys, 0)
                if o < d:
                    d = o
            if seven:
                o = _pairs(keys, 0)
                if o < d:
                    d = o
            return d - 1
    hand = parse_hand(text)
    validate(hand, variant, size=None)
    return shanten(hand, variant)


# --------------------------------------------------------------------------
# The helpful tiles

_STD_PLACES: dict = {}  # (suit, key, shown, shown real, most, others, sets needed, Fei) -> helpful places


def _std_places(pos: Position, s: int, key: int, others: int, sn: int, jokers: int, d: int) -> tuple:
    """The places of suit ``s`` where one more tile leaves the standard shape one draw nearer (memoised)."""
    k = (s, key, pos.shown[s], pos.shown_real[s], pos.most, others, sn, jokers)
    out = _STD_PLACES.get(k)
    if out is None:
        base = SUIT_BASE[s]
        shown, real, most = pos.shown[s], pos.shown_real[s], pos.most
        vid = pos.vid
        x = jokers > 0
        out = []
        for p in range(SUIT_LEN[s]):
            sh = 3 * p
            c = (key >> sh) & 7
            if c + ((real >> sh) & 7) < 4 and c + ((shown >> sh) & 7) < most:
                if draws_needed(combine_ids(vid(s, key + (1 << sh), x), others), sn, jokers) < d:
                    out.append(base + p)
        if len(_STD_PLACES) > 400_000:
            _STD_PLACES.clear()
        out = _STD_PLACES[k] = tuple(out)
    return out


def helpful(pos: Position, candidates, fei: bool = False) -> tuple[int, list[int]]:
    """The draws the hand needs now, and the tiles of ``candidates`` (a set or range of real tiles) each of which,
    drawn, leaves one draw fewer, in tile order; then JOKER when ``fei`` (a Fei can still come) and a Fei
    would."""
    keys = pos.keys
    jokers = pos.jokers
    sn = pos.shapes.sets_needed
    vid = pos.vid
    x = jokers > 0
    v0, v1, v2, v3 = vid(0, keys[0], x), vid(1, keys[1], x), vid(2, keys[2], x), vid(3, keys[3], x)
    a01, a23 = combine_ids(v0, v1), combine_ids(v2, v3)
    d_std = draws_needed(combine_ids(a01, a23), sn, jokers)
    shapes = pos.shapes
    d = d_std
    special = []
    for sp in shapes.special:  # each special shape's draws, exact where it is the least
        o = sp.draws(keys, jokers, shapes.shown, pos.std, BIG)
        special.append((sp, o))
        if o < d:
            d = o
    found = set()
    if d_std == d:
        for s, others in ((0, combine_ids(v1, a23)), (1, combine_ids(v0, a23)), (2, combine_ids(a01, v3)),
                          (3, combine_ids(a01, v2))):
            if keys[s] or d > 1 or jokers:
                found.update(_std_places(pos, s, keys[s], others, sn, jokers, d))
    for sp, o in special:
        if o == d:
            work = list(keys)
            for t in (range(34) if sp.tiles is None else sorted(sp.tiles)):
                if t not in found and pos.can_draw(t):
                    s = SUIT_OF[t]
                    work[s] += PLACE_INC[t]
                    if sp.draws(work, jokers, shapes.shown, pos.std, d) < d:
                        found.add(t)
                    work[s] -= PLACE_INC[t]
    if isinstance(candidates, range) and len(candidates) == 34:
        out = sorted(found)
    else:
        out = sorted(t for t in found if t in candidates)
    if fei and draws(pos, keys, jokers + 1) < d:
        out.append(JOKER)
    return d, out


def helpful_tiles(hand: Hand, variant, fei: bool = True) -> list[int]:
    """The tiles that lower a 13-tile hand's shanten, drawn (library API, no scoring), in tile order; JOKER last
    when a Fei would and one is still to come (``fei``)."""
    pos = position(hand, variant)
    cands = variant_tiles(variant)
    more_fei = fei and variant.tiles.jokers > hand.jokers_total()
    return helpful(pos, range(34) if len(cands) == 34 else frozenset(cands), more_fei)[1]
