"""Property tests (Hypothesis) over every built-in variant.

* printing a parsed hand and parsing it again gives the same hand;
* every tile ``wait`` lists makes ``score`` call the hand winning, and no other tile does;
* ``score`` never depends on the order the tiles were written in;
* the nets of every ``settle`` sum to zero (random winner, shooter, value, bao, kongs, bonus tiles, Fei);
* a limit hand's total is the limit, whatever else the hand holds.

The variants come from ``mjcli.variant.builtin_ids()``, so a new variant is picked up; a variant whose file
does not load (it may be mid-edit) is skipped with the reason. Mahjong variants and Paohuzi get their own
generators (``variant.game``). Each test is bounded (``max_examples``) and takes a few seconds at most.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import replace
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mjcli.errors import HandError, MjError
from mjcli.mahjong.tiles import HONOUR_LETTERS, JOKER, format_hand, parse_hand, tile_code, variant_tiles
from mjcli.variant import builtin_ids, load_builtin

VARIANTS = builtin_ids()

def scaled(n: int) -> int:
    """Examples per test: bounded for CI; MJCLI_FUZZ_SCALE=10 runs ten times as many (a longer hunt)."""
    return max(1, int(n * float(os.environ.get("MJCLI_FUZZ_SCALE", "1"))))

BOUNDED = settings(max_examples=scaled(40), deadline=None, derandomize=False,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                          HealthCheck.function_scoped_fixture])


def load(vid: str, game: str | None = None):
    try:
        v = load_builtin(vid)
    except MjError as exc:  # another helper may be editing the file right now
        pytest.skip(f"variant {vid} does not load right now: {exc.message}")
    if game is not None and v.game != game:
        pytest.skip(f"{vid} is a {v.game} variant; this property is for {game}")
    if v.game == "paohuzi":
        import mjcli.games.paohuzi as pz

        if not all(hasattr(pz, f) for f in ("score_text", "wait_text")):
            pytest.skip("mjcli.games.paohuzi has no score_text/wait_text yet (being written)")
    return v


# --------------------------------------------------------------------------
# Mahjong hands: four sets and an eye from the variant's own tiles, some shown, some Fei, bonus and context

BONUS_BY_FAMILY = {
    "flower": ["f1", "f2", "f3", "f4"],
    "season": ["s1", "s2", "s3", "s4"],
    "animal": ["cat", "mouse", "rooster", "centipede"],
    "face": ["face"],
}


def _code(t: int, draw) -> str:
    """One tile written one of the ways the notation allows: 5p, or E / 1z for an honour."""
    if t >= 27:
        return draw(st.sampled_from([HONOUR_LETTERS[t - 27], f"{t - 26}z"]))
    return tile_code(t)


def _run(tiles: list[int]) -> str:
    """A shown set as text: [123p], [EEE], (5555p)..."""
    if tiles[0] >= 27:
        return "".join(HONOUR_LETTERS[t - 27] for t in tiles)
    return "".join(str(t % 9 + 1) for t in tiles) + "mps"[tiles[0] // 9]


@st.composite
def mahjong_parts(draw, v, *, complete: bool = True, max_fei: int = 2, max_bonus: int = 3, flags: bool = False):
    """The pieces of a hand's text (concealed tokens, melds, bonus, context) so a test can reorder them.

    ``complete``: the variant's sets and an eye, four at most tables (else as many random tiles as a win holds). Fei replace some concealed tiles where the
    variant has them; at most ``max_bonus`` bonus tiles and ``max_fei`` Fei in all, so that no "wins on its
    own" bonus hand (seven flowers, four Fei) turns up unless a test asks for it.
    """
    tiles = variant_tiles(v)
    counts = [0] * 35
    concealed: list[int] = []
    melds: list[str] = []
    meld_fei = 0
    if complete:
        for _ in range(v.hand.sets):
            options = []
            for t in tiles:
                if counts[t] <= 1:
                    options.append(("pong", t))
                if counts[t] == 0:
                    options.append(("kong", t))
                if t < 27 and t % 9 <= 6 and all(counts[t + i] < 4 and t + i in tiles for i in range(3)):
                    options.append(("chow", t))
            kind, t = draw(st.sampled_from(options))
            group = [t, t + 1, t + 2] if kind == "chow" else [t] * (4 if kind == "kong" else 3)
            for x in group:
                counts[x] += 1
            if kind == "kong":
                melds.append(draw(st.sampled_from("[{(")) + "" + _run(group))
                melds[-1] += {"[": "]", "{": "}", "(": ")"}[melds[-1][0]]
            elif draw(st.integers(0, 3)) == 0:
                text = _run(group)
                if v.tiles.jokers and meld_fei < max_fei and draw(st.integers(0, 2)) == 0:
                    at = draw(st.integers(0, 2))  # a shown set with one Fei in its place: [55Jp], [4J6p], [EJE]
                    text = text[:at] + "J" + text[at + 1:]
                    meld_fei += 1
                melds.append(f"[{text}]")
            else:
                concealed.extend(group)
        eye = draw(st.sampled_from([t for t in tiles if counts[t] <= 2]))
        counts[eye] += 2
        concealed += [eye, eye]
    else:
        pool = [t for t in tiles for _ in range(4)]
        concealed = draw(st.lists(st.sampled_from(pool), min_size=v.hand.size, max_size=v.hand.size))
        concealed = [t for t in concealed]  # duplicates above four are fine: they are invalid hands to answer
    fei = 0
    max_fei -= meld_fei
    if v.tiles.jokers and max_fei:
        fei = draw(st.integers(0, min(max_fei, v.tiles.jokers - meld_fei, len(concealed))))
        for _ in range(fei):
            concealed.pop(draw(st.integers(0, len(concealed) - 1)))
    bonus_pool = [b for fam in v.tiles.bonus for b in BONUS_BY_FAMILY.get(fam, [])]
    bonus = draw(st.lists(st.sampled_from(bonus_pool), max_size=max_bonus, unique=True)) if bonus_pool else []
    if v.tiles.jokers and fei < max_fei and draw(st.booleans()):
        bonus.append("J")  # a drowned Fei
    tokens = [_code(t, draw) for t in concealed] + ["J"] * fei
    win = draw(st.sampled_from(tokens)) if tokens else None
    context = []
    if win is not None:
        context.append("@" + ("J" if win == "J" else tile_code(parse_hand(win).concealed[0])))
    if draw(st.booleans()):
        context.append("zimo")
    context.append("seat=" + draw(st.sampled_from(list(v.seats))))
    context.append("round=" + draw(st.sampled_from(list(v.rounds))))
    if flags:
        context += draw(st.lists(st.sampled_from(["last-tile", "last-discard", "kong-replacement", "rob-kong",
                                                  "heavenly", "earthly"]), max_size=2, unique=True))
    return {"concealed": tokens, "melds": melds, "bonus": bonus, "context": context}


def render(parts: dict, order=None, merge=None) -> str:
    """The text of a hand; ``order`` permutes the concealed tokens (and the melds and bonus tiles);
    ``merge()`` says whether to write a tile (or a Fei) into the run before it: ``1p 3p J`` -> ``13Jp``."""
    conc, melds, bonus = list(parts["concealed"]), list(parts["melds"]), list(parts["bonus"])
    if order is not None:
        conc = [conc[i] for i in order(len(conc))]
        melds = [melds[i] for i in order(len(melds))]
        bonus = [bonus[i] for i in order(len(bonus))]
    if merge is not None:
        runs: list[str] = []
        for tok in conc:
            prev = runs[-1] if runs else ""
            suited = len(prev) >= 2 and prev[-1] in "mpsz" and prev[-2] in "0123456789J"
            if suited and (tok == "J" or (tok[-1:] == prev[-1] and tok[:-1].isdigit())) and merge():
                runs[-1] = prev[:-1] + (tok if tok == "J" else tok[:-1]) + prev[-1]
            else:
                runs.append(tok)
        conc = runs
    text = " ".join(conc + melds)
    if bonus:
        text += " | " + " ".join(bonus)
    return (text + " " + " ".join(parts["context"])).strip()


def parsed_or_none(text: str, v):
    """The hand, or None when it is not a possible hand of the variant (a tile too many, ...)."""
    from mjcli.mahjong.tiles import validate

    try:
        h = parse_hand(text)
        validate(h, v, size=None)
        return h
    except MjError:
        return None


# --------------------------------------------------------------------------
# 1. print(parse(x)) parses to the same hand


@pytest.mark.parametrize("vid", VARIANTS)
@BOUNDED
@given(data=st.data())
def test_format_then_parse_is_the_same_hand(vid, data):
    v = load(vid)
    if v.game == "paohuzi":
        return paohuzi_roundtrip(v, data)
    parts = data.draw(mahjong_parts(v, complete=data.draw(st.booleans()), flags=True))
    h = parse_hand(render(parts))
    again = parse_hand(format_hand(h))
    assert again == h
    assert format_hand(again) == format_hand(h)


@BOUNDED
@given(text=st.lists(st.sampled_from(list("123456789mpszESWNPFCJ []()|@") + [" zimo ", " seat=S ", " f1"]),
                    max_size=40).map("".join))
def test_any_text_that_parses_roundtrips(text):
    try:
        h = parse_hand(text)
    except MjError:
        return
    assert parse_hand(format_hand(h)) == h


# --------------------------------------------------------------------------
# 2. the tiles wait lists are exactly the tiles that make score call the hand winning


def _winning(h, v) -> bool:
    from mjcli.mahjong.scoring import score

    try:
        return score(h, v).winning
    except HandError:  # a fifth copy, a fifth Fei: not a tile that can arrive
        return False


@pytest.mark.parametrize("vid", VARIANTS)
@settings(BOUNDED, max_examples=scaled(25))
@given(data=st.data())
def test_wait_lists_exactly_the_winning_tiles(vid, data):
    v = load(vid)
    if v.game == "paohuzi":
        return paohuzi_waits(v, data)
    from mjcli.mahjong.waits import wait

    parts = data.draw(mahjong_parts(v, complete=data.draw(st.integers(0, 4)) > 0))
    h = parsed_or_none(render(parts), v)
    assume(h is not None and h.size == v.hand.size and (h.concealed or h.jokers))
    drop = data.draw(st.sampled_from(list(h.concealed) + [JOKER] * h.jokers))
    if drop == JOKER:
        h13 = replace(h, jokers=h.jokers - 1, win=None, self_drawn=False)
    else:
        rest = list(h.concealed)
        rest.remove(drop)
        h13 = replace(h, concealed=tuple(rest), win=None, self_drawn=False)
    listed = {w["tile"] for w in wait(h13, v).waits}
    candidates = variant_tiles(v) + ([JOKER] if v.tiles.jokers else [])
    for t in candidates:
        code = tile_code(t)
        wins_self = _winning(h13.with_tile(t, self_drawn=True), v)
        assert (code in listed) == wins_self, (format_hand(h13, win=False), code, sorted(listed))
        if t != JOKER:  # a discarded Fei cannot be claimed; any other tile wins both ways or neither
            assert _winning(h13.with_tile(t, self_drawn=False), v) == wins_self


# --------------------------------------------------------------------------
# 3. score does not depend on the order the tiles were written in


@pytest.mark.parametrize("vid", VARIANTS)
@BOUNDED
@given(data=st.data())
def test_score_ignores_the_written_order(vid, data):
    v = load(vid)
    if v.game == "paohuzi":
        return paohuzi_order(v, data)
    from mjcli.mahjong.scoring import score_text

    parts = data.draw(mahjong_parts(v, complete=data.draw(st.integers(0, 3)) > 0, flags=True))
    first = score_text(render(parts), v).as_dict()
    shuffled = render(parts, order=lambda n: data.draw(st.permutations(range(n))),
                      merge=lambda: data.draw(st.booleans()))
    second = score_text(shuffled, v).as_dict()
    if not first["ok"]:  # an impossible hand: the same error (its text echoes the hand as written)
        assert not second["ok"] and second["error"]["code"] == first["error"]["code"], (first, second)
        return
    # melds keep the order they were written in (the canonical text prints them so); all else must match
    assert sorted(second.pop("hand").split()) == sorted(first.pop("hand").split())
    assert second == first, (render(parts), shuffled)


# --------------------------------------------------------------------------
# 4. settle: the nets sum to zero, whatever the request


@st.composite
def settle_opts(draw, v):
    seats = list(v.seats)
    seat = st.sampled_from(seats)
    winner = draw(st.one_of(st.none(), seat))
    shooter = draw(st.one_of(st.none(), seat.filter(lambda s: s != winner))) if winner else None
    bonus_pool = [b for fam in v.tiles.bonus for b in BONUS_BY_FAMILY.get(fam, [])] + (
        ["J"] if v.tiles.jokers else [])
    opts = {
        "winner": winner,
        "shooter": shooter,
        "value": draw(st.integers(v.minimum, v.limit + 3)) if winner else None,
        "bao": draw(st.one_of(st.none(), seat.filter(lambda s: s != winner))) if winner else None,
        "robbed_kong": bool(shooter) and draw(st.booleans()),
        "kongs": [f"{s}:{k}" + (f":{f}" if k == "claimed" else "") for s, k, f in draw(st.lists(
            st.tuples(seat, st.sampled_from(["concealed", "claimed", "added"]), seat), max_size=3))
            if not (k == "claimed" and f == s)],
        "bonus": [],
        "dealt": [],
        "fei": [],
        # issue 14: any stake a player may write, exact: up to 1e12 with up to four decimal places
        "stake": draw(st.one_of(st.none(), st.sampled_from([0.5, 2, 10]), st.decimals(
            min_value=Decimal("0.0001"), max_value=Decimal(10) ** 12, places=4, allow_nan=False,
            allow_infinity=False).map(str))),
    }
    if bonus_pool:
        left = list(bonus_pool)
        for s in draw(st.lists(seat, unique=True, max_size=len(seats))):
            mine = draw(st.lists(st.sampled_from(left), unique=True, max_size=5)) if left else []
            left = [b for b in left if b not in mine or b in ("face", "J")]
            opts["bonus"].append(f"{s}=" + " ".join(mine))
        opts["dealt"] = [f"{s}:{fam}" for s, fam in draw(st.lists(st.tuples(seat, st.sampled_from(
            list(v.tiles.bonus))), max_size=2))] if v.tiles.bonus else []
    if v.tiles.jokers:
        opts["fei"] = [f"{s}={n}" for s, n in draw(st.lists(st.tuples(seat, st.integers(0, 2)), max_size=2,
                                                                  unique_by=lambda x: x[0]))]
    return opts


@pytest.mark.parametrize("vid", VARIANTS)
@settings(BOUNDED, max_examples=scaled(80))
@given(data=st.data())
def test_settle_nets_sum_to_zero(vid, data):
    v = load(vid)
    from mjcli.settlement import settle_record

    opts = data.draw(settle_opts(v))
    try:
        rec = settle_record(v, opts)
    except MjError:
        return  # a request the variant refuses (it says why; tests/test_fuzz.py checks the message)
    net = rec["net"]
    assert set(net) == set(v.seats)
    assert sum(net.values()) == 0, rec  # exact money (issue 14): not close to zero, zero
    for p in rec["payments"]:
        assert p["from"] != p["to"] and p["from"] in v.seats and p["to"] in v.seats, p
        assert isinstance(p["amount"], (int, Decimal)) and p["amount"] > 0, p  # never a binary float
    recomputed = {s: 0 for s in v.seats}
    for p in rec["payments"]:
        recomputed[p["from"]] -= p["amount"]
        recomputed[p["to"]] += p["amount"]
    assert recomputed == net, (recomputed, net)
    from mjcli.output import dumps

    text = dumps(rec)  # JSON: plain numbers, every digit, no exponent, whole amounts as integers
    assert json.loads(text, parse_float=Decimal)["net"] == net
    assert not re.search(r"[0-9][eE][-+0-9]|\.[0-9]*0[,}\]]|\.0[,}\]]", text), text
    if opts["winner"] is not None and not any(p["to"] != opts["winner"] for p in rec["payments"]):
        assert net[opts["winner"]] >= 0


# --------------------------------------------------------------------------
# 5. a limit hand's total is the limit, whatever else the hand holds


def limit_examples():
    for vid in VARIANTS:
        try:
            v = load_builtin(vid)
        except MjError:
            continue
        for p in v.patterns:
            if p.limit and p.example:
                yield pytest.param(vid, p.id, p.example, id=f"{vid}-{p.id}")


@pytest.mark.parametrize("vid,pid,example", list(limit_examples()))
@settings(BOUNDED, max_examples=scaled(10))
@given(data=st.data())
def test_limit_hand_total_is_the_limit(vid, pid, example, data):
    v = load(vid)
    from mjcli.api import score_line

    res = score_line(example, v)
    assert res.limit_hand and res.total == v.limit, res.as_dict()
    if v.game != "mahjong":
        return
    # the same hand with more context or bonus tiles still pays the limit, never more
    h = parse_hand(example)
    bonus_pool = [b for fam in v.tiles.bonus for b in BONUS_BY_FAMILY.get(fam, []) if b not in h.bonus]
    extra = data.draw(st.lists(st.sampled_from(bonus_pool), unique=True, max_size=3)) if bonus_pool else []
    flags = data.draw(st.lists(st.sampled_from(["last-tile", "last-discard", "kong-replacement"]), unique=True,
                               max_size=2))
    more = replace(h, bonus=tuple(sorted(h.bonus + tuple(extra))), flags=h.flags | frozenset(flags),
                   self_drawn=data.draw(st.booleans()) or h.self_drawn)
    r2 = score_line(format_hand(more), v)
    if not r2.ok and r2.error.code == "invalid_context":  # words that do not fit together (last-tile last-discard)
        return
    assert r2.ok, r2.as_dict()
    if r2.limit_hand:
        assert r2.total == r2.raw == v.limit
        assert sum(p.points for p in r2.patterns) == v.limit  # two limits together still pay one limit
    else:
        assert r2.total <= v.limit


@pytest.mark.parametrize("vid", VARIANTS)
@settings(BOUNDED, max_examples=scaled(60))
@given(data=st.data())
def test_random_limit_hands_pay_exactly_the_limit(vid, data):
    v = load(vid, game="mahjong")
    from mjcli.mahjong.scoring import score_text

    parts = data.draw(mahjong_parts(v, flags=True, max_bonus=8, max_fei=4))
    res = score_text(render(parts), v)
    assert res.total <= v.limit
    if res.limit_hand:
        assert res.total == res.raw == v.limit, res.as_dict()
        assert sum(p.points for p in res.patterns) == v.limit


# --------------------------------------------------------------------------
# Paohuzi: the same properties at the level of the text notation

PAO_CARDS = [f"x{i}" for i in range(1, 11)] + [f"d{i}" for i in range(1, 11)]


def _pao_hand(data, n_min=20, n_max=21) -> list[str]:
    n = data.draw(st.integers(n_min, n_max))
    pool = [c for c in PAO_CARDS for _ in range(4)]
    return list(data.draw(st.permutations(pool))[:n])  # at most four of a card, like the real deck


def paohuzi_roundtrip(v, data):
    from mjcli.api import score_line

    cards = _pao_hand(data)
    res = score_line(" ".join(cards), v)
    if not res.ok:
        return
    again = score_line(res.hand, v)
    assert again.ok and again.hand == res.hand


def paohuzi_order(v, data):
    from mjcli.api import score_line

    cards = _pao_hand(data)
    win = cards[-1]
    shuffled = data.draw(st.permutations(cards))
    a = score_line(" ".join(cards) + f" @{win}", v).as_dict()
    b = score_line(" ".join(shuffled) + f" @{win}", v).as_dict()
    if not a["ok"]:  # the error text may echo the hand as written
        assert not b["ok"] and a["error"]["code"] == b["error"]["code"]
        return
    assert a == b


PAO_TRIPLES = (
    [[f"{z}{n}", f"{z}{n + 1}", f"{z}{n + 2}"] for z in "xd" for n in range(1, 9)]
    + [[f"{z}2", f"{z}7", f"{z}10"] for z in "xd"]
    + [[f"x{n}", f"x{n}", f"d{n}"] for n in range(1, 11)] + [[f"x{n}", f"d{n}", f"d{n}"] for n in range(1, 11)]
    + [[f"{z}{n}"] * 3 for z in "xd" for n in range(1, 11)]
)


def _pao_complete(data) -> list[str]:
    """Seven groups of three (21 cards): a hand that wins, or nearly, as the scorer decides."""
    counts: dict[str, int] = {}
    cards: list[str] = []
    for _ in range(7):
        ok = [t for t in PAO_TRIPLES if all(counts.get(c, 0) + t.count(c) <= 4 for c in set(t))]
        t = data.draw(st.sampled_from(ok))
        for c in t:
            counts[c] = counts.get(c, 0) + 1
        cards += t
    return cards


def paohuzi_waits(v, data, strict: bool = False):
    """Paohuzi's wait lists the cards that win: seven groups reaching the minimum huxi (15). Its score calls
    seven groups below 15 ``winning`` with the answer ``below_minimum``, as mahjong does below its minimum;
    ``strict`` would ask wait to list those too, which issue 5 does not ("listed when it wins")."""
    from mjcli.api import score_line, wait_line

    if data.draw(st.integers(0, 3)):
        cards = _pao_complete(data)
        cards.pop(data.draw(st.integers(0, len(cards) - 1)))
    else:
        cards = _pao_hand(data, 19, 20)
    text = " ".join(cards)
    res = wait_line(text, v)
    if not res.ok:
        return
    listed = {w["tile"] if "tile" in w else w.get("card") for w in res.waits}
    for c in PAO_CARDS:
        results = [score_line(f"{text} {c} @{c}{extra}", v) for extra in ("", " self")]
        wins = any(r.winning and (strict or r.meets_minimum) for r in results)
        assert (c in listed) == wins, (text, c, sorted(listed))
