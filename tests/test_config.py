"""The table's settings, once (issue 27): config file, environment, ledger header, options, and their order
option > ledger header > environment > config file > default."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjcli.cli import cli

ROOT = Path(__file__).resolve().parent.parent
SG_HOUSE = str(ROOT / "examples" / "house-sg-2-6.yaml")
PLAYERS = str(ROOT / "examples" / "ledger-players.jsonl")
HAND = "123m 456m 789m 234p 55s zimo"


def run(*args, env=None, input=None):
    r = CliRunner().invoke(cli, list(args), env=env, input=input, catch_exceptions=False)
    return r.exit_code, r.stdout, r.stderr


def settings(*args, env=None):
    code, out, err = run("config", "-f", "json", *args, env=env)
    assert code == 0, err
    return json.loads(out)


@pytest.fixture
def cfg(tmp_path):
    """A config file with every setting, named by MJCLI_CONFIG."""
    path = tmp_path / "config.yaml"
    path.write_text("variant: sg\nladder: shooter_pays_all\nstake: 0.5\nlang: ms\nhistory: hist.txt\n")
    return path


def test_no_config_by_default_in_tests():
    out = settings()
    assert out["file"] is None and "empty" in out["file_note"]
    assert {k: (v["value"], v["source"]) for k, v in out["settings"].items()} == {
        "variant": ("hk", "default"), "rules": (None, "default"), "ladder": (None, "default"),
        "stake": (None, "default"), "lang": ("en", "default"), "history": (None, "default")}


def test_config_file_values(cfg):
    out = settings(env={"MJCLI_CONFIG": str(cfg)})
    s = out["settings"]
    assert out["file"] == str(cfg)
    assert (s["variant"]["value"], s["variant"]["source"]) == ("sg", "config file")
    assert s["stake"]["value"] == 0.5 and s["lang"]["value"] == "ms"
    assert s["history"]["value"] == str(cfg.parent / "hist.txt")  # read from the config's folder


def test_xdg_config_home(tmp_path):
    (tmp_path / "mjcli").mkdir()
    (tmp_path / "mjcli" / "config.yaml").write_text("variant: my3\n")
    out = settings(env={"MJCLI_CONFIG": None, "XDG_CONFIG_HOME": str(tmp_path)})
    assert out["settings"]["variant"]["value"] == "my3"
    assert out["file"] == str(tmp_path / "mjcli" / "config.yaml")


def test_empty_mjcli_config_means_none(tmp_path):
    (tmp_path / "mjcli").mkdir()
    (tmp_path / "mjcli" / "config.yaml").write_text("variant: my3\n")
    out = settings(env={"MJCLI_CONFIG": "", "XDG_CONFIG_HOME": str(tmp_path)})
    assert out["file"] is None and out["settings"]["variant"]["value"] == "hk"


def test_precedence_option_header_environment_file_default(cfg, tmp_path):
    ledger = tmp_path / "l.jsonl"
    ledger.write_text('{"mjcli": {"variant": "sg", "ladder": "full_spicy"}}\n{"winner": "E", "value": 2}\n')
    env = {"MJCLI_CONFIG": str(cfg)}
    # file only
    assert settings(env=env)["settings"]["ladder"]["source"] == "config file"
    # environment over the file
    env2 = dict(env, MJCLI_LADDER="banded", MJCLI_VARIANT="hk")
    s = settings(env=env2)["settings"]
    assert (s["ladder"]["value"], s["ladder"]["source"]) == ("banded", "environment")
    assert (s["variant"]["value"], s["variant"]["source"]) == ("hk", "environment")
    # the ledger header over the environment
    s = settings("--ledger", str(ledger), env=env2)["settings"]
    assert (s["ladder"]["value"], s["ladder"]["source"]) == ("full_spicy", "ledger header")
    assert (s["variant"]["value"], s["variant"]["source"]) == ("sg", "ledger header")
    # the option over the header
    s = settings("--ledger", str(ledger), "--ladder", "half_responsibility", env=env2)["settings"]
    assert (s["ladder"]["value"], s["ladder"]["source"]) == ("half_responsibility", "option")
    # the default under all
    assert settings()["settings"]["ladder"]["source"] == "default"


def test_config_variant_is_played(cfg):
    code, out, _ = run("score", "-f", "json", HAND, env={"MJCLI_CONFIG": str(cfg)})
    rec = json.loads(out)[0]
    assert rec["variant"] == "sg"


def test_option_beats_config_and_environment(cfg):
    code, out, _ = run("score", "-f", "json", "-v", "hk", HAND,
                       env={"MJCLI_CONFIG": str(cfg), "MJCLI_VARIANT": "my3", "MJCLI_LADDER": "half_spicy"})
    assert json.loads(out)[0]["variant"] == "hk"


def test_table_text(cfg):
    code, out, _ = run("config", env={"MJCLI_CONFIG": str(cfg), "MJCLI_STAKE": "2"})
    assert code == 0
    assert f"config file: {cfg}" in out
    assert any(line.split()[:2] == ["stake", "2"] and "environment (MJCLI_STAKE)" in line for line in out.splitlines())


# --- bad config values: one line naming the file, the key and the fix ---------------------------------------

@pytest.mark.parametrize("text,words", [
    ("stake: lots\n", ["stake", "line 1"]),
    ("stake: [1]\n", ["stake: expected a number", "e.g. 0.5"]),
    ("lang: fr\n", ["lang", "'fr'", "en, ms, ta, zh"]),
    ("variant: hkk\n", ["unknown variant 'hkk'", "did you mean hk"]),
    ("variant: bogus\n", ["unknown variant 'bogus'", "(hk, sg, my3, paohuzi, mcr, tw)"]),  # every built-in id
    ("ladder: half_spicey\n", ["half_spicey", "did you mean half_spicy"]),
    ("ladr: half_spicy\n", ["unknown key 'ladr'", "did you mean ladder"]),
    ("rules: 5\n", ["rules: expected text", "house-rule file"]),
    ("- variant\n", ["expected keys and values"]),
])
def test_bad_config_values(tmp_path, text, words):
    path = tmp_path / "config.yaml"
    path.write_text(text)
    code, out, err = run("score", HAND, env={"MJCLI_CONFIG": str(path)})
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"error: {path}")
    for w in words:
        assert w in err, err


def test_missing_named_config_is_an_error(tmp_path):
    code, _, err = run("score", HAND, env={"MJCLI_CONFIG": str(tmp_path / "nope.yaml")})
    assert code == 2 and "no such config file" in err and "MJCLI_CONFIG=" in err


def test_bad_environment_value_names_the_variable():
    code, _, err = run("score", HAND, env={"MJCLI_STAKE": "-1", "MJCLI_LADDER": None})
    assert code == 2 and "MJCLI_STAKE=-1" in err
    code, _, err = run("score", HAND, env={"MJCLI_VARIANT": "bogus"})
    assert code == 2 and "MJCLI_VARIANT=bogus" in err and "paohuzi, mcr, tw)" in err


# --- a ledger that names its variant -------------------------------------------------------------------------

def test_ledger_names_its_variant():
    code, out, err = run("settle", "--ledger", PLAYERS, "-f", "jsonl")
    recs = [json.loads(x) for x in out.splitlines()]
    assert code == 0, err
    assert len(recs) == 8 and all(r["ok"] and r["variant"] == "sg" for r in recs)
    assert run("settle", "--ledger", PLAYERS, "-f", "jsonl", "-v", "sg")[1] == out  # the same with -v sg


def test_ledger_header_from_a_pipe():
    code, out, _ = run("settle", "--ledger", "-", "-f", "jsonl", input=Path(PLAYERS).read_bytes())
    recs = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and recs[0]["variant"] == "sg" and recs[0]["line"] == 3


def test_ledger_header_rules_ladder_stake(tmp_path):
    # sg-2-6: A = 2^tai units (ladder 2: 4); stake 0.5. E self-draws 2 tai: each of three pays 2A = 8 units,
    # 8 x 0.5 = 4 money each, E nets +12.
    (tmp_path / "house.yaml").write_text(Path(SG_HOUSE).read_text())
    ledger = tmp_path / "l.jsonl"
    ledger.write_text('{"mjcli": {"rules": "house.yaml", "stake": 0.5}}\n{"winner": "E", "value": 2}\n')
    code, out, err = run("settle", "--ledger", str(ledger), "-f", "jsonl")
    rec = json.loads(out)
    assert code == 0, err
    assert rec["variant"] == "sg-2-6" and rec["net"] == {"E": 12, "S": -4, "W": -4, "N": -4}


def test_bad_header_names_the_key(tmp_path):
    ledger = tmp_path / "l.jsonl"
    ledger.write_text('{"mjcli": {"varient": "sg"}}\n{"winner": "E", "value": 2}\n')
    code, _, err = run("settle", "--ledger", str(ledger))
    assert code == 2 and "line 1" in err and "did you mean variant" in err


def test_header_only_first(tmp_path):
    ledger = tmp_path / "l.jsonl"
    ledger.write_text('{"winner": "E", "value": 2}\n{"mjcli": {"variant": "sg"}}\n')
    code, _, err = run("settle", "--ledger", str(ledger))
    assert code == 1 and "only the first line" in err


# --- two explicit sources that disagree -----------------------------------------------------------------------

def test_rules_file_against_variant_option():
    code, _, err = run("score", "--rules", SG_HOUSE, "-v", "hk", HAND)
    assert code == 2 and "sg house-rule file" in err and "-v hk" in err and SG_HOUSE in err


def test_ledger_header_against_variant_option():
    code, out, err = run("settle", "--ledger", PLAYERS, "-v", "hk")
    assert code == 2 and out == ""
    assert "ledger header" in err and "variant sg" in err and "-v hk" in err


def test_environment_rules_against_environment_variant():
    code, _, err = run("score", HAND, env={"MJCLI_RULES": SG_HOUSE, "MJCLI_VARIANT": "hk"})
    assert code == 2 and "MJCLI_RULES" in err and "MJCLI_VARIANT=hk" in err


def test_config_rules_for_another_variant_left_out_with_a_note(tmp_path):
    path = tmp_path / "config.yaml"
    path.write_text(f"rules: {SG_HOUSE}\n")
    code, out, err = run("score", "-f", "json", "-v", "hk", HAND, env={"MJCLI_CONFIG": str(path)})
    assert code == 0 and json.loads(out)[0]["variant"] == "hk"
    assert err.startswith("note: ") and "left out" in err
    code, out, err = run("score", "-f", "json", "-v", "sg", "123m 456m 789m 234p 55s", env={"MJCLI_CONFIG": str(path)})
    assert json.loads(out)[0]["variant"] == "sg-2-6" and err == ""  # the same variant: the house rules apply


# --- score --ladder/--stake: the payment as settle pays it -----------------------------------------------------

def test_score_ladder_and_stake_as_settle():
    # the figures settle pays (hk, half_spicy, a self-drawn 3-faan hand, 0.5 a unit); score shows the same
    code, out, _ = run("settle", "-v", "hk", "--winner", "E", "--hand", HAND, "--ladder", "half_spicy",
                       "--stake", "0.5", "-f", "json")
    each = {p["amount"] for p in json.loads(out)[0]["payments"]}
    code, out, _ = run("score", HAND, "--ladder", "half_spicy", "--stake", "0.5", "-f", "json")
    pay = json.loads(out)[0]["payment"]
    assert {pay["each"]} == each and pay["total"] == 3 * pay["each"]
    # half_spicy, 3 faan self-drawn: each loser pays 4 units (as `mjcli settle` prints); x 0.5 = 2 each, 6 in all
    assert pay == {"shooter": None, "others": None, "each": 2, "total": 6, "robbed_kong": False}


def test_score_stake_from_config(tmp_path):
    path = tmp_path / "config.yaml"
    path.write_text("stake: 2\n")
    code, out, _ = run("score", HAND, "-f", "json", env={"MJCLI_CONFIG": str(path)})
    assert json.loads(out)[0]["payment"]["each"] == 8  # 4 units x 2


def test_rules_lang_from_config(tmp_path):
    path = tmp_path / "config.yaml"
    path.write_text("lang: zh\n")
    a = run("rules", "hk", "-f", "json", env={"MJCLI_CONFIG": str(path)})[1]
    b = run("rules", "hk", "-f", "json", "--lang", "zh")[1]
    assert a == b and a != run("rules", "hk", "-f", "json")[1]
