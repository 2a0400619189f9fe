"""Load and validate ``variants/*.yaml`` into frozen dataclasses.

A variant file is data only: tile set, seats, minimum and limit, the pattern
table and the payment rules. The only Python it names is a pattern id from the
registry in :mod:`mjcli.mahjong.patterns` (or a settlement rule id from
:mod:`mjcli.registry`), which the game rooms fill. Every error names the file, the key and what was
expected, e.g. ``hk.yaml: patterns[3].value: expected an integer``.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from . import ruledata
from .ruledata import variants_dir  # noqa: F401 (its home is here for the callers; ruledata needs it too)
from .errors import RuleFileError
from .i18n import LANGS
from .safetext import escape_controls, one_line
from .mahjong.shape import STANDARD, HandShape, shape_from_data

BONUS_FAMILIES = ("flower", "season", "animal", "face")
WINDS = ("E", "S", "W", "N")
COPIES = 4  # copies of each tile in a set
# The ranges a rule file's numbers are checked against (every one, built-in, house or whole file):
MAX_VALUE = 1_000_000  # a minimum, a limit, a pattern's value, a ladder row: far above any table's
MAX_AMOUNT = 10 ** 12  # a ladder amount, a multiplier, an instant payment (the stake's own cap)
ROBBED_KONG = ("self_drawn_total", "discard")
# what ends a line for str.splitlines: a name, an id or a unit holding one would split a heading in two
LINE_BREAK = re.compile("[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")

# Switches a variant file (``options:``) may set and a house-rule file may change: name -> the values it may take.
VARIANT_OPTIONS = {
    # a Fei may stand for a fifth copy of a tile (four real ones counted in hand and melds)
    "fei_fifth_copy": (False, True),
    # mcr: a wait fan (edge, closed, single) when the winning tile is one of the knitted straight's nine
    "knit_wait_fans": (True, False),
    # mcr: the Chicken Hand in a hand whose only fans are its flowers
    "chicken_with_flowers": (True, False),
}


@dataclass(frozen=True)
class PatternSpec:
    """One row of a variant's hand table."""

    id: str
    name: str
    value: int
    limit: bool = False
    each: bool = False
    replaces: tuple[str, ...] = ()
    wins_alone: bool = False
    description: str = ""
    example: str = ""
    names: Mapping[str, str] = field(default_factory=dict)
    descriptions: Mapping[str, str] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)
    # with wins_alone: it counts only when the tiles do not win (hk seven flowers robs the eighth bonus tile
    # another player drew): a win on no tile, so no tile pattern counts and it is never self-drawn
    only_alone: bool = False
    # false: its points are paid but do not count toward the minimum (mcr's flowers)
    toward_minimum: bool = True

    def name_in(self, lang: str) -> str:
        return self.names.get(lang) or self.name

    def description_in(self, lang: str) -> str:
        return self.descriptions.get(lang) or self.description


@dataclass(frozen=True)
class TileSet:
    suits: tuple[str, ...] = ("m", "p", "s")
    honours: bool = True
    bonus: tuple[str, ...] = ("flower", "season")
    jokers: int = 0


@dataclass(frozen=True)
class Variant:
    """A fully validated variant (built-in or house rules)."""

    id: str
    name: str
    game: str
    unit: str
    minimum: int
    limit: int
    tiles: TileSet
    seats: tuple[str, ...]
    rounds: tuple[str, ...]
    patterns: tuple[PatternSpec, ...]
    payment: Mapping[str, Any]
    settlement: tuple[str, ...] = ()
    instant: Mapping[str, Any] = field(default_factory=dict)
    liability: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    names: Mapping[str, str] = field(default_factory=dict)
    # words of the screens' translations this table says otherwise: language -> {the catalog's word: this
    # table's} (mcr and tw in Chinese: 起和 and 點炮 where the Hong Kong words are 起糊 and 出銃)
    wording: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    source: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)
    session: Mapping[str, Any] = field(default_factory=dict)  # who deals next: see SESSION_KEYS
    options: Mapping[str, Any] = field(default_factory=dict)
    hand: HandShape = STANDARD  # sets and an eye, and the special shapes played (mjcli.mahjong.shape)
    # The most copies of one tile a reading may hold, Fei standing for it included: the set's four, or five where
    # the house switch ``fei_fifth_copy`` is on. Data, worked out when the variant is made (the parser reads it).
    most_copies: int = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "most_copies", COPIES + 1 if self.options.get("fei_fifth_copy") else COPIES)

    @functools.cached_property
    def pattern_ids(self) -> frozenset[str]:
        return frozenset(p.id for p in self.patterns)

    @property
    def has_limit(self) -> bool:
        """False when the file says ``limit: null`` (no limit: kept as a cap above any hand, :data:`MAX_VALUE`)."""
        return self.limit < MAX_VALUE

    @property
    def record_limit(self) -> int | None:
        """What a record says of the limit: the limit, or None (``null``) at a table with no limit."""
        return self.limit if self.has_limit else None

    @functools.cached_property
    def not_toward_minimum(self) -> frozenset[str]:
        """The ids of the patterns whose points do not count toward the minimum (``toward_minimum: false``)."""
        return frozenset(p.id for p in self.patterns if not p.toward_minimum)

    @functools.cached_property
    def wins_alone(self) -> bool:
        """True when a pattern of the variant wins whatever the tiles (eight flowers, four Fei)."""
        return any(p.wins_alone for p in self.patterns)

    def pattern(self, pid: str) -> PatternSpec | None:
        for p in self.patterns:
            if p.id == pid:
                return p
        return None

    @property
    def players(self) -> int:
        return len(self.seats)


