"""A result and the table -> who pays whom, and why.

The shape of every payment rule is data in the variant's ``payment`` section:

* ``ladder``: the hand value -> the base amount (a value above the top row is
  paid as the top row; below the first row nothing is paid), or ``linear``:
  base = value x linear, plus ``fixed`` when given (the Taiwanese base + tai x per tai).
* ``discard``: ``shooter`` and ``others`` pay those multiples of the base.
* ``self_drawn``: ``each`` loser pays that multiple.
* ``bao``: ``on_discard`` / ``on_self_drawn``: whether the liable player pays
  everyone's share.
* ``robbed_kong``: ``self_drawn_total`` (the konger pays what all would pay
  on a self-draw) or ``discard`` (the konger pays as a shooter).
* ``paid_as_self_drawn``: pattern ids whose wins every loser pays as if
  self-drawn.

Variant-specific settlements (instant payments, Fei) are registered rules,
named by id in the variant's ``settlement`` list.

>>> from mjcli.variant import load_builtin
>>> hk = load_builtin("hk")
>>> s = settle(hk, SettleRequest(winner="E", shooter="S", value=5))
>>> [(p.payer, p.payee, p.amount) for p in s.payments], s.net
([('S', 'E', 24)], {'E': 24, 'S': -24, 'W': 0, 'N': 0})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .errors import SettleError
from .money import add, amount, mul, sub
from .registry import SETTLEMENT_RULES


@dataclass(frozen=True)
class Payment:
    payer: str
    payee: str
    amount: float
    reason: str

    def as_dict(self) -> dict:
        return {"from": self.payer, "to": self.payee, "amount": self.amount, "reason": self.reason}


@dataclass
class SettleRequest:
    """Everything ``mjcli settle`` knows about one hand."""

    winner: str | None = None
    shooter: str | None = None  # None: self-drawn (or no winner)
    value: int | None = None
    result: object | None = None  # a ScoreResult when --hand was given
    bao: str | None = None
    robbed_kong: bool = False
    kongs: list[tuple[str, str, str | None]] = field(default_factory=list)  # (seat, kind, from)
    bonus: dict[str, list[str]] = field(default_factory=dict)  # seat -> bonus tokens
    dealt: list[tuple[str, str]] = field(default_factory=list)  # (seat, family) complete at the deal
    fei: dict[str, int] = field(default_factory=dict)  # seat -> Fei held
    ladder: str | None = None
    stake: float = 1
    flowers: int | None = None  # --flowers N: how many of the value's points are flowers (not toward the minimum)

    @property
    def self_drawn(self) -> bool:
        return self.winner is not None and self.shooter is None


@dataclass
class Settlement:
    payments: list[Payment]
    net: dict[str, float]
    value: int | None = None
    base: float | None = None
    notes: list[str] = field(default_factory=list)
    paid_value: int | None = None  # the value the payments were worked at: the limit when value is above it

    def as_dict(self) -> dict:
        return {
            "value": self.value,
            "base": self.base,
            "payments": [p.as_dict() for p in self.payments],
            "net": self.net,
            "notes": self.notes,
            "paid_value": self.paid_value,
        }


SettlementRule = Callable[[object, SettleRequest, "Settlement"], list[Payment]]


def settlement_rule(rid: str, reads: tuple[str, ...] = (), needs: tuple[str, ...] = ()):
    """Register an extra settlement (instant payments, Fei...) under an id.

    ``reads``: the request fields it pays for (kongs, bonus, dealt, fei); one given
    to a variant whose settlements read none of them gets a note, not silence.
    ``needs``: the ``instant`` amounts it pays; a rule file naming the rule without one is refused at load."""

    def deco(fn):
        first = SETTLEMENT_RULES.get(rid)
        if first is not None:
            raise ValueError(f"settlement rule {rid!r} registered twice ({_where(first)} and {_where(fn)}); "
                             "give one of them another id")
        fn.reads = frozenset(reads)
        fn.needs = tuple(needs)
        SETTLEMENT_RULES[rid] = fn
        return fn

    return deco


def _where(fn) -> str:
    """``module.name`` of a registered function, for the message that refuses an id registered twice."""
    return f"{getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', '?')}"


def payment_table(variant, ladder_name: str | None = None) -> dict:
    """The variant's payment section, with a named preset applied when asked."""
    pay = dict(variant.payment)
    if ladder_name:
        from .presets import apply_preset

        pay = apply_preset(pay, ladder_name, variant.extra.get("extends") or variant.id)
    return pay


