"""Tiles and the hand notation (``../shared/NOTATION.md``): parse and format.

Inside the library a tile is an integer 0..33 (``m`` 0-8, ``p`` 9-17,
``s`` 18-26, honours 27-33 in the order E S W N P F C) and a Fei joker is
:data:`JOKER`. At every edge a tile is an MPSZ code such as ``5p`` or ``1z``.

>>> h = parse_hand("123m 456m 789m 123p 55p @5p")
>>> format_hand(h)
'123456789m 12355p @5p'
>>> tile_code(h.win)
'5p'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from operator import eq
from typing import Iterable

from ..errors import HandError, ParseError
from ..words import FLAG_WORDS

JOKER = 34
SUITS = "mps"
HONOUR_LETTERS = "ESWNPFC"  # 1z..7z
WIND_TILES = (27, 28, 29, 30)
DRAGON_TILES = (31, 32, 33)
TERMINALS = (0, 8, 9, 17, 18, 26)
ORPHANS = TERMINALS + tuple(range(27, 34))
WINDS = "ESWN"

CHOW, PONG, KONG = "chow", "pong", "kong"
CLAIMED, ADDED, CONCEALED = "claimed", "added", "concealed"
_BRACKETS = {CLAIMED: "[]", ADDED: "{}", CONCEALED: "()"}

# Bonus tiles: canonical token -> (family, number). Faces are four identical tiles.
BONUS_TOKENS = {
    **{f"f{i}": ("flower", i) for i in range(1, 5)},
    **{f"s{i}": ("season", i) for i in range(1, 5)},
    "cat": ("animal", 1),
    "mouse": ("animal", 2),
    "rooster": ("animal", 3),
    "centipede": ("animal", 4),
    "face": ("face", 0),
    "J": ("fei", 0),
}
BONUS_ALIASES = {"a1": "cat", "a2": "mouse", "a3": "rooster", "a4": "centipede",
                 "k1": "face", "k2": "face", "k3": "face", "k4": "face", "j": "J"}
BONUS_ORDER = {tok: i for i, tok in enumerate(BONUS_TOKENS)}

# ``lian=N``: the dealer has won (or kept the deal) N times running before this hand; kept in ``Hand.flags`` as
# written (``lian=2``) and read only at a table that scores the continuing dealer (a ``lian_zhuang`` pattern)
LIAN = "lian="
LIAN_PATTERN = "lian_zhuang"
LIAN_MOST = 99
GLYPHS = (
    [chr(0x1F007 + i) for i in range(9)]      # m
    + [chr(0x1F019 + i) for i in range(9)]    # p
    + [chr(0x1F010 + i) for i in range(9)]    # s
    + [chr(c) for c in (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)]
    + ["\u2605"]  # a Fei has no Unicode tile; a star stands in
)

# What a tile glyph, a Chinese honour or a bonus-tile glyph reads as (issue 11). Bonus tiles are mapped by
# name, not by code-point offset: the Unicode order is plum, orchid, bamboo, chrysanthemum.
GLYPH_IN = {g: (str(i % 9 + 1), SUITS[i // 9]) for i, g in enumerate(GLYPHS[:27])}
GLYPH_IN.update({g: (HONOUR_LETTERS[i], "") for i, g in enumerate(GLYPHS[27:34])})
GLYPH_IN.update({ch: (letter, "") for ch, letter in zip("東南西北中發白发", "ESWNCFPF")})
GLYPH_IN["\u2605"] = GLYPH_IN["\U0001F02A"] = ("J", "")  # the star --glyphs prints for a Fei; the joker tile
BONUS_GLYPHS = {"\U0001F022": "f1", "\U0001F023": "f2", "\U0001F025": "f3", "\U0001F024": "f4",
                "\U0001F026": "s1", "\U0001F027": "s2", "\U0001F028": "s3", "\U0001F029": "s4"}
BONUS_GLYPH_OUT = {tok: g for g, tok in BONUS_GLYPHS.items()}
BONUS_GLYPH_OUT["J"] = "\u2605"
TILE_BACK = "\U0001F02B"

# Full-width ASCII forms (issue 27): what a CJK phone keyboard types, U+FF01..U+FF5E (１２３ｍ, Ｅ, ＠, ｜) and the
# ideographic space, read as the ASCII they stand for. Nothing else is widened: no NFKC, no half-width forms.
FULL_WIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)}
FULL_WIDTH[0x3000] = 0x20


def ascii_forms(text: str) -> str:
    """``text`` with its full-width ASCII forms as ASCII (one character for one, so columns stay).

    >>> ascii_forms("１２３ｍ　Ｅ＠５ｐ")
    '123m E@5p'
    """
    return text if text.isascii() else text.translate(FULL_WIDTH)


def tile_code(t: int) -> str:
    """MPSZ code of a tile index.

    >>> tile_code(0), tile_code(31), tile_code(JOKER)
    ('1m', '5z', 'J')
    """
    if t == JOKER:
        return "J"
    if t >= 27:
        return f"{t - 26}z"
    return f"{t % 9 + 1}{SUITS[t // 9]}"


def tile_from_code(code: str) -> int:
    """Tile index from an MPSZ code or an honour letter.

    >>> tile_from_code("5p"), tile_from_code("C"), tile_from_code("7z")
    (13, 33, 33)
    """
    if code == "J":
        return JOKER
    if len(code) == 1 and code in HONOUR_LETTERS:
        return 27 + HONOUR_LETTERS.index(code)
    if len(code) == 2 and code[0].isdigit():
        n, s = int(code[0]), code[1]
        if s in SUITS and 1 <= n <= 9:
            return SUITS.index(s) * 9 + n - 1
        if s == "z" and 1 <= n <= 7:
            return 26 + n
    raise ParseError(f"unknown tile {code!r}; write a tile as 1-9 with m p s (5p) or 1-7z or E S W N P F C")


def parse_tile(code: str) -> int:
    """One tile in any spelling a hand takes (``5p``, ``5P``, ``e``, ``🀝``, ``東``, ``J``), for ``--win``.

    >>> [tile_code(parse_tile(c)) for c in ("5P", "e", "\U0001F01D", "東", "j")]
    ['5p', '1z', '5p', '1z', 'J']
    """
    code = ascii_forms(code)
    try:
        return tile_from_code(code)
    except ParseError:
        pass
    words = [w for w, _ in _tokens(code)]
    tiles = _parse_tiles(words[0], 1) if len(words) == 1 else []
    if len(tiles) != 1:
        raise ParseError(f"{code!r} is not one tile; write a tile as 1-9 with m p s (5p) or 1-7z or E S W N P F C")
    return tiles[0]


def tile_glyph(t: int) -> str:
    return GLYPHS[t]


def suit_of(t: int) -> str:
    """``m``, ``p``, ``s`` or ``z``."""
    return "z" if t >= 27 else SUITS[t // 9]


def is_honour(t: int) -> bool:
    return 27 <= t < 34


def is_terminal(t: int) -> bool:
    return t < 27 and t % 9 in (0, 8)


@dataclass(frozen=True)
class Meld:
    """A set shown on the table (or a concealed kong).

    ``tiles`` are the tiles the set stands for (a Fei already replaced);
    ``jokers`` holds the positions in ``tiles`` that are Fei.
    """

    kind: str
    tiles: tuple[int, ...]
    exposure: str = CLAIMED
    jokers: tuple[int, ...] = ()

    @property
    def tile(self) -> int:
        return self.tiles[0]

    @property
    def concealed(self) -> bool:
        return self.exposure == CONCEALED

    def text(self) -> str:
        """The meld as the canonical text writes it (``[123p]``), kept on it: a meld is a frozen value, and the
        parser's fast path gives every line that writes it the same one (speed, issue 29)."""
        text = self.__dict__.get("_text")
        if text is None:
            open_, close = _BRACKETS[self.exposure]
            text = self.__dict__["_text"] = open_ + _run_text(self.tiles, self.jokers) + close
        return text


def _run_text(tiles: tuple[int, ...], jokers: tuple[int, ...] = ()) -> str:
    t0 = tiles[0]
    if is_honour(t0):
        return "".join("J" if i in jokers else HONOUR_LETTERS[t - 27] for i, t in enumerate(tiles))
    return "".join("J" if i in jokers else str(t % 9 + 1) for i, t in enumerate(tiles)) + suit_of(t0)


