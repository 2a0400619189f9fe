"""Malaysian 3 Kaki patterns: each one has it / nearly has it; Fei in readings; seats; Kang Kang Hu."""

import itertools
import random

import pytest

from mjcli.mahjong import decompose
from mjcli.api import score_line
from mjcli.mahjong.scoring import evaluate
from mjcli.mahjong.tiles import JOKER, parse_hand, tile_code, variant_tiles
from mjcli.variant import load_builtin

MY3 = load_builtin("my3")


def ids_of(text):
    res = score_line(text, MY3)
    assert res.ok, res.error and res.error.message
    return {p.id: p.points for p in res.patterns}


# (pattern, hand that has it, hand that nearly has it). Every non-limit hand holds a bonus tile,
# or it would be the no_bonus limit hand and score nothing else.
CASES = [
    ("full_flush", "123p 345p 567p 789p 99p | f2 @9p", "123p 345p 567p 789p EE | f2 @E"),
    ("half_flush", "123p 456p 789p WWW SS | cat @S", "EEE SSS WWW PPP FF | cat @F"),
    ("all_chows", "123p 234p 456p 678p 99p | cat @9p", "123p 234p 456p 678p EE | cat @E"),
    ("all_chows", "123p 234p 456p 678p 9pJ | cat @9p", "123p 234p 456p 999p 88p | cat @8p"),
    ("all_pongs", "111p 333p 555p 99p [SSS] | cat @9p", "111p 333p 567p 99p [SSS] | cat @9p"),
    ("small_dragons", "123p 456p PPP FFF CC | cat @C", "123p 456p PPP FFF 99p | cat @9p"),
    ("dragon_set", "123p 456p 789p CCC 11p | cat @1p", "123p 456p 789p 111p CC | cat @C"),
    ("east_set", "123p 456p 789p EEE 11p | f2 @1p seat=S", "123p 456p 789p SSS 11p | f2 @1p seat=S"),
    ("seat_wind", "123p 456p 789p SSS 11p | f2 @1p seat=S", "123p 456p 789p SSS 11p | f3 @1p seat=W"),
    ("seat_wind", "123p 456p 789p WWW 11p | f3 @1p seat=W", "123p 456p 789p 111p WW | f3 @W seat=W"),
    ("north_set", "123p 456p 789p NNN 11p | cat @1p", "123p 456p 789p 111p NN | cat @N"),
    ("animal", "123p 456p 789p EEE 11p | cat rooster @1p", "123p 456p 789p EEE 11p | f2 @1p"),
    ("face", "123p 456p 789p EEE 11p | face face @1p", "123p 456p 789p EEE 11p | cat @1p"),
    ("own_flower", "123p 456p 789p EEE 11p | f2 s2 @1p seat=S", "123p 456p 789p EEE 11p | f1 s3 @1p seat=S"),
    ("own_flower", "123p 456p 789p EEE 11p | s3 @1p seat=W", "123p 456p 789p EEE 11p | s2 @1p seat=W"),
    ("flower_four", "123p 456p 789p EEE 11p | f4 s4 @1p seat=W", "123p 456p 789p EEE 11p | f3 @1p seat=S"),
    ("drowned_fei", "123p 456p 789p EEE 11p | J cat @1p", "123p 456p 789p EEE 1pJ | cat @1p"),
    ("flower_set", "123p 456p 789p EEE 11p | s1 s2 s3 s4 @1p", "123p 456p 789p EEE 11p | s1 s2 s3 f4 @1p"),
    ("bonus_replacement", "123p 456p 789p EEE 11p | J @1p zimo bonus-replacement",
     "123p 456p 789p EEE 11p | J @1p zimo"),
    ("kong_replacement", "123p 456p EEE 11p [9999p] | cat @1p zimo kong-replacement",
     "123p 456p EEE 11p [9999p] | cat @1p zimo"),
    ("rob_kong", "123p 456p 789p EEE 11p | cat @3p rob-kong", "123p 456p 789p EEE 11p | cat @3p"),
    # limit hands
    ("no_bonus", "123p 456p 789p EEE 11p @1p", "123p 456p 789p EEE 11p | f2 @1p"),
    ("no_bonus", "123p 456p 789p EEE 11p @1p seat=S", "123p 456p 789p EEE 11p | J @1p seat=S"),
    ("all_bonus", "123p 456p 789p EEE 11p | f1 f2 f3 f4 s1 s2 s3 s4 cat mouse rooster centipede face face face face",
     "123p 456p 789p EEE 11p | f1 f2 f3 f4 s1 s2 s3 s4 cat mouse rooster centipede face face face"),
    ("four_fei", "123p 456p 789p E JJJJ @E", "123p 456p 789p EE JJJ @E"),
    ("four_fei", "13579p 2468p ESW PF | J J J J", "13579p 2468p ESW PF | J J J cat"),
    ("four_fei", "123p 789p 11p [55Jp] [4J6p] | J J", "123p 789p 11p [55Jp] [456p] | J J"),
    ("big_dragons", "123p 55p PPP FFF CCC | cat @5p", "123p 456p PPP FFF CC | cat @C"),
    ("big_dragons", "123p 55p PPP FFJ CCC | cat @5p", "123p 55p PPP FFJ CC9p | cat @5p"),
    ("big_winds", "EEE SSS WWW NNN 55p | cat @5p", "EEE SSS WWW NN 123p | cat @3p"),
    ("small_winds", "EEE SSS WWW NN 123p | cat @3p", "EEE SSS WW NN 123p 4p | cat @3p"),
    ("all_honours", "EEE SSS PPP FFF CC | cat @C", "EEE SSS PPP FFF 11p | cat @1p"),
    ("four_concealed_pongs", "111p 333p 555p 77p 999p | cat @9p", "111p 333p 555p 999p 77p | cat @7p"),
    ("nine_gates", "11123455678999p | cat @5p", "1112345678999p J | cat @J zimo"),
    ("four_kongs", "55p (1111p) (2222p) [3333p] {4444p} | cat @5p", "55p (1111p) (2222p) [3333p] [444p] | cat @5p"),
    ("last_tile", "123p 456p 789p EEE 11p | cat @1p zimo last-tile", "123p 456p 789p EEE 11p | cat @1p zimo"),
    ("last_discard", "123p 456p 789p EEE 11p | cat @1p last-discard", "123p 456p 789p EEE 11p | cat @1p"),
    ("heavenly", "123p 456p 789p EEE 11p | cat @1p zimo heavenly", "123p 456p 789p EEE 11p | cat @1p zimo"),
    ("earthly", "123p 456p 789p EEE 11p | cat @1p earthly seat=S", "123p 456p 789p EEE 11p | cat @1p seat=S"),
    ("kong_on_kong", "123p 456p 99p [EEEE] [SSSS] | cat @9p zimo kong-on-kong",
     "123p 456p 99p [EEEE] [SSSS] | cat @9p zimo kong-replacement"),
]


