"""The fast, table-driven decomposer against slow, obviously correct ones (issue 6).

Two references live here and share no code with mjcli.mahjong.decompose:

* ``substitution``: a Fei is replaced by every one of the 34 tiles in turn,
  and the hand without Fei is checked by plain recursion (the lowest tile
  left is in the eye, a pong or a chow starting on it). With at most two Fei
  no set can be all Fei, so this is exactly the rule. A substitution that
  makes a fifth copy of a tile (counting the shown melds) is not tried.
* ``removal``: the lowest real tile left must sit in the eye or in some set;
  try every such eye and set, filling its other places with a real tile when
  there is one or with a Fei, every set keeping at least one real tile; two
  Fei left over may stand as the eye. A reading that holds a fifth copy of a
  tile (its sets and eye written out, plus the shown melds) is dropped. It
  also lists every reading, to check ``readings()`` (which scoring uses)
  finds them all.

The hands come from a fixed seed: ready hands built from sets, random tiles
(mostly not ready), hands with shown melds, with and without Fei. No timing
here: speed lives in benchmarks/.
"""

from __future__ import annotations

import functools
import os
import random

import pytest

from mjcli.mahjong import decompose, suits
from mjcli.mahjong.tiles import JOKER, ORPHANS, Hand, Meld, parse_hand, tile_code
from mjcli.variant import load_builtin
from mjcli.mahjong.waits import waiting_tiles as api_waiting_tiles

HK = load_builtin("hk")


def scaled(n: int) -> int:
    """Hands per check: sized for CI; MJCLI_FUZZ_SCALE=10 checks ten times as many (a longer hunt)."""
    return max(1, int(n * float(os.environ.get("MJCLI_FUZZ_SCALE", "1"))))
ALL = list(range(34))
MY3_TILES = list(range(9, 18)) + list(range(27, 34))

# --------------------------------------------------------------------------
# reference 1: Fei substitution and plain recursion


@functools.lru_cache(maxsize=None)
def plain_complete(counts: tuple, sets: int, eye: bool) -> bool:
    """True when the counts (no Fei) are exactly ``sets`` sets plus the eye (unless ``eye`` is already taken)."""
    i = next((t for t in range(34) if counts[t]), None)
    if i is None:
        return sets == 0 and eye
    c = list(counts)
    if not eye and c[i] >= 2:
        c[i] -= 2
        if plain_complete(tuple(c), sets, True):
            return True
        c[i] += 2
    if sets and c[i] >= 3:
        c[i] -= 3
        if plain_complete(tuple(c), sets - 1, eye):
            return True
        c[i] += 3
    if sets and i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        if plain_complete(tuple(c), sets - 1, eye):
            return True
    return False


def thirteen_plain(counts) -> bool:
    return sum(counts) == 14 and all(counts[t] >= 1 for t in ORPHANS) and all(
        counts[t] == 0 for t in range(34) if t not in ORPHANS)


def substitution_complete(counts, jokers: int, sets_needed: int, thirteen: bool = False, shown=None,
                          most: int = 4) -> bool:
    """Every tile tried for every Fei (at most two Fei), never a copy beyond ``most``
    counting the tiles of the shown melds (``shown``: 34 counts)."""
    assert jokers <= 2
    if sum(counts) + jokers != 3 * sets_needed + 2:
        return False
    for subs in _substitutions(jokers):
        c = list(counts)
        for t in subs:
            c[t] += 1
        if any(c[t] + (shown[t] if shown else 0) > most for t in subs):
            continue
        if plain_complete(tuple(c), sets_needed, False) or (thirteen and thirteen_plain(c)):
            return True
    return False


def _substitutions(jokers):
    if jokers == 0:
        return [()]
    if jokers == 1:
        return [(t,) for t in range(34)]
    return [(a, b) for a in range(34) for b in range(a, 34)]


# --------------------------------------------------------------------------
# reference 2: removal of the lowest real tile, Fei filling places


def written_out(sets, eye) -> list:
    """The 34 tile counts a reading stands for: its sets and eye written out."""
    n = [0] * 34
    for kind, t, _ in sets:
        for u in ((t, t + 1, t + 2) if kind == "chow" else (t, t, t)):
            n[u] += 1
    n[eye] += 2
    return n


