"""Every ASCII spelling of the notation takes the parser's fast path, and reads there as the full parser reads it.

The fast path (``tiles._plain_tiles``) gives up on anything it does not know, and the full parser then reads the
line; so the check is two-sided: the documented spellings below are taken (no slow path for hands written as
riichi tools write them, ``77m333444p333666z @6z``), and on those and on generated lines of every kind each line
reads the same both ways (the same hand, the same canonical text, the same error).
"""

import random

import pytest

from mjcli.mahjong import tiles
from mjcli.mahjong.tiles import format_hand, hand_keys, parse_hand

SPELLINGS = [
    "77m333444p333666z @6z",                      # compact, as riichi tools write it
    "1112345678999m 9m",
    "123456789m234p55s @5s",
    "123m456p789s11z22z @2z zimo",
    "123m 456m789m 123p55p @5p",                  # spaced and compact mixed
    "123M 456M 789M 234P 55S",                    # suit letters in upper case
    "123m 456m 789m 234p eee",                    # honours in lower case
    "123m 456m 789m 234p PP CCC",
    "111p 999p 1J3p 55p [777p] | cat face J seat=S",
    "111p999p13Jp55p [777p] : a1 k2 j seat=south",
    "13pJ 111p 999p 55p [777p]",
    "jj 111p 999p 55p 777p",
    "123m,456m,789m 234p 55s",                    # commas
    "123m 456m 789m 234p 55s@5s",                 # the winning tile glued
    "123M,456M,789M 234P 5S@5S",
    "123m 456m 789m 234p 55s @5s tsumo",
    "123m 456m 789m 234p 55s @5s self-drawn round=W seat=nan",
    "123m 456m 789m 234p 55s last-tile ZIMO",
    "234p 567p EE [CCC] [FFF] | f1 s1 zimo seat=E",
    "234p 567p EE +CCC +FFF : F1 S1",
    "123m 456m 99s +EEE _SSSS @9s : f1 s1",
    "123m 456m 99s ++EEEE [123p] |f1",
    "123m 456m 789m 234p 55s @5s | f1",
    "123m 456m 789m 234p 5s @5s",                 # 13 tiles and @T
    "123m456m789m234p5s @5S",
    "123m 456m 789m 234p 55s @5s heavenly kong-on-kong",
]


def _full(text, complete):
    saved = tiles._plain_tiles
    tiles._plain_tiles = lambda _text: None
    try:
        return parse_hand(text, complete=complete)
    finally:
        tiles._plain_tiles = saved


def _read(read, text, complete):
    try:
        h = read(text, complete)
    except Exception as exc:  # the error is the answer
        return type(exc).__name__, str(exc)
    return h, h.win_added, h.clashes, format_hand(h), hand_keys(h)


def _same(text):
    for complete in (False, True):
        assert _read(lambda t, c: parse_hand(t, complete=c), text, complete) == _read(_full, text, complete), text


@pytest.mark.parametrize("text", SPELLINGS)
def test_every_documented_ascii_spelling_takes_the_fast_path(text):
    assert tiles._plain_tiles(text) is not None, text
    _same(text)


def test_compact_reads_as_spaced():
    assert parse_hand("77m333444p333666z @6z") == parse_hand("77m 333444p WWWFFF @F")
    assert format_hand(parse_hand("123m456p789s11z22z @2z zimo")) == "123m 456p 789s EESS @S zimo"


@pytest.mark.parametrize("text", ["123m 456m 789m 234p pp", "123m 456m 789m 234p 8z", "123m 0m", "123m 5E",
                                  "123m # a comment", "123m @2p 456m", "123m 456m seat=S seat=W", "f1 123m",
                                  "🀇🀈🀉 123m", "123m | x9", "123m @5p @5p", "123m456 EE", "M 123m"])
def test_the_rest_goes_to_the_full_parser(text):
    # not the fast path's: the full parser names the problem (or reads a spelling the fast path leaves to it)
    assert tiles._plain_tiles(text) is None
    _same(text)


TILE_WORDS = ["123m", "456m", "789m", "55p", "EE", "ee", "11z", "1J3p", "13pJ", "123m456p", "9m9m", "123M", "5P",
              "SS", "PP", "cc", "fff", "j", "J", "12Jm", "777s", "44444p", "1112345678999m", "8z", "0m", "pp", "M"]
MELDS = ["[123p]", "+CCC", "_5555p", "++5555p", "[55Jp]", "(555p)", "[124p]", "{EEEE}", "+ccc"]
CONTEXT = ["zimo", "ZIMO", "tsumo", "self-drawn", "seat=S", "seat=east", "seat=q", "round=W", "round=3z",
           "last-tile", "Heavenly", "rob-kong", "@5p", "@E", "@e", "@5P", "@J", "@8z", "@1m", "@5s", "zimo"]
BONUS = ["f1", "F1", "s1", "a1", "cat", "J", "j", "k2", "face", "s5"]


def test_generated_lines_read_the_same_both_ways():
    rng = random.Random(28)
    taken = 0
    for _ in range(3000):
        words = [rng.choice(TILE_WORDS) for _ in range(rng.randint(1, 6))]
        words += [rng.choice(MELDS) for _ in range(rng.choice((0, 0, 1, 2)))]
        context = [rng.choice(CONTEXT) for _ in range(rng.choice((0, 1, 2, 3)))]
        if rng.random() < 0.4:
            bonus = [rng.choice(BONUS) for _ in range(rng.randint(1, 3))]
            bonus[0] = rng.choice(("| ", ": ", "|")) + bonus[0]
            k = rng.randint(0, len(context))
            context[k:k] = bonus
        if rng.random() < 0.1:
            rng.shuffle(words)
        text = " ".join(words + context)
        if rng.random() < 0.2:
            text = text.replace(" @", "@", 1)
        if rng.random() < 0.1:
            text = text.replace(" ", ",", 2)
        taken += tiles._plain_tiles(text) is not None
        _same(text)
    assert taken > 500  # the fast path is exercised, not only the full parser


@pytest.mark.parametrize("text, common", [
    ("67778p [999p] [678p] [EEE] @7p | f4 zimo", True),   # tile words, melds, @T, then the words after it
    ("12222333m NNNFFF @F | s2 s3 last-discard", True),
    ("123m 456m 789m 234p 5s @5s", True),                 # 13 tiles and @T
    ("67778p [999p] [678p] [EEE] zimo @7p", False),       # a context word before @T
    ("67778p [999p] [678p] [EEE] | f4 @7p", False),       # the bar before @T
    ("67778p  [999p] [678p] [EEE] @7p", False),           # two spaces
    ("67778p [999p] [678p] [EEE] @7P zimo", False),       # @T not as the canonical text writes it
])
def test_the_common_line_is_read_without_a_fast_line(monkeypatch, text, common):
    # the common line (tile words, melds, @T, the words after it) is read in _plain_tiles itself; one that nearly
    # is goes to _plain_words, and both read as the full parser reads them
    words = []
    read = tiles._plain_words
    monkeypatch.setattr(tiles, "_plain_words", lambda s, at: words.append(s) or read(s, at))
    for _ in range(2):  # the words not met before, then met
        assert tiles._plain_tiles(text) is not None
    assert not words if common else len(words) == 2
    monkeypatch.undo()
    _same(text)
