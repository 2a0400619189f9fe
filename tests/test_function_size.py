"""No function of the package is over 80 lines unless its docstring says why.

A function's length is from its ``def`` line to its last line, its docstring included. A docstring gives its
reason in a sentence that says the function is "over 80 lines" and why.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "mjcli"
MOST = 80
REASON = re.compile(r"over 80 lines\b\W+\w+", re.IGNORECASE)

# functions still over the size, in modules being reworked elsewhere at the same time: each is to be split
# there (the list only shrinks; an entry whose function is short enough fails the test until it is removed)
NOT_YET_SPLIT: set[str] = set()


def long_functions() -> dict[str, int]:
    """``module:function`` -> its length in lines, of every function over :data:`MOST` lines without a reason."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > MOST and not REASON.search(ast.get_docstring(node) or ""):
                    out[f"{path.relative_to(PACKAGE).as_posix()}:{node.name}"] = length
    return out


def test_no_function_over_80_lines_without_a_reason():
    found = long_functions()
    over = {k: n for k, n in found.items() if k not in NOT_YET_SPLIT}
    assert not over, "split these functions, or say in the docstring why one is over 80 lines: " + ", ".join(
        f"{k} ({n} lines)" for k, n in sorted(over.items()))


def test_the_list_of_functions_not_yet_split_only_shrinks():
    found = long_functions()
    done = sorted(k for k in NOT_YET_SPLIT if k not in found)
    assert not done, f"now short enough (or gone): take them off NOT_YET_SPLIT: {', '.join(done)}"


def test_a_long_function_is_found_and_a_reason_lets_it_pass(tmp_path):
    # the check itself: 81 lines without a reason are found; with a reason they pass
    body = "\n".join(f"    x{i} = {i}" for i in range(79))
    bare = f'def f():\n    """Short."""\n{body}\n'
    said = f'def f():\n    """It is over 80 lines because the table is one list."""\n{body}\n'
    for src, flagged in ((bare, True), (said, False)):
        node = ast.parse(src).body[0]
        assert node.end_lineno - node.lineno + 1 == 81
        assert (not REASON.search(ast.get_docstring(node) or "")) is flagged
