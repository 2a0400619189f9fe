"""No fifth copy of a tile (a Fei stands for a real tile), and honour patterns count different tiles.

RULES.md, "General": a reading never holds more than four of one tile,
counting the concealed tiles, the shown melds and the Fei standing for it;
a house switch (``options: {fei_fifth_copy: true}``) allows a fifth. Big
and Little Dragons, Big and Little Winds need sets of DIFFERENT honours.
"""

import textwrap

import pytest

from mjcli.mahjong import decompose, jokers
from mjcli.api import score_line, wait_line
from mjcli.mahjong.decompose import Reading
from mjcli.house import load_rules_file
from mjcli.mahjong.scoring import evaluate
from mjcli.mahjong.tiles import parse_hand, variant_tiles
from mjcli.variant import load_builtin

MY3 = load_builtin("my3")
P, F, C = 31, 32, 33  # the dragons
E, S, W, N = 27, 28, 29, 30


@pytest.fixture
def fifth(tmp_path):
    """A my3 table whose house rule lets a Fei stand for a fifth copy."""
    path = tmp_path / "fifth.yaml"
    path.write_text(textwrap.dedent("""\
        extends: my3
        options: {fei_fifth_copy: true}
        """), encoding="utf-8")
    return load_rules_file(str(path))


def ids(text, variant=MY3):
    res = score_line(text, variant)
    assert res.ok, res.error and res.error.message
    return res, {p.id for p in res.patterns}


def waits(text, variant=MY3):
    res = wait_line(text, variant)
    assert res.ok, res.error and res.error.message
    return [w["tile"] for w in res.waits]


# --- the hands: before, a pattern read from a duplicated honour; now not ---------------

def test_big_dragons_needs_three_different_dragons():
    # before: 123p PPP FFF~J FFF~JJ 55p, Big Dragons (limit, 10): two Green pongs, six Greens.
    # now: the Fei may not make a 4th..6th Green; the best reading is 123p 555p~J PPP FFF CC~JJ:
    # Little Dragons 3 + two dragon sets 2 + half flush 1 + cat 1 = 7 fan
    res, found = ids("PPP FFF 123p 55p JJJ | cat @5p")
    assert "big_dragons" not in found
    assert res.total == 7 and res.reading == "123p 555p~J PPP FFF CC~JJ"
    assert "F" not in res.reading.replace("FFF ", "", 1)  # one Green set, no Fei read as Green


def test_little_dragons_eye_must_be_the_third_dragon():
    # before: 123p 456p PPP FFF FF~J, 7 fan with Little Dragons; the Fei was a fifth Green.
    # now: four Greens and a Fei can only be read with the Fei as a fifth Green: not a win
    res, found = ids("FFF PPP FJ 123p 456p | cat @3p")
    assert "small_dragons" not in found and not res.winning and res.total == 0


def test_little_winds_eye_must_be_the_fourth_wind():
    # before: 123p EEE SSS WWW WW~J, Little Winds (limit, 10); now not a win (a fifth West)
    res, found = ids("EEE SSS WWW WJ 123p | cat @3p")
    assert "small_winds" not in found and not res.winning and res.total == 0


@pytest.mark.parametrize("text, total", [
    # the fifth Green allowed: FF~J is the eye, but Green has a set, so no Little Dragons:
    # half flush 1 + two dragon sets 2 + cat 1 = 4
    ("FFF PPP FJ 123p 456p | cat @3p", 4),
    # a fifth West: half flush 1 + East (round) 1 + East seat 1 + cat 1 = 4, no Little Winds
    ("EEE SSS WWW WJ 123p | cat @3p", 4),
])
def test_with_the_fifth_copy_allowed_the_patterns_still_count_different_honours(fifth, text, total):
    res, found = ids(text, fifth)
    assert res.winning and res.total == total
    assert not found & {"small_dragons", "small_winds", "big_dragons", "big_winds"}


# --- the honour patterns, truly held with a Fei standing in ----------------------------------

@pytest.mark.parametrize("pid, has, nearly", [
    ("big_dragons", "PPP FFJ CCC 123p 55p | cat @5p", "PPP FFF JJ 123p 55p | cat @5p"),
    ("small_dragons", "PPP FFF CJ 123p 456p | cat @3p", "PPP FFF PJ 123p 456p | cat @3p"),
    ("big_winds", "EEE SSS WWJ NNN 55p | cat @5p", "EEE SSS WWW JJ 55p | cat @5p"),
    ("small_winds", "EEE SSS WWW NJ 123p | cat @3p", "EEE SSS WWW EJ 123p | cat @3p"),
])
def test_honour_patterns_with_a_fei(pid, has, nearly):
    assert pid in ids(has)[1]
    res = score_line(nearly, MY3)
    assert pid not in {p.id for p in res.patterns}


