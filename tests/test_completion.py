"""`mjcli completion bash|zsh|fish` and what completes on Tab; `mjcli rules VARIANT PATTERN...`."""

import pytest
from click.testing import CliRunner

from mjcli.cli import cli


def complete(line):
    """What bash completion offers for ``line`` (the word being completed is the last one, maybe empty)."""
    words = line.split(" ")
    env = {"_MJCLI_COMPLETE": "bash_complete", "COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1),
           "MJCLI_VARIANT": None}
    r = CliRunner().invoke(cli, [], env=env, prog_name="mjcli")
    assert r.exit_code == 0, r.output
    return [item.split(",", 1)[1] for item in r.output.split()]


@pytest.mark.parametrize("shell, marker", [("bash", "complete -o nosort -F"), ("zsh", "#compdef mjcli"),
                                           ("fish", "complete --no-files --command mjcli")])
def test_completion_prints_the_script(shell, marker):
    r = CliRunner().invoke(cli, ["completion", shell])
    assert r.exit_code == 0 and marker in r.stdout and "_MJCLI_COMPLETE" in r.stdout


def test_completion_of_an_unknown_shell_is_a_usage_error():
    r = CliRunner().invoke(cli, ["completion", "powershell"])
    assert r.exit_code == 2


@pytest.mark.parametrize("line, expected", [
    ("mjcli score -v ", ["hk", "sg", "my3", "paohuzi", "mcr", "tw"]),
    ("mjcli wait --variant m", ["my3", "mcr"]),
    ("mjcli rules ", ["hk", "sg", "my3", "paohuzi", "mcr", "tw"]),
    ("mjcli score -f ", ["table", "json", "jsonl", "csv"]),
    ("mjcli rules --lang ", ["en", "ms", "ta", "zh", "th"]),
    ("mjcli settle --winner ", ["E", "S", "W", "N"]),
    ("mjcli settle --from s", ["S"]),
    ("mjcli wait --seat ", ["E", "S", "W", "N"]),
    ("mjcli settle --ladder half", ["half_spicy", "half_responsibility"]),
    ("mjcli rules hk half", ["half_flush"]),
    ("mjcli rules -v my3 all_p", ["all_pongs"]),
    ("mjcli completion ", ["bash", "zsh", "fish"]),
    ("mjcli comp", ["completion"]),
])
def test_words_complete(line, expected):
    assert complete(line) == expected


def test_formats_of_rules_complete_the_printable_ones():
    assert {"markdown", "html"} <= set(complete("mjcli rules hk -f "))
    assert "markdown" not in complete("mjcli score -f ")  # nearly: score prints no cheat sheet


def test_a_path_completes_as_a_file():
    r = CliRunner().invoke(cli, [], env={"_MJCLI_COMPLETE": "bash_complete", "COMP_WORDS": "mjcli score -v ./ex",
                                         "COMP_CWORD": "3"}, prog_name="mjcli")
    assert r.output.split() == ["file,./ex"]


def test_rules_with_pattern_ids_prints_those_in_full():
    r = CliRunner().invoke(cli, ["rules", "hk", "ping_wu", "half_flush"], env={"COLUMNS": "80"})
    assert r.exit_code == 0
    flat = " ".join(r.stdout.split())
    assert "ping_wu" in flat and "half_flush" in flat and "example: 123m 456m 789m 234p 55s @5s" in flat
    assert "full_flush" not in flat and "Payment" not in flat
    assert CliRunner().invoke(cli, ["rules", "-v", "hk", "ping_wu", "half_flush"], env={"COLUMNS": "80"}).stdout == r.stdout


@pytest.mark.parametrize("args, says", [
    (["hk", "pingwu"], "no pattern 'pingwu' in hk (did you mean ping_wu?)"),
    (["hk", "sg"], "one VARIANT at a time, got hk sg"),
    (["paohuzi", "ti"], "paohuzi has no pattern ids"),
])
def test_rules_with_a_bad_pattern_id(args, says):
    r = CliRunner().invoke(cli, ["rules", *args])
    assert r.exit_code == 2 and says in r.stderr and r.stdout == ""
