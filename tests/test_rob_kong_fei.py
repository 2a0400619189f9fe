"""A Fei read as the robbed tile, and the drowned-Fei hint in a context that fixes how the tile comes (issue 26, my3).

RULES.md, the context table: ``rob-kong`` needs that the winner holds no other copy of the winning tile, real
or a Fei read as it (the konger holds three, robbing takes the fourth); "every check counts what a Fei is read
as: a reading whose Fei would be a fifth copy, or the robbed tile held again, is no reading". With the robbed
tile's four copies all accounted for (three in the konger's pong, one taken), a Fei read as it is exactly a
fifth copy: the house switch ``fei_fifth_copy`` allows that one Fei (the issue: "with the house switch that
allows a fifth copy, 10 is right"), never a second one (a sixth copy), and never a real second copy.
Of the table's other needs none is about a tile a Fei can stand for: a kong never holds a Fei (the kong words
count real melds), a bonus tile or a drowned Fei is written after the ``|``, and the seats and claimed melds
are the hand's own.

The drowned-Fei hint: a wait is marked only when it is below the minimum in every way the context allows
(``last-tile`` and the other self-drawn words: self-drawn only; ``last-discard``, ``rob-kong``, ``earthly``: a
discard only), and its note quotes only those ways.

Every value is worked by hand from RULES.md (my3: minimum 5, limit 10), and ``wait`` is checked against
``score`` tile by tile on every hand here.
"""

from __future__ import annotations

import json
import textwrap

import pytest
from click.testing import CliRunner

from mjcli.api import score_line, wait_line
from mjcli.cli import cli
from mjcli.house import load_rules_file
from mjcli.mahjong.tiles import tile_code, variant_tiles
from mjcli.variant import load_builtin

MY3 = load_builtin("my3")


@pytest.fixture(scope="module")
def fifth(tmp_path_factory):
    """A my3 table whose house rule lets a Fei stand for a fifth copy."""
    path = tmp_path_factory.mktemp("fifth") / "fifth.yaml"
    path.write_text(textwrap.dedent("""\
        extends: my3
        options: {fei_fifth_copy: true}
        """), encoding="utf-8")
    return load_rules_file(str(path))


def refused(text, variant=MY3, **ov):
    res = score_line(text, variant, overrides=ov or None)
    assert not res.ok, res.as_dict()
    assert res.error.code == "invalid_context", res.error.message
    return res.error.message


def won(text, variant=MY3):
    res = score_line(text, variant)
    assert res.ok and res.winning, res.error and res.error.message
    return res


def waits(text, variant=MY3):
    res = wait_line(text, variant)
    assert res.ok, res.error and res.error.message
    return {w["tile"]: (w["left"], w["discard"], w["self_drawn"]) for w in res.waits}, res


# --- the issue's two hands: the only readings make the Fei a fifth copy of the robbed tile -------------

CASE_CONCEALED = "PPP FFF CCC EEE 4p J | cat @4p rob-kong"  # the Fei can only be the second 4p (the eye)
CASE_SHOWN = "[4J6p] 345p PPP FFF CC | cat @5p rob-kong"  # the Fei of the shown chow stands for 5p


def test_a_fei_read_as_the_robbed_tile_in_the_hand_is_refused():
    # before: Big Dragons 10 with the reading EEE PPP FFF CCC 44p~J. The konger holds three 4p and the
    # robbed 4p is the winner's: the Fei as 4p would be a fifth 4p
    msg = refused(CASE_CONCEALED)
    assert "rob-kong" in msg and "Fei read as 4p" in msg and "fifth 4p" in msg


def test_a_fei_read_as_the_robbed_tile_in_a_shown_meld_is_refused():
    # before: 8 fan. [4J6p] is the chow 456p, its Fei a 5p: with the robbed 5p and the konger's three, a fifth
    msg = refused(CASE_SHOWN)
    assert "rob-kong" in msg and "[4J6p]" in msg and "fifth 5p" in msg


def test_the_refusal_names_rob_kong_as_it_was_given():
    assert refused(CASE_SHOWN.replace(" rob-kong", ""), flags=["rob-kong"]).startswith("--rob-kong contradicts")
    run = CliRunner().invoke(cli, ["settle", "-v", "my3", "--winner", "S", "--from", "E", "--robbed-kong",
                                   "--hand", CASE_SHOWN.replace(" rob-kong", "")])
    assert run.exit_code == 1 and "--robbed-kong contradicts the Fei in [4J6p]" in run.output


def test_the_refusal_is_an_invalid_context_record():
    run = CliRunner().invoke(cli, ["score", "-v", "my3", "-f", "jsonl", CASE_CONCEALED, CASE_SHOWN])
    recs = [json.loads(line) for line in run.output.splitlines()]
    assert run.exit_code == 1
    assert [r["error"]["code"] for r in recs] == ["invalid_context", "invalid_context"]


