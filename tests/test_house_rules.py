"""House-rule files: the schema, its errors, and each example changing score, wait, settle and rules."""

import json
import re
import textwrap
from pathlib import Path

import pytest

from mjcli.cli import cli
from mjcli.errors import RuleFileError
from mjcli.house import load_rules_file
from mjcli.payments import SettleRequest, settle
from mjcli.variant import load_builtin

ROOT = Path(__file__).resolve().parent.parent
HK_SPICY = str(ROOT / "examples" / "house-hk-full-spicy.yaml")
SG_26 = str(ROOT / "examples" / "house-sg-2-6.yaml")


def run(runner, *args):
    r = runner.invoke(cli, list(args))
    return r.exit_code, r.output


def one(runner, *args):
    code, out = run(runner, *args, "-f", "json")
    return json.loads(out)[0]


def write(tmp_path, text, name="house.yaml"):
    p = tmp_path / name
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return str(p)


# --- the two examples change every command ------------------------------------------


@pytest.mark.parametrize(
    "args, field, plain, house",
    [
        # 2 faan (ping wu + no flowers): below hk's 3, a win at the 1-faan table paying 2^2 = 4
        (["score", "123m 456m 789m 234p 55s"], "meets_minimum", False, True),
        (["score", "123m 456m 789m 234p 55s"], "payment", None, {"shooter": 4, "others": 0, "total": 4}),
        # 6 faan (half flush 3, two dragons 2, no flowers 1): half-spicy 32, full-spicy 64
        (["score", "234p 567p 99p [CCC] [FFF] @9p"], "payment", {"shooter": 32, "others": 0, "total": 32},
         {"shooter": 64, "others": 0, "total": 64}),
    ],
    ids=["score-minimum", "score-2-faan-payment", "score-6-faan-payment"],
)
def test_hk_full_spicy_score(runner, args, field, plain, house):
    if field == "payment":  # one payment shape (issue 12): the keys a win does not use are null
        from mjcli.contract import payment

        plain, house = payment(plain), payment(house)
    assert one(runner, *args)[field] == plain
    assert one(runner, *args, "--rules", HK_SPICY)[field] == house


def test_hk_full_spicy_wait(runner):
    # waits 1p/4p are worth 2 faan on a discard: below hk's minimum, fine at the 1-faan table
    plain = one(runner, "wait", "123m 456m 789m 23p EE")
    house = one(runner, "wait", "123m 456m 789m 23p EE", "--rules", HK_SPICY)
    assert [w["discard_meets_minimum"] for w in plain["waits"]] == [False, False]
    assert [w["discard_meets_minimum"] for w in house["waits"]] == [True, True]
    assert house["variant"] == "hk-full-spicy" and house["minimum"] == 1


@pytest.mark.parametrize(
    "args, plain, house",
    [
        # 6 faan discard: half-spicy S = 32, full-spicy 2^6 = 64
        (["--winner", "E", "--from", "S", "--value", "6"], [("S", "E", 32)], [("S", "E", 64)]),
        # 10 faan self-drawn: half-spicy 128/2 = 64 each, full-spicy 1024/2 = 512 each
        (["--winner", "E", "--value", "10"], [("N", "E", 64), ("S", "E", 64), ("W", "E", 64)],
         [("N", "E", 512), ("S", "E", 512), ("W", "E", 512)]),
    ],
    ids=["6-faan-discard", "limit-self-drawn"],
)
def test_hk_full_spicy_settle(runner, args, plain, house):
    def amounts(rec):
        return sorted((p["from"], p["to"], p["amount"]) for p in rec["payments"])

    assert amounts(one(runner, "settle", *args)) == plain
    assert amounts(one(runner, "settle", *args, "--rules", HK_SPICY)) == house


def test_hk_full_spicy_1_faan_settles(runner):
    code, out = run(runner, "settle", "--winner", "E", "--from", "S", "--value", "1")
    assert code == 2 and "below the minimum of 3" in out
    # 1 faan at the 1-faan table: 2^1 = 2
    assert one(runner, "settle", "--rules", HK_SPICY, "--winner", "E", "--from", "S", "--value", "1")["payments"][0]["amount"] == 2


