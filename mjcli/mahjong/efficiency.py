"""``wait`` on a hand that is not ready: how far it is, which tiles help, and whether the minimum stays in reach.

A 13-tile hand that no tile completes gets its shanten (:mod:`mjcli.mahjong.shanten`:
0 ready, n: n exchanges from ready) and its helpful tiles: every tile that,
drawn, lowers the shanten, with how many are unseen (four less the copies in
the hand, the shown melds and ``--seen``; for a Fei, the set's Fei less those
held, shown and drowned) and their total. A 14-tile hand that no discard
leaves ready gets every discard ranked by the shanten it leaves, each with
the same.

The look-ahead (minimum-aware). For a helpful tile T, "reaches the minimum"
promises: there is a route that draws T first and wins self-drawn at or above
the variant's minimum, scored with the context words given (a word that fixes
the win as a discard -- ``rob-kong``, ``last-discard``, ``earthly`` -- scores it
on a discard), in exactly shanten + 1 draws, every draw a tile still unseen
(each copy drawn once) that lowers the shanten, every discard one that keeps
it; the minimum is the table's verdict, as ``score`` gives it (the points not
toward it, ``toward_minimum: false``, mcr's flowers, left out). "Best" is the
highest total of a win over those routes, those points in. Only the fastest routes
are searched: a slower route (one that throws away a tile that helps, to reach
a pattern further off) is not, so ``false`` means no fastest route reaches it.
The search is bounded: it runs for hands at most ``--look-ahead`` (default 1)
from ready and looks at no more than :data:`BOUND` hands per line (each hand
on a route, after a draw and a discard, counts one); when the bound is hit,
what was not settled is ``null`` and ``look_ahead`` says ``cut``.

>>> from mjcli.variant import load_builtin
>>> r = wait_ahead(parse_hand("234m 678m 22p 456s 9s N"), load_builtin("hk"), AheadOptions())
>>> r.extra["shanten"], [(h["tile"], h["left"], h["reaches_minimum"], h["best_reachable"]) for h in r.extra["helpful"]]
(1, [('2p', 2, False, 2), ('7s', 4, True, 3), ('8s', 4, True, 3), ('9s', 3, False, 2), ('4z', 3, False, 2)])
"""

from __future__ import annotations

from dataclasses import dataclass

from . import shanten as S
from .context import DISCARD_WORDS, SELF_DRAWN_WORDS
from ..errors import HandError, MjError, ParseError
from ..payments import not_toward_points
from .tiles import JOKER, PLACE_INC, SUIT_OF, Hand, make_hand, parse_hand, tile_code, variant_tiles

BOUND = 3000  # hands looked at per line by the look-ahead
LOOK_AHEAD = 1  # the default --look-ahead: hands at most this far from ready are searched
_CODE = tuple(tile_code(t) for t in range(JOKER + 1))
_DISCARD_ONLY = frozenset(DISCARD_WORDS)
_SELF_ONLY = frozenset(SELF_DRAWN_WORDS)


@dataclass(frozen=True)
class AheadOptions:
    """What ``wait`` was asked beyond the context: the tiles seen elsewhere (35 counts, the last a Fei, or None),
    whether to keep only the routes that reach the minimum, how far from ready a hand may be for the look-ahead."""

    seen: tuple | None = None
    reach_minimum: bool = False
    look_ahead: int = LOOK_AHEAD
    bound: int = BOUND


OPTION_KEYS = ("seen", "reach_minimum", "look_ahead")


def split_options(overrides: dict | None, variant) -> tuple[dict | None, AheadOptions | None]:
    """The context overrides without this module's keys, and the options they held (None: none given)."""
    if not overrides or not any(k in overrides for k in OPTION_KEYS):
        return overrides, None
    rest = {k: v for k, v in overrides.items() if k not in OPTION_KEYS}
    seen = overrides.get("seen")
    opts = AheadOptions(seen=parse_seen(seen, variant) if seen else None,
                        reach_minimum=bool(overrides.get("reach_minimum")),
                        look_ahead=LOOK_AHEAD if overrides.get("look_ahead") is None else int(overrides["look_ahead"]))
    return rest, opts


