"""Issue 31: numbers are read as written, and a ledger's errors speak of the ledger.

``--value`` takes the digits 0-9 only (full-width ones read as ASCII); ``int()`` would also take an
Arabic-Indic ٣, a superscript ² or ``1_0``. ``--stake`` takes what its help says, up to ``1e12``. A ledger
line's error echoes what the line wrote and names the line's key (``"value"``, not ``--value``).
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjcli.cli import cli
from mjcli.safetext import parse_int


def run(args, input=None):
    res = CliRunner().invoke(cli, args, input=input)
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    return res


def settled(args) -> dict:
    res = run(["settle", "-f", "jsonl", *args])
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


@pytest.mark.parametrize("value", ["\u0663", "\u06f3", "\u0969", "\u00b3", "1_0", "1e1", "0x3", "3.0", "", " ", "3 4",
                                   "\uff13\u0663"])
def test_a_value_not_in_ascii_digits_is_refused(value):
    res = run(["settle", "--winner", "E", "--from", "S", "--value", value])
    assert res.exit_code == 2 and len(res.stderr.splitlines()) == 1, res.output
    assert "is not a whole number; write it in the digits 0-9" in res.stderr and "Traceback" not in res.output


@pytest.mark.parametrize("value,read", [("3", 3), ("\uff13", 3), ("\uff11\uff10", 10), (" 3 ", 3), ("+3", 3)])
def test_a_value_in_ascii_or_full_width_digits_is_read(value, read):
    # hk: 3 faan is 8 from the shooter (half-spicy ladder), 10 faan 128
    rec = settled(["--winner", "E", "--from", "S", "--value", value])
    assert rec["value"] == read and rec["net"]["E"] == {3: 8, 10: 128}[read]


def test_a_value_out_of_range_is_read_and_then_refused_for_its_range():
    res = run(["settle", "--winner", "E", "--value", "-1"])
    assert res.exit_code == 2 and "--value -1: write a whole number 0 or more" in res.stderr
    res = run(["settle", "--winner", "E", "--value", "9" * 5000])  # more digits than Python converts
    assert res.exit_code == 2 and "a number of 5000 digits is too long; write at most 4000 digits" in res.stderr


def test_parse_int_nearly():
    assert parse_int("0") == 0 and parse_int("\uff0d\uff15") == -5
    assert parse_int("\u0665") is None and parse_int("5\u00b2") is None and parse_int("") is None


@pytest.mark.parametrize("stake,net", [("1e12", 8 * 10 ** 12), ("1E3", 8000), ("2.5e-1", 2), ("\uff10\uff0e\uff15", 4),
                                       ("1000000000000", 8 * 10 ** 12)])
def test_the_stake_the_help_allows_is_taken(stake, net):
    # hk, 3 faan from the shooter: 8 units, times the stake
    assert settled(["--winner", "E", "--from", "S", "--value", "3", "--stake", stake])["net"]["E"] == net


@pytest.mark.parametrize("stake", ["1e13", "1.1e12", "1e-5", "1e99999", "1e", "e3", "\u0663"])
def test_a_stake_beyond_the_help_is_refused(stake):
    res = run(["settle", "--winner", "E", "--value", "3", "--stake", stake])
    assert res.exit_code == 2 and res.stderr.startswith("error: --stake ") and len(res.stderr.splitlines()) == 1


def test_the_help_says_what_is_taken():
    out = run(["settle", "--help"]).stdout
    assert "at most 1e12" in " ".join(out.split())


def _ledger_errors(lines) -> list[str]:
    out = run(["settle", "--ledger", "-", "-f", "jsonl"], input="\n".join(json.dumps(x) for x in lines) + "\n").stdout
    return [json.loads(x)["error"]["message"] for x in out.splitlines()]


def test_a_ledger_error_echoes_the_line_and_names_its_keys():
    msgs = _ledger_errors([
        {"winner": "Ann", "from": "S", "value": 5},
        {"winner": "E", "from": "S", "value": -50},
        {"winner": "E", "from": "E", "value": 5},
        {"winner": "E", "bao": "x", "value": 3},
        {"winner": "E", "kong": "q:concealed", "value": 3},
        {"winner": "E", "from": "S"},
        {"winner": "E", "value": 3, "robbed_kong": True},
    ])
    assert msgs[0] == "\"winner\" 'Ann' is not a seat in hk; seats are E S W N"  # not 'ANN', not --winner
    assert msgs[1].startswith('"value" -50: write a whole number 0 or more')
    assert msgs[2] == "\"from\" is the winner's own seat; leave \"from\" out for a self-drawn win"
    assert msgs[3].startswith("\"bao\" 'x' is not a seat")
    assert msgs[4].startswith("\"kong\" SEAT 'q' is not a seat")
    assert msgs[5] == 'a win needs its value: give "value" N or "hand" HAND'
    assert msgs[6].startswith('"robbed_kong" needs "from" SEAT')
    assert not any("--" in m for m in msgs)


def test_the_command_line_still_names_its_options():
    res = run(["settle", "--winner", "Ann", "--value", "3"])
    assert res.stderr == "error: --winner 'Ann' is not a seat in hk; seats are E S W N\n"
