"""A batch's answers, one record per input line, on one process or on several (``--jobs N``).

The lines are cut into chunks; with more than one job each chunk is answered
by a worker process and the chunks come back in input order. At most a few
chunks per worker are in flight, so memory stays flat however long the
input is. A batch shorter than one chunk is answered here, without starting
any process. For ``--format jsonl`` a worker writes its chunk's lines itself
(with :func:`mjcli.output.emit`, so the bytes are the same); for the other
formats it hands back the records and this process renders them. A forked
worker with a jsonl chunk whose turn has come (the chunks before it written)
writes it to standard output itself, so the answers do not cross a pipe to
this process; a chunk that is ready before its turn comes back here and is
written in its turn (:func:`_answer_ring`).

When standard input is a regular file and the format is jsonl, nothing is
handed out at all: each forked worker reads its own share of the file's
bytes (every N-th stretch of :data:`FILE_CHUNK` bytes, a line belonging to
the stretch its first byte is in), counts the lines before it for their
numbers, answers them and writes them in turn (:func:`_file_jobs`).

Workers are a fixed set (:mod:`mjcli.workers`): none is replaced and none can outlive this process; one that
dies ends the batch with one line (:class:`WorkerLost`). They ignore Ctrl-C: the main process takes it, stops
them and exits 130.
"""

from __future__ import annotations

import json
import os
import sys
from collections import deque
from itertools import chain, islice
from json.encoder import encode_basestring

from .errors import MjError

CHUNK = 1024  # lines per chunk (fewer, larger chunks: less work a line for the process that hands them out)
AHEAD = 3  # chunks in flight per worker
MAX_JOBS = 1024  # --jobs above this is refused (cli)
PER_CORE = 2  # workers started at most per core, whatever --jobs asks: more would only share the same cores
FILE_CHUNK = 1 << 16  # bytes of a regular file a worker reads and answers at a time (_file_jobs)

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
        return result_record(n, answer(item), fmt)
    return res, res.get("ok") is False or res.get("answer") in ("not_winning", "not_ready")


def result_record(n: int, res, fmt: str | None = None) -> tuple[dict, bool]:
    """The record of an answer (a score or wait result) for input line ``n``, and whether it counts as bad."""
    code = res.answer_code
    extra = getattr(res, "table_extra", None) if fmt == "table" else None
    res = res.as_dict()
    if extra:
        res.update(extra)
    res["line"] = n
    if code is not None and res["ok"]:
        res["answer"] = code
    return res, res.get("ok") is False or res.get("answer") in ("not_winning", "not_ready")


# --- JSON lines from templates (speed, issue 15) ------------------------------------------------
# Most records of a batch differ from one another only in their line number, their hand and the
# reading: the rest (the patterns, the totals, the verdicts, the payment, every null) repeats. A
# result that can say what its record is made of (``json_key``: None when it cannot) gets its JSON
# from a template, made once per key by the one renderer (``result_record``, ``contract.shape``,
# ``output.dumps``) with placeholders in those places, then cut at the placeholders. So the bytes are
# the renderer's by construction; tests/test_templates.py compares every record of the test corpora
# both ways. A wait's list of winning tiles is made of fragments, one per distinct tile entry.

TEMPLATES = True  # False: every record through the renderer (the tests compare both)
_TEMPLATE: dict = {}
_FRAGMENT: dict = {}
_PH = {name: f"\x00mjcli-{name}\x00" for name in ("line", "hand", "reading", "raw", "total", "payment")}
_MARKS = {name: json.dumps(ph) for name, ph in _PH.items()}  # a placeholder as the record's JSON writes it


def _enc(s: str) -> str:
    """A string as the renderer writes it in JSON."""
    if s.isascii():
        return encode_basestring(s)  # as json.dumps(s, ensure_ascii=False)
    from .output import dumps

    return dumps(s)  # a byte that was not UTF-8 is written as the renderer writes it


def _waits_text(res) -> str:
    made = res.__dict__.get("_wait_keys")  # what each wait is made of, when wait() could say (see waits.wait)
    if made is None:
        return ", ".join([_wait_fragment(w) for w in res.waits])
    frags = _FRAGMENT
    out = []
    for key, w in zip(made, res.waits):
        frag = frags.get(key)
        if frag is None:
            frag = _wait_fragment(w)
            if len(frags) > 100_000:
                frags.clear()
            frags[key] = frag
        out.append(frag)
    return ", ".join(out)


