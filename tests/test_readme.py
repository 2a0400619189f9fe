"""The README is generated from docs/readme/ with real command output, and CI runs its test command."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_is_up_to_date():
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        import build_readme
    finally:
        sys.path.pop(0)
    built = build_readme.build()
    current = (ROOT / "README.md").read_text(encoding="utf-8")
    assert current == built, "README.md is out of date: run python docs/build_readme.py"


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"^    (python3 -m venv .*)$", readme, re.M)
    assert len(commands) >= 2, "the README starts with the install-and-run and the test commands"
    assert "pytest" in commands[1]
    assert commands[1] in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "mjcli score" in commands[0]
