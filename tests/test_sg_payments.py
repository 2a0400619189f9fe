"""Singapore (sg) payments, each a worked example checked by hand against RULES.md (sg).

A = 2^tai units (tai capped at 5). Discard: shooter 2A, each other player A.
Self-drawn: all three pay 2A. Bao: the liable player pays everyone's share
(4A on a discard, 6A self-drawn). Thirteen Wonders: all three pay 2A.
Instant payments from each of the other three, win or not: bite 4 (8 held
from the deal), all four animals 8 more, a flower or season series 8,
exposed kong 4, concealed kong 8, robbed kong nothing.
"""

import json

import pytest

from mjcli.cli import cli
from mjcli.errors import SettleError
from mjcli.payments import SettleRequest, base_amount, settle
from mjcli.variant import load_builtin


@pytest.fixture(scope="module")
def sg():
    return load_builtin("sg")


def flows(st) -> list[tuple[str, str, float]]:
    return sorted((p.payer, p.payee, p.amount) for p in st.payments)


@pytest.mark.parametrize("tai,a", [(0, None), (1, 2), (2, 4), (3, 8), (4, 16), (5, 32), (6, 32), (9, 32)],
                         ids=lambda x: str(x))
def test_a_is_two_to_the_tai_capped_at_5(sg, tai, a):
    # 0 tai is below the minimum of 1: no payment; above 5 is paid as 5: 2^5 = 32
    assert base_amount(sg, tai) == a


WINS = [
    # (id, winner, shooter, tai, expected flows, winner's net)
    # seed: 2 tai, A = 4: shooter 2A = 8, the other two A = 4 each; 8 + 4 + 4 = 16
    ("seed-2-tai-discard", "E", "S", 2, [("N", "E", 4), ("S", "E", 8), ("W", "E", 4)], 16),
    # seed: 2 tai self-drawn: 2A = 8 from each of three = 24
    ("seed-2-tai-self-drawn", "E", None, 2, [("N", "E", 8), ("S", "E", 8), ("W", "E", 8)], 24),
    # 1 tai, A = 2: 4 + 2 + 2 = 8
    ("1-tai-discard", "W", "N", 1, [("E", "W", 2), ("N", "W", 4), ("S", "W", 2)], 8),
    # 5 tai, A = 32: 64 + 32 + 32 = 128
    ("5-tai-discard", "S", "E", 5, [("E", "S", 64), ("N", "S", 32), ("W", "S", 32)], 128),
    # 5 tai self-drawn: 2A = 64 from each = 192 (a --value of 7 is refused: above the cap of 5)
    ("5-tai-self-drawn", "N", None, 5, [("E", "N", 64), ("S", "N", 64), ("W", "N", 64)], 192),
]


@pytest.mark.parametrize("winner,shooter,tai,expected,net", [w[1:] for w in WINS], ids=[w[0] for w in WINS])
def test_win_payments(sg, winner, shooter, tai, expected, net):
    st = settle(sg, SettleRequest(winner=winner, shooter=shooter, value=tai))
    assert flows(st) == expected
    assert st.net[winner] == net
    assert sum(st.net.values()) == 0


BAO = [
    # 3 tai, A = 8. On a discard (shooter S) the liable W pays 2A + A + A = 4A = 32
    ("bao-discard", "S", 3, 32),
    # self-drawn: 2A x 3 = 6A = 48, all paid by W
    ("bao-self-drawn", None, 3, 48),
    # bao and shooter the same player: still 4A = 4 x 4 = 16 at 2 tai
    ("bao-is-the-shooter", "W", 2, 16),
]


@pytest.mark.parametrize("shooter,tai,amount", [b[1:] for b in BAO], ids=[b[0] for b in BAO])
def test_bao_pays_everyones_share(sg, shooter, tai, amount):
    st = settle(sg, SettleRequest(winner="E", shooter=shooter, value=tai, bao="W"))
    assert flows(st) == [("W", "E", amount)]
    assert st.net == {"E": amount, "S": 0, "W": -amount, "N": 0}


def test_bao_total_is_the_usual_total(sg):
    for shooter in ("S", None):
        usual = settle(sg, SettleRequest(winner="E", shooter=shooter, value=4)).net["E"]
        bao = settle(sg, SettleRequest(winner="E", shooter=shooter, value=4, bao="N")).net["E"]
        assert usual == bao  # 4 tai, A = 16: 64 on a discard, 96 self-drawn


