"""Every command through click's CliRunner: help, formats, batches, exit codes, messages on stderr.

click >= 8.2 keeps stdout and stderr apart in ``result.stdout`` / ``result.stderr``.
"""

import csv
import io
import json

from importlib.metadata import version

import pytest
from click.testing import CliRunner

from mjcli import contract
from mjcli.cli import cli

GOOD = "123m 456m 789m 234p 55s zimo"  # 1 ping_wu + 1 no_flowers + 1 self_drawn = 3 faan
BELOW = "123m 456m 789m 234p 55s"  # 2 faan: winning, below the minimum
READY = "123m 456m 789m 23p EE"  # waits on 1p and 4p

# The JSON contract (issue 12): every key of a kind on every record, as its schema lists them.
SCORE_KEYS = set(contract.keys("score"))
SCORE_EXTRA = set()
PATTERN_KEYS = {"id", "name", "value", "count", "points"}
WAIT_KEYS = set(contract.keys("wait"))
WAIT_EXTRA = set()
WAIT_ITEM_KEYS = set(contract.wait_keys())
WAIT_ITEM_EXTRA = set()
SETTLE_KEYS = set(contract.keys("settle"))
SETTLE_EXTRA = set()
PAYMENT_KEYS = {"from", "to", "amount", "reason"}


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args, input=None, env=None):
        return runner.invoke(cli, list(args), input=input, env=env, catch_exceptions=False)

    return invoke


def check_keys(d, required, extra):
    assert required <= set(d), required - set(d)
    assert set(d) <= required | extra, set(d) - required - extra


def test_click_keeps_streams_apart():
    major, minor = (int(x) for x in version("click").split(".")[:2])
    assert (major, minor) >= (8, 2)  # stdout and stderr apart in CliRunner results
    r = CliRunner().invoke(cli, ["score", "123x"])
    assert r.stdout == "" and "unknown suit letter" in r.stderr


# --- help ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [[], ["score"], ["wait"], ["settle"], ["rules"]], ids=["group", "score", "wait",
                                                                                        "settle", "rules"])
def test_help(run, args):
    r = run(*args, "--help")
    assert r.exit_code == 0
    assert r.stdout.startswith("Usage: ")
    assert "Exit codes" in r.stdout


def test_help_lists_every_command(run):
    out = run("--help").stdout
    for cmd in ("score", "wait", "settle", "rules"):
        assert cmd in out


# --- score formats ------------------------------------------------------------------------------------------------

def test_score_table(run):
    r = run("score", GOOD)
    assert r.exit_code == 0
    for word in ("ping_wu", "no_flowers", "self_drawn", "total: 3 faan", "minimum 3: met", "payment:"):
        assert word in r.stdout
    assert r.stderr == ""


def test_score_json(run):
    r = run("score", "-f", "json", GOOD, "EEE SSS WWW NNN 55p")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert len(data) == 2
    for rec in data:
        check_keys(rec, SCORE_KEYS, SCORE_EXTRA)
        for p in rec["patterns"]:
            assert set(p) == PATTERN_KEYS
    assert data[0]["total"] == 3 and data[0]["payment"] == {"shooter": None, "others": None, "each": 4, "total": 12, "robbed_kong": False}  # S = 8, S/2 = 4 from each
    assert data[1]["limit_hand"] is True and data[1]["total"] == data[1]["raw"] == 10


def test_score_jsonl_one_line_per_hand(run):
    r = run("score", "--format", "jsonl", GOOD, BELOW, GOOD)
    lines = r.stdout.splitlines()
    assert len(lines) == 3
    recs = [json.loads(line) for line in lines]
    for rec in recs:
        check_keys(rec, SCORE_KEYS, SCORE_EXTRA)
    assert [rec["meets_minimum"] for rec in recs] == [True, False, True]
    assert recs[1]["payment"] is None
    assert r.exit_code == 0  # below the minimum is an answer, not a bad hand


def test_score_csv_has_header(run):
    r = run("score", "-f", "csv", GOOD, BELOW)
    rows = list(csv.reader(io.StringIO(r.stdout)))
    assert rows[0][:4] == ["schema", "line", "hand", "variant"]
    assert rows[0] == list(contract.csv_columns("score"))
    assert len(rows) == 3
    head = rows[0]
    assert rows[1][head.index("total")] == "3"
    assert rows[2][head.index("meets_minimum")] == "false"


