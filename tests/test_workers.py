"""``--jobs`` workers cannot outlive mjcli: the parent killed (SIGKILL, nothing it can do about it) at every
stage leaves no worker behind, whether the kernel's request (``PR_SET_PDEATHSIG``) or only the pipe whose other
end the parent held tells the worker. Each run starts in a session of its own; after the parent has died the
test waits for the event "no process left in that session", with a deadline far beyond the slowest honest run.
"""

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

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="finds the processes in /proc")

DEADLINE = 300  # seconds: an event waited on, never a measure of speed
HAND = "123m 456m 789m 234p 55s zimo\n"


def _until(test, what: str) -> None:
    end = time.monotonic() + DEADLINE
    while not test():
        assert time.monotonic() < end, what
        time.sleep(0.02)


def _none_left(p) -> None:
    """Wait for the session of ``p`` (dead) to empty; kill and fail if it does not."""
    p.wait(timeout=DEADLINE)
    try:
        _until(lambda: not in_session(p.pid), "a worker outlived its parent")
    finally:
        for pid in in_session(p.pid):
            os.kill(pid, signal.SIGKILL)


_SCRIPT = r"""
import os, signal, sys, multiprocessing
from mjcli import workers
stage, pids, kernel = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
if not kernel:
    workers._die_with_parent = lambda: None  # the pipe alone must do it

def note():
    with open(pids, "a") as f:
        f.write(f"{os.getpid()}\n")

def reads(conn, tasks):
    note()
    while True:
        tasks.get()

def writes(conn, tasks):
    note()
    while True:
        os.write(1, b"x" * 65536)  # a pipe nobody reads: blocked here

def args_of(w):
    if stage == "start" and w == 1:
        os.kill(os.getpid(), signal.SIGKILL)  # one worker started, the next not yet
    return ()

ctx = multiprocessing.get_context("fork")
crew = workers.Crew(ctx, 2, writes if stage == "write" else reads, args_of)
while True:
    if stage == "parent-writes":
        os.write(1, b"y" * 65536)  # blocked too; the test kills us
    for c in crew.conns:
        if stage == "send":
            c.send(b"z" * 1_000_000)  # the parent writes to its workers
    if stage == "read":
        signal.pause()
"""


def _pids(path) -> list[str]:
    return path.read_text().split() if path.exists() else []


@pytest.mark.parametrize("kernel", [True, False], ids=["pdeathsig", "pipe-only"])
@pytest.mark.parametrize("stage", ["start", "read", "write", "parent-writes", "send"])
def test_a_killed_parent_leaves_no_worker(tmp_path, stage, kernel):
    pids = tmp_path / "pids"
    p = subprocess.Popen([sys.executable, "-c", _SCRIPT, stage, str(pids), "1" if kernel else "0"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, env=env())
    try:
        if stage != "start":
            _until(lambda: len(_pids(pids)) == 2 or p.poll() is not None, "the workers did not start")
            assert p.poll() is None, p.communicate()[1].decode()
            p.kill()  # SIGKILL: the parent can do nothing about it
        _none_left(p)
        assert b"Traceback" not in p.stderr.read()
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()


def _mjcli(src, stdout, piped: bool = False, fmt: str = "jsonl"):
    feed = subprocess.Popen(["cat", str(src)], stdout=subprocess.PIPE, start_new_session=True) if piped else None
    stdin = feed.stdout if piped else open(src, "rb")
    p = subprocess.Popen(MJCLI + ["score", "-f", fmt, "--jobs", "2"], stdin=stdin, stdout=stdout,
                         stderr=subprocess.DEVNULL, env=env(), start_new_session=True)
    stdin.close()
    return p, feed


def _workers_of(p) -> list[int]:
    return [pid for pid in in_session(p.pid) if pid != p.pid]


@pytest.mark.parametrize("piped", [False, True], ids=["file", "pipe"])
@pytest.mark.parametrize("when", ["spawned", "workers-started", "output-started", "parent-blocked-writing"])
def test_mjcli_killed_at_any_stage_leaves_no_worker(tmp_path, when, piped):
    src = tmp_path / "hands.txt"
    src.write_text(HAND * 200_000)
    dest = tmp_path / "out"
    fmt = "csv" if when == "parent-blocked-writing" else "jsonl"
    with open(dest, "wb") as o:
        p, feed = _mjcli(src, subprocess.PIPE if when == "parent-blocked-writing" else o, piped, fmt)
    try:
        if when in ("workers-started", "parent-blocked-writing"):
            _until(lambda: len(_workers_of(p)) >= 2 or p.poll() is not None, "no workers")
        if when == "parent-blocked-writing":  # a first block read, then no more: the parent fills the pipe and waits
            assert p.stdout.read1(65536)
        if when == "output-started":
            _until(lambda: dest.stat().st_size > 0 or p.poll() is not None, "no output")
        p.kill()
        _none_left(p)
    finally:
        for q in (p, feed):
            if q is not None and q.poll() is None:
                q.kill()
                q.wait()


def test_jobs_2_into_head_leaves_no_process(tmp_path):
    """`score --jobs 2 < file | head -1`: the pipeline ends, and nothing of it is left."""
    src = tmp_path / "hands.txt"
    src.write_text(HAND * 50_000)
    cmd = " ".join(MJCLI) + f" score --jobs 2 < {src} | head -1"
    p = subprocess.Popen(["sh", "-c", cmd], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(),
                         start_new_session=True)
    out, err = p.communicate(timeout=DEADLINE)  # its end: no process left holding standard error open
    assert p.returncode == 0 and out.count(b"\n") == 1 and b"Traceback" not in err, err
    _none_left(p)


_STARTER = (  # what the console script does, after telling the test (on a pipe) that the interpreter is up
    "import os, signal, sys\n"
    "signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})  # the signal waits for mjcli's handler\n"
    "fd = int(sys.argv.pop(1)); os.write(fd, b'up'); os.close(fd)\n"
    "from mjcli._entry import main\n"
    "sys.exit(main())\n")


def _started(delay: float = 0.0):
    """mjcli started through its entry point, SIGINT sent once the interpreter is up (and ``delay`` later)."""
    r, w = os.pipe()
    os.set_inheritable(w, True)
    p = subprocess.Popen([sys.executable, "-c", _STARTER, str(w), "score", "-f", "jsonl", "--jobs", "2"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(),
                         pass_fds=(w,))
    os.close(w)
    with os.fdopen(r, "rb") as up:
        assert up.read(2) == b"up"
    if delay:
        time.sleep(delay)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=DEADLINE)
    return p.returncode, err


def test_ctrl_c_as_early_as_can_be_exits_130_without_a_traceback():
    """SIGINT at once, before mjcli has imported anything (held until its handler is set): exit 130, no
    traceback, 20 times over."""
    for _ in range(20):
        code, err = _started()
        assert code == 130 and b"Traceback" not in err, err
        assert err == b"interrupted\n"


def test_ctrl_c_while_mjcli_loads_exits_130_without_a_traceback():
    """SIGINT at moments spread over mjcli's start (its imports, then the command waiting for input): exit 130
    and no traceback at every one (the moments are stages, not a measure of speed)."""
    for step in range(20):
        code, err = _started(step * 0.005)
        assert code == 130 and b"Traceback" not in err, err
