"""One suit's tables: how a suit's tiles complete on their own, two suits together, and where one tile more
completes a hand, memoised by the suit's shape.

A suit is an int *key*, 3 bits a place (:func:`mjcli.mahjong.tiles.hand_keys`). The tables count the free
Fei a hand holds (``J``) as one more dimension of a mask; the Fei under the copy limit (the rooms) and the
Fei's own split search are the capability's, :mod:`mjcli.mahjong.jokers`. The readings and the waits of a
whole hand are :mod:`mjcli.mahjong.decompose`'s, from these tables.

>>> suit_mask(0o300, True, 0), suit_mask(0o2, True, 0)
(1, 2)
"""

from __future__ import annotations

from .tiles import PLACE_INC, SUIT_OF


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
_MEMO_CAP = 100_000  # states of one memo before it is emptied at the start of the next suit (memory, issue 31)


def fits(key: int) -> bool:
    """No place holds more than four tiles."""
    return not ((key >> 2) & ((key & _LOW2) | (key & _LOW2) >> 1) & _ONES)


_fits = fits  # the name this module's own callers use


def held_places(key: int) -> int:
    """Bit 0 of each place of a suit key set where the place holds a tile.

    >>> oct(held_places(0o30201))
    '0o10101'
    """
    return (key | key >> 1 | key >> 2) & _ONES


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


SHAPES_FILE = "complete_shapes.json"  # beside this module: complete_table's two tables, written by write_shapes()
SHAPES_FORMAT = 1


def stored_complete_table(chows: bool) -> dict:
    """:func:`complete_table` read from :data:`SHAPES_FILE`, the tables it gives written out once (building the
    one with chows takes some 100 million instructions, about a tenth of ``mjcli wait HAND``: speed, issue 29);
    built here when the file is missing or of another format. ``python -m mjcli.mahjong.suits`` writes the file;
    ``tests/test_complete_shapes.py`` checks that it holds exactly the tables :func:`complete_table` builds."""
    import json

    try:
        with open(shapes_path(), encoding="ascii") as f:
            data = json.load(f)
        by_mask = data["chows" if chows else "honours"] if data.get("format") == SHAPES_FORMAT else None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        by_mask = None
    if not isinstance(by_mask, dict):
        return complete_table(chows)
    table = {}
    for mask, keys in by_mask.items():
        table.update(dict.fromkeys(keys, int(mask)))
    return table


def shapes_path():
    """Where :data:`SHAPES_FILE` is: beside this module."""
    from pathlib import Path

    return Path(__file__).with_name(SHAPES_FILE)


def shapes_text() -> str:
    """The text of :data:`SHAPES_FILE`: each table's keys by mask, in order."""
    import json

    def by_mask(table: dict) -> dict:
        return {str(m): sorted(k for k, v in table.items() if v == m) for m in sorted(set(table.values()))}

    return json.dumps({"format": SHAPES_FORMAT, "chows": by_mask(complete_table(True)),
                       "honours": by_mask(complete_table(False))}) + "\n"


def write_shapes() -> None:
    """Write :data:`SHAPES_FILE` from :func:`complete_table`."""
    shapes_path().write_text(shapes_text(), encoding="ascii")


def _tiles_in(key: int) -> int:
    n = 0
    while key:
        n += key & 7
        key >>= 3
    return n


def _memo(J: int, chows: bool) -> dict:
    d = _MEMO.get((J, chows))
    if d is None:
        d = _MEMO[(J, chows)] = stored_complete_table(chows) if J == 0 else {0: 1}
    elif J and len(d) > _MEMO_CAP:  # memory, issue 31: emptied between two suits, never inside one
        d.clear()
        d[0] = 1
    return d


def complete_mask(key: int, chows: bool) -> int:
    """:func:`suit_mask` with no Fei of a key of at most 14 tiles, none of them a fifth of its kind, read off
    the table of complete shapes (:func:`complete_table`, which holds every one that completes): 0 when the
    key does not complete. Nothing is counted or kept (a caller that knows its keys so small: speed, issue 29).

    >>> complete_mask(0o300, True), complete_mask(0o2, True), complete_mask(0o12, True)
    (1, 2, 0)
    """
    return _memo(0, chows).get(key, 0)


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


def combine_all(masks, J: int) -> int:
    """The mask of a hand whose suits have the masks ``masks`` (an iterable, read no further than the first suit
    that cannot complete: 0), with ``J`` free Fei."""
    m = 1
    for sm in masks:
        if not sm:
            return 0
        m = combine(m, sm, J)
        if not m:
            return 0
    return m


def _hand_mask(keys, J: int) -> int:
    return combine_all((suit_mask(keys[s], SUIT_CHOWS[s], J) for s in range(4) if keys[s]), J)


def _place_order(st):  # the order of a reading's sets (the readings', and the capability's splits with Fei)
    return (st[1], st[0], st[2])  # a reading lists its sets by tile, kind, Fei


if __name__ == "__main__":
    write_shapes()