def _patterns_text(res) -> str:
    """A score's patterns as the renderer writes the list's items: one fragment per distinct pattern found (a
    ``Found`` is a frozen value: its fragment is made once and kept on it)."""
    cell = res.__dict__.get("_patterns_json")  # a result of a kept set of patterns (scoring._Plan.best_result)
    if cell is not None and cell[0] is not None:
        return cell[0]
    out = []
    for p in res.patterns:
        frag = p.__dict__.get("_json")  # kept on the pattern itself: no hash of it asked (speed, issue 29)
        if frag is None:
            from .output import dumps

            frag = p.__dict__["_json"] = dumps(p.as_dict())
        out.append(frag)
    text = ", ".join(out)
    if cell is not None:
        cell[0] = text
    return text


_PAYMENTS: dict = {}  # a score's payment (its items and their types: True == 1) -> its JSON


def _payment_text(res) -> str:
    """A score's payment as the renderer writes it (its shape's every key, in order)."""
    pay = res.payment
    if pay is None:
        return "null"
    from .contract import payment

    return _shaped_json(pay, payment, _PAYMENTS)


def _shaped_json(d: dict, shape, kept: dict) -> str:
    """The JSON of ``shape(d)`` as the renderer writes it, kept in ``kept`` by ``d``'s items and their types
    (True == 1 and 4.0 == 4, but their JSON differs)."""
    key = (tuple(d.items()), tuple(map(type, d.values())))
    text = kept.get(key)
    if text is None:
        from .output import dumps

        if len(kept) > 100_000:
            kept.clear()
        text = kept[key] = dumps(shape(d))
    return text


_SLOT_VALUE = {  # a slot of a template -> its text for line n and result res
    "line": lambda n, res: n,
    "hand": lambda n, res: _enc(res.hand),
    "reading": lambda n, res: _enc(res.reading),
    "waits": lambda n, res: _waits_text(res),
    "patterns": lambda n, res: _patterns_text(res),
    "raw": lambda n, res: res.raw,
    "total": lambda n, res: res.total,
    "payment": lambda n, res: _payment_text(res),
}
_NUMBERS = ("raw", "total", "payment")  # a score's slots when its json_numbers() holds


def _filler(order: tuple, pieces: list):
    """``fill(n, res)``: the record's text, ``pieces`` with the slots' texts (in ``order``) between them; the
    usual orders written out as one f-string each (faster than a ``%`` format, which reads the whole template)."""
    if order == ("line", "hand", "reading"):
        p0, p1, p2, p3 = pieces
        return lambda n, res: f"{p0}{n}{p1}{_enc(res.hand)}{p2}{_enc(res.reading)}{p3}"
    if order == ("line", "hand"):
        p0, p1, p2 = pieces
        return lambda n, res: f"{p0}{n}{p1}{_enc(res.hand)}{p2}"
    if order == ("line", "hand", "reading", "patterns"):
        p0, p1, p2, p3, p4 = pieces
        return lambda n, res: f"{p0}{n}{p1}{_enc(res.hand)}{p2}{_enc(res.reading)}{p3}{_patterns_text(res)}{p4}"
    if order == ("line", "hand", "patterns"):
        p0, p1, p2, p3 = pieces
        return lambda n, res: f"{p0}{n}{p1}{_enc(res.hand)}{p2}{_patterns_text(res)}{p3}"
    if order == ("line", "hand", "reading", "patterns", "raw", "total", "payment"):
        p0, p1, p2, p3, p4, p5, p6, p7 = pieces
        return lambda n, res: (f"{p0}{n}{p1}{_enc(res.hand)}{p2}{_enc(res.reading)}{p3}{_patterns_text(res)}{p4}"
                               f"{res.raw}{p5}{res.total}{p6}{_payment_text(res)}{p7}")
    if order == ("line", "hand", "waits"):
        p0, p1, p2, p3 = pieces
        return lambda n, res: f"{p0}{n}{p1}{_enc(res.hand)}{p2}{_waits_text(res)}{p3}"
    fns = [_SLOT_VALUE[name] for name in order]
    last = pieces[-1]
    return lambda n, res: "".join([p + str(fn(n, res)) for p, fn in zip(pieces, fns)]) + last