# --------------------------------------------------------------------------
# Schema checking


class Checker:
    """Collects every problem in a file, each with its key and line."""

    def __init__(self, source: str, lines: dict[str, int]):
        self.source = source
        self.lines = lines
        self.problems: list[str] = []

    def fail(self, path: str, expected: str, at: str | None = None) -> None:
        """A problem with the key ``path``, on the line of the key ``at`` (default: ``path``)."""
        line = self.lines.get(at or path)
        where = f" (line {line})" if line else ""
        # a key may hold any character (a quoted YAML key): the message stays one line, its controls escaped
        shown = escape_controls(one_line(path))
        self.problems.append(f"{self.source}: {shown}{where}: {expected}")

    def get(self, data: Mapping, key: str, path: str, kind, expected: str, default=..., required=False):
        full = f"{path}.{key}" if path else key
        if key not in data:
            if required or default is ...:
                self.fail(full, f"missing; expected {expected}")
                return None if default is ... else default
            return default
        value = data[key]
        if kind is int and isinstance(value, bool):
            self.fail(full, f"expected {expected}, got {value!r}")
            return default if default is not ... else None
        if not isinstance(value, kind):
            self.fail(full, f"expected {expected}, got {describe(value)}")
            return default if default is not ... else None
        return value

    def integer(self, data: Mapping, key: str, path: str, lo: int, hi: int, what: str = "", **kw):
        """An integer from ``lo`` to ``hi`` (None, after a problem is noted, when it is not)."""
        expected = f"an integer {lo} to {hi}" + (f" ({what})" if what else "")
        value = self.get(data, key, path, int, expected, **kw)
        if isinstance(value, int) and not isinstance(value, bool) and not lo <= value <= hi:
            self.fail(f"{path}.{key}" if path else key, f"expected {expected}, got {shown_number(value)}")
            return None
        return value

    def text(self, data: Mapping, key: str, path: str, expected: str, one_line: bool = True, empty: bool = False,
             **kw):
        """Text; ``one_line``: no line break in it (a name, an id, a unit); ``empty``: "" is allowed."""
        value = self.get(data, key, path, str, expected, **kw)
        if isinstance(value, str):
            full = f"{path}.{key}" if path else key
            if one_line and LINE_BREAK.search(value):
                self.fail(full, f"expected {expected} on one line, got a line break in it")
                return None
            if not empty and not value.strip():
                self.fail(full, f"expected {expected}, got empty text")
                return None
        return value

    def unknown(self, data: Mapping, allowed, path: str) -> None:
        for key in data:
            if key not in allowed:
                full = f"{path}.{key}" if path else str(key)
                self.fail(full, f"unknown key; expected one of: {', '.join(sorted(allowed))}")

    def raise_if_any(self) -> None:
        if self.problems:
            head = self.problems[0]
            more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
            raise RuleFileError(head + more, self.problems)


def shown_number(value) -> str:
    """A number for a message: a long one is cut (a rule file may hold 4,000 digits)."""
    text = repr(value)
    return text if len(text) <= 24 else f"a number of {len(text.lstrip('-'))} digits"


def is_number(value) -> bool:
    """A finite int or float (not a bool, not nan or inf)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def describe(value) -> str:
    """A YAML value as an error message names it (nothing, a mapping, a list, or its repr)."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        short = value if len(value) < 30 else value[:27] + "..."
        return f"the text {short!r}"
    if isinstance(value, (int, float)):
        return shown_number(value)
    return repr(value)