def parse_seen(text: str, variant) -> tuple:
    """``--seen TILES``: tiles in the hand notation (``1m 1m 55p E J``), as 35 counts.

    >>> from mjcli.variant import load_builtin
    >>> c = parse_seen("155p EJ", load_builtin("my3"))
    >>> c[9], c[13], c[27], c[34]
    (1, 2, 1, 1)
    """
    try:
        hand = parse_hand(text)
    except MjError as exc:
        raise ParseError(f"--seen {text!r}: {exc.message}") from None
    if hand.melds or hand.bonus or hand.flags or hand.seat != "E" or hand.round != "E":
        raise ParseError(f"--seen {text!r}: write only tiles (1m 55p E J), no melds, bonus tiles or words")
    counts = [0] * 35
    for t in hand.concealed:
        counts[t] += 1
    counts[JOKER] = hand.jokers
    have = set(variant_tiles(variant))
    for t in range(34):
        if counts[t] and t not in have:
            raise ParseError(f"--seen: tile {_CODE[t]} is not in the {variant.id} set; "
                             f"`mjcli rules {variant.id} --tiles` lists its tiles")
        if counts[t] > 4:
            raise ParseError(f"--seen names {counts[t]} of {_CODE[t]}; the set has 4 of each tile")
    if counts[JOKER] > variant.tiles.jokers:
        raise ParseError(f"--seen names {counts[JOKER]} Fei; the {variant.id} set has {variant.tiles.jokers}")
    return tuple(counts)


def unseen(hand: Hand, variant, seen: tuple | None) -> list[int]:
    """35 counts: the copies of each tile not in the hand, its shown melds or ``seen`` (the last: Fei)."""
    vis = hand.visible_counts()
    left = [4 - c for c in vis]
    left.append(variant.tiles.jokers - hand.jokers_total())
    if seen is not None:
        for t in range(35):
            if seen[t]:
                if seen[t] > left[t]:
                    what = "Fei" if t == JOKER else f"of {_CODE[t]}"
                    raise HandError(f"--seen names {seen[t]} {what}, but only {left[t]} are not in this hand or "
                                    "its melds; the set has no more")
                left[t] -= seen[t]
    return left


# --------------------------------------------------------------------------
# The look-ahead


class _Cut(Exception):
    """The bound was hit."""


class Budget:
    """The look-ahead of one line: how many hands it has looked at (at most ``bound``), and what it did:
    ``off`` (no hand was near enough to ready), ``done`` (every route searched), ``cut`` (the bound was hit)."""

    def __init__(self, bound: int):
        self.bound = bound
        self.looked = 0
        self.state = "off"


