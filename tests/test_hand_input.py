"""Where the hands come from and where the answers go (issue 27): a lone FILE argument and -i FILE read a file of
hands, -o FILE writes where asked, and with no hand on a terminal mjcli prompts for hands one a line until
Ctrl-D (tested under a pseudo-terminal)."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjcli.cli import cli

ROOT = Path(__file__).resolve().parent.parent
HK = ROOT / "examples" / "hk.txt"


def invoke(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input, env={"MJCLI_VARIANT": None})


def test_a_lone_file_argument_is_a_file_of_hands():
    """`mjcli score examples/hk.txt` said "unexpected character 'x'"; it reads the file, as `< examples/hk.txt`."""
    want = invoke("score", input=HK.read_bytes())
    for args in (["score", str(HK)], ["score", "-i", str(HK)], ["score", "--input", str(HK)]):
        got = invoke(*args)
        assert (got.exit_code, got.stdout, got.stderr) == (want.exit_code, want.stdout, want.stderr), args


@pytest.mark.parametrize("name", ["hands.txt", "hands.jsonl", "sub/hands"])
def test_what_names_a_file(tmp_path, name, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = Path(name)
    path.parent.mkdir(exist_ok=True)
    path.write_text("123m 456m 789m 234p 55s zimo\n123m 456m 789m 23p EE\n", encoding="utf-8")
    r = invoke("wait", name, "-f", "jsonl")
    assert r.exit_code == 0, r.stderr
    assert [json.loads(x)["line"] for x in r.stdout.splitlines()] == [1, 2]


def test_a_file_argument_that_is_not_there():
    """Read as a hand, as before (a random argument is one answer), with a word on the missing file."""
    r = invoke("score", "examples/nothere.txt")
    assert r.exit_code == 1 and r.stdout == "" and len(r.stderr.splitlines()) == 1
    assert r.stderr.startswith("error: argument 1: ")
    assert r.stderr.rstrip().endswith("there is no file 'examples/nothere.txt' to read hands from")
    r = invoke("score", "-f", "jsonl", "/")
    assert r.exit_code == 1 and len(r.stdout.splitlines()) == 1  # a folder is not a file of hands


def test_hands_come_one_way():
    r = invoke("score", "-i", str(HK), "123m 456m 789m 234p 55s zimo")
    assert r.exit_code == 2 and "not both" in r.stderr
    r = invoke("score", "-i", "nothere.txt")
    assert r.exit_code == 2 and r.stderr.startswith("error: nothere.txt: ") and "-i names a file" in r.stderr


def test_output_to_a_file(tmp_path):
    out = tmp_path / "answers.txt"
    want = invoke("score", str(HK))
    r = invoke("score", str(HK), "-o", str(out))
    assert r.exit_code == want.exit_code and r.stdout == "" and r.stderr == want.stderr
    assert out.read_text(encoding="utf-8") == want.stdout
    r = invoke("wait", "123m 456m 789m 23p EE", "--output", str(out), "-f", "json")
    assert r.exit_code == 0 and json.loads(out.read_text(encoding="utf-8"))[0]["waits"]
    r = invoke("settle", "--winner", "E", "--from", "S", "--value", "5", "-o", str(out))
    assert r.exit_code == 0 and r.stdout == "" and "net: E +24" in out.read_text(encoding="utf-8")


def test_output_never_replaces_the_input(tmp_path):
    hands = tmp_path / "hands.txt"
    hands.write_bytes(HK.read_bytes())
    for args in (["score", str(hands), "-o", str(hands)], ["score", "-i", str(hands), "-o", str(hands)]):
        r = invoke(*args)
        assert r.exit_code == 2 and "is the file the hands are read from" in r.stderr
    assert hands.read_bytes() == HK.read_bytes()


LEDGER = ROOT / "examples" / "ledger-players.jsonl"


def test_settle_reads_a_ledger_with_i_as_with_ledger(tmp_path):
    """settle's input is a ledger: -i FILE (or -i - for standard input) is --ledger FILE; -o FILE writes."""
    want = invoke("settle", "--ledger", str(LEDGER))
    assert want.exit_code == 0 and "deal: " in want.stdout
    for args in (["-i", str(LEDGER)], ["--input", str(LEDGER)]):
        got = invoke("settle", *args)
        assert (got.exit_code, got.stdout, got.stderr) == (want.exit_code, want.stdout, want.stderr), args
    got = invoke("settle", "-i", "-", input=LEDGER.read_bytes())
    assert (got.exit_code, got.stdout) == (0, want.stdout)
    out = tmp_path / "totals.txt"
    r = invoke("settle", "-i", str(LEDGER), "-o", str(out))
    assert r.exit_code == 0 and r.stdout == "" and out.read_text(encoding="utf-8") == want.stdout
    r = invoke("settle", "-i", str(LEDGER), "-f", "jsonl", "-o", str(out))
    assert [json.loads(x)["hand_no"] for x in out.read_text(encoding="utf-8").splitlines()] == list(range(1, 9))


