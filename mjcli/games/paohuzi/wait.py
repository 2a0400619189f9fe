"""Paohuzi's wait: every unseen card that completes a hand of 20 cards, with its huxi and tun each way.

Apart from :mod:`.scorer` (whose hand splitting and overrides it shares): a score does not depend on the
wait engine of the core (:class:`mjcli.mahjong.waits.WaitResult`), so the scorer stands below the batch that runs it.
"""

from __future__ import annotations

from ...errors import MjError
from ...mahjong.waits import WaitResult
from .cards import COPIES, N_CARDS, PHand, check, code, parse
from .config import config
from .engine import ONE, engine_for, state_counts
from .scorer import _split, apply_overrides, check_context


def _most(*values):
    """The largest of the values that are not None (None when all are)."""
    got = [v for v in values if v is not None]
    return max(got) if got else None


def wait_values(hand: PHand, cfg) -> list[tuple[int, int, int | None, int | None]]:
    """[(card, left, huxi revealed by another, huxi revealed by self)] for every unseen card that completes."""
    eng = engine_for(cfg)
    shown, kans, loose = _split(hand, cfg, None)
    counts = hand.counts()
    q0 = hand.fours
    pair = q0 > 0
    base = state_counts(loose)
    fixed = sum(g.huxi for g in shown) + sum(g.huxi for g in kans)
    four_with = {}  # card -> (huxi of the group it replaces, True if a shown peng)
    for g in kans:
        four_with[g.cards[0]] = (g.huxi, False)
    for g in shown:
        if g.kind in ("wei", "peng"):
            four_with[g.cards[0]] = (g.huxi, g.kind == "peng")
    comp = eng.completions(base, pair)
    whole = None
    out = []
    for w in range(N_CARDS):
        left = COPIES - counts[w]
        if left <= 0:
            continue
        size = 1 if w >= 10 else 0
        if w in four_with:
            # a ti or pao (only when the hand holds none yet) replacing the kan, wei or peng of w; a pao is
            # optional, so the card may instead join a chi or the pair with that group kept whole; a ti is forced
            old, is_peng = four_with[w]
            four = four_own = None
            if not q0:
                if whole is None:
                    whole = eng.best(base, True)
                if whole >= 0:
                    four = fixed - old + whole + cfg.huxi["pao"][size]
                    four_own = four if is_peng else fixed - old + whole + cfg.huxi["ti"][size]
            v = comp.get(w)
            alt = fixed + v if v is not None else None
            other = _most(four, alt)
            own = _most(four, alt) if is_peng else four_own
            if other is not None or own is not None:
                out.append((w, left, other, own))
        elif loose[w] == 2:
            b = eng.best(base - 2 * ONE[w], pair)
            own = fixed + cfg.huxi["wei"][size] + b if b >= 0 else None
            other = fixed + cfg.huxi["peng"][size] + b if b >= 0 else None
            v = comp.get(w)
            if v is not None and (other is None or fixed + v > other):
                other = fixed + v
            if own is not None or other is not None:
                out.append((w, left, other, own))
        else:
            v = comp.get(w)
            if v is not None:
                out.append((w, left, fixed + v, fixed + v))
    return out


def wait(hand: PHand, variant) -> WaitResult:
    cfg = config(variant)
    check(hand, 20)
    res = WaitResult(hand.text(win=False), variant.id, variant.unit, variant.minimum)
    lim, mn = cfg.limit, cfg.minimum
    for w, left, other, own in wait_values(hand, cfg):
        other = None if other is None else min(other, lim)
        own = None if own is None else min(own, lim)
        o_ok = other is not None and other >= mn
        s_ok = own is not None and own >= mn
        if not (o_ok or s_ok):
            best = max(h for h in (other, own) if h is not None)
            res.notes.append(f"{code(w)} completes seven groups but with at most {best} {variant.unit}, below "
                             f"the minimum {mn}")
            continue
        res.waits.append({
            "tile": code(w),
            "left": left,
            "discard": other,
            "self_drawn": own,
            "discard_tun": cfg.tun(other) if other is not None else 0,
            "self_drawn_tun": cfg.tun(own) if own is not None else 0,
            "discard_meets_minimum": o_ok,
            "self_drawn_meets_minimum": s_ok,
        })
    res.ready = bool(res.waits)
    return res


def wait_text(text: str, variant, overrides: dict | None = None) -> WaitResult:
    """Parse and answer one line; a bad line gives a result with ``ok`` False."""
    try:
        written = parse(text)
        hand = apply_overrides(written, overrides, for_wait=True)
        check_context(written, hand, None)
        return wait(hand, variant)
    except MjError as exc:
        return WaitResult(text.strip(), variant.id, variant.unit, variant.minimum, ok=False, error=exc)