def removal_readings(counts, jokers: int, sets_needed: int, eye_tiles=(), shown=None, most: int = 4) -> set:
    """Every reading as (sorted sets, eye, Fei in the eye); a set is (kind, lowest tile, Fei in it).

    A reading with more than ``most`` of a tile, counting the shown melds (34 counts), is dropped."""
    out: set = set()
    c = list(counts)
    shown = shown or [0] * 34

    def keep(sets, eye):
        return all(a + b <= most for a, b in zip(written_out(sets, eye), shown))

    def rec(j, sets, eye):
        i = next((t for t in range(34) if c[t]), None)
        if i is None:
            if len(sets) != sets_needed:
                return
            if eye is not None and j == 0:
                if keep(sets, eye[0]):
                    out.add((tuple(sorted(sets)), eye[0], eye[1]))
            elif eye is None and j == 2:
                for t in eye_tiles:
                    if keep(sets, t):
                        out.add((tuple(sorted(sets)), t, 2))
            return
        if len(sets) > sets_needed:
            return
        if eye is None:  # the lowest tile in the eye, with 0 or 1 Fei
            for real in (2, 1):
                need = 2 - real
                if c[i] >= real and need <= j:
                    c[i] -= real
                    rec(j - need, sets, (i, need))
                    c[i] += real
        for real in (3, 2, 1):  # in a pong
            need = 3 - real
            if c[i] >= real and need <= j:
                c[i] -= real
                rec(j - need, sets + [("pong", i, need)], eye)
                c[i] += real
        if i < 27:  # in a chow of its suit; places below it can only be Fei
            base = i - i % 9
            for start in (i - 2, i - 1, i):
                if start < base or start + 2 > base + 8:
                    continue
                others = [p for p in range(start, start + 3) if p != i]
                for use in ((True, True), (True, False), (False, True), (False, False)):
                    if any(u and (p < i or not c[p]) for u, p in zip(use, others)):
                        continue
                    need = sum(1 for u in use if not u)
                    if need > j:
                        continue
                    c[i] -= 1
                    for u, p in zip(use, others):
                        if u:
                            c[p] -= 1
                    rec(j - need, sets + [("chow", start, need)], eye)
                    for u, p in zip(use, others):
                        if u:
                            c[p] += 1
                    c[i] += 1

    if sum(counts) + jokers == 3 * sets_needed + 2:
        rec(jokers, [], None)
    return out


def removal_complete(counts, jokers, sets_needed, shown=None, most: int = 4) -> bool:
    # two Fei left as the eye may stand for any tile: every tile is offered
    return bool(removal_readings(counts, jokers, sets_needed, tuple(range(34)), shown, most))


def shown_counts(hand: Hand) -> list:
    """The 34 counts of the tiles the shown melds stand for (a Fei in a meld counts as its tile)."""
    n = [0] * 34
    for m in hand.melds:
        for t in m.tiles:
            n[t] += 1
    return n


def thirteen_with_fei(counts, jokers) -> bool:
    if jokers > 2:
        return False  # not drawn here
    return any(thirteen_plain(_add(counts, subs)) for subs in _substitutions(jokers) if all(s in ORPHANS for s in subs))


def _add(counts, tiles):
    c = list(counts)
    for t in tiles:
        c[t] += 1
    return c


def reference_waits(hand: Hand, candidates, jokers_left: int, thirteen: bool, complete, most: int = 4) -> list[int]:
    counts = hand.counts()
    visible = hand.visible_counts()
    shown = shown_counts(hand)
    need = 4 - len(hand.melds)
    orphans_ok = thirteen and not hand.melds
    out = []
    for t in candidates:
        if visible[t] >= 4:
            continue
        c = _add(counts, [t])  # the wait tile counts too
        if complete(c, hand.jokers, need, shown=shown, most=most) or (orphans_ok and thirteen_with_fei(c, hand.jokers)):
            out.append(t)
    if jokers_left > 0 and (complete(counts, hand.jokers + 1, need, shown=shown, most=most)
                            or (orphans_ok and thirteen_with_fei(counts, hand.jokers + 1))):
        out.append(JOKER)
    return out


# --------------------------------------------------------------------------
# random hands (fixed seed)


def _complete_tiles(rng, suits, honours=True):
    kinds = [9 * s + i for s in suits for i in range(9)] + (list(range(27, 34)) if honours else [])
    while True:
        tiles = []
        for _ in range(4):
            if rng.random() < 0.5:
                start = 9 * rng.choice(suits) + rng.randrange(7)
                tiles += [start, start + 1, start + 2]
            else:
                tiles += [rng.choice(kinds)] * 3
        tiles += [rng.choice(kinds)] * 2
        if all(tiles.count(t) <= 4 for t in set(tiles)):
            return tiles


