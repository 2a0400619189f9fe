"""Every reading of a hand into sets and an eye, and the tiles a hand waits on.

Work is done one suit at a time: a suit's counts split into sets and at most
one eye, Fei filling places, and the answers are cached by those counts, so
the same suit shape is solved once per process however many hands share it.
Waits and "is it complete" use lookup tables (a table of every complete suit
shape, memoised masks with the Fei as an extra dimension, and a memo of the
places where one more tile completes a suit given the other suits): no
candidate tile is tried by decomposing the hand again. ``readings`` (for
scoring) lists every split, from each suit's cached splits.

>>> from mjcli.mahjong.tiles import parse_hand
>>> sorted(r.describe() for r in readings(parse_hand("111222333m 789p 55s")))
['111m 222m 333m 789p 55s', '123m 123m 123m 789p 55s']
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from .shape import as_shape
from .tiles import CHOW, JOKER, PLACE_INC, PONG, SUIT_OF, Hand, hand_keys, tile_code, variant_tiles

# A set inside a reading: (kind, lowest tile, number of Fei in it)
SetT = tuple  # (str, int, int)

@dataclass(frozen=True)
class Reading:
    """One way to read the concealed tiles: sets, an eye, or a special shape.

    ``win_in`` says where the winning tile sits: an index into ``sets``,
    ``-1`` for the eye, ``None`` when unknown or not placed.
    """

    sets: tuple[SetT, ...] = ()
    eye: int | None = None
    eye_jokers: int = 0
    special: str | None = None
    win_in: int | None = None

    def describe(self) -> str:
        if self.special:
            return self.special
        memo = _SET_TEXT
        parts = [memo.get(s) or _set_text(s) for s in self.sets]  # _set_text of each, its memo read here
        if self.eye is not None:
            parts.append(_EYE_TEXT[self.eye] if not self.eye_jokers else _set_text(("eye", self.eye, self.eye_jokers)))
        return " ".join(parts)


_SET_TEXT: dict = {}


def _set_text(s) -> str:
    """Text of a set ``(kind, tile, Fei)`` (kind "eye" for the eye), memoised."""
    text = _SET_TEXT.get(s)
    if text is None:
        kind, t, j = s
        tiles = [t, t + 1, t + 2] if kind == CHOW else [t] * (2 if kind == "eye" else 3)
        text = _SET_TEXT[s] = _text(tiles, j)
    return text


def _text(tiles, jokers):
    codes = [tile_code(t) for t in tiles]
    suit = codes[0][1]
    body = "".join(c[0] for c in codes)
    if suit == "z":
        body = "".join("ESWNPFC"[int(c[0]) - 1] for c in codes)
        suit = ""
    return body + suit + ("~" + "J" * jokers if jokers else "")


_EYE_TEXT = tuple(_text([t, t], 0) for t in range(34))  # an eye with no Fei: _set_text(("eye", t, 0))


# --------------------------------------------------------------------------
# One suit


def suit_splits(counts: tuple[int, ...], chows: bool, jokers: int, room: tuple[int, ...] | None = None) -> tuple:
    """Every split of one suit's counts into sets and at most one eye.

    Returns a tuple of ``(jokers_used, eye, eye_jokers, sets)`` where ``eye``
    is the index within the suit or None and ``sets`` holds
    ``(kind, index, jokers)``. Every set keeps at least one real tile.
    ``room`` (one number a place, or None for no bound) is how many Fei may
    stand for each place: no fifth copy of a tile (see :func:`fei_room`).

    >>> suit_splits((1, 1, 1, 0, 0, 0, 0, 0, 2), True, 0)
    ((0, 8, 0, (('chow', 0, 0),)),)
    >>> len(suit_splits((1, 1, 0, 0, 0, 0, 0, 0, 0), True, 1)), suit_splits((1, 1, 0, 0, 0, 0, 0, 0, 0), True, 1, (1, 1, 0) + (1,) * 6)
    (1, ())
    """
    key = 0
    free = 0
    for i, c in enumerate(counts):
        key |= c << 3 * i
        free |= (jokers if room is None else room[i]) << 4 * i
    if _SPLIT_HELD[0] > _HELD_CAP:  # splits held in all: emptied between two suits (memory, issue 31)
        _SPLIT_MEMO.clear()
        _SPLIT_HELD[0] = 0
    out = [(u, e, ej, _bag_sets(bag)) for u, e, ej, bag in _split_search(key, free, jokers, True, chows, len(counts))]
    return tuple(sorted(out, key=lambda x: (x[0], x[1] is not None, x[1] or 0, x[3])))


# The search for every split is memoised by its state (issue 31): the tiles
# left (a key, 3 bits a place), the Fei that may still stand for each place
# (``free``, 4 bits a place, dropped below the lowest tile left less two and
# clamped at the Fei left, as in :func:`suit_mask_r`), the Fei left and
# whether the eye is still to take. A state's splits are worked out once and
# shared by every way of reaching it: the plain search went down each order
# of the same sets again (two alike chows, a pong and a chow over the same
# tile...), for four Fei a hundred thousand steps for one suit. Inside the
# search a split's sets are a *bag*, one int: 3 bits for each set (kind,
# place, Fei), numbered in the order the sets sort in, so adding a set is an
# addition and the sets come out sorted.

_SPLIT_MEMO: dict = {}  # (key, free, Fei left, eye to take, chows, places) -> frozenset of (Fei, eye, eye Fei, bag)
_SPLIT_HELD = [0]  # the splits _SPLIT_MEMO holds, all its states together
_HELD_CAP = 50_000  # splits a memo of them may hold before it is emptied (some 20 MB)
_NO_SPLIT = frozenset({(0, None, 0, 0)})
_FREE_ABOVE = tuple(((1 << 36) - 1) & ~((1 << 4 * max(0, i - 2)) - 1) for i in range(9))
_SET_OF_CODE = tuple((kind, i, j) for kind in (CHOW, PONG) for i in range(9) for j in range(3))  # sorted
_SET_BIT = {st: 1 << 3 * code for code, st in enumerate(_SET_OF_CODE)}  # a set -> its unit in a bag
_ONES3 = int("001" * 9, 2)
_ONES4 = int("0001" * 9, 2)
# b -> two places' room (8 bits, 4 a place) -> the same clamped at b
_CLAMP2 = tuple(tuple(min(r & 15, b) | min(r >> 4, b) << 4 for r in range(256)) for b in range(16))


def _bag_sets(bag: int) -> tuple:
    """The sets of a bag, sorted."""
    out = []
    while bag:
        code = ((bag & -bag).bit_length() - 1) // 3
        count = (bag >> 3 * code) & 7
        out += [_SET_OF_CODE[code]] * count
        bag -= count << 3 * code
    return tuple(out)


def _chow_options(n: int) -> tuple:
    """For each place i of a suit of ``n`` places, the chows whose lowest real tile is at i: ``(Fei used, bag unit,
    places that must hold a Fei (a bit at 4p), places that must hold a tile (a bit at 3p), key less, free less)``.
    Places under i are Fei; each place above i a tile or a Fei; two Fei at most."""
    out = []
    for i in range(n):
        opts = []
        for start in (i - 2, i - 1, i):
            if start < 0 or start + 2 >= n:
                continue
            above = range(i + 1, start + 3)
            for choice in product((True, False), repeat=len(above)):
                fei = list(range(start, i)) + [p for use, p in zip(choice, above) if not use]
                real = [p for use, p in zip(choice, above) if use]
                if len(fei) > 2:
                    continue
                opts.append((len(fei), _SET_BIT[(CHOW, start, len(fei))], sum(1 << 4 * p for p in fei),
                             sum(1 << 3 * p for p in real), (1 << 3 * i) + sum(1 << 3 * p for p in real),
                             sum(1 << 4 * p for p in fei)))
        out.append(tuple(opts))
    return tuple(out)


_CHOWS_AT = {9: _chow_options(9)}  # places in the suit -> _chow_options (a suit of other lengths: made when asked)


def _split_search(key: int, free: int, jk: int, eye_ok: bool, chows: bool, n: int) -> frozenset:
    """The splits of ``key`` with ``jk`` Fei at most, as :func:`suit_splits` lists them (Fei counted from
    this state on, the sets a bag), unordered."""
    if not key:
        return _NO_SPLIT
    i = ((key & -key).bit_length() - 1) // 3
    free &= _FREE_ABOVE[i]
    t = _CLAMP2[jk]
    free = t[free & 255] | t[(free >> 8) & 255] << 8 | t[(free >> 16) & 255] << 16 | t[(free >> 24) & 255] << 24 \
        | t[free >> 32] << 32
    st = (key, free, jk, eye_ok, chows, n)
    found = _SPLIT_MEMO.get(st)
    if found is not None:
        return found
    out = set()
    add = out.add
    one = 1 << 3 * i
    fone = 1 << 4 * i
    c = (key >> 3 * i) & 7
    fi = (free >> 4 * i) & 15
    # pong, with 0..2 Fei
    for real in (3, 2, 1):
        need = 3 - real
        if c >= real and need <= jk and need <= fi:
            unit = _SET_BIT[(PONG, i, need)]
            for u, e, ej, bag in _split_search(key - real * one, free - need * fone, jk - need, eye_ok, chows, n):
                add((u + need, e, ej, bag + unit))
    # chows in which i is the lowest real tile
    if chows:
        has_free = (free | free >> 1 | free >> 2 | free >> 3) & _ONES4
        has_tile = (key | key >> 1 | key >> 2) & _ONES3
        options = _CHOWS_AT.get(n)
        if options is None:
            options = _CHOWS_AT[n] = _chow_options(n)
        for used, unit, fei, real, key_less, free_less in options[i]:
            if used <= jk and has_free & fei == fei and has_tile & real == real:
                for u, e, ej, bag in _split_search(key - key_less, free - free_less, jk - used, eye_ok, chows, n):
                    add((u + used, e, ej, bag + unit))
    if eye_ok:
        for real in (2, 1):
            need = 2 - real
            if c >= real and need <= jk and need <= fi:
                for u, _, _, bag in _split_search(key - real * one, free - need * fone, jk - need, False, chows, n):
                    add((u + need, i, need, bag))
    found = _SPLIT_MEMO[st] = frozenset(out)
    _SPLIT_HELD[0] += len(found) + 1
    return found


# --------------------------------------------------------------------------
# Lookup tables (issue 6): a suit's counts -> how it completes
#
# A suit is an int *key*, 3 bits per place (place i of the suit in bits
# 3i..3i+2). Its *mask* says how the suit completes on its own: bit 2*u + e is
# set when its tiles split wholly into sets (plus one eye when e == 1) with
# exactly u Fei filling places, every set keeping at least one real tile, u
# never above the hand's free Fei J. Masks are memoised per (J, chows), so a
# suit shape is solved once per process, and solving a shape reuses the
# shapes below it. A whole hand is then a few table look-ups: the suits'
# masks are combined (Fei add up, at most one eye), and the tiles a hand
# waits on are read from a second memo: (suit key, what the other suits can
# do) -> the places where one more tile completes the hand.

_NOEYE = int("01" * 16, 2)  # the bits with e == 0
_MEMO: dict = {}    # (J, chows) -> {key: mask}
_WAITS: dict = {}   # (J, chows) -> {(key, others): places}
_COMBINE: dict = {}  # J -> {(a, b): mask}
SUIT_BASE = (0, 9, 18, 27)
SUIT_CHOWS = (True, True, True, False)
SUIT_LEN = (9, 9, 9, 7)


_LOW2 = int("011" * 9, 2)  # bits 0 and 1 of each place
_ONES = int("001" * 9, 2)


def _fits(key: int) -> bool:
    """No place holds more than four tiles."""
    return not ((key >> 2) & ((key & _LOW2) | (key & _LOW2) >> 1) & _ONES)


def complete_table(chows: bool) -> dict:
    """Every complete suit shape with no Fei: key -> mask (1 sets only, 2 sets and the eye).

    Built from the sets up (at most four sets and one eye, at most four of a
    tile): 21,743 shapes for a suit with chows, 498 for the honours. Any key of
    at most 14 tiles that is not in it cannot complete without Fei.

    >>> t = complete_table(True)
    >>> len(t), t[0o111], t[0o2], 0o12 in t
    (21743, 1, 2, False)
    """
    n = 9 if chows else 7
    sets = [3 << 3 * i for i in range(n)]
    if chows:
        sets += [(1 << 3 * i) | (1 << 3 * i + 3) | (1 << 3 * i + 6) for i in range(n - 2)]
    low2, ones = _LOW2, _ONES  # _fits written out below: the table is built at the first wait (speed, issue 15)
    table = {0: 1}
    level = {0}
    for _ in range(4):
        level = {x for k in level for s in sets
                 if not ((x := k + s) >> 2) & ((x & low2) | (x & low2) >> 1) & ones}
        table.update(dict.fromkeys(level, 1))
    eyes = [2 << 3 * i for i in range(n)]
    with_eye = {x for k in table for e in eyes if not ((x := k + e) >> 2) & ((x & low2) | (x & low2) >> 1) & ones}
    for k in with_eye:
        table[k] = 3 if k in table else 2
    return table


def _tiles_in(key: int) -> int:
    n = 0
    while key:
        n += key & 7
        key >>= 3
    return n


def _memo(J: int, chows: bool) -> dict:
    d = _MEMO.get((J, chows))
    if d is None:
        d = _MEMO[(J, chows)] = complete_table(chows) if J == 0 else {0: 1}
    elif J and len(d) > _MEMO_CAP:  # memory, issue 31: emptied between two suits, never inside one
        d.clear()
        d[0] = 1
    return d


def suit_mask(key: int, chows: bool, J: int, memo: dict | None = None) -> int:
    """The completion mask of one suit (see the comment above).

    >>> suit_mask(0o300, True, 0)   # 111 and nothing else: a set, no eye
    1
    >>> suit_mask(0o2, True, 0)     # 11: the eye
    2
    >>> bin(suit_mask(0o11, True, 1))  # 12 and one Fei: a chow (u=1, no eye)
    '0b100'
    """
    if memo is None:
        memo = _memo(J, chows)
    m = memo.get(key)
    if m is not None:
        return m
    if J == 0 and _fits(key) and _tiles_in(key) <= 14:
        memo[key] = 0  # the table holds every complete shape of this size
        return 0
    low = key & -key
    i = (low.bit_length() - 1) // 3
    one = 1 << 3 * i
    c = (key >> 3 * i) & 7
    m = 0
    # pong of place i, with 0, 1 or 2 Fei
    for real in (3, 2, 1):
        need = 3 - real
        if c >= real and need <= J:
            m |= suit_mask(key - real * one, chows, J, memo) << 2 * need
    # the eye at place i, with 0 or 1 Fei
    for real in (2, 1):
        need = 2 - real
        if c >= real and need <= J:
            m |= (suit_mask(key - real * one, chows, J, memo) & _NOEYE) << (2 * need + 1)
    # chows in which place i is the lowest real tile; places below i are Fei,
    # each place above i a real tile when there is one, or a Fei
    if chows:
        for start in (i - 2, i - 1, i):
            if 0 <= start <= 6 and i - start <= J:
                m |= _chow_rest(key - one, J, memo, i + 1, start + 3, i - start)
    m &= (1 << 2 * (J + 1)) - 1
    memo[key] = m
    return m


def _chow_rest(key: int, J: int, memo: dict, p: int, end: int, used: int) -> int:
    """Fill places p..end-1 of a chow, each with a real tile or a Fei; the mask of what is left."""
    if p == end:
        return suit_mask(key, True, J, memo) << 2 * used
    m = 0
    if (key >> 3 * p) & 7:
        m = _chow_rest(key - (1 << 3 * p), J, memo, p + 1, end, used)
    if used < J:
        m |= _chow_rest(key, J, memo, p + 1, end, used + 1)
    return m


def combine(a: int, b: int, J: int) -> int:
    """The mask of two suits together: Fei add up (at most J), at most one eye."""
    if a == 1:  # a suit with no tiles: no Fei used, no eye
        return b & ((1 << 2 * (J + 1)) - 1)
    table = _COMBINE.get(J)
    if table is None:
        table = _COMBINE[J] = {}
    m = table.get((a, b))
    if m is None:
        m = 0
        top = 2 * (J + 1)
        for i in range(top):
            if a >> i & 1:
                for j in range(top):
                    if b >> j & 1 and not (i & j & 1) and i + j < top:
                        m |= 1 << i + j
        table[(a, b)] = m
    return m


def accepts(mask: int, J: int) -> bool:
    """True when a hand whose suits combine to ``mask`` is complete with J free Fei:
    every Fei placed and one eye, or two Fei left over to stand as the eye."""
    return bool(mask >> (2 * J + 1) & 1 or (J >= 2 and mask >> 2 * (J - 2) & 1))


# --------------------------------------------------------------------------
# No fifth copy (RULES.md): a Fei stands for a real tile, so a reading holds at
# most ``most`` (4; 5 with the house switch) of a tile, counting the concealed
# tiles, every tile of the shown melds (a Fei in a meld stands for its tile)
# and the Fei read as it. A suit's *room* is an int like its key: 3 bits a
# place, how many more Fei may stand for that place. Only hands with free Fei
# need it; room of J or more at a place never binds (J Fei in all), so rooms
# are clamped at J and a suit whose every place has room J uses the plain
# tables above: the common hands share those.

_MEMO_R: dict = {}   # chows -> {(key, room, budget): mask} (see suit_mask_r)
_ROOM_ONES = tuple(int("001" * n, 2) for n in SUIT_LEN)


def fei_room(hand: Hand, most: int = 4) -> list[int]:
    """How many Fei may stand for each of the 34 tiles: ``most`` less the tiles
    counted in the concealed hand and the melds (0 at least).

    >>> from mjcli.mahjong.tiles import parse_hand
    >>> r = fei_room(parse_hand("5555p 123p [5J5p] J"))
    >>> r[13], r[9], r[12]
    (0, 3, 4)
    """
    room = [most] * 34
    for t in hand.concealed:
        room[t] -= 1
    for m in hand.melds:
        for t in m.tiles:
            room[t] -= 1
    return [r if r > 0 else 0 for r in room]


def suit_rooms(room: list[int], cap: int) -> list:
    """The four suits' room ints, each place clamped at ``cap``; None for a suit
    where every place has room ``cap`` (no bound)."""
    out = []
    for s in range(4):
        base = SUIT_BASE[s]
        r = 0
        full = True
        for i in range(SUIT_LEN[s]):
            v = room[base + i]
            if v >= cap:
                v = cap
            else:
                full = False
            r |= v << 3 * i
        out.append(None if full else r)
    return out


_ROOMS: dict = {}  # (suit, counted key, most, cap) -> room int or None


def _suit_room(s: int, counted: int, most: int, cap: int):
    """The room of suit ``s`` whose counted tiles (concealed and melds) make the key ``counted``."""
    k = (s, counted, most, cap)
    r = _ROOMS.get(k, -1)
    if r == -1:
        r = 0
        full = True
        for i in range(SUIT_LEN[s]):
            v = most - ((counted >> 3 * i) & 7)
            if v >= cap:
                v = cap
            else:
                full = False
                if v < 0:
                    v = 0
            r |= v << 3 * i
        if full:
            r = None
        if len(_ROOMS) > 100_000:
            _ROOMS.clear()
        _ROOMS[k] = r
    return r


_PAIRS: dict = {}  # (counted keys, most, J) -> (rooms at J, rooms at J + 1), or None when neither binds


def _room_pair(keys, hand: Hand, most: int, J: int):
    """The rooms of a hand for its own Fei (clamped at J) and for one tile or Fei more (at J + 1);
    None when no place binds (the plain tables serve)."""
    if hand.melds:
        keys = list(keys)
        for m in hand.melds:
            for t in m.tiles:
                keys[SUIT_OF[t]] += PLACE_INC[t]
    k = (keys[0], keys[1], keys[2], keys[3], most, J)
    pair = _PAIRS.get(k, False)
    if pair is False:
        wide = [_suit_room(s, keys[s], most, J + 1) for s in range(4)]
        if wide == [None, None, None, None]:
            pair = None
        else:
            pair = ([_suit_room(s, keys[s], most, J) for s in range(4)], wide)
        if len(_PAIRS) > 100_000:
            _PAIRS.clear()
        _PAIRS[k] = pair
    return pair


def hand_rooms(keys, hand: Hand, most: int, cap: int) -> list:
    """:func:`suit_rooms` of a hand from its concealed suit keys (memoised per suit shape)."""
    if hand.melds:
        keys = list(keys)
        for m in hand.melds:
            for t in m.tiles:
                keys[SUIT_OF[t]] += PLACE_INC[t]
    return [_suit_room(0, keys[0], most, cap), _suit_room(1, keys[1], most, cap),
            _suit_room(2, keys[2], most, cap), _suit_room(3, keys[3], most, cap)]


def _clamp(room: int, n: int, cap: int) -> int:
    out = 0
    for i in range(n):
        v = (room >> 3 * i) & 7
        out |= (cap if v > cap else v) << 3 * i
    return out


def suit_mask_r(key: int, room: int | None, chows: bool, J: int) -> int:
    """:func:`suit_mask` with a room (no Fei beyond it at any place); None: no bound.

    >>> suit_mask_r(0o11, None, True, 1), suit_mask_r(0o11, 0o101, True, 1), suit_mask_r(0o11, 0o11, True, 1)
    (4, 4, 0)
    """
    if room is None:
        return suit_mask(key, chows, J)
    if not key:
        return 1
    memo = _MEMO_R[chows]
    if len(memo) > _MEMO_CAP:
        memo.clear()
    return _mask_b(key, room, J, chows, memo)


# The search under a room is bounded by design (issue 31). Its state is (key,
# room, budget): the tiles left, the room left at each place, and the Fei
# still to place. Two things make states that differ only in what no longer
# matters the same state:
# - places below the lowest tile left less two: every set left holds a real
#   tile at or above that tile, so no Fei can stand there again; their room
#   is dropped (the room kept to the end used to split one state into as many
#   as there were ways to have placed the Fei already, millions for four Fei);
# - room above the budget: with b Fei left, a room of b or more never binds,
#   so rooms are clamped at b; a state whose every place left has room b is
#   the plain search with b Fei (:func:`suit_mask`, shared by all hands).
# Below the lowest tile i only places i-2 and i-1 keep room, places from i+2
# up still hold every tile they had (a set whose lowest real tile is under i
# reaches i+1 at most), so a suit shape has at most 9 * 5 * 5 keys below it,
# each with at most 70 rooms for 4 Fei (the Fei placed in places i-2..i+1,
# clamped at what is left): a few thousand states a hand at worst.

_MEMO_R.update({True: {}, False: {}})  # chows -> {(key, room, budget): mask}
_MEMO_CAP = 100_000  # states of one memo before it is emptied at the start of the next suit (memory, issue 31)
_ABOVE = tuple(((1 << 27) - 1) & ~((1 << 3 * max(0, i - 2)) - 1) for i in range(9))  # places from i - 2 up
# chows -> b -> i: room b at every place of the suit from i - 2 up (-1 for b over 7: no room is that high)
_FULL = {chows: tuple(tuple(b * int("001" * n, 2) & _ABOVE[i] if b < 8 else -1 for i in range(9)) for b in range(17))
         for chows, n in ((True, 9), (False, 7))}
# b -> three places' room (9 bits) -> the same clamped at b
_CLAMP3 = tuple(tuple(sum(min((r >> 3 * k) & 7, b) << 3 * k for k in range(3)) for r in range(512)) for b in range(8))


def _clamped(room: int, b: int) -> int:
    """A suit's room with every place clamped at ``b`` (a room above 7 does not occur: the room of a place is
    at most 5, so b over 7 clamps nothing)."""
    if b > 7:
        return room
    t = _CLAMP3[b]
    return t[room & 511] | t[(room >> 9) & 511] << 9 | t[room >> 18] << 18


def _mask_b(key: int, room: int, b: int, chows: bool, memo: dict) -> int:
    """The mask (Fei counts up to ``b``) of ``key`` with ``room``, at most ``b`` Fei: the room made canonical
    (see the comment above), then the plain tables when it does not bind, else the memoised search."""
    if not key:
        return 1
    if not b:
        return suit_mask(key, chows, 0)
    i = ((key & -key).bit_length() - 1) // 3
    room = _clamped(room & _ABOVE[i], b)
    if room == _FULL[chows][b][i]:
        return suit_mask(key, chows, b)
    st = (key, room, b)
    m = memo.get(st)
    if m is not None:
        return m
    one = 1 << 3 * i
    c = (key >> 3 * i) & 7
    ri = (room >> 3 * i) & 7
    m = 0
    # pong of place i, with 0, 1 or 2 Fei
    for real in (3, 2, 1):
        need = 3 - real
        if c >= real and need <= b and need <= ri:
            m |= _mask_b(key - real * one, room - need * one, b - need, chows, memo) << 2 * need
    # the eye at place i, with 0 or 1 Fei
    for real in (2, 1):
        need = 2 - real
        if c >= real and need <= b and need <= ri:
            m |= (_mask_b(key - real * one, room - need * one, b - need, chows, memo) & _NOEYE) << (2 * need + 1)
    # chows in which place i is the lowest real tile; places below i are Fei,
    # each place above i a real tile when there is one, or a Fei
    if chows:
        for start in (i - 2, i - 1, i):
            if 0 <= start <= 6 and i - start <= b:
                r2 = room
                for p in range(start, i):  # the places below i are Fei
                    if not (r2 >> 3 * p) & 7:
                        break
                    r2 -= 1 << 3 * p
                else:
                    m |= _chow_rest_b(key - one, r2, b, memo, i + 1, start + 3, i - start)
    m &= (1 << 2 * (b + 1)) - 1
    memo[st] = m
    return m


def _chow_rest_b(key: int, room: int, b: int, memo: dict, p: int, end: int, used: int) -> int:
    """Fill places p..end-1 of a chow, each with a real tile or a Fei (room and budget allowing); the mask
    of what is left, shifted by the Fei used."""
    if p == end:
        return _mask_b(key, room, b - used, True, memo) << 2 * used
    m = 0
    if (key >> 3 * p) & 7:
        m = _chow_rest_b(key - (1 << 3 * p), room, b, memo, p + 1, end, used)
    if used < b and (room >> 3 * p) & 7:
        m |= _chow_rest_b(key, room - (1 << 3 * p), b, memo, p + 1, end, used + 1)
    return m


def suit_waits_r(key: int, room: int, chows: bool, J: int, others: int) -> tuple:
    """:func:`suit_waits` with a room (clamped at J + 1): the wait tile takes a place
    of the room too, so a tile with no room is no wait."""
    d = _WAITS.get((J, chows, "room"))
    if d is None or len(d) > _MEMO_CAP:
        d = _WAITS[(J, chows, "room")] = {}
    out = d.get((key, others, room))
    if out is None:
        n = 9 if chows else 7
        places = []
        for p in range(n):
            if (key >> 3 * p) & 7 < 4 and (room >> 3 * p) & 7:
                r2 = _clamp(room - (1 << 3 * p), n, J)
                if accepts(combine(others, suit_mask_r(key + (1 << 3 * p), r2, chows, J), J), J):
                    places.append(p)
        out = d[(key, others, room)] = tuple(places)
    return out


def suit_waits(key: int, chows: bool, J: int, others: int) -> tuple:
    """Places of the suit where one more tile completes the hand, given the
    mask ``others`` of the other suits together (memoised)."""
    d = _WAITS.get((J, chows))
    if d is None or len(d) > _MEMO_CAP:
        d = _WAITS[(J, chows)] = {}
    out = d.get((key, others))
    if out is None:
        memo = _memo(J, chows)
        places = []
        if J == 0:  # accepts(combine(others, m, 0), 0), written out: one eye between the suit and the others
            for p in range(9 if chows else 7):
                if (key >> 3 * p) & 7 < 4:
                    m = memo.get(key + (1 << 3 * p))
                    if m is None:
                        m = suit_mask(key + (1 << 3 * p), chows, 0, memo)
                    if (others & (m >> 1) | (others >> 1) & m) & 1:
                        places.append(p)
        else:
            for p in range(9 if chows else 7):
                if (key >> 3 * p) & 7 < 4 and accepts(combine(others, suit_mask(key + (1 << 3 * p), chows, J, memo), J),
                                                      J):
                    places.append(p)
        out = d[(key, others)] = tuple(places)
    return out


def suit_keys(tiles) -> list[int]:
    """The four suit keys (m, p, s, honours) of some tiles (Fei not included).

    >>> [oct(k) for k in suit_keys([0, 0, 1, 27])]
    ['0o12', '0o0', '0o0', '0o1']
    """
    keys = [0, 0, 0, 0]
    for t in tiles:
        keys[SUIT_OF[t]] += PLACE_INC[t]
    return keys


def _hand_mask(keys, J: int) -> int:
    m = 1
    for s in range(4):
        if keys[s]:
            sm = suit_mask(keys[s], SUIT_CHOWS[s], J)
            if not sm:
                return 0
            m = combine(m, sm, J)
            if not m:
                return 0
    return m


# --------------------------------------------------------------------------
# Whole hands


def is_complete(counts: list[int], jokers: int, sets_needed: int, shown=None, most: int = 4) -> bool:
    """True when the concealed counts plus Fei form ``sets_needed`` sets and one eye
    (two Fei left over may stand as the eye), no Fei making a copy beyond ``most``
    of a tile, counting ``shown`` (the 34 counts of the shown melds' tiles)."""
    if sum(counts) + jokers != 3 * sets_needed + 2:
        return False
    keys = [0, 0, 0, 0]
    for t, c in enumerate(counts):
        if c:
            keys[SUIT_OF[t]] += c * PLACE_INC[t]
    if not jokers:
        return accepts(_hand_mask(keys, 0), 0)
    room = [max(0, most - c - (shown[t] if shown else 0)) for t, c in enumerate(counts)]
    return accepts(_hand_mask_r(keys, suit_rooms(room, jokers), jokers), jokers)


_SPLITS: dict = {}  # (suit, key, J[, room]) -> the suit's splits with Fei, tiles absolute, sets in reading order
_SPLITS_HELD = [0]  # the splits _SPLITS holds, all its entries together
_SPLITS0: tuple = ({}, {}, {}, {})  # per suit: key -> the suit's splits with no Fei (no room), as _SPLITS holds


_PLAIN: dict = {}  # (key, chows, eye allowed) -> the (eye, sets) splits of a suit shape with no Fei (sub-shapes shared)


def _plain_splits(key: int, chows: bool, eye_ok: bool) -> tuple:
    """Every split of a suit shape (int key) with no Fei into sets and at most one eye (when ``eye_ok``), as
    ``(eye place or None, sets)``; a split may come more than once (taken in another order)."""
    k = (key, chows, eye_ok)
    v = _PLAIN.get(k)
    if v is None:
        if not key:
            v = ((None, ()),)
        else:
            i = ((key & -key).bit_length() - 1) // 3  # the lowest place holding a tile: a set or the eye starts here
            one = 1 << 3 * i
            c = (key >> 3 * i) & 7
            out = []
            if c >= 3:
                pong = (PONG, i, 0)
                out += [(e, (pong,) + ss) for e, ss in _plain_splits(key - 3 * one, chows, eye_ok)]
            if chows and i <= 6 and (key >> 3 * i + 3) & 7 and (key >> 3 * i + 6) & 7:
                chow = (CHOW, i, 0)
                out += [(e, (chow,) + ss) for e, ss in _plain_splits(key - one * 73, chows, eye_ok)]  # 73 = 0o111
            if eye_ok and c >= 2:
                out += [(i, ss) for _, ss in _plain_splits(key - 2 * one, chows, False)]
            v = tuple(out)
        if len(_PLAIN) > 200_000:
            _PLAIN.clear()
        _PLAIN[k] = v
    return v


def _suit_splits_key(key: int, s: int, J: int, room: int | None) -> tuple:
    """:func:`suit_splits` of suit ``s`` by its int key: the same tuple, in the same order. A suit with no Fei
    (the common case) is split from memoised sub-shapes, much faster than the general search."""
    if J == 0 and room is None:
        splits = {(0, e, 0, tuple(sorted(ss))) for e, ss in _plain_splits(key, SUIT_CHOWS[s], True)}
        return tuple(sorted(splits, key=lambda x: (x[0], x[1] is not None, x[1] or 0, x[3])))
    counts = tuple((key >> 3 * i) & 7 for i in range(SUIT_LEN[s]))
    rt = None if room is None else tuple((room >> 3 * i) & 7 for i in range(SUIT_LEN[s]))
    return suit_splits(counts, SUIT_CHOWS[s], J, rt)


_REL: dict = {}  # (key, chows) -> a suit shape's splits with no Fei, places relative: shared by m, p and s


def _split_order(split):
    """The order :func:`suit_splits` gives the splits of a shape with no Fei: no eye first, then by eye place and
    sets (each sorted by kind, place)."""
    e, ss = split
    return (e is not None, e or 0, ss)


def _place_order(st):
    return (st[1], st[0], st[2])  # a reading lists its sets by tile, kind, Fei


def _rel_splits(key: int, chows: bool) -> tuple:
    """The splits of a suit shape with no Fei as ``(eye place or None, sets)``, places relative to the suit,
    in :func:`suit_splits`' order, each split's sets in reading order (made once for the three suits)."""
    v = _REL.get((key, chows))
    if v is None:
        splits = {(e, tuple(sorted(ss))) for e, ss in _plain_splits(key, chows, True)}
        v = _REL[(key, chows)] = tuple((e, tuple(sorted(ss, key=_place_order)))
                                       for e, ss in sorted(splits, key=_split_order))
    return v


# a set of a suit with no Fei, places relative -> the same set with absolute tiles, per suit
_ABS_SET = tuple({(kind, i, 0): (kind, SUIT_BASE[s] + i, 0) for kind in (CHOW, PONG) for i in range(SUIT_LEN[s])}
                 for s in range(4))


def _splits_abs(s: int, key: int, J: int, room: int | None = None) -> tuple:
    """:func:`suit_splits` of suit ``s`` (by its int key, with its room int or None), with
    absolute tiles and each split's sets sorted as a reading lists them (by tile, kind, Fei)."""
    base = SUIT_BASE[s]
    if J == 0 and room is None:  # the common case: from the relative splits, made once for m, p and s
        v = _SPLITS0[s].get(key)
        if v is None:
            to_abs = _ABS_SET[s]
            v = _SPLITS0[s][key] = tuple((0, None if e is None else base + e, 0, tuple([to_abs[x] for x in ss]))
                                         for e, ss in _rel_splits(key, SUIT_CHOWS[s]))
        return v
    v = _SPLITS.get((s, key, J) if room is None else (s, key, J, room))
    if v is None:
        v = _splits_fei(s, key, J, room)
        if _SPLITS_HELD[0] > _HELD_CAP:  # memory, issue 31
            _SPLITS.clear()
            _SPLITS_HELD[0] = 0
        _SPLITS[(s, key, J) if room is None else (s, key, J, room)] = v
        _SPLITS_HELD[0] += len(v) + 1
    return v


def _splits_fei(s: int, key: int, J: int, room: int | None) -> tuple:
    """``_splits_abs`` of a suit with Fei: :func:`suit_splits` in its order, read straight from the search's
    bags (each bag's sets in reading order kept per suit: the same bags come back for many hands)."""
    n = SUIT_LEN[s]
    free = 0
    for i in range(n):
        free |= (J if room is None else (room >> 3 * i) & 7) << 4 * i
    if _SPLIT_HELD[0] > _HELD_CAP:  # as suit_splits (memory, issue 31)
        _SPLIT_MEMO.clear()
        _SPLIT_HELD[0] = 0
    if len(_BAG_SETS) > _MEMO_CAP:
        _BAG_SETS.clear()
    rows = []
    for u, e, ej, bag in _split_search(key, free, J, True, SUIT_CHOWS[s], n):
        got = _BAG_SETS.get((s, bag))
        if got is None:
            codes = _bag_codes(bag)
            got = _BAG_SETS[(s, bag)] = (codes, tuple(sorted([_ABS_OF_CODE[s][c] for c in codes], key=_place_order)))
        rows.append((u, e is not None, e or 0, got[0], e, ej, got[1]))
    rows.sort()  # as suit_splits sorts: Fei used, eye or not, eye place, then the sets (their codes sort alike)
    base = SUIT_BASE[s]
    return tuple((u, None if e is None else base + e, ej, sets) for u, _, _, _, e, ej, sets in rows)


_BAG_SETS: dict = {}  # (suit, bag) -> (the codes of its sets, sorted; its sets as a reading lists them)
_ABS_OF_CODE = tuple(tuple((kind, SUIT_BASE[s] + i, j) for kind, i, j in _SET_OF_CODE) for s in range(4))


def _bag_codes(bag: int) -> tuple:
    """The codes of a bag's sets, sorted (each as often as the set comes)."""
    out = []
    while bag:
        code = ((bag & -bag).bit_length() - 1) // 3
        count = (bag >> 3 * code) & 7
        out += [code] * count
        bag -= count << 3 * code
    return tuple(out)


def _count_in(sets, t: int) -> int:
    """How many times tile ``t`` appears in some sets of a reading."""
    n = 0
    for kind, u, _ in sets:
        if kind == CHOW:
            n += u <= t <= u + 2 and u // 9 == t // 9
        elif u == t:
            n += 3
    return n


def readings(hand: Hand, eye_tiles: list[int] | None = None, shape=True, most: int = 4) -> list[Reading]:
    """Every reading of the hand's concealed tiles (melds are kept as they are).

    ``eye_tiles`` are the tiles an eye made only of Fei may stand for.
    Each reading is repeated for every place the winning tile may sit. No
    reading holds more than ``most`` of a tile (see :func:`fei_room`).
    ``shape``: the table's :class:`mjcli.mahjong.shape.HandShape` (sets needed, special shapes); True or False: four
    sets, with or without thirteen orphans.
    """
    if hand.jokers:
        return list(iter_readings(hand, eye_tiles, shape, most))
    hs = as_shape(shape)
    out: list[Reading] = []
    if len(hand.concealed) == 3 * (hs.sets - len(hand.melds)) + 2:
        _plain_readings(hand, out)
    if hs.special:
        _special_readings(hand, hs, 0, out)
    return out


def _special_readings(hand: Hand, hs, jokers: int, out: list) -> None:
    """A reading for each special shape of ``hs`` the concealed tiles and ``jokers`` Fei form (no more shown
    melds than the shape allows beside it: none but for the knitted straight's one set)."""
    counts = None
    melds = len(hand.melds)
    for sp in hs.specials:
        if melds <= sp.shown and (sp.tiles is None or sp.tiles.issuperset(hand.concealed)):
            if counts is None:
                counts = hand.counts()
            if sp.complete(counts, jokers):
                out.append(Reading(special=sp.name, win_in=None))


def iter_readings(hand: Hand, eye_tiles: list[int] | None = None, shape=True, most: int = 4):
    """The readings of :func:`readings`, in its order, one at a time: a caller that has its answer before the
    last (every total at the limit) stops there, and the readings after it are never made (issue 31)."""
    jokers = hand.jokers
    concealed = hand.concealed
    hs = as_shape(shape)
    sets_needed = hs.sets - len(hand.melds)
    if not jokers and len(concealed) == 3 * sets_needed + 2:
        out: list[Reading] = []
        _plain_readings(hand, out)
        yield from out
    elif jokers and len(concealed) + jokers == 3 * sets_needed + 2:  # with Fei (none: _plain_readings)
        keys = hand_keys(hand)
        rooms = hand_rooms(keys, hand, most, jokers)
        per_suit = []
        for s in range(4):
            if keys[s]:
                room = rooms[s]
                splits = _SPLITS.get((s, keys[s], jokers) if room is None else (s, keys[s], jokers, room))
                if splits is None:
                    splits = _splits_abs(s, keys[s], jokers, room)
                if not splits:
                    per_suit = None
                    break
                per_suit.append(splits)
        if per_suit is not None:
            room34 = None
            for combo in product(*per_suit):
                used = 0
                eye = None
                eye_j = 0
                n_eyes = 0
                sets = ()
                for u, e, ej, ss in combo:
                    used += u
                    sets += ss  # the suits in order, so the sets stay sorted by tile
                    if e is not None:
                        eye, eye_j = e, ej
                        n_eyes += 1
                if used > jokers or n_eyes > 1:
                    continue
                left = jokers - used
                out = []
                if eye is None:
                    if left != 2:
                        continue
                    if room34 is None:
                        room34 = fei_room(hand, most)
                    for t in eye_tiles or ():
                        # the two Fei stand for t: room for two more besides the sets' own
                        if _count_in(sets, t) - concealed.count(t) + 2 <= room34[t]:
                            _place_win(out, hand, sets, t, 2)
                elif left == 0:
                    _place_win(out, hand, sets, eye, eye_j)
                yield from out
    if hs.special:
        out = []
        _special_readings(hand, hs, jokers, out)
        yield from out


def _plain_readings(hand: Hand, out: list) -> None:
    """The readings of a hand with no Fei, as :func:`readings` makes them (every split a suit from its
    table, one eye in all; then each place of the winning tile: :func:`_place_win`), with less to do a
    combination of splits (speed, issue 15)."""
    keys = hand_keys(hand)
    per_suit = []
    for s in range(4):
        key = keys[s]
        if key:
            splits = _SPLITS0[s].get(key)
            if splits is None:
                splits = _splits_abs(s, key, 0)
            if not splits:
                return
            per_suit.append(splits)
    for combo in product(*per_suit):
        eye = None
        sets = ()
        for _, e, _, ss in combo:
            sets += ss  # the suits in order, so the sets stay sorted by tile
            if e is not None:
                if eye is not None:
                    break  # two eyes
                eye = e
        else:
            if eye is None:
                continue  # no eye (two Fei would be needed for it)
            _place_win(out, hand, sets, eye, 0)


def _ordered(sets):
    return tuple(sorted(sets, key=lambda s: (s[1], s[0], s[2])))


_new = object.__new__


def _reading(sets, eye, eye_j, win_in) -> Reading:
    """``Reading(sets, eye, eye_j, None, win_in)``, made without the frozen dataclass's checks (speed, issue 15)."""
    r = _new(Reading)
    r.__dict__.update(sets=sets, eye=eye, eye_jokers=eye_j, special=None, win_in=win_in)
    return r


def _place_win(out: list, hand: Hand, sets, eye, eye_j) -> None:
    """Add the reading once for each place the winning tile may sit."""
    w = hand.win
    if w is None:
        out.append(_reading(sets, eye, eye_j, None))
        return
    if w == JOKER:
        # a drawn Fei sits in any set or eye that holds a Fei
        placed = False
        for i, (kind, t, j) in enumerate(sets):
            if j:
                placed = True
                out.append(_reading(sets, eye, eye_j, i))
        if eye_j:
            placed = True
            out.append(_reading(sets, eye, eye_j, -1))
        if not placed:
            out.append(_reading(sets, eye, eye_j, None))
        return
    placed = False
    seen = []  # a set written twice (two alike chows) is one place
    for i, s in enumerate(sets):
        kind, t, j = s
        if ((w == t) if kind == PONG else (t <= w <= t + 2 and w // 9 == t // 9)) and s not in seen:
            seen.append(s)
            placed = True
            out.append(_reading(sets, eye, eye_j, i))
    if eye == w and eye_j < 2:
        placed = True
        out.append(_reading(sets, eye, eye_j, -1))
    if not placed:
        # the winning tile was written but the reading uses a Fei in its place
        out.append(_reading(sets, eye, eye_j, None))


def _hand_mask_r(keys, rooms, J: int) -> int:
    m = 1
    for s in range(4):
        if keys[s]:
            sm = suit_mask_r(keys[s], rooms[s], SUIT_CHOWS[s], J)
            if not sm:
                return 0
            m = combine(m, sm, J)
            if not m:
                return 0
    return m


def _plain_waits(keys, out: list) -> None:
    """The waiting tiles of :func:`waiting_tiles` for a hand with no Fei and none to come, into ``out``: each
    suit's mask from the table of complete shapes, and :func:`combine` with no Fei written out (bit 0: no eye
    yet, bit 1: one eye; two eyes are no hand) (speed, issue 15)."""
    masks = []
    for s in range(4):
        key = keys[s]
        if key:
            memo = _MEMO.get((0, SUIT_CHOWS[s]))
            m = None if memo is None else memo.get(key)
            if m is None:
                m = suit_mask(key, SUIT_CHOWS[s], 0)
            masks.append(m)
        else:
            masks.append(1)
    short = [s for s in range(4) if not masks[s]]
    if len(short) > 1:
        return
    for s in short or range(4):
        key = keys[s]
        if not key:  # one tile alone in a suit completes nothing without a Fei
            continue
        others = 1
        for o in range(4):
            if o != s:
                b = masks[o]
                others = (others & b & 1) | (((others & (b >> 1)) | ((others >> 1) & b)) & 1) << 1
        if others:
            base = SUIT_BASE[s]
            for p in suit_waits(key, SUIT_CHOWS[s], 0, others):
                out.append(base + p)


def waiting_tiles(hand: Hand, candidates, jokers_left: int = 0, shape=True, most: int = 4) -> list[int]:
    """The tiles (and JOKER) that complete a 13-tile hand, in tile order.

    A tile whose four copies are all in the hand (melds included) is left
    out, and so is one whose completion would need a Fei to stand for a
    copy beyond ``most`` (no fifth copy, see :func:`fei_room`); only
    ``candidates`` are listed. No candidate is tried one by one: each
    suit's waiting places come from the tables above, given what the other
    suits can do.

    >>> from mjcli.mahjong.tiles import parse_hand
    >>> [tile_code(t) for t in waiting_tiles(parse_hand("123m 456m 789m 23p EE"), range(34))]
    ['1p', '4p']
    """
    J = hand.jokers
    concealed = hand.concealed
    keys = hand_keys(hand)
    hs = as_shape(shape)
    sets_needed = hs.sets - len(hand.melds)
    fits = len(concealed) + J + 1 == 3 * sets_needed + 2
    out: list[int] = []
    pair = _room_pair(keys, hand, most, J) if J or jokers_left else None
    if fits and J == 0 and pair is None:  # no Fei: the plain tables, the masks combined as bits
        _plain_waits(keys, out)
    elif fits:
        if pair is None:  # no copy limit bites: the plain tables
            wait_rooms = (None, None, None, None)
            masks = [suit_mask(keys[s], SUIT_CHOWS[s], J) if keys[s] else 1 for s in range(4)]
        else:
            rooms, wait_rooms = pair
            masks = [suit_mask_r(keys[s], rooms[s], SUIT_CHOWS[s], J) if keys[s] else 1 for s in range(4)]
        short = [s for s in range(4) if not masks[s]]
        if len(short) <= 1:
            for s in short or range(4):
                if not (keys[s] or J):  # one tile alone in a suit completes nothing without a Fei
                    continue
                others = 1
                for o in range(4):
                    if o != s:
                        others = combine(others, masks[o], J)
                if others:
                    base = SUIT_BASE[s]
                    if wait_rooms[s] is None:
                        places = suit_waits(keys[s], SUIT_CHOWS[s], J, others)
                    else:
                        places = suit_waits_r(keys[s], wait_rooms[s], SUIT_CHOWS[s], J, others)
                    for p in places:
                        out.append(base + p)
    specials = [sp for sp in hs.specials if len(hand.melds) <= sp.shown
                and (sp.tiles is None or sp.tiles.issuperset(concealed))] if hs.special else ()
    if specials:
        counts = hand.counts()
        for sp in specials:
            for t in sorted(sp.tiles) if sp.tiles is not None else range(34):
                counts[t] += 1
                if counts[t] <= 4 and sp.complete(counts, J) and t not in out:
                    out.append(t)
                counts[t] -= 1
        out.sort()
    if hand.melds:
        visible = hand.visible_counts()
        out = [t for t in out if visible[t] < 4]
        if J or jokers_left or any(m.jokers for m in hand.melds):
            # a Fei in a shown meld stands for its tile: the wait tile may not be a copy beyond ``most``
            room = fei_room(hand, most)
            out = [t for t in out if room[t] > 0]
    if not isinstance(candidates, range) or len(candidates) != 34:
        allowed = set(candidates)
        out = [t for t in out if t in allowed]
    if jokers_left > 0 and (
        (fits and accepts(_hand_mask(keys, J + 1) if pair is None else _hand_mask_r(keys, pair[1], J + 1), J + 1))
        or any(sp.complete(hand.counts(), J + 1) for sp in specials)
    ):
        out.append(JOKER)
    return out


def waits_at(hand: Hand, variant) -> list[int]:
    """:func:`waiting_tiles` of a hand one tile short, at the variant's table (its tile kinds, Fei, shape and copy
    limit): what a pattern that reads the wait asks (sg's Ping Hu, tw's single wait), from here below the scorer.

    >>> from mjcli.mahjong.tiles import parse_hand
    >>> from mjcli.variant import load_builtin
    >>> [tile_code(t) for t in waits_at(parse_hand("123m 456m 789m 23p EE"), load_builtin("hk"))]
    ['1p', '4p']
    """
    kinds = variant_tiles(variant)
    fei = variant.tiles.jokers
    return waiting_tiles(hand, range(34) if len(kinds) == 34 else tuple(kinds),
                         fei - hand.jokers_total() if fei else 0, variant.hand, variant.most_copies)


