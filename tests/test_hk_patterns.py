"""Every hk pattern: a hand that has it and one that nearly has it; then the rules between patterns.

The values come from variants/hk.yaml (RULES.md, hk section); no test here
restates a value that the YAML could change except where a worked total is
the point of the test (the arithmetic is in the comment).
"""

import pytest

from mjcli.api import score_line
from mjcli.variant import load_builtin

HK = load_builtin("hk")


def score(text):
    res = score_line(text, HK)
    assert res.ok, res.error and res.error.message
    return res


def ids_of(res):
    return [p.id for p in res.patterns]


# (pattern id, a hand that has it, a hand that nearly has it)
HAS_AND_NEARLY = [
    ("ping_wu", "123m 456m 789m 234p 55s @5s", "123m 456m 789m 222p 55s @5s"),  # one pung spoils it
    ("half_flush", "123m 456m 789m EEE SS @S", "123m 456m 789p EEE SS @S"),  # two suits
    ("full_flush", "123m 456m 789m 11m [999m] @1m", "123m 456m 789m 11p [999m] @1p"),  # one pair of p
    ("all_pungs", "111m 222p EEE 55s [333s] @5s", "111m 222p EEE 55s [345s] @5s"),  # one chow
    ("mixed_terminals", "111m EEE CCC 11s [999p] @1s", "111m 123m CCC 11s [999p] @1s"),  # 2m 3m
    ("small_dragons", "123m 456m PPP FFF CC @C", "123m 456m PPP FFF 11s @1s"),  # pair not a dragon
    ("big_dragons", "123m 44m PPP FFF CCC @4m", "123m 456m PPP FFF CC @C"),  # small dragons only
    ("dragon_set", "123m 456m 789m CCC 11p @1p", "123m 456m 789m 123s CC @C"),  # dragon pair only
    ("seat_wind", "123m 456m 789m SSS 11p @1p seat=S", "123m 456m 789m SSS 11p @1p seat=W"),
    ("round_wind", "123m 456m 789m SSS 11p @1p round=S", "123m 456m 789m SSS 11p @1p round=W"),
    ("no_flowers", "123m 456m 789m 234p 55s @5s", "123m 456m 789m 234p 55s | f2 @5s"),
    ("own_flower", "123m 456m 789m 234p 55s | f1 @5s", "123m 456m 789m 234p 55s | f2 s3 @5s"),  # seat E is 1
    ("flower_set", "123m 456m 789m 234p 55s | f1 f2 f3 f4 @5s", "123m 456m 789m 234p 55s | f1 f2 f3 s4 @5s"),
    # seven robs one: the tiles do not win (235p 58s); nearly: tiles that win on 5s make an ordinary win
    ("seven_flowers", "123m 456m 789m 235p 58s | f1 f2 f3 f4 s1 s2 s3 @5s",
     "123m 456m 789m 234p 55s | f1 f2 f3 f4 s1 s2 s3 @5s"),
    ("eight_flowers", "123m 456m 789m 234p 55s | f1 f2 f3 f4 s1 s2 s3 s4 @5s",
     "123m 456m 789m 234p 55s | f1 f2 f3 f4 s1 s2 s3 @5s"),
    ("self_drawn", "123m 456m 789m 234p 55s @5s zimo", "123m 456m 789m 234p 55s @5s"),
    ("kong_replacement", "123m 456m 789m 55s [2222p] @5s zimo kong-replacement",
     "123m 456m 789m 55s [2222p] @5s zimo"),
    ("last_tile", "123m 456m 789m 234p 55s @5s zimo last-tile", "123m 456m 789m 234p 55s @5s zimo"),
    ("rob_kong", "123m 456m 789m 234p 55s @4p rob-kong", "123m 456m 789m 234p 55s @4p"),
    ("thirteen_orphans", "19m 19p 19s ESWNPFC C @C", "19m 19p 19s ESWNPF C 2m @2m"),  # 2m for Red
    ("big_winds", "EEE SSS WWW NNN 55p @5p zimo", "EEE SSS WWW NN 123p @3p"),
    ("small_winds", "EEE SSS WWW NN 123p @3p", "EEE SSS WW 123p 999p @3p"),  # two sets and a pair
    ("all_honours", "EEE SSS PPP FFF CC @C zimo", "EEE SSS PPP 11m [FFF] @1m"),  # one pung of 1m
    ("all_terminals", "111m 999m 111p 11s [999p] @1s", "111m 999m 111p EE [999p] @E"),  # East pair
    ("four_concealed_pungs", "111m 222p 333s 444s 55s @5s", "111m 222p 333s 55s [444s] @5s"),
    ("nine_gates", "11123455678999m @5m", "111m 234m 567m 888m 99m @9m"),  # only two 9m
    ("four_kongs", "55s (1111m) (2222p) [3333s] [4444s] @5s", "55s 444s (1111m) (2222p) [3333s] @5s"),
    ("heavenly", "123m 456m 789m 234p 55s @5s zimo heavenly", "123m 456m 789m 234p 55s @5s zimo"),
    ("earthly", "123m 456m 789m 234p 55s @5s earthly seat=S", "123m 456m 789m 234p 55s @5s seat=S"),
    ("kong_on_kong", "123m 456m 55s [2222p] [7777s] @5s zimo kong-on-kong",
     "123m 456m 55s [2222p] [7777s] @5s zimo kong-replacement"),
]


