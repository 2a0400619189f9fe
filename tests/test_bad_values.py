"""Bad values refused (issue 13): negative values in rule files, impossible "whatever the tiles" hands,
a kong claimed from oneself."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from mjcli.api import score_line
from mjcli.cli import cli
from mjcli.errors import RuleFileError
from mjcli.house import load_rules_file
from mjcli.variant import build_variant, load_builtin, variants_dir


# --------------------------------------------------------------------------
# house-rule files: no negative pattern value, no negative payment amount


@pytest.mark.parametrize("text,named", [
    ("extends: hk\nvalues:\n  ping_wu: -2\n", "values.ping_wu (line 3): expected an integer 0 or more"),
    ("extends: hk\nadd:\n  - {id: ping_hu, name: X, value: -1}\n", "add[0].value (line 3): expected an integer 0 or more"),
    ("extends: hk\npayment:\n  ladder: {3: -8, 4: 16}\n", "payment.ladder.3 (line 3): expected an amount 0 or more"),
    ("extends: sg\ninstant:\n  bite: -4\n", "instant.bite (line 3): expected an amount 0 or more"),
    ("extends: hk\npayment:\n  self_drawn: {each: -0.5}\n", "payment.self_drawn.each (line 3): expected a number 0 or more"),
], ids=["value", "added-pattern-value", "ladder-amount", "instant-amount", "self-drawn-share"])
def test_negative_values_refused_with_file_key_and_line(tmp_path, text, named):
    path = tmp_path / "neg.yaml"
    path.write_text(text)
    with pytest.raises(RuleFileError) as exc:
        load_rules_file(path)
    assert str(path) in exc.value.message and named in exc.value.message, exc.value.message
    run = CliRunner().invoke(cli, ["score", "--rules", str(path), "123m 456m 789m 234p 55s"])
    assert run.exit_code == 2 and named in run.stderr


@pytest.mark.parametrize("text", ["extends: hk\nvalues:\n  ping_wu: 0\n", "extends: sg\ninstant:\n  bite: 0\n"],
                         ids=["value-zero", "instant-zero"])
def test_zero_is_still_allowed(tmp_path, text):
    path = tmp_path / "zero.yaml"
    path.write_text(text)
    load_rules_file(path)


@pytest.mark.parametrize("key,old,new", [("ladder", "3: 8,", "3: -8,"), ("instant", "bite: 4", "bite: -4")])
def test_negative_amount_in_a_full_variant_file(key, old, new):
    vid = "hk" if key == "ladder" else "sg"
    path = variants_dir() / f"{vid}.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    import mjcli.yamlsafe as yamlsafe

    data, lines = yamlsafe.load(text.replace(old, new, 1), f"{vid}.yaml")
    with pytest.raises(RuleFileError) as exc:
        build_variant(data, f"{vid}.yaml", lines)
    assert "0 or more" in exc.value.message and f"{vid}.yaml" in exc.value.message and "(line " in exc.value.message


# --------------------------------------------------------------------------
# a hand that wins whatever the tiles is still checked for tile counts


@pytest.mark.parametrize("vid,text,words", [
    # 20 tiles and eight flowers
    ("hk", "123m 456m 789m 123p 456p 789p 11s | f1 f2 f3 f4 s1 s2 s3 s4", "hand has 20 tiles"),
    # 15 tiles and seven flowers
    ("hk", "123m 456m 789m 234p 55s 9s | f1 f2 f3 f4 s1 s2 s3", "hand has 15 tiles"),
    # a fifth 1m with seven flowers
    ("hk", "11111m | f1 f2 f3 f4 s1 s2 s3", "5 copies of 1m"),
    ("sg", "11111m 2m | f1 f2 f3 f4 s1 s2 s3 s4", "5 copies of 1m"),
    ("sg", "123m 456m 789m 234p 55s 99s | f1 f2 f3 f4 s1 s2 s3 s4", "hand has 16 tiles"),
    # four Fei held and 16 other tiles: 20
    ("my3", "123p 456p 789p 11p EEE WW JJJJ", "hand has 20 tiles"),
    ("my3", "11111p JJ | J J", "5 copies of 1p"),
    # 3 + 3 + 3 + 2 + 2 tiles and two Fei held = 15, two more drowned (four Fei in all)
    ("my3", "123p 456p 789p 11p EE JJ | J J", "hand has 15 tiles"),
])
def test_whatever_the_tiles_hands_still_count_tiles(vid, text, words):
    res = score_line(text, load_builtin(vid))
    assert not res.ok and res.error.code == "invalid_hand", res.as_dict()
    assert words in res.error.message


@pytest.mark.parametrize("vid,text,pid", [
    ("hk", "123m 456m 789m 234p 55s | f1 f2 f3 f4 s1 s2 s3 s4", "eight_flowers"),
    ("hk", "19m | f1 f2 f3 f4 s1 s2 s3", "seven_flowers"),  # an immediate win: fewer tiles are fine
    ("sg", "1m | f1 f2 f3 f4 s1 s2 s3 s4", "eight_flowers"),
    ("my3", "1p | J J J J", "four_fei"),
])
def test_whatever_the_tiles_hands_within_the_counts_still_win(vid, text, pid):
    res = score_line(text, load_builtin(vid))
    assert res.ok and res.winning and pid in {p.id for p in res.patterns}, res.as_dict()


def test_fourteen_tiles_plus_a_kong_is_fine():
    # four kongs and a pair: 4 x 4 + 2 = 18 tiles, counted 14 (a kong counts 3), with eight flowers
    res = score_line("55s (1111m) (2222p) [3333s] [4444s] | f1 f2 f3 f4 s1 s2 s3 s4", load_builtin("hk"))
    assert res.ok and res.limit_hand


# --------------------------------------------------------------------------
# settle --kong SEAT:claimed:SEAT


@pytest.mark.parametrize("vid", ["hk", "sg", "my3"])
@pytest.mark.parametrize("kong", ["E:claimed:E", "S:added:S"])
def test_kong_from_oneself_is_a_usage_error(vid, kong):
    run = CliRunner().invoke(cli, ["settle", "-v", vid, "--kong", kong])
    assert run.exit_code == 2, run.output
    assert run.stderr.startswith("error: ") and kong in run.stderr and "own seat" in run.stderr
    assert len(run.stderr.splitlines()) == 1


@pytest.mark.parametrize("vid", ["hk", "sg", "my3"])
def test_kong_claimed_from_another_is_fine(vid):
    run = CliRunner().invoke(cli, ["settle", "-v", vid, "--kong", "E:claimed:S"])
    assert run.exit_code == 0, run.output
