"""The one place that renders results: table, json, jsonl and csv.

:func:`emit` streams records (plain dicts from ``as_dict``) to a text stream,
one at a time, so a batch of any size runs in flat memory.
"""

from __future__ import annotations

import csv
import json
import os
import re
from typing import Callable, Iterable, TextIO

from .i18n import phrase as _p
from .i18n import pattern_name as _pname
from .i18n import tr as _t
from .money import signed as _signed
from .money import text as _money
from .safetext import EscapingWriter, escape_json
from .safetext import one_line as _one_line

FORMATS = ("table", "json", "jsonl", "csv")


def _glyph_text(text: str, glyphs: bool) -> str:
    """A tile code for a table: a Unicode tile with --glyphs, else honours as letters (1z -> E)."""
    if not text:
        return text
    if not glyphs:
        return " ".join("ESWNPFC"[int(w[0]) - 1] if len(w) == 2 and w[1] == "z" and w[0] in "1234567" else w
                        for w in text.split(" "))
    from .errors import MjError
    from .mahjong.tiles import tile_from_code, tile_glyph

    out = []
    for word in text.split(" "):
        try:
            out.append(tile_glyph(tile_from_code(word)))
        except MjError:  # a word that is not one tile code stays as it is
            out.append(word)
    return " ".join(out)


def _hand_glyphs(hand: str, glyphs: bool) -> str:
    """The hand in Unicode mahjong tiles (its whole glyph form), then its text."""
    if not glyphs:
        return hand
    from .errors import MjError
    from .mahjong.tiles import format_glyphs, parse_hand

    try:
        h = parse_hand(hand)
    except MjError:
        return hand
    # the glyph form parses back to the same hand (issue 11); a waiting hand's text names no winning tile
    return f"{format_glyphs(h, win='@' in hand)}  {hand}"


def _num(v) -> str:
    return _money(v)


# An exact amount (a Decimal) goes into JSON as a plain number with all its digits: json writes it as a
# marked string (the mark holds a random word, so no text from a hand or label can forge it) that is then
# replaced by the number. A record without a Decimal is written by json alone.
_MARK = "\x00" + os.urandom(8).hex() + ":"
_MARKED = re.compile(re.escape(json.dumps(_MARK)[:-1]) + r"(-?[0-9.]+)\"")


def _mark(o):
    from decimal import Decimal

    if isinstance(o, Decimal):
        return _MARK + _money(o)
    raise TypeError(f"{type(o).__name__} is not JSON serializable")


def dumps(rec) -> str:
    """One record as JSON: exact amounts as plain numbers (no exponent, no trailing zeros)."""
    s = _ENCODE(rec)
    if not s.isascii():
        if _SURROGATE.search(s):  # a byte of an argument that was not UTF-8: the text "\xff"
            s = _SURROGATE.sub(_json_escape_surrogate, s)
        s = escape_json(s)  # U+202E and its kind, C1 codes: as JSON escapes, never raw
    return _MARKED.sub(r"\1", s) if _MARK[1:] in s else s


_SURROGATE = re.compile("[\ud800-\udfff]")
# json.dumps(rec, ensure_ascii=False, default=_mark) with one encoder made once, not one per record (issue 15)
_ENCODE = json.JSONEncoder(ensure_ascii=False, default=_mark).encode


def _json_escape_surrogate(m) -> str:
    c = ord(m.group())
    return "\\\\x%02x" % (c - 0xDC00) if 0xDC80 <= c <= 0xDCFF else "\\\\u%04x" % c


# --- tables ------------------------------------------------------------------


