"""The ``paohuzi:`` section of a variant file: checked, then read into a :class:`Config`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ...i18n import LANGS as NAME_LANGS

# the group kinds, in the order the rules table prints them; public (JSON `kind`)
KINDS = ("ti", "pao", "wei", "kan", "peng", "run_123", "run_2710", "run", "mixed", "pair")
TERMS = ("huxi", "tun", "heavenly")
SECTION_KEYS = {"groups", "tun", "heavenly", "terms"}


def _nonneg_int(ck, data, key, path, required=True, minimum=0):
    """An integer from ``minimum`` to the core's :data:`~mjcli.variant.MAX_VALUE` (None after a problem)."""
    from ...variant import MAX_VALUE

    return ck.integer(data, key, path, minimum, MAX_VALUE, required=required, default=... if required else None)


def _names(ck, data, path, example="{en: Ti, th: ไท, zh: 提}"):
    if data is None:
        return
    if not isinstance(data, dict):
        ck.fail(path, f"expected a mapping of language code to text, e.g. {example}")
        return
    from ...variant import LINE_BREAK

    for k, v in data.items():
        if k not in NAME_LANGS:
            ck.fail(f"{path}.{k}", f"unknown language; expected one of {', '.join(NAME_LANGS)}")
        elif not isinstance(v, str):
            ck.fail(f"{path}.{k}", "expected text")
        elif LINE_BREAK.search(v):  # a name heads a table row and titles the sheet
            ck.fail(f"{path}.{k}", "expected text on one line, got a line break in it")


def validate_section(data, ck) -> None:
    """Check the ``paohuzi:`` section (huxi table, tun ladder, heavenly win, names); problems go to ``ck``."""
    if not isinstance(data, dict):
        return  # the caller already reported the wrong type
    ck.unknown(data, SECTION_KEYS, "paohuzi")
    groups = ck.get(data, "groups", "paohuzi", dict, "a mapping of group kind to {small, big}", required=True)
    if isinstance(groups, dict):
        ck.unknown(groups, set(KINDS), "paohuzi.groups")
        for kind in KINDS:
            path = f"paohuzi.groups.{kind}"
            row = groups.get(kind)
            if row is None:
                ck.fail(path, "missing; expected {small: N, big: N} (huxi of the group, small and big)")
                continue
            if not isinstance(row, dict):
                ck.fail(path, "expected a mapping {small: N, big: N}")
                continue
            ck.unknown(row, {"small", "big", "names", "description", "descriptions"}, path)
            _nonneg_int(ck, row, "small", path)
            _nonneg_int(ck, row, "big", path)
            _names(ck, row.get("names"), f"{path}.names")
            if "description" in row and not isinstance(row["description"], str):
                ck.fail(f"{path}.description", "expected text")
            # the description in other languages, as a pattern's `descriptions`: one line each
            _names(ck, row.get("descriptions"), f"{path}.descriptions", "{th: ..., zh: ...}")
    tun = ck.get(data, "tun", "paohuzi", dict, "a mapping {first: 1, step: 3}", required=True)
    if isinstance(tun, dict):
        ck.unknown(tun, {"first", "step"}, "paohuzi.tun")
        _nonneg_int(ck, tun, "first", "paohuzi.tun", minimum=1)
        _nonneg_int(ck, tun, "step", "paohuzi.tun", minimum=1)
    heavenly = ck.get(data, "heavenly", "paohuzi", dict, "a mapping {ti: 3, kan: 5}", required=True)
    if isinstance(heavenly, dict):
        ck.unknown(heavenly, {"ti", "kan"}, "paohuzi.heavenly")
        _nonneg_int(ck, heavenly, "ti", "paohuzi.heavenly", minimum=1)
        _nonneg_int(ck, heavenly, "kan", "paohuzi.heavenly", minimum=1)
    terms = ck.get(data, "terms", "paohuzi", dict, "a mapping of term to names", default={})
    if isinstance(terms, dict):
        ck.unknown(terms, set(TERMS), "paohuzi.terms")
        for t, names in terms.items():
            if t in TERMS:
                _names(ck, names, f"paohuzi.terms.{t}")


@dataclass(frozen=True)
class Config:
    """The numbers of one variant, ready for the scorer."""

    huxi: Mapping[str, tuple[int, int]]  # kind -> (small, big)
    minimum: int
    limit: int
    tun_first: int
    tun_step: int
    heavenly_ti: int
    heavenly_kan: int

    def group_huxi(self, kind: str, size: int) -> int:
        return self.huxi[kind][size]

    def tun(self, huxi: int) -> int:
        """tun for a huxi total; 0 below the minimum.

        >>> from mjcli.variant import load_builtin
        >>> c = config(load_builtin("paohuzi"))
        >>> [c.tun(h) for h in (14, 15, 17, 18, 20, 21)]
        [0, 1, 1, 2, 2, 3]
        """
        if huxi < self.minimum:
            return 0
        return self.tun_first + (huxi - self.minimum) // self.tun_step


_CACHE: dict[int, tuple[object, Config]] = {}


def config(variant) -> Config:
    """The variant's :class:`Config` (built once per variant object)."""
    hit = _CACHE.get(id(variant))
    if hit is not None and hit[0] is variant:
        return hit[1]
    if len(_CACHE) > 64:
        _CACHE.clear()
    cfg = _build(variant)
    _CACHE[id(variant)] = (variant, cfg)
    return cfg


def tun_of(variant, huxi: int) -> int:
    """The tun a huxi total is paid as (0 below the minimum): the game kind's ``paid_value``, declared from here
    (below the payment table that asks it).

    >>> from mjcli.variant import load_builtin
    >>> tun_of(load_builtin("paohuzi"), 21)
    3
    """
    return config(variant).tun(huxi)


def _build(variant) -> Config:
    sec = variant.extra
    groups = sec["groups"]
    return Config(
        huxi={k: (groups[k]["small"], groups[k]["big"]) for k in KINDS},
        minimum=variant.minimum,
        limit=variant.limit,
        tun_first=sec["tun"]["first"],
        tun_step=sec["tun"]["step"],
        heavenly_ti=sec["heavenly"]["ti"],
        heavenly_kan=sec["heavenly"]["kan"],
    )


def names(variant, kind: str) -> dict:
    """The names of a group kind, by language."""
    return dict(variant.extra["groups"][kind].get("names") or {})


def description(variant, kind: str, lang: str) -> str:
    """A group kind's description in ``lang`` (its ``descriptions``), else the English ``description``."""
    row = variant.extra["groups"][kind]
    return (row.get("descriptions") or {}).get(lang) or row.get("description", "")


def term(variant, key: str, lang: str) -> str:
    names = (variant.extra.get("terms") or {}).get(key) or {}
    return names.get(lang) or names.get("en") or key
