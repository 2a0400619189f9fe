"""A suit with no Fei is split from memoised sub-shapes (decompose._plain_splits, speed, issue 15): the splits
are those of the general search (suit_splits), in the same order, for every third complete suit shape (of
21,743 with chows, 498 of honours) and for shapes one tile over (which split into nothing or into sets with a tile left: none)."""

from __future__ import annotations

import pytest

from mjcli.mahjong import decompose as D
from mjcli.mahjong import jokers as JK
from mjcli.mahjong import suits as SU


@pytest.mark.parametrize("suit,chows", [(0, True), (3, False)])
def test_complete_shapes_split_as_the_general_search(suit, chows):
    D._PLAIN.clear()
    keys = list(SU.complete_table(chows))
    assert len(keys) in (21_743, 498)
    keys = keys[::3]
    near = [k + (1 << 3 * i) for k in keys[::8] for i in range(SU.SUIT_LEN[suit]) if SU._fits(k + (1 << 3 * i))]
    for k in keys + near:
        counts = tuple((k >> 3 * i) & 7 for i in range(SU.SUIT_LEN[suit]))
        assert D._suit_splits_key(k, suit, 0, None) == JK.suit_splits(counts, chows, 0, None), oct(k)


def test_a_shape_with_two_ways_is_listed_once():
    # 111222333: three pongs or three alike chows; 11122233 + an eye place: both readings, once each
    splits = D._suit_splits_key(0o333, 0, 0, None)
    assert len(splits) == len(set(splits)) == 2


def test_splits_from_the_shared_relative_splits_equal_the_general_search():
    """A suit with no Fei is split once for m, p and s (places relative), then given its tiles: the same
    splits, in the same order, as the general search gives each suit (every other complete shape a suit, the
    other half in the next suit)."""
    for s in range(4):
        base = SU.SUIT_BASE[s]
        for k in [k for k, m in SU.complete_table(SU.SUIT_CHOWS[s]).items() if m][s % 2::2]:  # every other shape
            want = tuple(
                (u, None if e is None else base + e, ej,
                 tuple(sorted(((kind, base + t, j) for kind, t, j in ss), key=lambda x: (x[1], x[0], x[2]))))
                for u, e, ej, ss in JK.suit_splits(tuple((k >> 3 * i) & 7 for i in range(SU.SUIT_LEN[s])),
                                                  SU.SUIT_CHOWS[s], 0, None))
            assert D._splits_abs(s, k, 0) == want, (s, oct(k))


def test_the_readings_of_a_hand_with_no_fei_are_the_general_ones():
    """readings() of a hand with no Fei has a path of its own (decompose._plain_readings, speed, issue 15):
    the same readings, in the same order, as the general search's splits a suit combined and each place of
    the winning tile taken (decompose._place_win), on random complete hands with alike sets."""
    import random
    from itertools import product

    from mjcli.mahjong.tiles import hand_keys, make_hand

    rng = random.Random("plain-readings")
    checked = 0
    for _ in range(3000):
        tiles = []
        for _ in range(4):
            t = rng.choice([0, 1, 5, 9, 10, 18, 24, 27, 31])
            tiles += [t, t + 1, t + 2] if t < 27 and t % 9 < 7 and rng.random() < 0.6 else [t] * 3
        tiles += [rng.choice([0, 2, 9, 13, 27])] * 2
        if any(tiles.count(t) > 4 for t in tiles):
            continue
        win = rng.choice(tiles)
        h = make_hand(tuple(sorted(tiles)), 0, (), (), win, False, "E", "E", frozenset())
        per_suit = []
        for s, key in enumerate(hand_keys(h)):
            if key:
                counts = tuple((key >> 3 * i) & 7 for i in range(SU.SUIT_LEN[s]))
                base = SU.SUIT_BASE[s]
                per_suit.append([(e if e is None else base + e,
                                  tuple(sorted(((k, base + t, j) for k, t, j in ss), key=lambda x: (x[1], x[0], x[2]))))
                                 for _, e, _, ss in JK.suit_splits(counts, SU.SUIT_CHOWS[s], 0, None)])
        want = []
        for combo in product(*per_suit):
            eyes = [e for e, _ in combo if e is not None]
            if len(eyes) == 1:
                D._place_win(want, h, tuple(st for _, ss in combo for st in ss), eyes[0], 0)
        assert D.readings(h, list(range(34)), False) == want, tiles
        checked += bool(want)
    assert checked > 1000
