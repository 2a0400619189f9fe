"""The machine contract (issue 12): every record every command prints validates against its shipped JSON Schema.

Each record kind has fixed keys (every key on every record, ``null`` where it does not apply) and fixed CSV
columns; the tests run score, wait, settle, settle --ledger and rules over the example files, the nasty-hand
corpus and Hypothesis hands, in json, jsonl and csv. Each validator is compiled once, here.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from mjcli import contract
from mjcli.api import load_variant
from mjcli.cli import cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
DATA = Path(__file__).resolve().parent / "data"

VALIDATORS = {}
for _kind in contract.KINDS:
    Draft202012Validator.check_schema(contract.schema(_kind))
    VALIDATORS[contract.schema_id(_kind)] = Draft202012Validator(contract.schema(_kind))

# the kinds each command prints, and the CSV columns of its output
COMMAND_KINDS = {"score": {"score"}, "wait": {"wait", "discards"}, "settle": {"settle"}, "ledger": {"ledger"}}
CSV_KIND = {"score": "score", "wait": "wait", "settle": "settle", "ledger": "ledger"}

RUNNER = CliRunner()


def invoke(args, input=None):
    r = RUNNER.invoke(cli, args, input=input, catch_exceptions=False)
    return r.exit_code, r.stdout, r.stderr


def jsonl(out: str) -> list[dict]:
    """The records of jsonl output: a record ends at a newline only (not at U+0085 inside a label)."""
    return [json.loads(x) for x in out.split("\n") if x]


def validate(rec: dict, kinds: set[str]) -> None:
    """One record: its kind is one the command prints, and it validates against that kind's schema."""
    sid = rec.get("schema")
    assert sid in {contract.schema_id(k) for k in kinds}, rec
    errors = sorted(VALIDATORS[sid].iter_errors(rec), key=lambda e: list(e.path))
    assert not errors, (errors[0].message, list(errors[0].path), rec)
    kind = sid.split("/")[1]
    assert list(rec) == list(contract.keys(kind)), rec  # every key, in the schema's order


def _csv_types(kind: str) -> dict[str, set]:
    """Column -> the JSON types its cells may hold (from the schema's property of the same name)."""
    props = {}
    for k in ({"wait", "discards"} if kind == "wait" else {kind}):
        sch = contract.schema(k)["properties"]
        for name, spec in sch.items():
            t = spec.get("type")
            props.setdefault(name, set()).update([t] if isinstance(t, str) else (t or []))
        for sub in ("waits", "discards"):  # the per-tile and per-discard columns
            items = sch.get(sub, {}).get("items", {}).get("properties", {})
            for name, spec in items.items():
                t = spec.get("type")
                props.setdefault(name, set()).update([t] if isinstance(t, str) else (t or []))
    extra = {"payment_shooter": {"number"}, "payment_others": {"number"}, "payment_each": {"number"},
             "payment_total": {"number"}, "payment_robbed_kong": {"boolean"}, "discard_tile": {"string"},
             "amount": {"number"}, "net": {"number"}, "running": {"number"}, "tiles_left": {"integer"},
             "payable_left": {"integer"}, "best": {"integer"}, "tile": {"string"}, "left": {"integer"},
             "discard": {"integer"}, "self_drawn": {"integer"}}
    props.update(extra)
    return props


INT = re.compile(r"-?[0-9]+")
NUM = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def _is_json_container(text: str) -> bool:
    try:
        return isinstance(json.loads(text), (dict, list))
    except ValueError:
        return False


FREE_TEXT = {"label", "hand", "player", "reason", "error_message", "notes", "description", "name", "when"}


def check_csv(out: str, kind: str, header: bool = True) -> list[dict]:
    """CSV output: the kind's columns, every row as long, each cell of its column's type."""
    cols = list(contract.csv_columns(kind))
    rows = list(csv.reader(io.StringIO(out)))
    if header:
        assert rows[0] == cols
        rows = rows[1:]
    types = _csv_types(kind)
    for row in rows:
        assert len(row) == len(cols), row
        for c, cell in zip(cols, row):
            if cell == "":
                continue
            t = types.get(c, {"string"})
            if "boolean" in t:
                assert cell in ("true", "false"), (c, cell)
            elif "integer" in t:
                assert INT.fullmatch(cell), (c, cell)
            elif "number" in t:
                assert NUM.fullmatch(cell), (c, cell)
            assert "\n" not in cell, (c, cell)
            if c not in FREE_TEXT:  # a label is the user's own text, and may look like anything
                assert not _is_json_container(cell), (c, cell)  # scalars, no JSON in a cell
    return [dict(zip(cols, r)) for r in rows]


