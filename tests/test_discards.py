"""wait on a 14-tile hand: every discard that leaves the hand ready, best first."""

import csv
import io
import json
from pathlib import Path

import pytest

from mjcli.cli import cli
from mjcli.mahjong.discards import discard_text
from mjcli.variant import load_builtin

HK_SPICY = str(Path(__file__).resolve().parent.parent / "examples" / "house-hk-full-spicy.yaml")


def rec(runner, *args):
    r = runner.invoke(cli, ["wait", *args, "-f", "json"])
    return r.exit_code, json.loads(r.output)[0]


def summary(r):
    return [(d["discard"], d["tiles_left"], [(w["tile"], w["left"]) for w in d["waits"]]) for d in r["discards"]]


@pytest.mark.parametrize(
    "hand, expected",
    [
        # only throwing the 9s keeps 123m 456m 789m 23p EE ready: 1p and 4p, 4 each unseen
        ("123m 456m 789m 23p EE 9s", [("9s", 8, [("1p", 4), ("4p", 4)])]),
        # two pairs: throw 9s to wait on either pair (2 of each left); East (1z) is worth more (seat and round wind)
        ("123m 456m 789m 55p EE 9s", [("9s", 4, [("1z", 2), ("5p", 2)])]),
        # seven tiles of one run: throw 1m, 9m, 4m, 6m ... each leaves a different wait
        ("123m 456m 789m 234p 55s", [("1m", 9, [("1m", 3), ("4m", 3), ("7m", 3)]), ("9m", 9, [("3m", 3), ("6m", 3), ("9m", 3)]),
                                     ("2p", 7, [("5p", 4), ("2p", 3)]), ("4p", 7, [("1p", 4), ("4p", 3)]),
                                     ("4m", 6, [("4m", 3), ("7m", 3)]), ("6m", 6, [("3m", 3), ("6m", 3)]),
                                     ("2m", 3, [("2m", 3)]), ("3m", 3, [("3m", 3)]), ("5m", 3, [("5m", 3)]),
                                     ("7m", 3, [("7m", 3)]), ("8m", 3, [("8m", 3)]), ("3p", 3, [("3p", 3)]),
                                     ("5s", 2, [("5s", 2)])]),
    ],
    ids=["one-discard", "two-pairs", "complete-hand"],
)
def test_discards(runner, hand, expected):
    code, r = rec(runner, hand)
    assert code == 0 and r["ready"]
    assert summary(r) == expected


def test_discarded_tile_counts_as_seen(hk):
    # 123456789m 234p 55s: throw 2p -> waits 2p and 5p; 2p has 4 - 0 in hand - 1 thrown = 3 left, 5p 4
    r = discard_text("123m 456m 789m 234p 55s", hk)
    d = next(d for d in r.extra["discards"] if d["discard"] == "2p")
    assert {w["tile"]: w["left"] for w in d["waits"]} == {"2p": 3, "5p": 4}


def test_order_is_best_first(hk):
    r = discard_text("123m 456m 789m 234p 55s", hk)
    keys = [(d["payable_left"], d["tiles_left"], d["best"]) for d in r.extra["discards"]]
    assert keys == sorted(keys, reverse=True)
    for d in r.extra["discards"]:
        vals = [(w["discard"], w["self_drawn"], w["left"]) for w in d["waits"]]
        assert vals == sorted(vals, reverse=True)


def test_complete_hand_gets_a_note(runner):
    code, r = rec(runner, "123m 456m 789m 234p 55s")
    assert r["notes"] == ["these 14 tiles already form a winning hand; `mjcli score` prices it"]
    assert "wins_as_is" not in r  # the score is for the table; the record stays the discard-advice kind
    out = runner.invoke(cli, ["wait", "123m 456m 789m 234p 55s"]).output
    assert out.splitlines()[1] == "already a win: 2 faan (below the minimum 3): Ping Wu 1, No flowers 1"


def test_a_hand_that_already_wins_shows_its_score_then_one_line_a_discard(runner):
    hand = "111m 234m 567m 789m EE zimo"
    out = runner.invoke(cli, ["wait", hand]).output.splitlines()
    assert out[1] == "already a win: 5 faan: Wan Yat Sik (half flush) 3, No flowers 1, Zi Mo (self-drawn) 1"
    assert out[2] == "payment: each loser pays 12 (total 36)" and out[3] == "or discard and wait:"
    discards = [ln for ln in out if ln.startswith("  discard ")]
    code, r = rec(runner, hand)
    assert len(discards) == len(r["discards"]) == len(out) - 4  # one line each, no note, no table
    assert discards[0] == "  discard 2m: 9 left (2m 5m 8m), best 5 faan"
    # nearly: one tile changed, and it does not win as it stands: the full tables, no score
    near = runner.invoke(cli, ["wait", "111m 234m 567m 789m EN zimo"]).output
    assert "already a win" not in near and "tile      left" in near


def test_a_hand_that_wins_in_csv_and_jsonl_keeps_its_shape(runner):
    for fmt in ("jsonl", "csv"):
        plain = runner.invoke(cli, ["wait", "-f", fmt, "123m 456m 789m 23p EE 9s"]).output
        won = runner.invoke(cli, ["wait", "-f", fmt, "123m 456m 789m 234p 55s"]).output
        if fmt == "jsonl":
            assert set(json.loads(won)) == set(json.loads(plain)) and "wins_as_is" not in won  # fixed keys
            assert json.loads(won)["already_wins"] is True and json.loads(plain)["already_wins"] is False
        else:
            assert won.splitlines()[0] == plain.splitlines()[0]


