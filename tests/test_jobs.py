"""``--jobs N``: the same bytes and exit code as one process, answers in input order, a bounded number of chunks
in flight, quiet ends. Chunks are made small here so that a short batch still goes through the worker processes.
"""

from __future__ import annotations

import json
import signal
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjcli import batch
from mjcli.cli import cli

from test_batch import MJCLI, _as_at_a_terminal, env, interrupted

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from procs import children  # noqa: E402

SCORE_LINES = ["EEE SSS WWW NNN PP", "123m 456m 789m 234p 55s zimo", "123x 456m", "", "# a comment",
               "1379m 1379p 1379s EE", "11111m", "[123m", "111m 222m 333m 444m 5m @5m", "123p 456p 789p 11s 234s"]
WAIT_LINES = ["1112345678999m", "123m 456m 789m 23p EE", "123x", "", "1379m 1379p 1379s E", "11112222333m 4",
              "123m 456m 789m 234p 5s", "123m 456m 789m 234p 55s"]  # the last has 14 tiles: what each discard leaves


def batch_text(lines, n) -> bytes:
    out = [lines[i % len(lines)] for i in range(n)]
    out[n // 2] = b"\xff\xfe not utf-8".decode("latin-1")  # written below as raw bytes
    data = "\n".join(out).encode("utf-8")
    return data.replace("\xff\xfe not utf-8".encode("utf-8"), b"\xff\xfe not utf-8")


def run(args, data):
    r = CliRunner().invoke(cli, args, input=data)
    return r.exit_code, r.stdout_bytes, r.stderr_bytes


@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setattr(batch, "CHUNK", 4)


@pytest.mark.parametrize("fmt", ["jsonl", "json", "csv", "table"])
@pytest.mark.parametrize("command,lines", [("score", SCORE_LINES), ("wait", WAIT_LINES)])
def test_jobs_2_gives_the_bytes_of_jobs_1(small_chunks, command, lines, fmt):
    data = batch_text(lines, 61)
    one = run([command, "-f", fmt], data)
    two = run([command, "-f", fmt, "--jobs", "2"], data)
    assert one[0] == 1  # the batch has bad lines: exit 1 either way
    assert two == one
    if fmt == "table":
        assert b"error: line 31: not UTF-8 text" in two[2]


def test_jobs_0_is_every_core_and_a_good_batch_exits_0(small_chunks):
    data = ("EEE SSS WWW NNN PP\n" * 30).encode()
    one = run(["score", "-f", "jsonl"], data)
    every = run(["score", "-f", "jsonl", "--jobs", "0"], data)
    assert every == one and one[0] == 0
    assert one[1].count(b"\n") == 30


def test_a_batch_shorter_than_a_chunk_starts_no_process(monkeypatch):
    def no_pool(*a, **k):
        raise AssertionError("a pool was started for a short batch")

    import multiprocessing

    monkeypatch.setattr(multiprocessing, "get_context", no_pool)
    data = ("EEE SSS WWW NNN PP\n" * 10).encode()
    assert run(["score", "-f", "jsonl", "--jobs", "2"], data) == run(["score", "-f", "jsonl"], data)


def test_hands_as_arguments_with_jobs():
    assert run(["score", "-f", "json", "--jobs", "2", "EEE SSS WWW NNN PP", "123x"], b"") == \
        run(["score", "-f", "json", "EEE SSS WWW NNN PP", "123x"], b"")


@pytest.mark.parametrize("value", ["-1", "two", ""])
def test_a_bad_jobs_value_is_a_usage_error(value):
    code, out, err = run(["score", "--jobs", value, "EEE SSS WWW NNN PP"], b"")
    assert code == 2 and out == b""
    assert b"--jobs" in err and b"Traceback" not in err


def test_chunks_in_flight_are_bounded(small_chunks):
    """Memory stays flat: the input is read only a few chunks ahead of the answers handed out."""
    taken = []

    def lines():
        for i in range(1, 401):
            taken.append(i)
            yield i, "EEE SSS WWW NNN PP"

    from mjcli.api import load_variant, score_line

    v = load_variant("hk")
    seen = 0
    for recs, bad in batch.answer_chunks(lines(), lambda t: score_line(t, v), "json", "score", jobs=2):
        seen += len(recs)
        assert len(taken) - seen <= (2 * batch.AHEAD + 1) * batch.CHUNK
        assert bad == 0
    assert seen == 400
    assert [r["line"] for r in recs] == list(range(397, 401))


def test_ctrl_c_with_jobs_exits_130_quietly():
    p = subprocess.Popen(MJCLI + ["score", "-f", "jsonl", "--jobs", "2"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(), preexec_fn=_as_at_a_terminal)

    def started():
        p.stdin.write(b"1112345678999m\n" * 700)  # the workers start; then mjcli waits for more input
        p.stdin.flush()
        time.sleep(1.5)

    code, err = interrupted(p, started)
    assert code == 130, err
    assert err.strip() == "interrupted"


def test_closed_pipe_with_jobs_ends_quietly(tmp_path):
    big = tmp_path / "big.txt"
    big.write_text("EEE SSS WWW NNN PP\n" * 3000)
    cmd = f"{sys.executable} -m mjcli score --jobs 2 < {big} | head -1; echo \"status=${{PIPESTATUS[0]}}\""
    p = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True, env=env(), timeout=120)
    assert p.stdout.splitlines()[-1] == "status=0"
    assert p.stderr == ""


@pytest.mark.parametrize("command", ["score", "wait"])
def test_a_worker_that_is_not_forked_makes_the_same_answer(command):
    """Where a system cannot fork, a worker loads the variant again from the command's options."""
    from mjcli.api import load_variant, score_line, wait_line

    v = load_variant("sg")
    ov = {"seat": "S"}
    answer, fmt, kind = batch._rebuild((command, "sg", None, ov, False, "jsonl", command))
    assert (fmt, kind) == ("jsonl", command)
    for text in SCORE_LINES + WAIT_LINES:
        want = score_line(text, v, ov) if command == "score" else wait_line(text, v, ov)
        assert answer(text).as_dict() == want.as_dict()


@pytest.mark.parametrize("fmt,to_file", [("table", False), ("jsonl", False), ("jsonl", True)])
def test_workers_read_the_raw_lines_as_one_process_reads_them(tmp_path, fmt, to_file):
    """With --jobs the lines of standard input go to the workers as read (speed, issue 15): a byte-order mark,
    CRLF ends, blank lines, comments, a line that is not UTF-8 and one too long to hold (over a chunk boundary,
    2,600 lines: the workers start) give the bytes, messages and exit code of one process. In jsonl the workers
    write their chunks themselves, in turn, to a pipe or a file."""
    from mjcli.lines import MAX_LINE

    lines = [SCORE_LINES[i % len(SCORE_LINES)].encode() for i in range(2600)]
    lines[0] = b"\xef\xbb\xbf" + lines[0]
    lines[500] = b"\xff\xfe not utf-8"
    lines[1023] = b"9" * (MAX_LINE * 4 + 50)  # the last line of the first chunk, too long to hold
    lines[1024] = b"  123m 456m 789m 234p 55s zimo  \r"
    src = tmp_path / "hands.txt"
    src.write_bytes(b"\n".join(lines) + b"\n")
    out = []
    for jobs in ("1", "2"):
        with open(src, "rb") as f:
            if to_file:
                dest = tmp_path / f"out{jobs}.jsonl"
                with open(dest, "wb") as o:
                    p = subprocess.run(MJCLI + ["score", "-f", fmt, "--jobs", jobs], stdin=f, stdout=o,
                                       stderr=subprocess.PIPE, env=env(), timeout=120)
                p.stdout = dest.read_bytes()
            else:
                p = subprocess.run(MJCLI + ["score", "-f", fmt, "--jobs", jobs], stdin=f, capture_output=True,
                                   env=env(), timeout=120)
        out.append((p.returncode, p.stdout, p.stderr))
    assert out[0] == out[1]
    if fmt == "jsonl":  # a record a line, the unreadable ones in their places
        numbers = [json.loads(x)["line"] for x in out[0][1].splitlines()]
        assert numbers == sorted(set(numbers)) and numbers[-1] == 2600
        codes = {json.loads(x)["line"]: json.loads(x)["error"] for x in out[0][1].splitlines()}
        assert codes[501]["code"] == "encoding_error" and codes[1024]["code"] == "line_too_long"
        assert out[0][0] == 1
        return
    assert out[0][0] == 1
    assert b"error: line 501: not UTF-8 text" in out[0][2]
    assert b"error: line 1024: " in out[0][2] and b"bytes; a hand is one short line" in out[0][2]


def test_a_worker_writes_its_chunk_only_in_its_turn(tmp_path, monkeypatch):
    """The order of a jsonl batch with --jobs (_answer_ring): chunk k is written by its worker only when the
    number of the next chunk to write is k; otherwise its text comes back to be written in its turn."""
    import multiprocessing

    lines = [b"123m 456m 789m 234p 55s\n", b"EEE SSS WWW NNN PP\n"]
    monkeypatch.setattr(batch, "_WORK", (score_answer_hk(), "jsonl", "score"))
    dest = tmp_path / "out.jsonl"
    with open(dest, "wb") as o:
        turn = multiprocessing.get_context("fork").Value("q", 0)
        monkeypatch.setattr(batch, "_RING", (o.fileno(), turn))
        text, bad = batch._answer_ring((1, 3, lines, None))  # chunk 1 before chunk 0: handed back
        assert text.count("\n") == 2 and bad == 0 and turn.value == 0
        assert batch._answer_ring((0, 1, lines, None)) == (None, 0)  # its turn: written here
        assert turn.value == 1
    written = dest.read_bytes().decode()
    assert [json.loads(x)["line"] for x in written.splitlines()] == [1, 2]


def score_answer_hk():
    from mjcli.api import load_variant, score_answer

    return score_answer(load_variant("hk"), None, False)


# --- a regular file: the workers read their own stretches of it (batch._file_jobs) --------------------------------

def _small_stretches(stretch: int) -> list[str]:
    """mjcli with stretches of ``stretch`` bytes, so that a short file is cut at many places."""
    code = (f"import sys, mjcli.batch as b; b.FILE_CHUNK = {stretch}; from mjcli.cli import main; "
            "sys.argv[0] = 'mjcli'; main()")
    return [sys.executable, "-c", code]


def _nasty_file(path, end_of_line: bool = True):
    from mjcli.lines import MAX_LINE

    cap = MAX_LINE * 4 + 2  # bytes a line may take (mjcli.lines._CAP)
    lines = [SCORE_LINES[i % len(SCORE_LINES)].encode() for i in range(700)]
    lines[0] = b"\xef\xbb\xbf" + lines[0]  # a byte-order mark
    lines[50] = b"\xff\xfe not utf-8"
    lines[51] = b"  123m 456m 789m 234p 55s zimo  \r"  # CRLF
    lines[200] = b"9" * (cap + 50)  # too long to hold: over many stretches
    lines[201] = b"9" * (cap - 1)  # with its end of line exactly what a line may take: read, then too many characters
    lines[202] = b"9" * cap  # one byte more: too long to hold
    lines[400] = b"#" + b"x" * 5000  # a long comment
    lines[-1] = b"123m 456m 789m 234p 55s"
    data = b"\n".join(lines) + (b"\n" if end_of_line else b"")
    path.write_bytes(data)
    return data


@pytest.mark.parametrize("stretch,end_of_line", [(97, True), (4096, False), (40_003, True)])
@pytest.mark.parametrize("command", ["score", "wait"])
def test_workers_reading_the_file_give_the_bytes_of_one_process(tmp_path, stretch, end_of_line, command):
    """jsonl from a regular file with --jobs: each worker reads every N-th stretch of the file, finds the lines
    that start in it, counts the lines before them for their numbers and writes its answers in turn. A line
    over stretches, too long, with a byte-order mark, CRLF or bytes that are not UTF-8, and a file whose last
    line has no end: the bytes and exit code of one process, to a file and to a pipe."""
    src = tmp_path / "hands.txt"
    _nasty_file(src, end_of_line)
    want = None
    for jobs in ("1", "2", "3"):
        for to_file in (False, True):
            with open(src, "rb") as f:
                args = _small_stretches(stretch) + [command, "-f", "jsonl", "--jobs", jobs]
                if to_file:
                    dest = tmp_path / f"out{jobs}.jsonl"
                    with open(dest, "wb") as o:
                        p = subprocess.run(args, stdin=f, stdout=o, stderr=subprocess.PIPE, env=env(), timeout=120)
                    got = (p.returncode, dest.read_bytes(), p.stderr)
                else:
                    p = subprocess.run(args, stdin=f, capture_output=True, env=env(), timeout=120)
                    got = (p.returncode, p.stdout, p.stderr)
            if want is None:
                want = got
                recs = [json.loads(x) for x in want[1].splitlines()]
                assert want[0] == 1 and recs[-1]["line"] == 700
                errors = {r["line"]: r["error"]["code"] for r in recs if r["error"]}
                assert errors[51] == "encoding_error" and errors[201] == errors[202] == errors[203] == "line_too_long"
                assert 1 in {r["line"] for r in recs} and 401 not in {r["line"] for r in recs}  # BOM read, comment skipped
            assert got == want, (jobs, to_file)


def test_workers_reading_the_file_start_where_standard_input_stands(tmp_path):
    """A file already read in part (``{ head -n 5; mjcli ...; } < file``): the workers read from where it
    stands, and number the lines from there, as one process does."""
    src = tmp_path / "hands.txt"
    src.write_bytes(b"".join(f"{SCORE_LINES[i % 3]}\n".encode() for i in range(3000)))
    out = []
    for jobs in ("1", "2"):
        with open(src, "rb") as f:
            os.lseek(f.fileno(), len(SCORE_LINES[0]) + len(SCORE_LINES[1]) + 2, os.SEEK_SET)  # two lines read
            p = subprocess.run(_small_stretches(1000) + ["score", "-f", "jsonl", "--jobs", jobs], stdin=f,
                               capture_output=True, env=env(), timeout=120)
        out.append((p.returncode, p.stdout, p.stderr))
    assert out[0] == out[1]
    recs = [json.loads(x) for x in out[0][1].splitlines()]
    assert len(recs) == 2998 and recs[0]["line"] == 1 and recs[0]["hand"].startswith("123x")


def test_the_stretches_hold_every_line_once_as_readline_reads_them(tmp_path):
    """batch._file_lines over consecutive stretches (each from the first line that starts in it) gives the
    lines of lines.raw_chunks, too long ones as their sizes."""
    import io

    from mjcli.lines import raw_chunks

    src = tmp_path / "hands.txt"
    for end_of_line in (True, False):
        data = _nasty_file(src, end_of_line)
        want = [x for _, chunk in raw_chunks(io.BytesIO(data), 10**6) for x in chunk]
        want = [x if isinstance(x, int) else x.rstrip(b"\n") for x in want]
        with open(src, "rb") as f:
            fd, size = f.fileno(), len(data)
            for stretch in (1, 50, 4096, 40_002, 40_003, 10**6):
                got, at = [], 0
                while at < size:
                    begin = 0 if at == 0 else batch._line_start(fd, at, size)
                    if begin < min(at + stretch, size):
                        lines, _ = batch._file_lines(fd, begin, min(at + stretch, size), size)
                        got += lines
                    at += stretch
                assert got == want, stretch


def test_workers_reading_the_file_end_quietly_on_a_closed_pipe_or_a_full_disk(tmp_path):
    src = tmp_path / "hands.txt"
    src.write_text("EEE SSS WWW NNN PP\n" * 20_000)  # 380 KB: the workers read it
    cmd = f"{sys.executable} -m mjcli score -f jsonl --jobs 2 < {src} | head -1; echo \"status=${{PIPESTATUS[0]}}\""
    p = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True, env=env(), timeout=120)
    assert p.stdout.splitlines()[-1] == "status=0" and p.stderr == ""
    if os.path.exists("/dev/full"):
        with open(src, "rb") as f, open("/dev/full", "wb") as full:
            p = subprocess.run(MJCLI + ["score", "-f", "jsonl", "--jobs", "2"], stdin=f, stdout=full,
                               stderr=subprocess.PIPE, env=env(), timeout=120)
        assert p.returncode == 2
        assert p.stderr.decode().startswith("error: No space left on device") and b"Traceback" not in p.stderr


