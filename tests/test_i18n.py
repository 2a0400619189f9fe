"""--lang (issue 27): message catalogs (gettext .po/.mo), translated table screens, an allow-list of English."""

import json
import re
from pathlib import Path

import pytest

from mjcli import i18n
from mjcli.cli import cli
from mjcli.sheet import text_width, wrap
from mjcli.variant import load_builtin

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


def _english_left(text, lang, vid, english=""):
    """The English words of ``text`` not allowed: for a language in Latin letters (ms), those words of the
    English screen ``english`` that are left in it."""
    v = load_builtin(vid)
    allowed = {w.lower() for w in _allowed(lang)}
    allowed |= {p.id for p in v.patterns} | set((v.extra.get("groups") or {}))
    for line in LEDGER.read_text(encoding="utf-8").splitlines():  # a ledger's labels are the players' own text
        label = json.loads(line).get("label") if line.startswith("{") else None
        if label:
            text = text.replace(label, " ")
    for p in v.patterns:  # a pattern's name as the variant's file gives it in the language, else in English
        text = text.replace(p.name_in(lang), " ")
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
    r = runner.invoke(cli, [args[0], "--lang", lang, *args[1:]])
    assert r.output and "error:" not in r.output, r.output
    english = runner.invoke(cli, args).output
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
    for _, args in SCREENS[:2] + SCREENS[6:8] + SCREENS[12:13]:
        out = runner.invoke(cli, [args[0], "--lang", lang, *args[1:]]).output
        assert all(text_width(x) <= cols for x in out.splitlines()), (args, out)


def test_thai_and_tamil_wrap_at_cluster_boundaries():
    import unicodedata

    for text in ("ผู้แพ้แต่ละคนจ่ายเหมือนจั่วเองทั้งหมดทุกคน", "தோற்றஒவ்வொருவரும்செலுத்துவார்கள்"):
        for width in range(3, 12):
            for line in wrap(text, width):
                assert not unicodedata.category(line[0]).startswith("M"), (width, line)
            assert "".join(wrap(text, width)) == text
