"""--lang (issue 27): message catalogs (gettext .po/.mo), translated table screens, an allow-list of English."""

import json
import re
from pathlib import Path

import pytest

from mjcli import i18n
from mjcli.cli import cli
from mjcli.sheet import text_width, wrap
from mjcli.variant import builtin_ids, load_builtin

LANGS = ("ms", "ta", "zh", "th")
LEDGER = Path(__file__).parent.parent / "examples" / "ledger.jsonl"
ALLOW = Path(__file__).parent / "lang_allowlist.txt"


@pytest.mark.parametrize("lang", LANGS)
def test_each_mo_matches_its_po(lang):
    # the committed .mo is what our compiler makes of the .po: run `python -m mjcli.i18n` after editing one
    po = i18n.po_path(lang).read_text(encoding="utf-8")
    assert i18n.mo_path(lang).read_bytes() == i18n.compile_po(po)


@pytest.mark.parametrize("lang", LANGS)
def test_each_translation_keeps_its_fields(lang):
    msgs = i18n.parse_po(i18n.po_path(lang).read_text(encoding="utf-8"))
    assert "charset=UTF-8" in msgs[""]
    for msgid, msgstr in msgs.items():
        assert sorted(re.findall(r"\{\w+\}", msgid)) == sorted(re.findall(r"\{\w+\}", msgstr)), msgid


def test_the_mo_reads_with_stdlib_gettext():
    import gettext

    with open(i18n.mo_path("zh"), "rb") as f:
        t = gettext.GNUTranslations(f)
    assert t.gettext("limit hand") == "爆棚" and t.gettext("no such message") == "no such message"


def test_compile_po_escapes_and_fuzzy():
    po = ('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
          'msgid "a \\"b\\""\nmsgstr "ก \\"ข\\""\n\n#, fuzzy\nmsgid "c"\nmsgstr "x"\n\nmsgid "d"\nmsgstr ""\n')
    assert i18n.parse_po(po) == {"": "Content-Type: text/plain; charset=UTF-8\n", 'a "b"': 'ก "ข"'}
    import gettext
    import io

    t = gettext.GNUTranslations(io.BytesIO(i18n.compile_po(po)))
    assert t.gettext('a "b"') == 'ก "ข"' and t.gettext("c") == "c"


def test_phrase_matches_templates_and_translates_units():
    i18n.use("zh")
    try:
        assert i18n.phrase("shooter (5 faan)") == "出銃 (5 番)"
        assert i18n.phrase("self-drawn win (6 fan)") == "自摸 (6 番)"
        assert i18n.phrase("something else") == "something else"
    finally:
        i18n.use("en")
    assert i18n.phrase("shooter (5 faan)") == "shooter (5 faan)"


def _allowed(lang):
    words = set()
    for line in ALLOW.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            who, _, rest = line.partition(":")
            if who.strip() in ("*", lang):
                words.update(rest.split())
    return words


