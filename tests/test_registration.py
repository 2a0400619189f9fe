"""An id registered twice is refused at registration, in one line naming both registrants (never silently
replaced: a second ``sg_instant`` would have paid instead of the first)."""

import pytest

from mjcli import registry
from mjcli.mahjong.patterns import REGISTRY, pattern
from mjcli.payments import settlement_rule


def _again(ctx):
    return 0


def test_a_pattern_id_registered_twice_is_refused():
    registry.load_games()
    first = REGISTRY["ping_hu"]
    with pytest.raises(ValueError) as exc:
        pattern("ping_hu")(_again)
    msg = str(exc.value)
    assert "\n" not in msg and "'ping_hu' registered twice" in msg
    assert f"{first.fn.__module__}.{first.fn.__qualname__} and " in msg and "test_registration._again" in msg
    assert msg.endswith("give one of them another id")
    assert REGISTRY["ping_hu"] is first


def test_a_new_pattern_id_registers():
    # nearly the same: an id nobody has is taken
    pattern("test_registration_only")(_again)
    try:
        assert REGISTRY["test_registration_only"].fn is _again
    finally:
        del REGISTRY["test_registration_only"]


def test_a_settlement_rule_registered_twice_is_refused():
    registry.load_settlement_rules()
    first = registry.SETTLEMENT_RULES["sg_instant"]
    with pytest.raises(ValueError) as exc:
        settlement_rule("sg_instant", reads=("kongs",))(_again)
    msg = str(exc.value)
    assert "\n" not in msg and "settlement rule 'sg_instant' registered twice" in msg
    assert "mjcli.games.sg.settle." in msg and "test_registration._again" in msg
    assert registry.SETTLEMENT_RULES["sg_instant"] is first


def test_a_new_settlement_rule_registers():
    settlement_rule("test_registration_only", reads=("kongs",))(_again)
    try:
        assert registry.SETTLEMENT_RULES["test_registration_only"] is _again
        assert _again.reads == frozenset({"kongs"})
    finally:
        del registry.SETTLEMENT_RULES["test_registration_only"]
