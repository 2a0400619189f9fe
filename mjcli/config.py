"""The table's settings, once: a config file, the environment, a ledger's header line and the options.

Each setting (:data:`KEYS`) takes its value from the first source that gives it, in this order::

    option > ledger header > environment (MJCLI_VARIANT, ...) > config file > default

The config file is YAML: ``$MJCLI_CONFIG`` when set (set and empty: no config file, for scripts and
tests), else ``$XDG_CONFIG_HOME/mjcli/config.yaml``, else ``~/.config/mjcli/config.yaml``. A missing file
is no config; a file that is there is checked key by key, and a bad value is an error naming the file,
the key and the fix.

    variant: sg                   # hk, sg, my3, paohuzi or a variant file
    rules: house-sg-2-6.yaml      # a house-rule file (a relative path is read from the config's folder)
    ladder: half_spicy            # a payment preset (docs/house-rules.md, "Payment presets")
    stake: 0.5                    # money per unit
    lang: ms                      # en, ms, ta, zh or th
    history: ~/.mjcli_history     # where the hand prompt keeps its history (else in memory only)

The variant and its house rules are chosen together (:func:`choose_variant`): two explicit sources that
disagree (``--rules`` a sg file with ``-v hk``, a ledger header against ``-v``) are an error naming both;
a house-rule file from the environment or the config file that is for another variant than the one in
effect is left out, with a note.
"""

from __future__ import annotations

import itertools
import os
from dataclasses import dataclass, field
from pathlib import Path

from .errors import MjError, RuleFileError
from .i18n import LANGS

KEYS = ("variant", "rules", "ladder", "stake", "lang", "history")
PATH_KEYS = ("rules", "history")  # read relative to the file that names them
ENV = {k: f"MJCLI_{k.upper()}" for k in KEYS}
DEFAULTS = {"variant": "hk", "rules": None, "ladder": None, "stake": None, "lang": "en", "history": None}
SOURCES = ("option", "ledger header", "environment", "config file", "default")
FIX = {
    "variant": "write a variant id ({ids}) or the path of a variant file",  # the ids: variant.builtin_ids
    "rules": "write the path of a house-rule file, e.g. house.yaml",
    "ladder": "write a payment preset name, e.g. half_spicy (`mjcli settle --ladder` Tab-completes them)",
    "stake": "write money per unit as a number above 0, e.g. 0.5",
    "lang": f"write one of {', '.join(LANGS)}",
    "history": "write the path of a file for the prompt's history, e.g. ~/.mjcli_history",
}


class ConfigError(RuleFileError):
    """A bad config file, header line or setting (exit 2, as a bad rule file)."""


@dataclass
class Value:
    value: object
    source: str  # one of SOURCES
    where: str = ""  # the file, variable or option it came from

    def named(self) -> str:
        return self.where or self.source


@dataclass
class Config:
    path: str | None  # the file read, or None
    why: str  # how that file was found, or why there is none
    values: dict = field(default_factory=dict)  # key -> its value as written (paths made absolute)


def config_path() -> tuple[str | None, str]:
    """(the config file to read or None, how it was chosen)."""
    given = os.environ.get("MJCLI_CONFIG")
    if given is not None:
        if not given.strip():
            return None, "MJCLI_CONFIG is set and empty: no config file"
        return os.path.expanduser(given), "named by MJCLI_CONFIG"
    xdg = os.environ.get("XDG_CONFIG_HOME", "").strip()
    if xdg and os.path.isabs(xdg):
        return os.path.join(xdg, "mjcli", "config.yaml"), "$XDG_CONFIG_HOME/mjcli/config.yaml"
    return os.path.join(os.path.expanduser("~"), ".config", "mjcli", "config.yaml"), "~/.config/mjcli/config.yaml"


_CACHE: dict = {}


def load_config() -> Config:
    """The config file in effect, checked (read once per process for the same path)."""
    path, why = config_path()
    if path is None:
        return Config(None, why)
    if path in _CACHE:
        return _CACHE[path]
    p = Path(path)
    if not p.exists():
        if os.environ.get("MJCLI_CONFIG"):
            raise ConfigError(f"{path}: no such config file (named by MJCLI_CONFIG); create it, or set "
                              "MJCLI_CONFIG= (empty) for no config file")
        cfg = Config(None, f"no file at {why}")
        _CACHE[path] = cfg
        return cfg
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        why_not = getattr(exc, "strerror", None) or "not UTF-8 text"
        raise ConfigError(f"{path}: {why_not}; the config file is a small YAML file (or set MJCLI_CONFIG= "
                          "for none)") from None
    from .yamlsafe import load

    data, lines = load(text, path)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: expected keys and values (e.g. `variant: sg`), got a "
                          f"{type(data).__name__}; see `mjcli help config`")
    values = {}
    for key, raw in data.items():
        where = f"{path}: line {lines[str(key)]}: " if str(key) in lines else f"{path}: "
        values[str(key)] = check(str(key), raw, where, base=p.parent)
    cfg = Config(path, why, values)
    _CACHE[path] = cfg
    return cfg


