"""Load and validate ``variants/*.yaml`` into frozen dataclasses.

A variant file is data only: tile set, seats, minimum and limit, the pattern
table and the payment rules. The only Python it names is a pattern id from the
registry in :mod:`mjcli.patterns` (or a settlement rule id from
:mod:`mjcli.registry`), which the game rooms fill. Every error names the file, the key and what was
expected, e.g. ``hk.yaml: patterns[3].value: expected an integer``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from . import yamlsafe
from .errors import RuleFileError
from .safetext import escape_controls, one_line

LANGS = ("en", "ms", "ta", "zh", "th")
BONUS_FAMILIES = ("flower", "season", "animal", "face")
WINDS = ("E", "S", "W", "N")
COPIES = 4  # copies of each tile in a set

# Switches a variant file (``options:``) may set and a house-rule file may change: name -> the values it may take.
VARIANT_OPTIONS = {
    # a Fei may stand for a fifth copy of a tile (four real ones counted in hand and melds)
    "fei_fifth_copy": (False, True),
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
    source: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)
    session: Mapping[str, Any] = field(default_factory=dict)  # who deals next: see SESSION_KEYS
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def most_copies(self) -> int:
        """The most copies of one tile a reading may hold, Fei standing for it included:
        the set's four, or five where the house switch ``fei_fifth_copy`` is on."""
        return COPIES + 1 if self.options.get("fei_fifth_copy") else COPIES

    @functools.cached_property
    def pattern_ids(self) -> frozenset[str]:
        return frozenset(p.id for p in self.patterns)

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

    def fail(self, path: str, expected: str) -> None:
        line = self.lines.get(path)
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
    return repr(value)


TOP_KEYS = {
    "id", "name", "names", "game", "unit", "minimum", "limit", "tiles", "seats", "rounds",
    "patterns", "payment", "settlement", "instant", "liability", "notes", "extends",
    "description", "session", "options",
}
# the session rules a ledger that names its players follows (dealer, seats, round):
# deal: rotate (the default: the dealer keeps the deal on a win of their own, another player's win passes it
#   to the next player) or winner (the winner deals the next hand; after a drawn hand the last player who drew)
# drawn_with_kong (deal: rotate only): after a drawn hand in which someone made a kong the deal passes (pass)
#   or stays (keep)
SESSION_KEYS = {"deal": ("rotate", "winner"), "drawn_with_kong": ("pass", "keep")}
SESSION_DEFAULTS = {"deal": "rotate"}
PATTERN_KEYS = {
    "id", "name", "names", "value", "limit", "each", "replaces", "wins_alone", "description",
    "descriptions", "example", "options", "only_alone",
}
PAYMENT_KEYS = {
    "ladder", "ladder_name", "discard", "self_drawn", "bao", "robbed_kong", "paid_as_self_drawn",
    "stake", "linear", "below_minimum",
}


def lang_map(ck: Checker, data, path) -> dict[str, str]:
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
    name = ck.get(data, "name", path, str, "a name (text)", required=True)
    limit = ck.get(data, "limit", path, bool, "true or false", default=False)
    # a limit hand scores the variant's limit; its value may be left out
    value = ck.get(data, "value", path, int, "an integer", required=not limit, default=0)
    if isinstance(value, int) and value < 0:
        ck.fail(f"{path}.value", f"expected an integer 0 or more, got {value}; a pattern never takes points away")
        value = None
    each = ck.get(data, "each", path, bool, "true or false", default=False)
    wins_alone = ck.get(data, "wins_alone", path, bool, "true or false", default=False)
    only_alone = ck.get(data, "only_alone", path, bool, "true or false", default=False)
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
        descriptions=MappingProxyType(lang_map(ck, data.get("descriptions"), f"{path}.descriptions")),
        options=MappingProxyType(dict(options or {})),
        only_alone=bool(only_alone),
    )