def _make_template(res):
    """A result's record as a function of the line number and the result that writes it (the record's text
    cut at each slot, the slots' texts put between), and whether the record counts as bad: (fill, bad), or
    None."""
    import dataclasses

    from .output import dumps

    changes = {"hand": _PH["hand"]}
    slots = ["line", "hand"]
    if getattr(res, "reading", None):
        changes["reading"] = _PH["reading"]
        slots.append("reading")
    lists = [name for name in ("waits", "patterns") if hasattr(res, name)]  # slots of their items' fragments
    for name in lists:
        changes[name] = []
    rec, bad = result_record(0, dataclasses.replace(res, **changes), "jsonl")
    rec["line"] = _PH["line"]
    numbers = getattr(res, "json_numbers", None)
    if numbers is not None and numbers():  # the record's own fields: the shaped record keeps their places
        for name in _NUMBERS:
            rec[name] = _PH[name]
        slots += _NUMBERS
    text = dumps(rec)
    marks = {name: _MARKS[name] for name in slots}
    for name in lists:
        slots.append(name)
        marks[name] = f'"{name}": []'
    order = sorted(slots, key=lambda name: text.find(marks[name]))
    pieces = []
    rest = text
    for name in order:
        head, sep, tail = rest.partition(marks[name])
        if not sep or marks[name] in tail:
            return None  # a placeholder not found once: this record goes through the renderer
        pieces.append(head + (f'"{name}": [' if name in lists else ""))
        rest = ("]" if name in lists else "") + tail
    pieces.append(rest)
    return _filler(tuple(order), pieces), bad, tuple(order), tuple(pieces)


def _with_numbers(t: tuple, res) -> tuple:
    """A template's ``(fill, bad)`` for results whose raw, total and payment are those of ``res`` (a cell's: see
    :meth:`mjcli.mahjong.scoring._Plan.best_result`): their texts written into the template once, not a record
    at a time."""
    fill, bad, order, pieces = t
    if _NUMBERS[0] not in order:
        return fill, bad
    kept, joined = [], [pieces[0]]
    for name, piece in zip(order, pieces[1:]):
        if name in _NUMBERS:
            joined[-1] += f"{_SLOT_VALUE[name](0, res)}{piece}"
        else:
            kept.append(name)
            joined.append(piece)
    return _filler(tuple(kept), joined), bad


def _wait_fragment(w: dict) -> str:
    from .contract import wait_entry

    return _shaped_json(w, wait_entry, _FRAGMENT)


def json_record(n: int, res) -> tuple[str, bool]:
    """The JSON text of the record of ``res`` for input line ``n`` (what ``dumps(result_record(...))`` gives)."""
    cell = None
    if TEMPLATES:
        cell = res.__dict__.get("_template")  # a result of a kept set (scoring._Plan.best_result): its template
        if cell is not None:
            if res.extra or res.alternatives:
                cell = None
            elif cell[0] is not None:
                fill, bad = cell[0]
                return fill(n, res), bad
    key_of = getattr(res, "json_key", None) if TEMPLATES else None
    key = key_of() if key_of is not None else None
    if key is not None:
        t = _TEMPLATE.get(key, False)
        if t is False:
            if len(_TEMPLATE) > 20_000:
                _TEMPLATE.clear()
            t = _TEMPLATE[key] = _make_template(res)
        if cell is not None:
            cell[0] = t if t is None else _with_numbers(t, res)
        if t is not None:
            fill, bad = t[:2]
            return fill(n, res), bad
    from .output import dumps

    rec, bad = result_record(n, res, "jsonl")
    return dumps(rec), bad


