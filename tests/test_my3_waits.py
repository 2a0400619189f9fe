"""my3 waits with Fei, checked against a slow brute force; the drowned-Fei hint."""

import functools
import itertools
import random

import pytest

from mjcli.api import wait_line
from mjcli.mahjong.tiles import JOKER, Meld, parse_hand, tile_code, variant_tiles
from mjcli.variant import load_builtin
from mjcli.mahjong.waits import waiting_tiles

MY3 = load_builtin("my3")
KINDS = variant_tiles(MY3)  # 1p-9p and the seven honours


# --- a slow, obviously correct checker --------------------------------------------


@functools.lru_cache(maxsize=None)
def complete(counts: tuple) -> bool:
    """Real tiles only: do these counts split into sets (pong, chow of one suit) and exactly one eye?"""
    total = sum(counts)
    if total % 3 != 2:
        return False

    def rec(c, eye):
        i = next((k for k, n in enumerate(c) if n), None)
        if i is None:
            return eye
        c = list(c)
        if not eye and c[i] >= 2:
            c[i] -= 2
            if rec(tuple(c), True):
                return True
            c[i] += 2
        if c[i] >= 3:
            c[i] -= 3
            if rec(tuple(c), eye):
                return True
            c[i] += 3
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            if rec(tuple(c), eye):
                return True
        return False

    return rec(counts, False)


def brute_waits(hand) -> set:
    """Every Fei is replaced by every tile (and the drawn tile tried as every tile and as a Fei).

    A 13-tile hand with k free Fei plus one drawn tile is 14 tiles with k+1 "places": the drawn real
    tile t and k Fei. So enumerate every multiset M of k+1 tiles that completes the real tiles: every
    t in M (not already four times in sight) is a wait, the other k tiles of M being what the Fei stand
    for; and a drawn Fei wins if any M completes (all k+1 places are Fei), while a Fei is still unseen.
    With at most three Fei a set made only of Fei is never needed (XX eye + J pong, JJ eye does the same),
    so substitution is exactly the rule "every set keeps a real tile". A multiset that would make a fifth
    copy of a tile (counting the shown melds, the drawn tile and the Fei) is not tried: a Fei stands for
    a real tile, and four is all the set has.
    """
    base = [0] * 34
    for t in hand.concealed:
        base[t] += 1
    shown = [0] * 34
    for m in hand.melds:
        for t in m.tiles:
            shown[t] += 1
    visible = hand.visible_counts()
    out = set()
    for ms in itertools.combinations_with_replacement(KINDS, hand.jokers + 1):
        c = list(base)
        for t in ms:
            c[t] += 1
        if any(c[t] + shown[t] > 4 for t in ms):
            continue
        if complete(tuple(c)):
            out.update(t for t in ms if visible[t] < 4)
            if MY3.tiles.jokers - hand.jokers_total() > 0:
                out.add(JOKER)
    return out


# --- random ready hands ---------------------------------------------------------------


def random_ready(rng):
    """A complete 14-tile hand, 0-2 of its tiles turned into Fei, one tile taken away; sometimes a shown set."""
    while True:
        sets = []
        for _ in range(4):
            if rng.random() < 0.55:
                s = rng.randrange(9, 16)
                sets.append([s, s + 1, s + 2])
            else:
                sets.append([rng.choice(KINDS)] * 3)
        eye = [rng.choice(KINDS)] * 2
        flat = [t for s in sets for t in s] + eye
        if max(flat.count(t) for t in set(flat)) > 4:
            continue
        melds = ()
        if rng.random() < 0.2:
            shown = sets.pop()
            kind = "chow" if shown[0] != shown[1] else "pong"
            melds = (Meld(kind, tuple(shown)),)
        tiles = [t for s in sets for t in s] + eye
        rng.shuffle(tiles)
        k = rng.choice((0, 1, 1, 2, 2))
        concealed = tiles[k:]
        concealed.pop(rng.randrange(len(concealed)))  # the tile still to come
        parts = [tile_code(t) for t in concealed] + ["J"] * k + [m.text() for m in melds]
        return " ".join(parts) + " | cat"


def _hands(n, seed):
    rng = random.Random(seed)
    return [random_ready(rng) for _ in range(n)]


HANDS = _hands(300, 2026)


def test_the_random_hands_hold_fei():
    fei = [parse_hand(h).jokers for h in HANDS]
    assert {0, 1, 2} <= set(fei) and sum(1 for f in fei if f) > 150


@pytest.mark.parametrize("chunk", range(3), ids=[f"hands-{50 * i}-{50 * i + 49}" for i in range(3)])  # 150 of the 300
def test_waiting_tiles_match_brute_force(chunk):
    for text in HANDS[50 * chunk: 50 * chunk + 50]:
        hand = parse_hand(text)
        assert hand.size == 13, text
        got = set(waiting_tiles(hand, MY3))
        assert got == brute_waits(hand), (text, sorted(map(tile_code, got)), sorted(map(tile_code, brute_waits(hand))))