class _Search:
    """The routes from one 13-tile hand (see the module's docstring)."""

    def __init__(self, hand: Hand, variant, pos: S.Position, left: list[int], budget: Budget):
        self.hand, self.variant, self.pos = hand, variant, pos
        self.left = left
        self.budget = budget
        self.cands = _candidates(variant)
        self.fei = bool(variant.tiles.jokers)
        self.discard_win = bool(hand.flags & _DISCARD_ONLY) and not hand.flags & _SELF_ONLY
        self.keys0, self.jokers0 = pos.keys, pos.jokers
        self.memo: dict = {}
        self.wins: dict = {}
        from .scoring import plan_of, win_totals

        self.win_totals = win_totals
        # the patterns not toward the minimum (mcr's flowers): a win's points of them, from its context's entry
        self.entry = plan_of(variant).context_entry if variant.not_toward_minimum else None

    def _drawn(self, keys, jokers: int, drowned: int, t: int) -> int:
        """Copies of ``t`` drawn on the route to this hand (each tile drawn on a fastest route is kept)."""
        if t == JOKER:
            return max(0, jokers + drowned - self.jokers0)
        s = SUIT_OF[t]
        sh = 3 * (t - S.SUIT_BASE[s])
        return max(0, ((keys[s] >> sh) & 7) - ((self.keys0[s] >> sh) & 7))

    def available(self, keys, jokers: int, drowned: int, t: int) -> bool:
        return self.left[t] - self._drawn(keys, jokers, drowned, t) > 0

    def helpful(self, keys, jokers: int, drowned: int) -> tuple[int, list[int]]:
        pos = self.pos
        if keys is not pos.keys or jokers != pos.jokers:
            pos = S.Position(keys, jokers, pos.shown, pos.shown_real, pos.most, pos.shapes)
        fei = self.fei and self.left[JOKER] - self._drawn(keys, jokers, drowned, JOKER) > 0
        return S.helpful(pos, self.cands, fei)

    def best_after(self, keys, jokers: int, drowned: int, t: int, d: int):
        """The best win over the fastest routes that draw ``t`` now (the hand needing ``d`` draws): (the highest
        total, the highest of the totals without the points not toward the minimum), or None when none wins."""
        keys14, j14 = _add(keys, jokers, t)
        best = None
        for k2, j2, dr2 in self._discards(keys14, j14, drowned, d - 1):
            best = _better(best, self.best_from(k2, j2, dr2, d - 1))
        return best

    def _discards(self, keys14, j14: int, drowned: int, d: int):
        """The hands left by each discard that keeps the draws at ``d``."""
        pos = self.pos
        out = []
        for s in range(4):
            key = keys14[s]
            p = 0
            while key >> 3 * p:
                if (key >> 3 * p) & 7:
                    k2 = list(keys14)
                    k2[s] -= 1 << 3 * p
                    if S.draws(pos, k2, j14) == d:
                        out.append((tuple(k2), j14, drowned))
                p += 1
        if j14 and S.draws(pos, keys14, j14 - 1) == d:
            out.append((keys14, j14 - 1, drowned + 1))  # a Fei thrown away is drowned
        return out

    def best_from(self, keys, jokers: int, drowned: int, d: int):
        """The best win over the fastest routes from this 13-tile hand, ``d`` draws from a win (as
        :meth:`best_after`)."""
        st = (keys, jokers, drowned)
        if st in self.memo:
            return self.memo[st]
        budget = self.budget
        budget.looked += 1
        if budget.looked > budget.bound:
            raise _Cut
        best = None
        if d == 1:
            for t in self._wins(keys, jokers, drowned):
                best = _better(best, self.value(keys, jokers, drowned, t))
        else:
            _, tiles = self.helpful(keys, jokers, drowned)
            for t in tiles:
                if self.available(keys, jokers, drowned, t):
                    best = _better(best, self.best_after(keys, jokers, drowned, t, d))
        self.memo[st] = best
        return best

    def _wins(self, keys, jokers: int, drowned: int) -> list[int]:
        d, tiles = self.helpful(keys, jokers, drowned)
        return [t for t in tiles if self.available(keys, jokers, drowned, t)
                and not (t == JOKER and self.discard_win)]  # a discarded Fei cannot be claimed

    def value(self, keys, jokers: int, drowned: int, t: int):
        """(The total of the win on ``t``, that total without the points not toward the minimum), self-drawn
        unless a context word fixes a discard; None when it does not win."""
        k = (keys, jokers, drowned, t)
        v = self.wins.get(k, False)
        if v is False:
            hand = self.hand
            keys14, j14 = _add(keys, jokers, t)
            tiles = _tiles_of(keys14)
            h = make_hand(tiles, j14, hand.melds, hand.bonus + ("J",) * drowned, t, not self.discard_win, hand.seat,
                          hand.round, hand.flags)
            total = self.win_totals(h, self.variant, (h,), checked=True)[0]
            if total is None:
                v = None
            elif self.entry is None:
                v = (total, total)
            else:  # the points not toward the minimum need no reading (mcr's flowers): the context's, as wait's
                v = (total, total - not_toward_points(self.variant, self.entry(h)[0]))
            self.wins[k] = v
        return v


