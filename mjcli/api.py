"""One entry point per command, whatever the game kind: the registered game (see :mod:`mjcli.registry`) answers.

>>> from mjcli.variant import load_builtin
>>> score_line("EEE SSS WWW NNN 55p", load_builtin("hk")).total
10
"""

from __future__ import annotations

import os


def load_variant(name: str | None = None, rules_file: str | os.PathLike | None = None):
    """The variant to play: a house-rule file when given, else a built-in id."""
    if rules_file is not None:
        from .house import load_rules_file

        return load_rules_file(rules_file)
    if name is None:  # an empty -v "" is an unknown variant, not the default
        name = os.environ.get("MJCLI_VARIANT") or "hk"
    from .variant import load_builtin

    return load_builtin(name)


def _game(variant):
    from .registry import game_kind

    return game_kind(variant.game)


def score_line(text: str, variant, overrides: dict | None = None, all_readings: bool = False):
    return _game(variant).score_line(text, variant, overrides=overrides, all_readings=all_readings)


def wait_line(text: str, variant, overrides: dict | None = None):
    return _game(variant).wait_line(text, variant, overrides=overrides)
