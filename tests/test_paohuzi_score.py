"""Paohuzi scoring: huxi per group, the winning-card table, the pair and kan rules, tun, heavenly.

Numbers are the defaults of variants/paohuzi.yaml (RULES.md): ti 9/12, pao 6/9,
wei and kan 3/6, peng 1/3, 1-2-3 and 2-7-10 3/6, other chi and the pair 0;
a win needs 15; tun = 1 + (huxi - 15) // 3.
"""

from __future__ import annotations

import pytest

from mjcli.games.paohuzi import score_text, tun_of
from mjcli.games.paohuzi.cards import code
from mjcli.variant import load_builtin

PH = load_builtin("paohuzi")

# six groups of three worth 0 huxi each (no 1, 2, 7: no 1-2-3 or 2-7-10 can form);
# the last card written, d10, is the winning card and joins d8d9d10
FILL6 = "x3x3d3 x4x4d4 x6x6d6 x8x8d8 x9x9d9 d8d9d10"
# five such groups, for hands with a ti or pao (they add a pair)
FILL5 = "x3x3d3 x4x4d4 x6x6d6 x8x8d8 x9x9d9"
# five such groups without any 3
FILL5B = "x4x4d4 x6x6d6 x8x8d8 x9x9d9 d8d9d10"


def score(text):
    res = score_text(text, PH)
    assert res.ok, res.error.message
    return res


def kinds(res):
    return {(g["text"], g["kind"], g["huxi"]) for g in res.as_dict()["groups"]}


# --------------------------------------------------------------------------
# every group's huxi, small and big (the rest of the hand is worth 0)

GROUP_CASES = [
    # id, hand, the group (text, kind), its huxi
    ("run_123-small", f"[x1x2x3] {FILL6}", "[x1x2x3]", "run_123", 3),
    ("run_123-big", f"[d1d2d3] {FILL6}", "[d1d2d3]", "run_123", 6),
    ("run_123-loose-small", f"x1x2x3 d5d6d7 {FILL5B}", "x1x2x3", "run_123", 3),
    ("run_2710-small", f"[x2x7x10] {FILL6}", "[x2x7x10]", "run_2710", 3),
    ("run_2710-big", f"[d2d7d10] {FILL6}", "[d2d7d10]", "run_2710", 6),
    ("run_2710-loose-big", f"d2d7d10 {FILL6}", "d2d7d10", "run_2710", 6),
    ("run-small", f"[x4x5x6] {FILL6}", "[x4x5x6]", "run", 0),
    ("run-big", f"[d5d6d7] {FILL6}", "[d5d6d7]", "run", 0),
    ("mixed-small", f"[x5x5d5] {FILL6}", "[x5x5d5]", "mixed", 0),
    ("mixed-big", f"[x5d5d5] {FILL6}", "[x5d5d5]", "mixed", 0),
    ("peng-small", f"[x5x5x5] {FILL6}", "[x5x5x5]", "peng", 1),
    ("peng-big", f"[d5d5d5] {FILL6}", "[d5d5d5]", "peng", 3),
    ("wei-small", f"(x5x5x5) {FILL6}", "(x5x5x5)", "wei", 3),
    ("wei-big", f"(d5d5d5) {FILL6}", "(d5d5d5)", "wei", 6),
    ("kan-small", f"x5x5x5 {FILL6}", "x5x5x5", "kan", 3),
    ("kan-big", f"d5d5d5 {FILL6}", "d5d5d5", "kan", 6),
    ("pao-small", f"[x5x5x5x5] {FILL5} d10d10", "[x5x5x5x5]", "pao", 6),
    ("pao-big", f"[d5d5d5d5] {FILL5} d10d10", "[d5d5d5d5]", "pao", 9),
    ("ti-small", f"(x5x5x5x5) {FILL5} d10d10", "(x5x5x5x5)", "ti", 9),
    ("ti-big", f"(d5d5d5d5) {FILL5} d10d10", "(d5d5d5d5)", "ti", 12),
    ("pair-small", f"(x5x5x5x5) {FILL5} x10x10", "x10x10", "pair", 0),
    ("pair-big", f"(x5x5x5x5) {FILL5} d10d10", "d10d10", "pair", 0),
]


