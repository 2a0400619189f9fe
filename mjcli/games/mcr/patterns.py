"""The predicates of the Chinese Official table: one a fan, each reading its count from the reading's fan table
(:func:`mjcli.games.mcr.fans.fans`, worked out once a reading and kept in the context's cache).

A fan whose id another table registered already (``all_pungs``, ``full_flush`` and eleven more) takes the
pattern id ``mcr_`` + its id; the others keep their id. The flowers (``flower_tiles``) need no reading.
"""

from __future__ import annotations

from types import MappingProxyType

from ...patterns import Ctx, pattern
from ...tiles import PONG
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
SECTION = "mcr"  # the variant file's section; also the key a reading's fan table is kept under


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
    """The reading's fans, ``{fan id: count}``, every principle applied (worked out on the first ask); ``{}``
    for a reading that another reading of the same total goes before (:func:`_first_of_equals`)."""
    cache = ctx.cache  # the context's own: a context made from another for a new way of winning has a new one
    got = cache.get(SECTION)
    if got is None:
        variant = ctx.variant
        facts = facts_of(ctx.hand)
        got = _fans_of(facts, ctx.reading, variant)
        if not _first_of_equals(facts, ctx.reading, got, variant):
            got = {}
        cache[SECTION] = got
    return got


# the order the sets of a reading are read in when two readings total the same: by tile, characters, bamboo,
# dots, winds, then the dragons Red, Green, White; a pung before a chow of the same tile
_TIE_TILE = tuple(range(9)) + tuple(range(18, 27)) + tuple(range(9, 18)) + (27, 28, 29, 30, 33, 32, 31)
_TIE_RANK = {t: i for i, t in enumerate(_TIE_TILE)}


def _tie_key(reading) -> tuple:
    return tuple(sorted((_TIE_RANK[t], kind != PONG) for kind, t, _j in reading.sets))


def _first_of_equals(facts, reading, got: dict, variant) -> bool:
    """True unless another reading of the hand with the same total goes first. Of equal totals the first
    reading in the order of :func:`_tie_key` is scored, a later one only when it holds a pure triple chow or a
    triple pung, and any set reading before seven pairs (the rule book names no order; this is the
    calculator's, so that both list the same fans)."""
    from ...decompose import readings

    value = _values(variant)
    total = sum(value.get(k, 0) * n for k, n in got.items())
    memo = facts.memo.setdefault(id(variant), {})
    rs = memo.get("readings")
    if rs is None:
        rs = memo["readings"] = readings(facts.hand, None, variant.hand)
    if len(rs) < 2:
        return True
    rs = [(r, t) for r in rs for t in (_fans_of(facts, r, variant),)]
    rs = [(r, sum(value.get(k, 0) * n for k, n in t.items()), t) for r, t in rs]
    ties = [(r, t) for r, tot, t in rs if tot == total]
    if len(ties) < 2:
        return True
    plain = sorted((x for x in ties if not x[0].special), key=lambda x: _tie_key(x[0]))
    if not plain:
        return True
    chosen = plain[0]
    for x in plain[1:]:
        if x[1].get("pure_triple_chow") or x[1].get("triple_pung") or any(
                r.special == "seven_pairs_four_alike" for r, _t in ties):
            chosen = x
    if reading.special:
        return False
    return _tie_key(reading) == _tie_key(chosen[0])


def _fans_of(facts, reading, variant) -> dict:
    """:func:`fans` of a reading, kept with the hand's facts (the sets, the pair and the shape name as key)."""
    memo = facts.memo.setdefault(id(variant), {})
    tables = memo.setdefault("tables", {})
    key = (reading.sets, reading.eye, reading.special)
    got = tables.get(key)
    if got is None:
        order, drops = principles(variant)
        got = tables[key] = _switched(fans(facts, reading, order, drops), facts, reading, variant.options)
    return got


WAIT_FANS = ("edge_wait", "closed_wait", "single_wait")


def _switched(got: dict, facts, reading, options) -> dict:
    """The fan table with the house switches of the variant's ``options:`` applied (docs/mcr.md, "Where players
    dispute"): ``knit_wait_fans: false``, no wait fan when the winning tile is one of the knitted straight's
    nine; ``chicken_with_flowers: false``, no Chicken Hand in a hand with a flower. Both true: the calculator's
    reading, the table unchanged."""
    if options.get("knit_wait_fans", True) is False and reading.special == "knitted_straight" \
            and any(f in got for f in WAIT_FANS):
        from .fans import knit_rest

        knit = knit_rest(facts.concealed, facts.hand.melds)
        if knit is not None and facts.hand.win in knit[0]:
            got = {k: v for k, v in got.items() if k not in WAIT_FANS}
    if options.get("chicken_with_flowers", True) is False and "chicken_hand" in got and facts.hand.bonus:
        got = {k: v for k, v in got.items() if k != "chicken_hand"}
    return got


def _values(variant) -> dict:
    got = _VALUES.get(id(variant))
    if got is None or got[0] is not variant:
        got = _VALUES[id(variant)] = (variant, {fan_id(p.id): p.value for p in variant.patterns})
    return got[1]


_VALUES: dict = {}


def _predicate(fan: str):
    def count(ctx: Ctx) -> int:
        cache = ctx.__dict__.get("cache")
        got = None if cache is None else cache.get(SECTION)
        return (table(ctx) if got is None else got).get(fan, 0)

    count.__doc__ = f"The Chinese Official fan {fan}: its count in the reading's fan table."
    count.__name__ = count.__qualname__ = fan
    return count


for _fan in FANS:
    pattern(pattern_id(_fan))(_predicate(_fan))


@pattern("flower_tiles", needs_reading=False)
def flower_tiles(ctx: Ctx) -> int:
    """Flower Tiles 花牌: each flower or season, 1 fan each; not toward the 8-fan minimum."""
    return len(ctx.hand.bonus)
