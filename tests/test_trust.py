"""Issue 14: a cache that cannot lie, exact money, no traceback anywhere, nothing quietly accepted."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjcli.cli import cli

ROOT = Path(__file__).resolve().parents[1]


def run(args, input=None, env=None):
    res = CliRunner().invoke(cli, args, input=input, env=env, catch_exceptions=True)
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    return res


def proc(args, env_extra=None, input=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("MJCLI_")}
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "mjcli", *args], cwd=ROOT, env=env, input=input,
                          capture_output=True, timeout=60)


# --------------------------------------------------------------------------
# the start-up cache is gone: nothing written, nothing read


def test_no_cache_is_written_or_read(tmp_path):
    cache = tmp_path / "cache"
    (cache / "mjcli").mkdir(parents=True)
    env = {"HOME": str(tmp_path), "XDG_CACHE_HOME": str(cache), "MJCLI_CACHE_DIR": str(cache / "mjcli")}
    first = proc(["score", "123m 456m 789m 234p 55s zimo", "--format", "json"], env)
    assert first.returncode == 0, first.stderr
    assert list(cache.rglob("*")) == [cache / "mjcli"]  # nothing cached
    # whatever lies in the old cache places is never read
    for name in ("hk.marshal", "hk-00000000-1.marshal"):
        (cache / "mjcli" / name).write_bytes(b"\xff" * 5)
    again = proc(["score", "123m 456m 789m 234p 55s zimo", "--format", "json"], env)
    assert again.stdout == first.stdout and again.returncode == 0


def test_libyaml_and_pure_python_read_every_rule_file_alike(monkeypatch):
    import yaml

    from mjcli import yamlsafe

    files = sorted((ROOT / "variants").glob("*.yaml")) + sorted((ROOT / "examples").rglob("*.yaml"))
    texts = [p.read_text(encoding="utf-8-sig") for p in files] + [
        "a: &x 1\nb: *x\n", "a: 'Terminals & Honours'\nb: '*'\n", "a: [1, 2\n", "a: 1\na: 2\n", "a: \x07\n",
        "a: !!python/name:os.system x\n", "- {a: 1}\n- [b, *c]\n", "a: 0x1F\nb: 1_000\nc: 2024-01-01\n"]

    def outcome(text):
        try:
            return yamlsafe.load(text, "x.yaml")
        except Exception as exc:  # noqa: BLE001 - compare whatever happens
            return type(exc).__name__, str(exc)

    fast = [outcome(t) for t in texts]
    monkeypatch.setattr(yamlsafe, "_CLoader", None)
    assert fast == [outcome(t) for t in texts]