TOP_KEYS = {
    "id", "name", "names", "game", "unit", "minimum", "limit", "tiles", "seats", "rounds",
    "patterns", "payment", "settlement", "instant", "liability", "notes", "extends",
    "description", "session", "options", "hand", "wording",
}
# the session rules a ledger that names its players follows (dealer, seats, round):
# deal: rotate (the default: the dealer keeps the deal on a win of their own, another player's win passes it
#   to the next player), winner (the winner deals the next hand; after a drawn hand the last player who drew)
#   or every_hand (the deal passes to the next player after every hand, won or drawn: mcr)
# drawn_with_kong (deal: rotate only): after a drawn hand in which someone made a kong the deal passes (pass)
#   or stays (keep)
# seat_change (optional, not with deal: winner): how the players change seats at the end of each round, a mapping
#   a round (the first for the end of the East round...), each seat to the seat its player moves to; a round with
#   none left changes nothing (mcr: the competition seating)
SESSION_KEYS = {"deal": ("rotate", "winner", "every_hand"), "drawn_with_kong": ("pass", "keep")}
SESSION_DEFAULTS = {"deal": "rotate"}
PATTERN_KEYS = {
    "id", "name", "names", "value", "limit", "each", "replaces", "wins_alone", "description",
    "descriptions", "example", "options", "only_alone", "toward_minimum",
}
# every key of a payment section (see mjcli.payments), once, with the files that may write it:
# v a variant file, h a house file's payment:, p a payment preset
PAYMENT_FIELDS = {
    "ladder": "vhp", "ladder_name": "v", "linear": "vhp", "discard": "vhp", "self_drawn": "vhp", "bao": "vhp",
    "robbed_kong": "vhp", "paid_as_self_drawn": "v", "stake": "vh", "preset": "h", "fixed": "v",
}
# the keys of payment's mappings: discard and self_drawn hold multipliers of the base, bao two switches
PAYMENT_SUBKEYS = {"discard": ("shooter", "others"), "self_drawn": ("each",), "bao": ("on_discard", "on_self_drawn")}


def payment_keys(where: str) -> frozenset[str]:
    """The payment keys a kind of file may write: ``v`` a variant, ``h`` a house file, ``p`` a preset."""
    return frozenset(k for k, w in PAYMENT_FIELDS.items() if where in w)


PAYMENT_KEYS = payment_keys("v")


def wording_map(ck: Checker, data, path: str) -> dict:
    """The ``wording:`` mapping, checked: a language (not en) -> a mapping of a word of its catalog to the word
    this table uses instead, both text on one line."""
    out: dict = {}
    if data is None:
        return out
    if not isinstance(data, dict):
        ck.fail(path, "expected a mapping of language code to {word: this table's word}, e.g. {zh: {起糊: 起和}}")
        return out
    for lang, words in data.items():
        if lang not in LANGS or lang == "en":
            ck.fail(f"{path}.{lang}", f"unknown language; expected one of {', '.join(LANGS[1:])}")
        elif not isinstance(words, dict) or not words:
            ck.fail(f"{path}.{lang}", f"expected a mapping of a word to this table's word, got {describe(words)}")
        elif not all(isinstance(k, str) and isinstance(v, str) and k.strip() and v.strip()
                     and not LINE_BREAK.search(k + v) for k, v in words.items()):
            ck.fail(f"{path}.{lang}", "expected each word and its replacement as text on one line")
        else:
            out[lang] = MappingProxyType(dict(words))
    return out


def lang_map(ck: Checker, data, path, one_line: bool = True) -> dict[str, str]:
    """A ``names:``-style mapping of language code to text, checked."""
    if data is None:
        return {}
    if not isinstance(data, dict):
        ck.fail(path, "expected a mapping of language code to text")
        return {}
    out = {}
    for k, v in data.items():
        if k not in LANGS:
            ck.fail(f"{path}.{k}", f"unknown language; expected one of {', '.join(LANGS)}")
        elif not isinstance(v, str):
            ck.fail(f"{path}.{k}", f"expected text, got {describe(v)}")
        elif one_line and LINE_BREAK.search(v):
            ck.fail(f"{path}.{k}", "expected text on one line, got a line break in it")
        else:
            out[k] = v
    return out


def _registered(pid: str, registry):
    """The registry, once the game rooms (and, for an id they lack, third-party games) have filled it."""
    from .registry import load_games, load_plugins

    load_games()
    if pid not in registry:
        load_plugins()
    return registry


