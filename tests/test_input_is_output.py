"""The output is never the input (as cat refuses), ``--jobs`` is bounded, and a file rewritten while the
``--jobs`` workers read it stops the batch."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from test_batch import MJCLI, env

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from procs import in_session  # noqa: E402

HAND = "EEE SSS WWW NNN PP\n"


def _run(args, stdin=None, stdout=None, cwd=None):
    return subprocess.run(MJCLI + args, stdin=stdin, stdout=stdout or subprocess.PIPE, stderr=subprocess.PIPE,
                          env=env(), cwd=cwd, timeout=300)


@pytest.mark.parametrize("how", ["-i F >> F", "F >> F", "< F >> F", "-i F -o F", "F -o F"])
def test_score_refuses_to_write_the_file_it_reads(tmp_path, how):
    f = tmp_path / "hands.txt"
    f.write_text(HAND * 3)
    before = f.read_bytes()
    args = ["score", "-f", "jsonl"] + {"-i F >> F": ["-i", str(f)], "F >> F": [str(f)], "< F >> F": [],
                                       "-i F -o F": ["-i", str(f), "-o", str(f)], "F -o F": [str(f), "-o", str(f)]}[how]
    with open(f, "rb") as i, open(f, "ab") as o:
        p = _run(args, stdin=i if how == "< F >> F" else None, stdout=None if "-o" in args else o)
    assert p.returncode == 2
    err = p.stderr.decode()
    assert err.startswith("error: ") and "input file is output file" in err and err.count("\n") == 1
    assert f.read_bytes() == before  # nothing written


@pytest.mark.parametrize("to", ["stdout", "-o"])
def test_settle_refuses_to_append_to_its_ledger(tmp_path, to):
    ledger = tmp_path / "L.jsonl"
    ledger.write_text('{"winner": "A", "from": "B", "value": 3}\n')
    before = ledger.read_bytes()
    with open(ledger, "ab") as o:
        p = _run(["settle", "--ledger", str(ledger), "-f", "jsonl"] + (["-o", str(ledger)] if to == "-o" else []),
                 stdout=o if to == "stdout" else None)
    assert p.returncode == 2 and "input file is output file" in p.stderr.decode()
    assert ledger.read_bytes() == before


def test_another_file_is_fine(tmp_path):
    f = tmp_path / "hands.txt"
    f.write_text(HAND)
    with open(tmp_path / "out.jsonl", "ab") as o:
        p = _run(["score", "-f", "jsonl", "-i", str(f)], stdout=o)
    assert p.returncode == 0 and (tmp_path / "out.jsonl").read_bytes().count(b"\n") == 1


@pytest.mark.parametrize("value", ["99999999999999999999", "1025", "1.5", "-1", "many"])
def test_an_absurd_jobs_value_is_one_line_and_exit_2(value):
    p = _run(["score", "--jobs", value, "EEE SSS WWW NNN PP"])
    assert p.returncode == 2 and p.stdout == b""
    assert p.stderr.decode().startswith("error: Invalid value for '--jobs'") and p.stderr.count(b"\n") == 1


def test_the_workers_started_are_bounded_by_the_cores(monkeypatch):
    from mjcli import batch

    monkeypatch.setattr(batch, "cores", lambda: 2)
    assert batch.workers_for(1024) == 2 * batch.PER_CORE
    assert batch.workers_for(3) == 3
    assert batch.workers_for(0) == 2
    assert batch.workers_for(1) == 1


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="finds the processes in /proc")
def test_jobs_64_on_a_short_batch_starts_few_workers(tmp_path):
    """--jobs 64 for 3,000 lines from a pipe: one worker a chunk at most, and no more than two a core."""
    from mjcli.batch import CHUNK, PER_CORE, cores

    p = subprocess.Popen(MJCLI + ["score", "-f", "csv", "--jobs", "64"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(), start_new_session=True)
    p.stdin.write(HAND.encode() * 3000)  # three chunks, the last one unfinished while the pipe stays open
    p.stdin.flush()
    end = time.monotonic() + 300
    while not (most := len(in_session(p.pid)) - 1) and time.monotonic() < end:  # an event: the first worker
        time.sleep(0.02)
    p.stdin.close()
    out, err = p.stdout.read(), p.stderr.read()
    assert p.wait(timeout=300) == 0, err
    assert 1 <= most <= min(PER_CORE * cores(), -(-3000 // CHUNK))


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="stops the processes by their ids")
def test_a_file_rewritten_while_the_workers_read_it_stops_the_batch(tmp_path):
    src = tmp_path / "hands.txt"
    src.write_text("123m 456m 789m 234p 55s zimo\n" * 400_000)
    dest = tmp_path / "out.jsonl"
    with open(src, "rb") as f, open(dest, "wb") as o:
        p = subprocess.Popen(MJCLI + ["score", "-f", "jsonl", "--jobs", "2"], stdin=f, stdout=o,
                             stderr=subprocess.PIPE, env=env(), start_new_session=True)
        end = time.monotonic() + 300
        while dest.stat().st_size == 0 and p.poll() is None and time.monotonic() < end:
            time.sleep(0.02)
        os.killpg(p.pid, signal.SIGSTOP)  # everyone stopped: the batch cannot end meanwhile
        assert p.poll() is None
        with open(src, "ab") as w:
            w.write(b"EEE SSS WWW NNN PP\n")  # rewritten: a size and a time of change that differ
        os.killpg(p.pid, signal.SIGCONT)
        err = p.communicate(timeout=300)[1].decode()
    assert p.returncode == 2, err
    assert err.startswith("error: the input file changed while it was read") and err.count("\n") == 1
