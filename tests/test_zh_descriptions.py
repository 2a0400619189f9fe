"""The Chinese descriptions of the Chinese Official (mcr) and Taiwanese (tw) tables: every pattern has one, it is
not the English, and the Chinese cheat sheet shows them within 80 columns."""

import re

import pytest
from click.testing import CliRunner
from wcwidth import wcswidth

from mjcli.cli import cli
from mjcli.rulesview import short_when
from mjcli.variant import load_builtin

VARIANTS = {"mcr": 82, "tw": 33}  # the patterns of each table, flowers included
CJK = re.compile("[\u4e00-\u9fff]")


def rules(*args, columns="80"):
    env = {"MJCLI_VARIANT": None, "COLUMNS": columns}
    r = CliRunner().invoke(cli, ["rules", *args], env=env)
    return r.exit_code, r.stdout


@pytest.mark.parametrize("vid", VARIANTS)
def test_every_pattern_has_a_chinese_description(vid):
    v = load_builtin(vid)
    assert len(v.patterns) == VARIANTS[vid]
    for p in v.patterns:
        zh = p.descriptions.get("zh", "")
        assert zh.strip() and "\n" not in zh, p.id
        assert zh != p.description and CJK.search(zh), p.id
        # the short "when" is cut from it as the English one is: a Chinese clause, not the English
        assert short_when(zh) != short_when(p.description) and CJK.search(short_when(zh)), p.id
        assert p.description_in("zh") == zh and p.description_in("en") == p.description


@pytest.mark.parametrize("vid", VARIANTS)
def test_the_chinese_sheet_shows_them_and_no_english_description(vid):
    v = load_builtin(vid)
    for long in ([], ["--long"]):
        code, out = rules(vid, "--lang", "zh", *long, columns="1000")  # a description on one line
        assert code == 0
        for p in v.patterns:
            zh = p.descriptions["zh"]
            assert (zh if long else short_when(zh)) in out, p.id
            assert short_when(p.description) not in out, p.id


@pytest.mark.parametrize("columns", ["80", "120"])
@pytest.mark.parametrize("long", [False, True])
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("vid", VARIANTS)
def test_the_sheet_fits_the_width(vid, lang, long, columns):
    code, out = rules(vid, "--lang", lang, *(["--long"] if long else []), columns=columns)
    assert code == 0 and out
    widths = [wcswidth(line) for line in out.splitlines()]
    assert all(0 <= w <= int(columns) for w in widths), max(widths)