def pattern_spec(ck: Checker, data, path: str, registry) -> PatternSpec | None:
    """One row of a hand table from its YAML mapping; its id must be in ``registry`` (None: not checked)."""
    if not isinstance(data, dict):
        ck.fail(path, f"expected a mapping with id, name and value, got {describe(data)}")
        return None
    ck.unknown(data, PATTERN_KEYS, path)
    pid = ck.get(data, "id", path, str, "a pattern id (text)", required=True)
    if pid is not None and registry is not None and pid not in _registered(pid, registry):
        ck.fail(f"{path}.id", f"unknown pattern id {pid!r}; `mjcli rules --patterns` lists the registered ids")
    name = ck.text(data, "name", path, "a name (text)", required=True)
    limit = ck.get(data, "limit", path, bool, "true or false", default=False)
    # a limit hand scores the variant's limit; its value may be left out
    value = ck.get(data, "value", path, int, "an integer", required=not limit, default=0)
    if isinstance(value, int) and value < 0:
        ck.fail(f"{path}.value", f"expected an integer 0 or more, got {shown_number(value)}; a pattern never takes "
                                 "points away")
        value = None
    elif isinstance(value, int) and value > MAX_VALUE:
        ck.fail(f"{path}.value", f"expected an integer 0 to {MAX_VALUE}, got {shown_number(value)}")
        value = None
    each = ck.get(data, "each", path, bool, "true or false", default=False)
    wins_alone = ck.get(data, "wins_alone", path, bool, "true or false", default=False)
    only_alone = ck.get(data, "only_alone", path, bool, "true or false", default=False)
    toward_minimum = ck.get(data, "toward_minimum", path, bool, "true or false", default=True)
    if only_alone and not wins_alone:
        ck.fail(f"{path}.only_alone", "only_alone needs wins_alone: true (a pattern that wins whatever the tiles "
                "and counts only when the tiles do not win); add wins_alone: true or leave out only_alone")
    replaces = ck.get(data, "replaces", path, list, "a list of pattern ids", default=[])
    for i, r in enumerate(replaces or []):
        if not isinstance(r, str):
            ck.fail(f"{path}.replaces[{i}]", f"expected a pattern id, got {describe(r)}")
    description = ck.get(data, "description", path, str, "text", default="")
    example = ck.get(data, "example", path, str, "a hand in mjcli notation", default="")
    options = ck.get(data, "options", path, dict, "a mapping", default={})
    known = registry[pid].options if registry is not None and pid in registry else None
    for key, val in (options or {}).items() if known is not None else ():
        if key not in known:
            ck.fail(f"{path}.options.{key}", "unknown option; expected "
                    + (f"one of: {', '.join(sorted(known))}" if known else "no options for this pattern"))
        elif val not in known[key] or type(val) is not type(known[key][0]):
            ck.fail(f"{path}.options.{key}", f"expected one of {', '.join(describe(k) for k in known[key])}, "
                    f"got {describe(val)}")
    if None in (pid, name, value):
        return None
    return PatternSpec(
        id=pid,
        name=name,
        value=value,
        limit=bool(limit),
        each=bool(each),
        replaces=tuple(r for r in (replaces or []) if isinstance(r, str)),
        wins_alone=bool(wins_alone),
        description=description or "",
        example=example or "",
        names=MappingProxyType(lang_map(ck, data.get("names"), f"{path}.names")),
        descriptions=MappingProxyType(lang_map(ck, data.get("descriptions"), f"{path}.descriptions", one_line=False)),
        options=MappingProxyType(dict(options or {})),
        only_alone=bool(only_alone),
        toward_minimum=toward_minimum is not False,
    )


def build_variant(data: Any, source: str, lines: dict[str, int] | None = None, reserved_ids=()) -> Variant:
    """Validate plain data (from YAML) and build a :class:`Variant`.

    Every key is checked by type and range before anything uses it: the built-in files, house-rule files
    (merged with their base) and whole-variant files all come through here. ``reserved_ids``: ids the
    file may not take (a file that is not built in may not call itself ``hk``).
    Raises :class:`RuleFileError` listing every problem found.
    """
    from .mahjong.patterns import REGISTRY  # the registry of pattern predicates
    from .registry import GAMES, game_kind, load_games

    load_games()  # the game rooms register their patterns, settlement rules and game kinds

    ck = Checker(source, lines or {})
    if not isinstance(data, dict):
        ck.fail("(top)", f"expected a mapping of keys (id, name, patterns...), got {describe(data)}")
        ck.raise_if_any()
    ck.unknown(data, TOP_KEYS | {g.section for g in GAMES.values() if g.section}, "")
    vid = ck.text(data, "id", "", "a variant id (text)", required=True)
    if isinstance(vid, str) and reserved_ids and vid.strip().lower() in reserved_ids:
        ck.fail("id", reserved_id(vid))
    name = ck.text(data, "name", "", "a name (text)", required=True)
    game = ck.get(data, "game", "", str, " or ".join(GAMES), default="mahjong")
    kind = game_kind(game) if isinstance(game, str) else None
    if kind is None:
        ck.fail("game", f"expected one of {', '.join(GAMES)}, got {describe(game)}")
    ck.text(data, "description", "", "text", one_line=False, empty=True, default="")
    ck.get(data, "extends", "", str, "a built-in variant id", default=None)
    unit = ck.text(data, "unit", "", "a unit name such as faan or tai", required=True)
    minimum = ck.integer(data, "minimum", "", 0, MAX_VALUE, required=True)
    if "limit" in data and data["limit"] is None:  # no limit: the cap is above any hand
        limit = MAX_VALUE
    else:
        limit = ck.integer(data, "limit", "", 0, MAX_VALUE, required=True)
    if isinstance(minimum, int) and isinstance(limit, int) and minimum > limit:
        ck.fail("minimum", f"the minimum {minimum} is above the limit {limit}")

    tiles = _tile_set(ck, data)
    seats, rounds = _seats_rounds(ck, data)
    patterns, seen = _patterns(ck, data, REGISTRY if kind is not None and kind.registry_patterns else None)
    payment = check_payment(ck, data.get("payment", ...), "payment", seen)
    settlement = _settlement(ck, data)
    instant, liability, notes = _instant_and_text(ck, data)
    _instant_needed(ck, settlement, instant)
    names = lang_map(ck, data.get("names"), "names")
    session = check_session(ck, data.get("session"), "session", seats)
    options = check_options(ck, data.get("options", {}), "options")
    hand = shape_from_data(ck, data.get("hand", ...), "hand", seen)
    extra = {}
    if kind is not None and kind.section:  # the game's own data, checked by its room
        extra = ck.get(data, kind.section, "", dict, kind.section_expected, required=True) or {}
        kind.validate_section(extra, ck)
    wording = wording_map(ck, data.get("wording"), "wording")
    ck.raise_if_any()
    variant = Variant(
        id=vid,
        name=name,
        game=game,
        unit=unit,
        minimum=minimum,
        limit=limit,
        tiles=tiles,
        seats=tuple(seats),
        rounds=tuple(rounds),
        patterns=tuple(patterns),
        payment=MappingProxyType(dict(payment or {})),
        settlement=tuple(settlement or ()),
        instant=MappingProxyType(dict(instant or {})),
        liability=tuple(liability or ()),
        notes=tuple(notes or ()),
        names=MappingProxyType(names),
        wording=MappingProxyType(wording),
        source=source,
        extra=MappingProxyType(dict(extra)),
        session=MappingProxyType(session),
        options=MappingProxyType(options),
        hand=hand,
    )
    _check_ladder_reaches(variant, source, lines or {})
    return variant