def base_amount(variant, value: int, pay: dict | None = None) -> float | None:
    """The base amount for a hand value, or None when it is below the ladder.

    >>> from mjcli.variant import load_builtin
    >>> [base_amount(load_builtin("hk"), v) for v in (2, 3, 7, 10, 13)]
    [None, 8, 48, 128, 128]
    """
    pay = pay if pay is not None else variant.payment
    if value < variant.minimum:
        return None
    from .registry import game_kind

    value = game_kind(variant.game).paid_value(variant, value)  # Paohuzi: the value is huxi; what is paid is tun
    if "linear" in pay:
        per = mul(pay["linear"], value)
        return add(pay["fixed"], per) if "fixed" in pay else per
    ladder = pay.get("ladder") or {}
    if not ladder:
        return None
    keys = sorted(ladder)
    if value < keys[0]:
        return None
    value = min(value, keys[-1])
    best = max(k for k in keys if k <= value)
    return amount(ladder[best])


def shares(pay: dict, base: float, self_drawn: bool) -> tuple[float, float]:
    """(what the shooter pays, what each other loser pays); on a self-draw both are the same."""
    if self_drawn:
        each = mul(pay.get("self_drawn", {}).get("each", 1), base)
        return each, each
    d = pay.get("discard", {})
    return mul(d.get("shooter", 1), base), mul(d.get("others", 0), base)


@dataclass(frozen=True)
class WinShares:
    """How one win is paid, before any bao: the one place that reads ``robbed_kong`` and
    ``paid_as_self_drawn`` (``score``'s payment and ``settle`` both ask it).

    ``konger_pays``: on a robbed kong paid ``self_drawn_total``, what the konger alone pays (else None);
    ``as_self_drawn``: a pattern of the result is paid as if self-drawn; ``self_drawn``: paid as a self-draw."""

    shooter: object
    other: object
    self_drawn: bool
    as_self_drawn: bool = False
    konger_pays: object = None


def win_shares(pay: dict, base, losers: int, self_drawn: bool, robbed_kong: bool = False,
               result=None) -> WinShares:
    """What each loser of a win pays (``losers``: how many there are), the rules of the payment table applied.

    >>> win_shares({"self_drawn": {"each": 1}, "robbed_kong": "self_drawn_total"}, 8, 3, False, True).konger_pays
    24
    """
    as_self = result is not None and _paid_as_self_drawn(pay, result)
    self_drawn = self_drawn or as_self
    if robbed_kong and pay.get("robbed_kong") == "self_drawn_total":
        each, _ = shares(pay, base, True)
        return WinShares(each, each, True, as_self, mul(each, losers))
    shooter, other = shares(pay, base, self_drawn)
    return WinShares(shooter, other, self_drawn, as_self)


def not_toward_points(variant, patterns) -> int:
    """The points of ``patterns`` (a result's, or tuples ending ``spec, count``) that do not count toward the minimum
    (``toward_minimum: false``: mcr's flowers); 0 at a table with none.

    >>> from mjcli.variant import load_builtin
    >>> mcr = load_builtin("mcr")
    >>> not_toward_points(mcr, [(mcr.pattern("flower_tiles"), 3)]), not_toward_points(load_builtin("hk"), [])
    (3, 0)
    """
    off = variant.not_toward_minimum
    if not off:
        return 0
    points = 0
    for p in patterns:
        if p.__class__ is tuple:
            if p[-2].id in off:
                points += p[-2].value * p[-1]
        elif p.id in off:
            points += p.points
    return points


def payment_pattern_ids(variant) -> frozenset | None:
    """The ids of the patterns :func:`payment_summary` reads of a result, besides its total and how the hand was
    won: those the payment table pays as self-drawn and those not toward the minimum; None (every pattern) when
    the game's own payments read the patterns (:attr:`mjcli.registry.Game.payment_reads_patterns`)."""
    from .registry import game_kind

    if game_kind(variant.game).payment_reads_patterns:
        return None
    return frozenset(variant.payment.get("paid_as_self_drawn") or ()) | frozenset(variant.not_toward_minimum)


