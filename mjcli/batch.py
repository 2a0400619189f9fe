"""A batch's answers, one record per input line, on one process or on several (``--jobs N``).

The lines are cut into chunks; with more than one job each chunk is answered
by a worker process and the chunks come back in input order. At most a few
chunks per worker are in flight, so memory stays flat however long the
input is. A batch shorter than one chunk is answered here, without starting
any process. For ``--format jsonl`` a worker writes its chunk's lines itself
(with :func:`mjcli.output.emit`, so the bytes are the same); for the other
formats it hands back the records and this process renders them.

Workers ignore Ctrl-C: the main process takes it, stops them and exits 130.
"""

from __future__ import annotations

import os
from collections import deque
from itertools import islice

from .errors import MjError

CHUNK = 256  # lines per chunk
AHEAD = 3  # chunks in flight per worker

_WORK = None  # (answer, fmt, kind) in a worker: inherited when forked, else rebuilt from the spec


def answer_record(n: int, item, answer, fmt: str | None = None, base: dict | None = None) -> tuple[dict, bool]:
    """The record for input line ``n`` (its text, or the MjError reading it gave) and whether it counts as bad.

    In ``table`` output a result's ``table_extra`` joins the record (e.g. the score of a 14-tile hand that
    already wins, shown above its discard advice); the machine formats never see it. A line that could not
    be read at all gets ``base`` (the variant's id, unit, minimum, limit) in its record."""
    if isinstance(item, MjError):
        res = {**(base or {}), "line": n, "hand": None, "ok": False, "error": item.as_record()}
    elif isinstance(item, dict):  # an error record made by the main process
        res = item
    else:
        res = answer(item)
        code = res.answer_code
        extra = getattr(res, "table_extra", None) if fmt == "table" else None
        res = res.as_dict()
        if extra:
            res.update(extra)
        res["line"] = n
        if code is not None and res["ok"]:
            res["answer"] = code
    return res, res.get("ok") is False or res.get("answer") in ("not_winning", "not_ready")


def cores() -> int:
    """The cores this process may run on (``--jobs 0``)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _answer_chunk(chunk):
    answer, fmt, kind = _WORK
    recs = []
    bad = 0
    for n, item in chunk:
        rec, b = answer_record(n, item, answer, fmt)
        bad += b
        recs.append(rec)
    if fmt == "jsonl":
        import io

        from .output import emit

        buf = io.StringIO()
        emit(recs, "jsonl", kind, buf)
        return buf.getvalue(), bad
    return recs, bad


def _rebuild(spec):
    """A worker that was not forked: the variant and the answer made again from the command's options."""
    command, variant, rules_file, overrides, all_readings, fmt, kind = spec
    from .api import load_variant, score_line, wait_line

    v = load_variant(variant, rules_file)
    if command == "score":
        return (lambda text: score_line(text, v, overrides, all_readings)), fmt, kind
    return (lambda text: wait_line(text, v, overrides)), fmt, kind


def _init_worker(spec):
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle
    global _WORK
    if _WORK is None:
        _WORK = _rebuild(spec)


def answer_chunks(items, answer, fmt: str, kind: str, jobs: int = 1, spec=None, base: dict | None = None):
    """``(records, bad)`` per chunk of ``items`` in input order; ``records`` is the chunk's text for jsonl."""
    global _WORK
    it = ((n, answer_record(n, item, None, base=base)[0] if isinstance(item, MjError) else item) for n, item in items)
    chunk = list(islice(it, CHUNK))  # an unreadable line's record is made here: a worker gets text or records
    if jobs == 1 or len(chunk) < CHUNK:  # one job, or a small batch: no processes to start
        _WORK = (answer, fmt, kind)
        while chunk:
            yield _answer_chunk(chunk)
            chunk = list(islice(it, CHUNK))
        return
    import multiprocessing
    import signal

    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    _WORK = (answer, fmt, kind) if "fork" in methods else None
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C while the workers start: none of them sees it
    try:
        pool = ctx.Pool(jobs, initializer=_init_worker, initargs=(spec,))
    finally:
        signal.signal(signal.SIGINT, old)
    try:
        pending = deque()
        while chunk:
            pending.append(pool.apply_async(_answer_chunk, (chunk,)))
            if len(pending) >= jobs * AHEAD:
                yield pending.popleft().get()
            while pending and pending[0].ready():  # answers out as soon as they are ready
                yield pending.popleft().get()
            chunk = list(islice(it, CHUNK))
        while pending:
            yield pending.popleft().get()
    finally:
        pool.terminate()
        pool.join()