def _tile_set(ck: Checker, data: dict) -> TileSet:
    """The ``tiles`` section (suits, honours, bonus, jokers), checked."""
    tiles_data = ck.get(data, "tiles", "", dict, "a mapping (suits, honours, bonus, jokers)", default={})
    tiles = TileSet()
    if tiles_data:
        ck.unknown(tiles_data, {"suits", "honours", "bonus", "jokers"}, "tiles")
        suits = _choices(ck, tiles_data, "suits", "tiles", ("m", "p", "s"), "a list of suit letters",
                         default=["m", "p", "s"], item="m, p or s")
        bonus = _choices(ck, tiles_data, "bonus", "tiles", BONUS_FAMILIES, "a list of bonus families", default=[])
        honours = ck.get(tiles_data, "honours", "tiles", bool, "true or false", default=True)
        jokers = ck.integer(tiles_data, "jokers", "tiles", 0, 8, default=0)
        tiles = TileSet(
            suits=tuple(suits or ()),
            honours=bool(honours),
            bonus=tuple(bonus or ()),
            jokers=jokers if isinstance(jokers, int) else 0,
        )
    return tiles


def _seats_rounds(ck: Checker, data: dict) -> tuple:
    """The ``seats`` and ``rounds`` lists, checked."""
    seats = _choices(ck, data, "seats", "", WINDS, "a list of winds", default=list(WINDS), item="a wind E S W N")
    if seats is not None and (len(seats) < 2 or list(seats) != list(WINDS[:len(seats)])):
        ck.fail("seats", f"expected the seats in order from East, two to four of them (E S, E S W or E S W N), "
                         f"got {' '.join(seats) or 'none'}")
    rounds = _choices(ck, data, "rounds", "", WINDS, "a list of winds", default=list(seats or WINDS),
                      item="a wind E S W N")
    if rounds is not None and not rounds:
        ck.fail("rounds", "expected at least one round wind, e.g. [E]")
    return seats, rounds


def _patterns(ck: Checker, data: dict, registry) -> tuple[list, set]:
    """The ``patterns`` list, each checked (``registry``: the predicates a pattern id must name, or None), and
    the set of their ids."""
    patterns_data = ck.get(data, "patterns", "", list, "a list of patterns", default=[])
    patterns = []
    seen = set()
    for i, pd in enumerate(patterns_data or []):
        spec = pattern_spec(ck, pd, f"patterns[{i}]", registry)
        if spec is None:
            continue
        if spec.id in seen:
            ck.fail(f"patterns[{i}].id", f"pattern {spec.id!r} is listed twice; keep one")
        seen.add(spec.id)
        patterns.append(spec)
    for i, spec in enumerate(patterns):
        for r in spec.replaces:
            if r not in seen:
                ck.fail(f"patterns[{i}].replaces", f"{r!r} is not a pattern of this variant")
    return patterns, seen


def _settlement(ck: Checker, data: dict) -> list | None:
    """The ``settlement`` list of rule ids, each a registered rule (a plugin's rules are loaded when needed)."""
    from .registry import load_plugins

    settlement = _choices(ck, data, "settlement", "", None, "a list of settlement rule ids", default=[],
                          item="a settlement rule id (text)")
    if settlement:  # the rooms' settle modules load only when named: `mjcli rules hk` starts fast (issue 6)
        from .registry import SETTLEMENT_RULES, load_settlement_rules

        load_settlement_rules()
        if any(sid not in SETTLEMENT_RULES for sid in settlement):
            load_plugins()
        for i, s in enumerate(settlement):
            if s not in SETTLEMENT_RULES:
                ck.fail(f"settlement[{i}]",
                        f"unknown settlement rule {s!r}; known: {', '.join(sorted(SETTLEMENT_RULES))}")
    return settlement


