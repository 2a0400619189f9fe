"""The shape of a winning hand, as a variant's file gives it (``hand:``), and the registry of special shapes.

A mahjong hand wins as ``sets`` sets (chows, pongs, kongs) and one eye, so it holds ``3 * sets + 2`` tiles (a
kong counting three): four sets and 14 tiles at the Hong Kong table, five and 17 at the Taiwanese. Besides
that, a table may allow special shapes that are not sets and an eye (thirteen orphans, seven pairs, the
knitted shapes); each is a recogniser registered here by name with :func:`shape`, as a pattern predicate is
registered by its id, and a variant file names the ones it plays::

    hand:
      sets: 5                      # sets beside the eye: 3 * 5 + 2 = 17 tiles
      special: [thirteen_orphans]  # special shapes besides sets and an eye

A file without ``hand:`` plays four sets and thirteen orphans. A special shape counts only where a pattern of
the table scores it (``scored_by``): a house file that disables thirteen orphans turns the shape off too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .tiles import ORPHANS

MIN_SETS, MAX_SETS = 1, 5  # the sets a hand may need: 5 at the Taiwanese 16-tile table
DEFAULT_SETS = 4
DEFAULT_SPECIAL = ("thirteen_orphans",)


@dataclass(frozen=True)
class Special:
    """A registered special shape: ``complete(counts, jokers)`` is True when the concealed counts (34 kinds)
    and Fei form it (with at most ``shown`` shown melds beside them, their tiles not in the counts); ``tiles``: the only tiles it can hold (None: any), so a hand holding
    another is passed over at once; ``size``: its tiles; ``scored_by``: the pattern ids that score it."""

    name: str
    complete: Callable[[list, int], bool]
    size: int
    scored_by: tuple[str, ...]
    tiles: frozenset | None = None
    shown: int = 0  # shown melds the shape may have beside its concealed tiles (the knitted straight: one set)


SHAPES: dict[str, Special] = {}


def shape(name: str, *, size: int, scored_by: tuple[str, ...], tiles=None, shown: int = 0):
    """Register ``fn(counts, jokers) -> bool`` as the recogniser of the special shape ``name``."""

    def deco(fn):
        if name in SHAPES:
            raise ValueError(f"special shape {name!r} is registered twice")
        SHAPES[name] = Special(name, fn, size, tuple(scored_by), None if tiles is None else frozenset(tiles), shown)
        return fn

    return deco


@dataclass(frozen=True)
class HandShape:
    """What a winning hand is at a table: ``sets`` sets and an eye, or one of the ``special`` shapes (the names
    of registered :class:`Special` shapes the table plays and scores)."""

    sets: int = DEFAULT_SETS
    special: tuple[str, ...] = DEFAULT_SPECIAL

    @property
    def size(self) -> int:
        """Tiles in a complete hand, a kong counting three."""
        return 3 * self.sets + 2

    @property
    def specials(self) -> tuple[Special, ...]:
        return tuple(SHAPES[n] for n in self.special)

    def sets_needed(self, hand) -> int:
        """The sets the concealed tiles must make beside the eye."""
        return self.sets - len(hand.melds)

    def plays(self, name: str) -> bool:
        return name in self.special

    def describe(self) -> str:
        """'four sets and a pair' (what a size error names)."""
        words = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
        return f"{words.get(self.sets, self.sets)} set{'s' if self.sets != 1 else ''} and a pair"


STANDARD = HandShape()  # four sets and an eye, thirteen orphans: the shape of every table before this module
FOUR_SETS = HandShape(DEFAULT_SETS, ())


def as_shape(value) -> HandShape:
    """A :class:`HandShape` from itself, or from the older flag ``thirteen`` (True: four sets and thirteen
    orphans, False: four sets alone)."""
    if isinstance(value, HandShape):
        return value
    return STANDARD if value else FOUR_SETS


# --------------------------------------------------------------------------
# The special shapes


_ORPHAN_SET = frozenset(ORPHANS)


@shape("thirteen_orphans", size=14, scored_by=("thirteen_orphans", "thirteen_wonders", "mcr_thirteen_orphans"),
       tiles=ORPHANS)
def is_thirteen_orphans(counts: list, jokers: int) -> bool:
    """One of each terminal and honour and a second of one of them; Fei fill the gaps."""
    if sum(counts) + jokers != 14:
        return False
    if any(counts[t] for t in range(34) if t not in _ORPHAN_SET):
        return False
    missing = sum(1 for t in ORPHANS if counts[t] == 0)
    extra = sum(max(0, counts[t] - 1) for t in ORPHANS)
    if extra > 1:  # one orphan appears twice
        return False
    return missing + (1 - extra) == jokers


@shape("seven_pairs", size=14, scored_by=("seven_pairs",))
def is_seven_pairs(counts: list, jokers: int) -> bool:
    """Seven pairs of seven different tiles (four alike are not two pairs); a Fei pairs a single."""
    if sum(counts) + jokers != 14 or any(c > 2 for c in counts):
        return False
    singles = sum(1 for c in counts if c == 1)
    kinds = sum(1 for c in counts if c)
    return singles <= jokers and (jokers - singles) % 2 == 0 and kinds + (jokers - singles) // 2 == 7


@shape("seven_pairs_four_alike", size=14, scored_by=("seven_pairs",))
def is_seven_pairs_four_alike(counts: list, jokers: int) -> bool:
    """Seven pairs where four alike count as two pairs (the Chinese Official reading); no Fei."""
    return not jokers and sum(counts) == 14 and all(c % 2 == 0 for c in counts)


@shape("seven_shifted_pairs", size=14, scored_by=("seven_shifted_pairs",))
def is_seven_shifted_pairs(counts: list, jokers: int) -> bool:
    """Seven pairs of one suit in a row (1 to 7, 2 to 8 or 3 to 9); no Fei."""
    if jokers or sum(counts) != 14:
        return False
    first = next(t for t in range(34) if counts[t])
    return first < 27 and first % 9 <= 2 and all(counts[first + i] == 2 for i in range(7))


# the knitted tiles: 147, 258 and 369, each in its own suit (six ways to give the three runs their suits)
KNITTED = tuple(tuple(9 * suit + place for suit, start in zip(order, (0, 1, 2)) for place in range(start, 9, 3))
                for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)))


def _set_and_pair(counts: list) -> bool:
    """Five tiles that make one set (a pung or a chow) and a pair."""
    for p in range(34):
        if counts[p] >= 2:
            rest = list(counts)
            rest[p] -= 2
            left = [t for t in range(34) for _ in range(rest[t])]
            if left[0] == left[2] or (left[0] < 27 and left[0] % 9 <= 6 and left[1] == left[0] + 1
                                     and left[2] == left[0] + 2):
                return True
    return False


@shape("knitted_straight", size=14, scored_by=("knitted_straight",), shown=1)
def is_knitted_straight(counts: list, jokers: int) -> bool:
    """The nine knitted tiles (147, 258, 369 in three suits), one set and a pair (the set may be shown: then
    the counts are the nine and the pair); no Fei."""
    n = sum(counts)
    if jokers or n not in (11, 14):
        return False
    for knit in KNITTED:
        if all(counts[t] for t in knit):
            rest = list(counts)
            for t in knit:
                rest[t] -= 1
            return max(rest) == 2 if n == 11 else _set_and_pair(rest)
    return False


@shape("honors_and_knitted", size=14, scored_by=("lesser_honors_and_knitted_tiles",
                                                  "greater_honors_and_knitted_tiles"))
def is_honors_and_knitted(counts: list, jokers: int) -> bool:
    """Fourteen different tiles: five to seven honours, the rest knitted tiles of one knitted straight; no Fei."""
    if jokers or sum(counts) != 14 or any(c > 1 for c in counts):
        return False
    honours = sum(counts[27:])
    if not 5 <= honours <= 7:
        return False
    suited = {t for t in range(27) if counts[t]}
    return any(suited <= set(knit) for knit in KNITTED)


# --------------------------------------------------------------------------
# The ``hand:`` section of a variant file


def shape_from_data(ck, data, path: str, pattern_ids) -> HandShape:
    """The ``hand`` section checked by type and range (every problem through the checker ``ck``, one line each)
    and the table's :class:`HandShape`: the special shapes it names that a pattern of ``pattern_ids`` scores.
    ``data`` is ``...`` when the file has no such section."""
    if data is ...:
        data = {}
    if not isinstance(data, dict):
        ck.fail(path, f"expected a mapping (sets, special), e.g. {{sets: 4}}, got {type(data).__name__}")
        return STANDARD
    ck.unknown(data, {"sets", "special"}, path)
    sets = ck.integer(data, "sets", path, MIN_SETS, MAX_SETS, default=DEFAULT_SETS)
    if not isinstance(sets, int):
        sets = DEFAULT_SETS
    special = ck.get(data, "special", path, list, "a list of special shapes, e.g. [thirteen_orphans]",
                     default=list(DEFAULT_SPECIAL))
    names = []
    for i, name in enumerate(special or ()):
        where = f"{path}.special[{i}]"
        if not isinstance(name, str) or name not in SHAPES:
            ck.fail(where, f"expected a special shape ({', '.join(sorted(SHAPES))}), got {name!r}"
                    if isinstance(name, str) else f"expected a special shape name, got {type(name).__name__}")
        elif name in names:
            ck.fail(where, f"special shape {name!r} is listed twice; keep one")
        elif SHAPES[name].size != 3 * sets + 2:
            ck.fail(where, f"{name} is a {SHAPES[name].size}-tile shape and {sets} sets make a "
                           f"{3 * sets + 2}-tile hand; drop it or set sets: {(SHAPES[name].size - 2) // 3}")
        else:
            names.append(name)
    played = tuple(n for n in names if set(SHAPES[n].scored_by) & set(pattern_ids))
    if sets == DEFAULT_SETS and played == DEFAULT_SPECIAL:
        return STANDARD
    return HandShape(sets, played)
