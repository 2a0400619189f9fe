"""The processes of this machine as Linux's ``/proc`` shows them, for the checks that no process is left
behind (``benchmarks/hang_check.py``, ``tests/test_workers.py``, ``tests/test_jobs.py``,
``tests/test_input_is_output.py``)."""

from __future__ import annotations

import os


def stats() -> list[tuple[int, list[str]]]:
    """``(pid, fields)`` of each process now: the fields of ``/proc/PID/stat`` after the name (0 the state,
    ``Z`` for a zombie; 1 the parent; 3 the session). A process that ends while it is read is left out."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    out.append((int(entry), f.read().rsplit(")", 1)[1].split()))
            except (OSError, IndexError):
                continue
    return out


def in_session(sid: int) -> list[int]:
    """The live processes of session ``sid`` (a zombie, waiting to be reaped, is not running)."""
    return [pid for pid, fields in stats() if int(fields[3]) == sid and fields[0] != "Z"]


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``, zombies too."""
    return [child for child, fields in stats() if int(fields[1]) == pid]
