"""What ``mjcli rules`` prints: the variant list, a hand table (the cheat sheet), the tile set, file checks."""

from __future__ import annotations

from typing import TextIO

from .errors import MjError
from .i18n import phrase as _p
from .i18n import tr as _t

NOTATION_ROWS = (
    ("tiles", "123m 456p 789s (digits + suit), 1z-7z or E S W N P (white) F (green) C (red)"),
    ("melds", "[123p] chow or pong claimed, [5555p] claimed kong, {5555p} added kong, (5555p) concealed kong; "
              "unquoted in a shell: +123p +5555p ++5555p _5555p"),
    ("bonus", ""),  # the table's own bonus words (_BONUS_WORDS): _notation_rows
    ("context", "@5p winning tile, zimo, seat=S, round=E, last-tile, last-discard, kong-replacement, "
                "bonus-replacement, rob-kong, kong-on-kong, heavenly, earthly, last-of-kind"),
    ("also", "123M 5P, lower-case e w n c f (a lone p or s is ambiguous), commas, 55s@5s, tile glyphs, "
             "東 南 西 北 中 發 白, seat=east or nan, 13 tiles plus @T; quotes optional (docs/notation.md)"),
    ("example", "234p 567p EE [CCC] [FFF] | f1 s1 zimo seat=E"),
)
FORMATS = ("table", "json", "jsonl", "csv", "markdown", "html")


def notation_lines(head: str, rows, width: int = 80) -> list[str]:
    """The notation help: a heading and labelled rows, fitted to ``width``."""
    from .sheet import labelled, wrap

    out = wrap(head, width)
    for label, text in rows:
        out.extend(labelled(label, text, width))
    return out


def write_rows(rows: list[dict], fmt: str, out: TextIO, kind: str) -> None:
    """Records of ``kind`` (variants, pattern, huxi_group) as ``jsonl`` or ``csv``: the one renderer's,
    every record shaped by the contract (``mjcli schema KIND``)."""
    from .output import emit

    emit(rows, fmt, kind, out)


def print_variant_list(out: TextIO, fmt: str = "table", width: int = 80) -> None:
    from .variant import builtin_ids, load_builtin

    rows = []
    for vid in builtin_ids():
        try:
            v = load_builtin(vid)
            rows.append({"id": v.id, "name": v.name, "unit": v.unit, "minimum": v.minimum,
                         "limit": v.limit if v.has_limit else None,  # no limit: null (the schema allows it)
                         "players": v.players, "patterns": len(v.patterns)})
        except MjError as exc:
            rows.append({"id": vid, "name": f"(broken: {exc.message})"})
    if fmt == "json":
        import json

        from .contract import shape
        from .safetext import escape_json

        out.write(escape_json(json.dumps([shape("variants", r) for r in rows], ensure_ascii=False, indent=2)) + "\n")
        return
    if fmt in ("jsonl", "csv"):
        keys = ("id", "name", "unit", "minimum", "limit", "players", "patterns")
        write_rows([{k: r.get(k) for k in keys} for r in rows], fmt, out, "variants")
        return
    from .sheet import render

    keys = ("id", "name", "unit", "minimum", "limit", "players")
    doc = [("table", ["variant", "name", "unit", "minimum", "limit", "players"],
            [[_cell(r, k) for k in keys] for r in rows], {"right": (3, 4, 5)})]
    if fmt == "table":
        doc.append(("p", "`mjcli rules VARIANT` prints its hand table (`--long` with descriptions and "
                         "examples); `--tiles` its tiles and notation."))
    out.write(render(doc, fmt, width))


def short_when(description: str) -> str:
    """The first clause of a description: the short "when" of the cheat sheet.

    >>> short_when("Four chows and any pair; bonus tiles do not spoil it.")
    'Four chows and any pair'
    >>> short_when("Tong only, no honours (also called full colour).")
    'Tong only, no honours (also called full colour)'
    """
    text = description.strip()
    cut = len(text)
    for mark in ("; ", ". ", "；", "。"):
        i = text.find(mark)
        if 0 < i < cut:
            cut = i
    return text[:cut].rstrip(".;。； ")


