"""One entry point per command, whatever the game: mahjong or Paohuzi.

>>> from mjcli.variant import load_builtin
>>> score_line("EEE SSS WWW NNN 55p", load_builtin("hk")).total
10
"""

from __future__ import annotations


def _game(variant):
    if variant.game == "paohuzi":
        from .games import paohuzi

        return paohuzi
    return None


def score_line(text: str, variant, overrides: dict | None = None, all_readings: bool = False):
    game = _game(variant)
    if game is not None:
        return game.score_text(text, variant, overrides=overrides, all_readings=all_readings)
    from .scoring import score_text

    return score_text(text, variant, all_readings=all_readings, overrides=overrides)


def wait_line(text: str, variant, overrides: dict | None = None):
    game = _game(variant)
    if game is not None:
        return game.wait_text(text, variant, overrides=overrides)
    from .errors import MjError
    from .tiles import parse_hand

    try:
        size = parse_hand(text).size
    except MjError:
        size = None  # wait_text reports the problem
    if size == 14:  # a hand that has just drawn: what each discard leaves
        from .discards import discard_text

        return discard_text(text, variant, overrides=overrides)
    from .waits import wait_text

    return wait_text(text, variant, overrides=overrides)