def check(key: str, raw, where: str, base: Path | None = None):
    """A setting's value checked by its type (``where`` starts the message: the file and line, or the source);
    a path made absolute from ``base``; an unknown key gets a did-you-mean."""
    if key not in KEYS:
        import difflib

        near = difflib.get_close_matches(key, KEYS, n=1)
        hint = f" (did you mean {near[0]}?)" if near else ""
        raise ConfigError(f"{where}unknown key {key!r}{hint}; the keys are {', '.join(KEYS)}")
    fix = FIX[key]
    if key == "variant":
        from .variant import builtin_ids

        fix = fix.format(ids=", ".join(builtin_ids()))
    if key == "stake":
        from decimal import Decimal

        if isinstance(raw, bool) or not isinstance(raw, (int, float, str, Decimal)) or isinstance(raw, str) and not raw.strip():
            raise ConfigError(f"{where}stake: expected a number, got {_show(raw)}; {fix}")
        from .money import stake

        try:
            return stake(raw, "stake")
        except MjError as exc:
            raise ConfigError(f"{where}{exc.message}") from None
    if not isinstance(raw, str) or not raw.strip():
        raise ConfigError(f"{where}{key}: expected text, got {_show(raw)}; {fix}")
    value = raw.strip()
    if key == "lang":
        from .safetext import ascii_lower

        if ascii_lower(value) not in LANGS:
            raise ConfigError(f"{where}lang: {value!r} is not a language of mjcli; {fix}")
        return ascii_lower(value)
    if key == "ladder":
        from .presets import check_name

        problem = check_name(value)
        if problem:
            raise ConfigError(f"{where}ladder: {problem}")
        return value
    if key in PATH_KEYS or (key == "variant" and _is_path(value)):
        value = os.path.expanduser(value)
        if base is not None and not os.path.isabs(value):
            value = str(base / value)
        return value
    from .safetext import ascii_lower
    from .variant import builtin_ids

    if ascii_lower(value) not in builtin_ids():
        import difflib

        near = difflib.get_close_matches(ascii_lower(value), builtin_ids(), n=1)
        hint = f" (did you mean {near[0]}?)" if near else ""
        raise ConfigError(f"{where}variant: unknown variant {value!r}{hint}; {fix}")
    return ascii_lower(value)


def _show(raw) -> str:
    if raw is None:
        return "nothing"
    if isinstance(raw, bool):
        return "true/false"
    if isinstance(raw, (list, dict)):
        return "a list" if isinstance(raw, list) else "a mapping"
    return repr(raw)


def _is_path(name: str) -> bool:
    return name.endswith((".yaml", ".yml")) or "/" in name or os.sep in name


def environment(key: str) -> Value | None:
    """A setting from its variable (``MJCLI_VARIANT`` ...), checked; None when unset or empty."""
    var = ENV[key]
    raw = os.environ.get(var)
    if raw is None or not raw.strip():
        return None
    try:
        value = check(key, raw, "")
    except MjError as exc:
        raise ConfigError(f"{var}={raw}: {exc.message} (or unset {var})") from None
    return Value(value, "environment", var)


def layers(key: str, option=None, header: dict | None = None, header_where: str = ""):
    """Every source that gives ``key``, highest first, the default last: a generator, so that a bad value in
    a source below the one in effect is never read (``-v hk`` with ``MJCLI_VARIANT=nope`` plays hk)."""
    if option is not None:
        yield Value(option, "option", f"--{key}" if key != "variant" else "-v")
    if header and header.get(key) is not None:
        yield Value(header[key], "ledger header", header_where)
    env = environment(key)
    if env is not None:
        yield env
    cfg = load_config()
    if key in cfg.values:
        yield Value(cfg.values[key], "config file", cfg.path or "")
    if DEFAULTS[key] is not None:
        yield Value(DEFAULTS[key], "default")


def setting(key: str, option=None, header: dict | None = None, header_where: str = "") -> Value:
    """The value of ``key`` in effect and where it came from (the default when no source gives it)."""
    return next(layers(key, option, header, header_where), None) or Value(None, "default")


def _base(v) -> str:
    """The built-in variant a loaded variant plays (a house file's ``extends``, else its own id)."""
    return (v.extra.get("extends") if v.extra else None) or v.id


