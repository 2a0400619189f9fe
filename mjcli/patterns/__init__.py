"""The registry of scoring patterns: one small named predicate per pattern id.

A predicate takes a :class:`Ctx` (the hand, one reading of it, the variant's
options for that pattern) and returns how many times the pattern is present
(0 when absent). Values, limits and what a pattern replaces live in
``variants/*.yaml``; no value lives here.

Register a predicate with :func:`pattern`; the YAML names it by id::

    @pattern("dragon_set")
    def dragon_set(ctx):
        "Dragon pung: 箭刻"
        return sum(1 for g in ctx.groups if g.is_triplet and g.tile in DRAGON_TILES)
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

    @property
    def tiles(self) -> list[int]:
        """Every tile the winning hand stands for (Fei replaced), eye included."""
        if "tiles" not in self.cache:
            ts = [t for g in self.groups for t in g.tiles]
            if self.eye is not None:
                ts += [self.eye, self.eye]
            self.cache["tiles"] = ts
        return self.cache["tiles"]

    @property
    def special(self) -> str | None:
        return getattr(self.reading, "special", None)


@dataclass(frozen=True)
class Predicate:
    fn: Callable[[Ctx], int]
    needs_reading: bool
    doc: str
    options: Mapping[str, tuple] = field(default_factory=dict)  # option name -> the values it may take


REGISTRY: dict[str, Predicate] = {}


def pattern(*ids: str, needs_reading: bool = True, options: Mapping[str, tuple] | None = None):
    """Register a predicate under one or more pattern ids.

    ``options`` names the YAML ``options`` the predicate reads and the values each may take;
    the variant loader refuses any other.
    """

    def deco(fn):
        for pid in ids:
            if pid in REGISTRY:
                raise ValueError(f"pattern id {pid!r} registered twice")
            REGISTRY[pid] = Predicate(fn, needs_reading, (fn.__doc__ or "").strip(), dict(options or {}))
        return fn

    return deco


# Importing the modules registers their predicates.
from . import core, my3, sg  # noqa: E402,F401