def _instant_and_text(ck: Checker, data: dict) -> tuple:
    """The ``instant`` amounts and the ``liability`` and ``notes`` lines, checked."""
    instant = ck.get(data, "instant", "", dict, "a mapping of instant-payment amounts", default={})
    for k, v in (instant or {}).items():
        _amount(ck, f"instant.{k}", v)
    liability = ck.get(data, "liability", "", list, "a list of text lines", default=[])
    notes = ck.get(data, "notes", "", list, "a list of text lines", default=[])
    for key, items in (("liability", liability), ("notes", notes)):
        for i, t in enumerate(items or []):
            if not isinstance(t, str):
                ck.fail(f"{key}[{i}]", f"expected text, got {describe(t)}")
    return instant, liability, notes


def _instant_needed(ck: Checker, settlement, instant) -> None:
    """Each amount in ``instant`` that a named settlement rule pays (its ``needs``) is given."""
    if not settlement or not isinstance(instant, dict):
        return
    from .registry import SETTLEMENT_RULES

    for sid in settlement:
        for key in getattr(SETTLEMENT_RULES.get(sid), "needs", ()):
            if key not in instant:
                ck.fail(f"instant.{key}", f"missing; the settlement rule {sid} pays it: give an amount, e.g. 1")


def reserved_id(vid: str) -> str:
    """The problem with a rule file that takes a built-in variant's id."""
    low = vid.strip().lower()
    return f"{vid!r} is the id of the built-in variant {low}; choose another id, e.g. {low}-ours"


def _choices(ck: Checker, data: Mapping, key: str, path: str, allowed, expected: str, default, item: str = "text"):
    """A list of distinct words, each one of ``allowed`` (None: any ``item``, text); None after a problem."""
    items = ck.get(data, key, path, list, expected, default=default)
    if items is None:
        return None
    full = f"{path}.{key}" if path else key
    out, bad = [], False
    want = item if allowed is None or item != "text" else f"one of {', '.join(allowed)}"
    for i, word in enumerate(items):
        if not isinstance(word, str) or (allowed is not None and word not in allowed):
            ck.fail(f"{full}[{i}]", f"expected {want}, got {describe(word)}")
            bad = True
        elif word in out:
            ck.fail(f"{full}[{i}]", f"{word!r} is listed twice; keep one")
            bad = True
        else:
            out.append(word)
    return None if bad else out


def _amount(ck: Checker, path: str, value, above_zero: bool = False, what: str = "an amount") -> bool:
    """An amount of money (``what``: or a number, a multiplier): from 0 (above 0 when ``above_zero``) to
    :data:`MAX_AMOUNT`."""
    rule = f"{what} {'above 0' if above_zero else '0 or more'}, at most {MAX_AMOUNT}"
    if not is_number(value):
        ck.fail(path, f"expected {rule}, got {describe(value)}")
        return False
    if value < 0 or (above_zero and value == 0) or value > MAX_AMOUNT:
        why = "; a loser never receives money for losing" if value < 0 else ""
        ck.fail(path, f"expected {rule}, got {shown_number(value)}{why}")
        return False
    return True


