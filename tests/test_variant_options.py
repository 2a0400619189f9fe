"""Pattern options are declared by their predicate; a variant file naming another is refused."""

import copy

import pytest

from mjcli.errors import RuleFileError
from mjcli.variant import build_variant, load_data, variants_dir


def _hk_with(pid, options):
    data, lines = load_data(variants_dir() / "hk.yaml")
    data = copy.deepcopy(data)
    for p in data["patterns"]:
        if p["id"] == pid:
            p["options"] = options
    return data, lines


@pytest.mark.parametrize(
    "pid,options,fragment",
    [
        ("four_concealed_pungs", {"win_tile": "pongg"}, "options.win_tile"),
        ("four_concealed_pungs", {"win_tiles": "pong"}, "unknown option"),
        ("own_flower", {"skip_complete_series": "yes"}, "options.skip_complete_series"),
        ("ping_wu", {"strict": True}, "no options for this pattern"),
    ],
    ids=["bad-value", "unknown-name", "wrong-type", "pattern-without-options"],
)
def test_bad_option_is_refused(pid, options, fragment):
    data, lines = _hk_with(pid, options)
    with pytest.raises(RuleFileError) as exc:
        build_variant(data, "t.yaml", lines)
    assert any(fragment in p for p in exc.value.problems), exc.value.problems


def test_declared_option_values_load():
    data, lines = _hk_with("four_concealed_pungs", {"win_tile": "self_drawn_only"})
    v = build_variant(data, "t.yaml", lines)
    assert v.pattern("four_concealed_pungs").options["win_tile"] == "self_drawn_only"


@pytest.mark.parametrize("options, fragment", [
    ({"fei_fifth": True}, "unknown option"),
    ({"fei_fifth_copy": "yes"}, "expected one of false, true, got the text"),
    ("on", "expected a mapping of switch name to value"),
])
def test_bad_variant_switch_is_refused(options, fragment):
    data, lines = load_data(variants_dir() / "my3.yaml")
    data = copy.deepcopy(data)
    data["options"] = options
    with pytest.raises(RuleFileError) as exc:
        build_variant(data, "t.yaml", lines)
    assert any(fragment in p for p in exc.value.problems), exc.value.problems


def test_my3_declares_the_fifth_copy_switch_off():
    data, lines = load_data(variants_dir() / "my3.yaml")
    v = build_variant(data, "my3.yaml", lines)
    assert v.options == {"fei_fifth_copy": False} and v.most_copies == 4
