"""Singapore (sg): every pattern has it / nearly has it, the Ping Hu wait rule, limits, the cap, tile checks."""

import pytest

from mjcli.api import score_line
from mjcli.errors import HandError
from mjcli.mahjong.scoring import score
from mjcli.mahjong.tiles import parse_hand
from mjcli.variant import load_builtin


@pytest.fixture(scope="module")
def sg():
    return load_builtin("sg")


def found(res) -> dict:
    return {p.id: p.points for p in res.patterns}


# (id, hand, pattern, points it scores; 0 = absent)
CASES = [
    # dragon, wind sets
    ("dragon_set", "123m 456m 789m CCC 11p @1p", "dragon_set", 1),
    ("dragon_set-two", "123m 456m CCC FFF 11p @1p", "dragon_set", 2),
    ("dragon_set-nearly-pair", "123m 456m 789m 111p CC @C", "dragon_set", 0),
    ("seat_wind", "123m 456m 789m SSS 11p @1p seat=S", "seat_wind", 1),
    ("seat_wind-nearly-other-seat", "123m 456m 789m SSS 11p @1p seat=W", "seat_wind", 0),
    ("round_wind", "123m 456m 789m SSS 11p @1p round=S", "round_wind", 1),
    ("round_wind-nearly", "123m 456m 789m SSS 11p @1p round=E", "round_wind", 0),
    ("seat_and_round-seat", "123m 456m 789m SSS 11p @1p seat=S round=S", "seat_wind", 1),
    ("seat_and_round-round", "123m 456m 789m SSS 11p @1p seat=S round=S", "round_wind", 1),
    # bonus tiles
    ("own_flower", "123m 456m 789m CCC 11p | f1 @1p", "own_flower", 1),
    ("own_flower-flower_and_season", "123m 456m 789m CCC 11p | f3 s3 @1p seat=W", "own_flower", 2),
    ("own_flower-nearly-other-number", "123m 456m 789m CCC 11p | f2 @1p", "own_flower", 0),
    ("own_flower-not-in-complete-series", "123m 456m 789m CCC 11p | f1 f2 f3 f4 @1p", "own_flower", 0),
    ("own_flower-other-series-still-counts", "123m 456m 789m CCC 11p | f1 f2 f3 f4 s1 @1p", "own_flower", 1),
    ("flower_set", "123m 456m 789m CCC 11p | f1 f2 f3 f4 @1p", "flower_set", 2),
    ("flower_set-both", "123m 456m 789m CCC 11p | f1 f2 f3 f4 s1 s2 s3 s4 @1p", "eight_flowers", 5),
    ("flower_set-nearly-three", "123m 456m 789m CCC 11p | f1 f2 f3 s4 @1p", "flower_set", 0),
    ("animal", "123m 456m 789m CCC 11p | cat @1p", "animal", 1),
    ("animal-two", "123m 456m 789m CCC 11p | rooster mouse @1p seat=N", "animal", 2),
    ("animal-nearly-flower", "123m 456m 789m CCC 11p | f2 @1p", "animal", 0),
    ("all_animals", "123m 456m 789m CCC 11p | cat mouse rooster centipede @1p", "all_animals", 5),
    ("all_animals-replaces-animal", "123m 456m 789m CCC 11p | cat mouse rooster centipede @1p", "animal", 0),
    ("all_animals-nearly-three", "123m 456m 789m CCC 11p | cat mouse rooster @1p", "all_animals", 0),
    ("all_animals-nearly-three-animal", "123m 456m 789m CCC 11p | cat mouse rooster @1p", "animal", 3),
    # Men Qing Zi Mo
    ("concealed_self_drawn", "123m 456m 789m CCC 11p @1p zimo", "concealed_self_drawn", 1),
    ("concealed_self_drawn-concealed-kong", "123m 456m 789m 11p (CCCC) @1p zimo", "concealed_self_drawn", 1),
    ("concealed_self_drawn-nearly-claimed", "123m 456m 789m 11p [CCC] @1p zimo", "concealed_self_drawn", 0),
    ("concealed_self_drawn-nearly-added-kong", "123m 456m 789m 11p {CCCC} @1p zimo", "concealed_self_drawn", 0),
    ("concealed_self_drawn-nearly-discard", "123m 456m 789m CCC 11p @1p", "concealed_self_drawn", 0),
    # Ping Hu: shape, pair, bonus tiles, and the wait rule both ways
    ("ping_hu-two-sided-discard", "123m 456m 789m 234p 55s @4p", "ping_hu", 4),
    ("ping_hu-two-sided-discard-other-end", "123m 456m 789m 234p 55s @2p", "ping_hu", 4),
    ("ping_hu-nearly-single-wait-pair-discard", "123m 456m 789m 234p 55s @5s", "ping_hu", 0),
    ("ping_hu-nearly-edge-wait-discard", "123m 456m 789m 123p 55s @3p", "ping_hu", 0),
    ("ping_hu-nearly-closed-wait-discard", "123m 456m 789m 123p 55s @2p", "ping_hu", 0),
    ("ping_hu-single-wait-self-drawn", "123m 456m 789m 234p 55s @5s zimo", "ping_hu", 4),
    ("ping_hu-edge-wait-self-drawn", "123m 456m 789m 123p 55s @3p zimo", "ping_hu", 4),
    ("ping_hu-two-kinds-on-the-pair", "123m 456m 789m 234p 55p @5p", "ping_hu", 4),
    ("ping_hu-two-sided-rob-kong", "123m 456m 789m 234p 55s @4p rob-kong", "ping_hu", 4),
    ("ping_hu-nearly-single-wait-rob-kong", "123m 456m 789m 123p 55s @2p rob-kong", "ping_hu", 0),
    ("ping_hu-claimed-chow", "123m 456m 234p 55s [789m] @4p", "ping_hu", 4),
    ("ping_hu-other-wind-pair", "123m 456m 789m 234p NN @4p", "ping_hu", 4),
    ("ping_hu-nearly-dragon-pair", "123m 456m 789m 234p CC @4p", "ping_hu", 0),
    ("ping_hu-nearly-seat-wind-pair", "123m 456m 789m 234p SS @4p seat=S", "ping_hu", 0),
    ("ping_hu-nearly-round-wind-pair", "123m 456m 789m 234p EE @4p seat=S", "ping_hu", 0),
    ("ping_hu-nearly-a-pong", "123m 456m 789m 222p 55s @5s zimo", "ping_hu", 0),
    ("ping_hu-nearly-bonus-tile", "123m 456m 789m 234p 55s | f1 @4p", "ping_hu", 0),
    ("ping_hu-nearly-animal", "123m 456m 789m 234p 55s | cat @4p", "ping_hu", 0),
    ("lesser_ping_hu", "123m 456m 789m 234p 55s | f2 @4p", "lesser_ping_hu", 1),
    ("lesser_ping_hu-animal-self-drawn-single", "123m 456m 789m 234p 55s | cat @5s zimo", "lesser_ping_hu", 1),
    ("lesser_ping_hu-nearly-single-wait-discard", "123m 456m 789m 234p 55s | f2 @5s", "lesser_ping_hu", 0),
    ("lesser_ping_hu-nearly-no-bonus", "123m 456m 789m 234p 55s @4p", "lesser_ping_hu", 0),
    ("lesser_ping_hu-nearly-dragon-pair", "123m 456m 789m 234p CC | f2 @4p", "lesser_ping_hu", 0),
    # whole-hand shapes
    ("all_pongs", "111m 222p 777s 55s [333s] @5s", "all_pongs", 2),
    ("all_pongs-nearly-a-chow", "111m 222p 789s 55s [333s] @5s", "all_pongs", 0),
    ("half_flush", "123m 456m 789m EEE SS @S", "half_flush", 2),
    ("half_flush-nearly-two-suits", "123m 456m 789p EEE SS @S", "half_flush", 0),
    ("full_flush", "123m 456m 789m 11m [999m] @1m", "full_flush", 4),
    ("full_flush-nearly-honour-pair", "123m 456m 789m NN [999m] @N", "full_flush", 0),
    ("mixed_terminals", "111m EEE CCC 11s [999p] @1s", "mixed_terminals", 4),
    ("mixed_terminals-includes-all_pongs", "111m EEE CCC 11s [999p] @1s", "all_pongs", 0),
    ("mixed_terminals-nearly-a-two", "111m EEE CCC 22s [999p] @2s", "mixed_terminals", 0),
    ("mixed_terminals-nearly-a-two-all_pongs", "111m EEE CCC 22s [999p] @2s", "all_pongs", 2),
    ("small_dragons", "123m 456m PPP FFF CC @C", "small_dragons", 3),
    ("small_dragons-includes-dragon_set", "123m 456m PPP FFF CC @C", "dragon_set", 0),
    ("small_dragons-nearly-suit-pair", "123m 456m PPP FFF 55p @5p", "small_dragons", 0),
    ("small_dragons-nearly-suit-pair-sets", "123m 456m PPP FFF 55p @5p", "dragon_set", 2),
    ("small_winds", "EEE SSS WWW NN 123p @3p", "small_winds", 2),
    ("small_winds-wind-sets-still-score", "EEE SSS WWW NN 123p @3p seat=S", "seat_wind", 1),
    ("small_winds-nearly-two-sets", "EEE SSS 456p NN 123p @3p", "small_winds", 0),
    ("pure_green", "234s 666s 888s FFF 22s @2s", "pure_green", 4),
    ("pure_green-replaces-half_flush", "234s 666s 888s FFF 22s @2s", "half_flush", 0),
    ("pure_green-no-dragon-full_flush", "234s 234s 666s 888s 22s @2s", "full_flush", 4),
    ("pure_green-no-dragon", "234s 234s 666s 888s 22s @2s", "pure_green", 4),
    ("pure_green-nearly-a-five", "234s 666s 888s FFF 55s @5s", "pure_green", 0),
    ("pure_green-nearly-red-dragon", "234s 666s 888s CCC 22s @2s", "pure_green", 0),
    # how the hand was won
    ("bonus_replacement", "123m 456m 789m CCC 11p | f3 @1p zimo bonus-replacement", "bonus_replacement", 1),
    ("bonus_replacement-nearly", "123m 456m 789m CCC 11p | f3 @1p zimo", "bonus_replacement", 0),
    ("kong_replacement", "123m 456m 789m 55s [2222p] @5s zimo kong-replacement", "kong_replacement", 1),
    ("kong_replacement-nearly", "123m 456m 789m 55s [2222p] @5s zimo", "kong_replacement", 0),
    ("rob_kong", "123m 456m 789m 234p 55s @4p rob-kong", "rob_kong", 1),
    ("rob_kong-nearly", "123m 456m 789m 234p 55s @4p", "rob_kong", 0),
    ("last_tile", "123m 456m 789m CCC 11p @1p zimo last-tile", "last_tile", 1),
    ("last_tile-nearly", "123m 456m 789m CCC 11p @1p zimo", "last_tile", 0),
    # limit hands (5)
    ("big_dragons", "123m 44m PPP FFF CCC @4m", "big_dragons", 5),
    ("big_dragons-nearly-small", "123m 456m PPP FFF CC @C", "big_dragons", 0),
    ("big_winds", "EEE SSS WWW NNN 55p @5p", "big_winds", 5),
    ("big_winds-nearly-small", "EEE SSS WWW NN 123p @3p", "big_winds", 0),
    ("all_honours", "EEE SSS WWW PPP CC @C", "all_honours", 5),
    ("all_honours-nearly-suit-pair", "EEE SSS WWW PPP 11m @1m", "all_honours", 0),
    ("all_terminals", "111m 999m 111p 999p 11s @1s", "all_terminals", 5),
    ("all_terminals-nearly-honour-pair", "111m 999m 111p 999p NN @N", "all_terminals", 0),
    ("thirteen_wonders", "19m 19p 19s ESWNPFC C @C", "thirteen_wonders", 5),
    ("thirteen_wonders-nearly-a-two", "129m 19p 19s ESWNPF C @C", "thirteen_wonders", 0),
    ("kam_kam_hu-self-drawn", "111m 222p 333s 444s 55s @5s zimo", "kam_kam_hu", 5),
    ("kam_kam_hu-self-drawn-on-a-pong", "111m 222p 333s 444s 55s @4s zimo", "kam_kam_hu", 5),
    ("kam_kam_hu-concealed-kong", "111m 222p 333s 55s (4444s) @5s zimo", "kam_kam_hu", 5),
    ("kam_kam_hu-nearly-discard-on-pair", "111m 222p 333s 444s 55s @5s", "kam_kam_hu", 0),
    ("kam_kam_hu-nearly-discard-on-pong", "111m 222p 333s 444s 55s @4s", "kam_kam_hu", 0),
    ("kam_kam_hu-nearly-claimed", "111m 222p 333s 55s [444s] @5s zimo", "kam_kam_hu", 0),
    ("nine_gates", "11123455678999m @5m", "nine_gates", 5),
    ("nine_gates-nearly-claimed", "11123455678m [999m] @5m", "nine_gates", 0),
    ("four_kongs", "55s (1111m) (2222p) [3333s] [4444s] @5s", "four_kongs", 5),
    ("four_kongs-nearly-three", "55s 444s (1111m) (2222p) [3333s] @5s", "four_kongs", 0),
    ("eight_flowers-complete-hand", "123m 456m 789m 234p 55s | f1 f2 f3 f4 s1 s2 s3 s4 @5s", "eight_flowers", 5),
    ("eight_flowers-whatever-the-tiles", "135m 258p 369s ESW N | f1 f2 f3 f4 s1 s2 s3 s4 zimo", "eight_flowers", 5),
    ("eight_flowers-nearly-seven", "123m 456m 789m 234p 55s | f1 f2 f3 f4 s1 s2 s3 @5s", "eight_flowers", 0),
    ("heavenly", "123m 456m 789m 234p 55s @5s zimo heavenly", "heavenly", 5),
    ("heavenly-nearly", "123m 456m 789m 234p 55s @5s zimo", "heavenly", 0),
    ("earthly", "123m 456m 789m 234p 55s @5s earthly seat=S", "earthly", 5),
    ("earthly-nearly", "123m 456m 789m 234p 55s @5s seat=S", "earthly", 0),
    ("kong_on_kong", "123m 456m 55s [2222p] [7777s] @5s zimo kong-on-kong", "kong_on_kong", 5),
    ("kong_on_kong-nearly", "123m 456m 55s [2222p] [7777s] @5s zimo kong-replacement", "kong_on_kong", 0),
]


