"""A cheat sheet as a small document (title, paragraphs, headings, tables, lists), rendered to fit.

``mjcli rules`` builds one from a variant's data and writes it as text that fits a width in
display columns (wide Chinese characters count two, Thai combining marks none), or as a
Markdown or HTML page to print.

>>> doc = [("title", "Demo (x)"), ("table", ["id", "when"], [["a_b", "one two three four five six seven eight nine"]], {})]
>>> print(render(doc, "table", width=40), end="")
Demo (x)
<BLANKLINE>
id   when
---  ---------------------------------
a_b  one two three four five six seven
     eight nine
>>> text_width("東南 ok"), text_width("ที่")
(7, 1)
"""

from __future__ import annotations

import html
import re
import unicodedata

from .safetext import escape_controls, one_line

_WC: list = []  # [wcswidth, wcwidth] once imported (or [None, None]): only text that is not ASCII needs it


def _wc():
    """wcwidth's two functions, imported on first use (it costs start-up: issue 15); None when missing."""
    if not _WC:
        try:  # a runtime dependency; the fallback below measures the same for the scripts mjcli prints
            from wcwidth import wcswidth, wcwidth
            _WC.extend((wcswidth, wcwidth))
        except ImportError:  # pragma: no cover
            _WC.extend((None, None))
    return _WC


MIN_WIDTH = 32  # narrower than this, lines may run over


def _char_width(c: str) -> int:
    _wcswidth, _wcwidth = _wc()
    if _wcswidth is not None:
        return max(0, _wcwidth(c))
    if unicodedata.combining(c) or unicodedata.category(c) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1


def text_width(text: str) -> int:
    """The display width of ``text`` in terminal columns."""
    if text.isascii():
        return len(text)
    _wcswidth = _wc()[0]
    if _wcswidth is not None:
        w = _wcswidth(text)
        if w >= 0:
            return w
    return sum(_char_width(c) for c in text)


def _cut(word: str, width: int) -> tuple[str, str]:
    """The longest head of ``word`` that fits ``width`` (at least one character), and the rest."""
    for i in range(2, len(word) + 1):  # measured as a whole: a cluster may be narrower than its characters
        if text_width(word[:i]) > width:
            k = i - 1
            while k > 1 and _ascii_word(word[k - 1]) and _ascii_word(word[k]):
                k -= 1  # not inside a number or an id written among wide characters
            if _ascii_word(word[k - 1]) and _ascii_word(word[k]):
                k = i - 1  # the word is all one number or id: it has to be cut
            while k > 1 and not _cluster_starts(word, k):
                k -= 1  # never between a letter and its vowel signs (Thai, Tamil): at a cluster boundary
            return word[:k], word[k:]
    return word, ""


def _cluster_starts(word: str, k: int) -> bool:
    """Whether a grapheme cluster starts at ``word[k]``: not at a combining mark (a Thai or Tamil vowel sign,
    a tone mark, a virama), Thai sara am, a joiner or a variation selector, nor just after a joiner.

    >>> [_cluster_starts("ผู้แพ้", k) for k in range(1, 6)]
    [False, False, True, True, False]
    """
    c = word[k]
    if unicodedata.category(c) in ("Mn", "Mc", "Me") or c in "\u0e33\u200c\u200d" or 0xFE00 <= ord(c) <= 0xFE0F:
        return False
    return word[k - 1] != "\u200d"


def _ascii_word(c: str) -> bool:
    return c.isascii() and (c.isalnum() or c in "_.")


# what a line of Chinese or Japanese text may not start with (closing punctuation: it stays with the character
# before it) when a run of wide characters is broken between two of them
_NO_LINE_START = frozenset("，、。．；：？！）」』】》〉”’…,.;:?!)]}")
_OPENING = "（「『【《〈“‘([{"  # nor end with opening punctuation


