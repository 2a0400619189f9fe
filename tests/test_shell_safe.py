"""Hands typed unquoted in a shell (issue 27): the aliases +123p ++5555p _5555p and ':' mean the bracketed
spellings, take the parser's fast path, and pass through bash, zsh and fish untouched; a hand the shell has
visibly changed gets an error that says to use them or quotes; full-width ASCII forms read as ASCII."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjcli.mahjong import tiles
from mjcli.cli import cli
from mjcli.errors import ParseError
from mjcli.mahjong.tiles import format_hand, parse_hand

# (aliased, bracketed): the same hand
PAIRS = [
    ("123m 456m 99s +EEE _SSSS @9s", "123m 456m 99s [EEE] (SSSS) @9s"),  # the hand
    ("123m 456m 789m +234p 55s : f1 s2", "123m 456m 789m [234p] 55s | f1 s2"),
    ("123m 99s ++5555p _6666p +777p @9s zimo", "123m 99s {5555p} (6666p) [777p] @9s zimo"),
    ("11m 22m +5555s +CCC 33m", "11m 22m [5555s] [CCC] 33m"),
    ("123m 456m 789m 55s +4J6p : J", "123m 456m 789m 55s [4J6p] | J"),  # my3: a Fei in a meld, a drowned Fei
    ("123m 456m 789m 5s +234p @5s", "123m 456m 789m 5s [234p] @5s"),  # 13 tiles and @T: the tile is added
]
PAOHUZI = [
    ("_x1x1x1x1 +d10d10d10d10 d1d2d3 x2x7x10 x4x4d4 x6x6 x8d8d8",
     "(x1x1x1x1) [d10d10d10d10] d1d2d3 x2x7x10 x4x4d4 x6x6 x8d8d8"),
    ("+d1d2d3 +d2d7d10 _x6x6x6 x5x5x5 x3x3d3 x4x4d4 x8x8d8 @x5 self",
     "[d1d2d3] [d2d7d10] (x6x6x6) x5x5x5 x3x3d3 x4x4d4 x8x8d8 @x5 self"),
]


@pytest.mark.parametrize("aliased,bracketed", PAIRS)
@pytest.mark.parametrize("complete", [False, True])
def test_an_alias_is_the_bracketed_spelling(aliased, bracketed, complete):
    a, b = parse_hand(aliased, complete=complete), parse_hand(bracketed, complete=complete)
    assert a == b and a.win_added == b.win_added
    assert format_hand(a) == format_hand(b)  # the output prints the canonical brackets


@pytest.mark.parametrize("aliased,bracketed", PAIRS)
def test_every_alias_takes_the_fast_path(aliased, bracketed):
    """The fast path reads the line (not None), and gives the full parser's hand (a comment sends a line to the
    full parser)."""
    for text in (aliased, bracketed):
        assert tiles._plain_tiles(text) is not None, text
        for complete in (False, True):
            fast = parse_hand(text, complete=complete)
            full = parse_hand(text + " # the full parser", complete=complete)
            assert fast == full and fast.win_added == full.win_added


@pytest.mark.parametrize("text", ["123m +", "123m ++", "123m _", "+12p 123m", "_123p 123m 456m", "+123x 11m",
                                  "123m : f1 : s1", "123m : +456m", "123m zimo +456m", "123m +5J55p", ":f1 123m"])
def test_a_bad_alias_is_the_full_parsers_error(text):
    """The fast path leaves a bad word to the full parser, whose error names it with its column."""
    with pytest.raises(ParseError) as err:
        parse_hand(text)
    assert "(at column" in err.value.message


def test_an_alias_error_is_written_in_the_alias():
    with pytest.raises(ParseError) as err:
        parse_hand("123m 456m 789m 55s _234p")
    assert "'_234p' is a set of 3 written _" in err.value.message and "+123p" in err.value.message
    with pytest.raises(ParseError) as err:
        parse_hand("123m 456m 789m 55s +")
    assert "empty meld '+'" in err.value.message and "+123p" in err.value.message
    with pytest.raises(ParseError) as err:
        parse_hand("123m 456m 789m 55s +12Cp")
    assert "+123p or +CCC" in err.value.message


@pytest.mark.parametrize("aliased,bracketed", PAOHUZI)
def test_paohuzi_aliases(aliased, bracketed):
    from mjcli.games.paohuzi.cards import parse

    assert parse(aliased) == parse(bracketed)
    with pytest.raises(ParseError, match="no added group"):
        parse("++x1x1x1x1 x2")


def test_full_width_ascii_forms_read_as_ascii():
    """What a CJK phone keyboard types: full-width digits, letters, @, | and the ideographic space."""
    assert parse_hand("１２３ｍ　４５６ｍ　７８９ｍ　２３４ｐ　５５ｓ　＠５ｓ　ｚｉｍｏ") == parse_hand(
        "123m 456m 789m 234p 55s @5s zimo")
    assert parse_hand("１２３ｍ ４５６ｍ ７８９ｍ ［２３４ｐ］ ５５ｓ ｜ ｆ１ ｓｅａｔ＝Ｓ") == parse_hand(
        "123m 456m 789m [234p] 55s | f1 seat=S")
    assert parse_hand("ＥＥＥ ＋ＳＳＳ ＷＷＷ ＮＮＮ ＣＣ") == parse_hand("EEE [SSS] WWW NNN CC")
    assert tiles.parse_tile("５ｐ") == 13 and tiles.wind_letter("ｅａｓｔ") == "E"
    from mjcli.games.paohuzi.cards import parse

    assert parse("ｘ１ｘ２ｘ３ ＋ｄ５ｄ５ｄ５") == parse("x1x2x3 +d5d5d5")


@pytest.mark.parametrize("text", ["１２３ｍ ｶ", "123m ①②③p", "123m \u2460", "１２３ｍ ４５６ｍ ＳＳＳ ｆ１"])
def test_nothing_else_is_widened(text):
    """Half-width katakana, circled digits and other compatibility forms stay what they are (refused); a bonus
    token still needs its bar."""
    with pytest.raises(ParseError):
        parse_hand(text)


def test_full_width_on_the_command_line():
    r = CliRunner().invoke(cli, ["score", "１２３ｍ", "４５６ｍ", "７８９ｍ", "２３４ｐ", "５５ｓ", "ｚｉｍｏ"])
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("123456789m 234p 55s @5s zimo   (hk)")


# --- errors on a hand the shell has changed ------------------------------------------------------------------------

def test_a_lone_digit_where_a_meld_was_says_to_use_the_aliases():
    """`[123p]` with a file named 1 in the folder: bash passes `1`."""
    r = CliRunner().invoke(cli, ["score", "123m", "456m", "789m", "1", "55s"])
    assert r.exit_code == 1
    line = r.stderr.strip()
    assert len(r.stderr.strip().splitlines()) == 1
    assert "'1' with no suit letter" in line and "+123p" in line and "_5555p" in line and "quote the hand" in line
    r = CliRunner().invoke(cli, ["score", "-v", "paohuzi", "x1x2x3", "1", "x4x5x6"])
    assert "+x1x2x3" in r.stderr and "_x5x5x5" in r.stderr


def test_a_quoted_hand_gets_no_shell_hint():
    r = CliRunner().invoke(cli, ["score", "123m 456m 789m 1 55s"])
    assert r.exit_code == 1 and "shell" not in r.stderr
    r = CliRunner().invoke(cli, ["score"], input="123m 456m 789m 1 55s\n")
    assert r.exit_code == 1 and "shell" not in r.stderr


def test_output_to_a_pipe_nobody_reads_says_the_bar_became_a_pipe():
    """`mjcli score 123m ... 55s | f5`: the shell pipes mjcli into a command f5 that does not exist. The
    reader is gone before mjcli starts (here: closed by the test, so the case does not hang on timing)."""
    r, w = os.pipe()
    os.close(r)
    try:
        p = subprocess.run([sys.executable, "-m", "mjcli", "score", "123m", "456m", "789m", "234p", "55s"],
                           stdout=w, stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(w)
    assert p.returncode == 2
    assert p.stderr.startswith("error: standard output is a pipe that nobody reads") and "':'" in p.stderr
    assert "Traceback" not in p.stderr and len(p.stderr.splitlines()) == 1


def test_standard_input_hands_to_a_closed_pipe_stay_quiet():
    """Only hands on the command line get the hint: a batch into `| head -1` ends quietly as before."""
    r, w = os.pipe()
    os.close(r)
    try:
        p = subprocess.run([sys.executable, "-m", "mjcli", "score"], input=b"123m 456m 789m 234p 55s\n",
                           stdout=w, stderr=subprocess.PIPE, timeout=120)
    finally:
        os.close(w)
    assert p.returncode == 0 and p.stderr == b""


# --- the real shells -----------------------------------------------------------------------------------------------

SHELLS = {
    "bash": ["bash", "--norc", "--noprofile", "-c"],
    "zsh": ["zsh", "-f", "-c"],
    "fish": ["fish", "--no-config", "-c"],
}
# each hand typed unquoted at the shell, and what mjcli must print first (the canonical hand)
UNQUOTED = [
    ("score 123m 456m 99s +EEE _SSSS @9s", "123456m 99s [EEE] (SSSS) @9s   (hk)"),
    ("score 123m 456m 789m +234p 55s : f1 s2", "123456789m 55s [234p] | f1 s2 @5s   (hk)"),
    ("score 123m 99s ++5555p _6666p +777p @9s zimo", "123m 99s {5555p} (6666p) [777p] @9s zimo   (hk)"),
    ("score -v my3 123p 456p 789p 55p +4J6p : J cat", "12345556789p [4J6p] | cat J @5p   (my3)"),
    ("wait 123m 456m 789m +234p 5s", "123456789m 5s [234p]   (hk)"),
    ("score -v paohuzi _x1x1x1x1 +d10d10d10d10 d1d2d3 x2x7x10 x4x4d4 x6x6 x8d8d8",
     "x2 x4 x4 x6 x6 x7 x8 x10 d1 d2 d3 d4 d8 d8 (x1x1x1x1) [d10d10d10d10] @d8   (paohuzi)"),
]


def _shell(name):
    if shutil.which(name) is None:
        pytest.skip(f"{name} is not installed (.ci/run installs it)")
    return SHELLS[name]


@pytest.fixture
def globby(tmp_path):
    """A folder holding files named as a glob of a meld would match (1, 2, 3, p, E): bash would expand [123p]."""
    for name in ("1", "2", "3", "p", "E", "S"):
        (tmp_path / name).write_text("")
    return tmp_path


@pytest.mark.parametrize("shell", sorted(SHELLS))
@pytest.mark.parametrize("command,first", UNQUOTED, ids=[c.split()[0] + str(i) for i, (c, _) in enumerate(UNQUOTED)])
def test_each_alias_through_a_real_shell(shell, command, first, globby):
    argv = _shell(shell)
    mjcli = f"{shlex.quote(sys.executable)} -m mjcli"
    env = {k: v for k, v in os.environ.items() if not k.startswith("MJCLI_")}
    env["HOME"] = str(globby)  # no user configuration of the shell is read or written
    p = subprocess.run([*argv, f"{mjcli} {command}"], cwd=globby, capture_output=True, text=True, env=env,
                       timeout=120)
    assert p.stderr == "" and p.returncode in (0, 1), (shell, p.stderr)
    assert p.stdout.splitlines()[0] == first
    # the same hand quoted gives the same answer
    q = subprocess.run([*argv, f"{mjcli} {command.split()[0]} {shlex.quote(' '.join(command.split()[1:]))}"],
                       cwd=globby, capture_output=True, text=True, env=env, timeout=120)
    if "-v" not in command:
        assert q.stdout == p.stdout


@pytest.mark.parametrize("shell", ["bash"])
def test_the_shell_changes_a_bracketed_hand_and_the_error_says_so(shell, globby):
    """Why the aliases: bash expands an unquoted [123p] to the file 1; mjcli's error names the fix."""
    argv = _shell(shell)
    p = subprocess.run([*argv, f"{shlex.quote(sys.executable)} -m mjcli score 123m 456m 789m [123p] 55s"],
                       cwd=globby, capture_output=True, text=True, timeout=120)
    assert p.returncode == 1 and "+123p" in p.stderr and "quote the hand" in p.stderr


def test_ci_installs_the_shells_before_the_tests():
    run = (Path(__file__).resolve().parent.parent / ".ci" / "run").read_text(encoding="utf-8")
    install = run.index("apt-get install")
    assert "zsh fish" in run and install < run.index("python -m pytest")


@pytest.mark.parametrize("text", ["x١x2x3", "x①x2x3", "ｘ1ｘ2ｘ٣"])
def test_paohuzi_reads_no_other_unicode_digit(text):
    """Only ASCII digits (and the full-width ones, as ASCII) number a card: \\d once read ١ as 1."""
    from mjcli.games.paohuzi.cards import parse

    with pytest.raises(ParseError):
        parse(text)