@pytest.mark.parametrize("hand,pid,points", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_pattern(sg, hand, pid, points):
    res = score_line(hand, sg)
    assert res.ok, res.error and res.error.message
    assert found(res).get(pid, 0) == points, (hand, found(res))


def test_every_sg_pattern_has_a_has_it_case(sg):
    covered = {pid for _, _, pid, pts in CASES if pts}
    assert {p.id for p in sg.patterns} <= covered


def test_every_sg_pattern_has_a_nearly_case(sg):
    nearly = {pid for _, _, pid, pts in CASES if not pts}
    assert {p.id for p in sg.patterns} <= nearly


TOTALS = [
    # (id, hand, raw, total, limit hand)
    ("seat-and-round-wind-set-is-2", "123m 456m 789m SSS 11p @1p seat=S round=S", 2, 2, False),
    # small_dragons 3 + half_flush 2 + concealed_self_drawn 1 = 6, paid as the cap 5
    ("cap-5-raw-6", "123m 456m PPP FFF CC @C zimo", 6, 5, False),
    # full_flush 4 + pure_green 4 + concealed_self_drawn 1 = 9
    ("cap-5-raw-9", "234s 234s 666s 888s 22s @2s zimo", 9, 5, False),
    # small_winds 2 + seat 1 + round 1 + half_flush 2 = 6
    ("small-winds-capped", "EEE SSS WWW NN 123p @3p", 6, 5, False),
    ("limit-scores-5-and-nothing-else", "123m 44m PPP FFF CCC @4m zimo", 5, 5, True),
    # ping_hu 4 + concealed_self_drawn 1
    ("ping_hu-and-men-qing-zi-mo", "123m 456m 789m 234p 55s @5s zimo", 5, 5, False),
    ("self-draw-alone-is-0-tai", "123m 456m 789m 55s [111p] @5s zimo", 0, 0, False),
    # dragon_set 1 + all_animals 5
    ("all-animals-capped", "123m 456m 789m CCC 11p | cat mouse rooster centipede @1p", 6, 5, False),
]


@pytest.mark.parametrize("hand,raw,total,limit", [c[1:] for c in TOTALS], ids=[c[0] for c in TOTALS])
def test_totals(sg, hand, raw, total, limit):
    res = score_line(hand, sg)
    assert res.winning
    assert (res.raw, res.total, res.limit_hand) == (raw, total, limit), found(res)


def test_below_minimum_is_a_win_that_cannot_be_paid(sg):
    res = score_line("123m 456m 789m 234p 55s @5s", sg)  # single wait on a discard: 0 tai
    assert res.winning and res.total == 0
    assert not res.meets_minimum and res.payment is None
    assert res.answer_code == "below_minimum"


def test_eight_flowers_wins_with_any_tiles(sg):
    res = score_line("135m 258p 369s ESW N | f1 f2 f3 f4 s1 s2 s3 s4 zimo", sg)
    assert res.winning and res.limit_hand and res.total == 5
    assert [p.id for p in res.patterns] == ["eight_flowers"]


def test_seven_flowers_is_not_a_win_in_sg(sg):
    res = score_line("135m 258p 369s ESW N | f1 f2 f3 f4 s1 s2 s3 zimo", sg)
    assert not res.winning


def test_seven_pairs_is_not_a_singapore_hand(sg):
    assert not score_line("11m 22m 33p 44p 55s 66s 77s @7s", sg).winning


def test_ping_hu_best_reading_is_kept(sg):
    # 111222333m reads as three pongs or as three chows; only the chow reading is Ping Hu, and it is kept
    res = score_line("111222333m 456p 88s @3m zimo", sg)
    assert "ping_hu" in found(res)


@pytest.mark.parametrize("text,variant,needle", [
    ("123m 456m 789m CCC 11p | cat @1p", "hk", "animal tiles are not in the hk set"),
    ("123m 456m 789m CCC 1Jp | f1 @1p", "sg", "a Fei (J) is not in the sg set"),
    ("123m 456m 789m CCC 11p | J @1p", "sg", "a Fei (J) is not in the sg set"),
    ("123m 456m 789m CCC 11p | face @1p", "sg", "face tiles are not in the sg set"),
    ("123m 456m 789m CCC 11p | cat cat @1p", "sg", "bonus tile cat written 2 times"),
], ids=["animal-in-hk", "fei-in-sg-hand", "drowned-fei-in-sg", "face-in-sg", "two-cats"])
def test_tiles_not_in_the_set_are_errors(text, variant, needle):
    res = score_line(text, load_builtin(variant))
    assert not res.ok
    assert needle in res.error.message


def test_animal_in_hk_raises_from_the_library(hk):
    with pytest.raises(HandError):
        score(parse_hand("123m 456m 789m CCC 11p | mouse @1p"), hk)


def test_score_payment_field(sg):
    # 2 tai (dragon_set 1 + own_flower 1): A = 2^2 = 4; shooter 2A = 8, others A = 4: 8 + 4 + 4 = 16
    res = score_line("123m 456m 789m CCC 11p | f1 @1p", sg)
    assert res.total == 2
    assert res.payment == {"shooter": 8, "others": 4, "total": 16}
    res = score_line("123m 456m 789m 11p [CCC] | f1 @1p zimo", sg)
    assert res.total == 2  # self-drawn: 2A = 8 from each of three = 24
    assert res.payment == {"each": 8, "total": 24}


def test_thirteen_wonders_payment_is_as_self_drawn(sg):
    res = score_line("19m 19p 19s ESWNPFC C @C", sg)  # won on a discard
    assert res.payment == {"each": 64, "total": 192}  # A = 2^5 = 32; 2A from each of three


def test_rules_sg_prints_every_pattern_and_the_liability(runner):
    from mjcli.cli import cli

    out = runner.invoke(cli, ["rules", "sg"]).output
    for pid in [p.id for p in load_builtin("sg").patterns]:
        assert pid in out
    assert "Liability (bao):" in out
    assert "third dragon set" in out and "fresh tile" in out


def test_rules_sg_in_tamil_and_chinese(runner):
    from mjcli.cli import cli

    assert "Men Qing Zi Mo" in runner.invoke(cli, ["rules", "sg", "--lang", "ta"]).output
    assert "平胡" in runner.invoke(cli, ["rules", "sg", "--lang", "zh"]).output
