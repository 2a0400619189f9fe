"""Hand.counts() reads the suit keys a suit at a time (speed, issue 29): the same counts as counting the tiles,
on any hand the parser makes, eight or more of a kind (which overflow a key's place) included."""

import random

from mjcli.mahjong.tiles import parse_hand


def naive(hand):
    c = [0] * 34
    for t in hand.concealed:
        c[t] += 1
    return c


def test_counts_match_the_tiles():
    rng = random.Random(29)
    for _ in range(2000):
        tiles = sorted(rng.randrange(34) for _ in range(rng.randrange(1, 15)))
        text = " ".join(f"{t % 9 + 1}{'mps'[t // 9]}" if t < 27 else "ESWNPFC"[t - 27] for t in tiles)
        hand = parse_hand(text)
        assert hand.counts() == naive(hand), text


def test_eight_of_a_kind_is_counted_as_eight():
    for text in ("11111111m 123p 55s", "EEEEEEEE 55s", "99999999s 11m", "CCCCCCCCC"):
        hand = parse_hand(text)
        assert hand.counts() == naive(hand)
        assert max(hand.counts()) >= 8


def test_counts_is_a_new_list():
    hand = parse_hand("123m 456m 789m 123p 55p")
    c = hand.counts()
    c[0] = 99
    assert hand.counts()[0] == 1


def test_a_hand_made_from_anothers_fields_reads_its_own_counts():
    # wait makes each winning hand from the 13 tiles' fields, its own tiles and suit keys put in (waits.py): the
    # counts kept on the 13-tile hand are not the 14-tile hand's
    from mjcli.mahjong.tiles import PLACE_INC, SUIT_OF, Hand, hand_keys

    h13 = parse_hand("123m 456m 789m 123p 5p")
    before = h13.counts()
    fields = h13.__dict__.copy()
    keys = list(hand_keys(h13))
    keys[SUIT_OF[13]] += PLACE_INC[13]
    fields["concealed"], fields["win"], fields["_keys"] = tuple(sorted(h13.concealed + (13,))), 13, tuple(keys)
    h14 = object.__new__(Hand)
    h14.__dict__.update(fields)
    assert h14.counts() == naive(h14) != before