@pytest.mark.parametrize("variant_id", ["hk", "sg", "my3"])
@pytest.mark.parametrize("pid, sets, eye", [
    # two sets of one honour are one kind of honour (a reading no real hand has: the predicates decide)
    ("big_dragons", ((P, 1), (F, 1), (F, 1)), 1),
    ("small_dragons", ((P, 1), (F, 1)), F),
    ("big_winds", ((E, 1), (S, 1), (W, 1), (W, 1)), None),
    ("small_winds", ((E, 1), (S, 1), (W, 1)), W),
])
def test_the_predicates_count_different_tiles(variant_id, pid, sets, eye):
    variant = load_builtin(variant_id)
    if pid not in variant.pattern_ids:
        pytest.skip(f"{variant_id} has no {pid}")
    suit = 9 if variant_id == "my3" else 0
    rs = [("pong", t, 0) for t, _ in sets]
    while len(rs) < 4:
        rs.append(("chow", suit, 0))
    hand = parse_hand("123p 456p 789p 123p 11p | cat" if variant_id == "my3" else "123m 456m 789m 123m 11m")
    bad = Reading(tuple(rs), suit if eye in (None, 1) else eye, 0)
    assert pid not in {p.id for p in evaluate(hand, variant, bad).patterns}
    # the same with the honours made different is the pattern
    fixed = {"big_dragons": (P, F, C), "small_dragons": (P, F), "big_winds": (E, S, W, N), "small_winds": (E, S, W)}[pid]
    good_sets = [("pong", t, 0) for t in fixed] + [("chow", suit, 0)] * (4 - len(fixed))
    good_eye = {"small_dragons": C, "small_winds": N}.get(pid, suit)
    assert pid in {p.id for p in evaluate(hand, variant, Reading(tuple(good_sets), good_eye, 0)).patterns}


# --- waits: a tile whose completion needs a fifth copy is no wait ------------------------------

def test_a_fei_for_a_tile_whose_four_copies_are_shown_is_no_wait(fifth):
    # 4p with the Fei as 5p makes 456p; but the four 5p are in the kong, so 6p is no wait
    text = "[5555p] 123p 789p EE 4p J | cat"
    assert waits(text) == ["1p", "2p", "3p", "4p", "1z", "J"]
    assert waits(text, fifth) == ["1p", "2p", "3p", "4p", "6p", "1z", "J"]


def test_the_wait_tile_counts_too(fifth):
    # E would be the 4th East, and the Fei beside it in the eye the 5th: E is no wait
    assert "1z" not in waits("123p 456p 789p EEE J | cat")
    assert "1z" in waits("123p 456p 789p EEE J | cat", fifth)
    # P and F have sets and the two Fei could stand for them only as a 4th and 5th copy
    assert not {"5z", "6z"} & set(waits("PPP FFF 123p 55p JJ | cat"))


def test_discards_use_the_same_rule():
    from mjcli.mahjong.discards import discard_text

    res = discard_text("[5555p] 123p 789p EE 4p J 9p | cat", MY3)
    by = {d["discard"]: [w["tile"] for w in d["waits"]] for d in res.extra["discards"]}
    assert "6p" not in by["9p"] and "1p" in by["9p"]


def test_a_fei_in_a_shown_meld_counts(fifth):
    text = "123p 456p 789p 5p J [5J5p] | cat"
    res = wait_line(text, MY3)
    assert not res.ok and "copy 5 of 5p" in res.error.message
    assert wait_line(text, fifth).ok


def test_no_reading_holds_a_fifth_copy():
    tiles = variant_tiles(MY3)
    for text in ["PPP FFF 123p 55p JJJ @5p", "FFF PPP FJ 123p 456p @3p", "1111p 234p 999p EE JJ @E",
                 "123p 456p 789p EE JJJ @E", "5555p 666p 777p 88p J @8p"]:
        hand = parse_hand(text)
        room = jokers.fei_room(hand)
        for r in decompose.readings(hand, tiles, False):
            n = [0] * 34
            for kind, t, _ in r.sets:
                for u in ((t, t + 1, t + 2) if kind == "chow" else (t,) * 3):
                    n[u] += 1
            n[r.eye] += 2
            assert all(n[t] <= 4 for t in range(34)), (text, r.describe())
        assert room == jokers.fei_room(hand, 4)


# --- the house switch --------------------------------------------------------------------------

def test_switch_defaults_off_and_turns_on(fifth):
    assert MY3.options["fei_fifth_copy"] is False and MY3.most_copies == 4
    assert fifth.options["fei_fifth_copy"] is True and fifth.most_copies == 5
    assert load_builtin("hk").most_copies == 4


def test_switch_still_refuses_a_sixth_copy(fifth):
    # with the switch: Fei as a 5th Green only; two Green pongs would need six
    res, found = ids("PPP FFF 123p 55p JJJ | cat @5p", fifth)
    assert "big_dragons" not in found


# --- the look-ahead: no tile counted as obtainable once the hand, its melds and --seen hold every copy ---------

def _left(hand, seen):
    """Unseen copies, counted here from scratch: four of a tile less those in the hand, its melds (real tiles:
    a Fei in a meld is a Fei) and seen; the Fei: the set's four less those held, in melds, drowned and seen."""
    left = [4] * 34 + [MY3.tiles.jokers - hand.jokers - hand.bonus.count("J")]
    for t in hand.concealed:
        left[t] -= 1
    for m in hand.melds:
        for i, t in enumerate(m.tiles):
            if i in m.jokers:
                left[34] -= 1
            else:
                left[t] -= 1
    return [n - s for n, s in zip(left, seen)]


