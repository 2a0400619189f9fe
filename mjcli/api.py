"""One entry point per command, whatever the game kind: the registered game (see :mod:`mjcli.registry`) answers.

>>> from mjcli.variant import load_builtin
>>> score_line("EEE SSS WWW NNN 55p", load_builtin("hk")).total
10
"""

from __future__ import annotations

import os


def load_variant(name: str | None = None, rules_file: str | os.PathLike | None = None):
    """The variant to play: a rule file when given (or when ``name`` is a path to one), else a built-in id
    (:func:`mjcli.house.load_named`); with neither, the one the environment ($MJCLI_VARIANT, $MJCLI_RULES) or the
    config file chooses, else hk.

    A rule file either extends a built-in variant (``extends: hk``: a house-rule
    file, :mod:`mjcli.house`) or is a whole variant written in YAML alone, from
    the registered patterns and settlement rules (it has ``patterns`` and no
    ``extends``).
    """
    from .house import load_named

    if name is None and rules_file is None:
        from .config import choose_variant

        return choose_variant(load=load_named)[0]
    return load_named(name, rules_file)


_GAME_OF: dict = {}  # game kind name -> its registered object (asked once a line: speed, issue 15)


def _game(variant):
    g = _GAME_OF.get(variant.game)
    if g is None:
        from .registry import game_kind

        g = game_kind(variant.game)
        if g is not None:
            _GAME_OF[variant.game] = g
    return g


def score_line(text: str, variant, overrides: dict | None = None, all_readings: bool = False):
    return _game(variant).score_line(text, variant, overrides=overrides, all_readings=all_readings)


def wait_line(text: str, variant, overrides: dict | None = None):
    return _game(variant).wait_line(text, variant, overrides=overrides)


def score_answer(variant, overrides: dict | None = None, all_readings: bool = False):
    """``answer(text)``, the same as ``score_line(text, variant, overrides, all_readings)`` for each line of a
    batch, with the game looked up once."""
    return _game(variant).score_answer(variant, overrides, all_readings)


def wait_answer(variant, overrides: dict | None = None):
    """``answer(text)``, the same as ``wait_line(text, variant, overrides)``, the game looked up once."""
    return _game(variant).wait_answer(variant, overrides)