@pytest.mark.parametrize("hand,text,kind,huxi", [c[1:] for c in GROUP_CASES], ids=[c[0] for c in GROUP_CASES])
def test_group_huxi(hand, text, kind, huxi):
    res = score(hand)
    assert res.winning
    assert (text, kind, huxi) in kinds(res)
    # everything else is worth 0, except the ti in the pair cases
    extra = 9 if kind == "pair" else 0
    assert res.huxi == huxi + extra


def test_loose_mixed_triple():
    # x5x5 + the winning d5 can only be x5x5d5 (no 4 or 6 near): a mixed triple, 0
    res = score("x5x5 x1x2x3 x8x8d8 x9x9d9 d8d9d10 [d1d2d3] [x7x7x7] d5")
    assert ("x5x5d5", "mixed", 0) in kinds(res)
    assert res.huxi == 3 + 6 + 1  # x1x2x3, [d1d2d3], [x7x7x7]


# --------------------------------------------------------------------------
# the winning card, by who revealed it (RULES.md table), each row both ways

TABLE_CASES = [
    # a pair of it: self -> wei; another -> peng (here no chi reading exists)
    ("pair-self-wei", f"x5x5x5 {FILL6} @x5 self", "(x5x5x5)", "wei", 3),
    ("pair-other-peng", f"x5x5x5 {FILL6} @x5", "[x5x5x5]", "peng", 1),
    # a pair of it, another: peng 1 + 0 beats the chi reading (0)
    ("pair-other-peng-beats-chi", "x1 x3x3 x7x7 x8x8x8 x9x9 d1d1 d3 d4 d5 d6 d7d7 d8 d9d9 @x8", "[x8x8x8]", "peng", 1),
    # a pair of it, another: the chi reading (x1x1d1 d1d2d3 x2x3x4 x4x4d4 = 6) beats peng (1 + x1x2x3 3 = 4)
    ("pair-other-chi-beats-peng", "x1x1x2x3x4x4 d1d1d2d3d4 x8x8d8 x9x9d9 [d5d6d7] x4", "d1d2d3", "run_123", 6),
    # a kan of it: self -> ti 9 (forced), another -> pao 6 (and then the hand needs its pair: d10d10); the pao is
    # optional, but here no chi takes the x5 (see OPTIONAL_PAO below)
    ("kan-self-ti", f"x5x5x5x5 {FILL5} d10d10 @x5 self", "(x5x5x5x5)", "ti", 9),
    ("kan-other-pao", f"x5x5x5x5 {FILL5} d10d10 @x5", "[x5x5x5x5]", "pao", 6),
    # a shown wei of it: self -> ti (forced), another -> pao (no chi reading here)
    ("wei-self-ti", f"(x5x5x5) x5 {FILL5} d10d10 @x5 self", "(x5x5x5x5)", "ti", 9),
    ("wei-other-pao", f"(x5x5x5) x5 {FILL5} d10d10 @x5", "[x5x5x5x5]", "pao", 6),
    # a shown peng of it: pao both ways (no chi reading here)
    ("peng-self-pao", f"[x5x5x5] x5 {FILL5} d10d10 @x5 self", "[x5x5x5x5]", "pao", 6),
    ("peng-other-pao", f"[x5x5x5] x5 {FILL5} d10d10 @x5", "[x5x5x5x5]", "pao", 6),
    # none of it: it joins a run, a 2-7-10, a mixed triple or the pair, the same both ways
    ("none-run-self", f"x1x3 d5d6d7 {FILL5B} x2 self", "x1x2x3", "run_123", 3),
    ("none-run-other", f"x1x3 d5d6d7 {FILL5B} x2", "x1x2x3", "run_123", 3),
    ("none-2710-self", f"x2x7 {FILL6} x10 self", "x2x7x10", "run_2710", 3),
    ("none-2710-other", f"x2x7 {FILL6} x10", "x2x7x10", "run_2710", 3),
    ("none-mixed-self", "x5x5 x1x2x3 x8x8d8 x9x9d9 d8d9d10 [d1d2d3] [x7x7x7] d5 self", "x5x5d5", "mixed", 10),
    ("none-pair-self", f"(x7x7x7x7) {FILL5} x10 x10 self", "x10x10", "pair", 9),
    ("none-pair-other", f"(x7x7x7x7) {FILL5} x10 x10", "x10x10", "pair", 9),
]


