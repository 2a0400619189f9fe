"""A session ledger: ``mjcli settle --ledger FILE`` settles one hand per JSON line.

Each line is one JSON object with the fields of ``settle``'s options::

    {"winner": "E", "from": "S", "value": 5}
    {"winner": "W", "hand": "123m 456m 789m 234p 55s zimo", "kong": ["W:concealed"]}
    {"label": "hand 3: drawn", "kong": "S:claimed:E"}

Keys: ``winner``, ``from``, ``value``, ``hand``, ``bao``, ``robbed_kong``
(true/false), ``kong`` (one ``SEAT:KIND[:FROM]`` or a list), ``bonus``
(``{"S": "f2 s2 cat"}`` or a list of ``"S=f2 s2"``), ``dealt`` (``"S:flower"``
or a list), ``fei`` (``{"S": 2}`` or a list of ``"S=2"``), ``ladder`` and
``stake`` (this hand only; they win over the command line), ``label`` (text
shown with the hand). The variant is the command's (``--variant``/``--rules``)
for every line: one ledger is one table. Blank lines and lines starting
with ``#`` are skipped.

A drawn hand is a line with no ``winner`` (``"drawn": true`` says so
outright); the kongs made in it go under ``kong`` as usual, and ``drew_last``
names the last player who drew a tile (a seat, or a player in the players
form): where the winner deals (my3), that player deals next, and a drawn line
of the players form must say who.

Every hand gives a record with ``hand_no``, ``line``, ``payments``, ``net``
and ``running`` (the totals per seat so far); a bad line gives an error
record with its line number and the next lines go on.

The players form: a first line ``{"players": ["Ann", "Bo", "Cy", "Di"]}``
(or ``settle --ledger FILE --players Ann,Bo,Cy,Di``) names the players in
their seating order, the first one the first dealer (East). Each hand then
names its players (or the seats they hold in that hand) wherever a seat goes,
and the session (:class:`Session`) works out hand by hand who deals, each
player's seat wind and the round wind from the variant's ``session`` rules.
Its records speak of players: ``payments``, ``net`` and ``running`` by name,
and ``round``, ``dealer``, ``seats``, ``deal`` (``keeps``, ``passes`` to the
next player, or ``moves`` to the winner or the last player who drew) and
``next_dealer`` for a scorer to check. ``dealer`` and ``round`` on a hand
line, and ``seat=``, ``round=``, ``heavenly`` or ``earthly`` in its ``hand``,
are checked against the session (code ``invalid_context`` when they
disagree).
"""

from __future__ import annotations

import itertools
import json
import re
from decimal import Decimal
from typing import BinaryIO, Iterator, TextIO

from .errors import MjError, SettleError
from .lines import read_lines
from .money import amount

KEYS = {"winner", "from", "value", "hand", "bao", "robbed_kong", "kong", "bonus", "dealt", "fei", "ladder", "stake",
        "label", "drawn", "drew_last", "flowers"}
SESSION_CHECK_KEYS = {"dealer", "round"}  # the players form only: checked against what the session works out
TEXT_KEYS = ("winner", "from", "hand", "bao", "ladder", "label", "dealer", "round", "drew_last")


def _as_list(key: str, v, pair_sep: str | None = None) -> list[str]:
    """One text, a list of texts, or (for bonus and fei) a mapping seat -> value."""
    if isinstance(v, str):
        return [v]
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        return list(v)
    if pair_sep and isinstance(v, dict):
        out = []
        for seat, val in v.items():
            if isinstance(val, list) and all(isinstance(x, str) for x in val):
                val = " ".join(val)
            elif isinstance(val, bool) or not isinstance(val, (str, int)):
                raise SettleError(f"{key}.{seat}: expected text or a number, got {_json(val)}")
            out.append(f"{seat}{pair_sep}{val}")
        return out
    shape = "text, a list of texts" + (" or a mapping of seat to value" if pair_sep else "")
    raise SettleError(f"{key}: expected {shape}, got {_json(v)}")


