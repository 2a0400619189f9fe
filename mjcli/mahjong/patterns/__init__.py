"""The registry of scoring patterns: one small named predicate per pattern id.

A predicate takes a :class:`Ctx` (the hand, one reading of it, the variant's
options for that pattern) and returns how many times the pattern is present
(0 when absent). Values, limits and what a pattern replaces live in
``variants/*.yaml``; no value lives here.

Register a predicate with :func:`pattern`; the YAML names it by id::

    @pattern("dragon_set")
    def dragon_set(ctx):
        "Dragon pung: 箭刻"
        return ctx.shape.dragon_sets

``ctx.shape`` (a :class:`Shape`) answers what many predicates ask about the
reading (set kinds, triplet tiles, suits, honours, terminals), worked out once
per reading; ``ctx.groups`` and ``ctx.tiles`` give the sets themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from ..tiles import CHOW, KONG, PONG, Hand


@dataclass(frozen=True)
class Group:
    """A set of the winning hand, whether shown (a meld) or read from the concealed tiles.

    ``concealed`` is False for a claimed meld and for a set that the winning
    discard completed; concealed kongs and sets formed in the hand are True.
    """

    kind: str
    tile: int
    concealed: bool
    jokers: int = 0
    exposure: str = "hand"  # hand, claimed, added, concealed

    @property
    def is_triplet(self) -> bool:
        return self.kind in (PONG, KONG)

    @property
    def tiles(self) -> tuple[int, ...]:
        t = self.tile
        if self.kind == CHOW:
            return (t, t + 1, t + 2)
        return (t,) * (4 if self.kind == KONG else 3)


# What one tile, or a chow starting at a tile, brings to a Shape: bits 1 2 4 for the suits m p s,
# then an honour, a terminal (1 or 9), a simple (suited 2-8).
_HONOUR, _TERMINAL, _SIMPLE = 8, 16, 32
_TILE_BITS = tuple(_HONOUR if t >= 27 else (1 << t // 9) | (_TERMINAL if t % 9 in (0, 8) else _SIMPLE)
                   for t in range(34))
_CHOW_BITS = tuple((1 << t // 9) | _SIMPLE | (_TERMINAL if t % 9 in (0, 6) else 0) if t < 27 else 0
                   for t in range(34))
_SUITS = tuple(frozenset(s for i, s in enumerate("mps") if b >> i & 1) for b in range(8))
_ONE_SUIT = tuple(len(suits) == 1 for suits in _SUITS)


class Shape:
    """What the predicates ask about one reading's sets and eye, worked out in one pass (speed, issue 6).

    ``sets``, ``chows``, ``triplets`` (pongs and kongs) and ``kongs`` count
    sets; ``triplet_tiles`` lists the tile of each pong or kong;
    ``dragon_sets`` and ``wind_sets`` count the honour ones; ``suits`` holds
    the suit letters present; ``honours``, ``terminals`` (a 1 or 9) and
    ``simples`` (a suited 2-8) say whether the hand holds any such tile;
    ``one_suit`` and ``no_simples`` say so for the flushes and the
    terminal hands; ``four_chows`` and ``four_triplets`` say four sets or more
    are chows, or pongs and kongs (every set at a table of four sets; a table of five
    asks the predicate, which checks all five). A predicate's ``when`` names one of these.
    """

    __slots__ = ("sets", "chows", "triplets", "kongs", "triplet_tiles", "dragon_sets", "wind_sets",
                 "suits", "honours", "terminals", "simples", "one_suit", "no_simples", "four_chows", "four_triplets")

    def __init__(self, groups, eye: int | None):
        _fill(self, [(g.kind, g.tile, g.jokers) for g in groups], eye)


def _shape_of(melds, sets, eye) -> Shape:
    """``Shape(groups, eye)`` read from the melds and a reading's ``(kind, tile, Fei)`` sets, without making the
    groups (speed, issue 15): the same fields."""
    if melds:  # the melds first, as in a reading's groups
        sets = tuple((m.kind, m.tiles[0], 0) for m in melds) + tuple(sets)
    return _fill(_new(Shape), sets, eye)


def _fill(s: Shape, sets, eye: int | None) -> Shape:
    """Work out the fields of ``s`` from ``(kind, tile, Fei)`` sets and the eye, in one pass."""
    chows = kongs = dragons = winds = 0
    trip = []
    bits = 0 if eye is None else _TILE_BITS[eye]
    for kind, t, _ in sets:
        if kind == CHOW:
            chows += 1
            bits |= _CHOW_BITS[t]
            continue
        trip.append(t)
        bits |= _TILE_BITS[t]
        if kind == KONG:
            kongs += 1
    if bits & _HONOUR:  # the honour pongs counted only when there is an honour
        for t in trip:
            if t >= 31:
                dragons += 1
            elif t >= 27:
                winds += 1
    s.sets = len(sets)
    s.chows = chows
    s.triplets = triplets = len(trip)
    s.kongs = kongs
    s.triplet_tiles = trip
    s.dragon_sets = dragons
    s.wind_sets = winds
    s.suits = _SUITS[bits & 7]
    s.honours = bits & _HONOUR != 0
    s.terminals = bits & _TERMINAL != 0
    s.simples = bits & _SIMPLE != 0
    s.one_suit = _ONE_SUIT[bits & 7]
    s.no_simples = bits & _SIMPLE == 0
    s.four_chows = chows >= 4
    s.four_triplets = triplets >= 4
    return s


_GROUP_MEMO: dict = {}  # Group is a frozen value: each distinct one is built once (speed, issue 6)


def group(kind, t, concealed, jokers, exposure) -> Group:
    """``Group(kind, t, concealed, jokers, exposure)``, memoised."""
    key = (kind, t, concealed, jokers, exposure)
    g = _GROUP_MEMO.get(key)
    if g is None:
        g = _GROUP_MEMO[key] = Group(kind, t, concealed, jokers, exposure)
    return g


def groups_of(hand: Hand, reading) -> list[Group]:
    """The groups of a hand read one way: its melds, then the reading's sets (the one the winning discard
    completed is not concealed)."""
    groups = [group(m.kind, m.tile, m.concealed, len(m.jokers), m.exposure) for m in hand.melds] \
        if hand.melds else []
    if reading is not None and not reading.special:
        win_in = None if hand.self_drawn else reading.win_in
        memo = _GROUP_MEMO
        for i, (kind, t, j) in enumerate(reading.sets):
            key = (kind, t, i != win_in, j, "hand")
            g = memo.get(key)
            groups.append(group(*key) if g is None else g)
    return groups


@dataclass
class Ctx:
    """What a predicate sees."""

    hand: Hand
    variant: object
    reading: object | None
    groups: list[Group] = field(default_factory=list)
    eye: int | None = None
    opts: Mapping = field(default_factory=dict)
    cache: dict = field(default_factory=dict)
    shape: Shape = field(init=False, repr=False)
    special: str | None = field(init=False, repr=False)  # the reading's special shape, e.g. thirteen_orphans

    def __post_init__(self):
        self.shape = Shape(self.groups, self.eye)
        self.special = getattr(self.reading, "special", None)

    def __getattr__(self, name):
        if name == "groups":  # made on first use (make_ctx): most predicates read only the Shape
            g = self.__dict__["groups"] = groups_of(self.hand, self.reading)
            return g
        if name == "cache":  # made on first use (make_ctx): few predicates keep anything
            c = self.__dict__["cache"] = {}
            return c
        if name == "shape":  # made on first use (hand_ctx): most patterns that need no reading never read it
            s = self.__dict__["shape"] = Shape(self.groups, self.eye)
            return s
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def tiles(self) -> list[int]:
        """Every tile the winning hand stands for (Fei replaced), eye included."""
        if "tiles" not in self.cache:
            ts = [t for g in self.groups for t in g.tiles]
            if self.eye is not None:
                ts += [self.eye, self.eye]
            self.cache["tiles"] = ts
        return self.cache["tiles"]


_new = object.__new__


def make_ctx(hand, variant, reading, eye) -> Ctx:
    """``Ctx(hand, variant, reading, groups_of(hand, reading), eye)`` without the dataclass's ``__init__`` (the
    scorer makes one a reading: speed, issue 15); the same fields, a fresh ``opts`` and ``cache``. The groups
    are made when a predicate first asks for them (the ``cache`` too); the Shape is read from the melds and sets."""
    c = _new(Ctx)
    special = reading.special
    c.__dict__.update(hand=hand, variant=variant, reading=reading, eye=eye, opts={},
                      shape=_shape_of(hand.melds, () if special else reading.sets, eye), special=special)
    return c


def hand_ctx(hand, variant) -> Ctx:
    """``Ctx(hand, variant, None, groups_of(hand, None), None)``, what the patterns that need no reading see,
    without the dataclass's ``__init__``: the groups and the Shape are made when a predicate first asks for them
    (the scorer makes one a new hand context, and mcr's flowers, say, read neither: speed, issue 29)."""
    c = _new(Ctx)
    c.__dict__.update(hand=hand, variant=variant, reading=None, eye=None, opts={}, special=None)
    return c


@dataclass(frozen=True)
class Predicate:
    fn: Callable[[Ctx], int]
    needs_reading: bool
    doc: str
    options: Mapping[str, tuple] = field(default_factory=dict)  # option name -> the values it may take
    when: str | None = None  # a Shape attribute: the predicate is asked only when it is true
    context_free: bool = False  # the answer depends on the reading and the tiles only, never on how the hand was won


REGISTRY: dict[str, Predicate] = {}


def pattern(*ids: str, needs_reading: bool = True, options: Mapping[str, tuple] | None = None,
            when: str | None = None, context_free: bool = False):
    """Register a predicate under one or more pattern ids.

    A predicate with ``needs_reading=False`` looks only at the hand's context:
    its bonus tiles, flags, seat, round, self-drawn, melds and Fei, never its
    concealed tiles, winning tile or a reading. The scorer asks it once per
    context and keeps the answer (speed, issue 6).

    ``options`` names the YAML ``options`` the predicate reads and the values each may take;
    the variant loader refuses any other.

    ``when`` names a :class:`Shape` attribute that must be true (non-zero) for
    the pattern to be present, e.g. ``when="dragon_sets"``: the scorer skips
    the predicate on readings where it is false (speed, issue 6).

    ``context_free=True`` says that a predicate that needs a reading reads
    only the reading (its sets, eye, ``Shape``, special shape) and the hand's
    tiles and melds: never self-drawn, the seat, the round, the context
    words, the bonus tiles, whether a set is concealed or which set the
    winning tile completed. ``wait`` then asks it once per reading for both
    ways of winning a tile (speed, issue 15). Leave it False when in doubt.
    """
    if when is not None and (not needs_reading or when not in Shape.__slots__):
        raise ValueError(f"when={when!r}: name a Shape attribute, on a predicate that needs a reading")
    if context_free and not needs_reading:
        raise ValueError("context_free=True is for a predicate that needs a reading (the others are asked "
                         "once per context already)")

    def deco(fn):
        for pid in ids:
            if pid in REGISTRY:
                first = REGISTRY[pid].fn
                raise ValueError(f"pattern id {pid!r} registered twice ({first.__module__}.{first.__qualname__} "
                                 f"and {fn.__module__}.{fn.__qualname__}); give one of them another id")
            REGISTRY[pid] = Predicate(fn, needs_reading, (fn.__doc__ or "").strip(), dict(options or {}), when,
                                      context_free)
        return fn

    return deco
