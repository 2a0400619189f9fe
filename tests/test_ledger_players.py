"""settle --ledger that names its players: dealer, seat winds and round worked out hand by hand.

The session rules are RULES.md "The session": the dealer is East and the next players (in the
order named) South, West, North. sg: a dealer win keeps the deal, another player's win passes it
to the next player, a drawn hand keeps it unless a kong was made in it. hk: a win by the dealer
or a drawn hand keeps the deal (a kong changes nothing), another player's win passes it. my3
(seeds 000 and 001, line 7): the winner deals the next hand; after a drawn hand, the last player
who drew (the line's ``drew_last``). The round wind moves on each time the deal has passed once
round the table (four passes with four players); my3 is always in the East round.
"""

import csv
import io
import json
from pathlib import Path

import pytest

from mjcli.cli import cli
from mjcli.ledger import Session, check_players, wind_of
from mjcli.errors import SettleError
from mjcli.variant import load_builtin

ROOT = Path(__file__).resolve().parent.parent
SG_SESSION = str(ROOT / "examples" / "ledger-players.jsonl")
PLAYERS = '{"players": ["Ann", "Bo", "Cy", "Di"]}\n'


def run(runner, *args, input=None):
    r = runner.invoke(cli, ["settle", *args], input=input)
    return r.exit_code, r.stdout, r.stderr


def records(runner, *args, input=None):
    code, out, _ = run(runner, *args, "-f", "jsonl", input=input)
    return code, [json.loads(line) for line in out.splitlines()]


def lines(*objs) -> str:
    return "".join(json.dumps(o) + "\n" for o in objs)


def seats(ann, bo, cy, di=None):
    out = {"Ann": ann, "Bo": bo, "Cy": cy}
    if di is not None:
        out["Di"] = di
    return out


# --- Singapore: examples/ledger-players.jsonl, every figure by hand ---------------------------------
#
# sg: A = 2^tai; a discard win: the shooter pays 2A, each other player A; self-drawn: all three pay 2A.
# A concealed kong: 8 from each other player, win or not. Seats follow the dealer (E, then S W N in
# the order Ann Bo Cy Di).
#  1  Ann deals (Ann E, Bo S, Cy W, Di N), round E. Ann wins 2 tai on Bo's discard: A = 4;
#     Bo pays 2A = 8, Cy 4, Di 4: Ann +16. The dealer won: Ann deals again.
#  2  drawn, no kong: no payments; Ann deals again.
#  3  Cy self-draws 1 tai: A = 2, each pays 2A = 4: Cy +12, Ann Bo Di -4. Not the dealer: passes to Bo (1).
#  4  Bo deals (Bo E, Cy S, Di W, Ann N). Drawn, Di made a concealed kong: 8 from each: Di +24,
#     the others -8. A kong in a drawn hand: the deal passes to Cy (2).
#  5  Cy deals (Cy E, Di S, Ann W, Bo N). Ann wins 3 tai on Cy's discard: A = 8; Cy pays 16,
#     Di 8, Bo 8: Ann +32. Passes to Di (3).
#  6  Di deals (Di E, Ann S, Bo W, Cy N). "W" self-draws: that is Bo. 1 tai: each pays 4: Bo +12.
#     Passes to Ann (4): the deal has gone round the table, the round wind moves on to S.
#  7  round S, Ann deals (Ann E, Bo S, Cy W, Di N). Cy wins 123m 456m 789p SSS 55s @5s seat=W
#     round=S on Di's discard: the South pong is the round wind, 1 tai (in the East round it is
#     0 tai and no win): A = 2; Di pays 4, Ann 2, Bo 2: Cy +8. Passes to Bo (5).
#  8  Bo deals (Bo E, Cy S, Di W, Ann N), round S; the line says dealer Bo (checked). Bo self-draws
#     2 tai: A = 4, each pays 8: Bo +24. The dealer won: Bo deals again.
# running: Ann 16, 16, 16-4=12, 12-8=4, 4+32=36, 36-4=32, 32-2=30, 30-8=22
#          Bo  -8, -8, -8-4=-12, -12-8=-20, -20-8=-28, -28+12=-16, -16-2=-18, -18+24=6
#          Cy  -4, -4, -4+12=8, 8-8=0, 0-16=-16, -16-4=-20, -20+8=-12, -12-8=-20
#          Di  -4, -4, -4-4=-8, -8+24=16, 16-8=8, 8-4=4, 4-4=0, 0-8=-8          (each row sums to 0)
SG_EXPECTED = [
    # dealer, round, seats (Ann Bo Cy Di), winner, from, net, running, deal, next dealer
    ("Ann", "E", seats("E", "S", "W", "N"), "Ann", "Bo", seats(16, -8, -4, -4), seats(16, -8, -4, -4), "keeps", "Ann"),
    ("Ann", "E", seats("E", "S", "W", "N"), None, None, seats(0, 0, 0, 0), seats(16, -8, -4, -4), "keeps", "Ann"),
    ("Ann", "E", seats("E", "S", "W", "N"), "Cy", None, seats(-4, -4, 12, -4), seats(12, -12, 8, -8), "passes", "Bo"),
    ("Bo", "E", seats("N", "E", "S", "W"), None, None, seats(-8, -8, -8, 24), seats(4, -20, 0, 16), "passes", "Cy"),
    ("Cy", "E", seats("W", "N", "E", "S"), "Ann", "Cy", seats(32, -8, -16, -8), seats(36, -28, -16, 8), "passes", "Di"),
    ("Di", "E", seats("S", "W", "N", "E"), "Bo", None, seats(-4, 12, -4, -4), seats(32, -16, -20, 4), "passes", "Ann"),
    ("Ann", "S", seats("E", "S", "W", "N"), "Cy", "Di", seats(-2, -2, 8, -4), seats(30, -18, -12, 0), "passes", "Bo"),
    ("Bo", "S", seats("N", "E", "S", "W"), "Bo", None, seats(-8, 24, -8, -8), seats(22, 6, -20, -8), "keeps", "Bo"),
]


