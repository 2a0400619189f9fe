"""The machine contract: one fixed shape per record kind, its JSON Schema, its CSV rows.

Every record mjcli prints in json, jsonl or csv is of one kind (``score``,
``wait``, ``discards``, ``settle``, ``ledger``, ``rules``, ``variants``) and
carries ``"schema": "mjcli/KIND/1"``. The schemas (JSON Schema draft 2020-12)
ship in ``mjcli/schemas`` and are the one list of a kind's keys: :func:`shape`
gives a record every key of its kind, in the schema's order, ``null`` where it
does not apply; :func:`csv_rows` flattens it into the kind's CSV columns
(``x-csv-columns`` in the schema), scalars only but ``notes``, one cell holding a
JSON array.

>>> rec = shape("score", {"hand": "123m", "ok": False, "error": {"code": "parse_error", "message": "bad"}})
>>> rec["schema"], rec["answer"], rec["reason"], rec["payment"], rec["winning"]
('mjcli/score/1', 'invalid', 'bad', None, False)
>>> shape("score", rec) is rec
True
"""

from __future__ import annotations

import json
from functools import lru_cache

from .errors import ANSWER_OK, BELOW_MINIMUM, INVALID, NOT_READY, NOT_WINNING

VERSION = 1
KINDS = ("score", "wait", "discards", "settle", "ledger", "rules", "variants", "pattern", "huxi_group")
DESCRIPTIONS = {
    "score": "mjcli score: one hand scored (mahjong and Paohuzi)",
    "wait": "mjcli wait on a 13-tile hand (20 cards in Paohuzi): the tiles that complete it",
    "discards": "mjcli wait on a 14-tile hand: what each discard leaves (discard advice)",
    "settle": "mjcli settle: the payments of one hand and the net per seat",
    "ledger": "mjcli settle --ledger: one hand of a session, with the running totals",
    "rules": "mjcli rules VARIANT --format json: one variant's rules",
    "variants": "mjcli rules --format json|jsonl|csv: one row of the variant list",
    "pattern": "mjcli rules VARIANT --format jsonl|csv: one pattern of a mahjong hand table",
    "huxi_group": "mjcli rules -v paohuzi --format jsonl|csv: one group of the huxi table",
}


def schema_id(kind: str) -> str:
    return f"mjcli/{kind}/{VERSION}"


GAME_FIELD_KINDS = ("score", "wait", "discards")  # the kinds a game adds record fields to


@lru_cache(maxsize=None)
def schema_text(kind: str) -> str:
    """The published JSON Schema of a record kind (a KeyError for an unknown kind): the base shipped in
    ``mjcli/schemas``, and for :data:`GAME_FIELD_KINDS` every registered game's fields (:func:`with_game_fields`)."""
    if kind not in KINDS:
        raise KeyError(kind)
    from pathlib import Path  # the package is installed as files; importlib.resources costs start-up time

    text = (Path(__file__).parent / "schemas" / f"{kind}.json").read_text(encoding="utf-8")
    if kind not in GAME_FIELD_KINDS:
        return text
    from .registry import record_fields

    games = [json.loads(Path(p).read_text(encoding="utf-8")) for p in record_fields()]
    return json.dumps(with_game_fields(json.loads(text), kind, games), indent=2, ensure_ascii=False) + "\n"


def with_game_fields(base: dict, kind: str, games: list[dict]) -> dict:
    """The schema ``base`` of ``kind`` with the fields each game declares for it (a game's ``fields.json``).

    A game's entry adds keys (``add``: a list, or a mapping of key -> schema) to the list or mapping at ``at``
    (a JSON pointer into the schema), just after the key ``after`` and after what the games before it added
    there; the games go in their ``order``. So every record of a kind keeps one key set in every variant, and a
    new game's keys go after every other game's.

    >>> base = {"properties": {"a": {}, "z": {}}, "x-csv-columns": ["a", "z"]}
    >>> g1 = {"order": 1, "k": [{"at": "/x-csv-columns", "after": "a", "add": ["p"]}]}
    >>> g2 = {"order": 2, "k": [{"at": "/x-csv-columns", "after": "a", "add": ["q"]},
    ...                         {"at": "/properties", "after": "z", "add": {"q": {}}}]}
    >>> out = with_game_fields(base, "k", [g2, g1])
    >>> out["x-csv-columns"], list(out["properties"])
    (['a', 'p', 'q', 'z'], ['a', 'z', 'q'])
    """
    added: dict[str, set] = {}  # pointer -> the keys the games put there
    for game in sorted(games, key=lambda g: g["order"]):
        for entry in game.get(kind, ()):
            at = entry["at"]
            node = base
            for part in at.strip("/").split("/"):
                node = node[int(part)] if isinstance(node, list) else node[part]
            mine = added.setdefault(at, set())
            keys = list(node)
            i = keys.index(entry["after"]) + 1 if entry["after"] is not None else 0
            while i < len(keys) and keys[i] in mine:
                i += 1
            new = list(entry["add"])
            mine.update(new)
            if isinstance(node, list):
                node[i:i] = new
            else:
                items = list(node.items())
                node.clear()
                node.update(items[:i] + list(entry["add"].items()) + items[i:])
    return base


