"""Context words checked against the hand (issue 13): needs, implies, contradicts; rob-kong paid as --robbed-kong.

Each row of the table in the rules digest ("General") is tested both ways for every mahjong variant:
a hand that meets the need (and gets the implied words) and one that violates it (``invalid_context``).
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjcli.api import score_line, wait_line
from mjcli.cli import cli
from mjcli.variant import load_builtin

# per variant: a plain four-chow hand, one with a kong, one with two kongs, one with a bonus tile
HANDS = {
    "hk": dict(plain="123m 456m 789m 234p 55s", kong="123m 456m 789m 55s [2222p]",
               two_kongs="123m 456m 55s [2222p] [7777s]", bonus="123m 456m 789m 234p 55s | f1",
               claimed="123m 456m 789m 55s [234p]", rob_ok="@4p", rob_bad="@5s"),
    "sg": dict(plain="123m 456m 789m 234p 55s", kong="123m 456m 789m 55s [2222p]",
               two_kongs="123m 456m 55s [2222p] [7777s]", bonus="123m 456m 789m 234p 55s | f1",
               claimed="123m 456m 789m 55s [234p]", rob_ok="@4p", rob_bad="@5s"),
    "my3": dict(plain="123p 456p 789p EEE 11p", kong="123p 456p EEE 11p [9999p]",
                two_kongs="123p 456p 99p [EEEE] [SSSS]", bonus="123p 456p 789p EEE 11p | cat",
                claimed="123p 456p EEE 11p [789p]", rob_ok="@3p", rob_bad="@1p"),
}
VARIANTS = list(HANDS)


def score(vid, text, **ov):
    return score_line(text, load_builtin(vid), overrides=ov or None)


def ok(vid, text, **ov):
    res = score(vid, text, **ov)
    assert res.ok, res.error and res.error.message
    return res


def refused(vid, text, *words, **ov):
    res = score(vid, text, **ov)
    assert not res.ok, res.as_dict()
    assert res.error.code == "invalid_context", res.error.message
    for w in words:
        assert w in res.error.message, (w, res.error.message)
    return res.error.message


# --------------------------------------------------------------------------
# heavenly: needs the dealer (seat E), no claimed meld; implies self-drawn; contradicts any other seat


@pytest.mark.parametrize("vid", VARIANTS)
def test_heavenly_is_self_drawn_and_shows_zimo(vid):
    res = ok(vid, HANDS[vid]["plain"] + " heavenly")
    assert "zimo" in res.hand.split() and "heavenly" in res.hand.split()
    assert "each" in res.payment  # paid as self-drawn: every loser pays the same


@pytest.mark.parametrize("vid", VARIANTS)
def test_heavenly_refused_for_another_seat(vid):
    refused(vid, HANDS[vid]["plain"] + " heavenly seat=S", "heavenly", "seat=S")


@pytest.mark.parametrize("vid", VARIANTS)
def test_heavenly_refused_with_a_claimed_meld(vid):
    refused(vid, HANDS[vid]["claimed"] + " zimo heavenly", "heavenly", "claimed meld")


@pytest.mark.parametrize("vid", VARIANTS)
def test_heavenly_with_a_concealed_kong_is_allowed(vid):
    text = HANDS[vid]["kong"].replace("[", "(").replace("]", ")")
    assert ok(vid, text + " heavenly").limit_hand


# --------------------------------------------------------------------------
# earthly: needs another seat than the dealer, no claimed meld; implies a discard; contradicts zimo, seat E


@pytest.mark.parametrize("vid", VARIANTS)
def test_earthly_meets_its_needs(vid):
    res = ok(vid, HANDS[vid]["plain"] + " earthly seat=S")
    assert res.limit_hand and "zimo" not in res.hand.split()


@pytest.mark.parametrize("vid", VARIANTS)
def test_earthly_refused_for_the_dealer(vid):
    refused(vid, HANDS[vid]["plain"] + " earthly", "earthly", "seat=E")  # seat E is the default
    refused(vid, HANDS[vid]["plain"] + " earthly seat=E", "earthly", "seat=E")


@pytest.mark.parametrize("vid", VARIANTS)
def test_earthly_refused_self_drawn(vid):
    refused(vid, HANDS[vid]["plain"] + " zimo earthly seat=S", "earthly", "zimo")


@pytest.mark.parametrize("vid", VARIANTS)
def test_earthly_refused_with_a_claimed_meld(vid):
    refused(vid, HANDS[vid]["claimed"] + " earthly seat=S", "earthly", "claimed meld")


def test_a_claimed_meld_refused_with_a_fix_that_fits_it():
    # a claimed chow: take the word out or write the set concealed; a claimed kong: the concealed kong's spelling
    msg = refused("mcr", "[123m] 456p 789s 345s 99m @3s earthly seat=S", "[123m]")
    assert "take out earthly" in msg and "(5555p)" not in msg
    msg = refused("mcr", "[5555m] 456p 789s 345s 99m @3s earthly seat=S", "[5555m]")
    assert msg.endswith("a kong made from the hand is written (5555m)")


@pytest.mark.parametrize("vid", VARIANTS)
def test_heavenly_and_earthly_together_refused(vid):
    refused(vid, HANDS[vid]["plain"] + " heavenly earthly", "heavenly", "earthly")


# --------------------------------------------------------------------------
# kong-replacement, kong-on-kong, bonus-replacement, last-tile: each implies self-drawn


@pytest.mark.parametrize("vid", VARIANTS)
def test_kong_replacement_with_a_kong_adds_zimo(vid):
    res = ok(vid, HANDS[vid]["kong"] + " kong-replacement")
    assert "zimo" in res.hand.split()


@pytest.mark.parametrize("vid", VARIANTS)
def test_kong_replacement_without_a_kong_refused(vid):
    refused(vid, HANDS[vid]["plain"] + " zimo kong-replacement", "kong-replacement", "kong")


@pytest.mark.parametrize("vid", VARIANTS)
def test_kong_on_kong_adds_zimo_and_kong_replacement(vid):
    res = ok(vid, HANDS[vid]["two_kongs"] + " kong-on-kong")
    words = res.hand.split()
    assert "zimo" in words and "kong-replacement" in words and "kong-on-kong" in words
    assert res.limit_hand


@pytest.mark.parametrize("vid", VARIANTS)
def test_kong_on_kong_with_one_kong_refused(vid):
    refused(vid, HANDS[vid]["kong"] + " zimo kong-on-kong", "kong-on-kong", "two kongs")


@pytest.mark.parametrize("vid", VARIANTS)
def test_bonus_replacement_with_a_bonus_tile_adds_zimo(vid):
    res = ok(vid, HANDS[vid]["bonus"] + " bonus-replacement")
    assert "zimo" in res.hand.split()


@pytest.mark.parametrize("vid", VARIANTS)
def test_bonus_replacement_without_a_bonus_tile_refused(vid):
    refused(vid, HANDS[vid]["plain"] + " zimo bonus-replacement", "bonus-replacement", "bonus tile")


def test_bonus_replacement_after_a_drowned_fei():
    assert "zimo" in ok("my3", "123p 456p 789p EEE 11p | J bonus-replacement").hand.split()


@pytest.mark.parametrize("vid", VARIANTS)
def test_last_tile_adds_zimo(vid):
    res = ok(vid, HANDS[vid]["plain"] + " last-tile")
    assert "zimo" in res.hand.split()


@pytest.mark.parametrize("vid", VARIANTS)
@pytest.mark.parametrize("word", ["kong-replacement", "last-tile", "heavenly"])
def test_a_self_drawn_word_against_a_discard_word_refused(vid, word):
    text = HANDS[vid]["kong"] + f" {word} last-discard"
    refused(vid, text, word, "last-discard")


# --------------------------------------------------------------------------
# last-discard: implies a discard; contradicts zimo


@pytest.mark.parametrize("vid", VARIANTS)
def test_last_discard_on_a_discard(vid):
    res = ok(vid, HANDS[vid]["plain"] + " last-discard")
    assert "zimo" not in res.hand.split() and "each" not in (res.payment or {})


@pytest.mark.parametrize("vid", VARIANTS)
def test_last_discard_self_drawn_refused(vid):
    refused(vid, HANDS[vid]["plain"] + " zimo last-discard", "last-discard", "zimo")


# --------------------------------------------------------------------------
# rob-kong: needs that the winner holds no other copy of the winning tile; implies a discard; contradicts zimo


@pytest.mark.parametrize("vid", VARIANTS)
def test_rob_kong_with_no_other_copy(vid):
    ok(vid, HANDS[vid]["plain"] + f" {HANDS[vid]['rob_ok']} rob-kong")


@pytest.mark.parametrize("vid", VARIANTS)
def test_rob_kong_with_another_copy_refused(vid):
    # the konger holds three and robbing takes the fourth: a second copy in the winner's hand is a fifth tile
    refused(vid, HANDS[vid]["plain"] + f" {HANDS[vid]['rob_bad']} rob-kong", "rob-kong",
            HANDS[vid]["rob_bad"][1:])


@pytest.mark.parametrize("vid", VARIANTS)
def test_rob_kong_self_drawn_refused(vid):
    refused(vid, HANDS[vid]["plain"] + f" {HANDS[vid]['rob_ok']} zimo rob-kong", "rob-kong", "zimo")


def test_rob_kong_on_a_fei_refused():
    refused("my3", "123p 456p 789p EEE 1pJ @J rob-kong", "rob-kong", "@J")


# --------------------------------------------------------------------------
# the discard words name which discard the tile was: two of them contradict each other (no kong is made once the
# wall is empty, and the dealer's first discard is not the last); last-of-kind needs no other copy held


OTHER = {"tw": ("123m 456m 789m 234p 567p 55s", "@4p"), "mcr": ("123m 456p 789s 345s 99m", "@3s")}


@pytest.mark.parametrize("vid", VARIANTS + list(OTHER))
@pytest.mark.parametrize("words", ["rob-kong last-discard", "earthly rob-kong", "earthly last-discard"])
def test_two_discard_words_refused(vid, words):
    plain, win = (HANDS[vid]["plain"], HANDS[vid]["rob_ok"]) if vid in HANDS else OTHER[vid]
    a, b = words.split()
    refused(vid, f"{plain} {win} {words} seat=S", a, b, "the winning tile came one way", "leave one out")
    ok(vid, f"{plain} {win} {a} seat=S")  # each alone is fine
    ok(vid, f"{plain} {win} {b} seat=S")


def test_last_of_kind_with_another_copy_held_refused():
    # the other three E are shown on the table, so the winner holds none: the pair's other E contradicts it
    msg = refused("mcr", "123m 456p 789s 345s EE @E last-of-kind", "last-of-kind", "other E")
    assert msg.endswith("leave it out")
    # alone in the hand, the winning tile is the last of its kind: Last Tile (4 fan)
    assert "mcr_last_tile" in {p.id for p in ok("mcr", "123m 456p 789s 345s 99m @3s last-of-kind").patterns}
    # a shown pung of the tile holds three of the four: the word fits (and Last Tile counts without it)
    assert "mcr_last_tile" in {p.id for p in ok("mcr", "[999s] 123m 456p 78s EE @9s last-of-kind").patterns}
    # another variant reads the word the same way
    refused("hk", "123m 456m 789m 234p 55s @5s last-of-kind", "last-of-kind", "other 5s")


# --------------------------------------------------------------------------
# a word written twice with different values; the command-line options


@pytest.mark.parametrize("vid", VARIANTS)
@pytest.mark.parametrize("words,named", [("@4p @2p", ("@4p", "@2p")), ("seat=S seat=W", ("seat=S", "seat=W")),
                                         ("round=S round=E", ("round=S", "round=E"))])
def test_a_word_twice_with_different_values_refused(vid, words, named):
    text = HANDS[vid]["plain"] + " " + words
    if vid == "my3":
        text = text.replace("4p", "4p").replace("@2p", "@7p")
        named = tuple(n.replace("@2p", "@7p") for n in named)
    refused(vid, text, *named)


@pytest.mark.parametrize("vid", VARIANTS)
def test_a_word_twice_with_the_same_value_is_fine(vid):
    ok(vid, HANDS[vid]["plain"] + " seat=S seat=south @5s @5s".replace("5s", "1p" if vid == "my3" else "5s"))


def test_an_option_replaces_both_copies_of_the_word():
    assert ok("hk", "123m 456m 789m 234p 55s seat=S seat=W", seat="N").hand.endswith("seat=N")
    assert "@4p" in ok("hk", "123m 456m 789m 234p 55s @5s @2p", win="4p").hand


def test_an_option_replaces_the_word_before_the_check():
    # --seat E makes a heavenly hand written for seat S the dealer's: nothing left to contradict
    assert ok("hk", "123m 456m 789m 234p 55s heavenly seat=S", seat="E").limit_hand
    # --self-drawn against last-discard in the text: the option is named
    refused("hk", "123m 456m 789m 234p 55s last-discard", "last-discard", "--self-drawn", self_drawn=True)
    # an option word is named as an option
    refused("hk", "123m 456m 789m 234p 55s seat=S", "--heavenly", "seat=S", flags=["heavenly"])


def test_cli_exit_code_and_batch_goes_on():
    run = CliRunner().invoke(cli, ["score", "-f", "jsonl", "123m 456m 789m 234p 55s zimo rob-kong @4p",
                                   "123m 456m 789m 234p 55s last-tile"])
    assert run.exit_code == 1
    recs = [json.loads(x) for x in run.stdout.splitlines()]
    assert recs[0]["error"]["code"] == "invalid_context" and "rob-kong" in recs[0]["error"]["message"]
    assert recs[1]["ok"] and recs[1]["hand"].endswith("zimo last-tile")


def test_table_shows_the_implied_word():
    run = CliRunner().invoke(cli, ["score", "123m 456m 789m 234p 55s @5s heavenly"])
    assert run.exit_code == 0
    assert run.stdout.splitlines()[0].startswith("123456789m 234p 55s @5s zimo heavenly")


def test_wait_checks_the_words_too():
    res = wait_line("123m 456m 789m 234p 5s heavenly seat=W", load_builtin("hk"))
    assert res.error is not None and res.error.code == "invalid_context"
    assert wait_line("123m 456m 789m 5s [2222p] kong-replacement", load_builtin("hk")).ready


# --------------------------------------------------------------------------
# rob-kong in the hand is settle --robbed-kong: score's payment line and settle agree


def settle_json(*args):
    run = CliRunner().invoke(cli, ["settle", "-f", "json", *args])
    assert run.exit_code == 0, run.output
    return json.loads(run.stdout)[0]


def test_hk_rob_kong_word_pays_the_full_self_draw_amount():
    # 3 faan (ping_wu 1, no_flowers 1, rob_kong 1): S = 8; the konger pays 3 x S/2 = 12 (was 8, a plain discard)
    word = settle_json("-v", "hk", "--winner", "E", "--from", "S", "--hand", "123m 456m 789m 234p 55s @4p rob-kong")
    flag = settle_json("-v", "hk", "--winner", "E", "--from", "S", "--robbed-kong", "--hand",
                       "123m 456m 789m 234p 55s @4p")
    both = settle_json("-v", "hk", "--winner", "E", "--from", "S", "--robbed-kong", "--hand",
                       "123m 456m 789m 234p 55s @4p rob-kong")
    for rec in (word, flag, both):
        assert rec["value"] == 3
        assert [(p["from"], p["to"], p["amount"]) for p in rec["payments"]] == [("S", "E", 12)]
        assert rec["net"] == {"E": 12, "S": -12, "W": 0, "N": 0}


def test_hk_score_payment_line_for_a_robbed_kong():
    res = ok("hk", "123m 456m 789m 234p 55s @4p rob-kong")
    # the same 12 as settle: 3 x 8/2
    assert res.payment == {"shooter": 12, "others": 0, "total": 12, "robbed_kong": True}
    run = CliRunner().invoke(cli, ["score", "-v", "hk", "123m 456m 789m 234p 55s @4p rob-kong"])
    assert "payment: the konger pays 12" in run.stdout


def test_sg_rob_kong_word_is_paid_as_a_discard_like_the_flag():
    # ping_hu 4 + rob_kong 1 = 5 tai, A = 2^5 = 32: the konger pays 2A = 64, the two others A = 32 each
    hand = "123m 456m 789m 234p 55s @4p"
    word = settle_json("-v", "sg", "--winner", "E", "--from", "S", "--hand", hand + " rob-kong")
    flag = settle_json("-v", "sg", "--winner", "E", "--from", "S", "--robbed-kong", "--hand", hand)
    for rec in (word, flag):
        assert rec["value"] == 5
        assert sorted((p["from"], p["amount"]) for p in rec["payments"]) == [("N", 32), ("S", 64), ("W", 32)]
        assert any("never made" in n for n in rec["notes"])  # the robbed kong earns no kong payment
    assert ok("sg", hand + " rob-kong").payment == {"shooter": 64, "others": 32, "total": 128}


def test_my3_rob_kong_word_is_paid_as_a_discard_like_the_flag():
    # half_flush, east_set, seat_wind, animal, rob_kong = 5 fan, V = 10: the konger pays V, the other V/2 = 5
    hand = "123p 456p 789p EEE 11p | cat @3p"
    word = settle_json("-v", "my3", "--winner", "E", "--from", "S", "--hand", hand + " rob-kong")
    flag = settle_json("-v", "my3", "--winner", "E", "--from", "S", "--robbed-kong", "--hand", hand)
    for rec in (word, flag):
        assert rec["value"] == 5 and rec["net"] == {"E": 15, "S": -10, "W": -5}


@pytest.mark.parametrize("args,words", [
    # no --from: a self-drawn win, which a robbed kong never is
    (["-v", "hk", "--winner", "E", "--hand", "123m 456m 789m 234p 55s @4p rob-kong"], ["rob-kong", "--from"]),
    # --from S: a discard, which a heavenly hand never is
    (["-v", "hk", "--winner", "E", "--from", "S", "--hand", "123m 456m 789m 234p 55s heavenly"],
     ["heavenly", "--from S"]),
    # an earthly hand is won on East's discard
    (["-v", "sg", "--winner", "S", "--from", "W", "--hand", "123m 456m 789m 234p 55s earthly"],
     ["earthly", "--from W"]),
    # --winner S is the hand's seat: heavenly needs East
    (["-v", "my3", "--winner", "S", "--hand", "123p 456p 789p EEE 11p heavenly"], ["heavenly", "--winner S"]),
])
def test_settle_refuses_words_the_options_contradict(args, words):
    run = CliRunner().invoke(cli, ["settle", *args])
    assert run.exit_code == 1, run.output
    for w in words:
        assert w in run.stderr


def test_settle_earthly_on_easts_discard():
    rec = settle_json("-v", "sg", "--winner", "S", "--from", "E", "--hand", "123m 456m 789m 234p 55s earthly")
    assert rec["value"] == 5  # the limit


# --------------------------------------------------------------------------
# Paohuzi: heavenly and self, @CARD once


PAO = "(x1x1x1x1) (x2x2x2x2) (d3d3d3d3) x5 x6 x7 d8 d9 x10 d1 d4"


def test_paohuzi_heavenly_self_refused():
    v = load_builtin("paohuzi")
    res = score_line(PAO + " heavenly self", v)
    assert res.error.code == "invalid_context" and "self contradicts heavenly" in res.error.message
    res = score_line(PAO + " heavenly", v, overrides={"self_drawn": True})
    assert res.error.code == "invalid_context" and "--self-drawn" in res.error.message
    assert score_line(PAO + " heavenly", v).winning


def test_paohuzi_winning_card_twice():
    v = load_builtin("paohuzi")
    hand = "x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7d10 d5d5d5 x10x10 d10"
    res = score_line(hand + " @x1 @d10", v)
    assert res.error.code == "invalid_context" and "@x1" in res.error.message and "@d10" in res.error.message
    assert score_line(hand + " @d10 @d10", v).winning
    assert score_line(hand + " @x1 @d10", v, overrides={"win": "d10"}).winning