def score_table(rec: dict, glyphs: bool = False, width: int | None = None) -> str:
    simple_table = _tabler(width)

    unit = _p(rec["unit"])
    lines = [_hand_glyphs(rec["hand"], glyphs) + f"   ({rec['variant']})"]
    if not rec["winning"]:
        lines.append(_t("not a winning hand: ") + _p(rec.get("reason") or "the tiles do not form sets and a pair"))
        return _fitted(lines, width)
    if rec.get("reading"):
        lines.append(_t("reading: ") + rec["reading"])
    if rec.get("huxi") is not None and rec.get("groups"):
        rows = [[g["text"], g["kind"], g["huxi"]] for g in rec["groups"]]
        lines.append(simple_table(rows, [_t("group"), _t("kind"), _p("huxi")]))
    rows = [[_pname(p["id"], p["name"]), p["id"], p["count"] if p["count"] != 1 else "", p["points"]]
            for p in rec["patterns"]]
    if rows:
        lines.append(simple_table(rows, [_t("pattern"), "id", "x", unit],
                                  narrow=[_t("pattern"), "id", _t("times"), unit]))
    elif not rec.get("groups"):
        lines.append(_t("(no scoring patterns)"))
    verdict = []
    if rec["limit_hand"]:
        verdict.append(_t("limit hand"))
    elif rec["raw"] > rec["total"]:
        verdict.append(_t("raw {raw}, capped at the limit {limit}", raw=rec["raw"], limit=rec["limit"]))
    verdict.append(_t("minimum {n}: met" if rec["meets_minimum"] else "minimum {n}: NOT met", n=rec["minimum"]))
    extra = _t(" ({n} tun)", n=rec["tun"]) if rec.get("tun") is not None else ""
    lines.append(_t("total: {total} {unit}", total=rec["total"], unit=unit) + f"{extra}   [{'; '.join(verdict)}]")
    if not rec["meets_minimum"] and rec["total"] >= rec["minimum"] and rec.get("reason"):
        lines.append(_t("note: ") + _p(rec["reason"]))  # the total is not all toward the minimum (mcr's flowers)
    lines.append(_t("payment: ") + payment_text(rec.get("payment")))
    lines.extend(_t("note: ") + _p(n) for n in rec.get("notes") or ())
    if rec.get("readings"):
        lines.append(_t("every reading, best first:"))
        rows = [[r["reading"], ", ".join(f"{p['id']} {p['points']}" for p in r["patterns"]) or "-", r["total"]]
                for r in rec["readings"]]
        lines.append(simple_table(rows, [_t("reading"), _t("patterns"), unit]))
    return _fitted(lines, width)


def payment_text(pay: dict | None) -> str:
    if not pay:
        return _t("nothing (below the minimum)")
    if pay.get("each") is not None:
        return _t("each loser pays {each} (total {total})", each=_money(pay["each"]), total=_money(pay["total"]))
    if pay.get("robbed_kong"):
        return _t("the konger pays {n}, the whole self-draw amount (robbed kong)", n=_money(pay["shooter"]))
    return _t("shooter pays {shooter}, each other loser {others} (total {total})", shooter=_money(pay["shooter"]),
              others=_money(pay["others"]), total=_money(pay["total"]))


def wait_table(rec: dict, glyphs: bool = False, width: int | None = None) -> str:
    lines = [_hand_glyphs(rec["hand"], glyphs) + f"   ({rec['variant']})"]
    if not rec["ready"] and not rec.get("wins_as_is"):
        lines.append(_t("not ready: no tile completes this hand"))
        lines.extend(_shanten_lines(rec, glyphs, width))
        lines.extend(_t("note: ") + _p(n) for n in rec.get("notes", ()))
        return _fitted(lines, width)
    if rec.get("answer") == "below_minimum":  # --reach-minimum kept no wait
        lines.append(_t("ready, but no wait reaches the minimum {n} {unit}", n=rec["minimum"], unit=_p(rec["unit"])))
        lines.extend(_t("note: ") + _p(n) for n in rec.get("notes", ()))
        return _fitted(lines, width)
    won = rec.get("wins_as_is")
    if rec.get("discards") is not None and won:  # it already wins: the score first, then one line a discard
        verdict = "" if won["meets_minimum"] else _t(" (below the minimum {n})", n=won["minimum"])
        lines.append(_t("already a win: {total} {unit}", total=won["total"], unit=_p(won["unit"])) + f"{verdict}: "
                     + (", ".join(f"{_pname(p['id'], p['name'])} {p['points']}" for p in won["patterns"])
                        or _t("no scoring patterns")))
        lines.append(_t("payment: ") + payment_text(won.get("payment")))
        if rec["discards"]:
            lines.append(_t("or discard and wait:"))
        for d in rec["discards"]:
            tiles = " ".join(_glyph_text(w["tile"], glyphs) for w in d["waits"])
            best = _t(", best {n} {unit}", n=d["best"], unit=_p(rec["unit"])) if d.get("best") is not None else ""
            lines.append("  " + _t("discard {tile}: {n} left", tile=_glyph_text(d["discard"], glyphs),
                                   n=d["tiles_left"]) + f" ({tiles}){best}")
        lines.extend(_t("note: ") + _p(n) for n in rec.get("notes", ()) if "already form a winning hand" not in n)
        return _fitted(lines, width)
    if rec.get("discards") is not None:  # a 14-tile hand: the waits after each discard
        for d in rec["discards"]:
            more = (_t(" ({n} of them pay)", n=d["payable_left"])
                    if d.get("payable_left", d["tiles_left"]) != d["tiles_left"] else "")
            lines.append(_t("discard {tile}: {n} tiles left", tile=_glyph_text(d["discard"], glyphs),
                            n=d["tiles_left"]) + more)
            lines.append(_wait_rows(d["waits"], rec, glyphs, width))
        lines.extend(_t("note: ") + _p(n) for n in rec.get("notes", ()))
        return _fitted(lines, width)
    lines.append(_wait_rows(rec["waits"], rec, glyphs, width))
    for n in rec.get("notes", ()):
        lines.append(_t("note: ") + _p(n))
    return _fitted(lines, width)


