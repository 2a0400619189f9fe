"""Issue 31: the Fei search is bounded by design, and bounding it changed no answer.

The work of one hand is counted, never timed: the states the room-bound masks and the split search keep
(their memos emptied first), and the heap peak ``tracemalloc`` sees while the hand is answered, each against a
bound far above what an honest hand needs (the worst of 2,000 generated hands kept under 4,000 mask states,
2,400 split states and 5 MB; before, ``JJJJ 123p 456p 789p E`` kept 1.46 million mask states and a 253 MB heap).

The searches are checked against the plain searches they replace (written out below as they were: every
state kept whole, no memo shared between orders), on random suits with Fei and rooms.
"""

from __future__ import annotations

import random
import sys
import tracemalloc
from itertools import product
from pathlib import Path

import pytest

from mjcli.mahjong import jokers as JK
from mjcli.mahjong import suits as SU
from mjcli.api import load_variant, score_line, wait_line
from mjcli.mahjong.tiles import CHOW, PONG

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import my3_hands  # noqa: E402

MY3 = load_variant("my3")
MASK_STATES = 20_000  # the worst generated hand kept 3,866
SPLIT_STATES = 20_000  # the worst generated hand kept 2,345
HEAP_BYTES = 50_000_000  # the worst generated hand peaked at 4.1 MB
WORST = ["JJJJ 123p 456p 789p E", "JJJ 1234567899p E", "2233445689p JJJJ @J", "12223344557p JJJ @2p last-tile",
         "112233444569p JJ | J @3p", "1234567889p JJJJ @2p", "JJJJ 1234567899p", "JJJJ 111222333p 99p",
         "JJJJ 1112345678999p"]


def _forget_fei_memos():
    """Empty what the Fei searches keep (the tables of hands with no Fei stay)."""
    for memo in JK._MEMO_R.values():
        memo.clear()
    JK._SPLIT_MEMO.clear()
    JK._SPLIT_HELD[0] = 0
    JK._SPLITS.clear()
    JK._SPLITS_HELD[0] = 0
    for k in [k for k in SU._MEMO if k[0]]:
        del SU._MEMO[k]
    for k in [k for k in SU._WAITS if k[0] or len(k) == 3]:
        del SU._WAITS[k]


def _states() -> tuple[int, int]:
    return sum(len(m) for m in JK._MEMO_R.values()), len(JK._SPLIT_MEMO)


def _answer(line: str) -> None:
    wait_line(line, MY3).as_dict()
    score_line(line, MY3).as_dict()


@pytest.mark.parametrize("line", WORST)
def test_the_worst_hands_keep_few_states_and_little_memory(line):
    _answer("123p 456p 789p EEE 1p J")  # the tables every hand shares
    _forget_fei_memos()
    tracemalloc.start()
    try:
        _answer(line)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    masks, splits = _states()
    assert masks < MASK_STATES and splits < SPLIT_STATES
    assert peak < HEAP_BYTES


def test_no_generated_hand_goes_past_the_bound():
    lines = my3_hands.generate(400, seed=7)
    for line in lines:
        _forget_fei_memos()
        _answer(line)
        masks, splits = _states()
        assert masks < MASK_STATES and splits < SPLIT_STATES, line


def test_memos_are_emptied_before_they_grow_past_their_cap(monkeypatch):
    lines = WORST[:4]
    alone = []  # what each hand keeps on its own
    for line in lines:
        _forget_fei_memos()
        _answer(line)
        alone.append((_states()[0], JK._SPLIT_HELD[0]))
    monkeypatch.setattr(SU, "_MEMO_CAP", 50)  # the one-suit tables' cap, and the capability's
    monkeypatch.setattr(JK, "_MEMO_CAP", 50)
    monkeypatch.setattr(JK, "_HELD_CAP", 50)
    _forget_fei_memos()
    for line in lines:
        _answer(line)
    # a memo is emptied when a suit's search starts with more than the cap kept: the hands' states do not add
    # up, the memos hold at most the cap and what one hand keeps
    assert _states()[0] <= 50 + max(m for m, _ in alone) < sum(m for m, _ in alone)
    assert JK._SPLIT_HELD[0] <= 50 + max(h for _, h in alone)


