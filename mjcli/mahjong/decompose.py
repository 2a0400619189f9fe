"""Every reading of a hand into sets and an eye, and the tiles a hand waits on.

Work is done one suit at a time: a suit's counts split into sets and at most
one eye, and the answers are cached by those counts, so the same suit shape
is solved once per process however many hands share it. Waits and "is it
complete" use lookup tables (:mod:`mjcli.mahjong.suits`: a table of every
complete suit shape, memoised masks, and a memo of the places where one more
tile completes a suit given the other suits): no candidate tile is tried by
decomposing the hand again. ``readings`` (for scoring) lists every split,
from each suit's cached splits. A hand that holds a Fei, or may draw one, is
read and waited on with the Fei capability (:mod:`mjcli.mahjong.jokers`).

>>> from mjcli.mahjong.tiles import parse_hand
>>> sorted(r.describe() for r in readings(parse_hand("111222333m 789p 55s")))
['111m 222m 333m 789p 55s', '123m 123m 123m 789p 55s']
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from operator import eq

from .jokers import (fei_completes, fei_left, fei_room, fei_splits, fei_waits, fei_win_places, is_complete_with_fei,
                     room_pair, suit_splits, suit_splits_with_fei)
from .shape import HandShape, as_shape
from .suits import (_MEMO, SUIT_BASE, SUIT_CHOWS, SUIT_LEN, _hand_mask, _place_order, accepts, suit_mask,
                    suit_waits)
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
    return is_complete_with_fei(keys, counts, jokers, shown, most)


_SPLITS0: tuple = ({}, {}, {}, {})  # per suit: key -> the suit's splits with no Fei (no room), as jokers._SPLITS holds


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
    return suit_splits_with_fei(s, key, J, room)


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
    hs = shape if shape.__class__ is HandShape else as_shape(shape)
    entry = _KEPT_READINGS.get(id(hs))
    if entry is None or entry[0] is not hs:
        entry = _kept_readings(hs)
    _, size, plain_kept, special_kept, most_shown = entry
    concealed = hand.concealed
    melds = len(hand.melds)
    if len(concealed) + 3 * melds == size:
        key = (hand.win, concealed)
        got = plain_kept.get(key)
        if got is None:
            got = _keep(plain_kept, key, hand, None)
        out = list(got)
    else:
        out = []
    if melds <= most_shown:
        key = (melds, concealed)
        got = special_kept.get(key)
        if got is None:
            got = _keep(special_kept, key, hand, hs)
        if got:
            out += got
    return out


# the readings of hands with no Fei, kept by what they are made of (speed, issue 29): a table's
# id(shape) -> (shape, its hand's size, {(winning tile, concealed tiles): readings of sets and an eye},
# {(shown melds, concealed tiles): special readings}, the most shown melds a special shape allows, -1 with none)
_KEPT_READINGS: dict = {}
_KEPT_MOST = 50_000  # readings kept a table before its memo is emptied


def _kept_readings(hs) -> tuple:
    """The memo entry of ``hs`` in :data:`_KEPT_READINGS`, new."""
    if len(_KEPT_READINGS) > 64:
        _KEPT_READINGS.clear()
    most_shown = max((sp.shown for sp in hs.specials), default=-1) if hs.special else -1
    entry = _KEPT_READINGS[id(hs)] = (hs, hs.size, {}, {}, most_shown)
    return entry


def _keep(kept: dict, key, hand: Hand, hs) -> tuple:
    """The readings of sets and an eye of a hand with no Fei (``hs`` None) or its special readings at the table
    shape ``hs``, as a tuple, kept in ``kept`` under ``key``: a function of the concealed tiles, the winning
    tile (sets and an eye) and the number of shown melds (special shapes) alone, so another hand made of the
    same has the same values (a reading is frozen)."""
    out: list = []
    if hs is None:
        _plain_readings(hand, out)
    else:
        _special_readings(hand, hs, 0, out)
    if len(kept) > _KEPT_MOST:
        kept.clear()
    got = kept[key] = tuple(out)
    return got


def _special_readings(hand: Hand, hs, jokers: int, out: list) -> None:
    """A reading for each special shape of ``hs`` the concealed tiles and ``jokers`` Fei form (no more shown
    melds than the shape allows beside it: none but for the knitted straight's one set).

    Most hands are no special shape: with no Fei, each shape's quick test on the suit keys turns it away
    before the 34 counts are made (speed, issue 29); a hand with five alike or more (its keys may not hold
    them) goes to the recognisers alone."""
    counts = None
    concealed = hand.concealed
    melds = len(hand.melds)
    keys = None  # the suit keys when the quick tests may read them, False when they may not
    for sp in hs.specials:
        if melds <= sp.shown and (sp.tiles is None or sp.tiles.issuperset(concealed)):
            if sp.quick is not None and not jokers:
                if keys is None:
                    keys = False if any(map(eq, concealed, concealed[4:])) else (
                        hand.__dict__.get("_keys") or hand_keys(hand))  # hand_keys, its memo read here
                if keys and not sp.quick(keys):
                    continue
            if counts is None:
                counts = hand.counts()
            if sp.complete(counts, jokers):
                out.append(_special_reading(sp.name))


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
        for sets, eye, eye_j in fei_splits(hand, hand_keys(hand), jokers, eye_tiles, most):
            out = []
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
    keys = hand.__dict__.get("_keys") or hand_keys(hand)  # hand_keys, its memo read here (speed, issue 29)
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


def _special_reading(name: str) -> Reading:
    """``Reading(special=name, win_in=None)``, made as :func:`_reading` makes one (speed, issue 29)."""
    r = _new(Reading)
    r.__dict__.update(sets=(), eye=None, eye_jokers=0, special=name, win_in=None)
    return r


def _place_win(out: list, hand: Hand, sets, eye, eye_j) -> None:
    """Add the reading once for each place the winning tile may sit."""
    w = hand.win
    if w is None:
        out.append(_reading(sets, eye, eye_j, None))
        return
    if w == JOKER:  # a drawn Fei sits in any set or eye that holds a Fei
        for i in fei_win_places(sets, eye_j):
            out.append(_reading(sets, eye, eye_j, i))
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
    pair = room_pair(keys, hand, most, J) if J or jokers_left else None
    if fits and J == 0 and pair is None:  # no Fei: the plain tables, the masks combined as bits
        _plain_waits(keys, out)
    elif fits:  # Fei in the hand or to come
        fei_waits(keys, J, pair, out)
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
    if jokers_left > 0 and fei_completes(keys, J, pair, fits, hand, specials):
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
    return waiting_tiles(hand, range(34) if len(kinds) == 34 else tuple(kinds), fei_left(hand, variant),
                         variant.hand, variant.most_copies)