def table_width() -> int:
    """The width a table fits: $COLUMNS when set, else the terminal's, else 80 (a pipe or a file)."""
    import shutil
    import sys

    cols = os.environ.get("COLUMNS", "")
    if cols.strip().isdigit() and int(cols) > 0:
        return int(cols)
    try:
        if sys.stdout.isatty():
            return shutil.get_terminal_size((80, 24)).columns
    except (AttributeError, ValueError, OSError):
        pass
    return 80


_LOOK_AHEAD = {
    "off": "look-ahead: not searched: the hand is further from ready than --look-ahead",
    "cut": "look-ahead: stopped at its bound: '?' is not settled",
}


def _reach(v) -> str:
    return "?" if v is None else _t("yes" if v else "no")


def _shanten_lines(rec: dict, glyphs: bool, width: int | None = None) -> list[str]:
    """What a hand that is not ready gets: its shanten, then each helpful tile (a 13-tile hand) or each discard
    ranked (a 14-tile hand), with the look-ahead; fitted to the terminal width."""
    from .sheet import simple_table, wrap

    sh = rec.get("shanten")
    if sh is None:
        return []
    unit, minimum = rec["unit"], rec["minimum"]
    width = width or table_width()
    searched = rec.get("look_ahead") in ("done", "cut")
    out = []
    if rec.get("discard_shanten") is not None:
        rows = rec["discard_shanten"]
        out += wrap(_t("shanten {sh} after the best discard ({draws})", sh=sh, draws=_draws(sh)), width)
        unknown = "?" if rec.get("look_ahead") == "cut" else "-"  # done: a discard left unsearched is too far
        head = [_t("discard"), _t("shanten"), _t("helps")] + ([_t("reach"), _t("best")] if searched else [])
        table = []
        for d in rows:
            row = [_glyph_text(d["discard"], glyphs), d["shanten"], d["helpful_left"]]
            if searched:
                row += [unknown if d["reaches_minimum"] is None else d["reaching_left"], _num(d["best_reachable"])]
            table.append(row)
        tiles = [" ".join(_glyph_text(e["tile"], glyphs) for e in d["helpful"]) for d in rows]
        used = sum(len(h) + 4 for h in head)  # the narrow columns (their headers set the width) and the gaps
        if rows and width - used >= 17:  # the helpful tiles as the last column, wrapped
            for row, text in zip(table, tiles):
                row.append("\n".join(wrap(text, width - used)) or "-")
            out.append(simple_table(table, head + [_t("tiles that help")]))
        elif rows:  # a narrow screen: the helpful tiles under each discard
            lines = simple_table(table, head).split("\n")
            out += lines[:2]
            for line, text in zip(lines[2:], tiles):
                out.append(line)
                out += ["  " + x for x in wrap(_t("helps: ") + text, width - 2)]
    else:
        entries = rec.get("helpful") or []
        out += wrap(_t("shanten {sh} ({draws}); {n} unseen tiles help", sh=sh, draws=_draws(sh),
                       n=rec.get("helpful_left") or 0), width)
        if entries:
            head = [_t("tile"), _t("left")] + ([_t("reaches {minimum} {unit}", minimum=minimum, unit=_p(unit)),
                                                 _t("best ({unit})", unit=_p(unit))] if searched else [])
            table = [[_glyph_text(e["tile"], glyphs), e["left"]]
                     + ([_reach(e["reaches_minimum"]), _num(e["best_reachable"])] if searched else [])
                     for e in entries]
            out.append(simple_table(table, head))
    state = rec.get("look_ahead")
    if state in _LOOK_AHEAD:
        out += wrap(_t(_LOOK_AHEAD[state]), width)
    return out


