"""A plain (non-editable) install ships every module, variant file and schema inside the package.

The project is copied to a temporary directory (so the build leaves nothing in
the checkout), built into a wheel with ``pip wheel --no-deps`` (the wheel is
checked to hold every file of the package), installed with ``pip install
--no-deps --target``, and run as
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


def _pip(*args):
    """``pip ARGS``, then again without build isolation when that fails offline with a build backend at hand."""
    cmd = [sys.executable, "-m", "pip", *args, "-q", "--no-deps", "--disable-pip-version-check"]
    res = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if res.returncode != 0 and _have("setuptools") and _have("wheel"):
        # offline with no build backend to fetch: build with the one already installed
        res = subprocess.run(cmd + ["--no-build-isolation"], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """The wheel built from a copy of the project (so the build leaves nothing in the checkout)."""
    src = tmp_path_factory.mktemp("src") / "mjcli"
    shutil.copytree(ROOT, src, ignore=IGNORE)
    out = tmp_path_factory.mktemp("wheel")
    _pip("wheel", "--wheel-dir", str(out), str(src))
    (built,) = out.glob("mjcli-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory):
    target = tmp_path_factory.mktemp("target")
    _pip("install", "--target", str(target), str(wheel))
    return target


def test_the_wheel_holds_every_module_variant_and_schema(wheel):
    # the packages are found, not listed: a new game room (or any module) is in the wheel with no edit
    import zipfile

    names = set(zipfile.ZipFile(wheel).namelist())
    pkg = ROOT / "mjcli"
    want = {"mjcli/" + p.relative_to(pkg).as_posix() for p in pkg.rglob("*.py")}
    want |= {"mjcli/schemas/" + p.name for p in (pkg / "schemas").glob("*.json")}
    want |= {"mjcli/" + p.relative_to(pkg).as_posix() for p in (pkg / "games").rglob("fields.json")}
    want |= {"mjcli/variants/" + p.relative_to(ROOT / "variants").as_posix() for p in (ROOT / "variants").rglob("*.yaml")}
    want |= {"mjcli/variants/compiled/" + p.name for p in (ROOT / "variants" / "compiled").glob("*.json")}
    assert {n for n in want if n.startswith("mjcli/games/")} >= {"mjcli/games/sg/__init__.py",
                                                                  "mjcli/games/paohuzi/__init__.py",
                                                                  "mjcli/games/paohuzi/fields.json"}
    assert "mjcli/variants/hk.yaml" in want and "mjcli/variants/presets/payment.yaml" in want
    want.add("mjcli/mahjong/complete_shapes.json")  # the complete suit shapes, written out (mjcli.mahjong.suits)
    assert "mjcli/variants/compiled/mcr.json" in want  # the built-in files' compiled twins (mjcli.ruledata)
    assert {"mjcli/mahjong/__init__.py", "mjcli/mahjong/tiles.py", "mjcli/mahjong/patterns/core.py"} <= want  # the engine
    assert not want - names, f"left out of the wheel: {sorted(want - names)}"


def _run(target, cwd, *args):
    env = dict(os.environ, PYTHONPATH=str(target))
    env.pop("MJCLI_VARIANT", None)
    return subprocess.run([sys.executable, "-m", "mjcli", *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=60)


def test_yaml_is_in_the_installed_package(installed):
    assert (installed / "mjcli" / "variants" / "hk.yaml").is_file()


def test_the_installed_package_reads_its_compiled_twins(installed, tmp_path):
    # a built-in variant is read from its compiled twin in the installed copy too: PyYAML is not imported
    env = dict(os.environ, PYTHONPATH=str(installed))
    code = "import sys, mjcli.variant as v; v.load_builtin('mcr'); print('yaml' in sys.modules)"
    res = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=60)
    assert res.stdout.strip() == "False", res.stdout + res.stderr


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