def test_table_covers_every_hk_pattern():
    assert sorted(p for p, _, _ in HAS_AND_NEARLY) == sorted(p.id for p in HK.patterns)


@pytest.mark.parametrize("pid,hand", [(p, h) for p, h, _ in HAS_AND_NEARLY], ids=[p for p, _, _ in HAS_AND_NEARLY])
def test_has_pattern(pid, hand):
    res = score(hand)
    assert res.winning
    assert pid in ids_of(res), (hand, ids_of(res))


@pytest.mark.parametrize("pid,hand", [(p, h) for p, _, h in HAS_AND_NEARLY], ids=[p for p, _, _ in HAS_AND_NEARLY])
def test_nearly_has_pattern(pid, hand):
    res = score(hand)
    assert pid not in ids_of(res), (hand, ids_of(res))


# --- worked totals: (id, hand, expected patterns with points, total); arithmetic in the id comment -------------

WORKED = [
    # 1 ping_wu + 1 no_flowers = 2 (below the minimum of 3)
    ("ping-wu-discard", "123m 456m 789m 234p 55s @5s", {"ping_wu": 1, "no_flowers": 1}, 2),
    # 3 half_flush + 1 seat E + 1 round E (same set scores both) + 1 no_flowers = 6
    ("seat-and-round-same-set", "123m 456m 789m EEE SS @S",
     {"half_flush": 3, "seat_wind": 1, "round_wind": 1, "no_flowers": 1}, 6),
    # two dragon pungs, 1 each: 2 + 1 no_flowers = 3
    ("dragon-set-each", "123m 456m PPP FFF 11s @1s", {"dragon_set": 2, "no_flowers": 1}, 3),
    # small dragons 5 replaces dragon_set (not 5 + 2): 3 half_flush + 5 + 1 no_flowers = 9
    ("small-dragons-replaces-dragon-set", "123m 456m PPP FFF CC @C",
     {"half_flush": 3, "small_dragons": 5, "no_flowers": 1}, 9),
    # big dragons 8 replaces dragon_set (not 8 + 3): 3 + 8 + 1 = 12 raw, capped at 10
    ("big-dragons-replaces-dragon-set", "123m 44m PPP FFF CCC @4m",
     {"half_flush": 3, "big_dragons": 8, "no_flowers": 1}, 10),
    # seat E: f1 own flower 1 + 1 ping_wu = 2
    ("own-flower-seat-E", "123m 456m 789m 234p 55s | f1 @5s", {"ping_wu": 1, "own_flower": 1}, 2),
    # seat S: f2 and s2 are both its own: 2 x 1 + 1 ping_wu = 3
    ("own-flower-each-seat-S", "123m 456m 789m 234p 55s | f2 s2 @5s seat=S", {"ping_wu": 1, "own_flower": 2}, 3),
    # four flowers: flower_set 2 replaces f1 of that series; s1 of the other series still counts 1; + 1 ping_wu = 4
    ("flower-set-replaces-own-of-that-series", "123m 456m 789m 234p 55s | f1 f2 f3 f4 s1 @5s",
     {"ping_wu": 1, "own_flower": 1, "flower_set": 2}, 4),
    # all eight: eight_flowers 8 replaces seven_flowers, flower_set and own_flower; 1 ping_wu + 8 + 1 self_drawn = 10
    ("eight-flowers-replaces-sets", "123m 456m 789m 234p 55s | f1 f2 f3 f4 s1 s2 s3 s4 @5s zimo",
     {"ping_wu": 1, "eight_flowers": 8, "self_drawn": 1}, 10),
    # seven bonus tiles on tiles that win on 5s: an ordinary win, no seven_flowers (issue 26); the flowers count as
    # flowers: 1 ping_wu + 2 flower_set (f1-f4, replaces own f1) + 1 own_flower (s1, seat E) = 4
    ("seven-bonus-tiles-on-a-tile-win", "123m 456m 789m 234p 55s | f1 f2 f3 f4 s1 s2 s3 @5s",
     {"ping_wu": 1, "own_flower": 1, "flower_set": 2}, 4),
    # 7 full_flush + 3 all_pungs + 1 no_flowers + 1 self_drawn = 12 raw, total capped at the limit 10
    ("cap", "111m 333m 555m 99m [777m] @9m zimo",
     {"full_flush": 7, "all_pungs": 3, "no_flowers": 1, "self_drawn": 1}, 10),
    # the pung completed by the discard: 3 all_pungs + 1 no_flowers = 4 (no limit)
    ("four-concealed-pungs-discard-on-pung", "111m 222p 333s 444s 55s @4s", {"all_pungs": 3, "no_flowers": 1}, 4),
    # a win on a flower's replacement tile adds nothing in hk: 1 ping_wu + 1 self_drawn = 2 (f3 is not seat E's)
    ("flower-replacement-adds-nothing", "123m 456m 789m 234p 55s | f3 @5s zimo bonus-replacement",
     {"ping_wu": 1, "self_drawn": 1}, 2),
    # a kong replacement does: 1 no_flowers + 1 self_drawn + 1 kong_replacement = 3 (the kong spoils ping_wu)
    ("kong-replacement-adds-one", "123m 456m 789m 55s [2222p] @5s zimo kong-replacement",
     {"no_flowers": 1, "self_drawn": 1, "kong_replacement": 1}, 3),
    # a concealed kong is not claimed: the limit stands
    ("four-concealed-pungs-concealed-kong", "111m 222p 333s 55s (4444s) @5s", {"four_concealed_pungs": 10}, 10),
]


