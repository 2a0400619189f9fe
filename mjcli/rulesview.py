"""What ``mjcli rules`` prints: the variant list, a hand table, the tile set, file checks."""

from __future__ import annotations

from typing import TextIO

from .errors import MjError

NOTATION = """\
Notation: CONCEALED  MELDS...  | BONUS...  CONTEXT...
  tiles    123m 456p 789s (digits + suit), 1z-7z or E S W N P(white) F(green) C(red)
  melds    [123p] chow/pong claimed   [5555p] claimed kong   {5555p} added kong   (5555p) concealed kong
  bonus    after |: f1-f4 flowers, s1-s4 seasons, cat mouse rooster centipede (a1-a4), face (k1-k4), J drowned Fei
  context  @5p winning tile, zimo, seat=S, round=E, last-tile, last-discard, kong-replacement,
           bonus-replacement, rob-kong, kong-on-kong, heavenly, earthly
  example  234p 567p EE [CCC] [FFF] | f1 s1 zimo seat=E"""


def print_variant_list(out: TextIO, fmt: str = "table") -> None:
    from tabulate import tabulate

    from .variant import builtin_ids, load_builtin

    rows = []
    for vid in builtin_ids():
        try:
            v = load_builtin(vid)
            rows.append({"id": v.id, "name": v.name, "unit": v.unit, "minimum": v.minimum, "limit": v.limit,
                         "players": v.players, "patterns": len(v.patterns)})
        except MjError as exc:
            rows.append({"id": vid, "name": f"(broken: {exc.message})"})
    if fmt == "json":
        import json

        from .contract import shape

        out.write(json.dumps([shape("variants", r) for r in rows], ensure_ascii=False, indent=2) + "\n")
        return
    out.write(tabulate([[r.get(k, "") for k in ("id", "name", "unit", "minimum", "limit", "players")] for r in rows],
                       headers=["variant", "name", "unit", "minimum", "limit", "players"], tablefmt="simple") + "\n")
    out.write("\n`mjcli rules VARIANT` prints its hand table; `--tiles` its tiles and notation.\n")


def variant_record(v, lang: str = "en") -> dict:
    return {
        "id": v.id,
        "name": v.names.get(lang) or v.name,
        "unit": v.unit,
        "minimum": v.minimum,
        "limit": v.limit,
        "patterns": [
            {"id": p.id, "name": p.name_in(lang), "value": v.limit if p.limit else p.value, "limit": p.limit,
             "each": p.each, "replaces": list(p.replaces), "description": p.description_in(lang),
             "example": p.example}
            for p in v.patterns
        ],
        "payment": dict(v.payment),
        "liability": list(v.liability),
        "notes": list(v.notes),
    }


def print_table(v, out: TextIO, lang: str = "en", fmt: str = "table") -> None:
    from .registry import game_kind

    out.write(game_kind(v.game).rules_table(v, lang, fmt))


def mahjong_table(v, lang: str = "en", fmt: str = "table") -> str:
    """A mahjong variant's hand table and payment rules, as text."""
    import io

    out = io.StringIO()
    _write_table(v, out, lang, fmt)
    return out.getvalue()


def _write_table(v, out: TextIO, lang: str, fmt: str) -> None:
    rec = variant_record(v, lang)
    if fmt == "json":
        import json

        from .contract import shape

        out.write(json.dumps(shape("rules", dict(rec, game=v.game)), ensure_ascii=False, indent=2) + "\n")
        return
    from tabulate import tabulate

    out.write(f"{rec['name']} ({v.id}): unit {v.unit}, minimum {v.minimum}, limit {v.limit}\n")
    if v.extra.get("extends"):
        out.write(f"house rules from {v.extra.get('house_file', v.source)}, extending {v.extra['extends']}\n")
    out.write("\n")
    rows = []
    for p in rec["patterns"]:
        value = f"limit ({p['value']})" if p["limit"] else (f"{p['value']} each" if p["each"] else p["value"])
        desc = p["description"]
        if p["replaces"]:
            desc += f" [replaces {', '.join(p['replaces'])}]"
        rows.append([p["id"], p["name"], value, desc, p["example"]])
    out.write(tabulate(rows, headers=["id", "name", v.unit, "description", "example"], tablefmt="simple",
                       maxcolwidths=[None, 28, None, 50, 40]) + "\n")
    pay = v.payment
    if pay:
        out.write("\nPayment")
        if pay.get("ladder_name"):
            out.write(f" ({pay['ladder_name']})")
        out.write(":\n")
        if pay.get("ladder"):
            ladder = pay["ladder"]
            out.write(tabulate([[k, ladder[k]] for k in sorted(ladder)], headers=[v.unit, "base"],
                               tablefmt="simple") + "\n")
        d, s = pay.get("discard", {}), pay.get("self_drawn", {})
        if d:
            out.write(f"  discard: the shooter pays {d.get('shooter', 1)} x base, each other loser {d.get('others', 0)} x base\n")
        if s:
            out.write(f"  self-drawn: each loser pays {s.get('each', 1)} x base\n")
        b = pay.get("bao") or {}
        if b:
            yes = {True: "yes", False: "no"}
            out.write(f"  bao (liable player pays everyone's share): on a discard win {yes[bool(b.get('on_discard'))]}, "
                      f"on a self-drawn win {yes[bool(b.get('on_self_drawn'))]}\n")
        if pay.get("stake"):
            out.write(f"  stake: {pay['stake']} money per unit (settle --stake overrides it)\n")
        if pay.get("paid_as_self_drawn"):
            out.write(f"  paid by all as self-drawn: {', '.join(pay['paid_as_self_drawn'])}\n")
    if v.instant:
        out.write("\nInstant payments (from each other player unless stated):\n")
        for k, val in v.instant.items():
            out.write(f"  {k}: {val}\n")
    if v.liability:
        out.write("\nLiability (bao):\n")
        for line in v.liability:
            out.write(f"  - {line}\n")
    if v.notes:
        out.write("\nNotes:\n")
        for line in v.notes:
            out.write(f"  - {line}\n")


def print_tiles(v, out: TextIO) -> None:
    from .registry import game_kind

    out.write(game_kind(v.game).tiles_text(v))


def mahjong_tiles(v) -> str:
    """A mahjong variant's tile set and the notation, as text."""
    import io

    out = io.StringIO()
    _write_tiles(v, out)
    return out.getvalue()


def _write_tiles(v, out: TextIO) -> None:
    from .tiles import format_tiles, variant_tiles

    tiles = variant_tiles(v)
    count = 4 * len(tiles) + 4 * len(v.tiles.bonus) + v.tiles.jokers  # every bonus family has four tiles
    out.write(f"{v.name} ({v.id}): {count} tiles\n")
    out.write(f"  suited and honours: {format_tiles(tiles)}  (four of each)\n")
    bonus = {"flower": "f1 f2 f3 f4", "season": "s1 s2 s3 s4", "animal": "cat mouse rooster centipede (a1-a4)",
             "face": "face x4 (k1-k4)"}
    for fam in v.tiles.bonus:
        out.write(f"  {fam}s: {bonus[fam]}\n")
    if v.tiles.jokers:
        out.write(f"  Fei jokers: J x{v.tiles.jokers}\n")
    out.write(f"  seats: {' '.join(v.seats)}   rounds: {' '.join(v.rounds)}\n\n")
    out.write(NOTATION + "\n")


def print_registry(out: TextIO) -> None:
    from .patterns import REGISTRY
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