def hand_options(obj, players_form: bool = False) -> dict:
    """A ledger object -> the options dict of :func:`mjcli.settlement.settle_record`.

    >>> hand_options({"winner": "E", "from": "S", "value": 5, "bonus": {"S": "f2 s2"}})["bonus"]
    ['S=f2 s2']
    """
    if not isinstance(obj, dict):
        raise SettleError("expected one JSON object per line, e.g. {\"winner\": \"E\", \"from\": \"S\", \"value\": 5}")
    keys = KEYS | SESSION_CHECK_KEYS if players_form else KEYS
    for k in obj:
        if k in ("variant", "rules"):
            raise SettleError(f"{k}: a ledger is one table; name it once in the header line "
                              f"({{\"mjcli\": {{\"{k}\": ...}}}}, the first line) or with --{k}")
        if k == HEADER_KEY:
            raise SettleError(f"{k}: only the first line of a ledger is its header; move it to the top")
        if k == "players":
            raise SettleError("players: only the first line of a ledger names the players; move it to the top")
        if k in SESSION_CHECK_KEYS and not players_form:
            raise SettleError(f"{k}: only a ledger that names its players (a first line {{\"players\": [...]}}) "
                              "has a dealer and round to check; a seat here is that hand's seat wind")
        if k not in keys:
            import difflib

            near = difflib.get_close_matches(str(k), sorted(keys), n=1)
            hint = f" (did you mean {near[0]}?)" if near else ""
            raise SettleError(f"unknown key {k!r}{hint}; expected one of: {', '.join(sorted(keys))}")
    for k in TEXT_KEYS:
        if obj.get(k) is not None and not isinstance(obj[k], str):
            raise SettleError(f"{k}: expected text, got {_json(obj[k])}")
    value = obj.get("value")
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise SettleError(f"value: expected a whole number, got {_json(value)}")
    stake = obj.get("stake")
    if stake is not None:
        if isinstance(stake, str):  # a number, as on the command line, not text
            raise SettleError(f"stake: expected a number, got text; write {stake.strip()} without quotes")
        from .money import stake as money_stake

        stake = money_stake(stake, "stake")
    rk = obj.get("robbed_kong", False)
    if not isinstance(rk, bool):
        raise SettleError(f"robbed_kong: expected true or false, got {_json(rk)}")
    drawn = obj.get("drawn")
    if drawn is not None and not isinstance(drawn, bool):
        raise SettleError(f"drawn: expected true or false, got {_json(drawn)}")
    if drawn and obj.get("winner") is not None:
        raise SettleError("drawn: true, but the line names a winner; a drawn hand has none (leave out one of them)")
    if drawn is False and obj.get("winner") is None:
        raise SettleError("drawn: false, but the line names no winner; add \"winner\" (a line with no winner is drawn)")
    if obj.get("drew_last") is not None and obj.get("winner") is not None:
        raise SettleError("drew_last: the line names a winner; drew_last says who drew last in a drawn hand "
                          "(leave out one of them)")
    return {
        "winner": obj.get("winner"),
        "shooter": obj.get("from"),
        "value": value,
        "hand": obj.get("hand"),
        "bao": obj.get("bao"),
        "robbed_kong": rk,
        "kongs": _as_list("kong", obj["kong"]) if obj.get("kong") is not None else [],
        "bonus": _as_list("bonus", obj["bonus"], "=") if obj.get("bonus") is not None else [],
        "dealt": _as_list("dealt", obj["dealt"]) if obj.get("dealt") is not None else [],
        "fei": _as_list("fei", obj["fei"], "=") if obj.get("fei") is not None else [],
        "ladder": obj.get("ladder"),
        "stake": stake,
        "drew_last": obj.get("drew_last"),
        "flowers": obj.get("flowers"),
    }


def _lines(stream: BinaryIO) -> Iterator[tuple[int, dict | MjError]]:
    """(line number, the JSON object or the problem), streaming."""
    for n, text in read_lines(stream, "a ledger line"):
        if isinstance(text, MjError):
            yield n, text
            continue
        try:
            yield n, json.loads(text, parse_float=Decimal, parse_int=_int, object_pairs_hook=_object)
        except MjError as exc:
            yield n, exc
        except json.JSONDecodeError as exc:
            yield n, MjError(f"not valid JSON ({exc.msg} at column {exc.colno}); write one object per line, "
                             "e.g. {\"winner\": \"E\", \"from\": \"S\", \"value\": 5}", "parse_error")
        except RecursionError:
            yield n, MjError("JSON nested too deep; write one flat object per line", "parse_error")


def _num(x):
    return amount(x)


# settle's options as a ledger line names them: its messages speak of the line's keys ("value", not --value)
_OPTION_KEY = re.compile(r"--(winner|from|value|hand|bao|robbed-kong|kong|bonus|dealt|fei|ladder|stake)\b(?!-)")


def _ledger_words(exc: MjError) -> dict:
    """The error record of a ledger line: a message about settle's options names the keys of the line."""
    rec = exc.as_record()
    if "--" in rec["message"]:
        rec["message"] = _OPTION_KEY.sub(lambda m: '"%s"' % m.group(1).replace("-", "_"), rec["message"])
    return rec


def _json(v) -> str:
    from .output import dumps

    return str(v) if isinstance(v, Decimal) else dumps(v)  # 5.0 shown as written