def test_thirteen_wonders_paid_by_all_as_self_drawn(sg, runner):
    # won on S's discard, but all three pay 2A = 2 x 32 = 64: 192 in all
    res = runner.invoke(cli, ["settle", "-v", "sg", "--winner", "E", "--from", "S", "-f", "json",
                              "--hand", "19m 19p 19s ESWNPFC C @C"])
    assert res.exit_code == 0, res.output
    rec = json.loads(res.output)[0]
    assert sorted((p["from"], p["amount"]) for p in rec["payments"]) == [("N", 64), ("S", 64), ("W", 64)]
    assert rec["net"] == {"E": 192, "S": -64, "W": -64, "N": -64}


def test_robbed_kong_is_paid_as_a_discard_and_the_kong_pays_nothing(sg):
    # 1 tai robbing S's added kong: S pays as the shooter 2A = 4, the others A = 2; S's kong earns nothing
    st = settle(sg, SettleRequest(winner="E", shooter="S", value=1, robbed_kong=True))
    assert flows(st) == [("N", "E", 2), ("S", "E", 4), ("W", "E", 2)]
    assert any("never made" in n for n in st.notes)


INSTANT = [
    # (id, request kwargs, net)
    # cat + mouse: 4 from each of three -> S +12
    ("bite-cat-mouse", dict(bonus={"S": ["cat", "mouse"]}), {"E": -4, "S": 12, "W": -4, "N": -4}),
    ("bite-rooster-centipede", dict(bonus={"W": ["rooster", "centipede"]}), {"E": -4, "S": -4, "W": 12, "N": -4}),
    # own flower + own season of seat W (number 3): 4 each
    ("bite-own-flower-season", dict(bonus={"W": ["f3", "s3"]}), {"E": -4, "S": -4, "W": 12, "N": -4}),
    # f1 + s1 are not S's own (S is 2): no bite
    ("no-bite-not-own-number", dict(bonus={"S": ["f1", "s1"]}), {"E": 0, "S": 0, "W": 0, "N": 0}),
    ("no-bite-cat-rooster", dict(bonus={"S": ["cat", "rooster"]}), {"E": 0, "S": 0, "W": 0, "N": 0}),
    # held from the deal: 8 from each -> +24
    ("bite-dealt", dict(bonus={"N": ["cat", "mouse"]}, dealt=[("N", "cat-mouse")]),
     {"E": -8, "S": -8, "W": -8, "N": 24}),
    # --dealt E:flower doubles the own flower + own season bite: f1 + s1 for East, 8 each
    ("bite-dealt-flower", dict(bonus={"E": ["f1", "s1"]}, dealt=[("E", "flower")]),
     {"E": 24, "S": -8, "W": -8, "N": -8}),
    # all four animals: two bites 4 + 4 and all_animals 8 = 16 from each -> +48
    ("all-animals", dict(bonus={"E": ["cat", "mouse", "rooster", "centipede"]}),
     {"E": 48, "S": -16, "W": -16, "N": -16}),
    # the same with only cat + mouse held from the deal: 8 + 4 + 8 = 20 each -> +60
    ("all-animals-one-bite-dealt", dict(bonus={"E": ["cat", "mouse", "rooster", "centipede"]},
                                        dealt=[("E", "cat-mouse")]),
     {"E": 60, "S": -20, "W": -20, "N": -20}),
    # complete flower series f1-f4 held by S: 8 each -> +24 (S's f2 without s2 is no bite)
    ("flower-series", dict(bonus={"S": ["f1", "f2", "f3", "f4"]}), {"E": -8, "S": 24, "W": -8, "N": -8}),
    # all eight for N: two series 8 + 8 and the f4 + s4 bite 4 = 20 each -> +60
    ("both-series-and-bite", dict(bonus={"N": ["f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4"]}),
     {"E": -20, "S": -20, "W": -20, "N": 60}),
    # kongs: claimed 4 each, added 4 each, concealed 8 each
    ("claimed-kong", dict(kongs=[("S", "claimed", "W")]), {"E": -4, "S": 12, "W": -4, "N": -4}),
    ("added-kong", dict(kongs=[("S", "added", None)]), {"E": -4, "S": 12, "W": -4, "N": -4}),
    ("concealed-kong", dict(kongs=[("S", "concealed", None)]), {"E": -8, "S": 24, "W": -8, "N": -8}),
    # E concealed kong (+24, S W N -8) and W added kong (+12, E S N -4): E +20, S -12, W +4, N -12
    ("two-kongs", dict(kongs=[("E", "concealed", None), ("W", "added", None)]),
     {"E": 20, "S": -12, "W": 4, "N": -12}),
]


