"""A fast path from text to tiles for plain hands (issue 6).

Most lines in a pipeline are plain concealed tiles, such as
``123m 456m 789m 23p EE``: digit runs with a suit letter, honour letters,
free Fei, perhaps a winning tile ``@5p`` and ``zimo``. :func:`plain_tiles` reads such a line a word at a time
with a table look-up per character; anything else (melds, bonus tiles, context
words, a comment, a Fei inside a digit run, two runs in one word, any mistake) gives
``None`` and the full parser in :mod:`mjcli.tiles` takes the line, so errors
and every other notation keep their one place. This module imports nothing
from mjcli, so :mod:`mjcli.tiles` can use it without a cycle.

>>> plain_tiles("123m 456m 789m 23p EE")
((0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 27, 27), 0, 27, False)
>>> plain_tiles("55p J") == ((13, 13), 1, 34, False)
True
>>> plain_tiles("123m 456m 789m 234p 55s @2p zimo")[2:]
(10, True)
>>> plain_tiles("123m [CCC]") is None
True
"""

from __future__ import annotations

_JOKER = 34
_SUIT_TABLE = {s: {str(n): b + n - 1 for n in range(1, 10)} for s, b in (("m", 0), ("p", 9), ("s", 18))}
_SUIT_TABLE["z"] = {str(n): 26 + n for n in range(1, 8)}
_LETTER = {ch: 27 + i for i, ch in enumerate("ESWNPFC")}
_LETTER["J"] = _JOKER
MAX_PLAIN = 120  # longer lines go to the full parser


def _context(s: str):
    """Split off trailing ``@T`` and ``zimo`` words: (tiles text, winning tile or None, self-drawn), or None."""
    win = None
    self_drawn = False
    while True:
        head, _, last = s.rpartition(" ")
        if last == "zimo" and not self_drawn:
            self_drawn = True
        elif last[:1] == "@" and win is None and head:
            code = last[1:]
            if len(code) == 1:
                win = _LETTER.get(code)
            elif len(code) == 2 and code[1] in _SUIT_TABLE:
                win = _SUIT_TABLE[code[1]].get(code[0])
            if win is None:
                return None
        else:
            return s, win, self_drawn
        s = head.rstrip(" ")


def plain_tiles(text: str):
    """``(real tiles sorted, free Fei, winning tile, self-drawn)`` for a plain line, else None.

    A plain line is concealed tiles, then optionally ``@T`` and ``zimo``; each
    word is one run of digits and its suit letter (``123m``) or honour letters
    and Fei (``EEJ``). With no ``@T`` the winning tile is the last tile
    written, as in the full parser.
    """
    s = text.strip()
    if len(s) > MAX_PLAIN:
        return None
    win = None
    self_drawn = False
    if "@" in s or s.endswith("zimo"):
        ctx = _context(s)
        if ctx is None:
            return None
        s, win, self_drawn = ctx
    tiles: list[int] = []
    try:
        for token in s.split(" "):
            if not token:
                continue  # a run of spaces
            table = _SUIT_TABLE.get(token[-1])
            if table is None:
                for ch in token:  # honour letters and Fei
                    tiles.append(_LETTER[ch])
            elif len(token) > 1:
                for ch in token[:-1]:  # digits, then their suit letter
                    tiles.append(table[ch])
            else:
                return None
    except KeyError:
        return None  # anything else (two runs in one word, a Fei in a run, a mistake): the full parser
    if not tiles:
        return None
    if win is None:
        win = tiles[-1]
    elif win not in tiles:
        return None
    jokers = tiles.count(_JOKER)
    if jokers:
        tiles = [t for t in tiles if t != _JOKER]
    tiles.sort()
    return tuple(tiles), jokers, win, self_drawn
