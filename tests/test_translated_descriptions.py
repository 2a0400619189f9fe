"""The translated descriptions: Chinese for every pattern of the Chinese Official (mcr) and Taiwanese (tw) tables,
Tamil for the Singapore table (sg), Thai and Chinese for the Paohuzi groups. Each has one, it is not the English,
the translated sheet shows them and no English description, and it fits 80 (and 120) columns, measured as a
terminal draws them (wide Chinese characters take two columns; Thai and Tamil vowel signs and tone marks none:
mjcli.sheet.text_width)."""

import json
import re

import pytest
from click.testing import CliRunner

from mjcli.cli import cli
from mjcli.games.paohuzi.config import KINDS
from mjcli.rulesview import short_when
from mjcli.sheet import text_width
from mjcli.variant import load_builtin

SCRIPT = {"ta": re.compile("[\u0b80-\u0bff]"), "th": re.compile("[\u0e00-\u0e7f]"), "zh": re.compile("[\u4e00-\u9fff]")}
TABLES = [("mcr", "zh", 82), ("tw", "zh", 33), ("sg", "ta", 33)]  # the patterns of each, flowers included
SHEETS = [("mcr", "zh"), ("tw", "zh"), ("sg", "ta"), ("paohuzi", "th"), ("paohuzi", "zh")]


def rules(*args, columns="80"):
    env = {"MJCLI_VARIANT": None, "MJCLI_LANG": None, "COLUMNS": columns}
    r = CliRunner().invoke(cli, ["rules", *args], env=env)
    return r.exit_code, r.stdout


def groups():
    return load_builtin("paohuzi").extra["groups"]


@pytest.mark.parametrize("vid,lang,count", TABLES)
def test_every_pattern_has_a_description_in_the_language(vid, lang, count):
    v = load_builtin(vid)
    assert len(v.patterns) == count
    for p in v.patterns:
        text = p.descriptions.get(lang, "")
        assert text.strip() and "\n" not in text, p.id
        assert text != p.description and SCRIPT[lang].search(text), p.id
        # the short "when" is cut from it as the English one is: a clause in the language, not the English
        assert short_when(text) != short_when(p.description) and SCRIPT[lang].search(short_when(text)), p.id
        assert p.description_in(lang) == text and p.description_in("en") == p.description


@pytest.mark.parametrize("lang", ["th", "zh"])
def test_every_paohuzi_group_has_a_description_in_the_language(lang):
    rows = groups()
    assert set(rows) == set(KINDS)
    for kind in KINDS:
        row = rows[kind]
        text = (row.get("descriptions") or {}).get(lang, "")
        assert text.strip() and "\n" not in text, kind
        assert text != row["description"] and SCRIPT[lang].search(text), kind


@pytest.mark.parametrize("vid,lang,count", TABLES)
def test_the_sheet_shows_them_and_no_english_description(vid, lang, count):
    v = load_builtin(vid)
    for long in ([], ["--long"]):
        code, out = rules(vid, "--lang", lang, *long, columns="1000")  # a description on one line
        assert code == 0
        for p in v.patterns:
            text = p.descriptions[lang]
            assert (text if long else short_when(text)) in out, p.id
        # without the names (English where the file gives none in the language: sg's "All four animals")
        for name in sorted({p.name_in(lang) for p in v.patterns}, key=len, reverse=True):
            out = out.replace(name, " ")
        for p in v.patterns:
            assert short_when(p.description) not in out, p.id


@pytest.mark.parametrize("lang", ["th", "zh"])
def test_the_paohuzi_sheet_shows_them_and_no_english_description(lang):
    for long in ([], ["--long"]):
        code, out = rules("paohuzi", "--lang", lang, *long, columns="1000")
        assert code == 0
        for kind, row in groups().items():
            assert row["descriptions"][lang] in out, kind
            assert short_when(row["description"]) not in out, kind
    code, out = rules("paohuzi", columns="1000")  # English stays English
    assert code == 0 and all(row["description"] in out for row in groups().values())


@pytest.mark.parametrize("lang", ["en", "th", "zh"])
def test_the_paohuzi_record_gives_the_description_in_the_language(lang):
    code, out = rules("paohuzi", "--lang", lang, "--format", "json")
    assert code == 0
    rows = groups()
    for g in json.loads(out)["groups"]:
        row = rows[g["kind"]]
        assert g["description"] == (row["descriptions"][lang] if lang != "en" else row["description"])


@pytest.mark.parametrize("columns", ["80", "120"])
@pytest.mark.parametrize("long", [False, True])
@pytest.mark.parametrize("vid,lang", SHEETS + [("mcr", "en"), ("tw", "en")])
def test_the_sheet_fits_the_width(vid, lang, long, columns):
    code, out = rules(vid, "--lang", lang, *(["--long"] if long else []), columns=columns)
    assert code == 0 and out
    widths = [text_width(line) for line in out.splitlines()]
    assert all(0 <= w <= int(columns) for w in widths), max(widths)