def test_singapore_session_worked_by_hand(runner):
    code, recs = records(runner, "-v", "sg", "--ledger", SG_SESSION)
    assert code == 0
    assert [r["hand_no"] for r in recs] == list(range(1, 9))
    assert [r["line"] for r in recs] == list(range(3, 11))  # line 1 is the header (variant sg), line 2 the players
    got = [(r["dealer"], r["round"], r["seats"], r["winner"], r["from"], r["net"], r["running"], r["deal"],
            r["next_dealer"]) for r in recs]
    assert got == SG_EXPECTED
    for r in recs:
        assert sum(r["net"].values()) == 0 and sum(r["running"].values()) == 0
    assert [r["value"] for r in recs] == [2, None, 1, None, 3, 1, 1, 2]
    # payments by name; the seat in a reason is the player's name too
    assert recs[0]["payments"][0] == {"from": "Bo", "to": "Ann", "amount": 8, "reason": "shooter (2 tai)"}
    assert {p["from"] for p in recs[3]["payments"]} == {"Ann", "Bo", "Cy"}
    assert all(p["to"] == "Di" and p["amount"] == 8 and p["reason"].startswith("Di concealed kong")
               for p in recs[3]["payments"])


def test_singapore_round_wind_is_the_sessions(runner):
    # hand 7 of the example in the East round: 0 tai, no win (seed: minimum 1 tai)
    text = PLAYERS + lines({"winner": "Cy", "from": "Di", "hand": "123m 456m 789p SSS 55s @5s seat=W"})
    code, recs = records(runner, "-v", "sg", "--ledger", "-", input=text)
    assert code == 1 and "below the minimum of 1" in recs[0]["error"]["message"]


def test_singapore_table_has_a_column_per_player(runner):
    code, out, err = run(runner, "-v", "sg", "--ledger", SG_SESSION)
    assert code == 0 and err == ""
    blocks = out.strip().split("\n\n")
    assert len(blocks) == 8
    first = blocks[0].splitlines()
    assert first[:2] == ["hand 1: the dealer wins on Bo's discard", "round E, Ann deals: Ann wins on Bo's discard"]
    head = [line for line in first if line.split()[:4] == ["Ann", "Bo", "Cy", "Di"]]
    assert len(head) == 1
    assert first[-1] == "deal: Ann deals again"
    last = blocks[-1].splitlines()
    assert last[1] == "round S, Bo deals: Bo wins, self-drawn"
    assert [line.split() for line in last if line.startswith(("seat ", "running "))] == [
        ["seat", "N", "E", "S", "W"], ["running", "+22", "+6", "-20", "-8"]]
    assert "deal: passes to Cy" in blocks[3]


def test_singapore_csv_by_name(runner):
    code, out, _ = run(runner, "-v", "sg", "--ledger", SG_SESSION, "-f", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))  # one row per payment, then one per player (issue 12)
    hands = {}
    for r in rows:
        hands.setdefault(r["hand_no"], []).append(r)
    assert len(hands) == 8
    nets = [[(r["player"], r["seat"], r["running"]) for r in h if r["row"] == "net"] for h in hands.values()]
    assert [(p, run) for p, _, run in nets[-1]] == [("Ann", "22"), ("Bo", "6"), ("Cy", "-20"), ("Di", "-8")]
    assert [s for _, s, _ in nets[3]] == ["N", "E", "S", "W"]
    assert [h[0]["dealer"] for h in hands.values()] == ["Ann", "Ann", "Ann", "Bo", "Cy", "Di", "Ann", "Bo"]
    assert [h[0]["round"] for h in hands.values()] == ["E"] * 6 + ["S"] * 2
    first = rows[0]
    assert (first["row"], first["from"], first["to"], first["amount"], first["reason"]) == (
        "payment", "Bo", "Ann", "8", "shooter (2 tai)")


def test_singapore_json_is_one_array(runner):
    code, out, _ = run(runner, "-v", "sg", "--ledger", SG_SESSION, "-f", "json")
    recs = json.loads(out)
    assert code == 0 and len(recs) == 8 and recs[-1]["running"] == SG_EXPECTED[-1][6]


def test_singapore_house_switch_keeps_the_deal_after_a_kong(runner, tmp_path):
    # drawn_with_kong: keep: hand 4 (drawn, Di's kong) keeps Bo dealing. Then hand 5: Bo E, Cy S, Di W,
    # Ann N; Ann wins, passes to Cy (2). Hand 6: Cy E, Di S, Ann W, Bo N: "W" is now Ann; passes to Di (3).
    # Hand 7 (Di E, Ann S, Bo W, Cy N) says seat=W round=S, but Cy sits N and after 3 passes the round
    # is E: invalid_context (the first word that disagrees), the deal does not move.
    # Hand 8 says dealer Bo, but Di deals: invalid_context.
    rules = tmp_path / "sg-keep.yaml"
    rules.write_text("extends: sg\nsession: {drawn_with_kong: keep}\n")
    code, recs = records(runner, "--rules", str(rules), "--ledger", SG_SESSION)
    assert code == 1
    assert [r["dealer"] for r in recs] == ["Ann", "Ann", "Ann", "Bo", "Bo", "Cy", "Di", "Di"]
    assert [r.get("deal") for r in recs] == ["keeps", "keeps", "passes", "keeps", "passes", "passes", None, None]
    assert recs[5]["winner"] == "Ann"  # the seat W
    assert [r["ok"] for r in recs] == [True] * 6 + [False, False]
    assert [r["error"]["code"] for r in recs[6:]] == ["invalid_context", "invalid_context"]
    assert "seat=W in the hand, but Cy sits N this hand (Di deals, round E)" in recs[6]["error"]["message"]
    assert "dealer 'Bo', but the session has Di dealing" in recs[7]["error"]["message"]


