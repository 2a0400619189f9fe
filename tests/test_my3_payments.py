"""my3 payments: the hand value ladder, shares, bao, kongs, families, the Fei and losers' settlements.

Every expected number was worked out by hand from RULES.md (my3): the arithmetic is in the comments.
"""

import json

import pytest

from mjcli.cli import cli
from mjcli.errors import SettleError
from mjcli.payments import SettleRequest, settle
from mjcli.mahjong.scoring import score_text
from mjcli.variant import load_builtin

MY3 = load_builtin("my3")


def pays(st):
    return [(p.payer, p.payee, p.amount) for p in st.payments]


# --- the hand value ladder: V = 2 a fan from 5 to 9, 40 at the limit ------------------------

LADDER = [
    # (fan, V): 5 -> 10, 6 -> 12, 7 -> 14, 8 -> 16, 9 -> 18, 10 (limit) -> 40
    (5, 10), (6, 12), (7, 14), (8, 16), (9, 18), (10, 40),
]


@pytest.mark.parametrize("fan,v", LADDER, ids=[f"{f}-fan" for f, _ in LADDER])
def test_ladder_on_a_discard(fan, v):
    # shooter pays V, the other loser V/2
    st = settle(MY3, SettleRequest(winner="E", shooter="S", value=fan))
    assert pays(st) == [("S", "E", v), ("W", "E", v / 2)]
    assert st.net == {"E": v * 1.5, "S": -v, "W": -v / 2}


@pytest.mark.parametrize("fan,v", LADDER, ids=[f"{f}-fan" for f, _ in LADDER])
def test_ladder_self_drawn(fan, v):
    # both losers pay V
    st = settle(MY3, SettleRequest(winner="W", value=fan))
    assert pays(st) == [("E", "W", v), ("S", "W", v)]
    assert st.net == {"E": -v, "S": -v, "W": 2 * v}


def test_below_the_minimum_cannot_be_won():
    with pytest.raises(SettleError, match="below the minimum of 5"):
        settle(MY3, SettleRequest(winner="E", shooter="S", value=4))


def test_score_payment_summary():
    # 123p 456p 789p EEE 11p | cat mouse, East seat: half flush 1 + east 1 + seat wind 1 + 2 animals = 5 -> V 10
    r = score_text("123p 456p 789p EEE 11p | cat mouse @1p", MY3)
    assert r.total == 5 and r.payment == {"shooter": 10, "others": 5, "total": 15}
    r = score_text("123p 456p 789p EEE 11p | cat mouse @1p zimo", MY3)
    assert r.payment == {"each": 10, "total": 20}


# --- dragon bao: the liable player pays the whole win, both ways ---------------------------

BAO = [
    # discard by E, bao W, 7 fan: V = 14; whole win = 14 + 7 = 21, all from W
    ("discard", dict(winner="S", shooter="E", value=7, bao="W"), [("W", "S", 21)]),
    # the bao player is the shooter: 14 + 7 = 21 from W
    ("discard-by-the-liable", dict(winner="S", shooter="W", value=7, bao="W"), [("W", "S", 21)]),
    # self-drawn limit: V = 40 from each of two = 80, all from W
    ("self-drawn", dict(winner="S", value=10, bao="W"), [("W", "S", 80)]),
]


@pytest.mark.parametrize("name,kw,want", BAO, ids=[b[0] for b in BAO])
def test_dragon_bao(name, kw, want):
    st = settle(MY3, SettleRequest(**kw))
    assert pays(st) == want
    assert sum(st.net.values()) == 0


# --- kongs ----------------------------------------------------------------------------------------

KONGS = [
    # concealed kong: 10 from each other player
    ("concealed", [("E", "concealed", None)], [("S", "E", 10), ("W", "E", 10)], {"E": 20, "S": -10, "W": -10}),
    # added kong: 5 from each other player
    ("added", [("S", "added", None)], [("E", "S", 5), ("W", "S", 5)], {"E": -5, "S": 10, "W": -5}),
    # claimed from a discard: 10 from the discarder only
    ("claimed", [("W", "claimed", "E")], [("E", "W", 10)], {"E": -10, "S": 0, "W": 10}),
    # all three: E +20 -5 -10 = +5; S -10 +10 = 0; W -10 -5 +10 = -5
    ("all-three", [("E", "concealed", None), ("S", "added", None), ("W", "claimed", "E")],
     [("S", "E", 10), ("W", "E", 10), ("E", "S", 5), ("W", "S", 5), ("E", "W", 10)], {"E": 5, "S": 0, "W": -5}),
]


@pytest.mark.parametrize("name,kongs,want,net", KONGS, ids=[k[0] for k in KONGS])
def test_kongs_without_a_win(name, kongs, want, net):
    st = settle(MY3, SettleRequest(kongs=kongs))
    assert pays(st) == want and st.net == net


def test_kong_with_a_win():
    # E wins 6 fan off S (12 + 6) and holds a concealed kong (10 + 10): E +38, S -22, W -16
    st = settle(MY3, SettleRequest(winner="E", shooter="S", value=6, kongs=[("E", "concealed", None)]))
    assert st.net == {"E": 38, "S": -22, "W": -16}


