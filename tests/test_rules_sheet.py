"""`mjcli rules`: the cheat sheet fits the width, wide characters align, and the printable formats."""

import csv
import io
import json
import re

import pytest
from click.testing import CliRunner

from mjcli.cli import cli
from mjcli.sheet import fit, text_table, text_width, wrap

VARIANTS = ["hk", "sg", "my3", "paohuzi", "examples/cantonese.yaml"]
LANGS = ["en", "ms", "ta", "zh", "th"]


def rules(*args, columns="80"):
    env = {"MJCLI_VARIANT": None}
    if columns is not None:
        env["COLUMNS"] = columns
    r = CliRunner().invoke(cli, ["rules", *args], env=env)
    return r.exit_code, r.stdout, r.stderr


def widest(text):
    return max(text_width(line) for line in text.splitlines())


@pytest.mark.parametrize("columns", ["80", "120"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_default_sheet_fits_the_width(variant, lang, columns):
    code, out, _ = rules("-v", variant, "--lang", lang, columns=columns)
    assert code == 0
    assert widest(out) <= int(columns)


@pytest.mark.parametrize("variant", VARIANTS)
def test_tiles_and_notation_fit_80(variant):
    code, out, _ = rules(variant, "--tiles")
    assert code == 0 and "Notation" in out
    assert widest(out) <= 80


@pytest.mark.parametrize("variant", ["hk", "paohuzi"])
def test_long_sheet_fits_80_too(variant):
    code, out, _ = rules(variant, "--long", "--lang", "zh")
    assert code == 0 and widest(out) <= 80


def test_the_variant_list_fits_80():
    code, out, _ = rules()
    assert code == 0 and "Hong Kong Old Style" in out and widest(out) <= 80


def test_a_wider_terminal_uses_the_room():
    # the same sheet at 120 columns wraps less, so it has fewer lines, and some line is wider than 80
    _, narrow, _ = rules("hk")
    _, wide, _ = rules("hk", columns="120")
    assert len(wide.splitlines()) < len(narrow.splitlines()) and widest(wide) > 80


def test_not_a_terminal_and_no_columns_is_80():
    code, out, _ = rules("sg", columns=None)  # CliRunner's stdout is not a terminal
    assert code == 0 and 70 < widest(out) <= 80


def test_default_sheet_has_the_short_when_and_long_adds_descriptions_and_examples():
    _, short, _ = rules("hk")
    _, long, _ = rules("hk", "--long")
    head = short.splitlines()[2].split()
    assert head == ["id", "name", "faan", "when"]
    assert "Four chows and any pair" in short and "do not spoil" not in short
    assert "example:" not in short and "@5s" not in short
    flat = " ".join(long.split())
    assert "Four chows and any pair; bonus tiles do not spoil it." in flat
    assert "example: 123m 456m 789m 234p 55s @5s" in flat and "[replaces dragon_set]" in flat


def _column_starts(line, cells):
    """The display column where each of ``cells`` starts in ``line`` (in order)."""
    out, pos = [], 0
    for cell in cells:
        i = line.index(cell, pos)
        out.append(text_width(line[:i]))
        pos = i + len(cell)
    return out


def test_chinese_names_line_up():
    _, out, _ = rules("hk", "--lang", "zh")
    lines = out.splitlines()
    from mjcli.variant import load_builtin

    ids = {p.id for p in load_builtin("hk").patterns}
    body = [ln for ln in lines if ln.split()[:1] and ln.split()[0] in ids]  # the first line of each row
    assert len(body) == len(ids)
    starts = {tuple(_column_starts(ln, re.split(r"\s{2,}", ln)[:4])) for ln in body}
    assert len(starts) == 1, starts  # id, name (Chinese, two columns a character), value, when
    assert "平糊" in out and "清一色" in out


def test_thai_names_line_up():
    _, out, _ = rules("paohuzi", "--long", columns="120")  # columns: kind, name, th, zh, small, big, what
    rows = [ln for ln in out.splitlines() if ln.split()[:1] and ln.split()[0] in ("ti", "pao", "wei", "kan", "peng")]
    assert len(rows) == 5 and "ไท" in out
    ends = set()
    for ln in rows:
        cells = ln.split("  ")
        cells = [c.strip() for c in cells if c.strip()]
        starts = _column_starts(ln, cells[:6])
        ends.add((starts[4] + text_width(cells[4]), starts[5] + text_width(cells[5])))  # small, big right-aligned
    assert len(ends) == 1, ends


def test_markdown_sheet():
    code, out, _ = rules("hk", "-f", "markdown", "--long")
    assert code == 0
    assert out.startswith("# Hong Kong Old Style (hk)")
    assert "| id " in out and "|---" in out and "## Payment (half_spicy)" in out and "## Notes" in out
    assert r"55s \| f1 f2 f3 f4" in out  # the bonus bar of an example does not split the cell


def test_html_sheet_is_escaped():
    code, out, _ = rules("sg", "-f", "html")
    assert code == 0
    assert out.startswith("<!DOCTYPE html>") and out.rstrip().endswith("</html>")
    assert out.count("<table>") >= 2 and "<h2>Notes</h2>" in out and "<script" not in out


def test_csv_and_jsonl_one_record_a_pattern():
    _, c, _ = rules("my3", "-f", "csv", "--lang", "zh")
    rows = list(csv.DictReader(io.StringIO(c)))
    assert len(rows) == 33 and rows[0]["variant"] == "my3" and rows[0]["name"] == "清一色"
    assert set(rows[0]) >= {"id", "name", "value", "when", "description", "example"}
    _, j, _ = rules("my3", "-f", "jsonl")
    recs = [json.loads(line) for line in j.splitlines()]
    assert [r["id"] for r in recs] == [r["id"] for r in rows]
    assert recs[0]["when"] == "Tong only, no honours (also called full colour)"


def test_paohuzi_csv_one_record_a_group():
    _, c, _ = rules("paohuzi", "-f", "csv")
    rows = list(csv.DictReader(io.StringIO(c)))
    assert [r["kind"] for r in rows][:2] == ["ti", "pao"] and rows[0]["small"] == "9"


def test_json_patterns_carry_the_when():
    _, out, _ = rules("hk", "-f", "json")
    p = json.loads(out)["patterns"][0]
    assert p["when"] == "Four chows and any pair" and p["description"].startswith(p["when"])


def test_variant_option_is_the_positional():
    assert rules("-v", "sg")[1] == rules("sg")[1]
    code, _, err = rules("hk", "-v", "sg")
    assert code == 2 and "one VARIANT at a time, got -v sg and hk" in err
    assert rules("sg", "-v", "sg")[0] == 0


def test_tiles_without_a_variant_is_the_default_one():
    code, out, _ = rules("--tiles")
    assert code == 0 and out.startswith("Hong Kong Old Style (hk): 144 tiles")
    code, _, err = rules("--tiles", "-f", "json")
    assert code == 2 and "--tiles prints text" in err


def test_glyphs_show_tiles():
    _, out, _ = rules("my3", "--tiles", "--glyphs")
    assert "glyphs:" in out and "\U0001F019" in out  # 1p
    _, plain, _ = rules("my3", "--tiles")
    assert "\U0001F019" not in plain
    _, long, _ = rules("hk", "--long", "--glyphs")
    assert "\U0001F007" in long  # 1m under an example


def test_other_formats_of_the_variant_list():
    _, out, _ = rules("-f", "jsonl")
    assert [json.loads(x)["id"] for x in out.splitlines()] == ["hk", "sg", "my3", "paohuzi", "mcr", "tw"]
    assert rules("-f", "markdown")[1].startswith("| variant")


# --- the layout helpers ----------------------------------------------------------------------------------------


def test_wrap_never_exceeds_the_width():
    for width in (5, 9, 14):
        for text in ("Siu Sam Yuen (small three dragons)", "香港古典麻雀 Old Style", "four_concealed_pungs",
                     "ஹாங்காங் எடுக்கக்கூடிய கடைசி"):
            assert all(text_width(x) <= width for x in wrap(text, width)), (text, width)


def test_fit_prefers_the_column_with_most_room():
    assert fit([20, 45, 10, 80], [None, 10, 6, 20], 74) == [20, 17, 10, 27]
    assert fit([10, 10], [None, None], 30) == [10, 10]  # room enough: nothing narrowed


def test_text_table_pads_by_display_width():
    lines = text_table(["a", "b"], [["東南", "x"], ["ab", "y"]], 40)
    assert lines == ["a     b", "----  -", "東南  x", "ab    y"]


@pytest.mark.parametrize("command", ["", "score", "wait", "settle", "rules", "completion"])
def test_help_fits_80(command):
    r = CliRunner().invoke(cli, [*([command] if command else []), "--help"], env={"COLUMNS": "80"})
    assert r.exit_code == 0 and widest(r.stdout) <= 80


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

WORDS = st.lists(st.sampled_from(["a", "chow", "pung", "four_concealed_pungs", "清一色", "ไท", "ஹாங்காங்", "東",
                                  "(five-kan", "win)"]), max_size=12)


@settings(max_examples=60, deadline=None)
@given(WORDS, st.integers(1, 30))
def test_wrap_keeps_the_words_and_the_width(words, width):
    lines = wrap(" ".join(words), width)
    assert all(text_width(x) <= width or len(x) == 1 for x in lines)
    assert "".join("".join(lines).split()) == "".join(words)  # nothing lost, nothing added