@pytest.mark.parametrize("text", HANDS[:40], ids=[f"wait-{i}" for i in range(40)])
def test_wait_command_lists_the_same_tiles(text):
    res = wait_line(text, MY3)
    assert res.ok and res.ready, text
    want = {tile_code(t) for t in brute_waits(parse_hand(text))}
    assert {w["tile"] for w in res.waits} == want
    for w in res.waits:
        if w["tile"] == "J":
            assert w["discard"] is None and w["self_drawn"] is not None  # a discarded Fei cannot be claimed
        assert "drown_fei_reaches_minimum" in w


# --- fixed hands ----------------------------------------------------------------------------

FIXED = [
    # (hand, the waits)
    ("123p 456p 789p EEE 1p | cat", ["1p", "4p", "7p", "J"]),
    ("123p 456p 789p EE 1pJ | cat", ["1p", "2p", "3p", "4p", "7p", "E", "J"]),
    # not E: EEE held, E with the Fei as the eye would make the Fei a fifth East
    ("123p 456p 789p EEE J | cat", ["1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
                                    "S", "W", "N", "P", "F", "C", "J"]),
    # not 6p: 46p with the Fei as 5p, but the four 5p are in the kong
    ("[5555p] 123p 789p EE 4p J | cat", ["1p", "2p", "3p", "4p", "E", "J"]),
    # all four Fei in sight: no Fei to draw, and four Fei (held or drowned) win whatever the tiles:
    # every tile with a copy unseen wins (the four_fei limit), as score prices it
    ("123p 456p 789p 1pJ NN | J J J", ["1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
                                        "E", "S", "W", "N", "P", "F", "C"]),
    # 1p four times in sight (a kong): not a wait even though the shape takes it
    ("23p 789p EE [1111p] [456p] | cat", ["4p", "J"]),
    ("23p 789p EE [111p] [456p] | cat", ["1p", "4p", "J"]),
]


@pytest.mark.parametrize("text,tiles", FIXED, ids=[f[0] for f in FIXED])
def test_fixed_waits(text, tiles):
    res = wait_line(text, MY3)
    got = [w["tile"] for w in res.waits]
    honours = dict(zip("ESWNPFC", ("1z", "2z", "3z", "4z", "5z", "6z", "7z")))
    assert got == [honours.get(t, t) for t in tiles]


# --- the drowned-Fei hint ----------------------------------------------------------------------

HINT = [
    # (hand, the waits a drowned Fei lifts to the minimum; every other wait is not flagged)
    # half flush 1 + east set 1 + seat wind 1 + cat 1 = 4 on 1p/4p/7p; one drowned Fei makes 5 = the minimum.
    # The J wait itself is never flagged: drowning that Fei means not winning on it.
    ("one-short", "123p 456p 789p EEE 1p | cat", {"1p", "4p", "7p"}),
    # East set 1 + half flush 1 + own flower f2 (seat S) 1 = 3: one drowned Fei makes 4, not enough
    ("two-short", "123p 456p 78p EEE 11p | f2 seat=S", set()),
    # no Fei left to draw (three drowned, one held): every win is the four_fei limit already
    ("no-fei-left", "123p 456p 789p 1pJ NN | J J J", set()),
    # already at the minimum: nothing to say
    ("met", "123p 456p 789p EEE 1p | cat mouse", set()),
    # no bonus tile: every win is the no_bonus limit, drowning would spoil it
    ("no-bonus-limit", "123p 456p 789p EEE 1p", set()),
]


@pytest.mark.parametrize("name,text,flags", HINT, ids=[h[0] for h in HINT])
def test_drown_fei_hint(name, text, flags):
    res = wait_line(text, MY3)
    honours = dict(zip("ESWNPFC", ("1z", "2z", "3z", "4z", "5z", "6z", "7z")))
    assert res.ready
    got = {w["tile"] for w in res.waits if w["drown_fei_reaches_minimum"]}
    assert got == {honours.get(t, t) for t in flags}
    has_note = any(n.startswith("drown a Fei") for n in res.notes)
    assert has_note is bool(flags)


def test_drown_fei_note_names_the_waits_and_values():
    res = wait_line("123p 456p 789p EEE 1p | cat", MY3)
    note = next(n for n in res.notes if n.startswith("drown a Fei"))
    assert "1p (5 on a discard, 5 self-drawn)" in note and "minimum 5" in note


def test_hk_waits_have_no_fei_fields():
    res = wait_line("123m 456m 789m 23p EE", load_builtin("hk"))
    assert all("drown_fei_reaches_minimum" not in w for w in res.waits)


def test_seat_north_is_refused_by_wait():
    res = wait_line("123p 456p 789p EEE 1p | cat seat=N", MY3)
    assert not res.ok and "seat=N" in res.error.message
