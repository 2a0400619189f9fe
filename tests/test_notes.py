"""`notes` on every score, wait, discards, settle and ledger record (issue 26): about this answer only.

A word the hand implies (heavenly adds zimo), a Fei win made self-drawn, a value paid as the limit. `[]` when
there is nothing to say; in CSV one column holding a JSON array.
"""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from mjcli import contract
from mjcli.cli import cli

RUNNER = CliRunner()


def rec_of(*args):
    r = RUNNER.invoke(cli, [*args, "-f", "jsonl"], catch_exceptions=False)
    (rec,) = [json.loads(x) for x in r.stdout.splitlines()]
    return rec


@pytest.mark.parametrize("hand,notes", [
    # heavenly implies self-drawn: zimo added, and said (the limit, 10 faan, as without the note)
    ("123m 456m 789m 234p 55s heavenly", ["zimo added: a heavenly hand wins on the dealt tiles (self-drawn)"]),
    ("123m 456m 789m 234p 55s zimo heavenly", []),  # zimo written: nothing added
    ("123m 456m 789m 234p 55s last-tile", ["zimo added: the last tile is drawn from the wall (self-drawn)"]),
    ("123m 456m 789m 234p 55s @5s last-discard", []),  # a discard is what a hand without zimo is already
    ("789m 234p 55s [1111m] [2222m] kong-on-kong",
     ["zimo added: a kong-on-kong win is on a kong's replacement tile (self-drawn)",
      "kong-replacement added: a kong-on-kong win is a win on a kong's replacement tile"]),
    ("789m 234p 55s [1111m] [2222m] zimo kong-replacement kong-on-kong", []),
    ("123m 456m 789m 234p 55s", []),
])
def test_score_notes_say_what_a_word_implied(hand, notes):
    rec = rec_of("score", hand)
    assert rec["notes"] == notes and list(rec) == list(contract.keys("score"))
    if notes and notes[0].startswith("zimo added"):
        assert " zimo" in rec["hand"]


def test_an_option_is_not_an_implied_word():
    # --self-drawn says how the tile came: no note, though the hand gets zimo
    rec = rec_of("score", "--self-drawn", "123m 456m 789m 234p 55s @5s last-tile")
    assert rec["notes"] == [] and "zimo" in rec["hand"]


def test_fei_win_note_and_the_table():
    rec = rec_of("score", "-v", "my3", "J J J J")
    assert rec["notes"] == ["won on a Fei (J): a discarded Fei cannot be claimed, so the win is self-drawn "
                            "(zimo added)"]
    out = RUNNER.invoke(cli, ["score", "123m 456m 789m 234p 55s heavenly"]).stdout
    assert out.splitlines()[-1] == "note: zimo added: a heavenly hand wins on the dealt tiles (self-drawn)"


@pytest.mark.parametrize("args,kind", [
    (["score", "123m 456m 789m 234p 55s"], "score"),
    (["wait", "123m 456m 789m 23p EE"], "wait"),
    (["wait", "123m 456m 789m 23p EE 9s"], "wait"),
    (["settle", "--winner", "E", "--value", "5"], "settle"),
])
def test_notes_empty_is_an_empty_list_and_an_empty_json_array_in_csv(args, kind):
    rec = rec_of(*args)
    assert rec["notes"] == []
    out = RUNNER.invoke(cli, [*args, "-f", "csv"]).stdout
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows and {r["notes"] for r in rows} == {"[]"}
    assert list(rows[0]) == list(contract.csv_columns(kind))


def test_csv_notes_cell_holds_every_note():
    # two notes in one settle: --kong changes nothing in hk, and 12 faan is paid as the limit 10
    out = RUNNER.invoke(cli, ["settle", "-f", "csv", "--winner", "E", "--value", "12", "--kong", "E:concealed"]).stdout
    cells = {r["notes"] for r in csv.DictReader(io.StringIO(out))}
    assert len(cells) == 1 and json.loads(cells.pop()) == [
        "12 faan is above the limit of 10: paid as 10 faan", "--kong changes nothing: hk pays nothing for kongs"]