# --- Hong Kong: the default keeps the deal on a drawn hand, kong or not ------------------------------
#
# hk half-spicy: S = 8, 16, 24 for 3, 4, 5 faan; a discard: the shooter alone pays S; self-drawn:
# each of the other three pays S/2. No instant payments.
#  1  Ann deals (Ann E, Bo S, Cy W, Di N). Ann wins 5 faan on Cy's discard: Cy pays 24. Keeps.
#  2  drawn, Bo made a concealed kong: no payments in hk; hk keeps the deal: Ann deals again.
#  3  Bo self-draws 3 faan: S = 8, each pays 4: Bo +12. Passes to Bo (1).
#  4  Bo deals (Bo E, Cy S, Di W, Ann N). Di wins 123m 456m 789m WWW 55m @5m seat=W on Bo's discard:
#     half flush 3 + seat wind (W is Di's seat this hand) 1 + no flowers 1 = 5 faan: Bo pays 24. Passes to Cy (2).
#  5  Cy deals (Cy E, Di S, Ann W, Bo N). The dealer self-draws 4 faan: S = 16, each pays 8: Cy +24. Keeps.
#  6  Ann ("west", her seat this hand) wins 3 faan on Di's discard: Di pays 8. Passes to Di (3).
# running: Ann 24, 24, 20, 20, 12, 20;  Bo 0, 0, 12, -12, -20, -20;  Cy -24, -24, -28, -28, -4, -4;
#          Di 0, 0, -4, 20, 12, 4     (sums: 0 after every hand)
HK_LEDGER = PLAYERS + lines(
    {"winner": "Ann", "from": "Cy", "value": 5},
    {"drawn": True, "kong": "Bo:concealed"},
    {"winner": "Bo", "value": 3},
    {"winner": "Di", "from": "Bo", "hand": "123m 456m 789m WWW 55m @5m seat=W"},
    {"winner": "Cy", "value": 4, "dealer": "Cy"},
    {"winner": "west", "from": "Di", "value": 3, "round": "E"},
)
HK_EXPECTED = [
    ("Ann", seats("E", "S", "W", "N"), seats(24, 0, -24, 0), seats(24, 0, -24, 0), "keeps"),
    ("Ann", seats("E", "S", "W", "N"), seats(0, 0, 0, 0), seats(24, 0, -24, 0), "keeps"),
    ("Ann", seats("E", "S", "W", "N"), seats(-4, 12, -4, -4), seats(20, 12, -28, -4), "passes"),
    ("Bo", seats("N", "E", "S", "W"), seats(0, -24, 0, 24), seats(20, -12, -28, 20), "passes"),
    ("Cy", seats("W", "N", "E", "S"), seats(-8, -8, 24, -8), seats(12, -20, -4, 12), "keeps"),
    ("Cy", seats("W", "N", "E", "S"), seats(8, 0, 0, -8), seats(20, -20, -4, 4), "passes"),
]


def test_hong_kong_session_worked_by_hand(runner):
    code, recs = records(runner, "-v", "hk", "--ledger", "-", input=HK_LEDGER)
    assert code == 0
    got = [(r["dealer"], r["seats"], r["net"], r["running"], r["deal"]) for r in recs]
    assert got == HK_EXPECTED
    assert [r["round"] for r in recs] == ["E"] * 6
    assert recs[3]["value"] == 5 and recs[5]["winner"] == "Ann"
    assert recs[-1]["next_dealer"] == "Di"


def test_hong_kong_house_switch_passes_the_deal_after_a_kong(runner, tmp_path):
    # drawn_with_kong: pass: hand 2 passes to Bo (Bo E, Cy S, Di W, Ann N); hand 3 Bo wins as the dealer
    # and keeps; hand 4 as before (Di is W: 5 faan); hand 5 Cy deals... the same money, other deals.
    rules = tmp_path / "hk-pass.yaml"
    rules.write_text("extends: hk\nsession: {drawn_with_kong: pass}\n")
    code, recs = records(runner, "--rules", str(rules), "--ledger", "-", input=HK_LEDGER)
    assert code == 0
    assert [r["dealer"] for r in recs] == ["Ann", "Ann", "Bo", "Bo", "Cy", "Cy"]
    assert [r["deal"] for r in recs] == ["keeps", "passes", "keeps", "passes", "keeps", "passes"]
    assert recs[-1]["running"] == HK_EXPECTED[-1][3]


def test_hong_kong_round_wind_after_four_passes_and_after_the_north_round(runner):
    # a non-dealer wins every hand: the deal passes each time; hands 1-4 round E, 5-8 S, 9-12 W,
    # 13-16 N, then hand 17 starts again at E with Ann dealing.
    text = PLAYERS + lines(*[{"winner": "S", "value": 3}] * 17)
    code, recs = records(runner, "--ledger", "-", input=text)
    assert code == 0
    assert "".join(r["round"] for r in recs) == "EEEESSSSWWWWNNNNE"
    assert [r["dealer"] for r in recs[:5]] == ["Ann", "Bo", "Cy", "Di", "Ann"]
    assert [r["winner"] for r in recs[:4]] == ["Bo", "Cy", "Di", "Ann"]  # the South seat each time
    assert recs[-1]["dealer"] == "Ann"


