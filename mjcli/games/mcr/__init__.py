"""Chinese Official (Mahjong Competition Rules, 国标麻将): the 81 fans, the 8-fan minimum without the flowers,
no limit; its game kind (``game: mcr``), the mahjong game with three differences:

- the minimum verdict counts the fans without the flowers (``flower_tiles``);
- a discard win is paid fan + 8 by the discarder and 8 (the ``fixed`` part of the payment) by each other
  player; a self-drawn win fan + 8 by each of the three;
- its data section ``mcr:`` holds the principles (what each fan implies and excludes), checked here.

The fans are worked out in :mod:`.fans` and read by the predicates of :mod:`.patterns`.
"""

from __future__ import annotations

from ...money import amount
from ...payments import Payment, shares
from ...registry import register_game
from ...scoring import ScoreResult
from ..mahjong import Mahjong
from . import patterns
from .patterns import fan_id

# variant id -> the ids of its patterns not toward the minimum (``toward_minimum: false``: the flowers), set by
# _fix for the variant it scores with; read by the verdict of a result, and of a copy of it (dataclasses.replace
# keeps the class and the fields, not what else the result holds)
_NOT_TOWARD: dict = {}


class McrResult(ScoreResult):
    """A score whose minimum verdict leaves out the patterns not toward the minimum (the flowers:
    ``toward_minimum: false`` in the variant file)."""

    @property
    def meets_minimum(self) -> bool:
        off = _NOT_TOWARD.get(self.variant, ())
        below = sum(p.points for p in self.patterns if p.id in off) if off else 0
        return self.winning and self.total - below >= self.minimum


def _fix(res, variant):
    """The result with the minimum verdict of this table (the flowers left out); its payment is the one
    :func:`mjcli.payments.payment_summary` made from :meth:`Mcr.win_payments`, dropped below the minimum; no
    limit is written ``null`` in the record (the schema's no-limit value)."""
    if not isinstance(res, ScoreResult) or not res.ok:
        return res
    res.__class__ = McrResult
    _NOT_TOWARD[variant.id] = variant.not_toward_minimum
    if not variant.has_limit:
        res.limit = None
    if res.payment is not None and not res.meets_minimum:
        res.payment = None
    for alt in res.alternatives:  # the readings of --all (the best among them): their minimum verdict alone
        if isinstance(alt, ScoreResult):
            alt.__class__ = McrResult
    return res


class Mcr(Mahjong):
    id = "mcr"
    section = "mcr"
    section_expected = "a mapping (principles: what each fan implies and excludes)"

    def score_line(self, text, variant, overrides=None, all_readings=False):
        return _fix(super().score_line(text, variant, overrides, all_readings), variant)

    def score_answer(self, variant, overrides=None, all_readings=False):
        answer = super().score_answer(variant, overrides, all_readings)
        if not overrides and not all_readings:  # the batch's plain lines: the fast path of .patterns (issue 29)
            answer = patterns.fast_answer(variant, answer)
        return lambda text: _fix(answer(text), variant)

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


register_game(Mcr())

__all__ = ["Mcr", "McrResult", "fan_id"]
