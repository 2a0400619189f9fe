"""House-rule files: a built-in variant plus what one table changes.

A house-rule file is a small YAML mapping::

    extends: hk                 # required: a built-in variant id
    id: hk-full-spicy           # optional (default: the file name without .yaml)
    name: Our table             # optional; names: {zh: ...} too
    minimum: 1                  # optional
    limit: 10                   # optional
    values: {ping_wu: 2}        # pattern id -> new value (or the word limit)
    disable: [no_flowers]       # pattern ids this table does not play
    add:                        # patterns from the registry, written in full
      - {id: ..., name: ..., value: ...}
    payment:
      preset: full_spicy        # a preset name (or a list, applied in order)
      ladder: {1: 2, 2: 4}      # replaces the ladder whole
      linear: 2                 # base = value x 2 instead of a ladder
      discard: {shooter: 1, others: 0}
      self_drawn: {each: 0.5}
      bao: {on_discard: false, on_self_drawn: true}
      robbed_kong: self_drawn_total   # or discard
      stake: 0.5                # money per unit; settle --stake overrides it
    instant: {concealed_kong: 4}      # amounts of the base's instant payments
    session: {drawn_with_kong: pass}  # who deals after a drawn hand with a kong (keep or pass; not with
                                      # deal: winner, my3's rule that the winner deals next)
    options: {fei_fifth_copy: true}   # switches the base variant has (``options:`` in its file)
    liability: [text...]        # replace the base's lines when given
    notes: [text...]            # replace the base's lines when given

Every problem is reported with the file, the key and the line; unknown keys
are errors. The merged data then goes through the same checks as a built-in
variant (:func:`mjcli.variant.build_variant`).
"""

from __future__ import annotations

import math
import os
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from .errors import SettleError
from .variant import Checker as _Checker, describe as _describe, lang_map as _lang_map, pattern_spec as _pattern, build_variant, builtin_ids, check_options, check_session, load_data, variants_dir

HOUSE_KEYS = {"extends", "id", "name", "names", "description", "minimum", "limit", "values", "disable", "add",
              "payment", "instant", "liability", "notes", "session", "options"}
HOUSE_PAYMENT_KEYS = {"preset", "ladder", "linear", "discard", "self_drawn", "bao", "robbed_kong", "stake"}
SUBKEYS = {"discard": ("shooter", "others"), "self_drawn": ("each",), "bao": ("on_discard", "on_self_drawn")}
ROBBED_KONG = ("self_drawn_total", "discard")