def test_kong_seat_north_is_an_error():
    with pytest.raises(SettleError, match="not a seat in my3"):
        settle(MY3, SettleRequest(kongs=[("N", "concealed", None)]))


# --- complete families ------------------------------------------------------------------------------

FAMILIES = [
    # four flowers: 5 from each other player
    ("flowers", dict(bonus={"S": ["f1", "f2", "f3", "f4"]}), [("E", "S", 5), ("W", "S", 5)]),
    # four faces held at the deal: 10 from each
    ("faces-dealt", dict(bonus={"W": ["face"] * 4}, dealt=[("W", "face")]), [("E", "W", 10), ("S", "W", 10)]),
    # --dealt alone: the family is taken as held
    ("animals-dealt-alone", dict(dealt=[("E", "animal")]), [("S", "E", 10), ("W", "E", 10)]),
    # two families of one player: seasons (5 each) and animals (5 each)
    ("two-families", dict(bonus={"E": ["s1", "s2", "s3", "s4", "cat", "mouse", "rooster", "centipede"]}),
     [("S", "E", 5), ("W", "E", 5), ("S", "E", 5), ("W", "E", 5)]),
    # three flowers is not a family
    ("three-flowers", dict(bonus={"E": ["f1", "f2", "f3"]}), []),
]


@pytest.mark.parametrize("name,kw,want", FAMILIES, ids=[f[0] for f in FAMILIES])
def test_families(name, kw, want):
    assert pays(settle(MY3, SettleRequest(**kw))) == want


# --- after a win: the Fei settlement and the losers' settlement ---------------------------------

AFTER = [
    # E wins 6 fan off S: S 12, W 6. Fei: E 2, S 0, W 1 -> S pays 2 x 5 = 10, W pays 1 x 5 = 5.
    # Losers: S 0 tiles + 0 Fei = 0, W 0 + 1 = 1 -> S pays W 1 x 5 = 5.
    # Net E 12+6+10+5 = 33; S -12-10-5 = -27; W -6-5+5 = -6.
    ("fei-and-losers",
     dict(winner="E", shooter="S", value=6, fei={"E": 2, "S": 0, "W": 1}),
     [("S", "E", 12), ("W", "E", 6), ("S", "E", 10), ("W", "E", 5), ("S", "W", 5)],
     {"E": 33, "S": -27, "W": -6}),
    # A loser with more Fei than the winner pays nothing for Fei: E wins self-drawn 5 fan (10 each),
    # Fei E 1, S 2, W 0 -> W pays 5, S nothing. Losers: S 2, W 0 -> W pays S 2 x 5 = 10.
    # Net E 10+10+5 = 25; S -10+10 = 0; W -10-5-10 = -25.
    ("loser-holds-more-fei",
     dict(winner="E", value=5, fei={"E": 1, "S": 2, "W": 0}),
     [("S", "E", 10), ("W", "E", 10), ("W", "E", 5), ("W", "S", 10)],
     {"E": 25, "S": 0, "W": -25}),
    # Scoring tiles by seat: W wins 5 fan off E (10 + 5).
    # E (seat 1): f1 own 1, f4 everyone 1, f2 no, cat 1, J drowned 1 = 4; S (seat 2): f3 no, s2 own 1 = 1.
    # E has 3 more: S pays E 3 x 5 = 15. Net W +15; E -10+15 = +5; S -5-15 = -20.
    ("scoring-tiles-by-seat",
     dict(winner="W", shooter="E", value=5, bonus={"E": ["f1", "f2", "f4", "cat", "J"], "S": ["f3", "s2"]}),
     [("E", "W", 10), ("S", "W", 5), ("S", "E", 15)],
     {"E": 5, "S": -20, "W": 15}),
    # Tiles and Fei together: S wins 7 fan self-drawn (14 each), Fei S 0, E 1, W 0.
    # Losers: E s1 own 1 + Fei 1 = 2; W face 1 + s3 own 1 = 2 -> equal, no payment.
    ("losers-equal",
     dict(winner="S", value=7, fei={"E": 1}, bonus={"E": ["s1"], "W": ["face", "s3"]}),
     [("E", "S", 14), ("W", "S", 14)],
     {"E": -14, "S": 28, "W": -14}),
]


@pytest.mark.parametrize("name,kw,want,net", AFTER, ids=[a[0] for a in AFTER])
def test_after_the_win(name, kw, want, net):
    st = settle(MY3, SettleRequest(**kw))
    assert pays(st) == want
    assert st.net == net and sum(st.net.values()) == 0


def test_every_payment_has_a_reason():
    st = settle(MY3, SettleRequest(winner="E", shooter="S", value=6, fei={"E": 2, "W": 1},
                                   kongs=[("S", "added", None)], bonus={"W": ["f1", "f2", "f3", "f4"]}))
    reasons = [p.reason for p in st.payments]
    assert all(reasons)
    assert any(r.startswith("Fei settlement") for r in reasons)
    assert any(r.startswith("losers' settlement") for r in reasons)
    assert any(r.startswith("added kong") for r in reasons)
    assert any(r.startswith("complete flower family") for r in reasons)
    assert sum(st.net.values()) == 0