def test_without_rob_kong_the_same_tiles_win():
    # the near miss: the Fei may be the second 4p when no kong was robbed. Big Dragons, a limit hand: 10
    assert won(CASE_CONCEALED.replace(" rob-kong", "")).total == 10
    # 345p [456p] PPP FFF CC: half flush 1 + Little Dragons 3 + two dragon sets 2 + cat 1 = 7 (no rob_kong)
    assert won(CASE_SHOWN.replace(" rob-kong", "")).total == 7


def test_a_fei_read_as_another_tile_stays_a_reading():
    # PPP FFF CCC 345p 6p J @6p: 345p with the eye 66p~J (a fifth 6p) is no reading, 456p with 33p~J (the Fei a
    # 3p) is: Big Dragons, 10; --all lists that reading alone
    res = score_line("PPP FFF CCC 345p 6p J | cat @6p rob-kong", MY3, all_readings=True)
    assert res.winning and res.total == 10 and res.reading == "456p PPP FFF CCC 33p~J"
    assert [r.reading for r in res.alternatives] == ["456p PPP FFF CCC 33p~J"]
    # without rob-kong both readings are there
    res = score_line("PPP FFF CCC 345p 6p J | cat @6p", MY3, all_readings=True)
    assert {r.reading for r in res.alternatives} == {"456p PPP FFF CCC 33p~J", "345p PPP FFF CCC 66p~J"}


def test_the_best_allowed_reading_is_scored_not_the_barred_one():
    # 1p 33p 666p SSS FFF JJ @1p: 111p~JJ 666p SSS FFF 33p is Kang Kang Hu (four concealed pongs, 10) without
    # rob-kong; robbing 1p, the two Fei may not be 1p. Left: 123p~J 33p~J
    # or 123p~JJ 33p: half flush 1 + Green set 1 + cat 1 + rob_kong 1 = 4, below the minimum
    assert won("1p 33p 666p SSS FFF JJ | cat @1p").total == 10
    res = won("1p 33p 666p SSS FFF JJ | cat @1p rob-kong")
    assert res.total == 4 and not res.meets_minimum and "111p" not in res.reading


# --- the house switch: the Fei is the fifth copy it allows ----------------------------------------------


def test_with_the_fifth_copy_allowed_the_issue_hands_win(fifth):
    # Big Dragons, a limit hand: 10
    res = won(CASE_CONCEALED, fifth)
    assert res.total == 10 and [p.id for p in res.patterns] == ["big_dragons"]
    # half flush 1 + Little Dragons 3 + two dragon sets 2 + cat 1 + rob_kong 1 = 8
    res = won(CASE_SHOWN, fifth)
    assert res.total == 8
    assert {p.id: p.points for p in res.patterns} == {"half_flush": 1, "small_dragons": 3, "dragon_set": 2,
                                                      "animal": 1, "rob_kong": 1}


def test_with_the_fifth_copy_allowed_a_sixth_is_still_no_reading(fifth):
    # 111p~JJ would hold 1p three times besides the konger's three: a sixth copy, still barred. One Fei as 1p
    # is allowed: 333p~J 666p SSS FFF 11p~J, half flush 1 + all pongs 2 + Green set 1 + cat 1 + rob_kong 1 = 6
    res = won("1p 33p 666p SSS FFF JJ | cat @1p rob-kong", fifth)
    assert res.total == 6 and res.reading == "333p~J 666p SSS FFF 11p~J"


def test_a_real_second_copy_is_refused_whatever_the_switch(fifth):
    # 44p real: the konger's three and two more is a sixth 4p; the switch is about Fei only
    for variant in (MY3, fifth):
        msg = refused("PPP FFF CCC EEE 44p | cat @4p rob-kong", variant)
        assert "the other 4p" in msg


# --- wait --rob-kong ----------------------------------------------------------------------------------


def test_wait_rob_kong_lists_no_tile_that_needs_a_fifth_copy():
    # PPP FFF CCC EEE J: every tile X completes it only as the eye XX~J, the Fei a second X: not ready.
    # Before: 1p-9p, S, W, N at 10 each
    found, res = waits("PPP FFF CCC EEE J | cat rob-kong")
    assert found == {} and not res.ready and res.answer_code == "not_ready"
    assert res.notes == ["rob-kong: 1p 2p 3p 4p 5p 6p 7p 8p 9p S W N complete the hand only with a Fei read as "
                         "the robbed tile, and the konger holds three of it: that Fei would be a copy beyond the 4 "
                         "of a tile, so no wait"]
    run = CliRunner().invoke(cli, ["wait", "-v", "my3", "PPP FFF CCC EEE J | cat", "--rob-kong"])
    assert "not ready" in run.output


def test_wait_rob_kong_with_the_fifth_copy_allowed(fifth):
    # Big Dragons on every tile with no copy in the hand (E, P, F, C are held): 10 on the konger's tile
    found, _ = waits("PPP FFF CCC EEE J | cat rob-kong", fifth)
    tiles = [f"{n}p" for n in range(1, 10)] + ["2z", "3z", "4z"]  # S W N
    assert found == {t: (1, 10, None) for t in tiles}


