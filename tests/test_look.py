"""Issue 17: the session as a chart (terminal and SVG) and a progress line on long batches."""

import os
import pty
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from mjcli.cli import cli

ROOT = Path(__file__).resolve().parent.parent
LEDGER = ROOT / "examples" / "ledger.jsonl"
SVG = "{http://www.w3.org/2000/svg}"


def run(runner, args, **env):
    return runner.invoke(cli, args, env={"COLUMNS": "80", "NO_COLOR": None, **env}, catch_exceptions=False)


def test_chart_of_the_example_ledger_at_80_columns(runner):
    res = run(runner, ["settle", "-v", "hk", "--ledger", str(LEDGER), "--chart"])
    assert res.exit_code == 0
    assert res.output == (ROOT / "tests" / "data" / "ledger-chart-80.txt").read_text(encoding="utf-8")
    # the final totals are the ledger's own (E -84, S +68, W -12, N +28: tests/test_ledger.py)
    finals = {line.split()[0]: line.split()[-1] for line in res.output.splitlines()[1:]}
    assert finals == {"E": "-84", "S": "+68", "W": "-12", "N": "+28"}


@pytest.mark.parametrize("cols", ["40", "80", "120", "200"])
def test_chart_fits_the_width(runner, cols):
    res = run(runner, ["settle", "-v", "sg", "--ledger", str(ROOT / "examples" / "ledger-players.jsonl"), "--chart"],
              COLUMNS=cols)
    assert res.exit_code == 0
    assert all(len(line) <= int(cols) for line in res.output.splitlines())
    assert [line.split()[0] for line in res.output.splitlines()[1:]] == ["Ann", "Bo", "Cy", "Di"]


def test_chart_has_no_colour_off_a_terminal(runner):
    res = run(runner, ["settle", "-v", "hk", "--ledger", str(LEDGER), "--chart"])
    assert "\x1b" not in res.output


def _drain(fd) -> bytes:
    """Everything still to be read from a pseudo-terminal's master side (EIO once the child has gone)."""
    out = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return out
        if not chunk:
            return out
        out += chunk


def _on_a_terminal(args, env_extra=None, stdin=None):
    """Run mjcli with stdout and stderr on a pseudo-terminal; what the terminal showed."""
    master, slave = pty.openpty()
    env = {**os.environ, "COLUMNS": "80", **(env_extra or {})}
    env.pop("NO_COLOR", None) if "NO_COLOR" not in (env_extra or {}) else None
    proc = subprocess.Popen([sys.executable, "-m", "mjcli", *args], stdin=stdin or subprocess.DEVNULL, stdout=slave,
                            stderr=slave, cwd=ROOT, env=env)
    os.close(slave)
    out = _drain(master)
    proc.wait(timeout=120)
    os.close(master)
    return proc.returncode, out.decode("utf-8", "replace")


def test_chart_in_colour_on_a_terminal_unless_no_color():
    code, shown = _on_a_terminal(["settle", "-v", "hk", "--ledger", str(LEDGER), "--chart"])
    assert code == 0 and "\x1b[32m" in shown and "\x1b[31m" in shown
    code, shown = _on_a_terminal(["settle", "-v", "hk", "--ledger", str(LEDGER), "--chart"], {"NO_COLOR": "1"})
    assert code == 0 and "\x1b[" not in shown and "-84" in shown


def test_svg_of_the_example_ledger(runner):
    res = run(runner, ["settle", "-v", "hk", "--ledger", str(LEDGER), "--format", "svg"])
    assert res.exit_code == 0
    root = ET.fromstring(res.output)
    lines = root.findall(f"{SVG}polyline")
    assert {p.get("data-player"): p.get("data-final") for p in lines} == {"E": "-84", "S": "+68", "W": "-12",
                                                                          "N": "+28"}
    assert all(len(p.get("points").split()) == 6 for p in lines)  # the start and five hands


def test_svg_of_a_session_by_players(runner):
    res = run(runner, ["settle", "-v", "sg", "--ledger", str(ROOT / "examples" / "ledger-players.jsonl"), "-f", "svg"])
    root = ET.fromstring(res.output)
    assert [p.get("data-player") for p in root.findall(f"{SVG}polyline")] == ["Ann", "Bo", "Cy", "Di"]


@pytest.mark.parametrize("args", [["settle", "-v", "hk", "--winner", "E", "--value", "3", "--chart"],
                                  ["settle", "-v", "hk", "--winner", "E", "--value", "3", "-f", "svg"],
                                  ["settle", "-v", "hk", "--ledger", str(LEDGER), "--chart", "-f", "json"]])
def test_chart_needs_a_ledger_and_a_picture_format(runner, args):
    res = runner.invoke(cli, args)
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert len(res.output.strip().splitlines()) == 1