# --- wait formats -------------------------------------------------------------------------------------------------

def test_wait_table(run):
    r = run("wait", READY)
    assert r.exit_code == 0
    assert "1p" in r.stdout and "4p" in r.stdout


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_wait_json(run, fmt):
    r = run("wait", "-f", fmt, READY)
    assert r.exit_code == 0
    rec = json.loads(r.stdout)[0] if fmt == "json" else json.loads(r.stdout.splitlines()[0])
    check_keys(rec, WAIT_KEYS, WAIT_EXTRA)
    assert rec["ready"] is True
    assert [w["tile"] for w in rec["waits"]] == ["1p", "4p"]
    for w in rec["waits"]:
        check_keys(w, WAIT_ITEM_KEYS, WAIT_ITEM_EXTRA)
        # 1 ping_wu + 1 no_flowers = 2 on a discard, + 1 self_drawn = 3
        assert (w["left"], w["discard"], w["self_drawn"]) == (4, 2, 3)


def test_wait_csv(run):
    r = run("wait", "-f", "csv", READY)
    rows = list(csv.reader(io.StringIO(r.stdout)))
    assert rows[0] == list(contract.csv_columns("wait"))
    head = rows[0]
    assert [[r[head.index(c)] for c in ("tile", "left", "discard", "self_drawn")] for r in rows[1:]] == [
        ["1p", "4", "2", "3"], ["4p", "4", "2", "3"]]  # one row per winning tile


def test_wait_not_ready_exit_1(run):
    r = run("wait", "-f", "json", "123m 456m 789m 25p EN")
    assert r.exit_code == 1
    rec = json.loads(r.stdout)[0]
    assert rec["ready"] is False and rec["waits"] == []


def test_wait_leaves_out_tiles_all_held(run):
    # a fifth 1m would complete 11111 2233m as 111 123 123 (with 123p and the EE pair), but all four 1m are held
    r = run("wait", "-f", "json", "11112233m 123p EE")
    rec = json.loads(r.stdout)[0]
    assert [(w["tile"], w["left"]) for w in rec["waits"]] == [("4m", 4), ("1z", 2)]


# --- settle formats -----------------------------------------------------------------------------------------------

def test_settle_table(run):
    r = run("settle", "--winner", "E", "--from", "S", "--value", "5")
    assert r.exit_code == 0
    assert "24" in r.stdout and "net:" in r.stdout


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_settle_json(run, fmt):
    r = run("settle", "-f", fmt, "--winner", "E", "--value", "5")
    assert r.exit_code == 0
    rec = json.loads(r.stdout)[0] if fmt == "json" else json.loads(r.stdout)
    check_keys(rec, SETTLE_KEYS, SETTLE_EXTRA)
    for p in rec["payments"]:
        assert set(p) == PAYMENT_KEYS
    # self-drawn 5 faan: S = 24, each pays 12
    assert rec["net"] == {"E": 36, "S": -12, "W": -12, "N": -12}
    assert sum(rec["net"].values()) == 0


def test_settle_csv(run):
    r = run("settle", "-f", "csv", "--winner", "E", "--from", "S", "--value", "5")
    rows = list(csv.reader(io.StringIO(r.stdout)))
    assert rows[0] == list(contract.csv_columns("settle"))
    head = rows[0]
    assert [[r[head.index(c)] for c in ("row", "from", "to", "amount")] for r in rows[1:2]] == [["payment", "S", "E", "24"]]
    assert [(r[head.index("seat")], r[head.index("net")]) for r in rows[2:]] == [
        ("E", "24"), ("S", "-24"), ("W", "0"), ("N", "0")]  # then the nets
    assert {r[head.index("shooter")] for r in rows[1:]} == {"S"}


def test_settle_with_hand(run):
    r = run("settle", "-f", "json", "--winner", "E", "--from", "S", "--hand", "234p 567p 99p [CCC] [FFF] @9p")
    rec = json.loads(r.stdout)[0]
    assert rec["value"] == 6 and rec["net"]["S"] == -32  # 3 + 2 + 1 = 6 faan, S = 32


