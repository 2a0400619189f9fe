"""settle --ledger: a JSON-lines session, every hand's payments and the running totals."""

import csv
import io
import json
from pathlib import Path

import pytest

from mjcli.cli import cli
from mjcli.errors import SettleError
from mjcli.ledger import hand_options

ROOT = Path(__file__).resolve().parent.parent
LEDGER = str(ROOT / "examples" / "ledger.jsonl")
HK_SPICY = str(ROOT / "examples" / "house-hk-full-spicy.yaml")

# examples/ledger.jsonl, worked by hand on the hk half-spicy ladder (S = what the shooter pays):
#  1  E wins 5 faan off S: S = 24, S pays 24                      E +24  S -24
#  2  W self-draws 123m 456m 789m 234p 55s | f3 at seat W: ping wu 1 + own flower 1 + zi mo 1 = 3;
#     S = 8, each of E S N pays 4                                   W +12, E S N -4
#  3  N wins 234p 567p 99p [CCC] [FFF] off E: half flush 3 + two dragons 2 + no flowers 1 = 6;
#     S = 32, E pays 32                                             N +32  E -32
#  4  S self-draws 8 faan, E liable (bao): S = 64, E pays 3 x 32 = 96
#  5  E robs W's kong, 4 faan: S = 16, W pays the self-draw total 3 x 8 = 24
# running after 5: E 24-4-32-96+24 = -84, S -24-4+96 = 68, W 12-24 = -12, N -4+32 = 28 (sum 0)
RUNNING = [
    {"E": 24, "S": -24, "W": 0, "N": 0},
    {"E": 20, "S": -28, "W": 12, "N": -4},
    {"E": -12, "S": -28, "W": 12, "N": 28},
    {"E": -108, "S": 68, "W": 12, "N": 28},
    {"E": -84, "S": 68, "W": -12, "N": 28},
]


def ledger(runner, *args, input=None):
    r = runner.invoke(cli, ["settle", *args], input=input)
    return r.exit_code, r.output


def records(runner, *args, input=None):
    code, out = ledger(runner, *args, "-f", "jsonl", input=input)
    return code, [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def test_example_ledger_running_totals(runner):
    code, recs = records(runner, "--ledger", LEDGER)
    assert code == 0
    assert [r["hand_no"] for r in recs] == [1, 2, 3, 4, 5]
    assert [r["running"] for r in recs] == RUNNING
    assert [r["value"] for r in recs] == [5, 3, 6, 8, 4]
    for r in recs:
        assert sum(r["net"].values()) == 0 and sum(r["running"].values()) == 0


def test_example_ledger_table(runner):
    code, out = ledger(runner, "--ledger", LEDGER)
    assert code == 0
    assert out.count("\nrunning: ") + out.startswith("running: ") == 5
    assert "hand 1: E wins on S's discard" in out
    assert out.rstrip().splitlines()[-2] == "running: E -84  S +68  W -12  N +28"


def test_example_ledger_csv(runner):
    code, out = ledger(runner, "--ledger", LEDGER, "-f", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))  # one row per payment, then one per seat (issue 12)
    assert sorted({r["hand_no"] for r in rows}) == ["1", "2", "3", "4", "5"]
    last = [r for r in rows if r["hand_no"] == "5" and r["row"] == "net"]
    assert [(r["seat"], r["running"]) for r in last] == [("E", "-84"), ("S", "68"), ("W", "-12"), ("N", "28")]
    first = [r for r in rows if r["hand_no"] == "1"]
    assert [(r["row"], r["from"], r["to"], r["amount"], r["reason"]) for r in first[:2]] == [
        ("payment", "S", "E", "24", "shooter (5 faan)"), ("net", "", "", "", "")]


def test_example_ledger_json_is_one_array(runner):
    code, out = ledger(runner, "--ledger", LEDGER, "-f", "json")
    assert code == 0 and len(json.loads(out)) == 5


def test_ladder_and_stake_for_the_whole_ledger(runner):
    # hand 1 on the full-spicy ladder at 0.5 a unit: 2^5 = 32 x 0.5 = 16
    code, recs = records(runner, "--ledger", LEDGER, "--ladder", "full_spicy", "--stake", "0.5")
    assert code == 0 and recs[0]["payments"][0]["amount"] == 16


def test_house_rules_ledger(runner):
    # the full-spicy table: hand 1 (5 faan) 32; hand 4 (8 faan, bao) 3 x 256/2 = 384
    code, recs = records(runner, "--ledger", LEDGER, "--rules", HK_SPICY)
    assert code == 0
    assert recs[0]["net"]["E"] == 32 and recs[3]["net"]["E"] == -384


def test_per_line_ladder_and_stake_win(runner):
    text = '{"winner": "E", "from": "S", "value": 5, "ladder": "banded", "stake": 2}\n{"winner": "E", "from": "S", "value": 5}\n'
    # banded 5 faan = 16, x 2 = 32; the second line keeps the command line's stake 3: 24 x 3 = 72
    code, recs = records(runner, "--ledger", "-", "--stake", "3", input=text)
    assert code == 0
    assert [r["net"]["E"] for r in recs] == [32, 72]


