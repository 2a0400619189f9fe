"""The Chinese Official (MCR) draft table, variants/drafts/mcr.yaml: its shape, and its example hands scored by an
independent calculator (pymahjonggb, through benchmarks/mcr_reference.py).

The draft is data only: no variant reads it yet (`-v mcr` does not exist). What is checked here is that the
data is right before a variant is built on it: 81 fans with the rule book's values, every example hand read
by mjcli's parser and scored by the calculator with its fan, the calculator's value of each fan equal to the
draft's, and no fan ever reported beside a fan that implies or excludes it.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import mcr_reference as ref  # noqa: E402

sys.path.pop(0)

DRAFT = ref.load_draft()
FANS = DRAFT["fans"]
BY_ID = {f["id"]: f for f in FANS}
# 中国麻将竞赛规则 (1998): how many fans of each value (the flowers are the thirteenth 1-fan entry)
BOOK_COUNTS = {88: 7, 64: 6, 48: 2, 32: 3, 24: 9, 16: 6, 12: 5, 8: 9, 6: 7, 4: 4, 2: 10, 1: 13}
RANDOM_HANDS = 3000  # with the draft's examples: enough to meet every fan; the count is not a speed figure

needs_gb = pytest.mark.skipif(not ref.available(), reason="pymahjonggb is not installed (pip install pymahjonggb; "
                                                          "it builds with a C++ compiler)")


# ---- the table -------------------------------------------------------------------------------------------

def test_the_variant_is_the_draft():
    """variants/mcr.yaml holds every fan of the draft: its value, each, names, example; its principles."""
    from mjcli.games.mcr.patterns import pattern_id
    from mjcli.variant import builtin_ids, load_builtin

    assert "mcr" in builtin_ids()
    v = load_builtin("mcr")
    by_pid = {p.id: p for p in v.patterns}
    for fan in FANS:
        p = by_pid[pattern_id(fan["id"])]
        assert (p.value, p.each, p.name, p.example) == (fan["value"], bool(fan.get("each")), fan["name"],
                                                       fan["example"]), fan["id"]
        got = v.extra["principles"].get(fan["id"], {})
        for key in ("implies", "excludes", "set_excludes"):
            assert got.get(key, []) == (fan.get(key) or []), (fan["id"], key)


def test_81_fans_with_unique_snake_case_ids():
    assert len(FANS) == 81
    assert len(BY_ID) == 81
    for fan in FANS:
        assert re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", fan["id"]), fan["id"]


def test_values_per_the_rule_book():
    assert dict(Counter(f["value"] for f in FANS)) == BOOK_COUNTS
    # 88*7 + 64*6 + 48*2 + 32*3 + 24*9 + 16*6 + 12*5 + 8*9 + 6*7 + 4*4 + 2*10 + 1*13
    # = 616 + 384 + 96 + 96 + 216 + 96 + 60 + 72 + 42 + 16 + 20 + 13 = 1727
    assert sum(f["value"] for f in FANS) == 1727


def test_every_fan_has_its_names_when_and_example():
    for fan in FANS:
        assert fan["name"] and fan["when"] and fan["example"], fan["id"]
        assert set(fan["names"]) == {"zh", "zh_hant"}, fan["id"]
        assert all(re.search(r"[\u4e00-\u9fff]", n) for n in fan["names"].values()), fan["id"]
        assert len(fan["when"]) <= 120, fan["id"]
    assert len({f["gb_name"] for f in FANS}) == 81
    assert len({f["name"].lower() for f in FANS}) == 81
    assert len({f["names"]["zh"] for f in FANS}) == 81


def test_implies_and_excludes_name_other_fans_once():
    for fan in FANS:
        lists = fan["implies"] + fan["excludes"] + fan.get("set_excludes", [])
        assert all(x in BY_ID for x in lists), fan["id"]
        assert fan["id"] not in lists
        assert len(lists) == len(set(lists)), fan["id"]
        assert BY_ID[fan["id"]]["value"] >= max((BY_ID[x]["value"] for x in fan["implies"]), default=0), fan["id"]


def test_every_example_and_near_miss_is_read_by_mjcli_notation():
    # independent of the calculator: the converter turns each hand into 13 tiles (a kong as 3) and a win
    for fan in FANS:
        for text in (fan["example"], fan["near_miss"]):
            args = ref.to_gb(text)
            assert len(args["hand"]) + 3 * len(args["pack"]) == 13, (fan["id"], text)
        assert fan["example"] != fan["near_miss"]


def test_the_new_context_word_is_named_in_the_header():
    head = (ROOT / "variants" / "drafts" / "mcr.yaml").read_text(encoding="utf-8").split("\nid: mcr", 1)[0]
    for word in ref.NEW_WORDS:
        assert word in head
    assert ref.to_gb("123m 456p 789s EEE 99p @3m last-of-kind")["is4thTile"]
    assert not ref.to_gb("123m 456p 789s EEE 99p @3m")["is4thTile"]


def test_converter_on_hand_worked_cases():
    # [2222p] a shown kong (offer 1), (5555s) a concealed kong (offer 0), a chow by its middle tile;
    # the winning tile leaves the standing tiles: 13 = 2 kongs and a chow as 3 each (9) + 4 standing
    args = ref.to_gb("[123m] [2222p] (5555s) 99s 1z1z @E zimo kong-replacement round=S | f1 s4")
    assert args["pack"] == (("CHI", "W2", 1), ("GANG", "B2", 1), ("GANG", "T5", 0))
    assert args["hand"] == ("T9", "T9", "F1", "F1") and args["winTile"] == "F1"
    assert args["isSelfDrawn"] and args["isAboutKong"] and not args["isWallLast"]
    assert (args["seatWind"], args["prevalentWind"], args["flowerCount"]) == (0, 1, 2)
    # a 13-tile hand and its winning tile: the 14-tile hand
    assert ref.to_gb("123m 456m 789m 234p 5s @5s") == ref.to_gb("123m 456m 789m 234p 55s @5s")
    # last-tile implies self-drawn, as mjcli reads it; last-discard is a claim
    assert ref.to_gb("123m 456m 789m 234p 55s @5s last-tile")["isSelfDrawn"]
    assert not ref.to_gb("123m 456m 789m 234p 55s @5s last-discard")["isSelfDrawn"]
    # dragons: the calculator's J1 J2 J3 are Red, Green, White (mjcli's C, F, P)
    args = ref.to_gb("123m 456m 789m CCC FF @F")
    assert args["hand"][-4:] == ("J2", "J1", "J1", "J1") and args["winTile"] == "J2"
    assert ref.to_gb("123m 456m 789m PPP FF @F")["hand"][-4:] == ("J3", "J3", "J3", "J2")
    with pytest.raises(ref.NotMcr):
        ref.to_gb("123m 456m 789m 234p 55s @5s zimo heavenly")
    with pytest.raises(ref.NotMcr):
        ref.to_gb("123m 456m 789m 234p 55s @5s | cat")


def test_the_generator_is_fixed_by_its_seed_and_reads_back():
    a, b = ref.random_hands(200, 5), ref.random_hands(200, 5)
    assert a == b and a != ref.random_hands(200, 6)
    for text in a:
        args = ref.to_gb(text)
        assert len(args["hand"]) + 3 * len(args["pack"]) == 13, text


# ---- against the calculator --------------------------------------------------------------------------------

@needs_gb
def test_every_example_scores_its_fan():
    missing = [(f["id"], f["example"], ref.gb_fans(f["example"])) for f in FANS
               if f["id"] not in ref.gb_fans(f["example"])]
    assert not missing


@needs_gb
def test_every_near_miss_wins_without_its_fan():
    wrong = [(f["id"], f["near_miss"], ref.gb_fans(f["near_miss"])) for f in FANS
             if not ref.gb_fans(f["near_miss"]) or f["id"] in ref.gb_fans(f["near_miss"])]
    assert not wrong


@needs_gb
def test_the_calculator_values_each_fan_as_the_draft():
    extra = {x["gb_name"]: x["value"] for x in DRAFT["gb_extra"]}
    for text in [f[k] for f in FANS for k in ("example", "near_miss")] + ref.random_hands(RANDOM_HANDS, 2):
        for fid, value, _count in ref.gb_detail(text):
            want = extra[fid[3:]] if fid.startswith("gb:") else BY_ID[fid]["value"]
            assert value == want, (text, fid)


@needs_gb
def test_no_fan_beside_one_that_implies_or_excludes_it():
    # the non-repeat and exclusionary principles as data: the calculator never reports a fan with one of its
    # implies/excludes (set_excludes are per set: another set may still count, so they are not checked here)
    for text in [f[k] for f in FANS for k in ("example", "near_miss")] + ref.random_hands(RANDOM_HANDS, 3):
        got = ref.gb_fans(text)
        for fid in got:
            if fid in BY_ID:
                clash = [x for x in BY_ID[fid]["implies"] + BY_ID[fid]["excludes"] if x in got]
                assert not clash, (text, fid, clash)


@needs_gb
def test_only_each_fans_count_more_than_once():
    for text in [f[k] for f in FANS for k in ("example", "near_miss")] + ref.random_hands(RANDOM_HANDS, 4):
        for fid, count in ref.gb_fans(text).items():
            if count > 1:
                assert BY_ID[fid].get("each"), (text, fid, count)


@needs_gb
def test_generated_hands_all_win_and_meet_every_fan():
    seen: Counter = Counter()
    for text in ref.random_hands(RANDOM_HANDS, 1):
        fans = ref.gb_fans(text)
        assert fans, f"the calculator finds no win in {text}"
        seen.update(fans)
    assert {f["id"] for f in FANS} - set(seen) <= {"nine_gates", "all_green", "chicken_hand", "all_terminals",
                                                   "four_kongs", "pure_terminal_chows"}


@needs_gb
def test_hand_worked_totals():
    # 123m 456m 789m 234p 55s won on 5s by discard: pure straight 16 + concealed hand 2 + all chows 2
    # + single wait 1 (55s: 5s is the only winning tile) = 21
    assert ref.gb_total(ref.gb_fans("123m 456m 789m 234p 55s @5s")) == 21
    # the chicken hand: nothing else scores, 8; with two flowers 8 + 2 = 10 (flowers not toward the minimum)
    assert ref.gb_fans("[123m] [567p] [222s] 678s NN @8s") == {"chicken_hand": 1}
    assert ref.gb_total(ref.gb_fans("[123m] [567p] [222s] 678s NN @8s | f1 f2")) == 10
    # the disputed knitted-straight wait, the calculator's reading: 7s is the 7 of the knitted 147s and the middle
    # of 678s, the only winning tile: knitted straight 12 + concealed hand 2 + all chows 2 + closed wait 1 = 17
    assert ref.gb_fans("258m 369p 99p 147s 678s @7s") == {"knitted_straight": 1, "concealed_hand": 1,
                                                           "all_chows": 1, "closed_wait": 1}
    assert ref.gb_total(ref.gb_fans("258m 369p 99p 147s 678s @7s")) == 17
    # seat wind W pung with seat=W: seat wind 2; the same pung is not a pung of terminals or honours too
    fans = ref.gb_fans("WWW 123m 345p 567s 99s @9s seat=W")
    assert fans.get("seat_wind") == 1 and "pung_of_terminals_or_honors" not in fans


# ---- the guide -----------------------------------------------------------------------------------------------

def test_the_guide_shows_the_table():
    from wcwidth import wcswidth

    text = (ROOT / "docs" / "guides" / "mcr.md").read_text(encoding="utf-8")
    assert "`-v mcr` scores" in text.split("\n\n", 2)[1]
    table = ref.fan_table()
    assert "```text\n" + "\n".join(table) + "\n```" in text, "docs/guides/mcr.md: paste mcr_reference.fan_table()"
    assert max(wcswidth(line) for line in table) <= 80
    assert sum(1 for line in table if line.startswith("  ")) == 81
    for word in ref.NEW_WORDS:
        assert f"`{word}`" in text


def test_the_reference_module_doctests():
    import doctest

    assert doctest.testmod(ref).failed == 0
