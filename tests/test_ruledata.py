"""The compiled twins of the built-in rule files (mjcli.ruledata): current, the same data as the YAML, value and
type, and never used for a text they were not made from."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from mjcli import ruledata, yamlsafe
from mjcli.errors import RuleFileError
from mjcli.variant import builtin_ids, load_data, variants_dir


@pytest.mark.parametrize("path", ruledata.builtin_files(), ids=lambda p: p.stem)
def test_every_built_in_file_has_a_current_twin(path):
    twin = ruledata.twin_of(path)
    assert twin.is_file(), f"{twin.name} is missing: run python -m mjcli.ruledata"
    made = ruledata.compile_text(ruledata.read_text(path, path.name), path.name)
    assert twin.read_text(encoding="utf-8") == made, f"{twin.name} is out of date: run python -m mjcli.ruledata"


@pytest.mark.parametrize("vid", builtin_ids())
def test_a_built_in_file_reads_the_same_from_its_twin_as_from_its_yaml(vid):
    path = variants_dir() / f"{vid}.yaml"
    from_yaml = yamlsafe.load(ruledata.read_text(path, path.name), path.name)
    got = load_data(path, path.name)
    assert ruledata._same(got[0], from_yaml[0]) and ruledata._same(got[1], from_yaml[1])
    assert got[0] is not load_data(path, path.name)[0]  # a fresh copy each time: a caller may change it


def test_the_twin_is_what_a_built_in_file_is_read_from(monkeypatch):
    calls = []
    monkeypatch.setattr(yamlsafe, "load", lambda *a: calls.append(a))
    data, lines = load_data(variants_dir() / "hk.yaml", "hk.yaml")
    assert not calls and data["id"] == "hk" and lines["payment.ladder"] > 1
    assert data["payment"]["ladder"][3] == 8  # a mapping with number keys keeps them (written as pairs)


def _copy(tmp_path, vid="hk"):
    """A built-in file and its twin, copied to a folder of the same layout."""
    (tmp_path / ruledata.TWINS).mkdir()
    path = tmp_path / f"{vid}.yaml"
    shutil.copy(variants_dir() / f"{vid}.yaml", path)
    shutil.copy(ruledata.twin_of(variants_dir() / f"{vid}.yaml"), ruledata.twin_of(path))
    return path


def test_an_edited_file_is_read_from_its_yaml_not_its_stale_twin(tmp_path):
    path = _copy(tmp_path)
    assert load_data(path)[0]["minimum"] == 3
    path.write_text(path.read_text(encoding="utf-8").replace("\nminimum: 3", "\nminimum: 4", 1), encoding="utf-8")
    assert load_data(path)[0]["minimum"] == 4


@pytest.mark.parametrize("twin", ["{not json", "[1, 2]", '{"format": 99}', "", "\x00"])
def test_a_twin_that_cannot_be_read_leaves_the_yaml_to_answer(tmp_path, twin):
    path = _copy(tmp_path)
    ruledata.twin_of(path).write_text(twin, encoding="utf-8")
    assert ruledata._same(load_data(path), yamlsafe.load(ruledata.read_text(path, "hk.yaml"), "hk.yaml"))


def test_a_twin_of_another_format_is_not_read(tmp_path):
    path = _copy(tmp_path)
    twin = json.loads(ruledata.twin_of(path).read_text(encoding="utf-8"))
    twin["format"] = ruledata.FORMAT + 1
    twin["data"]["minimum"] = 99  # would show if it were read
    ruledata.twin_of(path).write_text(json.dumps(twin), encoding="utf-8")
    assert load_data(path)[0]["minimum"] == 3


def test_a_wrong_yaml_file_still_gets_the_yaml_error(tmp_path):
    path = _copy(tmp_path)
    path.write_text("id: hk\n  bad: [\n", encoding="utf-8")
    with pytest.raises(RuleFileError, match="not valid YAML"):
        load_data(path, "hk.yaml")


@pytest.mark.parametrize("text", [
    "a: {3: 8, 4: 16}\n",
    "a: {1: x, b: y, null: w, 2.5: v}\n",
    "a: {true: z}\n",
    "a: ['(pairs)', {'(pairs)': 1}]\n",
    "a: [1, 1.0, true, null, '1', 'é 番']\n",
])
def test_the_twin_keeps_every_key_and_value_with_its_type(text):
    made = ruledata.compile_text(text, "t.yaml")
    back = json.loads(made, object_hook=ruledata._mapping)
    assert ruledata._same(back["data"], yamlsafe.load(text, "t.yaml")[0])


def test_data_json_cannot_give_back_has_no_twin():
    with pytest.raises(RuleFileError, match="would not come back the same from JSON"):
        ruledata.compile_text("a: 2024-01-02\n", "t.yaml")  # a date


def test_reading_a_built_in_variant_does_not_import_pyyaml():
    code = "import sys, mjcli.variant as v; v.load_builtin('mcr'); v.load_builtin('hk'); print('yaml' in sys.modules)"
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert res.stdout.strip() == "False", res.stdout + res.stderr