def _draws(sh: int) -> str:
    if sh <= 0:
        return _t("ready")
    return _t("1 tile from ready") if sh == 1 else _t("{n} tiles from ready", n=sh)


def _wait_rows(waits, rec, glyphs, width=None) -> str:
    simple_table = _tabler(width)

    unit = _p(rec["unit"])
    if waits and waits[0].get("self_drawn_tun") is not None:  # paohuzi: huxi and tun by who revealed the card
        rows = [[w["tile"], w["left"], _num(w["discard"]), w["discard_tun"] or "-", _num(w["self_drawn"]),
                 w["self_drawn_tun"] or "-"] for w in waits]
        def worth(value, tun):
            return "-" if value is None else f"{_num(value)} {unit}" + (_t(", {n} tun", n=tun) if tun else "")

        narrow = [[w["tile"], w["left"], worth(w["discard"], w["discard_tun"]),
                   worth(w["self_drawn"], w["self_drawn_tun"])] for w in waits]
        tun = _p("tun")
        return simple_table(rows, [_t("card"), _t("left"), _t("by another ({unit})", unit=unit), tun,
                                   _t("by self ({unit})", unit=unit), tun],
                            narrow=[_t("card"), _t("left"), _t("by another"), _t("by self")], narrow_rows=narrow)
    rows = []
    for w in waits:
        flag = ""
        if not w.get("discard_meets_minimum") and not w.get("self_drawn_meets_minimum"):
            flag = _t("below minimum {n}", n=rec["minimum"])
        elif not w.get("discard_meets_minimum"):
            flag = _t("self-drawn only") if w["discard"] is not None or w["tile"] == "J" else ""
            if w["tile"] != "J" and w["discard"] is not None:
                flag = _t("discard below minimum {n}", n=rec["minimum"])
        elif not w.get("self_drawn_meets_minimum") and w["self_drawn"] is not None:  # mcr: self-drawn spoils a
            flag = _t("self-drawn below minimum {n}", n=rec["minimum"])                 # Chicken Hand
        rows.append([_glyph_text(w["tile"], glyphs), w["left"], _num(w["discard"]), _num(w["self_drawn"]), flag])
    return simple_table(rows, [_t("tile"), _t("left"), _t("discard ({unit})", unit=unit),
                               _t("self-drawn ({unit})", unit=unit), _t("note")])


def settle_table(rec: dict, glyphs: bool = False, width: int | None = None) -> str:
    simple_table = _tabler(width)

    lines = []
    if rec.get("hand_no") is not None:
        lines.append(_t("hand {n}", n=rec["hand_no"]) + (f": {_one_line(rec['label'])}" if rec.get("label") else ""))
    if rec.get("value") is not None:
        lines.append(_t("value: {value}   base: {base}", value=value_text(rec), base=_money(rec["base"])))
    rows = [[p["from"], p["to"], _money(p["amount"]), _p(p["reason"])] for p in rec["payments"]]
    narrow = [[_t("{payer} pays {payee} {amount}", payer=p["from"], payee=p["to"], amount=_money(p["amount"])),
               _p(p["reason"])] for p in rec["payments"]]
    lines.append(simple_table(rows, [_t("from"), _t("to"), _t("amount"), _t("reason")], numparse=False,
                          colalign=("left", "left", "right", "left"), narrow=["", ""], narrow_rows=narrow)
                 if rows else _t("no payments"))  # every digit: no float on the way
    net = rec["net"]
    lines.append(_t("net: ") + "  ".join(f"{s} {_signed(v)}" for s, v in net.items()))
    if rec.get("running"):
        lines.append(_t("running: ") + "  ".join(f"{s} {_signed(v)}" for s, v in rec["running"].items()))
    for n in rec.get("notes", ()):
        lines.append(_t("note: ") + _p(n))
    return _fitted(lines, width)


def value_text(rec: dict) -> str:
    """A settle record's value, and what it was paid as when that differs (a value above the limit).

    >>> value_text({"value": 13, "paid_value": 10}), value_text({"value": 5, "paid_value": 5})
    ('13 (paid as 10)', '5')
    """
    paid = rec.get("paid_value")
    return f"{rec['value']}" + (_t(" (paid as {n})", n=paid) if paid is not None and paid != rec["value"] else "")