def run_all_formats(args, command: str, input=None) -> list[dict]:
    """``args`` in json, jsonl and csv: every record validates, json and jsonl agree, CSV has the columns."""
    kinds = COMMAND_KINDS[command]
    first, rest = args[:1], args[1:]  # the format goes before any `--`
    code, out, _ = invoke([*first, "-f", "jsonl", *rest], input)
    recs = jsonl(out)
    for rec in recs:
        validate(rec, kinds)
    code2, out2, _ = invoke([*first, "-f", "json", *rest], input)
    assert json.loads(out2) == recs and code2 == code
    _, out3, _ = invoke([*first, "-f", "csv", *rest], input)
    check_csv(out3, CSV_KIND[command])
    return recs


# --- the schemas and the schema command ----------------------------------------------------------------------


def test_every_kind_has_a_schema_with_its_id():
    for kind in contract.KINDS:
        sch = contract.schema(kind)
        assert sch["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert sch["$id"] == contract.schema_id(kind) == f"mjcli/{kind}/1"


def test_schema_command_lists_and_prints():
    code, out, _ = invoke(["schema"])
    assert code == 0 and [line.split()[0] for line in out.splitlines()] == list(contract.KINDS)
    for kind in contract.KINDS:
        code, out, _ = invoke(["schema", kind])
        assert code == 0 and json.loads(out) == contract.schema(kind)


def test_schema_command_unknown_kind():
    code, out, err = invoke(["schema", "scores"])
    assert code == 2 and out == ""
    assert err.startswith("error: unknown record kind 'scores'; kinds are score, wait,") and len(err.splitlines()) == 1


def test_schemas_ship_as_package_data():
    text = (ROOT / "pyproject.toml").read_text()
    # a package setup.py finds (tests/test_install.py checks the built wheel holds every schema)
    assert '"mjcli.schemas" = ["*.json"]' in text and (ROOT / "mjcli" / "schemas" / "__init__.py").is_file()
    for kind in contract.KINDS:
        assert (ROOT / "mjcli" / "schemas" / f"{kind}.json").is_file()


def _at(node, pointer: str):
    for part in pointer.strip("/").split("/"):
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def test_each_game_declares_its_record_fields_and_the_core_schema_names_none():
    # the published schema of score, wait, discards = the base in mjcli/schemas + every game's fields.json
    rooms = sorted((ROOT / "mjcli" / "games").rglob("fields.json"))
    assert {p.parent.name for p in rooms} >= {"paohuzi", "my3"}
    declared = {kind: set() for kind in contract.GAME_FIELD_KINDS}
    for path in rooms:
        game = json.loads(path.read_text(encoding="utf-8"))
        for kind in contract.GAME_FIELD_KINDS:
            base = json.loads((ROOT / "mjcli" / "schemas" / f"{kind}.json").read_text(encoding="utf-8"))
            for entry in game.get(kind, ()):
                published, core = _at(contract.schema(kind), entry["at"]), _at(base, entry["at"])
                for key in entry["add"]:
                    assert key in published and key not in core, (path.parent.name, kind, entry["at"], key)
                    declared[kind].add(key)
    assert {"huxi", "tun", "groups"} <= declared["score"]
    assert "drown_fei_reaches_minimum" in contract.wait_keys() and "drown_fei_reaches_minimum" in declared["wait"]
    assert list(contract.keys("score"))[-1] == "notes"  # the keys of every record in the order they always had


def test_a_new_game_puts_its_fields_after_every_other_game():
    from mjcli.registry import record_fields

    base = json.loads((ROOT / "mjcli" / "schemas" / "wait.json").read_text(encoding="utf-8"))
    games = [json.loads(Path(p).read_text(encoding="utf-8")) for p in record_fields()]
    new = {"order": max(g["order"] for g in games) + 1,
           "wait": [{"at": "/properties/waits/items/properties", "after": "self_drawn_meets_minimum",
                     "add": {"new_key": {"type": "null"}}},
                    {"at": "/x-csv-columns", "after": None, "add": ["first_column"]}]}
    out = contract.with_game_fields(base, "wait", [new, *games])
    entry = list(out["properties"]["waits"]["items"]["properties"])
    assert entry[-2:] == ["drown_fei_reaches_minimum", "new_key"]
    assert out["x-csv-columns"][0] == "first_column"


# --- score and wait over the examples and the corpus ---------------------------------------------------------

EXAMPLE_FILES = [("hk", "hk.txt"), ("hk", "hk-mixed.txt"), ("sg", "sg.txt"), ("my3", "my3.txt"),
                 ("paohuzi", "paohuzi.txt"), ("tw", "tw.txt"), ("mcr", "mcr.txt")]


@pytest.mark.parametrize("vid,name", EXAMPLE_FILES, ids=[n for _, n in EXAMPLE_FILES])
def test_score_examples_validate(vid, name):
    data = (EXAMPLES / name).read_bytes()
    recs = run_all_formats(["score", "-v", vid], "score", data)
    assert recs and {r["variant"] for r in recs if r["ok"]} == {vid}


@pytest.mark.parametrize("vid,name", EXAMPLE_FILES, ids=[n for _, n in EXAMPLE_FILES])
def test_wait_examples_validate(vid, name):
    data = (EXAMPLES / name).read_bytes()
    run_all_formats(["wait", "-v", vid], "wait", data)


def test_score_all_readings_validate():
    recs = run_all_formats(["score", "--all"], "score", (EXAMPLES / "hk.txt").read_bytes())
    assert all(r["readings"] for r in recs if r["winning"])
    recs = run_all_formats(["score", "-v", "paohuzi", "--all"], "score", (EXAMPLES / "paohuzi.txt").read_bytes())
    assert any(r["readings"] and r["readings"][0]["groups"] for r in recs)


def _corpus():
    for line in (DATA / "nasty_hands.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("//"):
            yield json.loads(line)


def test_nasty_corpus_records_validate():
    """Every nasty hand, as its command and as the other one, in one batch per variant and command."""
    by = {}
    for case in _corpus():
        for command in ("score", "wait"):
            by.setdefault((case.get("variant", "hk"), command), []).append(case["hand"].replace("\n", " "))
    for (vid, command), hands in by.items():
        hands = [h for h in hands if h.strip() and not h.strip().startswith("#")]  # a line stdin skips
        recs = run_all_formats([command, "-v", vid], command, "\n".join(hands).encode())  # one hand a line
        assert len(recs) == len(hands)
        for rec in recs:
            if not rec["ok"]:
                assert rec["answer"] == "invalid" and rec["reason"] == rec["error"]["message"]
                assert rec["payment"] is None if command == "score" else rec["waits"] == []


@pytest.mark.parametrize("vid,command", [("sg", "score"), ("paohuzi", "wait"), ("my3", "score")])
def test_unreadable_line_names_the_variant(vid, command):
    recs = run_all_formats([command, "-v", vid], command, b"\xff\n" + b"1" * 10_001 + b"\n")
    v = load_variant(vid)
    for rec in recs:
        assert rec["hand"] is None and rec["variant"] == vid and rec["unit"] == v.unit and rec["minimum"] == v.minimum
        assert rec.get("limit", v.limit) == v.limit


def test_not_utf8_line_has_every_key():
    recs = run_all_formats(["score"], "score", b"123m 456m 789m 234p 55s zimo\n\xff\n")
    assert list(recs[0]) == list(recs[1]) and recs[1]["error"]["code"] == "encoding_error"
    recs = run_all_formats(["wait"], "wait", b"\xff\n")
    assert recs[0]["answer"] == "invalid" and recs[0]["schema"] == "mjcli/wait/1"


# --- answers, reasons, the payment shape -------------------------------------------------------------------------


@pytest.mark.parametrize("vid,hand,answer", [
    ("hk", "123m 456m 789m 234p 55s zimo", "ok"),
    ("hk", "123m 456m 789m 234p 55s", "below_minimum"),
    ("hk", "123m 456m 789m 234p 56s @6s", "not_winning"),
    ("hk", "123m 456m 789m 234p 55x", "invalid"),
    ("paohuzi", "x1 x2 x3 x4 x5 x6 x7 x8 x9 x10 x10 d1 d2 d2 d3 d5 d5 d5 d7 d10 d10 @x10", "ok"),
    ("paohuzi", "x1 x2 x3 x4 x5 x6 x7 x8 x9 x10 x10 d1 d2 d2 d3 d5 d5 d5 d7 d10 d9 @x10", "not_winning"),
])
def test_score_answer_and_reason(vid, hand, answer):
    (rec,) = run_all_formats(["score", "-v", vid, hand], "score")
    assert rec["answer"] == answer
    assert (rec["reason"] is None) == (answer == "ok")
    if answer == "below_minimum":
        assert rec["reason"] == "2 faan is below the minimum of 3"
    if vid == "paohuzi" and answer == "not_winning":
        assert "seven groups" in rec["reason"]
    if vid == "hk":
        assert rec["huxi"] is None and rec["tun"] is None and rec["groups"] is None


@pytest.mark.parametrize("args,payment", [
    (["123m 456m 789m 234p 55s zimo"], {"shooter": None, "others": None, "each": 4, "total": 12, "robbed_kong": False}),
    (["234p 567p 99p [CCC] [FFF] @9p"], {"shooter": 32, "others": 0, "each": None, "total": 32, "robbed_kong": False}),
    (["-v", "sg", "123m 456m 789m 234p 55s @4p"],
     {"shooter": 32, "others": 16, "each": None, "total": 64, "robbed_kong": False}),
    (["123m 456m 789m 234p 55s @4p rob-kong"],
     {"shooter": 12, "others": 0, "each": None, "total": 12, "robbed_kong": True}),
])
def test_one_payment_shape(args, payment):
    (rec,) = run_all_formats(["score", *args], "score")
    assert rec["payment"] == payment


def test_wait_answers_and_reasons():
    recs = run_all_formats(["wait"], "wait", b"123m 456m 789m 23p EE\n135m 456m 789m 23p EE\nbad!\n")
    assert [(r["answer"], r["reason"]) for r in recs] == [
        ("ok", None), ("not_ready", "no tile completes this hand"),
        ("invalid", recs[2]["error"]["message"])]
    assert recs[0]["waits"][0]["discard_tun"] is None  # mahjong: no tun


def test_wait_csv_one_row_per_winning_tile():
    _, out, _ = invoke(["wait", "-f", "csv", "123m 456m 789m 23p EE", "135m 456m 789m 23p EE"])
    rows = check_csv(out, "wait")
    assert [(r["line"], r["tile"], r["answer"], r["shanten"]) for r in rows[:2]] == [("1", "1p", "ok", "0"),
                                                                                   ("1", "4p", "ok", "0")]
    # not ready, one tile from it: one row per tile that helps (2m 4m 7m 1p 4p), the wait columns empty
    assert [(r["line"], r["tile"], r["answer"], r["shanten"], r["helpful_tile"]) for r in rows[2:]] == [
        ("2", "", "not_ready", "1", t) for t in ("2m", "4m", "7m", "1p", "4p")]
    _, out, _ = invoke(["wait", "-f", "csv", "bad!"])
    assert [(r["answer"], r["tile"], r["helpful_tile"]) for r in check_csv(out, "wait")] == [("invalid", "", "")]


# --- discard advice: already_wins ------------------------------------------------------------------------------


def test_discard_advice_says_the_hand_already_wins():
    (rec,) = run_all_formats(["wait", "123m 456m 789m 234p 55s @5s zimo"], "wait")
    assert rec["schema"] == "mjcli/discards/1"
    assert rec["already_wins"] is True and rec["already_wins_total"] == 3  # as `mjcli score` prices it
    _, out, _ = invoke(["score", "-f", "jsonl", "123m 456m 789m 234p 55s @5s zimo"])
    assert json.loads(out)["total"] == 3


def test_discard_advice_hand_that_does_not_win_yet():
    (rec,) = run_all_formats(["wait", "123m 456m 789m 23p EE 9s"], "wait")  # one tile off a win
    assert rec["already_wins"] is False and rec["already_wins_total"] is None
    assert [d["discard"] for d in rec["discards"]] == ["9s"]


def test_discard_advice_csv_rows():
    _, out, _ = invoke(["wait", "-f", "csv", "123m 456m 789m 23p EE 9s"])
    rows = check_csv(out, "wait")
    assert [(r["schema"], r["discard_tile"], r["tile"], r["already_wins"]) for r in rows] == [
        ("mjcli/discards/1", "9s", "1p", "false"), ("mjcli/discards/1", "9s", "4p", "false")]


# --- settle and the ledger ---------------------------------------------------------------------------------------

SETTLES = [
    ["--winner", "E", "--from", "S", "--value", "5"],
    ["--winner", "E", "--value", "5", "--stake", "0.25"],
    [],
    ["--winner", "E", "--from", "S", "--hand", "234p 567p 99p [CCC] [FFF] @9p"],
    ["--winner", "E", "--from", "S", "--robbed-kong", "--value", "6"],
    ["-v", "sg", "--winner", "S", "--from", "E", "--value", "3", "--bonus", "E=f1 f2"],
    ["-v", "my3", "--winner", "E", "--value", "5", "--fei", "S=1"],
    ["-v", "paohuzi", "--winner", "E", "--value", "21"],
]


@pytest.mark.parametrize("args", SETTLES, ids=[" ".join(a) or "drawn" for a in SETTLES])
def test_settle_validates(args):
    (rec,) = run_all_formats(["settle", *args], "settle")
    assert sum(rec["net"].values()) == 0
    assert rec["variant"] == (args[1] if args[:1] == ["-v"] else "hk")
    if "--winner" in args:
        assert rec["winner"] == args[args.index("--winner") + 1]
        assert rec["from"] == (args[args.index("--from") + 1] if "--from" in args else None)
    assert (rec["hand"] is None) == ("--hand" not in args)


def test_settle_csv_rows_payments_then_nets():
    _, out, _ = invoke(["settle", "-f", "csv", "--winner", "E", "--value", "5"])
    rows = check_csv(out, "settle")
    assert [r["row"] for r in rows] == ["payment"] * 3 + ["net"] * 4
    assert [(r["seat"], r["net"]) for r in rows[3:]] == [("E", "36"), ("S", "-12"), ("W", "-12"), ("N", "-12")]


LEDGERS = [("hk", "ledger.jsonl", []), ("sg", "ledger-players.jsonl", []),
           ("hk", "ledger-players.jsonl", ["--players", "Ann,Bo,Cy,Di"])]


@pytest.mark.parametrize("vid,name,extra", LEDGERS, ids=["hk", "sg-players", "hk-players-option"])
def test_ledger_validates(vid, name, extra, tmp_path):
    path = EXAMPLES / name
    if extra:  # the Singapore session played as hk: its header line (variant sg) left out
        path = tmp_path / name
        path.write_text("".join(line for line in (EXAMPLES / name).read_text().splitlines(True)
                                if '"mjcli"' not in line))
    recs = run_all_formats(["settle", "-v", vid, "--ledger", str(path), *extra], "ledger")
    assert recs and all(r["variant"] == vid for r in recs)
    _, out, _ = invoke(["settle", "-v", vid, "--ledger", str(path), *extra, "-f", "csv"])
    rows = check_csv(out, "ledger")
    assert {r["hand_no"] for r in rows} == {str(r["hand_no"]) for r in recs}


def test_ledger_bad_lines_have_every_key():
    text = '{"winner": "E", "value": 5}\nnot json\n{"winner": "X", "value": 5}\n\xff\n'.encode("latin-1")
    recs = run_all_formats(["settle", "--ledger", "-"], "ledger", text)
    assert [r["ok"] for r in recs] == [True, False, False, False]
    assert all(list(r) == list(recs[0]) for r in recs)
    assert recs[1]["net"] is None and recs[1]["running"] is None and recs[1]["payments"] == []
    _, out, _ = invoke(["settle", "--ledger", "-", "-f", "csv"], text)
    rows = check_csv(out, "ledger")
    assert [r["row"] for r in rows if r["ok"] == "false"] == ["error"] * 3


# --- rules -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("vid", ["hk", "sg", "my3", "paohuzi", str(EXAMPLES / "cantonese.yaml"),
                                 str(EXAMPLES / "house-sg-2-6.yaml")])