# --- the plain searches, as they were ------------------------------------------------------------


def plain_splits(counts, chows, jokers, room=None):
    """Every split of one suit with Fei, each order of the sets gone down again (the search before issue 31)."""
    out = set()
    c = list(counts)
    n = len(c)
    free = [jokers] * n if room is None else list(room)

    def rec(i, jk, eye, eye_j, sets):
        while i < n and c[i] == 0:
            i += 1
        if i == n:
            out.add((jokers - jk, eye, eye_j, tuple(sorted(sets))))
            return
        for real in (3, 2, 1):
            need = 3 - real
            if c[i] >= real and need <= jk and need <= free[i]:
                c[i] -= real
                free[i] -= need
                sets.append((PONG, i, need))
                rec(i, jk - need, eye, eye_j, sets)
                sets.pop()
                free[i] += need
                c[i] += real
        if chows:
            for start in (i - 2, i - 1, i):
                if start < 0 or start + 2 >= n:
                    continue
                below = i - start
                if below > jk or any(free[p] == 0 for p in range(start, i)):
                    continue
                above = list(range(i + 1, start + 3))
                for choice in product((True, False), repeat=len(above)):
                    if any(c[p] == 0 if use else free[p] == 0 for use, p in zip(choice, above)):
                        continue
                    used_j = below + sum(1 for use in choice if not use)
                    if used_j > jk or used_j > 2:
                        continue
                    fei_at = list(range(start, i)) + [p for use, p in zip(choice, above) if not use]
                    c[i] -= 1
                    for use, p in zip(choice, above):
                        if use:
                            c[p] -= 1
                    for p in fei_at:
                        free[p] -= 1
                    sets.append((CHOW, start, used_j))
                    rec(i, jk - used_j, eye, eye_j, sets)
                    sets.pop()
                    for p in fei_at:
                        free[p] += 1
                    for use, p in zip(choice, above):
                        if use:
                            c[p] += 1
                    c[i] += 1
        if eye is None:
            for real in (2, 1):
                need = 2 - real
                if c[i] >= real and need <= jk and need <= free[i]:
                    c[i] -= real
                    free[i] -= need
                    rec(i, jk - need, i, need, sets)
                    free[i] += need
                    c[i] += real

    rec(0, jokers, None, 0, [])
    return tuple(sorted(out, key=lambda x: (x[0], x[1] is not None, x[1] or 0, x[3])))


def plain_mask_r(key, room, chows, J, memo):
    """The room-bound mask, each state kept with the room of every place (the search before issue 31)."""
    st = (key, room)
    if st in memo:
        return memo[st]
    if not key:
        return 1
    i = ((key & -key).bit_length() - 1) // 3
    one = 1 << 3 * i
    c = (key >> 3 * i) & 7
    ri = (room >> 3 * i) & 7
    m = 0
    for real in (3, 2, 1):
        need = 3 - real
        if c >= real and need <= J and need <= ri:
            m |= plain_mask_r(key - real * one, room - need * one, chows, J, memo) << 2 * need
    for real in (2, 1):
        need = 2 - real
        if c >= real and need <= J and need <= ri:
            m |= (plain_mask_r(key - real * one, room - need * one, chows, J, memo) & SU._NOEYE) << (2 * need + 1)
    if chows:
        for start in (i - 2, i - 1, i):
            if 0 <= start <= 6 and i - start <= J:
                r2 = room
                for p in range(start, i):
                    if not (r2 >> 3 * p) & 7:
                        break
                    r2 -= 1 << 3 * p
                else:
                    m |= _plain_chow_rest(key - one, r2, J, memo, i + 1, start + 3, i - start)
    m &= (1 << 2 * (J + 1)) - 1
    memo[st] = m
    return m


