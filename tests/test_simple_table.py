"""mjcli's own "simple" table (mjcli.sheet.simple_table) prints what tabulate's does, for the cells mjcli prints.

``score``, ``wait`` and ``settle`` render their small tables without importing tabulate (start-up, issue 15);
tabulate stays a dependency (the Markdown and HTML cheat sheets) and is the reference here.
"""

from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate

from mjcli.sheet import simple_table

WORDS = ["Ping Wu", "ping_wu", "-", "", "J", "1m", "self-drawn only", "東南", "Zi Mo (self-drawn)", "ที่", "x y",
         " padded ", "below minimum 3", "123m 456m"]
CELL = st.one_of(st.integers(-5000, 100000), st.sampled_from(WORDS), st.none(),
                 st.sampled_from(["12.5", "3", "0.25", "100", "-7", "4.0"]),
                 st.floats(-1000, 1000, allow_nan=False).map(lambda f: round(f, 2)))
HEAD = st.sampled_from(["pattern", "id", "x", "faan", "tai", "tile", "left", "discard (fan)", "名", "note", "amount"])


@st.composite
def tables(draw):
    n = draw(st.integers(1, 6))
    headers = draw(st.lists(HEAD, min_size=n, max_size=n))
    col_kinds = [draw(st.sampled_from(["int", "text", "any", "money"])) for _ in range(n)]
    pools = {"int": st.one_of(st.integers(0, 999), st.just("")), "text": st.sampled_from(WORDS), "any": CELL,
             "money": st.sampled_from(["12.5", "3", "0.25", "100", "", "-"])}
    rows = draw(st.lists(st.tuples(*[pools[k] for k in col_kinds]).map(list), min_size=1, max_size=6))
    return headers, rows


@settings(max_examples=300, deadline=None)
@given(tables())
def test_same_as_tabulate(table):
    headers, rows = table
    assert simple_table(rows, headers) == tabulate(rows, headers=headers, tablefmt="simple")


@settings(max_examples=100, deadline=None)
@given(tables())
def test_same_as_tabulate_without_numparse(table):
    headers, rows = table
    align = ("left", "left", "right", "left", "left", "left")[:len(headers)]
    rows = [[("" if c is None else str(c)) for c in r] for r in rows]
    assert simple_table(rows, headers, numparse=False, colalign=align) == tabulate(
        rows, headers=headers, tablefmt="simple", disable_numparse=True, colalign=align)


def test_the_score_table():
    rows = [["Ping Wu", "ping_wu", "", 1], ["Dragon set", "dragon_set", 2, 2]]
    assert simple_table(rows, ["pattern", "id", "x", "faan"]) == (
        "pattern     id            x    faan\n"
        "----------  ----------  ---  ------\n"
        "Ping Wu     ping_wu               1\n"
        "Dragon set  dragon_set    2       2")


def test_score_hand_does_not_import_tabulate():
    import subprocess
    import sys

    code = ("import sys; from mjcli.cli import main\n"
            "sys.argv = ['mjcli', 'score', '123m 456m 789m 234p 55s zimo']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('IMPORTED', sorted(m for m in ('tabulate', 'wcwidth') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert "IMPORTED []" in out, out


def test_a_word_that_reads_as_a_number_another_way_is_printed_as_written():
    # tabulate would print a pattern named "1e3" as 1000, right-aligned; mjcli prints the name
    out = simple_table([["1e3", "ping_wu", "", 1], ["inf", "x", "", 2]], ["pattern", "id", "x", "faan"])
    assert out.splitlines()[2].startswith("1e3  ") and out.splitlines()[3].startswith("inf  ")


def test_the_fast_parser_skips_runs_of_spaces_after_its_word_memo_is_cleared():
    from mjcli.mahjong import tiles

    tiles._FAST_WORDS.clear()
    assert tiles.parse_hand("123m  456m 789m 234p 55s") == tiles.parse_hand("123m 456m 789m 234p 55s")


def test_a_name_of_two_lines_takes_two_lines_as_tabulate_does():
    rows = [["Dui Dui\nWu", "all_pungs", "", 3], ["Ping Wu", "ping_wu", 2, 1]]
    headers = ["pattern", "id", "x", "faan"]
    assert simple_table(rows, headers) == tabulate(rows, headers=headers, tablefmt="simple")
