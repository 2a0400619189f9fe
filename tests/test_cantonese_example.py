"""examples/cantonese.yaml: a whole variant in YAML alone (no `extends`), from registered patterns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from mjcli.api import load_variant, score_line
from mjcli.cli import cli

FILE = Path(__file__).resolve().parent.parent / "examples" / "cantonese.yaml"
ROWS = yaml.safe_load(FILE.read_text(encoding="utf-8"))["patterns"]


def test_check_passes_without_extends():
    res = CliRunner().invoke(cli, ["rules", "--check", str(FILE)])
    assert res.exit_code == 0, res.output
    assert res.output == f"{FILE}: ok (cantonese, 12 patterns)\n"


def test_rules_prints_its_table():
    res = CliRunner().invoke(cli, ["rules", "--rules", str(FILE)])
    assert res.exit_code == 0, res.output
    assert res.output.startswith("Simple Cantonese (cantonese): unit faan, minimum 1, limit 8\n")
    res = CliRunner().invoke(cli, ["rules", "--rules", str(FILE), "-f", "json"])
    assert [p["id"] for p in json.loads(res.output)["patterns"]] == [r["id"] for r in ROWS]


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_each_example_scores_as_its_pattern(row):
    res = score_line(row["example"], load_variant(rules_file=FILE))
    assert res.winning and row["id"] in {p["id"] for p in res.as_dict()["patterns"]}


def test_a_hand_that_nearly_has_a_pattern():
    # the same four chows won on a discard: Ping Wu only, no Zi Mo
    res = score_line("123m 456m 789m 234p 55s @5s", load_variant(rules_file=FILE))
    assert {p["id"] for p in res.as_dict()["patterns"]} == {"ping_wu"}
    assert res.total == 1


def test_score_and_settle_with_v_path():
    # half flush 3 + small dragons 5 = 8 faan, the limit; base 2^8 = 256;
    # self-drawn: each of the three others pays 0.5 x 256 = 128, E nets +384
    runner = CliRunner()
    res = runner.invoke(cli, ["score", "--rules", str(FILE), "-f", "json", "123m 456m PPP FFF CC @C zimo"])
    assert res.exit_code == 0, res.output
    rec = json.loads(res.output)
    rec = rec[0] if isinstance(rec, list) else rec
    assert (rec["raw"], rec["total"], rec["payment"]) == (9, 8, {"shooter": None, "others": None, "each": 128,
                                                                   "total": 384, "robbed_kong": False})
    res = runner.invoke(cli, ["settle", "-v", str(FILE), "-f", "json", "--winner", "E", "--value", "8"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)[0]["net"] == {"E": 384, "S": -128, "W": -128, "N": -128}


def test_a_whole_variant_with_an_unregistered_pattern_is_refused(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(FILE.read_text(encoding="utf-8").replace("id: ping_wu", "id: ping_wuu"), encoding="utf-8")
    res = CliRunner().invoke(cli, ["rules", "--check", str(bad)])
    assert res.exit_code == 1
    assert "unknown pattern id 'ping_wuu'" in res.output