@pytest.mark.parametrize("args,code,words", [
    (["--winner", "E", "--from", "S", "--value", "2"], 2, "below the minimum"),
    (["--winner", "E", "--from", "E", "--value", "5"], 2, "--from is the winner's own seat"),
    (["--winner", "X", "--value", "5"], 2, "not a seat"),
    (["--winner", "E"], 2, "--value N or --hand HAND"),
    (["--winner", "E", "--hand", "123x"], 1, "unknown suit letter"),
    (["--winner", "E", "--robbed-kong", "--value", "5"], 2, "--robbed-kong needs --from"),
], ids=["below-minimum", "self-shooter", "bad-seat", "no-value", "bad-hand", "robbed-kong-no-from"])
def test_settle_errors(run, args, code, words):
    r = run("settle", *args)
    assert r.exit_code == code
    assert words in r.stderr
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1
    assert r.stdout == ""


# --- stdin batches ------------------------------------------------------------------------------------------------

BATCH = f"# a comment\n{GOOD}\n123x\n\n{BELOW}\n"


def test_stdin_batch_with_a_bad_line_jsonl(run):
    r = run("score", "-f", "jsonl", input=BATCH)
    assert r.exit_code == 1
    recs = [json.loads(line) for line in r.stdout.splitlines()]
    assert [rec["line"] for rec in recs] == [2, 3, 5]
    assert [rec["ok"] for rec in recs] == [True, False, True]
    assert recs[1]["error"]["code"] == "parse_error"  # in json/jsonl/csv the error is a record, stderr stays quiet


def test_stdin_batch_with_a_bad_line_table(run):
    r = run("score", input=BATCH)
    assert r.exit_code == 1
    assert r.stdout.count("(hk)") == 2  # both good lines answered
    assert r.stderr.strip().startswith("error: line 3: unknown suit letter 'x'")


def test_stdin_dash(run):
    r = run("score", "-", "-f", "jsonl", input=GOOD + "\n")
    assert r.exit_code == 0 and len(r.stdout.splitlines()) == 1


def test_wait_stdin_batch(run):
    r = run("wait", "-f", "jsonl", input=f"{READY}\n123m\n{READY}\n")
    assert r.exit_code == 1
    recs = [json.loads(line) for line in r.stdout.splitlines()]
    assert [rec["ok"] for rec in recs] == [True, False, True]
    assert recs[1]["line"] == 2


def test_examples_file_scores(run):
    with open("examples/hk.txt", encoding="utf-8") as f:
        text = f.read()
    r = run("score", "-f", "jsonl", input=text)
    assert r.exit_code == 0, r.stderr
    recs = [json.loads(line) for line in r.stdout.splitlines()]
    assert recs and all(rec["ok"] and rec["winning"] for rec in recs)


# --- exit codes ---------------------------------------------------------------------------------------------------

EXITS = [
    ("ok", ["score", GOOD], 0),
    ("below-minimum-is-answered", ["score", BELOW], 0),
    ("invalid-hand", ["score", "123m"], 1),
    ("not-winning", ["score", "123m 456m 789m 235p 58s"], 1),
    ("parse-error", ["score", "123x"], 1),
    ("one-bad-of-two", ["score", GOOD, "123x"], 1),
    ("bad-option", ["score", "--nope", GOOD], 2),
    ("bad-format", ["score", "-f", "xml", GOOD], 2),
    ("unknown-variant", ["score", "-v", "nope", GOOD], 2),
    ("unknown-command", ["nope"], 2),
    ("wait-ok", ["wait", READY], 0),
    ("wait-not-ready", ["wait", "123m 456m 789m 25p EN"], 1),
    ("settle-ok", ["settle", "--winner", "E", "--value", "3"], 0),
    ("rules-ok", ["rules", "hk"], 0),
    ("rules-unknown", ["rules", "nope"], 2),
]


@pytest.mark.parametrize("args,code", [e[1:] for e in EXITS], ids=[e[0] for e in EXITS])
def test_exit_codes(args, code):
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == code, (r.stdout, r.stderr)
    assert r.exception is None or isinstance(r.exception, SystemExit)
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize("cmd", ["score", "wait", "rules"])
def test_unknown_variant_one_line(run, cmd):
    r = run(cmd, "nope") if cmd == "rules" else run(cmd, "-v", "nope", GOOD)
    assert r.exit_code == 2
    assert r.stderr.count("\n") == 1
    assert "unknown variant 'nope'" in r.stderr and "hk" in r.stderr
    assert r.stdout == ""


