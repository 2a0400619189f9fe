"""Every pattern's example hand in every variant file scores as that pattern."""

import pytest

from mjcli.api import score_line
from mjcli.variant import builtin_ids, load_builtin

CASES = [
    (vid, p.id, p.example)
    for vid in builtin_ids()
    for p in load_builtin(vid).patterns
    if load_builtin(vid).game == "mahjong"
]


@pytest.mark.parametrize("vid,pid,example", CASES, ids=[f"{v}-{p}" for v, p, _ in CASES])
def test_example_scores_as_its_pattern(vid, pid, example):
    assert example, f"{vid} pattern {pid} has no example hand"
    res = score_line(example, load_builtin(vid))
    assert res.ok, res.error and res.error.message
    assert pid in [p.id for p in res.patterns], (example, [p.id for p in res.patterns])
