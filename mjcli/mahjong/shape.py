"""The shape of a winning hand, as a variant's file gives it (``hand:``), and the registry of special shapes.

A mahjong hand wins as ``sets`` sets (chows, pongs, kongs) and one eye, so it holds ``3 * sets + 2`` tiles (a
kong counting three): four sets and 14 tiles at the Hong Kong table, five and 17 at the Taiwanese. Besides
that, a table may allow special shapes that are not sets and an eye (thirteen orphans, seven pairs, the
knitted shapes); each is a recogniser registered here by name with :func:`shape`, as a pattern predicate is
registered by its id, with beside it how far a hand is from it (:func:`shape_draws`, what the shanten of
:mod:`mjcli.mahjong.shanten` takes the minimum over), and a variant file names the ones it plays::

    hand:
      sets: 5                      # sets beside the eye: 3 * 5 + 2 = 17 tiles
      special: [thirteen_orphans]  # special shapes besides sets and an eye

A file without ``hand:`` plays four sets and thirteen orphans. A special shape counts only where a pattern of
the table scores it (``scored_by``): a house file that disables thirteen orphans turns the shape off too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import compress
from operator import itemgetter
from typing import Callable

from .suits import held_places
from .tiles import ORPHANS

MIN_SETS, MAX_SETS = 1, 5  # the sets a hand may need: 5 at the Taiwanese 16-tile table
DEFAULT_SETS = 4
DEFAULT_SPECIAL = ("thirteen_orphans",)


@dataclass(frozen=True)
class Special:
    """A registered special shape: ``complete(counts, jokers)`` is True when the concealed counts (34 kinds)
    and Fei form it (with at most ``shown`` shown melds beside them, their tiles not in the counts); ``tiles``: the only tiles it can hold (None: any), so a hand holding
    another is passed over at once; ``size``: its tiles; ``scored_by``: the pattern ids that score it;
    ``quick(keys)``: False when concealed tiles with no Fei, no tile more than four times, cannot form it, read
    from their four suit keys before any counts are made (None: no such test; see :func:`quick_test`)."""

    name: str
    complete: Callable[[list, int], bool]
    size: int
    scored_by: tuple[str, ...]
    tiles: frozenset | None = None
    shown: int = 0  # shown melds the shape may have beside its concealed tiles (the knitted straight: one set)
    draws: Callable | None = None  # how far a hand is from it, see shape_draws
    quick: Callable | None = None  # a quick rejection on the suit keys, see quick_test


SHAPES: dict[str, Special] = {}
_SPECIALS: dict = {}  # a table's special shape names -> their entries (HandShape.specials), emptied at each registration
BIG = 99  # no such shape (more draws than any hand needs)


def shape(name: str, *, size: int, scored_by: tuple[str, ...], tiles=None, shown: int = 0):
    """Register ``fn(counts, jokers) -> bool`` as the recogniser of the special shape ``name``."""

    def deco(fn):
        if name in SHAPES:
            raise ValueError(f"special shape {name!r} is registered twice")
        _SPECIALS.clear()
        SHAPES[name] = Special(name, fn, size, tuple(scored_by), None if tiles is None else frozenset(tiles), shown)
        return fn

    return deco


def quick_test(name: str):
    """Register ``fn(keys) -> bool`` as the quick rejection of the special shape ``name``: False when concealed
    tiles with no Fei whose four suit keys are ``keys`` (3 bits a place, see :func:`mjcli.mahjong.tiles.hand_keys`;
    no tile more than four times) cannot form it, True when they may (its recogniser then decides). Most hands
    are no special shape, and a hand's keys are at hand where its 34 counts are not: the readings of a hand ask
    this first (speed, issue 29)."""
    return _attach(name, "quick", "quick test")


def shape_draws(name: str):
    """Register ``fn(keys, jokers, shown, std, cap) -> int`` as how many tiles a hand must draw (each replacing
    one thrown away) to complete the special shape ``name`` (the shanten is that less one): ``keys`` the concealed
    tiles' four suit keys (3 bits a place, see :func:`mjcli.mahjong.tiles.hand_keys`), ``jokers`` the free Fei, ``shown``
    the shown melds (at most the shape's ``shown``), ``std(keys, sets)`` the fewest draws for the real tiles
    ``keys`` to make ``sets`` sets and an eye (the copies left counted from ``keys`` and the shown melds),
    ``cap``: an answer is needed only below it (any number >= cap may be returned otherwise). A tile the shape
    cannot use counts as one to throw away; a Fei the shape does not take, too."""
    return _attach(name, "draws", "draws")


def _attach(name: str, field: str, what: str):
    """The decorator that sets ``field`` (``what``, in its errors) of the registered special shape ``name``,
    once, after its recogniser."""

    def deco(fn):
        if name not in SHAPES:
            raise ValueError(f"special shape {name!r}: register its recogniser before its {what}")
        if getattr(SHAPES[name], field) is not None:
            raise ValueError(f"the {what} of special shape {name!r}: registered twice")
        _SPECIALS.clear()
        SHAPES[name] = replace(SHAPES[name], **{field: fn})
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
        """The registered entries of the table's special shapes (made once, not at each hand: speed, issue 29)."""
        got = _SPECIALS.get(self.special)
        if got is None:
            got = _SPECIALS[self.special] = tuple(SHAPES[n] for n in self.special)
        return got

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


_ORPHAN_COUNTS = itemgetter(*ORPHANS)  # the counts of the thirteen orphans, read at once (speed, issue 29)


@shape("thirteen_orphans", size=14, scored_by=("thirteen_orphans", "thirteen_wonders", "mcr_thirteen_orphans"),
       tiles=ORPHANS)
def is_thirteen_orphans(counts: list, jokers: int) -> bool:
    """One of each terminal and honour and a second of one of them; Fei fill the gaps."""
    n = sum(counts)
    if n + jokers != 14:
        return False
    held = _ORPHAN_COUNTS(counts)
    if sum(held) != n:  # a tile that is no orphan
        return False
    missing = held.count(0)
    extra = n - (13 - missing)  # the copies beyond the first of each orphan held
    if extra > 1:  # one orphan appears twice
        return False
    return missing + (1 - extra) == jokers


def orphans_draws(keys, jokers: int) -> int:
    """Draws to thirteen orphans: one of each terminal and honour and a second of one of them (Fei fill)."""
    kinds = pair = 0
    for s in range(3):
        key = keys[s]
        if key:
            for c in (key & 7, key >> 24):
                if c:
                    kinds += 1
                    if c >= 2:
                        pair = 1
    key = keys[3]
    while key:
        c = key & 7
        if c:
            kinds += 1
            if c >= 2:
                pair = 1
        key >>= 3
    d = 14 - kinds - pair - jokers
    return d if d > 0 else 0


_HONOURS: dict = {}  # honours key -> tiles in it


def orphan_tiles(keys) -> int:
    """How many of the tiles are terminals and honours (at most that many can stay in thirteen orphans)."""
    k0, k1, k2, key = keys
    n = (k0 & 7) + (k0 >> 24) + (k1 & 7) + (k1 >> 24) + (k2 & 7) + (k2 >> 24)
    h = _HONOURS.get(key)
    if h is None:
        h = 0
        k = key
        while k:
            h += k & 7
            k >>= 3
        if len(_HONOURS) > 100_000:
            _HONOURS.clear()
        _HONOURS[key] = h
    return n + h


@shape_draws("thirteen_orphans")
def thirteen_orphans_draws(keys, jokers: int, shown: int, std, cap: int) -> int:
    if cap <= 14 - orphan_tiles(keys) - jokers:  # the tiles that are not orphans must go: no better than cap
        return cap
    return orphans_draws(keys, jokers)


@shape("seven_pairs", size=14, scored_by=("seven_pairs",))
def is_seven_pairs(counts: list, jokers: int) -> bool:
    """Seven pairs of seven different tiles (four alike are not two pairs); a Fei pairs a single."""
    if not jokers:  # seven kinds held twice (the quick test: most hands are not seven pairs)
        return counts.count(2) == 7 and sum(counts) == 14
    if sum(counts) + jokers != 14 or any(c > 2 for c in counts):
        return False
    singles = sum(1 for c in counts if c == 1)
    kinds = sum(1 for c in counts if c)
    return singles <= jokers and (jokers - singles) % 2 == 0 and kinds + (jokers - singles) // 2 == 7


def pairs_draws(keys, jokers: int) -> int:
    """Draws to seven pairs of different tiles (a Fei pairs a single, two Fei a pair)."""
    pairs = singles = 0
    for key in keys:
        while key:
            c = key & 7
            if c >= 2:
                pairs += 1
            elif c:
                singles += 1
            key >>= 3
    if pairs > 7:
        pairs = 7
    kinds = 7 - pairs
    d = 14 - 2 * pairs - (singles if singles < kinds else kinds) - jokers
    return d if d > 0 else 0


@shape_draws("seven_pairs")
def seven_pairs_draws(keys, jokers: int, shown: int, std, cap: int) -> int:
    return pairs_draws(keys, jokers)


_PLACES_ONE = int("001" * 9, 2)  # bit 0 of each place of a suit key: set where the place holds an odd count
_PLACES_TWO_UP = _PLACES_ONE << 1 | _PLACES_ONE << 2  # bits 1 and 2 of each place: set where it holds two or more


@quick_test("seven_pairs")
def _pairs_quick(keys) -> bool:
    """Seven pairs hold no tile an odd number of times."""
    return not (keys[0] | keys[1] | keys[2] | keys[3]) & _PLACES_ONE


@shape("seven_pairs_four_alike", size=14, scored_by=("seven_pairs",))
def is_seven_pairs_four_alike(counts: list, jokers: int) -> bool:
    """Seven pairs where four alike count as two pairs (the Chinese Official reading); no Fei."""
    return not jokers and not counts.count(1) and not counts.count(3) and sum(counts) == 14


quick_test("seven_pairs_four_alike")(_pairs_quick)  # no single, no three alike: with four at most, no odd count


@shape_draws("seven_pairs_four_alike")
def seven_pairs_four_alike_draws(keys, jokers: int, shown: int, std, cap: int) -> int:
    """Fourteen places: each pair held fills two (four alike, two pairs), each odd tile left one, up to seven
    pairs in all; the Fei are thrown away. 13 tiles with p pairs: 14 - 2p - (7 - p) = 7 - p draws."""
    pairs = odd = 0
    for key in keys:
        while key:
            c = key & 7
            pairs += c >> 1
            odd += c & 1
            key >>= 3
    if pairs >= 7:
        return 0
    return 14 - 2 * pairs - (odd if odd < 7 - pairs else 7 - pairs)


@shape("seven_shifted_pairs", size=14, scored_by=("seven_shifted_pairs",))
def is_seven_shifted_pairs(counts: list, jokers: int) -> bool:
    """Seven pairs of one suit in a row (1 to 7, 2 to 8 or 3 to 9); no Fei."""
    if jokers or counts.count(2) != 7 or sum(counts) != 14:
        return False
    first = next(t for t in range(34) if counts[t])
    return first < 27 and first % 9 <= 2 and all(counts[first + i] == 2 for i in range(7))


quick_test("seven_shifted_pairs")(_pairs_quick)  # seven places held twice: no odd count


@shape_draws("seven_shifted_pairs")
def seven_shifted_pairs_draws(keys, jokers: int, shown: int, std, cap: int) -> int:
    """Fourteen places, two at each of seven places in a row of one suit: the most held there (two a place)."""
    best = 0
    for s in range(3):
        key = keys[s]
        if key:
            for start in range(3):
                k = key >> 3 * start
                kept = 0
                for _ in range(7):
                    c = k & 7
                    kept += c if c < 2 else 2
                    k >>= 3
                if kept > best:
                    best = kept
    return 14 - best


# the knitted tiles: 147, 258 and 369, each in its own suit (six ways to give the three runs their suits)
KNITTED = tuple(tuple(9 * suit + place for suit, start in zip(order, (0, 1, 2)) for place in range(start, 9, 3))
                for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)))