@pytest.mark.parametrize("hand, size", [("123m 456m 789m 2p EE", 12), ("123m 456m 789m 234p EE 5s", 15),
                                        ("123m 456m [789m] 2p EE", 12)])
def test_wait_size_error_names_both_sizes(runner, hand, size):
    r = runner.invoke(cli, ["wait", hand])
    assert r.exit_code == 1
    assert (f"hand has {size} tiles (a kong counts 3); wait needs 13 tiles (one short of a win: what completes "
            "it) or 14 (a hand that has just drawn: what each discard leaves)") in r.stderr


def test_wait_of_13_and_14_tiles_is_no_size_error(runner):
    for hand in ("123m 456m 789m 23p EE", "123m 456m 789m 23p EE 9s"):
        assert runner.invoke(cli, ["wait", hand]).exit_code == 0


@pytest.mark.parametrize("opt, says", [(["--win", "2p"], "leave out --win"),
                                       (["--self-drawn"], "leave out --self-drawn")])
def test_wait_refuses_the_options_it_cannot_use(runner, opt, says):
    r = runner.invoke(cli, ["wait", "123m 456m 789m 23p EE", *opt])
    assert r.exit_code == 2 and says in r.stderr and r.stdout == ""


@pytest.mark.parametrize("flag, discard, self_drawn", [
    ([], 2, 3),
    (["--last-tile"], None, 4),  # the last tile is drawn: no discard value
    (["--rob-kong"], 3, None),  # a robbed kong is won on the konger's tile: no self-drawn value
    (["--last-discard"], 2, None),  # hk prices no last discard, but it is a discard all the same
])
def test_wait_uses_the_context_flags_per_column(runner, flag, discard, self_drawn):
    code, r = rec(runner, "123m 456m 789m 23p EE", *flag)
    w = r["waits"][0]
    assert (w["tile"], w["discard"], w["self_drawn"]) == ("1p", discard, self_drawn)
    assert w["discard_meets_minimum"] == (discard is not None and discard >= 3)


def test_values_and_payable(runner):
    # hk: the 1p/4p wins are 2 faan on a discard (below 3), 3 self-drawn: every tile pays self-drawn
    code, r = rec(runner, "123m 456m 789m 23p EE 9s")
    d = r["discards"][0]
    assert [(w["discard"], w["self_drawn"]) for w in d["waits"]] == [(2, 3), (2, 3)]
    assert d["payable_left"] == 8 and d["best"] == 3


def test_house_rules_change_the_discard_table(runner):
    plain = runner.invoke(cli, ["wait", "123m 456m 789m 23p EE 9s"]).output
    house = runner.invoke(cli, ["wait", "123m 456m 789m 23p EE 9s", "--rules", HK_SPICY]).output
    assert "discard below minimum 3" in plain and "below minimum" not in house


def test_not_ready_14(runner):
    code, r = rec(runner, "13579m 2468p 13s EWN")
    assert code == 1 and not r["ready"] and r["discards"] == [] and r["answer"] == "not_ready"


@pytest.mark.parametrize(
    "hand, message",
    [
        ("123m 456m 789m 23p EE 9s 9s", "fifteen"),
        ("1111m 1m 456m 789m 23p EE", "5 copies"),
    ],
    ids=["15-tiles", "fifth-copy"],
)
def test_bad_hands_still_errors(runner, hand, message):
    r = runner.invoke(cli, ["wait", hand, "-f", "json"])
    assert r.exit_code == 1
    assert json.loads(r.output)[0]["ok"] is False


def test_melds_are_kept(runner):
    # 123m 456m 23p EE 9s [789m]: only the concealed tiles can be thrown
    code, r = rec(runner, "123m 456m 23p EE 9s [789m]")
    assert [d["discard"] for d in r["discards"]] == ["9s"]


def test_csv_lists_discard_and_wait(runner):
    out = runner.invoke(cli, ["wait", "123m 456m 789m 23p EE 9s", "-f", "csv"]).output
    rows = list(csv.DictReader(io.StringIO(out)))  # one row per discard and winning tile
    assert [[r[c] for c in ("discard_tile", "tile", "left", "discard", "self_drawn")] for r in rows] == [
        ["9s", "1p", "4", "2", "3"], ["9s", "4p", "4", "2", "3"]]
    assert {r["schema"] for r in rows} == {"mjcli/discards/1"}


def test_thirteen_tiles_unchanged(runner):
    code, r = rec(runner, "123m 456m 789m 23p EE")
    assert "discards" not in r and [w["tile"] for w in r["waits"]] == ["1p", "4p"]


def test_my3_fei_discard():
    # my3: a Fei may be thrown too; it is then drowned (a bonus J), which spoils no_bonus (the limit),
    # so throwing it is listed last, its best win far below the limit
    r = discard_text("123p 456p 789p 11p EE J", load_builtin("my3"))
    assert r.ok and r.ready
    last = r.extra["discards"][-1]
    assert last["discard"] == "J" and last["best"] < 10
    assert all(d["best"] == 10 for d in r.extra["discards"][:-1])