def build_variant(data: Any, source: str, lines: dict[str, int] | None = None) -> Variant:
    """Validate plain data (from YAML) and build a :class:`Variant`.

    Raises :class:`RuleFileError` listing every problem found.
    """
    from .patterns import REGISTRY  # the registry of pattern predicates
    from .registry import GAMES, game_kind, load_games, load_plugins

    load_games()  # the game rooms register their patterns, settlement rules and game kinds

    ck = Checker(source, lines or {})
    if not isinstance(data, dict):
        ck.fail("(top)", f"expected a mapping of keys (id, name, patterns...), got {describe(data)}")
        ck.raise_if_any()
    ck.unknown(data, TOP_KEYS | {g.section for g in GAMES.values() if g.section}, "")
    vid = ck.get(data, "id", "", str, "a variant id (text)", required=True)
    name = ck.get(data, "name", "", str, "a name (text)", required=True)
    game = ck.get(data, "game", "", str, " or ".join(GAMES), default="mahjong")
    kind = game_kind(game) if isinstance(game, str) else None
    if kind is None:
        ck.fail("game", f"expected one of {', '.join(GAMES)}, got {game!r}")
    unit = ck.get(data, "unit", "", str, "a unit name such as faan or tai", required=True)
    minimum = ck.get(data, "minimum", "", int, "an integer", required=True)
    limit = ck.get(data, "limit", "", int, "an integer", required=True)
    if isinstance(minimum, int) and isinstance(limit, int) and minimum > limit:
        ck.fail("minimum", f"the minimum {minimum} is above the limit {limit}")

    tiles_data = ck.get(data, "tiles", "", dict, "a mapping (suits, honours, bonus, jokers)", default={})
    tiles = TileSet()
    if tiles_data:
        ck.unknown(tiles_data, {"suits", "honours", "bonus", "jokers", "cards"}, "tiles")
        suits = ck.get(tiles_data, "suits", "tiles", list, "a list of suit letters", default=["m", "p", "s"])
        for i, s in enumerate(suits or []):
            if s not in ("m", "p", "s"):
                ck.fail(f"tiles.suits[{i}]", f"expected m, p or s, got {describe(s)}")
        bonus = ck.get(tiles_data, "bonus", "tiles", list, "a list of bonus families", default=[])
        for i, b in enumerate(bonus or []):
            if b not in BONUS_FAMILIES:
                ck.fail(f"tiles.bonus[{i}]", f"expected one of {', '.join(BONUS_FAMILIES)}, got {describe(b)}")
        honours = ck.get(tiles_data, "honours", "tiles", bool, "true or false", default=True)
        jokers = ck.get(tiles_data, "jokers", "tiles", int, "an integer 0 to 8", default=0)
        if isinstance(jokers, int) and not 0 <= jokers <= 8:
            ck.fail("tiles.jokers", f"expected an integer 0 to 8, got {jokers}")
        tiles = TileSet(
            suits=tuple(s for s in (suits or []) if s in ("m", "p", "s")),
            honours=bool(honours),
            bonus=tuple(b for b in (bonus or []) if b in BONUS_FAMILIES),
            jokers=jokers if isinstance(jokers, int) else 0,
        )

    seats = ck.get(data, "seats", "", list, "a list of winds", default=list(WINDS))
    for i, s in enumerate(seats or []):
        if s not in WINDS:
            ck.fail(f"seats[{i}]", f"expected a wind E S W N, got {describe(s)}")
    rounds = ck.get(data, "rounds", "", list, "a list of winds", default=list(seats or WINDS))
    for i, s in enumerate(rounds or []):
        if s not in WINDS:
            ck.fail(f"rounds[{i}]", f"expected a wind E S W N, got {describe(s)}")

    patterns_data = ck.get(data, "patterns", "", list, "a list of patterns", default=[])
    patterns = []
    seen = set()
    for i, pd in enumerate(patterns_data or []):
        spec = pattern_spec(ck, pd, f"patterns[{i}]", REGISTRY if kind is not None and kind.registry_patterns else None)
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

    payment = ck.get(data, "payment", "", dict, "a mapping", default={})
    if payment:
        ck.unknown(payment, PAYMENT_KEYS, "payment")
        ladder = payment.get("ladder")
        if ladder is not None:
            if not isinstance(ladder, dict) or not ladder:
                ck.fail("payment.ladder", "expected a mapping of value to amount, e.g. {3: 8, 4: 16}")
            else:
                for k, v in ladder.items():
                    if not isinstance(k, int) or isinstance(k, bool) or not isinstance(v, (int, float)) or isinstance(v, bool):
                        ck.fail(f"payment.ladder.{k}", "expected an integer value mapped to a number")
                    elif v < 0:
                        ck.fail(f"payment.ladder.{k}", f"expected an amount 0 or more, got {v}")
        for key in ("discard", "self_drawn", "bao"):
            sub = payment.get(key)
            if sub is not None and not isinstance(sub, dict):
                ck.fail(f"payment.{key}", f"expected a mapping, got {describe(sub)}")
            elif isinstance(sub, dict):
                for k, v in sub.items():
                    if key == "bao":
                        if not isinstance(v, bool):
                            ck.fail(f"payment.{key}.{k}", f"expected true or false, got {describe(v)}")
                    elif not isinstance(v, (int, float)) or isinstance(v, bool):
                        ck.fail(f"payment.{key}.{k}", f"expected a number, got {describe(v)}")
                    elif v < 0:
                        ck.fail(f"payment.{key}.{k}", f"expected a number 0 or more, got {v}")

    settlement = ck.get(data, "settlement", "", list, "a list of settlement rule ids", default=[])
    if settlement:  # the rooms' settle modules load only when named: `mjcli rules hk` starts fast (issue 6)
        from .registry import SETTLEMENT_RULES, load_settlement_rules

        load_settlement_rules()
        if any(sid not in SETTLEMENT_RULES for sid in settlement):
            load_plugins()
    for i, s in enumerate(settlement or []):
        if s not in SETTLEMENT_RULES:
            ck.fail(f"settlement[{i}]", f"unknown settlement rule {s!r}; known: {', '.join(sorted(SETTLEMENT_RULES))}")
    instant = ck.get(data, "instant", "", dict, "a mapping of instant-payment amounts", default={})
    for k, v in (instant or {}).items():
        if not isinstance(v, (int, float)) or isinstance(v, bool):
            ck.fail(f"instant.{k}", f"expected a number, got {describe(v)}")
        elif v < 0:
            ck.fail(f"instant.{k}", f"expected an amount 0 or more, got {v}")
    liability = ck.get(data, "liability", "", list, "a list of text lines", default=[])
    notes = ck.get(data, "notes", "", list, "a list of text lines", default=[])
    for key, items in (("liability", liability), ("notes", notes)):
        for i, t in enumerate(items or []):
            if not isinstance(t, str):
                ck.fail(f"{key}[{i}]", f"expected text, got {describe(t)}")
    names = lang_map(ck, data.get("names"), "names")
    session = check_session(ck, data.get("session"), "session")
    options = check_options(ck, data.get("options", {}), "options")
    extra = {}
    if kind is not None and kind.section:  # the game's own data, checked by its room
        extra = ck.get(data, kind.section, "", dict, kind.section_expected, required=True) or {}
        kind.validate_section(extra, ck)
    ck.raise_if_any()
    return Variant(
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
        source=source,
        extra=MappingProxyType(dict(extra)),
        session=MappingProxyType(session),
        options=MappingProxyType(options),
    )


