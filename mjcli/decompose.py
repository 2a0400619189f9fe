"""Every reading of a hand into sets and an eye, and the tiles a hand waits on.

Work is done one suit at a time: a suit's counts (a tuple of 9, or 7 for the
honours) split into sets and at most one eye, Fei filling places, and the
answers are cached by those counts, so the same suit shape is solved once per
process however many hands share it.

>>> from mjcli.tiles import parse_hand
>>> sorted(r.describe() for r in readings(parse_hand("111222333m 789p 55s")))
['111m 222m 333m 789p 55s', '123m 123m 123m 789p 55s']
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from itertools import product

from .tiles import CHOW, JOKER, ORPHANS, PONG, Hand, tile_code

# A set inside a reading: (kind, lowest tile, number of Fei in it)
SetT = tuple  # (str, int, int)

SUIT_RANGES = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


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
        parts = []
        for kind, t, j in self.sets:
            tiles = [t, t + 1, t + 2] if kind == CHOW else [t] * 3
            parts.append(_text(tiles, j))
        if self.eye is not None:
            parts.append(_text([self.eye] * 2, self.eye_jokers))
        return " ".join(parts)


def _text(tiles, jokers):
    codes = [tile_code(t) for t in tiles]
    suit = codes[0][1]
    body = "".join(c[0] for c in codes)
    if suit == "z":
        body = "".join("ESWNPFC"[int(c[0]) - 1] for c in codes)
        suit = ""
    return body + suit + ("~" + "J" * jokers if jokers else "")


# --------------------------------------------------------------------------
# One suit


@functools.lru_cache(maxsize=1 << 16)
def suit_splits(counts: tuple[int, ...], chows: bool, jokers: int) -> tuple:
    """Every split of one suit's counts into sets and at most one eye.

    Returns a tuple of ``(jokers_used, eye, eye_jokers, sets)`` where ``eye``
    is the index within the suit or None and ``sets`` holds
    ``(kind, index, jokers)``. Every set keeps at least one real tile.

    >>> suit_splits((1, 1, 1, 0, 0, 0, 0, 0, 2), True, 0)
    ((0, 8, 0, (('chow', 0, 0),)),)
    """
    out = set()
    c = list(counts)
    n = len(c)

    def rec(i, jk, eye, eye_j, sets):
        while i < n and c[i] == 0:
            i += 1
        if i == n:
            out.add((jokers - jk, eye, eye_j, tuple(sorted(sets))))
            return
        # pong, with 0..2 Fei
        for real in (3, 2, 1):
            need = 3 - real
            if c[i] >= real and need <= jk:
                c[i] -= real
                sets.append((PONG, i, need))
                rec(i, jk - need, eye, eye_j, sets)
                sets.pop()
                c[i] += real
        # chows in which i is the lowest real tile
        if chows:
            for start in (i - 2, i - 1, i):
                if start < 0 or start + 2 >= n:
                    continue
                below = i - start  # places under i: Fei
                if below > jk:
                    continue
                above = [p for p in range(i + 1, start + 3)]
                # each place above i: a real tile (if there is one) or a Fei
                for choice in product((True, False), repeat=len(above)):
                    if any(use and c[p] == 0 for use, p in zip(choice, above)):
                        continue
                    used_j = below + sum(1 for use in choice if not use)
                    if used_j > jk or used_j > 2:
                        continue
                    c[i] -= 1
                    for use, p in zip(choice, above):
                        if use:
                            c[p] -= 1
                    sets.append((CHOW, start, used_j))
                    rec(i, jk - used_j, eye, eye_j, sets)
                    sets.pop()
                    for use, p in zip(choice, above):
                        if use:
                            c[p] += 1
                    c[i] += 1
        if eye is None:
            for real in (2, 1):
                need = 2 - real
                if c[i] >= real and need <= jk:
                    c[i] -= real
                    rec(i, jk - need, i, need, sets)
                    c[i] += real

    rec(0, jokers, None, 0, [])
    return tuple(sorted(out, key=lambda x: (x[0], x[1] is not None, x[1] or 0, x[3])))


@functools.lru_cache(maxsize=1 << 18)
def suit_shapes(counts: tuple[int, ...], chows: bool, jokers: int) -> frozenset:
    """The (jokers_used, has_eye) pairs for which the suit splits completely."""
    return frozenset((u, e is not None) for u, e, _, _ in suit_splits(counts, chows, jokers))


# --------------------------------------------------------------------------
# Whole hands


def _suit_keys(counts):
    return [(tuple(counts[a:b]), chows) for a, b, chows in SUIT_RANGES]


def is_complete(counts: list[int], jokers: int, sets_needed: int) -> bool:
    """True when the concealed counts plus Fei form ``sets_needed`` sets and one eye."""
    total = sum(counts) + jokers
    if total != 3 * sets_needed + 2:
        return False
    # combine suits: reachable (jokers used, eye taken)
    reach = {(0, False)}
    for key, chows in _suit_keys(counts):
        if not any(key):
            continue
        shapes = suit_shapes(key, chows, jokers)
        if not shapes:
            return False
        nxt = set()
        for used, eye in reach:
            for u, e in shapes:
                if used + u <= jokers and not (eye and e):
                    nxt.add((used + u, eye or e))
        if not nxt:
            return False
        reach = nxt
    for used, eye in reach:
        left = jokers - used
        if (eye and left == 0) or (not eye and left == 2):
            return True
    return False


def is_thirteen_orphans(counts: list[int], jokers: int) -> bool:
    if sum(counts) + jokers != 14:
        return False
    if any(counts[t] for t in range(34) if t not in ORPHANS):
        return False
    missing = sum(1 for t in ORPHANS if counts[t] == 0)
    extra = sum(max(0, counts[t] - 1) for t in ORPHANS)
    # one orphan appears twice; Fei fill the gaps
    if extra > 1:
        return False
    return missing + (1 - extra) == jokers


def readings(hand: Hand, eye_tiles: list[int] | None = None, thirteen: bool = True) -> list[Reading]:
    """Every reading of the hand's concealed tiles (melds are kept as they are).

    ``eye_tiles`` are the tiles an eye made only of Fei may stand for.
    Each reading is repeated for every place the winning tile may sit.
    """
    counts = hand.counts()
    jokers = hand.jokers
    sets_needed = 4 - len(hand.melds)
    out: list[Reading] = []
    if sum(counts) + jokers == 3 * sets_needed + 2:
        per_suit = []
        for (a, b, chows) in SUIT_RANGES:
            key = tuple(counts[a:b])
            if any(key):
                per_suit.append((a, suit_splits(key, chows, jokers)))
        for combo in product(*(splits for _, splits in per_suit)):
            used = sum(s[0] for s in combo)
            eyes = [s for s in combo if s[1] is not None]
            if used > jokers or len(eyes) > 1:
                continue
            left = jokers - used
            sets = []
            eye = None
            eye_j = 0
            for (base, _), (u, e, ej, ss) in zip(per_suit, combo):
                sets.extend((k, base + t, j) for k, t, j in ss)
                if e is not None:
                    eye, eye_j = base + e, ej
            if eye is None:
                if left != 2:
                    continue
                for t in eye_tiles or ():
                    out.extend(_place_win(hand, _ordered(sets), t, 2))
            elif left == 0:
                out.extend(_place_win(hand, _ordered(sets), eye, eye_j))
    if thirteen and not hand.melds and is_thirteen_orphans(counts, jokers):
        out.append(Reading(special="thirteen_orphans", win_in=None))
    return out


def _ordered(sets):
    return tuple(sorted(sets, key=lambda s: (s[1], s[0], s[2])))


def _place_win(hand: Hand, sets, eye, eye_j):
    w = hand.win
    if w is None or w == JOKER:
        yield Reading(sets, eye, eye_j, None, None)
        return
    placed = False
    seen = set()
    for i, (kind, t, j) in enumerate(sets):
        inside = (w == t) if kind == PONG else (t <= w <= t + 2 and w // 9 == t // 9)
        if inside and (kind, t, j) not in seen:
            seen.add((kind, t, j))
            placed = True
            yield Reading(sets, eye, eye_j, None, i)
    if eye == w and eye_j < 2:
        placed = True
        yield Reading(sets, eye, eye_j, None, -1)
    if not placed:
        # the winning tile was written but the reading uses a Fei in its place
        yield Reading(sets, eye, eye_j, None, None)


def is_winning_shape(hand: Hand, thirteen: bool = True) -> bool:
    counts = hand.counts()
    if is_complete(counts, hand.jokers, 4 - len(hand.melds)):
        return True
    return thirteen and not hand.melds and is_thirteen_orphans(counts, hand.jokers)


def waiting_tiles(hand: Hand, candidates: list[int], jokers_left: int = 0, thirteen: bool = True) -> list[int]:
    """The tiles (and JOKER) that complete a 13-tile hand, in tile order.

    A tile whose four copies are all in the hand is left out.
    """
    counts = hand.counts()
    visible = hand.visible_counts()
    sets_needed = 4 - len(hand.melds)
    out = []
    for t in candidates:
        if visible[t] >= 4:
            continue
        counts[t] += 1
        ok = is_complete(counts, hand.jokers, sets_needed) or (
            thirteen and not hand.melds and is_thirteen_orphans(counts, hand.jokers)
        )
        counts[t] -= 1
        if ok:
            out.append(t)
    if jokers_left > 0:
        if is_complete(counts, hand.jokers + 1, sets_needed) or (
            thirteen and not hand.melds and is_thirteen_orphans(counts, hand.jokers + 1)
        ):
            out.append(JOKER)
    return out