def _int(text: str) -> int:
    """A JSON integer; one of thousands of digits is refused before Python converts it."""
    if len(text) > 30:
        raise MjError(f"a number of {len(text)} digits; a ledger holds small whole numbers", "parse_error")
    return int(text)


def _object(pairs) -> dict:
    """A JSON object; a key given twice is refused, as in rule files."""
    out = {}
    for k, v in pairs:
        if k in out:
            raise MjError(f"{k}: key given twice in one line; keep one", "parse_error")
        out[k] = v
    return out


# --- the header line: the table the ledger was played at -------------------------------

HEADER_KEY = "mjcli"
HEADER_KEYS = ("variant", "rules", "ladder", "stake")


def read_header(stream: BinaryIO, name: str) -> tuple[dict | None, BinaryIO, str]:
    """The header of a ledger, the stream to read its lines from (all of them, the header too), and where
    the header is (``FILE: line N``).

    The first line that is not blank or a ``#`` comment may be ``{"mjcli": {"variant": "sg", "rules":
    "house.yaml", "ladder": "half_spicy", "stake": 0.5}}`` (every key optional): the table the ledger was
    played at. A ``rules`` path is read from the ledger's folder. Each value is checked as the config
    file's (:func:`mjcli.config.check`); a bad header is a :class:`~mjcli.config.ConfigError`."""
    import os
    from pathlib import Path

    from .config import ConfigError, check

    taken: list[bytes] = []
    header, n = None, 0
    text = ""
    while not text:
        raw = stream.readline(MAX_HEADER)
        if not raw:
            break
        taken.append(raw)
        for part in raw.splitlines() if b"\r" in raw else (raw,):  # CR and CRLF end a line too
            n += 1
            text = part.decode("utf-8", "replace").lstrip("\ufeff").strip()
            if text and not text.startswith("#"):
                break
            text = ""
    if text.startswith("{") and f'"{HEADER_KEY}"' in text:
        try:
            header = json.loads(text, parse_float=Decimal)
        except json.JSONDecodeError:
            header = None
    where = f"{name}: line {n}"
    if isinstance(header, dict) and HEADER_KEY in header:
        table = header[HEADER_KEY]
        extra = sorted(k for k in header if k != HEADER_KEY)
        if extra:
            raise ConfigError(f"{where}: the header line holds only \"{HEADER_KEY}\"; move {extra[0]!r} to a "
                              "line of its own")
        if not isinstance(table, dict):
            raise ConfigError(f'{where}: expected {{"{HEADER_KEY}": {{"variant": "sg", ...}}}}, the table\'s '
                              f"settings ({', '.join(HEADER_KEYS)})")
        folder = Path(name).parent if name not in ("-", "<stdin>") and os.path.isfile(name) else None
        out = {}
        for k, v in table.items():
            if k not in HEADER_KEYS:
                import difflib

                near = difflib.get_close_matches(str(k), HEADER_KEYS, n=1)
                hint = f" (did you mean {near[0]}?)" if near else ""
                raise ConfigError(f"{where}: {HEADER_KEY}.{k}: unknown key{hint}; a header names "
                                  f"{', '.join(HEADER_KEYS)}")
            out[k] = check(k, v, f"{where}: {HEADER_KEY}.", base=folder)
        header = out
    else:
        header = None
    try:
        if stream.seekable():
            stream.seek(-sum(len(x) for x in taken), 1)
            return header, stream, where
    except (OSError, ValueError, AttributeError):
        pass
    return header, _Replay(b"".join(taken), stream), where


MAX_HEADER = 10_000 * 4 + 2


class _Replay:
    """A stream that gives the bytes already taken from it first (a pipe cannot seek back), then the rest."""

    def __init__(self, head: bytes, stream):
        import io

        self._head = io.BytesIO(head)
        self._stream = stream

    def readline(self, size: int = -1) -> bytes:
        line = self._head.readline(size)
        if line and (line.endswith(b"\n") or len(line) == size):
            return line
        rest = self._stream.readline(size - len(line) if size > 0 else -1)
        return line + rest

    def __getattr__(self, name):  # fileno, isatty, tell...: the stream's
        return getattr(self._stream, name)


# --- the players form: names, seats and the deal --------------------------------------

# The spellings of a seat or wind (ASCII case ignored; "wind"/"feng" after one too, as in "east wind",
# "dongfeng"): letters, English, tile codes, pinyin and the characters. A player may not be called one,
# so such a word on a hand line is always a seat, never a player.
WIND_WORDS = {
    "E": ("e", "east", "1z", "dong", "東", "东"),
    "S": ("s", "south", "2z", "nan", "南"),
    "W": ("w", "west", "3z", "xi", "西"),
    "N": ("n", "north", "4z", "bei", "北"),
}
_WIND_OF = {w: seat for seat, words in WIND_WORDS.items() for w in words}
NAME_FORBIDDEN = ":=,"  # they split "NAME:KIND", "NAME=TOKENS" and --players A,B,C


