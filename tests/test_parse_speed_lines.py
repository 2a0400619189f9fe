"""The parser keeps a line's canonical text on its hand when it read the tiles in canonical form (tiles._plain_tiles,
speed, issue 29): format_hand gives it as is, and it is the text format_hand makes of the same hand from its values
(the full parser's hand, which has none kept), on lines that nearly take that path too."""

from __future__ import annotations

import random

import pytest

from mjcli.mahjong import tiles
from mjcli.mahjong.tiles import format_hand, parse_hand
from test_fast_path import _full  # the parser's general path (the one-pass reading turned off)


TILE_WORDS = ["123m", "456m", "789m", "55p", "EE", "11z", "123M", "1J3p", "123m456p", "SSS", "PP", "CCC", "99s",
              "147m", "258p", "369s", "ESWNPFC", "19m"]
MELDS = ["[123p]", "+123p", "[CCC]", "+CCC", "(5555p)", "_5555p", "{EEEE}", "++EEEE", "[55Jp]"]
CANONICAL = ["123456789m 234p 55s", "19m 19p 19s ESWNPFCC", "147m 258p 369s EESSS", "11m EE", "67778p", "55s",
             "12355p CCC"]
AFTER = ["zimo", "tsumo", "ZIMO", "self-drawn", "seat=S", "seat=E", "seat=south", "round=W", "round=E",
         "last-tile", "rob-kong", "heavenly", "last-discard", "lian=2", "kong-replacement", "| f1", "| s2 f1",
         ": F1 cat", "|f3", "| J", "| s1 s1"]


@pytest.mark.parametrize("text", [
    "123m 456m 789m 234p 55s @5s",
    "123m 456m 789m 234p 55s @5s zimo",
    "123m 456m 789m 234p 55s @5s tsumo seat=S round=W last-tile",
    "123m 456m 789m 234p 55s @5s round=W seat=S",        # the words in another order: the canonical order kept
    "123m 456m 789m 234p 55s @5s seat=E round=E",         # seat E and round E are not written
    "55s 234p 123m 456m 789m @5s",                        # suits out of order: no text kept
    "67778p [999p] [678p] [EEE] @7p | f4 s1 zimo",       # the bar after @T: written before it
    "67778p +999p +678p +EEE @7p : s1 F4",                # melds in their shell-safe spelling
    "67778p [999p] [678p] [EEE] @1z",                     # E only in a meld: an error both ways
    "123m 456m 789m EE [CCC] @1z zimo",                   # @T in z digits
    "123m 456m 789m 234p 55s  @5s",                       # two spaces
    "123m 456m 789m 234p 55s @5s  zimo",
    "123m 456m 789m 234p 5s @5s",                         # 13 tiles and @T: the tile added, no text kept
    "123m 456m 789m 234p 55s @5s lian=3",
    "123m 456m 789m 234p 55s @5s heavenly",
    "123m 1J3m 789m 234p 55s @5s",                        # a Fei
    "19m 19p 19s ESWNPFCC @C | f1 f2 f3 f4 s1 s2 s3 s4 seat=W",
])
def test_the_kept_text_is_format_hand_of_the_hand(text):
    for complete in (False, True):
        try:
            want = format_hand(_full(text, complete))
        except Exception as exc:  # noqa: BLE001 - the error is the answer, both ways
            with pytest.raises(type(exc)):
                parse_hand(text, complete=complete)
            continue
        hand = parse_hand(text, complete=complete)
        assert format_hand(hand) == want, text
        kept = hand.__dict__.get("_line")
        assert kept is None or kept == want


def test_generated_lines_keep_format_hands_text():
    rng = random.Random("kept-line")
    kept = 0
    for _ in range(3000):
        words = [rng.choice(TILE_WORDS) for _ in range(rng.randint(1, 5))] if rng.random() < 0.5 else [
            rng.choice(CANONICAL)]
        words += [rng.choice(MELDS) for _ in range(rng.choice((0, 0, 1, 2)))]
        after = [rng.choice(AFTER) for _ in range(rng.choice((0, 1, 2, 3)))]
        text = " ".join(words) + " @" + rng.choice(["5s", "E", "1z", "C", "5p", "J"])
        if after:
            text += " " + " ".join(after)
        for complete in (False, True):
            try:
                want = format_hand(_full(text, complete))
            except Exception:  # noqa: BLE001 - not a hand; the fast path's errors are test_fast_path's
                continue
            hand = parse_hand(text, complete=complete)
            assert format_hand(hand) == want, text
            assert format_hand(hand, win=False) == format_hand(_full(text, complete), win=False), text
            kept += hand.__dict__.get("_line") is not None
    assert kept > 500  # the kept text is exercised


def test_a_one_suit_word_reads_as_the_general_loop_reads_it():
    # _fast_word reads a word of digits and one suit letter at once (speed, issue 29): the tiles, suit, increment
    # and order that the loop over its tiles gives (words that nearly are one: a Fei, two suits, honour letters)
    rng = random.Random("one-suit-word")
    words = ["123m", "1J3p", "123m456p", "EEJ", "11z", "8z", "0m", "5P", "99999999s", "111111111m", "ESW", "m"]
    for _ in range(3000):
        digits = "".join(sorted(rng.choices("123456789", k=rng.randint(1, 5)))) if rng.random() < 0.6 else "".join(
            rng.choices("1234567899", k=rng.randint(1, 5)))
        words.append(digits + rng.choice("mpszMPSZ"))
    for word in words:
        got = tiles._fast_word(word)
        read = tiles._compact_tiles(word)
        if read is None:
            assert got is None, word
            continue
        real = [t for t in read if t != tiles.JOKER]
        suits = {tiles.SUIT_OF[t] for t in real}
        if len(suits) != 1:
            continue  # several suits, or Fei alone: the loop's own
        suit = suits.pop()
        inc = sum(tiles.PLACE_INC[t] for t in real)
        order = suit if len(real) == len(read) and tiles._suit_text(suit, inc) == word else -1
        assert got == (tuple(read), suit, inc, order), word
