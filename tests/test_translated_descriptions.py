"""The Tamil descriptions of the Singapore table and the Thai and Chinese descriptions of the Paohuzi groups:
every pattern and group kind has one, it is not the English, the translated sheet shows them and no English
description, and it fits 80 (and 120) columns, measured as a terminal draws Thai and Tamil (their vowel signs
and tone marks take no column: mjcli.sheet.text_width). Mirrors tests/test_zh_descriptions.py (mcr, tw)."""

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
SHEETS = [("sg", "ta"), ("paohuzi", "th"), ("paohuzi", "zh")]


def rules(*args, columns="80"):
    env = {"MJCLI_VARIANT": None, "MJCLI_LANG": None, "COLUMNS": columns}
    r = CliRunner().invoke(cli, ["rules", *args], env=env)
    return r.exit_code, r.stdout


def groups():
    return load_builtin("paohuzi").extra["groups"]


def test_every_singapore_pattern_has_a_tamil_description():
    v = load_builtin("sg")
    assert len(v.patterns) == 33
    for p in v.patterns:
        ta = p.descriptions.get("ta", "")
        assert ta.strip() and "\n" not in ta, p.id
        assert ta != p.description and SCRIPT["ta"].search(ta), p.id
        # the short "when" is cut from it as the English one is: a Tamil clause, not the English
        assert short_when(ta) != short_when(p.description) and SCRIPT["ta"].search(short_when(ta)), p.id
        assert p.description_in("ta") == ta and p.description_in("en") == p.description


@pytest.mark.parametrize("lang", ["th", "zh"])
def test_every_paohuzi_group_has_a_description_in_the_language(lang):
    rows = groups()
    assert set(rows) == set(KINDS)
    for kind in KINDS:
        row = rows[kind]
        text = (row.get("descriptions") or {}).get(lang, "")
        assert text.strip() and "\n" not in text, kind
        assert text != row["description"] and SCRIPT[lang].search(text), kind


def test_the_tamil_sheet_shows_them_and_no_english_description():
    v = load_builtin("sg")
    for long in ([], ["--long"]):
        code, out = rules("sg", "--lang", "ta", *long, columns="1000")  # a description on one line
        assert code == 0
        for p in v.patterns:
            ta = p.descriptions["ta"]
            assert (ta if long else short_when(ta)) in out, p.id
        # without the names (English where the file gives no Tamil one: "All four animals", "Four kongs")
        for name in sorted({p.name_in("ta") for p in v.patterns}, key=len, reverse=True):
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
@pytest.mark.parametrize("vid,lang", SHEETS)
def test_the_sheet_fits_the_width(vid, lang, long, columns):
    code, out = rules(vid, "--lang", lang, *(["--long"] if long else []), columns=columns)
    assert code == 0 and out
    widths = [text_width(line) for line in out.splitlines()]
    assert all(0 <= w <= int(columns) for w in widths), max(widths)