def cores() -> int:
    """The cores this process may run on (``--jobs 0``)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def workers_for(jobs: int) -> int:
    """The workers ``--jobs N`` may start at most: N (0: one per core), and no more than :data:`PER_CORE` a core.
    Fewer start when the work is short: one per chunk (or stretch of a file) at most."""
    return max(1, min(jobs or cores(), PER_CORE * cores()))


def _answer_chunk(chunk):
    answer, fmt, kind = _WORK
    recs = []
    bad = 0
    for n, item in chunk:
        rec, b = (answer_json if fmt == "jsonl" else answer_record)(n, item, answer, fmt)
        bad += b
        recs.append(rec)
    if fmt == "jsonl":
        import io

        from .output import emit

        buf = io.StringIO()
        emit(recs, "jsonl", kind, buf)
        return buf.getvalue(), bad
    return recs, bad


def answer_json(n: int, item, answer, fmt: str | None = None, base: dict | None = None):
    """:func:`answer_record` for the JSON formats: an answer's record as its JSON text (:func:`json_record`),
    a line that could not be read as its record."""
    if isinstance(item, str):
        return json_record(n, answer(item))
    return answer_record(n, item, answer, "jsonl", base)


def _rebuild(spec):
    """A worker that was not forked: the variant and the answer made again from the command's options."""
    command, variant, rules_file, overrides, all_readings, fmt, kind, *priced = spec
    from .api import load_variant, score_answer, wait_answer

    v = load_variant(variant, rules_file)
    if priced and priced[0] is not None:  # score --ladder/--stake: (ladder, stake)
        from .payments import priced as with_payment

        v = with_payment(v, *priced[0])
    if command == "score":
        return score_answer(v, overrides, all_readings), fmt, kind
    return wait_answer(v, overrides), fmt, kind


def _task_worker(conn, tasks, spec, fn) -> None:
    """A worker of a batch handed out in chunks: ``(k, chunk)`` from ``tasks``, ``(k, fn(chunk), None)`` back on
    ``conn`` (or ``(k, None, the error)``), until the parent closes the pipe."""
    global _WORK
    if _WORK is None:
        _WORK = _rebuild(spec)
    while True:
        k, chunk = tasks.get()
        try:
            out = fn(chunk)
        except OSError as exc:  # the output is gone (a closed pipe) or cannot be written: the parent says so
            conn.send((k, None, OSError(exc.errno, exc.strerror)))
            continue
        conn.send((k, out, None))


def _raw_items(n0: int, lines: list, base: dict | None) -> list:
    """The ``(number, text or record)`` items of raw lines (:func:`mjcli.lines.raw_chunks`), as
    :func:`answer_chunks` makes them from :func:`mjcli.lines.read_lines`: blank lines and comments left out, an
    unreadable line's record made."""
    from .lines import line_item, too_long

    items = []
    for k, raw in enumerate(lines):
        n = n0 + k
        item = too_long(raw) if raw.__class__ is int else line_item(n, raw)
        if item is None:
            continue
        if isinstance(item, MjError):
            item = answer_record(n, item, None, base=base)[0]
        items.append((n, item))
    return items


_RING = None  # (standard output's file descriptor, the number of the next chunk to write): see _answer_ring


def _answer_raw(block):
    """:func:`_answer_chunk` of a block of raw lines ``(first number, lines, base)``: a worker reads them."""
    return _answer_chunk(_raw_items(*block))


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _answer_ring(block):
    """:func:`_answer_raw` of chunk ``k`` of a jsonl batch ``(k, first number, lines, base)``, in a forked
    worker: when the chunks before it are written, it writes its lines to standard output itself and hands
    back ``(None, bad)``, so they do not cross a pipe to the process that reads (speed, issue 15); else it
    hands them back, and that process writes them in their turn."""
    k = block[0]
    text, bad = _answer_raw(block[1:])
    fd, turn = _RING
    with turn.get_lock():
        if turn.value == k:
            from .safetext import encode_out

            _write_all(fd, encode_out(text))
            turn.value = k + 1
            return None, bad
    return text, bad


def _ring_fd(fmt: str, raw, methods) -> int | None:
    """Standard output's file descriptor when forked workers may write a jsonl batch to it themselves, else None."""
    from .safetext import is_utf8_stream

    if fmt != "jsonl" or raw is None or "fork" not in methods:
        return None
    out = sys.stdout
    try:
        if not is_utf8_stream(out):
            return None
        fd = out.fileno()
    except (AttributeError, ValueError, OSError):  # not a real stream (a test runner's)
        return None
    out.flush()
    return fd


def _file_span(raw, fmt: str, methods) -> tuple[int, int, int, int] | None:
    """(file descriptor, position, size, standard output's file descriptor) of standard input when forked workers
    may read it themselves: a regular file, read from where it stands, big enough to share, with jsonl to a
    stream they can write (_file_jobs)."""
    import stat

    out_fd = _ring_fd(fmt, raw, methods)
    if out_fd is None:
        return None
    try:
        fd = raw.fileno()
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None
        start = raw.tell()
    except (AttributeError, ValueError, OSError):
        return None
    if info.st_size - start <= 2 * FILE_CHUNK:  # a small batch: the lines are handed out, or answered here
        return None
    if _bare_cr(fd, start, info.st_size):  # CR line ends: the lines are read here and handed out
        return None
    return fd, start, info.st_size, out_fd, _stamp(info)


