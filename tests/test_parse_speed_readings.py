"""The readings of a hand with no Fei are kept by what they are made of (decompose._KEPT_READINGS, speed, issue 29):
a hand read from the memo has the readings, in the order, that the hand read afresh has, at every table's shape."""

from __future__ import annotations

import random

import pytest

from mjcli.mahjong import decompose as D
from mjcli.mahjong.shape import FOUR_SETS, STANDARD
from mjcli.mahjong.tiles import Meld, PONG, make_hand, parse_hand
from mjcli.variant import load_builtin


def _fresh(hand, hs) -> list:
    """The readings as made before the memo: the plain splits, then the special shapes."""
    out: list = []
    if len(hand.concealed) == 3 * (hs.sets - len(hand.melds)) + 2:
        D._plain_readings(hand, out)
    if hs.special:
        D._special_readings(hand, hs, 0, out)
    return out


def _shapes():
    return [STANDARD, FOUR_SETS] + [load_builtin(v).hand for v in ("mcr", "tw")]


def _random_hands(rng, n):
    """Complete and nearly complete hands, near the special shapes too (seven pairs with a single, orphans with a
    simple, knitted tiles with one missing), some with shown melds."""
    knit = [0, 3, 6, 10, 13, 16, 20, 23, 26]
    orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
    for _ in range(n):
        kind = rng.randrange(5)
        if kind == 0:
            tiles = []
            for _ in range(4):
                t = rng.choice([0, 1, 5, 9, 10, 18, 24, 27, 31])
                tiles += [t, t + 1, t + 2] if t < 27 and t % 9 < 7 and rng.random() < 0.6 else [t] * 3
            tiles += [rng.choice([0, 2, 9, 13, 27])] * 2
        elif kind == 1:
            tiles = [t for t in rng.sample(range(34), 7) for _ in range(2)]
        elif kind == 2:
            tiles = orphans + [rng.choice(orphans + [4])]
        elif kind == 3:
            tiles = knit + [27, 27, 28, 28, 28]
        else:
            tiles = knit + rng.sample(range(27, 34), 5)
        if rng.random() < 0.3:
            tiles[rng.randrange(len(tiles))] = rng.randrange(34)
        tiles.sort()
        melds = ()
        if rng.random() < 0.3:
            cut = rng.choice([3, 6])
            melds = tuple(Meld(PONG, (t, t, t)) for t in rng.sample(range(34), cut // 3))
            tiles = tiles[cut:]
        if any(tiles.count(t) > 4 for t in tiles):
            continue
        yield make_hand(tuple(tiles), 0, melds, (), rng.choice(tiles), False, "E", "E", frozenset())


def test_readings_from_the_memo_are_the_readings_made_afresh():
    rng = random.Random("kept-readings")
    for hand in _random_hands(rng, 2000):
        for hs in _shapes():
            want = _fresh(hand, hs)
            first = D.readings(hand, None, hs)
            again = D.readings(make_hand(hand.concealed, 0, hand.melds, (), hand.win, False, "E", "E",
                                         frozenset()), None, hs)
            assert first == want and again == want, (hand, hs)


@pytest.mark.parametrize("line", ["19m 19p 19s ESWNPFCC @C", "22446688m 2244p 66s @6s", "1199m 1199p 1199s EE @E",
                                  "147m 258p 369s EEE 11s @1s", "147m 258p 36s ESWNPFC @E", "11223344556677p @7p",
                                  "147m 258p 369s EE [123m] @E", "1111222233334444m 55p @5p"])
def test_the_memo_answers_the_special_shapes_as_before(line):
    hs = load_builtin("mcr").hand
    hand = parse_hand(line)
    assert D.readings(hand, None, hs) == _fresh(hand, hs)
    assert D.readings(parse_hand(line), None, hs) == _fresh(hand, hs)


def test_a_list_of_its_own_each_call():
    hand = parse_hand("123m 456m 789m 234p 55s @5s")
    first = D.readings(hand, None, STANDARD)
    first.append(None)
    assert None not in D.readings(hand, None, STANDARD)


def test_eight_alike_is_kept_apart_from_the_tiles_its_suit_key_would_read_as():
    # eight of a kind overflow a place of a suit key (0o10 is also one tile a place up): the memo is keyed by the
    # tiles themselves
    eight = make_hand((0,) * 8 + (9, 9, 9, 10, 10, 10), 0, (), (), 9, False, "E", "E", frozenset())
    other = make_hand((1,) + (9, 9, 9, 10, 10, 10), 0, (), (), 9, False, "E", "E", frozenset())
    for hs in _shapes():
        assert D.readings(eight, None, hs) == _fresh(eight, hs)
        assert D.readings(other, None, hs) == _fresh(other, hs)


def test_the_knitted_quick_test_turns_away_only_what_no_knitted_straight_holds():
    # the quick test looks at the characters first (speed, issue 29): the same answer as all six straights' tiles
    from mjcli.mahjong import shape as S
    from mjcli.mahjong.suits import held_places

    rng = random.Random("knitted-quick")
    held = 0
    for _ in range(20000):
        keys = [sum(rng.choice([0, 0, 1, 1, 2, 3, 4]) << 3 * i for i in range(9)) for _ in range(3)] + [0]
        m, p, s = (held_places(k) for k in keys[:3])
        want = any(m & bm == bm and p & bp == bp and s & bs == bs for bm, bp, bs in S._KNIT_BITS)
        assert S._knitted_quick(keys) == want, keys
        held += want
    assert held > 1000