def _better(best, v):
    """(the higher total, the higher total without the points not toward the minimum) of the wins ``best`` and
    ``v`` (None: no win), each value taken on its own (they may come from two routes)."""
    if v is None:
        return best
    if best is None:
        return v
    return (v[0] if v[0] > best[0] else best[0], v[1] if v[1] > best[1] else best[1])


def _candidates(variant):
    tiles = variant_tiles(variant)
    return range(34) if len(tiles) == 34 else frozenset(tiles)


def _add(keys, jokers: int, t: int):
    if t == JOKER:
        return keys, jokers + 1
    k = list(keys)
    k[SUIT_OF[t]] += PLACE_INC[t]
    return tuple(k), jokers


def _tiles_of(keys) -> tuple:
    out = []
    for s in range(4):
        key = keys[s]
        base = S.SUIT_BASE[s]
        p = 0
        while key:
            c = key & 7
            if c:
                out.extend((base + p,) * c)
            key >>= 3
            p += 1
    return tuple(out)


# --------------------------------------------------------------------------
# The records


def _entries(variant, left: list[int], search: _Search | None, d: int, tiles: list[int]) -> list[dict]:
    """One entry per helpful tile: the tile, how many are unseen, whether the minimum is in reach after it and
    the best win (None when not searched or not settled within the bound)."""
    minimum = variant.minimum
    out = []
    for t in tiles:
        best = reach = None
        if search is not None and search.budget.state != "cut":
            if left[t] > 0:
                try:
                    got = search.best_after(search.keys0, search.jokers0, 0, t, d)
                    reach = got is not None and got[1] >= minimum  # the table's verdict, as score's
                    best = None if got is None else got[0]
                except _Cut:
                    search.budget.state = "cut"
            else:
                reach = False  # none left to draw
        out.append({"tile": _CODE[t], "left": left[t], "reaches_minimum": reach, "best_reachable": best})
    return out


def _summary(entries: list[dict]) -> dict:
    reach = [e["reaches_minimum"] for e in entries]
    bests = [e["best_reachable"] for e in entries if e["best_reachable"] is not None]
    return {
        "helpful_left": sum(e["left"] for e in entries),
        "reaching_left": sum(e["left"] for e in entries if e["reaches_minimum"]),
        "reaches_minimum": True if any(reach) else (None if None in reach else False),
        "best_reachable": max(bests) if bests else None,
    }


def ahead13(hand: Hand, variant, opts: AheadOptions, left: list[int] | None = None,
            budget: Budget | None = None) -> tuple[int, list[dict], Budget]:
    """The shanten, the helpful tiles (each with the look-ahead) of a 13-tile hand that is not ready."""
    if left is None:
        left = unseen(hand, variant, opts.seen)
    if budget is None:
        budget = Budget(opts.bound)
    pos = S.position(hand, variant)
    fei = variant.tiles.jokers > hand.jokers_total()
    d, tiles = S.helpful(pos, _candidates(variant), fei)
    search = None
    if 2 <= d <= opts.look_ahead + 1:
        search = _Search(hand, variant, pos, left, budget)
        if budget.state == "off":
            budget.state = "done"
    entries = _entries(variant, left, search, d, tiles)
    if opts.reach_minimum:
        entries = [e for e in entries if e["reaches_minimum"]]
    return d - 1, entries, budget


def wait_ahead(hand: Hand, variant, opts: AheadOptions):
    """``wait`` on a 13-tile hand, with the shanten and the helpful tiles when it is not ready."""
    from .waits import wait

    res = wait(hand, variant)
    if res.ready:
        if opts.seen is not None:
            unseen(hand, variant, opts.seen)  # checks --seen against the hand
            _seen_waits(res, opts.seen)
        if opts.reach_minimum:
            res.waits = [w for w in res.waits if reaches(w)]
            res.__dict__.pop("_wait_keys", None)
            if not res.waits:
                _below_minimum(res, variant, "every wait")
        return res
    sh, entries, budget = ahead13(hand, variant, opts)
    res.extra.update(shanten=sh, look_ahead=budget.state, **_summary(entries), helpful=entries)
    if sh == 0 and not any(n.startswith("rob-kong: ") for n in res.notes):  # rob-kong's own note says why
        res.notes.append("the tiles are one from a winning shape, but no tile that completes it can win "
                         "with these context words")
    return res