def _wide_head(word: str, room: int) -> tuple[str, str] | None:
    """The head of ``word`` that fills the ``room`` left on a line, and the rest, when the word may be broken there:
    between two characters of which one is wide (Chinese and Japanese are written with no spaces, and break
    between any two characters), never before closing punctuation, after opening punctuation, inside a number
    or an id or inside a cluster, and not to leave one character alone on either line; else None.

    >>> _wide_head("一二三四五六七八九", 16), _wide_head("一二三，四五", 6), _wide_head("一（二三四", 4)
    (('一二三四五六七', '八九'), ('一二', '三，四五'), None)
    >>> _wide_head("索１２牌筒", 6), _wide_head("索１２牌筒", 4)
    (('索１２', '牌筒'), None)
    """
    if room < 2:
        return None
    k = len(_cut(word, room)[0])
    while k > 1 and (len(word) - k < 2 or word[k] in _NO_LINE_START or word[k - 1] in _OPENING
                     or (_number_char(word[k - 1]) and _number_char(word[k])) or not _cluster_starts(word, k)):
        k -= 1
    head, rest = word[:k], word[k:]
    if len(head.lstrip(_OPENING)) < 2 or len(rest) < 2 or text_width(head) > room:
        return None  # one character on either side is not worth the break: the word goes to the next line whole
    if _char_width(head[-1]) < 2 and _char_width(rest[0]) < 2:
        return None
    return head, rest


def _number_char(c: str) -> bool:
    """A character of a number or an id, which a break never splits: ASCII letters and digits, and any digit
    (full-width ones too)."""
    return _ascii_word(c) or c.isdigit()


def wrap(text: str, width: int) -> list[str]:
    """``text`` wrapped to ``width`` columns at spaces (a word too long is cut); a newline starts a new line.
    A word of wide characters (Chinese) is broken between two of them to fill a line, as those scripts are.

    >>> wrap("Siu Sam Yuen (small three dragons)", 14)
    ['Siu Sam Yuen', '(small three', 'dragons)']
    >>> wrap("香港古典麻雀", 5)
    ['香港', '古典', '麻雀']
    >>> wrap("1、9 數牌及字牌每種各一張，其中一種再多一張", 22)
    ['1、9 數牌及字牌每種各', '一張，其中一種再多一張']
    """
    width = max(1, width)
    lines: list[str] = []
    for para in text.split("\n"):
        cur, used = "", 0
        for word in para.split():
            ww = text_width(word)
            if cur and used + 1 + ww > width:
                split = _wide_head(word, width - used - 1)
                if split is not None:  # the line filled with the word's head, the rest on the next
                    lines.append(f"{cur} {split[0]}")
                    cur, used = "", 0
                    word = split[1]
                    ww = text_width(word)
            while ww > width:
                if cur:
                    lines.append(cur)
                    cur, used = "", 0
                head, word = _wide_head(word, width) or _cut(word, width)
                lines.append(head)
                ww = text_width(word)
            if not word:
                continue
            if cur and used + 1 + ww > width:
                lines.append(cur)
                cur, used = word, ww
            elif cur:
                cur, used = f"{cur} {word}", used + 1 + ww
            else:
                cur, used = word, ww
        lines.append(cur)
    return lines


def _pad(text: str, width: int, right: bool = False) -> str:
    gap = " " * max(0, width - text_width(text))
    return gap + text if right else text + gap


def fit(natural: list[int], least: list[int | None], room: int) -> list[int]:
    """Column widths: ``natural`` ones, narrowed one column at a time (the one furthest above its
    ``least``, None meaning its natural width) until they add up to ``room``; when the ``least``
    widths do not fit, below them too (never below 4).

    >>> fit([10, 30, 40], [10, 8, 8], 60)
    [10, 25, 25]
    >>> fit([20, 45, 10, 80], [None, 10, 6, 20], 74)
    [20, 17, 10, 27]
    >>> fit([20, 10], [None, None], 20)
    [10, 10]
    """
    widths = list(natural)
    over = sum(widths) - room
    for floor in ([n if m is None else min(m, n) for m, n in zip(least, natural)], [min(4, n) for n in natural]):
        while over > 0:
            i = max(range(len(widths)), key=lambda j: (widths[j] - floor[j], widths[j]))
            if widths[i] <= floor[i]:
                break
            widths[i] -= 1
            over -= 1
    return widths