def test_rules_json_validates(vid):
    code, out, _ = invoke(["rules", vid, "-f", "json"])
    assert code == 0
    validate(json.loads(out), {"rules"})


def test_variant_list_validates():
    code, out, _ = invoke(["rules", "-f", "json"])
    rows = json.loads(out)
    assert code == 0 and {r["id"] for r in rows} >= {"hk", "sg", "my3", "paohuzi"}
    for row in rows:
        validate(row, {"variants"})


# --- --no-header -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [["score", "123m 456m 789m 234p 55s zimo", "bad"],
                                  ["wait", "123m 456m 789m 23p EE"],
                                  ["settle", "--winner", "E", "--value", "5"],
                                  ["settle", "--ledger", str(EXAMPLES / "ledger.jsonl")]])
def test_no_header(args):
    _, with_header, _ = invoke([*args, "-f", "csv"])
    code, out, _ = invoke([*args, "-f", "csv", "--no-header"])
    assert out == with_header.split("\n", 1)[1] and out
    assert out.splitlines()[0].startswith("mjcli/")


@pytest.mark.parametrize("fmt", ["json", "jsonl", "table"])
def test_no_header_needs_csv(fmt):
    code, out, err = invoke(["score", "-f", fmt, "--no-header", "123m 456m 789m 234p 55s zimo"])
    assert code == 2 and out == ""
    assert err == f"error: --no-header leaves out the CSV header line; use it with --format csv, not {fmt}\n"


