"""Shared fixtures: the built-in variants and a click runner."""

import pytest
from click.testing import CliRunner

from mjcli.variant import load_builtin


@pytest.fixture(scope="session")
def hk():
    return load_builtin("hk")


@pytest.fixture
def runner():
    return CliRunner()