def _plus(hand, t):
    from dataclasses import replace

    if t == 34:
        return replace(hand, jokers=hand.jokers + 1)
    return replace(hand, concealed=tuple(sorted(hand.concealed + (t,))))


def _minus(hand, t):
    from dataclasses import replace

    if t == 34:  # a Fei thrown away is drowned
        return replace(hand, jokers=hand.jokers - 1, bonus=hand.bonus + ("J",))
    tiles = list(hand.concealed)
    tiles.remove(t)
    return replace(hand, concealed=tuple(tiles))


def _brute_ahead(hand, seen):
    """For a 13-tile my3 hand one exchange from ready: each tile T that, drawn, lets some discard X leave the hand
    ready (the wait engine decides ready, each Fei tried as every tile the no-fifth-copy rule lets it be), with its
    unseen count; and the best self-drawn win over the waits W of those ready hands that are still unseen after T
    is drawn (left[W] less one when W is T). None when T has no copy left or no route wins."""
    from mjcli.mahjong.waits import wait

    left = _left(hand, seen)
    out = {}
    for t in list(variant_tiles(MY3)) + [34]:
        h14 = _plus(hand, t)
        n = [0] * 34
        for u in h14.concealed:
            n[u] += 1
        for m in h14.melds:
            for i, u in enumerate(m.tiles):
                if i not in m.jokers:
                    n[u] += 1
        if t < 34 and n[t] > 4:
            continue  # no fifth real copy
        if t == 34 and h14.jokers_total() > MY3.tiles.jokers:
            continue
        ready = []
        for x in sorted(set(h14.concealed)) + ([34] if h14.jokers else []):
            try:
                res = wait(_minus(h14, x), MY3)
            except Exception:  # a reading the rule forbids (a fifth copy): no such hand
                continue
            if res.ready:
                ready.append(res)
        if not ready:
            continue
        best = None
        if left[t] > 0:
            for res in ready:
                for w in res.waits:
                    u = 34 if w["tile"] == "J" else tile_index(w["tile"])
                    if left[u] - (u == t) > 0 and w["self_drawn"] is not None:
                        best = w["self_drawn"] if best is None else max(best, w["self_drawn"])
        out["J" if t == 34 else tile_code(t)] = (left[t], best)
    return out


def tile_index(code):
    from mjcli.mahjong.tiles import tile_from_code

    return tile_from_code(code)


def tile_code(t):
    from mjcli.mahjong.tiles import tile_code as code

    return code(t)


def test_the_look_ahead_against_a_brute_force_with_fei_and_seen_tiles():
    # 3 Kaki hands with Fei, one exchange from ready, and random --seen tiles (often the last copies of a tile the
    # hand holds): each helpful tile, its unseen count, whether the minimum (5 fan) is reached and the best win
    # equal the brute force's; a tile with no copy left is never reached through, nor is a wait whose last copy
    # the route drew
    import random

    from mjcli.mahjong import shanten as S
    from mjcli.mahjong.efficiency import AheadOptions, wait_ahead

    rng = random.Random(3033)
    kinds = list(variant_tiles(MY3))
    wall = [t for t in kinds for _ in range(4)] + [34] * 4
    checked = edge = 0
    while checked < 60:
        deal = rng.sample(wall, 13)
        if 34 not in deal:
            continue
        real = sorted(t for t in deal if t != 34)
        hand = parse_hand(" ".join(tile_code(t) for t in real) + " J" * deal.count(34) + " | cat")
        if S.shanten(hand, MY3) != 1:
            continue
        rest = list(wall)
        for t in deal:
            rest.remove(t)
        held = [t for t in set(real) if t in rest]  # the hand's tiles whose other copies are seen, often
        seen_tiles = [u for t in rng.sample(held, min(2, len(held))) for u in [t] * rest.count(t)]
        seen_tiles += rng.sample([u for u in rest if u != 34], rng.randrange(4))
        seen = [0] * 35
        for t in seen_tiles:
            if sum(1 for u in seen_tiles if u == t) <= rest.count(t):
                seen[t] = min(rest.count(t), seen_tiles.count(t))
        seen = tuple(seen)
        res = wait_ahead(hand, MY3, AheadOptions(seen=seen, look_ahead=1))
        if res.ready:
            continue  # three Fei held: the fourth wins whatever the tiles (no shape the shanten counts)
        assert res.extra["look_ahead"] == "done"
        got = {e["tile"]: (e["left"], e["best_reachable"]) for e in res.extra["helpful"]}
        assert got == _brute_ahead(hand, seen), (hand, seen)
        for e in res.extra["helpful"]:
            assert e["reaches_minimum"] == (e["best_reachable"] is not None and e["best_reachable"] >= MY3.minimum)
            if e["left"] <= 0:
                edge += 1
                assert e["reaches_minimum"] is False
        checked += 1
    assert edge  # the sample holds tiles with every copy held or seen
