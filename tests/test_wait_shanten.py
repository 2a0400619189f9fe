"""`mjcli wait` on a hand that is not ready (issue 30): its shanten, the tiles that help with how many are unseen,
the look-ahead to the minimum, `--seen`, `--reach-minimum`, `--look-ahead`, and the 14-tile discard ranking."""

from __future__ import annotations

import json

import pytest
from test_contract import check_csv, invoke, run_all_formats

from mjcli.api import load_variant
from mjcli.mahjong.efficiency import AheadOptions, discards_ahead, wait_ahead
from mjcli.mahjong.tiles import parse_hand

# 234m 678m 22p 456s 9s N (hk, East seat and round, no bonus tile): one exchange from ready. Tiles that help
# and where they lead, each win self-drawn (the look-ahead prices routes self-drawn):
#   7s: throw N, wait on 8s (79s): 234m 678m 456s 789s and 22p, four chows: ping_wu 1 + self_drawn 1 +
#       no_flowers 1 = 3 faan, the minimum
#   8s: throw N, wait on 7s (89s... 789s): the same 3
#   9s: 99s, throw N, wait on 2p or 9s: a pong, no ping_wu: self_drawn 1 + no_flowers 1 = 2, below 3
#   N:  NN, throw 9s, wait on 2p or N: 2 (North is neither the seat nor the round wind)
#   2p: 222p, throw N, wait on 9s alone: 2
# Unseen: four of each less the copies in the hand: 2p 4-2 = 2, 7s 4, 8s 4, 9s 4-1 = 3, N 4-1 = 3; 16 in all,
# 8 of them (7s, 8s) reach the minimum.
HAND = "234m 678m 22p 456s 9s N"
HELPFUL = [("2p", 2, False, 2), ("7s", 4, True, 3), ("8s", 4, True, 3), ("9s", 3, False, 2), ("4z", 3, False, 2)]


def entries(rec):
    return [(e["tile"], e["left"], e["reaches_minimum"], e["best_reachable"]) for e in rec["helpful"]]


def test_a_hand_that_is_not_ready_gets_its_shanten_and_helpful_tiles():
    (rec,) = run_all_formats(["wait", HAND], "wait")
    assert rec["answer"] == "not_ready" and rec["ready"] is False and rec["waits"] == []
    assert rec["shanten"] == 1 and rec["look_ahead"] == "done"
    assert entries(rec) == HELPFUL
    assert (rec["helpful_left"], rec["reaching_left"]) == (16, 8)
    assert rec["reaches_minimum"] is True and rec["best_reachable"] == 3
    code, _, _ = invoke(["wait", HAND])
    assert code == 1  # not ready: exit 1, as before


def test_seen_tiles_leave_the_unseen_counts():
    # --seen 7s 7s 9s: 7s 4-2 = 2, 9s 3-1 = 2; 2 + 2 + 4 + 2 + 3 = 13 unseen, 2 + 4 = 6 reaching
    (rec,) = run_all_formats(["wait", HAND, "--seen", "7s 7s 9s"], "wait")
    assert [(e["tile"], e["left"]) for e in rec["helpful"]] == [("2p", 2), ("7s", 2), ("8s", 4), ("9s", 2), ("4z", 3)]
    assert (rec["helpful_left"], rec["reaching_left"]) == (13, 6)


def test_seen_every_copy_of_a_helpful_tile():
    # --seen 7777s: none left, so 7s reaches nothing (it cannot be drawn; still listed, with 0 left), and nor does
    # 8s, whose only fastest route waits on 7s: no win at all after 8s, and nothing reaches the minimum
    (rec,) = run_all_formats(["wait", HAND, "--seen", "7777s"], "wait")
    assert entries(rec)[1:3] == [("7s", 0, False, None), ("8s", 4, False, None)]  # no fastest route wins
    assert (rec["helpful_left"], rec["reaching_left"], rec["reaches_minimum"]) == (12, 0, False)


def test_seen_takes_from_a_ready_hands_waits():
    # 123m 456m 789m 23p EE waits on 1p and 4p, four of each unseen; --seen 1p 4p 4p: 3 and 2
    (rec,) = run_all_formats(["wait", "123m 456m 789m 23p EE", "--seen", "1p 44p"], "wait")
    assert [(w["tile"], w["left"]) for w in rec["waits"]] == [("1p", 3), ("4p", 2)]
    assert rec["shanten"] == 0 and rec["helpful"] is None


