"""hk payments, each a worked example checked by hand against ../shared/RULES.md (hk section).

RULES.md: "half-spicy ladder, the amount S the shooter pays: 3:8, 4:16, 5:24,
6:32, 7:48, 8:64, 9:96, 10:128 (units). On a discard the shooter alone pays
S. On a self-draw each of the other three pays S/2. ... Baau: a player who
fed someone's fourth shown set or third dragon set pays the whole self-draw
amount (3 x S/2) if that player later self-draws; a later discard win is
paid by its discarder alone. A robbed kong is the konger's discard, paid at
the full self-draw amount by the konger."
"""

import pytest

from mjcli.settlement import settle_record
from mjcli.errors import SettleError
from mjcli.payments import SettleRequest, base_amount, settle
from mjcli.variant import load_builtin

HK = load_builtin("hk")


def paid(st):
    return sorted((p.payer, p.payee, p.amount) for p in st.payments)


# --- the half-spicy ladder ----------------------------------------------------------------------------------------

LADDER = [
    (0, None), (1, None), (2, None),  # below the minimum of 3: not payable
    (3, 8), (4, 16), (5, 24), (6, 32), (7, 48), (8, 64), (9, 96), (10, 128),  # RULES.md, row by row
]  # a --value above the limit 10 is refused (tests/test_trust.py); a scored hand is capped at 10 first


@pytest.mark.parametrize("faan,s", LADDER, ids=[f"{f}-faan" for f, _ in LADDER])
def test_half_spicy_ladder(faan, s):
    assert base_amount(HK, faan) == s


@pytest.mark.parametrize("faan,s", [r for r in LADDER if r[1] is not None], ids=[f"{f}-faan" for f, s in LADDER if s])
def test_shooter_pays_s_alone(faan, s):
    # discard win: the shooter pays S; the two others pay nothing
    st = settle(HK, SettleRequest(winner="E", shooter="S", value=faan))
    assert paid(st) == [("S", "E", s)]
    assert st.net == {"E": s, "S": -s, "W": 0, "N": 0}


@pytest.mark.parametrize("faan,s", [r for r in LADDER if r[1] is not None], ids=[f"{f}-faan" for f, s in LADDER if s])
def test_self_draw_each_pays_half(faan, s):
    # self-drawn: each of the three others pays S/2, the winner gets 3 x S/2
    st = settle(HK, SettleRequest(winner="E", value=faan))
    assert paid(st) == [("N", "E", s / 2), ("S", "E", s / 2), ("W", "E", s / 2)]
    assert st.net["E"] == 3 * s / 2


@pytest.mark.parametrize("faan", [0, 2], ids=["0-faan", "2-faan"])
def test_below_minimum_cannot_be_settled(faan):
    with pytest.raises(SettleError, match="below the minimum of 3"):
        settle(HK, SettleRequest(winner="E", shooter="S", value=faan))


# --- worked examples ----------------------------------------------------------------------------------------------

