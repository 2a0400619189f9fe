"""`mjcli score/wait/settle/rules -v paohuzi` in every format, with the exit codes."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from mjcli.cli import cli

WIN = "x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7d10 d5d5d5 x10x10 d10 @x10"  # 3+6+6+6 = 21 huxi, 3 tun
BELOW = "[d1d2d3] [d2d7d10] [x5x5x5] [x6x6x6] x3x3d3 x4x4d4 x8x8d8"  # 14 huxi
READY = "x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7d10 d5d5d5 x10x10"  # waits on x2 x10 d5 d10
# a pair of x5 and the winning x5: self -> wei (18 huxi, 2 tun); another -> peng (16, 1 tun)
PAIR = "[d1d2d3] [d2d7d10] (x6x6x6) x5x5x5 x3x3d3 x4x4d4 x8x8d8 @x5"


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args, input=None):
        return runner.invoke(cli, list(args), input=input, catch_exceptions=False)

    return invoke


# --- score --------------------------------------------------------------------------------------------------------


def test_score_table(run):
    r = run("score", "-v", "paohuzi", WIN)
    assert r.exit_code == 0, r.stderr
    out = r.stdout
    assert "reading: d5d5d5 x1x2x3" in out
    assert "d2d7d10    run_2710       6" in out
    assert "total: 21 huxi (3 tun)   [minimum 15: met]" in out
    assert "payment: each loser pays 3 (total 6)" in out
    assert "no scoring patterns" not in out


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_score_json(run, fmt):
    r = run("score", "-v", "paohuzi", "-f", fmt, WIN, BELOW)
    assert r.exit_code == 0  # below the minimum is an answer, not a failure (as for mahjong)
    recs = json.loads(r.stdout) if fmt == "json" else [json.loads(x) for x in r.stdout.splitlines()]
    a, b = recs
    assert (a["huxi"], a["tun"], a["total"], a["payment"]) == (21, 3, 21, {"shooter": None, "others": None, "each": 3, "total": 6, "robbed_kong": False})
    assert [g["huxi"] for g in a["groups"]] == [6, 3, 0, 0, 0, 6, 6]
    assert (b["huxi"], b["tun"], b["payment"], b["answer"]) == (14, 0, None, "below_minimum")


def test_score_csv(run):
    r = run("score", "-v", "paohuzi", "-f", "csv", WIN)
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert rows[0]["total"] == "21" and rows[0]["unit"] == "huxi"
    assert (rows[0]["payment_each"], rows[0]["payment_total"], rows[0]["payment_shooter"]) == ("3", "6", "")
    assert (rows[0]["huxi"], rows[0]["tun"]) == ("21", "3")  # Paohuzi CSV has huxi and tun (issue 12)


def test_score_options(run):
    # --self-drawn: the player revealed the x5: wei
    r = run("score", "-v", "paohuzi", "-f", "json", "--self-drawn", PAIR)
    assert json.loads(r.stdout)[0]["huxi"] == 18
    r = run("score", "-v", "paohuzi", "-f", "json", PAIR)
    assert json.loads(r.stdout)[0]["huxi"] == 16
    r = run("score", "-v", "paohuzi", "-f", "json", "--win", "d10", WIN)
    assert json.loads(r.stdout)[0]["winning_card"] == "d10"


def test_score_stdin_batch_and_errors(run):
    r = run("score", "-v", "paohuzi", "-f", "jsonl", input=f"{WIN}\nx1 y2\n# a comment\n{BELOW}\n")
    assert r.exit_code == 1
    recs = [json.loads(x) for x in r.stdout.splitlines()]
    assert [x["line"] for x in recs] == [1, 2, 4]
    assert recs[1]["error"]["code"] == "parse_error" and "'y2'" in recs[1]["error"]["message"]


def test_score_error_on_stderr(run):
    r = run("score", "-v", "paohuzi", "x1x2x3 [x1x2x4]")
    assert r.exit_code == 1 and r.stdout == ""
    assert "error: argument 1: group '[x1x2x4]' is not a legal chi or peng" in r.stderr and "(at column 8)" in r.stderr


def test_score_not_winning_table(run):
    r = run("score", "-v", "paohuzi", "x1 x2x2x2 x3 d2 x4x4d4 x6x6d6 x8x8d8 x9x9d9 d8d9d10")
    assert r.exit_code == 1
    assert "not a winning hand: the cards do not form seven groups" in r.stdout


def test_score_heavenly_flag(run):
    r = run("score", "-v", "paohuzi", "-f", "json", "--heavenly",
            "(x1x1x1x1) (x2x2x2x2) (d3d3d3d3) x5 x6 x7 d8 d9 x10 d1 d4")
    d = json.loads(r.stdout)[0]
    assert d["heavenly"] and d["huxi"] == 30 and d["tun"] == 6  # 1 + (30 - 15) // 3


# --- wait ---------------------------------------------------------------------------------------------------------


def test_wait_table(run):
    r = run("wait", "-v", "paohuzi", READY)
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    assert lines[1].split() == ["card", "left", "by", "another", "(huxi)", "tun", "by", "self", "(huxi)", "tun"]
    assert lines[3].split() == ["x2", "3", "24", "4", "24", "4"]
    assert lines[5].split() == ["d5", "1", "24", "4", "27", "5"]


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_wait_json(run, fmt):
    r = run("wait", "-v", "paohuzi", "-f", fmt, READY)
    recs = json.loads(r.stdout) if fmt == "json" else [json.loads(x) for x in r.stdout.splitlines()]
    waits = recs[0]["waits"]
    assert [(w["tile"], w["discard"], w["self_drawn"], w["discard_tun"], w["self_drawn_tun"]) for w in waits] == [
        ("x2", 24, 24, 4, 4), ("x10", 22, 24, 3, 4), ("d5", 24, 27, 4, 5), ("d10", 21, 21, 3, 3)]


def test_wait_csv(run):
    r = run("wait", "-v", "paohuzi", "-f", "csv", READY)
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert [(r["tile"], r["left"], r["discard"], r["self_drawn"], r["discard_tun"], r["self_drawn_tun"])
            for r in rows] == [("x2", "3", "24", "24", "4", "4"), ("x10", "2", "22", "24", "3", "4"),
                               ("d5", "1", "24", "27", "4", "5"), ("d10", "3", "21", "21", "3", "3")]


def test_wait_not_ready(run):
    r = run("wait", "-v", "paohuzi", "x1x2 x4x5x6 x7x8x9 d4d5d6 d7d8d9 x3x3d3 x10x10d10")
    assert r.exit_code == 1
    assert "not ready" in r.stdout and "note: x3 completes seven groups but with at most 3 huxi" in r.stdout


# --- settle -------------------------------------------------------------------------------------------------------

# RULES.md: tun = 1 + (huxi - 15) // 3; each of the two opponents pays tun x 1 unit.
#   15: 1 + 0 // 3 = 1    17: 1 + 2 // 3 = 1    18: 1 + 3 // 3 = 2    20: 1 + 5 // 3 = 2    21: 1 + 6 // 3 = 3
# so the winner E gets 2 x tun and S and W pay tun each (nets sum to zero).
LADDER = [(15, 1), (17, 1), (18, 2), (20, 2), (21, 3)]


@pytest.mark.parametrize("value,tun", LADDER, ids=[str(v) for v, _ in LADDER])
@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_settle_value(run, value, tun, fmt):
    r = run("settle", "-v", "paohuzi", "--winner", "E", "--value", str(value), "-f", fmt)
    d = json.loads(r.stdout)[0] if fmt == "json" else json.loads(r.stdout.splitlines()[0])
    assert d["value"] == value and d["base"] == tun
    assert [(p["from"], p["to"], p["amount"]) for p in d["payments"]] == [("S", "E", tun), ("W", "E", tun)]
    assert d["net"] == {"E": 2 * tun, "S": -tun, "W": -tun}


def test_settle_below_minimum(run):
    r = run("settle", "-v", "paohuzi", "--winner", "E", "--value", "14")
    assert r.exit_code == 2 and "14 huxi is below the minimum of 15" in r.stderr


def test_settle_draw_pays_nothing(run):
    r = run("settle", "-v", "paohuzi", "-f", "json")
    d = json.loads(r.stdout)[0]
    assert d["payments"] == [] and d["net"] == {"E": 0, "S": 0, "W": 0}
    r = run("settle", "-v", "paohuzi")
    assert "no payments" in r.stdout


def test_settle_hand_by_who_revealed(run):
    # no --from: the winner revealed the x5: wei 3 + [d1d2d3] 6 + [d2d7d10] 6 + (x6x6x6) 3 = 18 huxi,
    #   tun 1 + (18 - 15) // 3 = 2: E and S pay 2 each.
    # --from S: S revealed it: peng 1 instead of wei 3 = 16 huxi, tun 1 + 1 // 3 = 1: E and S pay 1 each.
    r = run("settle", "-v", "paohuzi", "--winner", "W", "--hand", PAIR, "-f", "json")
    d = json.loads(r.stdout)[0]
    assert d["value"] == 18 and [p["amount"] for p in d["payments"]] == [2, 2]
    r = run("settle", "-v", "paohuzi", "--winner", "W", "--from", "S", "--hand", PAIR, "-f", "json")
    d = json.loads(r.stdout)[0]
    assert d["value"] == 16 and [p["amount"] for p in d["payments"]] == [1, 1]
    assert d["net"] == {"E": -1, "S": -1, "W": 2}


def test_settle_options_paohuzi_has_no_use_for_say_so(run):
    # no discard wins, no liability, no kongs: each opponent pays tun (20 huxi: 1 + 5 // 3 = 2) whatever is given
    r = run("settle", "-v", "paohuzi", "--winner", "E", "--value", "20", "--from", "S", "--bao", "W", "-f", "json")
    d = json.loads(r.stdout)[0]
    assert r.exit_code == 0 and d["net"] == {"E": 4, "S": -2, "W": -2}
    assert d["notes"] == ["--from, --bao change nothing: in paohuzi every opponent pays the same (the winning card "
                          "comes from the stock; no liability, no kongs)"]
    r = run("settle", "-v", "paohuzi", "--winner", "E", "--value", "20", "--kong", "S:concealed", "--fei", "W=1")
    assert "note: --kong changes nothing: paohuzi pays nothing for kongs" in r.stdout
    assert "note: --fei changes nothing: paohuzi pays nothing for Fei held" in r.stdout
    # with --hand, --from is who revealed the card: it changes the huxi, so no note
    r = run("settle", "-v", "paohuzi", "--winner", "W", "--from", "S", "--hand", PAIR, "-f", "json")
    assert json.loads(r.stdout)[0]["notes"] == []


def test_settle_table_and_csv(run):
    r = run("settle", "-v", "paohuzi", "--winner", "S", "--value", "21")
    assert "value: 21   base: 3" in r.stdout and "net: E -3  S +6  W -3" in r.stdout
    r = run("settle", "-v", "paohuzi", "--winner", "S", "--value", "21", "-f", "csv")
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert [(x["from"], x["to"], x["amount"]) for x in rows if x["row"] == "payment"] == [("E", "S", "3"), ("W", "S", "3")]
    assert [(x["seat"], x["net"]) for x in rows if x["row"] == "net"] == [("E", "-3"), ("S", "6"), ("W", "-3")]


def test_settle_fourth_seat_is_an_error(run):
    r = run("settle", "-v", "paohuzi", "--winner", "N", "--value", "21")
    assert r.exit_code == 2 and "seats are E S W" in r.stderr


# --- rules --------------------------------------------------------------------------------------------------------


def test_rules_table(run, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    r = run("rules", "paohuzi", "--long")  # the names in the other languages too
    assert r.exit_code == 0
    out = r.stdout
    for words in ("Huxi per group", "ti        Ti", "ไท", "提", "เผิง", "碰", "tun = 1 + (huxi - 15) // 3",
                  "15-17    1", "18-20    2", "Win conditions", "revealed by the player (self)",
                  "a kan or shown wei of it  ti 9/12", "pays the winner tun x 1"):
        assert words in out, words


@pytest.mark.parametrize("lang,word", [("th", "ฮูซี"), ("zh", "胡息"), ("en", "huxi")])
def test_rules_lang(run, lang, word):
    r = run("rules", "paohuzi", "--lang", lang)
    # the title: "unit huxi (...)" with the word for unit and the unit's name in that language
    assert r.stdout.split("\n")[0].split("(paohuzi): ")[1].split()[1] == word


def test_rules_json(run):
    r = run("rules", "paohuzi", "-f", "json")
    d = json.loads(r.stdout)
    assert {g["kind"]: (g["small"], g["big"]) for g in d["groups"]} == {
        "ti": (9, 12), "pao": (6, 9), "wei": (3, 6), "kan": (3, 6), "peng": (1, 3), "run_123": (3, 6),
        "run_2710": (3, 6), "run": (0, 0), "mixed": (0, 0), "pair": (0, 0)}
    assert d["tun"]["ladder"][:2] == [{"from": 15, "to": 17, "tun": 1}, {"from": 18, "to": 20, "tun": 2}]
    assert d["heavenly"] == {"ti": 3, "kan": 5} and d["minimum"] == 15


def test_rules_tiles(run):
    r = run("rules", "paohuzi", "--tiles")
    words = " ".join(r.stdout.split())  # lines wrapped to 80 columns
    assert "80 cards" in words and "x10 is ten" in words and "壹" in words and "seats: E S W" in words
