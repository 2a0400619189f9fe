"""A progress line on standard error for long batches (``--progress`` / ``--no-progress``).

By default it shows only when standard error is a terminal (not standard
output's) and the batch is long: after two seconds, or after 10,000 lines,
whichever comes first. It
says how many lines are done and how fast; when the input is a regular file
it also says how far through the file it is and about how long is left. It
is redrawn at most five times a second, on one line that is cleared at the
end, and it never writes to standard output. When standard output is the
same terminal, the answers scrolling by are the progress: the line is not
drawn unless ``--progress`` asks for it, and then it is cleared before each
answer is written, so no answer lands on it.

The cost is one counter per line and a clock read every 512 lines.
"""

from __future__ import annotations

import os
import stat
import sys
import time
from typing import Iterator, TextIO

AFTER_SECONDS = 2.0
AFTER_LINES = 10_000
EVERY = 512  # lines between looks at the clock
REDRAW = 0.2  # seconds between redraws


def wanted(flag: bool | None, err: TextIO | None = None) -> bool:
    """``--progress`` forces it, ``--no-progress`` stops it; by default only on a terminal that is not
    standard output's too."""
    if flag is not None:
        return flag
    err = err if err is not None else sys.stderr
    try:
        return bool(err.isatty()) and not same_terminal(sys.stdout, err)
    except (AttributeError, ValueError, OSError):
        return False


def same_terminal(out, err) -> bool:
    """Whether ``out`` and ``err`` write to one terminal (an answer would land on the progress line)."""
    try:
        if not (out.isatty() and err.isatty()):
            return False
        a, b = os.fstat(out.fileno()), os.fstat(err.fileno())
    except (AttributeError, ValueError, OSError):
        return False
    return a.st_rdev == b.st_rdev and (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _file_size(stream) -> int | None:
    try:
        st = os.fstat(stream.fileno())
    except (OSError, ValueError, AttributeError):
        return None
    return st.st_size if stat.S_ISREG(st.st_mode) and st.st_size > 0 else None


def _position(stream) -> int | None:
    try:
        return stream.tell()
    except (OSError, ValueError, AttributeError):
        return None


def _duration(seconds: float) -> str:
    seconds = int(seconds + 0.5)
    if seconds >= 3600:
        return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
    if seconds >= 60:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds}s"


class Progress:
    """Counts lines and draws the line; ``wrap`` it around a line iterator."""

    def __init__(self, stream=None, err: TextIO | None = None, forced: bool = False, what: str = "lines",
                 clock=time.monotonic):
        self.stream = stream
        self.err = err if err is not None else sys.stderr
        self.forced = forced
        self.what = what
        self.clock = clock
        self.size = _file_size(stream) if stream is not None else None
        self.start = clock()
        self.shown = False
        self.last_draw = 0.0
        self.width = 0
        self.shared = same_terminal(sys.stdout, self.err)  # the answers go to this terminal too

    def text(self, done: int, now: float) -> str:
        elapsed = max(now - self.start, 1e-9)
        rate = done / elapsed
        parts = [f"{done:,} {self.what}", f"{rate:,.0f}/s"]
        pos = _position(self.stream) if self.size else None
        if self.size and pos is not None:
            frac = min(1.0, pos / self.size)
            parts.insert(0, f"{frac * 100:3.0f}%")
            if frac > 0:
                parts.append(f"{_duration(elapsed * (1 - frac) / frac)} left")
        return "  ".join(parts)

    def draw(self, done: int, now: float) -> None:
        line = self.text(done, now)
        pad = " " * max(0, self.width - len(line))
        self.width = len(line)
        try:
            self.err.write("\r" + line + pad)
            self.err.flush()
        except (OSError, ValueError):
            self.forced = False  # standard error went away: stop drawing, the batch goes on
            self.shown = True
        self.shown = True
        self.last_draw = now

    def clear(self) -> None:
        if self.shown and self.width:
            try:
                self.err.write("\r" + " " * self.width + "\r")
                self.err.flush()
            except (OSError, ValueError):
                pass
            self.width = 0

    def wrap(self, items) -> Iterator:
        done = 0
        try:
            for item in items:
                if self.shared and self.width:  # the answer to this item is written on a clean line
                    self.clear()
                yield item
                done += 1
                if done % EVERY:
                    continue
                now = self.clock()
                if not self.shown and not self.forced and done < AFTER_LINES and now - self.start < AFTER_SECONDS:
                    continue
                if now - self.last_draw >= REDRAW:
                    self.draw(done, now)
        finally:
            self.clear()


def track(items, stream=None, flag: bool | None = None, what: str = "lines", err: TextIO | None = None):
    """``items`` itself when no progress is wanted, else the same items counted on a progress line."""
    if not wanted(flag, err):
        return items
    return Progress(stream, err=err, forced=bool(flag), what=what).wrap(items)
