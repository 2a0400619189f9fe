"""The ``mcr:`` section of the Chinese Official variant file: the principles as data, checked.

``principles`` maps a fan id to ``implies`` (fans it always contains: the non-repeat principle),
``excludes`` (fans the rule book says not to count with it: the exclusionary principle) and
``set_excludes`` (fans the sets that make it do not count for again: the account-once principle, applied
by the engine step of :mod:`.fans`, listed here for the reader). Every name must be a fan of the table.
"""

from __future__ import annotations

KEYS = ("implies", "excludes", "set_excludes")


def check(data, ck) -> None:
    """Every problem of the section through the checker ``ck``, one line each."""
    from .patterns import FANS

    known = set(FANS) | {"flower_tiles"}
    ck.unknown(data, {"principles"}, "mcr")
    table = data.get("principles", {})
    if not isinstance(table, dict):
        ck.fail("mcr.principles", "expected a mapping of fan id to implies/excludes lists")
        return
    for fan, spec in table.items():
        where = f"mcr.principles.{fan}"
        if not isinstance(fan, str) or fan not in known:
            ck.fail(where, f"{fan!r} is not a fan of the table; use a fan id of variants/mcr.yaml")
            continue
        if not isinstance(spec, dict):
            ck.fail(where, "expected a mapping (implies, excludes, set_excludes)")
            continue
        ck.unknown(spec, set(KEYS), where)
        for key in KEYS:
            names = spec.get(key, [])
            if not isinstance(names, list) or any(not isinstance(n, str) or n not in known for n in names):
                ck.fail(f"{where}.{key}", "expected a list of fan ids of the table")