def test_not_winning_table_says_so(run):
    r = run("score", "123m 456m 789m 235p 58s")
    assert r.exit_code == 1
    assert "not a winning hand" in r.stdout


# --- MJCLI_VARIANT ------------------------------------------------------------------------------------------------

def test_env_variant_is_used(run):
    r = run("score", GOOD, env={"MJCLI_VARIANT": "nope"})
    assert r.exit_code == 2 and "unknown variant 'nope'" in r.stderr


def test_env_variant_hk(run):
    r = run("score", "-f", "json", GOOD, env={"MJCLI_VARIANT": "hk"})
    assert r.exit_code == 0 and json.loads(r.stdout)[0]["variant"] == "hk"


def test_option_beats_env(run):
    r = run("score", "-v", "hk", GOOD, env={"MJCLI_VARIANT": "nope"})
    assert r.exit_code == 0


# --- score options over words -------------------------------------------------------------------------------------

def test_score_options(run):
    line = "123m 456m 789m SSS 11p @1p seat=S"
    base = json.loads(run("score", "-f", "json", line).stdout)[0]
    over = json.loads(run("score", "-f", "json", "--seat", "W", "--self-drawn", "--last-tile", line).stdout)[0]
    assert "seat_wind" in [p["id"] for p in base["patterns"]]
    ids = [p["id"] for p in over["patterns"]]
    assert "seat_wind" not in ids and "self_drawn" in ids and "last_tile" in ids


def test_score_all_readings(run):
    rec = json.loads(run("score", "-f", "json", "--all", "111222333m 456p 99p").stdout)[0]
    assert len(rec["readings"]) >= 2


# --- rules --------------------------------------------------------------------------------------------------------

def test_rules_lists_variants(run):
    r = run("rules")
    assert r.exit_code == 0
    assert "hk" in r.stdout and "Hong Kong Old Style" in r.stdout


def test_rules_hk_table(run):
    from mjcli.variant import load_builtin

    r = run("rules", "hk")
    assert r.exit_code == 0
    for p in load_builtin("hk").patterns:
        assert p.id in r.stdout


def test_rules_hk_json(run):
    r = run("rules", "hk", "-f", "json")
    assert r.exit_code == 0
    json.loads(r.stdout)


def test_rules_hk_tiles(run):
    r = run("rules", "hk", "--tiles")
    assert r.exit_code == 0
    for word in ("123456789m", "f1", "s4", "Notation", "zimo", "seat="):
        assert word in r.stdout
    assert "cat" not in r.stdout.split("Notation")[0]  # no animals in the hk set


@pytest.mark.parametrize("vid", ["hk", "sg", "my3", "tw", "mcr"])
def test_rules_tiles_notation_is_the_tables(run, vid):
    # the notation block names this table's bonus tiles and suits, and its example is a whole hand of this table
    from mjcli.mahjong.tiles import parse_hand, validate
    from mjcli.variant import load_builtin

    r = run("rules", vid, "--tiles")
    assert r.exit_code == 0
    notation = r.stdout.split("Notation")[1]
    assert ("cat mouse" in notation) == (vid in ("sg", "my3")) and ("J drowned Fei" in notation) == (vid == "my3")
    assert ("456p 789p" in notation) == (vid == "my3") and "last-of-kind" in notation
    example = [line for line in notation.splitlines() if line.split()[:1] == ["example"]][0].split(None, 1)[1]
    v = load_builtin(vid)
    validate(parse_hand(example), v, size=v.hand.size)


def test_rules_long_with_no_variant_is_the_default_tables(run):
    # as --tiles with no variant: the default table's sheet (hk), with the descriptions and examples
    r = run("rules", "--long")
    assert r.exit_code == 0 and r.stdout.startswith("Hong Kong Old Style (hk)") and "123m 456m 789m" in r.stdout
    assert r.stdout == run("rules", "hk", "--long").stdout


def test_version(run):
    r = run("--version")
    assert r.exit_code == 0 and "mjcli" in r.stdout
