"""What the help and the docs say is what mjcli does (issue 27's drift): the variable named in its error, a
ledger key's did-you-mean, every schema kind in `schema -h`, where the payment presets are, the one
place colour is written, the column `x` explained, and no answer written onto a progress line."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjcli import contract
from mjcli.cli import cli

ROOT = Path(__file__).resolve().parent.parent


def invoke(*args, input=None, env=None):
    return CliRunner().invoke(cli, list(args), input=input, env={"MJCLI_VARIANT": None, **(env or {})})


@pytest.mark.parametrize("value", ["xx", "./no-such-variant.yaml"])
def test_a_bad_mjcli_variant_names_the_variable(value):
    r = invoke("score", "123m 456m 789m 234p 55s zimo", env={"MJCLI_VARIANT": value})
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.startswith(f"error: MJCLI_VARIANT={value}: ") and "unset MJCLI_VARIANT" in r.stderr
    # an option is not the variable: its error says nothing of it
    r = invoke("score", "-v", "xx", "123m 456m 789m 234p 55s zimo", env={"MJCLI_VARIANT": "sg"})
    assert r.exit_code == 2 and "MJCLI_VARIANT" not in r.stderr


def test_a_ledger_key_near_a_known_one_gets_a_did_you_mean():
    r = invoke("settle", "--ledger", "-", input='{"winner": "E", "form": "S", "value": 5}\n')
    assert r.exit_code == 1 and "unknown key 'form' (did you mean from?)" in r.stderr
    r = invoke("settle", "--ledger", "-", input='{"winner": "E", "zzz": "S", "value": 5}\n')
    assert r.exit_code == 1 and "unknown key 'zzz';" in r.stderr


def test_schema_help_lists_every_kind():
    text = " ".join(invoke("schema", "-h").stdout.split())
    listed = re.search(r"record kind \(([^)]*)\)", text).group(1).split(", ")
    assert listed == list(contract.KINDS)
    assert len(invoke("schema").stdout.splitlines()) == len(contract.KINDS)


def test_the_ladder_help_points_where_the_presets_are():
    from mjcli.presets import preset_ids

    text = re.sub(r"(\w)- (\w)", r"\1-\2", " ".join(invoke("settle", "-h").stdout.split()))  # as wrapped
    assert "see README" not in text
    m = re.search(r"--ladder NAME A payment preset, e.g. (\w+) \((\S+) lists them under \"([^\"]+)\"", text)
    assert m, text
    example, doc, section = m.groups()
    assert example in preset_ids()
    guide = (ROOT / doc).read_text(encoding="utf-8")
    body = guide.split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    for pid in preset_ids():
        assert f"`{pid}`" in body, f"{doc} '{section}' does not list {pid}"


def _on_a_terminal(args, env) -> bytes:
    """What mjcli writes to a pseudo-terminal, to its end."""
    import pty

    master, slave = pty.openpty()
    p = subprocess.Popen([sys.executable, "-m", "mjcli", *args], stdin=subprocess.DEVNULL, stdout=slave,
                         stderr=subprocess.PIPE, env=env, cwd=ROOT)
    os.close(slave)
    out = b""
    end = time.monotonic() + 120
    while time.monotonic() < end:
        ready, _, _ = select.select([master], [], [], 1.0)
        if ready:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the terminal's other end closed: all read
                break
            if not chunk:
                break
            out += chunk
        elif p.poll() is not None:
            break
    os.close(master)
    assert p.wait(timeout=120) == 0, p.stderr.read()
    return out


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal needs a POSIX system")
def test_the_readme_says_where_colour_is_written_and_no_color_works():
    """The README said mjcli writes no colour; the ledger chart does, on a terminal, and NO_COLOR turns it off."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| `NO_COLOR`"))
    assert "no colour in any case" not in row and "--chart" in row
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "MJCLI_VARIANT")}
    args = ["settle", "--ledger", "examples/ledger.jsonl", "--chart"]
    assert b"\x1b[" in _on_a_terminal(args, env)
    assert b"\x1b[" not in _on_a_terminal(args, {**env, "NO_COLOR": "1"})
    assert b"\x1b[" not in _on_a_terminal(["score", "123m 456m 789m 234p 55s zimo"], env)