@lru_cache(maxsize=None)
def schema(kind: str) -> dict:
    return json.loads(schema_text(kind))


@lru_cache(maxsize=None)
def keys(kind: str) -> tuple[str, ...]:
    """Every key of a record kind, in order."""
    return tuple(schema(kind)["properties"])


@lru_cache(maxsize=None)
def csv_columns(kind: str) -> tuple[str, ...]:
    """The CSV columns of a record kind (``wait`` and ``discards`` share theirs)."""
    return tuple(schema(kind)["x-csv-columns"])


# --- shapes -----------------------------------------------------------------------


def _fill(kind: str, rec: dict) -> dict:
    # every key of the kind in its order (None when absent), then a key the schema does not know (it stays, and
    # fails validation in the tests); every schema's first key is "schema" (speed, issue 15: one update, no loop)
    out = dict.fromkeys(keys(kind))
    out.update(rec)
    out["schema"] = schema_id(kind)
    return out


def _error_message(rec: dict) -> str | None:
    err = rec.get("error")
    return err.get("message") if isinstance(err, dict) else None


def payment(pay: dict | None) -> dict | None:
    """One payment shape for every variant and win: shooter, others, each, total, robbed_kong.

    >>> payment({"each": 4, "total": 12})
    {'shooter': None, 'others': None, 'each': 4, 'total': 12, 'robbed_kong': False}
    """
    if pay is None:
        return None
    out = {"shooter": pay.get("shooter"), "others": pay.get("others"), "each": pay.get("each"),
           "total": pay.get("total"), "robbed_kong": bool(pay.get("robbed_kong"))}
    out.update({k: v for k, v in pay.items() if k not in out})  # a key the schema does not know stays (see _fill)
    return out


NOT_WINNING_REASON = "the tiles do not form sets and a pair"


def _score(rec: dict) -> dict:
    out = _fill("score", rec)
    out["ok"] = ok = rec.get("ok") is not False
    out["winning"] = bool(rec.get("winning")) and ok
    out["meets_minimum"] = bool(rec.get("meets_minimum")) and out["winning"]
    out["limit_hand"] = bool(rec.get("limit_hand"))
    out["patterns"] = list(rec.get("patterns") or ())
    out["raw"] = rec.get("raw") or 0
    out["total"] = rec.get("total") or 0
    out["payment"] = payment(rec.get("payment")) if ok else None
    if not ok:
        out["answer"], reason = INVALID, _error_message(rec)
    elif not out["winning"]:
        out["answer"], reason = NOT_WINNING, NOT_WINNING_REASON
    elif not out["meets_minimum"]:
        out["answer"] = BELOW_MINIMUM
        reason = f"{out['total']} {out['unit']} is below the minimum of {out['minimum']}"
    else:
        out["answer"], reason = ANSWER_OK, None
    out["reason"] = rec.get("reason") or reason
    out["notes"] = list(rec.get("notes") or ())
    return out


def _waits(rec: dict, kind: str) -> dict:
    out = _fill(kind, rec)
    out["ok"] = ok = rec.get("ok") is not False
    out["ready"] = bool(rec.get("ready")) and ok
    out["notes"] = list(rec.get("notes") or ())
    if kind == "wait":
        out["waits"] = [wait_entry(w) for w in rec.get("waits") or ()]
    else:
        out.pop("waits", None)  # a 14-tile hand's waits are per discard
        out["discards"] = [dict(d, waits=[wait_entry(w) for w in d["waits"]]) for d in rec.get("discards") or ()]
        out["already_wins"] = bool(rec.get("already_wins"))
    if out["ready"] and out["shanten"] is None:
        out["shanten"] = 0  # ready: no tile to exchange before the winning one
    if not ok:
        out["answer"], reason = INVALID, _error_message(rec)
    elif not out["ready"]:
        out["answer"] = NOT_READY
        reason = "no tile completes this hand" if kind == "wait" else "no discard leaves this hand ready"
    elif rec.get("answer") == BELOW_MINIMUM:  # --reach-minimum dropped every wait of a ready hand
        out["answer"], reason = BELOW_MINIMUM, None
    else:
        out["answer"], reason = ANSWER_OK, None
    out["reason"] = rec.get("reason") or reason
    return out


@lru_cache(maxsize=None)
def wait_keys() -> tuple[str, ...]:
    """Every key of one wait (a tile that completes the hand), in order."""
    return tuple(schema("wait")["properties"]["waits"]["items"]["properties"])


def wait_entry(w: dict) -> dict:
    """One wait of a wait record in its contract shape: the schema's keys in order, any other key after them."""
    out = {k: w.get(k) for k in wait_keys()}
    if not w.keys() <= out.keys():  # a key the schema does not know stays (see _fill)
        out.update({k: v for k, v in w.items() if k not in out})
    return out


def _settle(rec: dict) -> dict:
    out = _fill("settle", rec)
    out["payments"] = list(rec.get("payments") or ())
    out["notes"] = list(rec.get("notes") or ())
    return out


