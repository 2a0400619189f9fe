"""A session ledger: ``mjcli settle --ledger FILE`` settles one hand per JSON line.

Each line is one JSON object with the fields of ``settle``'s options::

    {"winner": "E", "from": "S", "value": 5}
    {"winner": "W", "hand": "123m 456m 789m 234p 55s zimo", "kong": ["W:concealed"]}
    {"label": "hand 3: drawn", "kong": "S:claimed:E"}

Keys: ``winner``, ``from``, ``value``, ``hand``, ``bao``, ``robbed_kong``
(true/false), ``kong`` (one ``SEAT:KIND[:FROM]`` or a list), ``bonus``
(``{"S": "f2 s2 cat"}`` or a list of ``"S=f2 s2"``), ``dealt`` (``"S:flower"``
or a list), ``fei`` (``{"S": 2}`` or a list of ``"S=2"``), ``ladder`` and
``stake`` (this hand only; they win over the command line), ``label`` (text
shown with the hand). The variant is the command's (``--variant``/``--rules``)
for every line: one ledger is one table. Blank lines and lines starting
with ``#`` are skipped.

Every hand gives a record with ``hand_no``, ``line``, ``payments``, ``net``
and ``running`` (the totals per seat so far); a bad line gives an error
record with its line number and the next lines go on.
"""

from __future__ import annotations

import json
from typing import BinaryIO, Iterator, TextIO

from .errors import MjError, SettleError
from .lines import read_lines

KEYS = {"winner", "from", "value", "hand", "bao", "robbed_kong", "kong", "bonus", "dealt", "fei", "ladder", "stake",
        "label"}
TEXT_KEYS = ("winner", "from", "hand", "bao", "ladder", "label")


def _as_list(key: str, v, pair_sep: str | None = None) -> list[str]:
    """One text, a list of texts, or (for bonus and fei) a mapping seat -> value."""
    if isinstance(v, str):
        return [v]
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        return list(v)
    if pair_sep and isinstance(v, dict):
        out = []
        for seat, val in v.items():
            if isinstance(val, list) and all(isinstance(x, str) for x in val):
                val = " ".join(val)
            elif isinstance(val, bool) or not isinstance(val, (str, int)):
                raise SettleError(f"{key}.{seat}: expected text or a number, got {json.dumps(val)}")
            out.append(f"{seat}{pair_sep}{val}")
        return out
    shape = "text, a list of texts" + (" or a mapping of seat to value" if pair_sep else "")
    raise SettleError(f"{key}: expected {shape}, got {json.dumps(v)}")


def hand_options(obj) -> dict:
    """A ledger object -> the options dict of :func:`mjcli.settlement.settle_record`.

    >>> hand_options({"winner": "E", "from": "S", "value": 5, "bonus": {"S": "f2 s2"}})["bonus"]
    ['S=f2 s2']
    """
    if not isinstance(obj, dict):
        raise SettleError("expected one JSON object per line, e.g. {\"winner\": \"E\", \"from\": \"S\", \"value\": 5}")
    for k in obj:
        if k in ("variant", "rules"):
            raise SettleError(f"{k}: a ledger is one table; give --variant or --rules on the command line")
        if k not in KEYS:
            raise SettleError(f"unknown key {k!r}; expected one of: {', '.join(sorted(KEYS))}")
    for k in TEXT_KEYS:
        if obj.get(k) is not None and not isinstance(obj[k], str):
            raise SettleError(f"{k}: expected text, got {json.dumps(obj[k])}")
    value = obj.get("value")
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise SettleError(f"value: expected a whole number, got {json.dumps(value)}")
    stake = obj.get("stake")
    if stake is not None and (isinstance(stake, bool) or not isinstance(stake, (int, float)) or stake <= 0):
        raise SettleError(f"stake: expected a number above 0, got {json.dumps(stake)}")
    rk = obj.get("robbed_kong", False)
    if not isinstance(rk, bool):
        raise SettleError(f"robbed_kong: expected true or false, got {json.dumps(rk)}")
    return {
        "winner": obj.get("winner"),
        "shooter": obj.get("from"),
        "value": value,
        "hand": obj.get("hand"),
        "bao": obj.get("bao"),
        "robbed_kong": rk,
        "kongs": _as_list("kong", obj["kong"]) if obj.get("kong") is not None else [],
        "bonus": _as_list("bonus", obj["bonus"], "=") if obj.get("bonus") is not None else [],
        "dealt": _as_list("dealt", obj["dealt"]) if obj.get("dealt") is not None else [],
        "fei": _as_list("fei", obj["fei"], "=") if obj.get("fei") is not None else [],
        "ladder": obj.get("ladder"),
        "stake": stake,
    }


def _lines(stream: BinaryIO) -> Iterator[tuple[int, dict | MjError]]:
    """(line number, the JSON object or the problem), streaming."""
    for n, text in read_lines(stream, "a ledger line"):
        if isinstance(text, MjError):
            yield n, text
            continue
        try:
            yield n, json.loads(text)
        except json.JSONDecodeError as exc:
            yield n, MjError(f"not valid JSON ({exc.msg} at column {exc.colno}); write one object per line, "
                             "e.g. {\"winner\": \"E\", \"from\": \"S\", \"value\": 5}", "parse_error")
        except RecursionError:
            yield n, MjError("JSON nested too deep; write one flat object per line", "parse_error")


def _num(x: float):
    return int(x) if float(x).is_integer() else round(x, 4)


def ledger_records(variant, stream: BinaryIO, ladder: str | None = None, stake: float | None = None,
                   state: dict | None = None) -> Iterator[dict]:
    """One record per hand (or per bad line), with the running totals so far."""
    from .settlement import settle_record

    running = {s: 0 for s in variant.seats}
    state = state if state is not None else {}
    state.setdefault("bad", 0)
    hand_no = 0
    for n, item in _lines(stream):
        hand_no += 1
        label = item.get("label") if isinstance(item, dict) and isinstance(item.get("label"), str) else None
        try:
            if isinstance(item, MjError):
                raise item
            opts = hand_options(item)
            if opts["ladder"] is None:
                opts["ladder"] = ladder
            if opts["stake"] is None:
                opts["stake"] = stake
            rec = settle_record(variant, opts)
        except MjError as exc:
            state["bad"] += 1
            bad = {"hand_no": hand_no, "line": n, "ok": False, "error": exc.as_record()}
            if label:
                bad["label"] = label
            yield bad
            continue
        for s, v in rec["net"].items():
            running[s] = _num(running[s] + v)
        out = {"hand_no": hand_no, "line": n, "ok": True}
        if label:
            out["label"] = label
        out.update(rec)
        out["running"] = dict(running)
        yield out


def run_ledger(variant, binary_file: BinaryIO, fmt: str, out: TextIO, ladder: str | None = None,
               stake: float | None = None) -> int:
    """Settle every hand of a ledger and write the records; return the number of bad lines."""
    import sys

    from .output import emit

    state = {"bad": 0}

    def on_error(rec):
        sys.stderr.write(f"error: line {rec['line']}: {rec['error']['message']}\n")

    emit(ledger_records(variant, binary_file, ladder, stake, state), fmt, "ledger", out, on_error=on_error)
    return state["bad"]