def _number(v) -> bool:
    """A finite int or float (not a bool, not nan or inf)."""
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def check_house(data, source: str, lines: dict[str, int]) -> tuple[dict, dict]:
    """Validate a house-rule mapping; return (the base variant's raw data, the merged raw data).

    Raises :class:`RuleFileError` listing every problem, each with key and line.
    """
    ck = _Checker(source, lines)
    if not isinstance(data, dict):
        ck.fail("(top)", f"expected a mapping starting with `extends: VARIANT`, got {_describe(data)}")
        ck.raise_if_any()
    ck.unknown(data, HOUSE_KEYS, "")
    base_id = ck.get(data, "extends", "", str, f"a built-in variant id ({', '.join(builtin_ids())})", required=True)
    if base_id is not None and base_id not in builtin_ids():
        ck.fail("extends", f"unknown variant {base_id!r}; choose one of: {', '.join(builtin_ids())}")
        base_id = None
    if base_id is None:
        ck.raise_if_any()
    base, _ = load_data(variants_dir() / f"{base_id}.yaml", f"{base_id}.yaml")
    merged = {k: v for k, v in base.items()}
    by_id = {p.get("id"): p for p in base.get("patterns") or [] if isinstance(p, dict)}

    stem = Path(source).stem
    merged["id"] = ck.get(data, "id", "", str, "a table id (text)", default=stem) or stem
    merged["name"] = ck.get(data, "name", "", str, "a name (text)", default=f"{base.get('name')}, house rules")
    if "names" in data:
        merged["names"] = _lang_map(ck, data["names"], "names")
    ck.get(data, "description", "", str, "text", default="")
    for key in ("minimum", "limit"):
        val = ck.get(data, key, "", int, "an integer", default=None)
        if isinstance(val, int):
            if val < 0:
                ck.fail(key, f"expected an integer 0 or more, got {val}")
            merged[key] = val
    if isinstance(merged.get("minimum"), int) and isinstance(merged.get("limit"), int) \
            and merged["minimum"] > merged["limit"]:
        where = "minimum" if "minimum" in data else "limit"
        ck.fail(where, f"the minimum {merged['minimum']} is above the limit {merged['limit']}")

    patterns = [dict(p) if isinstance(p, dict) else p for p in base.get("patterns") or []]
    disable = ck.get(data, "disable", "", list, "a list of pattern ids", default=[]) or []
    off = set()
    for i, pid in enumerate(disable):
        if not isinstance(pid, str) or pid not in by_id:
            ck.fail(f"disable[{i}]", f"{_describe(pid)} is not a pattern of {base_id}{_near(pid, by_id)}; "
                                     f"`mjcli rules {base_id}` lists its ids")
        else:
            off.add(pid)
    values = ck.get(data, "values", "", dict, "a mapping of pattern id to value", default={}) or {}
    for pid, val in values.items():
        path = f"values.{pid}"
        if pid not in by_id:
            ck.fail(path, f"{pid!r} is not a pattern of {base_id}{_near(pid, by_id)}; "
                          "to play a registered pattern, add it under add:")
        elif pid in off:
            ck.fail(path, f"{pid!r} is also under disable; keep one")
        elif val == "limit":
            for p in patterns:
                if p.get("id") == pid:
                    p["limit"] = True
                    p.pop("value", None)
        elif isinstance(val, int) and not isinstance(val, bool) and val < 0:
            ck.fail(path, f"expected an integer 0 or more or the word limit, got {val}; a pattern never takes "
                          "points away (to stop playing it, list it under disable:)")
        elif isinstance(val, int) and not isinstance(val, bool):
            for p in patterns:
                if p.get("id") == pid:
                    p["value"] = val
                    p["limit"] = False
        else:
            ck.fail(path, f"expected an integer or the word limit, got {_describe(val)}")
    patterns = [p for p in patterns if not (isinstance(p, dict) and p.get("id") in off)]
    for p in patterns:
        if isinstance(p, dict) and p.get("replaces"):
            p["replaces"] = [r for r in p["replaces"] if r not in off]
    from .patterns import REGISTRY

    add = ck.get(data, "add", "", list, "a list of patterns (id, name, value...)", default=[]) or []
    added: dict[str, int] = {}  # id -> its first add[] index
    for i, entry in enumerate(add):
        spec = _pattern(ck, entry, f"add[{i}]", REGISTRY)
        if spec is None:
            continue
        if spec.id in by_id:
            ck.fail(f"add[{i}].id", f"{spec.id!r} is already a pattern of {base_id}; change its value under values:")
            continue
        if spec.id in added:  # named as written, with its line (not the merged table's patterns[N])
            ck.fail(f"add[{i}].id", f"{spec.id!r} is added twice (first as add[{added[spec.id]}]); keep one")
            continue
        added[spec.id] = i
        known = {p.get("id") for p in patterns if isinstance(p, dict)} | {e.get("id") for e in add[:i] if isinstance(e, dict)}
        for r in spec.replaces:
            if r not in known and r not in {e.get("id") for e in add if isinstance(e, dict)}:
                ck.fail(f"add[{i}].replaces", f"{r!r} is not a pattern of this table")
        patterns.append(entry)
    merged["patterns"] = patterns

    merged["payment"] = _payment(ck, data, dict(base.get("payment") or {}), base_id)
    ladder = merged["payment"].get("ladder")
    minimum = merged.get("minimum")
    if isinstance(ladder, dict) and ladder and "linear" not in merged["payment"] and isinstance(minimum, int) \
            and all(isinstance(k, int) for k in ladder) and minimum < min(ladder):
        where = "minimum" if "minimum" in data else "payment.ladder"
        ck.fail(where, f"the minimum is {minimum} but the ladder starts at {min(ladder)}: a {minimum}-"
                       f"{merged.get('unit', '')} win would pay nothing; add ladder rows down to {minimum} "
                       "or choose a preset that has them")

    instant = ck.get(data, "instant", "", dict, "a mapping of instant-payment amounts", default=None)
    if instant:
        have = dict(base.get("instant") or {})
        for k, v in instant.items():
            if k not in have:
                choices = ", ".join(have) if have else "none: it has no instant payments"
                ck.fail(f"instant.{k}", f"{base_id} has no instant payment {k!r}; its instant payments: {choices}")
            elif not _number(v):
                ck.fail(f"instant.{k}", f"expected a number, got {_describe(v)}")
            elif v < 0:
                ck.fail(f"instant.{k}", f"expected an amount 0 or more, got {v}")
            else:
                have[k] = v
        merged["instant"] = have
    if "session" in data:
        session = data["session"]
        if not base.get("session"):
            ck.fail("session", f"{base_id} has no session rules to change (its ledgers name seats, not players); "
                               "leave session out")
        elif isinstance(session, dict):  # only what the table changes; the rest is the base's
            merged["session"] = {**base["session"], **session}
            if session.get("deal") == "winner" and "drawn_with_kong" not in session:
                merged["session"].pop("drawn_with_kong", None)  # the base's switch is for a rotating deal
            check_session(ck, merged["session"], "session")
        else:
            check_session(ck, session, "session")
    if "options" in data:
        have = dict(base.get("options") or {})
        opts = data["options"]
        if isinstance(opts, dict):
            for k in opts:
                if k not in have:
                    choices = ", ".join(have) if have else "none"
                    ck.fail(f"options.{k}", f"{base_id} has no option {k!r}; its options: {choices}")
            opts = {k: v for k, v in opts.items() if k in have}
        have.update(check_options(ck, opts, "options", have))
        merged["options"] = have
    for key in ("liability", "notes"):
        items = ck.get(data, key, "", list, "a list of text lines", default=None)
        if items is not None:
            for i, t in enumerate(items):
                if not isinstance(t, str):
                    ck.fail(f"{key}[{i}]", f"expected text, got {_describe(t)}")
            merged[key] = items
    ck.problems.sort(key=_line_of)  # report in file order
    ck.raise_if_any()
    return base, merged