WORKED = [
    # 5 faan, S = 24: shooter S pays 24
    ("discard-5", dict(winner="E", shooter="S", value=5), [("S", "E", 24)], {"E": 24, "S": -24, "W": 0, "N": 0}),
    # 5 faan self-drawn by W: 24 / 2 = 12 from each of E, S, N; W gets 36
    ("self-draw-5", dict(winner="W", value=5), [("E", "W", 12), ("N", "W", 12), ("S", "W", 12)],
     {"E": -12, "S": -12, "W": 36, "N": -12}),
    # 3 faan self-drawn: S = 8, each pays 4, winner +12
    ("self-draw-3", dict(winner="E", value=3), [("N", "E", 4), ("S", "E", 4), ("W", "E", 4)],
     {"E": 12, "S": -4, "W": -4, "N": -4}),
    # baau on a self-draw, 5 faan: N pays the whole self-draw amount 3 x 24/2 = 36; S and W pay nothing
    ("baau-self-draw-5", dict(winner="E", value=5, bao="N"), [("N", "E", 36)], {"E": 36, "S": 0, "W": 0, "N": -36}),
    # baau on a self-draw at the limit: 3 x 128/2 = 192
    ("baau-self-draw-10", dict(winner="S", value=10, bao="E"), [("E", "S", 192)],
     {"E": -192, "S": 192, "W": 0, "N": 0}),
    # baau named, but the win is on W's discard: W pays S = 24 as usual; N (the feeder) pays nothing
    ("baau-discard-win", dict(winner="E", shooter="W", value=5, bao="N"), [("W", "E", 24)],
     {"E": 24, "S": 0, "W": -24, "N": 0}),
    # robbed kong, 6 faan: S = 32; the konger S pays the full self-draw amount 3 x 32/2 = 48
    ("robbed-kong-6", dict(winner="E", shooter="S", value=6, robbed_kong=True), [("S", "E", 48)],
     {"E": 48, "S": -48, "W": 0, "N": 0}),
    # robbed kong at 3 faan: 3 x 8/2 = 12
    ("robbed-kong-3", dict(winner="N", shooter="W", value=3, robbed_kong=True), [("W", "N", 12)],
     {"E": 0, "S": 0, "W": -12, "N": 12}),
]


@pytest.mark.parametrize("req,payments,net", [w[1:] for w in WORKED], ids=[w[0] for w in WORKED])
def test_worked_payment(req, payments, net):
    st = settle(HK, SettleRequest(**req))
    assert paid(st) == sorted(payments)
    assert st.net == net
    assert sum(st.net.values()) == 0


def test_baau_on_discard_says_so_in_a_note():
    st = settle(HK, SettleRequest(winner="E", shooter="W", value=5, bao="N"))
    assert any("bao" in n and "discard" in n for n in st.notes), st.notes


def test_options_hk_pays_nothing_for_say_so():
    # hk has no instant payments: a kong, bonus tiles, a family from the deal or Fei change no amount (6 faan
    # self-drawn: S = 32, each loser S/2 = 16), and the settlement says which options it did not use
    st = settle_record(HK, {"winner": "E", "value": 6, "kongs": ["S:concealed"], "bonus": ["W=f1 f2 f3 f4"],
                            "dealt": ["W:flower"], "fei": ["N=1"]})
    assert st["net"] == {"E": 48, "S": -16, "W": -16, "N": -16}
    assert st["notes"] == ["--kong changes nothing: hk pays nothing for kongs",
                           "--bonus changes nothing: hk pays nothing for bonus tiles",
                           "--dealt changes nothing: hk pays nothing for families held from the deal",
                           "--fei changes nothing: hk pays nothing for Fei held"]
    assert settle_record(HK, {"winner": "E", "value": 6})["notes"] == []


def test_robbed_kong_says_who_pays():
    st = settle(HK, SettleRequest(winner="E", shooter="S", value=6, robbed_kong=True))
    assert "robbed kong" in st.payments[0].reason


ALL_CASES = [
    dict(winner=w, shooter=s, value=v, bao=b, robbed_kong=rk)
    for w in "ESWN"
    for s in [None] + [x for x in "ESWN" if x != w]
    for v in (3, 7, 10)
    for b in [None] + [x for x in "ESWN" if x not in (w, s)][:1]
    for rk in ((False, True) if s else (False,))
]


@pytest.mark.parametrize("req", ALL_CASES)
def test_nets_sum_to_zero(req):
    st = settle(HK, SettleRequest(**req))
    assert sum(st.net.values()) == 0
    assert st.net[req["winner"]] > 0


# --- settle with --hand (the hand is scored to get the value) ----------------------------------------------------