def _written(dest, p):
    """A wait until the workers of process ``p`` have written to ``dest``."""
    def ready():
        deadline = time.monotonic() + 300
        while dest.stat().st_size == 0 and time.monotonic() < deadline and p.poll() is None:
            time.sleep(0.05)
    return ready


def test_ctrl_c_while_the_workers_read_the_file_exits_130_quietly(tmp_path):
    src = tmp_path / "hands.txt"
    src.write_text("123m 456m 789m 234p 55s zimo\n" * 400_000)  # several seconds of work on 2 workers
    dest = tmp_path / "out.jsonl"
    with open(src, "rb") as f, open(dest, "wb") as o:
        p = subprocess.Popen(MJCLI + ["score", "-f", "jsonl", "--jobs", "2"], stdin=f, stdout=o,
                             stderr=subprocess.PIPE, env=env(), preexec_fn=_as_at_a_terminal)

        code, err = interrupted(p, _written(dest, p))
    assert code == 130, err
    assert err.strip() == "interrupted"
    assert dest.read_bytes().count(b"\n") < 400_000


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="finds the workers in /proc")
@pytest.mark.parametrize("fmt,piped", [("jsonl", False), ("jsonl", True), ("csv", True)])
def test_a_killed_worker_ends_the_batch_with_one_line(tmp_path, fmt, piped):
    """A worker killed (out of memory, say) while the workers read a file, or take chunks from a pipe: no other
    worker takes its place, so the batch ends with one line, exit 2, no worker left. The workers are stopped
    (SIGSTOP) before one is killed, so it is killed alive, never after the batch's end."""
    src = tmp_path / "hands.txt"
    src.write_text("123m 456m 789m 234p 55s zimo\n" * 150_000)
    dest = tmp_path / "out.txt"
    with open(src, "rb") as f, open(dest, "wb") as o:
        feed = subprocess.Popen(["cat"], stdin=f, stdout=subprocess.PIPE) if piped else None
        p = subprocess.Popen(MJCLI + ["score", "-f", fmt, "--jobs", "2"], stdin=feed.stdout if piped else f,
                             stdout=o, stderr=subprocess.PIPE, env=env())
        if piped:
            feed.stdout.close()

        def kill_one():
            workers = _wait_for(lambda: _alive(children(p.pid)), 2)
            for w in workers:
                os.kill(w, signal.SIGSTOP)
            # stopped, alive (the signal lands a moment later): it cannot end before it is killed
            _wait_for(lambda: [w for w in workers if _state(w) in ("T", "t")], len(workers))
            os.kill(workers[-1], signal.SIGKILL)
            for w in workers[:-1]:
                os.kill(w, signal.SIGCONT)

        code, err = interrupted(p, _written(dest, p), stop=kill_one, timeout=300)
        if piped:
            feed.kill()
            feed.wait()
    assert not _alive(children(p.pid))
    assert code == 2, err
    assert err.startswith("error: a --jobs worker stopped before the end of the batch") and err.count("\n") == 1


