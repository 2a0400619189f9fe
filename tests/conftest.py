"""Shared fixtures: the built-in variants and a click runner."""

import os

import pytest
from click.testing import CliRunner
from hypothesis import settings

from mjcli.variant import load_builtin

# No per-example deadline: the first examples may build the tables used on first use, and a busy machine (or
# CI) can make any example slow; a deadline would fail such a run for no fault of the code.
settings.register_profile("mjcli", deadline=None)
settings.load_profile("mjcli")

# No config file: a developer's own ~/.config/mjcli/config.yaml (or $MJCLI_CONFIG) never changes a result.
# Set before any test runs, so every mjcli started by a test (in process or not) inherits it.
os.environ["MJCLI_CONFIG"] = ""
for _var in ("MJCLI_VARIANT", "MJCLI_RULES", "MJCLI_LADDER", "MJCLI_STAKE", "MJCLI_LANG", "MJCLI_HISTORY"):
    os.environ.pop(_var, None)


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
