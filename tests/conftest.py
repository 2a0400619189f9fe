"""Shared fixtures: the built-in variants and a click runner."""

import pytest
from click.testing import CliRunner
from hypothesis import settings

from mjcli.variant import load_builtin

# No per-example deadline: the first examples may build the tables used on first use, and a busy machine (or
# CI) can make any example slow; a deadline would fail such a run for no fault of the code.
settings.register_profile("mjcli", deadline=None)
settings.load_profile("mjcli")


@pytest.fixture(scope="session")
def hk():
    return load_builtin("hk")


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture(autouse=True)
def _no_columns_unless_asked(monkeypatch):
    """No $COLUMNS in a test unless it sets one: score, wait and settle fit their tables to $COLUMNS (issue 27),
    and a value left in the environment by a library (readline exports COLUMNS) must not change what a test
    without it sees."""
    monkeypatch.delenv("COLUMNS", raising=False)
