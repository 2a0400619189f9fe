"""Chinese Official (`-v mcr`): every fan's example scores it and its near miss does not; the principles where
they bite; the minimum without the flowers; no limit; the payments; the shapes; the context words.

The fans' examples and near misses are the draft's (variants/drafts/mcr.yaml), each checked against the
independent calculator in tests/test_mcr_oracle.py as well. The hand-worked totals are in the comments.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import mcr_reference as ref  # noqa: E402
from mjcli.games.mcr.patterns import fan_id  # noqa: E402
from mjcli.mahjong.scoring import score_text  # noqa: E402
from mjcli.variant import load_builtin  # noqa: E402

MCR = load_builtin("mcr")
FANS = ref.load_draft()["fans"]


def score(text: str):
    from mjcli.registry import game_kind

    return game_kind("mcr").score_line(text, MCR)


def fans(text: str) -> dict:
    res = score(text)
    assert res.ok, res.error
    return {fan_id(p.id): p.count for p in res.patterns}


@pytest.mark.parametrize("fan", FANS, ids=[f["id"] for f in FANS])
def test_each_fan_example_and_near_miss(fan):
    assert fan["id"] in fans(fan["example"]), fan["example"]
    assert fan["id"] not in fans(fan["near_miss"]), fan["near_miss"]


def test_every_fan_is_a_pattern_with_its_value():
    from mjcli.games.mcr.patterns import pattern_id

    by_id = {p.id: p for p in MCR.patterns}
    assert len(FANS) == 81
    for fan in FANS:
        assert by_id[pattern_id(fan["id"])].value == fan["value"]


# ---- the principles, each where it bites ------------------------------------------------------------------


def test_non_repeat_big_four_winds_takes_the_wind_fans():
    # EEE SSS WWW NNN 55m, won on the 5m: big four winds 88; its pungs are no all pungs, no seat or prevalent
    # wind, no pungs of honours (implied). Four concealed pungs 64 (no pung was completed by the discard: the
    # 5m is the pair), half flush 6, single wait 1: 88 + 64 + 6 + 1 = 159
    got = fans("EEE SSS WWW NNN 55m @5m")
    assert got == {"big_four_winds": 1, "four_concealed_pungs": 1, "half_flush": 1, "single_wait": 1}
    assert score("EEE SSS WWW NNN 55m @5m").total == 159


def test_account_once_the_seat_wind_pung_is_no_pung_of_honours():
    # WWW at seat W: seat wind 2, not also a pung of terminals or honours; concealed hand 2, single wait 1 = 5
    assert fans("WWW 123m 345p 567s 99s @9s seat=W") == {"seat_wind": 1, "concealed_hand": 1, "single_wait": 1}
    # the same pung at seat N is a pung of honours (1): 1 + 2 + 1 = 4
    assert fans("WWW 123m 345p 567s 99s @9s seat=N") == {"pung_of_terminals_or_honors": 1, "concealed_hand": 1,
                                                          "single_wait": 1}


def test_account_once_four_chows_make_at_most_three_pair_fans():
    # 123m 123m 456m 456m (both doubles and two short straights could be read): the account-once cut keeps
    # three: pure double chow 1 x2, short straight 1 x1
    got = fans("[123m] [123m] [456m] 456m 99p @9p")
    assert got.get("pure_double_chow", 0) + got.get("short_straight", 0) == 3


def test_exclusionary_four_concealed_pungs_self_drawn_scores_self_drawn():
    # 111222m 222p 11s (3333p) zimo: four concealed pungs 64 excludes fully concealed hand; self-drawn 1 stays.
    # 64 + lower tiles 24 + double pung 2 + concealed kong 2 + pung of terminals 1 + single wait 1 + 1 = 95
    got = fans("111222m 222p 11s (3333p) @1s zimo seat=E round=W")
    assert "fully_concealed_hand" not in got and got["self_drawn"] == 1
    assert score("111222m 222p 11s (3333p) @1s zimo seat=E round=W").total == 95


def test_non_separation_a_set_is_not_split():
    # 123m 234m 345m 99m + EEE: the pure shifted chows (16) read from the three chows as they stand; no
    # short straight (123 + 456) is made by splitting them. 16 + ...
    got = fans("123m 234m 345m EEE 99m @9m")
    assert got.get("pure_shifted_chows") == 1 and "short_straight" not in got


def test_little_four_winds_takes_every_pung_of_honours_the_calculators_reading():
    # three wind pungs and the fourth wind as the pair: little four winds 64, half flush 6, seat wind 2,
    # self-drawn 1 = 73; the wind pungs are no pungs of honours
    assert score("456s WW [EEE] [SSS] [NNN] @6s zimo seat=S round=W").total == 73


def test_chicken_hand_when_nothing_else_flowers_aside():
    # nothing scores: chicken hand 8; with a flower 8 + 1 = 9, and the minimum is met by the 8 alone
    res = score("[123m] [567p] [222s] 678s NN @8s | f1")
    assert fans("[123m] [567p] [222s] 678s NN @8s | f1") == {"chicken_hand": 1, "flower_tiles": 1}
    assert res.total == 9 and res.meets_minimum


# ---- the minimum, the limit, the payments ------------------------------------------------------------------


def test_the_minimum_leaves_the_flowers_out():
    # seat wind 2 + concealed hand 2 + single wait 1 = 5, with three flowers 8: the total is 8, the minimum not met
    res = score("WWW 123m 345p 567s 99s @9s seat=W | f1 f2 f3")
    assert res.total == 8 and not res.meets_minimum and res.answer_code == "below_minimum"
    assert res.payment is None


def test_no_limit():
    assert MCR.limit >= 1_000_000 and score("EEE SSS WWW NNN 55m @5m").total == 159


def test_payments_discard_and_self_drawn():
    # discard: mixed straight 8 + concealed hand 2 + all chows 2 = 12; the discarder 12 + 8 = 20, the others 8
    res = score("123m 456p 789s 345s 99m @3s")
    assert res.total == 12 and res.payment == {"shooter": 20, "others": 8, "total": 36}
    # self-drawn: 8 + fully concealed 4 + all chows 2 = 14; each of three pays 14 + 8 = 22
    res = score("123m 456p 789s 345s 99m @3s zimo")
    assert res.total == 14 and res.payment == {"each": 22, "total": 66}


def test_settle_pays_fan_plus_eight():
    from mjcli.payments import SettleRequest, settle

    s = settle(MCR, SettleRequest(winner="E", shooter="S", value=12))
    assert sorted((p.payer, p.amount) for p in s.payments) == [("N", 8), ("S", 20), ("W", 8)]
    s = settle(MCR, SettleRequest(winner="E", value=14))
    assert sorted((p.payer, p.amount) for p in s.payments) == [("N", 22), ("S", 22), ("W", 22)]


# ---- the shapes -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, fan", [
    ("11223344556677p @7p", "seven_shifted_pairs"),
    ("1188m 55p 99s EEWWFF @F", "seven_pairs"),
    ("11m 1111p 5588s EEFF @F", "seven_pairs"),  # four alike are two pairs here
    ("19m 19p 19s EESWNPFC @N", "thirteen_orphans"),
    ("147m 258p 369s 234s 55m @5m", "knitted_straight"),
    ("258m 147p 33369s [FFF] @4p", "knitted_straight"),  # its one set shown
    ("147m 25p 69s ESWNPFC @2p", "greater_honors_and_knitted_tiles"),
    ("369m 14p 258s ESWPFC @1p", "lesser_honors_and_knitted_tiles"),
])
def test_special_shapes(text, fan):
    assert fan in fans(text)


def test_knitted_straight_needs_the_knit():
    # 147m 258p 368s: not knitted (the 8s breaks it), and no sets either: not a winning hand
    assert not score("147m 258p 368s 234s 55m @5m").winning


# ---- the context words ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("words, fan", [
    ("zimo", "self_drawn"),
    ("last-of-kind", "last_tile"),
    ("last-tile", "last_tile_draw"),
    ("last-discard", "last_tile_claim"),
    ("rob-kong", "robbing_the_kong"),
])
def test_context_words(words, fan):
    assert fan in fans(f"[123m] [456p] 789s 345s 99m @3s {words}")


def test_kong_replacement():
    assert "out_with_replacement_tile" in fans("[1111m] 456p 789s 345s 99m @9m kong-replacement")


def test_wait_prices_each_way_of_winning():
    # 123m 456p 789s 345s 9m waits on 9m alone: on a discard mixed straight 8 + concealed hand 2 + all chows 2
    # + single wait 1 = 13; self-drawn 8 + fully concealed hand 4 + all chows 2 + single wait 1 = 15
    from mjcli.registry import game_kind

    rec = game_kind("mcr").wait_line("123m 456p 789s 345s 9m", MCR).as_dict()
    assert [(w["tile"], w["discard"], w["self_drawn"]) for w in rec["waits"]] == [("9m", 13, 15)]


def test_equal_totals_keep_the_first_reading_and_all_lists_both():
    # 122334m 11223344p @3p reads 123p 123p 44p (the 3p an edge) or 11p 234p 234p (the 3p closed), 20 fan
    # either way: lower four 12 + concealed 2 + all chows 2 + pure double 1 + mixed double 1 + voided 1 + wait 1.
    # The first in tile order (the pung-free 123p reading) is scored: edge wait
    res = score("122334m 11223344p @3p")
    assert res.total == 20 and "edge_wait" in fans("122334m 11223344p @3p")
    res = MCR_GAME.score_line("122334m 11223344p @3p", MCR, all_readings=True)
    assert [a.total for a in res.alternatives] == [20, 0]  # the other reading goes after: listed, no fans


from mjcli.registry import game_kind as _game_kind  # noqa: E402

MCR_GAME = _game_kind("mcr")