def check_payment(ck: Checker, pay, path: str = "payment", pattern_ids=None, keys=PAYMENT_KEYS,
                  required: bool = True) -> dict:
    """The ``payment`` section (``...``: not given), each key by type and range; ``pattern_ids``: the variant's,
    which ``paid_as_self_drawn`` names (None: not checked); ``keys``: those allowed (a preset has fewer)."""
    if pay is ...:
        if required:
            ck.fail(path, "missing; expected a mapping with a ladder (value -> amount) or linear (base = value x "
                          "linear), e.g. {ladder: {1: 2, 2: 4}}")
        return {}
    if not isinstance(pay, dict):
        ck.fail(path, f"expected a mapping (ladder or linear, discard, self_drawn...), got {describe(pay)}")
        return {}
    ck.unknown(pay, keys, path)
    ladder = pay.get("ladder")
    if "ladder" in pay:
        if not isinstance(ladder, dict) or not ladder:
            ck.fail(f"{path}.ladder", "expected a mapping of value to amount, e.g. {3: 8, 4: 16}, got "
                                      + describe(ladder))
        else:
            for k, v in ladder.items():
                if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k <= MAX_VALUE:
                    key = shown_number(k) if isinstance(k, int) and not isinstance(k, bool) else k
                    ck.fail(f"{path}.ladder.{key}", f"expected a value 0 to {MAX_VALUE} mapped to an amount",
                            at=f"{path}.ladder.{k}")
                else:
                    _amount(ck, f"{path}.ladder.{k}", v)
    if "linear" in pay:
        if "ladder" in pay:
            ck.fail(f"{path}.linear", "give ladder or linear, not both")
        else:
            _amount(ck, f"{path}.linear", pay["linear"], above_zero=True, what="a number")
    if "fixed" in pay:  # base = fixed + value x linear
        if "linear" not in pay:
            ck.fail(f"{path}.fixed", "a fixed part goes with linear (base = fixed + value x linear); give linear")
        else:
            _amount(ck, f"{path}.fixed", pay["fixed"], what="a number")
    if required and "ladder" not in pay and "linear" not in pay:
        ck.fail(path, "expected a ladder (value -> amount) or linear (base = value x linear); neither is given")
    if "ladder_name" in pay:
        ck.text(pay, "ladder_name", path, "a name for the ladder (text)")
    for key, subkeys in PAYMENT_SUBKEYS.items():
        if key not in pay:
            continue
        sub = pay[key]
        if not isinstance(sub, dict):
            ck.fail(f"{path}.{key}", f"expected a mapping ({', '.join(subkeys)}), got {describe(sub)}")
            continue
        ck.unknown(sub, set(subkeys), f"{path}.{key}")
        for k, v in sub.items():
            if k not in subkeys:
                continue
            if key == "bao":
                if not isinstance(v, bool):
                    ck.fail(f"{path}.{key}.{k}", f"expected true or false, got {describe(v)}")
            else:  # a multiple of the base
                _amount(ck, f"{path}.{key}.{k}", v, what="a number")
    if "robbed_kong" in pay and pay["robbed_kong"] not in ROBBED_KONG:
        ck.fail(f"{path}.robbed_kong", f"expected one of {', '.join(ROBBED_KONG)}, got {describe(pay['robbed_kong'])}")
    if "paid_as_self_drawn" in pay:
        ids = _choices(ck, pay, "paid_as_self_drawn", path, None, "a list of pattern ids", default=[],
                       item="a pattern id (text)")
        for i, pid in enumerate(ids or ()):
            if pattern_ids is not None and pid not in pattern_ids:
                ck.fail(f"{path}.paid_as_self_drawn[{i}]", f"{pid!r} is not a pattern of this variant")
    if "stake" in pay:
        from .errors import MjError
        from .money import stake

        if not is_number(pay["stake"]) and type(pay["stake"]).__name__ != "Decimal":  # a house file's, made exact
            ck.fail(f"{path}.stake", f"expected a number above 0 (money per unit), got {describe(pay['stake'])}")
        else:
            try:  # exact, as written: a decimal above 0, at most 1e12, at most four decimal places
                stake(pay["stake"], "the stake")
            except MjError as exc:
                ck.fail(f"{path}.stake", exc.message)
    return dict(pay)


def ladder_start_above(pay: Mapping, value) -> int | None:
    """The first row of the payment's ladder when a win paid at ``value`` is below it (it would pay nothing),
    else None (no ladder, a linear payment, or the ladder reaches down to ``value``): the one ladder check of
    a variant file and a house file.

    >>> ladder_start_above({"ladder": {3: 8, 4: 16}}, 1), ladder_start_above({"ladder": {3: 8}}, 3)
    (3, None)
    """
    ladder = pay.get("ladder")
    if not isinstance(ladder, dict) or not ladder or "linear" in pay or not isinstance(value, int) \
            or not all(isinstance(k, int) for k in ladder):
        return None
    start = min(ladder)
    return start if value < start else None


def _check_ladder_reaches(v: Variant, source: str, lines: dict[str, int]) -> None:
    """A win at the minimum must be paid: the ladder (read at the value the game pays) starts at or below it."""
    from .registry import game_kind

    if not v.payment.get("ladder") or "linear" in v.payment:
        return
    paid = game_kind(v.game).paid_value(v, v.minimum)
    start = ladder_start_above(v.payment, paid)
    if start is not None:
        ck = Checker(source, lines)
        ck.fail("payment.ladder", f"the ladder starts at {start} but a win at the minimum ({v.minimum} "
                                  f"{v.unit}) is paid at {paid}: it would pay nothing; add ladder rows down to {paid}")
        ck.raise_if_any()


def _seat_changes(ck: Checker, data, path: str, seats) -> tuple:
    """``session.seat_change``, checked: a list of mappings, each moving every seat's player to a seat, no two to
    the same one (``{E: S, S: E, W: N, N: W}``)."""
    if seats is None:  # the seats are wrong, and said so: nothing to move between
        return ()
    example = "[{" + ", ".join(f"{a}: {b}" for a, b in zip(seats, [*seats[1:], seats[0]])) + "}]"
    if not isinstance(data, list) or not all(isinstance(m, dict) for m in data):
        ck.fail(path, f"expected a list of mappings of seat to seat, such as {example}, got {describe(data)}")
        return ()
    out = []
    for i, move in enumerate(data):
        keys, values = [str(k) for k in move], [str(v) for v in move.values()]
        if sorted(keys) != sorted(seats) or sorted(values) != sorted(seats):
            ck.fail(f"{path}[{i}]", f"expected each seat ({' '.join(seats)}) once as a key and once as a value "
                                    f"(where its player moves), such as {example}, got {describe(move)}")
            continue
        out.append(MappingProxyType(dict(zip(keys, values))))
    return tuple(out)


