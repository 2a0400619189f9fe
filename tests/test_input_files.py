"""Reading input (issue 31): CR, LF and CRLF each end a line on every path (one process, --jobs from a pipe,
--jobs workers reading a file, a ledger)."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from mjcli import batch, lines
from mjcli.cli import cli

from test_batch import env

HANDS = ["123m 456m 789m 234p 55s zimo", "EEE SSS WWW NNN PP", "123x 456m", "", "# a comment", "5s 5s 5s 5s 5s 5s",
         "1379m 1379p 1379s EE", "123p 456p 789p 11s 234s"]


def _mjcli_small(chunk: int = 4, file_chunk: int = 97) -> list[str]:
    """mjcli with small chunks and stretches, and 2 cores whatever the machine has, so that a short input goes
    through the workers."""
    code = (f"import sys, mjcli.batch as b; b.CHUNK = {chunk}; b.FILE_CHUNK = {file_chunk}; b.cores = lambda: 2; "
            "from mjcli.cli import main; sys.argv[0] = 'mjcli'; main()")
    return [sys.executable, "-c", code]


# --- CR, LF and CRLF ------------------------------------------------------------------------------------------------

def _reference(data: bytes, cap: int) -> list:
    """The lines of ``data`` as a regular expression finds them, each without its end of line (or its size when
    too long to hold: more than ``cap`` bytes with its end of line, ``cap`` or more without)."""
    out = []
    for m in re.finditer(rb"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$", data):
        x = m.group()
        ended = x[-1:] in (b"\r", b"\n")
        out.append(x.rstrip(b"\r\n") if (len(x) <= cap if ended else len(x) < cap) else len(x))
    return out


def _bare(items) -> list:
    return [x.rstrip(b"\r\n") if isinstance(x, bytes) else x for x in items]


class _Trickle(io.RawIOBase):
    """A stream that gives a few bytes at a time, as a pipe may: lines and their ends cut anywhere."""

    def __init__(self, data: bytes, sizes):
        self.data, self.pos, self.sizes = data, 0, sizes

    def readable(self):
        return True

    def read(self, n=-1):
        k = min(n, next(self.sizes))
        out = self.data[self.pos:self.pos + k]
        self.pos += len(out)
        return out


_TEXT = st.lists(st.sampled_from([b"a", b"bc", b"\r", b"\n", b"\r\n", b" ", b"\xff"]), max_size=40).map(b"".join)


@settings(max_examples=400, deadline=None)
@given(data=_TEXT, cap=st.integers(2, 9), block=st.integers(1, 9), pieces=st.lists(st.integers(1, 7), min_size=1))
def test_raw_lines_end_a_line_at_cr_lf_and_crlf_however_the_input_comes(data, cap, block, pieces):
    """lines.raw_lines against a regular expression: every way of cutting the input into reads and blocks, lines
    too long to hold given as their sizes (a CRLF cut between two reads too)."""
    want = _reference(data, cap)
    sizes = iter(pieces * (len(data) + 1))
    old = lines._BLOCK
    lines._BLOCK = block
    try:
        assert _bare(lines.raw_lines(_Trickle(data, sizes), cap)) == want
        assert _bare(lines.raw_lines(io.BytesIO(data), cap)) == want
    finally:
        lines._BLOCK = old
    assert _bare(lines.split_lines(data, cap)) == want


@settings(max_examples=300, deadline=None)
@given(data=_TEXT, cap=st.integers(2, 9), stretch=st.integers(1, 12))
def test_the_workers_stretches_hold_every_line_once_with_any_line_end(tmp_path_factory, data, cap, stretch):
    """batch._line_start, _count_lines and _file_lines (the --jobs workers reading a file) over consecutive
    stretches: every line once, numbered as one process numbers it, CR, LF and CRLF cut at any stretch edge."""
    path = tmp_path_factory.mktemp("stretch") / "f.txt"
    path.write_bytes(data)
    want = _reference(data, cap)
    old = lines._CAP
    lines._CAP = cap
    try:
        with open(path, "rb") as f:
            fd, size = f.fileno(), len(data)
            got, at, seen_at, seen = [], 0, 0, 0
            while at < size:
                begin = 0 if at == 0 else batch._line_start(fd, at, size)
                end = min(at + stretch, size)
                if begin < end:
                    seen += batch._count_lines(fd, seen_at, begin)
                    assert seen == len(got)  # the lines before the stretch, counted: its first line's number
                    found, seen_at = batch._file_lines(fd, begin, end, size)
                    seen += len(found)
                    got += _bare(found)
                at += stretch
    finally:
        lines._CAP = old
    assert got == want


def _variants(text: str) -> dict[str, bytes]:
    return {"lf": text.replace("\n", "\n").encode(), "cr": text.replace("\n", "\r").encode(),
            "crlf": text.replace("\n", "\r\n").encode(),
            "mixed": "".join(line + ("\n", "\r", "\r\n")[i % 3] for i, line in enumerate(text.split("\n")[:-1])
                             ).encode()}


def test_cr_only_lines_are_lines_not_one_hand():
    """A file saved with old Mac line ends (CR only): a record per line, as with LF (it was read as one hand:
    "6 copies of 5s")."""
    text = "".join(f"{h}\n" for h in HANDS)
    want = CliRunner().invoke(cli, ["score", "-f", "jsonl"], input=text.encode())
    for name, data in _variants(text).items():
        got = CliRunner().invoke(cli, ["score", "-f", "jsonl"], input=data)
        assert (got.exit_code, got.stdout_bytes) == (want.exit_code, want.stdout_bytes), name
    recs = [json.loads(x) for x in want.stdout_bytes.splitlines()]
    assert len(recs) == 6 and [r["line"] for r in recs] == [1, 2, 3, 6, 7, 8]


@pytest.mark.parametrize("command", ["score", "wait"])
def test_cr_lf_and_crlf_give_the_same_bytes_on_every_path(tmp_path, command):
    """One process, --jobs from a pipe (the lines handed out) and --jobs from a file (the workers read it, cut
    into stretches of 97 bytes so that ends of line fall on their edges): the bytes of LF."""
    text = "".join(f"{HANDS[i % len(HANDS)]}\n" for i in range(120))
    want = None
    for name, data in _variants(text).items():
        src = tmp_path / f"{name}.txt"
        src.write_bytes(data)
        for how in ("one", "pipe", "file"):
            args = _mjcli_small() + [command, "-f", "jsonl"] + ([] if how == "one" else ["--jobs", "2"])
            if how == "pipe":
                p = subprocess.run(args, input=data, capture_output=True, env=env(), timeout=120)
            else:
                with open(src, "rb") as f:
                    p = subprocess.run(args, stdin=f, capture_output=True, env=env(), timeout=120)
            got = (p.returncode, p.stdout, p.stderr)
            if want is None:
                want = got
                assert want[1].count(b"\n") == 120 - 2 * 15  # a record a line, but blank lines and comments
            assert got == want, (name, how)


def test_a_ledger_with_cr_only_lines():
    text = '{"winner": "E", "from": "S", "value": 5}\n{"winner": "S", "value": 3}\n'
    want = CliRunner().invoke(cli, ["settle", "--ledger", "-", "-f", "jsonl"], input=text.encode())
    got = CliRunner().invoke(cli, ["settle", "--ledger", "-", "-f", "jsonl"], input=text.replace("\n", "\r").encode())
    assert want.exit_code == 0 and want.stdout_bytes.count(b"\n") == 2
    assert (got.exit_code, got.stdout_bytes) == (want.exit_code, want.stdout_bytes)