def test_seen_takes_from_a_14_tile_hands_waits():
    # 123m 456m 789m 23p EE 9s: discard 9s, wait on 1p / 4p (4 each); --seen 1p: 3 + 4 = 7 left
    (rec,) = run_all_formats(["wait", "123m 456m 789m 23p EE 9s", "--seen", "1p"], "wait")
    (d,) = rec["discards"]
    assert d["tiles_left"] == 7 and [(w["tile"], w["left"]) for w in d["waits"]] == [("4p", 4), ("1p", 3)]


@pytest.mark.parametrize("seen,message", [
    ("1x", "--seen '1x'"),
    ("11111m", "--seen names 5 of 1m; the set has 4 of each tile"),
    ("[123m]", "write only tiles"),
], ids=["bad-tile", "five-copies", "a-meld"])
def test_bad_seen_is_a_usage_error(seen, message):
    code, out, err = invoke(["wait", HAND, "--seen", seen])
    assert code == 2 and out == "" and message in err


def test_seen_tile_not_in_the_variant():
    code, _, err = invoke(["wait", "-v", "my3", "123p 456p 78p EE S N W", "--seen", "1m"])
    assert code == 2 and "--seen: tile 1m is not in the my3 set" in err


def test_seen_more_copies_than_the_hand_leaves_is_a_line_error():
    # the hand holds 22p: only two more 2p exist, --seen names three
    code, out, err = invoke(["wait", "-f", "jsonl", HAND, "--seen", "222p"])
    rec = json.loads(out)
    assert code == 1 and rec["answer"] == "invalid"
    assert "--seen names 3 of 2p, but only 2 are not in this hand or its melds" in rec["error"]["message"]


def test_reach_minimum_keeps_the_routes_that_reach_it():
    (rec,) = run_all_formats(["wait", HAND, "--reach-minimum"], "wait")
    assert entries(rec) == [("7s", 4, True, 3), ("8s", 4, True, 3)]
    assert (rec["helpful_left"], rec["reaching_left"], rec["shanten"]) == (8, 8, 1)


def test_look_ahead_zero_turns_it_off():
    (rec,) = run_all_formats(["wait", HAND, "--look-ahead", "0"], "wait")
    assert rec["look_ahead"] == "off" and rec["reaches_minimum"] is None and rec["best_reachable"] is None
    assert [(t, n) for t, n, _, _ in entries(rec)] == [(t, n) for t, n, _, _ in HELPFUL]
    assert all(e["reaches_minimum"] is None for e in rec["helpful"])
    _, out, _ = invoke(["wait", HAND, "--look-ahead", "0"])
    assert "look-ahead: not searched" in out


def test_a_hand_further_than_the_look_ahead():
    # 234m 678m 2p 456s 9s N S: two exchanges from ready, beyond the default --look-ahead 1
    (rec,) = run_all_formats(["wait", "234m 678m 2p 456s 9s N S"], "wait")
    assert rec["shanten"] == 2 and rec["look_ahead"] == "off"
    (rec,) = run_all_formats(["wait", "234m 678m 2p 456s 9s N S", "--look-ahead", "2"], "wait")
    assert rec["look_ahead"] == "done" and rec["reaches_minimum"] is True  # e.g. 7s 8s and 2p 2p: ping_wu routes


def test_the_bound_cuts_the_search():
    hk = load_variant("hk")
    res = wait_ahead(parse_hand(HAND), hk, AheadOptions(bound=3))
    assert res.extra["look_ahead"] == "cut"
    assert None in [e["reaches_minimum"] for e in res.extra["helpful"]]  # not settled
    assert res.extra["shanten"] == 1 and res.extra["helpful_left"] == 16  # the count itself is never cut


def test_a_discarded_tile_or_context_word_that_fixes_a_discard():
    # last-discard: every route's win is scored on a discard (no self_drawn point): 7s/8s routes give
    # ping_wu 1 + no_flowers 1 = 2, below 3; none reaches
    (rec,) = run_all_formats(["wait", HAND + " last-discard"], "wait")
    assert rec["reaches_minimum"] is False and rec["reaching_left"] == 0


