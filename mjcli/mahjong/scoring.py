"""A hand and a variant -> a :class:`ScoreResult` (the best reading wins).

>>> from mjcli.variant import load_builtin
>>> r = score_text("234p 567p 99p [CCC] [FFF] @9p", load_builtin("hk"))
>>> [(p.id, p.points) for p in r.patterns], r.total, r.payment
([('half_flush', 3), ('dragon_set', 2), ('no_flowers', 1)], 6, {'shooter': 32, 'others': 0, 'total': 32})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import chain
from operator import itemgetter

from . import decompose
from .context import apply_overrides  # noqa: F401  (public here too: tests and library users read it from scoring)
from .context import DISCARD_WORDS, SELF_DRAWN_WORDS, check_robbed_fei, fei_self_drawn, implied_notes, resolve
from .context import rob_kong_readings, rob_kong_word, robbed_bonus_win
from ..errors import BELOW_MINIMUM, NOT_WINNING, HandError, MjError
from ..payments import not_toward_points
from .patterns import REGISTRY, Ctx, Shape, groups_of, hand_ctx, make_ctx
from .tiles import Hand, format_hand, make_hand, parse_hand, validate, variant_tiles


@dataclass(frozen=True)
class Found:
    id: str
    name: str
    value: int
    count: int
    points: int
    limit: bool = False

    def __hash__(self) -> int:  # kept: a record's template key hashes its patterns (speed, issue 15)
        h = self.__dict__.get("_hash")
        if h is None:
            h = self.__dict__["_hash"] = hash((self.id, self.name, self.value, self.count, self.points, self.limit))
        return h

    def as_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "value": self.value, "count": self.count, "points": self.points}


class Verdicts:
    """The minimum and answer verdicts every game's score result shares (needs winning, total, minimum, error).

    ``not_toward``: the points of the total that do not count toward the minimum (the patterns the variant file
    marks ``toward_minimum: false``: mcr's flowers), 0 unless the result says otherwise."""

    not_toward = 0

    @property
    def meets_minimum(self) -> bool:
        return self.winning and self.total - self.not_toward >= self.minimum

    @property
    def answer_code(self) -> str | None:
        """None for a payable win, else a stable code (see :mod:`mjcli.errors`)."""
        if self.error is not None:
            return self.error.code
        if not self.winning:
            return NOT_WINNING
        if not self.meets_minimum:
            return BELOW_MINIMUM
        return None


@dataclass
class ScoreResult(Verdicts):
    """The answer for one hand; ``as_dict`` gives the JSON output contract.

    Made by the engine (:func:`_result`, :meth:`_Plan.best_result`) from the variant file alone: ``limit`` is
    None at a table with no limit (``limit: null``, written null in the record), and ``not_toward`` the points
    of its patterns not toward the minimum, which the minimum verdict leaves out."""

    hand: str
    variant: str
    unit: str
    minimum: int
    limit: int | None
    ok: bool = True
    error: MjError | None = None
    winning: bool = False
    patterns: list[Found] = field(default_factory=list)
    raw: int = 0
    total: int = 0
    limit_hand: bool = False
    payment: dict | None = None
    reading: str = ""
    alternatives: list["ScoreResult"] = field(default_factory=list)
    extra: dict = field(default_factory=dict)
    not_toward: int = 0  # (not in the record: the minimum verdict reads it)

    def json_key(self):
        """All that the JSON record holds besides the line number, the hand, the reading and the patterns, or None
        when the record is not to come from a template (see :func:`mjcli.batch.json_record`). When
        :meth:`json_numbers` holds, the raw and total points and the payment are slots of the template as well,
        and not in the key: a table with no limit has as many totals as hands have fans (speed, issue 29)."""
        if not self.ok or self.alternatives or self.extra:
            return None
        if self.json_numbers():
            return ("score", self.variant, self.unit, self.minimum, self.limit, self.winning, self.meets_minimum,
                    self.limit_hand, not self.reading)
        pay = self.payment  # the patterns are a slot of the template, each pattern's JSON a fragment of its own
        return ("score", self.variant, self.unit, self.minimum, self.limit, self.winning, self.meets_minimum,
                self.raw, self.total, self.not_toward, self.limit_hand, not self.reading,
                None if pay is None else (tuple(pay.items()), tuple(map(type, pay.values()))))  # 4.0 == 4: JSON differs

    def json_numbers(self) -> bool:
        """Whether the record's ``raw``, ``total`` and ``payment`` may be slots of its JSON template: whole numbers,
        and no reason text that quotes the total (a hand below the minimum)."""
        return self.raw.__class__ is int and self.total.__class__ is int and (self.meets_minimum or not self.winning)

    def as_dict(self) -> dict:
        d = {
            "hand": self.hand,
            "variant": self.variant,
            "ok": self.ok,
            "error": self.error.as_record() if self.error else None,
            "winning": self.winning,
            "reading": self.reading or None,
            "patterns": [p.as_dict() for p in self.patterns],
            "raw": self.raw,
            "total": self.total,
            "limit_hand": self.limit_hand,
            "minimum": self.minimum,
            "limit": self.limit,
            "unit": self.unit,
            "meets_minimum": self.meets_minimum,
            "payment": self.payment,
        }
        if self.not_toward and self.winning and not self.meets_minimum:
            d["reason"] = BELOW_WITH_POINTS_OFF.format(n=self.total - self.not_toward, unit=self.unit,
                                                       minimum=self.minimum, m=self.not_toward)
        d.update(self.extra)
        if self.alternatives:
            d["readings"] = [
                {"reading": a.reading, "patterns": [p.as_dict() for p in a.patterns], "raw": a.raw, "total": a.total}
                for a in self.alternatives
            ]
        from ..contract import shape

        return shape("score", d)


# the reason of a winning hand below the minimum whose total holds points not toward it (mcr's flowers)
BELOW_WITH_POINTS_OFF = "{n} {unit} count toward the minimum of {minimum} ({m} {unit} of the total do not)"


def error_result(text: str, variant, exc: MjError) -> ScoreResult:
    """The result of a line that could not be scored (its ``limit`` null at a table with no limit, as every
    record's)."""
    return ScoreResult(text.strip(), variant.id, variant.unit, variant.minimum, variant.record_limit, ok=False,
                       error=exc)


def _not_toward(variant, patterns) -> int:
    """The points of ``patterns`` (a result's :class:`Found` list) not toward the minimum (``toward_minimum:
    false`` in the variant file): :func:`mjcli.payments.not_toward_points`, the one rule; 0 at a table with none."""
    if not variant.not_toward_minimum:
        return 0
    return not_toward_points(variant, patterns)


_FOUND_MEMO: dict = {}  # Found is a frozen value: each distinct one is built once (speed, issue 6)


def _found(pid, name, value, count, points, limit) -> Found:
    if count.__class__ is bool:  # a predicate may answer True: the record's count is an integer (the schema)
        count = int(count)
    key = (pid, name, value, count, points, limit)
    f = _FOUND_MEMO.get(key)
    if f is None:
        if len(_FOUND_MEMO) > 100_000:
            _FOUND_MEMO.clear()
        f = _FOUND_MEMO[key] = Found(pid, name, value, count, points, limit)
    return f


_groups = groups_of  # the name the tests and older callers use


class _Plan:
    """What scoring needs of one variant, worked out once per variant object (speed, issue 6).

    ``hand_rows`` and ``reading_rows`` are the variant's patterns as
    ``(index in the YAML, spec, predicate, options, when)``, split by whether
    the predicate needs a reading; the answers of the first kind are kept per
    hand context in ``by_context`` (see :func:`mjcli.mahjong.patterns.pattern`), and
    a predicate of the second kind is skipped when its ``when`` is false for
    the reading. ``payments`` keeps each payment summary by (total,
    self-drawn, pattern ids).
    """

    __slots__ = ("variant", "hand_rows", "reading_rows", "shared_rows", "context_rows", "tiles", "shape", "size", "most",
                 "by_context", "payments", "alone", "parts", "reading_groups", "shared_groups", "context_groups",
                 "ask_reading", "ask_shared", "ask_context", "context_live", "only_alone", "sure_limit", "pay_ids",
                 "limit", "totals", "found_rows")

    def __init__(self, variant):
        self.variant = variant
        rows = [(i, spec, REGISTRY[spec.id].fn, spec.options, REGISTRY[spec.id].when)
                for i, spec in enumerate(variant.patterns)]
        self.hand_rows = tuple(r for r in rows if not REGISTRY[r[1].id].needs_reading)
        self.reading_rows = tuple(r for r in rows if REGISTRY[r[1].id].needs_reading)
        # win_totals: the reading predicates that do not look at how the hand was won, and those that do
        self.shared_rows = tuple(r for r in self.reading_rows if REGISTRY[r[1].id].context_free)
        self.context_rows = tuple(r for r in self.reading_rows if not REGISTRY[r[1].id].context_free)
        # the same rows by their ``when``: a Shape attribute asked once for all the rows that name it
        self.reading_groups = _by_when(self.reading_rows)
        self.shared_groups = _by_when(self.shared_rows)
        self.context_groups = _by_when(self.context_rows)
        self.ask_reading = _compiled(self.reading_groups)
        self.ask_shared = _compiled(self.shared_groups)
        self.ask_context = _compiled(self.context_groups)
        self.context_live = _compiled_live(self.context_groups)
        self.tiles = variant_tiles(variant)
        self.shape = variant.hand  # sets and an eye, and the special shapes (mjcli.mahjong.shape)
        self.size = variant.hand.size  # tiles in a complete hand
        self.most = variant.most_copies  # no fifth copy of a tile, unless the house switch allows one
        self.by_context: dict = {}
        self.payments: dict = {}
        from ..payments import payment_pattern_ids

        self.pay_ids = payment_pattern_ids(variant)  # what else than the total a payment reads
        self.alone: dict = {}  # hand context -> whether it wins whatever the tiles (wins_without_sets)
        self.only_alone = any(spec.only_alone for spec in variant.patterns)
        self.parts: dict = {}  # what was found, how the hand was won -> a winning result's patterns, totals, payment
        self.totals: dict = {}  # what a payment and a JSON record read besides the patterns -> (payment, cell)
        self.found_rows: dict = {}  # (index in the YAML, count) -> the Found listed and what it adds (_found_row)
        # the patterns that need no reading, are a limit hand, win alone and that no pattern replaces: a context
        # with one of them totals the limit whatever the tiles (four Fei), so no reading need be made (issue 31)
        replaced = {r for spec in variant.patterns for r in spec.replaces}
        self.sure_limit = frozenset(spec.id for spec in variant.patterns if spec.limit and spec.wins_alone
                                    and spec.id not in replaced and not REGISTRY[spec.id].needs_reading)
        self.limit = variant.record_limit  # what a scored record says of the limit (None: no limit)

    def hand_found(self, hand: Hand) -> tuple:
        """``(index, spec, count)`` of each pattern present that needs no reading."""
        return self.context_entry(hand)[0]

    def context_entry(self, hand: Hand) -> tuple:
        """(:meth:`hand_found`, its points added up as :func:`_plain_raw` adds them, what is found when no reading
        wins), kept per hand context. A pattern that counts only when the tiles do not win (``only_alone``: hk
        seven flowers) is in the last alone. The melds are keyed by identity (the parser gives every line that
        writes a meld the same one; a meld's own hash is a Python call: speed, issue 29), and the entry keeps them,
        so that a key whose melds are others, equal or not, is answered anew."""
        melds = hand.melds
        key = (hand.jokers, tuple(map(id, melds)), hand.bonus, hand.self_drawn, hand.seat, hand.round, hand.flags)
        entry = self.by_context.get(key)
        if entry is None or entry[3] is not melds and entry[3] != melds:
            ctx = hand_ctx(hand, self.variant)
            out = []
            for i, spec, fn, options, _ in self.hand_rows:
                ctx.opts = options
                n = fn(ctx)
                if n:
                    out.append((i, spec, n))
            if len(self.by_context) > 4096:
                self.by_context.clear()
            tiles = [f for f in out if not f[1].only_alone] if self.only_alone else out
            entry = self.by_context[key] = (tuple(tiles), _plain_raw(tiles), tuple(out), melds)
        return entry

    def found(self, hand: Hand, reading, hand_found: tuple) -> list:
        """``(index, spec, count)`` of every pattern present in this reading, in YAML order."""
        if reading is None:
            return list(hand_found)
        ctx = make_ctx(hand, self.variant, reading, None if reading.special else reading.eye)
        shape = ctx.shape
        out = list(hand_found)
        self.ask_reading(shape, ctx, out)
        if len(out) > 1:
            out.sort(key=_first)  # YAML order (the groups are by ``when``)
        return out

    def best_result(self, hand: Hand, reading, text: str, found: list) -> ScoreResult:
        """The result of a winning reading with the patterns ``found`` in it, its payment set as :func:`score`
        sets it. What depends only on the patterns and how the hand was won (the patterns listed, the totals,
        the payment) is worked out once and kept (speed, issue 15); each result gets its own lists and dict.
        A result made from what was kept carries ``_template``, a cell shared by the results of that set where
        :func:`mjcli.batch.json_record` keeps their JSON template (their records differ only in the line, the
        hand and the reading), so the template is not looked up by the whole record's key each time; and
        ``_patterns_json``, a cell shared by the results of the same patterns where it keeps their JSON list."""
        robbed = "rob-kong" in hand.flags
        key = (tuple([(f[0], f[2]) for f in found]), hand.self_drawn, robbed)
        parts = self.parts.get(key)
        described = reading.describe()
        res = None
        if parts is None:
            parts = self._plain_parts(hand, reading, text, found, robbed, not described)
            if parts is None:  # a pattern replaces another or is a limit hand: made as score makes it
                variant = self.variant
                res = _result(hand, variant, reading, text, _tally(variant, found))
                res.payment = self.payment(res, hand.self_drawn, robbed) if res.meets_minimum else None
                parts = (tuple(res.patterns), res.raw, res.total, res.limit_hand,
                         None if res.payment is None else dict(res.payment), [None], res.not_toward, [None])
            if len(self.parts) > 4096:
                self.parts.clear()
            self.parts[key] = parts
            if res is not None:
                return res
        patterns, raw, total, limit_hand, pay, cell, off, listed = parts
        variant = self.variant
        res = _new(ScoreResult)  # as _result makes it, winning (it has a reading)
        res.__dict__.update(hand=text, variant=variant.id, unit=variant.unit, minimum=variant.minimum,
                            limit=self.limit, ok=True, error=None, winning=True, patterns=list(patterns), raw=raw,
                            total=total, limit_hand=limit_hand, payment=None if pay is None else dict(pay),
                            reading=described, alternatives=[], extra={}, not_toward=off, _template=cell,
                            _patterns_json=listed)
        return res

    def _plain_parts(self, hand: Hand, reading, text: str, found: list, robbed: bool, bare: bool) -> tuple | None:
        """What :meth:`best_result` keeps of a set of patterns of which none replaces another or is a limit hand
        (None otherwise), added up in one pass as :func:`_tally` adds them: the patterns listed (each ``Found``
        kept by its row and count), the totals, and the payment and the JSON template's cell, which are kept in
        turn by what they read (the totals, how the hand was won, the patterns the payment names: ``totals``),
        so that a new set of patterns with the same totals reuses them (speed, issue 29; ``bare``: the
        reading's text is empty, which the JSON record reads too)."""
        memo = self.found_rows
        variant = self.variant
        patterns = []
        paid = []  # the patterns the payment reads, as Plan.payment keys them
        raw = off = 0
        for i, spec, n in found:
            row = memo.get((i, n))
            if row is None:
                if spec.replaces or spec.limit:
                    return None
                row = memo[(i, n)] = self._found_row(spec, n)
            f, points, off_points, pay_key = row
            patterns.append(f)
            raw += points
            off += off_points
            if pay_key is not None:
                paid.append(pay_key)
        total = min(raw, variant.limit)
        tkey = (raw, total, off, hand.self_drawn, robbed, bare, tuple(paid))
        shared = self.totals.get(tkey)
        if shared is None:
            res = _result(hand, variant, reading, text, (found, found, raw, total, False))
            pay = self.payment(res, hand.self_drawn, robbed) if res.meets_minimum else None
            if len(self.totals) > 4096:
                self.totals.clear()
            shared = self.totals[tkey] = (pay, [None])
        return tuple(patterns), raw, total, False, shared[0], shared[1], off, [None]

    def _found_row(self, spec, n) -> tuple:
        """What :meth:`_plain_parts` reads of a pattern found ``n`` times (no limit hand, replacing none): its
        ``Found``, its points, those of them not toward the minimum, and the pattern as :meth:`payment` keys
        it, or None when the payment does not read it."""
        f = _found(spec.id, spec.name, spec.value, n, spec.value * n, False)
        return f, f.points, _not_toward(self.variant, (f,)), self._pay_key(f)

    def _pay_key(self, p: Found) -> tuple | None:
        """A pattern as :meth:`payment` keys a payment by it, None when the payment does not read it."""
        watched = self.pay_ids
        return (p.id, p.points) if watched is None or p.id in watched else None

    def payment(self, res: ScoreResult, self_drawn: bool, robbed_kong: bool = False) -> dict | None:
        """:func:`mjcli.payments.payment_summary` of a result, a fresh dict each time."""
        key = (res.total, self_drawn, robbed_kong,
               tuple([k for k in map(self._pay_key, res.patterns) if k is not None]))
        pay = self.payments.get(key, False)
        if pay is False:
            from ..payments import payment_summary

            if len(self.payments) > 4096:
                self.payments.clear()
            pay = self.payments[key] = payment_summary(self.variant, res.total, self_drawn, res,
                                                       robbed_kong=robbed_kong)
        return dict(pay) if pay is not None else None


_first = itemgetter(0)
_second = itemgetter(1)


def _ask(groups, shape, ctx, out: list) -> None:
    """Ask every predicate of ``groups`` (see :func:`_by_when`) whose ``when`` holds for ``shape``;
    ``(index, spec, count)`` of each pattern present goes to ``out``. (The scorer asks a plan's groups through
    the function :func:`_compiled` makes of them, which does the same.)"""
    for when, rows in groups:
        if when is None or getattr(shape, when):
            for i, spec, fn, options, _ in rows:
                ctx.opts = options
                n = fn(ctx)
                if n:
                    out.append((i, spec, n))


def _checked(groups):
    """``groups``, once every ``when`` is known to be None or a ``Shape`` attribute (the compiled source names
    them; :func:`mjcli.mahjong.patterns.pattern` checks them when a predicate registers, this again before ``exec``)."""
    for when, _ in groups:
        if when is not None and when not in Shape.__slots__:
            raise ValueError(f"when={when!r} is not a Shape attribute")
    return groups


def _compiled(groups):
    """``ask(shape, ctx, out)``: :func:`_ask` of these ``groups``, written out as one function (one test a
    ``when``, one call a predicate, no loop: speed, issue 15). The source names only the ``Shape`` attributes
    of the groups (:func:`_checked`); the predicates, options and specs are values in
    its namespace."""
    src = ["def ask(shape, ctx, out):"]
    ns: dict = {}
    for g, (when, rows) in enumerate(_checked(groups)):
        pad = "    "
        if when is not None:
            src.append(f"    if shape.{when}:")
            pad = "        "
        for k, (i, spec, fn, options, _) in enumerate(rows):
            name = f"{g}_{k}"
            ns[f"f{name}"], ns[f"o{name}"], ns[f"s{name}"] = fn, options, spec
            src += [f"{pad}ctx.opts = o{name}", f"{pad}n = f{name}(ctx)", f"{pad}if n:",
                    f"{pad}    out.append(({int(i)}, s{name}, n))"]
    if len(src) == 1:
        src.append("    pass")
    exec("\n".join(src), ns)  # noqa: S102 (the source is made above from attribute names and indexes only)
    return ns["ask"]


def _compiled_live(groups):
    """``live(shape)``: True when some group's ``when`` holds for ``shape`` (so :func:`_ask` may find something)."""
    whens = [when for when, _ in _checked(groups)]
    if None in whens:
        return lambda shape: True
    if not whens:
        return lambda shape: False
    ns: dict = {}
    exec("def live(shape):\n    return bool(" + " or ".join(f"shape.{w}" for w in whens) + ")", ns)  # noqa: S102
    return ns["live"]


def _by_when(rows) -> tuple:
    """``rows`` as ``(when, rows)`` groups, in the order each ``when`` first comes."""
    groups: dict = {}
    for row in rows:
        groups.setdefault(row[4], []).append(row)
    return tuple((when, tuple(rs)) for when, rs in groups.items())


_PLANS: dict = {}


def plan_of(variant) -> _Plan:
    """The variant's scoring plan (its predicates in the order they are asked), made once and kept."""
    plan = _PLANS.get(id(variant))
    if plan is None or plan.variant is not variant:
        if len(_PLANS) > 64:
            _PLANS.clear()
        plan = _PLANS[id(variant)] = _Plan(variant)
    return plan


_plan = plan_of  # the name used inside this module


def _tally(variant, found: list) -> tuple:
    """How a reading's patterns add up, the one adder of score, wait, discards and ``--all``: ``replaces`` and
    the limit applied, (patterns kept, patterns listed, raw, total, limit hand?)."""
    raw = _plain_raw(found)
    if raw is not None:  # no pattern replaces another or is a limit hand (the common case)
        return found, found, raw, min(raw, variant.limit), False
    replaced = {r for _, spec, _ in found for r in spec.replaces}
    if replaced:
        found = [f for f in found if f[1].id not in replaced]
    limits = [f for f in found if f[1].limit]
    if limits:
        return found, limits, variant.limit, variant.limit, True
    raw = _plain_raw(found, False)
    return found, found, raw, min(raw, variant.limit), False


def _plain_raw(found, plain: bool = True) -> int | None:
    """The points of ``found`` added up (each pattern's value times its count); with ``plain``, None when a
    pattern in it replaces another or is a limit hand (then only :func:`_tally` adds them up)."""
    raw = 0
    for _, spec, n in found:
        if plain and (spec.replaces or spec.limit):
            return None
        raw += spec.value * n
    return raw


def _rank_key(variant, found: list) -> tuple:
    """(total, raw, limit hand?) of :func:`_tally`: how readings rank."""
    t = _tally(variant, found)
    return t[3], t[2], t[4]


def _result(hand: Hand, variant, reading, text: str, tally: tuple) -> ScoreResult:
    found, listed, raw, total, limit_hand = tally
    if limit_hand:
        # every limit hand found is listed; the first carries the limit so the points add up to the total
        patterns = [_found(s.id, s.name, variant.limit, 1, variant.limit if k == 0 else 0, True)
                    for k, (_, s, _) in enumerate(listed)]
    else:
        patterns = [_found(s.id, s.name, s.value, n, s.value * n, False) for _, s, n in listed]
    # ScoreResult(text, variant.id, ..., reading=...) without the dataclass's init (speed, issue 15)
    res = _new(ScoreResult)
    res.__dict__.update(hand=text, variant=variant.id, unit=variant.unit, minimum=variant.minimum,
                        limit=variant.record_limit, ok=True, error=None,
                        winning=reading is not None or any(f[1].wins_alone for f in found), patterns=patterns,
                        raw=raw, total=total, limit_hand=limit_hand, payment=None,
                        reading=reading.describe() if reading is not None else "", alternatives=[], extra={},
                        not_toward=_not_toward(variant, patterns))
    return res


def evaluate(hand: Hand, variant, reading, text: str | None = None) -> ScoreResult:
    """Score one reading (or ``None``: only the patterns that need no sets).

    ``text`` is the hand's canonical text when the caller has it already."""
    plan = _plan(variant)
    found = plan.found(hand, reading, plan.context_entry(hand)[0 if reading is not None else 2])
    return _result(hand, variant, reading, format_hand(hand) if text is None else text, _tally(variant, found))


def _rank(r: ScoreResult):
    return (r.winning, r.total, r.raw, r.limit_hand)


def score(hand: Hand, variant, *, all_readings: bool = False, overrides: dict | None = None) -> ScoreResult:
    """Score a parsed hand: every reading is tried and the best kept.

    Readings are compared by their totals; only the best one (the first of
    equals) is built into a result, unless ``all_readings`` asks for them all.
    ``overrides``: the command-line options the hand was resolved with, to name them in an error."""
    validate(hand, variant, size=None)
    size = hand.size
    plan = _plan(variant)
    if size > plan.size:  # a hand that wins whatever the tiles (eight flowers, four Fei) is no bigger
        alone = " or ".join(p.name for p in variant.patterns if p.wins_alone)
        alone = f", even for a hand that wins whatever the tiles ({alone})" if alone else ""
        raise HandError(f"hand has {size} tiles (a kong counts 3); score needs {plan.size} at most{alone}: "
                        "take the extra tiles out")
    hand_found = plan.context_entry(hand)[0]
    robbing = "rob-kong" in hand.flags
    if size != plan.size:
        rs = []
    elif not all_readings and not robbing and plan.sure_limit and any(f[1].id in plan.sure_limit
                                                                      for f in hand_found):
        # every reading totals the limit and ranks the same (four Fei): the first is the best (issue 31)
        first = next(decompose.iter_readings(hand, plan.tiles, plan.shape, plan.most), None)
        rs = [] if first is None else [first]
    else:
        rs = decompose.readings(hand, plan.tiles, plan.shape, plan.most)
        if rs and robbing:  # no reading with a Fei read as the robbed tile (a fifth copy)
            rs = rob_kong_readings(hand, rs, plan.most)
    text = format_hand(hand)
    if all_readings:
        results = [_result(hand, variant, r, text, _tally(variant, plan.found(hand, r, hand_found))) for r in rs]
    elif rs:
        best_r, best_found, best_key = None, None, None
        for r in rs:
            found = plan.found(hand, r, hand_found)
            key = _rank_key(variant, found)  # total, raw, limit hand: as _rank (every reading wins)
            if best_key is None or key > best_key:
                best_r, best_found, best_key = r, found, key
        return plan.best_result(hand, best_r, text, best_found)
    else:
        results = []
    if not results:
        tally = _tally(variant, list(plan.context_entry(hand)[2]))
        alone = _result(hand, variant, None, text, tally)
        if not alone.winning and hand.size != plan.size:
            validate(hand, variant, size=plan.size)  # raises the size error
        robbed = _robbed(tally[0])
        if robbed is not None:  # a win on no tile (seven flowers): never self-drawn, no word about the tile
            robbed_bonus_win(hand, robbed.name, overrides)
            if alone.winning:
                alone.hand = format_hand(hand, win=False)  # it wins on no tile: no @ shown
        results = [alone]
    if len(results) > 1:
        results.sort(key=_rank, reverse=True)
    best = results[0]
    if not best.winning:
        best.patterns, best.raw, best.total, best.not_toward = [], 0, 0, 0
    if all_readings:
        seen, alts = set(), []
        for r in results:
            key = (r.reading, tuple(p.id for p in r.patterns))
            if key not in seen:
                seen.add(key)
                alts.append(r)
        best.alternatives = alts
    best.payment = plan.payment(best, hand.self_drawn, "rob-kong" in hand.flags) if best.meets_minimum else None
    return best


_Ctx_new = _new = object.__new__


def win_totals(hand: Hand, variant, contexts, checked: bool = False, entries: list | None = None) -> list:
    """The total of ``hand`` won in each of ``contexts`` (None when it does not win): ``score(...).total`` each.

    ``contexts`` are hands with these same tiles, melds and winning tile,
    differing only in their context (``wait``: on a discard and self-drawn). The checks and the readings are
    worked out once for all of them, and no result is built; on each reading the predicates registered
    ``context_free`` are asked once for all the contexts (speed). ``checked``: the caller has
    checked the tiles already (``wait`` adds a tile it found to a hand it checked), so they are not again.
    ``entries``: the contexts' :meth:`_Plan.context_entry`, when the caller has them (``wait``: the same for
    every real winning tile)."""
    if not checked:
        validate(hand, variant, size=None)
        if hand.size > variant.hand.size:
            score(hand, variant)  # raises the size error, as score does
    plan = _plan(variant)
    if contexts.__class__ is not tuple:
        contexts = tuple(contexts)
    if entries is None:
        entries = [plan.context_entry(h) for h in contexts]
    founds = tuple(map(_first, entries))
    sure = plan.sure_limit
    robbing = "rob-kong" in hand.flags
    if sure and not robbing and all(any(f[1].id in sure for f in found) for found in founds):
        return [variant.limit] * len(contexts)  # every reading, and no reading, totals the limit
    first, rs = _lazy_readings(hand, plan, robbing)
    founds_raw = tuple(map(_second, entries))
    if first is not None:
        # only the best total is wanted: a reading's total is its raw points up to the limit, added up from
        # the three lists found (the context's, the reading's shared, the reading's for this context) unless
        # a pattern found replaces another or is a limit hand, when _tally adds them up from them all
        best: list = [None] * len(contexts)
        ask_shared, ask_context, context_live = plan.ask_shared, plan.ask_context, plan.context_live
        limit = variant.limit
        h0 = contexts[0]
        # a reading comes once for each place the winning tile may sit, the same sets and eye each time: its
        # Shape and its shared patterns (which never look at where the winning tile sits) are worked out once,
        # and when no pattern of the contexts' is to be asked either, the totals are those already counted
        seen: dict = {}
        for r in rs:
            special = r.special
            rk = (r.sets, r.eye, r.eye_jokers, special)
            got = seen.get(rk)
            if got is None:
                ctx0 = make_ctx(h0, variant, r, None if special else r.eye)
                shape = ctx0.shape
                shared = []
                ask_shared(shape, ctx0, shared)
                shared_raw = _plain_raw(shared)
                live = context_live(shape)  # some predicate of the context's is to be asked on this reading
                seen[rk] = (shape, shared, shared_raw, live)
            else:
                shape, shared, shared_raw, live = got
                if not live:
                    continue
                ctx0 = _Ctx_new(Ctx)  # make_ctx(h0, variant, r, eye), its Shape the one worked out already
                ctx0.__dict__.update(hand=h0, variant=variant, reading=r, eye=None if special else r.eye, opts={},
                                     shape=shape, special=special)
            for k, h in enumerate(contexts):
                own = []
                if live:
                    ctx = ctx0
                    if k:  # ctx0 for this context: the same reading, shape and eye
                        ctx = _Ctx_new(Ctx)
                        ctx.__dict__.update(ctx0.__dict__, hand=h)
                        ctx.__dict__.pop("groups", None)  # this context's groups and cache, made if asked for
                        ctx.__dict__.pop("cache", None)
                    ask_context(shape, ctx, own)
                raw = founds_raw[k]
                own_raw = _plain_raw(own) if own else 0
                if raw is None or shared_raw is None or own_raw is None:
                    total = _rank_key(variant, list(founds[k]) + shared + own)[0]  # the order does not matter
                else:
                    raw += shared_raw + own_raw
                    total = raw if raw < limit else limit
                if best[k] is None or total > best[k]:
                    best[k] = total
            if best[0] == limit and all(b == limit for b in best):
                break  # no total is above the limit: no later reading changes an answer (four Fei)
        return best
    return _totals_alone(variant, contexts, entries)


def _lazy_readings(hand: Hand, plan, robbing: bool) -> tuple:
    """(the first reading or None, every reading from the first on): made one at a time, so that they stop
    being made once every total is at the limit."""
    rs = decompose.iter_readings(hand, plan.tiles, plan.shape, plan.most) if hand.size == plan.size else iter(())
    if robbing:  # as score: no reading with a Fei read as the robbed tile
        rs = iter(rob_kong_readings(hand, list(rs), plan.most))
    first = next(rs, None)
    if first is not None:
        rs = chain((first,), rs)
    return first, rs


def _totals_alone(variant, contexts, entries) -> list:
    """:func:`win_totals` of a hand with no reading: the total in each context where the patterns that need no
    reading win it alone, else None (a hand of the wrong size raises the size error)."""
    out = []
    for h, entry in zip(contexts, entries):
        t = _tally(variant, list(entry[2]))
        if any(f[1].wins_alone for f in t[0]):
            robbed = _robbed(t[0])
            # a win on no tile (seven flowers) is never self-drawn, nor won on a word about the tile (score: an
            # invalid_context error): no win in that context
            out.append(None if robbed is not None and (h.self_drawn or h.flags & _TILE_WORDS) else t[3])
            continue
        if h.size != variant.hand.size:
            validate(h, variant, size=variant.hand.size)  # raises the size error
        out.append(None)
    return out


def _robbed(kept):
    """The pattern a win on no tile is by (``only_alone``: hk seven flowers), when the patterns ``kept`` (those
    :func:`_tally` keeps) win only by such patterns; else None."""
    robbed = None
    for _, spec, _ in kept:
        if spec.wins_alone:
            if not spec.only_alone:
                return None
            robbed = robbed or spec
    return robbed


_TILE_WORDS = frozenset(SELF_DRAWN_WORDS + DISCARD_WORDS)


def robbed_win(hand: Hand, variant) -> tuple | None:
    """(pattern names, total) of the win on no tile this hand's bonus tiles make (hk seven flowers: robbing the
    bonus tile another player draws, paid by that player as a shooter), whatever its tiles; None when there is
    none. The tiles and the context words are left out: the win is not on a tile."""
    plan = _plan(variant)
    if not plan.only_alone:
        return None
    key = ("robbed", hand.bonus, hand.seat, hand.round)  # kept with the hand contexts' answers
    got = plan.by_context.get(key, False)
    if got is False:
        h = make_hand((), 0, (), hand.bonus, None, False, hand.seat, hand.round, frozenset())
        kept, _listed, _raw, total, _limit = _tally(variant, list(plan.context_entry(h)[2]))
        robbed = _robbed(kept)
        got = plan.by_context[key] = None if robbed is None else (robbed.name, total)
    return got


def wins_without_sets(hand: Hand, variant) -> bool:
    """True when the patterns that need no reading win the hand whatever its tiles (four Fei, eight flowers),
    on a discard or self-drawn; the answer is kept per hand context. A pattern that counts only when the tiles
    do not win (``only_alone``: seven flowers) is left out: its win is on no tile at all."""
    plan = _plan(variant)
    key = (hand.jokers, hand.melds, hand.bonus, hand.seat, hand.round, hand.flags)
    alone = plan.alone.get(key)
    if alone is None:
        alone = False
        for zimo in (False, True):
            h = make_hand(hand.concealed, hand.jokers, hand.melds, hand.bonus, hand.win, zimo, hand.seat,
                          hand.round, hand.flags)
            alone = alone or any(f[1].wins_alone for f in _tally(variant, list(plan.hand_found(h)))[0])
        if len(plan.alone) > 4096:
            plan.alone.clear()
        plan.alone[key] = alone
    return alone


def score_text(text: str, variant, *, all_readings: bool = False, overrides: dict | None = None) -> ScoreResult:
    """Parse and score one line; a bad line gives a result with ``ok`` False."""
    try:
        hand = parse_hand(text, complete=variant.hand.size)
        if hand.win_added and hand.bonus:  # a 13-tile hand that wins as written (eight flowers) keeps its meaning
            written = _as_written(text, variant, overrides, all_readings)
            if written is not None:
                return written
        parsed = hand
        resolved = resolve(hand, overrides, size=variant.hand.size)
        notes = implied_notes(hand, resolved, overrides) if resolved is not hand else []  # words a word implies
        hand, note = fei_self_drawn(resolved, variant, overrides)
        res = score(hand, variant, all_readings=all_readings, overrides=overrides)
        if not res.winning and "rob-kong" in hand.flags:  # it wins only with a Fei read as the robbed tile?
            _check_robbed(hand, variant, rob_kong_word(parsed, overrides))
        if note:
            notes.append(note)
        if notes:
            res.extra.setdefault("notes", []).extend(notes)
        return res
    except MjError as exc:
        return error_result(text, variant, exc)




def _check_robbed(hand: Hand, variant, word: str) -> None:
    """:func:`mjcli.mahjong.context.check_robbed_fei` of a hand that :func:`score` found not winning: its readings
    before rob-kong barred those with a Fei read as the robbed tile."""
    plan = _plan(variant)
    if hand.size == plan.size:
        check_robbed_fei(hand, decompose.readings(hand, plan.tiles, plan.shape, plan.most), plan.most, word)


def _as_written(text: str, variant, overrides, all_readings) -> ScoreResult | None:
    """The score of a 13-tile hand as written, when it wins so (eight flowers win whatever the tiles), else None."""
    try:
        hand = parse_hand(text)
        resolved = resolve(hand, overrides, size=variant.hand.size)
        res = score(resolved, variant, all_readings=all_readings)
    except MjError:
        return None
    if not res.winning:
        return None
    only = {p.id for p in variant.patterns if p.only_alone}
    if only and any(p.id in only for p in res.patterns):
        # a win on no tile (seven flowers) counts only when the tiles do not win: the 14 tiles with @T first
        plan = _plan(variant)
        try:
            full = resolve(parse_hand(text, complete=variant.hand.size), overrides, size=variant.hand.size)
        except MjError:
            return None
        if decompose.readings(full, plan.tiles, plan.shape, plan.most):
            return None
    notes = implied_notes(hand, resolved, overrides)
    if notes:
        res.extra.setdefault("notes", []).extend(notes)
    return res
