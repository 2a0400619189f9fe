"""Text that is safe to write to a terminal or a CSV file, and output that is always valid UTF-8.

Control characters from a hand, a ledger label or a rule file (NUL, ESC, BEL, a tab, C1 codes) are
written escaped in table and CSV output (``\\x1b``), so nothing read can move the cursor, ring the bell or
cut a CSV row. So are the characters that change how the text around them reads without showing
themselves: the bidirectional controls (U+202E turns the rest of a line around, U+2066..U+2069, U+200E,
U+200F, U+061C), the zero-width ones (U+200B..U+200D, U+2060..U+2064, U+FEFF, U+180E) and the line and
paragraph separators (U+2028, U+2029), each as ``\\u202e``. JSON output writes the same characters (and
the C1 codes, which a JSON encoder leaves raw) as JSON escapes (:func:`escape_json`): a JSON reader gets
the very same text. Standard output and error are written as UTF-8 whatever the locale, and a character that
cannot be (a byte of an argument that was not UTF-8, kept by Python as a lone surrogate) is written as
``\\xff``.
"""

from __future__ import annotations

import codecs
import re
import sys
from typing import TextIO

# characters that reorder or hide the text around them, or end a line where a reader sees none
INVISIBLE = "\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff"
_CONTROL = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{INVISIBLE}]")  # a tab and a newline are layout
_JSON_RAW = re.compile(f"[\x7f-\x9f{INVISIBLE}]")  # what json.dumps(ensure_ascii=False) writes raw


def _escape_control(m) -> str:
    c = ord(m.group())
    return "\\x%02x" % c if c < 0x100 else "\\u%04x" % c


def escape_controls(text: str) -> str:
    """Each control character but the newline as ``\\xNN`` (ESC is ``\\x1b``), and each character of
    :data:`INVISIBLE` as ``\\uNNNN`` (``\\u202e``); a newline is kept.

    >>> escape_controls("ok\\x1b[2J \\u202eevil")
    'ok\\\\x1b[2J \\\\u202eevil'
    """
    return _CONTROL.sub(_escape_control, text) if _CONTROL.search(text) else text


def _json_escape(m) -> str:
    return "\\u%04x" % ord(m.group())


def escape_json(text: str) -> str:
    """JSON text with the C1 controls and the :data:`INVISIBLE` characters written as JSON escapes (``\\u202e``):
    the same data for a JSON reader, nothing that turns a line around for a person reading the file."""
    return _JSON_RAW.sub(_json_escape, text) if not text.isascii() and _JSON_RAW.search(text) else text


class EscapingWriter:
    """A text stream that writes every control character but the newline escaped."""

    def __init__(self, out: TextIO):
        self._out = out

    def write(self, text: str) -> int:
        return self._out.write(escape_controls(text))

    def __getattr__(self, name):
        return getattr(self._out, name)


def one_line(text: str) -> str:
    return text.replace("\r", "\\r").replace("\n", "\\n")


def _escape_unencodable(exc):
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    bad = exc.object[exc.start:exc.end]
    return "".join("\\x%02x" % (ord(c) - 0xDC00) if 0xDC80 <= ord(c) <= 0xDCFF else "\\u%04x" % ord(c)
                   for c in bad), exc.end


codecs.register_error("mjcli-escape", _escape_unencodable)


def utf8_streams() -> None:
    """Standard output and error as UTF-8, whatever cannot be encoded escaped (never a traceback, never a raw 0xFF)."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        try:
            stream.reconfigure(encoding="utf-8", errors="mjcli-escape")
        except (AttributeError, ValueError, OSError):  # not a real text stream (a test runner's), or closed
            pass


def is_utf8_stream(stream) -> bool:
    """True when ``stream`` encodes as :func:`utf8_streams` set it, so :func:`encode_out` gives its bytes."""
    encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "").replace("_", "")
    return encoding == "utf8" and getattr(stream, "errors", None) == "mjcli-escape"


def encode_out(text: str) -> bytes:
    """``text`` as the streams of :func:`utf8_streams` write it."""
    return text.encode("utf-8", "mjcli-escape")


# full-width digits, signs and point (what a CJK keyboard types) read as ASCII: "３" is 3, as "3" is
_FULL_WIDTH = str.maketrans("０１２３４５６７８９＋－．", "0123456789+-.")
_ASCII_INTEGER = re.compile(r"[+-]?[0-9]+\Z")
MAX_DIGITS = 4000  # a whole number's digits at most (Python converts no more than 4,300)


def ascii_number(text: str) -> str:
    """``text`` with full-width digits, signs and point (U+FF10..U+FF19, U+FF0B, U+FF0D, U+FF0E) as ASCII ones;
    nothing else is changed, so an Arabic-Indic ٣ or a superscript ² stays what it is and is refused."""
    return text if text.isascii() else text.translate(_FULL_WIDTH)


def parse_int(text: str) -> int | None:
    """A whole number written in the digits 0-9 (full-width ones read as ASCII), with an optional sign and spaces
    around it; None for anything else (``int()`` also takes ٣, ² and ``1_0``). More than
    :data:`MAX_DIGITS` digits raise :class:`ValueError` naming how many (Python reads no more than 4,300).

    >>> parse_int(" 12 "), parse_int("１２"), parse_int("-3"), parse_int("\u0663"), parse_int("1_0"), parse_int("1e3")
    (12, 12, -3, None, None, None)
    """
    text = ascii_number(text.strip())
    if not _ASCII_INTEGER.match(text):
        return None
    digits = len(text.lstrip("+-0"))
    if digits > MAX_DIGITS:
        raise ValueError(f"a number of {digits} digits is too long; write at most {MAX_DIGITS} digits")
    return int(text)


def ascii_upper(text: str) -> str:
    """Upper case for the documented ASCII spellings only: "ſ".upper() is "S", the Kelvin sign lowers to k."""
    return text.upper() if text.isascii() else text


def ascii_lower(text: str) -> str:
    return text.lower() if text.isascii() else text