# --- Hypothesis hands: the library records and the command's ----------------------------------------------------

TILES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNPFC")


@st.composite
def hands(draw):
    vid = draw(st.sampled_from(["hk", "sg", "my3"]))
    size = draw(st.sampled_from([13, 14]))
    pool = [t for t in TILES if vid != "my3" or t[-1] != "s" and t[-1] != "m" or t in ("1m", "9m")]
    tiles = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size))
    extra = draw(st.sampled_from(["", " zimo", " | f1", " seat=S"]))
    return vid, " ".join(tiles) + extra


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_hypothesis_hands_validate(case):
    vid, hand = case
    for command in ("score", "wait"):
        code, out, _ = invoke([command, "-v", vid, "-f", "jsonl", "--", hand])
        (rec,) = jsonl(out)
        validate(rec, COMMAND_KINDS[command])
        assert code == (0 if rec["answer"] in ("ok", "below_minimum") else 1)
        _, out, _ = invoke([command, "-v", vid, "-f", "csv", "--", hand])
        check_csv(out, command)


def test_library_records_are_shaped():
    from mjcli.api import load_variant, score_line, wait_line

    hk = load_variant("hk")
    validate(score_line("123m 456m 789m 234p 55s zimo", hk).as_dict(), {"score"})
    validate(wait_line("123m 456m 789m 23p EE", hk).as_dict(), {"wait"})
    validate(wait_line("123m 456m 789m 23p EE 9s", hk).as_dict(), {"discards"})
    ph = load_variant("paohuzi")
    validate(score_line("x1 x2 x3", ph).as_dict(), {"score"})