def random_hands(seed: int, n: int, fei: int, size: int = 13, suits=(0, 1, 2), melds_share=0.2):
    """Hands of ``size`` tiles counting melds: from a complete hand with tiles taken
    out and Fei put in, or plain random tiles; some with one or two shown pongs."""
    rng = random.Random(seed)
    kinds = [9 * s + i for s in suits for i in range(9)] + list(range(27, 34))
    out = []
    while len(out) < n:
        if rng.random() < 0.75:
            tiles = _complete_tiles(rng, suits)
            rng.shuffle(tiles)
            tiles = tiles[: size - fei]
        else:
            tiles = [rng.choice(kinds) for _ in range(size - fei)]
        melds = []
        if rng.random() < melds_share:
            for _ in range(rng.choice((1, 2))):
                for t in set(tiles):
                    if tiles.count(t) >= 3:
                        for _ in range(3):
                            tiles.remove(t)
                        melds.append(Meld("pong", (t, t, t)))
                        break
        if any(tiles.count(t) + sum(m.tiles.count(t) for m in melds) > 4 for t in set(tiles)):
            continue
        out.append(Hand(tuple(sorted(tiles)), fei, tuple(melds)))
    return out


def _ids(hand):
    parts = [" ".join(tile_code(t) for t in hand.concealed)]
    if hand.jokers:
        parts.append("J" * hand.jokers)
    parts += [m.text() for m in hand.melds]
    return " ".join(parts)


# --------------------------------------------------------------------------
# the checks


@pytest.mark.parametrize("fei,n,seed", [(0, scaled(1500), 1), (1, scaled(80), 2)], ids=["no-fei", "one-fei"])
def test_waits_match_substitution(fei, n, seed):
    for hand in random_hands(seed, n, fei):
        want = reference_waits(hand, ALL, 1 if fei else 0, True, substitution_complete)
        got = decompose.waiting_tiles(hand, range(34), 1 if fei else 0, True)
        assert got == want, _ids(hand)


@pytest.mark.parametrize("fei,n,seed", [(0, scaled(300), 3), (1, scaled(80), 4), (2, scaled(20), 5), (3, scaled(6), 6)],
                         ids=["no-fei", "one-fei", "two-fei", "three-fei"])
def test_waits_match_removal(fei, n, seed):
    for hand in random_hands(seed, n, fei, suits=(1,) if fei else (0, 1, 2)):
        cands = MY3_TILES if fei else ALL
        want = reference_waits(hand, cands, 4 - fei, fei <= 2, removal_complete)
        assert decompose.waiting_tiles(hand, cands, 4 - fei, fei <= 2) == want, _ids(hand)


def test_the_two_references_agree_with_two_fei():
    rng = random.Random(7)
    for hand in random_hands(8, scaled(20), 2):
        counts = hand.counts()
        counts[rng.randrange(34)] += 1
        need = 4 - len(hand.melds)
        shown = shown_counts(hand)
        assert substitution_complete(counts, 2, need, shown=shown) == removal_complete(counts, 2, need, shown), _ids(hand)


@pytest.mark.parametrize("fei", [0, 1, 2, 3])
def test_is_complete_matches_removal(fei):
    rng = random.Random(10 + fei)
    for hand in random_hands(20 + fei, scaled((400, 200, 150, 25)[fei]), fei, size=14, suits=(0, 1, 2) if fei < 2 else (1,)):
        counts = hand.counts()
        need = 4 - len(hand.melds)
        shown = shown_counts(hand)
        assert decompose.is_complete(counts, fei, need, shown) == removal_complete(counts, fei, need, shown), _ids(hand)
        counts[rng.randrange(34)] += 1  # and one tile more: never complete
        assert not decompose.is_complete(counts, fei, need), _ids(hand)


@pytest.mark.parametrize("fei,n", [(0, scaled(500)), (1, scaled(200)), (2, scaled(100))], ids=["no-fei", "one-fei", "two-fei"])
def test_readings_finds_every_reading(fei, n):
    eye_tiles = MY3_TILES if fei else ALL
    for hand in random_hands(30 + fei, n, fei, size=14, suits=(1,) if fei else (0, 1, 2)):
        hand = Hand(hand.concealed, hand.jokers, hand.melds, win=None)
        want = removal_readings(hand.counts(), fei, 4 - len(hand.melds), eye_tiles, shown_counts(hand))
        got = {(tuple(sorted(r.sets)), r.eye, r.eye_jokers)
               for r in decompose.readings(hand, eye_tiles, shape=False)}
        assert got == want, _ids(hand)