@pytest.mark.parametrize("hand,text,kind,total", [c[1:] for c in TABLE_CASES], ids=[c[0] for c in TABLE_CASES])
def test_winning_card_table(hand, text, kind, total):
    res = score(hand)
    assert res.winning, res.reason
    d = res.as_dict()
    assert d["huxi"] == total
    win_groups = [g for g in d["groups"] if g["win"]]
    assert len(win_groups) == 1
    assert any(g["text"] == text and g["kind"] == kind for g in d["groups"])


# nearly: one card off, neither reading of the row completes the hand (either way)
TABLE_NEARLY = [
    # a pair of x5 and x5 revealed: peng or chi, but d8 d9 d1 (d10 changed to d1) make no group
    ("pair-nearly", "x5x5x5 x3x3d3 x4x4d4 x6x6d6 x8x8d8 x9x9d9 d8d9 d1 @x5"),
    # none of it: x5 (x2 changed to x5) joins no chi beside x1 x3
    ("none-nearly", f"x1x3 d5d6d7 {FILL5B} x5"),
]


@pytest.mark.parametrize("hand", [c[1] for c in TABLE_NEARLY], ids=[c[0] for c in TABLE_NEARLY])
def test_winning_card_table_nearly(hand):
    for way in ("", " self"):
        res = score(hand + way)
        assert not res.winning and res.answer_code == "not_winning" and res.reason


@pytest.mark.parametrize("hand", [
    # a pair of x1 in hand, revealed by the player: the wei is forced and strands x2 x3 d1
    f"x1x1x1 x2 x3 d1 {FILL5B} @x1 self",
    # a pair of x3 (in x3x3d3) and x1x2: revealed by the player, x3 must make a wei
    f"x1x2 {FILL6} x3 self",
], ids=["wei-forced-strands-a-run", "wei-forced-breaks-mixed"])
def test_wei_is_forced_when_the_player_reveals_it(hand):
    res = score(hand)
    assert not res.winning and res.answer_code == "not_winning"
    other = score(hand.replace(" self", ""))
    assert other.winning  # the same card revealed by another joins the chi


def test_second_ti_or_pao_by_the_winning_card_is_not_allowed():
    # a ti is shown; the winning x5 meets a kan of x5: a second ti is not allowed
    res = score("(d7d7d7d7) x5x5x5x5 d10d10 x3x3d3 x4x4d4 x6x6d6 x9x9 @x5 self")
    assert not res.winning
    assert "allowed only when the hand holds no ti or pao yet" in res.reason
    assert "allowed only when" in res.as_dict()["reason"]


# --------------------------------------------------------------------------
# optional pao (seed 004 lines 29 and 35; RULES.md, the winning-card table): a card that would make a pao may
# instead join a run, a 2-7-10, a mixed triple (or the pair), the kan, wei or peng kept whole, whichever reading
# is worth more; a ti (the player's own card to a kan or wei) and a wei stay forced. The pair is no way out here:
# the other three copies of the card are in the kan, wei or peng.