@dataclass(frozen=True)
class Hand:
    """A parsed hand. Concealed tiles are sorted; free Fei are counted in ``jokers``."""

    concealed: tuple[int, ...] = ()
    jokers: int = 0
    melds: tuple[Meld, ...] = ()
    bonus: tuple[str, ...] = ()
    win: int | None = None
    self_drawn: bool = False
    seat: str = "E"
    round: str = "E"
    flags: frozenset[str] = field(default_factory=frozenset)
    # context words written twice with different values: (key, first, second), e.g. ("seat", "seat=S", "seat=W");
    # an error unless a command-line option replaces that word (see :mod:`mjcli.mahjong.context`)
    clashes: tuple[tuple[str, str, str], ...] = field(default=(), compare=False)
    # a 13-tile hand with its winning tile written after @ (or --win): the tile was added to make the 14
    win_added: bool = field(default=False, compare=False)

    @property
    def size(self) -> int:
        """Tiles in hand, a kong counted as three (14 for a complete hand)."""
        return len(self.concealed) + self.jokers + 3 * len(self.melds)

    def counts(self) -> list[int]:
        """Counts of the 34 kinds in the concealed part (Fei not included), a new list each time: read off the
        suit keys (:func:`hand_keys`), each suit's counts kept by its key, and kept on the hand (a frozen value;
        the readings and a game's facts both ask: speed, issue 29)."""
        d = self.__dict__
        keys = d.get("_keys") or hand_keys(self)
        kept = d.get("_counts")
        if kept is not None and kept[0] is keys:  # kept with the keys it was read from: a hand made from another's
            return kept[1].copy()                  # fields (waits.py) with keys of its own reads its own counts
        k0, k1, k2, k3 = keys
        nine, seven = _KEY_COUNTS[9], _KEY_COUNTS[7]
        c = [*(nine.get(k0) or key_counts(k0, 9)), *(nine.get(k1) or key_counts(k1, 9)),
             *(nine.get(k2) or key_counts(k2, 9)), *(seven.get(k3) or key_counts(k3, 7))]
        if sum(c) != len(self.concealed):  # eight or more of a kind (a hand validate refuses) overflow a place
            c = [0] * 34
            for t in self.concealed:
                c[t] += 1
        d["_counts"] = (keys, c)
        return c.copy()

    def visible_counts(self) -> list[int]:
        """Counts of the 34 kinds the player can see in their own hand and melds."""
        c = self.counts()
        for m in self.melds:
            for i, t in enumerate(m.tiles):
                if i not in m.jokers:
                    c[t] += 1
        return c

    def jokers_total(self) -> int:
        """Fei held, in melds, and drowned."""
        return self.jokers + sum(len(m.jokers) for m in self.melds) + self.bonus.count("J")

    def has_flag(self, flag: str) -> bool:
        return flag in self.flags

    @property
    def is_concealed(self) -> bool:
        return all(m.concealed for m in self.melds)

    def with_tile(self, t: int, **changes) -> "Hand":
        """This hand plus one concealed tile, which becomes the winning tile."""
        if t == JOKER:
            return replace(self, jokers=self.jokers + 1, win=JOKER, **changes)
        return replace(self, concealed=tuple(sorted(self.concealed + (t,))), win=t, **changes)

    def without_win(self) -> "Hand":
        """The hand before its winning tile arrived (13 tiles)."""
        if self.win is None:
            return self
        if self.win == JOKER:
            return replace(self, jokers=self.jokers - 1, win=None)
        lst = list(self.concealed)
        lst.remove(self.win)
        return replace(self, concealed=tuple(lst), win=None)


