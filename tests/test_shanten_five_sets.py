"""Shanten and helpful tiles of a five-set hand (the Taiwanese 16-tile table), against a brute force.

The `mahjong` package counts four sets only, so the check is a brute force written apart from mjcli.mahjong.shanten:
the fewest draws to win is the size of a winning hand (17 tiles) less the most of the hand's tiles that one
winning hand can keep. In each suit it tries every way of choosing up to five sets (chows and pongs) and the
eye among those that share a tile with the hand (a set sharing none is as good as one made anywhere of drawn
tiles), no tile given more than its four copies (counting the shown melds); then every way of sharing the sets
and the eye out among the suits. The shanten is that less one; a tile helps when,
drawn, it leaves one draw fewer. Every sample comes from a fixed seed: the same hands every run.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache

import pytest

from mjcli.api import load_variant
from mjcli.mahjong.shanten import helpful, position, shanten, shanten_text
from mjcli.mahjong.tiles import make_hand, parse_hand, tile_code

SETS = [(t, t, t) for t in range(34)] + [(b + i, b + i + 1, b + i + 2) for b in (0, 9, 18) for i in range(7)]
@lru_cache(maxsize=None)
def tw():
    return load_variant("tw")


def plain(tiles, melds=()):
    return make_hand(tuple(sorted(tiles)), 0, melds, (), None, False, "E", "E", frozenset())


def counts_of(tiles) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return c


SUITS = (range(0, 9), range(9, 18), range(18, 27), range(27, 34))


@lru_cache(maxsize=None)
def suit_kept(held: tuple, shown: tuple, chows: bool) -> tuple:
    """For one suit's tiles ``held`` (9 places, or 7 honours: ``chows`` False): [m][e] the most of them that m
    sets and e eyes (0 or 1) of the suit keep, no tile above four copies with ``shown`` (every way of choosing
    the sets tried)."""
    n = len(held)
    groups = [(p, p, p) for p in range(n)] + ([(p, p + 1, p + 2) for p in range(n - 2)] if chows else [])
    cands = [g for g in groups if any(held[p] for p in g)]
    target = list(shown)
    best = [[0, 0] for _ in range(6)]

    def search(start: int, used: int, kept: int) -> None:
        with_eye = kept
        for p in range(n):
            mine = target[p] - shown[p]  # the copies the sets already take from the hand's place
            if held[p] > mine and target[p] + 2 <= 4:
                with_eye = max(with_eye, kept + min(2, held[p] - mine))
        best[used][0] = max(best[used][0], kept)
        best[used][1] = max(best[used][1], with_eye)
        if used == 5:
            return
        for i in range(start, len(cands)):
            g = cands[i]
            gain = 0
            for p in g:
                target[p] += 1
                if target[p] - shown[p] <= held[p]:  # a copy the hand holds
                    gain += 1
            if gain and all(target[p] <= 4 for p in g):  # a set keeping nothing is one of drawn tiles
                search(i, used + 1, kept + gain)
            for p in g:
                target[p] -= 1

    search(0, 0, 0)
    for m in range(1, 6):  # fewer sets holding the hand's tiles leave the others to drawn tiles
        for e in (0, 1):
            best[m][e] = max(best[m][e], best[m - 1][e])
    return tuple(tuple(r) for r in best)


def most_kept(held: list[int], shown: list[int], sets: int) -> int:
    """The most of ``held`` that ``sets`` sets and an eye keep: each suit's best for its share of the sets and
    the eye, over every way of sharing them out (no set spans two suits)."""
    tables = [suit_kept(tuple(held[r.start:r.stop]), tuple(shown[r.start:r.stop]), s < 3) for s, r in
              enumerate(SUITS)]
    best = 0
    for m0 in range(sets + 1):
        for m1 in range(sets + 1 - m0):
            for m2 in range(sets + 1 - m0 - m1):
                ms = (m0, m1, m2, sets - m0 - m1 - m2)
                for eye in range(4):
                    best = max(best, sum(tables[s][ms[s]][s == eye] for s in range(4)))
    return best


def brute_draws(held: list[int], shown: list[int], sets: int) -> int:
    """The fewest tiles to draw (each replacing a tile thrown away) to win."""
    return 3 * sets + 2 - most_kept(held, shown, sets)


def brute_helpful(held, shown, sets):
    d = brute_draws(held, shown, sets)
    out = []
    for t in range(34):
        if held[t] + shown[t] < 4:
            held[t] += 1
            if brute_draws(held, shown, sets) < d:
                out.append(t)
            held[t] -= 1
    return d, out


def deal(rng, n: int, shown: list[int]) -> list[int]:
    wall = [t for t in range(34) for _ in range(4 - shown[t])]
    rng.shuffle(wall)
    return wall[:n]


def near_win(rng, n: int, swaps: int) -> list[int]:
    """A winning shape of five sets and an eye cut to ``n`` tiles, ``swaps`` of them then swapped for others."""
    while True:
        tiles = []
        for _ in range(5):
            tiles.extend(rng.choice(SETS))
        tiles.extend([rng.randrange(34)] * 2)
        c = counts_of(tiles)
        if max(c) <= 4:
            break
    rng.shuffle(tiles)
    tiles = tiles[:n]
    for i in range(swaps):
        c = counts_of(tiles)
        t = rng.choice([t for t in range(34) if c[t] < 4])
        tiles[i] = t
    return tiles


def samples(seed: int, n: int, size: int):
    rng = random.Random(seed)
    out = []
    for i in range(n):
        out.append(deal(rng, size, [0] * 34) if i % 2 else near_win(rng, size, rng.randrange(4)))
    return out


def test_sixteen_tile_shanten_and_helpful_tiles_as_the_brute_force():
    # 300 hands of 16 tiles, no melds: five sets and an eye to make, read by five-set vectors
    v = tw()
    for i, tiles in enumerate(samples(28, 300, 16)):
        held = counts_of(tiles)
        hand = plain(tiles)
        if i < 120:  # the helpful tiles cost the brute force 34 searches a hand
            d, ours = helpful(position(hand, v), range(34))
            assert (d, ours) == brute_helpful(held, [0] * 34, 5), [tile_code(t) for t in sorted(tiles)]
        else:
            assert shanten(hand, v) == brute_draws(held, [0] * 34, 5) - 1, [tile_code(t) for t in sorted(tiles)]


def test_seventeen_tile_shanten_is_the_best_discard_as_the_brute_force():
    # 17 tiles: the shanten of the best discard, -1 a win; the brute force counts the 17 tiles at once
    v = tw()
    seen = set()
    for tiles in samples(29, 200, 17):
        got = shanten(plain(tiles), v)
        seen.add(got)
        assert got == brute_draws(counts_of(tiles), [0] * 34, 5) - 1, [tile_code(t) for t in sorted(tiles)]
    assert -1 in seen and 0 in seen and 1 in seen  # the sample holds wins, ready hands and farther ones


def test_shown_melds_as_the_brute_force():
    # a shown pong of 5p: 13 concealed tiles make four sets and an eye, the 5p copies in the meld count
    v = tw()
    meld = parse_hand("[555p]").melds
    shown = [0] * 34
    shown[13] = 3
    rng = random.Random(30)
    for _ in range(120):
        tiles = deal(rng, 13, shown)
        d, ours = helpful(position(plain(tiles, meld), v), range(34))
        assert (d, ours) == brute_helpful(counts_of(tiles), shown, 4), [tile_code(t) for t in sorted(tiles)]


@pytest.mark.parametrize("text,expected", [
    # 123456789m 234567p 9s: five sets and a lone 9s, ready (shanten 0) on 9s
    ("123m 456m 789m 234p 567p 9s", 0),
    # 123456789m 23456p 9s E: three sets, 234p, then 56p and 9s/E: draw 1p/4p/7p for the fifth set and 9s or E
    # for the eye: two draws, shanten 1
    ("123m 456m 789m 234p 56p 9s E", 1),
    # one more tile (17): throw S and it is the hand above: still shanten 1 (no discard makes it ready)
    ("123m 456m 789m 234p 56p 9s E S", 1),
    # 17 tiles that win: 123 456 789m 234 567p 99s
    ("123m 456m 789m 234p 567p 99s", -1),
    # 159m 2468p 1357s ESWPFC (17): only 2p4p, 6p8p, 1s3s, 5s7s share a set (234p 678p 123s 567s, two kept
    # each); the fifth set keeps one more tile, the eye one: 4 * 2 + 1 + 1 = 10 kept of 17, 7 draws, shanten 6
    ("159m 2468p 1357s ESWPFC", 6),
])
def test_worked_five_set_shanten(text, expected):
    assert shanten_text(text, tw()) == expected


# 123456789m 23456p 9s E (tw, seat East: the dealer; no bonus tile): one exchange from ready (see above). Tiles
# that help, unseen (four less the hand's), and the best win over the fastest routes, self-drawn:
#   1p (4), 7p (4): 123456p or 234567p, throw E and wait on 9s alone (or 9s, wait on E): dealer 1 + concealed 1
#       + self_drawn 1 + concealed_self_drawn 1 + du_ting 1 = 5 tai
#   4p (3): 234p 456p, the same single wait: 5
#   9s (3), E (3): the eye, throw the other; 56p waits on 4p or 7p, two tiles, no du_ting: 4
# 4 + 3 + 4 + 3 + 3 = 17 unseen, every one reaching the minimum of 0 tai
TW16 = "123m 456m 789m 234p 56p 9s E"


def test_wait_on_a_sixteen_tile_hand_that_is_not_ready():
    from test_contract import invoke, run_all_formats

    (rec,) = run_all_formats(["wait", "-v", "tw", TW16], "wait")
    assert rec["answer"] == "not_ready" and rec["shanten"] == 1 and rec["look_ahead"] == "done"
    assert [(e["tile"], e["left"], e["best_reachable"]) for e in rec["helpful"]] == [
        ("1p", 4, 5), ("4p", 3, 5), ("7p", 4, 5), ("9s", 3, 4), ("1z", 3, 4)]
    assert (rec["helpful_left"], rec["reaching_left"], rec["best_reachable"]) == (17, 17, 5)
    assert invoke(["wait", "-v", "tw", TW16])[0] == 1  # not ready: exit 1


def test_wait_on_a_seventeen_tile_hand_ranks_the_discards():
    # TW16 and S: throwing S, E or 9s leaves a hand one exchange from ready with the same 17 unseen helpful
    # tiles (the other two of 9s/E/S make the eye); throwing a tile of a set leaves two exchanges
    from test_contract import run_all_formats

    (rec,) = run_all_formats(["wait", "-v", "tw", TW16 + " S"], "wait")
    assert rec["answer"] == "not_ready" and rec["shanten"] == 1
    rows = rec["discard_shanten"]
    assert [(r["discard"], r["shanten"], r["helpful_left"]) for r in rows[:3]] == [
        ("9s", 1, 17), ("1z", 1, 17), ("2z", 1, 17)]
    assert all(r["shanten"] == 2 for r in rows[3:])


def test_ready_sixteen_tile_hand_answers_its_waits_as_before():
    # 123456789m 234567p 9s: ready on 9s alone (3 of 4 unseen); self-drawn: dealer + concealed + self_drawn +
    # concealed_self_drawn + du_ting = 5; on a discard dealer + concealed + du_ting = 3. Shanten 0, nothing more
    from test_contract import invoke

    code, out, _ = invoke(["wait", "-v", "tw", "-f", "json", "123m 456m 789m 234p 567p 9s"])
    (rec,) = json.loads(out)
    assert code == 0 and rec["answer"] == "ok" and rec["ready"] is True
    assert (rec["shanten"], rec["helpful"], rec["look_ahead"]) == (0, None, None)
    assert [(w["tile"], w["left"], w["discard"], w["self_drawn"]) for w in rec["waits"]] == [("9s", 3, 3, 5)]