def _tabler(width: int | None):
    """:func:`mjcli.sheet.simple_table` as it is when it fits ``width`` (None: any width); else the rows
    stacked, no frame (a narrow screen, issue 27): ``narrow`` headers and ``narrow_rows`` may say it better there."""
    from .sheet import simple_table, stacked, text_width

    def table(rows, headers, *, narrow=None, narrow_rows=None, **kw) -> str:
        text = simple_table(rows, headers, **kw)
        if width is None or all(text_width(x) <= width for x in text.split("\n")):
            return text
        cells = [["" if c is None else str(c) for c in r] for r in (narrow_rows or rows)]
        return "\n".join(stacked(list(narrow or headers), cells, width))

    return table


def _fitted(lines: list[str], width: int | None) -> str:
    """The lines of a table record, each broken to fit ``width`` columns (None: as they are)."""
    text = "\n".join(lines)
    if width is None:
        return text
    from .sheet import fit_line

    return "\n".join(x for line in text.split("\n") for x in fit_line(line, width))


TABLES: dict[str, Callable[..., str]] = {"score": score_table, "wait": wait_table, "settle": settle_table,
                                                  "ledger": settle_table}


# --- csv -----------------------------------------------------------------------
# The columns and rows of each kind are the contract's (see :mod:`mjcli.contract`): scalars only, the same
# columns on every row of a kind; ``notes`` is one cell holding a JSON array.


def _csv_cell(v):
    """One CSV cell: true/false, text on one line, a number in full, a list (the notes) as a JSON array.

    >>> _csv_cell([]), _csv_cell(["paid as 10"]), _csv_cell(None), _csv_cell(True)
    ('[]', '["paid as 10"]', '', 'true')
    """
    if isinstance(v, list):
        return dumps(v)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return _one_line(v)
    if v is None or isinstance(v, int):
        return "" if v is None else v
    return _money(v)  # an exact amount (a Decimal): every digit, no exponent


# --- the one output path ------------------------------------------------------------


def emit(records: Iterable[dict], fmt: str, kind: str, out: TextIO, *, glyphs: bool = False,
         on_error: Callable[[dict], None] | None = None, header: bool = True, width: int | None = None) -> None:
    """Write every record in ``fmt``; error records go to ``on_error`` as well in table form.

    Every record is first given the fixed shape of its kind (:func:`mjcli.contract.shape`); ``header``
    False leaves out the CSV header line; ``width`` fits a table's lines to that many columns (None: the
    wide layout as it is, whatever its width). :func:`writer` one record at a time."""
    put, close = writer(fmt, kind, out, glyphs=glyphs, errors_apart=on_error is not None, header=header,
                        width=width)
    for rec in records:
        failed = put(rec)
        if failed is not None:
            on_error(failed)
    close()


def writer(fmt: str, kind: str, out: TextIO, *, glyphs: bool = False, errors_apart: bool = False,
           header: bool = True, width: int | None = None) -> tuple[Callable, Callable[[], None]]:
    """``(put, close)``: :func:`emit` a record at a time, the caller driving the loop (a batch's command: this
    module never pulls a record from the module that makes it). ``put(rec)`` writes one record and answers
    None, except in the table format with ``errors_apart``, where a record whose line failed is not written
    and is answered (shaped) for the caller to report; ``close()`` ends the output (json: the bracket)."""
    from .contract import shape

    if fmt == "jsonl":  # a record may come as its JSON text already (mjcli.batch.json_record)
        write = out.write

        def put_jsonl(rec):
            write((rec if rec.__class__ is str else dumps(shape(kind, rec))) + "\n")

        return put_jsonl, _done
    if fmt == "json":
        out.write("[")
        first = [True]

        def put_json(rec):
            out.write(("\n" if first[0] else ",\n") + (rec if rec.__class__ is str else dumps(shape(kind, rec))))
            first[0] = False

        return put_json, lambda: out.write("\n]\n" if not first[0] else "]\n")
    if fmt == "csv":
        from .contract import csv_columns, csv_rows

        rows = csv.writer(EscapingWriter(out), lineterminator="\n")
        cols = csv_columns(kind)
        if header:
            rows.writerow(cols)

        def put_csv(rec):
            rows.writerows([_csv_cell(row[c]) for c in cols] for row in csv_rows(kind, shape(kind, rec)))

        return put_csv, _done
    render = TABLES[kind]
    text = EscapingWriter(out)
    first = [True]

    def put_table(rec):
        rec = shape(kind, rec)
        if errors_apart and rec.get("ok") is False:
            return rec
        if not first[0]:
            text.write("\n")
        text.write((render(rec, glyphs) if width is None else render(rec, glyphs, width)) + "\n")
        first[0] = False
        return None

    return put_table, _done


def _done() -> None:
    """The end of a format that writes nothing after its records."""