@pytest.mark.parametrize("kw,net", [c[1:] for c in INSTANT], ids=[c[0] for c in INSTANT])
def test_instant_payments_in_a_drawn_hand(sg, kw, net):
    st = settle(sg, SettleRequest(**kw))  # no winner: a drawn hand still pays them
    assert st.net == net
    assert sum(st.net.values()) == 0
    assert all(p.reason for p in st.payments)


def test_instant_payments_add_to_a_win(sg):
    # E wins 2 tai on S's discard: S 8, W 4, N 4 (+16 for E). W holds cat + mouse: 4 from each (+12 W).
    # N made a concealed kong: 8 from each (+24 N).
    # E: +16 - 4 - 8 = +4; S: -8 - 4 - 8 = -20; W: -4 + 12 - 8 = 0; N: -4 - 4 + 24 = +16
    st = settle(sg, SettleRequest(winner="E", shooter="S", value=2, bonus={"W": ["cat", "mouse"]},
                                  kongs=[("N", "concealed", None)]))
    assert st.net == {"E": 4, "S": -20, "W": 0, "N": 16}


def test_winner_bonus_comes_from_the_hand(sg, runner):
    # hand: dragon_set 1 + animal 2 = 3 tai, A = 8, self-drawn: 16 from each = 48.
    # the cat + mouse bite in the hand: 4 from each = 12. E: +60, others -20 each.
    res = runner.invoke(cli, ["settle", "-v", "sg", "--winner", "E", "-f", "json",
                              "--hand", "123m 456m 789m 11p [CCC] | cat mouse @1p zimo"])
    assert res.exit_code == 0, res.output
    rec = json.loads(res.output)[0]
    assert rec["value"] == 3
    assert rec["net"] == {"E": 60, "S": -20, "W": -20, "N": -20}
    assert any("cat + mouse" in p["reason"] for p in rec["payments"])


def test_stake_multiplies_instant_payments(sg):
    st = settle(sg, SettleRequest(kongs=[("S", "concealed", None)], stake=0.5))
    assert st.net == {"E": -4, "S": 12, "W": -4, "N": -4}  # 8 x 0.5 = 4 from each


def test_cli_drawn_hand_with_instant_payments(runner):
    # S: cat + mouse held from the deal (8 each) and rooster + centipede (4 each) and all animals (8 each)
    #    = 20 from each -> +60; N: claimed kong from E, 4 each -> +12.
    # E: -20 - 4 = -24; W: -20 - 4 = -24; S: +60 - 4 = +56; N: -20 + 12 = -8
    res = runner.invoke(cli, ["settle", "-v", "sg", "-f", "json", "--bonus", "S=cat mouse rooster centipede",
                              "--dealt", "S:cat-mouse", "--kong", "N:claimed:E"])
    assert res.exit_code == 0, res.output
    rec = json.loads(res.output)[0]
    assert rec["net"] == {"E": -24, "S": 56, "W": -24, "N": -8}
    assert sum(rec["net"].values()) == 0


@pytest.mark.parametrize("kw,needle", [
    (dict(dealt=[("E", "bite")]), "holds no such bite"),
    (dict(bonus={"E": ["cat"]}, dealt=[("E", "cat-mouse")]), "holds no such bite"),
    (dict(bonus={"E": ["cat", "mouse"]}, dealt=[("E", "face")]), "doubles bites only"),
    (dict(bonus={"E": ["cat"], "S": ["cat"]}), "cat is written for E and S"),
    (dict(bonus={"E": ["face"]}), "face is not a sg tile"),
    (dict(bonus={"E": ["J"]}), "J is not a sg tile"),
    (dict(kongs=[("E", "claimed", "E")]), "claimed from another player"),
], ids=["dealt-nothing-held", "dealt-half-a-bite", "dealt-face", "cat-twice", "face-tile", "fei", "kong-from-self"])
def test_bad_instant_input_is_a_settle_error(sg, kw, needle):
    with pytest.raises(SettleError, match=needle):
        settle(sg, SettleRequest(**kw))


def test_cli_bad_dealt_is_one_line(runner):
    res = runner.invoke(cli, ["settle", "-v", "sg", "--dealt", "E:bite"])
    assert res.exit_code != 0
    assert "Traceback" not in res.output


def test_amounts_come_from_the_rule_file(tmp_path):
    from mjcli.api import load_variant

    house = tmp_path / "house.yaml"
    house.write_text("extends: sg\ninstant: {bite: 10}\n", encoding="utf-8")
    v = load_variant(rules_file=house)
    st = settle(v, SettleRequest(bonus={"S": ["cat", "mouse"]}))
    assert st.net["S"] == 30  # 10 from each of three