def _state(pid: int) -> str:
    """A process's state letter (R, S, T, Z...), or "" when it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return ""


def _alive(pids) -> list[int]:
    return [pid for pid in pids if _state(pid) not in ("", "Z")]


def _wait_for(find, count: int, deadline: float = 300) -> list[int]:
    """``find()`` once it gives ``count`` processes (an event, waited on far beyond the slowest honest run)."""
    end = time.monotonic() + deadline
    while True:
        found = find()
        if len(found) >= count or time.monotonic() > end:
            assert len(found) >= count, found
            return found
        time.sleep(0.02)


def _running(pids) -> list[int]:
    """The processes of ``pids`` still running (an orphan that has ended may wait as a zombie to be reaped)."""
    out = []
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] != "Z":
                    out.append(pid)
        except OSError:
            pass
    return out


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="finds the workers in /proc")
def test_workers_reading_the_file_stop_when_mjcli_is_killed(tmp_path):
    """SIGTERM (or kill -9) to mjcli itself: its workers stop within a stretch, not at the end of the file."""
    src = tmp_path / "hands.txt"
    src.write_text("123m 456m 789m 234p 55s zimo\n" * 400_000)
    dest = tmp_path / "out.jsonl"
    with open(src, "rb") as f, open(dest, "wb") as o:
        p = subprocess.Popen(MJCLI + ["score", "-f", "jsonl", "--jobs", "2"], stdin=f, stdout=o,
                             stderr=subprocess.PIPE, env=env())
        _written(dest, p)()
        workers = children(p.pid)
        p.kill()
        p.wait(timeout=30)
        deadline = time.monotonic() + 300
        while _running(workers) and time.monotonic() < deadline:
            time.sleep(0.05)
    left = _running(workers)
    for w in left:
        os.kill(w, signal.SIGKILL)
    assert workers and not left
    assert dest.read_bytes().count(b"\n") < 400_000
