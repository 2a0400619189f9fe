"""The session as a picture: running totals per player, hand by hand.

Two drawings of the same numbers, both pure functions of the series (the
ledger gathers them; nothing here reads files or knows a variant):

- :func:`text_chart`, for the terminal: one line per player, a sparkline of
  block characters on one scale shared by all players, the final total at
  the right, fitted to a width; colour (green at or above zero, red below)
  only when asked for;
- :func:`svg_chart`, a small standalone SVG: one polyline per player, the
  zero line, hand numbers, and a legend with the final totals.

>>> print("\\n".join(text_chart([("E", [0, 8, 4]), ("S", [0, -8, -4])], width=80)))
running totals after 2 hands, from -8 to +8 (▁ lowest, █ highest)
E  ▅▅▅▅████▆▆▆▆  +4
S  ▅▅▅▅▁▁▁▁▃▃▃▃  -4
"""

from __future__ import annotations

from decimal import Decimal
from typing import Sequence
from xml.sax.saxutils import escape, quoteattr

BLOCKS = "▁▂▃▄▅▆▇█"
# colour-blind safe pair (blue for ahead, orange for behind), also used in the SVG's lines
PALETTE = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00")
GREEN, RED, RESET = "\x1b[32m", "\x1b[31m", "\x1b[0m"

Series = Sequence[tuple[str, Sequence]]
COLOR_MODES = ("auto", "always", "never")


def colour_wanted(mode: str, stream, environ) -> bool:
    """``--color``: ``always``, ``never``, or ``auto``: only on a terminal and when ``NO_COLOR`` is not set.

    >>> import io
    >>> colour_wanted("always", io.StringIO(), {"NO_COLOR": "1"}), colour_wanted("auto", io.StringIO(), {})
    (True, False)
    """
    if mode in ("always", "never"):
        return mode == "always"
    try:
        return bool(stream.isatty()) and not environ.get("NO_COLOR")
    except (AttributeError, ValueError):
        return False


def signed(x) -> str:
    """``+12``, ``-3.5``, ``0``: money as a player reads a running total (no exponent, no trailing zeros)."""
    d = Decimal(str(x))
    if d == d.to_integral_value():
        d = d.quantize(Decimal(1))
    else:
        d = d.normalize()
    text = format(d, "f")
    return text if d <= 0 else "+" + text


def _columns(values: Sequence, width: int) -> list:
    """At most ``width`` values: each column shows the total at the end of its stretch of hands."""
    n = len(values)
    if n <= width:
        return list(values)
    return [values[min(n - 1, ((i + 1) * n + width - 1) // width - 1)] for i in range(width)]


def text_chart(series: Series, width: int = 80, colour: bool = False) -> list[str]:
    """Lines of a terminal chart no wider than ``width`` (each series starts at 0, before the first hand)."""
    if not series:
        return ["no hands to draw"]
    hands = max(len(v) for _, v in series) - 1
    names = [str(name) for name, _ in series]
    finals = [signed(v[-1]) for _, v in series]
    name_w = max(len(n) for n in names)
    final_w = max(len(f) for f in finals)
    room = max(1, width - name_w - final_w - 4)
    every = [Decimal(str(x)) for _, v in series for x in v]
    lo, hi = min(every), max(every)
    span = hi - lo
    head = (f"running totals after {hands} hand{'s' if hands != 1 else ''}, from {signed(lo)} to {signed(hi)} "
            f"({BLOCKS[0]} lowest, {BLOCKS[-1]} highest)")
    if len(head) > width:
        head = f"{hands} hands, {signed(lo)} to {signed(hi)}"
    lines = [head[:width]]
    for name, (_, values), final in zip(names, series, finals):
        cells = []
        points = _columns(list(values), room)
        stretch = max(1, min(4, room // max(1, len(points))))  # a short session: a few columns a hand
        for x in [p for p in points for _ in range(stretch)]:
            d = Decimal(str(x))
            level = 0 if span == 0 else int((d - lo) * (len(BLOCKS) - 1) / span + Decimal("0.5"))
            block = BLOCKS[min(len(BLOCKS) - 1, max(0, level))]
            if colour:
                block = (GREEN if d >= 0 else RED) + block + RESET
            cells.append(block)
        lines.append(f"{name.ljust(name_w)}  {''.join(cells)}  {final.rjust(final_w)}")
    return lines


def svg_chart(series: Series, title: str = "mjcli session") -> str:
    """A standalone SVG document: one ``<polyline>`` per player, with ``data-player`` and ``data-final``."""
    w, h = 640, 320
    left, right, top, bottom = 56, 150, 36, 40
    pw, ph = w - left - right, h - top - bottom
    hands = max((len(v) for _, v in series), default=1) - 1
    every = [Decimal(str(x)) for _, v in series for x in v] or [Decimal(0)]
    lo, hi = min(min(every), Decimal(0)), max(max(every), Decimal(0))
    span = (hi - lo) or Decimal(1)

    def x_of(i: int) -> float:
        return round(left + (pw * i / hands if hands else 0), 2)

    def y_of(v) -> float:
        return round(top + float((hi - Decimal(str(v))) / span) * ph, 2)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
           f'font-family="sans-serif" font-size="12">',
           f"<title>{escape(title)}</title>",
           f'<rect x="0" y="0" width="{w}" height="{h}" fill="#ffffff"/>',
           f'<text x="{left}" y="20" font-size="14">{escape(title)}: running totals after {hands} hands</text>',
           f'<line x1="{left}" y1="{y_of(0)}" x2="{left + pw}" y2="{y_of(0)}" stroke="#999999" stroke-dasharray="4 3"/>',
           f'<text x="{left - 6}" y="{y_of(hi) + 4}" text-anchor="end">{escape(signed(hi))}</text>',
           f'<text x="{left - 6}" y="{y_of(0) + 4}" text-anchor="end">0</text>',
           f'<text x="{left - 6}" y="{y_of(lo) + 4}" text-anchor="end">{escape(signed(lo))}</text>',
           f'<text x="{left}" y="{h - 12}">hand 0</text>',
           f'<text x="{left + pw}" y="{h - 12}" text-anchor="end">hand {hands}</text>']
    for k, (name, values) in enumerate(series):
        colour = PALETTE[k % len(PALETTE)]
        points = " ".join(f"{x_of(i)},{y_of(v)}" for i, v in enumerate(values))
        final = signed(values[-1]) if len(values) else "0"
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}" '
                   f'data-player={quoteattr(str(name))} data-final="{final}"><title>{escape(str(name))}: {final}'
                   f"</title></polyline>")
        ly = top + 16 * k + 8
        out.append(f'<line x1="{left + pw + 14}" y1="{ly}" x2="{left + pw + 30}" y2="{ly}" stroke="{colour}" '
                   f'stroke-width="2"/>')
        out.append(f'<text x="{left + pw + 36}" y="{ly + 4}">{escape(str(name))} {escape(final)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