OPTIONAL_PAO = [
    # id, hand, huxi, tun, a group of the best reading (text, kind) or None when the hand does not win
    # kan of x1, another reveals x1: as a pao, x2 x3 are stranded; x1x2x3 beside the kan x1x1x1 is a win:
    # kan 3 + x1x2x3 3 + d1d2d3 6 + d2d7d10 6 + x4x5x6 0 + x7x8x9 0 + d4d5d6 0 = 18; tun 1 + (18 - 15) // 3 = 2
    ("kan-other-run", "x1x1x1 x2 x3 d1d2d3 d2d7d10 x4x5x6 x7x8x9 d4d5d6 x1 @x1", 18, 2, ("x1x2x3", "run_123")),
    # nearly: the player reveals it, the ti is forced and strands x2 x3
    ("kan-self-ti-forced", "x1x1x1 x2 x3 d1d2d3 d2d7d10 x4x5x6 x7x8x9 d4d5d6 x1 @x1 self", None, 0, None),
    # a shown wei instead of the kan: the same, (x1x1x1) 3 in place of the kan's 3 = 18, 2 tun
    ("wei-other-run", "(x1x1x1) x2 x3 d1d2d3 d2d7d10 x4x5x6 x7x8x9 d4d5d6 x1 @x1", 18, 2, ("x1x2x3", "run_123")),
    ("wei-self-ti-forced", "(x1x1x1) x2 x3 d1d2d3 d2d7d10 x4x5x6 x7x8x9 d4d5d6 x1 @x1 self", None, 0, None),
    # a shown peng of x5, both ways: as a pao x4 x6 are stranded; x4x5x6 beside the peng is a win:
    # [x5x5x5] 1 + x4x5x6 0 + d1d2d3 6 + d2d7d10 6 + x1x2x3 3 + x7x8x9 0 + d4d5d6 0 = 16; tun 1
    ("peng-other-run", "[x5x5x5] x4 x6 d1d2d3 d2d7d10 x1x2x3 x7x8x9 d4d5d6 x5 @x5", 16, 1, ("x4x5x6", "run")),
    ("peng-self-run", "[x5x5x5] x4 x6 d1d2d3 d2d7d10 x1x2x3 x7x8x9 d4d5d6 x5 @x5 self", 16, 1, ("x4x5x6", "run")),
    # nearly: x4 x7 cannot take the x5 (no run), and no pao reading has a pair: not a win either way
    ("peng-other-nearly", "[x5x5x5] x4 x7 d1d2d3 d2d7d10 x1x2x3 x8x9x10 d4d5d6 x5 @x5", None, 0, None),
    # a kan of x2: x2x7x10 beside the kan (the 2-7-10 way; as a pao x7 x10 are stranded):
    # kan 3 + x2x7x10 3 + d1d2d3 6 + d2d7d10 6 + x4x5x6 0 + x3x3d3 0 + x8x8d8 0 = 18; tun 2
    ("kan-other-2710", "x2x2x2 x7 x10 d1d2d3 d2d7d10 x4x5x6 x3x3d3 x8x8d8 x2 @x2", 18, 2, ("x2x7x10", "run_2710")),
    # both ways read, the run worth more: kan of d1 and d1 revealed by another.
    # the run: kan d1d1d1 6 + d1d2d3 6 + d2d7d10 6 + d4d5d6 0 + x2x3x4 0 + x4x5x6 0 + x7x7d7 0 = 18 (2 tun);
    # the pao: [d1d1d1d1] 9 + d2d7d10 6 + d2d3d4 0 + d5d6d7 0 + x2x3x4 0 + x4x5x6 0 + pair x7x7 0 = 15
    ("kan-other-run-beats-pao", "d1d1d1 d2 d3 d2d7d10 d4d5d6 x2x3x4 x4x5x6 x7x7d7 d1 @d1", 18, 2,
     ("d1d2d3", "run_123")),
    # both ways read, the pao worth more: [x1x1x1x1] 6 + pair d1d1 0 + d2d7d10 6 + d2d7d10 6 + x2x7x10 3
    # + x2x3x4 0 + x6x7x8 0 = 21 (3 tun); the mixed-triple way: kan 3 + x1d1d1 0 + 6 + 6 + 3 + 0 + 0 = 18
    ("kan-other-pao-beats-mixed", "x1x1x1 d1d1 d2d7d10 d2d7d10 x2x7x10 x2x3x4 x6x7x8 x1 @x1", 21, 3,
     ("[x1x1x1x1]", "pao")),
    # the same with a shown peng: [x1x1x1x1] 6 + ... = 21 against [x1x1x1] 1 + x1d1d1 0 + 15 = 16, both ways
    ("peng-other-pao-beats-mixed", "[x1x1x1] d1d1 d2d7d10 d2d7d10 x2x7x10 x2x3x4 x6x7x8 x1 @x1", 21, 3,
     ("[x1x1x1x1]", "pao")),
    ("peng-self-pao-beats-mixed", "[x1x1x1] d1d1 d2d7d10 d2d7d10 x2x7x10 x2x3x4 x6x7x8 x1 @x1 self", 21, 3,
     ("[x1x1x1x1]", "pao")),
    # a ti shown, so the winning card may make no pao: x5 joins the mixed triple x5d5d5, the kan kept whole:
    # (d9d9d9d9) 12 + kan x5x5x5 3 + x5d5d5 0 + d1d2d3 6 + d2d7d10 6 + x1x2x3 3 + pair x8x8 0 = 30;
    # tun 1 + (30 - 15) // 3 = 6
    ("ti-shown-kan-other-mixed", "(d9d9d9d9) x5x5x5 d5d5 d1d2d3 d2d7d10 x1x2x3 x8x8 x5 @x5", 30, 6,
     ("x5d5d5", "mixed")),
    # nearly: revealed by the player it is a second ti, not allowed
    ("ti-shown-kan-self-nearly", "(d9d9d9d9) x5x5x5 d5d5 d1d2d3 d2d7d10 x1x2x3 x8x8 x5 @x5 self", None, 0, None),
]


