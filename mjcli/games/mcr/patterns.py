"""The predicates of the Chinese Official table: one a fan, each reading its count from the reading's fan table
(:func:`mjcli.games.mcr.fans.fans`, worked out once a reading and kept in the context's cache).

A fan whose id another table registered already (``all_pungs``, ``full_flush`` and eleven more) takes the
pattern id ``mcr_`` + its id; the others keep their id. The flowers (``flower_tiles``) need no reading.
"""

from __future__ import annotations

from types import MappingProxyType

from ...patterns import Ctx, pattern
from .fans import HandFacts, fans

# the fans of the table (variants/mcr.yaml gives each its value, names and principles), flowers aside
FANS = (
    "big_four_winds", "big_three_dragons", "all_green", "nine_gates", "four_kongs", "seven_shifted_pairs",
    "thirteen_orphans", "all_terminals", "little_four_winds", "little_three_dragons", "all_honors",
    "four_concealed_pungs", "pure_terminal_chows", "quadruple_chow", "four_pure_shifted_pungs",
    "four_pure_shifted_chows", "three_kongs", "all_terminals_and_honors", "seven_pairs",
    "greater_honors_and_knitted_tiles", "all_even_pungs", "full_flush", "pure_triple_chow", "pure_shifted_pungs",
    "upper_tiles", "middle_tiles", "lower_tiles", "pure_straight", "three_suited_terminal_chows",
    "pure_shifted_chows", "all_five", "triple_pung", "three_concealed_pungs", "lesser_honors_and_knitted_tiles",
    "knitted_straight", "upper_four", "lower_four", "big_three_winds", "mixed_straight", "reversible_tiles",
    "mixed_triple_chow", "mixed_shifted_pungs", "chicken_hand", "last_tile_draw", "last_tile_claim",
    "out_with_replacement_tile", "robbing_the_kong", "all_pungs", "half_flush", "mixed_shifted_chows", "all_types",
    "melded_hand", "two_concealed_kongs", "two_dragon_pungs", "outside_hand", "fully_concealed_hand",
    "two_melded_kongs", "last_tile", "dragon_pung", "prevalent_wind", "seat_wind", "concealed_hand", "all_chows",
    "tile_hog", "double_pung", "two_concealed_pungs", "concealed_kong", "all_simples", "pure_double_chow",
    "mixed_double_chow", "short_straight", "two_terminal_chows", "pung_of_terminals_or_honors", "melded_kong",
    "one_voided_suit", "no_honors", "edge_wait", "closed_wait", "single_wait", "self_drawn",
    "concealed_and_melded_kong",
)
PREFIX = "mcr_"
SECTION = "mcr"


def pattern_id(fan: str) -> str:
    """The pattern id of a fan: its own, or ``mcr_`` + it where another table took the id first."""
    return PREFIX + fan if fan in _TAKEN else fan


def fan_id(pid: str) -> str:
    """The fan a pattern id stands for."""
    return pid[len(PREFIX):] if pid.startswith(PREFIX) and pid[len(PREFIX):] in _TAKEN else pid


# the fans whose ids other tables registered first (a fixed list: the rooms are imported in any order)
_TAKEN = frozenset(("nine_gates", "four_kongs", "thirteen_orphans", "all_terminals", "four_concealed_pungs",
                    "full_flush", "all_pungs", "half_flush", "last_tile", "seat_wind", "concealed_hand",
                    "all_chows", "self_drawn"))
_PRINCIPLES: dict = {}
_FACTS: dict = {}


def principles(variant) -> tuple:
    """(order, drops) of the variant's ``mcr: principles:`` section: the fans from the highest value down, and
    what each one removes (it implies or excludes); made once a variant."""
    got = _PRINCIPLES.get(id(variant))
    if got is None or got[0] is not variant:
        value = {fan_id(p.id): p.value for p in variant.patterns}
        order = tuple(sorted(value, key=lambda f: -value[f]))
        data = (variant.extra or {}).get("principles", {}) or {}
        drops = MappingProxyType({f: tuple(d.get("implies", ()) or ()) + tuple(d.get("excludes", ()) or ())
                                  for f, d in data.items()})
        if len(_PRINCIPLES) > 16:
            _PRINCIPLES.clear()
        got = _PRINCIPLES[id(variant)] = (variant, order, drops)
    return got[1], got[2]


def facts_of(hand) -> HandFacts:
    """What every reading of the hand shares (kept for the last few hands)."""
    f = _FACTS.get(hand)
    if f is None:
        if len(_FACTS) > 256:
            _FACTS.clear()
        f = _FACTS[hand] = HandFacts(hand)
    return f


def table(ctx: Ctx) -> dict:
    """The reading's fans, ``{fan id: count}``, every principle applied (worked out on the first ask)."""
    cache = ctx.cache
    got = cache.get(SECTION)
    if got is None:
        order, drops = principles(ctx.variant)
        got = cache[SECTION] = fans(facts_of(ctx.hand), ctx.reading, order, drops)
    return got


def _predicate(fan: str):
    def count(ctx: Ctx) -> int:
        return table(ctx).get(fan, 0)

    count.__doc__ = f"The Chinese Official fan {fan}: its count in the reading's fan table."
    count.__name__ = count.__qualname__ = fan
    return count


for _fan in FANS:
    pattern(pattern_id(_fan))(_predicate(_fan))


@pattern("flower_tiles", needs_reading=False)
def flower_tiles(ctx: Ctx) -> int:
    """Flower Tiles 花牌: each flower or season, 1 fan each; not toward the 8-fan minimum."""
    return len(ctx.hand.bonus)