SCREENS = [
    ("hk", ["score", "123m", "456m", "789m", "234p", "55s", "zimo"]),
    ("hk", ["score", "123m 456m 789m 234p 55s @5s"]),  # below the minimum: nothing paid
    ("hk", ["score", "123m 456m 789m 234p 5s 7s"]),  # not a winning hand
    ("hk", ["score", "--ladder", "half_spicy", "--stake", "2", "111m 999m 111p 999p EE zimo"]),
    ("sg", ["score", "-v", "sg", "123m 456m 789m 234p 55s @4p"]),
    ("my3", ["score", "-v", "my3", "123p 456p 789p EEE J J @9p | f1 cat"]),
    ("hk", ["wait", "123m 456m 789m 23p EE"]),
    ("hk", ["wait", "123m 456m 789m 23p EE 5s"]),
    ("hk", ["wait", "123m 456m 789m 234p 55s"]),  # already a win, or discard and wait
    ("hk", ["wait", "135m 135p 135s 1357s"]),  # not ready
    ("paohuzi", ["score", "-v", "paohuzi", "x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7d10 d5d5d5 x10x10 d10 @x10"]),
    ("paohuzi", ["wait", "-v", "paohuzi", "x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7d10 d5d5d5 x10 d10"]),
    ("hk", ["settle", "--winner", "E", "--from", "S", "--value", "5"]),
    ("hk", ["settle", "--winner", "E", "--value", "5"]),
    ("hk", ["settle", "--winner", "E", "--from", "S", "--value", "13"]),  # above the limit: paid as 10
    ("my3", ["settle", "-v", "my3", "--winner", "E", "--value", "6", "--kong", "S:concealed", "--fei", "E=1"]),
    ("sg", ["settle", "--ledger", "examples/ledger.jsonl"]),
]
# the rarer screens: a ledger that names its players, instant payments, wait hints, not-ready notes, the
# rules of every variant
RARE_SCREENS = [
    ("sg", ["settle", "--ledger", "examples/ledger-players.jsonl"]),
    ("my3", ["settle", "--ledger", "examples/ledger-my3-players.jsonl"]),
    ("sg", ["settle", "-v", "sg", "--winner", "E", "--value", "2", "--kong", "S:concealed",
            "--bonus", "W=cat mouse f1 f2 f3 f4", "--bonus", "N=rooster centipede s4"]),
    ("my3", ["settle", "-v", "my3", "--winner", "E", "--from", "S", "--value", "6", "--kong", "W:added",
             "--fei", "E=2", "--bonus", "S=f2 cat", "--bonus", "W=f3"]),
    ("my3", ["wait", "-v", "my3", "123p 456p 789p EE 11p | J"]),  # the drowned-Fei hint, a win on a Fei
    ("sg", ["wait", "-v", "sg", "135m 258p 369s ESW N | f1 f2 f3 f4 s1 s2"]),  # not ready, far
    ("my3", ["wait", "-v", "my3", "135p 246p 79p EE S W J"]),  # not ready
    ("hk", ["wait", "135m 135p 135s 1357s 9s"]),  # not ready, 14 tiles: the discards ranked
    ("hk", ["score", "123m 456m 789m 234p 55s heavenly"]),  # a note: zimo added
    ("hk", ["score", "123m 456m 55s [2222p] [7777s] @5s zimo kong-on-kong"]),  # kong-replacement added
    ("hk", ["wait", "123m 456m 789m 235p 5s | f1 f2 f3 f4 s1 s2 s3"]),  # seven flowers: a win on no tile
    ("my3", ["wait", "-v", "my3", "123p 456p 789p EE 1p J J | cat"]),  # the Fei's own wait notes
    ("sg", ["settle", "-v", "sg", "--winner", "E", "--from", "S", "--hand", "123m 456m CCC 11s [2222p] @1s",
            "--kong", "S:concealed"]),  # a kong in the hand that --kong does not give
    ("my3", ["score", "-v", "my3", "123p 456p 789p EEE 1p J @J | cat"]),  # won on a Fei: self-drawn
    ("paohuzi", ["score", "-v", "paohuzi", "x1 x2x2x2 x3 d2 x4x4d4 x6x6d6 x8x8d8 x9x9d9 d8d9d10"]),  # no win
    ("paohuzi", ["score", "-v", "paohuzi", "(x1x1x1x1) (x2x2x2x2) (d3d3d3d3) x5 x6 x7 d8 d9 x10 d1 d4 heavenly"]),
    ("paohuzi", ["wait", "-v", "paohuzi", "[d1d2d3] [d2d7d10] [x5x5x5] [x6x6x6] x3x3d3 x4x4d4 x8x8"]),
    *[(vid, ["rules", vid, *more]) for vid in builtin_ids() for more in ([], ["--long"])],
]
SCREENS += RARE_SCREENS


def _players_text():
    """What the players wrote in the example ledgers, their own text in any language: the labels, the names."""
    labels, players = set(), set()
    for f in sorted(LEDGER.parent.glob("ledger*.jsonl")):
        for line in f.read_text(encoding="utf-8").splitlines():
            obj = json.loads(line) if line.startswith("{") else {}
            labels.update([obj["label"]] if obj.get("label") else [])
            players.update(obj.get("players") or [])
    return sorted(labels, key=len, reverse=True), sorted(players)