def test_fei_is_a_helpful_tile_in_3_kaki():
    # 123p 456p 78p EE 9p N W | cat mouse (my3, minimum 5): one exchange from ready; a Fei (four unseen) helps:
    # with it 78p+J or EE+J
    (rec,) = run_all_formats(["wait", "-v", "my3", "123p 456p 78p EE 9p N W | cat mouse"], "wait")
    assert rec["shanten"] == 1
    assert ("J", 4) in [(e["tile"], e["left"]) for e in rec["helpful"]]
    # with no bonus tile at all every win is no_bonus, the 10-fan limit
    (rec,) = run_all_formats(["wait", "-v", "my3", "234p 567p 99p EE J N S"], "wait")
    assert rec["best_reachable"] == 10 and ("J", 3) in [(e["tile"], e["left"]) for e in rec["helpful"]]


def test_a_14_tile_hand_ranks_every_discard_by_shanten():
    # 1234678m 22p 4569s N: no discard leaves it ready. Throwing N keeps 1234m (123m + 4m or 1m + 234m), whose
    # 1m-6m and 9m help as well as 2p 7s 8s 9s: 36 unseen helpful tiles, 25 of them reaching 3 faan
    (rec,) = run_all_formats(["wait", HAND + " 1m"], "wait")
    assert rec["schema"] == "mjcli/discards/1" and rec["answer"] == "not_ready"
    assert rec["discards"] == [] and rec["shanten"] == 1
    rows = rec["discard_shanten"]
    assert [(r["discard"], r["shanten"], r["helpful_left"], r["reaching_left"]) for r in rows[:4]] == [
        ("4z", 1, 36, 25), ("9s", 1, 28, 17), ("1m", 1, 16, 8), ("4m", 1, 16, 8)]
    # after 1m the 13 tiles are HAND: the same helpful tiles, the discarded 1m counts as seen
    assert entries(rows[2]) == HELPFUL
    assert [r["shanten"] for r in rows] == sorted(r["shanten"] for r in rows)
    _, out, _ = invoke(["wait", "-f", "csv", HAND + " 1m"])
    csv_rows = check_csv(out, "wait")
    assert len(csv_rows) == sum(len(r["helpful"]) for r in rows)  # one row per discard and helpful tile
    assert (csv_rows[0]["discard_tile"], csv_rows[0]["discard_shanten"], csv_rows[0]["helpful_tile"]) == ("4z", "1", "1m")


def test_a_14_tile_hand_with_reach_minimum():
    (rec,) = run_all_formats(["wait", HAND + " 1m", "--reach-minimum"], "wait")
    assert all(r["reaches_minimum"] for r in rec["discard_shanten"])
    assert all(e["reaches_minimum"] for r in rec["discard_shanten"] for e in r["helpful"])
    assert rec["shanten"] == 1


def test_ready_hands_keep_their_answer():
    (rec,) = run_all_formats(["wait", "123m 456m 789m 23p EE"], "wait")
    assert rec["shanten"] == 0 and rec["look_ahead"] is None and rec["helpful"] is None
    (rec,) = run_all_formats(["wait", "123m 456m 789m 23p EE 9s"], "wait")
    assert rec["shanten"] == 0 and rec["discard_shanten"] is None and rec["look_ahead"] is None


@pytest.mark.parametrize("width", [60, 80, 120])
@pytest.mark.parametrize("hand", [HAND, HAND + " 1m", "234m 678m 2p 456s 9s N S 1p"])
def test_the_table_fits_the_width(width, hand, monkeypatch):
    monkeypatch.setenv("COLUMNS", str(width))
    from click.testing import CliRunner

    from mjcli.cli import cli

    out = CliRunner().invoke(cli, ["wait", hand], env={"COLUMNS": str(width)}).output
    assert "shanten" in out
    assert max(len(line) for line in out.splitlines()) <= width


def test_the_13_tile_table():
    code, out, _ = invoke(["wait", HAND])
    assert out.splitlines()[:4] == [
        "234678m 22p 4569s N   (hk)",
        "not ready: no tile completes this hand",
        "shanten 1 (1 tile from ready); 16 unseen tiles help",
        "tile      left  reaches 3 faan      best (faan)",
    ]
    assert "7s           4  yes                           3" in out
    assert "9s           3  no                            2" in out


def test_library_answers_with_jobs():
    # the options reach --jobs workers (the spec rebuilds the answer): the same records
    lines = "\n".join([HAND, HAND + " 1m", "123m 456m 789m 23p EE"] * 3) + "\n"
    _, one, _ = invoke(["wait", "-f", "jsonl", "--seen", "7s", "--jobs", "1"], lines)
    _, two, _ = invoke(["wait", "-f", "jsonl", "--seen", "7s", "--jobs", "2"], lines)
    assert one == two and json.loads(one.splitlines()[0])["helpful"][1]["left"] == 3