def test_chart_skips_a_bad_line_and_says_so(runner, tmp_path):
    f = tmp_path / "l.jsonl"
    f.write_text('{"winner": "E", "from": "S", "value": 3}\n{"winner": "Q"}\n{"winner": "S", "value": 3}\n')
    res = runner.invoke(cli, ["settle", "-v", "hk", "--ledger", str(f), "--chart"], env={"COLUMNS": "80"})
    assert res.exit_code == 1
    assert "error: line 2" in res.output
    assert "after 2 hands" in res.output


# -------------------------------------------------------------------- progress


@pytest.fixture(scope="module")
def big_file(tmp_path_factory):
    """Just over the 10,000 lines after which a batch counts as long (one cheap hand, over and over)."""
    path = tmp_path_factory.mktemp("progress") / "hands.txt"
    path.write_text("123m 456m 789m 234p 55s zimo\n" * 10_300)
    return path


@pytest.fixture(scope="module")
def small_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("progress") / "few.txt"
    path.write_text("123m 456m 789m 23p EE\n" * 1_100)
    return path


def _stderr_on_a_terminal(args, stdin_path):
    """stdout to a pipe, stderr on a pseudo-terminal: (exit code, stdout bytes, what the terminal showed)."""
    master, slave = pty.openpty()
    with open(stdin_path, "rb") as fin:
        proc = subprocess.Popen([sys.executable, "-m", "mjcli", *args], stdin=fin, stdout=subprocess.PIPE,
                                stderr=slave, cwd=ROOT)
        os.close(slave)
        shown = b""
        import select
        while True:
            r, _, _ = select.select([master, proc.stdout], [], [], 60)
            if not r:
                break
            if master in r:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    break
                shown += chunk
            if proc.stdout in r:
                data = proc.stdout.read()
                out = data
                break
        rest_out = proc.stdout.read()
        proc.wait(timeout=120)
        shown += _drain(master)
        os.close(master)
    return proc.returncode, out + rest_out, shown.decode("utf-8", "replace")


def test_progress_on_a_terminal_for_a_long_batch(big_file):
    code, out, shown = _stderr_on_a_terminal(["score", "-f", "jsonl"], big_file)
    assert code in (0, 1)
    assert out.count(b"\n") == 10_300  # every answer, and nothing else, on standard output
    assert b"hands/s" not in out and b"\r" not in out
    assert "hands" in shown and "/s" in shown and "%" in shown and "left" in shown


def test_no_progress_turns_it_off_on_a_terminal(big_file):
    code, out, shown = _stderr_on_a_terminal(["score", "-f", "jsonl", "--no-progress"], big_file)
    assert out.count(b"\n") == 10_300
    assert "/s" not in shown


def test_no_progress_by_default_off_a_terminal(big_file):
    p = subprocess.run([sys.executable, "-m", "mjcli", "score", "-f", "jsonl"], stdin=open(big_file, "rb"),
                       capture_output=True, cwd=ROOT, timeout=120)
    assert p.stderr == b""


def test_progress_forced_off_a_terminal_and_the_answers_unchanged(small_file):
    plain = subprocess.run([sys.executable, "-m", "mjcli", "wait", "-f", "jsonl"], stdin=open(small_file, "rb"),
                           capture_output=True, cwd=ROOT, timeout=120)
    forced = subprocess.run([sys.executable, "-m", "mjcli", "wait", "-f", "jsonl", "--progress"],
                            stdin=open(small_file, "rb"), capture_output=True, cwd=ROOT, timeout=120)
    assert forced.stdout == plain.stdout
    assert b"hands" in forced.stderr and b"/s" in forced.stderr


def test_progress_clock_and_counts():
    """The line itself, with a fake clock: percent of the file, rate and time left."""
    import io

    from mjcli.progress import Progress

    class Stream(io.BytesIO):
        pass

    data = Stream(b"x" * 1000)
    data.seek(250)
    err = io.StringIO()
    ticks = iter([0.0, 5.0])
    p = Progress(data, err=err, forced=True, clock=lambda: next(ticks))
    p.size = 1000
    assert p.text(500, 5.0) == " 25%  500 lines  100/s  15s left"


def test_progress_on_a_ledger(tmp_path):
    f = tmp_path / "season.jsonl"
    f.write_text('{"winner": "E", "from": "S", "value": 3}\n' * 1_100)
    p = subprocess.run([sys.executable, "-m", "mjcli", "settle", "-v", "hk", "--ledger", str(f), "-f", "jsonl",
                        "--progress"], capture_output=True, cwd=ROOT, timeout=120)
    assert p.returncode == 0 and p.stdout.count(b"\n") == 1_100
    assert b"hands" in p.stderr and b"/s" in p.stderr
