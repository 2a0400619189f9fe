"""A plain (non-editable) install ships variants/hk.yaml inside the package.

The project is copied to a temporary directory (so the build leaves nothing in
the checkout), installed with ``pip install --no-deps --target``, and run as
``python -m mjcli`` from another directory with only that target on
PYTHONPATH. The runtime dependencies come from the running interpreter.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
IGNORE = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
                                ".hypothesis", "benchmarks")


def _have(module):
    try:
        __import__(module)
    except ImportError:
        return False
    return True


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    src = tmp_path_factory.mktemp("src") / "mjcli"
    shutil.copytree(ROOT, src, ignore=IGNORE)
    target = tmp_path_factory.mktemp("target")
    cmd = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--disable-pip-version-check",
           "--target", str(target), str(src)]
    res = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if res.returncode != 0 and _have("setuptools") and _have("wheel"):
        # offline with no build backend to fetch: build with the one already installed
        res = subprocess.run(cmd + ["--no-build-isolation"], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr[-2000:]
    return target


def _run(target, cwd, *args):
    env = dict(os.environ, PYTHONPATH=str(target))
    env.pop("MJCLI_VARIANT", None)
    return subprocess.run([sys.executable, "-m", "mjcli", *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=60)


def test_yaml_is_in_the_installed_package(installed):
    assert (installed / "mjcli" / "variants" / "hk.yaml").is_file()


def test_installed_copy_is_the_one_imported(installed, tmp_path):
    env = dict(os.environ, PYTHONPATH=str(installed))
    res = subprocess.run([sys.executable, "-c", "import mjcli; print(mjcli.__file__)"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=60)
    assert Path(res.stdout.strip()).is_relative_to(installed), res.stdout


def test_installed_rules_hk(installed, tmp_path):
    res = _run(installed, tmp_path, "rules", "hk")
    assert res.returncode == 0, res.stderr
    assert "ping_wu" in res.stdout and "thirteen_orphans" in res.stdout


def test_installed_score(installed, tmp_path):
    res = _run(installed, tmp_path, "score", "-f", "json", "123m 456m 789m 234p 55s zimo")
    assert res.returncode == 0, res.stderr
    rec = json.loads(res.stdout)[0]
    assert (rec["variant"], rec["total"]) == ("hk", 3)


def test_installed_schemas(installed, tmp_path):
    # the JSON Schemas are package data (issue 12): a plain install prints them
    assert (installed / "mjcli" / "schemas" / "score.json").is_file()
    res = _run(installed, tmp_path, "schema", "ledger")
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["$id"] == "mjcli/ledger/1"


def test_installed_guides(installed, tmp_path):
    """`mjcli help TOPIC` prints the guides offline from the installed package (issue 27): docs/*.md are package
    data of ``mjcli.docs``; their sources in docs/guides/ are not shipped."""
    assert (installed / "mjcli" / "docs" / "notation.md").is_file()
    assert not (installed / "mjcli" / "docs" / "guides").exists()
    res = _run(installed, tmp_path, "help", "errors")
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith("# Errors, exit codes and bad input\n") and "| 130 |" in res.stdout