def test_settle_input_errors_and_the_ledger_never_replaced(tmp_path):
    r = invoke("settle", "-i", str(LEDGER), "--ledger", str(LEDGER))
    assert r.exit_code == 2 and "not both" in r.stderr
    r = invoke("settle", "-i", "nothere.jsonl")
    assert r.exit_code == 2 and r.stderr.startswith("error: nothere.jsonl: ") and "-i names a ledger" in r.stderr
    ledger = tmp_path / "session.jsonl"
    ledger.write_bytes(LEDGER.read_bytes())
    for args in (["--ledger", str(ledger)], ["-i", str(ledger)]):  # -o on the ledger would have emptied it
        r = invoke("settle", *args, "-o", str(ledger))
        assert r.exit_code == 2 and "is the file the ledger is read from" in r.stderr, args
    assert ledger.read_bytes() == LEDGER.read_bytes()


def test_output_that_cannot_be_written(tmp_path):
    r = invoke("score", "123m 456m 789m 234p 55s zimo", "-o", str(tmp_path / "no" / "such" / "dir.txt"))
    assert r.exit_code == 2 and "-o names a file to write" in r.stderr and "Traceback" not in r.stderr


def test_a_file_with_jobs_into_a_file(tmp_path):
    """--jobs 2 with -i and -o: the workers read the file and write the answers into -o's file."""
    out = tmp_path / "a.jsonl"
    p = subprocess.run([sys.executable, "-m", "mjcli", "score", "-f", "jsonl", "--jobs", "2", "-i", str(HK), "-o",
                        str(out)], capture_output=True, timeout=300)
    want = subprocess.run([sys.executable, "-m", "mjcli", "score", "-f", "jsonl"], stdin=HK.open("rb"),
                          capture_output=True, timeout=300)
    assert p.returncode == want.returncode and p.stdout == b""
    assert out.read_bytes() == want.stdout


def test_help_says_how_to_give_hands():
    for command in ("score", "wait"):
        text = invoke(command, "-h").stdout
        assert "Ctrl-D" in text and "`-`" in text and "-i, --input FILE" in text and "-o, --output FILE" in text
        assert "+123p" in text and "':'" in text
    assert "-o, --output FILE" in invoke("settle", "-h").stdout


# --- a prompt on a terminal ----------------------------------------------------------------------------------------

DEADLINE = 120  # seconds for an answer on a terminal: far beyond the slowest honest run


class Terminal:
    """mjcli on a pseudo-terminal: stdin, stdout and stderr are the terminal."""

    def __init__(self, *args):
        import pty

        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: mjcli on the terminal
            os.environ.pop("MJCLI_VARIANT", None)
            os.environ["COLUMNS"] = "80"
            os.execv(sys.executable, [sys.executable, "-m", "mjcli", *args])
        self.seen = b""

    def read_until(self, what: bytes) -> bytes:
        """What the terminal shows until ``what`` appears (an event, with a deadline far beyond need)."""
        end = time.monotonic() + DEADLINE
        while what not in self.seen:
            left = end - time.monotonic()
            assert left > 0, f"no {what!r} on the terminal; it shows {self.seen[-500:]!r}"
            ready, _, _ = select.select([self.fd], [], [], min(left, 1.0))
            if ready:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:  # the child has ended
                    chunk = b""
                if not chunk:
                    break
                self.seen += chunk
        assert what in self.seen, f"no {what!r} on the terminal; it shows {self.seen[-500:]!r}"
        at = self.seen.index(what) + len(what)
        shown, self.seen = self.seen[:at], self.seen[at:]
        return shown

    def type(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def end(self) -> int:
        """Ctrl-D, then the exit status."""
        self.type(b"\x04")
        end = time.monotonic() + DEADLINE
        while time.monotonic() < end:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                os.close(self.fd)
                return os.waitstatus_to_exitcode(status)
            ready, _, _ = select.select([self.fd], [], [], 0.5)
            if ready:
                try:
                    os.read(self.fd, 4096)
                except OSError:
                    pass
        os.kill(self.pid, 9)
        raise AssertionError("mjcli did not end on Ctrl-D")


needs_pty = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal needs a POSIX system")


@needs_pty
def test_score_with_no_hand_on_a_terminal_prompts_until_ctrl_d():
    t = Terminal("score")
    assert b"Ctrl-D ends" in t.read_until(b"hand> ")
    t.type(b"123m 456m 789m 234p 55s zimo\r")
    shown = t.read_until(b"hand> ")
    assert b"payment: each loser pays 4 (total 12)" in shown and b"error" not in shown
    t.type(b"123m 456m 789m 1 55s\r")  # a mistake: its error, and the prompt goes on
    shown = t.read_until(b"hand> ")
    assert b"error: line 2: digits '1'" in shown and b"shell" not in shown
    t.type(b"\r")  # an empty line: the prompt again
    t.read_until(b"hand> ")
    assert t.end() == 1  # one hand was bad, as in a batch


@needs_pty
def test_the_prompt_edits_the_line():
    """readline's editing: Ctrl-A goes to the start of the line (without it the line would hold a raw 0x01)."""
    pytest.importorskip("readline")
    t = Terminal("wait")
    t.read_until(b"hand> ")
    t.type(b"456m 789m 23p EE\x01123m \r")
    assert b"123456789m 23p EE   (hk)" in t.read_until(b"hand> ")
    assert t.end() == 0


@needs_pty
def test_a_dash_on_a_terminal_prompts_too():
    t = Terminal("score", "-", "-f", "jsonl")
    t.read_until(b"hand> ")
    t.type(b"123m 456m 789m 234p 55s zimo\r")
    shown = t.read_until(b"hand> ")
    assert b'"total": 3' in shown
    assert t.end() == 0