def test_readings_of_winning_hands_built_from_sets():
    # random hands are seldom complete: these always are, so every reading is really compared
    rng = random.Random(40)
    for _ in range(scaled(800)):
        tiles = _complete_tiles(rng, (0, 1, 2))
        hand = Hand(tuple(sorted(tiles)), 0)
        want = removal_readings(hand.counts(), 0, 4, ALL)
        got = {(tuple(sorted(r.sets)), r.eye, r.eye_jokers) for r in decompose.readings(hand, ALL, shape=False)}
        assert want and got == want, _ids(hand)


@pytest.mark.parametrize("chows", [True, False], ids=["suit", "honours"])
def test_complete_table_matches_the_recursion(chows):
    table = suits.complete_table(chows)
    memo = {0: 1}  # a fresh memo: the recursion, with one Fei allowed but none used
    for key, mask in table.items():
        assert suits.suit_mask(key, chows, 1, memo) & 0b11 == mask
    rng = random.Random(60)
    places = 9 if chows else 7
    for _ in range(scaled(8000)):  # shapes of up to 14 tiles that are not in the table never complete without Fei
        key = sum(rng.choice((0, 0, 1, 1, 2, 3, 4)) << 3 * i for i in range(places))
        if sum((key >> 3 * i) & 7 for i in range(places)) <= 14:
            assert suits.suit_mask(key, chows, 1, memo) & 0b11 == table.get(key, 0)


def test_api_waits_on_hk_and_my3_hands():
    my3 = load_builtin("my3")
    for text, variant, want in [
        ("123m 456m 789m 23p EE", HK, ["1p", "4p"]),
        ("1112345678999m", HK, [f"{n}m" for n in range(1, 10)]),
        ("19m 19p 19s ESWNPFC", HK, ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "C"]),
        # a lone Fei: any tile makes the eye with it, and a second Fei does too; but not E:
        # with EEE held, E and the Fei as the eye would make the Fei a fifth East
        ("123p 456p 789p EEE J", my3, [tile_code(t) for t in MY3_TILES if t != 27] + ["J"]),
        ("111p 333p 555p 7p EEE", my3, ["6p", "7p", "J"]),
    ]:
        got = [tile_code(t) for t in api_waiting_tiles(parse_hand(text), variant)]
        want = [w if len(w) == 2 or w == "J" else tile_code(27 + "ESWNPFC".index(w)) for w in want]
        assert got == want, text


# --------------------------------------------------------------------------
# the fast text path gives the same Hand as the full parser


def _plain_texts(seed, n):
    rng = random.Random(seed)
    for _ in range(n):
        tiles = _complete_tiles(rng, (0, 1, 2))
        rng.shuffle(tiles)
        words = []
        for t in tiles[: rng.choice((13, 14))]:
            if t >= 27:
                words.append(rng.choice(["ESWNPFC"[t - 27], f"{t - 26}z"]))
            else:
                words.append(f"{t % 9 + 1}{'mps'[t // 9]}")
        if rng.random() < 0.2:
            words.append("J")
        text = " ".join(words) if rng.random() < 0.5 else "".join(words)
        if rng.random() < 0.3:
            text += " @" + words[rng.randrange(len(words))]
        if rng.random() < 0.3:
            text += " zimo"
        yield text


def test_fast_text_path_gives_the_full_parsers_hand():
    for text in _plain_texts(50, 3000):
        # a trailing comment sends the line through the full parser
        assert parse_hand(text) == parse_hand(text + " #"), text


@pytest.mark.parametrize("text", [
    "123m 456m 789m 23p EE", "1J3p 55p", "123m  456m", "123m\t456m", "12m3", "0m", "8z", "m", "mp",
    "123m @4m", "123m @J", "55p J @J", "123m zimo zimo", "123m zimo @1m", "EEJ123m", "E12m", "12 3m",
    "123m 456m 789m 23p EE | f1", "123m [555p]", "123m # note", "5z5z", "ZIMO", "@5p", "",
])
def test_fast_text_path_edge_cases(text):
    from mjcli.errors import MjError

    def outcome(t):
        try:
            return parse_hand(t)
        except MjError as exc:
            return exc.message

    assert outcome(text) == outcome(text + " #") if "#" not in text else True