def _bare_cr(fd: int, at: int, size: int) -> bool:
    """Whether the file has a CR that no LF follows before its last byte: a line end (see
    :func:`mjcli.lines.raw_lines`) that the workers' reading of stretches, by LF, does not split on."""
    cr_last = False
    for block in _blocks(fd, at, size, 1 << 20):
        if cr_last and block[:1] != b"\n":
            return True
        cr = block.count(b"\r")
        if cr and cr - block.count(b"\r\n") - (block[-1:] == b"\r") > 0:
            return True
        cr_last = block[-1:] == b"\r"
    return False


def _stamp(info) -> tuple:
    """What shows a file rewritten: its device, inode, size and time of change."""
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


_CHANGED = -2  # a worker's failure cell: the file changed under it


class InputChanged(OSError):
    """The file the ``--jobs`` workers read was rewritten meanwhile: the lines read may be mixed from two
    versions, so the batch stops (exit 2, one line)."""


def _input_changed() -> InputChanged:
    import errno

    return InputChanged(errno.ESTALE, "the input file changed while it was read; run again once it is "
                                      "written, or read a copy")


def _check_unchanged(span) -> None:
    if _stamp(os.fstat(span[0])) != span[4]:
        raise _input_changed()


_BLOCK = 1 << 16


def _blocks(fd: int, at: int, end: int, block: int = _BLOCK):
    """The file's bytes from ``at`` to ``end`` (or its end), ``block`` at a time (a read may give fewer)."""
    while at < end:
        b = os.pread(fd, min(block, end - at), at)
        if not b:
            return
        yield b
        at += len(b)


def _line_start(fd: int, at: int, size: int) -> int:
    """Where the first line that starts at or after ``at`` starts (``size``: none does)."""
    pos = at - 1
    for block in _blocks(fd, pos, size):
        i = block.find(b"\n")
        if i >= 0:
            return pos + i + 1
        pos += len(block)
    return size


def _count_lines(fd: int, begin: int, end: int) -> int:
    """How many lines end between ``begin`` and ``end`` (both the starts of lines)."""
    return sum(block.count(b"\n") for block in _blocks(fd, begin, end, 1 << 20))


def _file_lines(fd: int, begin: int, end: int, size: int) -> tuple[list, int]:
    """The lines that start from ``begin`` (a line's start) up to ``end``, as :func:`mjcli.lines.raw_chunks` gives
    them (bytes, or the size of a line too long to hold), and where the line after them starts. The last
    line is read on past ``end`` to its end, holding no more of it than a line may take."""
    from .lines import _CAP as cap

    data = b"".join(_blocks(fd, begin, end, end - begin))
    pos = begin + len(data)
    tail_size = None
    if data and data[-1:] != b"\n" and pos < size:  # the last line goes on past ``end``
        cut = data.rfind(b"\n") + 1
        head, data = data[cut:], data[:cut]
        kept, tail_size, ended = [head], len(head), False
        for block in _blocks(fd, pos, size):
            i = block.find(b"\n")
            piece = block if i < 0 else block[:i + 1]
            pos += len(piece)
            tail_size += len(piece)
            if tail_size <= cap:
                kept.append(piece)
            if i >= 0:
                ended = True
                break
        tail = b"".join(kept) if tail_size <= cap else None
    lines = data.split(b"\n")
    last = lines.pop()  # b"" after a final end of line, else a last line with none (the file's end)
    out = [x if len(x) < cap else len(x) + 1 for x in lines]  # the size with its end of line, as readline counts
    if last:
        out.append(last if len(last) < cap else len(last))
    if tail_size is not None:
        if tail is not None and (tail_size < cap or (tail_size == cap and ended)):
            out.append(tail[:-1] if ended else tail)  # no end of line, as the lines above
        else:
            out.append(tail_size)
    return out, pos