# --- Malaysian 3 Kaki: three players, the winner deals, always the East round -----------------------
#
# my3: V = 10, 12, 14 for 5, 6, 7 fan and 40 at the limit (10); a discard: the shooter pays V and the
# other loser V/2; self-drawn: both pay V. A concealed kong: 10 from each other player. After every win
# the Fei settlement (each loser pays the winner 5 a Fei the winner holds beyond the loser's own) and
# the losers' settlement (the loser with fewer scoring tiles + Fei pays the other 5 a tile of difference)
# pay nothing here: no line gives a Fei (--fei) and the one hand given (hand 2) holds none, so the winner
# holds 0 Fei against 0; no loser's bonus tiles are given, so each loser counts 0 scoring tiles + 0 Fei
# and 0 = 0 (Bo's f3 s3 in hand 2 are the winner's tiles, scored as his own flowers, not a loser's).
# The winner deals the next hand; after a drawn hand the last player who drew ("drew_last").
#  1  Ann deals (Ann E, Bo S, Cy W). Cy, not the dealer, wins 5 fan on Ann's discard: V = 10;
#     Ann 10, Bo 5: Cy +15. The deal moves to Cy, the winner.
#  2  Cy deals (Cy E, Ann S, Bo W): Bo sits West, so f3 and s3 are his own flowers: full_flush 3 +
#     own_flower 2 = 5 fan (as South they would be 3 fan, below the minimum). On Ann's discard:
#     Ann 10, Cy 5: Bo +15. Moves to Bo.
#  3  Bo deals (Bo E, Cy S, Ann W). The dealer self-draws 6 fan: V = 12 from each: Bo +24. Keeps.
#     (Running Ann -32, Bo +34, Cy -2: the session of issue 26.)
#  4  drawn; Cy made a concealed kong: 10 from Ann and from Bo: Cy +20. Ann drew last: moves to Ann.
#  5  Ann deals (Ann E, Bo S, Cy W). Drawn, Ann drew last: Ann deals again (keeps).
#  6  The dealer (the line says so: checked) wins the limit on Cy's discard: V = 40; Cy 40, Bo 20:
#     Ann +60. Keeps.
#  7  drawn; "drew_last": "S" is the South seat this hand: Bo. Moves to Bo.
#  8  Bo deals (Bo E, Cy S, Ann W), round E (checked). Ann self-draws 5 fan: V = 10 from each: Ann +20.
#     Moves to Ann. Three wins by other players, yet the round wind stays East.
# running: Ann -10, -20, -32, -42, -42, 18, 18, 38;  Bo -5, 10, 34, 24, 24, 4, 4, -6;
#          Cy 15, 10, -2, 18, 18, -22, -22, -32     (sums: 0 after every hand)
MY3_LEDGER = '{"players": ["Ann", "Bo", "Cy"]}\n' + lines(
    {"winner": "Cy", "from": "Ann", "value": 5},
    {"winner": "Bo", "from": "Ann", "hand": "111p 456p 789p 234p 55p | f3 s3 @5p"},
    {"winner": "Bo", "value": 6},
    {"drawn": True, "drew_last": "Ann", "kong": "Cy:concealed"},
    {"drawn": True, "drew_last": "ann"},
    {"winner": "Ann", "from": "Cy", "value": 10, "dealer": "Ann"},
    {"drew_last": "S"},
    {"winner": "Ann", "value": 5, "round": "E"},
)
ANN_DEALS, CY_DEALS, BO_DEALS = seats("E", "S", "W"), seats("S", "W", "E"), seats("W", "E", "S")
MY3_EXPECTED = [
    ("Ann", ANN_DEALS, seats(-10, -5, 15), seats(-10, -5, 15), "moves", "Cy"),
    ("Cy", CY_DEALS, seats(-10, 15, -5), seats(-20, 10, 10), "moves", "Bo"),
    ("Bo", BO_DEALS, seats(-12, 24, -12), seats(-32, 34, -2), "keeps", "Bo"),
    ("Bo", BO_DEALS, seats(-10, -10, 20), seats(-42, 24, 18), "moves", "Ann"),
    ("Ann", ANN_DEALS, seats(0, 0, 0), seats(-42, 24, 18), "keeps", "Ann"),
    ("Ann", ANN_DEALS, seats(60, -20, -40), seats(18, 4, -22), "keeps", "Ann"),
    ("Ann", ANN_DEALS, seats(0, 0, 0), seats(18, 4, -22), "moves", "Bo"),
    ("Bo", BO_DEALS, seats(20, -10, -10), seats(38, -6, -32), "moves", "Ann"),
]


def test_my3_session_worked_by_hand(runner):
    code, recs = records(runner, "-v", "my3", "--ledger", "-", input=MY3_LEDGER)
    assert code == 0
    got = [(r["dealer"], r["seats"], r["net"], r["running"], r["deal"], r["next_dealer"]) for r in recs]
    assert got == MY3_EXPECTED
    assert {r["round"] for r in recs} == {"E"}
    assert recs[1]["value"] == 5 and recs[1]["hand"].endswith("seat=W")  # scored at Bo's West seat
    assert [r["drew_last"] for r in recs] == [None, None, None, "Ann", "Ann", None, "Bo", None]  # names, not seats
    assert [r["winner"] for r in recs] == ["Cy", "Bo", "Bo", None, None, "Ann", None, "Ann"]


def test_my3_example_ledger(runner):
    # examples/ledger-my3-players.jsonl: the first three hands above, then hand 4 (drawn, Cy's concealed kong,
    # Ann drew last), worked above
    code, recs = records(runner, "--ledger", str(ROOT / "examples" / "ledger-my3-players.jsonl"))  # its header: my3
    assert code == 0
    assert [(r["dealer"], r["seats"], r["net"], r["running"], r["deal"], r["next_dealer"]) for r in recs] == \
        MY3_EXPECTED[:4]


def test_my3_issue_26_session(runner):
    # The three hands of the issue: the old rule (the deal passing to the next seat) seated Bo South in hand 2,
    # refused his 3-fan hand and ended -22, +19, +3; the winner's deal ends Ann -32, Bo +34, Cy -2.
    code, recs = records(runner, "-v", "my3", "--ledger", "-", input="".join(MY3_LEDGER.splitlines(True)[:4]))
    assert code == 0 and recs[-1]["running"] == seats(-32, 34, -2)