def check_session(ck: Checker, data, path: str, seats=WINDS) -> dict:
    """The ``session`` mapping (the deal rules of a ledger that names its players), checked (``seats``: the
    variant's, which a seat change names)."""
    if data is None:
        return {}
    if not isinstance(data, dict):
        ck.fail(path, f"expected a mapping such as {{drawn_with_kong: pass}}, got {describe(data)}")
        return {}
    ck.unknown(data, [*SESSION_KEYS, "seat_change"], path)
    out = {}
    not_rotate = data.get("deal") in ("winner", "every_hand")
    if "seat_change" in data:
        if data.get("deal") == "winner" and data["seat_change"] != []:
            ck.fail(f"{path}.seat_change", "does not apply where the winner deals the next hand (deal: winner): "
                                           "a round does not end with the first dealer dealing; leave it out")
        else:
            out["seat_change"] = _seat_changes(ck, data["seat_change"], f"{path}.seat_change", seats)
    for key, choices in SESSION_KEYS.items():
        if key == "drawn_with_kong" and not_rotate:
            if key in data and data.get("deal") == "winner":
                ck.fail(f"{path}.{key}", "does not apply where the winner deals the next hand (deal: winner, as in "
                                         "my3): after a drawn hand the last player who drew deals, kong or not; "
                                         "leave drawn_with_kong out")
            elif key in data:
                ck.fail(f"{path}.{key}", "does not apply where the deal passes every hand (deal: every_hand, as in "
                                         "mcr): a drawn hand passes it, kong or not; leave drawn_with_kong out")
        elif key not in data and key in SESSION_DEFAULTS:
            out[key] = SESSION_DEFAULTS[key]
        elif key not in data:
            why = " (deal: rotate needs it: who deals after a drawn hand with a kong)" if key == "drawn_with_kong" else ""
            ck.fail(f"{path}.{key}", f"missing{why}; expected one of {', '.join(choices)}")
        elif data[key] not in choices:
            ck.fail(f"{path}.{key}", f"expected one of {', '.join(choices)}, got {describe(data[key])}")
        else:
            out[key] = data[key]
    return out


def check_options(ck: Checker, options, path: str, allowed=None) -> dict:
    """Check an ``options:`` mapping against :data:`VARIANT_OPTIONS` (or the names in ``allowed``)."""
    if not isinstance(options, dict):
        ck.fail(path, f"expected a mapping of switch name to value, got {describe(options)}")
        return {}
    known = VARIANT_OPTIONS if allowed is None else {k: VARIANT_OPTIONS[k] for k in allowed if k in VARIANT_OPTIONS}
    out = {}
    for key, val in options.items():
        if key not in known:
            ck.fail(f"{path}.{key}", "unknown option; expected "
                    + (f"one of: {', '.join(sorted(known))}" if known else "none: this variant has no options"))
        elif not any(val is c or (type(val) is type(c) and val == c) for c in known[key]):
            ck.fail(f"{path}.{key}", f"expected one of {', '.join(describe(c) for c in known[key])}, got {describe(val)}")
        else:
            out[key] = val
    return out


# --------------------------------------------------------------------------
# Finding files


def builtin_ids() -> list[str]:
    """The ids of the built-in variants, in a stable order.

    >>> "hk" in builtin_ids()
    True
    """
    order = ["hk", "sg", "my3", "paohuzi"]
    found = sorted(p.stem for p in variants_dir().glob("*.yaml"))
    return [v for v in order if v in found] + [v for v in found if v not in order]


def load_data(path: Path, source: str | None = None) -> tuple[Any, dict[str, int]]:
    """(data, {key path: line}) of a rule file (:func:`mjcli.ruledata.load`: a built-in file from its compiled
    twin, any other from its YAML)."""
    return ruledata.load(path, source)


@functools.lru_cache(maxsize=None)
def load_builtin(vid: str) -> Variant:
    """Load a built-in variant by id (``hk``, ``sg``, ``my3``, ``paohuzi``)."""
    path = variants_dir() / f"{vid}.yaml"
    if not vid.isidentifier() or not path.is_file():
        raise RuleFileError(
            f"unknown variant {vid!r}; choose one of: {', '.join(builtin_ids())}", [f"unknown variant {vid!r}"]
        )
    data, lines = load_data(path, f"{vid}.yaml")
    return build_variant(data, f"{vid}.yaml", lines)