def test_every_pattern_of_the_table_is_covered():
    assert {p.id for p in MY3.patterns} == {c[0] for c in CASES}


@pytest.mark.parametrize("pid,has,nearly", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_has_it(pid, has, nearly):
    assert pid in ids_of(has)


@pytest.mark.parametrize("pid,has,nearly", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_nearly_has_it(pid, has, nearly):
    assert pid not in ids_of(nearly)


def test_variant_shape():
    assert (MY3.unit, MY3.minimum, MY3.limit) == ("fan", 5, 10)
    assert MY3.seats == ("E", "S", "W") and MY3.rounds == ("E",)
    assert MY3.tiles.suits == ("p",) and MY3.tiles.jokers == 4
    assert set(MY3.tiles.bonus) == {"flower", "season", "animal", "face"}
    for p in MY3.patterns:
        assert set(p.names) >= {"en", "ms", "ta", "zh"}, p.id
        assert p.description, p.id


# Exact totals: the values of RULES.md added up by hand.
TOTALS = [
    # half_flush 1 + east_set 1 + seat_wind 1 (East seat: both) + animal 2 = 5
    ("east-seat-scores-both", "123p 456p 789p EEE 11p | cat mouse @1p", 5),
    # half_flush 1 + small_dragons 3 + dragon_set 2 (on top, nothing replaced) + face 1 = 7
    ("small-dragons-on-top", "123p 456p PPP FFF CC | face @C", 7),
    # full_flush 3 + all_chows 1 + own_flower f1 s1 (E) 2 + flower_four f4 s4 2 + flower_set (flowers) 1 = 9
    ("flower-set-on-top-of-singles", "123p 345p 567p 789p 99p | f1 f2 f3 f4 s1 s4 @9p", 9),
    # the cap: full_flush 3 + all_pongs 2 + animals 4 + faces 2 = 11 -> 10 (raw kept)
    ("capped", "111p 333p 555p 99p [777p] | cat mouse rooster centipede face face @9p", 10),
    # drowned Fei 2 + half_flush 1 + north_set 1 + animal 1 = 5, and no no_bonus limit
    ("drowned-fei-is-a-bonus", "123p 456p 789p NNN 11p | J J cat @1p", 5),
]


@pytest.mark.parametrize("name,hand,total", TOTALS, ids=[t[0] for t in TOTALS])
def test_totals(name, hand, total):
    assert score_line(hand, MY3).total == total


def test_capped_keeps_raw():
    r = score_line("111p 333p 555p 99p [777p] | cat mouse rooster centipede face face @9p", MY3)
    assert (r.raw, r.total, r.limit_hand) == (11, 10, False)


def test_limit_hand_scores_the_limit_and_nothing_else():
    r = score_line("EEE SSS WWW NNN 55p | cat face @5p", MY3)
    assert [p.id for p in r.patterns] == ["big_winds"] and r.total == 10 and r.limit_hand


def test_four_fei_wins_alone_whatever_the_tiles():
    r = score_line("13579p 2468p ESW PF | J J J J", MY3)
    assert r.winning and r.total == 10 and r.meets_minimum


# --- seats --------------------------------------------------------------------

BAD = [
    ("seat-north", "123p 456p 789p EEE 11p | cat seat=N", "seat=N is not played in my3"),
    ("round-south", "123p 456p 789p EEE 11p | cat round=S", "round=S is not played in my3"),
    ("wan-suit", "123m 456p 789p EEE 11p | cat", "tile 1m is not in the my3 set"),
    ("fei-in-kong", "(55JJp) 123p 789p 11p 456p", "a kong never holds a Fei"),
    ("fei-in-shown-kong", "[555Jp] 123p 789p 11p 456p", "a kong never holds a Fei"),
    ("two-fei-in-a-meld", "[5JJp] 123p 789p 11p 456p", "holds 2 Fei"),
    ("five-fei", "123p 456p 789p E JJJJ | J", "5 Fei"),
]


@pytest.mark.parametrize("name,hand,msg", BAD, ids=[b[0] for b in BAD])
def test_refused(name, hand, msg):
    r = score_line(hand, MY3)
    assert not r.ok and msg in r.error.message


# --- Fei in the readings --------------------------------------------------------

FEI = [
    # the Fei must be a Red dragon: small dragons (3) + two dragon sets (2) + half flush (1) + cat (1)
    ("fei-is-a-dragon", "123p 456p PPP FF CC J | cat @C", 7, "small_dragons"),
    # the same Fei must be a 9p here: 111 333 555 EEE and the eye 9J (J=9):
    # half flush 1 + all pongs 2 + east set 1 + seat wind 1 + cat 1 = 6
    ("fei-is-a-nine", "111p 333p 555p EEE 9pJ | cat @9p", 6, "all_pongs"),
    # J=9p makes the eye 99 Tong and all chows: full flush 3 + all chows 1 + cat 1
    ("fei-half-eye-tong", "123p 234p 456p 678p 9pJ | cat @9p", 5, "all_chows"),
    # an eye of two Fei stands for a Tong pair: full flush 3 + all chows 1 + cat 1
    ("fei-whole-eye", "123p 234p 456p 678p JJ | cat @J zimo", 5, "all_chows"),
    # two Fei in one pong: 5JJ is 555 -> full flush 3 + all pongs 2 + cat 1
    ("two-fei-in-a-pong", "111p 333p 5pJJ 99p [777p] | cat @9p", 6, "all_pongs"),
    # two Fei in one chow: 1JJ is 123
    ("two-fei-in-a-chow", "1pJJ 234p 456p 678p 99p | cat @9p", 5, "all_chows"),
    # shown melds with one Fei: [55Jp] is a pong, [4J6p] a chow
    ("shown-fei-pong", "111p 333p 99p 777p [55Jp] | cat @9p", 6, "all_pongs"),
    ("shown-fei-chow", "123p 234p 99p 678p [4J6p] | cat @9p", 5, "all_chows"),
    # a Fei drawn to complete a dragon pong for big dragons
    ("fei-completes-big-dragons", "123p 55p PPP FFF CC J | cat @J zimo", 10, "big_dragons"),
]


@pytest.mark.parametrize("name,hand,total,pid", FEI, ids=[f[0] for f in FEI])
def test_fei_readings(name, hand, total, pid):
    r = score_line(hand, MY3)
    assert pid in [p.id for p in r.patterns], r.reading
    assert r.total == total


def test_same_fei_different_tiles():
    """One Fei, two hands: in one it must be a dragon, in the other a 9p, for the best value."""
    a = score_line("123p 456p PPP FF CC J | cat @C", MY3)
    b = score_line("111p 333p 555p EEE 9pJ | cat @9p", MY3)
    assert "CCC~J" in a.reading or "FFF~J" in a.reading
    assert "99p~J" in b.reading


# --- Kang Kang Hu (four_concealed_pongs, win_tile: pong) ------------------------

KANG = [
    ("shanpon-discard-completes-pong", "111p 333p 555p 77p 999p | cat @9p", True),
    ("shanpon-self-drawn", "111p 333p 555p 77p 999p | cat @9p zimo", True),
    ("single-wait-on-eye-discard", "111p 333p 555p 999p 77p | cat @7p", False),
    ("single-wait-on-eye-self-drawn", "111p 333p 555p 999p 77p | cat @7p zimo", False),
    ("fei-pong-completed-by-win", "111p 333p 55pJ 77p 999p | cat @9p", True),
    ("eye-of-fei-and-win-tile", "111p 333p 555p 999p 7pJ | cat @7p", False),
    ("a-claimed-pong-spoils-it", "111p 333p 77p 999p [555p] | cat @9p", False),
]


@pytest.mark.parametrize("name,hand,yes", KANG, ids=[k[0] for k in KANG])
def test_kang_kang_hu(name, hand, yes):
    assert ("four_concealed_pongs" in ids_of(hand)) is yes


def test_kang_kang_hu_on_a_drawn_fei():
    # 13 tiles 111 333 555 77 99 wait on 7 or 9 (shanpon); a drawn Fei stands for either and completes a pong
    assert "four_concealed_pongs" in ids_of("111p 333p 555p 77p 99p J | cat @J zimo")


# --- the Fei stands for whatever scores most: checked against every substitution -------

MY3_TILES = variant_tiles(MY3)


def _best_total(hand):
    """Slow and obvious: the best total over every reading of a hand with no free Fei."""
    rs = decompose.readings(hand, MY3_TILES, False)
    if not rs:
        return None
    return max(evaluate(hand, MY3, r).total for r in rs)


def _random_fei_hand(rng):
    """A complete 14-tile my3 hand (sets + eye), then one or two of its tiles turned into Fei."""
    while True:
        tiles = []
        for _ in range(4):
            if rng.random() < 0.6:
                s = rng.randrange(9, 16)
                tiles += [s, s + 1, s + 2]
            else:
                tiles += [rng.choice(MY3_TILES)] * 3
        tiles += [rng.choice(MY3_TILES)] * 2
        if max(tiles.count(t) for t in set(tiles)) > 4:
            continue
        win = rng.randrange(14)
        order = list(range(14))
        order.remove(win)
        fei = rng.sample(order, rng.choice((1, 2)))
        parts = [tile_code(t) for i, t in enumerate(tiles) if i not in fei]
        text = " ".join(parts) + " " + "J" * len(fei)
        bonus = rng.choice(["cat", "f2", "face mouse", "J", "s4 f1"])
        if bonus == "J" and len(fei) == 2:
            bonus = "cat"
        return f"{text} | {bonus} @{tile_code(tiles[win])}" + (" zimo" if rng.random() < 0.3 else "")


def test_fei_scores_as_the_best_substitution():
    rng = random.Random(4)
    checked = 0
    for _ in range(60):
        text = _random_fei_hand(rng)
        hand = parse_hand(text)
        res = score_line(text, MY3)
        assert res.ok, (text, res.error)
        best = None
        for subs in itertools.combinations_with_replacement(MY3_TILES, hand.jokers):
            real = tuple(sorted(hand.concealed + subs))
            if any(real.count(t) + sum(m.tiles.count(t) for m in hand.melds) > 4 for t in subs):
                continue  # a Fei never stands for a fifth copy
            h = hand.__class__(real, 0, hand.melds, hand.bonus, hand.win, hand.self_drawn, hand.seat, hand.round,
                               hand.flags)
            t = _best_total(h)
            if t is not None and "nine_gates" not in [p.id for r in decompose.readings(h, MY3_TILES, False)
                                                       for p in evaluate(h, MY3, r).patterns]:
                best = t if best is None else max(best, t)
        assert res.winning and res.total == best, (text, res.reading, res.total, best)
        checked += 1
    assert checked == 60


def test_fei_never_alone_in_a_set():
    # three Fei and 11 real tiles: JJJ can never be a pong on its own, but Fei can join the eye and a pair
    r = score_line("123p 456p 789p 11p JJJ | cat @1p", MY3)
    assert r.winning and "JJJ" not in r.reading
    for kind, t, j in decompose.readings(parse_hand("123p 456p 789p 11p JJJ"), MY3_TILES, False)[0].sets:
        assert j <= 2


def test_joker_constant_is_the_fei():
    assert parse_hand("123p 456p 789p EEE 1pJ").jokers == 1 and JOKER == 34