def test_hk_full_spicy_rules(runner):
    code, out = run(runner, "rules", "--rules", HK_SPICY)
    assert code == 0
    out = " ".join(out.split())  # the title is wrapped to 80 columns
    assert "hk-full-spicy): unit faan, minimum 1, limit 10" in out
    assert "extending hk" in out and "Payment (full_spicy)" in out and "1024" in out


@pytest.mark.parametrize(
    "hand, plain_total, house_total, house_payable",
    [
        ("123m 456m 789m 55s [CCC] @5s", 1, 1, False),  # one dragon: 1 tai, below the table's 2
        ("123m 456m 55s [CCC] [FFF] @5s", 2, 2, True),
        ("EEE SSS WWW NNN 55p", 5, 6, True),  # a limit hand scores the table's limit
    ],
    ids=["1-tai", "2-tai", "limit-hand"],
)
def test_sg_2_6_score(runner, hand, plain_total, house_total, house_payable):
    assert one(runner, "score", "-v", "sg", hand)["total"] == plain_total
    rec = one(runner, "score", "--rules", SG_26, hand)
    assert (rec["total"], rec["meets_minimum"]) == (house_total, house_payable)


def test_sg_2_6_limit_payment(runner):
    # 6 tai: A = 2^6 = 64; shooter 2A = 128, the others A = 64 each, total 256 (sg caps at 5: 64 + 32 + 32)
    assert one(runner, "score", "-v", "sg", "EEE SSS WWW NNN 55p")["payment"]["total"] == 128
    assert one(runner, "score", "--rules", SG_26, "EEE SSS WWW NNN 55p")["payment"] == \
        {"shooter": 128, "others": 64, "each": None, "total": 256, "robbed_kong": False}


def test_sg_2_6_wait(runner):
    # 1 tai on 5s: payable in sg, below the 2-tai minimum at this table
    plain = one(runner, "wait", "-v", "sg", "123m 456m 789m 5s [CCC]")["waits"][0]
    house = one(runner, "wait", "--rules", SG_26, "123m 456m 789m 5s [CCC]")["waits"][0]
    assert plain["discard_meets_minimum"] and not house["discard_meets_minimum"]


@pytest.mark.parametrize(
    "value, plain, house",
    [
        # 6 tai on a discard: sg pays as 5 (A = 32: 64 + 32 + 32); the table pays A = 64: 128 + 64 + 64
        (6, 128, 256),
        (5, 128, 128),  # 5 tai: A = 32 both ways
    ],
    ids=["6-tai", "5-tai"],
)
def test_sg_2_6_settle(runner, value, plain, house):
    args = ["--winner", "E", "--from", "S", "--value", str(value)]
    rec = one(runner, "settle", "-v", "sg", *args)  # above sg's limit of 5: paid as 5, the `plain` figure
    assert rec["net"]["E"] == plain and rec["paid_value"] == min(value, 5)
    assert one(runner, "settle", "--rules", SG_26, *args)["net"]["E"] == house


def test_sg_2_6_settle_1_tai_refused(runner):
    code, out = run(runner, "settle", "--rules", SG_26, "--winner", "E", "--from", "S", "--value", "1")
    assert code == 2 and "below the minimum of 2" in out


def test_sg_2_6_rules(runner):
    code, out = run(runner, "rules", "--rules", SG_26)
    assert code == 0 and "minimum 2, limit 6" in out and "cap (6)" in out
    assert re.search(r"^\s*6\s+64$", out, re.M)  # the ladder row added for 6 tai


@pytest.mark.parametrize("path", [HK_SPICY, SG_26], ids=["hk-full-spicy", "sg-2-6"])
def test_examples_check_clean(runner, path):
    code, out = run(runner, "rules", "--check", path)
    assert code == 0 and out.strip().endswith("patterns)")


