"""Read input one line at a time, in bounded memory, for every batch reader.

Each line comes back as ``(line number, text)`` or ``(line number, MjError)``:
a line that is not UTF-8 or is too long becomes an error for that line only,
and the rest go on. Blank lines and ``#`` comments are skipped (their numbers
still count); a byte-order mark and CRLF endings are ignored.
"""

from __future__ import annotations

import os
import stat
import sys
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


def _skip_rest(stream, raw, cap: int) -> int:
    """Read on to the end of a line too long to hold; its size in bytes."""
    size = len(raw)
    while raw and raw[-1:] not in (b"\n", "\n"):  # skip the rest without holding it in memory
        raw = stream.readline(cap)
        size += len(raw)
    return size


def read_lines(stream: BinaryIO, what: str = "a hand", flush_when_waiting: bool = False
               ) -> Iterator[tuple[int, str | MjError]]:
    """The lines of ``stream`` (bytes or text) with their numbers, never holding more than one short line."""
    cap = _CAP
    live = flush_when_waiting and is_live(stream)
    i = 0
    while True:
        if live:
            sys.stdout.flush()  # answers so far go out before we wait for more input (pipes, coprocesses)
        raw = stream.readline(cap)
        if not raw:
            return
        i += 1
        if len(raw) == cap and raw[-1:] not in (b"\n", "\n"):
            yield i, too_long(_skip_rest(stream, raw, cap), what)
            continue
        item = line_item(i, raw, what)
        if item is not None:
            yield i, item


def raw_chunks(stream: BinaryIO, size: int) -> Iterator[tuple[int, list]]:
    """The lines of ``stream`` as read, ``size`` at a time: (the first one's number, the lines), each line
    its bytes, or the size in bytes (an int) of one too long to hold; :func:`line_item` (or :func:`too_long`)
    makes each what :func:`read_lines` gives. For ``--jobs``: the workers do that, not the process that reads."""
    cap = _CAP
    readline = stream.readline
    n = 1
    while True:
        lines = []
        for _ in range(size):
            raw = readline(cap)
            if not raw:
                break
            if len(raw) == cap and raw[-1:] not in (b"\n", "\n"):
                raw = _skip_rest(stream, raw, cap)
            lines.append(raw)
        if not lines:
            return
        yield n, lines
        n += len(lines)
        if len(lines) < size:
            return
