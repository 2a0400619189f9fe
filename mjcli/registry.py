"""Where the games meet the core: game kinds and hooks, and the one loader of the game rooms.

The core never imports a game. Each game room under :mod:`mjcli.games`
registers itself when imported: its pattern predicates with
:func:`mjcli.mahjong.patterns.pattern`, its settlement rules with
:func:`mjcli.payments.settlement_rule` (in the room's ``settle`` module,
imported only when a variant names a settlement rule), its game kind (an object with the
:class:`Game` methods) with :func:`register_game`, and any hooks with
:func:`add_hook`. The core looks them up here; :func:`load_games` imports the
rooms once, on first use, so a command that needs none starts fast.

A third-party game is a module named in the ``mjcli.games`` entry-point
group; it is imported only when a variant names a game kind, pattern id or
settlement rule that the built-in rooms do not register.

>>> game_kind("mahjong").id, game_kind("paohuzi").id
('mahjong', 'paohuzi')
"""

from __future__ import annotations

from functools import partial
from typing import Callable

GAMES: dict[str, "Game"] = {}
SETTLEMENT_RULES: dict[str, Callable] = {}  # filled by :func:`mjcli.payments.settlement_rule` (load_settlement_rules)
HOOKS: dict[str, list[Callable]] = {}
FIELDS: list = []  # the record fields files the rooms declare (:func:`declare_fields`)
DEALT: list[tuple[tuple[str, ...], dict[str, str], str]] = []  # (families, aliases, help) by :func:`declare_dealt`
_loaded = {"builtin": False, "plugins": False, "settle": False}


class Game:
    """What the core asks of a game kind (``game:`` in a variant file; mahjong when absent).

    What a score needs is handed over when the kind is registered, not asked for during the score: ``scorer``,
    the function that scores one line (the core binds the options to it, :meth:`score_answer`), and
    ``paid_value``, which a game may declare as a function of its data module (Paohuzi's tun of a huxi total).

    ``section`` names the variant-file key holding the game's own data (None:
    none); ``registry_patterns`` says whether the variant's pattern ids must
    be registered predicates; ``limit_caps_payment`` that a ``settle --value``
    above the variant's limit is paid as the limit (False: the limit is no
    payment cap, and a value above it is refused); ``shell_safe`` how a hand's melds and bar are typed
    unquoted, and ``pipe_bar`` what to say of the bar when an unquoted ``|`` made the shell pipe mjcli (the
    hints of :mod:`mjcli.terminal`).
    """

    id = ""
    shell_safe = "quote the hand's brackets and bar"
    pipe_bar = "write no '|' in a hand"
    section: str | None = None
    section_expected = "a mapping"
    registry_patterns = True
    limit_caps_payment = True

    # declared up front: scorer(text, variant, *, overrides, all_readings), or "package.module:function" for a
    # room that keeps its engine out of start-up (imported on the first score, then kept)
    scorer: Callable | str | None = None

    def score_line(self, text: str, variant, overrides=None, all_readings: bool = False):
        """One line of notation -> a result with ``as_dict()`` and ``answer_code``."""
        return self.score_answer(variant, overrides, all_readings)(text)

    def wait_line(self, text: str, variant, overrides=None):
        """One line of notation -> what completes it (or what each discard leaves)."""
        raise NotImplementedError

    def score_answer(self, variant, overrides=None, all_readings: bool = False):
        """``answer(text)``: the declared :attr:`scorer` with these options bound, for every line of a batch.

        A ``functools.partial``: nothing of the core or of the room stands between a line and the scorer, and
        a score never calls back up into the room that declared it."""
        if self.scorer is None:
            if type(self).score_line is not Game.score_line:  # a kind that gives score_line alone (a plugin)
                return lambda text: self.score_line(text, variant, overrides, all_readings)
            raise NotImplementedError(f"game kind {self.id!r} declares no scorer")
        if isinstance(self.scorer, str):
            import importlib

            module, name = self.scorer.split(":")
            self.scorer = getattr(importlib.import_module(module), name)
        return partial(self.scorer, variant=variant, overrides=overrides, all_readings=all_readings)

    def wait_answer(self, variant, overrides=None):
        """``answer(text)``: :meth:`wait_line` with these options, for every line of a batch."""
        return lambda text: self.wait_line(text, variant, overrides)

    def whole_hand(self, text: str, variant, command: str) -> bool:
        """True when ``text`` alone is a complete hand for ``command`` (score or wait): the arguments of a
        command line are then each a hand, else they are joined into one."""
        return True

    def rules_table(self, variant, lang: str = "en", fmt: str = "table", *, width: int = 80, long: bool = False,
                    glyphs: bool = False) -> str:
        """What ``mjcli rules VARIANT`` prints: ``fmt`` table (no line wider than ``width`` display
        columns; ``long`` adds the full descriptions and examples), json, jsonl, csv, markdown or html."""
        raise NotImplementedError

    def tiles_text(self, variant, *, width: int = 80, glyphs: bool = False) -> str:
        """What ``mjcli rules VARIANT --tiles`` prints, fitted to ``width``."""
        raise NotImplementedError

    def validate_section(self, data, ck) -> None:
        """Check the game's own section of a variant file (``section``)."""

    def paid_value(self, variant, value: int) -> int:
        """The value the payment ladder is read at (Paohuzi: the tun of a huxi total)."""
        return value

    def win_payments(self, variant, pay, req, value, base, notes):
        """The payments for a win, or None for the usual shooter / self-drawn shares."""
        return None

    # True when :meth:`win_payments` reads the patterns of ``req.result``: a score's payment is then worked out
    # for each set of patterns, not once for a total and the few patterns the payment table names
    payment_reads_patterns = False

    def win_payment_lines(self, variant, pay) -> list[str] | None:
        """What ``mjcli rules`` says of how a win is paid, on a discard and self-drawn (the lines under
        "Payment:", in the current language), when :meth:`win_payments` pays its own way; None for the lines of
        the usual shares."""
        return None

    def robbed_kong_written(self, hand_text: str) -> bool:
        """True when a scored hand's text says the win robbed a kong (``settle --hand``: as ``--robbed-kong``)."""
        return False


