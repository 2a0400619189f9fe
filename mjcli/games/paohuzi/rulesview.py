"""What ``mjcli rules paohuzi`` prints: the huxi table, the tun ladder, the win conditions.

Every number comes from the variant (its YAML file); the words are fixed here.
"""

from __future__ import annotations

import json

from ...rulesview import notation_lines, write_rows
from ...sheet import MIN_WIDTH, labelled, render, wrap
from .cards import BIG_ZH, SMALL_ZH
from .config import KINDS, config, description, names, term

LADDER_ROWS = 8

EXAMPLE = "x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7d10 d5d5d5 x10x10 d10 @x10"

NOTATION_HEAD = "Notation: CARDS  GROUPS...  CONTEXT..."
NOTATION_ROWS = (
    ("cards", "x1..x10 small, d1..d10 big, back to back allowed (x1x2x3; the number is read greedily, "
              f"x10 is ten); Chinese numerals {SMALL_ZH[0]}..{SMALL_ZH[-1]} small, {BIG_ZH[0]}..{BIG_ZH[-1]} big"),
    ("groups", "shown: [x1x2x3] chi, [x5x5x5] peng, [x5x5x5x5] pao, (x5x5x5) wei, (x5x5x5x5) ti (unquoted in a "
               "shell: +x1x2x3, _x5x5x5); three alike in the hand are a kan (found by the scorer, never split)"),
    ("context", "@x5 the winning card (default: the last card written in the hand), self (the player revealed "
                "it), heavenly (the opening three-ti / five-kan win)"),
    ("example", EXAMPLE),
)


def _other_langs(lang: str) -> list[str]:
    return [x for x in ("en", "th", "zh") if x != lang]


def ladder(cfg, rows: int = LADDER_ROWS) -> list[dict]:
    """The first rows of the tun ladder: {"from", "to", "tun"}."""
    out = []
    for k in range(rows):
        lo = cfg.minimum + k * cfg.tun_step
        out.append({"from": lo, "to": lo + cfg.tun_step - 1, "tun": cfg.tun_first + k})
    return out


def _hx(cfg, kind: str) -> str:
    s, b = cfg.huxi[kind]
    return f"{kind} {s}/{b}"


def winning_card_rows(cfg) -> list[dict]:
    elsewhere = "the card joins a chi or the pair instead"
    return [
        {"holds": "a pair of it", "self": _hx(cfg, "wei"),
         "other": f"{_hx(cfg, 'peng')}, or the card joins a chi, whichever is worth more"},
        {"holds": "a kan or shown wei of it", "self": _hx(cfg, "ti"),
         "other": f"{_hx(cfg, 'pao')}, or {elsewhere} (the kan or wei kept whole), whichever is worth more"},
        {"holds": "a shown peng of it",
         "self": f"{_hx(cfg, 'pao')}, or {elsewhere} (the peng kept whole), whichever is worth more",
         "other": "same"},
        {"holds": "none of it", "self": "it joins a run, 2-7-10, mixed triple or the pair", "other": "same"},
    ]


def win_conditions(variant, cfg) -> list[str]:
    hv = term(variant, "heavenly", "en")
    return [
        "Seven groups. Of three: chi (a run of one size, 2-7-10 of one size, or three of one number "
        "mixing sizes), peng, wei, kan. Of four: pao, ti.",
        "A pair is one of the seven exactly when the hand holds a ti or pao, and then exactly one pair.",
        "Cards at the win: 21 + max(0, q - 1), q being the number of ti and pao.",
        "A kan (three alike dealt to the hand) is never split.",
        f"The win needs at least {cfg.minimum} {variant.unit}; the reading with the most {variant.unit} counts.",
        "The winning card is revealed from the stock, never a discard; what it forms depends on who revealed it "
        "(table below).",
        "Ti and wei are forced; peng and pao are optional: where the table offers a choice, the reading worth "
        "more counts.",
        "A ti or pao made by the winning card is allowed only when the hand holds no ti or pao yet.",
        f"{hv[0].upper() + hv[1:]}: {cfg.heavenly_ti} ti or {cfg.heavenly_kan} kan in the opening hand win at "
        "once; only those ti and kan count for huxi, the other cards need not form groups.",
    ]


def payment_line(variant, cfg) -> str:
    pay = variant.payment
    unit = pay.get("linear", 1)
    opp = len(variant.seats) - 1
    return (f"each of the {opp} opponents pays the winner tun x {unit}; the stock running out is a draw and "
            "nobody pays")


def record(variant, lang: str = "en") -> dict:
    cfg = config(variant)
    return {
        "id": variant.id,
        "name": variant.names.get(lang) or variant.name,
        "names": dict(variant.names),
        "game": "paohuzi",
        "unit": variant.unit,
        "minimum": variant.minimum,
        "limit": variant.limit,
        "seats": list(variant.seats),
        "groups": [
            {"kind": k, "name": names(variant, k).get(lang) or names(variant, k).get("en") or k,
             "names": names(variant, k), "small": cfg.huxi[k][0], "big": cfg.huxi[k][1],
             "description": description(variant, k, lang)}
            for k in KINDS
        ],
        "tun": {"first": cfg.tun_first, "step": cfg.tun_step,
                "formula": f"tun = {cfg.tun_first} + (huxi - {cfg.minimum}) // {cfg.tun_step}",
                "ladder": ladder(cfg)},
        "heavenly": {"ti": cfg.heavenly_ti, "kan": cfg.heavenly_kan},
        "win_conditions": win_conditions(variant, cfg),
        "winning_card": winning_card_rows(cfg),
        "terms": {t: dict((variant.extra.get("terms") or {}).get(t) or {}) for t in ("huxi", "tun", "heavenly")},
        "payment": dict(variant.payment),
        "payment_text": payment_line(variant, cfg),
        "notes": list(variant.notes),
        "liability": list(variant.liability),
    }