@pytest.mark.parametrize("hand,huxi,tun,group", [c[1:] for c in OPTIONAL_PAO], ids=[c[0] for c in OPTIONAL_PAO])
def test_optional_pao(hand, huxi, tun, group):
    res = score(hand)
    d = res.as_dict()
    if huxi is None:
        assert not res.winning and res.answer_code == "not_winning" and d["reason"]
        return
    assert res.winning, res.reason
    assert (d["huxi"], d["tun"]) == (huxi, tun)
    assert any((g["text"], g["kind"]) == group for g in d["groups"])
    assert [g["win"] for g in d["groups"]].count(True) == 1


def test_optional_pao_reasons():
    # the pao is not allowed (a ti is shown) and the card joins nothing: both halves of the answer are said
    res = score("(d7d7d7d7) x5x5x5x5 d10d10 x3x3d3 x4x4d4 x6x6d6 x9x9 @x5")
    assert not res.winning
    assert "allowed only when the hand holds no ti or pao yet" in res.reason
    assert "kept out of a pao" in res.reason
    # the forced ti
    res = score("x1x1x1 x2 x3 d1d2d3 d2d7d10 x4x5x6 x7x8x9 d4d5d6 x1 @x1 self")
    assert "the ti is forced" in res.reason
    # neither a pao nor a chi
    res = score("[x5x5x5] x4 x7 d1d2d3 d2d7d10 x1x2x3 x8x9x10 d4d5d6 x5 @x5")
    assert "neither as a pao of x5" in res.reason and "beside a shown peng" in res.reason


# --------------------------------------------------------------------------
# the pair rule, both ways


def test_pair_with_a_ti():
    res = score(f"(x7x7x7x7) {FILL5} x10 x10")
    assert res.winning and [g["kind"] for g in res.as_dict()["groups"]].count("pair") == 1