SEATS = ["E", "S", "W", "N"]
BONUS = ["f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4", "cat", "mouse", "rooster", "centipede"]


def _hands():
    from hypothesis import strategies as st

    owners = st.lists(st.sampled_from(SEATS + [None]), min_size=len(BONUS), max_size=len(BONUS))
    kongs = st.lists(st.tuples(st.sampled_from(SEATS), st.sampled_from(["concealed", "claimed", "added"]),
                               st.sampled_from(SEATS)), max_size=4)
    return st.tuples(owners, kongs, st.sampled_from(SEATS + [None]), st.sampled_from(SEATS + [None]),
                     st.integers(1, 5), st.sampled_from(SEATS + [None]))


def test_nets_always_sum_to_zero(sg):
    from hypothesis import given, settings

    @settings(max_examples=150, deadline=None)
    @given(_hands())
    def check(case):
        owners, kongs, winner, shooter, tai, bao = case
        bonus: dict = {}
        for tok, seat in zip(BONUS, owners):
            if seat:
                bonus.setdefault(seat, []).append(tok)
        if winner is None or shooter == winner:
            shooter = None
        if bao == winner or winner is None:
            bao = None
        req = SettleRequest(winner=winner, shooter=shooter, value=tai if winner else None, bonus=bonus,
                            kongs=[(s, k, f if k == "claimed" and f != s else None) for s, k, f in kongs], bao=bao)
        st = settle(sg, req)
        assert sum(st.net.values()) == 0
        assert all(p.amount > 0 and p.reason and p.payer != p.payee for p in st.payments)

    check()



def test_hand_is_scored_for_the_winners_seat(runner):
    # S's own flower is f2: dragon_set 1 + own_flower 1 = 2 tai, A = 4: E pays 8, W and N 4 each
    res = runner.invoke(cli, ["settle", "-v", "sg", "--winner", "S", "--from", "E", "-f", "json",
                              "--hand", "123m 456m 789m CCC 11p | f2 @1p"])
    rec = json.loads(res.output)[0]
    assert rec["value"] == 2
    assert rec["net"] == {"E": -8, "S": 16, "W": -4, "N": -4}


def test_fei_changes_nothing_in_sg_and_says_so():
    # sg has no Fei: 2 tai self-drawn, A = 4, each of the three pays 2A = 8 with or without --fei
    st = settle(load_builtin("sg"), SettleRequest(winner="E", value=2, fei={"S": 1}))
    assert st.net == {"E": 24, "S": -8, "W": -8, "N": -8}
    assert st.notes == ["--fei changes nothing: sg pays nothing for Fei held"]
    st = settle(load_builtin("sg"), SettleRequest(winner="E", value=2, kongs=[("S", "concealed", None)]))
    assert st.notes == []  # sg pays for kongs: no note


def test_eight_flowers_is_paid_as_self_drawn():
    # the eighth bonus tile is drawn: a self-draw whatever the hand says. The limit 5 tai: A = 32, each of three
    # pays 2A = 64, total 192 (not 64 + 32 + 32 as a discard)
    from mjcli.mahjong.scoring import score_text

    res = score_text("135m 258p 369s ESW N | f1 f2 f3 f4 s1 s2 s3 s4", load_builtin("sg"))
    assert res.total == 5 and res.payment == {"each": 64, "total": 192}


def test_a_kong_the_hand_shows_is_paid_as_kong_gives_it_and_a_note_says_so(runner):
    # own_flower (f2 at seat S) 1 tai: A = 2, the shooter W pays 2A = 4, E and N A = 2 each: S +8. The concealed
    # kong (2222p) pays 8 from each other player only when --kong names it (instant payments are events of
    # the hand, not read from the winner's tiles): then S +8 + 3 x 8 = +32, and no note
    hand = "123m 456m 789m 55s (2222p) | f2 @5s seat=S"
    rec = json.loads(runner.invoke(cli, ["settle", "-v", "sg", "--winner", "S", "--from", "W", "-f", "json",
                                         "--hand", hand]).output)[0]
    assert rec["net"] == {"E": -2, "S": 8, "W": -4, "N": -2}
    assert rec["notes"] == ["the hand shows the kong (2222p), not paid: kongs are paid as --kong gives them, "
                            "e.g. --kong S:concealed"]
    rec = json.loads(runner.invoke(cli, ["settle", "-v", "sg", "--winner", "S", "--from", "W", "-f", "json",
                                         "--hand", hand, "--kong", "S:concealed"]).output)[0]
    assert rec["net"] == {"E": -10, "S": 32, "W": -12, "N": -10} and rec["notes"] == []
