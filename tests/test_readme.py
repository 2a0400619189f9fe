"""The README and the guides in docs/ are generated with real command output, and CI runs the README's test command."""

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


def test_every_guide_is_up_to_date():
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        import build_readme
    finally:
        sys.path.pop(0)
    guides = sorted((ROOT / "docs" / "guides").glob("*.md"))
    assert guides, "the guides' sources live in docs/guides/"
    for source in guides:
        built = build_readme.build_guide(source)
        target = ROOT / "docs" / source.name
        assert target.exists() and target.read_text(encoding="utf-8") == built, (
            f"docs/{source.name} is out of date: run python docs/build_readme.py")


def test_readme_is_a_quick_start():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 300, "README.md is the quick start: move long sections to docs/guides/"
    for link in re.findall(r"\]\(((?:docs/)?[\w./-]+\.md)(?:#[\w-]+)?\)", readme):
        assert (ROOT / link).exists(), f"README links to {link}, which is not there"


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"^    (python3 -m venv .*)$", readme, re.M)
    assert len(commands) >= 2, "the README starts with the install-and-run and the test commands"
    assert "pytest" in commands[1]
    assert commands[1] in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "mjcli score" in commands[0]