def payment_summary(variant, total: int, self_drawn: bool, result=None, ladder_name: str | None = None,
                    robbed_kong: bool = False) -> dict | None:
    """What each loser pays on this win (the ``payment`` field of ``score``); None below the minimum (counted
    without the points not toward it).

    ``robbed_kong``: won by robbing a kong, paid as ``settle --robbed-kong`` (the konger is the shooter)."""
    pay = payment_table(variant, ladder_name)
    base = base_amount(variant, total, pay)
    if base is None:
        return None
    if result is not None and total - not_toward_points(variant, getattr(result, "patterns", ())) < variant.minimum:
        return None
    losers = len(variant.seats) - 1
    own = _game_shares(variant, pay, total, base, self_drawn, robbed_kong, result)
    if own is not None:  # the game pays its own way (mcr: fan + 8 and 8): what settle pays, summed up
        shooter, other = own
    else:
        win = win_shares(pay, base, losers, self_drawn, robbed_kong, result)
        if win.konger_pays is not None:
            return {"shooter": amount(win.konger_pays), "others": 0, "total": amount(win.konger_pays),
                    "robbed_kong": True}
        shooter, other, self_drawn = win.shooter, win.other, win.self_drawn
    stake = pay.get(SCORE_STAKE, 1)  # score --ladder/--stake: money, as settle pays it (see priced)
    if stake != 1:
        shooter, other = mul(shooter, stake), mul(other, stake)
    if self_drawn:
        return {"each": amount(shooter), "total": mul(shooter, losers)}
    return {"shooter": amount(shooter), "others": amount(other), "total": add(shooter, mul(other, losers - 1))}


def _game_shares(variant, pay: dict, total: int, base, self_drawn: bool, robbed_kong: bool, result):
    """(what the shooter, or each loser on a self-draw, pays; what each other loser pays) when the game pays
    its own way: read off the payments ``settle`` makes (:meth:`mjcli.registry.Game.win_payments`, the one
    copy of the rule), for a win by the first seat from the second; None for the usual shares."""
    from .registry import game_kind

    seats = variant.seats
    req = SettleRequest(winner=seats[0], shooter=None if self_drawn else seats[1], value=total, result=result,
                        robbed_kong=robbed_kong)
    own = game_kind(variant.game).win_payments(variant, pay, req, total, base, [])
    if own is None:
        return None
    paid = {p.payer: p.amount for p in own}
    return paid.get(seats[1], 0), paid.get(seats[1 if self_drawn else 2], 0) if len(seats) > 2 else 0


SCORE_STAKE = "score_stake"  # a key of a priced variant's payment table only (never in a rule file)


def table_stake(pay: dict, given=1):
    """Money per unit: ``--stake`` (``given``) wins over the table's ``payment.stake``; 1 when neither."""
    return given if given != 1 else pay.get("stake", 1)


def priced(variant, ladder: str | None = None, stake=None):
    """The variant whose ``score`` payment is what ``settle`` pays with this ladder and stake (the same
    payment table and stake rule as :func:`settle`): ``score --ladder/--stake``."""
    from dataclasses import replace
    from types import MappingProxyType

    from .money import stake as money_stake

    pay = payment_table(variant, ladder)
    pay[SCORE_STAKE] = table_stake(pay, 1 if stake is None else money_stake(stake))
    return replace(variant, payment=MappingProxyType(pay))


def _paid_as_self_drawn(pay: dict, result) -> bool:
    ids = set(pay.get("paid_as_self_drawn") or ())
    return bool(ids & {p.id for p in getattr(result, "patterns", ())})


def _seat_check(variant, seat: str | None, what: str) -> None:
    if seat is not None and seat not in variant.seats:
        raise SettleError(f"{what} {seat!r} is not a seat in {variant.id}; seats are {' '.join(variant.seats)}")