def register_game(game: Game) -> Game:
    """Register a game kind under its ``id``."""
    if game.id in GAMES:
        raise ValueError(f"game kind {game.id!r} registered twice")
    GAMES[game.id] = game
    return game


def add_hook(name: str, fn: Callable) -> Callable:
    """Add a function the core calls at a named point (``wait_notes``: fn(hand, variant, result)).

    A ``wait_notes`` hook may add notes, and keys to every wait's entry (my3 adds ``drown_fei_reaches_minimum``),
    but does not change the entries' own values: their JSON is kept by what wait() made them of."""
    HOOKS.setdefault(name, []).append(fn)
    return fn


def declare_fields(path) -> None:
    """Declare the record fields a game adds to the published schemas: a JSON file (``order``, and per record
    kind the keys it adds; see :func:`mjcli.contract.schema_text`), read when a schema is first asked for."""
    FIELDS.append(path)


def record_fields() -> list:
    """The record fields files of every registered game."""
    load_games()
    return list(FIELDS)


def declare_dealt(families: tuple[str, ...], help: str, aliases: dict[str, str] | None = None) -> None:
    """Declare the words ``settle --dealt SEAT:FAMILY`` takes for a room's settlement rules: ``families`` (each
    as the rules see it), ``aliases`` (another spelling -> a family) and ``help``, the room's part of the
    option's help."""
    DEALT.append((tuple(families), dict(aliases or {}), help))


def dealt_words() -> dict[str, str]:
    """Every word ``--dealt`` takes -> the family the settlement rules see, in the order the rooms declare them."""
    load_games()
    out: dict[str, str] = {}
    for families, aliases, _ in DEALT:
        out.update({f: f for f in families if f not in out})
    for _, aliases, _ in DEALT:
        out.update({a: f for a, f in aliases.items() if a not in out})
    return out


def dealt_help() -> list[str]:
    """Each room's part of the ``--dealt`` help, in the order the rooms load."""
    load_games()
    return [h for _, _, h in DEALT]


def hooks(name: str) -> list[Callable]:
    load_games()
    return HOOKS.get(name, [])


def game_kind(name: str) -> Game | None:
    """The registered game kind ``name`` (None when no room registers it)."""
    load_games()
    if name not in GAMES:
        load_plugins()
    return GAMES.get(name)


def load_games() -> None:
    """Import the shared patterns and every built-in game room, once."""
    if _loaded["builtin"]:
        return
    _loaded["builtin"] = True
    import importlib

    importlib.import_module("mjcli.mahjong.patterns.core")  # the predicates the mahjong variants share
    for name, _ in _rooms():
        importlib.import_module(name)


def load_settlement_rules() -> None:
    """Import the ``settle`` module of every built-in room that has one, once.

    Apart from the rooms: only a variant that names settlement rules pays for
    them, so `mjcli rules hk` starts fast (issue 6).
    """
    load_games()
    if _loaded["settle"]:
        return
    _loaded["settle"] = True
    import importlib
    import pkgutil

    for name, is_pkg in _rooms():
        if is_pkg and any(m.name == "settle" for m in pkgutil.iter_modules(importlib.import_module(name).__path__)):
            importlib.import_module(f"{name}.settle")


def _rooms() -> list[tuple[str, bool]]:
    """The built-in game rooms: (module name, is a package)."""
    import importlib
    import pkgutil

    pkg = importlib.import_module("mjcli.games")
    return [(f"mjcli.games.{m.name}", m.ispkg) for m in pkgutil.iter_modules(pkg.__path__)]


def load_plugins() -> None:
    """Import the third-party games of the ``mjcli.games`` entry-point group, once."""
    if _loaded["plugins"]:
        return
    _loaded["plugins"] = True
    from importlib.metadata import entry_points

    for ep in entry_points(group="mjcli.games"):
        try:
            ep.load()
        except (ImportError, AttributeError):  # a broken plugin: its ids stay unknown, and the error names them
            continue
