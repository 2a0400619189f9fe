"""A phone screen (issue 27): score, wait, settle and rules fit $COLUMNS down to 32.

Narrow, a table that would not fit is stacked (a row's first cell on a line, the others under it, no frame)
and a long line is broken at its spaces; no line is wider than $COLUMNS (measured in display columns: a
Chinese character is two), and no id, tile or number is cut across lines. Wide, and in a pipe with no
$COLUMNS, the layout is as it was.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from wcwidth import wcswidth

from mjcli.cli import cli
from mjcli.variant import builtin_ids

ROOT = Path(__file__).resolve().parent.parent
EX = Path("examples")  # relative: a long path alone is wider than a phone (see the fixture below)

CASES = {
    "score hk file": ["score", str(EX / "hk.txt")],
    "score hk all": ["score", "--all", "234p 567p 99p [CCC] [FFF] @9p", "123m 123m 123m 99p 789s"],
    "score glyphs": ["score", "--glyphs", "123m 456m 789m 234p 55s zimo | f1 s1"],
    "score sg file": ["score", "-v", "sg", str(EX / "sg.txt")],
    "score my3 file": ["score", "-v", "my3", str(EX / "my3.txt")],
    "score paohuzi file": ["score", "-v", "paohuzi", str(EX / "paohuzi.txt")],
    "score not winning": ["score", "123m 456m 789m 234p 56s @6s"],
    "wait 13": ["wait", "123m 456m 789m 23p EE"],
    "wait 14 discards": ["wait", "123m 456m 789m 23p EE 5s"],
    "wait hk file": ["wait", str(EX / "hk.txt")],  # already a win: the score, then a line a discard
    "wait sg file": ["wait", "-v", "sg", str(EX / "sg.txt")],
    "wait my3 file": ["wait", "-v", "my3", str(EX / "my3.txt")],
    "wait paohuzi": ["wait", "-v", "paohuzi", "x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7d10 d5d5d5 x10 d10"],
    "wait not ready": ["wait", "19m 19p 19s ESWN PFC 5m"],
    "settle": ["settle", "--winner", "E", "--from", "S", "--value", "5"],
    "settle my3 kong fei": ["settle", "-v", "my3", "--winner", "E", "--value", "6", "--kong", "S:concealed",
                            "--fei", "E=1"],
    "settle ledger": ["settle", "--ledger", str(EX / "ledger.jsonl")],
    "settle ledger players": ["settle", "-v", "sg", "--ledger", str(EX / "ledger-players.jsonl")],
    "settle ledger chart": ["settle", "--ledger", str(EX / "ledger.jsonl"), "--chart"],
    "rules list": ["rules"],
    "rules house": ["rules", "--rules", str(EX / "house-hk-full-spicy.yaml")],
    "rules yaml variant": ["rules", str(EX / "cantonese.yaml")],
    "rules hk find": ["rules", "hk", "dragons"],
}
for _v in ("tw", "mcr"):
    CASES[f"score {_v} file"] = ["score", "-v", _v, str(EX / f"{_v}.txt")]
    CASES[f"wait {_v} file"] = ["wait", "-v", _v, str(EX / f"{_v}.txt")]
for _v in builtin_ids():
    CASES[f"rules {_v}"] = ["rules", _v]
    CASES[f"rules {_v} long"] = ["rules", "--long", _v]
    CASES[f"rules {_v} zh"] = ["rules", "--lang", "zh", _v]
    CASES[f"rules {_v} zh long"] = ["rules", "--lang", "zh", "--long", _v]
    CASES[f"rules {_v} tiles"] = ["rules", "--tiles", "--glyphs", _v]

# what must never be cut: an id, a tile, a card, a number, an amount, a range (a word with a digit or a _)
TOKEN = re.compile(r"[A-Za-z0-9_]+(?:[-+./][A-Za-z0-9_]+)*")


def _tokens(text: str) -> set[str]:
    return {t for t in TOKEN.findall(text) if any(c.isdigit() or c == "_" for c in t)}


def _run(args, columns):
    env = {"NO_COLOR": "1", "MJCLI_VARIANT": None}
    env["COLUMNS"] = None if columns is None else str(columns)
    return CliRunner().invoke(cli, args, env=env, catch_exceptions=False)


@pytest.fixture(autouse=True)
def _in_the_checkout(monkeypatch):
    monkeypatch.chdir(ROOT)


_WIDE: dict = {}


def _wide(name):
    if name not in _WIDE:
        _WIDE[name] = _run(CASES[name], 250)
    return _WIDE[name]


@pytest.mark.parametrize("columns", [32, 40, 80])
@pytest.mark.parametrize("name", sorted(CASES))
def test_fits_the_screen_and_cuts_no_word(name, columns):
    wide = _wide(name)
    res = _run(CASES[name], columns)
    assert res.exit_code == wide.exit_code, res.output
    lines = res.stdout.splitlines()
    assert lines
    over = [x for x in lines if wcswidth(x) > columns]
    assert not over, f"{len(over)} lines over {columns} columns, e.g. {over[0]!r}"
    missing = _tokens(wide.stdout) - _tokens(res.stdout)
    assert not missing, f"cut across lines at {columns} columns: {sorted(missing)[:10]}"


@pytest.mark.parametrize("name", ["score hk file", "wait hk file", "wait 14 discards", "settle ledger",
                                  "settle ledger players", "score paohuzi file", "wait paohuzi"])
def test_a_pipe_with_no_columns_keeps_the_wide_layout(name):
    """No $COLUMNS and not a terminal: the tables exactly as before the narrow layout (a line is not broken)."""
    assert _run(CASES[name], None).stdout == _wide(name).stdout


def test_wide_tables_are_unchanged_at_80():
    """At 80 columns a table that fits is the wide one, frame and all; only a line longer than 80 is broken."""
    res = _run(CASES["score hk file"], 80)
    assert res.stdout == _wide("score hk file").stdout
    assert "-------" in res.stdout


def test_narrow_score_is_stacked():
    out = _run(["score", "123m 456m 789m 234p 55s zimo"], 32).stdout
    assert "-----" not in out  # no frame
    assert "Ping Wu\n  id: ping_wu  faan: 1\n" in out
    assert "payment: each loser pays 4\n  (total 12)" in out


def test_narrow_wait_keeps_a_tile_with_its_count():
    out = _run(["wait", "123m 456m 789m 23p EE"], 40).stdout
    assert "1p\n  left: 4  discard (faan): 2\n" in out


def test_narrow_settle_says_who_pays_whom():
    out = _run(CASES["settle"], 32).stdout
    assert "S pays E 24\n  shooter (5 faan)\n" in out

def test_narrow_ledger_of_players_is_a_line_a_player(tmp_path):
    ledger = tmp_path / "names.jsonl"
    ledger.write_text('{"players": ["Annabelle", "Bartholomew", "Cyrilla", "Dimitrios"]}\n'
                      '{"winner": "Annabelle", "from": "Bartholomew", "value": 2}\n')
    out = _run(["settle", "-v", "sg", "--ledger", str(ledger)], 32).stdout
    assert "Annabelle (E): net +16" in out
    assert max(wcswidth(x) for x in out.splitlines()) <= 32
    wide = _run(["settle", "-v", "sg", "--ledger", str(ledger)], 80).stdout
    assert "(E): net" not in wide and "running" in wide  # wide: a column per player, as before


def test_narrow_rules_never_split_an_id():
    """`rules hk` at 40 columns cut ``half_flush`` into ``half_flus`` and ``h``; the ids are what `rules hk ID` takes."""
    out = _run(["rules", "hk"], 40).stdout
    assert "\nhalf_flush\n  name: Wan Yat Sik (half flush)" in out
    for cols in (32, 40, 60):
        ids = {x for x in _run(["rules", "hk"], cols).stdout.split() if "_" in x}
        assert {"half_flush", "small_dragons", "thirteen_orphans"} <= ids


def test_the_guide_shows_what_a_phone_shows():
    """docs/guides/house-rules.md shows `COLUMNS=32 mjcli wait ...` as text (the guide builder runs at 80)."""
    guide = (ROOT / "docs" / "guides" / "house-rules.md").read_text(encoding="utf-8")
    block = guide.split("    $ COLUMNS=32 mjcli wait '123m 456m 789m 23p EE'\n", 1)[1].split("\n\n", 1)[0]
    shown = "\n".join(x[4:] for x in block.splitlines()) + "\n"
    assert shown == _run(["wait", "123m 456m 789m 23p EE"], 32).stdout
