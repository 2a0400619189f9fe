"""Payment presets (variants/presets/payment.yaml), settle --ladder and --stake.

Every amount below was worked by hand from the preset table and RULES.md.
"""

import json

import pytest

from mjcli.cli import cli
from mjcli.errors import SettleError
from mjcli.payments import SettleRequest, base_amount, payment_table, settle
from mjcli.presets import apply_preset, presets
from mjcli.variant import load_builtin


def pays(s):
    return sorted((p.payer, p.payee, p.amount) for p in s.payments)


@pytest.mark.parametrize(
    "preset, value, base",
    [
        # half-spicy is hk's own ladder: 3:8 4:16 5:24 6:32 7:48 8:64 9:96 10:128
        ("half_spicy", 3, 8),
        ("half_spicy", 5, 24),
        ("half_spicy", 9, 96),
        ("half_spicy", 10, 128),
        ("half_spicy", 13, 128),  # above the top row: paid as the top row
        # full spicy: 2^faan
        ("full_spicy", 3, 8),
        ("full_spicy", 5, 32),
        ("full_spicy", 8, 256),
        ("full_spicy", 10, 1024),
        # banded: 3 -> 8, 4-6 -> 16, 7-9 -> 32, 10 -> 64
        ("banded", 3, 8),
        ("banded", 4, 16),
        ("banded", 6, 16),
        ("banded", 7, 32),
        ("banded", 9, 32),
        ("banded", 10, 64),
    ],
    ids=lambda x: str(x),
)
def test_preset_ladders(hk, preset, value, base):
    assert base_amount(hk, value, payment_table(hk, preset)) == base


def test_half_spicy_preset_matches_hk_default(hk):
    for value in range(3, 11):
        assert base_amount(hk, value, payment_table(hk, "half_spicy")) == base_amount(hk, value)


@pytest.mark.parametrize(
    "variant, preset, req, expected",
    [
        # full spicy, 5 faan on a discard: the shooter pays 2^5 = 32
        ("hk", "full_spicy", dict(winner="E", shooter="S", value=5), [("S", "E", 32)]),
        # full spicy, 6 faan self-drawn: each pays 64 / 2 = 32
        ("hk", "full_spicy", dict(winner="E", value=6), [("N", "E", 32), ("S", "E", 32), ("W", "E", 32)]),
        # half responsibility, 5 faan: S = 24; shooter 24/2 = 12, the others 24/4 = 6 each (total 24 = S)
        ("hk", "half_responsibility", dict(winner="E", shooter="S", value=5),
         [("N", "E", 6), ("S", "E", 12), ("W", "E", 6)]),
        # half responsibility leaves self-draws alone: 5 faan, each 24/2 = 12
        ("hk", "half_responsibility", dict(winner="E", value=5), [("N", "E", 12), ("S", "E", 12), ("W", "E", 12)]),
        # banded, 8 faan on a discard: band 7-9 pays 32
        ("hk", "banded", dict(winner="N", shooter="W", value=8), [("W", "N", 32)]),
        # sg shooter pays all, 2 tai: A = 4; the shooter pays 2A + A + A = 16, nobody else pays
        ("sg", "shooter_pays_all", dict(winner="E", shooter="S", value=2), [("S", "E", 16)]),
        # sg shooter pays all, self-drawn 2 tai: unchanged, all three pay 2A = 8
        ("sg", "shooter_pays_all", dict(winner="E", value=2), [("N", "E", 8), ("S", "E", 8), ("W", "E", 8)]),
    ],
    ids=["full-spicy-discard", "full-spicy-self-drawn", "half-resp-discard", "half-resp-self-drawn",
         "banded-8", "sg-shooter-pays-all", "sg-shooter-pays-all-self-drawn"],
)
def test_preset_settlements(variant, preset, req, expected):
    v = load_builtin(variant)
    s = settle(v, SettleRequest(ladder=preset, **req))
    assert pays(s) == sorted(expected)
    assert sum(s.net.values()) == 0


@pytest.mark.parametrize(
    "args, expected",
    [
        # 5 faan, half-spicy S = 24, at 0.5 money a unit: 12
        (["--winner", "E", "--from", "S", "--value", "5", "--stake", "0.5"], [("S", "E", 12)]),
        # full spicy 4 faan = 16, x 2 = 32
        (["--winner", "E", "--from", "S", "--value", "4", "--ladder", "full_spicy", "--stake", "2"], [("S", "E", 32)]),
        # half responsibility 6 faan: S = 32; shooter 16, others 8; x 0.25 -> 4, 2, 2
        (["--winner", "E", "--from", "S", "--value", "6", "--ladder", "half_responsibility", "--stake", "0.25"],
         [("N", "E", 2), ("S", "E", 4), ("W", "E", 2)]),
    ],
    ids=["stake-half", "full-spicy-stake-2", "half-resp-stake-quarter"],
)
def test_cli_ladder_and_stake(runner, args, expected):
    r = runner.invoke(cli, ["settle", "-f", "json", *args])
    assert r.exit_code == 0, r.output
    rec = json.loads(r.output)[0]
    assert sorted((p["from"], p["to"], p["amount"]) for p in rec["payments"]) == sorted(expected)


@pytest.mark.parametrize(
    "variant, name, message",
    [
        ("hk", "extra_hot", "unknown payment preset 'extra_hot'; choose one of: half_spicy"),
        ("hk", "shooter_pays_all", "written for sg, not hk"),
        ("sg", "full_spicy", "written for hk, not sg"),
    ],
    ids=["unknown", "sg-preset-on-hk", "hk-preset-on-sg"],
)
def test_bad_preset(runner, variant, name, message):
    with pytest.raises(SettleError, match=message.replace("(", r"\(")):
        payment_table(load_builtin(variant), name)
    r = runner.invoke(cli, ["settle", "-v", variant, "--winner", "E", "--from", "S", "--value", "3", "--ladder", name])
    assert r.exit_code == 2
    assert message in r.output and "Traceback" not in r.output


def test_apply_preset_does_not_change_its_input():
    pay = {"ladder": {3: 8}, "discard": {"shooter": 1, "others": 0}, "linear": 3}
    out = apply_preset(pay, "full_spicy")
    assert pay == {"ladder": {3: 8}, "discard": {"shooter": 1, "others": 0}, "linear": 3}
    assert "linear" not in out and out["ladder_name"] == "full_spicy"
    both = apply_preset(out, "half_responsibility")
    assert both["ladder"][5] == 32 and both["discard"] == {"shooter": 0.5, "others": 0.25}
    assert both["ladder_name"] == "full_spicy + half_responsibility"


@pytest.mark.parametrize("name", list(presets()), ids=str)
def test_every_preset_is_sane(name):
    p = presets()[name]
    assert p.variants and p.name and p.description
    ladder = p.payment.get("ladder")
    if ladder:
        keys = sorted(ladder)
        assert [ladder[k] for k in keys] == sorted(ladder[k] for k in keys), "amounts grow with the value"