def test_with_a_ti_only_one_pair():
    # 17 loose cards beside the ti: four pairs and three triples do not make a hand
    res = score("(x5x5x5x5) x1x1 x4x4 x8x8 d10d10 x6x6d6 d3d3x3 x9x9d9")
    assert not res.winning
    assert "exactly one pair" in res.reason


def test_no_pair_without_a_ti_or_pao():
    # three pairs and five triples, no ti or pao: no pair is allowed at all
    res = score("x1x1 x4x4 x8x8 x6x6d6 d3d3x3 x9x9d9 d5d6d7 d8d9d10")
    assert not res.winning
    assert "no pair" in res.reason


def test_card_count_follows_from_the_pair_rule():
    # six triples and a pair with no ti: 20 cards, not a winning hand's 21
    res = score_text("x1x1 x6x6d6 d3d3x3 x9x9d9 d5d6d7 d8d9d10 x4x5x6", PH)
    assert res.answer_code == "invalid_hand"
    assert "20 cards" in res.error.message and "has 21" in res.error.message
    # two pao: 21 + 1 = 22 cards
    ok = score(f"[x5x5x5x5] [d7d7d7d7] x3x3d3 x4x4d4 x6x6d6 x8x8d8 d10d10")
    assert ok.winning and ok.huxi == 6 + 9


# --------------------------------------------------------------------------
# kan are never split


def test_kan_cannot_be_split():
    # x2x2x2 dealt to the hand is a kan: x1 x3 d2 are left over (split, it would be x1x2x3 x2x2d2)
    res = score(f"x1 x2x2x2 x3 d2 {FILL5B}")
    assert not res.winning


def test_three_alike_with_the_winning_card_is_not_a_kan():
    # the same cards, the winning card one of the x2 (revealed by another): x1x2x3 x2x2d2
    res = score(f"x1 x2x2x2 x3 d2 {FILL5B} @x2")
    assert res.winning and res.huxi == 3
    assert ("x1x2x3", "run_123", 3) in kinds(res)


# --------------------------------------------------------------------------
# the minimum and the tun ladder

LADDER = [
    # id, hand, huxi, tun
    ("14", f"[d1d2d3] [d2d7d10] [x5x5x5] [x6x6x6] x3x3d3 x4x4d4 x8x8d8", 14, 0),  # 6+6+1+1
    ("15", "[d1d2d3] [d2d7d10] [d5d5d5] x3x3d3 x4x4d4 x8x8d8 x6x6d6", 15, 1),  # 6+6+3
    ("17", "[d1d2d3] [d2d7d10] [d5d5d5] [x6x6x6] [x7x7x7] x3x3d3 x4x4d4", 17, 1),  # 6+6+3+1+1
    ("18", "[d1d2d3] [d2d7d10] [d5d5d5] (x6x6x6) x3x3d3 x4x4d4 x8x8d8", 18, 2),  # 6+6+3+3
    ("20", "[d1d2d3] [d2d7d10] [d5d5d5] (x6x6x6) [x7x7x7] [x9x9x9] x3x3d3", 20, 2),  # 6+6+3+3+1+1
    ("21", "[d1d2d3] [d2d7d10] [d5d5d5] (x6x6x6) [x1x2x3] x4x4d4 x8x8d8", 21, 3),  # 6+6+3+3+3
]


@pytest.mark.parametrize("hand,huxi,tun", [c[1:] for c in LADDER], ids=[c[0] for c in LADDER])
def test_tun_ladder_hands(hand, huxi, tun):
    res = score(hand)
    d = res.as_dict()
    assert res.winning and d["huxi"] == d["total"] == huxi and d["tun"] == tun
    if huxi < 15:  # misses 15 by one: a complete hand, but no win
        assert res.answer_code == "below_minimum" and d["payment"] is None and not d["meets_minimum"]
    else:
        # each of the two opponents pays tun x 1
        assert res.answer_code is None and d["payment"] == {"shooter": None, "others": None, "each": tun, "total": 2 * tun, "robbed_kong": False}