def test_shape_keeps_an_unknown_key_for_the_tests_to_catch():
    rec = contract.shape("score", {"hand": "x", "ok": True, "winning": False, "surprise": 1})
    assert list(rec)[-1] == "surprise"
    assert list(VALIDATORS["mjcli/score/1"].iter_errors(rec))


CARDS = [f"{s}{n}" for s in "xd" for n in range(1, 11)]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(CARDS), min_size=20, max_size=21), st.booleans())
def test_hypothesis_paohuzi_hands_validate(cards, self_drawn):
    hand = " ".join(cards) + (" self" if self_drawn else "")
    for command in ("score", "wait"):
        _, out, _ = invoke([command, "-v", "paohuzi", "-f", "jsonl", "--", hand])
        (rec,) = jsonl(out)
        validate(rec, COMMAND_KINDS[command])
        _, out, _ = invoke([command, "-v", "paohuzi", "-f", "csv", "--", hand])
        check_csv(out, command)


SEATS = st.sampled_from(["E", "S", "W", "N", "X", None])
LEDGER_LINE = st.fixed_dictionaries({}, optional={
    "winner": SEATS, "from": SEATS, "value": st.integers(-1, 14), "label": st.text(max_size=5),
    "hand": st.sampled_from(["123m 456m 789m 234p 55s zimo", "234p 567p 99p [CCC] [FFF] @9p", "bad"]),
    "kong": st.sampled_from(["S:concealed", "E:claimed:W", "N:added", "nonsense"]),
    "bao": SEATS, "robbed_kong": st.booleans(), "drawn": st.booleans()})


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["hk", "sg", "my3"]), st.lists(LEDGER_LINE, min_size=1, max_size=4))
def test_hypothesis_ledgers_validate(vid, lines):
    text = "".join(json.dumps({k: v for k, v in line.items() if v is not None}) + "\n" for line in lines)
    _, out, _ = invoke(["settle", "-v", vid, "--ledger", "-", "-f", "jsonl"], text)
    recs = jsonl(out)
    assert len(recs) == len(lines)
    for rec in recs:
        validate(rec, {"ledger"})
    _, out, _ = invoke(["settle", "-v", vid, "--ledger", "-", "-f", "csv"], text)
    check_csv(out, "ledger")


