"""Read input one line at a time, in bounded memory, for every batch reader.

Each line comes back as ``(line number, text)`` or ``(line number, MjError)``:
a line that is not UTF-8 or is too long becomes an error for that line only,
and the rest go on. CR, LF and CRLF each end a line (a file saved with old
Mac line ends is read line by line, not as one line). Blank lines and ``#``
comments are skipped (their numbers still count); a byte-order mark is
ignored.
"""

from __future__ import annotations

import os
import stat
import sys
from itertools import islice
from typing import BinaryIO, Iterator

from .errors import MjError

MAX_LINE = 10_000  # characters: a hand (or a ledger object) is one short line
_CAP = MAX_LINE * 4 + 2  # bytes read at most a line: enough for MAX_LINE characters of UTF-8 and a CRLF


def is_live(stream) -> bool:
    """True for a pipe or terminal (we may wait on it), False for a regular file."""
    try:
        return not stat.S_ISREG(os.fstat(stream.fileno()).st_mode)
    except (OSError, ValueError, AttributeError):
        return True


def too_long(size: int, what: str = "a hand") -> MjError:
    """The error of a line of ``size`` bytes, too long to read."""
    return MjError(f"{size} bytes; {what} is one short line (at most {MAX_LINE} characters)", "line_too_long")


def line_item(i: int, raw, what: str = "a hand"):
    """Line ``i`` as read (bytes or text, its end of line on): its text, an MjError, or None to skip it (blank,
    a ``#`` comment)."""
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            return MjError(f"not UTF-8 text (byte {exc.start + 1}); save the file as UTF-8", "encoding_error")
    else:
        text = raw
    if i == 1:
        text = text.lstrip("\ufeff")
    text = text.strip()
    if not text or text.startswith("#"):
        return None
    if len(text) > MAX_LINE:
        return MjError(f"{len(text)} characters; {what} is one short line (at most {MAX_LINE})", "line_too_long")
    return text


def raw_lines(stream, cap: int = _CAP, before_read=None, first=None) -> Iterator:
    """Each line of ``stream`` as read: its bytes with its end of line on (none at the end of the input), or its
    size in bytes (an int) when it is too long to hold, never holding more than two short lines' bytes. A line
    is too long when it is over ``cap`` bytes with its end of line, or ``cap`` without one.

    CR, LF and CRLF each end a line (a file saved with old Mac line ends is read line by line, not as one
    line). A line that a CR ends last in what was read is given once the next read shows whether a LF follows
    (its CRLF). A text stream (a test's) is read as its own reading ends lines. ``before_read()`` is called
    before each read that may wait. ``first``: what the caller read of ``stream`` with ``readline(cap)`` at the
    start of a line (b"" at its end), read here as this function's first read."""
    cur: bytes | int = b""  # the line read so far: its bytes, or its size once it is too long to hold
    held = None  # a line a CR ended last in the read before: a LF first in this read is its own
    while True:
        if first is not None:
            data, first = first, None
        else:
            if before_read is not None:
                before_read()
            data = stream.readline(cap)
        if not data:  # the end of the input
            if held is not None:
                yield _sized(held, cap, True)
            if cur:
                yield _sized(cur, cap, False)
            return
        if data.__class__ is str:
            yield from _text_lines(stream, data, cap, before_read)
            return
        if held is not None:
            if data[:1] == b"\n":  # the CR and this LF: one CRLF
                held = held + 1 if held.__class__ is int else held + b"\n"
                data = data[1:]
            yield _sized(held, cap, True)
            held = None
            if not data:
                continue
        if not cur and b"\r" not in data:  # a line that LF ends, all of it in this read (as most are)
            if data[-1:] == b"\n":
                yield data  # at most cap bytes with its LF
            else:  # the end of the input comes next, or a line too long to hold
                cur = data if len(data) < cap else len(data)
            continue
        parts = data.splitlines(True)  # bytes: CR, LF and CRLF end a line, nothing else does
        last = len(parts) - 1
        for k, part in enumerate(parts):
            cur = cur + len(part) if cur.__class__ is int else cur + part
            if cur.__class__ is not int and len(cur) > cap:
                cur = len(cur)  # too long to hold: only its size is kept
            if part[-1:] not in (b"\n", b"\r"):
                continue
            if k == last and part[-1:] == b"\r":
                held = cur  # a LF may come first in the next read
            else:
                yield _sized(cur, cap, True)
            cur = b""


def _sized(line, cap: int, ended: bool):
    """A line's bytes, or its size when it is too long to hold (see :func:`raw_lines`)."""
    if line.__class__ is int:
        return line
    return len(line) if len(line) > cap or (len(line) == cap and not ended) else line


def _text_lines(stream, raw: str, cap: int, before_read=None) -> Iterator:
    """:func:`raw_lines` of a text stream (a test's) from its first line ``raw``: its own reading ends lines."""
    while raw:
        if len(raw) == cap and raw[-1:] != "\n":  # too long to hold: the rest skipped, not held
            size = len(raw)
            while raw and raw[-1:] != "\n":
                raw = stream.readline(cap)
                size += len(raw)
            yield size
        else:
            yield raw
        if before_read is not None:
            before_read()
        raw = stream.readline(cap)


def read_lines(stream: BinaryIO, what: str = "a hand", flush_when_waiting: bool = False
               ) -> Iterator[tuple[int, str | MjError]]:
    """The lines of ``stream`` (bytes or text) with their numbers, never holding more than two short lines.
    CR, LF and CRLF each end a line.

    Each line a read gives whole with its LF and no CR (as most are) is read here; from the first read that is
    not such a line on, :func:`raw_lines` reads the rest (one generator fewer a line: speed, issue 29)."""
    before = _flush_stdout if flush_when_waiting and is_live(stream) else None
    i = 0
    readline = stream.readline
    while True:
        if before is not None:
            before()
        data = readline(_CAP)
        if data.__class__ is not bytes or data[-1:] != b"\n" or b"\r" in data:
            break
        i += 1
        item = line_item(i, data, what)
        if item is not None:
            yield i, item
    for raw in raw_lines(stream, _CAP, before, data):
        i += 1
        if raw.__class__ is int:
            yield i, too_long(raw, what)
            continue
        item = line_item(i, raw, what)
        if item is not None:
            yield i, item


def _flush_stdout() -> None:
    sys.stdout.flush()  # answers so far go out before we wait for more input (pipes, coprocesses)


def raw_chunks(stream: BinaryIO, size: int) -> Iterator[tuple[int, list]]:
    """The lines of ``stream`` as read, ``size`` at a time: (the first one's number, the lines), each line
    its bytes, or the size in bytes (an int) of one too long to hold; :func:`line_item` (or :func:`too_long`)
    makes each what :func:`read_lines` gives. For ``--jobs``: the workers do that, not the process that reads."""
    lines = raw_lines(stream)
    n = 1
    while True:
        chunk = list(islice(lines, size))
        if not chunk:
            return
        yield n, chunk
        n += len(chunk)
        if len(chunk) < size:
            return