BAD = [
    ('{"winner": "E", "from": "S", "value": 5', "not valid JSON"),
    ('["E", "S", 5]', "expected one JSON object per line"),
    ('{"winner": "E", "form": "S", "value": 5}', "unknown key 'form'"),
    ('{"winner": "E", "from": "S", "value": "5"}', "value: expected a whole number"),
    ('{"winner": "E", "from": "S", "value": true}', "value: expected a whole number"),
    ('{"winner": "X", "from": "S", "value": 5}', "\"winner\" 'X' is not a seat in hk"),  # the line's key, not the option
    ('{"winner": "E", "from": "S", "value": 2}', "below the minimum of 3"),
    ('{"winner": "E", "from": "S", "value": 5, "variant": "sg"}', "a ledger is one table"),
    ('{"winner": "E", "from": "S", "value": 5, "robbed_kong": "yes"}', "robbed_kong: expected true or false"),
    ('{"winner": "E", "from": "S", "value": 5, "stake": -1}', "stake -1: write money per unit as a decimal above 0"),
    ('{"winner": "E", "from": "S", "value": 5, "kong": 3}', "kong: expected text, a list of texts"),
    ('{"winner": "E", "from": "S", "value": 5, "ladder": "nope"}', "unknown payment preset 'nope'"),
    ('{"winner": "E", "from": "S", "hand": "123m 456m"}', "hand has 6 tiles"),
    ('{"winner": "E", "from": "S", "hand": "123m 456m 789m 234p 56s"}', "\"hand\" is not a winning hand"),
]


@pytest.mark.parametrize("line, message", BAD, ids=[m.split(";")[0][:30] for _, m in BAD])
def test_bad_line_gets_an_error_record_and_the_rest_go_on(runner, line, message):
    good = '{"winner": "E", "from": "S", "value": 5}'
    text = f"{good}\n\n# a comment\n{line}\n{good}\n"
    code, recs = records(runner, "--ledger", "-", input=text)
    assert code == 1
    assert [r["ok"] for r in recs] == [True, False, True]
    bad = recs[1]
    assert bad["line"] == 4 and bad["hand_no"] == 2 and message in bad["error"]["message"]
    assert recs[2]["running"]["E"] == 48  # both good hands counted: 24 + 24


def test_bad_line_in_table_goes_to_stderr(runner):
    text = '{"winner": "E", "from": "S", "value": 5}\nnot json\n{"winner": "E", "from": "S", "value": 5}\n'
    code, out = ledger(runner, "--ledger", "-", input=text)
    assert code == 1
    assert "error: line 2: not valid JSON" in out
    assert "running: E +48  S -48  W +0  N +0" in out and "Traceback" not in out


def test_bad_utf8_and_bom(runner):
    text = b'\xef\xbb\xbf{"winner": "E", "from": "S", "value": 5}\n{"label": "\xff"}\n'
    code, recs = records(runner, "--ledger", "-", input=text)
    assert code == 1
    assert recs[0]["ok"] and not recs[1]["ok"] and recs[1]["error"]["code"] == "encoding_error"


def test_drawn_hand_and_csv_error_row(runner):
    text = '{"label": "drawn"}\n{"winner": "E"}\n'
    code, out = ledger(runner, "--ledger", "-", "-f", "csv", input=text)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 1
    assert rows[0]["ok"] == "true" and (rows[0]["row"], rows[0]["seat"], rows[0]["running"]) == ("net", "E", "0")
    bad = rows[-1]
    assert bad["ok"] == "false" and bad["row"] == "error" and "give \"value\" N or \"hand\" HAND" in bad["error_message"]
    assert len(rows) == 5  # the drawn hand's four nets, the bad line's one row


def test_empty_ledger(runner):
    code, out = ledger(runner, "--ledger", "-", "-f", "csv", input="")
    assert code == 0 and out.startswith("schema,hand_no,line,ok,")


@pytest.mark.parametrize(
    "obj, key, expected",
    [
        ({"bonus": {"S": "f2 s2"}}, "bonus", ["S=f2 s2"]),
        ({"bonus": {"S": ["f2", "s2"]}}, "bonus", ["S=f2 s2"]),
        ({"bonus": ["S=f2", "W=cat"]}, "bonus", ["S=f2", "W=cat"]),
        ({"fei": {"E": 2}}, "fei", ["E=2"]),
        ({"kong": "S:claimed:W"}, "kongs", ["S:claimed:W"]),
        ({"kong": ["S:concealed", "W:added"]}, "kongs", ["S:concealed", "W:added"]),
        ({"dealt": "E:flower"}, "dealt", ["E:flower"]),
        ({"from": "S"}, "shooter", "S"),
    ],
    ids=["bonus-map", "bonus-map-list", "bonus-list", "fei-map", "kong-text", "kong-list", "dealt", "from"],
)
def test_hand_options_shapes(obj, key, expected):
    assert hand_options(obj)[key] == expected


def test_hand_options_rejects_nested_junk():
    with pytest.raises(SettleError, match="bonus.S: expected text or a number"):
        hand_options({"bonus": {"S": {"x": 1}}})


@pytest.mark.parametrize(
    "args, message",
    [
        (["--winner", "E"], "--ledger reads every hand from the file"),
        (["--value", "5"], "--ledger reads every hand from the file"),
        (["--stake", "-1"], "--stake '-1': write money per unit as a decimal above 0"),
        (["--stake", "inf"], "--stake 'inf': write money per unit as a decimal above 0"),
    ],
    ids=["winner", "value", "negative-stake", "infinite-stake"],
)
def test_ledger_usage_errors(runner, args, message):
    code, out = ledger(runner, "--ledger", LEDGER, *args)
    assert code == 2 and message in out and len(out.strip().splitlines()) == 1