def test_discards_ahead_library():
    res = discards_ahead(parse_hand(HAND + " 1m"), load_variant("hk"), AheadOptions(look_ahead=0))
    assert res.extra["look_ahead"] == "off" and res.extra["shanten"] == 1


def test_paohuzi_refuses_the_mahjong_options():
    code, _, err = invoke(["wait", "-v", "paohuzi", "x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7d10 d5d5d5 x10x10",
                           "--reach-minimum"])
    assert code == 1 and "--reach-minimum does not apply to paohuzi" in err


@pytest.mark.parametrize("hand", ["123m 456m 789m 23p EE", "123m 456m 789m 23p EE 9s"], ids=["13", "14"])
def test_seen_is_checked_against_a_ready_hand(hand):
    # the hand holds 123m: only three more 1m exist
    code, out, _ = invoke(["wait", "-f", "jsonl", hand, "--seen", "1111m"])
    assert code == 1 and "--seen names 4 of 1m, but only 3 are not in this hand" in json.loads(out)["error"]["message"]


# 123m 456p 789s 55s EE (hk, East seat and round): ready on 5s or E (two pairs, either makes a pong).
#   5s: 123m 456p 789s 555s EE: no_flowers 1 = 1 faan on a discard, + self_drawn 1 = 2 self-drawn: below 3 both ways
#   E:  123m 456p 789s EEE 55s: seat_wind 1 + round_wind 1 + no_flowers 1 = 3 on a discard, 4 self-drawn: reaches 3
TWO_PAIRS = "123m 456p 789s 55s EE"


def waits_of(rec):
    return [(w["tile"], w["left"], w["discard"], w["self_drawn"]) for w in rec["waits"]]


def test_reach_minimum_filters_a_ready_hands_waits():
    (rec,) = run_all_formats(["wait", TWO_PAIRS], "wait")
    assert waits_of(rec) == [("5s", 2, 1, 2), ("1z", 2, 3, 4)]  # as today: both waits, 2 of each unseen
    (rec,) = run_all_formats(["wait", TWO_PAIRS, "--reach-minimum"], "wait")
    assert rec["answer"] == "ok" and rec["ready"] is True and waits_of(rec) == [("1z", 2, 3, 4)]
    code, out, _ = invoke(["wait", TWO_PAIRS, "--reach-minimum"])
    assert code == 0 and "5s" not in out.split("\n", 1)[1]


def test_reach_minimum_on_a_ready_hand_with_no_wait_left():
    # seat and round South: East is no longer a scoring wind, so EEE 55s is no_flowers 1 = 1 on a discard, 2 self-drawn;
    # 555s the same: every wait is below 3. The hand is ready, but no win pays: answer below_minimum, exit 0 (a win
    # below the minimum is an answer, as in `score`), no waits
    hand = TWO_PAIRS + " seat=S round=S"
    (rec,) = run_all_formats(["wait", hand, "--reach-minimum"], "wait")
    assert (rec["answer"], rec["ready"], rec["waits"], rec["shanten"]) == ("below_minimum", True, [], 0)
    assert "below the minimum of 3 faan" in rec["reason"]
    code, out, _ = invoke(["wait", hand, "--reach-minimum"])
    assert code == 0 and "ready, but no wait reaches the minimum 3 faan" in out
    code, _, _ = invoke(["wait", hand])
    assert code == 0  # without the option: the two waits, below the minimum, as today


def test_reach_minimum_on_a_ready_14_tile_hand():
    # 123m 456p 789s 55s EE 9m: only throwing 9m leaves the hand ready: TWO_PAIRS (5s below, E reaches). With
    # --reach-minimum that discard keeps E alone (2 left); seat and round South, no wait of it reaches 3
    (rec,) = run_all_formats(["wait", TWO_PAIRS + " 9m", "--reach-minimum"], "wait")
    assert [(d["discard"], d["tiles_left"], [w["tile"] for w in d["waits"]]) for d in rec["discards"]] == [
        ("9m", 2, ["1z"])]
    (rec,) = run_all_formats(["wait", TWO_PAIRS + " 9m seat=S round=S", "--reach-minimum"], "wait")
    assert (rec["answer"], rec["ready"], rec["discards"]) == ("below_minimum", True, [])
