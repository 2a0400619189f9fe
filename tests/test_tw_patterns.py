"""The Taiwanese 16-tile table (``-v tw``), worked by hand: every pattern on a hand that has it and on one that
nearly has it, and a few settlements. Five sets and an eye: 16 tiles and ``@T``, or all 17.

Seat East (the default) is the dealer (1 tai), so most hands here sit South. The base of a payment is
5 + tai (``fixed: 5``, ``linear: 1``); on a discard the discarder pays it alone, on a self-draw each of three.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from mjcli.api import score_line
from mjcli.cli import cli
from mjcli.variant import load_builtin

TW = load_builtin("tw")
C, D = "concealed_hand", "du_ting"  # the two that most hands below carry


def found(text: str) -> tuple[int, dict]:
    res = score_line(text, TW)
    assert res.ok, res.error and res.error.message
    return res.total, {p.id: p.points for p in res.patterns}


CASES = [
    # dealer: seat E wins. 123m 456m 789m 234p 567p + 99s on the single wait 9s:
    # dealer 1 + concealed 1 + single wait 1 = 3
    ("123m 456m 789m 234p 567p 99s @9s seat=E", 3, {"dealer": 1, C: 1, D: 1}),
    # near miss: the same hand at seat S: 1 + 1 = 2, no dealer
    ("123m 456m 789m 234p 567p 99s @9s seat=S", 2, {C: 1, D: 1}),
    # continuing dealer: lian=1 (連一拉一), 2 tai on top of the dealer's: dealer 1 + lian_zhuang 2 x 1 +
    # concealed 1 + single wait 1 = 5 (the dealer's own three: 1 + 2 = 3)
    ("123m 456m 789m 234p 567p 99s @9s lian=1", 5, {"dealer": 1, "lian_zhuang": 2, C: 1, D: 1}),
    # all claimed (全求人): five shown sets, the eye's 9s waited on alone and won on a discard: quan_qiu_ren 2 +
    # single wait 1 = 3
    ("99s [123m] [456m] [789m] [234p] [567p] @9s seat=S", 3, {"quan_qiu_ren": 2, D: 1}),
    # near misses: self-drawn, self_drawn 1 + single wait 1 = 2; a concealed kong among the five, single wait 1
    ("99s [123m] [456m] [789m] [234p] [567p] @9s zimo seat=S", 2, {"self_drawn": 1, D: 1}),
    ("99s [123m] [456m] [789m] [234p] (5555p) @9s seat=S", 1, {D: 1}),
    # lian=2 (連二拉二): 1 + 2 x 2 + 1 + 1 = 7; near miss: the first case, a dealer with no lian=, 3
    ("123m 456m 789m 234p 567p 99s @9s lian=2", 7, {"dealer": 1, "lian_zhuang": 4, C: 1, D: 1}),
    # concealed: a shown chow [567p] spoils it: single wait 1 = 1
    ("123m 456m 789m 234p 99s [567p] @9s seat=S", 1, {D: 1}),
    # a concealed kong (5555p) keeps it: concealed 1 + single wait 1 = 2
    ("123m 456m 789m 234p 99s (5555p) @9s seat=S", 2, {C: 1, D: 1}),
    # self-drawn, not concealed: self-drawn 1 + single wait 1 = 2 (no concealed self-drawn)
    ("123m 456m 789m 234p 99s [567p] @9s zimo seat=S", 2, {"self_drawn": 1, D: 1}),
    # concealed and self-drawn: concealed 1 + self-drawn 1 + concealed self-drawn 1 + single wait 1 = 4
    ("123m 456m 789m 234p 567p 99s @9s zimo seat=S", 4, {C: 1, "self_drawn": 1, "concealed_self_drawn": 1, D: 1}),
    # single wait near miss: 56p waited on 4p and 7p, won on 7p: concealed 1 + Ping Hu 2 = 3, no single wait
    ("123m 456m 789m 234p 567p 99s @7p seat=S", 3, {C: 1, "tw_ping_hu": 2}),
    # a closed wait 2_4p won on 3p: concealed 1 + single wait 1 = 2
    ("123m 456m 789m 234p 567p 99s @3p seat=S", 2, {C: 1, D: 1}),
    # an edge wait 12p won on 3p: concealed 1 + single wait 1 = 2
    ("123m 456m 789m 123p 567p 99s @3p seat=S", 2, {C: 1, D: 1}),
    # dragon pong CCC: concealed 1 + single wait 1 + dragon 1 = 3
    ("123m 456m 789m 234p CCC 99s @9s seat=S", 3, {C: 1, D: 1, "dragon_set": 1}),
    # near miss: CC is the pair (999s the pong), won on 9s with 9s and C both waited on: concealed 1 = 1
    ("123m 456m 789m 234p CC 999s @9s seat=S", 1, {C: 1}),
    # seat wind: SSS at seat S: 1 + 1 + seat wind 1 = 3
    ("123m 456m 789m 234p SSS 99s @9s seat=S", 3, {C: 1, D: 1, "seat_wind": 1}),
    # near miss: SSS at seat W, round E: 1 + 1 = 2
    ("123m 456m 789m 234p SSS 99s @9s seat=W", 2, {C: 1, D: 1}),
    # round wind: WWW in the West round: 1 + 1 + round wind 1 = 3
    ("123m 456m 789m 234p WWW 99s @9s seat=S round=W", 3, {C: 1, D: 1, "round_wind": 1}),
    # near miss: WWW in the South round at seat S: 1 + 1 = 2
    ("123m 456m 789m 234p WWW 99s @9s seat=S round=S", 2, {C: 1, D: 1}),
    # both: SSS at seat S in the South round: 1 + 1 + 1 + 1 = 4
    ("123m 456m 789m 234p SSS 99s @9s seat=S round=S", 4, {C: 1, D: 1, "seat_wind": 1, "round_wind": 1}),
    # seat flowers: f2 and s2 at seat S, 1 each: 1 + 1 + 2 = 4
    ("123m 456m 789m 234p 567p 99s | f2 s2 @9s seat=S", 4, {C: 1, D: 1, "own_flower": 2}),
    # near miss: f1 and s3 are not seat S's: 1 + 1 = 2
    ("123m 456m 789m 234p 567p 99s | f1 s3 @9s seat=S", 2, {C: 1, D: 1}),
    # a full set f1-f4: 2, its f2 not counted again; two shown chows: single wait 1 + 2 = 3
    ("123m 456m 789m 99s [234p] [567p] | f1 f2 f3 f4 @9s seat=S", 3, {D: 1, "flower_set": 2}),
    # near miss: f1 f2 f3 s4 is no set; f2 is the seat flower: 1 + 1 = 2
    ("123m 456m 789m 99s [234p] [567p] | f1 f2 f3 s4 @9s seat=S", 2, {D: 1, "own_flower": 1}),
    # kong replacement (self-drawn, concealed kong): 1 + 1 + 1 + 1 + kong replacement 1 = 5
    ("123m 456m 789m 567p 99s (2222p) @9s kong-replacement seat=S", 5,
     {C: 1, "self_drawn": 1, "concealed_self_drawn": 1, D: 1, "kong_replacement": 1}),
    # near miss: the same self-drawn, not on the replacement: 1 + 1 + 1 + 1 = 4
    ("123m 456m 789m 567p 99s (2222p) @9s zimo seat=S", 4, {C: 1, "self_drawn": 1, "concealed_self_drawn": 1, D: 1}),
    # flower replacement (self-drawn): self-drawn 1 + single wait 1 + 1 = 3
    ("123m 456m 789m 99s [234p] [567p] | f1 @9s bonus-replacement seat=S", 3,
     {"self_drawn": 1, D: 1, "bonus_replacement": 1}),
    # last tile (self-drawn): 1 + 1 + 1 = 3
    ("123m 456m 789m 99s [234p] [567p] @9s last-tile seat=S", 3, {"self_drawn": 1, D: 1, "last_tile": 1}),
    # last discard: single wait 1 + 1 = 2
    ("123m 456m 789m 99s [234p] [567p] @9s last-discard seat=S", 2, {D: 1, "last_discard": 1}),
    # robbing a kong of 3p (the closed wait 2_4p): 1 + 1 = 2
    ("123m 456m 789m 234p 99s [567p] @3p rob-kong seat=S", 2, {D: 1, "rob_kong": 1}),
    # near miss: the same on a plain discard: 1
    ("123m 456m 789m 234p 99s [567p] @3p seat=S", 1, {D: 1}),
    # Ping Hu: five chows, pair 99s, on a discard, 5p on the two-sided 67p: concealed 1 + 2 = 3
    ("123m 456m 789m 234p 567p 99s @5p seat=S", 3, {C: 1, "tw_ping_hu": 2}),
    # near misses: self-drawn (1 + 1 + 1 = 3, no Ping Hu); a flower f2 (1 + seat flower 1 = 2); an honour pair
    # EE (concealed 1 = 1)
    ("123m 456m 789m 234p 567p 99s @5p zimo seat=S", 3, {C: 1, "self_drawn": 1, "concealed_self_drawn": 1}),
    ("123m 456m 789m 234p 567p 99s | f2 @5p seat=S", 2, {C: 1, "own_flower": 1}),
    ("123m 456m 789m 234p 567p EE @5p seat=S", 1, {C: 1}),
    # three concealed pongs 111m 555m 999p, won on the pair 9s: 1 + 1 + 2 = 4
    ("111m 555m 999p 234p 567p 99s @9s seat=S", 4, {C: 1, D: 1, "san_an_ke": 2}),
    # near miss: won on a discard 1m, which completes 111m (not concealed), 1m and 9s both waited on: 1 = 1
    ("111m 555m 999p 234p 567p 99s @1m seat=S", 1, {C: 1}),
    # four concealed pongs: 1 + 1 + 5 = 7
    ("111m 555m 999p 222s 567p 99s @9s seat=S", 7, {C: 1, D: 1, "si_an_ke": 5}),
    # near miss: the discard 2s completes 222s: three concealed, 1 + 2 = 3
    ("111m 555m 999p 222s 567p 99s @2s seat=S", 3, {C: 1, "san_an_ke": 2}),
    # five concealed pongs, self-drawn: 1 + 1 + 1 + all pongs 4 + 8 = 15 (9s, and 8s as 789s + 77s, waited on)
    ("111m 555m 999p 222s 777s 99s @9s zimo seat=S", 15,
     {C: 1, "self_drawn": 1, "concealed_self_drawn": 1, "all_pongs": 4, "wu_an_ke": 8}),
    # near miss: on a discard of 7s, 777s is not concealed: 1 + 4 + four concealed 5 = 10
    ("111m 555m 999p 222s 777s 99s @7s seat=S", 10, {C: 1, "all_pongs": 4, "si_an_ke": 5}),
    # all pongs, all shown (so all claimed too): single wait 1 + 4 + all claimed 2 = 7
    ("99s [111m] [555m] [999p] [222s] [777s] @9s seat=S", 7, {D: 1, "all_pongs": 4, "quan_qiu_ren": 2}),
    # near miss: one shown chow [789s]: single wait 1 + all claimed 2 = 3
    ("99s [111m] [555m] [999p] [222s] [789s] @9s seat=S", 3, {D: 1, "quan_qiu_ren": 2}),
    # half flush: characters and honours, shown CCC: dragon 1 + 4 = 5 (1m 4m 7m waited on: no single wait)
    ("123m 456m 789m 11m NNN [CCC] @1m seat=S", 5, {"dragon_set": 1, "half_flush": 4}),
    # full flush: 16 tiles and @1m (added): 111m 123m 456m 789m 99m + [234m], characters only: 8 (the 1112345678999m
    # shape waited on every character: no single wait)
    ("123m 456m 789m 11m 99m [234m] @1m seat=S", 8, {"full_flush": 8}),
    # near miss: the pair 99p in another suit: nothing, 0 tai (a win all the same)
    ("123m 456m 789m 11m 99p [234m] @1m seat=S", 0, {}),
    # small three dragons, its two pongs not added: 1 + 1 + half flush 4 + 4 = 10
    ("123m 456m 789m PPP FFF CC @C seat=S", 10, {C: 1, D: 1, "half_flush": 4, "small_dragons": 4}),
    # near miss: the pair 11s, not a dragon: two dragon pongs 2 + 1 + 1 = 4
    ("123m 456m 789m PPP FFF 11s @1s seat=S", 4, {C: 1, D: 1, "dragon_set": 2}),
    # big three dragons: 1 + 1 + three concealed pongs 2 + 8 = 12
    ("123m 456m 99s PPP FFF CCC @9s seat=S", 12, {C: 1, D: 1, "san_an_ke": 2, "big_dragons": 8}),
    # small four winds, the wind pongs not added: 1 + 1 + 2 + half flush 4 + 8 = 16
    ("123m 456m EEE SSS WWW NN @N seat=S", 16, {C: 1, D: 1, "san_an_ke": 2, "half_flush": 4, "small_winds": 8}),
    # near miss: two wind pongs and a wind pair: seat S 1 + round E 1 + concealed 1 = 3 (9s and W both waited on)
    ("123m 456m EEE SSS WW 999s @9s seat=S", 3, {C: 1, "seat_wind": 1, "round_wind": 1}),
    # big four winds: 1 + 1 + four concealed 5 + 16 = 23
    ("123m 99s EEE SSS WWW NNN @9s seat=S", 23, {C: 1, D: 1, "si_an_ke": 5, "big_winds": 16}),
    # all honours: 1 + 1 + seat 1 + round 1 + all pongs 4 + small dragons 4 + five concealed 8 + 16 = 36
    ("EEE SSS WWW PPP FFF CC @C seat=S", 36, {C: 1, D: 1, "seat_wind": 1, "round_wind": 1, "all_pongs": 4,
                                             "small_dragons": 4, "wu_an_ke": 8, "all_honours": 16}),
    # seven robs one: seven bonus tiles, the tiles no win: 8 alone (it replaces concealed and the flowers)
    ("123m 456m 789m 234p 567p 18s | f1 f2 f3 f4 s1 s2 s3 seat=S", 8, {"seven_flowers": 8}),
    # eight flowers: 1 + 1 + 8 = 10 (the flower tai replaced)
    ("123m 456m 789m 234p 567p 99s | f1 f2 f3 f4 s1 s2 s3 s4 @9s seat=S", 10, {C: 1, D: 1, "eight_flowers": 8}),
    # heavenly: dealer 1 + 24 = 25 (concealed, self-drawn and the single wait replaced)
    ("123m 456m 789m 234p 567p 99s @9s heavenly seat=E", 25, {"dealer": 1, "heavenly": 24}),
    # earthly: 16 (concealed and the single wait replaced)
    ("123m 456m 789m 234p 567p 99s @9s earthly seat=S", 16, {"earthly": 16}),
]


@pytest.mark.parametrize("text,total,want", CASES, ids=[c[0] for c in CASES])
def test_pattern(text, total, want):
    assert found(text) == (total, want)


def test_every_pattern_has_a_case():
    seen = {pid for _, _, want in CASES for pid in want}
    assert seen == {p.id for p in TW.patterns}


def test_six_bonus_tiles_do_not_win():
    # near miss of seven robs one: six bonus tiles and tiles that do not win: no win
    res = score_line("123m 456m 789m 234p 567p 18s | f1 f2 f3 f4 s1 s2 seat=S", TW)
    assert res.ok and not res.winning


def test_sixteen_tiles_and_a_wrong_size():
    # 16 tiles and @9s: the 9s is added (17); 16 tiles alone are one short
    assert score_line("123m 456m 789m 234p 567p 9s @9s seat=S", TW).total == 2
    res = score_line("123m 456m 789m 234p 567p 9s seat=S", TW)
    assert "score needs 17: five sets and a pair; to score 16, name the winning tile: add @T" in res.error.message


def _settle(*args):
    res = CliRunner().invoke(cli, ["settle", "-v", "tw", "-f", "json", *args], env={"MJCLI_CONFIG": ""})
    assert res.exit_code == 0, res.output
    import json

    return json.loads(res.output)


def _net(rec):
    return rec[0]["net"] if isinstance(rec, list) else rec["net"]


def test_settle_discard_alone_pays():
    # 3 tai on a discard from E to S: base 5 + 3 x 1 = 8, E alone pays it
    assert _net(_settle("--winner", "S", "--from", "E", "--value", "3")) == {"E": -8, "S": 8, "W": 0, "N": 0}


def test_settle_self_drawn_each_pays():
    # 3 tai self-drawn by S: base 8 from each of E, W, N: S +24
    assert _net(_settle("--winner", "S", "--value", "3")) == {"E": -8, "S": 24, "W": -8, "N": -8}


def test_settle_hand_and_stake():
    # the concealed self-drawn hand at seat S: 4 tai, base 5 + 4 = 9, x stake 20 = 180 from each: S +540
    rec = _settle("--winner", "S", "--stake", "20", "--hand", "123m 456m 789m 234p 567p 99s @9s zimo seat=S")
    assert _net(rec) == {"E": -180, "S": 540, "W": -180, "N": -180}


def test_settle_no_tai_pays_the_base():
    # a hand of 0 tai on a discard from W: base 5 + 0 = 5
    assert _net(_settle("--winner", "S", "--from", "W", "--value", "0")) == {"E": 0, "S": 5, "W": -5, "N": 0}


@pytest.mark.parametrize("text,vid,message", [
    # lian= is the dealer's (seat E) count, read at this table alone, a number 1 to 99, written once
    ("123m 456m 789m 234p 567p 99s @9s lian=1 seat=S", "tw", "lian=1 is the dealer's count and seat=S is not"),
    ("123m 456m 789m 123p 55p @5p lian=1", "hk", "lian=1 (the continuing dealer) is not counted at the hk table"),
    ("123m 456m 789m 234p 567p 99s @9s lian=0", "tw", "as a number 1 to 99"),
    ("123m 456m 789m 234p 567p 99s @9s lian=x", "tw", "as a number 1 to 99"),
    ("123m 456m 789m 234p 567p 99s @9s lian=1 lian=1", "tw", "lian= written twice"),
])
def test_lian_refused(text, vid, message):
    res = score_line(text, load_builtin(vid))
    assert not res.ok and message in res.error.message


def test_lian_kept_in_the_hand_and_wait():
    # the word comes back in the hand as written; a ready dealer's wait prices it: 9s alone, on a discard
    # dealer 1 + lian 2 + concealed 1 + single wait 1 = 5, self-drawn + self-drawn 1 + concealed self-drawn 1 = 7
    import json

    res = CliRunner().invoke(cli, ["score", "-v", "tw", "-f", "json", "123m 456m 789m 234p 567p 99s @9s lian=2"],
                             env={"MJCLI_CONFIG": ""})
    (rec,) = json.loads(res.stdout)
    assert rec["hand"] == "123456789m 234567p 99s @9s lian=2" and rec["total"] == 7
    res = CliRunner().invoke(cli, ["wait", "-v", "tw", "-f", "json", "123m 456m 789m 234p 567p 9s lian=1"],
                             env={"MJCLI_CONFIG": ""})
    (rec,) = json.loads(res.stdout)
    assert [(w["tile"], w["discard"], w["self_drawn"]) for w in rec["waits"]] == [("9s", 5, 7)]