def text_table(headers: list[str], rows: list[list[str]], width: int, least: list[int | None] | None = None,
               right: tuple[int, ...] = (), indent: str = "") -> list[str]:
    """A table like tabulate's ``simple`` (two spaces between columns, dashes under the headers), its
    cells wrapped so that no line is wider than ``width``."""
    headers = [escape_controls(h) for h in headers]
    rows = [[escape_controls(str(c)) for c in r] for r in rows]
    n = len(headers)
    natural = [max([text_width(headers[j])] + [max(text_width(x) for x in r[j].split("\n")) for r in rows])
               for j in range(n)]
    least = least or [min(w, 8) for w in natural]
    widths = fit(natural, least, width - len(indent) - 2 * (n - 1))
    if any(longest_word(c) > widths[j] for r in [headers, *rows] for j, c in enumerate(r)):
        return stacked(headers, rows, width, indent)  # a column too narrow for an id or a number: no frame
    cells = [[wrap(c, widths[j]) for j, c in enumerate(r)] for r in rows]
    heads = [wrap(h, widths[j]) for j, h in enumerate(headers)]
    widths = [max([text_width(x) for x in heads[j]] + [text_width(x) for r in cells for x in r[j]])
              for j in range(n)]

    def lines_of(row):
        out = []
        for k in range(max(len(c) for c in row)):
            parts = [_pad(row[j][k] if k < len(row[j]) else "", widths[j], j in right) for j in range(n)]
            out.append((indent + "  ".join(parts)).rstrip())
        return out

    return lines_of(heads) + [(indent + "  ".join("-" * w for w in widths))] + [
        line for r in cells for line in lines_of(r)]


def unbreakable(word: str) -> bool:
    """Whether ``word`` must not be cut across lines: any word but one of Chinese (or other wide) characters or
    of Thai, scripts that break between characters (an id, a tile, a number, a Latin word: never cut)."""
    if word.isascii():
        return True
    return not any(0x0E00 <= ord(c) <= 0x0E7F or _char_width(c) == 2 for c in word)


def longest_word(text: str) -> int:
    """The width of the widest word of ``text`` that must not be cut (0 when none)."""
    return max((text_width(w) for w in str(text).split() if unbreakable(w)), default=0)


def _first_line(chunk: str, avail: int) -> list[str]:
    """``chunk`` as its first line of at most ``avail`` columns and the rest in one piece (wrapped by the
    caller at its own indent), so that a word too wide for this line but not for the screen is not cut here.

    >>> _first_line("id: lesser_honors_and_knitted_tiles", 30)
    ['id:', 'lesser_honors_and_knitted_tiles']
    """
    words = chunk.split()
    if "\n" in chunk or not words or text_width(words[0]) > avail:
        return wrap(chunk, avail)
    used, n = text_width(words[0]), 1
    while n < len(words) and used + 1 + text_width(words[n]) <= avail:
        used, n = used + 1 + text_width(words[n]), n + 1
    return [" ".join(words[:n])] + ([" ".join(words[n:])] if n < len(words) else [])


def chunks_lines(chunks: list[str], width: int, indent: str = "", more: str = "  ", cont: str = "",
                 sep: str = "  ") -> list[str]:
    """``chunks`` (each a few words kept together where they fit) laid out two spaces apart in lines of at most
    ``width`` columns (``sep`` apart), the first line at ``indent``, the others at ``indent + more``; a chunk too wide for a
    line is wrapped at its spaces, its own further lines at ``indent + more + cont``.

    >>> chunks_lines(["net: E +4", "S -2", "W -1", "N -1"], 14)
    ['net: E +4', '  S -2  W -1', '  N -1']
    """
    out: list[str] = []
    cur, lead = "", indent
    for chunk in chunks:
        w = text_width(chunk)
        if cur and text_width(cur) + len(sep) + w <= width:
            cur += sep + chunk
            continue
        if cur:
            out.append(cur)
            lead = indent + more
        if text_width(lead) + w <= width:
            cur = lead + chunk
            continue
        parts = _first_line(chunk, max(1, width - text_width(lead)))
        out.append(lead + parts[0])
        after = indent + more + cont
        longest = max((text_width(x) for x in " ".join(parts[1:]).split()), default=0)
        if text_width(after) + longest > width:  # a word (a long id) that fits the screen but not the indent
            after = " " * max(0, width - longest)
        rest = wrap(" ".join(parts[1:]), max(1, width - text_width(after))) if parts[1:] else []
        out.extend(after + x for x in rest)
        cur, lead = "", indent + more  # what follows a chunk that took lines starts a line of its own
    if cur or not out:
        out.append(cur)
    return [x.rstrip() for x in out]