@pytest.mark.parametrize("huxi,tun", [(0, 0), (14, 0), (15, 1), (17, 1), (18, 2), (20, 2), (21, 3), (72, 20)])
def test_tun_of(huxi, tun):
    assert tun_of(PH, huxi) == tun


# --------------------------------------------------------------------------
# heavenly win

HEAVENLY = [
    # three ti in the opening hand (20 cards): only the ti count, 9 + 9 + 12
    ("three-ti", "(x1x1x1x1) (x2x2x2x2) (d3d3d3d3) x5 x6 x7 d8 d9 x10 d1 d4 heavenly", 30),
    # five kan (21 cards, the dealer): 3 + 3 + 3 + 6 + 6
    ("five-kan", "x1x1x1 x2x2x2 x3x3x3 d4d4d4 d5d5d5 x6 x7 x8 d9 d10 x10 heavenly", 21),
    # three ti and a kan: the ti and the kan count, 9 + 9 + 12 + 3
    ("three-ti-and-a-kan", "(x1x1x1x1) (x2x2x2x2) (d3d3d3d3) x5x5x5 x7 x8 d9 d10 x10 heavenly", 33),
    # five kan whose other cards also make two runs (x1x2x3 would be worth 3): still only the five big kan,
    # 6 each = 30 (RULES.md: only those ti and kan count for huxi)
    ("five-kan-other-cards-in-runs", "d1d1d1 d2d2d2 d3d3d3 d4d4d4 d5d5d5 x1 x2 x3 x4 x5 x6 heavenly", 30),
]


@pytest.mark.parametrize("hand,huxi", [c[1:] for c in HEAVENLY], ids=[c[0] for c in HEAVENLY])
def test_heavenly(hand, huxi):
    res = score(hand)
    d = res.as_dict()
    assert res.winning and d["heavenly"] and d["huxi"] == huxi
    assert d["winning_card"] is None and d["revealed_by"] is None
    assert all(g["kind"] in ("ti", "kan") for g in d["groups"])


def test_five_kan_without_heavenly_is_an_ordinary_win_with_its_runs():
    # nearly: the same cards without the word are seven groups, the 1-2-3 run counted (30 + 3)
    res = score("d1d1d1 d2d2d2 d3d3d3 d4d4d4 d5d5d5 x1 x2 x3 x4 x5 x6 @x6")
    assert res.winning and not res.as_dict()["heavenly"] and res.as_dict()["huxi"] == 33


def test_not_heavenly_with_two_ti_and_four_kan():
    res = score("(x1x1x1x1) (x2x2x2x2) x3x3x3 x4x4x4 x5x5x5 x6x6x6 heavenly")
    assert not res.winning and "heavenly" in res.reason


def test_heavenly_flag_from_the_command_line_options():
    res = score_text("(x1x1x1x1) (x2x2x2x2) (d3d3d3d3) x5 x6 x7 d8 d9 x10 d1 d4", PH,
                     overrides={"flags": ["heavenly"]})
    assert res.winning and res.heavenly and res.huxi == 30


def test_heavenly_dealer_hand_that_is_also_complete():
    # a dealt 21-card hand that forms seven groups: scored as such, no winning card
    res = score("x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7d10 d5d5d5 x10x10 d10 heavenly")
    assert res.winning and not res.heavenly and res.huxi == 21


@pytest.mark.parametrize("hand,msg", [
    ("(x1x1x1x1) (x2x2x2x2) [d3d3d3] x5 x6 x7 d8 d9 x10 d1 d4 d5 heavenly", "shows only ti"),
    ("(x1x1x1x1) (x2x2x2x2) (d3d3d3d3) x5 x6 heavenly", "opening hand"),
], ids=["shown-peng", "too-few-cards"])
def test_heavenly_errors(hand, msg):
    res = score_text(hand, PH)
    assert res.answer_code == "invalid_hand" and msg in res.error.message


