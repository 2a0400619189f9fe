"""The decomposition: loose cards -> chi and the pair, the most huxi, memoized.

A multiset of cards is one int, three bits per card (0..19): the count in the
low two bits (0..3) and a guard bit, so "does the state hold this group" is
one subtraction: ``((state | GUARD) - delta) & GUARD == GUARD``.

Only the loose cards go here: kan, shown groups and the group the winning card
forms by the winning-card table are fixed before (see :mod:`.scorer`). The
loose cards form chi (runs of one size, 2-7-10 of one size, mixed-size
triples of one number) and, when the hand holds a ti or pao, exactly one pair.
Three alike loose in the hand are never a group here (they are a kan).

:meth:`Engine.best` is the best huxi of a state; :meth:`Engine.completions`
answers a wait in one search: for every card W, the best huxi of state + W.
Both are cached across calls (states recur a lot across hands).

>>> from mjcli.games.paohuzi.config import Config
>>> h = {k: (0, 0) for k in ("ti", "pao", "wei", "kan", "peng", "run", "mixed", "pair")}
>>> h.update(run_123=(3, 6), run_2710=(3, 6))
>>> e = Engine(Config(h, 15, 100, 1, 3, 3, 5))
>>> e.best(state_of([0, 1, 2, 11, 16, 19]), False)  # x1x2x3 (3) + d2d7d10 (6)
9
>>> sorted(e.completions(state_of([0, 1, 11, 16, 19]), False).items())  # x1x2 d2d7d10 waits on x3
[(2, 9)]
"""

from __future__ import annotations

from .cards import N_CARDS

NO = -1  # no decomposition
GUARD = sum(4 << (3 * i) for i in range(N_CARDS))
ONE = [1 << (3 * i) for i in range(N_CARDS)]
_MEMO_LIMIT = 400_000


def state_of(cards) -> int:
    s = 0
    for c in cards:
        s += ONE[c]
    return s


def state_counts(counts) -> int:
    s = 0
    for c, n in enumerate(counts):
        if n:
            s += n * ONE[c]
    return s


def _all_groups():
    """Every loose group: (kind, cards)."""
    out = []
    for c in range(N_CARDS):
        out.append(("pair", (c, c)))
        n = c % 10
        if n <= 7:
            out.append(("run_123" if n == 0 else "run", (c, c + 1, c + 2)))
        if n == 1:
            out.append(("run_2710", (c, c + 5, c + 8)))
        if c < 10:
            out.append(("mixed", (c, c, c + 10)))
            out.append(("mixed", (c, c + 10, c + 10)))
    return out


GROUPS = _all_groups()


def group_size(kind: str, cards) -> int:
    """0 small, 1 big (a mixed triple: the size two of its cards have)."""
    big = sum(1 for c in cards if c >= 10)
    return 1 if 2 * big > len(cards) else 0