def fit_line(line: str, width: int | None) -> list[str]:
    """One line of text in lines of at most ``width`` columns (None: as it is): broken where two spaces part
    its pieces, else at spaces, the rest indented two more than the line; no word is cut unless it alone is
    wider than the line.

    >>> fit_line("already a win: 5 faan: Wan Yat Sik 3, No flowers 1, Zi Mo (self-drawn) 1", 40)
    ['already a win: 5 faan: Wan Yat Sik 3,', '  No flowers 1, Zi Mo (self-drawn) 1']
    """
    if width is None or text_width(line) <= width:
        return [line]
    body = line.lstrip(" ")
    indent = line[:len(line) - len(body)]
    if text_width(indent) + 6 > width:
        indent = ""
    if "  " in body:
        return chunks_lines([c.strip() for c in body.split("  ") if c.strip()], width, indent)
    plain = chunks_lines([body], width, indent)
    if ", " in body:  # a list: an item kept whole where it fits (a pattern name and its points)
        items = body.split(", ")
        listed = chunks_lines([x + "," for x in items[:-1]] + items[-1:], width, indent, sep=" ")
        if len(listed) <= len(plain):
            return listed
    return plain


def stacked(headers: list[str], rows: list[list[str]], width: int, indent: str = "") -> list[str]:
    """A table for a narrow screen, with no frame: each row its first cell on a line, then ``header: cell``
    for the others that are not empty, indented under it.

    >>> print("\\n".join(stacked(["id", "fan", "when"], [["ping_hu", "1", "Four chows and any pair"]], 24)))
    ping_hu
      fan: 1
      when: Four chows and
        any pair
    """
    out: list[str] = []
    for r in rows:
        first = str(r[0]).split("\n")
        for x in first:
            out.extend(chunks_lines([x], width, indent, "  "))
        chunks = []
        for h, c in zip(headers[1:], r[1:]):
            c = str(c)
            if not c.strip():
                continue
            for k, part in enumerate(c.split("\n")):
                if k == 0:
                    chunks.append(f"{h}: {part}" if h.strip() else part)
                else:  # a line of its own: written after what came before
                    out.extend(chunks_lines(chunks, width, indent + "  ", "", "  "))
                    chunks = [part]
        if chunks:
            out.extend(chunks_lines(chunks, width, indent + "  ", "", "  "))
    return out


def render(doc: list[tuple], fmt: str, width: int = 80) -> str:
    """The document as ``table`` (text fitted to ``width``), ``markdown`` or ``html``.

    Blocks: ``("title", text)``, ``("p", text)``, ``("h", text)`` (a heading, its content right
    under it; a trailing colon shows in text only), ``("table", headers, rows, opts)`` (opts: ``least`` column widths, ``right``
    column indexes), ``("list", items)`` (``- `` bullets), ``("lines", items)`` (indented lines),
    ``("pre", lines)`` (lines already fitted).
    """
    if fmt == "markdown":
        return _markdown(doc)
    if fmt == "html":
        return _html(doc)
    width = max(width, MIN_WIDTH)
    out: list[str] = []
    after_heading = False
    for block in doc:
        kind = block[0]
        if out and not after_heading:
            out.append("")
        after_heading = kind == "h"
        if kind in ("title", "h"):  # one line, whatever a rule file's name holds
            out.extend(wrap(escape_controls(one_line(block[1])), width))
        elif kind == "p":
            out.extend(wrap(escape_controls(block[1]), width))
        elif kind == "table":
            opts = block[3] if len(block) > 3 else {}
            out.extend(text_table(block[1], block[2], width, opts.get("least"), tuple(opts.get("right", ())),
                                  indent=opts.get("indent", "")))
        elif kind in ("list", "lines"):
            bullet = "  - " if kind == "list" else "  "
            for item in block[1]:
                lines = wrap(escape_controls(item), width - len(bullet))
                out.append(bullet + lines[0])
                out.extend(" " * len(bullet) + x for x in lines[1:])
        elif kind == "pre":
            out.extend(block[1])
    return "\n".join(out) + "\n"