def test_wait_and_discards_share_their_csv_columns():
    # one `wait --format csv` batch mixes 13- and 14-tile hands: one header for both kinds
    assert contract.csv_columns("wait") == contract.csv_columns("discards")
    assert contract.schema("wait")["x-csv-columns"] == contract.schema("discards")["x-csv-columns"]


def test_my3_waits_keep_the_drowned_fei_hint():
    (rec,) = run_all_formats(["wait", "-v", "my3", "123p 456p 789p EEE 1p | cat"], "wait")
    assert {w["tile"]: w["drown_fei_reaches_minimum"] for w in rec["waits"]}["1p"] is True
    (rec,) = run_all_formats(["wait", "123m 456m 789m 23p EE"], "wait")  # not my3: null
    assert {w["drown_fei_reaches_minimum"] for w in rec["waits"]} == {None}
    _, out, _ = invoke(["wait", "-v", "my3", "-f", "csv", "123p 456p 789p EEE 1p | cat"])
    assert {r["tile"]: r["drown_fei_reaches_minimum"] for r in check_csv(out, "wait")}["1p"] == "true"


def test_a_wait_key_the_schema_does_not_know_stays():
    rec = contract.shape("wait", {"ok": True, "ready": True, "waits": [{"tile": "1p", "surprise": 1}]})
    assert rec["waits"][0]["surprise"] == 1 and list(VALIDATORS["mjcli/wait/1"].iter_errors(rec))


