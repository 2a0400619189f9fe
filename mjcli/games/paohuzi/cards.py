"""Paohuzi cards and hand notation: parsing and printing.

A card is an int 0..19: small x1..x10 are 0..9, big d1..d10 are 10..19.

>>> h = parse("x1x2x3 d10 壹 [x5x5x5] (d7d7d7d7) @x2 self")
>>> [code(c) for c in h.concealed], h.win, h.self_revealed
(['x1', 'x2', 'x3', 'd1', 'd10'], 1, True)
>>> [(g.kind, g.text) for g in h.shown]
[('peng', '[x5x5x5]'), ('ti', '(d7d7d7d7)')]
>>> parse("x1 y2")
Traceback (most recent call last):
...
mjcli.errors.ParseError: unknown card 'y2' in 'y2': a card is x1..x10 (small) or d1..d10 (big), or 一..十 / 壹..拾 (at column 4)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...errors import ContextError, HandError, ParseError

N_CARDS = 20  # ten numbers, small and big
COPIES = 4  # four of each card

SMALL_ZH = "一二三四五六七八九十"
BIG_ZH = "壹贰叁肆伍陆柒捌玖拾"
_ZH = {ch: i for i, ch in enumerate(SMALL_ZH)}
_ZH.update({ch: 10 + i for i, ch in enumerate(BIG_ZH)})
_ZH.update({"貳": 11, "參": 12, "陸": 15})  # traditional forms of the big numerals

_NUMS = {str(n) for n in range(1, 11)}
CARD_HELP = "a card is x1..x10 (small) or d1..d10 (big), or 一..十 / 壹..拾"


def code(card: int) -> str:
    """The text of a card: ``x5`` or ``d10``."""
    return ("x" if card < 10 else "d") + str(card % 10 + 1)


def codes(cards) -> str:
    return "".join(code(c) for c in cards)


def size_of(cards) -> int:
    """0 small, 1 big: the size most of the group's cards have."""
    big = sum(1 for c in cards if c >= 10)
    return 1 if 2 * big > len(cards) else 0


def triple_kind(cards) -> str | None:
    """The chi kind of three cards (any order), ``peng`` if alike, None if not a group.

    >>> [triple_kind(t) for t in ((0, 1, 2), (1, 6, 9), (4, 4, 14), (3, 4, 5), (0, 1, 12), (5, 5, 5))]
    ['run_123', 'run_2710', 'mixed', 'run', None, 'peng']
    """
    a, b, c = sorted(cards)
    if a == b == c:
        return "peng"
    if a % 10 == b % 10 == c % 10 and (a == b or b == c):
        return "mixed"
    if a // 10 != c // 10:
        return None
    if b == a + 1 and c == a + 2:
        return "run_123" if a % 10 == 0 else "run"
    if a % 10 == 1 and b == a + 5 and c == a + 8:
        return "run_2710"
    return None


@dataclass(frozen=True)
class Shown:
    """A group shown on the table: chi/peng/pao in ``[...]``, wei/ti in ``(...)``."""

    kind: str  # run_123 run_2710 run mixed peng wei pao ti
    cards: tuple[int, ...]
    col: int = field(default=0, compare=False)

    @property
    def text(self) -> str:
        body = codes(self.cards)
        return f"({body})" if self.kind in ("wei", "ti") else f"[{body}]"


@dataclass(frozen=True)
class PHand:
    """One Paohuzi hand as written."""

    concealed: tuple[int, ...]  # sorted cards in the hand (the winning card among them)
    shown: tuple[Shown, ...]
    win: int | None  # the winning card (None: none written, or a heavenly hand)
    win_explicit: bool = field(default=False, compare=False)  # @CARD was written
    self_revealed: bool = False
    heavenly: bool = False
    # the winning card written twice with different values (@x1 @x2): an error unless --win replaces it
    clashes: tuple[str, ...] = field(default=(), compare=False)

    def counts(self) -> list[int]:
        """How many of each card the hand and its shown groups hold."""
        n = [0] * N_CARDS
        for c in self.concealed:
            n[c] += 1
        for g in self.shown:
            for c in g.cards:
                n[c] += 1
        return n

    @property
    def size(self) -> int:
        return len(self.concealed) + sum(len(g.cards) for g in self.shown)

    @property
    def fours(self) -> int:
        """q: the shown ti and pao."""
        return sum(1 for g in self.shown if len(g.cards) == 4)

    def text(self, win: bool = True) -> str:
        """The hand in canonical notation (cards sorted, small then big)."""
        parts = [code(c) for c in self.concealed]
        parts.extend(g.text for g in self.shown)
        if win and self.win is not None and not self.heavenly:
            parts.append("@" + code(self.win))
            if self.self_revealed:
                parts.append("self")
        if win and self.heavenly:
            parts.append("heavenly")
        return " ".join(parts)


