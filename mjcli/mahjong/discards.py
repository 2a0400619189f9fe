"""``wait`` on a 14-tile hand: what each discard leaves.

For every different tile the hand could discard, the 13 tiles left are
asked :func:`mjcli.mahjong.waits.wait`; discards that leave the hand ready are listed,
best first: most unseen tiles that give a payable win (at or above the
minimum, on a discard or self-drawn), then most unseen winning tiles, then the
highest value. Within a discard the waits are best first too (value on a
discard, then self-drawn, then tiles left). The discarded tile counts as seen,
so a wait on the tile just thrown has one fewer left (a discarded Fei is drowned, and
the Fei left already count it).

>>> from mjcli.variant import load_builtin
>>> r = discard_text("123m 456m 789m 23p EE 9s", load_builtin("hk"))
>>> [(d["discard"], d["tiles_left"], [w["tile"] for w in d["waits"]]) for d in r.extra["discards"]]
[('9s', 8, ['1p', '4p'])]
"""

from __future__ import annotations

from dataclasses import replace

from .tiles import JOKER, Hand, format_hand, tile_code, tile_from_code
from .scoring import score
from .waits import WaitResult, answer_line, check_size, wait


def _without(hand: Hand, t: int) -> Hand:
    """The 13 tiles left after discarding ``t`` (a discarded Fei is drowned)."""
    if t == JOKER:
        return replace(hand, jokers=hand.jokers - 1, bonus=hand.bonus + ("J",), win=None, self_drawn=False)
    tiles = list(hand.concealed)
    tiles.remove(t)
    return replace(hand, concealed=tuple(tiles), win=None, self_drawn=False)


def _value(v) -> int:
    return -1 if v is None else v


def _wait_key(w: dict):
    return (-_value(w["discard"]), -_value(w["self_drawn"]), -w["left"])


def discard_waits(hand: Hand, variant, seen: tuple | None = None) -> WaitResult:
    """Every discard of a 14-tile hand that leaves it ready, best first.

    ``seen``: 35 counts of tiles seen elsewhere (``wait --seen``, checked against the hand by the caller),
    taken from each wait's unseen count."""
    check_size(hand, variant, variant.hand.size)
    res = WaitResult(format_hand(replace(hand, win=None), win=False), variant.id, variant.unit, variant.minimum)
    won = score(hand, variant)  # as `mjcli score` prices these 14 tiles (a hand can win without sets: flowers)
    if won.winning and won.reading:  # sets and a pair (its best reading), not a win by bonus tiles alone
        res.notes.append(f"these {hand.size} tiles already form a winning hand; `mjcli score` prices it")
    res.extra["already_wins"] = won.winning
    res.extra["already_wins_total"] = won.total if won.winning else None
    if won.winning:  # the table shows its score first
        res.table_extra["wins_as_is"] = won.as_dict()  # its minimum verdict the table's (mcr: the flowers left out)
    candidates = sorted(set(hand.concealed)) + ([JOKER] if hand.jokers else [])
    out = []
    for t in candidates:
        left13 = wait(_without(hand, t), variant)
        if not left13.ready:
            continue
        waits = []
        for w in left13.waits:
            w = dict(w)
            if w["tile"] == tile_code(t) and t != JOKER:  # a discarded Fei is drowned: counted among the Fei used
                w["left"] = max(0, w["left"] - 1)  # the tile just discarded is seen
            if seen is not None:
                n = seen[tile_from_code(w["tile"])]
                if n:
                    w["left"] = max(0, w["left"] - n)
            waits.append(w)
        waits.sort(key=_wait_key)
        payable = sum(w["left"] for w in waits if w["discard_meets_minimum"] or w["self_drawn_meets_minimum"])
        best = max((max(_value(w["discard"]), _value(w["self_drawn"])) for w in waits), default=-1)
        out.append({
            "discard": tile_code(t),
            "tiles_left": sum(w["left"] for w in waits),
            "payable_left": payable,
            "best": best if best >= 0 else None,
            "waits": waits,
        })
    out.sort(key=lambda d: (-d["payable_left"], -d["tiles_left"], -_value(d["best"])))
    res.ready = bool(out)
    res.extra["discards"] = out
    return res


def discard_text(text: str, variant, overrides: dict | None = None, parsed=None) -> WaitResult:
    """Parse and answer one 14-tile line; a bad line gives a result with ``ok`` False.

    ``parsed`` is the line's hand when the caller has parsed it already."""
    return answer_line(text, variant, overrides, discard_waits, parsed)
