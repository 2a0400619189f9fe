"""A value above the limit is paid as the limit (RULES.md, issue 26), with a note, in every format and ledger line.

The record's ``value`` keeps what was given; ``paid_value`` says what it was paid as. A negative or
non-integer value stays an error, and so does a value above Paohuzi's limit (a stand-in above any hand,
not a payment cap).
"""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from mjcli.cli import cli

RUNNER = CliRunner()


def run(*args, input=None):
    r = RUNNER.invoke(cli, ["settle", *args], input=input, catch_exceptions=False)
    return r.exit_code, r.stdout, r.stderr


def record(*args):
    code, out, _ = run(*args, "-f", "json")
    assert code == 0, out
    (rec,) = json.loads(out)
    return rec


def pays(rec):
    return [(p["from"], p["to"], p["amount"]) for p in rec["payments"]]


# Worked by hand from RULES.md; 13 is above every limit, so each is paid at the limit.
# hk (limit 10): the half-spicy ladder gives S = 128 at 10 faan.
#   on E's discard: the shooter alone pays S = 128.
#   self-drawn: each of the other three pays S/2 = 64; total 192.
# sg (cap 5): A = 2^5 = 32.
#   on E's discard: the shooter pays 2A = 64, W and N A = 32 each; total 128.
#   self-drawn: all three pay 2A = 64; total 192.
# my3 (limit 10): V = 40 at the limit.
#   on E's discard: the shooter pays V = 40, the other loser (W) V/2 = 20; total 60.
#   self-drawn: both pay V = 40; total 80. No Fei and no bonus tiles given: the Fei and
#   losers' settlements pay nothing (0 Fei each, 0 scoring tiles each).
WORKED = [
    ("hk", ["--from", "E"], 10, "faan", [("E", "S", 128)]),
    ("hk", [], 10, "faan", [("E", "S", 64), ("W", "S", 64), ("N", "S", 64)]),
    ("sg", ["--from", "E"], 5, "tai", [("E", "S", 64), ("W", "S", 32), ("N", "S", 32)]),
    ("sg", [], 5, "tai", [("E", "S", 64), ("W", "S", 64), ("N", "S", 64)]),
    ("my3", ["--from", "E"], 10, "fan", [("E", "S", 40), ("W", "S", 20)]),
    ("my3", [], 10, "fan", [("E", "S", 40), ("W", "S", 40)]),
]
IDS = [f"{v}-{'discard' if a else 'self-drawn'}" for v, a, *_ in WORKED]


@pytest.mark.parametrize("vid,how,limit,unit,expected", WORKED, ids=IDS)
def test_paid_as_the_limit_worked_by_hand(vid, how, limit, unit, expected):
    rec = record("-v", vid, "--winner", "S", *how, "--value", "13")
    assert sorted(pays(rec)) == sorted(expected)
    assert rec["value"] == 13 and rec["paid_value"] == limit
    assert rec["notes"] == [f"13 {unit} is above the limit of {limit}: paid as {limit} {unit}"]
    assert all(f"({limit} {unit})" in p["reason"] for p in rec["payments"])  # each share says what it was paid at
    # the same payments as a value at the limit; only value, paid_value and the note differ
    at = record("-v", vid, "--winner", "S", *how, "--value", str(limit))
    assert at["payments"] == rec["payments"] and at["net"] == rec["net"] and at["paid_value"] == at["value"] == limit
    assert at["notes"] == []


def test_hk_13_on_a_discard_in_every_format():
    # 13 faan on E's discard = paid as 10 -> S = 128 from the shooter alone
    args = ["--winner", "S", "--from", "E", "--value", "13"]
    note = "13 faan is above the limit of 10: paid as 10 faan"
    code, out, _ = run(*args)
    assert code == 0
    assert out.splitlines()[0] == "value: 13 (paid as 10)   base: 128"
    assert out.splitlines()[-1] == f"note: {note}" and "E       S          128  shooter (10 faan)" in out
    _, jl, _ = run(*args, "-f", "jsonl")
    rec = json.loads(jl)
    assert rec == record(*args) and rec["notes"] == [note] and list(rec)[-1] == "paid_value"
    _, text, _ = run(*args, "-f", "csv")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert {(r["value"], r["paid_value"], r["notes"]) for r in rows} == {("13", "10", json.dumps([note]))}
    assert [(r["from"], r["to"], r["amount"]) for r in rows if r["row"] == "payment"] == [("E", "S", "128")]


