"""Paohuzi notation: cards, shown groups, context words; every error names the token and column."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjcli.errors import ContextError, HandError, ParseError
from mjcli.games.paohuzi.cards import check, code, parse

GOOD = [
    # id, text, concealed codes, shown texts, win, self, heavenly
    ("spaced", "x1 x2 x3 d4", ["x1", "x2", "x3", "d4"], [], "d4", False, False),
    ("back-to-back", "x1x2x3d4", ["x1", "x2", "x3", "d4"], [], "d4", False, False),
    ("greedy-ten", "x10x1 d10", ["x1", "x10", "d10"], [], "d10", False, False),
    ("upper-case", "X1 D10", ["x1", "d10"], [], "d10", False, False),
    ("chinese-small", "一二三十", ["x1", "x2", "x3", "x10"], [], "x10", False, False),
    ("chinese-big", "壹贰叁拾", ["d1", "d2", "d3", "d10"], [], "d10", False, False),
    ("chinese-traditional", "貳參陸", ["d2", "d3", "d6"], [], "d6", False, False),
    ("mixed-scripts", "x1 壹 d2", ["x1", "d1", "d2"], [], "d2", False, False),
    ("win-explicit", "x1x2x3 @x2 self", ["x1", "x2", "x3"], [], "x2", True, False),
    ("win-chinese", "x1x2x3 @二", ["x1", "x2", "x3"], [], "x2", False, False),
    ("last-written-card", "x3 x1 x2", ["x1", "x2", "x3"], [], "x2", False, False),
    ("shown-groups", "x1 [x2x3x4] [x5x5x5] (d6d6d6) [x7x7x7x7] (d8d8d8d8) [x2x7x10] [x9x9d9]",
     ["x1"], ["[x2x3x4]", "[x5x5x5]", "(d6d6d6)", "[x7x7x7x7]", "(d8d8d8d8)", "[x2x7x10]", "[x9x9d9]"],
     "x1", False, False),
    ("shown-sorted", "[x3x1x2] x1", ["x1"], ["[x1x2x3]"], "x1", False, False),
    ("heavenly", "(x1x1x1x1) x2 heavenly", ["x2"], ["(x1x1x1x1)"], None, False, True),
    ("comment", "x1 x2 # a note", ["x1", "x2"], [], "x2", False, False),
]


@pytest.mark.parametrize("text,conc,shown,win,self_,heavenly", [c[1:] for c in GOOD], ids=[c[0] for c in GOOD])
def test_parse_good(text, conc, shown, win, self_, heavenly):
    h = parse(text)
    assert [code(c) for c in h.concealed] == conc
    assert [g.text for g in h.shown] == shown
    assert (code(h.win) if h.win is not None else None) == win
    assert h.self_revealed == self_ and h.heavenly == heavenly


def test_shown_kinds():
    h = parse("x1 [x2x3x4] [x1x2x3] [d2d7d10] [x9x9d9] [x5x5x5] (d6d6d6) [x7x7x7x7] (d8d8d8d8)")
    assert [g.kind for g in h.shown] == ["run", "run_123", "run_2710", "mixed", "peng", "wei", "pao", "ti"]


BAD = [
    # id, text, words in the message, column
    ("unknown-card", "x1 y2", "unknown card 'y2'", 4),
    ("number-eleven", "x1 x11", "card 'x11'", 4),
    ("number-zero", "x0", "card 'x0'", 1),
    ("leading-zero", "x01", "card 'x01'", 1),
    ("bare-number", "x1 5", "write x5 (small) or d5 (big)", 4),
    ("letter-alone", "x1x", "'x' with no number", 3),
    ("bad-in-run", "x1x2q3", "unknown card 'q3'", 5),
    ("illegal-chi", "x1 [x1x2x4]", "not a legal chi or peng", 4),
    ("run-across-sizes", "x1 [x1x2d3]", "not a legal chi or peng", 4),
    ("wei-not-alike", "x1 (x1x2x3)", "is not a wei", 4),
    ("four-not-alike", "x1 [x5x5x5x6]", "is not four alike", 4),
    ("five-in-group", "x1 [x1x2x3x4x5]", "has 5 cards", 4),
    ("two-in-group", "x1 [x1x1]", "has 2 cards", 4),
    ("unclosed", "x1 [x1x2", "is not closed", 4),
    ("never-opened", "x1 x2]", "never opened", 4),
    ("empty-group", "x1 []", "empty group", 4),
    ("win-not-in-hand", "x1x2 @x9", "winning card x9 is not among the hand cards", 6),
    ("bare-at", "x1 @", "'@' with no card", 4),
    ("win-two-cards", "x1 @x1x2", "names 2 cards", 5),
    ("mahjong-word", "x1 seat=E", "unknown word 'seat=E'", 4),
    ("zimo", "x1 zimo", "unknown word 'zimo'", 4),
]


@pytest.mark.parametrize("text,words,col", [c[1:] for c in BAD], ids=[c[0] for c in BAD])
def test_parse_bad(text, words, col):
    with pytest.raises(ParseError) as exc:
        parse(text)
    assert words in exc.value.message
    assert exc.value.message.endswith(f"(at column {col})")


def test_heavenly_with_a_winning_card_is_a_context_error():
    # a contradiction of context words: code invalid_context, naming both words (issue 13)
    with pytest.raises(ContextError) as exc:
        parse("x1 @x1 heavenly")
    assert exc.value.code == "invalid_context"
    assert "heavenly contradicts @x1" in exc.value.message and exc.value.message.endswith("(at column 4)")


def test_empty():
    with pytest.raises(ParseError, match="empty hand"):
        parse("   ")


CHECKS = [
    ("five-copies", "x5x5x5 [x5x5x5]", None, "6 copies of x5"),
    ("four-loose", "x5x5x5x5 x1", None, "four x5 loose in the hand"),
    ("four-loose-not-the-winner", "x5x5x5x5 x1 @x1", 21, "four x5 loose in the hand"),
    ("win-size", "x1x2x3", 21, "3 cards: a winning hand has 21"),
    ("win-size-with-two-ti", "(x1x1x1x1) (x2x2x2x2) x3", 21, "with 2 ti/pao has 22"),
    ("wait-size", "x1x2x3", 20, "a hand waiting on its last card has 20"),
]


@pytest.mark.parametrize("text,size,words", [c[1:] for c in CHECKS], ids=[c[0] for c in CHECKS])
def test_check_errors(text, size, words):
    with pytest.raises(HandError) as exc:
        check(parse(text), size)
    assert words in exc.value.message


def test_four_loose_is_fine_when_the_winning_card_makes_them():
    check(parse("x5x5x5x5 x3x3d3 x4x4d4 x6x6d6 x8x8d8 x9x9d9 d10d10 @x5"), 21)


def test_canonical_text_round_trips():
    h = parse("d10 x2x1 [x5x5x5] (d6d6d6d6) @x1 self")
    assert h.text() == "x1 x2 d10 [x5x5x5] (d6d6d6d6) @x1 self"
    assert parse(h.text()) == h


CARD_TEXT = st.sampled_from([f"{s}{n}" for s in "xd" for n in range(1, 11)] + list("一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾"))


@given(st.lists(st.lists(CARD_TEXT, min_size=1, max_size=5), min_size=1, max_size=8))
def test_any_cards_parse_and_round_trip(words):
    text = " ".join("".join(w) for w in words)
    h = parse(text)
    assert len(h.concealed) == sum(len(w) for w in words)
    assert parse(h.text()) == h


@given(st.text(max_size=40))
def test_any_text_parses_or_fails_with_a_parse_error(text):
    try:
        parse(text)
    except ParseError as exc:
        assert exc.message and "\n" not in exc.message