@pytest.mark.parametrize("args", [["--rules", str(EXAMPLES / "house-hk-full-spicy.yaml")],
                                  ["--rules", str(EXAMPLES / "house-sg-2-6.yaml")],
                                  ["-v", str(EXAMPLES / "cantonese.yaml")]], ids=["hk-spicy", "sg-2-6", "cantonese"])
def test_house_and_yaml_variants_validate(args):
    data = (EXAMPLES / "hk.txt").read_bytes()
    recs = run_all_formats(["score", *args], "score", data)
    assert recs and any(r["answer"] == "ok" for r in recs)
    run_all_formats(["wait", *args, "123m 456m 789m 23p EE", "123m 456m 789m 23p EE 9s"], "wait")
    run_all_formats(["settle", *args, "--winner", "E", "--from", "S", "--value", "3"], "settle")


# --- the rules tables in jsonl and csv -----------------------------------------------------------------------


@pytest.mark.parametrize("args,kind", [([], "variants"), (["hk"], "pattern"), (["sg"], "pattern"), (["my3"], "pattern"),
                                       (["-v", "examples/cantonese.yaml"], "pattern"), (["paohuzi"], "huxi_group"),
                                       (["my3", "--lang", "zh"], "pattern")])
def test_rules_rows_in_jsonl_and_csv(args, kind):
    code, out, _ = invoke(["rules", *args, "-f", "jsonl"])
    recs = jsonl(out)
    assert code == 0 and recs
    for rec in recs:
        validate(rec, (kind,))
    _, out, _ = invoke(["rules", *args, "-f", "csv"])
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == list(contract.csv_columns(kind)) and len(rows) == len(recs) + 1
    assert all(len(r) == len(rows[0]) and r[0] == contract.schema_id(kind) for r in rows[1:])


def test_every_schema_names_schema_first():
    """_fill relies on it: the schema id keeps the first place, a key the schema does not know comes after."""
    from mjcli.contract import _fill, keys

    for kind in contract.KINDS:
        assert keys(kind)[0] == "schema"
    out = _fill("score", {"zzz": 1, "hand": "x", "schema": "old"})
    assert list(out)[:2] == ["schema", "line"] and list(out)[-1] == "zzz"
    assert out["schema"] == "mjcli/score/1" and out["hand"] == "x" and out["line"] is None


# --- every example file and fixture, in every variant and format (issue 26) ------------------------------------
# One schema per kind, the base plus every game's keys: a record has every key whatever the variant, and the CSV
# columns are the same in every variant. `notes` is on every score, wait, discards, settle and ledger record.

VARIANT_ARGS = [["-v", "hk"], ["-v", "sg"], ["-v", "my3"], ["-v", "paohuzi"],
                ["-v", str(EXAMPLES / "cantonese.yaml")], ["--rules", str(EXAMPLES / "house-hk-full-spicy.yaml")],
                ["--rules", str(EXAMPLES / "house-sg-2-6.yaml")]]
VARIANT_IDS = ["hk", "sg", "my3", "paohuzi", "cantonese", "hk-full-spicy", "sg-2-6"]
HAND_FILES = sorted(EXAMPLES.glob("*.txt")) + [DATA / "batch-with-bad-lines.txt"]
LEDGER_FILES = sorted(EXAMPLES.glob("*.jsonl"))


def test_the_fixture_lists_are_complete():
    # a new example or fixture is added here or to the list of files that are not input to a command
    known = {p.name for p in HAND_FILES + LEDGER_FILES} | {"canonical-scores.jsonl", "nasty_hands.jsonl"}
    rule_files = {p.name for p in EXAMPLES.glob("*.yaml")} | {p.name for p in DATA.glob("*.yaml")}
    outputs = {"ledger-chart-80.txt"}  # a chart the tests compare with, not an input
    every = {p.name for p in EXAMPLES.iterdir()} | {p.name for p in DATA.iterdir()}
    assert every == known | rule_files | outputs


@pytest.mark.parametrize("command", ["score", "wait"])
@pytest.mark.parametrize("path", HAND_FILES, ids=[p.name for p in HAND_FILES])
@pytest.mark.parametrize("vargs", VARIANT_ARGS, ids=VARIANT_IDS)
def test_every_hand_file_in_every_variant(vargs, path, command):
    recs = run_all_formats([command, *vargs], command, path.read_bytes())
    assert recs and all(isinstance(r["notes"], list) for r in recs)


