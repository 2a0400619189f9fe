"""The core score result reads a table's minimum verdict and its limit from the variant file alone (issue 28):
a table with no limit (``limit: null``) writes ``limit`` null in every scored record, and the minimum verdict
leaves out the patterns marked ``toward_minimum: false``, whatever the game kind and whichever way the record is
made (the first of a batch, a later one from a kept template, json, csv, the table, ``--all``, ``wait``)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjcli.cli import cli

# a mahjong table written in YAML alone: no limit, 2 faan to win, its own flowers not toward the minimum
TABLE = """\
id: flowerless
name: Flowers Aside
game: mahjong
unit: faan
minimum: 2
limit: null
tiles: {suits: [m, p, s], honours: true, bonus: [flower, season], jokers: 0}
seats: [E, S, W, N]
rounds: [E, S, W, N]
patterns:
  - {id: ping_wu, name: Ping Wu, value: 1, description: Four chows and any pair., example: "123m 456m 789m 234p 55s @5s"}
  - {id: dragon_set, name: Dragon pung, value: 1, each: true, description: A dragon pung., example: "123m 456m 789m CCC 11p @1p"}
  - {id: self_drawn, name: Zi Mo, value: 1, description: Self-drawn., example: "123m 456m 789m 234p 55s @5s zimo"}
  - id: own_flower
    name: Own flower
    value: 1
    each: true
    toward_minimum: false
    description: A flower or season of the seat's number, each; not toward the minimum.
    example: "123m 456m 789m 234p 55s | f1 @5s"
payment:
  linear: 2
  discard: {shooter: 1, others: 0}
  self_drawn: {each: 1}
"""
# Ping Wu 1 + own flower f1 1 = 2 faan, 1 toward the minimum of 2: not met, nothing paid
BELOW = "123m 456m 789m 234p 55s @5s | f1"
# the near miss: self-drawn 1 more, 3 faan, 2 toward it: met; each of three pays 2 x 3 = 6
MET = BELOW + " zimo"


@pytest.fixture
def table(tmp_path):
    path = tmp_path / "flowerless.yaml"
    path.write_text(TABLE, encoding="utf-8")
    return str(path)


def run(*args, input=None):
    r = CliRunner().invoke(cli, list(args), input=input)
    return r.exit_code, r.stdout


def test_every_scored_record_reads_the_verdict_and_the_limit_from_the_file(table):
    lines = f"{BELOW}\n{BELOW}\n{BELOW}\n{MET}\n{MET}\n"  # the later records of each come from a kept template
    for fmt in ("jsonl", "json"):
        code, out = run("score", "-v", table, "-f", fmt, input=lines)
        recs = [json.loads(x) for x in out.splitlines()] if fmt == "jsonl" else json.loads(out)
        assert [(r["total"], r["meets_minimum"], r["limit"], r["answer"]) for r in recs] == \
            [(2, False, None, "below_minimum")] * 3 + [(3, True, None, "ok")] * 2
        assert [r["payment"] for r in recs] == [None] * 3 + [{"shooter": None, "others": None, "each": 6,
                                                              "total": 18, "robbed_kong": False}] * 2
    code, out = run("score", "-v", table, "-f", "csv", input=lines)
    rows = out.splitlines()
    cols = rows[0].split(",")
    at = {k: cols.index(k) for k in ("total", "limit", "meets_minimum")}
    assert [tuple(r.split(",")[at[k]] for k in ("total", "limit", "meets_minimum")) for r in rows[1:]] == \
        [("2", "", "false")] * 3 + [("3", "", "true")] * 2
    code, out = run("score", "-v", table, BELOW)
    assert "total: 2 faan   [minimum 2: NOT met]" in out and "payment: nothing (below the minimum)" in out
    code, out = run("score", "-v", table, MET)
    assert "total: 3 faan   [minimum 2: met]" in out and "payment: each loser pays 6 (total 18)" in out


def test_all_readings_and_options_keep_the_verdict(table):
    code, out = run("score", "-v", table, "--all", "-f", "json", BELOW)
    rec = json.loads(out)[0]
    assert (rec["meets_minimum"], rec["limit"], rec["payment"]) == (False, None, None)
    code, out = run("score", "-v", table, "--seat", "S", "-f", "json", BELOW)  # f1 is not S's: 1 faan, none off
    rec = json.loads(out)[0]
    assert (rec["total"], rec["meets_minimum"], rec["limit"]) == (1, False, None)


def test_wait_on_a_hand_that_already_wins_says_the_same(table):
    # 14 tiles that win as they are: 2 faan with f1, below the minimum without it, so nothing is paid
    code, out = run("wait", "-v", table, "123m 456m 789m 234p 55s | f1")
    assert "already a win: 2 faan (below the minimum 2)" in out and "payment: nothing" in out


def test_a_table_with_a_limit_keeps_it(table):
    code, out = run("score", "-v", "hk", "-f", "json", "123m 456m 789m 234p 55s @5s | f1")
    rec = json.loads(out)[0]
    assert (rec["limit"], rec["total"], rec["meets_minimum"]) == (10, 2, False)  # Ping Wu 1 + own flower 1 < 3
    code, out = run("score", "-v", "tw", "-f", "json", "123m 456m 789m 123p 456p 55s @5s")
    assert json.loads(out)[0]["limit"] == 200  # tw keeps its cap