# --- the schema ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, check",
    [
        ("extends: hk\nvalues: {ping_wu: 2}\n", lambda v: v.pattern("ping_wu").value == 2),
        ("extends: hk\nvalues: {full_flush: limit}\n", lambda v: v.pattern("full_flush").limit),
        ("extends: hk\nvalues: {four_kongs: 8}\n", lambda v: not v.pattern("four_kongs").limit
         and v.pattern("four_kongs").value == 8),
        ("extends: hk\ndisable: [no_flowers, dragon_set]\n",
         lambda v: "no_flowers" not in v.pattern_ids and "dragon_set" not in v.pattern("big_dragons").replaces),
        ("extends: hk\nadd:\n  - {id: concealed_self_drawn, name: Men Qing Zi Mo, value: 1}\n",
         lambda v: v.pattern("concealed_self_drawn").value == 1),
        ("extends: hk\nminimum: 1\nlimit: 13\npayment: {preset: full_spicy}\n", lambda v: (v.minimum, v.limit) == (1, 13)),
        ("extends: hk\npayment: {preset: banded}\n", lambda v: v.payment["ladder"] == {3: 8, 4: 16, 7: 32, 10: 64}),
        ("extends: hk\npayment: {preset: [full_spicy, half_responsibility]}\n",
         lambda v: v.payment["ladder"][5] == 32 and v.payment["discard"]["shooter"] == 0.5),
        ("extends: hk\npayment: {linear: 2}\n", lambda v: v.payment["linear"] == 2 and "ladder" not in v.payment),
        ("extends: hk\npayment: {bao: {on_discard: true}}\n",
         lambda v: v.payment["bao"] == {"on_discard": True, "on_self_drawn": True}),
        ("extends: hk\npayment: {stake: 0.5}\n", lambda v: v.payment["stake"] == 0.5),
        ("extends: sg\ninstant: {concealed_kong: 4}\n", lambda v: v.instant["concealed_kong"] == 4
         and v.instant["exposed_kong"] == 4),
        ("extends: hk\nid: friday\nname: Friday table\nnames: {zh: 星期五}\n",
         lambda v: (v.id, v.name, v.names["zh"]) == ("friday", "Friday table", "星期五")),
        ("extends: hk\n", lambda v: v.id == "house" and v.patterns == load_builtin("hk").patterns
         and v.payment == load_builtin("hk").payment),
        ("extends: my3\noptions: {fei_fifth_copy: true}\n",
         lambda v: v.options["fei_fifth_copy"] is True and v.most_copies == 5),
        ("extends: my3\noptions: {fei_fifth_copy: false}\n",
         lambda v: v.options["fei_fifth_copy"] is False and v.most_copies == 4),
        ("extends: my3\n", lambda v: v.options == load_builtin("my3").options and v.most_copies == 4),
    ],
    ids=["value", "value-limit", "limit-to-value", "disable", "add", "minimum-limit", "preset", "two-presets",
         "linear", "bao-switch", "stake", "instant", "id-name", "nothing-changed", "fei-fifth-on", "fei-fifth-off",
         "fei-fifth-default"],
)
def test_schema_changes(tmp_path, text, check):
    assert check(load_rules_file(write(tmp_path, text)))