@pytest.mark.parametrize("hand,expected,total", [w[1:] for w in WORKED], ids=[w[0] for w in WORKED])
def test_worked_total(hand, expected, total):
    res = score(hand)
    assert {p.id: p.points for p in res.patterns} == expected
    assert res.total == total
    assert res.raw == sum(expected.values())


def test_cap_keeps_raw():
    res = score("111m 333m 555m 99m [777m] @9m zimo")
    assert (res.raw, res.total, res.limit_hand) == (12, HK.limit, False)
    assert res.total == HK.limit


# --- limit hands add nothing --------------------------------------------------------------------------------------

LIMITS = [(p.id, p.example) for p in HK.patterns if p.limit]


@pytest.mark.parametrize("pid,hand", LIMITS, ids=[p for p, _ in LIMITS])
def test_limit_hand_adds_nothing(pid, hand):
    res = score(hand)
    assert res.limit_hand
    assert res.total == res.raw == HK.limit
    assert all(p.id in {q.id for q in HK.patterns if q.limit} for p in res.patterns), ids_of(res)


def test_nine_gates_does_not_add_full_flush_or_self_drawn():
    res = score("11123455678999m @5m zimo")
    assert ids_of(res) == ["nine_gates"]
    assert res.total == res.raw == 10


# --- best reading -------------------------------------------------------------------------------------------------

BEST = [
    # 111222333m read as three chows 123m gives Ping Wu (1 + 1 no_flowers = 2);
    # read as three pungs it gives nothing (1): the chows win
    ("chows-beat-pungs", "111222333m 456p 99p @9p", "ping_wu", 2),
    # with a fourth pung 444p, the pungs read all concealed with the discard on the pair: the limit (10)
    # beats the chow reading (0 + 1 no_flowers)
    ("pungs-beat-chows", "111222333m 444p 99p @9p", "four_concealed_pungs", 10),
    # 222333444m as pungs (with the chow 678m: not all pungs) is 7 full_flush + 1 no_flowers = 8;
    # as three chows 234m it adds ping_wu: 7 + 1 + 1 = 9
    ("full-flush-chow-reading", "222333444m 678m 55m @5m", "ping_wu", 9),
]


@pytest.mark.parametrize("hand,pid,total", [b[1:] for b in BEST], ids=[b[0] for b in BEST])
def test_best_reading_is_kept(hand, pid, total):
    res = score_line(hand, HK, all_readings=True)
    assert pid in ids_of(res)
    assert res.total == total
    assert len(res.alternatives) >= 2, "the hand should read at least two ways"
    assert res.total == max(a.total for a in res.alternatives)