def _english_left(text, lang, vid, english=""):
    """The English words of ``text`` not allowed: for a language in Latin letters (ms), those words of the
    English screen ``english`` that are left in it."""
    v = load_builtin(vid)
    allowed = {w.lower() for w in _allowed(lang)}
    allowed |= {p.id for p in v.patterns} | set((v.extra.get("groups") or {}))
    for label in _players_text()[0]:  # first: a label may hold a pattern's name
        text = text.replace(label, " ")
    text = text.replace(v.names.get(lang) or v.name, " ")  # the variant's name: its file's, else English
    groups = (v.extra.get("groups") or {}).values()
    # a description in the language as the variant's file gives it (from a rule page) is the players' text;
    # the English one only where the allow-list says no source gives it in that language
    untold = f"@descriptions:{vid}" in allowed
    descs = [p.descriptions[lang] if lang in p.descriptions else p.description if untold else "" for p in v.patterns]
    descs += [(g.get("descriptions") or {}).get(lang) or (g.get("description", "") if untold else "") for g in groups]
    from mjcli.rulesview import short_when

    for desc in sorted(filter(None, descs), key=len, reverse=True) + sorted(map(short_when, filter(None, descs)),
                                                                           key=len, reverse=True):
        text = text.replace(desc, " ")
    # a pattern's name as the variant's file gives it in the language, else in English (with or without its
    # gloss in brackets); the longest first (Lesser Ping Hu before Ping Hu)
    names = {p.name_in(lang) for p in v.patterns} | {p.name.split(" (")[0] for p in v.patterns if lang not in p.names}
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    named = [*(v.extra.get("terms") or {}).values(), *((g.get("names") or {}) for g in groups)]
    for names in named:  # paohuzi: a term or group shown with its names in the other languages (en, th, zh)
        for name in sorted(map(str, names.values()), key=len, reverse=True):
            text = text.replace(name, " ")
    text = re.sub(r"(?<![\w])[a-z]+=\S+", " ", text)  # a hand's context word with its value: seat=S
    text = re.sub(r"(?<![\w])--[a-z][a-z-]*", " ", text)  # an option's name, as typed
    text = re.sub(r"(?<![\w])[ESWN]:[a-z]+\S*", " ", text)  # an option's value, as typed: E:claimed:SEAT
    allowed |= set(v.instant) | {str(v.payment.get("ladder_name", ""))}  # an instant payment's id, a ladder's
    for said in _players_text()[1]:  # last: a player's name (Bo) may be a word of a pattern's name
        text = re.sub(rf"(?<![\w]){re.escape(said)}(?![\w])", " ", text)
    text = re.sub(r"(?<![\w])[ESWNPFCJ]+(?![\w])", " ", text)  # tile letters: EE, EEE, JJ
    left = []
    for word in re.findall(r"[A-Za-z0-9_@~'+-]+", text):
        letters = word.strip("'-+")
        if len(letters) <= 1 or re.search(r"[\d_@~]", letters) or letters.lower() in allowed:
            continue
        if lang == "ms" and letters.lower() not in _words(english):
            continue  # a Malay word
        left.append(word)
    return left


def _words(text):
    return {w.lower() for w in re.findall(r"[A-Za-z]+", text)}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("vid, args", SCREENS, ids=[" ".join(a)[:40] for _, a in SCREENS])
def test_a_translated_screen_has_no_other_english(runner, lang, vid, args):
    wide = {"COLUMNS": "1000"}  # a description on one line, so it is found whole
    r = runner.invoke(cli, [args[0], "--lang", lang, *args[1:]], env=wide)
    assert r.output and "error:" not in r.output and r.exit_code in (0, 1), r.output
    english = runner.invoke(cli, args, env=wide).output
    assert _english_left(r.output, lang, vid, english) == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_rule_sheet_words_are_translated(runner, lang):
    # the sheet's own words; a pattern's description, the notes and liability are the variant file's text
    r = runner.invoke(cli, ["rules", "hk", "--lang", lang])
    v = load_builtin("hk")
    text = r.output
    for p in v.patterns:
        text = text.replace(p.description, " ")
    head = [line for line in text.splitlines() if line and not line.startswith("  ")]
    heads = "\n".join(h for h in head if not re.match(r"^[a-z_0-9]+ ", h))  # the table rows start with an id
    assert ("unit" not in heads or lang == "ms") and "Payment" not in heads and "Notes:" not in heads


def test_english_is_unchanged_and_json_stays_english(runner):
    en = runner.invoke(cli, ["score", "123m 456m 789m 234p 55s zimo"]).output
    assert "total: 3 faan   [minimum 3: met]" in en and "payment: each loser pays 4 (total 12)" in en
    out = runner.invoke(cli, ["score", "--lang", "zh", "-f", "json", "123m 456m 789m 234p 55s zimo"]).output
    rec = json.loads(out)[0]
    assert rec["unit"] == "faan" and rec["patterns"][0]["name"] == "Ping Wu"
    out = runner.invoke(cli, ["settle", "--lang", "ta", "-f", "csv", "--winner", "E", "--from", "S", "--value", "5"])
    assert "shooter (5 faan)" in out.output
    # one command's language does not leak into the next
    assert runner.invoke(cli, ["score", "123m 456m 789m 234p 55s zimo"]).output == en


def test_lang_from_the_environment(runner, monkeypatch):
    monkeypatch.setenv("MJCLI_LANG", "zh")
    out = runner.invoke(cli, ["wait", "123m 456m 789m 23p EE"]).output
    assert "食出銃 (番)" in out and "餘" in out


def test_zh_names_are_traditional_characters():
    assert "zh-Hant" in i18n.LABELS["zh"]
    assert i18n.FOLDERS["zh"] == "zh_Hant"