@pytest.mark.parametrize(
    "text, expected",
    [
        ("extends: hk\ncolour: red\n", "colour (line 2): unknown key"),
        ("minimum: 1\n", "extends: missing"),
        ("extends: zz\n", "extends (line 1): unknown variant 'zz'"),
        ("extends: hk\nminimum: one\n", "minimum (line 2): expected an integer"),
        ("extends: hk\nminimum: 11\n", "minimum (line 2): the minimum 11 is above the limit 10"),
        ("extends: hk\nminimum: 1\n", "minimum (line 2): the minimum is 1 but the ladder starts at 3"),
        ("extends: sg\npayment:\n  ladder: {2: 4, 3: 8}\n", "payment.ladder (line 3): the minimum is 1 but the ladder starts at 2"),
        ("extends: hk\nvalues:\n  ping_wu: 2\n  nope: 3\n", "values.nope (line 4): 'nope' is not a pattern of hk"),
        ("extends: hk\nvalues: {ping_wu: two}\n", "values.ping_wu (line 2): expected an integer or the word limit"),
        ("extends: hk\ndisable: [ping_wu]\nvalues: {ping_wu: 2}\n", "values.ping_wu (line 3): 'ping_wu' is also under disable"),
        ("extends: hk\ndisable:\n  - ping_wu\n  - zzz\n", "disable[1] (line 4): the text 'zzz' is not a pattern of hk"),
        ("extends: hk\nadd:\n  - id: no_such\n    name: X\n    value: 1\n", "add[0].id (line 3): unknown pattern id 'no_such'"),
        ("extends: hk\nadd:\n  - id: ping_wu\n    name: X\n    value: 1\n", "add[0].id (line 3): 'ping_wu' is already a pattern"),
        ("extends: hk\nadd:\n  - id: ping_hu\n    name: X\n", "add[0].value: missing"),
        ("extends: hk\nadd:\n  - {id: ping_hu, name: X, value: 1, colour: 2}\n", "add[0].colour (line 3): unknown key"),
        ("extends: hk\npayment:\n  preset: hot\n", "payment.preset (line 3): unknown payment preset 'hot'"),
        ("extends: hk\npayment:\n  preset: shooter_pays_all\n", "payment.preset (line 3): payment preset 'shooter_pays_all' is written for sg"),
        ("extends: hk\npayment:\n  ladder: {3: x}\n", "payment.ladder.3 (line 3): expected an amount 0 or more"),
        ("extends: hk\npayment:\n  ladder: {3: 8}\n  linear: 2\n", "payment.linear (line 4): give ladder or linear"),
        ("extends: hk\npayment:\n  bao: {on_discard: yes please}\n", "payment.bao.on_discard (line 3): expected true or false"),
        ("extends: hk\npayment:\n  bao: {sometimes: true}\n", "payment.bao.sometimes (line 3): unknown key"),
        ("extends: hk\npayment:\n  discard: {shooter: -1}\n", "payment.discard.shooter (line 3): expected a number 0 or more"),
        ("extends: hk\npayment:\n  robbed_kong: never\n", "payment.robbed_kong (line 3): expected one of self_drawn_total, discard"),
        ("extends: hk\npayment:\n  stake: 0\n", "payment.stake (line 3): the stake 0: write money per unit as a decimal above 0"),
        ("extends: hk\npayment:\n  tip: 5\n", "payment.tip (line 3): unknown key"),
        ("extends: hk\ninstant: {kong: 2}\n", "instant.kong (line 2): hk has no instant payment 'kong'"),
        ("extends: sg\ninstant:\n  concealed_kong: lots\n", "instant.concealed_kong (line 3): expected an amount"),
        ("extends: hk\nnotes: [1]\n", "notes[0] (line 2): expected text"),
        ("extends: hk\noptions: {fei_fifth_copy: true}\n", "options.fei_fifth_copy (line 2): hk has no option"),
        ("extends: my3\noptions: {fei_fifth: true}\n", "options.fei_fifth (line 2): my3 has no option 'fei_fifth'"),
        ("extends: my3\noptions:\n  fei_fifth_copy: 5\n", "options.fei_fifth_copy (line 3): expected one of false, true"),
        ("extends: my3\noptions: [fei_fifth_copy]\n", "options (line 2): expected a mapping"),
        ("- extends: hk\n", "(top): expected a mapping starting with `extends: VARIANT`"),
        ("extends: hk\nvalues: &v {ping_wu: 2}\n", "line 2: YAML anchors (&name) are not allowed"),
        ("extends: !!python/object:os.system hk\n", "python/object"),
        ("extends: hk\n  minimum: 2\n", "not valid YAML"),
    ],
    ids=["unknown-key", "no-extends", "bad-extends", "minimum-type", "minimum-above-limit", "minimum-below-ladder",
         "ladder-above-minimum", "value-unknown-id",
         "value-type", "value-and-disable", "disable-unknown", "add-unregistered", "add-existing",
         "add-no-value", "add-unknown-key", "preset-unknown", "preset-wrong-variant", "ladder-type",
         "ladder-and-linear", "bao-type", "bao-unknown", "discard-negative", "robbed-kong", "stake-zero",
         "payment-unknown", "instant-unknown", "instant-type", "notes-type", "option-not-in-base",
         "option-unknown", "option-type", "options-not-mapping", "not-a-mapping", "anchor",
         "python-tag", "bad-yaml"],
)
def test_schema_errors(tmp_path, text, expected):
    path = write(tmp_path, text)
    with pytest.raises(RuleFileError) as exc:
        load_rules_file(path)
    assert any(expected in p for p in exc.value.problems), exc.value.problems
    assert all(path in p for p in exc.value.problems), "every problem names the file"