# --- seven and eight flowers win whatever the tiles ---------------------------------------------------------------

FLOWER_WINS = [
    # 14 tiles that are not a win, seven flowers: 3 (the minimum)
    ("seven-14-not-winning", "123m 456m 789m 235p 58s | f1 f2 f3 f4 s1 s2 s3 @5s", "seven_flowers", 3),
    # eight flowers: 8
    ("eight-14-not-winning", "123m 456m 789m 235p 58s | f1 f2 f3 f4 s1 s2 s3 s4 @5s", "eight_flowers", 8),
    # a 13-tile hand with all eight flowers still wins
    ("eight-13-tiles", "123m 456m 789m 235p 5s | f1 f2 f3 f4 s1 s2 s3 s4 @5s", "eight_flowers", 8),
]


@pytest.mark.parametrize("hand,pid,total", [f[1:] for f in FLOWER_WINS], ids=[f[0] for f in FLOWER_WINS])
def test_flowers_win_whatever_the_tiles(hand, pid, total):
    res = score(hand)
    assert res.winning
    assert ids_of(res) == [pid]
    assert res.total == total


def test_six_flowers_and_no_win_is_not_a_win():
    res = score("123m 456m 789m 235p 58s | f1 f2 f3 f4 s1 s2 @5s")
    assert not res.winning
    assert res.patterns == [] and res.total == 0


# --- four concealed pungs on a discard ----------------------------------------------------------------------------

FOUR_CONCEALED = [
    ("discard-completes-pair", "111m 222p 333s 444s 55s @5s", True),
    ("discard-completes-pung", "111m 222p 333s 444s 55s @4s", False),
    ("self-drawn-pung", "111m 222p 333s 444s 55s @4s zimo", True),
    ("self-drawn-pair", "111m 222p 333s 444s 55s @5s zimo", True),
    ("one-pung-claimed", "111m 222p 333s 55s [444s] @5s", False),
    ("one-kong-added", "111m 222p 333s 55s {4444s} @5s", False),
]


@pytest.mark.parametrize("hand,limit", [f[1:] for f in FOUR_CONCEALED], ids=[f[0] for f in FOUR_CONCEALED])
def test_four_concealed_pungs_condition(hand, limit):
    res = score(hand)
    assert ("four_concealed_pungs" in ids_of(res)) is limit
    assert res.limit_hand is limit
    if not limit:
        assert "all_pungs" in ids_of(res)


# --- wait agrees with score: every tile that would win, and its two totals ----------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from mjcli.mahjong.scoring import score as score_hand  # noqa: E402
from mjcli.mahjong.tiles import format_tiles, parse_hand, tile_code  # noqa: E402
from mjcli.mahjong.waits import wait  # noqa: E402


@st.composite
def ready_hands(draw):
    """13 concealed tiles (maybe with one claimed pong) that were a win before one tile was taken out."""
    while True:
        tiles = []
        for _ in range(4):
            if draw(st.booleans()):
                t = draw(st.sampled_from([s * 9 + n for s in range(3) for n in range(7)]))
                tiles += [t, t + 1, t + 2]
            else:
                tiles += [draw(st.integers(0, 33))] * 3
        tiles += [draw(st.integers(0, 33))] * 2
        if max(tiles.count(t) for t in tiles) <= 4:
            break
    tiles.remove(draw(st.sampled_from(tiles)))
    return format_tiles(tiles) + draw(st.sampled_from(["", " | f1", " seat=S round=S"]))


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(ready_hands())
def test_wait_matches_brute_force(text):
    _check_wait(text)


@pytest.mark.parametrize("text", ["19m 19p 19s ESWNPFC", "1112345678999m", "11112233m 123p EE",
                                  "123m 456m 78m 55s [2222p]", "EEE SSS WWW NN 12p"],
                         ids=["thirteen-sided", "nine-gates", "fifth-copy-left-out", "with-kong", "small-winds"])
def test_wait_matches_brute_force_fixed(text):
    _check_wait(text)


def _check_wait(text):
    hand = parse_hand(text)
    seen = hand.visible_counts()
    expected = []
    for t in range(34):
        if seen[t] == 4:
            continue
        on_discard = score_hand(hand.with_tile(t, self_drawn=False), HK)
        if on_discard.winning:
            drawn = score_hand(hand.with_tile(t, self_drawn=True), HK)
            expected.append((tile_code(t), 4 - seen[t], on_discard.total, drawn.total))
    got = [(w["tile"], w["left"], w["discard"], w["self_drawn"]) for w in wait(hand, HK).waits]
    assert got == expected
