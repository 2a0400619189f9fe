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


def is_live(stream) -> bool:
    """True for a pipe or terminal (we may wait on it), False for a regular file."""
    try:
        return not stat.S_ISREG(os.fstat(stream.fileno()).st_mode)
    except (OSError, ValueError, AttributeError):
        return True


def read_lines(stream: BinaryIO, what: str = "a hand", flush_when_waiting: bool = False
               ) -> Iterator[tuple[int, str | MjError]]:
    """The lines of ``stream`` (bytes or text) with their numbers, never holding more than one short line."""
    cap = MAX_LINE * 4 + 2  # bytes enough for MAX_LINE characters of UTF-8 and a CRLF
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
            size = len(raw)
            while raw and raw[-1:] not in (b"\n", "\n"):  # skip the rest without holding it in memory
                raw = stream.readline(cap)
                size += len(raw)
            yield i, MjError(f"{size} bytes; {what} is one short line (at most {MAX_LINE} characters)",
                             "line_too_long")
            continue
        if isinstance(raw, bytes):
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield i, MjError(f"not UTF-8 text (byte {exc.start + 1}); save the file as UTF-8", "encoding_error")
                continue
        else:
            text = raw
        if i == 1:
            text = text.lstrip("\ufeff")
        text = text.strip()
        if not text or text.startswith("#"):
            continue
        if len(text) > MAX_LINE:
            yield i, MjError(f"{len(text)} characters; {what} is one short line (at most {MAX_LINE})",
                             "line_too_long")
            continue
        yield i, text