@pytest.mark.parametrize("lang", LANGS)
def test_columns_stay_aligned(runner, lang):
    out = runner.invoke(cli, ["wait", "--lang", lang, "123m 456m 789m 23p EE"]).output
    lines = out.splitlines()
    dash = next(i for i, x in enumerate(lines) if x.startswith("--"))
    cuts = [m.start() for m in re.finditer(r"  (?=-)", lines[dash])]
    for row in lines[dash - 1: dash + 3]:
        # every column starts where its dashes start, measured in terminal columns
        assert all(text_width(row[: _index_at(row, c)]) == c for c in cuts), row


def _index_at(row, col):
    for i in range(len(row) + 1):
        if text_width(row[:i]) >= col:
            return i
    return len(row)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("cols", [32, 40, 80])
def test_translated_screens_fit_narrow(runner, monkeypatch, lang, cols):
    monkeypatch.setenv("COLUMNS", str(cols))
    for _, args in SCREENS[:2] + SCREENS[6:8] + SCREENS[12:13] + RARE_SCREENS:
        out = runner.invoke(cli, [args[0], "--lang", lang, *args[1:]]).output
        assert all(text_width(x) <= cols for x in out.splitlines()), (args, out)


def test_thai_and_tamil_wrap_at_cluster_boundaries():
    import unicodedata

    for text in ("ผู้แพ้แต่ละคนจ่ายเหมือนจั่วเองทั้งหมดทุกคน", "தோற்றஒவ்வொருவரும்செலுத்துவார்கள்"):
        for width in range(3, 12):
            for line in wrap(text, width):
                assert not unicodedata.category(line[0]).startswith("M"), (width, line)
            assert "".join(wrap(text, width)) == text


def test_every_catalog_has_every_message():
    ids = {lang: set(i18n.parse_po(i18n.po_path(lang).read_text(encoding="utf-8"))) for lang in LANGS}
    assert all(ids[lang] == ids["zh"] for lang in LANGS), {k: ids["zh"] ^ v for k, v in ids.items()}


def test_phrase_translates_a_list_item_by_item_and_a_pattern_name_by_the_variant():
    note = ("drown a Fei: with one more drowned Fei (1 fan) these waits reach the minimum 5: 1p (5 on a discard, "
            "5 self-drawn), 4p (None on a discard, 5 self-drawn); drown the next Fei you draw instead of keeping it")
    i18n.use("zh", load_builtin("hk"))
    try:
        assert i18n.phrase(note) == ("沉飛：多沉一隻飛 (1 番)，以下聽牌夠起糊 5：1p (食出銃 5，自摸 5), 4p (食出銃 None，自摸 5)；"
                                     "下一隻摸到的飛應沉，不要留")
        robbed = ("Seven flowers: the hand also wins on no tile, by robbing the bonus tile another player draws "
                  "(3 faan, paid by that player as a shooter)")
        assert i18n.phrase(robbed).startswith("七搶一：")
        # a field named twice matches the same text twice, else the note stays as it is
        said = "--hand was scored for seat S but --winner is E; write seat={} in the hand to count the winner's own flowers"
        assert i18n.phrase(said.format("E")) == "--hand 按 S 位計番，但 --winner 是 E；手牌寫 seat=E 才計贏家的正花"
        assert i18n.phrase(said.format("W")) == said.format("W")
    finally:
        i18n.use("en")


@pytest.mark.parametrize("lang", ["th", "ta"])
@pytest.mark.parametrize("cols", [32, 40])
def test_the_rarer_screens_wrap_thai_and_tamil_at_cluster_boundaries(runner, lang, cols):
    """No line of a narrow screen starts with a combining vowel sign or tone mark cut from its letter."""
    import unicodedata

    for _, args in RARE_SCREENS:
        out = runner.invoke(cli, [args[0], "--lang", lang, *args[1:]], env={"COLUMNS": str(cols)}).output
        for line in out.splitlines():
            text = line.lstrip(" ")
            assert not (text and unicodedata.category(text[0]).startswith("M")), (args, line)


def test_the_drowned_fei_hint_names_tiles_as_the_table_does(runner):
    # the waits E and 1p... are written as the table writes them (E, not the code 1z), in every language
    out = runner.invoke(cli, ["wait", "-v", "my3", "123p 456p 789p EE 11p | J"]).output
    assert "minimum 5: E (5 on a discard, 5 self-drawn);" in out and "1z" not in out
    out = runner.invoke(cli, ["wait", "-v", "my3", "--lang", "zh", "123p 456p 789p EE 11p | J"]).output
    assert "夠起糊 5：E (食出銃 5，自摸 5)；" in out
    i18n.use("zh")
    try:  # a hand that can win one way only: one way in the note
        note = ("drown a Fei: with one more drowned Fei (1 fan) these waits reach the minimum 5: E (5 self-drawn), "
                "1p (5 self-drawn); drown the next Fei you draw instead of keeping it")
        assert "E (自摸 5), 1p (自摸 5)" in i18n.phrase(note)
    finally:
        i18n.use("en")