def _cell(row: dict, key: str) -> str:
    """A cell of the variant list: no limit (null) is written "none"."""
    if key == "limit" and row.get("limit") is None and "unit" in row:
        return "none"
    return str(row.get(key, ""))


def value_text(p: dict) -> str:
    """The value column: a number, "N each", or "limit" (the title gives the limit's value)."""
    if p["limit"]:
        return _t("limit")
    return _t("{n} each", n=p["value"]) if p["each"] else str(p["value"])


def variant_record(v, lang: str = "en") -> dict:
    return {
        "id": v.id,
        "name": v.names.get(lang) or v.name,
        "unit": v.unit,
        "minimum": v.minimum,
        "limit": v.limit,
        "patterns": [
            {"id": p.id, "name": p.name_in(lang), "value": v.limit if p.limit else p.value, "limit": p.limit,
             "each": p.each, "replaces": list(p.replaces), "when": short_when(p.description_in(lang)),
             "description": p.description_in(lang), "example": p.example}
            for p in v.patterns
        ],
        "payment": dict(v.payment),
        "liability": list(v.liability),
        "notes": list(v.notes),
        "names": dict(v.names),
        "seats": list(v.seats),
    }


def print_table(v, out: TextIO, lang: str = "en", fmt: str = "table", *, width: int = 80, long: bool = False,
                glyphs: bool = False, only: list[str] | None = None) -> None:
    """The game's rules table; ``only`` (pattern ids) keeps those patterns alone, without the payments."""
    if only:
        out.write(mahjong_table(v, lang, fmt, width=width, long=long, glyphs=glyphs, only=only))
        return
    from .registry import game_kind

    out.write(game_kind(v.game).rules_table(v, lang, fmt, width=width, long=long, glyphs=glyphs))


def mahjong_table(v, lang: str = "en", fmt: str = "table", *, width: int = 80, long: bool = False,
                  glyphs: bool = False, only: list[str] | None = None) -> str:
    """A mahjong variant's hand table and payment rules: text fitted to ``width``, or json, jsonl,
    csv (one record a pattern), markdown or html. ``only``: those pattern ids alone."""
    rec = variant_record(v, lang)
    if only:
        rec["patterns"] = [p for p in rec["patterns"] if p["id"] in only]
    if fmt == "json":
        import json

        from .contract import shape
        from .safetext import escape_json

        return escape_json(json.dumps(shape("rules", dict(rec, game=v.game)), ensure_ascii=False, indent=2)) + "\n"
    if fmt in ("jsonl", "csv"):
        import io

        buf = io.StringIO()
        write_rows([{"variant": v.id, **p} for p in rec["patterns"]], fmt, buf, "pattern")
        return buf.getvalue()
    from .sheet import render

    doc = mahjong_doc(v, rec, long=long, glyphs=glyphs and fmt == "table")
    if only:  # the title and the patterns asked for
        doc = [b for b in doc if b[0] in ("title", "table")][:2]
    return render(doc, fmt, width)


