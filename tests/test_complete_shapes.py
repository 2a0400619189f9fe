"""The tables of complete suit shapes as shipped (mjcli/mahjong/complete_shapes.json): exactly what
suits.complete_table builds, and built again when the file cannot be read."""

from __future__ import annotations

import pytest

from mjcli.mahjong import suits


def test_the_file_is_current():
    text = suits.shapes_path().read_text(encoding="ascii")
    assert text == suits.shapes_text(), "complete_shapes.json is out of date: run python -m mjcli.mahjong.suits"


@pytest.mark.parametrize("chows", [True, False])
def test_the_stored_table_is_the_built_one(chows):
    stored, built = suits.stored_complete_table(chows), suits.complete_table(chows)
    assert stored == built and len(stored) == (21743 if chows else 498)
    assert stored is not suits.stored_complete_table(chows)  # a fresh table each time: the memo may add to it


@pytest.mark.parametrize("text", [None, "", "{not json", "[1]", '{"format": 99, "chows": {"1": [0]}}',
                                  '{"format": 1}', '{"format": 1, "chows": [0], "honours": [0]}'])
def test_a_file_that_cannot_be_read_leaves_the_table_to_be_built(tmp_path, monkeypatch, text):
    path = tmp_path / suits.SHAPES_FILE
    if text is not None:
        path.write_text(text, encoding="ascii")
    monkeypatch.setattr(suits, "shapes_path", lambda: path)
    for chows in (True, False):
        assert suits.stored_complete_table(chows) == suits.complete_table(chows)
