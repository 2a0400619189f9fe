"""Issue 14: a cache that cannot lie, exact money, no traceback anywhere, nothing quietly accepted."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjcli.cli import cli

ROOT = Path(__file__).resolve().parents[1]


def run(args, input=None, env=None):
    res = CliRunner().invoke(cli, args, input=input, env=env, catch_exceptions=True)
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    return res


def proc(args, env_extra=None, input=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("MJCLI_")}
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "mjcli", *args], cwd=ROOT, env=env, input=input,
                          capture_output=True, timeout=60)


# --------------------------------------------------------------------------
# the start-up cache is gone: nothing written, nothing read


def test_no_cache_is_written_or_read(tmp_path):
    cache = tmp_path / "cache"
    (cache / "mjcli").mkdir(parents=True)
    env = {"HOME": str(tmp_path), "XDG_CACHE_HOME": str(cache), "MJCLI_CACHE_DIR": str(cache / "mjcli")}
    first = proc(["score", "123m 456m 789m 234p 55s zimo", "--format", "json"], env)
    assert first.returncode == 0, first.stderr
    assert list(cache.rglob("*")) == [cache / "mjcli"]  # nothing cached
    # whatever lies in the old cache places is never read
    for name in ("hk.marshal", "hk-00000000-1.marshal"):
        (cache / "mjcli" / name).write_bytes(b"\xff" * 5)
    again = proc(["score", "123m 456m 789m 234p 55s zimo", "--format", "json"], env)
    assert again.stdout == first.stdout and again.returncode == 0


def test_libyaml_and_pure_python_read_every_rule_file_alike(monkeypatch):
    import yaml

    from mjcli import yamlsafe

    files = sorted((ROOT / "variants").glob("*.yaml")) + sorted((ROOT / "examples").rglob("*.yaml"))
    texts = [p.read_text(encoding="utf-8-sig") for p in files] + [
        "a: &x 1\nb: *x\n", "a: 'Terminals & Honours'\nb: '*'\n", "a: [1, 2\n", "a: 1\na: 2\n", "a: \x07\n",
        "a: !!python/name:os.system x\n", "- {a: 1}\n- [b, *c]\n", "a: 0x1F\nb: 1_000\nc: 2024-01-01\n"]

    def outcome(text):
        try:
            return yamlsafe.load(text, "x.yaml")
        except Exception as exc:  # noqa: BLE001 - compare whatever happens
            return type(exc).__name__, str(exc)

    fast = [outcome(t) for t in texts]
    monkeypatch.setattr(yamlsafe, "_CLoader", None)
    assert fast == [outcome(t) for t in texts]


# --------------------------------------------------------------------------
# exact money


def test_money_is_exact_in_every_format():
    # hk 10 faan = 128 base; self-drawn: each loser pays half, 64; 64 x 12345.67 = 790122.88, winner 3 x = 2370368.64
    args = ["settle", "--winner", "E", "--value", "10", "--stake", "12345.67"]
    table = run(args).output
    assert "790122.88" in table and "+2370368.64" in table and "e+" not in table and "790123 " not in table
    rec = json.loads(run(args + ["-f", "json"]).output)[0]
    assert rec["net"] == {"E": 2370368.64, "S": -790122.88, "W": -790122.88, "N": -790122.88}
    assert '"base": 1580245.76' in run(args + ["-f", "jsonl"]).output
    assert "790122.88" in run(["settle", "--ledger", "-", "-f", "csv", "--stake", "12345.67"],
                              input='{"winner": "E", "value": 10}\n').output


def test_money_in_json_is_a_plain_number():
    # 0.1 a unit: hk 3 faan on a discard, the shooter pays 8 x 0.1 = 0.8; a stake of 1 gives whole amounts as integers
    out = run(["settle", "--winner", "E", "--from", "S", "--value", "3", "--stake", "0.1", "-f", "jsonl"]).output
    assert '"amount": 0.8' in out and "e-" not in out.lower()
    out = run(["settle", "--winner", "E", "--from", "S", "--value", "3", "--stake", "2.50", "-f", "jsonl"]).output
    assert '"amount": 20,' in out  # 8 x 2.5 = 20: an integer, no trailing zero
    # a stake of 10^12: 128 x 10^12 in full, no exponent
    out = run(["settle", "--winner", "E", "--from", "S", "--value", "10", "--stake", "1000000000000", "-f", "jsonl"]).output
    assert '"amount": 128000000000000,' in out
    # the finest stake at the top: 64 x 999999999999.9999 = 63999999999999.9936 (19 digits, beyond a binary float)
    out = run(["settle", "--winner", "E", "--value", "10", "--stake", "999999999999.9999", "-f", "jsonl"]).output
    assert '"amount": 63999999999999.9936,' in out and '"E": 191999999999999.9808,' in out


def test_ledger_totals_are_exact():
    lines = '{"winner": "E", "from": "S", "value": 10, "stake": 30468.75}\n' * 3
    # 128 x 30468.75 = 3900000 from S per hand: -11700000 after three hands, printed in full
    out = run(["settle", "--ledger", "-"], input=lines).output
    assert "S -11700000" in out and "e+" not in out
    recs = [json.loads(x) for x in run(["settle", "--ledger", "-", "-f", "jsonl"], input=lines).output.splitlines()]
    assert recs[-1]["running"]["S"] == -11700000 and sum(recs[-1]["running"].values()) == 0


@pytest.mark.parametrize("stake", ["1e308", "1e-320", "0", "-1", "inf", "nan", "0.00001", "1000000000000.5", "abc", "٣"])
def test_bad_stake_is_refused(stake):
    res = run(["settle", "--winner", "E", "--value", "5", "--stake", stake])
    assert res.exit_code == 2 and "--stake" in res.output and "decimal" in res.output


def test_largest_and_finest_stakes_are_taken():
    for stake in ("1000000000000", "0.0001", "12345.6789"):
        assert run(["settle", "--winner", "E", "--value", "5", "--stake", stake]).exit_code == 0


@pytest.mark.parametrize("stake", ["1e308", "1e-320", "0.00001", "1000000000001", "-2"])
def test_bad_stake_in_a_ledger_line_or_house_file(stake, tmp_path):
    lines = f'{{"winner": "E", "value": 5, "stake": {stake}}}\n{{"winner": "E", "value": 5}}\n'
    res = run(["settle", "--ledger", "-", "-f", "jsonl"], input=lines)
    first, second = (json.loads(x) for x in res.output.splitlines())
    assert first["ok"] is False and "stake" in first["error"]["message"] and second["ok"] is True
    house = tmp_path / "h.yaml"
    house.write_text(f"extends: hk\nid: h\npayment:\n  stake: {stake}\n", encoding="utf-8")
    res = run(["settle", "--rules", str(house), "--winner", "E", "--value", "5"])
    assert res.exit_code == 2 and "stake" in res.output


@pytest.mark.parametrize("vid", ["hk", "sg", "my3"])
def test_value_above_the_limit_is_paid_as_the_limit(vid):
    from mjcli.variant import load_builtin

    limit = load_builtin(vid).limit
    above = json.loads(run(["settle", "-v", vid, "--winner", "E", "--value", str(limit + 1), "-f", "json"]).output)[0]
    at = json.loads(run(["settle", "-v", vid, "--winner", "E", "--value", str(limit), "-f", "json"]).output)[0]
    assert above["payments"] == at["payments"] and (above["value"], above["paid_value"]) == (limit + 1, limit)
    res = run(["settle", "-v", vid, "--winner", "E", "--value", "9" * 400])  # click reads it; paid as the limit
    assert res.exit_code == 0 and "a value of 400 digits is above the limit" in res.output
    res = run(["settle", "-v", vid, "--winner", "E", "--value", "-1"])
    assert res.exit_code == 2 and "write a whole number 0 or more" in res.output


def test_paohuzi_value_above_its_stand_in_limit_is_refused():
    res = run(["settle", "-v", "paohuzi", "--winner", "E", "--value", "101"])
    assert res.exit_code == 2 and "from 0 to 100" in res.output
    assert run(["settle", "-v", "paohuzi", "--winner", "E", "--value", "100"]).exit_code == 0
    assert run(["settle", "-v", "paohuzi", "--winner", "E", "--value", "-1"]).exit_code == 2


def test_house_limit_is_the_limit():
    # house-sg-2-6 raises the cap to 6: 6 tai is paid as itself, 7 as 6 (A = 2^6 = 64, each of three pays 2A)
    sg26 = str(ROOT / "examples" / "house-sg-2-6.yaml")
    six = json.loads(run(["settle", "--rules", sg26, "--winner", "E", "--value", "6", "-f", "json"]).output)[0]
    seven = json.loads(run(["settle", "--rules", sg26, "--winner", "E", "--value", "7", "-f", "json"]).output)[0]
    assert six["net"]["E"] == seven["net"]["E"] == 3 * 128 and seven["paid_value"] == 6
    assert seven["notes"] == ["7 tai is above the limit of 6: paid as 6 tai"]


# --------------------------------------------------------------------------
# no traceback


def test_paohuzi_value_of_400_digits():
    res = proc(["settle", "-v", "paohuzi", "--winner", "E", "--value", "9" * 400])
    assert res.returncode == 2 and b"Traceback" not in res.stderr and b"from 0 to 100" in res.stderr


def test_ledger_integer_of_5000_digits_and_the_lines_after_it():
    lines = '{"winner": "E", "value": ' + "9" * 5000 + '}\n{"winner": "E", "value": 5}\n'
    res = proc(["settle", "--ledger", "-", "-f", "jsonl"], input=lines.encode())
    assert b"Traceback" not in res.stderr and res.returncode == 1
    first, second = (json.loads(x) for x in res.stdout.splitlines())
    assert "5000 digits" in first["error"]["message"] and second["ok"] is True


@pytest.mark.parametrize("fei", ["S=²", "S=٣", "S=５"])
def test_fei_with_a_unicode_digit(fei):
    res = run(["settle", "-v", "my3", "--winner", "E", "--value", "5", "--fei", fei])
    assert res.exit_code == 2 and "N from 0 to 4" in res.output
    out = run(["settle", "-v", "my3", "--ledger", "-", "-f", "jsonl"],
              input=json.dumps({"winner": "E", "value": 5, "fei": fei}) + "\n").output
    assert "N from 0 to 4" in json.loads(out)["error"]["message"]


def test_duplicate_key_in_a_ledger_line_is_refused():
    out = run(["settle", "--ledger", "-", "-f", "jsonl"],
              input='{"winner": "E", "value": 5, "value": 10}\n{"winner": "E", "value": 5}\n').output
    first, second = (json.loads(x) for x in out.splitlines())
    assert first["ok"] is False and "value: key given twice" in first["error"]["message"] and second["ok"]


# --------------------------------------------------------------------------
# only documented environment variables


def test_undocumented_mjcli_variables_change_nothing(tmp_path):
    secret = tmp_path / "passwd"
    secret.write_text('{"winner": "E", "value": 5}\n', encoding="utf-8")
    env = {"MJCLI_SETTLE_LEDGER": str(secret), "MJCLI_SETTLE_WINNER": "E", "MJCLI_SETTLE_VALUE": "5",
           "MJCLI_SCORE_FORMAT": "json", "MJCLI_FORMAT": "json", "MJCLI_SETTLE_STAKE": "1e308"}
    res = run(["settle"], env=env)
    assert res.exit_code == 0 and "no payments" in res.output
    assert not run(["score", "123m 456m 789m 234p 55s zimo"], env=env).output.startswith("[")


def test_documented_variables_are_in_the_readme():
    text = "".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs" / "readme").glob("*.md")))
    section = text.split("### Environment variables", 1)[1].split("\n#", 1)[0]
    for var in ("MJCLI_VARIANT", "COLUMNS", "NO_COLOR", "_MJCLI_COMPLETE"):
        assert f"`{var}`" in section
    assert run(["score", "123m 456m 789m 234p 55s zimo"], env={"MJCLI_VARIANT": "sg"}).output.count("(sg)") == 1


# --------------------------------------------------------------------------
# control characters, look-alikes, bytes that are not UTF-8

CONTROLS = ["\x00", "\x1b[2J", "\x07", "\x9b", "\x7f"]


@pytest.mark.parametrize("ctrl", CONTROLS)
def test_control_characters_from_a_hand_are_escaped_in_table_and_csv(ctrl):
    hand = f"123m 456m 789m 234p 55s zimo {ctrl}x"
    for fmt in ("table", "csv"):
        res = run(["score", "-f", fmt, hand])
        assert not any(c in res.output for c in ctrl if c not in "[2J"), (fmt, res.output)
        assert "\\x" in res.output


@pytest.mark.parametrize("ctrl", CONTROLS + ["\n", "\r"])
def test_control_characters_in_a_ledger_label_are_escaped(ctrl):
    line = json.dumps({"winner": "E", "value": 5, "label": f"a{ctrl}b"}) + "\n"
    for fmt in ("table", "csv"):
        out = run(["settle", "--ledger", "-", "-f", fmt], input=line).output
        assert not any(c in out for c in ctrl if c not in "[2J\n"), (fmt, out)
        # the lines mjcli writes, no more: csv has the header, 3 payments and 4 nets
        assert out.count("\n") == (9 if fmt == "table" else 8)
        assert "a\\x" in out or "a\\n" in out or "a\\r" in out


def test_control_characters_in_a_rule_file_id_and_name_are_escaped(tmp_path):
    path = tmp_path / "evil.yaml"
    path.write_text('extends: hk\nid: "evil\\e[2J"\nname: "Bell\\a table"\n', encoding="utf-8")
    out = run(["rules", "--rules", str(path)]).output
    assert "\x1b" not in out and "\x07" not in out and "evil\\x1b[2J" in out and "Bell\\x07 table" in out
    out = run(["rules", "--rules", str(path), "-f", "json"]).output
    assert json.loads(out)["id"] == "evil\x1b[2J"  # JSON escapes them itself, the value is kept


@pytest.mark.parametrize("text", ["123m 456m 789m 234p 55s zimo seat=\u017f", "123m 456m 789m 234p 55s zimo round=\u017f",
                                  "123m 789m 234p 55s (5555m) @5s zimo \u212aong-replacement"])
def test_unicode_look_alikes_are_not_read_as_the_documented_word(text):
    res = run(["score", "-f", "jsonl", text])
    assert json.loads(res.output)["ok"] is False and res.exit_code == 1
    ascii_text = text.replace("\u017f", "s").replace("\u212a", "K")
    assert json.loads(run(["score", "-f", "jsonl", ascii_text]).output)["ok"] is True


@pytest.mark.parametrize("args", [["score", "123m 456m 789m 234p 55s zimo", "--seat", "\u017f"],
                                  ["score", "123m 456m 789m 234p 55s zimo", "--round", "\u017f"],
                                  ["settle", "--winner", "\u017f", "--value", "5"],
                                  ["settle", "--winner", "E", "--from", "\u017f", "--value", "5"],
                                  ["settle", "-v", "my3", "--winner", "E", "--value", "5", "--fei", "\u017f=1"],
                                  ["settle", "-v", "sg", "--dealt", "E:\u212a"]])
def test_unicode_look_alikes_in_options_are_refused(args):
    assert run(args).exit_code == 2


def test_house_file_add_twice_names_the_entry_and_its_line(tmp_path):
    path = tmp_path / "dup.yaml"
    path.write_text("extends: hk\nadd:\n  - id: concealed_self_drawn\n    name: A\n    value: 1\n"
                    "  - id: concealed_self_drawn\n    name: B\n    value: 2\n", encoding="utf-8")
    res = run(["rules", "--rules", str(path)])
    assert res.exit_code == 2 and "add[1].id (line 6): 'concealed_self_drawn' is added twice" in res.output


@pytest.mark.parametrize("encoding", ["utf-8", "ascii:strict", "latin-1"])
@pytest.mark.parametrize("fmt", ["table", "json", "csv"])
def test_an_argument_that_is_not_utf8_gives_valid_utf8_out(encoding, fmt):
    arg = os.fsdecode(b"123m 456m 789m 234p 55s\xff zimo")
    res = proc(["score", "-f", fmt, arg], {"PYTHONIOENCODING": encoding})
    assert b"Traceback" not in res.stderr and res.returncode == 1
    out, err = res.stdout.decode("utf-8"), res.stderr.decode("utf-8")  # both valid UTF-8
    assert ("\\xff" in out + err or "\\udcff" in err) and b"\xff" not in res.stdout + res.stderr
    if fmt == "json":
        assert json.loads(out)[0]["hand"] == "123m 456m 789m 234p 55s\\xff zimo"


def test_rules_patterns_keep_their_tabs():
    assert "\t" in run(["rules", "--patterns"]).output


def test_control_characters_in_error_messages_are_escaped(tmp_path):
    path = tmp_path / "evil\x1b[2J.yaml"
    path.write_text("extends: hk\ncolour: 1\n", encoding="utf-8")
    for args in (["score", "--rules", str(path), "123m"], ["rules", "--check", str(path)]):
        res = proc(args)
        assert res.returncode == 2 if args[0] == "score" else res.returncode == 1
        assert b"\x1b" not in res.stderr and b"evil\\x1b[2J.yaml" in res.stderr