_KINDS = range(34)


def _set_and_pair(counts: list) -> bool:
    """Five tiles that make one set (a pung or a chow) and a pair: the tiles listed once, then each pair taken
    out of the list in turn (speed, issue 29)."""
    tiles = [t for t in compress(_KINDS, counts) for _ in range(counts[t])]  # in order
    for i in range(len(tiles) - 1):
        if tiles[i] == tiles[i + 1]:
            left = tiles[:i] + tiles[i + 2:]
            if left[0] == left[2] or (left[0] < 27 and left[0] % 9 <= 6 and left[1] == left[0] + 1
                                     and left[2] == left[0] + 2):
                return True
    return False


_KNIT_COUNTS = tuple(itemgetter(*knit) for knit in KNITTED)  # the counts of each straight's nine tiles at once


@shape("knitted_straight", size=14, scored_by=("knitted_straight",), shown=1)
def is_knitted_straight(counts: list, jokers: int) -> bool:
    """The nine knitted tiles (147, 258, 369 in three suits), one set and a pair (the set may be shown: then
    the counts are the nine and the pair); no Fei."""
    if jokers or counts.count(0) > 25:  # fewer than nine kinds of tile
        return False
    n = sum(counts)
    if n not in (11, 14):
        return False
    for knit, held in zip(KNITTED, _KNIT_COUNTS):
        if 0 not in held(counts):
            rest = list(counts)
            for t in knit:
                rest[t] -= 1
            return max(rest) == 2 if n == 11 else _set_and_pair(rest)
    return False