def rules_table(variant, lang: str = "en", fmt: str = "table", *, width: int = 80, long: bool = False) -> str:
    """The huxi table, the tun ladder and the win conditions: text fitted to ``width`` (``long`` adds
    the group names in the other languages), json, jsonl or csv (one record a group), markdown or html."""
    rec = record(variant, lang)
    if fmt == "json":
        from ...contract import shape
        from ...safetext import escape_json

        return escape_json(json.dumps(shape("rules", rec), ensure_ascii=False, indent=2)) + "\n"
    if fmt in ("jsonl", "csv"):
        import io

        buf = io.StringIO()
        write_rows([{"variant": variant.id, "kind": g["kind"], "name": g["name"], "small": g["small"],
                     "big": g["big"], "description": g["description"], "names": g["names"]}
                    for g in rec["groups"]], fmt, buf, "huxi_group")
        return buf.getvalue()
    return render(_doc(variant, rec, lang, long), fmt, width)


def _doc(variant, rec: dict, lang: str, long: bool) -> list[tuple]:
    """The sheet's blocks; its words in the language of ``--lang`` (:mod:`mjcli.i18n`; the record stays English)."""
    from ...i18n import phrase as _p
    from ...i18n import tr as _t

    cfg = config(variant)
    others = _other_langs(lang)
    zh = variant.names.get("zh", "")
    title = rec["name"] + (f" {zh}" if zh and zh != rec["name"] else "")
    unit_names = ", ".join(term(variant, "huxi", x) for x in others)
    doc: list[tuple] = [("title", f"{title} ({variant.id}): " + _t(
        "unit {unit} ({others}), a win needs {minimum}; {n} players ({seats})", unit=term(variant, "huxi", lang),
        others=unit_names, minimum=cfg.minimum, n=len(variant.seats), seats=" ".join(variant.seats)))]
    doc.append(("h", _t("Huxi per group (small x / big d; a mixed triple counts as the size two of its cards have):")))
    rows = []
    for g in rec["groups"]:
        names_ = [g["names"].get(x, "") for x in others] if long else []
        rows.append([g["kind"], g["name"], *names_, str(g["small"]), str(g["big"]), g["description"]])
    heads = [_t("kind"), _t("name"), *(others if long else []), _t("small"), _t("big"), _t("what")]
    n = len(heads)
    doc.append(("table", heads, rows, {"right": (n - 3, n - 2), "least": [None, 6] + [6] * (n - 5) + [None, None, 20]}))
    tun_names = ", ".join(term(variant, "tun", x) for x in others)
    tun, huxi = _p("tun"), _p(variant.unit)
    formula = f"{tun} = {cfg.tun_first} + ({huxi} - {cfg.minimum}) // {cfg.tun_step}"
    doc.append(("h", _t("Tun ({names}): {formula}", names=tun_names, formula=formula)))
    lad = [[f"{r['from']}-{r['to']}", str(r["tun"])] for r in rec["tun"]["ladder"]]
    doc.append(("table", [huxi, tun], lad, {"right": (1,)}))
    doc.append(("p", _t("(and one tun more for every {n} {unit} more)", n=cfg.tun_step, unit=huxi)))
    doc.append(("h", _t("Win conditions:")))
    doc.append(("list", [_p(x) for x in rec["win_conditions"]]))
    doc.append(("h", _t("The winning card forms, by who revealed it:")))
    wrows = [[_p(r["holds"]), _p(r["self"]), _p(r["other"])] for r in rec["winning_card"]]
    doc.append(("table", [_t("the hand holds"), _t("revealed by the player (self)"), _t("revealed by another")],
                wrows, {"least": [12, 14, 14]}))
    heav = ", ".join(term(variant, "heavenly", x) for x in others)
    doc.append(("p", f"({term(variant, 'heavenly', lang)}: {heav})"))
    doc.append(("p", _t("Payment: ") + _p(rec["payment_text"]) + "."))
    if variant.notes:
        doc.append(("h", _t("Notes:")))
        doc.append(("list", [_p(x) for x in variant.notes]))
    return doc


def tiles_text(variant, *, width: int = 80) -> str:
    width = max(width, MIN_WIDTH)
    rows = [
        ("small (小):", "x1 x2 x3 x4 x5 x6 x7 x8 x9 x10   " + " ".join(SMALL_ZH)),
        ("big (大):", "d1 d2 d3 d4 d5 d6 d7 d8 d9 d10   " + " ".join(BIG_ZH)),
        ("seats:", f"{' '.join(variant.seats)} (three players; the dealer holds 21 cards, the others 20)"),
    ]
    lines = wrap(f"{variant.name} ({variant.id}): 80 cards, four of each", width)
    for label, text in rows:
        lines.extend(labelled(label, text, width, column=15))
    lines.append("")
    lines.extend(notation_lines(NOTATION_HEAD, NOTATION_ROWS, width))
    return "\n".join(lines) + "\n"