def test_no_fei_settlement_without_a_win():
    st = settle(MY3, SettleRequest(fei={"E": 2}, bonus={"S": ["cat"]}))
    assert st.payments == []


def test_winner_fei_and_bonus_come_from_the_hand():
    # E wins off S with 123p 456p 789p EEE 1pJ | cat mouse J: 1 Fei held, 1 drowned.
    # Value: half flush 1 + east 1 + seat wind 1 + 2 animals + drowned Fei 1 = 6 -> S 12, W 6.
    # Fei: E holds 1, S 0, W 1 -> S pays 5. Losers: S s2 own 1 + J 1 = 2; W Fei 1 = 1 -> W pays S 5.
    res = score_text("123p 456p 789p EEE 1pJ | cat mouse J @1p", MY3)
    assert res.total == 6
    st = settle(MY3, SettleRequest(winner="E", shooter="S", result=res, fei={"W": 1}, bonus={"S": ["s2", "J"]}))
    assert pays(st) == [("S", "E", 12), ("W", "E", 6), ("S", "E", 5), ("W", "S", 5)]


BAD = [
    ("too-many-fei", dict(winner="E", value=6, fei={"E": 3, "S": 2}), "set has only 4"),
    ("fei-and-drowned", dict(winner="E", value=6, fei={"E": 3}, bonus={"S": ["J", "J"]}), "set has only 4"),
    ("flower-twice", dict(bonus={"E": ["f1"], "S": ["f1"]}), "f1 is written 2 times"),
    ("dealt-not-held", dict(bonus={"S": ["f2"]}, dealt=[("S", "face")]), "do not hold all four face"),
    ("dealt-bite", dict(dealt=[("S", "bite")]), "families are flower, season, animal, face"),
    ("fei-seat-north", dict(winner="E", value=6, fei={"N": 1}), "not a seat in my3"),
]


@pytest.mark.parametrize("name,kw,msg", BAD, ids=[b[0] for b in BAD])
def test_bad_requests(name, kw, msg):
    with pytest.raises(SettleError, match=msg):
        settle(MY3, SettleRequest(**kw))


# --- the command line ----------------------------------------------------------------------------------

CLI = [
    # the AFTER "fei-and-losers" case typed at the command line
    (["--winner", "E", "--from", "S", "--value", "6", "--fei", "E=2", "--fei", "W=1"], {"E": 33, "S": -27, "W": -6}),
    # kongs and a dealt family, no win: E concealed (S -10, W -10), W claimed off S (S -10),
    # S faces at the deal (E -10, W -10): E 20-10 = 10; S -10-10+20 = 0; W -10+10-10 = -10
    (["--kong", "E:concealed", "--kong", "W:claimed:S", "--dealt", "S:face"], {"E": 10, "S": 0, "W": -10}),
    # dragon bao on a self-drawn 8 fan: V 16 x 2 = 32 from W
    (["--winner", "S", "--value", "8", "--bao", "W"], {"E": 0, "S": 32, "W": -32}),
    # --bonus per seat: S wins 5 off E (E 10, W 5); losers E "f1 cat" = 2, W "s3 face face" = 3 -> E pays W 5:
    # E -10-5 = -15; S +15; W -5+5 = 0
    (["--winner", "S", "--from", "E", "--value", "5", "--bonus", "E=f1 cat", "--bonus", "W=s3 face face"],
     {"E": -15, "S": 15, "W": 0}),
]


@pytest.mark.parametrize("args,net", CLI, ids=[f"cli-{i}" for i in range(len(CLI))])
def test_cli(runner, args, net):
    r = runner.invoke(cli, ["settle", "-v", "my3", "-f", "json", *args])
    assert r.exit_code == 0, r.output
    rec = json.loads(r.output)[0]
    assert rec["net"] == net


def test_four_fei_is_paid_as_self_drawn():
    # the fourth Fei is drawn (a discarded Fei is never claimed): the limit V = 40 from each loser, total 80,
    # also when the hand's winning tile is a real tile written without zimo
    res = score_text("123p 456p 789p E JJJJ @E", MY3)
    assert res.total == 10 and res.payment == {"each": 40, "total": 80}
    st = settle(MY3, SettleRequest(winner="E", shooter="S", result=res))
    # then the Fei settlement: 5 a Fei the winner holds beyond each loser's own (none): 4 x 5 = 20 from each
    assert pays(st) == [("S", "E", 40), ("W", "E", 40), ("S", "E", 20), ("W", "E", 20)]
    assert st.notes == ["paid by every loser as if self-drawn"]


def test_a_robbed_kong_is_paid_as_a_discard_by_the_konger():
    # RULES.md names no special payment for a robbed kong in my3: the konger is the shooter. 6 fan: V = 12, the
    # konger S pays V = 12, the other loser W V/2 = 6; a note says how it was paid
    st = settle(MY3, SettleRequest(winner="E", shooter="S", value=6, robbed_kong=True))
    assert pays(st) == [("S", "E", 12), ("W", "E", 6)]
    assert st.notes == ["robbed kong: paid as a discard by S, the konger"]
