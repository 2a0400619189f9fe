"""CR, LF and CRLF each end a line, on every input path (issue 31, item 9): a file saved with old Mac line
ends is read line by line, not merged into one hand ("6 copies of 5s")."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from mjcli.lines import _CAP, raw_lines, read_lines

ROOT = Path(__file__).resolve().parent.parent
HANDS = ["123m 456m 789m 234p 55s zimo", "123m 456m 789m 234p 5s @5s", "# a comment", "",
         "11m 22m 33m 44m 55m 66m 77m"]
ENV = {**os.environ, "MJCLI_CONFIG": "", "NO_COLOR": "1"}


def lines_of(data: bytes, buffer: int = 8192, cap: int = _CAP) -> list:
    return list(raw_lines(io.BufferedReader(io.BytesIO(data), buffer), cap))


def test_each_end_of_line_ends_a_line():
    assert lines_of(b"a\rb\r\nc\nd") == [b"a\r", b"b\r\n", b"c\n", b"d"]
    assert lines_of(b"\r\r\n\n") == [b"\r", b"\r\n", b"\n"]
    assert lines_of(b"a\r") == [b"a\r"] and lines_of(b"a\r\n") == [b"a\r\n"] and lines_of(b"") == []


def test_a_crlf_split_between_two_reads_is_one_end_of_line():
    # a line of exactly the cap with its CR: the LF comes in the next read
    assert lines_of(b"12345678\r\nx", cap=10) == [b"12345678\r\n", b"x"]
    assert lines_of(b"123456789\r\nx", cap=10) == [11, b"x"]  # over the cap with its CRLF, as with a LF
    assert lines_of(b"123456789\rx", cap=10) == [b"123456789\r", b"x"]


def test_a_line_too_long_is_its_size_whatever_ends_it():
    for end in (b"\n", b"\r", b"\r\n"):
        got = lines_of(b"ok" + end + b"9" * 25 + end + b"next" + end, cap=10)
        assert got == [b"ok" + end, 25 + len(end), b"next" + end], end
    assert lines_of(b"1234567890", cap=10) == [10]  # the cap without an end of line, at the end of the input
    assert lines_of(b"1234\r56789012345\r\nz\r", cap=10) == [b"1234\r", 13, b"z\r"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet="ab9 #", max_size=14), max_size=12),
       st.lists(st.sampled_from(["\n", "\r", "\r\n"]), min_size=12, max_size=12),
       st.integers(min_value=1, max_value=9))
def test_lines_come_back_as_written_whatever_the_reads(texts, ends, buffer):
    ends = ends[:len(texts)]
    for i in range(1, len(ends)):  # a CR, then an empty line that a LF ends, is a CRLF: write that line with a CR
        if ends[i - 1] == "\r" and not texts[i] and ends[i][0] == "\n":
            ends[i] = "\r"
    data = "".join(t + e for t, e in zip(texts, ends)).encode()
    cap = 12
    want = [t.encode() + e.encode() if len(t) + len(e) <= cap else len(t) + len(e) for t, e in zip(texts, ends)]
    assert lines_of(data, buffer, cap) == want


def test_lf_lines_are_read_as_before():
    data = b"".join(h.encode() + b"\n" for h in HANDS)
    assert [n for n, _ in read_lines(io.BytesIO(data))] == [1, 2, 5]
    cr = data.replace(b"\n", b"\r")
    assert list(read_lines(io.BytesIO(cr))) == list(read_lines(io.BytesIO(data)))


def run(args, data: bytes) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mjcli", *args], input=data, capture_output=True, env=ENV,
                          cwd=ROOT, timeout=600)


def test_score_reads_a_file_with_cr_line_ends_line_by_line():
    data = "\r".join(HANDS).encode() + b"\r"
    res = run(["score", "-f", "jsonl"], data)
    records = [json.loads(x) for x in res.stdout.splitlines()]
    assert [r["line"] for r in records] == [1, 2, 5] and b"Traceback" not in res.stderr
    assert [r["hand"] for r in records][:2] == ["123456789m 234p 55s @5s zimo", "123456789m 234p 55s @5s"]


def test_settle_reads_a_ledger_and_its_header_with_cr_line_ends():
    ledger = '{"mjcli": {"variant": "sg"}}\r{"winner": "E", "value": 3}\r\r{"winner": "S", "value": 2}\r'
    res = run(["settle", "--ledger", "-", "-f", "jsonl"], ledger.encode())
    records = [json.loads(x) for x in res.stdout.splitlines()]
    assert res.returncode == 0, res.stderr
    assert [r["variant"] for r in records] == ["sg", "sg"] and [r["line"] for r in records] == [2, 4]


def test_jobs_read_a_big_cr_file_as_one_job_does(tmp_path):
    hands = [h for h in HANDS if h and not h.startswith("#")]
    body = "\r".join(hands[i % len(hands)] for i in range(9000)) + "\r"  # over two of the workers' stretches
    path = tmp_path / "cr.txt"
    path.write_bytes(body.encode())
    outs = []
    for jobs in ("1", "2"):
        with open(path, "rb") as f:
            res = subprocess.run([sys.executable, "-m", "mjcli", "score", "-f", "jsonl", "--jobs", jobs], stdin=f,
                                 capture_output=True, env=ENV, cwd=ROOT, timeout=600)
        outs.append(res.stdout)
    assert outs[0] == outs[1] and len(outs[0].splitlines()) == 9000


def _as_raw_lines_read(data: bytes, what: str = "a hand") -> list:
    """What read_lines gives, made from raw_lines and line_item alone."""
    from mjcli.lines import line_item, too_long

    out = []
    for i, raw in enumerate(raw_lines(io.BytesIO(data)), 1):
        item = too_long(raw, what) if raw.__class__ is int else line_item(i, raw, what)
        if item is not None:
            out.append((i, item if isinstance(item, str) else item.as_record()))
    return out


def test_lf_lines_read_at_once_are_the_lines_raw_lines_reads():
    # read_lines reads each LF line with no CR itself, and hands the rest to raw_lines from the first that is not
    # one: a byte-order mark, blank lines, comments, bad UTF-8, a line too long, then a CR, read the same both ways
    lines = [b"\xef\xbb\xbf123m 456m 789m 234p 55s", b"  ", b"# a comment", b"123m \xff", b"9" * (_CAP + 5),
             b" 11m 22m 33m 44m 55m 66m 77m ", b"\t"]
    for data in (b"\n".join(lines) + b"\n", b"\n".join(lines) + b"\r\n5s\n", b"\n".join(lines),
                 b"1m\n" * 3 + b"2m\r" + b"3m\n" * 3, b"", b"\n", b"1m"):
        got = [(i, x if isinstance(x, str) else x.as_record()) for i, x in read_lines(io.BytesIO(data))]
        assert got == _as_raw_lines_read(data), data
