"""The chart drawings as pure functions: width, scale, colour, SVG structure."""

import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st

from mjcli.chart import BLOCKS, signed, svg_chart, text_chart

SVG = "{http://www.w3.org/2000/svg}"


def test_signed_money():
    assert [signed(x) for x in (0, 12, -3, "2.50", "-0.25", 1000000)] == ["0", "+12", "-3", "+2.5", "-0.25", "+1000000"]


def test_lowest_and_highest_blocks_and_finals():
    lines = text_chart([("Ann", [0, 10, 20]), ("Bo", [0, -10, -20])], width=80)
    # scale -20..+20 over levels 0..7: 0 -> 3.5 rounds to 4, +10 -> 5.25 -> 5, +20 -> 7
    assert lines[1] == "Ann  " + BLOCKS[4] * 4 + BLOCKS[5] * 4 + BLOCKS[7] * 4 + "  +20"  # 4 columns a hand
    assert lines[2].startswith("Bo   ") and lines[2].endswith("  -20")
    assert BLOCKS[0] in lines[2] and BLOCKS[-1] in lines[1]


def test_long_session_is_fitted_and_keeps_the_final_total():
    series = [("E", list(range(0, 1001))), ("S", [-x for x in range(0, 1001)])]
    for width in (40, 80, 120):
        lines = text_chart(series, width=width)
        assert all(len(line) <= width for line in lines)
        assert lines[1].endswith("+1000") and lines[2].endswith("-1000")
        assert lines[1].split()[1][-1] == BLOCKS[-1]  # the last column is the last hand


def test_colour_only_when_asked():
    plain = text_chart([("E", [0, 5]), ("S", [0, -5])])
    assert not any("\x1b" in line for line in plain)
    col = text_chart([("E", [0, 5]), ("S", [0, -5])], colour=True)
    assert "\x1b[32m" in col[1] and "\x1b[31m" in col[2]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(-10_000, 10_000), min_size=1, max_size=300), min_size=1, max_size=4),
       st.integers(30, 200))
def test_any_session_fits_any_width(raw, width):
    series = [(f"P{i}", [0] + [sum(v[: k + 1]) for k in range(len(v))]) for i, v in enumerate(raw)]
    assert all(len(line) <= width for line in text_chart(series, width=width))


def test_svg_parses_with_one_polyline_per_player_ending_at_the_final():
    series = [("Ann", [0, 8, -4, 12]), ("Bo & <Co>", [0, -8, 4, -12])]
    root = ET.fromstring(svg_chart(series))
    lines = root.findall(f"{SVG}polyline")
    assert [p.get("data-player") for p in lines] == ["Ann", "Bo & <Co>"]
    assert [p.get("data-final") for p in lines] == ["+12", "-12"]
    for p, (_, values) in zip(lines, series):
        pts = [tuple(map(float, xy.split(","))) for xy in p.get("points").split()]
        assert len(pts) == len(values)
        # higher totals are higher up (smaller y): the order of the y values mirrors the totals
        ys = [y for _, y in pts]
        assert sorted(range(len(ys)), key=lambda i: ys[i]) == sorted(range(len(values)), key=lambda i: -values[i])