def mahjong_doc(v, rec: dict, long: bool = False, glyphs: bool = False) -> list[tuple]:
    """The cheat sheet of a mahjong variant as :mod:`mjcli.sheet` blocks."""
    head = (_t("unit {unit}, minimum {minimum}, limit {limit}", unit=_p(v.unit), minimum=v.minimum, limit=v.limit)
            if v.has_limit else _t("unit {unit}, minimum {minimum}, no limit", unit=_p(v.unit), minimum=v.minimum))
    doc: list[tuple] = [("title", f"{rec['name']} ({v.id}): " + head)]
    if v.extra.get("extends"):
        doc.append(("p", _t("house rules from {file}, extending {base}", file=v.extra.get("house_file", v.source),
                            base=v.extra["extends"])))
    rows = []
    for p in rec["patterns"]:
        if long:
            desc = p["description"]
            if p["replaces"]:
                desc += " [" + _t("replaces {ids}", ids=", ".join(p["replaces"])) + "]"
            example = p["example"]
            if example:
                desc += "\n" + _t("example: ") + example
                if glyphs:
                    from .output import _hand_glyphs

                    desc += "\n" + _hand_glyphs(example, True).split("  ")[0]
            rows.append([p["id"], p["name"], value_text(p), desc])
        else:
            rows.append([p["id"], p["name"], value_text(p), p["when"]])
    doc.append(("table", ["id", _t("name"), _p(v.unit), _t("description") if long else _t("when")], rows,
                {"least": [None, 10, 6, 20]}))
    doc.extend(_payment_blocks(v))
    return doc


def _payment_blocks(v) -> list[tuple]:
    out: list[tuple] = []
    pay = v.payment
    if pay:
        head = _t("Payment") + (f" ({pay['ladder_name']})" if pay.get("ladder_name") else "")
        out.append(("h", head + ":"))
        if pay.get("ladder"):
            ladder = pay["ladder"]
            out.append(("table", [_p(v.unit), _t("base")], [[str(k), str(ladder[k])] for k in sorted(ladder)],
                        {"right": (0, 1)}))
        lines = []
        if pay.get("linear") is not None:
            lines.append(_t("base = {fixed} + {unit} x {linear}", fixed=pay.get("fixed", 0), unit=_p(v.unit),
                            linear=pay["linear"]))
        from .registry import game_kind

        own = game_kind(v.game).win_payment_lines(v, pay)  # a game that pays its own way says how (mcr)
        d, s = pay.get("discard", {}), pay.get("self_drawn", {})
        if own is not None:
            lines.extend(own)
        if d and own is None:
            lines.append(_t("discard: the shooter pays {shooter} x base, each other loser {others} x base",
                            shooter=d.get("shooter", 1), others=d.get("others", 0)))
        if s and own is None:
            lines.append(_t("self-drawn: each loser pays {each} x base", each=s.get("each", 1)))
        b = pay.get("bao") or {}
        if b:
            yes = {True: _t("yes"), False: _t("no")}
            lines.append(_t("bao (liable player pays everyone's share): on a discard win {discard}, "
                            "on a self-drawn win {self_drawn}", discard=yes[bool(b.get("on_discard"))],
                            self_drawn=yes[bool(b.get("on_self_drawn"))]))
        if pay.get("stake"):
            lines.append(_t("stake: {stake} money per unit (settle --stake overrides it)", stake=pay["stake"]))
        if pay.get("paid_as_self_drawn"):
            lines.append(_t("paid by all as self-drawn: ") + ", ".join(pay["paid_as_self_drawn"]))
        if lines:
            out.append(("lines", lines))
    if v.instant:
        out.append(("h", _t("Instant payments (from each other player unless stated):")))
        out.append(("lines", [f"{k}: {val}" for k, val in v.instant.items()]))
    if v.liability:
        out.append(("h", _t("Liability (bao):")))
        out.append(("list", [_p(x) for x in v.liability]))
    if v.notes:
        out.append(("h", _t("Notes:")))
        out.append(("list", [_p(x) for x in v.notes]))
    return out


def print_tiles(v, out: TextIO, *, width: int = 80, glyphs: bool = False) -> None:
    from .registry import game_kind

    out.write(game_kind(v.game).tiles_text(v, width=width, glyphs=glyphs))


