"""The Fei jokers, a capability of the engine: a table switches it on with ``tiles: jokers: N`` in its variant
file (N Fei in the set; none without it).

A Fei stands for any tile. What that asks of the engine is here, below the readings and the waits
(:mod:`mjcli.mahjong.decompose` calls it for a hand that holds a Fei or may draw one):

- the split search of one suit with Fei filling places (every set keeping a real tile), memoised by state;
- no fifth copy: a suit's *room*, how many more Fei may stand for each place, and the masks and waits of a
  suit under its room;
- a whole hand's splits with free Fei (two Fei left over may stand as the eye), where a drawn Fei sits, the
  waits of a hand with Fei in it or one to come, and whether one Fei more completes it.

The notation reads a Fei as the tile ``J`` (:data:`mjcli.mahjong.tiles.JOKER`) and checks the count against
the table (:func:`mjcli.mahjong.tiles.validate`); the one-suit tables count free Fei as a dimension of their
masks (:mod:`mjcli.mahjong.suits`).
"""

from __future__ import annotations

from itertools import product

from .suits import (_MEMO_CAP, _NOEYE, _WAITS, SUIT_BASE, SUIT_CHOWS, SUIT_LEN, _hand_mask, _place_order, accepts,
                    combine, combine_all, suit_mask, suit_waits)
from .tiles import CHOW, PLACE_INC, PONG, SUIT_OF, Hand


# --------------------------------------------------------------------------
# One suit with Fei


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
# No fifth copy (RULES.md): a Fei stands for a real tile, so a reading holds at
# most ``most`` (4; 5 with the house switch) of a tile, counting the concealed
# tiles, every tile of the shown melds (a Fei in a meld stands for its tile)
# and the Fei read as it. A suit's *room* is an int like its key: 3 bits a
# place, how many more Fei may stand for that place. Only hands with free Fei
# need it; room of J or more at a place never binds (J Fei in all), so rooms
# are clamped at J and a suit whose every place has room J uses the plain
# tables (mjcli.mahjong.suits): the common hands share those.

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


def room_pair(keys, hand: Hand, most: int, J: int):
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
_ABOVE = tuple(((1 << 27) - 1) & ~((1 << 3 * max(0, i - 2)) - 1) for i in range(9))  # places from i - 2 up
# chows -> b -> i: room b at every place of the suit from i - 2 up (-1 for b over 7: no room is that high)
_FULL = {chows: tuple(tuple(b * int("001" * n, 2) & _ABOVE[i] if b < 8 else -1 for i in range(9)) for b in range(17))
         for chows, n in ((True, 9), (False, 7))}
# b -> three places' room (9 bits) -> the same clamped at b; each made on first use (4,096 entries that a table
# without Fei never reads: start-up, issue 29)
_CLAMP3: list = [None] * 8


def _clamp_table(b: int) -> tuple:
    t = _CLAMP3[b] = tuple(sum(min((r >> 3 * k) & 7, b) << 3 * k for k in range(3)) for r in range(512))
    return t


def _clamped(room: int, b: int) -> int:
    """A suit's room with every place clamped at ``b`` (a room above 7 does not occur: the room of a place is
    at most 5, so b over 7 clamps nothing)."""
    if b > 7:
        return room
    t = _CLAMP3[b] or _clamp_table(b)
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


def _hand_mask_r(keys, rooms, J: int) -> int:
    return combine_all((suit_mask_r(keys[s], rooms[s], SUIT_CHOWS[s], J) for s in range(4) if keys[s]), J)


# --------------------------------------------------------------------------
# A suit's splits with Fei, tiles absolute, and a whole hand's

_SPLITS: dict = {}  # (suit, key, J[, room]) -> the suit's splits with Fei, tiles absolute, sets in reading order
_SPLITS_HELD = [0]  # the splits _SPLITS holds, all its entries together