# each knitted straight as its three suits' places, one bit a place as suits.held_places gives them
_KNIT_BITS = tuple(tuple(sum(1 << 3 * (t % 9) for t in knit if t // 9 == s) for s in range(3)) for knit in KNITTED)


# the places of 147, 258 and 369 in a suit, one bit a place as suits.held_places gives them
_RUN147, _RUN258, _RUN369 = (sum(1 << 3 * p for p in range(start, 9, 3)) for start in range(3))


@quick_test("knitted_straight")
def _knitted_quick(keys) -> bool:
    """The nine tiles of one of the six knitted straights are held (the characters hold 147, 258 or 369 whole
    first: most hands fail there, before the other suits are looked at; speed, issue 29)."""
    m = held_places(keys[0])
    if m & _RUN147 != _RUN147 and m & _RUN258 != _RUN258 and m & _RUN369 != _RUN369:
        return False
    p, s = held_places(keys[1]), held_places(keys[2])
    for bm, bp, bs in _KNIT_BITS:
        if m & bm == bm and p & bp == bp and s & bs == bs:
            return True
    return False


_KNIT_PLACES = tuple(tuple((t // 9, t % 9) for t in knit) for knit in KNITTED)  # each as (suit, place) per tile


@shape_draws("knitted_straight")
def knitted_straight_draws(keys, jokers: int, shown: int, std, cap: int) -> int:
    """For each of the six knitted straights: its nine places less those held, and the draws for the rest of the
    tiles to make the set and the pair (one shown set: the pair alone). The copy of a tile the straight takes
    never leaves too few for the rest: a set and a pair use at most three of a tile (3 + 1 = 4), and beside a
    shown set the pair at most two, with a shown chow's one copy (2 + 1 + 1 = 4; a shown pung of it leaves
    too few for the pair already)."""
    best = cap
    for places in _KNIT_PLACES:
        rest = list(keys)
        held = 0
        for s, p in places:
            if (keys[s] >> 3 * p) & 7:
                held += 1
                rest[s] -= 1 << 3 * p
        if 9 - held >= best:
            continue
        d = 9 - held + std(rest, 1 - shown)
        if d < best:
            best = d
    return best


@shape("honors_and_knitted", size=14, scored_by=("lesser_honors_and_knitted_tiles",
                                                  "greater_honors_and_knitted_tiles"))
def is_honors_and_knitted(counts: list, jokers: int) -> bool:
    """Fourteen different tiles: five to seven honours, the rest knitted tiles of one knitted straight; no Fei."""
    if jokers or counts.count(1) != 14:  # fourteen kinds, one of each
        return False
    honours = sum(counts[27:])
    if not 5 <= honours <= 7:
        return False
    suited = sum(counts) - honours  # all of them in one straight's tiles: its nine hold them all
    return any(sum(held(counts)) == suited for held in _KNIT_COUNTS)


@quick_test("honors_and_knitted")
def _knitted_honours_quick(keys) -> bool:
    """Fourteen different tiles: none held twice."""
    return not (keys[0] | keys[1] | keys[2] | keys[3]) & _PLACES_TWO_UP


@shape_draws("honors_and_knitted")
def honors_and_knitted_draws(keys, jokers: int, shown: int, std, cap: int) -> int:
    """Fourteen of the sixteen tiles of one knitted straight and the seven honours, one each: the most different
    ones held (fourteen of sixteen leaves at least five honours and seven knitted tiles, as the shape asks)."""
    key = keys[3]
    honours = 0
    while key:
        if key & 7:
            honours += 1
        key >>= 3
    best = 0
    for places in _KNIT_PLACES:
        n = honours
        for s, p in places:
            if (keys[s] >> 3 * p) & 7:
                n += 1
        if n > best:
            best = n
    return 14 - (best if best < 14 else 14)


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