def _err(msg: str, col: int) -> ParseError:
    return ParseError(f"{msg} (at column {col})")


_CARD = re.compile(r"([xXdD])([0-9]*)")  # ASCII digits only: \d would read ١ or ① as a number (issue 27)


_FAST = re.compile(r"(?:[xXdD](?:10|[1-9])(?![0-9]))+")
_ONE = re.compile(r"[xXdD](?:10|[1-9])")
_BY_CODE = {p + str(n + 1): n + (10 if p in "dD" else 0) for p in "xXdD" for n in range(10)}


def parse_cards(text: str, col: int) -> list[int]:
    """Cards written back to back: ``x1x2x3``, ``d10``, ``一二三``; the number is read greedily."""
    if _FAST.fullmatch(text):
        by = _BY_CODE
        return [by[t] for t in _ONE.findall(text)]
    out: list[int] = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch in _ZH:
            out.append(_ZH[ch])
            i += 1
            continue
        m = _CARD.match(text, i)
        if m is None:
            j = i
            while j < n and text[j] not in _ZH and text[j] not in "xXdD":
                j += 1
            bad = text[i:j] if j > i else ch
            if bad[0].isdigit():
                k = i
                while k < n and text[k].isdigit():
                    k += 1
                num = text[i:k]
                fix = f"write x{num} (small) or d{num} (big)" if num in _NUMS else CARD_HELP
                raise _err(f"number {num!r} with no x or d before it in {text!r}; {fix}", col + i)
            # show the whole unknown word, e.g. y2
            k = i + 1
            while k < n and text[k].isdigit():
                k += 1
            raise _err(f"unknown card {text[i:k]!r} in {text!r}: {CARD_HELP}", col + i)
        digits = m.group(2)
        if not digits:
            raise _err(f"{m.group(1)!r} with no number in {text!r}; write e.g. {m.group(1).lower()}5", col + i)
        num = int(digits)
        if not 1 <= num <= 10 or digits[0] == "0":
            raise _err(f"card {m.group(0)!r} in {text!r}: the number is 1 to 10", col + i)
        out.append(num - 1 + (10 if m.group(1) in "dD" else 0))
        i = m.end()
    return out


def _shown(token: str, col: int) -> Shown:
    """A shown group: ``[x1x2x3]`` or ``(x5x5x5)``, or as typed unquoted in a shell (issue 27) ``+x1x2x3`` (a
    shown chi, peng or pao) and ``_x5x5x5`` (a wei or ti, whose cards are face down)."""
    open_ = token[0]
    if open_ in "+_":
        if token.startswith("++"):
            raise _err(f"group {token!r}: paohuzi has no added group; write a shown group as +x1x2x3, "
                       "a wei or ti as _x5x5x5", col)
        inner, open_ = token[1:], "[" if open_ == "+" else "("
        if not inner:
            raise _err(f"empty group {token!r}; write its cards after the {token}, e.g. {token}x5x5x5", col)
        cards = parse_cards(inner, col + 1)
    else:
        close = token[-1]
        want = "]" if open_ == "[" else ")"
        if len(token) < 2 or close != want:
            raise _err(f"group {token!r} is not closed; write it as {open_}...{want} with no spaces", col)
        inner = token[1:-1]
        if not inner:
            raise _err(f"empty group {token!r}", col)
        cards = parse_cards(inner, col + 1)
    alike = len(set(cards)) == 1
    if len(cards) == 4:
        if not alike:
            raise _err(f"group {token!r} is not four alike; a pao [....] or ti (....) is four of one card", col)
        return Shown("ti" if open_ == "(" else "pao", tuple(cards), col)
    if len(cards) != 3:
        raise _err(f"group {token!r} has {len(cards)} cards; a shown group has 3 (chi, peng, wei) or 4 (pao, ti)",
                   col)
    if open_ == "(":
        if not alike:
            raise _err(f"group {token!r} is not a wei; (...) holds three alike, a chi goes in [...]", col)
        return Shown("wei", tuple(cards), col)
    kind = triple_kind(cards)
    if kind is None:
        raise _err(f"group {token!r} is not a legal chi or peng; a chi is a run of one size, 2-7-10 of one size, "
                   "or three of one number mixing sizes", col)
    return Shown(kind, tuple(sorted(cards)), col)


