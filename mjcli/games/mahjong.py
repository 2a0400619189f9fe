"""The mahjong game kind: a hand of sets and a pair, scored by the variant's registered patterns.

Every mahjong variant (hk, sg, my3, a house or YAML-only variant) plays it;
what differs between them is YAML data and the predicates their rooms
register.
"""

from __future__ import annotations

from ..errors import MjError
from ..registry import Game, register_game
from ..tiles import parse_hand

_LAZY: dict = {}  # scoring and waits, imported on the first line (not for `mjcli rules`: start-up, issue 15)


def _fn(name: str):
    f = _LAZY.get(name)
    if f is None:
        if name == "score_text":
            from ..scoring import score_text as f
        else:
            from ..waits import wait_text as f
        _LAZY[name] = f
    return f


class Mahjong(Game):
    id = "mahjong"

    def score_line(self, text, variant, overrides=None, all_readings=False):
        return _fn("score_text")(text, variant, all_readings=all_readings, overrides=overrides)

    def score_answer(self, variant, overrides=None, all_readings=False):
        score_text = _fn("score_text")  # straight to the scorer: no layer between a line and it (speed, issue 15)
        return lambda text: score_text(text, variant, all_readings=all_readings, overrides=overrides)

    def wait_line(self, text, variant, overrides=None):
        try:
            hand = parse_hand(text)  # parsed once: the answer is given the hand
        except MjError:
            hand = None  # wait_text reports the problem
        if hand is not None and hand.size == 14:  # a hand that has just drawn: what each discard leaves
            from ..discards import discard_text

            return discard_text(text, variant, overrides=overrides, parsed=hand)
        return _fn("wait_text")(text, variant, overrides=overrides, parsed=hand)

    def whole_hand(self, text, variant, command):
        from ..tiles import whole_hand

        return whole_hand(text, command)

    def rules_table(self, variant, lang="en", fmt="table", *, width=80, long=False, glyphs=False):
        from ..rulesview import mahjong_table

        return mahjong_table(variant, lang, fmt, width=width, long=long, glyphs=glyphs)

    def tiles_text(self, variant, *, width=80, glyphs=False):
        from ..rulesview import mahjong_tiles

        return mahjong_tiles(variant, width=width, glyphs=glyphs)


register_game(Mahjong())