def test_ledger_lines_are_paid_as_the_limit():
    # seat form, hk: hand 1 13 faan on E's discard: E pays S 128 (as 10). Hand 2: 11 faan self-drawn by W:
    # paid as 10, each of E S N pays 64. Running: E -128-64 = -192, S +128-64 = 64, W +192, N -64.
    text = '{"winner": "S", "from": "E", "value": 13}\n{"winner": "W", "value": 11}\n'
    code, out, _ = run("--ledger", "-", "-f", "jsonl", input=text)
    recs = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and [(r["value"], r["paid_value"]) for r in recs] == [(13, 10), (11, 10)]
    assert recs[1]["notes"] == ["11 faan is above the limit of 10: paid as 10 faan"]
    assert recs[1]["running"] == {"E": -192, "S": 64, "W": 192, "N": -64}
    code, out, _ = run("--ledger", "-", input=text)
    assert code == 0 and "value: 11 (paid as 10)   base: 128" in out
    assert "note: 13 faan is above the limit of 10: paid as 10 faan" in out
    # the players form, my3: Ann deals (Ann E, Bo S, Cy W); Bo wins 12 fan on Ann's discard, paid as 10:
    # V = 40 from Ann, V/2 = 20 from Cy: Bo +60.
    text = '{"players": ["Ann", "Bo", "Cy"]}\n{"winner": "Bo", "from": "Ann", "value": 12}\n'
    code, out, _ = run("-v", "my3", "--ledger", "-", "-f", "jsonl", input=text)
    (rec,) = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and rec["net"] == {"Ann": -40, "Bo": 60, "Cy": -20} and rec["paid_value"] == 10
    assert rec["notes"] == ["12 fan is above the limit of 10: paid as 10 fan"]
    code, out, _ = run("-v", "my3", "--ledger", "-", input=text)
    assert code == 0 and "value: 12 (paid as 10)   base: 40" in out and "note: 12 fan is above" in out


@pytest.mark.parametrize("line,message", [
    ('{"winner": "S", "value": -1}', "\"value\" -1: write a whole number 0 or more"),
    ('{"winner": "S", "value": 5.5}', "value: expected a whole number, got 5.5"),
    ('{"winner": "S", "value": "13"}', "value: expected a whole number"),
    ('{"winner": "S", "value": true}', "value: expected a whole number, got true"),
])
def test_negative_or_not_whole_values_stay_errors(line, message):
    code, out, _ = run("--ledger", "-", "-f", "jsonl", input=line + "\n")
    (rec,) = [json.loads(x) for x in out.splitlines()]
    assert code == 1 and not rec["ok"] and message in rec["error"]["message"]
    assert rec["paid_value"] is None and rec["value"] is None


def test_paohuzi_has_no_limit_of_its_own():
    # its limit 100 is a stand-in above any hand (72 at most): a value over it is refused, in a ledger too
    code, _, err = run("-v", "paohuzi", "--winner", "E", "--value", "101")
    assert code == 2 and err == "error: --value 101: write a whole number from 0 to 100; no paohuzi hand scores " \
                                "more than 100 huxi\n"
    code, out, _ = run("-v", "paohuzi", "--ledger", "-", "-f", "jsonl", input='{"winner": "E", "value": 101}\n')
    assert code == 1 and "from 0 to 100" in json.loads(out)["error"]["message"]
    # 100 huxi is paid: tun = 1 + (100 - 15) // 3 = 29, from each of the two opponents
    rec = record("-v", "paohuzi", "--winner", "E", "--value", "100")
    assert pays(rec) == [("S", "E", 29), ("W", "E", 29)] and rec["paid_value"] == 100 and rec["notes"] == []
