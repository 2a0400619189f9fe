"""The session as a picture: running totals per player, hand by hand.

Two drawings of the same numbers, both pure functions of the series (the
ledger gathers them; nothing here reads files or knows a variant):

- :func:`text_chart`, for the terminal: one line per player, a sparkline of
  block characters on one scale shared by all players, the final total at
  the right, fitted to a width; colour (green at or above zero, red below)
  only when asked for;
- :func:`svg_chart`, a small standalone SVG: one polyline per player, the
  zero line, hand numbers, and a legend with the final totals.

A series is a list of totals (one a hand) or a :class:`Trail`, which keeps a
bounded number of them however long the session (issue 31): the ledger adds
each hand's total to a trail as it streams, so a million hands draw in the
memory of a few thousand points, and the SVG's size is bounded too.

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


TRAIL_BUCKETS = 512  # a trail's stretches of hands at most: 2,048 points a player, about 30 KB of SVG


class Trail:
    """One player's running totals, hand by hand, in at most ``buckets`` stretches of equal length.

    Each stretch keeps its first and last total and its lowest and highest (with their hand numbers), so
    the first, the last, the lowest and the highest of the whole session are exact, and a line drawn
    through the points (:meth:`points`) passes through every peak and trough of each stretch. While the
    session is no longer than ``buckets`` hands, each stretch is one hand: every total is kept. When the
    stretches run out, neighbours merge in pairs and each stretch covers twice as many hands from then on.

    >>> t = Trail(buckets=4)
    >>> for v in [0, 5, -3, 2, 9, 1, 4, -6, 0]:
    ...     t.add(v)
    >>> len(t), t.last, t.lowest, t.highest, t.points()
    (9, 0, -6, 9, [(0, 0), (1, 5), (2, -3), (3, 2), (4, 9), (7, -6), (8, 0)])
    >>> [(b[0], b[2]) for b in t.stretches]   # hands 0-3, 4-7 and 8: 5 and 4 (neither lowest nor highest) left out
    [(0, 3), (4, 7), (8, 8)]
    """

    __slots__ = ("buckets", "size", "count", "stretches")

    def __init__(self, buckets: int = TRAIL_BUCKETS):
        self.buckets = max(2, buckets + buckets % 2)  # an even number: stretches merge in pairs
        self.size = 1  # hands per stretch
        self.count = 0  # totals added
        # [first hand, first total, last hand, last total, lowest's hand, lowest, highest's hand, highest]
        self.stretches: list[list] = []

    def __len__(self) -> int:
        return self.count

    def add(self, value) -> None:
        i = self.count
        self.count += 1
        st = self.stretches
        if st and i - st[-1][0] < self.size:
            b = st[-1]
            b[2], b[3] = i, value
            if value < b[5]:
                b[4], b[5] = i, value
            if value > b[7]:
                b[6], b[7] = i, value
            return
        st.append([i, value, i, value, i, value, i, value])
        if len(st) > self.buckets:  # merge neighbours in pairs; the stretch just begun stays alone
            merged = [_merge(st[k], st[k + 1]) for k in range(0, len(st) - 1, 2)]
            merged.append(st[-1])
            self.stretches = merged
            self.size *= 2

    @property
    def last(self):
        return self.stretches[-1][3] if self.stretches else 0

    @property
    def lowest(self):
        return min((b[5] for b in self.stretches), default=0)

    @property
    def highest(self):
        return max((b[7] for b in self.stretches), default=0)

    def points(self) -> list[tuple[int, object]]:
        """``(hand, total)`` in hand order: each stretch's first, lowest, highest and last (4 a stretch at most)."""
        out = []
        for b in self.stretches:
            seen = set()
            for i, v in sorted(((b[0], b[1]), (b[4], b[5]), (b[6], b[7]), (b[2], b[3])), key=_by_hand):
                if i not in seen:
                    seen.add(i)
                    out.append((i, v))
        return out


def _by_hand(point):
    return point[0]


def _merge(a: list, b: list) -> list:
    """Two neighbouring stretches as one (on equal totals, the earlier hand is the lowest or highest)."""
    low = (a[4], a[5]) if a[5] <= b[5] else (b[4], b[5])
    high = (a[6], a[7]) if a[7] >= b[7] else (b[6], b[7])
    return [a[0], a[1], b[2], b[3], low[0], low[1], high[0], high[1]]


def _points(values) -> tuple[int, list]:
    """(how many totals, ``(hand, total)`` points) of a list of totals or a :class:`Trail`."""
    if isinstance(values, Trail):
        return len(values), values.points()
    return len(values), list(enumerate(values))


def _columns(points: list, n: int, width: int) -> list:
    """At most ``width`` totals: each column shows the total at the end of its stretch of hands (the last
    point kept at or before that hand, when the series keeps only some)."""
    if n <= width and len(points) == n:
        return [v for _, v in points]
    cols = min(n, width)
    out = []
    k = 0
    for c in range(cols):
        end = min(n - 1, ((c + 1) * n + cols - 1) // cols - 1)
        while k + 1 < len(points) and points[k + 1][0] <= end:
            k += 1
        out.append(points[k][1])
    return out


def text_chart(series: Series, width: int = 80, colour: bool = False) -> list[str]:
    """Lines of a terminal chart no wider than ``width`` (each series starts at 0, before the first hand)."""
    if not series:
        return ["no hands to draw"]
    drawn = [_points(v) for _, v in series]
    hands = max(n for n, _ in drawn) - 1
    names = [str(name) for name, _ in series]
    finals = [signed(pts[-1][1]) for _, pts in drawn]
    name_w = max(len(n) for n in names)
    final_w = max(len(f) for f in finals)
    room = max(1, width - name_w - final_w - 4)
    every = [Decimal(str(x)) for _, pts in drawn for _, x in pts]
    lo, hi = min(every), max(every)
    span = hi - lo
    head = (f"running totals after {hands} hand{'s' if hands != 1 else ''}, from {signed(lo)} to {signed(hi)} "
            f"({BLOCKS[0]} lowest, {BLOCKS[-1]} highest)")
    if len(head) > width:
        head = f"{hands} hands, {signed(lo)} to {signed(hi)}"
    lines = [head[:width]]
    for name, (n, pts), final in zip(names, drawn, finals):
        cells = []
        points = _columns(pts, n, room)
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
    drawn = [_points(v) for _, v in series]
    hands = max((n for n, _ in drawn), default=1) - 1
    every = [Decimal(str(x)) for _, pts in drawn for _, x in pts] or [Decimal(0)]
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
    for k, ((name, _), (_, pts)) in enumerate(zip(series, drawn)):
        colour = PALETTE[k % len(PALETTE)]
        points = " ".join(f"{x_of(i)},{y_of(v)}" for i, v in pts)
        final = signed(pts[-1][1]) if pts else "0"
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}" '
                   f'data-player={quoteattr(str(name))} data-final="{final}"><title>{escape(str(name))}: {final}'
                   f"</title></polyline>")
        ly = top + 16 * k + 8
        out.append(f'<line x1="{left + pw + 14}" y1="{ly}" x2="{left + pw + 30}" y2="{ly}" stroke="{colour}" '
                   f'stroke-width="2"/>')
        out.append(f'<text x="{left + pw + 36}" y="{ly + 4}">{escape(str(name))} {escape(final)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
