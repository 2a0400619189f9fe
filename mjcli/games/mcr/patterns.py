"""The predicates of the Chinese Official table: one a fan, each reading its count from the reading's fan table
(:func:`mjcli.games.mcr.fans.fans`, worked out once a reading and kept in the context's cache).

A fan whose id another table registered already (``all_pungs``, ``full_flush`` and eleven more) takes the
pattern id ``mcr_`` + its id; the others keep their id. The flowers (``flower_tiles``) need no reading.
"""

from __future__ import annotations

from operator import itemgetter
from types import MappingProxyType

from ...mahjong.patterns import Ctx, pattern
from ...mahjong.tiles import PONG
from .fans import HandFacts, rank_of, ranked_fans

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
    for a reading that another reading of the same total goes before (:func:`_chosen`)."""
    cache = ctx.cache  # the context's own: a context made from another for a new way of winning has a new one
    got = cache.get(SECTION)
    if got is None:
        variant = ctx.variant
        facts = facts_of(ctx.hand)
        got, total, _rows = _fans_total(facts, ctx.reading, variant)
        if not _chosen(facts, ctx.reading, total, variant):
            got = {}
        cache[SECTION] = got
    return got


# the order the sets of a reading are read in when two readings total the same: by tile, characters, bamboo,
# dots, winds, then the dragons Red, Green, White; a pung before a chow of the same tile
_TIE_TILE = tuple(range(9)) + tuple(range(18, 27)) + tuple(range(9, 18)) + (27, 28, 29, 30, 33, 32, 31)
_TIE_RANK = {t: i for i, t in enumerate(_TIE_TILE)}


def _tie_key(reading) -> tuple:
    return tuple(sorted((_TIE_RANK[t], kind != PONG) for kind, t, _j in reading.sets))


def _chosen(facts, reading, total: int, variant) -> bool:
    """True unless another reading of the hand with the same ``total`` goes first. Of equal totals the first
    reading in the order of :func:`_tie_key` is scored, a later one only when it holds a pure triple chow or a
    triple pung, and any set reading before seven pairs (the rule book names no order; this is the
    calculator's, so that both list the same fans). Worked out once a hand and total (:func:`_tie_choice`)."""
    memo = facts.memo.setdefault(id(variant), {})
    choice = memo.setdefault("ties", {})
    chosen = choice.get(total, False)
    if chosen is False:
        chosen = choice[total] = _tie_choice(facts, variant, total, memo)
    if chosen is None:
        return True
    return not reading.special and _tie_key(reading) == chosen


def _tie_choice(facts, variant, total: int, memo: dict):
    """The :func:`_tie_key` of the reading scored among the hand's readings that total ``total``, or None when
    every such reading is (one reading, or none that is sets and a pair)."""
    from ...mahjong.decompose import readings

    rs = memo.get("readings")
    if rs is None:
        rs = memo["readings"] = readings(facts.hand, None, variant.hand)
    if len(rs) < 2:
        return None
    ties = []
    for r in rs:
        t, tot, _rows = _fans_total(facts, r, variant)
        if tot == total:
            ties.append((r, t))
    if len(ties) < 2:
        return None
    plain = sorted((x for x in ties if not x[0].special), key=lambda x: _tie_key(x[0]))
    if not plain:
        return None
    chosen = plain[0]
    for x in plain[1:]:
        if x[1].get("pure_triple_chow") or x[1].get("triple_pung") or any(
                r.special == "seven_pairs_four_alike" for r, _t in ties):
            chosen = x
    return _tie_key(chosen[0])


def _fans_total(facts, reading, variant) -> tuple:
    """(:func:`fans` of a reading, the fans' total, the fans as the scorer lists what it found: ``(index in the
    variant file, spec, count)`` in the file's order), kept with the hand's facts (the sets, the pair and the
    shape name as key)."""
    memo = facts.memo.get(id(variant))
    if memo is None:
        memo = facts.memo[id(variant)] = {}
    tables = memo.get("tables")
    if tables is None:
        tables = memo["tables"] = {}
    key = (reading.sets, reading.eye, reading.special)
    got = tables.get(key)
    if got is None:
        got = tables[key] = _fans_rows(facts, reading, variant)
    return got


def _fans_rows(facts, reading, variant, prepared: tuple | None = None) -> tuple:
    """:func:`_fans_total` worked out, not kept (a hand of one reading asks once); ``prepared``: the variant's
    :func:`_prepared`, when the caller has it."""
    rank, drops, index, switches = prepared or _prepared(variant)
    table = ranked_fans(facts, reading, rank, drops)
    if switches:
        table = _switched(table, facts, reading, variant.options)
    total = 0
    rows = []
    for k, n in table.items():
        at = index.get(k)
        if at is not None:
            i, spec, value = at
            total += value * n
            rows.append((i, spec, n))
    if len(rows) > 1:
        rows.sort(key=_first)
    return table, total, rows


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


def _prepared(variant) -> tuple:
    """What :func:`_fans_total` reads of the variant, made once a variant: :func:`principles` (the order, read as
    each fan's rank: :func:`.fans.rank_of`, and the drops), ``{fan: (its index in the variant's patterns, its
    spec, its value)}``, and whether a house switch of :func:`_switched` is set."""
    got = _PREPARED.get(id(variant))
    if got is None or got[0] is not variant:
        options = variant.options
        switches = options.get("knit_wait_fans", True) is False or options.get("chicken_with_flowers", True) is False
        if len(_PREPARED) > 16:
            _PREPARED.clear()
        order, drops = principles(variant)
        got = _PREPARED[id(variant)] = (variant, (rank_of(order, drops), drops,
                                                  {fan_id(spec.id): (i, spec, spec.value)
                                                   for i, spec in enumerate(variant.patterns)},
                                                  switches))
    return got[1]


_PREPARED: dict = {}


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


# ---- the batch answer's fast path ------------------------------------------------------------------------------


def fast_answer(variant, answer):
    """``answer(text)`` for ``score`` with the same results as the scorer's ``answer``, faster (speed, issue 29):
    a plain hand (no option, no word another word implies, at least one reading) has its best reading chosen
    from the readings' fan tables directly, not through the 81 predicates a reading, and its result made as the
    scorer makes it (:meth:`mjcli.mahjong.scoring._Plan.best_result`). Every other line is ``answer``'s. ``answer``
    itself when the variant's patterns are not this table's alone (a house file that adds another table's)."""
    from ...mahjong.context import resolve, rob_kong_readings
    from ...mahjong.decompose import readings
    from ...errors import MjError
    from ...mahjong.patterns import REGISTRY
    from ...mahjong.scoring import plan_of
    from ...mahjong.tiles import format_hand, parse_hand, validate

    plan = plan_of(variant)
    ours = {pattern_id(f) for f in FANS}
    if plan.sure_limit or variant.tiles.jokers or any(
            spec.replaces or spec.limit or (REGISTRY[spec.id].needs_reading and spec.id not in ours)
            for spec in variant.patterns):
        return answer
    size, shape, tiles, most = plan.size, plan.shape, plan.tiles, plan.most
    prepared = _prepared(variant)  # the same for every line (speed, issue 29)

    def fast(text):
        try:
            hand = parse_hand(text, complete=size)
            if hand.win_added and hand.bonus:
                return answer(text)
            if (hand.flags or hand.clashes) and resolve(hand, None, size=size) is not hand:
                return answer(text)  # a word implies another: the scorer adds the note
            validate(hand, variant, size=None)
            if len(hand.concealed) + hand.jokers + 3 * len(hand.melds) != size:  # hand.size, no property call
                return answer(text)
            rs = every = readings(hand, tiles, shape, most)
            if rs and "rob-kong" in hand.flags:
                rs = rob_kong_readings(hand, rs, most)
            if not rs:
                return answer(text)
            hand_found = plan.context_entry(hand)[0]
        except MjError:
            return answer(text)
        facts = HandFacts(hand)  # a new hand each line: no use keeping it
        if len(every) == 1 or len({(r.sets, r.eye, r.special) for r in every}) == 1:
            # one reading (perhaps repeated for each place of the winning tile): no other goes before it, and
            # the first place scores as every other does
            best_r = rs[0]
            best_rows = _fans_rows(facts, best_r, variant, prepared)[2]
        else:
            facts.memo[id(variant)] = {"readings": every}  # what the ties are chosen among (no Fei: the same)
            best_r = best_rows = None
            best = -1
            for r in rs:
                _got, total, rows = _fans_total(facts, r, variant)
                if not _chosen(facts, r, total, variant):
                    total, rows = 0, ()
                if total > best:
                    best_r, best_rows, best = r, rows, total
        if hand_found:
            found = list(best_rows)
            found += hand_found
            found.sort(key=_first)
        else:
            found = best_rows
        # format_hand's text, the parser's when it kept it (read here: speed, issue 29)
        return plan.best_result(hand, best_r, hand.__dict__.get("_line") or format_hand(hand), found)

    return fast



_first = itemgetter(0)  # a row's index in the variant file