def test_my3_table_and_csv_have_three_players(runner):
    code, out, _ = run(runner, "-v", "my3", "--ledger", "-", "-f", "csv", input=MY3_LEDGER)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and [(r["player"], r["running"]) for r in rows[-3:]] == [("Ann", "38"), ("Bo", "-6"), ("Cy", "-32")]
    assert {r["player"] for r in rows if r["row"] == "net"} == {"Ann", "Bo", "Cy"}
    assert {(r["hand_no"], r["deal"], r["drew_last"]) for r in rows if r["hand_no"] in ("4", "5")} == {
        ("4", "moves", "Ann"), ("5", "keeps", "Ann")}
    code, out, _ = run(runner, "-v", "my3", "--ledger", "-", input=MY3_LEDGER)
    assert code == 0 and out.rstrip().splitlines()[-2].split() == ["running", "+38", "-6", "-32"]
    assert ["Ann", "Bo", "Cy"] in [line.split() for line in out.splitlines()]  # the names head the columns
    deals = [line for line in out.splitlines() if line.startswith("deal: ")]
    assert deals == ["deal: moves to Cy, the winner", "deal: moves to Bo, the winner", "deal: Bo deals again",
                     "deal: moves to Ann, who drew last", "deal: Ann deals again", "deal: Ann deals again",
                     "deal: moves to Bo, who drew last", "deal: moves to Ann, the winner"]


@pytest.mark.parametrize("obj", [{}, {"drawn": True}, {"drawn": True, "kong": "Cy:concealed"}])
def test_my3_drawn_hand_must_say_who_drew_last(runner, obj):
    # a bad line moves nothing: Ann deals the hand after it, wins 5 fan self-drawn (V = 10 from each: +20)
    text = '{"players": ["Ann", "Bo", "Cy"]}\n' + lines(obj, {"winner": "Ann", "value": 5})
    code, recs = records(runner, "-v", "my3", "--ledger", "-", input=text)
    assert code == 1 and [r["ok"] for r in recs] == [False, True]
    assert recs[0]["error"] == {"code": "settle_error", "message": (
        'a drawn hand in my3 names the last player who drew, who deals next: add "drew_last", '
        'e.g. "drew_last": "Bo"')}
    assert recs[1]["dealer"] == "Ann" and recs[1]["running"] == seats(20, -10, -10)


@pytest.mark.parametrize("obj, message", [
    ({"winner": "Bo", "value": 5, "drew_last": "Cy"}, "drew_last: the line names a winner"),
    ({"drawn": True, "drew_last": "Di"}, "drew_last 'Di' is not a player (Ann Bo Cy) or a seat (E S W)"),
    ({"drawn": True, "drew_last": "N"}, "my3 has no seat N"),
    ({"drawn": True, "drew_last": 2}, "drew_last: expected text, got 2"),
])
def test_my3_bad_drew_last(runner, obj, message):
    code, recs = records(runner, "-v", "my3", "--ledger", "-", input='{"players": ["Ann", "Bo", "Cy"]}\n' + lines(obj))
    assert code == 1 and message in recs[0]["error"]["message"]


def test_drew_last_in_a_rotating_session_and_in_the_seat_form(runner):
    # hk rotates the deal: drew_last is kept on the record and changes nothing (a note says so); Ann deals on
    text = PLAYERS + lines({"drawn": True, "drew_last": "Cy"})
    code, recs = records(runner, "--ledger", "-", input=text)
    assert code == 0 and (recs[0]["deal"], recs[0]["next_dealer"], recs[0]["drew_last"]) == ("keeps", "Ann", "Cy")
    assert recs[0]["notes"] == ["drew_last changes nothing: in hk the deal after a drawn hand does not go to the "
                                "last player who drew"]
    # a ledger that names seats: nothing rotates; drew_last is a seat, checked and echoed as its letter
    code, recs = records(runner, "-v", "my3", "--ledger", "-", input=lines({"drawn": True, "drew_last": "west"},
                                                                           {"drawn": True}, {"drew_last": "N"}))
    assert code == 1 and [r["drew_last"] for r in recs] == ["W", None, None] and recs[1]["deal"] is None
    assert recs[2]["error"]["message"] == "drew_last 'N' is not a seat in my3; seats are E S W"


# --- the players: a line, or --players ----------------------------------------------------------


def test_players_option_is_the_same_as_a_players_line(runner):
    body = HK_LEDGER.split("\n", 1)[1]
    code, by_option = records(runner, "--ledger", "-", "--players", "Ann, Bo ,Cy,Di", input=body)
    assert code == 0
    _, by_line = records(runner, "--ledger", "-", input=HK_LEDGER)
    assert [r["running"] for r in by_option] == [r["running"] for r in by_line]
    assert [r["line"] for r in by_option] == [r["line"] - 1 for r in by_line]
    # both, naming the same players (any case): fine
    code, both = records(runner, "--ledger", "-", "--players", "ann,bo,cy,di", input=HK_LEDGER)
    assert code == 0 and both[-1]["running"] == by_line[-1]["running"]


