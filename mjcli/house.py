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

import os
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from .errors import SettleError
from .variant import Checker as _Checker, describe as _describe, lang_map as _lang_map, pattern_spec as _pattern, build_variant, builtin_ids, check_options, check_session, load_data, variants_dir
from .variant import LINE_BREAK, MAX_VALUE, PAYMENT_SUBKEYS as SUBKEYS, _amount, check_payment, ladder_start_above, payment_keys, reserved_id
from .variant import WINDS, shown_number as _shown

HOUSE_KEYS = {"extends", "id", "name", "names", "description", "minimum", "limit", "values", "disable", "add",
              "payment", "instant", "liability", "notes", "session", "options", "wording"}
HOUSE_PAYMENT_KEYS = payment_keys("h")


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
    _merge_names(ck, data, base, merged, source)
    off = _merge_patterns(ck, data, base, base_id, merged)
    merged["payment"] = _payment(ck, data, dict(base.get("payment") or {}), base_id)
    if off and isinstance(merged["payment"].get("paid_as_self_drawn"), list):  # a pattern not played is paid no way
        merged["payment"]["paid_as_self_drawn"] = [p for p in merged["payment"]["paid_as_self_drawn"] if p not in off]
    minimum = merged.get("minimum")
    start = ladder_start_above(merged["payment"], minimum)
    if start is not None:
        where = "minimum" if "minimum" in data else "payment.ladder"
        ck.fail(where, f"the minimum is {minimum} but the ladder starts at {start}: a {minimum}-"
                       f"{merged.get('unit', '')} win would pay nothing; add ladder rows down to {minimum} "
                       "or choose a preset that has them")
    _merge_rest(ck, data, base, base_id, merged)
    ck.problems.sort(key=_line_of)  # report in file order
    ck.raise_if_any()
    return base, merged


def _merge_names(ck: _Checker, data: dict, base: dict, merged: dict, source: str) -> None:
    """The file's id, name, names, description, minimum and limit, checked, into ``merged``."""
    stem = Path(source).stem
    stem = LINE_BREAK.sub(" ", stem).strip() or "house"
    if stem.lower() in builtin_ids():  # a house file called hk.yaml: its records must not pass for the built-in hk
        stem += "-house"
    merged["id"] = ck.text(data, "id", "", "a table id (text)", default=stem) or stem
    if isinstance(data.get("id"), str) and data["id"].strip().lower() in builtin_ids():
        ck.fail("id", reserved_id(data["id"]))
    merged["name"] = ck.text(data, "name", "", "a name (text)", default=f"{base.get('name')}, house rules")
    if "names" in data:
        merged["names"] = _lang_map(ck, data["names"], "names")
    ck.get(data, "description", "", str, "text", default="")
    for key in ("minimum", "limit"):
        val = ck.get(data, key, "", int, "an integer", default=None)
        if isinstance(val, int):
            if not 0 <= val <= MAX_VALUE:
                ck.fail(key, f"expected an integer 0 to {MAX_VALUE}, got {_shown(val)}")
            merged[key] = val
    if isinstance(merged.get("minimum"), int) and isinstance(merged.get("limit"), int) \
            and merged["minimum"] > merged["limit"]:
        where = "minimum" if "minimum" in data else "limit"
        ck.fail(where, f"the minimum {merged['minimum']} is above the limit {merged['limit']}")



def _merge_patterns(ck: _Checker, data: dict, base: dict, base_id: str, merged: dict) -> set:
    """The base's patterns with the file's ``disable``, ``values`` and ``add`` applied, into ``merged``;
    returns the ids disabled."""
    by_id = {p.get("id"): p for p in base.get("patterns") or [] if isinstance(p, dict)}
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
            ck.fail(path, f"expected an integer 0 or more or the word limit, got {_shown(val)}; a pattern never "
                          "takes points away (to stop playing it, list it under disable:)")
        elif isinstance(val, int) and not isinstance(val, bool) and val > MAX_VALUE:
            ck.fail(path, f"expected an integer 0 to {MAX_VALUE} or the word limit, got {_shown(val)}")
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
    from .mahjong.patterns import REGISTRY

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

    return off