def test_wait_rob_kong_with_a_fei_in_a_shown_chow(fifth):
    # 34p PPP FFF CC [4J6p]: 2p makes 234p, 5p makes 345p, each half flush 1 + Little Dragons 3 + two dragon sets
    # 2 + cat 1 + rob_kong 1 = 8. Robbing 5p the chow's Fei (a 5p) is a fifth copy: allowed by the switch only
    found, res = waits("[4J6p] 34p PPP FFF CC | cat rob-kong")
    assert found == {"2p": (1, 8, None)} and res.notes[0].startswith("rob-kong: 5p completes the hand only")
    assert waits("[4J6p] 34p PPP FFF CC | cat rob-kong", fifth)[0] == {"2p": (1, 8, None), "5p": (1, 8, None)}


# --- the drowned-Fei hint counts only the ways the context allows ---------------------------------------

MOUSE = "123p 456p 789p EEE 1p | cat mouse"


@pytest.mark.parametrize("word, values", [
    # last-tile (self-drawn) and last-discard (a discard) are limit hands: 10 in the one way allowed
    ("last-tile", {"1p": (2, None, 10), "4p": (3, None, 10), "7p": (3, None, 10), "J": (4, None, 10)}),
    # a discarded Fei cannot be claimed: with last-discard J is no wait at all
    ("last-discard", {"1p": (2, 10, None), "4p": (3, 10, None), "7p": (3, 10, None)}),
])
def test_no_hint_when_every_wait_meets_the_minimum_in_the_way_allowed(word, values):
    # before: "drown the next Fei you draw", quoting "10 on a discard, 10 self-drawn"
    found, res = waits(f"{MOUSE} {word}")
    assert found == values
    assert not any(w["drown_fei_reaches_minimum"] for w in res.waits)
    assert not any(n.startswith("drown a Fei") for n in res.notes)
    assert any(n.startswith("J: a drawn Fei") for n in res.notes) is ("J" in values)


def test_without_a_context_the_mouse_hand_needs_no_hint():
    # half flush 1 + East (round) 1 + East (seat) 1 + cat 1 + mouse 1 = 5, the minimum, both ways
    found, res = waits(MOUSE)
    assert found["1p"] == (2, 5, 5) and not any(n.startswith("drown a Fei") for n in res.notes)


def test_the_hint_quotes_only_the_discard_under_rob_kong():
    # seat S: half flush 1 + East (round) 1 + cat 1 + rob_kong 1 = 4 on 9p (6p: the hand holds a 6p, not
    # robbable); one drowned Fei makes 5 on the konger's tile
    found, res = waits("123p 456p 78p EEE 11p | cat seat=S rob-kong")
    assert found == {"9p": (1, 4, None)}
    assert res.waits[0]["drown_fei_reaches_minimum"] is True
    note = next(n for n in res.notes if n.startswith("drown a Fei"))
    assert "9p (5 on a discard)" in note and "self-drawn" not in note


def test_the_hint_quotes_only_self_drawn_after_a_kong():
    # seat S: half flush 1 + East (round) 1 + cat 1 + kong_replacement 1 = 4 on 6p, self-drawn only (the four
    # 9p are in the kong); one drowned Fei makes 5
    found, res = waits("123p 78p EEE 11p [9999p] | cat seat=S kong-replacement")
    assert found == {"6p": (4, None, 4), "J": (4, None, 4)}
    note = next(n for n in res.notes if n.startswith("drown a Fei"))
    assert "6p (5 self-drawn)" in note and "on a discard" not in note


# --- wait agrees with score, tile by tile -----------------------------------------------------------------

AGREE = [
    ("PPP FFF CCC EEE J | cat", "rob-kong"),
    ("[4J6p] 34p PPP FFF CC | cat", "rob-kong"),
    ("33p 666p SSS FFF JJ | cat", "rob-kong"),
    ("123p 456p 78p EEE 11p | cat seat=S", "rob-kong"),
    (MOUSE, "last-tile"),
    (MOUSE, "last-discard"),
    (MOUSE, ""),
    ("123p 78p EEE 11p [9999p] | cat seat=S", "kong-replacement"),
]


def _value(text, variant, self_drawn):
    """What score says of the win in one way: its total, or None when refused or not winning."""
    res = score_line(text, variant, overrides={"self_drawn": self_drawn})
    return res.total if res.ok and res.winning else None


@pytest.mark.parametrize("switch", [False, True], ids=["my3", "fei_fifth_copy"])
@pytest.mark.parametrize("text, word", AGREE, ids=[f"{t} {w}" for t, w in AGREE])
def test_every_tile_wait_lists_scores_the_same_and_every_tile_it_omits_is_refused(text, word, switch, fifth):
    variant = fifth if switch else MY3
    res = wait_line(f"{text} {word}", variant)
    assert res.ok, res.error and res.error.message
    listed = {w["tile"]: (w["discard"], w["self_drawn"]) for w in res.waits}
    assert all(v != (None, None) for v in listed.values()), listed  # a tile no way wins on is no wait
    for t in list(variant_tiles(variant)) + ["J"]:
        code = t if t == "J" else tile_code(t)
        line = f"{text} @{code} {word}"
        got = (_value(line, variant, False), _value(line, variant, True))
        assert got == listed.get(code, (None, None)), (line, got, listed.get(code))