def mahjong_tiles(v, *, width: int = 80, glyphs: bool = False) -> str:
    """A mahjong variant's tile set and the notation, as text fitted to ``width``."""
    from .sheet import MIN_WIDTH, labelled, wrap
    from .mahjong.tiles import format_tiles, tile_glyph, variant_tiles

    width = max(width, MIN_WIDTH)
    tiles = variant_tiles(v)
    count = 4 * len(tiles) + 4 * len(v.tiles.bonus) + v.tiles.jokers  # every bonus family has four tiles
    out = wrap(f"{v.name} ({v.id}): {count} tiles", width)
    rows = [("tiles", f"{format_tiles(tiles)} (four of each)")]
    if glyphs:
        rows.append(("glyphs", " ".join("".join(tile_glyph(t) for t in tiles if t // 9 == k) for k in range(4)
                                        if any(t // 9 == k for t in tiles))))
    bonus = {"flower": "f1 f2 f3 f4", "season": "s1 s2 s3 s4", "animal": "cat mouse rooster centipede (a1-a4)",
             "face": "face x4 (k1-k4)"}
    for fam in v.tiles.bonus:
        rows.append((f"{fam}s", bonus[fam]))
    if v.tiles.jokers:
        rows.append(("Fei", f"J x{v.tiles.jokers} (jokers)"))
    rows.append(("seats", " ".join(v.seats)))
    rows.append(("rounds", " ".join(v.rounds)))
    for label, text in rows:
        out.extend(labelled(label + ":", text, width))
    out.append("")
    out.extend(notation_lines("Notation: CONCEALED  MELDS...  | BONUS...  CONTEXT...", _notation_rows(v, tiles), width))
    return "\n".join(out) + "\n"


_BONUS_WORDS = {"flower": "f1-f4 flowers", "season": "s1-s4 seasons", "animal": "cat mouse rooster centipede (a1-a4)",
                "face": "face (k1-k4)"}  # how a bonus family is written after the bar (the Fei: J)


def _notation_rows(v, tiles) -> list:
    """:data:`NOTATION_ROWS` for the table ``v`` (``tiles``: its tile kinds): its suits in the tiles row, its bonus
    tiles, and an example that is a whole hand of its size (the general one, else its first pattern's example)."""
    from .errors import MjError
    from .mahjong.tiles import parse_hand, validate

    rows = dict(NOTATION_ROWS)
    suits = [s for k, s in enumerate("mps") if any(t // 9 == k for t in tiles)]
    if suits and len(suits) < 3:
        runs = " ".join(f"{d}{suits[i % len(suits)]}" for i, d in enumerate(("123", "456", "789")))
        rows["tiles"] = rows["tiles"].replace("123m 456p 789s", runs)
    bonus = [_BONUS_WORDS[f] for f in v.tiles.bonus] + (["J drowned Fei"] if v.tiles.jokers else [])
    rows["bonus"] = ("after | (unquoted: a lone :): " + ", ".join(bonus)) if bonus else f"none in {v.id}"
    examples = [rows["example"]] + [s.example for s in v.patterns if s.example]
    for text in examples:
        try:
            validate(parse_hand(text), v, size=v.hand.size)
        except MjError:
            continue
        rows["example"] = text
        break
    return list(rows.items())


def print_registry(out: TextIO) -> None:
    from .mahjong.patterns import REGISTRY
    from .registry import load_games

    load_games()

    for pid in sorted(REGISTRY):
        out.write(f"{pid}\t{REGISTRY[pid].doc.splitlines()[0] if REGISTRY[pid].doc else ''}\n")


def check_files(paths, out: TextIO) -> bool:
    """Validate rule files; print every problem; True when all are good."""
    import click

    from .errors import RuleFileError
    from .api import load_variant
    from .safetext import escape_controls, one_line

    ok = True
    for path in paths:
        try:
            v = load_variant(rules_file=path)
        except RuleFileError as exc:
            ok = False
            for p in exc.problems:
                click.echo(f"error: {escape_controls(one_line(p))}", err=True)
            continue
        except MjError as exc:
            ok = False
            click.echo(f"error: {escape_controls(one_line(f'{path}: {exc.message}'))}", err=True)
            continue
        out.write(f"{path}: ok ({v.id}, {len(v.patterns)} patterns)\n")
    return ok