def wind_of(word: str) -> str | None:
    """The seat letter a word spells (``east``, ``Dong``, ``E wind``, ``2z``...), or None.

    >>> wind_of("East"), wind_of("DONG"), wind_of("south wind"), wind_of("Ann")
    ('E', 'E', 'S', None)
    """
    w = "".join(ch for ch in str(word).strip().lower() if ch not in " -_")
    for tail in ("wind", "feng", "風", "风"):
        if w.endswith(tail) and len(w) > len(tail):
            w = w[: -len(tail)]
            break
    return _WIND_OF.get(w)


def check_players(names, variant, where: str) -> tuple[str, ...]:
    """The players of a ledger, checked: one plain name per seat, no seat or wind word, no name twice."""
    n = len(variant.seats)
    example = ", ".join(f'"{x}"' for x in ("Ann", "Bo", "Cy", "Di")[:n])
    if not variant.session:
        raise SettleError(f"{where}: {variant.id} has no session rules (dealer and seats); "
                          "write each hand by seat instead of naming the players")
    if not isinstance(names, list) or not all(isinstance(x, str) for x in names):
        raise SettleError(f"{where}: expected a list of {n} names, e.g. [{example}]")
    if len(names) != n:
        raise SettleError(f"{where}: {variant.id} is played by {n} players; name {n} (got {len(names)}), "
                          f"e.g. [{example}]")
    out: list[str] = []
    for raw in names:
        name = raw.strip()
        if not name:
            raise SettleError(f"{where}: an empty name; give every player a name, e.g. [{example}]")
        if wind_of(name) is not None:
            raise SettleError(f"{where}: {name!r} is a seat or wind ({wind_of(name)}); give the player a name that "
                              "is not a seat or wind word (E, east, dong, nan, xi, bei...), e.g. Ann")
        bad = [ch for ch in name if ch in NAME_FORBIDDEN or not ch.isprintable()]
        if bad:
            raise SettleError(f"{where}: the name {name!r} holds {bad[0]!r}; a name has no : = , or control "
                              "characters")
        twice = [o for o in out if o.casefold() == name.casefold()]
        if twice:
            raise SettleError(f"{where}: {name!r} is named twice; give each player a different name")
        out.append(name)
    return tuple(out)


def parse_players_option(text: str, variant) -> tuple[str, ...]:
    """``--players Ann,Bo,Cy,Di`` -> the checked names."""
    return check_players([x for x in text.split(",")], variant, "--players")