# --------------------------------------------------------------------------
# overrides, --all and the JSON contract


def test_overrides_win_and_self():
    base = f"x5x5x5 {FILL6}"
    assert score_text(base, PH, overrides={"win": "x5"}).huxi == 1  # peng
    assert score_text(base, PH, overrides={"win": "x5", "self_drawn": True}).huxi == 3  # wei
    # an explicit False (settle --from) wins over `self` in the line
    assert score_text(base + " @x5 self", PH, overrides={"self_drawn": False}).huxi == 1
    bad = score_text(base, PH, overrides={"win": "d1"})
    assert bad.answer_code == "invalid_hand" and "--win d1" in bad.error.message
    flag = score_text(base, PH, overrides={"flags": ["last-tile"]})
    assert flag.answer_code == "invalid_hand" and "--last-tile" in flag.error.message


def test_all_readings():
    res = score_text("x1x1x2x3x4x4 d1d1d2d3d4 x8x8d8 x9x9d9 [d5d6d7] x4", PH, all_readings=True)
    d = res.as_dict()
    totals = [r["total"] for r in d["readings"]]
    assert totals == sorted(totals, reverse=True) and totals[0] == 6 and 4 in totals  # chi reading, peng reading


def test_json_contract():
    d = score("x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7d10 d5d5d5 x10x10 d10 @x10").as_dict()
    for key in ("hand", "variant", "ok", "error", "winning", "reading", "patterns", "raw", "total", "limit_hand",
                "minimum", "limit", "unit", "meets_minimum", "payment", "huxi", "tun", "groups"):
        assert key in d
    assert d["unit"] == "huxi" and d["total"] == d["huxi"] == 21 and d["tun"] == 3
    assert d["payment"] == {"shooter": None, "others": None, "each": 3, "total": 6, "robbed_kong": False}
    assert sum(g["huxi"] for g in d["groups"]) == 21 and len(d["groups"]) == 7
    assert d["winning_card"] == "x10" and d["revealed_by"] == "other"


# --------------------------------------------------------------------------
# wait agrees with score on every row of the winning-card table: the hand before its winning card waits on that
# card with the huxi score gives it, each way (None where that way does not win)


def _before_the_win(text):
    from dataclasses import replace

    from mjcli.games.paohuzi.cards import parse

    h = parse(text)
    rest = list(h.concealed)
    rest.remove(h.win)
    return replace(h, concealed=tuple(rest), win=None, self_revealed=False).text(win=False), h.win


def _way(text, self_revealed):
    from mjcli.games.paohuzi.cards import parse

    h = parse(text)
    res = score_text(h.text(win=False) + f" @{code(h.win)}" + (" self" if self_revealed else ""), PH)
    assert res.ok
    return res.huxi if res.winning else None


AGREE = ([c[1] for c in TABLE_CASES] + [c[1] for c in OPTIONAL_PAO] + [c[1] for c in TABLE_NEARLY]
         + [f"x1x1x1 x2 x3 d1 {FILL5B} @x1 self", f"x1x2 {FILL6} x3 self"])


@pytest.mark.parametrize("text", AGREE)
def test_wait_agrees_with_score(text):
    from mjcli.games.paohuzi import wait_text

    before, win = _before_the_win(text)
    other, own = _way(text, False), _way(text, True)
    res = wait_text(before, PH)
    assert res.ok, res.error.message
    listed = {w["tile"]: (w["discard"], w["self_drawn"]) for w in res.waits}
    if max(v if v is not None else -1 for v in (other, own)) >= PH.minimum:
        assert listed[code(win)] == (other, own)
    else:  # below the minimum: a note, with the best huxi of the two ways
        assert code(win) not in listed
        if other is not None or own is not None:
            best = max(v for v in (other, own) if v is not None)
            assert f"{code(win)} completes seven groups but with at most {best} huxi" in " ".join(res.notes)