@pytest.mark.parametrize(
    "args, text, message",
    [
        ([], '{"players": ["Ann", "Bo", "Cy", "E"]}', "'E' is a seat or wind (E)"),
        ([], '{"players": ["Ann", "Bo", "Cy", "east"]}', "'east' is a seat or wind (E)"),
        ([], '{"players": ["Ann", "Bo", "Cy", "EAST"]}', "'EAST' is a seat or wind (E)"),
        ([], '{"players": ["Ann", "Bo", "Cy", "Dong"]}', "'Dong' is a seat or wind (E)"),
        ([], '{"players": ["Ann", "Bo", "NAN", "Di"]}', "'NAN' is a seat or wind (S)"),
        ([], '{"players": ["Ann", "xi", "Cy", "Di"]}', "'xi' is a seat or wind (W)"),
        ([], '{"players": ["bei", "Bo", "Cy", "Di"]}', "'bei' is a seat or wind (N)"),
        ([], '{"players": ["Ann", "Bo", "s", "Di"]}', "'s' is a seat or wind (S)"),
        ([], '{"players": ["Ann", "Bo", "Cy", "South"]}', "'South' is a seat or wind (S)"),
        ([], '{"players": ["Ann", "Bo", "Cy", "4z"]}', "'4z' is a seat or wind (N)"),
        ([], '{"players": ["Ann", "Bo", "Cy", "West Wind"]}', "'West Wind' is a seat or wind (W)"),
        ([], '{"players": ["Ann", "Bo", "Cy", "北"]}', "'北' is a seat or wind (N)"),
        ([], '{"players": ["Ann", "Bo", "Cy", "ann"]}', "'ann' is named twice"),
        ([], '{"players": ["Ann", "Bo", "Cy"]}', "hk is played by 4 players; name 4 (got 3)"),
        ([], '{"players": "Ann Bo Cy Di"}', "expected a list of 4 names"),
        ([], '{"players": ["Ann", "Bo", "Cy", 4]}', "expected a list of 4 names"),
        ([], '{"players": ["Ann", "Bo", "Cy", " "]}', "an empty name"),
        ([], '{"players": ["Ann", "Bo:1", "Cy", "Di"]}', "holds ':'"),
        ([], '{"players": ["Ann", "Bo", "Cy", "Di"], "label": "x"}', "holds only \"players\""),
        (["--players", "Ann,Bo,Cy,East"], "", "--players: 'East' is a seat or wind (E)"),
        (["--players", "Ann,Bo,Cy"], "", "--players: hk is played by 4 players"),
        (["--players", "Ann,Bo,Cy,Al"], PLAYERS, "the ledger names Ann, Bo, Cy, Di but --players names Ann, Bo, Cy, Al"),
        (["-v", "my3"], PLAYERS, "my3 is played by 3 players; name 3 (got 4)"),
        (["-v", "paohuzi"], '{"players": ["Ann", "Bo", "Cy"]}', "paohuzi has no session rules"),
    ],
)
def test_bad_players_are_refused_in_one_line(runner, args, text, message):
    code, out, err = run(runner, "--ledger", "-", *args, input=text + '\n{"winner": "Ann", "value": 5}\n')
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err


@pytest.mark.parametrize("fmt", ["json", "jsonl", "csv"])
def test_bad_players_write_nothing_in_any_format(runner, fmt):
    code, out, err = run(runner, "--ledger", "-", "-f", fmt, input='{"players": ["Ann", "Bo", "Cy", "N"]}\n')
    assert code == 2 and out == "" and "'N' is a seat or wind (N)" in err


@pytest.mark.parametrize("name", ["Eve", "Nancy", "Xia", "Bei Bei", "Sue", "Ess", "Dongmei", "Westley", "N2"])
def test_names_near_a_wind_are_fine(name):
    assert check_players(["Ann", "Bo", "Cy", name], load_builtin("hk"), "players")[-1] == name


def test_wind_words():
    assert [wind_of(w) for w in ("e", "EaSt", "dong", "Nan", "XI", "bei", "2z", "south-wind", "dongfeng", "東")] \
        == ["E", "E", "E", "S", "W", "N", "S", "S", "E", "E"]
    assert wind_of("wind") is None and wind_of("Ann") is None


def test_players_option_needs_a_ledger(runner):
    code, out, err = run(runner, "--players", "Ann,Bo,Cy,Di", "--winner", "E", "--value", "5")
    assert code == 2 and "--players names the players of a ledger; use it with --ledger FILE" in err


def test_players_line_later_in_the_ledger_is_a_bad_line(runner):
    text = lines({"winner": "E", "value": 5}, {"players": ["Ann", "Bo", "Cy", "Di"]}, {"winner": "E", "value": 5})
    code, recs = records(runner, "--ledger", "-", input=text)
    assert code == 1 and [r["ok"] for r in recs] == [True, False, True]
    assert "only the first line of a ledger names the players" in recs[1]["error"]["message"]
    assert recs[0]["seats"] is None  # the seat form


# --- names and seats on the hand lines ------------------------------------------------------------


def test_seat_words_mean_this_hands_seats(runner):
    # Bo deals after hand 1 (Bo E, Cy S, Di W, Ann N): "east" is Bo, "N" is Ann, "DONG" Bo again
    text = PLAYERS + lines({"winner": "Bo", "value": 3},
                           {"winner": "east", "from": "N", "value": 3},
                           {"winner": "ANN", "from": "DONG", "value": 3})
    code, recs = records(runner, "--ledger", "-", input=text)
    assert code == 0
    assert [(r["winner"], r["from"]) for r in recs] == [("Bo", None), ("Bo", "Ann"), ("Ann", "Bo")]


def test_names_in_kong_bonus_dealt_fei_and_bao(runner):
    # sg, Ann deals (Ann E, Bo S, Cy W, Di N). Hand 1: Cy's exposed kong from Di: 4 from each (Cy +12);
    # Bo's cat + mouse held from the deal: 8 from each (Bo +24); drawn with a kong: passes to Bo.
    # Hand 2 (Bo E, Cy S, Di W, Ann N): Di self-draws 2 tai, Ann liable: 6A = 6 x 4 = 24 from Ann.
    text = PLAYERS + lines(
        {"kong": ["Cy:claimed:Di"], "bonus": {"Bo": "cat mouse"}, "dealt": "bo:cat-mouse"},
        {"winner": "Di", "value": 2, "bao": "Ann"},
    )
    code, recs = records(runner, "-v", "sg", "--ledger", "-", input=text)
    assert code == 0
    assert recs[0]["net"] == seats(-4 - 8, 24 - 4, 12 - 8, -4 - 8)  # each pays Cy 4 and Bo 8, gets 4 or 8 back
    assert recs[0]["deal"] == "passes"
    assert recs[1]["net"] == seats(-24, 0, 0, 24)
    # my3: Fei by name. Ann (winner) holds 2 Fei, Bo none: Bo pays Ann 5 x 2 = 10; Cy holds 2 too: nothing.
    # The losers' settlement: Bo 0 scoring tiles + 0 Fei, Cy 0 + 2: Bo pays Cy 5 x (2 - 0) = 10.
    text = '{"players": ["Ann", "Bo", "Cy"]}\n' + lines({"winner": "Ann", "value": 5, "fei": {"Ann": 2, "Cy": 2}})
    code, recs = records(runner, "-v", "my3", "--ledger", "-", input=text)
    assert code == 0
    fei = [p for p in recs[0]["payments"] if "Fei" in p["reason"]]
    assert [(p["from"], p["to"], p["amount"]) for p in fei] == [("Bo", "Ann", 10), ("Bo", "Cy", 10)]