HAND_CASES = [
    # 1 ping_wu + 1 no_flowers + 1 self_drawn = 3 faan, S = 8, each of three pays 4
    ("hand-self-drawn-3", dict(winner="E", hand="123m 456m 789m 234p 55s zimo"), 3,
     [("N", "E", 4), ("S", "E", 4), ("W", "E", 4)]),
    # 3 half_flush + 2 dragon sets + 1 no_flowers = 6 faan on S's discard: S pays 32
    ("hand-discard-6", dict(winner="E", shooter="S", hand="234p 567p 99p [CCC] [FFF] @9p"), 6, [("S", "E", 32)]),
    # the same hand with no --from is self-drawn: 6 + 1 self_drawn = 7 faan, S = 48, each pays 24
    ("hand-no-from-is-self-drawn", dict(winner="E", hand="234p 567p 99p [CCC] [FFF] @9p"), 7,
     [("N", "E", 24), ("S", "E", 24), ("W", "E", 24)]),
    # scored at the winner's seat S: 1 seat_wind (SSS) + 1 no_flowers + 1 self_drawn = 3 faan, each pays 8/2 = 4
    ("hand-at-winners-seat", dict(winner="S", hand="123m 456m 789m SSS 11p @1p"), 3,
     [("E", "S", 4), ("N", "S", 4), ("W", "S", 4)]),
    # big four winds on a discard: limit 10, S = 128 from the shooter
    ("hand-limit", dict(winner="N", shooter="E", hand="EEE SSS WWW NNN 55p"), 10, [("E", "N", 128)]),
]


@pytest.mark.parametrize("opts,value,payments", [h[1:] for h in HAND_CASES], ids=[h[0] for h in HAND_CASES])
def test_settle_with_hand(opts, value, payments):
    rec = settle_record(HK, opts)
    assert rec["value"] == value
    assert sorted((p["from"], p["to"], p["amount"]) for p in rec["payments"]) == sorted(payments)
    assert sum(rec["net"].values()) == 0


def test_settle_hand_below_minimum_is_an_error():
    # --from S makes it a discard win: 1 ping_wu + 1 no_flowers = 2 faan, below 3
    with pytest.raises(SettleError, match="below the minimum"):
        settle_record(HK, dict(winner="E", shooter="S", hand="123m 456m 789m 234p 55s zimo"))


@pytest.mark.parametrize("given,named", [(dict(value=3), "--value"), (dict(hand="123m 456m 789m 234p 55s"), "--hand"),
                                          (dict(bao="S"), "--bao"), (dict(shooter="S"), "--from")])
def test_a_win_given_with_no_winner_is_an_error(given, named):
    # a drawn hand has no winner: a value, hand, liable player or shooter given with it would be silently dropped
    with pytest.raises(SettleError, match=f"^{named} .* no --winner; add --winner SEAT"):
        settle_record(HK, given)
    assert settle_record(HK, {})["payments"] == []  # a drawn hand: no payments


def test_eight_flowers_is_paid_as_self_drawn():
    # RULES.md: eight_flowers is "an immediate win whatever the tiles": it comes on the drawn eighth bonus tile, so
    # every loser pays S/2 even when the hand names no zimo. 8 faan: S = 64, each of three 32, total 96.
    from mjcli.mahjong.scoring import score_text

    res = score_text("123m 456m 789m 12p EE | f1 f2 f3 f4 s1 s2 s3 s4", HK)
    assert res.total == 8 and res.payment == {"each": 32, "total": 96}
    st = settle_record(HK, {"winner": "S", "shooter": "W", "hand": "123m 456m 789m 12p EE | f1 f2 f3 f4 s1 s2 s3 s4"})
    assert st["net"] == {"E": -32, "S": 96, "W": -32, "N": -32}
    assert "paid by every loser as if self-drawn" in st["notes"]
    # seven flowers is a robbed eighth (the drawer pays, as a discard): 3 faan, S = 8 from the shooter alone
    res = score_text("123m 456m 789m 12p EE | f1 f2 f3 f4 s1 s2 s3", HK)
    assert res.total == 3 and res.payment == {"shooter": 8, "others": 0, "total": 8}