class Engine:
    """Decomposition of loose cards under one huxi table (one per table, see :func:`engine_for`)."""

    def __init__(self, cfg):
        self.low: list[list] = [[] for _ in range(N_CARDS)]  # groups whose lowest card is c
        self.holed: list[list] = [[] for _ in range(N_CARDS)]  # (W, delta of the group without one W, huxi, pair)
        for kind, cards in GROUPS:
            h = cfg.group_huxi(kind, group_size(kind, cards))
            delta = state_of(cards)
            is_pair = kind == "pair"
            self.low[cards[0]].append((delta, h, is_pair, kind, cards))
            for c in sorted(set(cards)):
                for w in sorted(set(cards)):
                    self.holed[c].append((w, delta - ONE[w], h, is_pair))
        # a group with c in it, holed at w, listed once per c it contains (dedupe per c)
        self.holed = [sorted(set(x)) for x in self.holed]
        self._best: dict[int, int] = {}
        self._comp: dict[int, dict] = {}

    def _trim(self):
        if len(self._best) > _MEMO_LIMIT:
            self._best.clear()
        if len(self._comp) > _MEMO_LIMIT // 4:
            self._comp.clear()

    def best(self, state: int, pair: bool) -> int:
        """The most huxi the loose cards make (NO if they cannot all form groups)."""
        self._trim()
        return self._b(state, 1 if pair else 0)

    def _b(self, state: int, pair: int) -> int:
        if state == 0:
            return NO if pair else 0
        key = (state << 1) | pair
        memo = self._best
        r = memo.get(key)
        if r is not None:
            return r
        r = NO
        i = ((state & -state).bit_length() - 1) // 3
        for delta, h, is_pair, _kind, _cards in self.low[i]:
            if is_pair and not pair:
                continue
            if ((state | GUARD) - delta) & GUARD != GUARD:
                continue
            sub = self._b(state - delta, 0 if is_pair else pair)
            if sub >= 0 and sub + h > r:
                r = sub + h
        memo[key] = r
        return r

    def groups(self, state: int, pair: bool) -> list[tuple[str, tuple[int, ...], int]] | None:
        """A best reading: [(kind, cards, huxi)], or None."""
        p = 1 if pair else 0
        target = self._b(state, p)
        if target < 0:
            return None
        out = []
        while state:
            i = ((state & -state).bit_length() - 1) // 3
            for delta, h, is_pair, kind, cards in self.low[i]:
                if is_pair and not p:
                    continue
                if ((state | GUARD) - delta) & GUARD != GUARD:
                    continue
                np = 0 if is_pair else p
                sub = self._b(state - delta, np)
                if sub >= 0 and sub + h == target:
                    out.append((kind, cards, h))
                    state, p, target = state - delta, np, sub
                    break
        return out

    def every(self, state: int, pair: bool):
        """Every reading (a generator of [(kind, cards, huxi)]); slow, for ``--all``."""
        if state == 0:
            if not pair:
                yield []
            return
        i = ((state & -state).bit_length() - 1) // 3
        for delta, h, is_pair, kind, cards in self.low[i]:
            if is_pair and not pair:
                continue
            if ((state | GUARD) - delta) & GUARD != GUARD:
                continue
            for rest in self.every(state - delta, pair and not is_pair):
                yield [(kind, cards, h)] + rest

    def completions(self, state: int, pair: bool) -> dict[int, int]:
        """{W: the most huxi of state + W} for every card W that completes the loose cards."""
        self._trim()
        return self._c(state, 1 if pair else 0)

    def _c(self, state: int, pair: int) -> dict[int, int]:
        if state == 0:
            return {}
        key = (state << 1) | pair
        r = self._comp.get(key)
        if r is not None:
            return r
        r = {}
        i = ((state & -state).bit_length() - 1) // 3
        g = state | GUARD
        # the group holding the lowest card i uses the new card W ...
        for w, delta, h, is_pair in self.holed[i]:
            if is_pair and not pair:
                continue
            if (g - delta) & GUARD != GUARD:
                continue
            sub = self._b(state - delta, 0 if is_pair else pair)
            if sub >= 0:
                v = sub + h
                if v > r.get(w, NO):
                    r[w] = v
        # ... or does not: then i is its lowest card and W sits further on
        for delta, h, is_pair, _kind, _cards in self.low[i]:
            if is_pair and not pair:
                continue
            if (g - delta) & GUARD != GUARD:
                continue
            sub = self._c(state - delta, 0 if is_pair else pair)
            for w, v in sub.items():
                v += h
                if v > r.get(w, NO):
                    r[w] = v
        self._comp[key] = r
        return r


_ENGINES: dict[tuple, Engine] = {}


def engine_for(cfg) -> Engine:
    key = tuple(sorted(cfg.huxi.items()))
    e = _ENGINES.get(key)
    if e is None:
        e = _ENGINES[key] = Engine(cfg)
    return e