def parse_card(text: str, col: int = 1) -> int:
    cards = parse_cards(text, col)
    if len(cards) != 1:
        raise _err(f"{text!r} names {len(cards)} cards; name exactly one, e.g. x5", col)
    return cards[0]


def parse(text: str) -> PHand:
    """Parse one line of Paohuzi notation (no size checks; see :func:`check`)."""
    if not text.isascii():
        from ...mahjong.tiles import FULL_WIDTH

        text = text.translate(FULL_WIDTH)  # full-width ASCII forms as ASCII (issue 27)
    if "#" in text:
        text = text[: text.index("#")]
    concealed: list[int] = []
    shown: list[Shown] = []
    win = None
    win_col = 0
    self_revealed = heavenly = False
    first_win = ""  # the first @CARD word
    clashes: tuple[str, ...] = ()
    for m in re.finditer(r"\S+", text):
        token, col = m.group(), m.start() + 1
        low = token.lower() if token.isascii() else token  # no Unicode look-alike folds to a word
        if token[0] == "@":
            if len(token) == 1:
                raise _err("'@' with no card; write the winning card as @x5 or @d10", col)
            try:
                win = parse_card(token[1:], col + 1)
            except ParseError as exc:
                raise ParseError(f"bad winning card {token!r}: {exc.message}") from None
            win_col = col
            if not first_win:
                first_win = token
            elif parse_card(first_win[1:]) != win and not clashes:
                clashes = (first_win, token)
            continue
        if low == "self":
            self_revealed = True
            continue
        if low == "heavenly":
            heavenly = True
            continue
        if token[0] in "[(+_":
            shown.append(_shown(token, col))
            continue
        if token[-1] in "])":
            raise _err(f"{token!r} closes a group that was never opened", col)
        if "=" in token or low in ("zimo", "tsumo"):
            raise _err(f"unknown word {token!r}; paohuzi context words are @CARD, self and heavenly", col)
        concealed.extend(parse_cards(token, col))
    if not concealed and not shown:
        raise ParseError("empty hand; write the cards, e.g. x1x2x3 d4d5d6 [x7x7x7] @x3")
    explicit = win is not None
    if win is None and concealed and not heavenly:
        win = concealed[-1]
    if explicit and win not in concealed:
        raise _err(f"winning card {code(win)} is not among the hand cards; write it in the hand "
                   "(the scorer makes the group it forms)", win_col)
    if heavenly and explicit:
        raise ContextError(f"heavenly contradicts @{code(win)}: a heavenly win has no winning card; leave out "
                           f"@{code(win)} (at column {win_col})")
    return PHand(tuple(sorted(concealed)), tuple(shown), None if heavenly else win, explicit, self_revealed, heavenly,
                 clashes)


def check(hand: PHand, size: int | None) -> None:
    """At most four of a card; no four alike loose in the hand; the card count when ``size`` is given.

    ``size`` is the count with no ti or pao: 21 for a win, 20 for a wait.
    """
    counts = hand.counts()
    for c, n in enumerate(counts):
        if n > COPIES:
            raise HandError(f"{n} copies of {code(c)} in the hand and its groups; there are only {COPIES} of each card")
    loose = [0] * N_CARDS
    for c in hand.concealed:
        loose[c] += 1
    for c, n in enumerate(loose):
        if n == 4 and not (size == 21 and hand.win == c):
            raise HandError(f"four {code(c)} loose in the hand: four alike are a ti, write ({code(c) * 4})")
    if size is not None:
        q = hand.fours
        want = size + max(0, q - 1)
        if hand.size != want:
            what = "a winning hand" if size == 21 else "a hand waiting on its last card"
            extra = f" with {q} ti/pao" if q else ""
            hint = ""
            if size == 21 and hand.size == want - 1:
                hint = "; for a hand still waiting use `mjcli wait`"
            raise HandError(f"{hand.size} cards: {what}{extra} has {want} ({size} + one per ti/pao beyond the first)"
                            + hint)
