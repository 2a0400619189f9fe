"""The fans of the Chinese Official table read off small tables and worked out with fewer steps (issue 29,
speed): each answers as the rule book's plain wording does, checked here on every input, and the shortcuts of
:mod:`mjcli.games.mcr.fans` against the general path they skip, with hands that nearly take them."""

from __future__ import annotations

import itertools

from mjcli.games.mcr import fans as F

CHOW_STARTS = [9 * s + r for s in range(3) for r in range(7)]


def _suit(t):
    return t // 9 if t < 27 else 3


def _rank(t):
    return t % 9


def _plain_two_chows(a, b):
    if _suit(a) != _suit(b):
        return "mixed_double_chow" if _rank(a) == _rank(b) else None
    if abs(a - b) == 3:
        return "short_straight"
    if sorted((_rank(a), _rank(b))) == [0, 6]:
        return "two_terminal_chows"
    return "pure_double_chow" if a == b else None


def _plain_three_chows(a, b, c):
    suits = len({_suit(a), _suit(b), _suit(c)})
    ranks = sorted((_rank(a), _rank(b), _rank(c)))
    if suits == 3:
        if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
            return "mixed_shifted_chows"
        if ranks[0] == ranks[2]:
            return "mixed_triple_chow"
        return "mixed_straight" if ranks == [0, 3, 6] else None
    if suits == 2:
        return None
    if b - a == c - b == 3:
        return "pure_straight"
    if b - a == c - b in (1, 2):
        return "pure_shifted_chows"
    return "pure_triple_chow" if a == b == c else None


def _plain_three_pungs(a, b, c):
    tiles = (a, b, c)
    if all(t < 27 for t in tiles):
        suits = len({_suit(t) for t in tiles})
        ranks = sorted(_rank(t) for t in tiles)
        if suits == 3 and ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
            return "mixed_shifted_pungs"
        if suits == 3 and ranks[0] == ranks[2]:
            return "triple_pung"
        return "pure_shifted_pungs" if suits == 1 and b == a + 1 and c == b + 1 else None
    if all(27 <= t <= 30 for t in tiles):
        return "big_three_winds"
    return "big_three_dragons" if tiles == (31, 32, 33) else None


def test_two_chows_read_off_the_table_are_the_plain_fans():
    for a, b in itertools.product(CHOW_STARTS, repeat=2):
        assert F._two_chows(a, b) == _plain_two_chows(a, b), (a, b)


def test_three_chows_read_off_the_tables_are_the_plain_fans():
    for a, b, c in itertools.combinations_with_replacement(CHOW_STARTS, 3):
        assert F._three_chows(a, b, c) == _plain_three_chows(a, b, c), (a, b, c)


def test_three_pungs_read_off_the_table_are_the_plain_fans():
    for a, b, c in itertools.combinations(range(34), 3):
        assert F._three_pungs(a, b, c) == _plain_three_pungs(a, b, c), (a, b, c)


def test_the_pair_fans_cut_or_not_are_the_counted_ones():
    # fewer pair fans than the most allowed: all of them (the shortcut); more: the lowest kinds cut first
    assert sorted(F._cut(["short_straight", None, "pure_double_chow"], 2)) == ["pure_double_chow", "short_straight"]
    assert sorted(F._cut(["short_straight", "two_terminal_chows", "pure_double_chow"], 2)) == \
        ["pure_double_chow", "short_straight"]
    assert sorted(F._cut(["mixed_double_chow"] * 2 + ["two_terminal_chows"] * 2, 3)) == \
        ["mixed_double_chow", "mixed_double_chow", "two_terminal_chows"]
    assert F._cut([None, None, None], 2) == []