def test_only_the_chart_writes_colour():
    """The chart is the one module with a colour escape in it (the README row says so)."""
    found = [p.name for p in (ROOT / "mjcli").rglob("*.py") if re.search(r"\\x1b\[|\\033\[", p.read_text("utf-8"))
             and p.name != "safetext.py"]
    assert found == ["chart.py"]


def test_the_x_column_is_explained_and_counts_what_it_says():
    """The score table's header `x` was unexplained: `score -h` and the hk guide say what it is, and it is so."""
    text = " ".join(invoke("score", "-h").stdout.split())
    assert "x is how many times a pattern counts when more than once (two dragon pungs: dragon_set, x 2)" in text
    guide = " ".join((ROOT / "docs" / "hk.md").read_text(encoding="utf-8").split())
    assert "The column `x` is how many times a pattern counts, when more than once" in guide
    lines = invoke("score", "234p 567p 99p [CCC] [FFF] @9p").stdout.splitlines()
    head = next(x for x in lines if x.startswith("pattern "))
    assert head.split()[:3] == ["pattern", "id", "x"]
    row = next(x for x in lines if " dragon_set " in x)
    assert row.split()[-2:] == ["2", "2"]  # x 2, 2 faan
    assert all(x.split()[-2] != "1" for x in lines if " no_flowers " in x)  # once: blank


def _both_on_a_terminal(args, stdin_path) -> bytes:
    """What mjcli writes when standard output and standard error are one pseudo-terminal, to its end."""
    import pty

    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("MJCLI_VARIANT", "MJCLI_CONFIG")}
    with open(stdin_path, "rb") as stdin:
        p = subprocess.Popen([sys.executable, "-m", "mjcli", *args], stdin=stdin, stdout=slave, stderr=slave,
                             env={**env, "MJCLI_CONFIG": ""}, cwd=ROOT)
    os.close(slave)
    out = b""
    end = time.monotonic() + 300
    while time.monotonic() < end:
        ready, _, _ = select.select([master], [], [], 1.0)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the terminal's other end closed: all read
                break
            if not chunk:
                break
            out += chunk
        elif p.poll() is not None:
            break
    os.close(master)
    assert p.wait(timeout=300) in (0, 1)
    return out


def _as_seen(line: str) -> str:
    """A terminal line as it shows: each carriage return starts writing over it from the left."""
    seen = ""
    for part in line.split("\r"):
        seen = part + seen[len(part):]
    return seen.rstrip()


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal needs a POSIX system")
def test_no_answer_lands_on_a_progress_line_on_the_same_terminal(tmp_path):
    """The progress line and the answers on one terminal: by default no progress line (the answers scrolling
    by are the progress); forced with --progress, it is cleared before each answer, so every answer shows whole."""
    hands = tmp_path / "hands.txt"
    hands.write_text("123m 456m 789m 234p 55s zimo\n" * 3000, encoding="utf-8")
    plain = _both_on_a_terminal(["score", "-f", "jsonl"], hands).decode("utf-8")
    assert "hands/s" not in plain
    forced = _both_on_a_terminal(["score", "-f", "jsonl", "--progress"], hands).decode("utf-8")
    assert "hands" in forced and "/s" in forced  # it was drawn
    seen = [_as_seen(x) for x in forced.replace("\r\n", "\n").split("\n")]
    answers = [x for x in seen if x]
    assert len(answers) == 3000
    assert all(x.startswith('{"schema": "mjcli/score/1"') and x.endswith("}") for x in answers), \
        next(x for x in answers if not x.startswith("{"))
