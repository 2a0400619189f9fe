"""Chinese Official (Mahjong Competition Rules, 国标麻将): the 81 fans, the 8-fan minimum without the flowers,
no limit; its game kind (``game: mcr``), the mahjong game with these differences:

- its scorer takes the fast path of :mod:`.patterns` on a plain line (the minimum without the flowers,
  ``toward_minimum: false`` on ``flower_tiles``, and no limit, ``limit: null``, are data of the variant file,
  which the core's score result reads: no result is patched here);
- a discard win is paid fan + 8 by the discarder and 8 (the ``fixed`` part of the payment) by each other
  player; a self-drawn win fan + 8 by each of the three;
- its data section ``mcr:`` holds the principles (what each fan implies and excludes), checked here.

The fans are worked out in :mod:`.fans` and read by the predicates of :mod:`.patterns`.
"""

from __future__ import annotations

from functools import partial

from ...money import amount
from ...payments import Payment, shares
from ...registry import register_game
from ...mahjong.scoring import score_text as mahjong_score
from ..mahjong import Mahjong
from . import patterns
from .patterns import fan_id


def score_text(text, variant, *, overrides=None, all_readings=False):
    """One line scored at this table: the mahjong engine's score, whose result reads the minimum without the
    flowers and the missing limit from the variant file. A plain line of a batch (no option, no ``--all``)
    takes the fast path of :mod:`.patterns`, made once a variant."""
    if overrides or all_readings:
        return mahjong_score(text, variant, overrides=overrides, all_readings=all_readings)
    return _fast(variant)(text)


def _fast(variant):
    """The fast path's ``answer(text)`` of a variant (:func:`.patterns.fast_answer`), made once a variant."""
    got = _FAST.get(id(variant))
    if got is None or got[0] is not variant:
        got = _FAST[id(variant)] = (variant, patterns.fast_answer(variant, partial(mahjong_score, variant=variant)))
    return got[1]


_FAST: dict = {}  # id(variant) -> (the variant, its fast answer)


class Mcr(Mahjong):
    id = "mcr"
    section = "mcr"
    section_expected = "a mapping (principles: what each fan implies and excludes)"
    scorer = staticmethod(score_text)  # handed to the core: a score calls into this room once, at its entry

    def score_answer(self, variant, overrides=None, all_readings: bool = False):
        """A batch's ``answer(text)``: with no option, the fast path's own answer (what :func:`score_text` calls
        for each plain line, with no call between: speed, issue 29); else the scorer with the options bound."""
        if overrides or all_readings:
            return super().score_answer(variant, overrides, all_readings)
        return _fast(variant)

    def validate_section(self, data, ck):
        from .principles import check

        check(data, ck)

    def win_payments(self, variant, pay, req, value, base, notes):
        """fan + 8 from the discarder and 8 from each other player; self-drawn, fan + 8 from each of the three
        (``base`` is fan + 8: the payment table's ``linear`` and ``fixed``; the 8 alone is ``fixed``)."""
        w = req.winner
        unit = variant.unit
        fixed = pay.get("fixed", 0)
        first, _ = shares(pay, base, req.self_drawn)
        out = []
        for s in variant.seats:
            if s == w:
                continue
            if req.self_drawn:
                out.append(Payment(s, w, amount(first), f"self-drawn win ({value} {unit} + {fixed})"))
            elif s == req.shooter:
                out.append(Payment(s, w, amount(first), f"discarder ({value} {unit} + {fixed})"))
            else:
                out.append(Payment(s, w, amount(fixed), "each other player"))
        return out

    def win_payment_lines(self, variant, pay):
        """What :meth:`win_payments` pays, as ``rules mcr`` says it under the base: on a discard, the discarder
        the base (fan + 8) and each other player the 8 (``fixed``); self-drawn, each other player the base."""
        from ...i18n import tr as _t

        d, s = pay.get("discard", {}), pay.get("self_drawn", {})
        return [_t("discard: the discarder pays {shooter} x base, each other player {fixed}",
                   shooter=d.get("shooter", 1), fixed=pay.get("fixed", 0)),
                _t("self-drawn: each other player pays {each} x base", each=s.get("each", 1))]


register_game(Mcr())

__all__ = ["Mcr", "fan_id"]
