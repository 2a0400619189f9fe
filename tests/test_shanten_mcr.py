"""Shanten and the helpful tiles over every shape a table declares (issue 30 for `-v mcr`): each special shape's
registered draws (mjcli/mahjong/shape.py, beside its recogniser), the least over the shapes, the look-ahead to the 8-fan
minimum, and the calculator pymahjonggb answering the same hands (benchmarks/mcr_shanten_agree.py makes them).

A hand's shanten is the fewest draws to win less one; a shape's draws are its places the hand's tiles do not fill.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from test_contract import invoke, run_all_formats

from mjcli.mahjong.shanten import Shapes, helpful_tiles, position, shanten, shapes_of
from mjcli.mahjong.shape import SHAPES, shape, shape_draws
from mjcli.mahjong.tiles import hand_keys, make_hand, parse_hand, tile_code
from mjcli.variant import load_builtin

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import mcr_reference as ref  # noqa: E402
import mcr_shanten_agree as agree  # noqa: E402

needs_gb = pytest.mark.skipif(not ref.available(), reason="pymahjonggb is not installed (the test extra)")
MCR = load_builtin("mcr")


def answer(text: str, variant=MCR) -> tuple[int, str]:
    hand = parse_hand(text)
    return shanten(hand, variant), " ".join(tile_code(t) for t in helpful_tiles(hand, variant))


CASES = [
    # seven pairs, four alike two pairs: 1111m 22p 33p 44s 55s = 2 + 4 = 6 pairs and E: 7 - 6 = 1 draw, ready on E
    ("1111m 22p 33p 44s 55s E", 0, "1z"),
    # a pair fewer: 5 pairs and 5s E N: 7 - 5 = 2 draws, shanten 1; an odd tile paired helps: 5s E N
    ("1111m 22p 33p 44s 5s E N", 1, "5s 1z 4z"),
    # knitted straight: 147m 258p 36s = 8 of its 9 places, EEE SS the set and the pair: 1 + 0 = 1 draw, ready on 9s
    ("147m 258p 36s EEE SS", 0, "9s"),
    # 7 of the 9 places (9s, 6s missing) and EEE SS W (the set and the pair, W thrown): 2 + 0 = 2 draws, shanten 1;
    # sets and a pair: EEE SS and 3 sets from 147m 258p 3s W, two draws each: 6 draws; honours and knitted: 7 + 3
    # different honours = 10 of 14 places, 4 draws. The least: 2, and only 6s and 9s help
    ("147m 258p 3s EEE SS W", 1, "6s 9s"),
    # with one shown set the knitted straight needs the pair alone: 9 places held, E + 1 draw: ready on E
    ("147m 258p 369s E [123s]", 0, "1z"),
    # beside the shown set: 7 places (6s 9s missing) and EE the pair: 2 draws, shanten 1
    ("147m 258p 3s EE 5s [123s]", 1, "6s 9s"),
    # lesser honours and knitted tiles: 147m 25p 36s (7 knitted) + E S W P F (5 honours) = 12 different of the
    # 16, 1m twice: 14 - 12 = 2 draws, shanten 1; each missing one helps: 8p 9s N C
    ("147m 25p 36s ESW PF 1m", 1, "8p 9s 4z 7z"),
    # 13 different: 1 draw, ready on the three left (8p N C)
    ("147m 25p 369s ESW PF", 0, "8p 4z 7z"),
    # thirteen orphans: 12 kinds, no pair, 5m thrown: 14 - 12 = 2 draws, shanten 1; C or any orphan paired helps
    ("19m 19p 19s ESWNPF 5m", 1, "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z"),
    # sets and a pair: 111m 234p 567p 789s and 1m: the eye needs a fifth 1m, so one exchange from ready; any tile
    # but 1m (none left) pairs up after throwing 1m (the calculator, counting no copies, says ready on 1m)
    ("1111m 234p 567p 789s", 1, " ".join(tile_code(t) for t in range(1, 34))),
]


@pytest.mark.parametrize("text,sh,tiles", CASES)
def test_each_shape_counts_with_its_helpful_tiles(text, sh, tiles):
    assert answer(text) == (sh, tiles)


def test_a_shape_the_hand_does_not_have_is_not_counted():
    # the near misses of the shapes at a table that plays only sets and an eye and thirteen orphans (hk):
    # 1111m 22p 33p 44s 55s E is no seven pairs there: 111m, then 222p 333p 444s from the pairs (a draw each)
    # and 55s the eye: 3 draws, shanten 2
    assert shanten(parse_hand("1111m 22p 33p 44s 55s E"), load_builtin("hk")) == 2
    # 147m 258p 36s EEE SS: no knitted straight at hk: EEE SS + three sets from 147m 258p 36s, 5 draws
    assert shanten(parse_hand("147m 258p 36s EEE SS"), load_builtin("hk")) == 5
    # with a shown set, seven pairs and the honours shapes are not counted, the knitted straight is (none of it
    # here): 1122m 3344p 55s 6s [789s] is sets and an eye: draw 3m 3m 4s for 123m 123m 456s, 33p the eye:
    # 3 draws, shanten 2, as with sets and an eye alone
    hand = parse_hand("1122m 3344p 55s 6s [789s]")
    assert [sp.name for sp in shapes_of(hand, MCR).special] == ["knitted_straight"]
    assert shanten(hand, MCR) == shanten(hand, MCR, Shapes(3))


def keys_of(tiles) -> tuple:
    return hand_keys(make_hand(tuple(sorted(tiles)), 0, (), (), None, False, "E", "E", frozenset()))


def counts_of(tiles) -> list:
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return counts


@pytest.mark.parametrize("kind", ["seven_pairs", "seven_shifted_pairs", "thirteen_orphans", "honors_and_knitted",
                                  "knitted_straight"])
def test_a_shape_s_draws_are_nil_where_its_recogniser_says_complete(kind):
    names = {"seven_pairs": "seven_pairs_four_alike"}
    sp = SHAPES[names.get(kind, kind)]
    pos = position(parse_hand("123m 456m 789m 123p 5p"), MCR)
    rng = random.Random(30)
    for _ in range(200):
        tiles = agree.complete(rng, kind)
        assert sp.complete(counts_of(tiles), 0)
        assert sp.draws(keys_of(tiles), 0, 0, pos.std, 99) == 0
        # one tile out, one unrelated in: one draw (a 13-tile hand one from it: ready)
        assert sp.draws(keys_of(tiles[1:]), 0, 0, pos.std, 99) == 1


def test_seven_shifted_pairs_draws():
    sp = SHAPES["seven_shifted_pairs"]
    pos = position(parse_hand("123m 456m 789m 123p 5p"), MCR)
    # 11223344556677m: 7 places of two, all held: 0 draws
    assert sp.draws(keys_of(agree.complete(random.Random(1), "seven_shifted_pairs")), 0, 0, pos.std, 99) == 0
    # 2233445566778s + 9p: the run 2-8s holds 2+2+2+2+2+2+1 = 13 of 14: 1 draw
    assert sp.draws(keys_of([19, 19, 20, 20, 21, 21, 22, 22, 23, 23, 24, 24, 25, 17]), 0, 0, pos.std, 99) == 1
    # 1133557799m + 24p: the best run (3-9m) holds 2 + 2 + 2 + 2 = 8 of 14 (one a place between): 6 draws
    assert sp.draws(keys_of([0, 0, 2, 2, 4, 4, 6, 6, 8, 8, 10, 12, 30]), 0, 0, pos.std, 99) == 6


def test_the_other_tables_count_the_shapes_they_declare():
    hand = parse_hand("123m 456m 789m 2p ES N")
    for vid, names in (("hk", ["thirteen_orphans"]), ("sg", ["thirteen_orphans"]), ("my3", []), ("tw", [])):
        assert [sp.name for sp in shapes_of(hand, load_builtin(vid)).special] == names
    assert [sp.name for sp in shapes_of(hand, MCR).special] == ["seven_pairs_four_alike", "seven_shifted_pairs",
                                                               "thirteen_orphans", "knitted_straight",
                                                               "honors_and_knitted"]
    # the older flags: Shapes(4, thirteen orphans, seven pairs) still name those shapes
    old = Shapes(4, False, True)
    assert [sp.name for sp in old.special] == ["seven_pairs"] and old.seven_pairs and not old.thirteen_orphans
    assert Shapes(4, special=(SHAPES["thirteen_orphans"],)).thirteen_orphans


def test_every_registered_shape_has_its_draws():
    assert all(sp.draws is not None for sp in SHAPES.values())


def test_draws_are_registered_once_and_after_the_recogniser():
    with pytest.raises(ValueError, match="register its recogniser before its draws"):
        shape_draws("no_such_shape")(lambda *a: 0)
    with pytest.raises(ValueError, match="registered twice"):
        shape_draws("seven_pairs")(lambda *a: 0)
    with pytest.raises(ValueError, match="registered twice"):
        shape("seven_pairs", size=14, scored_by=())(lambda c, j: False)


# 147m 25p 36s ESW PF 1m at mcr: shanten 1 (see CASES). Each helpful tile (8p 9s N C, four unseen each: 16) leads,
# after throwing 1m, to a hand ready on the three others, every win Lesser Honors and Knitted Tiles 12 + Knitted
# Straight 12 (147m 258p 369s in three suits) + Self-Drawn 1 = 25 fan (`score -v mcr "147m 258p 369s ESW PC @C
# zimo"`), over the 8-fan minimum.
def test_wait_looks_ahead_over_a_knitted_shape():
    (rec,) = run_all_formats(["wait", "-v", "mcr", "147m 25p 36s ESW PF 1m"], "wait")
    assert rec["answer"] == "not_ready" and rec["shanten"] == 1 and rec["look_ahead"] == "done"
    assert [(e["tile"], e["left"], e["reaches_minimum"], e["best_reachable"]) for e in rec["helpful"]] == [
        ("8p", 4, True, 25), ("9s", 4, True, 25), ("4z", 4, True, 25), ("7z", 4, True, 25)]
    assert (rec["helpful_left"], rec["reaching_left"], rec["best_reachable"]) == (16, 16, 25)


# 1122m 33449p 1556s at mcr: pairs 11m 22m 33p 44p 55s = 5, odd 9p 1s 6s: 7 - 5 = 2 draws, shanten 1 (sets and a
# pair: 3 draws at least). 9p, 1s, 6s (three unseen each: 9) pair one; throw another odd one and wait on the last:
# Seven Pairs 24 + No Honors 1 + Self-Drawn 1 = 26 (`score -v mcr "1122m 334499p 1166s @6s zimo"`).
def test_wait_looks_ahead_over_seven_pairs_four_alike():
    (rec,) = run_all_formats(["wait", "-v", "mcr", "1122m 33449p 1556s"], "wait")
    assert rec["shanten"] == 1
    assert [(e["tile"], e["left"], e["best_reachable"]) for e in rec["helpful"]] == [
        ("9p", 3, 26), ("1s", 3, 26), ("6s", 3, 26)]
    code, out, _ = invoke(["wait", "-v", "mcr", "1122m 33449p 1556s"])
    assert code == 1 and "shanten 1" in out


def test_a_fourteen_tile_hand_ranks_its_discards_over_the_shapes():
    # 147m 25p 36s ESW PF 12m: throw 2m -> 147m 25p 36s ESWPF 1m: shanten 1 (CASES); throw 1m -> 2m is in no
    # knitted straight beside 147m, so again 12 of the 16 tiles: shanten 1. Either ranks first (1m, then 2m:
    # the same helpful tiles, the tile order)
    code, out, _ = invoke(["wait", "-v", "mcr", "-f", "jsonl", "147m 25p 36s ESW PF 12m"])
    import json

    rec = json.loads(out)
    assert rec["shanten"] == 1
    assert [r["discard"] for r in rec["discard_shanten"] if r["shanten"] == 1][:2] == ["1m", "2m"]


@needs_gb
def test_the_same_shanten_and_helpful_tiles_as_the_calculator():
    """2,400 hands near every shape (300 of each kind, fixed seed): the same shanten and helpful tiles as
    pymahjonggb on every hand, save where the calculator counts copies that are not there (a fifth, or those a
    shown set holds: see the benchmark's docstring)."""
    verdicts = {"same": 0, "copies": 0, "differ": 0}
    bad = []
    for kind, concealed, shown in agree.hands(2400, seed=30):
        verdict, a, b = agree.compare(concealed, shown, MCR)
        verdicts[verdict] += 1
        if verdict == "differ":
            bad.append((agree.text(concealed, shown), a, b))
    assert not bad, bad[:5]
    assert verdicts["same"] >= 2390


@needs_gb
def test_the_calculator_counts_copies_that_are_not_there():
    # 1111m 234p 567p 789s: the calculator waits on a fifth 1m; mjcli is one exchange from ready (see CASES)
    assert agree.theirs(parse_tiles("1111m 234p 567p 789s"), [])[0] == 0
    assert agree.compare(parse_tiles("1111m 234p 567p 789s"), [], MCR)[0] == "copies"
    # 22m 4m 66m 999m 2s E [333m]: 3 draws (999m, 22m the eye, 4m 66m a set for a draw, 2s E a set for two),
    # shanten 2 for both; 1m helps the calculator (12m and 24m, each waiting on 3m) but one 3m is left beside
    # the shown pung, so not mjcli
    concealed, shown = parse_tiles("22m 4m 66m 999m 2s E"), [2, 2, 2]
    assert agree.compare(concealed, shown, MCR)[0] == "copies"
    assert 0 in agree.theirs(concealed, shown)[1] and 0 not in agree.ours(concealed, shown, MCR)[1]


def parse_tiles(text: str) -> list[int]:
    return sorted(parse_hand(text).concealed)