def _file_worker(conn, tasks, w: int, jobs: int, span, base, sync) -> None:
    """Worker ``w`` of ``jobs`` (forked): answer stretches w, w + jobs, ... of the file and write each in its turn;
    its count of bad lines, or the errno of a failed write, goes in its two cells of ``status``. A stretch
    answered before its turn is held while the next is answered (two at most), so no worker idles for long."""
    from .safetext import encode_out

    fd, start, size, out_fd, stamp = span
    cond, turn, status = sync
    held = deque()  # (stretch number, its bytes), answered and not yet written

    def write_turns(wait_for: int) -> bool:
        """Write the held stretches whose turn has come, waiting until ``wait_for`` of them are written; False
        when another worker failed."""
        with cond:
            while held:
                if turn.value < 0:  # another worker failed: the main process stops the batch
                    return False
                if turn.value != held[0][0]:
                    if len(held) <= wait_for:
                        return True
                    cond.wait()
                    continue
                k, data = held.popleft()
                if data:
                    _write_all(out_fd, data)
                turn.value = k + 1
                cond.notify_all()
        return True

    seen_at, seen = start, 0  # the lines before ``seen_at`` (a line's start)
    k = w
    bad = 0
    try:
        while start + k * FILE_CHUNK < size:
            at = start + k * FILE_CHUNK
            end = min(at + FILE_CHUNK, size)
            begin = start if k == 0 else _line_start(fd, at, size)
            data = b""
            if begin < end:
                seen += _count_lines(fd, seen_at, begin)
                lines, seen_at = _file_lines(fd, begin, end, size)
                text, b = _answer_chunk(_raw_items(seen + 1, lines, base))
                seen += len(lines)
                bad += b
                data = encode_out(text)
            if _stamp(os.fstat(fd)) != stamp:
                status[2 * w + 1] = _CHANGED
                with cond:
                    turn.value = -1
                    cond.notify_all()
                return
            held.append((k, data))
            if not write_turns(1):
                return
            k += jobs
        if not write_turns(0):
            return
    except OSError as exc:  # the output is gone (a closed pipe) or cannot be written
        status[2 * w + 1] = exc.errno or -1
        with cond:
            turn.value = -1  # the others stop waiting for a turn that will not come
            cond.notify_all()
    status[2 * w] = bad


class WorkerLost(OSError):
    """A ``--jobs`` worker stopped before the end of the batch (killed, out of memory): the command ends at once
    with one line and exit 2 (``cli._run_batch``), without waiting on the pool, whose queues the lost worker
    may have left locked."""


def _worker_lost() -> WorkerLost:
    import errno

    return WorkerLost(errno.ECHILD, "a --jobs worker stopped before the end of the batch (killed?); run it again, "
                                    "or with --jobs 1")


def _file_jobs(span, jobs: int, base):
    """Answer a jsonl batch from a regular file on ``jobs`` forked workers that read it themselves (no lines
    or answers cross a pipe); ``("", bad)`` when all is written. A worker's failed write is raised here."""
    import errno
    import multiprocessing
    from multiprocessing.connection import wait

    from .workers import Crew

    ctx = multiprocessing.get_context("fork")
    sync = (ctx.Condition(), ctx.RawValue("q", 0), ctx.RawArray("q", 2 * jobs))
    crew = Crew(ctx, jobs, _file_worker, lambda w: (w, jobs, span, base, sync))
    done = False
    try:
        live = list(crew.procs)
        while live:
            ended = wait([p.sentinel for p in live])
            for p in live:
                if p.sentinel in ended:
                    p.join()  # its exit code: the sentinel can close a moment before the process can be waited for
            live = [p for p in live if p.sentinel not in ended]
            failed = [e for e in sync[2][1::2] if e] or [-1 for p in crew.procs if p.exitcode not in (None, 0)]
            if failed:
                code = failed[0]
                if code == errno.EPIPE:
                    raise BrokenPipeError(code, os.strerror(code))
                if code > 0:
                    raise OSError(code, os.strerror(code))
                raise _input_changed() if code == _CHANGED else _worker_lost()
        _check_unchanged(span)
        done = True
    finally:
        crew.stop(kill=not done)
    yield "", sum(sync[2][0::2])


