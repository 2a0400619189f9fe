"""Paohuzi waits (and scores) checked against a slow, obviously correct brute force.

The brute force below shares no code with mjcli.games.paohuzi except the card codes
and the huxi numbers it reads from the variant: it lists every legal group by
hand, applies RULES.md's winning-card table literally, and tries every way to
split the loose cards (no memo, no bit tricks).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from mjcli.games.paohuzi import score_text, wait_text
from mjcli.variant import load_builtin

PH = load_builtin("paohuzi")
HUXI = {k: (v["small"], v["big"]) for k, v in PH.extra["groups"].items()}
MIN = PH.minimum


def card(size: str, n: int) -> int:
    return n - 1 + (10 if size == "d" else 0)


def text_of(c: int) -> str:
    return ("x" if c < 10 else "d") + str(c % 10 + 1)


# every legal group of loose cards, written out from the rules
LOOSE_GROUPS = []
for s in "xd":
    for n in range(1, 9):
        LOOSE_GROUPS.append(("run_123" if n == 1 else "run", (card(s, n), card(s, n + 1), card(s, n + 2)), s == "d"))
    LOOSE_GROUPS.append(("run_2710", (card(s, 2), card(s, 7), card(s, 10)), s == "d"))
for n in range(1, 11):
    LOOSE_GROUPS.append(("mixed", (card("x", n), card("x", n), card("d", n)), False))
    LOOSE_GROUPS.append(("mixed", (card("x", n), card("d", n), card("d", n)), True))
for c in range(20):
    LOOSE_GROUPS.append(("pair", (c, c), c >= 10))


def brute_loose(cards: Counter, pairs_left: int):
    """Best huxi of splitting the loose cards into chi and exactly `pairs_left` pairs, or None."""
    if sum(cards.values()) == 0:
        return 0 if pairs_left == 0 else None
    first = min(c for c, n in cards.items() if n > 0)
    best = None
    for kind, group, big in LOOSE_GROUPS:
        if first not in group:
            continue
        if kind == "pair" and pairs_left == 0:
            continue
        need = Counter(group)
        if any(cards[c] < n for c, n in need.items()):
            continue
        rest = cards - need
        sub = brute_loose(rest, pairs_left - (kind == "pair"))
        if sub is not None:
            v = sub + HUXI[kind][big]
            best = v if best is None or v > best else best
    return best


def four_kind_huxi(kind, c):
    return HUXI[kind][c >= 10]


def shown_huxi(kind, cards):
    big = sum(c >= 10 for c in cards) * 2 > len(cards)
    return HUXI[kind][big]


def brute_score(concealed, shown, win, self_revealed):
    """The best huxi of a winning hand by the RULES.md table, or None (no reading)."""
    q0 = sum(1 for k, cs in shown if len(cs) == 4)
    rest = Counter(concealed)
    rest[win] -= 1
    fixed = sum(shown_huxi(k, cs) for k, cs in shown)
    kans = [c for c, n in rest.items() if n == 3]
    for c in kans:
        fixed += HUXI["kan"][c >= 10]
        del rest[c]
    loose = +rest
    pair = 1 if q0 else 0
    shown_wei = [cs[0] for k, cs in shown if k == "wei"]
    shown_peng = [cs[0] for k, cs in shown if k == "peng"]
    results = []
    if win in kans or win in shown_wei or win in shown_peng:
        # the player's own card to a kan or wei: a ti, forced; otherwise a pao, which is optional (the card may
        # join a chi or the pair instead, the kan, wei or peng kept whole)
        forced = self_revealed and win not in shown_peng
        if not q0:  # a ti/pao by the winning card needs no ti or pao yet
            if win in kans:
                old = HUXI["kan"][win >= 10]
            elif win in shown_wei:
                old = HUXI["wei"][win >= 10]
            else:
                old = HUXI["peng"][win >= 10]
            kind = "ti" if forced else "pao"
            sub = brute_loose(loose, 1)
            if sub is not None:
                results.append(fixed - old + four_kind_huxi(kind, win) + sub)
        if not forced:
            sub = brute_loose(loose + Counter({win: 1}), pair)
            if sub is not None:
                results.append(fixed + sub)
    elif loose[win] == 2:
        without = loose - Counter({win: 2})
        sub = brute_loose(without, pair)
        if self_revealed:
            if sub is not None:
                results.append(fixed + HUXI["wei"][win >= 10] + sub)
        else:
            if sub is not None:
                results.append(fixed + HUXI["peng"][win >= 10] + sub)
            sub2 = brute_loose(loose + Counter({win: 1}), pair)
            if sub2 is not None:
                results.append(fixed + sub2)
    else:
        sub = brute_loose(loose + Counter({win: 1}), pair)
        if sub is not None:
            results.append(fixed + sub)
    return max(results) if results else None


def brute_wait(concealed, shown):
    seen = Counter(concealed)
    for _k, cs in shown:
        seen.update(cs)
    out = []
    for w in range(20):
        left = 4 - seen[w]
        if left <= 0:
            continue
        other = brute_score(list(concealed) + [w], shown, w, False)
        own = brute_score(list(concealed) + [w], shown, w, True)
        if max(v if v is not None else -1 for v in (other, own)) >= MIN:
            out.append((text_of(w), left, other, own))
    return out


# --------------------------------------------------------------------------
# random hands, fixed seed


def _triples():
    out = [cs for kind, cs, _ in LOOSE_GROUPS if kind != "pair"]
    out += [(c, c, c) for c in range(20)]
    return out


TRIPLES = _triples()


def random_hand(rng: random.Random, win: bool):
    """A random hand (text, concealed, shown): seven groups, then one card out for a wait."""
    while True:
        fours = rng.choice([0, 0, 0, 1, 1, 2])
        shown, concealed = [], []
        counts = Counter()
        for _ in range(fours):
            c = rng.randrange(20)
            kind = rng.choice(["ti", "pao"])
            shown.append((kind, (c,) * 4))
            counts.update((c,) * 4)
        for _ in range(7 - fours - (1 if fours else 0)):
            cs = rng.choice(TRIPLES)
            r = rng.random()
            if r < 0.25:
                if len(set(cs)) == 1:
                    kind = rng.choice(["peng", "wei"])
                else:
                    kind = "chi"
                shown.append((kind, tuple(cs)))
            else:
                concealed.extend(cs)
            counts.update(cs)
        if fours:
            c = rng.randrange(20)
            concealed.extend((c, c))
            counts.update((c, c))
        if max(counts.values()) > 4:
            continue
        cc = Counter(concealed)
        if any(n == 4 for n in cc.values()):
            continue
        if not concealed:
            continue
        rng.shuffle(concealed)
        if rng.random() < 0.3:  # some noise: swap one card for a random one
            i = rng.randrange(len(concealed))
            concealed[i] = rng.randrange(20)
            counts = Counter(concealed)
            for _k, cs in shown:
                counts.update(cs)
            if max(counts.values()) > 4 or any(n == 4 for n in Counter(concealed).values()):
                continue
        if not win:
            concealed.pop()
            if any(n == 4 for n in Counter(concealed).values()):
                continue
        return concealed, shown


def _shown_text(kind, cs):
    body = "".join(text_of(c) for c in cs)
    return f"({body})" if kind in ("wei", "ti") else f"[{body}]"


def hand_text(concealed, shown):
    return " ".join([" ".join(text_of(c) for c in concealed)] + [_shown_text(k, cs) for k, cs in shown])


CHI_KIND = {tuple(sorted(cs)): kind for kind, cs, _ in LOOSE_GROUPS if kind != "pair"}


def _canon_shown(shown):
    # the notation tells chi from peng by the cards: a three-alike in [...] is a peng
    out = []
    for k, cs in shown:
        if k == "chi":
            k = "peng" if len(set(cs)) == 1 else CHI_KIND[tuple(sorted(cs))]
        out.append((k, cs))
    return out


WAIT_CASES = []
_rng = random.Random(20261130)
for _ in range(300):
    WAIT_CASES.append(random_hand(_rng, win=False))


@pytest.mark.parametrize("i", range(len(WAIT_CASES)), ids=[f"random-wait-{i}" for i in range(len(WAIT_CASES))])
def test_wait_matches_brute_force(i):
    concealed, shown = WAIT_CASES[i]
    shown = _canon_shown(shown)
    res = wait_text(hand_text(concealed, shown), PH)
    assert res.ok, res.error.message
    got = [(w["tile"], w["left"], w["discard"], w["self_drawn"]) for w in res.waits]
    assert got == brute_wait(concealed, shown)


SCORE_CASES = []
_rng = random.Random(7)
for _ in range(200):
    SCORE_CASES.append(random_hand(_rng, win=True))


@pytest.mark.parametrize("i", range(len(SCORE_CASES)), ids=[f"random-score-{i}" for i in range(len(SCORE_CASES))])
@pytest.mark.parametrize("self_revealed", [False, True], ids=["by-another", "self"])
def test_score_matches_brute_force(i, self_revealed):
    concealed, shown = SCORE_CASES[i]
    shown = _canon_shown(shown)
    win = concealed[-1]
    text = hand_text(concealed, shown) + f" @{text_of(win)}" + (" self" if self_revealed else "")
    res = score_text(text, PH)
    assert res.ok, res.error.message
    want = brute_score(concealed, shown, win, self_revealed)
    assert (res.huxi if res.winning else None) == want


def test_the_random_hands_cover_the_interesting_cases():
    """The seeded samples hold ready hands, ti/pao hands and hands that are not ready."""
    ready = sum(1 for c, s in WAIT_CASES if brute_wait(c, _canon_shown(s)))
    with_four = sum(1 for c, s in WAIT_CASES if any(len(cs) == 4 for _k, cs in s))
    assert ready >= 50 and with_four >= 50 and ready < len(WAIT_CASES)


# --------------------------------------------------------------------------
# fixed waits


FIXED = [
    ("kan-and-pair", "x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7d10 d5d5d5 x10x10",
     [("x2", 3, 24, 24), ("x10", 2, 22, 24), ("d5", 1, 24, 27), ("d10", 3, 21, 21)]),
    # a pair of d10 in hand: revealed by the player it must make a wei, stranding d2 d7
    ("pair-wei-forced", "x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7 d10d10 d5d5d5 x10",
     [("x10", 3, 21, 21), ("d10", 2, 21, None)]),
]


@pytest.mark.parametrize("text,want", [(t, w) for _, t, w in FIXED], ids=[i for i, _, _ in FIXED])
def test_fixed_waits(text, want):
    res = wait_text(text, PH)
    got = [(w["tile"], w["left"], w["discard"], w["self_drawn"]) for w in res.waits]
    assert got == want


def test_wait_tun_and_flags():
    res = wait_text("x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7 d10d10 d5d5d5 x10", PH).as_dict()
    d10 = next(w for w in res["waits"] if w["tile"] == "d10")
    # 21 huxi: 1 + (21 - 15) // 3 = 3 tun; the self way does not complete
    assert (d10["discard_tun"], d10["self_drawn_tun"]) == (3, 0)
    assert (d10["discard_meets_minimum"], d10["self_drawn_meets_minimum"]) == (True, False)


def test_wait_below_minimum_is_a_note_not_a_wait():
    # x1x2 waits on x3 (x1x2x3 with the pair of x3 in x3x3d3): 3 huxi only, it completes below 15
    res = wait_text("x1x2 x4x5x6 x7x8x9 d4d5d6 d7d8d9 x3x3d3 x10x10d10", PH)
    assert res.ok and not res.ready
    assert res.answer_code == "not_ready"
    assert any("x3 completes seven groups" in n for n in res.notes)


def test_wait_with_a_ti_does_not_offer_a_second_ti():
    # a ti shown and a kan of x5: the fourth x5 may not make a second ti/pao
    text = "(d9d9d9d9) x5x5x5 x1x2x3 d1d2d3 d2d7d10 d4d4 x7 x8"
    res = wait_text(text, PH)
    assert res.ok
    assert "x5" not in [w["tile"] for w in res.waits]
    assert [w["tile"] for w in res.waits] == [t for t, *_ in brute_wait(*_parse_simple(text))]


def _parse_simple(text):
    from mjcli.games.paohuzi.cards import parse

    h = parse(text)
    return list(h.concealed), [(g.kind, g.cards) for g in h.shown]


@pytest.mark.parametrize("text,code", [
    ("x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7d10 d5d5d5 x10x10 d10", "invalid_hand"),  # 21 cards: a win, not a wait
    ("x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7d10 d5d5d5x5x5x5", "invalid_hand"),  # four x5 loose
    ("x1 q2", "parse_error"),
], ids=["too-many-cards", "four-loose", "bad-card"])
def test_wait_errors(text, code):
    res = wait_text(text, PH)
    assert not res.ok and res.answer_code == code
