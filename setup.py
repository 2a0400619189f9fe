"""The packages, found: every package under mjcli/ (a new game room is in the wheel with no edit here), and
mjcli.variants and mjcli.docs, whose files live in the top-level variants/ and docs/ folders (see package-dir in
pyproject.toml)."""

from setuptools import find_packages, setup

setup(packages=find_packages(include=["mjcli", "mjcli.*"]) + ["mjcli.variants", "mjcli.docs"])