@pytest.mark.parametrize(
    "obj, message",
    [
        ({"winner": "Al", "value": 3}, "winner 'Al' is not a player (Ann Bo Cy Di) or a seat (E S W N)"),
        ({"winner": "Ann", "from": "Zed", "value": 3}, "from 'Zed' is not a player"),
        ({"kong": "Al:concealed"}, "kong 'Al:concealed': 'Al' is not a player"),
        ({"winner": "Ann", "from": "Ann", "value": 3}, "\"from\" is the winner's own seat"),
        ({"winner": "Ann", "drawn": True}, "drawn: true, but the line names a winner"),
        ({"drawn": "yes"}, "drawn: expected true or false"),
        ({"drawn": False}, "drawn: false, but the line names no winner"),
        ({"winner": "Ann", "value": 3, "dealer": "Al"}, "dealer 'Al' is not a player"),
        ({"winner": "Ann", "value": 3, "round": "up"}, "round 'up' is not a wind"),
    ],
)
def test_bad_hand_lines_in_the_players_form(runner, obj, message):
    text = PLAYERS + lines({"winner": "Bo", "value": 3}, obj, {"winner": "Cy", "value": 3})
    code, recs = records(runner, "--ledger", "-", input=text)
    assert code == 1 and [r["ok"] for r in recs] == [True, False, True]
    assert message in recs[1]["error"]["message"] and recs[1]["error"]["code"] != "invalid_context"
    # the bad line moves nothing: Bo still deals the third hand, and its record says so
    assert recs[1]["dealer"] == "Bo" and recs[2]["dealer"] == "Bo"


# --- what the session works out, checked against the line -----------------------------------------

HAND = "123m 456m 789m WWW 55m @5m"  # hk: half flush 3 + no flowers 1 (+ 1 for a W seat)


@pytest.mark.parametrize(
    "obj, message",
    [
        ({"winner": "Bo", "from": "Ann", "hand": HAND + " seat=W"},
         "seat=W in the hand, but Bo sits S this hand (Ann deals, round E)"),
        ({"winner": "Bo", "from": "Ann", "hand": HAND + " seat=S round=S"},
         "round=S in the hand, but the session is in the E round"),
        ({"winner": "Bo", "from": "Ann", "hand": HAND + " round=south"}, "round=SOUTH in the hand"),
        ({"winner": "Bo", "from": "Ann", "value": 5, "dealer": "Bo"},
         "dealer 'Bo', but the session has Ann dealing this hand"),
        ({"winner": "Bo", "from": "Ann", "value": 5, "round": "S"},
         "round S, but the session is in the E round this hand"),
        ({"winner": "Bo", "hand": "123m 456m 789m 234p 55s zimo heavenly"},
         "heavenly is the dealer's win, but Bo sits S this hand"),
        ({"winner": "Ann", "from": "Bo", "hand": "123m 456m 789m 234p 55s @5s earthly"},
         "earthly is won by a player who is not the dealer, but Ann deals this hand"),
        ({"winner": "Cy", "from": "Bo", "hand": "123m 456m 789m 234p 55s @5s earthly"},
         "earthly is won on the dealer's first discard, but Ann deals and the line says from Bo"),
    ],
)
def test_disagreeing_with_the_session_is_invalid_context(runner, obj, message):
    text = PLAYERS + lines(obj, {"winner": "Ann", "value": 3})
    code, recs = records(runner, "--ledger", "-", input=text)
    assert code == 1 and [r["ok"] for r in recs] == [False, True]
    assert recs[0]["error"]["code"] == "invalid_context" and message in recs[0]["error"]["message"]
    # the next hand: Ann still deals, self-draws 3 faan: S = 8, each of three pays 4: +12
    assert recs[1]["dealer"] == "Ann" and recs[1]["running"]["Ann"] == 12


@pytest.mark.parametrize(
    "obj, value",
    [
        ({"winner": "Bo", "from": "Ann", "hand": HAND + " seat=S"}, 4),  # S seat: no seat-wind pong
        ({"winner": "Cy", "from": "Ann", "hand": HAND + " seat=w round=E"}, 5),  # W seat: +1
        ({"winner": "Cy", "from": "Ann", "hand": HAND}, 5),  # no seat= written: the session's W
        ({"winner": "Bo", "from": "Ann", "value": 5, "dealer": "ann", "round": "east"}, 5),
        ({"winner": "Ann", "hand": "123m 456m 789m 234p 55s zimo heavenly"}, 10),
        ({"winner": "Bo", "from": "Ann", "hand": "123m 456m 789m 234p 55s @5s earthly"}, 10),
    ],
)
def test_agreeing_with_the_session_is_fine(runner, obj, value):
    code, recs = records(runner, "--ledger", "-", input=PLAYERS + lines(obj))
    assert code == 0 and recs[0]["value"] == value


def test_error_records_in_table_output_go_to_stderr(runner):
    text = PLAYERS + lines({"winner": "Bo", "value": 3, "dealer": "Cy"}, {"winner": "Bo", "value": 3})
    code, out, err = run(runner, "--ledger", "-", input=text)
    assert code == 1
    assert err == "error: line 2: dealer 'Cy', but the session has Ann dealing this hand; " \
                  "fix the line or the hands before it\n"
    assert out.startswith("hand 2\nround E, Ann deals: Bo wins, self-drawn")