def answer_chunks(items, answer, fmt: str, kind: str, jobs: int = 1, spec=None, base: dict | None = None,
                  raw=None):
    """``(records, bad)`` per chunk of ``items`` in input order; ``records`` is the chunk's text for jsonl.

    ``raw``: a binary stream to read instead of ``items``: its lines go to the workers as they were read (a
    chunk of bytes objects), and each worker makes them text or an error (speed, issue 15: the process that
    reads does less a line)."""
    global _WORK
    jobs = workers_for(jobs)
    if jobs > 1:
        import multiprocessing

        span = _file_span(raw, fmt, multiprocessing.get_all_start_methods())
        if span is not None:  # a regular file: the workers read it themselves, one stretch each at least
            _WORK = (answer, fmt, kind)
            yield from _file_jobs(span, min(jobs, -(-(span[2] - span[1]) // FILE_CHUNK)), base)
            return
    if raw is None:
        it = ((n, answer_record(n, item, None, base=base)[0] if isinstance(item, MjError) else item)
              for n, item in items)  # an unreadable line's record is made here: a worker gets text or records
        chunks = iter(lambda: list(islice(it, CHUNK)), [])
        fn = _answer_chunk
    else:
        from .lines import raw_chunks

        chunks = ((n0, lines, base) for n0, lines in raw_chunks(raw, CHUNK))
        fn = _answer_raw
    first = next(chunks, None)
    if first is None:
        return
    chunks = chain([first], chunks)
    if jobs == 1 or len(first if raw is None else first[1]) < CHUNK:  # one job, or a small batch: no processes
        _WORK = (answer, fmt, kind)
        for chunk in chunks:
            yield fn(chunk)
        return
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    _WORK = (answer, fmt, kind) if "fork" in methods else None
    global _RING
    fd = _ring_fd(fmt, raw, methods)
    if fd is not None:  # forked workers write their chunks of jsonl in turn themselves (see _answer_ring)
        turn = ctx.Value("q", 0)
        _RING = (fd, turn)
        chunks = ((k,) + block for k, block in enumerate(chunks))
        fn = _answer_ring
    from .workers import Crew

    crew = Crew(ctx, 1, _task_worker, lambda w: (spec, fn))  # more as the work needs them, up to ``jobs``
    done = False
    try:
        for text, bad in _hand_out(crew, chunks, jobs):
            if fd is None or text is None:
                yield ("" if text is None else text), bad
                continue
            with turn.get_lock():  # a chunk handed back: written here in its turn (the ones before it are written)
                sys.stdout.write(text)
                sys.stdout.flush()
                turn.value += 1
            yield "", bad
        done = True
    finally:
        _RING = None
        codes = crew.stop(kill=not done)
    if any(codes):  # a worker lost after its last answer, before the batch's end
        raise _worker_lost()


def _hand_out(crew, chunks, jobs: int):
    """The answers of ``chunks`` handed out to the workers of ``crew`` (at most :data:`AHEAD` in flight on each),
    in input order. A worker that ends before the batch does ends it (:class:`WorkerLost`): it is never
    replaced, and its chunks are not given to another."""
    from multiprocessing.connection import wait

    conns = crew.conns  # grows with crew.add()
    sentinels = {p.sentinel for p in crew.procs}
    load = [0] * len(conns)
    owner = {}  # chunk number -> the worker answering it
    done = {}  # chunk number -> its answer, come before its turn
    nxt = 0

    def collect(block: bool) -> None:
        ready = wait(list(conns) + list(sentinels), None if block else 0)
        for c in ready:
            if c in sentinels:
                continue
            try:
                k, out, exc = c.recv()
            except (EOFError, OSError):
                raise _worker_lost() from None
            if exc is not None:
                raise exc
            load[owner.pop(k)] -= 1
            done[k] = out
        if any(c in sentinels for c in ready) or crew.lost():
            raise _worker_lost()

    k = 0
    for chunk in chunks:
        if min(load) > 0 and len(conns) < jobs:  # every worker is busy: one more, while there is work for it
            crew.add()
            load.append(0)
            sentinels.add(crew.procs[-1].sentinel)
        owner[k] = w = load.index(min(load))
        load[w] += 1
        try:
            conns[w].send((k, chunk))
        except OSError:  # its end of the pipe is gone: so is the worker
            raise _worker_lost() from None
        k += 1
        collect(False)
        while True:  # the answers whose turn has come go out; room is made before the next chunk is taken
            while nxt in done:
                yield done.pop(nxt)
                nxt += 1
            if min(load) < AHEAD and k - nxt < jobs * AHEAD:
                break
            collect(True)
    while owner or nxt in done:
        if nxt not in done:
            collect(True)
            continue
        yield done.pop(nxt)
        nxt += 1
