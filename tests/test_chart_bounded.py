"""Issue 31: a chart of a long session holds a bounded number of points per player; its SVG's size is bounded;
the final running totals, the lowest and the highest stay exact."""

import json
import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjcli.chart import TRAIL_BUCKETS, Trail, svg_chart, text_chart
from mjcli.cli import cli

SVG = "{http://www.w3.org/2000/svg}"
MOST_POINTS = 4 * TRAIL_BUCKETS  # a stretch keeps its first, lowest, highest and last
SVG_BOUND = 4 * MOST_POINTS * 24 + 8_000  # 4 players, "x,y " at most 24 characters a point, the rest of the page


def test_a_short_session_keeps_every_total():
    values = list(range(0, 300, 3))
    t = Trail()
    for v in values:
        t.add(v)
    assert t.points() == list(enumerate(values))
    # drawn the same as the plain list of totals
    assert svg_chart([("E", t)]) == svg_chart([("E", values)])
    assert text_chart([("E", t)], width=60) == text_chart([("E", values)], width=60)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-1000, 1000), min_size=1, max_size=2000), st.integers(2, 40))
def test_a_trail_is_bounded_and_keeps_first_last_lowest_highest(values, buckets):
    t = Trail(buckets=buckets)
    for v in values:
        t.add(v)
    pts = t.points()
    assert len(t.stretches) <= buckets + 1
    assert len(pts) <= 4 * (buckets + 1)
    assert [i for i, _ in pts] == sorted({i for i, _ in pts})  # in hand order, each hand once
    assert all(values[i] == v for i, v in pts)  # every point is a real total of that hand
    assert pts[0] == (0, values[0]) and pts[-1] == (len(values) - 1, values[-1])
    assert (t.last, t.lowest, t.highest, len(t)) == (values[-1], min(values), max(values), len(values))
    # every stretch covers the same number of hands (the last one fewer), and they follow each other
    ends = [(b[0], b[2]) for b in t.stretches]
    assert ends[0][0] == 0 and ends[-1][1] == len(values) - 1
    assert all(b[0] == a[1] + 1 for a, b in zip(ends, ends[1:]))
    assert all(b - a + 1 == t.size for a, b in ends[:-1])


def test_a_trail_draws_the_peaks_of_a_long_session():
    rng = random.Random(31)
    values, total = [0], 0
    for _ in range(100_000):
        total += rng.randint(-40, 40)
        values.append(total)
    spike = 61_234
    values[spike] = 10**6  # one hand far above the rest: a downsampled line must still reach it
    t = Trail()
    for v in values:
        t.add(v)
    assert len(t.points()) <= MOST_POINTS
    assert (spike, 10**6) in t.points()
    svg = svg_chart([("E", t)])
    assert len(svg) < SVG_BOUND
    line = text_chart([("E", t)], width=80)
    assert line[0].startswith(f"running totals after {len(values) - 1} hands, from {min(values)} to +1000000")
    assert line[1].endswith(f"  {values[-1]:+d}".replace("+0", "0"))


def _ledger(path, hands: int, seed: int) -> None:
    rng = random.Random(seed)
    seats = "ESWN"
    with open(path, "w", encoding="utf-8") as f:
        for _ in range(hands):
            w = rng.choice(seats)
            rec = {"winner": w, "value": rng.randint(3, 10)}
            if rng.random() < 0.5:
                rec["from"] = rng.choice([s for s in seats if s != w])
            f.write(json.dumps(rec) + "\n")


@pytest.mark.parametrize("hands", [TRAIL_BUCKETS * 3, TRAIL_BUCKETS * 9])
def test_svg_of_a_long_ledger_is_bounded_and_ends_at_the_exact_totals(runner, tmp_path, hands):
    path = tmp_path / "long.jsonl"
    _ledger(path, hands, seed=hands)
    svg = runner.invoke(cli, ["settle", "-v", "hk", "--ledger", str(path), "-f", "svg"], catch_exceptions=False)
    assert svg.exit_code == 0
    assert len(svg.output.encode()) < SVG_BOUND  # the same bound for any number of hands
    root = ET.fromstring(svg.output)
    lines = root.findall(f"{SVG}polyline")
    assert [p.get("data-player") for p in lines] == ["E", "S", "W", "N"]
    for p in lines:
        assert len(p.get("points").split()) <= MOST_POINTS
    # the final totals are those of the ledger itself, hand by hand
    records = runner.invoke(cli, ["settle", "-v", "hk", "--ledger", str(path), "-f", "jsonl"], catch_exceptions=False)
    last = json.loads(records.output.splitlines()[-1])
    assert last["hand_no"] == hands
    finals = {p.get("data-player"): p.get("data-final") for p in lines}
    assert finals == {s: (f"{v:+d}" if v else "0") for s, v in last["running"].items()}
    # and so are the terminal chart's
    text = runner.invoke(cli, ["settle", "-v", "hk", "--ledger", str(path), "--chart"], env={"COLUMNS": "80"},
                         catch_exceptions=False)
    assert text.output.splitlines()[0].startswith(f"running totals after {hands} hands")
    assert {ln.split()[0]: ln.split()[-1] for ln in text.output.splitlines()[1:]} == finals