_MD_HTML = re.compile(r"[<>]|&(?=#?[0-9A-Za-z]+;)")  # a tag, or what an entity starts with
_MD_ESCAPE = {"<": "&lt;", ">": "&gt;", "&": "&amp;"}


def _md_text(text) -> str:
    """Text as markdown shows it as written: no HTML from a rule file passes through (``<script>`` is
    written ``&lt;script&gt;``, ``&amp;`` stays five characters)."""
    text = str(text)
    return _MD_HTML.sub(lambda m: _MD_ESCAPE[m.group()], text) if "<" in text or ">" in text or "&" in text else text


def _md_line(text) -> str:
    """A heading or a paragraph: one line (a line break would start a block of its own), its HTML escaped."""
    return _md_text(one_line(str(text)))


def _md_cell(text) -> str:
    return _md_text(text).replace("\\", "\\\\").replace("|", "\\|").replace("\n", "<br>")


def _markdown(doc) -> str:
    from tabulate import tabulate

    out: list[str] = []
    for block in doc:
        kind = block[0]
        if kind == "title":
            out.append(f"# {_md_line(block[1])}")
        elif kind == "h":
            out.append(f"## {_md_line(block[1].rstrip(':'))}")
        elif kind == "p":
            out.append(_md_line(block[1]))
        elif kind == "table":
            out.append(tabulate([[_md_cell(c) for c in r] for r in block[2]], headers=[_md_cell(h) for h in block[1]],
                                tablefmt="github", disable_numparse=True))
        elif kind in ("list", "lines"):
            out.append("\n".join(f"- {_md_cell(x)}" for x in block[1]))
        elif kind == "pre":
            out.append("```\n" + "\n".join(block[1]) + "\n```")
    return "\n\n".join(out) + "\n"


