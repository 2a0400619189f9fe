"""The mahjong game kind: a hand of sets and a pair, scored by the variant's registered patterns.

Every mahjong variant (hk, sg, my3, a house or YAML-only variant) plays it;
what differs between them is YAML data and the predicates their rooms
register.
"""

from __future__ import annotations

from ..errors import MjError
from ..registry import Game, register_game
from ..mahjong.scoring import score_text
from ..mahjong.tiles import parse_hand


class Mahjong(Game):
    """Its scorer is the engine's own (:func:`mjcli.mahjong.scoring.score_text`), handed to the core here: a score goes
    from :func:`mjcli.api.score_answer` straight into the engine, with no call back up into this room."""

    id = "mahjong"
    shell_safe = "write a shown meld as +123p, an added kong ++5555p, a concealed kong _5555p, the bar ':'"
    pipe_bar = "write the bonus bar as ':' (mjcli score 123m ... 55s : f1 s2)"
    scorer = staticmethod(score_text)

    def wait_line(self, text, variant, overrides=None):
        return self.wait_answer(variant, overrides)(text)

    def wait_answer(self, variant, overrides=None):
        """``answer(text)`` for every line: what completes a 13-tile hand, or what each discard of a 14-tile one
        leaves; a hand that is not ready gets its shanten and helpful tiles (:mod:`mjcli.mahjong.efficiency`). The
        options of that module (``seen``, ``reach_minimum``, ``look_ahead``) are read once here."""
        from ..mahjong.efficiency import AheadOptions, discards_ahead, split_options, wait_ahead
        from ..mahjong.waits import answer_line

        overrides, opts = split_options(overrides, variant)
        opts = opts or AheadOptions()
        answer13 = lambda hand, v: wait_ahead(hand, v, opts)  # noqa: E731
        answer14 = lambda hand, v: discards_ahead(hand, v, opts)  # noqa: E731

        def answer(text):
            try:
                hand = parse_hand(text)  # parsed once: the answer is given the hand
            except MjError:
                hand = None  # answer_line reports the problem
            if hand is not None and hand.size == variant.hand.size:  # just drawn: what each discard leaves
                return answer_line(text, variant, overrides, answer14, hand)
            return answer_line(text, variant, overrides, answer13, hand)

        return answer

    def robbed_kong_written(self, hand_text):
        return parse_hand(hand_text).has_flag("rob-kong")

    def whole_hand(self, text, variant, command):
        from ..mahjong.tiles import whole_hand

        return whole_hand(text, command, variant.hand.size)

    def rules_table(self, variant, lang="en", fmt="table", *, width=80, long=False, glyphs=False):
        from ..rulesview import mahjong_table

        return mahjong_table(variant, lang, fmt, width=width, long=long, glyphs=glyphs)

    def tiles_text(self, variant, *, width=80, glyphs=False):
        from ..rulesview import mahjong_tiles

        return mahjong_tiles(variant, width=width, glyphs=glyphs)


register_game(Mahjong())
