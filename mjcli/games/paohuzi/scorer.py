"""Score and wait for Paohuzi hands: the winning-card table, kan, heavenly win, huxi and tun.

The loose cards go to :mod:`.engine`; this module fixes what the rules fix
first: shown groups, every kan (three alike loose in the hand, never split) and
the group the winning card forms by who revealed it (RULES.md):

=========================  ==========================  ====================================
the hand holds             revealed by the player      revealed by another player
=========================  ==========================  ====================================
a pair of it               wei                         peng, or the card joins a chi
a kan or shown wei of it   ti                          pao, or the card joins a chi or the
                                                       pair (the kan or wei kept whole)
a shown peng of it         pao, or as in the next row  the same
none                       joins a chi or the pair     same
=========================  ==========================  ====================================

Ti and wei are forced; peng and pao are optional, so where the table offers a
choice the reading worth more counts. A ti or pao made by the winning card is
allowed only when the hand holds no ti or pao yet (the card may still join a chi
when it would have made a pao). The pair is a group exactly when the hand holds
a ti or pao.

>>> from mjcli.variant import load_builtin
>>> r = score_text("x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7d10 d5d5d5 x10x10 d10 @x10", load_builtin("paohuzi"))
>>> r.huxi, r.tun, r.payment
(21, 3, {'each': 3, 'total': 6})
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...errors import ContextError, HandError, MjError
from .cards import N_CARDS, PHand, check, code, codes, parse, parse_card, size_of
from .config import config
from ...mahjong.scoring import ScoreResult, Verdicts
from .engine import ONE, engine_for, state_counts

FORMED = {"ti": "({})", "wei": "({})", "pao": "[{}]", "peng": "[{}]"}


@dataclass(frozen=True)
class Group:
    kind: str
    cards: tuple[int, ...]
    huxi: int
    where: str  # shown (written shown), win (formed by the winning card), kan, hand (loose)
    win: bool = False

    @property
    def text(self) -> str:
        body = codes(self.cards)
        if self.where == "shown":
            return f"({body})" if self.kind in ("wei", "ti") else f"[{body}]"
        if self.where == "win":
            return FORMED[self.kind].format(body)
        return body

    def as_dict(self) -> dict:
        return {"text": self.text, "kind": self.kind, "huxi": self.huxi, "shown": self.where in ("shown", "win"),
                "win": self.win}


@dataclass
class Reading:
    groups: list[Group]
    heavenly: bool = False

    @property
    def huxi(self) -> int:
        return sum(g.huxi for g in self.groups)

    @property
    def text(self) -> str:
        body = " ".join(g.text for g in self.groups)
        return f"heavenly: {body}" if self.heavenly else body


def _hux(cfg, kind, cards) -> int:
    return cfg.group_huxi(kind, size_of(cards))


@dataclass
class Plan:
    """Fixed groups, the loose cards left for the engine, and whether they hold the pair."""

    fixed: list[Group]
    state: int
    pair: bool
    mark: int | None = None  # the winning card is among the loose cards: mark its group


def _split(hand: PHand, cfg, win):
    """Shown groups, kan groups and the loose counts (the winning card taken out)."""
    shown = [Group(g.kind, g.cards, _hux(cfg, g.kind, g.cards), "shown") for g in hand.shown]
    loose = [0] * N_CARDS
    for c in hand.concealed:
        loose[c] += 1
    if win is not None:
        loose[win] -= 1
    kans = []
    for c in range(N_CARDS):
        if loose[c] == 3:
            kans.append(Group("kan", (c, c, c), _hux(cfg, "kan", (c,)), "kan"))
            loose[c] = 0
    return shown, kans, loose


def plans(hand: PHand, cfg) -> tuple[list[Plan], str]:
    """Every way the rules allow the winning card to sit; a reason when there is none."""
    w = hand.win
    shown, kans, loose = _split(hand, cfg, w)
    q0 = hand.fours
    base = state_counts(loose)
    pair = q0 > 0
    if w is None:
        return [Plan(shown + kans, base, pair)], ""
    kan_w = next((k for k, g in enumerate(kans) if g.cards[0] == w), None)
    wei_w = next((k for k, g in enumerate(shown) if g.kind == "wei" and g.cards[0] == w), None)
    peng_w = next((k for k, g in enumerate(shown) if g.kind == "peng" and g.cards[0] == w), None)
    if kan_w is not None or wei_w is not None or peng_w is not None:
        # the player's own fourth card to a kan or a shown wei makes a ti, which is forced; a pao is optional
        # (seed 004: "you may pass instead of declaring pao", and a win is claimed before a pao): the card may
        # instead join a chi or the pair, the kan, wei or peng kept whole
        forced = hand.self_revealed and peng_w is None
        kind = "ti" if forced else "pao"
        holds = "a kan" if kan_w is not None else ("a shown wei" if wei_w is not None else "a shown peng")
        out: list[Plan] = []
        if q0:
            why = (f"the winning card {code(w)} would make a {kind} with {holds} of it, but a ti or pao made "
                   f"by the winning card is allowed only when the hand holds no ti or pao yet (it holds {q0})")
            if not forced:
                why += f"; kept out of a pao, {code(w)} does not join a chi or the pair that completes seven groups"
        elif forced:
            why = (f"the winning card {code(w)} makes a ti with {holds} of it (revealed by the player, the ti is "
                   "forced), and the other cards do not form six more groups with exactly one pair")
        else:
            why = (f"the cards do not form seven groups: neither as a pao of {code(w)} (with {holds} of it) and "
                   f"six more groups with exactly one pair, nor with {code(w)} in a chi beside {holds} kept whole")
        if not q0:
            fixed = [g for k, g in enumerate(shown) if k not in (wei_w, peng_w)]
            fixed += [g for k, g in enumerate(kans) if k != kan_w]
            fixed.append(Group(kind, (w,) * 4, _hux(cfg, kind, (w,)), "win", True))
            out.append(Plan(fixed, base, True))
        if not forced:
            out.append(Plan(shown + kans, base + ONE[w], pair, w))
        return out, why
    if loose[w] == 2:
        st = base - 2 * ONE[w]
        if hand.self_revealed:
            return [Plan(shown + kans + [Group("wei", (w,) * 3, _hux(cfg, "wei", (w,)), "win", True)], st, pair)], ""
        peng = Group("peng", (w,) * 3, _hux(cfg, "peng", (w,)), "win", True)
        return [Plan(shown + kans + [peng], st, pair), Plan(shown + kans, base + ONE[w], pair, w)], ""
    return [Plan(shown + kans, base + ONE[w], pair, w)], ""


def _mark(groups: list[Group], w: int | None) -> list[Group]:
    if w is None:
        return groups
    out, done = [], False
    for g in groups:
        if not done and w in g.cards:
            g = Group(g.kind, g.cards, g.huxi, g.where, True)
            done = True
        out.append(g)
    return out


def _loose_groups(raw) -> list[Group]:
    return [Group(kind, cards, h, "hand") for kind, cards, h in raw]


def readings(hand: PHand, cfg, every: bool = False) -> tuple[list[Reading], str]:
    """The best reading (or every reading when ``every``), best first; a reason when none."""
    eng = engine_for(cfg)
    out: list[Reading] = []
    reason = ""
    if hand.heavenly:
        h = _heavenly(hand, cfg)
        if h is not None:  # only those ti and kan count, even when the other cards form groups too
            return [h], ""
        else:
            reason = (f"not a heavenly win: it needs {cfg.heavenly_ti} ti or {cfg.heavenly_kan} kan in the "
                      "opening hand")
        if hand.size != 21 + max(0, hand.fours - 1):
            return out, reason
    ps, why = plans(hand, cfg)
    reason = reason or why
    for p in ps:
        if every:
            for raw in eng.every(p.state, p.pair):
                out.append(Reading(p.fixed + _mark(_loose_groups(raw), p.mark)))
        else:
            raw = eng.groups(p.state, p.pair)
            if raw is not None:
                out.append(Reading(p.fixed + _mark(_loose_groups(raw), p.mark)))
    if not out and not reason:
        reason = "the cards do not form seven groups"
        if hand.fours:
            reason += " (with a ti or pao, one of them is exactly one pair)"
        else:
            reason += " of three (no ti or pao, so no pair)"
    out.sort(key=lambda r: r.huxi, reverse=True)
    return out, reason


def _heavenly(hand: PHand, cfg) -> Reading | None:
    shown = [Group(g.kind, g.cards, _hux(cfg, g.kind, g.cards), "shown") for g in hand.shown]
    _, kans, _ = _split(hand, cfg, None)
    if len(shown) >= cfg.heavenly_ti or len(kans) >= cfg.heavenly_kan:
        return Reading(shown + kans, heavenly=True)
    return None


# --------------------------------------------------------------------------
# results


@dataclass
class PaohuziScore(Verdicts):
    """One scored hand; ``as_dict`` is the mahjong score contract plus huxi, tun and groups."""

    hand: str
    variant: str
    unit: str
    minimum: int
    limit: int
    ok: bool = True
    error: MjError | None = None
    winning: bool = False
    huxi: int = 0
    total: int = 0  # the huxi up to the limit: data the core's verdicts read (set with the huxi)
    tun: int = 0
    reading: Reading | None = None
    payment: dict | None = None
    reason: str = ""
    win_card: int | None = None
    self_revealed: bool = False
    heavenly: bool = False
    alternatives: list[Reading] = field(default_factory=list)
    patterns: tuple = ()

    @property
    def raw(self) -> int:
        return self.huxi

    def as_dict(self) -> dict:
        # the mahjong contract, then the Paohuzi fields
        d = dict(ScoreResult(self.hand, self.variant, self.unit, self.minimum, self.limit, ok=self.ok,
                             error=self.error, winning=self.winning, raw=self.raw, total=self.total,
                             payment=self.payment, reading=self.reading.text if self.reading else "").as_dict())
        d.pop("schema")  # shaped again below, with the Paohuzi fields
        d.update({
            "huxi": self.huxi,
            "tun": self.tun,
            "groups": [g.as_dict() for g in self.reading.groups] if self.reading else [],
            "winning_card": code(self.win_card) if self.win_card is not None else None,
            "revealed_by": None if self.win_card is None else ("self" if self.self_revealed else "other"),
            "heavenly": self.heavenly,
        })
        d["reason"] = self.reason if self.ok and not self.winning and self.reason else None
        if self.alternatives:
            d["readings"] = [{"reading": a.text, "patterns": [], "raw": a.huxi, "total": min(a.huxi, self.limit),
                              "groups": [g.as_dict() for g in a.groups]} for a in self.alternatives]
        from ...contract import shape

        return shape("score", d)


# --------------------------------------------------------------------------
# overrides from the command line


def check_context(text_hand: PHand, hand: PHand, ov: dict | None) -> None:
    """The context words that remain after the options: ``@CARD`` once, no ``self`` on a heavenly win."""
    ov = ov or {}
    if text_hand.clashes and ov.get("win") is None:
        first, second = text_hand.clashes
        raise ContextError(f"{first} and {second} are both written in the hand; keep one")
    if hand.heavenly and hand.self_revealed:
        h = "heavenly" if text_hand.heavenly else "--heavenly"
        s = "--self-drawn" if ov.get("self_drawn") else "self"
        raise ContextError(f"{s} contradicts {h}: a heavenly win is the opening hand, no card is revealed; "
                           f"leave out {s}")


def apply_overrides(hand: PHand, ov: dict | None, for_wait: bool = False) -> PHand:
    """Command-line options win over the same words in the line."""
    from dataclasses import replace

    if not ov:
        return hand
    # seat and round winds do not change a Paohuzi hand: they are ignored
    heavenly = hand.heavenly
    for flag in ov.get("flags") or ():
        if flag != "heavenly":
            raise HandError(f"--{flag} does not apply to paohuzi; its context is @CARD (--win), self (--self-drawn) "
                            "and heavenly (--heavenly)")
        heavenly = True
    for key, opt in (("seen", "--seen"), ("look_ahead", "--look-ahead"), ("reach_minimum", "--reach-minimum")):
        if ov.get(key) not in (None, False):
            raise HandError(f"{opt} does not apply to paohuzi; it is for the mahjong tables (shanten and the tiles "
                            "that help)")
    if for_wait:
        return hand
    changes: dict = {}
    if ov.get("win") is not None:
        w = parse_card(str(ov["win"]))
        if w not in hand.concealed:
            raise HandError(f"--win {ov['win']} is not among the hand cards; name one of them")
        if heavenly:
            raise HandError("a heavenly win has no winning card; leave out --win")
        changes["win"], changes["win_explicit"] = w, True
    if "self_drawn" in ov:
        changes["self_revealed"] = bool(ov["self_drawn"])
    if heavenly and not hand.heavenly:
        if hand.win_explicit:
            raise ContextError(f"--heavenly contradicts @{code(hand.win)}: a heavenly win has no winning card; "
                               f"leave out @{code(hand.win)}")
        changes["heavenly"], changes["win"] = True, None
    return replace(hand, **changes) if changes else hand


# --------------------------------------------------------------------------
# score


def score(hand: PHand, variant, all_readings: bool = False) -> PaohuziScore:
    cfg = config(variant)
    if hand.heavenly:
        check(hand, None)
        if hand.size not in (20, 21):
            raise HandError(f"{hand.size} cards: a heavenly win is the opening hand, 21 cards for the dealer and 20 "
                            "for the others")
        for g in hand.shown:
            if g.kind != "ti":
                raise HandError(f"a heavenly (opening) hand shows only ti, not {g.text}; write the other cards in the "
                                "hand")
    else:
        if hand.win is None:
            raise HandError("no winning card: write the hand's cards with the winning card among them (or @CARD)")
        check(hand, 21)
    res = PaohuziScore(hand.text(), variant.id, variant.unit, variant.minimum, variant.limit,
                       win_card=hand.win, self_revealed=hand.self_revealed)
    rs, reason = readings(hand, cfg, every=all_readings)
    if not rs:
        res.reason = reason
        return res
    best = rs[0]
    res.winning = True
    res.reading = best
    res.huxi = best.huxi
    res.total = min(res.huxi, res.limit)
    res.heavenly = best.heavenly
    res.tun = cfg.tun(res.total)
    if all_readings:
        seen, alts = set(), []
        for r in rs:
            key = tuple(sorted(g.text for g in r.groups))  # the same groups in another order
            if key not in seen:
                seen.add(key)
                alts.append(r)
        res.alternatives = alts
    if res.meets_minimum:
        from ...payments import payment_summary

        res.payment = payment_summary(variant, res.total, True)
    return res


def score_text(text: str, variant, overrides: dict | None = None, all_readings: bool = False) -> PaohuziScore:
    """Parse and score one line; a bad line gives a result with ``ok`` False."""
    try:
        written = parse(text)
        hand = apply_overrides(written, overrides)
        check_context(written, hand, overrides)
        return score(hand, variant, all_readings=all_readings)
    except MjError as exc:
        return PaohuziScore(text.strip(), variant.id, variant.unit, variant.minimum, variant.limit, ok=False,
                            error=exc)