def _ledger(rec: dict) -> dict:
    out = _fill("ledger", rec)
    out["ok"] = rec.get("ok") is not False
    out["payments"] = list(rec.get("payments") or ())
    out["notes"] = list(rec.get("notes") or ())
    return out


def _plain(kind):
    return lambda rec: _fill(kind, rec)


SHAPERS = {"score": _score, "wait": lambda r: _waits(r, "wait"), "discards": lambda r: _waits(r, "discards"),
           "settle": _settle, "ledger": _ledger, "rules": _plain("rules"), "variants": _plain("variants"),
           "pattern": _plain("pattern"), "huxi_group": _plain("huxi_group")}


def shape(kind: str, rec: dict) -> dict:
    """``rec`` with every key of its kind, in order; a record already shaped is returned as it is.

    ``kind`` ``wait`` covers both kinds ``mjcli wait`` prints: a record with ``discards`` is discard advice.
    """
    if kind == "wait" and "discards" in rec:
        kind = "discards"
    if rec.get("schema") == schema_id(kind):
        return rec
    return SHAPERS[kind](rec)


# --- CSV -------------------------------------------------------------------------


def _head(rec: dict) -> dict:
    err = rec.get("error") if isinstance(rec.get("error"), dict) else {}
    row = dict(rec)
    row["error_code"] = err.get("code")
    row["error_message"] = err.get("message")
    row["notes"] = list(rec.get("notes") or ())  # one cell: the writer puts the list there as a JSON array
    return row


def csv_rows(kind: str, rec: dict):
    """The CSV rows of one shaped record, each a dict over the kind's columns (values scalar or None; ``notes`` a
    list, written in its one cell as a JSON array)."""
    cols = csv_columns(kind)
    if kind in ("variants", "pattern", "huxi_group"):  # the rules tables: one row a record
        row = dict(rec)
        if "replaces" in rec:
            row["replaces"] = ";".join(rec["replaces"] or ()) or None
        for lang, name in (rec.get("names") or {}).items():
            row[f"name_{lang}"] = name
        yield {c: row.get(c) for c in cols}
        return
    row = _head(rec)
    if kind == "score":
        row["patterns"] = ";".join(f"{p['id']}={p['points']}" for p in rec["patterns"]) or None
        for k, v in (rec["payment"] or {}).items():
            row[f"payment_{k}"] = v
        yield {c: row.get(c) for c in cols}
    elif kind in ("wait", "discards"):
        if rec["schema"] == schema_id("wait"):
            groups = [({}, rec["waits"])]
        else:
            groups = [({"discard_tile": d["discard"], "tiles_left": d["tiles_left"],
                        "payable_left": d["payable_left"], "best": d["best"]}, d["waits"]) for d in rec["discards"]]
        per_tile = wait_keys()
        base = {c: row.get(c) for c in cols if c not in per_tile}
        base["discard_shanten"] = None  # the column of a discard's row (the record's key is the list)
        any_row = False
        for per_discard, waits in groups:
            for w in waits:
                any_row = True
                yield {c: w[c] if c in per_tile else per_discard.get(c, base.get(c)) for c in cols}
        # not ready: one row per helpful tile (per discard and helpful tile for a 14-tile hand)
        if rec.get("helpful") is not None:
            groups = [({}, rec["helpful"])]
        else:
            groups = [({"discard_tile": d["discard"], "discard_shanten": d["shanten"], "helpful_left": d["helpful_left"],
                        "reaching_left": d["reaching_left"], "reaches_minimum": d["reaches_minimum"],
                        "best_reachable": d["best_reachable"]}, d["helpful"]) for d in rec.get("discard_shanten") or ()]
        for per_discard, entries in groups:
            for e in entries:
                any_row = True
                out = {c: per_discard.get(c, base.get(c)) for c in cols}
                out.update(helpful_tile=e["tile"], helpful_tile_left=e["left"],
                           helpful_reaches_minimum=e["reaches_minimum"], helpful_best_reachable=e["best_reachable"])
                yield {c: out[c] for c in cols}
        if not any_row:  # not ready or invalid: the hand's row, the tile columns empty
            yield {c: base.get(c) for c in cols}
    else:  # settle, ledger: one row per payment, then one per seat (or player)
        row["shooter"] = rec.get("from")
        hand = {c: row.get(c) for c in cols if c not in _SETTLE_ROW}
        if rec.get("ok") is False:
            yield dict(hand, row="error", **{c: None for c in _SETTLE_ROW if c in cols and c != "row"})
            return
        for p in rec["payments"]:
            yield {c: hand.get(c) for c in cols} | {"row": "payment", "from": p["from"], "to": p["to"],
                                                    "amount": p["amount"], "reason": p["reason"]}
        seats = rec.get("seats") or {}
        running = rec.get("running") or {}
        for who, net in (rec.get("net") or {}).items():
            out = {c: hand.get(c) for c in cols} | {"row": "net", "player": who, "seat": seats.get(who, who),
                                                    "net": net}
            if "running" in cols:
                out["running"] = running.get(who)
            yield out


_SETTLE_ROW = ("row", "from", "to", "amount", "reason", "player", "seat", "net", "running")
