"""Chinese Official (`-v mcr`) at the table: the payment that score and wait show is settle's, no limit, the
flowers outside the minimum, the deal passing every hand, the house switches where players dispute, and the
variant lists of the commands' help.

Payments (RULES.md for mcr, docs/mcr.md): the winner receives fan + 8 from the discarder and 8 from each other
player; self-drawn, fan + 8 from each of the three. Every amount below is worked by hand in its comment.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjcli.cli import cli
from mjcli.payments import SettleRequest, not_toward_points, payment_summary, settle
from mjcli.registry import game_kind
from mjcli.variant import builtin_ids, load_builtin

ROOT = Path(__file__).resolve().parent.parent
MCR = load_builtin("mcr")
KNITTED = "147m 258p 369s E S W N C"  # Lesser Honors and Knitted Tiles 12 + Knitted Straight 12 = 24 fan


@pytest.fixture
def runner():
    return CliRunner()


def mj(runner, *args, input=None):
    r = runner.invoke(cli, list(args), input=input)
    return r.exit_code, r.stdout, r.stderr


def score(text: str, variant=MCR):
    return game_kind(variant.game).score_line(text, variant)


# --- 1. the payment score and wait show is settle's --------------------------------------------------------


def test_wait_already_a_win_pays_as_settle(runner):
    # 24 fan on a discard: the discarder 24 + 8 = 32, each other player 8; total 32 + 8 + 8 = 48
    code, out, _ = mj(runner, "wait", "-v", "mcr", KNITTED)
    assert code == 0
    assert "payment: shooter pays 32, each other loser 8 (total 48)" in out
    code, out, _ = mj(runner, "settle", "-v", "mcr", "--value", "24", "--winner", "E", "--from", "S", "-f", "json")
    rec = json.loads(out)[0]
    assert [(p["from"], p["amount"]) for p in rec["payments"]] == [("S", 32), ("W", 8), ("N", 8)]
    assert rec["net"] == {"E": 48, "S": -32, "W": -8, "N": -8}


def test_score_payment_every_format_agrees_with_settle(runner):
    # 12399m 456p 345789s @3s: Mixed Straight 8 + Concealed Hand 2 + All Chows 2 = 12 fan;
    # discard: 12 + 8 = 20 from the discarder and 8 + 8: total 36.
    # self-drawn: Fully Concealed Hand 4 instead of Concealed Hand 2: 8 + 4 + 2 = 14; 14 + 8 = 22 from each
    # of the three, 66
    hand = "123m 456p 789s 345s 99m @3s"
    code, out, _ = mj(runner, "score", "-v", "mcr", hand, "-f", "json")
    assert json.loads(out)[0]["payment"] == {"shooter": 20, "others": 8, "each": None, "total": 36,
                                             "robbed_kong": False}
    code, out, _ = mj(runner, "score", "-v", "mcr", hand, "-f", "csv")
    assert code == 0 and "36" in out.splitlines()[1]
    code, out, _ = mj(runner, "score", "-v", "mcr", hand + " zimo")
    assert "payment: each loser pays 22 (total 66)" in out
    code, out, _ = mj(runner, "settle", "-v", "mcr", "--hand", hand + " zimo", "--winner", "E", "-f", "json")
    assert [p["amount"] for p in json.loads(out)[0]["payments"]] == [22, 22, 22]


def test_one_payment_path():
    # payment_summary reads the game's win_payments (settle's): a robbed kong is paid as a discard by the konger
    assert payment_summary(MCR, 24, False, robbed_kong=True) == {"shooter": 32, "others": 8, "total": 48}
    s = settle(MCR, SettleRequest(winner="N", shooter="E", value=24, robbed_kong=True))
    assert s.net == {"E": -32, "S": -8, "W": -8, "N": 48}
    assert payment_summary(MCR, 8, True) == {"each": 16, "total": 48}  # 8 + 8 = 16 from each of three


def test_score_and_wait_stake_agree_with_settle(runner):
    # --stake 0.5: 32 x 0.5 = 16 and 8 x 0.5 = 4; total 16 + 4 + 4 = 24
    code, out, _ = mj(runner, "wait", "-v", "mcr", KNITTED, "--stake", "0.5")
    assert "payment: shooter pays 16, each other loser 4 (total 24)" in out
    code, out, _ = mj(runner, "score", "-v", "mcr", KNITTED + " @C", "--stake", "0.5")
    assert "payment: shooter pays 16, each other loser 4 (total 24)" in out
    code, out, _ = mj(runner, "settle", "-v", "mcr", "--hand", KNITTED + " @C", "--winner", "E", "--from", "S",
                      "--stake", "0.5", "-f", "json")
    assert [p["amount"] for p in json.loads(out)[0]["payments"]] == [16, 4, 4]


# --- 2. no limit --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, text", [("en", "no limit"), ("zh", "不封頂"), ("ms", "tiada had"),
                                        ("ta", "உச்ச வரம்பு இல்லை"), ("th", "ไม่มีเพดาน")])
def test_rules_header_says_no_limit(runner, lang, text):
    code, out, _ = mj(runner, "rules", "mcr", "--lang", lang)
    assert code == 0 and text in out.splitlines()[0] and "1000000" not in out


def test_the_chinese_screens_say_the_books_words(runner):
    # the zh catalog's words are Hong Kong's (起糊, 出銃); mcr's file words them as the book does (起和, 點炮)
    code, out, _ = mj(runner, "rules", "mcr", "--lang", "zh")
    assert code == 0 and "起和 8" in out.splitlines()[0] and "點和：點炮者付" in out
    assert "起糊" not in out and "出銃" not in out
    code, out, _ = mj(runner, "score", "-v", "mcr", "--lang", "zh", "123m 456p 789s 345s 99m @3s")
    assert code == 0 and "[起和 8：夠]" in out and "點炮者付 20" in out
    # near miss: hk (and mcr in English) keep their words, also after an mcr command in the same process
    code, out, _ = mj(runner, "score", "-v", "hk", "--lang", "zh", "123m 456p 789s 345s 99m @3s")
    assert code == 0 and "起糊" in out and "起和" not in out
    code, out, _ = mj(runner, "rules", "mcr")
    assert code == 0 and "minimum 8" in out.splitlines()[0]


def test_a_house_file_words_its_screens(tmp_path, runner):
    path = tmp_path / "house.yaml"
    path.write_text("extends: hk\nwording: {zh: {起糊: 起和}}\n", encoding="utf-8")
    code, out, _ = mj(runner, "rules", "--rules", str(path), "--lang", "zh")
    assert code == 0 and "起和 3" in out.splitlines()[0]


def test_rules_payment_lines_say_what_settle_pays(runner):
    # base = 8 + fan x 1; 12 fan on a discard: the discarder 1 x (8 + 12) = 20, each other player 8 (settle's);
    # self-drawn: each other player 1 x 20 = 20
    code, out, _ = mj(runner, "rules", "mcr")
    lines = out[out.index("Payment:"):].splitlines()
    assert lines[1:4] == ["  base = 8 + fan x 1", "  discard: the discarder pays 1 x base, each other player 8",
                          "  self-drawn: each other player pays 1 x base"]
    assert "0 x base" not in out and max(len(x) for x in out.splitlines()) <= 80
    code, out, _ = mj(runner, "settle", "-v", "mcr", "--value", "12", "--winner", "E", "--from", "S", "-f", "json")
    assert [(p["from"], p["amount"]) for p in json.loads(out)[0]["payments"]] == [("S", 20), ("W", 8), ("N", 8)]
    code, out, _ = mj(runner, "settle", "-v", "mcr", "--value", "12", "--winner", "E", "-f", "json")
    assert [(p["from"], p["amount"]) for p in json.loads(out)[0]["payments"]] == [("S", 20), ("W", 20), ("N", 20)]
    # in every language, from the catalogs (zh: the discarder 出銃者, each other player 其餘每家)
    code, out, _ = mj(runner, "rules", "mcr", "--lang", "zh")
    assert "  點和：點炮者付 1 x 底，其餘每家付 8" in out.splitlines()
    # a near miss: hk pays the usual shares, and says so as before
    code, out, _ = mj(runner, "rules", "hk")
    assert "  discard: the shooter pays 1 x base, each other loser 0 x base" in out.splitlines()


def test_variant_list_and_records_no_limit(runner):
    code, out, _ = mj(runner, "rules")
    row = next(line for line in out.splitlines() if line.startswith("mcr "))
    assert "none" in row and "1000000" not in row
    code, out, _ = mj(runner, "rules", "-f", "json")
    assert next(r for r in json.loads(out) if r["id"] == "mcr")["limit"] is None
    assert next(r for r in json.loads(out) if r["id"] == "hk")["limit"] == 10  # a near miss: hk has one
    code, out, _ = mj(runner, "score", "-v", "mcr", KNITTED + " @C", "-f", "json")
    assert json.loads(out)[0]["limit"] is None
    code, out, _ = mj(runner, "score", "-v", "hk", "123m 456m 789m 234p EE @E zimo", "-f", "json")
    assert json.loads(out)[0]["limit"] == 10


def test_settle_value_has_no_cap(runner):
    # 2,000,000 fan: 2,000,008 from the discarder, 8 each from the others: the winner +2,000,024, no note
    code, out, _ = mj(runner, "settle", "-v", "mcr", "--value", "2000000", "--winner", "E", "--from", "S",
                      "-f", "json")
    rec = json.loads(out)[0]
    assert rec["paid_value"] == 2000000 and rec["net"]["E"] == 2000024 and rec["notes"] == []
    code, _, err = mj(runner, "settle", "-v", "hk", "--value", "13", "--winner", "E", "--from", "S")
    assert code == 0  # hk caps it (paid as 10), as before


# --- 3. the flowers: paid, not toward the minimum -----------------------------------------------------------


def test_settle_flowers_count_outside_the_minimum(runner):
    # --value 10 --flowers 2: 10 - 2 = 8 toward the minimum of 8 (met); paid 10 + 8 = 18 and 8 and 8
    code, out, _ = mj(runner, "settle", "-v", "mcr", "--value", "10", "--flowers", "2", "--winner", "E",
                      "--from", "S", "-f", "json")
    rec = json.loads(out)[0]
    assert code == 0 and [p["amount"] for p in rec["payments"]] == [18, 8, 8]
    assert rec["notes"] == ["2 of the 10 fan are flowers: 8 toward the minimum of 8"]
    # near miss: --value 9 --flowers 2 is 7 toward the minimum: refused in one line
    code, _, err = mj(runner, "settle", "-v", "mcr", "--value", "9", "--flowers", "2", "--winner", "E",
                      "--from", "S")
    assert code != 0 and "7 without the flowers' 2, below the minimum of 8" in err and len(err.splitlines()) == 1
    code, _, err = mj(runner, "settle", "-v", "mcr", "--value", "2", "--flowers", "3", "--winner", "E")
    assert code == 2 and "more than the --value 2" in err
    code, _, err = mj(runner, "settle", "-v", "mcr", "--flowers", "1")
    assert code == 2 and "no --winner" in err


def test_settle_hand_flowers_outside_the_minimum(runner):
    # Mixed Shifted Chows 6 + Single Wait 1 + one flower 1 = 8 fan, 7 toward the minimum: below it (exit 1)
    hand = "[123m] [234p] [345s] 789s NN @N"
    code, _, err = mj(runner, "settle", "-v", "mcr", "--hand", hand + " | f1", "--winner", "E", "--from", "S")
    assert code == 1 and "below the minimum of 8" in err and len(err.splitlines()) == 1
    # self-drawn: + Self-Drawn 1 = 9, 8 toward the minimum: 9 + 8 = 17 from each of three
    code, out, _ = mj(runner, "settle", "-v", "mcr", "--hand", hand + " | f1", "--winner", "E", "-f", "json")
    assert code == 0 and [p["amount"] for p in json.loads(out)[0]["payments"]] == [17, 17, 17]
    code, _, err = mj(runner, "settle", "-v", "mcr", "--hand", hand + " | f1", "--flowers", "1", "--winner", "E")
    assert code == 2 and "--flowers with --hand" in err


def test_flowers_refused_where_they_count_toward_the_minimum(runner):
    code, _, err = mj(runner, "settle", "-v", "hk", "--value", "5", "--flowers", "1", "--winner", "E")
    assert code == 2 and err.startswith("error: --flowers: hk counts every faan toward the minimum")
    assert len(err.strip().splitlines()) == 1


def test_wait_minimum_without_the_flowers(runner):
    # on N: Mixed Shifted Chows 6 + Single Wait 1 + f1 1 = 8 (7 toward 8: below); self-drawn 9 (8: met)
    code, out, _ = mj(runner, "wait", "-v", "mcr", "[123m] [234p] [345s] 789s N | f1", "-f", "json")
    w = json.loads(out)[0]["waits"][0]
    assert (w["discard"], w["discard_meets_minimum"], w["self_drawn"], w["self_drawn_meets_minimum"]) == \
        (8, False, 9, True)
    # the same totals without a flower would be 7 and 8; with one real fan more and no flower: 8 met
    code, out, _ = mj(runner, "wait", "-v", "mcr", "[123m] [234p] [345s] 789s N", "-f", "json")
    w = json.loads(out)[0]["waits"][0]
    assert (w["discard"], w["discard_meets_minimum"], w["self_drawn_meets_minimum"]) == (7, False, True)
    # a hand of 14 that already wins: below the minimum without its flower, so nothing paid
    code, out, _ = mj(runner, "wait", "-v", "mcr", "[123m] [234p] [345s] 789s NN | f1")
    assert "already a win: 8 fan (below the minimum 8)" in out and "payment: nothing" in out


LOOK = "[222m] [777p] [999s] 33m 5p 6s"  # one from ready; drawing the last 7p, discarding 6s, waits on 6p


def test_look_ahead_minimum_without_the_flowers(runner):
    # draw 7p, discard 6s, self-draw 6p: 33m 567p [222m] [777p] [999s]: Tile Hog 2 (the fourth 7p) + Pung of
    # Terminals or Honors 1 (999s) + No Honors 1 + Closed Wait 1 + Self-Drawn 1 = 6, and f1 f2 2 = 8 in all:
    # 6 toward the minimum of 8, not met (score says the same of that win)
    code, out, _ = mj(runner, "score", "-v", "mcr", "[222m] [777p] [999s] 33m 567p @6p zimo | f1 f2")
    assert "total: 8 fan   [minimum 8: NOT met]" in out
    code, out, _ = mj(runner, "wait", "-v", "mcr", LOOK + " | f1 f2", "-f", "json")
    rec = json.loads(out)[0]
    seven = next(h for h in rec["helpful"] if h["tile"] == "7p")
    assert (seven["left"], seven["reaches_minimum"], seven["best_reachable"]) == (1, False, 8)
    # near miss, 3m: draw 3m (333m), discard 6s, self-draw 5p: All Pungs 6 + Pung of Terminals or Honors 1 + No
    # Honors 1 + Single Wait 1 + Self-Drawn 1 = 10 toward the minimum, 12 with the flowers: reaches it
    three = next(h for h in rec["helpful"] if h["tile"] == "3m")
    assert (three["reaches_minimum"], three["best_reachable"]) == (True, 12)
    # with a third flower the 7p route is 9 in all, still 6 toward the minimum: --reach-minimum drops 7p
    code, out, _ = mj(runner, "wait", "-v", "mcr", "--reach-minimum", LOOK + " | f1 f2 f3", "-f", "json")
    assert [h["tile"] for h in json.loads(out)[0]["helpful"]] == ["3m", "5p", "6p", "6s"]
    # the 14 tiles with 1m to throw away: each discard's look-ahead counts the same way
    code, out, _ = mj(runner, "wait", "-v", "mcr", LOOK + " 1m | f1 f2", "-f", "json")
    row = next(r for r in json.loads(out)[0]["discard_shanten"] if r["discard"] == "1m")
    seven = next(h for h in row["helpful"] if h["tile"] == "7p")
    assert (seven["reaches_minimum"], seven["best_reachable"]) == (False, 8)


def test_not_toward_points():
    assert not_toward_points(MCR, score("[123m] [234p] [345s] 789s NN @N | f1 s2").patterns) == 2
    assert not_toward_points(load_builtin("hk"), score("123m 456m 789m 234p EE @E | f1",
                                                       load_builtin("hk")).patterns) == 0


# --- 4. the deal passes every hand ---------------------------------------------------------------------------


def test_mcr_ledger_deal_passes_every_hand(runner):
    """examples/ledger-mcr.jsonl, worked by hand:

    1 Ann (E) wins 12 on Bo's discard: Bo 20, Cy 8, Di 8 -> Ann +36; running 36 -20 -8 -8; Bo deals
    2 Cy self-draws 8: 16 each -> Cy +48; running 20 -36 40 -24; Cy deals
    3 drawn: no payments; Di deals
    4 Ann wins 10 (2 flowers) on Cy's discard: Cy 18, Bo 8, Di 8 -> +34; running 54 -44 22 -32; the East
      round is over: East and South change seats, West and North: Bo E, Ann S, Di W, Cy N; Bo deals
    5 South round; Ann (S) wins 24 on Di's discard: Di 32, Bo 8, Cy 8 -> +48;
      running 102 -52 14 -64 (sum 0)
    """
    code, out, _ = mj(runner, "settle", "-i", str(ROOT / "examples" / "ledger-mcr.jsonl"), "-f", "jsonl")
    recs = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(recs) == 5
    assert [r["dealer"] for r in recs] == ["Ann", "Bo", "Cy", "Di", "Bo"]
    assert [r["deal"] for r in recs] == ["passes"] * 5
    assert [r["round"] for r in recs] == ["E", "E", "E", "E", "S"]
    assert [list(r["running"].values()) for r in recs] == [
        [36, -20, -8, -8], [20, -36, 40, -24], [20, -36, 40, -24], [54, -44, 22, -32], [102, -52, 14, -64]]
    assert recs[3]["notes"][-1] == "round E is over: the players change seats (Bo E, Ann S, Di W, Cy N)"
    assert recs[4]["seats"] == {"Ann": "S", "Bo": "E", "Cy": "N", "Di": "W"}


def test_mcr_players_change_seats_every_round(runner):
    # sixteen drawn hands: the deal passes every hand, and at the end of each round the players change seats
    # (the book's 换位): East round over, East and South change places, West and North (Bo Ann Di Cy from the
    # East seat); South round over, East's player to West, West's to South, South's to North, North's to East
    # (Cy Di Bo Ann); West round over, East and South, West and North again (Di Cy Ann Bo). Over the four
    # rounds each player deals one round's first hand and sits in every seat once.
    lines = '{"players": ["Ann", "Bo", "Cy", "Di"]}\n' + '{"drawn": true}\n' * 17
    code, out, _ = mj(runner, "settle", "-v", "mcr", "--ledger", "-", "-f", "jsonl", input=lines)
    recs = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(recs) == 17
    firsts = [recs[i] for i in (0, 4, 8, 12)]
    assert [r["round"] for r in firsts] == ["E", "S", "W", "N"]
    assert [r["dealer"] for r in firsts] == ["Ann", "Bo", "Cy", "Di"]
    seating = [sorted(r["seats"], key=lambda p: "ESWN".index(r["seats"][p])) for r in firsts]
    assert seating == [["Ann", "Bo", "Cy", "Di"], ["Bo", "Ann", "Di", "Cy"], ["Cy", "Di", "Bo", "Ann"],
                       ["Di", "Cy", "Ann", "Bo"]]
    for p in ("Ann", "Bo", "Cy", "Di"):
        assert sorted(r["seats"][p] for r in firsts) == ["E", "N", "S", "W"]
    # within a round the seats do not change: the deal passes counter-clockwise (South round: Bo, Ann, Di, Cy)
    assert [r["dealer"] for r in recs[4:8]] == ["Bo", "Ann", "Di", "Cy"]
    # the North round over: no change left, the next East round starts as the North round did
    assert recs[16]["round"] == "E" and recs[16]["dealer"] == "Di"
    assert [len(r["notes"]) for r in recs] == [0, 0, 0, 1] * 3 + [0] * 5


def test_near_miss_a_table_without_seat_changes_keeps_its_seats(runner):
    # hk (deal: rotate, no seat_change): after four passes the first dealer deals again, in the same seat
    lines = '{"players": ["Ann", "Bo", "Cy", "Di"]}\n' + '{"winner": "S", "value": 3, "from": "W"}\n' * 5
    code, out, _ = mj(runner, "settle", "-v", "hk", "--ledger", "-", "-f", "jsonl", input=lines)
    recs = [json.loads(line) for line in out.splitlines()]
    assert [r["dealer"] for r in recs] == ["Ann", "Bo", "Cy", "Di", "Ann"]
    assert recs[4]["seats"] == {"Ann": "E", "Bo": "S", "Cy": "W", "Di": "N"} and recs[3]["notes"] == []


@pytest.mark.parametrize("text,message", [
    ("session: {seat_change: [{E: S, S: E, W: N}]}", "each seat (E S W N) once"),
    ("session: {seat_change: [{E: S, S: S, W: N, N: W}]}", "each seat (E S W N) once"),
    ("session: {seat_change: {E: S}}", "expected a list of mappings"),
    ("wording: {xx: {a: b}}", "unknown language"),
    ("wording: [1]", "expected a mapping of language code"),
    ("wording: {zh: {起糊: ''}}", "text on one line"),
    ("wording: {zh: 起和}", "expected a mapping of a word"),
])
def test_seat_change_and_wording_checked(tmp_path, text, message):
    msg = house_error(tmp_path, f"extends: mcr\n{text}\n")
    assert ("seat_change" in msg or "wording" in msg) and message in msg


def test_a_house_file_where_the_winner_deals_leaves_the_seat_changes_out(tmp_path):
    # deal: winner (as my3) on mcr: the base's seat changes are left out (a round does not end at the first
    # dealer); written with it, they are refused
    from mjcli.errors import MjError
    from mjcli.house import load_rules_file

    path = tmp_path / "house.yaml"
    path.write_text("extends: mcr\nsession: {deal: winner}\n", encoding="utf-8")
    assert "seat_change" not in load_rules_file(path).session
    path.write_text("extends: mcr\nsession: {deal: winner, seat_change: [{E: S, S: E, W: N, N: W}]}\n",
                    encoding="utf-8")
    with pytest.raises(MjError, match="seat_change"):
        load_rules_file(path)


def test_seat_change_can_be_turned_off(tmp_path, runner):
    # a house file with seat_change: [] keeps the players in their seats (the first dealer deals the South round)
    path = tmp_path / "house.yaml"
    path.write_text("extends: mcr\nsession: {seat_change: []}\n", encoding="utf-8")
    lines = '{"players": ["Ann", "Bo", "Cy", "Di"]}\n' + '{"drawn": true}\n' * 5
    code, out, _ = mj(runner, "settle", "--rules", str(path), "--ledger", "-", "-f", "jsonl", input=lines)
    assert [json.loads(x)["dealer"] for x in out.splitlines()] == ["Ann", "Bo", "Cy", "Di", "Ann"]


def test_rotate_keeps_the_deal_where_mcr_passes_it(runner):
    # near miss: the same first hand at hk (deal: rotate): the dealer's win keeps the deal
    for variant, value, deal in (("mcr", 8, "passes"), ("hk", 5, "keeps")):
        lines = ('{"players": ["Ann", "Bo", "Cy", "Di"]}\n'
                 f'{{"winner": "Ann", "from": "Bo", "value": {value}}}\n')
        code, out, _ = mj(runner, "settle", "-v", variant, "--ledger", "-", "-f", "jsonl", input=lines)
        assert code == 0 and json.loads(out.splitlines()[0])["deal"] == deal


def test_ledger_hand_with_flowers(runner):
    # a ledger line's hand: Mixed Shifted Chows 6 + Single Wait 1 + Self-Drawn 1 + f1 = 9 fan: 17 from each
    lines = ('{"players": ["Ann", "Bo", "Cy", "Di"]}\n'
             '{"winner": "Bo", "hand": "[123m] [234p] [345s] 789s NN @N | f1"}\n'
             '{"winner": "Bo", "value": 9, "flowers": 2, "from": "Ann"}\n')
    code, out, _ = mj(runner, "settle", "-v", "mcr", "--ledger", "-", "-f", "jsonl", input=lines)
    recs = [json.loads(line) for line in out.splitlines()]
    assert recs[0]["net"]["Bo"] == 51  # 17 x 3
    assert recs[1]["ok"] is False and "below the minimum of 8" in recs[1]["error"]["message"]


def test_every_hand_takes_no_drawn_with_kong(tmp_path):
    from mjcli.errors import MjError
    from mjcli.house import load_rules_file

    path = tmp_path / "house.yaml"
    path.write_text('{"extends": "mcr", "session": {"deal": "every_hand", "drawn_with_kong": "pass"}}')
    with pytest.raises(MjError, match="deal passes every hand"):
        load_rules_file(path)


# --- 5. the house switches where players dispute -------------------------------------------------------------


def house_error(tmp_path, text: str) -> str:
    """The one-line error of loading a house file of this text."""
    from mjcli.errors import MjError
    from mjcli.house import load_rules_file

    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MjError) as info:
        load_rules_file(path)
    return info.value.message


def house(tmp_path, base="mcr", **options):
    """A house file extending ``base`` with these ``options:``, loaded."""
    from mjcli.house import load_rules_file

    path = tmp_path / "house.yaml"
    path.write_text(json.dumps({"extends": base, "options": options}), encoding="utf-8")  # JSON is YAML
    return load_rules_file(path)


def fan_ids(res) -> dict:
    return {p.id: p.points for p in res.patterns}


def test_knit_wait_fans_switch(tmp_path):
    # 258m 369p 99p 147s 678s @7s: the 7s is the knit's and the middle of 678s.
    # true (the calculator's reading, the default): Knitted Straight 12 + Concealed Hand 2 + All Chows 2
    # + Closed Wait 1 = 17; false: 16
    hand = "258m 369p 99p 147s 678s @7s"
    assert MCR.options["knit_wait_fans"] is True
    assert score(hand).total == 17 and "closed_wait" in fan_ids(score(hand))
    off = house(tmp_path, knit_wait_fans=False)
    assert score(hand, off).total == 16 and "closed_wait" not in fan_ids(score(hand, off))
    # near miss: the knit is 258m 369p 147s and the winning 9s completes the pair, not the knit: Single Wait
    # stays with the switch off: 12 + 2 + 2 + 1 = 17
    near = "258m 369p 147s 99s 123m @9s"
    assert score(near, off).total == 17 and "single_wait" in fan_ids(score(near, off))


def test_chicken_with_flowers_switch(tmp_path):
    # [123m] [567p] [222s] 678s NN @8s | f1 f2: no fan but the flowers.
    # true (the calculator's, the default): Chicken Hand 8 + 2 flowers = 10, met (8 toward the minimum)
    hand = "[123m] [567p] [222s] 678s NN @8s | f1 f2"
    assert MCR.options["chicken_with_flowers"] is True
    res = score(hand)
    assert res.total == 10 and res.meets_minimum and "chicken_hand" in fan_ids(res)
    # false: the flowers are fans, so no Chicken Hand: 2 fan, below the minimum, nothing paid
    off = house(tmp_path, chicken_with_flowers=False)
    res = score(hand, off)
    assert res.total == 2 and not res.meets_minimum and res.payment is None
    # near miss: no flower, so the switch changes nothing: Chicken Hand 8
    assert score("[123m] [567p] [222s] 678s NN @8s", off).total == 8


def test_disabling_the_calculators_kong_fan_scores_the_books(tmp_path):
    # [5555p] (7777s) 123m 456m 11s @1s: one shown and one concealed kong.
    # the calculator's reading (the default): Concealed Kong and Melded Kong 5 + Short Straight 1 + No Honors 1
    # + Single Wait 1 = 8, met
    hand = "[5555p] (7777s) 123m 456m 11s @1s"
    res = score(hand)
    assert fan_ids(res) == {"concealed_and_melded_kong": 5, "short_straight": 1, "no_honors": 1, "single_wait": 1}
    assert res.total == 8 and res.meets_minimum
    # the 1998 book (the fan disabled in a house file): Concealed Kong 2 + Melded Kong 1 + 3 = 6, below the minimum
    path = tmp_path / "book.yaml"
    path.write_text("extends: mcr\ndisable: [concealed_and_melded_kong]\n", encoding="utf-8")
    from mjcli.house import load_rules_file

    book = load_rules_file(path)
    res = score(hand, book)
    assert fan_ids(res) == {"concealed_kong": 2, "melded_kong": 1, "short_straight": 1, "no_honors": 1,
                            "single_wait": 1}
    assert res.total == 6 and not res.meets_minimum
    # near miss: two shown kongs are Two Melded Kongs (4) either way, never the kong fans of one of each
    two_shown = "[5555p] [7777s] 123m 456m 11s @1s"
    assert fan_ids(score(two_shown, book))["two_melded_kongs"] == 4 == fan_ids(score(two_shown))["two_melded_kongs"]
    assert "melded_kong" not in fan_ids(score(two_shown, book))


def test_two_kongs_disabled_score_the_kongs_one_by_one(tmp_path):
    # a house file without Two Melded Kongs and Two Concealed Kongs: each kong's own fan, twice
    path = tmp_path / "house.yaml"
    path.write_text("extends: mcr\ndisable: [two_melded_kongs, two_concealed_kongs]\n", encoding="utf-8")
    from mjcli.house import load_rules_file

    house_rules = load_rules_file(path)
    # [1111m] [2222p] 345s 678s 99m @9m: Melded Kong 1 x 2 + Short Straight 1 + Pung of Terminals 1 + No Honors 1
    # + Single Wait 1 = 6 (the table's own: Two Melded Kongs 4 instead of the two Melded Kongs: 8)
    shown = "[1111m] [2222p] 345s 678s 99m @9m"
    assert fan_ids(score(shown, house_rules))["melded_kong"] == 2 and score(shown, house_rules).total == 6
    assert "melded_kong" not in fan_ids(score(shown)) and score(shown).total == 8
    # (1111m) (2222p): Concealed Kong 2 x 2 + Two Concealed Pungs 2 + Concealed Hand 2 + 4 = 12
    # (the table's: Two Concealed Kongs 6, which implies the concealed kongs and pungs: 6 + 2 + 4 = 12)
    hidden = "(1111m) (2222p) 345s 678s 99m @9m"
    got = fan_ids(score(hidden, house_rules))
    assert got["concealed_kong"] == 4 and got["two_concealed_pungs"] == 2 and score(hidden, house_rules).total == 12
    got = fan_ids(score(hidden))
    assert got["two_concealed_kongs"] == 6 and "concealed_kong" not in got and "two_concealed_pungs" not in got


def test_switches_are_checked_by_type(tmp_path):
    from mjcli.errors import MjError

    with pytest.raises(MjError, match="knit_wait_fans"):
        house(tmp_path, knit_wait_fans=0)
    with pytest.raises(MjError, match="has no option"):
        house(tmp_path, "hk", chicken_with_flowers=False)


# --- 6. the variant lists of the help ------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["score", "wait", "settle", "rules", "config"])
def test_help_names_every_variant(runner, command):
    code, out, _ = mj(runner, command, "-h")
    text = " ".join(out.split())
    assert code == 0
    for vid in builtin_ids():
        assert vid in text, (command, vid)
    assert "mcr" in text and "tw" in text


def test_batch_records_keep_the_minimum_without_flowers(runner, tmp_path):
    # the same hand three times (the later records come from a kept template): 8 fan with one flower is 7
    # toward the minimum every time; a near miss with a real fan more (self-drawn: 9, 8 toward it) meets it
    path = tmp_path / "hands.txt"
    hand = "[123m] [234p] [345s] 789s NN @N | f1"
    path.write_text(f"{hand}\n{hand}\n{hand}\n{hand} zimo\n", encoding="utf-8")
    for jobs in ("1", "2"):
        code, out, _ = mj(runner, "score", "-v", "mcr", "-i", str(path), "-f", "jsonl", "--jobs", jobs)
        recs = [json.loads(line) for line in out.splitlines()]
        assert [(r["total"], r["meets_minimum"], r["payment"] is None) for r in recs] == \
            [(8, False, True)] * 3 + [(9, True, False)]


# 6 fan toward the minimum (Tile Hog 2, Pung of Terminals or Honors 1, No Honors 1, Closed Wait 1, Self-Drawn 1)
# and 2 flowers: a total of 8 that is below the minimum of 8
EIGHT_WITH_FLOWERS = "[222m] [777p] [999s] 33m 567p @6p zimo | f1 f2"


def test_below_minimum_reason_counts_without_the_flowers(runner):
    code, out, _ = mj(runner, "score", "-v", "mcr", "-f", "jsonl", EIGHT_WITH_FLOWERS)
    rec = json.loads(out)
    assert (rec["total"], rec["meets_minimum"], rec["answer"]) == (8, False, "below_minimum")
    assert rec["reason"] == "6 fan count toward the minimum of 8 (2 fan of the total do not)"
    code, out, _ = mj(runner, "score", "-v", "mcr", EIGHT_WITH_FLOWERS)
    assert "note: 6 fan count toward the minimum of 8 (2 fan of the total do not)" in out
    code, out, _ = mj(runner, "score", "--lang", "zh", "-v", "mcr", EIGHT_WITH_FLOWERS)
    assert "6 番 計入起和 8（合計中 2 番 不計）" in out


def test_near_miss_below_minimum_keeps_the_plain_reason(runner):
    # the same hand without flowers: 6 fan, below 8 by itself; no flower to explain
    code, out, _ = mj(runner, "score", "-v", "mcr", "-f", "jsonl", "[222m] [777p] [999s] 33m 567p @6p zimo")
    rec = json.loads(out)
    assert rec["reason"] == "6 fan is below the minimum of 8"
    code, out, _ = mj(runner, "score", "-v", "mcr", "[222m] [777p] [999s] 33m 567p @6p zimo")
    assert "note:" not in out


def test_error_records_say_no_limit(runner):
    # a line that cannot be read, and one that is not UTF-8: the record's limit is null at a table with no limit
    for given in ("xx\n", b"\xff\xfe bad\n"):
        r = runner.invoke(cli, ["score", "-v", "mcr", "-f", "jsonl"], input=given)
        assert json.loads(r.stdout)["limit"] is None
    r = runner.invoke(cli, ["score", "-v", "hk", "-f", "jsonl"], input="xx\n")
    assert json.loads(r.stdout)["limit"] == 10


def test_wait_notes_a_self_drawn_win_below_the_minimum(runner):
    # Chicken Hand (8) is spoiled by Self-Drawn: 8s wins for 8 on a discard, 1 self-drawn (Self-Drawn 1 alone);
    # the note says so as hk's says "discard below minimum"; 5s is 1 and 2, short either way
    code, out, _ = mj(runner, "wait", "-v", "mcr", "[123m] [567p] [222s] 67s NN")
    rows = {line.split()[0]: line for line in out.splitlines() if line[:2] in ("5s", "8s")}
    assert rows["8s"].split()[1:] == ["4", "8", "1", "self-drawn", "below", "minimum", "8"]
    assert rows["5s"].split()[1:] == ["4", "1", "2", "below", "minimum", "8"]
    code, out, _ = mj(runner, "wait", "-v", "mcr", "[123m] [567p] [222s] 67s NN", "-f", "json")
    w8 = [w for w in json.loads(out)[0]["waits"] if w["tile"] == "8s"][0]
    assert (w8["discard_meets_minimum"], w8["self_drawn_meets_minimum"]) == (True, False)