def _html(doc) -> str:
    from tabulate import tabulate

    esc = html.escape
    title = one_line(next((b[1] for b in doc if b[0] == "title"), "mjcli"))
    out = ["<!DOCTYPE html>", '<html><head><meta charset="utf-8">', f"<title>{esc(title)}</title>",
           "<style>body{font-family:sans-serif;font-size:10pt;margin:1em}table{border-collapse:collapse}"
           "td,th{border:1px solid #999;padding:2px 6px;text-align:left;vertical-align:top;white-space:pre-line}"
           "h1{font-size:14pt}h2{font-size:11pt;margin:.8em 0 .2em}</style>", "</head><body>"]
    for block in doc:
        kind = block[0]
        if kind == "title":
            out.append(f"<h1>{esc(one_line(block[1]))}</h1>")
        elif kind == "h":
            out.append(f"<h2>{esc(one_line(block[1].rstrip(':')))}</h2>")
        elif kind == "p":
            out.append(f"<p>{esc(block[1])}</p>")
        elif kind == "table":
            table = tabulate([[str(c) for c in r] for r in block[2]], headers=block[1], tablefmt="html",
                             disable_numparse=True)  # the html format escapes every cell
            out.append(table)
        elif kind in ("list", "lines"):
            out.append("<ul>" + "".join(f"<li>{esc(x)}</li>" for x in block[1]) + "</ul>")
        elif kind == "pre":
            out.append("<pre>" + esc("\n".join(block[1])) + "</pre>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def labelled(label: str, text: str, width: int, indent: int = 2, column: int = 11) -> list[str]:
    """``  label    text`` with the text wrapped under itself (the notation help).

    >>> labelled("tiles", "123m 456p 789s (digits + suit)", 26)
    ['  tiles    123m 456p 789s', '           (digits + suit)']
    """
    head = " " * indent + label
    head += " " * max(1, column - text_width(head))
    lines = wrap(text, max(10, width - column))
    return [head + lines[0]] + [" " * column + x for x in lines[1:]]


# --- tabulate's "simple" table, without importing tabulate -------------------------------------
# ``mjcli score HAND`` and ``mjcli wait HAND`` print small tables; tabulate (and what it imports) took
# more start-up than all of mjcli's own modules (issue 15). These lines render the same bytes as
# ``tabulate(rows, headers, tablefmt="simple")`` for the cells mjcli prints (tests/test_simple_table.py
# compares them): a column is a number column when every cell that is not empty is an int or reads
# as one (or as a decimal), and is then right-aligned (decimal points in line); other columns are
# left-aligned; a column is at least its header's width and two; a line has no trailing blanks; a cell
# with a line break takes more lines. One difference, on purpose: a word that reads as a number only
# in another way (``1e3``, ``inf``, ``1,000`` as a pattern name in a rule file) is printed as written,
# where tabulate would print 1000.

_INTLIKE = None


def _kind(v) -> int:
    """0 empty, 2 int, 3 decimal, 5 text (tabulate's order of generality)."""
    global _INTLIKE
    if v is None or v == "":
        return 0
    if v is True or v is False:
        return 5
    if isinstance(v, int):
        return 2
    if isinstance(v, float):
        return 3
    if _INTLIKE is None:
        import re

        _INTLIKE = (re.compile(r"[+-]?\d+\Z").match, re.compile(r"[+-]?(\d+\.\d*|\.\d+)([eE][+-]?\d+)?\Z").match)
    v = str(v).strip()
    if _INTLIKE[0](v):
        return 2
    if _INTLIKE[1](v):
        return 3
    return 5


def _afterpoint(s: str) -> int:
    pos = s.rfind(".")
    if pos < 0:
        pos = s.lower().rfind("e")
    return len(s) - pos - 1 if pos >= 0 else -1


def simple_table(rows: list, headers: list[str], *, numparse: bool = True, colalign: tuple | None = None) -> str:
    """``rows`` under ``headers`` as tabulate's ``simple`` format writes them."""
    n = len(headers)
    aligns, texts = [], []
    for j in range(n):
        col = [r[j] for r in rows]
        kind = max((_kind(v) for v in col), default=0) if numparse else 5
        if kind == 3:  # decimals: written as %g, their points in line
            cells = ["" if v is None or v == "" else format(float(v), "g") for v in col]
            dec = [_afterpoint(c) if _kind(c) == 3 else -1 for c in cells]
            top = max(dec)
            cells = [c + " " * (top - d) for c, d in zip(cells, dec)]
        else:
            cells = ["" if v is None else str(v).strip() for v in col]
        align = "right" if kind in (2, 3) else "left"
        if colalign is not None and j < len(colalign) and colalign[j] in ("left", "right"):
            align = colalign[j]
        aligns.append(align)
        texts.append([c.split("\n") for c in cells])  # a cell of several lines: its row takes as many
    widths = [max([text_width(headers[j]) + 2] + [text_width(x) for c in texts[j] for x in c]) for j in range(n)]

    def line(cells) -> str:
        return "  ".join((" " * (w - text_width(c)) + c) if a == "right" else (c + " " * (w - text_width(c)))
                         for c, w, a in zip(cells, widths, aligns)).rstrip()

    lines = [line(headers), "  ".join("-" * w for w in widths)]
    for i in range(len(rows)):
        cells = [texts[j][i] for j in range(n)]
        for k in range(max(len(c) for c in cells)):
            lines.append(line([c[k] if k < len(c) else "" for c in cells]))
    return "\n".join(lines)
