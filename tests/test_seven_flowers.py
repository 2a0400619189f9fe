"""hk seven flowers, "seven robs one" (issue 26), each value worked by hand against RULES.md.

RULES.md: "Seven flowers (hk, "seven robs one") is won by robbing the eighth bonus tile that another player
drew, and that player pays: it counts only when the tiles do not win on a tile (then no tile pattern counts,
and `zimo` with it is `invalid_context`); seven bonus tiles in a hand that wins on a tile are just flowers."
hk: seven_flowers 3 (replaces flower_set and own_flower), flower_set 2 each, own_flower 1 each (E1 S2 W3 N4),
ping_wu 1, self_drawn 1; half-spicy ladder S: 3:8, 4:16, 5:24; on a discard the shooter alone pays S, on a
self-draw each of the other three pays S/2.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjcli.api import score_line, wait_line
from mjcli.cli import cli
from mjcli.errors import ContextError, MjError
from mjcli.settlement import settle_record
from mjcli.mahjong.tiles import tile_code
from mjcli.variant import build_variant, load_builtin

HK, SG, MY3 = load_builtin("hk"), load_builtin("sg"), load_builtin("my3")
SEVEN = "| f1 f2 f3 f4 s1 s2 s3"


def ids(res):
    return {p.id: p.points for p in res.patterns}


# --------------------------------------------------------------------------
# score: a win on a tile is ordinary; seven flowers only when the tiles do not win

SCORES = [
    # id, hand, patterns, total, payment
    # the hand: the tiles win on 5p, self-drawn: ping_wu 1 + flower_set 2 (f1-f4, replaces own f1)
    # + own_flower 1 (s1, seat E) + self_drawn 1 = 5 faan; S = 24, each of three pays 24 / 2 = 12, total 36
    ("tile-win-self-drawn", f"123m 456m 789m 123p 55p {SEVEN} zimo",
     {"ping_wu": 1, "flower_set": 2, "own_flower": 1, "self_drawn": 1}, 5, {"each": 12, "total": 36}),
    # the same on a discard: 1 + 2 + 1 = 4 faan, S = 16 from the shooter alone
    ("tile-win-discard", f"123m 456m 789m 123p 55p {SEVEN}",
     {"ping_wu": 1, "flower_set": 2, "own_flower": 1}, 4, {"shooter": 16, "others": 0, "total": 16}),
    # seat S: s2 is its own (f2 is inside the flower set): 1 + 2 + 1 = 4
    ("tile-win-seat-S", f"123m 456m 789m 123p 55p {SEVEN} seat=S",
     {"ping_wu": 1, "flower_set": 2, "own_flower": 1}, 4, {"shooter": 16, "others": 0, "total": 16}),
    # seat N: s4 is not held, f4 is inside the set: 1 + 2 = 3
    ("tile-win-seat-N", f"123m 456m 789m 123p 55p {SEVEN} seat=N",
     {"ping_wu": 1, "flower_set": 2}, 3, {"shooter": 8, "others": 0, "total": 8}),
    # 13 tiles with @5p: the 14-tile hand with 5p added wins on it, an ordinary win: 4 faan as above
    ("thirteen-and-at-tile-win", f"123m 456m 789m 123p 5p {SEVEN} @5p",
     {"ping_wu": 1, "flower_set": 2, "own_flower": 1}, 4, {"shooter": 16, "others": 0, "total": 16}),
    # 13 tiles, no @: the tiles do not win: seven flowers 3 alone (replaces flower_set and own_flower);
    # S = 8, paid by the player who drew the eighth bonus tile, as a shooter
    ("thirteen-tiles", f"123m 456m 789m 123p 5p {SEVEN}", {"seven_flowers": 3}, 3,
     {"shooter": 8, "others": 0, "total": 8}),
    # 14 tiles that do not win: seven flowers 3 alone, S = 8 from the drawer
    ("fourteen-not-winning", f"123m 456m 789m 235p 58s {SEVEN} @5s", {"seven_flowers": 3}, 3,
     {"shooter": 8, "others": 0, "total": 8}),
    # 13 tiles with @T whose 14 tiles do not win: seven flowers as written, 3
    ("thirteen-and-at-not-winning", f"123m 456m 789m 235p 5s {SEVEN} @5s", {"seven_flowers": 3}, 3,
     {"shooter": 8, "others": 0, "total": 8}),
    # fewer tiles are fine for a win on no tile
    ("two-tiles", f"19m {SEVEN}", {"seven_flowers": 3}, 3, {"shooter": 8, "others": 0, "total": 8}),
    # nearly: six bonus tiles and tiles that do not win: no win at all
    ("six-not-winning", "123m 456m 789m 235p 58s | f1 f2 f3 f4 s1 s2 @5s", {}, 0, None),
    # all eight still win whatever the tiles, and add to a tile win: ping_wu 1 + eight_flowers 8 = 9 (unchanged)
    ("eight-on-a-tile-win", "123m 456m 789m 123p 55p | f1 f2 f3 f4 s1 s2 s3 s4", {"ping_wu": 1, "eight_flowers": 8},
     9, {"each": 48, "total": 144}),
]


@pytest.mark.parametrize("hand,pats,total,pay", [c[1:] for c in SCORES], ids=[c[0] for c in SCORES])
def test_score(hand, pats, total, pay):
    res = score_line(hand, HK)
    assert res.ok, res.error.message
    assert ids(res) == pats and res.total == total
    if pay is None:
        assert res.payment is None
    else:  # the amounts (a key that does not apply is null)
        assert {k: v for k, v in res.payment.items() if v is not None and v is not False} == pay
    assert res.winning == bool(pats)
    assert bool(res.reading) == ("seven_flowers" not in pats and bool(pats))


@pytest.mark.parametrize("hand,words", [
    (f"123m 456m 789m 123p 5p {SEVEN} zimo", "zimo contradicts Seven flowers"),
    (f"123m 456m 789m 235p 58s {SEVEN} @5s zimo", "zimo contradicts Seven flowers"),
    (f"123m 456m 789m 235p 58s {SEVEN} @5s last-tile", "last-tile contradicts Seven flowers"),
    (f"123m 456m 789m 235p 58s {SEVEN} @5s rob-kong", "rob-kong contradicts Seven flowers"),
    (f"123m 456m 789m 235p 58s {SEVEN} @5s last-discard", "last-discard contradicts Seven flowers"),
    (f"123m 456m 789m 235p 58s {SEVEN} @5s heavenly", "heavenly contradicts Seven flowers"),
    (f"123m 456m 789m 235p 58s {SEVEN} @5s earthly seat=S", "earthly contradicts Seven flowers"),
    (f"123m 456m 235p 58s [9999p] {SEVEN} @5s kong-replacement", "kong-replacement contradicts Seven flowers"),
], ids=["thirteen-zimo", "fourteen-zimo", "last-tile", "rob-kong", "last-discard", "heavenly", "earthly",
        "kong-replacement"])
def test_a_robbed_win_takes_no_word_about_the_tile(hand, words):
    res = score_line(hand, HK)
    assert not res.ok and res.answer_code == "invalid_context"
    assert words in res.error.message and "\n" not in res.error.message
    # nearly: the same words on tiles that win on a tile are an ordinary win (or their own context errors)
    assert score_line(f"123m 456m 789m 123p 55p {SEVEN} zimo", HK).ok


def test_the_self_drawn_option_is_named():
    res = score_line(f"123m 456m 789m 235p 58s {SEVEN} @5s", HK, overrides={"self_drawn": True})
    assert res.answer_code == "invalid_context" and "--self-drawn contradicts Seven flowers" in res.error.message


def test_score_command_exit_code():
    r = CliRunner().invoke(cli, ["score", f"123m 456m 789m 123p 5p {SEVEN} zimo"])
    assert r.exit_code == 1 and "zimo contradicts Seven flowers" in r.output


# --------------------------------------------------------------------------
# settle --hand: the player who drew the eighth pays, as a shooter


def test_settle_a_robbed_win_is_paid_by_the_drawer():
    # W drew the eighth bonus tile and S robbed it: seven flowers 3 faan, S = 8 from W alone
    st = settle_record(HK, {"winner": "S", "shooter": "W", "hand": f"123m 456m 789m 235p 58s {SEVEN}"})
    assert st["net"] == {"E": 0, "S": 8, "W": -8, "N": 0}
    # without --from the win would be self-drawn: refused, naming the fix
    with pytest.raises(ContextError, match="no --from .* contradicts Seven flowers.*give --from SEAT"):
        settle_record(HK, {"winner": "S", "hand": f"123m 456m 789m 235p 58s {SEVEN}"})


def test_settle_a_tile_win_with_seven_bonus_tiles():
    # S self-draws 5p: seat S, so f2 is inside the flower set and s2 is its own: ping_wu 1 + flower_set 2
    # + own_flower 1 + self_drawn 1 = 5 faan, S = 24, each of E W N pays 12
    st = settle_record(HK, {"winner": "S", "hand": f"123m 456m 789m 123p 55p {SEVEN}"})
    assert st["net"] == {"E": -12, "S": 36, "W": -12, "N": -12}
    # on W's discard: 4 faan, S = 16 from W
    st = settle_record(HK, {"winner": "S", "shooter": "W", "hand": f"123m 456m 789m 123p 55p {SEVEN}"})
    assert st["net"] == {"E": 0, "S": 16, "W": -16, "N": 0}


def test_ledger_lines():
    lines = "\n".join(json.dumps(x) for x in [
        {"winner": "S", "from": "W", "hand": f"123m 456m 789m 235p 58s {SEVEN}"},  # W pays 8
        {"winner": "S", "hand": f"123m 456m 789m 235p 58s {SEVEN}"},  # self-drawn: an error record
        {"winner": "S", "hand": f"123m 456m 789m 123p 55p {SEVEN}"},  # 5 faan self-drawn: 12 from each
    ]) + "\n"
    r = CliRunner().invoke(cli, ["settle", "--ledger", "-", "-f", "jsonl"], input=lines)
    recs = [json.loads(x) for x in r.output.splitlines() if x.startswith("{")]
    assert r.exit_code == 1
    hands = [x for x in recs if x.get("error") is not None or x.get("net")]
    assert hands[0]["net"] == {"E": 0, "S": 8, "W": -8, "N": 0}
    assert hands[1]["error"]["code"] == "invalid_context"
    assert hands[2]["net"] == {"E": -12, "S": 36, "W": -12, "N": -12}


# --------------------------------------------------------------------------
# wait agrees with score: the tiles that win on a tile, the robbed win in a note


def _agree(text):
    """Every tile kind: listed by wait exactly when score finds a win on it (a reading), with the same values."""
    res = wait_line(text, HK)
    assert res.ok, res.error.message
    listed = {w["tile"]: (w["discard"], w["self_drawn"]) for w in res.waits}
    for t in range(34):
        code = tile_code(t)
        hand = f"{text.split('|')[0]}{code} |{text.split('|')[1]} @{code}"
        on_discard, drawn = score_line(hand, HK), score_line(hand + " zimo", HK)
        if not on_discard.ok and "copies" in on_discard.error.message:
            assert code not in listed
            continue
        if on_discard.reading:
            assert listed[code] == (on_discard.total, drawn.total), code
        else:  # no win on this tile: a robbed win (seven flowers) or none, and never self-drawn
            assert code not in listed, code
            assert not drawn.ok or not drawn.winning
    return res


def test_wait_lists_only_the_tiles_that_win():
    # 5p: ping_wu 1 + flower_set 2 + own_flower 1 = 4 on a discard, 5 self-drawn; no other tile wins on a tile
    res = _agree(f"123m 456m 789m 123p 5p {SEVEN}")
    assert [(w["tile"], w["discard"], w["self_drawn"]) for w in res.waits] == [("5p", 4, 5)]
    assert res.notes == ["Seven flowers: the hand also wins on no tile, by robbing the bonus tile another player "
                         "draws (3 faan, paid by that player as a shooter)"]


def test_wait_on_tiles_that_cannot_win_is_not_ready_with_the_note():
    res = _agree(f"123m 456m 789m 235p 5s {SEVEN}")
    assert not res.ready and res.waits == [] and res.answer_code == "not_ready"
    assert any("Seven flowers" in n for n in res.notes)


def test_wait_with_six_bonus_tiles_has_no_note():
    res = wait_line("123m 456m 789m 123p 5p | f1 f2 f3 f4 s1 s2", HK)
    assert [w["tile"] for w in res.waits] == ["5p"] and res.notes == []


def test_wait_with_eight_bonus_tiles_is_as_before():
    res = wait_line("123m 456m 789m 235p 5s | f1 f2 f3 f4 s1 s2 s3 s4", HK)
    assert len(res.waits) == 34 and any("every unseen tile wins" in n for n in res.notes)


def test_discards_of_fourteen_tiles_that_do_not_win():
    # the 14 tiles do not win: already a seven-flowers win (3), as score says
    res = wait_line(f"123m 456m 789m 235p 58s {SEVEN}", HK)
    assert res.extra["already_wins"] and res.extra["already_wins_total"] == 3
    assert score_line(f"123m 456m 789m 235p 58s {SEVEN}", HK).total == 3


# --------------------------------------------------------------------------
# the data: only hk has such a pattern; only_alone needs wins_alone


def test_only_hk_seven_flowers_is_a_win_on_no_tile():
    assert [p.id for p in HK.patterns if p.only_alone] == ["seven_flowers"]
    # sg plays no seven flowers; my3's four Fei and sg's eight flowers win whatever the tiles, on a tile
    assert not [p.id for p in SG.patterns if p.only_alone] and not [p.id for p in MY3.patterns if p.only_alone]
    assert not score_line(f"135m 258p 369s ESW N {SEVEN} zimo", SG).winning


def test_only_alone_needs_wins_alone():
    data = {"id": "t", "name": "t", "unit": "faan", "minimum": 0, "limit": 10,
            "patterns": [{"id": "seven_flowers", "name": "Seven", "value": 3, "only_alone": True}],
            "payment": {"ladder": {0: 1}, "discard": {"shooter": 1, "others": 0}, "self_drawn": {"each": 1}}}
    with pytest.raises(MjError, match="only_alone needs wins_alone"):
        build_variant(data, "t.yaml")
    data["patterns"][0]["wins_alone"] = True
    assert build_variant(data, "t.yaml").patterns[0].only_alone