def reaches(w: dict) -> bool:
    """Whether a ready hand's wait wins at or above the minimum: on a discard, self-drawn, or (3 Kaki) after
    drowning a Fei first."""
    return bool(w.get("discard_meets_minimum") or w.get("self_drawn_meets_minimum")
                or w.get("drown_fei_reaches_minimum"))


def _below_minimum(res, variant, what: str) -> None:
    """A ready hand whose every win ``--reach-minimum`` dropped: answered ``below_minimum`` (exit 0, as a win
    below the minimum), ``ready`` still true."""
    res.extra["answer"] = "below_minimum"
    res.extra["reason"] = (f"{what} is below the minimum of {variant.minimum} {variant.unit} "
                           "(--reach-minimum kept none)")


def _seen_waits(res, seen: tuple) -> None:
    """A ready hand's waits with the ``--seen`` tiles taken from their counts."""
    from .tiles import tile_from_code

    for w in res.waits:
        n = seen[tile_from_code(w["tile"])]
        if n:
            w["left"] = max(0, w["left"] - n)
    res.__dict__.pop("_wait_keys", None)  # the entries changed: their JSON is not the one kept for them


def discards_ahead(hand: Hand, variant, opts: AheadOptions):
    """``wait`` on a 14-tile hand; when no discard leaves it ready, every discard ranked by the shanten it
    leaves, with its helpful tiles."""
    from .discards import discard_waits
    from .waits import check_size

    if opts.seen is not None:
        check_size(hand, variant, variant.hand.size)
        unseen(hand, variant, opts.seen)  # checks --seen against the hand
    res = discard_waits(hand, variant, seen=opts.seen)
    if res.ready:
        if opts.reach_minimum:
            kept = []
            for d in res.extra["discards"]:
                waits = [w for w in d["waits"] if reaches(w)]
                if waits:
                    kept.append(dict(d, waits=waits, tiles_left=sum(w["left"] for w in waits)))
            res.extra["discards"] = kept
            if not kept:
                _below_minimum(res, variant, "every wait after every discard")
        return res
    return add_discard_shanten(res, hand, variant, opts)


def add_discard_shanten(res, hand: Hand, variant, opts: AheadOptions):
    from dataclasses import replace

    left14 = unseen(hand, variant, opts.seen)
    budget = Budget(opts.bound)
    rows = []
    candidates = sorted(set(hand.concealed)) + ([JOKER] if hand.jokers else [])
    base = replace(hand, win=None, self_drawn=False)
    for t in candidates:
        if t == JOKER:
            h13 = replace(base, jokers=hand.jokers - 1, bonus=hand.bonus + ("J",))
            left = left14  # a drowned Fei is already counted among the Fei used
        else:
            tiles = list(hand.concealed)
            tiles.remove(t)
            h13 = replace(base, concealed=tuple(tiles))
            left = list(left14)
            left[t] -= 1  # the tile just discarded is seen (it was in the hand: the count stays >= 0)
        sh, entries, budget = ahead13(h13, variant, opts, left, budget)
        rows.append({"discard": _CODE[t], "shanten": sh, **_summary(entries), "helpful": entries})
    rows.sort(key=_rank)
    best = min((r["shanten"] for r in rows), default=None)
    if opts.reach_minimum:
        rows = [r for r in rows if r["reaches_minimum"]]
    res.extra.update(shanten=best, look_ahead=budget.state, discard_shanten=rows)
    return res


def _rank(row: dict):
    """Fewest exchanges from ready first, then most unseen tiles that help and reach the minimum, then most unseen
    tiles that help, then the best win."""
    best = row["best_reachable"]
    return (row["shanten"], -row["reaching_left"], -row["helpful_left"], -(best if best is not None else -1))