class Session:
    """Who deals, each player's seat wind and the round wind, hand by hand (RULES.md, "The session").

    Players sit in the order named, counter-clockwise: the first is the first dealer (East), the
    next South, and so on. With the variant's ``session.deal`` ``rotate`` (hk, sg), a win by the
    dealer keeps the deal; a win by another player passes it to the next player; a drawn hand
    keeps it, unless a kong was made in it and ``session.drawn_with_kong`` is ``pass``. With
    ``winner`` (my3) the winner deals the next hand, and after a drawn hand the last player who
    drew; the deal ``moves`` to that player (or ``keeps`` when it is the dealer). With ``every_hand`` (mcr)
    the deal passes to the next player after every hand, won or drawn. The round wind
    moves on each time the deal has changed hands as many times as there are players (four
    passes with four players); a variant whose ``rounds`` is ``[E]`` stays in the East round.
    After the last round wind the next deal starts at East again. With ``session.seat_change`` (mcr) the
    players change seats when a round ends, each moving as that round's mapping says, and the player who then
    sits in the first dealer's seat deals the next round's first hand (:attr:`order`: who sits where).

    >>> from mjcli.variant import load_builtin
    >>> s = Session(load_builtin("sg"), ("Ann", "Bo", "Cy", "Di"))
    >>> s.after("S", []), s.dealer_name, s.seating()["Ann"]
    ('passes', 'Bo', 'N')
    """

    def __init__(self, variant, players: tuple[str, ...]):
        self.variant = variant
        self.players = players  # in the order named (the columns of the output)
        self.order = list(players)  # who sits in each seat, counter-clockwise from the first dealer's
        self.dealer = 0  # index into order
        self.passes = 0  # how many times the deal has passed so far
        self.moved = ""  # the seats the players changed to after the last hand (a note), or ""

    @property
    def dealer_name(self) -> str:
        return self.order[self.dealer]

    @property
    def round(self) -> str:
        rounds = self.variant.rounds
        return rounds[(self.passes // len(self.players)) % len(rounds)]

    def seating(self) -> dict[str, str]:
        """Player -> seat wind this hand, in the order the players were named."""
        n = len(self.players)
        seats = self.variant.seats
        at = {p: seats[(i - self.dealer) % n] for i, p in enumerate(self.order)}
        return {p: at[p] for p in self.players}

    def player_at(self, seat: str) -> str:
        return {s: p for p, s in self.seating().items()}[seat]

    def seat(self, word, what: str) -> str | None:
        """A player's name or a seat word -> the seat it means this hand (None stays None)."""
        if word is None:
            return None
        text = str(word).strip()
        for p, seat in self.seating().items():
            if p.casefold() == text.casefold():
                return seat
        seat = wind_of(text)
        if seat is not None and seat in self.variant.seats:
            return seat
        where = f"; {self.variant.id} has no seat {seat}" if seat is not None else ""
        raise SettleError(f"{what} {text!r} is not a player ({' '.join(self.players)}) or a seat "
                          f"({' '.join(self.variant.seats)}){where}")

    @property
    def winner_deals(self) -> bool:
        """The winner deals the next hand, and after a drawn hand the last player who drew (``deal: winner``)."""
        return self.variant.session.get("deal") == "winner"

    def after(self, winner_seat: str | None, kongs: list, drew_last: str | None = None) -> str:
        """Move the deal on after a settled hand; ``keeps``, ``passes`` (to the next player) or ``moves``
        (to the winner, or after a drawn hand to ``drew_last``, a seat this hand: ``deal: winner``)."""
        if self.winner_deals:
            seat = winner_seat if winner_seat is not None else drew_last
            if seat is None:  # _session_options refuses a drawn line without drew_last first
                raise SettleError("a drawn hand needs drew_last: the last player who drew deals next")
            nxt = self.order.index(self.player_at(seat))
            if nxt == self.dealer:
                return "keeps"
            self.dealer = nxt
            self.passes += 1
            return "moves"
        if self.variant.session.get("deal") == "every_hand":  # mcr: the deal passes every hand, whoever wins
            passes = True
        elif winner_seat is not None:
            passes = winner_seat != self.variant.seats[0]
        else:
            passes = bool(kongs) and self.variant.session.get("drawn_with_kong") == "pass"
        self.moved = ""
        if passes:
            self.dealer = (self.dealer + 1) % len(self.players)
            self.passes += 1
            if self.passes % len(self.players) == 0:
                self._change_seats()
        return "passes" if passes else "keeps"

    def _change_seats(self) -> None:
        """The end of a round (the deal back at the first dealer's seat): the players move as the round's
        ``seat_change`` says (none: they stay), and :attr:`moved` says where each now sits."""
        changes = self.variant.session.get("seat_change") or ()
        seats, rounds = self.variant.seats, self.variant.rounds
        ended = (self.passes // len(self.players) - 1) % len(rounds)
        if ended >= len(changes):
            return
        move = changes[ended]
        order = list(self.order)
        for i, p in enumerate(self.order):
            order[seats.index(move[seats[i]])] = p
        self.order = order
        self.moved = ", ".join(f"{p} {seats[i]}" for i, p in enumerate(order))

    def context(self) -> dict:
        """What a record shows of the session for this hand."""
        return {"round": self.round, "dealer": self.dealer_name, "seats": self.seating()}


def _hand_words(hand: str) -> list[tuple[str, str]]:
    """(word, value) of the ``seat=``/``round=`` words and the heavenly/earthly flags written in a hand."""
    out = []
    for token in hand.split("#", 1)[0].split():
        low = token.lstrip("|").lower()
        if "=" in low:
            key, _, value = low.partition("=")
            if key in ("seat", "round"):
                out.append((key, value))
        elif low in ("heavenly", "earthly"):
            out.append((low, ""))
    return out


def _seat_of(variant, word, what: str) -> str | None:
    """A seat word of a ledger that names seats -> its letter (None stays None)."""
    if word is None:
        return None
    seat = wind_of(word)
    if seat is None or seat not in variant.seats:
        raise SettleError(f"{what} {str(word).strip()!r} is not a seat in {variant.id}; seats are "
                          f"{' '.join(variant.seats)}")
    return seat


def _invalid(message: str) -> MjError:
    return MjError(message, "invalid_context")


def _session_options(session: Session, obj: dict, opts: dict) -> dict:
    """The players form: names -> this hand's seats, and the line checked against the session."""
    who = session.seat
    opts["winner"] = who(opts["winner"], "winner")
    opts["shooter"] = who(opts["shooter"], "from")
    opts["bao"] = who(opts["bao"], "bao")
    opts["drew_last"] = who(opts.get("drew_last"), "drew_last")
    if session.winner_deals and opts["winner"] is None and opts["drew_last"] is None:
        raise SettleError(f"a drawn hand in {session.variant.id} names the last player who drew, who deals next: "
                          f"add \"drew_last\", e.g. \"drew_last\": \"{session.players[1]}\"")

    def swap(values, sep, what, parts_at):
        out = []
        for raw in values:
            parts = str(raw).split(sep)
            for i in parts_at:
                if i < len(parts) and (i == 0 or parts[i]):
                    parts[i] = who(parts[i], f"{what} {raw!r}:")
            out.append(sep.join(parts))
        return out

    opts["kongs"] = swap(opts["kongs"], ":", "kong", (0, 2))
    opts["bonus"] = swap(opts["bonus"], "=", "bonus", (0,))
    opts["dealt"] = swap(opts["dealt"], ":", "dealt", (0,))
    opts["fei"] = swap(opts["fei"], "=", "fei", (0,))
    dealer, rnd = session.dealer_name, session.round
    plain = f"{dealer} deals, round {rnd}"
    if obj.get("dealer") is not None:
        said = obj["dealer"].strip()
        if said.casefold() != dealer.casefold():
            if not any(p.casefold() == said.casefold() for p in session.players):
                raise SettleError(f"dealer {said!r} is not a player ({' '.join(session.players)}); "
                                  "write the dealer's name")
            raise _invalid(f"dealer {said!r}, but the session has {dealer} dealing this hand; "
                           "fix the line or the hands before it")
    if obj.get("round") is not None:
        said = wind_of(obj["round"])
        if said is None:
            raise SettleError(f"round {obj['round']!r} is not a wind; write E, S, W or N")
        if said != rnd:
            raise _invalid(f"round {said}, but the session is in the {rnd} round this hand ({plain}); "
                           "fix the line or the hands before it")
    winner = opts["winner"]
    name = session.player_at(winner) if winner is not None else None
    for word, value in _hand_words(opts.get("hand") or ""):
        if word == "seat" and winner is not None and wind_of(value) not in (None, winner):
            raise _invalid(f"seat={value.upper()} in the hand, but {name} sits {winner} this hand ({plain}); "
                           "fix the seat or the winner")
        if word == "round" and wind_of(value) not in (None, rnd):
            raise _invalid(f"round={value.upper()} in the hand, but the session is in the {rnd} round ({plain})")
        if word == "heavenly" and winner is not None and name != dealer:
            raise _invalid(f"heavenly is the dealer's win, but {name} sits {winner} this hand ({plain})")
        if word == "earthly" and winner is not None and name == dealer:
            raise _invalid(f"earthly is won by a player who is not the dealer, but {name} deals this hand")
        if word == "earthly" and opts["shooter"] not in (None, session.variant.seats[0]):
            raise _invalid(f"earthly is won on the dealer's first discard, but {dealer} deals and the line says "
                           f"from {session.player_at(opts['shooter'])}")
    opts["round"] = rnd
    return opts


_SEAT_WORD = re.compile(r"(?<![\w/+-])[ESWN](?![\w/+-])")


def _by_name(session: Session, rec: dict) -> dict:
    """A settle record with seats -> the same by player name (this hand's seating)."""
    at = {s: p for p, s in session.seating().items()}

    def named(text):  # "W concealed kong" -> "Di concealed kong": a seat letter standing alone is a seat
        return _SEAT_WORD.sub(lambda m: at.get(m.group(0), m.group(0)), text) if isinstance(text, str) else text

    out = dict(rec)
    out["payments"] = [dict(p, **{"from": at.get(p["from"], p["from"]), "to": at.get(p["to"], p["to"]),
                                  "reason": named(p.get("reason"))})
                       for p in rec.get("payments", ())]
    if rec.get("notes"):
        out["notes"] = [named(n) for n in rec["notes"]]
    out["net"] = {at[s]: v for s, v in rec.get("net", {}).items()}
    out["net"] = {p: out["net"].get(p, 0) for p in session.players}
    return out


def _first_players(variant, items: Iterator, players: tuple[str, ...] | None):
    """Read the players line when the ledger starts with one; (the session or None, the other lines)."""
    first = next(items, None)
    if first is not None and isinstance(first[1], dict) and HEADER_KEY in first[1]:  # read by read_header
        first = next(items, None)
    if first is not None and isinstance(first[1], dict) and "players" in first[1]:
        n, obj = first
        where = f"line {n}: players"
        extra = sorted(k for k in obj if k != "players")
        if extra:
            raise SettleError(f"{where}: the players line holds only \"players\"; move {extra[0]!r} to a hand line")
        named = check_players(obj["players"], variant, where)
        if players is not None and [p.casefold() for p in players] != [p.casefold() for p in named]:
            raise SettleError(f"{where}: the ledger names {', '.join(named)} but --players names "
                              f"{', '.join(players)}; name the players once")
        players, first = named, None
    rest = itertools.chain([first] if first is not None else [], items)
    if players is None:
        return None, rest
    if not variant.session:
        check_players(list(players), variant, "--players")  # raises: no session rules
    return Session(variant, players), rest


def _records(variant, items, ladder, stake, state, session: Session | None) -> Iterator[dict]:
    from .contract import shape
    from .settlement import settle_record

    running = {s: 0 for s in (session.players if session else variant.seats)}
    state = state if state is not None else {}
    state.setdefault("bad", 0)
    hand_no = 0
    for n, item in items:
        hand_no += 1
        label = item.get("label") if isinstance(item, dict) and isinstance(item.get("label"), str) else None
        where = session.context() if session else {}
        try:
            if isinstance(item, MjError):
                raise item
            opts = hand_options(item, players_form=session is not None)
            if session is not None:
                opts = _session_options(session, item, opts)
            else:
                opts["drew_last"] = _seat_of(variant, opts["drew_last"], "drew_last")
            if opts["ladder"] is None:
                opts["ladder"] = ladder
            if opts["stake"] is None:
                opts["stake"] = stake
            rec = settle_record(variant, opts)
        except MjError as exc:
            state["bad"] += 1
            bad = {"hand_no": hand_no, "line": n, "ok": False, "error": _ledger_words(exc), "label": label,
                   "variant": variant.id, "unit": variant.unit, "net": None}
            bad.update(where)
            yield shape("ledger", bad)
            continue
        out = {"hand_no": hand_no, "line": n, "ok": True, "error": None, "label": label}
        rec = dict(rec)
        rec.pop("schema", None)
        if session is not None:
            out.update(where)
            winner, shooter = opts["winner"], opts["shooter"]
            rec = _by_name(session, rec)
            rec["winner"] = session.player_at(winner) if winner else None
            rec["from"] = session.player_at(shooter) if shooter else None
            if opts["drew_last"] is not None and not session.winner_deals:
                rec["notes"] = [*rec["notes"], f"drew_last changes nothing: in {variant.id} the deal after a drawn "
                                               "hand does not go to the last player who drew"]
        out.update(rec)
        drew_last = opts["drew_last"]
        out["drew_last"] = session.player_at(drew_last) if session is not None and drew_last else drew_last
        for s, v in rec["net"].items():
            running[s] = _num(running[s] + v)
        out["running"] = dict(running)
        if session is not None:
            out["deal"] = session.after(opts["winner"], opts["kongs"], opts["drew_last"])
            out["next_dealer"] = session.dealer_name
            if session.moved:
                out["notes"] = [*out["notes"], f"round {out['round']} is over: the players change seats "
                                               f"({session.moved})"]
        yield shape("ledger", out)


# --- output of the players form (names as columns) ------------------------------------


def _signed(v) -> str:
    """A net amount with its sign and every digit (``+1975304``, ``-0.5``): never an exponent."""
    from .money import signed

    return signed(v)


def players_table(rec: dict, width: int | None = None) -> str:
    """One hand of the players form as text: the payments, then a table with a column per player (a line a
    player when that is wider than ``width``)."""
    from .output import _fitted, _tabler

    simple_table = _tabler(width)

    from .i18n import phrase as _p
    from .i18n import tr as _t
    from .sheet import text_width

    lines = [_t("hand {n}", n=rec["hand_no"]) + (f": {rec['label']}" if rec.get("label") else "")]
    if rec["winner"] is None:
        what = _t("drawn hand")
    elif rec["from"] is None:
        what = _t("{winner} wins, self-drawn", winner=rec["winner"])
    else:
        what = _t("{winner} wins on {shooter}'s discard", winner=rec["winner"], shooter=rec["from"])
    lines.append(_t("round {round}, {dealer} deals: {what}", round=rec["round"], dealer=rec["dealer"], what=what))
    if rec.get("value") is not None:
        from .output import value_text

        lines.append(_t("value: {value}   base: {base}", value=value_text(rec), base=rec["base"]))
    from .money import text as money_text

    rows = [[p["from"], p["to"], money_text(p["amount"]), _p(p["reason"])] for p in rec["payments"]]
    narrow = [[_t("{payer} pays {payee} {amount}", payer=p["from"], payee=p["to"], amount=money_text(p["amount"])),
               _p(p["reason"])] for p in rec["payments"]]
    lines.append(simple_table(rows, [_t("from"), _t("to"), _t("amount"), _t("reason")], numparse=False,
                              colalign=("left", "left", "right", "left"), narrow=["", ""], narrow_rows=narrow)
                 if rows else _t("no payments"))  # every digit, as settle prints
    names = list(rec["seats"])
    grid = [["", *names], None,
            [_t("seat"), *rec["seats"].values()],
            [_t("net"), *(_signed(rec["net"][p]) for p in names)],
            [_t("running"), *(_signed(rec["running"][p]) for p in names)]]
    widths = [max([4] + [text_width(row[i]) for row in grid if row]) for i in range(len(names) + 1)]

    def pad(c, w, right=False):  # padded by terminal columns (a translated label may be wide)
        fill = " " * (w - text_width(c))
        return fill + c if right else c + fill

    grid_lines = []
    for row in grid:  # a column per player, its name at the head, figures to the right
        cells = ["-" * w for w in widths] if row is None else row
        grid_lines.append("  ".join([pad(cells[0], widths[0])]
                                    + [pad(c, w, True) for c, w in zip(cells[1:], widths[1:])]))
    if width is not None and any(text_width(x) > width for x in grid_lines):  # a narrow screen: a line a player
        grid_lines = [_t("{player} ({seat}): net {net}  running {running}", player=p, seat=rec["seats"][p],
                         net=_signed(rec["net"][p]), running=_signed(rec["running"][p])) for p in names]
    lines.extend(grid_lines)
    for note in rec.get("notes", ()):
        lines.append(_t("note: ") + _p(note))
    nxt, deal = rec["next_dealer"], rec["deal"]
    if deal == "keeps":
        lines.append(_t("deal: {name} deals again", name=nxt))
    elif deal == "moves":
        lines.append(_t("deal: moves to {name}, the winner", name=nxt) if rec["winner"] is not None
                     else _t("deal: moves to {name}, who drew last", name=nxt))
    else:
        lines.append(_t("deal: passes to {name}", name=nxt))
    return _fitted(lines, width)


def ledger_series(variant, binary_file: BinaryIO, ladder: str | None = None, stake=None,
                  players: tuple[str, ...] | None = None, on_error=None, progress: bool | None = None
                  ) -> tuple[list, int]:
    """The running total of each player (or seat) after every hand, each starting at 0; and the bad lines.

    For the chart: ``[(name, totals), ...]`` in seating order, ``totals`` a :class:`mjcli.chart.Trail` of
    0, then the total after hand 1, after hand 2...: it keeps a bounded number of them however many hands
    there are (the first, the last, the lowest and the highest exact). A bad line is passed to ``on_error``
    and adds no point.
    """
    from .chart import Trail
    from .progress import track

    state = {"bad": 0}
    session, items = _first_players(variant, track(_lines(binary_file), binary_file, progress, "hands"), players)
    names = list(session.players if session else variant.seats)
    series = {n: Trail() for n in names}
    for trail in series.values():
        trail.add(0)
    for rec in _records(variant, items, ladder, stake, state, session):
        if not rec["ok"]:
            if on_error:
                on_error(rec)
            continue
        for n in names:
            series[n].add(rec["running"][n])
    return [(n, series[n]) for n in names], state["bad"]


def run_ledger(variant, binary_file: BinaryIO, fmt: str, out: TextIO, ladder: str | None = None,
               stake: float | None = None, players: tuple[str, ...] | None = None,
               progress: bool | None = None, header: bool = True, width: int | None = None) -> int:
    """Settle every hand of a ledger and write the records; return the number of bad lines (``width``: a
    table's lines fitted to it, see :func:`mjcli.output.emit`).

    A bad players line (or ``players``) raises :class:`SettleError` before anything is written.
    """
    import sys

    from .output import emit

    state = {"bad": 0}

    def on_error(rec):
        from .safetext import escape_controls, one_line

        sys.stderr.write(f"error: line {rec['line']}: {escape_controls(one_line(rec['error']['message']))}\n")

    from .progress import track

    session, items = _first_players(variant, track(_lines(binary_file), binary_file, progress, "hands"), players)
    records = _records(variant, items, ladder, stake, state, session)
    if session is None or fmt in ("json", "jsonl", "csv"):
        emit(records, fmt, "ledger", out, on_error=on_error, header=header, width=width)
    else:
        first = True
        for rec in records:
            if not rec["ok"]:
                on_error(rec)
                continue
            out.write(("" if first else "\n") + players_table(rec, width) + "\n")
            first = False
    return state["bad"]
