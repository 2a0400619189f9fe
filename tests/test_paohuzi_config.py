"""variants/paohuzi.yaml: its `paohuzi:` section is checked, and every number in play comes from it."""

from __future__ import annotations

import copy

import pytest

from mjcli.errors import RuleFileError
from mjcli.games.paohuzi import score_text, tun_of, wait_text
from mjcli.games.paohuzi.config import KINDS
from mjcli.payments import SettleRequest, settle
from mjcli.variant import build_variant, load_builtin, load_data, variants_dir


def base_data():
    data, _lines = load_data(variants_dir() / "paohuzi.yaml", "paohuzi.yaml")
    return copy.deepcopy(data)


def build(data):
    return build_variant(data, "house.yaml")


def test_builtin_loads():
    v = load_builtin("paohuzi")
    assert v.game == "paohuzi" and v.unit == "huxi" and v.minimum == 15
    assert v.seats == ("E", "S", "W")
    assert set(v.extra["groups"]) == set(KINDS)
    for kind in KINDS:
        names = v.extra["groups"][kind]["names"]
        assert names.get("en") and names.get("th") and names.get("zh"), kind


def _drop(path):
    def edit(d):
        *head, last = path
        for k in head:
            d = d[k]
        del d[last]
    return edit


def _set(path, value):
    def edit(d):
        *head, last = path
        for k in head:
            d = d[k]
        d[last] = value
    return edit


BAD = [
    ("no-section", _drop(["paohuzi"]), "paohuzi: missing"),
    ("no-groups", _drop(["paohuzi", "groups"]), "paohuzi.groups: missing"),
    ("missing-kind", _drop(["paohuzi", "groups", "peng"]), "paohuzi.groups.peng: missing"),
    ("unknown-kind", _set(["paohuzi", "groups", "dragon"], {"small": 1, "big": 2}),
     "paohuzi.groups.dragon: unknown key"),
    ("negative", _set(["paohuzi", "groups", "ti", "small"], -1), "paohuzi.groups.ti.small: expected an integer 0 to"),
    ("not-a-number", _set(["paohuzi", "groups", "ti", "big"], "twelve"), "paohuzi.groups.ti.big: expected an integer"),
    ("row-not-a-mapping", _set(["paohuzi", "groups", "pair"], 0), "paohuzi.groups.pair: expected a mapping"),
    ("missing-big", _drop(["paohuzi", "groups", "wei", "big"]), "paohuzi.groups.wei.big: missing"),
    ("bad-language", _set(["paohuzi", "groups", "ti", "names"], {"xx": "Ti"}), "paohuzi.groups.ti.names.xx"),
    ("description-language", _set(["paohuzi", "groups", "ti", "descriptions"], {"xx": "Ti"}),
     "paohuzi.groups.ti.descriptions.xx: unknown language"),
    ("description-two-lines", _set(["paohuzi", "groups", "pao", "descriptions"], {"th": "เปา\nเปา"}),
     "paohuzi.groups.pao.descriptions.th: expected text on one line"),
    ("descriptions-not-a-mapping", _set(["paohuzi", "groups", "wei", "descriptions"], "偎"),
     "paohuzi.groups.wei.descriptions: expected a mapping of language code to text"),
    ("tun-step-zero", _set(["paohuzi", "tun", "step"], 0), "paohuzi.tun.step: expected an integer 1 to"),
    ("no-tun", _drop(["paohuzi", "tun"]), "paohuzi.tun: missing"),
    ("heavenly-unknown", _set(["paohuzi", "heavenly", "pao"], 2), "paohuzi.heavenly.pao: unknown key"),
    ("unknown-section-key", _set(["paohuzi", "cap"], 3), "paohuzi.cap: unknown key"),
    ("unknown-term", _set(["paohuzi", "terms", "fan"], {"en": "fan"}), "paohuzi.terms.fan: unknown key"),
]


@pytest.mark.parametrize("edit,words", [c[1:] for c in BAD], ids=[c[0] for c in BAD])
def test_section_errors_name_the_key(edit, words):
    data = base_data()
    edit(data)
    with pytest.raises(RuleFileError) as exc:
        build(data)
    assert any(words in p for p in exc.value.problems), exc.value.problems
    assert all(p.startswith("house.yaml: ") for p in exc.value.problems)


HAND = "x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7d10 d5d5d5 x10x10 d10 @x10"  # 3 + 6 + 6 + kan 6 = 21


def test_huxi_values_come_from_the_file():
    data = base_data()
    data["paohuzi"]["groups"]["kan"]["big"] = 10
    data["paohuzi"]["groups"]["run_2710"]["big"] = 1
    v = build(data)
    assert score_text(HAND, v).huxi == 3 + 6 + 1 + 10


def test_minimum_and_tun_come_from_the_file():
    data = base_data()
    data["minimum"] = 10
    data["paohuzi"]["tun"] = {"first": 2, "step": 5}
    v = build(data)
    # 21 huxi: 2 + (21 - 10) // 5 = 4 tun
    assert tun_of(v, 21) == 4 and tun_of(v, 9) == 0
    res = score_text(HAND, v)
    assert res.tun == 4 and res.payment == {"each": 4, "total": 8}


def test_payment_unit_comes_from_the_file():
    data = base_data()
    data["payment"]["linear"] = 5
    v = build(data)
    # 21 huxi = 3 tun; each opponent pays 3 x 5 = 15
    s = settle(v, SettleRequest(winner="E", value=21))
    assert [(p.payer, p.payee, p.amount) for p in s.payments] == [("S", "E", 15), ("W", "E", 15)]


def test_heavenly_thresholds_come_from_the_file():
    data = base_data()
    data["paohuzi"]["heavenly"] = {"ti": 2, "kan": 5}
    v = build(data)
    res = score_text("(x1x1x1x1) (x2x2x2x2) x3 x4 x5 x6 d7 d8 d9 d10 d1 d2 d3 d4 heavenly", v)
    assert res.winning and res.huxi == 18


def test_wait_uses_the_file_minimum():
    data = base_data()
    data["minimum"] = 40
    v = build(data)
    res = wait_text("x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7d10 d5d5d5 x10x10", v)
    assert not res.ready and res.notes