def check_session(ck: Checker, data, path: str) -> dict:
    """The ``session`` mapping (the deal rules of a ledger that names its players), checked."""
    if data is None:
        return {}
    if not isinstance(data, dict):
        ck.fail(path, f"expected a mapping such as {{drawn_with_kong: pass}}, got {describe(data)}")
        return {}
    ck.unknown(data, SESSION_KEYS, path)
    out = {}
    winner_deals = data.get("deal") == "winner"
    for key, choices in SESSION_KEYS.items():
        if key == "drawn_with_kong" and winner_deals:
            if key in data:
                ck.fail(f"{path}.{key}", "does not apply where the winner deals the next hand (deal: winner, as in "
                                         "my3): after a drawn hand the last player who drew deals, kong or not; "
                                         "leave drawn_with_kong out")
        elif key not in data and key in SESSION_DEFAULTS:
            out[key] = SESSION_DEFAULTS[key]
        elif key not in data:
            ck.fail(f"{path}.{key}", f"missing; expected one of {', '.join(choices)}")
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


def variants_dir() -> Path:
    """The folder of the built-in variant files (inside the installed package)."""
    here = Path(__file__).resolve().parent
    for cand in (here / "variants", here.parent / "variants"):  # installed, then a checkout: no import needed
        if (cand / "hk.yaml").is_file():
            return cand
    try:
        from importlib.resources import files

        path = Path(str(files("mjcli.variants")))
        if (path / "hk.yaml").is_file():
            return path
    except (ImportError, ModuleNotFoundError, TypeError):
        pass
    return Path(__file__).resolve().parent.parent / "variants"


def builtin_ids() -> list[str]:
    """The ids of the built-in variants, in a stable order.

    >>> "hk" in builtin_ids()
    True
    """
    order = ["hk", "sg", "my3", "paohuzi"]
    found = sorted(p.stem for p in variants_dir().glob("*.yaml"))
    return [v for v in order if v in found] + [v for v in found if v not in order]


def _read(path: Path, source: str) -> str:
    try:
        with open(path, "rb") as f:  # at most one byte over the cap: /dev/zero or a runaway file cannot fill memory
            raw = f.read(yamlsafe.MAX_BYTES + 1)
    except OSError as exc:
        raise RuleFileError(f"{source}: cannot read the file ({exc.strerror}); check the path") from None
    if len(raw) > yamlsafe.MAX_BYTES:
        raise RuleFileError(f"{source}: file is larger than {yamlsafe.MAX_BYTES} bytes; a rule file is a few kilobytes")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RuleFileError(f"{source}: not UTF-8 text; save the rule file as UTF-8") from None


def load_data(path: Path, source: str | None = None) -> tuple[Any, dict[str, int]]:
    source = source or str(path)
    return yamlsafe.load(_read(path, source), source)  # libyaml when present: fast enough to need no cache


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
