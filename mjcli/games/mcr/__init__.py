"""Chinese Official (Mahjong Competition Rules, 国标麻将): the 81 fans, the 8-fan minimum without the flowers,
no limit; its game kind (``game: mcr``), the mahjong game with three differences:

- the minimum verdict counts the fans without the flowers (``flower_tiles``);
- a discard win is paid fan + 8 by the discarder and 8 (the ``fixed`` part of the payment) by each other
  player; a self-drawn win fan + 8 by each of the three;
- its data section ``mcr:`` holds the principles (what each fan implies and excludes), checked here.

The fans are worked out in :mod:`.fans` and read by the predicates of :mod:`.patterns`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...money import add, amount, mul
from ...payments import Payment
from ...registry import register_game
from ...scoring import ScoreResult
from ...scoring import score_text as mahjong_score
from ..mahjong import Mahjong
from . import patterns  # noqa: F401
from .patterns import fan_id

FLOWERS = "flower_tiles"


@dataclass
class McrResult(ScoreResult):
    """A score whose minimum verdict leaves the flowers out: worked out once (:func:`_verdict`) and kept as data
    (a field, which ``dataclasses.replace`` keeps), read by the core without calling back up into this room."""

    meets_minimum: bool = False


def _verdict(res: McrResult) -> McrResult:
    flowers = sum(p.points for p in res.patterns if p.id == FLOWERS)
    res.meets_minimum = res.winning and res.total - flowers >= res.minimum
    return res


def _shares(variant, total: int, self_drawn: bool) -> tuple:
    """(what the discarder or each player pays on a self-draw, what each other player pays on a discard)."""
    pay = variant.payment
    fixed = pay.get("fixed", 0)
    base = add(fixed, mul(pay.get("linear", 1), total))
    return base, (base if self_drawn else fixed)


def _fix(res, variant):
    """The result with the minimum verdict and the payment of this table."""
    if not isinstance(res, ScoreResult) or not res.ok:
        return res
    res.__class__ = McrResult
    _verdict(res)
    pay = res.payment
    if pay is not None:
        if not res.meets_minimum:
            res.payment = None
        else:
            self_drawn = "each" in pay
            first, other = _shares(variant, res.total, self_drawn)
            losers = len(variant.seats) - 1
            if self_drawn:
                res.payment = {"each": amount(first), "total": amount(mul(first, losers))}
            elif not pay.get("robbed_kong"):
                res.payment = {"shooter": amount(first), "others": amount(other),
                               "total": amount(add(first, mul(other, losers - 1)))}
    for alt in res.alternatives:  # the readings of --all (the best among them): their minimum verdict alone
        if isinstance(alt, ScoreResult):
            alt.__class__ = McrResult
            _verdict(alt)
    return res


def score_text(text, variant, *, overrides=None, all_readings=False):
    """One line scored at this table: the mahjong engine's score with this table's minimum verdict and payment."""
    return _fix(mahjong_score(text, variant, overrides=overrides, all_readings=all_readings), variant)


class Mcr(Mahjong):
    id = "mcr"
    section = "mcr"
    section_expected = "a mapping (principles: what each fan implies and excludes)"
    scorer = staticmethod(score_text)  # handed to the core: a score calls into this room once, at its entry

    def validate_section(self, data, ck):
        from .principles import check

        check(data, ck)

    def win_payments(self, variant, pay, req, value, base, notes):
        """fan + 8 from the discarder and 8 from each other player; self-drawn, fan + 8 from each of the three."""
        w = req.winner
        unit = variant.unit
        first, other = _shares(variant, value, req.self_drawn)
        out = []
        for s in variant.seats:
            if s == w:
                continue
            if req.self_drawn:
                out.append(Payment(s, w, amount(first), f"self-drawn win ({value} {unit} + {pay.get('fixed', 0)})"))
            elif s == req.shooter:
                out.append(Payment(s, w, amount(first), f"discarder ({value} {unit} + {pay.get('fixed', 0)})"))
            else:
                out.append(Payment(s, w, amount(other), "each other player"))
        return out


register_game(Mcr())

__all__ = ["Mcr", "McrResult", "fan_id"]