def choose_variant(option_variant=None, option_rules=None, header: dict | None = None, header_where: str = "",
                   notes: list | None = None, *, load):
    """(the variant in effect, how it was chosen: {"variant": Value, "rules": Value or None}).

    ``-v FILE.yaml`` counts as the rules of the option layer. ``notes`` collects what was left out.
    ``load(name, rules_file)`` loads a variant (:func:`mjcli.house.load_named`; :func:`mjcli.api.load_variant`
    calls this one when given neither)."""
    load_variant = load

    from .safetext import ascii_lower

    notes = notes if notes is not None else []
    if option_variant is not None and _is_path(option_variant):
        if option_rules is not None:
            raise ConfigError(f"-v {option_variant} and --rules {option_rules} both name a rule file; give one")
        option_rules, option_variant = option_variant, None
    elif option_variant is not None:
        option_variant = ascii_lower(option_variant)
    if header and header.get("variant") and _is_path(header["variant"]) and not header.get("rules"):
        header = dict(header, rules=header["variant"], variant=None)
    rank = {s: i for i, s in enumerate(SOURCES)}
    v_all = layers("variant", option_variant, header, header_where)
    variant = next(v_all)
    path_rules = None
    if variant.source != "default" and _is_path(str(variant.value)):  # a variant file (environment, config):
        path_rules, variant = variant, Value(DEFAULTS["variant"], "default")  # read as that source's rules
    if option_variant is not None and header and header.get("variant"):  # both explicit, both name the table
        _agree([Value(option_variant, "option", "-v"), Value(header["variant"], "ledger header", header_where)],
               "variant")
    if option_rules is not None and header and header.get("rules"):
        _agree([Value(option_rules, "option", "--rules"), Value(header["rules"], "ledger header", header_where)],
               "rules")
    r_all = [x for x in [path_rules] if x is not None]
    r_all = itertools.chain(r_all, layers("rules", option_rules, header, header_where))
    for rules in r_all:
        try:
            v = load_variant(None, rules.value)
        except MjError as exc:
            if rules.source == "environment":
                raise ConfigError(f"{rules.where}={rules.value}: {exc.message} (or unset {rules.where})") from None
            if rules.source == "config file":
                raise ConfigError(f"{rules.where}: rules: {exc.message}") from None
            raise
        base = _base(v)
        if variant.source == "default" or base == variant.value:
            chosen = Value(v.id, rules.source, rules.where) if variant.source == "default" else variant
            return v, {"variant": chosen, "rules": rules}
        explicit = ("option", "ledger header")
        if (rules.source in explicit and variant.source in explicit) or \
                (rules.source == variant.source and rules.source != "config file"):
            raise ConfigError(f"{_say(rules)} is a {base} house-rule file but {_say(variant, 'variant')}: they "
                              f"disagree; give one of them (or a {variant.value} house-rule file)")
        if rank[rules.source] < rank[variant.source]:  # the rules are higher: the lower variant gives way
            return v, {"variant": Value(v.id, rules.source, rules.where), "rules": rules}
        notes.append(f"{_say(rules)} is for {base}, not {variant.value} ({_say(variant, 'variant')}): "
                     "left out")
    try:
        v = load_variant(DEFAULTS["variant"] if variant.value is None else variant.value)  # -v "": unknown
    except MjError as exc:
        if variant.source == "environment":
            raise ConfigError(f"{variant.where}={variant.value}: {exc.message} (or unset {variant.where})") from None
        raise
    return v, {"variant": variant, "rules": None}


def _say(x: Value, key: str = "rules") -> str:
    """A source in words: ``--rules FILE``, ``-v hk``, ``the ledger header's variant sg``..."""
    if x.source == "option":
        return f"{'--rules' if key == 'rules' else '-v'} {x.value}"
    if x.source == "ledger header":
        return f"the ledger header ({x.where}) {key} {x.value}"
    if x.source == "environment":
        return f"{x.where}={x.value}"
    if x.source == "config file":
        return f"the config file's {key} {x.value} ({x.where})"
    return f"the default {key} {x.value}"


def _agree(found: list[Value], key: str) -> None:
    """An option and a ledger header that name different variants (or rule files): an error naming both."""
    opt = next((x for x in found if x.source == "option"), None)
    head = next((x for x in found if x.source == "ledger header"), None)
    if opt is None or head is None:
        return
    same = (os.path.realpath(str(opt.value)) == os.path.realpath(str(head.value)) if key == "rules"
            else opt.value == head.value)
    if not same:
        raise ConfigError(f"{_say(head, key)} but {_say(opt, key)}: they disagree; leave out the option "
                          "or fix the header line")
