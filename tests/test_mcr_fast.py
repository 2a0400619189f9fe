"""`-v mcr`'s batch answer takes a fast path (issue 29, speed): the best reading chosen from the readings' fan
tables, the waits read a suit at a time, the principles walked over the fans present. Each gives the answers of
the plain way, checked here on generated hands and on the lines the fast path hands back to the scorer.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import mcr_reference as ref  # noqa: E402
from mjcli.games.mcr import fans as F  # noqa: E402
from mjcli.games.mcr.patterns import principles  # noqa: E402
from mjcli.registry import game_kind  # noqa: E402
from mjcli.mahjong.scoring import score_text  # noqa: E402
from mjcli.variant import load_builtin  # noqa: E402

MCR = load_builtin("mcr")


def plain(text: str) -> dict:
    """The record the scorer itself makes (every reading through the 81 predicates)."""
    return score_text(text, MCR).as_dict()


def test_the_fast_answer_is_the_scorers_on_generated_hands():
    answer = game_kind("mcr").score_answer(MCR)
    rng = random.Random(2929)
    for _ in range(2500):
        text = ref.random_hand(rng)
        assert answer(text).as_dict() == plain(text), text


@pytest.mark.parametrize("text", [
    "123m 456m 789m 123p 5p @5p",  # 13 tiles: the fast path hands it back (the scorer adds @5p's note or not)
    "123m 456m 789m 123p 55p @5p last-tile",  # last-tile implies zimo: the scorer adds the note
    "123m 456m 789m 123p 55p @5p zimo kong-on-kong",  # kong-on-kong implies kong-replacement
    "123m 456m 789m 124p 55p @5p",  # no reading: not winning
    "123m 456m 789m 123p 55x @5p",  # a bad tile: the one-line error
    "11112m 456m 789m 123p 5p @5p",  # five 1m: the error
    "123m 456m 789m 123p 55p @5p rob-kong",  # robbing the kong of a 5p
    "[5555p] 123m 456m 789m 5p @5p rob-kong",  # rob-kong of a tile whose four copies are shown
    "123m 456m 789m 123p 55p @5p | f1 f2 f3 f4 s1 s2 s3 s4",  # eight flowers
    "11223344556677m @7m",  # seven shifted pairs, read also as sets: the ties of one total
    "111222333m 789m 55p @5p",  # pure triple chow or three concealed pungs: the higher reading
])
def test_the_fast_answer_is_the_scorers_on_the_lines_it_hands_back(text):
    assert game_kind("mcr").score_answer(MCR)(text).as_dict() == plain(text)


def test_the_fast_path_stays_out_of_options_and_all_readings():
    from mjcli.games.mcr.patterns import fast_answer

    generic = object()
    assert fast_answer(MCR, generic) is not generic
    # with an option or --all the room's answer is the scorer's (their notes and readings)
    res = game_kind("mcr").score_answer(MCR, all_readings=True)("111222333m 789m 55p @5p")
    assert len(res.as_dict()["readings"]) >= 2


def _waits_slowly(standing: list) -> list:
    """Every tile that makes the 13 (or 10, 7...) standing tiles sets and a pair, or seven pairs: by search."""
    def sets(c, i=0):
        while i < 34 and not c[i]:
            i += 1
        if i == 34:
            return True
        if c[i] >= 3:
            c[i] -= 3
            ok = sets(c, i)
            c[i] += 3
            if ok:
                return True
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for k in (0, 1, 2):
                c[i + k] -= 1
            ok = sets(c, i)
            for k in (0, 1, 2):
                c[i + k] += 1
            return ok
        return False

    out = []
    if sum(standing) == 13 and sum(c // 2 for c in standing) == 6:
        odd = [t for t in range(34) if standing[t] % 2]
        out += odd if len(odd) == 1 else []
    for t in range(34):
        c = list(standing)
        c[t] += 1
        if t not in out and any(c[p] >= 2 and sets(c[:p] + [c[p] - 2] + c[p + 1:]) for p in range(34)):
            out.append(t)
    return out


def test_the_waits_read_a_suit_at_a_time_are_the_searched_ones():
    rng = random.Random(29)
    for _ in range(3000):
        pool = rng.choice((list(range(9)), list(range(18)), list(range(34)), list(range(9)) + list(range(27, 34))))
        standing = [0] * 34
        for t in rng.sample(pool * 4, rng.choice((1, 4, 7, 10, 13))):
            standing[t] += 1
        assert F.waits_of(standing) == _waits_slowly(standing), standing


def test_unique_wait_a_hand_that_has_it_and_one_that_nearly_has_it():
    def counts(tiles):
        c = [0] * 34
        for t in tiles:
            c[t] += 1
        return c

    # 123m 456m 789m 123p 5p: waits on 5p alone (the pair)
    assert F.unique_wait(counts([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13]))
    # 123m 456m 789m 123p 56p: waits on 4p and 7p (two tiles)
    assert not F.unique_wait(counts([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 14]))


def test_the_principles_walked_over_the_fans_present_are_the_full_walk():
    order, drops = principles(MCR)
    rng = random.Random(7)
    fans = list(order)
    for _ in range(3000):
        out = Counter({f: rng.choice((1, 1, 2, -1)) for f in rng.sample(fans, rng.randint(1, 12))})
        full = Counter(out)
        for fan in order:  # the full walk: every fan of the table from the highest value down
            if full.get(fan, 0) > 0:
                for gone in drops.get(fan, ()):
                    full.pop(gone, None)
        assert F.apply_principles(Counter(out), order, drops) == full


def test_a_suits_state_read_off_the_engines_table_is_the_one_worked_out():
    # _key_state reads a key of at most 14 tiles off the engine's table of complete suits, and works out a key
    # with a fifth tile of a kind itself: both as _suit_state, on every such shape tried (five of a kind included)
    rng = random.Random(29)
    for _ in range(20_000):
        counts = [0] * 9
        for _t in range(rng.randrange(0, 15)):
            counts[rng.randrange(9)] += 1
        if max(counts) > 5:
            continue
        key = sum(c << 3 * i for i, c in enumerate(counts))
        F._KEY_STATE.pop(key, None)
        assert F._key_state(key) == F._suit_state(tuple(counts)), counts