def settle(variant, req: SettleRequest) -> Settlement:
    """Every payment of one hand, and the net per seat (the nets sum to zero)."""
    for seat, what in ((req.winner, "--winner"), (req.shooter, "--from"), (req.bao, "--bao")):
        _seat_check(variant, seat, what)
    if req.shooter is not None and req.winner is None:
        raise SettleError("--from names a shooter but there is no --winner; add --winner SEAT")
    if req.winner is not None and req.shooter == req.winner:
        raise SettleError("--from is the winner's own seat; leave --from out for a self-drawn win")
    if req.bao is not None and req.bao == req.winner:
        raise SettleError("--bao is the winner's own seat; the liable player is a loser")
    if req.winner is None:  # a drawn hand: nothing of a win may be given (it would be silently ignored)
        for given, what in ((req.flowers is not None, "--flowers counts the winner's flowers"),
                            (req.value is not None, "--value is the winning hand's value"),
                            (req.result is not None, "--hand is the winning hand"),
                            (req.bao is not None, "--bao names the player liable for a win")):
            if given:
                raise SettleError(f"{what}, but there is no --winner; add --winner SEAT (a drawn hand has none)")
    if req.robbed_kong and req.shooter is None:
        raise SettleError("--robbed-kong needs --from SEAT, the player whose kong was robbed")
    pay = payment_table(variant, req.ladder)
    payments: list[Payment] = []
    notes: list[str] = []
    base = None
    value = req.value
    if req.winner is not None:
        if value is None and req.result is None:
            raise SettleError("a win needs its value: give --value N or --hand HAND")
        if req.result is not None:
            value = paid = req.result.total  # a scored hand's total is capped at the limit already
        else:
            paid = _paid_value(variant, value, notes)
        _toward_minimum(variant, req, value, notes)
        base = base_amount(variant, paid, pay)
        if base is None:
            raise SettleError(  # a --hand that scores below it is a hand that does not win (exit 1, as score)
                f"{value} {variant.unit} is below the minimum of {variant.minimum}; the hand cannot be won",
                "below_minimum" if req.result is not None else None)
        payments.extend(win_payments(variant, pay, req, paid, base, notes))
    out = Settlement(payments, {}, value, amount(base) if base is not None else None, notes,
                     paid if req.winner is not None else None)
    if variant.settlement:
        from .registry import load_settlement_rules

        load_settlement_rules()
    for rid in variant.settlement:
        out.payments.extend(SETTLEMENT_RULES[rid](variant, req, out))
    _note_unread(variant, req, notes)
    stake = table_stake(pay, req.stake)
    if stake != 1:
        out.payments = [Payment(p.payer, p.payee, mul(p.amount, stake), p.reason) for p in out.payments]
        out.base = mul(out.base, stake) if out.base is not None else None
    out.payments = [p for p in out.payments if p.amount]
    out.net = net_of(variant.seats, out.payments)
    return out


def _toward_minimum(variant, req: SettleRequest, value: int, notes: list[str]) -> None:
    """The minimum checked without the points that do not count toward it (``toward_minimum: false``: mcr's
    flowers), those of the ``--hand`` or ``--flowers N`` times the flower pattern's value; a SettleError
    (``below_minimum``) when the rest is below it. ``--flowers`` at a table with no such pattern is refused."""
    off = [p for p in variant.patterns if not p.toward_minimum]
    if req.flowers is not None:
        if not off:
            raise SettleError(f"--flowers: {variant.id} counts every {variant.unit} toward the minimum (only a "
                              "table whose flowers are not toward it, such as mcr, takes --flowers); leave it out")
        if req.result is not None:
            raise SettleError("--flowers with --hand: the hand's own flowers are counted (write them after the "
                              "bar, e.g. ... | f1 s2); leave out --flowers")
        n = req.flowers
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 8:
            raise SettleError(f"--flowers {n!r}: write how many flowers and seasons the winner set aside, 0 to 8")
        below = n * off[0].value
        if below > value:
            raise SettleError(f"--flowers {n}: {n} flowers are {below} {variant.unit}, more than the --value "
                              f"{value} they are part of (--value is the whole hand, flowers included)")
    elif req.result is not None and off:
        below = not_toward_points(variant, req.result.patterns)
    else:
        return
    if below and value - below < variant.minimum:
        raise SettleError(f"{value} {variant.unit} is {value - below} without the flowers' {below}, below the "
                          f"minimum of {variant.minimum}; the hand cannot be won",
                          "below_minimum" if req.result is not None else None)
    if below:
        notes.append(f"{below} of the {value} {variant.unit} are flowers: {value - below} toward the minimum "
                     f"of {variant.minimum}")


def _paid_value(variant, value, notes: list[str]) -> int:
    """A ``--value`` checked, and the value it is paid at: above the limit it is paid as the limit, with a note
    (RULES.md). A game whose limit is no payment cap (Paohuzi's stands above any hand) refuses a value over it.

    >>> from mjcli.variant import load_builtin
    >>> notes = []
    >>> _paid_value(load_builtin("hk"), 13, notes), notes
    (10, ['13 faan is above the limit of 10: paid as 10 faan'])
    """
    from .registry import game_kind

    limit, unit = variant.limit, variant.unit
    shown = str(value) if isinstance(value, int) and abs(value) < 10 ** 30 else "that value"
    caps = game_kind(variant.game).limit_caps_payment
    if not variant.has_limit:  # no limit (mcr): any value is paid as it is
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise SettleError(f"--value {shown}: write a whole number 0 or more, the hand's value in {unit} "
                              f"({variant.id} has no limit)")
        return value
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 or value > limit and not caps:
        if caps:
            raise SettleError(f"--value {shown}: write a whole number 0 or more, the hand's value in {unit} "
                              f"(a value above the limit of {variant.id}, {limit}, is paid as {limit})")
        raise SettleError(f"--value {shown}: write a whole number from 0 to {limit}; no {variant.id} hand "
                          f"scores more than {limit} {unit}")
    if value > limit:
        said = f"{value} {unit}" if shown != "that value" else f"a value of {len(str(value))} digits"
        notes.append(f"{said} is above the limit of {limit}: paid as {limit} {unit}")
        return limit
    return value