def suit_splits_with_fei(s: int, key: int, J: int, room: int | None) -> tuple:
    """:func:`suit_splits` of suit ``s`` (by its int key, with its room int or None) with ``J`` Fei, with absolute
    tiles and each split's sets sorted as a reading lists them (by tile, kind, Fei); memoised."""
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
    """The splits of :func:`suit_splits_with_fei`: :func:`suit_splits` in its order, read straight from the search's
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


def fei_splits(hand: Hand, keys, jokers: int, eye_tiles, most: int):
    """The splits of a hand's concealed tiles and its ``jokers`` free Fei into sets and an eye, in reading order,
    one at a time: ``(sets, eye, eye Fei)``. Each suit's splits with Fei under its room (no fifth copy); two Fei
    left over stand as the eye, for each of ``eye_tiles`` with room for two more."""
    concealed = hand.concealed
    rooms = hand_rooms(keys, hand, most, jokers)
    per_suit = []
    for s in range(4):
        if keys[s]:
            room = rooms[s]
            splits = _SPLITS.get((s, keys[s], jokers) if room is None else (s, keys[s], jokers, room))
            if splits is None:
                splits = suit_splits_with_fei(s, keys[s], jokers, room)
            if not splits:
                return
            per_suit.append(splits)
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
        if eye is None:
            if left != 2:
                continue
            if room34 is None:
                room34 = fei_room(hand, most)
            for t in eye_tiles or ():
                # the two Fei stand for t: room for two more besides the sets' own
                if _count_in(sets, t) - concealed.count(t) + 2 <= room34[t]:
                    yield sets, t, 2
        elif left == 0:
            yield sets, eye, eye_j


def fei_win_places(sets, eye_j: int) -> list:
    """Where a drawn Fei sits in a reading: each set that holds a Fei (its index), then the eye (-1) when it holds
    one; ``[None]`` when none does."""
    out = [i for i, (_, _, j) in enumerate(sets) if j]
    if eye_j:
        out.append(-1)
    return out or [None]


def fei_waits(keys, J: int, pair, out: list) -> None:
    """The waiting tiles of a hand one tile short with ``J`` free Fei, or with a Fei still to come, into ``out``:
    each suit's places from the masks (under the rooms of :func:`room_pair`, None when no copy limit bites),
    given what the other suits can do."""
    if pair is None:  # no copy limit bites: the plain tables
        wait_rooms = (None, None, None, None)
        masks = [suit_mask(keys[s], SUIT_CHOWS[s], J) if keys[s] else 1 for s in range(4)]
    else:
        rooms, wait_rooms = pair
        masks = [suit_mask_r(keys[s], rooms[s], SUIT_CHOWS[s], J) if keys[s] else 1 for s in range(4)]
    short = [s for s in range(4) if not masks[s]]
    if len(short) > 1:
        return
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


def fei_completes(keys, J: int, pair, fits: bool, hand: Hand, specials) -> bool:
    """True when one Fei more completes a hand one tile short that holds ``J`` free Fei: as sets and an eye
    (``fits``: the hand has the size for them), or as one of the ``specials`` shapes."""
    return ((fits and accepts(_hand_mask(keys, J + 1) if pair is None else _hand_mask_r(keys, pair[1], J + 1), J + 1))
            or any(sp.complete(hand.counts(), J + 1) for sp in specials))


def is_complete_with_fei(keys, counts, jokers: int, shown, most: int) -> bool:
    """True when the suits ``keys`` (of ``counts``) and ``jokers`` free Fei form the sets and the eye, no Fei
    making a copy beyond ``most`` of a tile, counting ``shown`` (the 34 counts of the shown melds' tiles)."""
    room = [max(0, most - c - (shown[t] if shown else 0)) for t, c in enumerate(counts)]
    return accepts(_hand_mask_r(keys, suit_rooms(room, jokers), jokers), jokers)


def fei_left(hand: Hand, variant) -> int:
    """The Fei of the table's set the hand does not hold (0 at a table without Fei): how many it may draw."""
    fei = variant.tiles.jokers
    return fei - hand.jokers_total() if fei else 0