# A suit's tiles as one integer key: 3 bits a place (the count of that tile), m p s and the honours
# (see mjcli.mahjong.decompose, whose tables are keyed so).
SUIT_OF = tuple(min(t // 9, 3) for t in range(34))
PLACE_INC = tuple(1 << 3 * (t - 9 * SUIT_OF[t]) for t in range(34))


def hand_keys(hand: Hand) -> tuple:
    """The four suit keys (m, p, s, honours) of the hand's concealed tiles, worked out once a hand (kept on it:
    a hand is a frozen value, and :func:`dataclasses.replace` makes a new one without them)."""
    keys = hand.__dict__.get("_keys")
    if keys is None:
        k = [0, 0, 0, 0]
        for t in hand.concealed:
            k[SUIT_OF[t]] += PLACE_INC[t]
        keys = hand.__dict__["_keys"] = tuple(k)
    return keys


_KEY_COUNTS: dict = {9: {}, 7: {}}  # places -> {suit key: the counts of its places}


def key_counts(key: int, places: int = 9) -> tuple:
    """The counts of the ``places`` places of a suit key, kept by key (see :meth:`Hand.counts`).

    >>> key_counts(0o30201), key_counts(0o2, 7)
    ((1, 0, 2, 0, 3, 0, 0, 0, 0), (2, 0, 0, 0, 0, 0, 0))
    """
    kept = _KEY_COUNTS[places]
    if len(kept) > 100_000:
        kept.clear()
    got = kept[key] = tuple([(key >> 3 * r) & 7 for r in range(places)])
    return got


_new = object.__new__


def make_hand(concealed, jokers, melds, bonus, win, self_drawn, seat, round_, flags, win_added=False,
              keys=None) -> Hand:
    """``Hand(concealed, jokers, melds, bonus, win, self_drawn, seat, round_, flags, win_added=win_added)`` for
    values already checked (``concealed`` sorted), made without the frozen dataclass's init (``wait`` makes two a
    winning tile, the parser one a plain line: speed, issue 15). ``keys``: the concealed tiles' suit keys
    (:func:`hand_keys`) when the caller has them."""
    h = _new(Hand)
    h.__dict__.update(concealed=concealed, jokers=jokers, melds=melds, bonus=bonus, win=win, self_drawn=self_drawn,
                      seat=seat, round=round_, flags=flags, clashes=(), win_added=win_added)
    if keys is not None:
        h.__dict__["_keys"] = keys
    return h


# --------------------------------------------------------------------------
# Parsing

_GROUP = re.compile(r"(\d+|[A-Za-z])")


def _col_error(msg: str, col: int) -> ParseError:
    """The problem, its column, then the fix: ``... in '123x' (at column 4); suits are m p s z``."""
    problem, sep, fix = msg.partition("; ")
    return ParseError(f"{problem} (at column {col}){sep}{fix}")


_AMBIGUOUS = {
    "p": "White is P (upper case), a dot tile needs its digits (5p)",
    "s": "South is S (upper case), a bamboo tile needs its digits (5s), a season goes after '|' (s1)",
}


def _parse_tiles(text: str, col: int, allow_joker: bool = True) -> list[int]:
    """Parse a run like ``123m456pEEJ`` into tile indexes; Fei as JOKER.

    Also read (issue 11): a suit letter in upper case after digits (``123M``), the honours
    ``e w n c f`` and the Fei ``j`` in lower case; a lower-case ``p`` or ``s`` with no digits
    before it is ambiguous and an error that says how to write each meaning.
    """
    out: list[int] = []
    digits = ""
    start = 0
    for i, ch in enumerate(text):
        if ch.isdigit() and ch.isascii():
            if not digits:
                start = i
            digits += ch
        elif ch in "mpsz" or (digits and ch in "MPSZ"):
            if not digits:
                if ch in _AMBIGUOUS:
                    raise _col_error(f"{ch!r} with no digits before it in {text!r} is ambiguous; {_AMBIGUOUS[ch]}",
                                     col + i)
                raise _col_error(f"suit letter {ch!r} with no digits before it in {text!r}; write e.g. 5{ch}", col + i)
            ch = ch.lower()
            for d in digits:
                n = int(d)
                if ch == "z":
                    if not 1 <= n <= 7:
                        raise _col_error(f"honour number {n} out of range in {text!r}; honours are 1z-7z", col + start)
                    out.append(26 + n)
                else:
                    if n == 0:
                        raise _col_error(f"tile number 0 in {text!r}; tiles are 1-9", col + start)
                    out.append(SUITS.index(ch) * 9 + n - 1)
            digits = ""
        elif ch in HONOUR_LETTERS or (ch in "ewncf" and not digits):
            if digits:
                raise _col_error(f"digits {digits!r} with no suit letter in {text!r}; add m, p, s or z", col + start)
            out.append(27 + HONOUR_LETTERS.index(ch.upper()))
        elif ch in "Jj":
            if digits:
                # a Fei inside a digit run, e.g. 1J3p: free, so keep it and go on with the run
                out.append(JOKER)
                continue
            if not allow_joker:
                raise _col_error(f"a Fei (J) in {text!r}", col + i)
            out.append(JOKER)
        else:
            if digits and ch.isalpha():
                raise _col_error(
                    f"unknown suit letter {ch!r} in {text!r}; suits are m p s z", col + i
                )
            raise _col_error(
                f"unexpected character {ch!r} in {text!r}; tiles are digits with m p s z, or E S W N P F C, or J",
                col + i,
            )
    if digits:
        raise _col_error(f"digits {digits!r} with no suit letter in {text!r}; add m, p, s or z", col + start)
    return out


def _from_glyphs(token: str, col: int) -> str:
    """A token with tile glyphs or Chinese honours in MPSZ (``🀇🀈🀉`` -> ``123m``); a bonus glyph becomes its own word.

    A run of glyphs of one suit shares one suit letter, and a Fei written after suited glyphs goes
    before their letter, so ``[🀝🀝★]`` reads as ``[55Jp]`` (a Fei in a meld takes its written place).
    """
    out: list[str] = []
    suit = ""  # the suit letter that closes ``out`` when the last piece was a suited glyph
    for ch in token:
        if ch in "\ufe0e\ufe0f":  # a variation selector after a glyph (🀄️)
            continue
        code = GLYPH_IN.get(ch)
        if code is None:
            if ch in BONUS_GLYPHS:
                out.append(f" {BONUS_GLYPHS[ch]} ")
            elif ch == TILE_BACK:
                raise _col_error(f"the tile back {ch!r} in {token!r} names no tile; write the tile itself", col)
            else:
                out.append(ch)
            suit = ""
            continue
        face, s = code
        if s and s == suit:  # 🀇🀈: one run, one letter
            out[-1] = out[-1][:-1] + face + s
        elif face == "J" and suit:  # 🀝★: the Fei inside the run
            out[-1] = out[-1][:-1] + "J" + suit
            continue
        else:
            out.append(face + s)
        suit = s
    return "".join(out)


_WORD = re.compile(r"\S+")
_GLUED_AT = re.compile(r"\S@")


def _tokens(text: str):
    """The words of a line with their columns: commas separate words too, ``@`` glued to the tiles starts a word,
    glyphs read as MPSZ (issue 11)."""
    for m in re.finditer(r"[^\s,]+", text):
        token, col = m.group(), m.start() + 1
        if not token.isascii():
            words = _from_glyphs(token, col).split()
        else:
            words = (token,)
        for word in words:
            at = word.find("@", 1)
            if at > 0:  # 55s@5s: the tiles, then the winning tile
                yield word[:at], col
                yield word[at:], col + at
            else:
                yield word, col


# The shell-safe spellings of a meld (issue 27): a prefix in place of the brackets, which bash, zsh and fish
# read as a glob, a brace or a subshell; ``++`` is tried before ``+``.
MELD_PREFIXES = {"++": ADDED, "+": CLAIMED, "_": CONCEALED}
MELD_STARTS = "[{(+_"  # the first character of a meld word, in either spelling


def _parse_meld(token: str, col: int) -> Meld:
    """A meld word: ``[123p]`` ``{5555p}`` ``(5555p)``, or as typed unquoted ``+123p`` ``++5555p`` ``_5555p``."""
    open_ = token[0]
    prefix = ""
    if open_ in "+_":
        prefix = "++" if token.startswith("++") else open_
        exposure = MELD_PREFIXES[prefix]
        inner = token[len(prefix):]
        if not inner:
            example = "+123p" if prefix == "+" else prefix + "5555p"
            raise _col_error(f"empty meld {token!r}; write its tiles after the {prefix}, e.g. {example}", col)
        open_, close = {CLAIMED: "[]", ADDED: "{}", CONCEALED: "()"}[exposure]
        pairs = {open_: close}
    else:
        close = token[-1]
        pairs = {"[": "]", "{": "}", "(": ")"}
        if len(token) < 2 or close != pairs[open_]:
            raise _col_error(f"meld {token!r} is not closed; write it as {open_}...{pairs[open_]} with no spaces", col)
        inner = token[1:-1]
        if not inner:
            raise _col_error(f"empty meld {token!r}; write its tiles inside, e.g. [123p]", col)
        exposure = {"[": CLAIMED, "{": ADDED, "(": CONCEALED}[open_]
    if not inner.isupper() or not inner.isalpha():  # typed spellings (issue 11): [123P], [ccc], [55jp]
        inner = _meld_spelling(inner, token, col)
    # place-aware reading: each J takes the suit of its run and the place it is written
    m = re.fullmatch(r"([1-9J]+)([mps])|([1-7J]+)z|([ESWNPFCJ]+)", inner)
    if not m:
        if re.fullmatch(r"[0-9J]+[a-z]", inner):
            raise _col_error(f"unknown suit letter {inner[-1]!r} in meld {token!r}; suits are m p s z", col)
        example = "+123p or +CCC" if prefix else "[123p] or [CCC]"
        raise _col_error(f"meld {token!r} is not one run of a single suit; write e.g. {example}", col)
    jokers: list[int] = []
    if m.group(2):
        digits, suit = m.group(1), m.group(2)
        base = SUITS.index(suit) * 9 - 1  # tile index = base + number
        nums = [None if d == "J" else int(d) for d in digits]
    elif m.group(3) is not None:
        digits = m.group(3)
        base = 26
        suit = "z"
        nums = [None if d == "J" else int(d) for d in digits]
    else:
        letters = m.group(4)
        base = 26
        suit = "z"
        nums = [None if d == "J" else HONOUR_LETTERS.index(d) + 1 for d in letters]
    n = len(nums)
    jokers = [i for i, v in enumerate(nums) if v is None]
    real = [v for v in nums if v is not None]
    if not real:
        raise _col_error(f"meld {token!r} has no real tile; a set keeps at least one real tile", col)
    if n == 4:
        if jokers:
            raise _col_error(f"meld {token!r} is a kong holding a Fei; a kong never holds a Fei", col)
        if len(set(real)) != 1:
            raise _col_error(f"meld {token!r} is not a legal kong; a kong is four of one tile", col)
        return Meld(KONG, tuple(base + real[0] for _ in range(4)), exposure, ())
    if n != 3:
        raise _col_error(f"meld {token!r} has {n} tiles; a set has 3 (chow, pong) or 4 (kong)", col)
    if exposure != CLAIMED and prefix:
        raise _col_error(f"meld {token!r} is a set of 3 written {prefix}...; only kongs are written {prefix}... "
                         f"(e.g. {prefix}5555p), shown chows and pongs are +123p", col)
    if exposure != CLAIMED:
        raise _col_error(
            f"meld {token!r} is a set of 3 in {open_}{pairs[open_]}; only kongs are written {open_}...{pairs[open_]}, "
            "shown chows and pongs go in [...]",
            col,
        )
    if len(set(real)) == 1:
        # a pong, unless the Fei sit where a run would put them (e.g. [4J6p] is handled below)
        if len(real) == 3 or not _fits_run(nums):
            return Meld(PONG, tuple(base + real[0] for _ in range(3)), exposure, tuple(jokers))
    if suit != "z" and _fits_run(nums):
        first = next(v - i for i, v in enumerate(nums) if v is not None)
        if 1 <= first <= 7:
            return Meld(CHOW, tuple(base + first + i for i in range(3)), exposure, tuple(jokers))
    if suit == "z" and len(set(real)) == 1:
        return Meld(PONG, tuple(base + real[0] for _ in range(3)), exposure, tuple(jokers))
    raise _col_error(f"meld {token!r} is not a legal set; a chow is three in a row of one suit, a pong three alike", col)


def _meld_spelling(inner: str, token: str, col: int) -> str:
    """A meld's tiles as typed -> canonical: the suit letter in either case after digits, ``j`` for J, the
    honours ``e w n c f`` in lower case; a lower-case ``p`` or ``s`` alone is ambiguous."""
    if not inner.isascii():
        return inner
    inner = inner.replace("j", "J")
    if re.fullmatch(r"[0-9J]*[0-9][0-9J]*[MPSZ]", inner):
        return inner[:-1] + inner[-1].lower()
    if re.fullmatch(r"J+[mpsz]", inner):  # [JJJp]: no real tile, named below
        return inner
    if re.fullmatch(r"[ESWNPFCJewncfps]+", inner):
        for ch in inner:
            if ch in _AMBIGUOUS:
                raise _col_error(f"{ch!r} in meld {token!r} is ambiguous; {_AMBIGUOUS[ch]}", col)
        return inner.upper()
    return inner


def _fits_run(nums: list) -> bool:
    """True if the written places form consecutive numbers (Fei filling gaps)."""
    first = None
    for i, v in enumerate(nums):
        if v is not None:
            if first is None:
                first = v - i
            elif v != first + i:
                return False
    return first is not None and 1 <= first and first + len(nums) - 1 <= 9


# a wind as typed, ASCII case folded (issue 11): the letter, the English word, the Mandarin word, 1z..4z,
# the Chinese character
WIND_WORDS = {**{w: w for w in WINDS},
              **dict(zip(("EAST", "SOUTH", "WEST", "NORTH"), WINDS)),
              **dict(zip(("DONG", "NAN", "XI", "BEI"), WINDS)),
              **dict(zip(("1Z", "2Z", "3Z", "4Z"), WINDS)),
              **dict(zip("東南西北", WINDS))}


def wind_letter(value: str) -> str | None:
    """The wind letter a typed wind names (``east``, ``East``, ``E``, ``dong``, ``1z``, ``東``), else None.

    Case is folded in ASCII only: ``"ſ".upper()`` is ``"S"`` in Python, and it is not a wind here.

    >>> wind_letter("east"), wind_letter("Nan"), wind_letter("w"), wind_letter("\u017f"), wind_letter("up")
    ('E', 'S', 'W', None, None)
    """
    v = ascii_forms(value.strip())
    return WIND_WORDS.get(v.upper() if v.isascii() else v)


def _seat_value(word: str, value: str, col: int) -> str:
    v = wind_letter(value)
    if v is not None:
        return v
    raise _col_error(f"{word}={value!r} is not a wind; write {word}=E, S, W or N (or east, nan, ...)", col)


_NO_FLAGS: frozenset[str] = frozenset()
_FLAG_SET = frozenset(FLAG_WORDS)


# --- the fast path -----------------------------------------------------------
# Most lines in a pipeline are written in the ASCII spellings: ``123m 456m 789m 23p EE``, or compact as riichi
# tools write them (``123456789m23p11z``): digit runs with a suit letter in either case, honour letters or
# ``z`` digits, free Fei anywhere, melds in either spelling, the bar and bonus tiles, a winning tile ``@5p``
# (glued or not), ``zimo`` and the other context words, commas for spaces. :func:`_plain_tiles` reads such a
# line a word at a time with a table look-up per character; anything else (glyphs, a comment, a word written
# twice, any mistake) gives ``None`` and :func:`parse_hand` reads the line in full, so errors and the rarer
# spellings keep their one place. Every line the fast path takes reads as the full parser reads it
# (tests/test_fast_path.py, and benchmarks/spellings.py on generated hands).

_FAST_SUIT = {s: {str(n): b + n - 1 for n in range(1, 10)} for s, b in (("m", 0), ("p", 9), ("s", 18))}
_FAST_SUIT["z"] = {str(n): 26 + n for n in range(1, 8)}
_FAST_LETTER = {ch: 27 + i for i, ch in enumerate("ESWNPFC")}
_FAST_LETTER["J"] = JOKER
_FAST_MAX = 120  # longer lines go to the full parser


def _fast_win(code: str):
    """The tile of a plain line's ``@T`` (``5p``, ``E``, ``J``), or None."""
    if len(code) == 1:
        t = _FAST_LETTER.get(code)
    elif len(code) == 2 and code[1] in _FAST_SUIT:
        t = _FAST_SUIT[code[1]].get(code[0])
    else:
        t = None
    if t is None:
        tiles = _compact_tiles(code)  # 5P, e, j
        return tiles[0] if tiles and len(tiles) == 1 else None
    return t


# ``@T`` as the canonical text writes it (``@5p``, ``@E``, ``@J``) and in ``z`` digits -> its tile, looked up whole
# before :func:`_fast_win` reads a rarer spelling (speed, issue 29)
_WIN_WORDS = {**{"@" + _run_text((t,)): t for t in range(34)}, **{f"@{n}z": 26 + n for n in range(1, 8)}, "@J": JOKER}
_SELF_DRAWN_WORDS = ("zimo", "self-drawn", "tsumo")
_CONTEXT_STARTS = frozenset("zZsStTrRlLkKbBhHeE")  # the first letters of the context words, in either case
_GLUED_AT_SPLIT = re.compile(r"(\S)@")

_FAST_WORDS: dict = {}  # a word of a plain line -> (its tiles, its suit, its suit key's increment, its order)


def _fast_word(token: str):
    """``(tiles, suit, increment, order)`` of one tile word of a line (``123m``, ``EEJ``, ``123m456p11z``): its
    tiles in the order the full parser reads them, the suit they are in (0-3: m p s, honours; 4: more than
    one), what they add to that suit's key (:func:`hand_keys`; a Fei adds nothing; for suit 4, a tuple of the
    four keys' increments) and, when the word is its suit's run as :func:`format_tiles` writes it, the suit
    again (else -1: words in canonical form, their suits in order, are the canonical text), or None when it is
    not such a word.

    >>> tiles, suit, incs, order = _fast_word("77m333444p333666z")
    >>> suit, incs == (2 * PLACE_INC[6], 3 * PLACE_INC[11] + 3 * PLACE_INC[12], 0, 3 * PLACE_INC[29] + 3 * PLACE_INC[32])
    (4, True)
    >>> _fast_word("1J3p")[0], _fast_word("11M")[:3], _fast_word("pp")
    ((34, 9, 11), ((0, 0), 0, 2), None)
    """
    table = _FAST_SUIT.get(token[-1])
    try:
        if table is None:
            tiles = tuple([_FAST_LETTER[ch] for ch in token])  # honour letters and Fei
        elif len(token) > 1:
            tiles = tuple([table[ch] for ch in token[:-1]])  # digits, then their suit letter
            # one suit and no Fei: its key's increment at once (speed, issue 29), the same as the loop below
            suit = SUIT_OF[tiles[0]]
            inc = sum([PLACE_INC[t] for t in tiles])
            return tiles, suit, inc, suit if (_SUIT_TEXT[suit].get(inc) or _suit_text(suit, inc)) == token else -1
        else:
            return None
    except KeyError:
        tiles = _compact_tiles(token)  # several runs in one word (123m456p11z), typed spellings, a Fei in a run
        if tiles is None:
            return None
        tiles = tuple(tiles)
    suit, inc = -1, 0
    incs = [0, 0, 0, 0]
    for t in tiles:
        if t != JOKER:
            suit = SUIT_OF[t] if suit in (-1, SUIT_OF[t]) else 4
            incs[SUIT_OF[t]] += PLACE_INC[t]
            inc += PLACE_INC[t]
    if suit == 4:  # more than one suit: the word adds to each suit's key
        return tiles, 4, tuple(incs), -1
    suit = 3 if suit == -1 else suit
    order = suit if JOKER not in tiles and (_SUIT_TEXT[suit].get(inc) or _suit_text(suit, inc)) == token else -1
    return tiles, suit, inc, order


# what each character of a compact word is: a digit, a suit letter (P and S are honours too: see below), an honour
_COMPACT = {**{d: d for d in "123456789"}, **{ch: ch for ch in "ESWNPFC"}, **{ch: ch.upper() for ch in "ewncf"},
            **{ch: ch.lower() for ch in "mpszMPSZ"}, "J": "J", "j": "J"}


def _compact_tiles(token: str):
    """The tiles of a word as :func:`_parse_tiles` reads it, in its order (a Fei met inside a digit run comes
    before the run's tiles), or None for a word it refuses or one of another kind: the full parser then reads
    it. Digits close with a suit letter in either case; without digits before them ``E S W N P F C`` (and
    ``e w n c f``) are honours and ``p s`` a mistake; ``J`` or ``j`` is a Fei anywhere."""
    out: list[int] = []
    digits = ""
    for ch in token:
        c = _COMPACT.get(ch)
        if c is None:
            return None
        if c.isdigit():
            digits += c
        elif c == "J":
            out.append(JOKER)
        elif c in "mpsz" and (digits or ch in "mpsz"):
            if not digits:
                return None
            table = _FAST_SUIT[c]
            for d in digits:
                t = table.get(d)
                if t is None:  # 8z
                    return None
                out.append(t)
            digits = ""
        elif digits:  # an honour letter after digits
            return None
        else:
            t = _FAST_LETTER.get(ch.upper())  # an honour, in either case but p s (M and Z alone: a mistake)
            if t is None:
                return None
            out.append(t)
    return None if digits else out


_FAST_MELDS: dict = {}  # a meld word of a plain line (either spelling) -> its Meld


def _fast_meld(token: str):
    """The :class:`Meld` of a meld word on the fast path (``[123p]``, ``+123p``, ``(5555p)``, ``_5555p``), or None
    when it is not one: the full parser then names the problem with its column."""
    meld = _FAST_MELDS.get(token)
    if meld is None and token.isascii():
        try:
            meld = _parse_meld(token, 1)
        except ParseError:
            return None
        if len(_FAST_MELDS) > 50_000:
            _FAST_MELDS.clear()
        _FAST_MELDS[token] = meld
    return meld


def _plain_tiles(text: str):
    """``(real tiles sorted, free Fei, winning tile, self-drawn, suit keys, tiles text, melds, bonus, seat, round,
    flags, line text)`` for a line in the fast path's spellings, else None. ``tiles text`` is the tiles' words as
    written when they are :func:`format_tiles` of the tiles (each suit's run once, in canonical form, the suits in
    order, no Fei, all of them before the first meld, bar or context word), else None; ``line text``, when the
    tiles text is there and ``@T`` is its first context word, :func:`format_hand` of the line's hand (made of the
    canonical parts of its words: speed, issue 29), else None.

    Such a line is ASCII: concealed tiles and melds, then optionally a bar and bonus tiles, then the context
    words (``@T``, ``zimo``, ``seat=``, ``round=``, the flag words; each once) in any order; words are
    separated by spaces or commas, and ``@T`` may be glued to the word before it. A tile word is runs of
    digits each closed by its suit letter, in either case, and honour letters and Fei (``123m``, ``EEJ``,
    ``123m456p11z``, ``1J3p``, ``eeC``); a meld is written in brackets (``[123p]``) or with its shell-safe
    prefix (``+123p``, ``++5555p``, ``_5555p``), the bar as ``|`` or ``:``, each bonus tile in any of its
    words (``f1``, ``F1``, ``cat``, ``a1``, ``J``). With no ``@T`` the winning tile is the last tile written,
    as in the full parser. The suit keys are the concealed tiles' (:func:`hand_keys`), added up a word at a time.
    It is over 80 lines because the common line is read here with no call a word (speed, issue 29) and these
    examples are the spellings it reads.

    >>> _plain_tiles("123m 456m 789m 23p EE")[:4]
    ((0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 27, 27), 0, 27, False)
    >>> _plain_tiles("55p J") == ((13, 13), 1, 34, False, (0, 0o20000, 0, 0), None, (), (), "E", "E", _NO_FLAGS, None)
    True
    >>> _plain_tiles("11m 123p EE @E")[5], _plain_tiles("123p 11m EE")[5], _plain_tiles("11m 123p  EE")[5]
    ('11m 123p EE', None, None)
    >>> _plain_tiles("11m EE [123p] | f1 @E")[5], _plain_tiles("11m [123p] EE @E")[5], _plain_tiles("[123p] 11m EE")[5]
    ('11m EE', None, None)
    >>> _plain_tiles("123m 456m 789m 234p 55s @2p zimo")[2:4]
    (10, True)
    >>> _plain_tiles("123456789m234p55s@2p tsumo")[:5] == _plain_tiles("123m 456m 789m 234p 55s @2p zimo")[:5]
    True
    >>> [m.text() for m in _plain_tiles("123m +CCC 11p : f1")[6]], _plain_tiles("123m [CCC] 11p | F1")[7]
    (['[CCC]'], ('f1',))
    >>> _plain_tiles("11m 123p EE seat=south last-tile")[8:11]
    ('S', 'E', frozenset({'last-tile'}))
    >>> _plain_tiles("11m EE +123p @E : F1 tsumo last-tile")[11], _plain_tiles("EE 11m @E")[11]
    ('11m EE [123p] | f1 @E zimo last-tile', None)
    >>> _plain_tiles("123m # a comment") is None, _plain_tiles("123m @2p 456m") is None
    (True, True)
    """
    s = text.strip()
    if len(s) > _FAST_MAX or not s.isascii():
        return None
    if "," in s:
        s = s.replace(",", " ")  # commas separate words as spaces do
    if "@" in s and s.count("@") != s.count(" @") and _GLUED_AT.search(s):  # an @ with no space before it
        s = _GLUED_AT_SPLIT.sub(r"\1 @", s)  # 55s@5s: the tiles, then the winning tile
    at = s.find(" @")
    if at <= 0:
        return _plain_words(s, at)
    end = s.find(" ", at + 2)
    win = _WIN_WORDS.get(s[at + 1:end] if end > 0 else s[at + 1:])
    if win is None:
        return _plain_words(s, at)
    # the common line (speed, issue 29): tile words and melds, then @T as the canonical text writes it and the words
    # after it (read as _FastLine.read_rest reads them), with no _FastLine; any other word before @T (a context word,
    # the bar, two spaces) and _plain_words reads the line
    tiles: list[int] = []
    keys = [0, 0, 0, 0]
    melds: list = []
    words, known_melds = _FAST_WORDS, _FAST_MELDS
    last = -1  # the order of the last word (see _fast_word): canonical text while each is above the last
    for token in s[:at].split(" "):
        got = words.get(token)
        if got is None:
            got = known_melds.get(token) or _quick_word(token)
            if got is None:
                return _plain_words(s, at)
            if got.__class__ is Meld:
                if not melds:
                    cut = " " + token  # the first meld: the tiles' text ends before it
                melds.append(got)
                continue
        word_tiles, suit, inc, order = got
        tiles += word_tiles
        if suit < 4:
            keys[suit] += inc
        else:  # a word of several suits (123m456p)
            keys = [k + i for k, i in zip(keys, inc)]
        last = order if order > last and not melds else 9  # tiles after a meld: not the text's order
    if not tiles or (win not in tiles and len(tiles) + 3 * len(melds) != 13):  # 13 tiles and @T: the tile is added
        return None
    if end > 0:
        rest = s[end + 1:]
        after = _AFTER_WIN.get(rest)
        if after is None:
            after = _after_win(rest)
        if not after:
            return None
        self_drawn, seat, round_, flags, bonus, broken, bar, words = after
    else:
        self_drawn, seat, round_, flags, bonus, broken, bar, words = False, "E", "E", _NO_FLAGS, (), False, "", ""
    jokers = tiles.count(JOKER)
    if jokers:
        tiles = [t for t in tiles if t != JOKER]
    tiles.sort()
    if last == 9 or broken:
        text = line = None
    elif not melds:
        text = s[:at]
        line = f"{text}{bar} {_AT_TEXT[win]}{words}"  # format_hand's text, made of canonical parts
    else:
        text = s[:s.index(cut)]
        line = f"{text} {' '.join([m.text() for m in melds])}{bar} {_AT_TEXT[win]}{words}"
    return tuple(tiles), jokers, win, self_drawn, tuple(keys), text, tuple(melds), bonus, seat, round_, flags, line


def _quick_word(token: str):
    """A word :func:`_plain_tiles` meets before ``@T`` that it has not read before: a tile word's
    :func:`_fast_word` entry, a meld word's :class:`Meld`, both memoised as :meth:`_FastLine.other` memoises
    them, else None: :func:`_plain_words` reads the line (a context word, the bar, a run of spaces, a mistake)."""
    if not token:
        return None
    first = token[0]
    if first in MELD_STARTS:
        return _fast_meld(token)
    if first in _CONTEXT_STARTS:  # perhaps a context word: _plain_words reads the line
        read = _CONTEXT_READS.get(token)
        if read is None:
            read = _context_read(token)
        if read is not False:
            return None
    elif first in "@|:":
        return None
    got = _fast_word(token)
    if got is not None:
        if len(_FAST_WORDS) > 50_000:
            _FAST_WORDS.clear()
        _FAST_WORDS[token] = got
    return got


def _plain_words(s: str, at: int):
    """:func:`_plain_tiles` of the line ``s`` (its commas read, its glued ``@`` split; ``at``: where its first
    `` @`` is, or -1) a word at a time with a :class:`_FastLine`, as any line the common reading leaves."""
    line = _FastLine()
    tiles: list[int] = []
    keys = [0, 0, 0, 0]
    words = _FAST_WORDS
    last = -1  # the order of the last word (see _fast_word): canonical text while each is above the last
    body, rest = s, ""  # the words up to @T, read here, and those after it (line.read_rest)
    if at > 0:
        end = s.find(" ", at + 2)
        if end > 0:
            body, rest = s[:end], s[end + 1:]
    for token in body.split(" "):
        got = words.get(token)
        if got is None or line.context:
            got = line.other(token, tiles)
            if got is None:
                return None
            if got is _SKIP:
                continue
        word_tiles, suit, inc, order = got
        tiles += word_tiles
        if suit < 4:
            keys[suit] += inc
        else:  # a word of several suits (123m456p)
            keys = [k + i for k, i in zip(keys, inc)]
        last = order if order > last and line.cut is None else 9  # tiles after a meld: not the text's order
    if rest and not line.read_rest(rest, tiles):
        return None
    if not tiles:
        return None
    text = None if last == 9 or line.broken else s if line.cut is None else s[:s.index(line.cut)]
    return line.result(tiles, keys, text)


_SKIP = ()  # _FastLine.other: the word is read, no tiles to add

_CONTEXT_READS: dict = {}  # a word of a plain line -> what _context_read makes of it (a word's every line the same)
_BONUS_READS: dict = {}  # a word after the bar -> its bonus tile, "" when it is none


def _context_read(token: str):
    """What a word is as a context word on the fast path, whatever the line: ``(slot, value)`` for one it reads
    (the :class:`_FastLine` slot it sets), ``()`` for one it leaves to the full parser (a wind it does not
    know, ``lian=``), False for no context word. Memoised: a line's context words are mostly the words of
    other lines (speed, issue 29).

    >>> _context_read("Zimo"), _context_read("seat=south"), _context_read("LAST-TILE")
    (('self_drawn', True), ('seat', 'S'), ('flags', 'last-tile'))
    >>> _context_read("lian=2"), _context_read("seat=up"), _context_read("EEE")
    ((), (), False)
    """
    low = token.lower()
    if low in _SELF_DRAWN_WORDS:
        read = ("self_drawn", True)
    elif low in FLAG_WORDS:
        read = ("flags", low)
    elif "=" in low:
        key = low.partition("=")[0]
        value = wind_letter(token.partition("=")[2])
        read = () if value is None or key not in ("seat", "round") else (key, value)
    else:
        read = False
    if len(_CONTEXT_READS) > 50_000:
        _CONTEXT_READS.clear()
    _CONTEXT_READS[token] = read
    return read


def _bonus_read(token: str) -> str:
    """The canonical bonus tile a word after the bar names (``F1`` ``f1``, ``a1`` ``cat``, ``j`` ``J``), ""
    when it names none; memoised (speed, issue 29).

    >>> _bonus_read("F1"), _bonus_read("a1"), _bonus_read("j"), _bonus_read("5p")
    ('f1', 'cat', 'J', '')
    """
    tok = BONUS_ALIASES.get(token.lower(), token.lower())
    if tok == "j":
        tok = "J"
    if tok not in BONUS_TOKENS:
        tok = ""
    if len(_BONUS_READS) > 50_000:
        _BONUS_READS.clear()
    _BONUS_READS[token] = tok
    return tok


class _FastLine:
    """What :func:`_plain_tiles` has read of a line besides its tile words: the context words, the melds and
    the bonus tiles (``cut``: the first word that is none of the tiles', after a space; ``broken``: a run of
    spaces, the line's words are not the text's)."""

    __slots__ = ("win", "self_drawn", "seat", "round", "flags", "context", "cut", "melds", "bonus", "broken")

    def __init__(self):
        self.win = self.seat = self.round = self.flags = self.cut = self.bonus = None
        self.self_drawn = self.context = self.broken = False  # context: a context word or the bar has come
        self.melds: list = []

    def other(self, token: str, tiles: list):
        """A word that is no known tile word (or comes after a context word): ``_SKIP`` when it is read, a tile
        word's ``_fast_word`` entry, or None when the line needs the full parser."""
        if not token:
            self.broken = True  # a run of spaces: not the canonical text
            return _SKIP
        meld = _FAST_MELDS.get(token)  # a meld word read before: no other word it could be (speed, issue 29)
        if meld is not None and not self.context:
            self.melds.append(meld)
            self.cut = self.cut or " " + token
            return _SKIP
        if token[0] == "@":
            if self.win is not None or not tiles:
                return None
            self.win = _WIN_WORDS.get(token)
            if self.win is None:
                self.win = _fast_win(token[1:])
            if self.win is None:
                return None
            return self._context(token)
        if token[0] in _CONTEXT_STARTS:  # perhaps a context word (zimo, seat=S, last-tile...)
            read = self._word(token)
            if read is not False:
                return read
        if token[0] in "|:" and self.bonus is None:  # the bar (after the tiles or the context words)
            self.bonus = []
            self.context = True
            self.cut = self.cut or " " + token
            if token == "|" or token == ":":
                return _SKIP
            if token[0] == ":":
                return None
            token = token[1:]  # |f1: the bar glued to a bonus tile
        if self.bonus is not None:  # after the bar: bonus tiles in any of their words
            tok = _BONUS_READS.get(token) or _bonus_read(token)
            if tok:
                self.bonus.append(tok)
                return _SKIP
            return None
        if self.context:
            return None  # tiles after a context word: the full parser
        if token[0] in MELD_STARTS:
            meld = _fast_meld(token)
            if meld is None:
                return None
            self.melds.append(meld)
            self.cut = self.cut or " " + token
            return _SKIP
        got = _fast_word(token)
        if got is None:
            return None  # anything else (a comment, a mistake): the full parser
        if len(_FAST_WORDS) > 50_000:
            _FAST_WORDS.clear()
        _FAST_WORDS[token] = got
        return got

    def read_rest(self, rest: str, tiles: list) -> bool:
        """The words after ``@T`` (``rest``) read, False when the line needs the full parser. After ``@T`` no word
        is a tile: when ``@T`` was the line's first context word, what they set is the same on every line they
        end, and it comes from a memo of such ends (speed, issue 29); otherwise a word at a time."""
        if self.bonus is None and not self.self_drawn and self.seat is None and self.round is None \
                and self.flags is None:
            after = _AFTER_WIN.get(rest)
            if after is None:
                after = _after_win(rest)
            if not after:
                return False
            self.self_drawn, self.seat, self.round, flags, bonus, broken, _bar, _words = after
            if flags:
                self.flags = flags
            if bonus:
                self.bonus = list(bonus)
            if broken:
                self.broken = True
            return True
        for token in rest.split(" "):
            if self.other(token, tiles) is None:
                return False
        return True

    def _context(self, token: str):
        self.context = True
        self.cut = self.cut or " " + token
        return _SKIP

    def _word(self, token: str):
        """A context word read (``_SKIP``), None when it is one written twice or wrong, False when it is none."""
        read = _CONTEXT_READS.get(token)
        if read is None:
            read = _context_read(token)
        if not read:
            return read if read is False else None  # no context word, or one for the full parser
        slot, value = read
        if slot == "flags":
            self.flags = {value} if self.flags is None else self.flags | {value}
        elif getattr(self, slot):  # self_drawn True, or a seat or round already: written twice
            return None  # the full parser notes a clash
        else:
            setattr(self, slot, value)
        return self._context(token)

    def result(self, tiles: list, keys: list, text):
        """The answer of :func:`_plain_tiles` (None when the winning tile is not one of the tiles)."""
        win, melds, bonus, flags = self.win, self.melds, self.bonus, self.flags
        if win is None:
            win = tiles[-1]
        elif win not in tiles and len(tiles) + 3 * len(melds) != 13:  # 13 tiles and @T: the tile is added
            return None
        jokers = tiles.count(JOKER)
        if jokers:
            tiles = [t for t in tiles if t != JOKER]
        tiles.sort()
        if bonus:
            bonus.sort(key=BONUS_ORDER.get)
        return (tuple(tiles), jokers, win, self.self_drawn, tuple(keys), text, tuple(melds), tuple(bonus or ()),
                self.seat or "E", self.round or "E", _NO_FLAGS if flags is None else frozenset(flags), None)


_AFTER_WIN: dict = {}  # the words after a line's @T, when it is its first context word -> what _after_win reads


def _after_win(rest: str) -> tuple:
    """What the words after ``@T`` set, read by :meth:`_FastLine.other` after an ``@T`` that was the line's first
    context word: ``(self-drawn, seat, round, flags, bonus tiles, broken, bar, words)`` as :func:`_plain_tiles`
    gives them (seat and round E when not written, the bonus tiles in their order; ``bar`` and ``words``: the
    canonical text's bar and bonus tiles and its context words, each after a space, as :func:`format_hand`
    writes them before and after ``@T``), or ``()`` when the line needs the full parser; memoised.

    >>> _after_win("| s1 F1 zimo seat=S last-tile")
    (True, 'S', 'E', frozenset({'last-tile'}), ('f1', 's1'), False, ' | f1 s1', ' zimo seat=S last-tile')
    >>> _after_win("@5p"), _after_win("zimo 123m"), _after_win("zimo  seat=E")[5]
    ((), (), True)
    """
    # read here as _FastLine.other reads the words after @T, with no _FastLine and no call a word (most lines end
    # in words of their own: speed, issue 29); each failed word, None
    self_drawn, seat, round_, flags, bonus, broken = False, None, None, None, None, False
    after = ()
    for token in rest.split(" "):
        if not token:
            broken = True  # a run of spaces: not the canonical text
            continue
        first = token[0]
        if first == "@":  # a second @T
            break
        if first in _CONTEXT_STARTS:  # perhaps a context word (zimo, seat=S, last-tile...)
            read = _CONTEXT_READS.get(token)
            if read is None:
                read = _context_read(token)
            if read:
                slot, value = read
                if slot == "flags":
                    flags = {value} if flags is None else flags | {value}
                    continue
                if slot == "self_drawn":
                    if self_drawn:
                        break  # written twice: the full parser notes it
                    self_drawn = True
                elif slot == "seat":
                    if seat:
                        break
                    seat = value
                else:
                    if round_:
                        break
                    round_ = value
                continue
            if read is not False:
                break  # a context word for the full parser (lian=, a wind it does not know)
        if first in "|:" and bonus is None:  # the bar
            bonus = []
            if token == "|" or token == ":":
                continue
            if first == ":":
                break
            token = token[1:]  # |f1: the bar glued to a bonus tile
        if bonus is None:
            break  # a tile or any other word after @T: the full parser
        tok = _BONUS_READS.get(token) or _bonus_read(token)
        if not tok:
            break
        bonus.append(tok)
    else:
        bonus = () if bonus is None else tuple(sorted(bonus, key=BONUS_ORDER.get))
        seat, round_ = seat or "E", round_ or "E"
        flags = _NO_FLAGS if flags is None else frozenset(flags)
        words = _context_words(self_drawn, seat, round_, flags)
        after = (self_drawn, seat, round_, flags, bonus, broken, " | " + " ".join(bonus) if bonus else "",
                 " " + " ".join(words) if words else "")
    if len(_AFTER_WIN) > 50_000:
        _AFTER_WIN.clear()
    _AFTER_WIN[rest] = after
    return after


_AFTER_TILES = [JOKER]  # tiles before @T, for _after_win (after @T no word reads them)


def parse_hand(text: str, *, complete: bool | int = False) -> Hand:
    """Parse one line of mahjong notation into a :class:`Hand` (no variant checks).

    With ``complete`` (score, ``settle --hand``), a hand of 13 tiles (a kong counting 3) with its winning
    tile written after ``@`` is the 14-tile hand with that tile added, as players write it; ``complete`` may
    be the size of a complete hand instead (17 at a table of five sets: 16 tiles and ``@T``).

    >>> parse_hand("234p 567p EE [CCC] [FFF] | f1 s1 zimo seat=S").seat
    'S'
    >>> format_hand(parse_hand("123m 456m 789m 234p 5s @5s", complete=True))
    '123456789m 234p 55s @5s'
    >>> parse_hand("123x")
    Traceback (most recent call last):
    ...
    mjcli.errors.ParseError: unknown suit letter 'x' in '123x' (at column 4); suits are m p s z
    """
    if not text.isascii():
        text = text.translate(FULL_WIDTH)  # full-width ASCII forms as ASCII (issue 27)
    short = (13 if complete is True else complete - 1) if complete else -1  # tiles a hand with @T added has
    plain = _plain_tiles(text)  # issue 6: plain lines skip the full parser (melds and bonus too, issue 27)
    if plain is None:
        return _parse_full(text, short)
    tiles, jokers, win, self_drawn, keys, tiles_text, melds, bonus, seat, round_, flags, line = plain
    size = len(tiles) + jokers + 3 * len(melds)
    if win in tiles or (win == JOKER and jokers) or (complete and "@" in text and size == short):
        added = complete and size == short and "@" in text
        if added:  # as hand.with_tile(win, win_added=True)
            tiles_text = None
            if win == JOKER:
                jokers += 1
            else:
                tiles = tuple(sorted(tiles + (win,)))
                keys = list(keys)
                keys[SUIT_OF[win]] += PLACE_INC[win]
                keys = tuple(keys)
        # the suit keys: added up as the words were read
        h = make_hand(tiles, jokers, melds, bonus, win, self_drawn, seat, round_, flags, added, keys)
        if tiles_text is not None:
            h.__dict__["_text"] = tiles_text  # the tiles as written, already canonical (see _hand_text)
            if line is not None:
                h.__dict__["_line"] = line  # and the whole canonical text (see format_hand)
        return h
    return _parse_full(text, short)


def _parse_full(text: str, short: int) -> Hand:
    """:func:`parse_hand` of a line the fast path does not read: every word, with its column in an error
    (``short``: the tiles of a hand that ``@T`` completes, -1 when it completes none)."""
    if "#" in text:
        text = text[: text.index("#")]
    line = _FullLine()
    if text.isascii() and "," not in text and not _GLUED_AT.search(text):  # words and their columns
        words = [(m.group(), m.start() + 1) for m in _WORD.finditer(text)]
    else:
        words = _tokens(text)
    for token, col in words:
        line.read(token, col)
    concealed, melds, win, win_col = line.concealed, line.melds, line.win, line.win_col
    if not concealed and not melds:
        raise ParseError("empty hand; write the tiles, e.g. 123m 456m 789m 123p 55p")
    written_win = win is not None
    if win is None:
        win = line.last_concealed
    jokers = concealed.count(JOKER)
    real = sorted(t for t in concealed if t != JOKER)
    bonus = tuple(sorted(line.bonus, key=BONUS_ORDER.get))
    if written_win and len(real) + jokers + 3 * len(melds) == short:
        return Hand(tuple(real), jokers, tuple(melds), bonus, None, line.self_drawn, line.seat, line.round,
                    frozenset(line.flags), tuple(line.clashes)).with_tile(win, win_added=True)
    if win is not None and win != JOKER and win not in real:
        raise _col_error(f"winning tile {tile_code(win)} is not in the concealed tiles; @T names one of them", win_col)
    if win == JOKER and not jokers:
        raise _col_error("winning tile J but no Fei in the concealed tiles", win_col)
    return Hand(tuple(real), jokers, tuple(melds), bonus, win, line.self_drawn, line.seat, line.round,
                frozenset(line.flags), tuple(line.clashes))


class _FullLine:
    """What :func:`_parse_full` has read of a line so far, a word at a time."""

    def __init__(self):
        self.concealed: list[int] = []
        self.last_concealed: int | None = None
        self.melds: list[Meld] = []
        self.bonus: list[str] = []
        self.win: int | None = None
        self.win_col = 0
        self.self_drawn = False
        self.seat = "E"
        self.round = "E"
        self.flags: set[str] = set()
        self.clashes: list[tuple[str, str, str]] = []
        self.written: dict[str, tuple] = {}  # context key -> (value, the first word that set it): @5s, seat=S
        self.in_bonus = False
        self.seen_context = False

    def once(self, key: str, value, word: str) -> None:
        first = self.written.setdefault(key, (value, word))
        if first[0] != value:
            self.clashes.append((key, first[1], word))

    def read(self, token: str, col: int) -> None:
        """One word: the bar, a context word, a bonus tile, a meld or tiles (a ParseError when it is none)."""
        low = token.lower() if token.isascii() else token  # the Kelvin sign lowers to k: only ASCII folds
        if token == "|" or token == ":":  # a lone ':' is the bar typed unquoted
            if self.in_bonus:
                raise _col_error(f"a second {token!r}; bonus tiles follow a single '|' (or ':')", col)
            self.in_bonus = True
            return
        if token.startswith("|"):
            self.in_bonus = True
            token, col, low = token[1:], col + 1, low[1:]
        if self._context(token, low, col):
            self.seen_context = True
            return
        if self.in_bonus:
            tok = BONUS_ALIASES.get(low, low)
            if tok == "j" or token == "J":
                tok = "J"
            if tok not in BONUS_TOKENS:
                raise _col_error(
                    f"unknown bonus tile {token!r}; bonus tiles are f1-f4 s1-s4 cat mouse rooster centipede face J",
                    col,
                )
            self.bonus.append(tok)
            return
        self._tiles(token, low, col)

    def _context(self, token: str, low: str, col: int) -> bool:
        """True when the word is a context word (``@T``, zimo, a flag word, ``seat=``, ``round=``), read."""
        if token[0] == "@":
            code = token[1:]
            if not code:
                raise _col_error("'@' with no tile; write the winning tile as @5p or @E", col)
            try:
                tiles = _parse_tiles(code, col + 1)
            except ParseError as exc:
                raise ParseError(f"bad winning tile {token!r}: {exc.message}") from None
            if len(tiles) != 1:
                raise _col_error(f"winning tile {token!r} names {len(tiles)} tiles; name exactly one, e.g. @5p", col)
            self.win, self.win_col = tiles[0], col
            self.once("@", self.win, token)
            return True
        if low in ("zimo", "self-drawn", "tsumo"):
            self.self_drawn = True
            return True
        if low in FLAG_WORDS:
            self.flags.add(low)
            return True
        if "=" in token:
            key, _, value = low.partition("=")
            value = token.partition("=")[2]
            if key == "seat":
                self.seat = _seat_value("seat", value, col)
                self.once("seat", self.seat, token)
            elif key == "round":
                self.round = _seat_value("round", value, col)
                self.once("round", self.round, token)
            elif key == "lian":
                if not (value.isascii() and value.isdigit() and 1 <= int(value) <= LIAN_MOST):
                    raise _col_error(f"{token!r}: write the dealer's wins in a row before this hand as a number "
                                     f"1 to {LIAN_MOST}, e.g. lian=1", col)
                if any(f.startswith(LIAN) for f in self.flags):
                    raise _col_error(f"{token!r}: lian= written twice; write it once", col)
                self.flags.add(f"{LIAN}{int(value)}")
            else:
                raise _col_error(f"unknown context word {token!r}; known: seat=, round=, lian=", col)
            return True
        return False

    def _tiles(self, token: str, low: str, col: int) -> None:
        """A meld or a word of concealed tiles."""
        if token[0] in "+_":  # a meld typed unquoted: +123p, ++5555p, _5555p
            if self.seen_context:
                raise _col_error(f"meld {token!r} after the context words; write melds before @T, zimo, seat=...",
                                 col)
            self.melds.append(_parse_meld(token, col))
            return
        if _is_word(low) and low not in BONUS_TOKENS and low not in BONUS_ALIASES:
            raise _col_error(_unknown_word(token, low), col)
        if self.seen_context:
            raise _col_error(f"tile {token!r} after the context words; write tiles first, then @T, zimo, seat=...", col)
        if (low in BONUS_TOKENS or low in BONUS_ALIASES) and low != "j":
            raise _col_error(f"bonus tile {token!r} before the '|'; write bonus tiles after a '|' (or ':'), "
                             f"e.g. | {low}", col)
        if token[0] in "[{(":
            self.melds.append(_parse_meld(token, col))
            return
        if token[-1] in "]})":
            raise _col_error(f"{token!r} closes a meld that was never opened; open it too, e.g. [123p]", col)
        tiles = _parse_tiles(token, col)
        self.concealed.extend(tiles)
        if tiles:
            self.last_concealed = tiles[-1]


def whole_hand(text: str, command: str, size: int = 14) -> bool:
    """True when ``text`` alone is a complete hand for ``command``: to score, ``size`` tiles (a kong counting
    3; 14 at a table of four sets) or one less with ``@T``; to wait, one less or ``size``.

    >>> whole_hand("123m 456m 789m 234p 55s", "score"), whole_hand("123m", "score")
    (True, False)
    >>> whole_hand("123m 456m 789m 234p 5s @5s", "score"), whole_hand("123m 456m 789m 234p 5s", "wait")
    (True, True)
    """
    try:
        got = parse_hand(text, complete=size if command == "score" else False).size
    except ParseError:
        return False
    return got == size or (command == "wait" and got == size - 1)


_TILE_TEXT = tuple(str(t % 9 + 1) for t in range(27)) + tuple(HONOUR_LETTERS)  # a tile inside its run
_RUN_END = ("m", "p", "s", "")  # what closes a run of each suit (honours have no letter)


def format_tiles(tiles: Iterable[int], jokers: int = 0) -> str:
    """Sorted tiles grouped by suit, honours as letters, Fei last.

    >>> format_tiles([13, 0, 1, 2, 27, 27], 1)
    '123m 5p EE J'
    """
    out = []
    suit = -1
    for t in sorted(tiles):  # one pass: a new suit closes the run before it
        s = t // 9
        if s != suit:
            if suit >= 0:
                out.append(_RUN_END[suit] + " ")
            suit = s
        out.append(_TILE_TEXT[t])
    if suit >= 0:
        out.append(_RUN_END[suit])
    if jokers:
        out.append(" " + "J" * jokers if out else "J" * jokers)
    return "".join(out)


_WIN_TEXT = tuple(_run_text((t,)) for t in range(34)) + ("J",)  # the tile after @
_AT_TEXT = tuple("@" + w for w in _WIN_TEXT)  # the word @T
_SUIT_TEXT = ({}, {}, {}, {})  # per suit: key -> the suit's run as format_tiles writes it
_PLACE_TEXT = tuple(tuple(_TILE_TEXT[9 * s + i] for i in range(9 if s < 3 else 7)) for s in range(4))


def _hand_text(hand: Hand) -> str:
    """:func:`format_tiles` of the hand's concealed tiles and Fei: from its suit keys, one memoised run a suit
    (speed, issue 15), unless a tile is there eight times or more (a key holds 7 at most a place: a hand
    that bad is only quoted in its error)."""
    text = hand.__dict__.get("_text")  # the parser's, when the tiles were written in canonical form
    if text is not None:
        return text
    c = hand.concealed
    if len(c) >= 8 and any(map(eq, c, c[7:])):
        return format_tiles(c, hand.jokers)
    keys = hand.__dict__.get("_keys")
    return _keys_text(hand_keys(hand) if keys is None else keys, hand.jokers)


def _suit_text(s: int, key: int) -> str:
    """The run of suit ``s`` whose key is ``key``, as :func:`format_tiles` writes it (memoised)."""
    table = _SUIT_TEXT[s]
    if len(table) > 50_000:
        table.clear()
    places = _PLACE_TEXT[s]
    text = table[key] = "".join([places[i] * ((key >> 3 * i) & 7) for i in range(len(places))]) + _RUN_END[s]
    return text


def _keys_text(keys, jokers: int = 0) -> str:
    """:func:`format_tiles` of the tiles whose suit keys are ``keys`` (speed, issue 15)."""
    m, p, s, z = keys
    out = []
    if m:
        out.append(_SUIT_TEXT[0].get(m) or _suit_text(0, m))
    if p:
        out.append(_SUIT_TEXT[1].get(p) or _suit_text(1, p))
    if s:
        out.append(_SUIT_TEXT[2].get(s) or _suit_text(2, s))
    if z:
        out.append(_SUIT_TEXT[3].get(z) or _suit_text(3, z))
    if jokers:
        out.append("J" * jokers)
    return " ".join(out)


def format_hand(hand: Hand, *, win: bool = True, tiles_text: str | None = None) -> str:
    """Canonical text of a hand; parsing it again gives the same hand. ``tiles_text``: the canonical text of its
    concealed tiles and Fei, when the caller has it (:func:`format_tiles` of them)."""
    line = hand.__dict__.get("_line")  # the parser's, when it read the line's tiles in canonical form (speed, issue 29)
    if line is not None and win and tiles_text is None:
        return line
    if not (hand.melds or hand.bonus or hand.flags) and hand.seat == "E" and hand.round == "E":
        # the common plain hand (issue 6): tiles, then @T and zimo
        text = _hand_text(hand) if tiles_text is None else tiles_text
        if win and hand.win is not None:
            text = f"{text} @{_WIN_TEXT[hand.win]}" if text else "@" + _WIN_TEXT[hand.win]
        if hand.self_drawn:
            text = f"{text} zimo" if text else "zimo"
        return text
    body = _hand_text(hand) if tiles_text is None else tiles_text
    parts = [body] if body else []
    for m in hand.melds:
        parts.append(m.__dict__.get("_text") or m.text())  # Meld.text, its memo read here
    if hand.bonus:
        parts.append("|")
        parts += hand.bonus
    if win and hand.win is not None:
        parts.append(_AT_TEXT[hand.win])
    if hand.self_drawn:
        parts.append("zimo")
    if hand.seat != "E" or hand.round != "E" or hand.flags:
        parts += context_words(hand)[1 if hand.self_drawn else 0:]
    return " ".join(parts)


def context_words(hand: Hand) -> list[str]:
    """The context words of a hand as the canonical text writes them (after the winning tile)."""
    return _context_words(hand.self_drawn, hand.seat, hand.round, hand.flags)


def _context_words(self_drawn: bool, seat: str, round_: str, flags) -> list[str]:
    """:func:`context_words` of a hand with these context values."""
    words = ["zimo"] if self_drawn else []
    if seat != "E":
        words.append(f"seat={seat}")
    if round_ != "E":
        words.append(f"round={round_}")
    if flags:
        n = len(words)
        words += [f for f in FLAG_WORDS if f in flags] if len(flags) > 1 else [f for f in flags if f in _FLAG_SET]
        if len(flags) > len(words) - n:  # a flag that is not a flag word: lian=N
            words.extend(f for f in flags if f.startswith(LIAN))
    return words


_TILE_LETTERS = frozenset("mpszjeswnfc")
CONTEXT_WORDS = ("zimo", "self-drawn", "tsumo", *FLAG_WORDS, "seat=", "round=", LIAN)


def _is_word(low: str) -> bool:
    """A token that can only be a (mistyped) word, never tiles: ASCII letters with one that no tile uses,
    or a hyphen or underscore (``zimmo``, ``last_tile``, ``kong-replacment``)."""
    return (len(low) >= 3 and low.isascii() and all(c.isalpha() or c in "-_" for c in low)
            and (bool(set(low) - _TILE_LETTERS) or "-" in low or "_" in low))


def _unknown_word(token: str, low: str) -> str:
    """The message for a word that is neither tiles nor a context word (:func:`_is_word`): a mistyped context
    word (one close to a known word, or written with - or _) is named as one, with the word it is near."""
    import difflib

    near = difflib.get_close_matches(low.replace("_", "-"), CONTEXT_WORDS, n=1, cutoff=0.6)
    what = "context word" if near or "-" in low or "_" in low else "word"
    hint = f" (did you mean {near[0]}?)" if near else ""
    return (f"unknown {what} {token!r}{hint}; the words are zimo, seat=, round=, "
            f"{', '.join(FLAG_WORDS)} (and tiles are digits with m p s z, or E S W N P F C)")


def format_glyphs(hand: Hand, *, win: bool = True) -> str:
    """The hand in Unicode mahjong tiles (a Fei as ★), as ``--glyphs`` prints it; parsing it gives the same hand.

    Animals and faces have no tile glyph and keep their words, as do the context words. With ``win``
    False the winning tile is left out, as :func:`format_hand` does (a waiting hand).

    >>> h = parse_hand("123m 5J5p [CCC] | f1 J @5p zimo seat=S")
    >>> format_glyphs(h)
    '🀇🀈🀉🀝🀝★ [🀄🀄🀄] | 🀢 ★ @🀝 zimo seat=S'
    >>> parse_hand(format_glyphs(h)) == h
    True
    """
    parts = []
    body = "".join(GLYPHS[t] for t in hand.concealed) + GLYPHS[JOKER] * hand.jokers
    if body:
        parts.append(body)
    for m in hand.melds:
        open_, close = _BRACKETS[m.exposure]
        parts.append(open_ + "".join(GLYPHS[JOKER] if i in m.jokers else GLYPHS[t] for i, t in enumerate(m.tiles))
                     + close)
    if hand.bonus:
        parts.append("|")
        parts.extend(BONUS_GLYPH_OUT.get(b, b) for b in hand.bonus)
    if win and hand.win is not None:
        parts.append("@" + GLYPHS[hand.win])
    parts.extend(context_words(hand))
    return " ".join(parts)


# --------------------------------------------------------------------------
# Checks against a variant


def variant_tiles(variant) -> list[int]:
    """Every tile kind the variant has (Fei not included)."""
    out = [SUITS.index(s) * 9 + i for s in variant.tiles.suits for i in range(9)]
    if variant.tiles.honours:
        out.extend(range(27, 34))
    return sorted(out)


_KINDS: dict = {}  # id(variant) -> (variant, frozenset of its tile kinds)


def _tile_kinds(variant) -> frozenset:
    entry = _KINDS.get(id(variant))
    if entry is None or entry[0] is not variant:
        if len(_KINDS) > 64:
            _KINDS.clear()
        entry = _KINDS[id(variant)] = (variant, frozenset(variant_tiles(variant)))
    return entry[1]


def _bonus_tokens(variant) -> frozenset:
    """The bonus words of the families in the variant's set (a Fei written after the bar is not one: the full
    checks count it)."""
    entry = _BONUS_KINDS.get(id(variant))
    if entry is None or entry[0] is not variant:
        if len(_BONUS_KINDS) > 64:
            _BONUS_KINDS.clear()
        ok = frozenset(b for b, (fam, _) in BONUS_TOKENS.items() if fam != "fei" and fam in variant.tiles.bonus)
        entry = _BONUS_KINDS[id(variant)] = (variant, ok)
    return entry[1]


_BONUS_KINDS: dict = {}
_CHECKS: dict = {}  # id(variant) -> (variant, its tile kinds, its bonus words)


def _checks_of(variant) -> tuple:
    """``(variant, its tile kinds, its bonus words)``: what :func:`validate` reads of a variant, in one look-up."""
    entry = _CHECKS.get(id(variant))
    if entry is None or entry[0] is not variant:
        if len(_CHECKS) > 64:
            _CHECKS.clear()
        entry = _CHECKS[id(variant)] = (variant, _tile_kinds(variant), _bonus_tokens(variant))
    return entry


def _tiles_without_fei(hand: Hand) -> list | None:
    """The hand's concealed tiles and its melds' tiles, sorted, or None when a meld holds a Fei (its free Fei
    are not looked at)."""
    ts = list(hand.concealed)
    for m in hand.melds:
        if m.jokers:
            return None
        ts += m.tiles
    ts.sort()
    return ts


def lian_count(hand: Hand) -> int:
    """N of the hand's ``lian=N`` (the dealer's wins in a row before this hand), 0 without it."""
    for f in hand.flags:
        if f.startswith(LIAN):
            return int(f[len(LIAN):])
    return 0


def _check_lian(hand: Hand, variant) -> None:
    n = lian_count(hand)
    if LIAN_PATTERN not in variant.pattern_ids:
        raise HandError(f"lian={n} (the continuing dealer) is not counted at the {variant.id} table; leave it out")
    if hand.seat != "E":
        raise HandError(f"lian={n} is the dealer's count and seat={hand.seat} is not the dealer (seat E); "
                        "leave lian= out or write seat=E")


def validate(hand: Hand, variant, *, size: int | None = 14) -> None:
    """Raise :class:`HandError` if the hand cannot exist in ``variant``.

    ``size`` is the hand size wanted (the variant's ``hand.size`` to score, one less to wait, None to skip;
    14 when not given).
    """
    _, have, bonus_ok = _checks_of(variant)
    flags = hand.flags
    if flags and not _FLAG_SET.issuperset(flags) and any(f.startswith(LIAN) for f in flags):  # flag words: no lian=
        _check_lian(hand, variant)
    # no melds: the concealed tiles, already sorted
    ts = None if hand.jokers else _tiles_without_fei(hand) if hand.melds else hand.concealed
    if ts is not None:
        # the common hand without Fei (speed, issues 6 and 29): its tiles and its melds' are the variant's, no fifth
        # copy (sorted, so five alike sit four apart), its bonus tiles the set's and each written once, seat and
        # round played, the size wanted; any doubt goes on to the full checks below, which name the problem
        bonus = hand.bonus
        if (have.issuperset(ts) and not any(map(eq, ts, ts[4:])) and hand.seat in variant.seats
                and hand.round in variant.rounds and (size is None or len(hand.concealed) + 3 * len(hand.melds) == size)
                and (not bonus or (bonus_ok.issuperset(bonus) and len(set(bonus)) == len(bonus)))):
            return
    for t in hand.concealed + tuple(t for m in hand.melds for t in m.tiles):
        if t not in have:
            raise HandError(f"tile {tile_code(t)} is not in the {variant.id} set; `mjcli rules {variant.id} --tiles` lists its tiles")
    if hand.jokers_total() and not variant.tiles.jokers:
        raise HandError(f"a Fei (J) is not in the {variant.id} set; leave it out, or score at a table whose set has "
                        f"Fei (`mjcli help variants`)")
    if hand.jokers_total() > variant.tiles.jokers:
        raise HandError(f"{hand.jokers_total()} Fei in the hand; the {variant.id} set has only {variant.tiles.jokers}")
    for m in hand.melds:
        if len(m.jokers) > 1:
            raise HandError(f"meld {m.text()} holds {len(m.jokers)} Fei; a shown meld holds at most one")
    counts = hand.visible_counts()
    for t, c in enumerate(counts):
        if c > 4:
            raise HandError(f"{c} copies of {tile_code(t)} counting melds; the set has 4 of each tile")
    for m in hand.melds:
        for i in m.jokers:
            t = m.tiles[i]
            n = counts[t] + sum(1 for o in hand.melds for j in o.jokers if o.tiles[j] == t)
            if n > variant.most_copies:
                raise HandError(f"the Fei in meld {m.text()} would be copy {n} of {tile_code(t)}, counting the hand "
                                f"and melds; a Fei stands for a real tile, at most {variant.most_copies} of a kind")
    families = dict.fromkeys(f for f, _ in (BONUS_TOKENS[b] for b in hand.bonus) if f != "fei")  # hand order
    for fam in families:
        if fam not in variant.tiles.bonus:
            raise HandError(f"{fam} tiles are not in the {variant.id} set; its bonus tiles are {', '.join(variant.tiles.bonus) or 'none'}")
    for b in set(hand.bonus):
        limit = 4 if b in ("face", "J") else 1
        if hand.bonus.count(b) > limit:
            raise HandError(f"bonus tile {b} written {hand.bonus.count(b)} times; the set has {limit}")
    for word, value in (("seat", hand.seat), ("round", hand.round)):
        allowed = variant.seats if word == "seat" else variant.rounds
        if value not in allowed:
            raise HandError(f"{word}={value} is not played in {variant.id}; use one of {' '.join(allowed)}")
    if size is not None and hand.size != size:
        shape = variant.hand  # the table's hand shape (mjcli.mahjong.shape.HandShape)
        what = "score" if size == shape.size else "wait"
        raise HandError(
            f"hand has {hand.size} tiles (a kong counts 3); {what} needs {size}: "
            + (shape.describe() if size == shape.size else "one tile short of a win")
            + (f"; to score {size - 1}, name the winning tile: add @T (e.g. @5p) or give --win T (mjcli wait lists "
               "the tiles that complete it)"
               if what == "score" and hand.size == size - 1 else "")
        )