# a request field no settlement of the variant reads -> its option and what goes unpaid
_UNREAD = (("kongs", "--kong", "kongs"), ("bonus", "--bonus", "bonus tiles"),
           ("dealt", "--dealt", "families held from the deal"), ("fei", "--fei", "Fei held"))


def _note_unread(variant, req: SettleRequest, notes: list[str]) -> None:
    """Say so when an option was given that the variant's rules pay nothing for, and when the winner's --hand
    shows a kong that the variant pays for but no --kong names (kongs are paid as --kong gives them)."""
    read = set()
    for rid in variant.settlement:
        read |= getattr(SETTLEMENT_RULES[rid], "reads", frozenset())
    for attr, opt, what in _UNREAD:
        if getattr(req, attr) and attr not in read:
            notes.append(f"{opt} changes nothing: {variant.id} pays nothing for {what}")
    hand = getattr(req.result, "hand", None)
    if "kongs" in read and hand and req.winner is not None and not any(k[0] == req.winner for k in req.kongs):
        from .mahjong.tiles import CLAIMED, KONG, parse_hand

        kongs = [m for m in parse_hand(hand).melds if m.kind == KONG]
        shown = [m.text() for m in kongs]
        if shown:
            ex = f"{req.winner}:{kongs[0].exposure}" + (":SEAT" if kongs[0].exposure == CLAIMED else "")
            notes.append(f"the hand shows the kong{'s' if len(shown) > 1 else ''} {' '.join(shown)}, not paid: "
                         f"kongs are paid as --kong gives them, e.g. --kong {ex}")


def net_of(seats, payments) -> dict[str, float]:
    net = {s: 0 for s in seats}  # int or Decimal throughout: the nets sum to exactly zero
    for p in payments:
        net[p.payer] = sub(net[p.payer], p.amount)
        net[p.payee] = add(net[p.payee], p.amount)
    return {s: amount(v) for s, v in net.items()}


def win_payments(variant, pay, req: SettleRequest, value, base, notes) -> list[Payment]:
    w = req.winner
    losers = [s for s in variant.seats if s != w]
    from .registry import game_kind

    own = game_kind(variant.game).win_payments(variant, pay, req, value, base, notes)
    if own is not None:  # the game pays its own way (Paohuzi: every opponent the same)
        return own
    win = win_shares(pay, base, len(losers), req.self_drawn, req.robbed_kong, req.result)
    if win.as_self_drawn:
        notes.append("paid by every loser as if self-drawn")
    unit = variant.unit
    if win.konger_pays is not None:
        notes.append(f"robbed kong: {req.shooter} pays the whole self-draw amount")
        return [Payment(req.shooter, w, win.konger_pays,
                        f"robbed kong ({value} {unit}): the konger pays all {len(losers)} shares")]
    self_drawn = win.self_drawn
    if req.robbed_kong and not self_drawn:
        notes.append(f"robbed kong: paid as a discard by {req.shooter}, the konger")
    shooter_share, other_share = win.shooter, win.other
    shares = {}
    for s in losers:
        if self_drawn:
            shares[s] = (shooter_share, f"self-drawn win ({value} {unit})")
        elif s == req.shooter:
            shares[s] = (shooter_share, f"shooter ({value} {unit})")
        else:
            shares[s] = (other_share, f"discard win ({value} {unit}), share of a non-shooter")
    bao_rules = pay.get("bao", {})
    if req.bao is not None:
        applies = bao_rules.get("on_self_drawn" if self_drawn else "on_discard", False)
        if applies:
            total = 0
            for a, _ in shares.values():
                total = add(total, a)
            notes.append(f"bao: {req.bao} pays everyone's share")
            return [Payment(req.bao, w, amount(total), f"bao: liable for the whole win ({value} {unit})")]
        notes.append(
            f"bao: {req.bao} is not liable on a {'self-drawn' if self_drawn else 'discard'} win in {variant.id}; paid as usual"
        )
    return [Payment(s, w, amount(a), r) for s, (a, r) in shares.items() if a]
