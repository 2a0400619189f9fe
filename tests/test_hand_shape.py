"""The winning hand's shape as data (``hand:`` in a variant file, :mod:`mjcli.mahjong.shape`): sets and an eye, the
special shapes registered as recognisers, the section checked by type and range."""

from __future__ import annotations

import copy

import pytest

from mjcli.mahjong import decompose
from mjcli.errors import RuleFileError
from mjcli.mahjong.shape import SHAPES, STANDARD, HandShape, is_seven_pairs, is_thirteen_orphans
from mjcli.mahjong.tiles import parse_hand, tile_code
from mjcli.variant import build_variant, load_builtin, load_data, variants_dir


def _data(vid="hk"):
    return copy.deepcopy(load_data(variants_dir() / f"{vid}.yaml")[0])


def _build(data):
    return build_variant(data, "x.yaml")


def test_builtin_shapes():
    # hk and sg: four sets (3 * 4 + 2 = 14 tiles) and thirteen orphans; my3: four sets and nothing special
    hk, sg, my3 = (load_builtin(v).hand for v in ("hk", "sg", "my3"))
    assert (hk.sets, hk.size, hk.special) == (4, 14, ("thirteen_orphans",))
    assert (sg.sets, sg.size, sg.special) == (4, 14, ("thirteen_orphans",))
    assert (my3.sets, my3.size, my3.special) == (4, 14, ())


def test_no_hand_key_plays_as_before():
    # a file without hand: four sets and an eye, thirteen orphans when a pattern scores it
    data = _data("hk")
    del data["hand"]
    assert _build(data).hand == STANDARD
    data["patterns"] = [p for p in data["patterns"] if p["id"] != "thirteen_orphans"]
    assert _build(data).hand.special == ()  # nothing scores the shape: it is not played


def test_a_shape_nothing_scores_is_off():
    # seven_pairs is declared but no pattern of hk scores it: the shape is not played, the hand does not win
    data = _data("hk")
    data["hand"] = {"sets": 4, "special": ["thirteen_orphans", "seven_pairs"]}
    v = _build(data)
    assert v.hand.special == ("thirteen_orphans",)
    assert decompose.readings(parse_hand("11m 22m 33p 44p 55s 66s EE"), None, v.hand) == []


@pytest.mark.parametrize("hand,fragment", [
    ("five", "hand: expected a mapping"),
    ({"sets": 6}, "hand.sets: expected an integer 1 to 5, got 6"),
    ({"sets": 0}, "hand.sets: expected an integer 1 to 5, got 0"),
    ({"sets": "4"}, "hand.sets: expected an integer 1 to 5"),
    ({"sets": True}, "hand.sets: expected an integer 1 to 5, got True"),
    ({"special": "thirteen_orphans"}, "hand.special: expected a list of special shapes"),
    ({"special": ["nine_pairs"]}, "hand.special[0]: expected a special shape"),
    ({"special": [3]}, "hand.special[0]: expected a special shape name"),
    ({"special": ["thirteen_orphans", "thirteen_orphans"]}, "hand.special[1]: special shape 'thirteen_orphans' is listed twice"),
    ({"sets": 5, "special": ["thirteen_orphans"]}, "thirteen_orphans is a 14-tile shape and 5 sets make a 17-tile hand"),
    ({"pairs": 1}, "hand.pairs: unknown key"),
])
def test_bad_hand_section_one_line(hand, fragment):
    data = _data("hk")
    data["hand"] = hand
    with pytest.raises(RuleFileError) as exc:
        _build(data)
    assert fragment in exc.value.message and "\n" not in exc.value.message


def test_registry_holds_the_special_shapes():
    assert {"thirteen_orphans", "seven_pairs"} <= set(SHAPES)
    assert SHAPES["thirteen_orphans"].scored_by == ("thirteen_orphans", "thirteen_wonders", "mcr_thirteen_orphans")


def _counts(text):
    return parse_hand(text).counts()


def test_thirteen_orphans_recogniser():
    # 13 different terminals and honours + a second C: 14 tiles, one pair -> yes
    assert is_thirteen_orphans(_counts("19m 19p 19s ESWNPFC C"), 0)
    # near miss: 2m in place of the second C (a simple) -> no
    assert not is_thirteen_orphans(_counts("19m 19p 19s ESWNPFC 2m"), 0)
    # 12 kinds (no F) + a second C = 13 tiles, one Fei stands for F: 13 + 1 = 14 -> yes
    assert is_thirteen_orphans(_counts("19m 19p 19s ESWNP CC"), 1)


def test_seven_pairs_recogniser():
    # seven different pairs: 7 x 2 = 14 -> yes
    assert is_seven_pairs(_counts("11m 22m 33p 44p 55s 66s EE"), 0)
    # near miss: four 1m are not two pairs here (6 kinds) -> no
    assert not is_seven_pairs(_counts("1111m 33p 44p 55s 66s EE"), 0)
    # six pairs and a single, one Fei pairs the single: 12 + 1 + 1 = 14 -> yes
    assert is_seven_pairs(_counts("11m 22m 33p 44p 55s 66s E"), 1)


def test_five_sets_read_and_wait():
    # a five-set shape: 5 x 3 + 2 = 17 tiles; 123m 456m 789m 123p 456p + 55s
    shape = HandShape(5, ())
    hand = parse_hand("123m 456m 789m 123p 456p 55s")
    assert len(decompose.readings(hand, None, shape)) == 1
    assert decompose.readings(hand, None, STANDARD) == []  # 17 tiles are no four-set hand
    ready = parse_hand("123m 456m 789m 123p 456p 5s")
    assert [tile_code(t) for t in decompose.waiting_tiles(ready, range(34), 0, shape)] == ["5s"]
    # one suit holding all 17 tiles (past the 14-tile table of complete suit shapes): 111 234 567 888 999 55m
    flush = parse_hand("11123455567888999m")
    assert flush.size == 17 and decompose.readings(flush, None, shape)
    # the same less one 9m: 16 tiles, ready on 9m (and on 5m? 111 234 555 678 88 99 + 9m... no: only 9m)
    ready = parse_hand("1112345556788899m")
    assert "9m" in [tile_code(t) for t in decompose.waiting_tiles(ready, range(34), 0, shape)]


def test_size_error_names_the_shape():
    v = load_builtin("hk")
    from mjcli.api import score_line

    rec = score_line("123m 456m", v).as_dict()
    assert rec["error"]["message"].endswith("score needs 14: four sets and a pair")
