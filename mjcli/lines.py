"""Read input one line at a time, in bounded memory, for every batch reader.

Each line comes back as ``(line number, text)`` or ``(line number, MjError)``:
a line that is not UTF-8 or is too long becomes an error for that line only,
and the rest go on. CR, LF and CRLF each end a line (a file saved with old
Mac line ends is read line by line, not as one line). Blank lines and ``#``
comments are skipped (their numbers still count); a byte-order mark is
ignored.
"""

from __future__ import annotations

import io
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


def split_lines(data: bytes, cap: int = _CAP) -> list:
    """The lines of ``data`` (whole lines, but the last may lack an end of line), each its bytes with its end of
    line on (CR, LF or CRLF), or its size in bytes when it is too long to hold: more than ``cap`` bytes with
    its end of line, ``cap`` or more without one (as ``readline(cap)`` would find it)."""
    lines = data.splitlines(True)  # bytes: only CR, LF and CRLF end a line
    if not lines or max(map(len, lines)) < cap:
        return lines
    out = [x if len(x) <= cap else len(x) for x in lines]
    last = lines[-1]
    if len(last) == cap and last[-1:] not in (b"\n", b"\r"):
        out[-1] = cap
    return out


def _end_of_line(data: bytes, start: int = 0) -> int:
    """Where the first CR or LF at or after ``start`` is in ``data`` (-1: none)."""
    i = data.find(b"\n", start)
    j = data.find(b"\r", start, i if i >= 0 else len(data))
    return j if j >= 0 else i


_BLOCK = 1 << 16


def raw_lines(stream, cap: int = _CAP, before_read=None) -> Iterator:
    """Each line of ``stream`` as read: its bytes (its end of line on, none at the end of the input), or its size
    in bytes (an int) when it is too long to hold (:func:`split_lines`), never holding more than a block and one
    line. CR, LF and CRLF each end a line. ``before_read()`` is called before each read that may wait.

    A binary stream is read a block at a time, as much as is there (``read1``), so a line that has come is
    answered without waiting for the next. A text stream (a test's) is read a line at a time."""
    if isinstance(stream, io.TextIOBase):
        yield from _text_lines(stream, cap, before_read)
        return
    read = stream.read if isinstance(stream, io.RawIOBase) else getattr(stream, "read1", stream.read)
    carry = b""  # the start of a line not yet ended (shorter than cap)
    over = 0  # the size so far of a line too long to hold, whose bytes are not kept
    after_cr = False  # the block before ended with a CR that ended a line: a LF first in this block is its end
    held = None  # (what to give with a LF after the CR, without one): a line not given until that is known
    while True:
        if before_read is not None:
            before_read()
        data = read(_BLOCK)
        if after_cr:
            after_cr = False
            lf = data[:1] == b"\n"
            if lf:
                data = data[1:]
            if held is not None:
                yield held[0] if lf else held[1]
                held = None
            if lf and not data:
                continue
        if not data:  # the end of the input
            if over:
                yield over
            elif carry:
                yield carry if len(carry) < cap else len(carry)
            return
        if over:  # the rest of a line too long to hold: counted, not kept
            i = _end_of_line(data)
            if i < 0:
                over += len(data)
                continue
            if data[i] == 13:  # CR
                if i + 1 == len(data):
                    held, after_cr, over = (over + i + 2, over + i + 1), True, 0
                    continue
                if data[i + 1] == 10:  # CRLF
                    i += 1
            yield over + i + 1
            over = 0
            data = data[i + 1:]
            if not data:
                continue
        j = max(data.rfind(b"\n"), data.rfind(b"\r"))  # the last end of line in the block
        if j < 0:
            carry += data
            if len(carry) >= cap:
                over, carry = len(carry), b""
            continue
        whole = carry + data[:j + 1] if carry else data[:j + 1]
        carry = data[j + 1:]
        if len(carry) >= cap:
            over, carry = len(carry), b""
        lines = split_lines(whole, cap)
        if j + 1 == len(data) and data[j] == 13:  # a CR last: a LF may follow in the next block
            after_cr = True
            last = lines[-1]
            if last.__class__ is int:
                held = (last + 1, last)
                lines.pop()
            elif len(last) == cap:  # with a LF it would be one byte too long
                held = (cap + 1, last)
                lines.pop()
        yield from lines


def _text_lines(stream, cap: int, before_read=None) -> Iterator:
    """:func:`raw_lines` of a text stream (a test's), a line at a time (its own reading ends lines)."""
    while True:
        if before_read is not None:
            before_read()
        raw = stream.readline(cap)
        if not raw:
            return
        if len(raw) == cap and raw[-1:] != "\n":  # too long to hold: the rest skipped, not held
            size = len(raw)
            while raw and raw[-1:] != "\n":
                raw = stream.readline(cap)
                size += len(raw)
            yield size
            continue
        yield raw


def read_lines(stream: BinaryIO, what: str = "a hand", flush_when_waiting: bool = False
               ) -> Iterator[tuple[int, str | MjError]]:
    """The lines of ``stream`` (bytes or text) with their numbers, never holding more than a block and one short
    line. CR, LF and CRLF each end a line."""
    before = _flush_stdout if flush_when_waiting and is_live(stream) else None
    i = 0
    for raw in raw_lines(stream, _CAP, before):
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