@pytest.mark.parametrize("command", ["score", "wait"])
def test_every_canonical_hand(command):
    by = {}  # each case through its own command (a score case through wait is discard advice: slow, nothing new)
    for line in (DATA / "canonical-scores.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip() and json.loads(line)["command"] == command:
            case = json.loads(line)
            by.setdefault(case["variant"], []).append(case["text"].replace("\n", " "))
    for vid, texts in by.items():
        texts = [t for t in texts if t.strip() and not t.strip().startswith("#")]
        recs = run_all_formats([command, "-v", vid], command, "\n".join(texts).encode())
        assert len(recs) == len(texts)


def _ledger_all_formats(args, input=None):
    """A ledger in every format; a usage error (exit 2: a players line where the game has no session) prints
    no record in any of them."""
    code, out, _ = invoke([*args, "-f", "jsonl"], input)
    if code == 2:
        for fmt in ("json", "csv"):
            assert invoke([*args, "-f", fmt], input)[:2] == (2, "")
        return []
    return run_all_formats(args, "ledger", input)


@pytest.mark.parametrize("path", LEDGER_FILES, ids=[p.name for p in LEDGER_FILES])
@pytest.mark.parametrize("vargs", VARIANT_ARGS, ids=VARIANT_IDS)
def test_every_ledger_in_every_variant(vargs, path):
    recs = _ledger_all_formats(["settle", *vargs, "--ledger", str(path)])
    assert all(isinstance(r["notes"], list) for r in recs)


@pytest.mark.parametrize("vargs", VARIANT_ARGS, ids=VARIANT_IDS)
def test_settle_in_every_variant(vargs):
    # a discard win, a self-drawn win above the limit (paid as the limit; Paohuzi refuses it: exit 2, no
    # record), a drawn hand, and a players ledger with a drawn hand that says who drew last
    for args in (["--winner", "E", "--from", "S", "--value", "5"], ["--winner", "S", "--value", "130"], []):
        code, out, _ = invoke(["settle", *vargs, *args, "-f", "jsonl"])
        if code == 2:
            assert out == "" and "paohuzi" in vargs
            continue
        (rec,) = run_all_formats(["settle", *vargs, *args], "settle")
        limit = load_variant(vargs[1]).limit if vargs[0] == "-v" else None
        if args and limit is not None:
            assert rec["value"] == int(args[-1]) and rec["paid_value"] == min(int(args[-1]), limit)
    text = '{"players": ["Ann", "Bo", "Cy"]}\n{"winner": "Bo", "value": 6}\n{"drawn": true, "drew_last": "Cy"}\n'
    _ledger_all_formats(["settle", *vargs, "--ledger", "-"], text.encode())


@pytest.mark.parametrize("vargs", [a for a in VARIANT_ARGS], ids=VARIANT_IDS)
def test_rules_in_every_variant_and_format(vargs):
    code, out, _ = invoke(["rules", *vargs[1:], "-f", "json"] if vargs[0] == "-v" else ["rules", *vargs, "-f", "json"])
    assert code == 0
    rec = json.loads(out)
    validate(rec, {"rules"})
    kind = "huxi_group" if rec["game"] == "paohuzi" else "pattern"
    args = ["rules", *vargs[1:]] if vargs[0] == "-v" else ["rules", *vargs]
    _, out, _ = invoke([*args, "-f", "jsonl"])
    for row in jsonl(out):
        validate(row, {kind})
    _, out, _ = invoke([*args, "-f", "csv"])
    assert next(csv.reader(io.StringIO(out))) == list(contract.csv_columns(kind))


def test_a_fei_win_notes_are_in_the_score_schema():
    # issue 26: a 3 Kaki hand won on a Fei printed a `notes` key the score schema did not have
    (rec,) = run_all_formats(["score", "-v", "my3", "J J J J"], "score")
    assert rec["notes"] == ["won on a Fei (J): a discarded Fei cannot be claimed, so the win is self-drawn "
                            "(zimo added)"]
    (plain,) = run_all_formats(["score", "123m 456m 789m 234p 55s zimo"], "score")
    assert plain["notes"] == [] and list(plain) == list(rec)
    _, out, _ = invoke(["score", "-v", "my3", "-f", "csv", "J J J J", "123p 456p 789p EEE 11p | cat"])
    rows = check_csv(out, "score")
    assert [json.loads(r["notes"]) for r in rows] == [rec["notes"], []]  # one cell holding a JSON array