def _plain_chow_rest(key, room, J, memo, p, end, used):
    if p == end:
        return plain_mask_r(key, room, True, J, memo) << 2 * used
    m = 0
    if (key >> 3 * p) & 7:
        m = _plain_chow_rest(key - (1 << 3 * p), room, J, memo, p + 1, end, used)
    if used < J and (room >> 3 * p) & 7:
        m |= _plain_chow_rest(key, room - (1 << 3 * p), J, memo, p + 1, end, used + 1)
    return m


def _random_suit(rng):
    chows = rng.random() < 0.8
    n = 9 if chows else 7
    J = rng.choice((0, 1, 2, 3, 4, 4))
    counts = [0] * n
    for _ in range(rng.randrange(0, 15 - J)):
        p = rng.randrange(n)
        if counts[p] < 4:
            counts[p] += 1
    room = tuple(min(J, max(0, 4 - counts[p] - rng.choice((0, 0, 0, 1, 2, 4)))) for p in range(n))
    return chows, n, J, counts, room


@pytest.mark.parametrize("seed", range(4))
def test_the_memoised_split_search_finds_the_plain_searchs_splits_in_its_order(seed):
    rng = random.Random(seed)
    for _ in range(150):
        chows, n, J, counts, room = _random_suit(rng)
        if rng.random() < 0.3:
            room = None
        if rng.random() < 0.3:
            JK._SPLIT_MEMO.clear()
        assert JK.suit_splits(tuple(counts), chows, J, room) == plain_splits(counts, chows, J, room), (counts, J, room)


def test_a_short_suit_with_chows_splits_as_the_plain_search_splits_it():
    rng = random.Random(7)
    for _ in range(100):
        n = rng.choice((3, 5, 7))
        counts = [rng.choice((0, 0, 1, 1, 2, 3)) for _ in range(n)]
        J = rng.choice((0, 1, 2))
        assert JK.suit_splits(tuple(counts), True, J) == plain_splits(counts, True, J), (counts, J)


@pytest.mark.parametrize("seed", range(4))
def test_the_bounded_mask_is_the_plain_searchs_mask(seed):
    rng = random.Random(100 + seed)
    for _ in range(300):
        chows, n, J, counts, room = _random_suit(rng)
        key = sum(c << 3 * p for p, c in enumerate(counts))
        r = sum(v << 3 * p for p, v in enumerate(room))
        if not key:
            continue
        assert JK.suit_mask_r(key, r, chows, J) == plain_mask_r(key, r, chows, J, {}), (counts, J, room)


@pytest.mark.parametrize("seed", range(3))
def test_a_suits_splits_with_fei_read_from_the_bags_are_the_general_searchs(seed):
    """The readings take a suit's splits with Fei straight from the search's bags (jokers._splits_fei): the
    same splits, in the same order, with absolute tiles and each split's sets in reading order, as
    :func:`suit_splits` gives."""
    rng = random.Random(200 + seed)
    for _ in range(150):
        chows, n, J, counts, room = _random_suit(rng)
        if not J:
            continue
        s = rng.choice((0, 1, 2)) if chows else 3
        base = SU.SUIT_BASE[s]
        key = sum(c << 3 * p for p, c in enumerate(counts))
        r = None if rng.random() < 0.3 else sum(v << 3 * p for p, v in enumerate(room))
        want = tuple(
            (u, None if e is None else base + e, ej,
             tuple(sorted(((kind, base + t, j) for kind, t, j in ss), key=lambda x: (x[1], x[0], x[2]))))
            for u, e, ej, ss in plain_splits(counts, chows, J, None if r is None else room))
        assert JK._splits_fei(s, key, J, r) == want, (counts, J, r)
