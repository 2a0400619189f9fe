"""Issue 31: text that deceives a reader is never written raw.

A bidirectional override (U+202E turns the rest of a line around), an isolate, a mark, a zero-width
character or a line separator, from a hand, a ledger label or a rule file, is written as ``\\u202e`` in
table, CSV, markdown and HTML output and as a JSON escape in JSON (a JSON reader gets the same text); a rule
file's name, id and unit are one line; markdown shows a rule file's HTML as text.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjcli.cli import cli
from mjcli.safetext import escape_controls, escape_json
from mjcli.sheet import render

DECEIVERS = ["\u202e", "\u202a", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c",
             "\u200b", "\u200c", "\u200d", "\ufeff", "\u2060", "\u2028", "\u2029", "\u180e"]


def run(args, input=None):
    res = CliRunner().invoke(cli, args, input=input)
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    return res


@pytest.mark.parametrize("ch", DECEIVERS)
def test_every_deceiver_is_escaped_and_json_keeps_it(ch):
    shown = "\\u%04x" % ord(ch)
    assert escape_controls(f"a{ch}b") == f"a{shown}b"
    assert json.loads(escape_json(json.dumps(f"a{ch}b", ensure_ascii=False))) == f"a{ch}b"
    assert ch not in escape_json(json.dumps(f"a{ch}b", ensure_ascii=False))


def test_ordinary_text_is_kept():
    # nearly: the scripts of the variant files (Chinese, Tamil, Thai) and an accent are not touched
    for text in ("香港古典麻雀", "ஹாங்காங் Old Style", "ไท (ตี้)", "café", "東南 \t x\n"):
        assert escape_controls(text) == text and escape_json(text) == text


@pytest.mark.parametrize("ch", ["\u202e", "\u2066", "\u200b", "\ufeff", "\u2028"])
def test_a_hand_in_csv_table_and_json(ch):
    hand = f"123m 456m 789m 234p 55s{ch} zimo"
    spaced = ch.isspace()  # U+2028 separates words as a space does: the hand is read, and echoed with a space
    for fmt in ("csv", "table"):
        res = run(["score", "-f", fmt, hand])
        assert ch not in res.output and (spaced or "\\u%04x" % ord(ch) in res.output), (fmt, res.output)
    for fmt in ("json", "jsonl"):
        out = run(["score", "-f", fmt, hand]).stdout
        assert ch not in out and (spaced or "\\u%04x" % ord(ch) in out)
        rec = json.loads(out)[0] if fmt == "json" else json.loads(out)
        assert spaced or rec["hand"] == hand  # the data itself is kept


def test_a_hand_in_a_batch_and_with_jobs():
    hand = "123m 456m 789m 234p 55s zimo \u202ex"
    lines = ("123m 456m 789m 234p 55s zimo\n" * 30 + hand + "\n").encode()
    for jobs in ("1", "2"):
        for fmt in ("csv", "jsonl"):
            out = run(["score", "-f", fmt, "--jobs", jobs], input=lines).stdout
            assert "\u202e" not in out and "\\u202e" in out, (jobs, fmt)


def test_a_ledger_label_and_a_c1_code_in_json():
    line = json.dumps({"winner": "E", "value": 5, "label": "a\u202eb\x9bc"}, ensure_ascii=False) + "\n"
    for fmt in ("table", "csv", "json", "jsonl"):
        out = run(["settle", "--ledger", "-", "-f", fmt], input=line.encode()).stdout
        assert "\u202e" not in out and "\x9b" not in out and "\\u202e" in out, (fmt, out)
    rec = json.loads(run(["settle", "--ledger", "-", "-f", "jsonl"], input=line.encode()).stdout)
    assert rec["label"] == "a\u202eb\x9bc"


@pytest.fixture
def deceiving_house(tmp_path):
    path = tmp_path / "table.yaml"
    path.write_text('extends: hk\nid: "ours\\u200b"\nname: "Our \\u202eelbat <b>&amp; friends</b>"\n'
                    'notes: ["Pay \\u2066double\\u2069 <img src=x onerror=alert(1)>"]\n', encoding="utf-8")
    return path


@pytest.mark.parametrize("fmt", ["table", "csv", "json", "jsonl", "markdown", "html"])
def test_a_rule_file_name_in_every_rules_format(deceiving_house, fmt):
    res = run(["rules", "--rules", str(deceiving_house), "-f", fmt])
    assert res.exit_code == 0, res.output
    assert not any(ch in res.stdout for ch in DECEIVERS), fmt
    if fmt in ("table", "markdown", "html"):
        assert "\\u202e" in res.stdout and "\\u2066double\\u2069" in res.stdout
    if fmt == "json":
        rec = json.loads(res.stdout)
        assert rec["name"] == "Our \u202eelbat <b>&amp; friends</b>" and rec["id"] == "ours\u200b"
    if fmt == "markdown":  # the file's HTML is text on the page
        assert "<b>" not in res.stdout and "<img" not in res.stdout
        assert "&lt;b&gt;&amp;amp; friends&lt;/b&gt;" in res.stdout and "&lt;img src=x" in res.stdout
    if fmt == "html":
        assert "<b>" not in res.stdout and "<img" not in res.stdout and "&lt;img" in res.stdout


def test_check_output_and_errors_escape_them_too(deceiving_house, tmp_path):
    res = run(["rules", "--check", str(deceiving_house)])
    assert res.exit_code == 0 and "ours\\u200b" in res.stdout and "\u200b" not in res.stdout
    bad = tmp_path / "bad\u202e.yaml"
    bad.write_text("extends: hk\ncolour: 1\n", encoding="utf-8")
    res = run(["score", "--rules", str(bad), "123m"])
    assert res.exit_code == 2 and "\u202e" not in res.stderr and "bad\\u202e.yaml" in res.stderr


@pytest.mark.parametrize("name", ["Two\nlines", "Two\rlines", "Two\u2028lines", "Two\x85lines"])
def test_a_line_break_in_a_name_is_refused(tmp_path, name):
    path = tmp_path / "table.yaml"
    path.write_text("extends: hk\nname: " + json.dumps(name) + "\n", encoding="utf-8")
    res = run(["rules", "--rules", str(path), "-f", "html"])
    assert res.exit_code == 2 and "name (line 2): expected a name (text) on one line" in res.stderr
    assert len(res.stderr.splitlines()) == 1


def test_a_heading_is_one_line_in_every_sheet_format():
    # the renderer itself, given a title with a line break (a game room's own text): it stays one line
    doc = [("title", "Our\ntable <script>"), ("h", "Notes\n# injected:"), ("p", "x")]
    table = render(doc, "table")
    assert table.splitlines()[0] == "Our\\ntable <script>" and "Notes\\n# injected:" in table
    md = render(doc, "markdown")
    assert md.splitlines()[0] == "# Our\\ntable &lt;script&gt;" and "\n# injected" not in md
    page = render(doc, "html")
    assert "<title>Our\\ntable &lt;script&gt;</title>" in page and "<h2>Notes\\n# injected</h2>" in page


def test_markdown_keeps_ampersands_that_are_no_entity():
    md = render([("title", "Terminals & Honours &copy;"), ("list", ["a & b"])], "markdown")
    assert md.startswith("# Terminals & Honours &amp;copy;") and "- a & b" in md


def test_a_rule_file_id_in_the_svg_chart_title(tmp_path):
    path = tmp_path / "table.yaml"
    path.write_text('extends: hk\nid: "ours\\u202e"\n', encoding="utf-8")
    lines = '{"winner": "E", "value": 3}\n{"winner": "Ann", "value": 3}\n'
    res = run(["settle", "--rules", str(path), "--ledger", "-", "-f", "svg"], input=lines)
    assert "\u202e" not in res.stdout + res.stderr and "<title>mjcli ours\\u202e session</title>" in res.stdout
    assert "error: line 2: \"winner\" 'Ann' is not a seat in ours\\u202e" in res.stderr
