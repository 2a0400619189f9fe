"""Named payment presets (``settle --ladder NAME``, house rules ``payment: {preset: NAME}``).

The amounts are data in ``variants/presets/payment.yaml``; this module only
loads, checks and merges them. A preset's ``ladder`` replaces the ladder
whole (and any ``linear`` rate); its ``discard``, ``self_drawn`` and ``bao``
mappings change only the keys they name.

>>> pay = apply_preset({"ladder": {3: 8}, "discard": {"shooter": 1, "others": 0}}, "half_responsibility")
>>> pay["discard"], pay["ladder"]
({'shooter': 0.5, 'others': 0.25}, {3: 8})
>>> apply_preset({}, "full_spicy")["ladder"][10]
1024
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from .errors import RuleFileError, SettleError

PRESET_KEYS = {"name", "for", "description", "payment"}


@dataclass(frozen=True)
class Preset:
    id: str
    name: str
    variants: tuple[str, ...]
    description: str
    payment: Mapping[str, Any]


def presets_file() -> Path:
    from .variant import variants_dir

    return variants_dir() / "presets" / "payment.yaml"


@functools.lru_cache(maxsize=None)
def presets() -> dict[str, Preset]:
    """Every preset, by id, in file order (checked like a variant file)."""
    from .variant import Checker, check_payment, load_data, payment_keys

    path = presets_file()
    data, lines = load_data(path, "presets/payment.yaml")
    ck = Checker("presets/payment.yaml", lines)
    out: dict[str, Preset] = {}
    if not isinstance(data, dict):
        ck.fail("(top)", "expected a mapping of preset id to preset")
        ck.raise_if_any()
    for pid, entry in data.items():
        if not isinstance(entry, dict):
            ck.fail(str(pid), "expected a mapping (name, for, description, payment)")
            continue
        ck.unknown(entry, PRESET_KEYS, str(pid))
        name = ck.text(entry, "name", str(pid), "a name (text)", required=True)
        for_ = ck.get(entry, "for", str(pid), list, "a list of variant ids", required=True)
        for i, vid in enumerate(for_ or ()):
            if not isinstance(vid, str):
                ck.fail(f"{pid}.for[{i}]", "expected a variant id (text)")
                for_ = None
        desc = ck.text(entry, "description", str(pid), "text", one_line=False, empty=True, default="")
        # the same checks as a variant's payment section, on the keys a preset may change
        pay = check_payment(ck, entry.get("payment", ...), f"{pid}.payment", keys=payment_keys("p"), required=False)
        if "payment" not in entry:
            ck.fail(f"{pid}.payment", "missing; expected a mapping (ladder, discard, self_drawn...)")
        if name and for_ is not None and isinstance(entry.get("payment"), dict):
            out[str(pid)] = Preset(str(pid), name, tuple(for_), desc or "", MappingProxyType(pay))
    ck.raise_if_any()
    return out


def preset_ids() -> list[str]:
    return list(presets())


def get_preset(name: str, base: str | None = None) -> Preset:
    """The preset called ``name``; a :class:`SettleError` naming the choices otherwise.

    ``base`` is the built-in variant the table plays (a house file's ``extends``):
    a preset written for other variants is refused.
    """
    table = presets()
    if name not in table:
        import difflib

        close = difflib.get_close_matches(name, list(table), n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise SettleError(f"unknown payment preset {name!r}{hint}; choose one of: {', '.join(table)}")
    p = table[name]
    if base is not None and base not in p.variants:
        raise SettleError(f"payment preset {name!r} is written for {', '.join(p.variants)}, not {base}; "
                          f"presets for {base}: {', '.join(k for k, v in table.items() if base in v.variants) or 'none'}")
    return p


def apply_preset(payment: Mapping[str, Any], name: str, base: str | None = None) -> dict:
    """``payment`` with the preset ``name`` applied (a new dict; the input is not changed)."""
    from .variant import PAYMENT_SUBKEYS

    p = get_preset(name, base)
    out = {k: (dict(v) if isinstance(v, Mapping) else v) for k, v in payment.items()}
    for key, value in p.payment.items():
        if key in PAYMENT_SUBKEYS and isinstance(value, Mapping):
            out[key] = {**(out.get(key) or {}), **value}
        else:
            out[key] = dict(value) if isinstance(value, Mapping) else value
    if "ladder" in p.payment:
        out.pop("linear", None)
        out.pop("fixed", None)  # the fixed part of a linear base goes with it
        out["ladder_name"] = name
    else:
        old = out.get("ladder_name")
        out["ladder_name"] = f"{old} + {name}" if old else name
    return out


def check_name(name: str) -> str | None:
    """None when ``name`` is a preset, else the message for a rule-file error."""
    try:
        get_preset(name)
    except (SettleError, RuleFileError) as exc:
        return exc.message
    return None