def _line_of(problem: str) -> int:
    _, sep, rest = problem.partition(" (line ")
    return int(rest.split(")")[0]) if sep and rest.split(")")[0].isdigit() else 0


def _near(word, choices) -> str:
    """ ' (did you mean x?)' when a choice is close to ``word``."""
    import difflib

    close = difflib.get_close_matches(str(word), list(choices), n=1)
    return f" (did you mean {close[0]}?)" if close else ""


def _payment(ck: _Checker, data: dict, pay: dict, base_id: str) -> dict:
    from .presets import apply_preset

    house = ck.get(data, "payment", "", dict, "a mapping (preset, ladder, discard...)", default=None)
    if not house:
        return pay
    ck.unknown(house, HOUSE_PAYMENT_KEYS, "payment")
    names = house.get("preset")
    if names is not None:
        listed = names if isinstance(names, list) else [names]
        for i, name in enumerate(listed):
            path = "payment.preset" + (f"[{i}]" if isinstance(names, list) else "")
            if not isinstance(name, str):
                ck.fail(path, f"expected a preset name, got {_describe(name)}")
                continue
            try:
                pay = apply_preset(pay, name, base_id)
            except SettleError as exc:
                ck.fail(path, exc.message)
    ladder = house.get("ladder")
    if ladder is not None:
        if not isinstance(ladder, dict) or not ladder:
            ck.fail("payment.ladder", "expected a mapping of value to amount, e.g. {3: 8, 4: 16}")
        else:
            bad = [k for k, v in ladder.items() if not isinstance(k, int) or isinstance(k, bool) or not _number(v)]
            for k in bad:
                ck.fail(f"payment.ladder.{k}", "expected an integer value mapped to a number")
            for k, v in ladder.items():
                if k not in bad and v < 0:
                    ck.fail(f"payment.ladder.{k}", f"expected an amount 0 or more, got {v}; a loser never receives "
                                                   "money for losing")
                    bad.append(k)
            if not bad:
                pay["ladder"] = dict(ladder)
                pay.pop("linear", None)
                pay["ladder_name"] = "house ladder"
    if "linear" in house:
        if not _number(house["linear"]) or house["linear"] <= 0:
            ck.fail("payment.linear", f"expected a number above 0 (base = value x linear), got {_describe(house['linear'])}")
        elif ladder is not None:
            ck.fail("payment.linear", "give ladder or linear, not both")
        else:
            pay["linear"] = house["linear"]
            pay.pop("ladder", None)
            pay.pop("ladder_name", None)
    for key, subkeys in SUBKEYS.items():
        sub = house.get(key)
        if sub is None:
            continue
        if not isinstance(sub, dict):
            ck.fail(f"payment.{key}", f"expected a mapping ({', '.join(subkeys)}), got {_describe(sub)}")
            continue
        ck.unknown(sub, set(subkeys), f"payment.{key}")
        merged = dict(pay.get(key) or {})
        for k, v in sub.items():
            if k not in subkeys:
                continue
            if key == "bao" and not isinstance(v, bool):
                ck.fail(f"payment.{key}.{k}", f"expected true or false, got {_describe(v)}")
            elif key != "bao" and (not _number(v) or v < 0):
                ck.fail(f"payment.{key}.{k}", f"expected a number 0 or more, got {_describe(v)}")
            else:
                merged[k] = v
        pay[key] = merged
    if "robbed_kong" in house:
        if house["robbed_kong"] not in ROBBED_KONG:
            ck.fail("payment.robbed_kong", f"expected one of {', '.join(ROBBED_KONG)}, got {_describe(house['robbed_kong'])}")
        else:
            pay["robbed_kong"] = house["robbed_kong"]
    if "stake" in house:
        from .errors import MjError
        from .money import stake

        if not _number(house["stake"]):
            ck.fail("payment.stake", f"expected a number above 0 (money per unit), got {_describe(house['stake'])}")
        else:
            try:  # exact, as written: a decimal above 0, at most 1e12, at most four decimal places
                pay["stake"] = stake(house["stake"], "the stake")
            except MjError as exc:
                ck.fail("payment.stake", exc.message)
    return pay


def load_rules_file(path: str | os.PathLike):
    """Load a house-rule file into a :class:`~mjcli.variant.Variant`.

    >>> v = load_rules_file(Path(__file__).resolve().parent.parent / "examples" / "house-hk-full-spicy.yaml")
    >>> v.id, v.minimum, v.payment["ladder"][5]
    ('hk-full-spicy', 1, 32)
    """
    source = str(path)
    data, lines = load_data(Path(path), source)
    _, merged = check_house(data, source, lines)
    base_id = data["extends"]
    v = build_variant(merged, f"{source} (with {base_id}.yaml)", {})
    if v.game == "mahjong":
        v = replace(v, extra=MappingProxyType({**dict(v.extra), "extends": base_id, "house_file": source}))
    return v


__all__ = ["load_rules_file", "check_house", "HOUSE_KEYS", "HOUSE_PAYMENT_KEYS"]