def _merge_rest(ck: _Checker, data: dict, base: dict, base_id: str, merged: dict) -> None:
    """The file's ``instant``, ``session``, ``options``, ``liability``, ``notes`` and ``wording``, checked, into
    ``merged`` (a language's ``wording`` replaces the base's for that language; the variant's checker checks it)."""
    wording = data.get("wording")
    if wording is not None:
        merged["wording"] = {**(base.get("wording") or {}), **wording} if isinstance(wording, dict) else wording
    instant = ck.get(data, "instant", "", dict, "a mapping of instant-payment amounts", default=None)
    if instant:
        have = dict(base.get("instant") or {})
        for k, v in instant.items():
            if k not in have:
                choices = ", ".join(have) if have else "none: it has no instant payments"
                ck.fail(f"instant.{k}", f"{base_id} has no instant payment {k!r}; its instant payments: {choices}")
            elif _amount(ck, f"instant.{k}", v):
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
            if session.get("deal") == "winner" and "seat_change" not in session:
                merged["session"].pop("seat_change", None)  # and its seat changes for rounds the first dealer ends
            check_session(ck, merged["session"], "session", base.get("seats") or WINDS)
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


def _line_of(problem: str) -> int:
    _, sep, rest = problem.partition(" (line ")
    return int(rest.split(")")[0]) if sep and rest.split(")")[0].isdigit() else 0


def _near(word, choices) -> str:
    """ ' (did you mean x?)' when a choice is close to ``word``."""
    import difflib

    close = difflib.get_close_matches(str(word), list(choices), n=1)
    return f" (did you mean {close[0]}?)" if close else ""


def _payment(ck: _Checker, data: dict, pay: dict, base_id: str) -> dict:
    """The base's payment section with the file's ``payment:`` applied: its presets in order, then its own keys
    (each checked as in any variant file, :func:`mjcli.variant.check_payment`)."""
    from .presets import apply_preset

    house = ck.get(data, "payment", "", dict, "a mapping (preset, ladder, discard...)", default=None)
    if not house:
        return pay
    before = len(ck.problems)
    check_payment(ck, house, "payment", keys=HOUSE_PAYMENT_KEYS, required=False)
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
    if len(ck.problems) > before:  # the file is refused: nothing more to merge
        return pay
    if "ladder" in house:
        pay["ladder"] = dict(house["ladder"])
        pay.pop("linear", None)
        pay.pop("fixed", None)  # the fixed part of a linear base goes with it
        pay["ladder_name"] = "house ladder"
    if "linear" in house:
        pay["linear"] = house["linear"]
        pay.pop("ladder", None)
        pay.pop("ladder_name", None)
    for key in SUBKEYS:
        if key in house:
            pay[key] = {**(pay.get(key) or {}), **house[key]}
    if "robbed_kong" in house:
        pay["robbed_kong"] = house["robbed_kong"]
    if "stake" in house:
        from .money import stake

        pay["stake"] = stake(house["stake"], "the stake")  # exact, as written (checked above)
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
    from .registry import game_kind

    if game_kind(v.game).section is None:  # a game's own section is its extra: the house file adds nothing to it
        v = replace(v, extra=MappingProxyType({**dict(v.extra), "extends": base_id, "house_file": source}))
    return v


def load_named(name: str | None = None, rules_file: str | os.PathLike | None = None):
    """The variant a name gives: a rule file when given (or when ``name`` is a path to one), else a built-in id.

    A rule file either extends a built-in variant (``extends: hk``: a house-rule file, :func:`load_rules_file`)
    or is a whole variant written in YAML alone, from the registered patterns and settlement rules (it has
    ``patterns`` and no ``extends``). Kept here, below :mod:`mjcli.config`, which is handed this function to load
    the variant it chooses (:func:`mjcli.api.load_variant` adds the choice when no name is given).
    """
    from .variant import load_builtin

    if rules_file is None:
        if not _is_path(name):  # a built-in id in either case (-v HK, MJCLI_VARIANT=SG), ASCII only
            from .safetext import ascii_lower

            return load_builtin(ascii_lower(name))
        rules_file = name
    if Path(rules_file).is_file():  # read once more below when it extends a variant; a pipe is read once
        data, lines = load_data(Path(rules_file), str(rules_file))
        if isinstance(data, dict) and "extends" not in data and "patterns" in data:
            # its records carry its id: a file may not pass for a built-in variant
            return build_variant(data, str(rules_file), lines, reserved_ids=builtin_ids())
    return load_rules_file(rules_file)


def _is_path(name: str) -> bool:
    """``-v ./my-variant.yaml``: a file, not a built-in id."""
    return name.endswith((".yaml", ".yml")) or "/" in name or os.sep in name


__all__ = ["load_rules_file", "load_named", "check_house", "HOUSE_KEYS", "HOUSE_PAYMENT_KEYS"]