# --- the seat form keeps its meaning ----------------------------------------------------------------


def test_seat_form_has_no_session_keys(runner):
    text = lines({"winner": "E", "value": 5, "dealer": "E"}, {"winner": "E", "value": 5, "round": "S"},
                 {"drawn": True, "kong": "S:concealed"}, {"winner": "S", "value": 5})
    code, recs = records(runner, "--ledger", "-", input=text)
    assert code == 1 and [r["ok"] for r in recs] == [False, False, True, True]
    assert "only a ledger that names its players" in recs[0]["error"]["message"]
    # nothing rotates: S is the South seat, its net is keyed by seat, no dealer or seats
    # (hk 5 faan self-drawn: S = 24, each of three pays 12)
    assert recs[3]["net"] == {"E": -12, "S": 36, "W": -12, "N": -12}
    assert recs[3]["dealer"] is None and recs[3]["seats"] is None and recs[3]["deal"] is None


# --- the session rules as data -------------------------------------------------------------------


def test_session_rules_in_the_variants():
    assert [dict(load_builtin(v).session) for v in ("hk", "sg", "my3")] == [
        {"deal": "rotate", "drawn_with_kong": "keep"}, {"deal": "rotate", "drawn_with_kong": "pass"},
        {"deal": "winner"}]
    assert not load_builtin("paohuzi").session


def test_my3_refuses_drawn_with_kong(runner, tmp_path):
    # a one-line error: the switch is for a rotating deal; my3's winner deals, after a drawn hand who drew last
    rules = tmp_path / "t.yaml"
    rules.write_text("extends: my3\nsession: {drawn_with_kong: pass}\n")
    code, out, err = run(runner, "--rules", str(rules), "--winner", "E", "--value", "5")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "session.drawn_with_kong (line 2): does not apply where the winner deals the next hand" in err
    # a table that rotates the deal instead says so, with the switch; hk may take the winner's deal
    rules.write_text("extends: my3\nsession: {deal: rotate, drawn_with_kong: pass}\n")
    assert run(runner, "--rules", str(rules), "--winner", "E", "--value", "5")[0] == 0
    rules.write_text("extends: hk\nsession: {deal: winner}\n")
    text = PLAYERS + lines({"winner": "Cy", "value": 3})
    code, recs = records(runner, "--rules", str(rules), "--ledger", "-", input=text)
    assert code == 0 and (recs[0]["deal"], recs[0]["next_dealer"]) == ("moves", "Cy")


def test_my3_session_object_gives_the_deal_to_the_winner():
    s = Session(load_builtin("my3"), ("Ann", "Bo", "Cy"))
    assert s.after("W", []) == "moves" and s.dealer_name == "Cy"  # Cy sat W
    assert s.seating() == {"Ann": "S", "Bo": "W", "Cy": "E"}
    assert s.after("E", []) == "keeps" and s.dealer_name == "Cy"
    assert s.after(None, [("S", "concealed", None)], drew_last="S") == "moves" and s.dealer_name == "Ann"
    assert s.after(None, [], drew_last="E") == "keeps" and s.round == "E"


def test_session_object_moves_the_deal():
    s = Session(load_builtin("sg"), ("Ann", "Bo", "Cy", "Di"))
    assert s.after(None, []) == "keeps" and s.dealer_name == "Ann"
    assert s.after(None, [("S", "concealed", None)]) == "passes" and s.dealer_name == "Bo"
    assert s.after("E", []) == "keeps" and s.dealer_name == "Bo"
    assert s.seating() == {"Ann": "N", "Bo": "E", "Cy": "S", "Di": "W"}
    h = Session(load_builtin("hk"), ("Ann", "Bo", "Cy", "Di"))
    assert h.after(None, [("S", "concealed", None)]) == "keeps" and h.dealer_name == "Ann"


@pytest.mark.parametrize(
    "text, problem",
    [
        ("extends: sg\nsession: {drawn_with_kong: maybe}\n", "session.drawn_with_kong (line 2): expected one of pass, keep"),
        ("extends: hk\nsession: {dealer_wins: keep}\n", "session.dealer_wins (line 2): unknown key"),
        ("extends: hk\nsession: pass\n", "session (line 2): expected a mapping"),
        ("extends: paohuzi\nsession: {drawn_with_kong: pass}\n", "paohuzi has no session rules"),
    ],
)
def test_session_house_rule_errors(runner, tmp_path, text, problem):
    path = tmp_path / "house.yaml"
    path.write_text(text)
    r = runner.invoke(cli, ["rules", "--check", str(path)])
    assert r.exit_code == 1 and problem in r.output


def test_session_needs_its_key_in_a_variant_file():
    from mjcli.errors import RuleFileError
    from mjcli.variant import build_variant

    with pytest.raises(RuleFileError, match=r"session.drawn_with_kong: missing \(deal: rotate needs it.*\); expected one of pass, keep"):
        build_variant({"id": "x", "name": "x", "unit": "faan", "minimum": 0, "limit": 1, "session": {},
                       "payment": {"linear": 1}}, "x.yaml")


def test_check_players_needs_session_rules():
    with pytest.raises(SettleError, match="paohuzi has no session rules"):
        check_players(["Ann", "Bo", "Cy"], load_builtin("paohuzi"), "players")


def test_big_amounts_keep_every_digit_in_the_players_table(runner):
    # sg hand 1 of the example at a stake of 123456.5 a unit: base 4 x 123456.5 = 493826; the shooter
    # pays double (987652), the two others 493826 each, so Ann nets 987652 + 2 x 493826 = 1975304
    code, out, _ = run(runner, "-v", "sg", "--ledger", SG_SESSION, "--stake", "123456.5")
    first = out.split("\n\n")[0]
    assert "987652  shooter (2 tai)" in first
    assert "net      +1975304  -987652  -493826  -493826" in first
    assert "e+0" not in out  # never an exponent (was +1.9753e+06)