def test_every_error_is_reported_at_once(tmp_path):
    path = write(tmp_path, "extends: hk\nminimum: x\ncolour: 1\ndisable: [zz]\npayment: {stake: -1}\n")
    with pytest.raises(RuleFileError) as exc:
        load_rules_file(path)
    lines = sorted(p.split("(line ")[1].split(")")[0] for p in exc.value.problems)
    assert lines == ["2", "3", "4", "5"]


def test_check_reports_every_file(runner, tmp_path):
    bad = write(tmp_path, "extends: hk\ncolour: red\nminimum: x\n", "bad.yaml")
    worse = write(tmp_path, "extends: nowhere\n", "worse.yaml")
    code, out = run(runner, "rules", "--check", HK_SPICY, bad, worse, SG_26)
    assert code == 1
    assert f"{HK_SPICY}: ok" in out and f"{SG_26}: ok" in out
    assert f"error: {bad}: colour (line 2): unknown key" in out
    assert f"error: {bad}: minimum (line 3): expected an integer" in out
    assert f"error: {worse}: extends (line 1): unknown variant 'nowhere'" in out
    assert "Traceback" not in out


def test_check_missing_file(runner, tmp_path):
    code, out = run(runner, "rules", "--check", str(tmp_path / "nope.yaml"))
    assert code == 1 and "cannot read the file" in out


def test_rules_file_error_on_other_commands(runner, tmp_path):
    bad = write(tmp_path, "extends: hk\nminimum: x\n")
    code, out = run(runner, "score", "--rules", bad, "123m 456m 789m 234p 55s")
    assert code == 2 and "minimum (line 2)" in out and len(out.strip().splitlines()) == 1


def test_bao_switch_changes_settle(tmp_path):
    # hk: bao is not paid on a discard win; with on_discard true the liable W pays everyone's share.
    # 5 faan discard: shooter share 24, others 0 -> W pays 24 in all.
    v = load_rules_file(write(tmp_path, "extends: hk\npayment:\n  bao: {on_discard: true}\n"))
    s = settle(v, SettleRequest(winner="E", shooter="S", value=5, bao="W"))
    assert [(p.payer, p.amount) for p in s.payments] == [("W", 24)]


def test_table_stake_and_command_line_stake(runner, tmp_path):
    path = write(tmp_path, "extends: hk\npayment: {stake: 0.5}\n")
    args = ["settle", "--rules", path, "--winner", "E", "--from", "S", "--value", "5"]
    assert one(runner, *args)["payments"][0]["amount"] == 12  # 24 x 0.5
    assert one(runner, *args, "--stake", "2")["payments"][0]["amount"] == 48  # --stake wins: 24 x 2


def test_instant_amount_changes_settle(tmp_path):
    # sg concealed kong: 8 from each of the other three; the table plays 4 -> 12 in all
    v = load_rules_file(write(tmp_path, "extends: sg\ninstant: {concealed_kong: 4}\n"))
    s = settle(v, SettleRequest(kongs=[("E", "concealed", None)]))
    assert s.net["E"] == 12 and sum(s.net.values()) == 0


def test_added_pattern_scores(runner, tmp_path):
    path = write(tmp_path, "extends: hk\nadd:\n  - {id: concealed_self_drawn, name: Men Qing Zi Mo, value: 1}\n")
    plain = one(runner, "score", "123m 456m 789m 234p 55s zimo")
    house = one(runner, "score", "--rules", path, "123m 456m 789m 234p 55s zimo")
    assert house["total"] == plain["total"] + 1
    assert "concealed_self_drawn" in [p["id"] for p in house["patterns"]]


def test_disabled_pattern_is_gone(runner, tmp_path):
    path = write(tmp_path, "extends: hk\ndisable: [no_flowers]\n")
    house = one(runner, "score", "--rules", path, "123m 456m 789m 234p 55s zimo")
    assert "no_flowers" not in [p["id"] for p in house["patterns"]]
    code, out = run(runner, "rules", "--rules", path)
    assert "no_flowers" not in out
