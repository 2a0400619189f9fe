"""rules --lang, --glyphs for score and wait, and score --all."""

import json

import pytest

from mjcli.cli import cli
from mjcli.mahjong.tiles import GLYPHS, tile_from_code


def run(runner, *args):
    r = runner.invoke(cli, list(args))
    return r.exit_code, r.output


def glyph(code):
    return GLYPHS[tile_from_code(code)]


@pytest.mark.parametrize(
    "lang, present, absent",
    [
        ("en", ["Hong Kong Old Style (hk)", "Wan Yat Sik (half flush)", "Dragon pung"], ["平糊"]),
        ("zh", ["香港古典麻雀 (hk)", "平糊", "清一色"], ["Ching Yat Sik (full flush)"]),
        # Tamil names from seed 003
        ("ta", ["ஹாங்காங் Old Style (hk)", "டிராகன் தொகுதி", "இருக்கைக் காற்று", "பூ இல்லை", "Kong மேல் Kong"],
         ["Dragon pung", "Seat wind"]),
        # no Malay or Thai names in hk.yaml: English
        ("ms", ["Hong Kong Old Style (hk)", "Dragon pung"], []),
        ("th", ["Hong Kong Old Style (hk)", "Dragon pung"], []),
    ],
    ids=["en", "zh", "ta", "ms-falls-back", "th-falls-back"],
)
def test_rules_lang(runner, lang, present, absent):
    code, out = run(runner, "rules", "hk", "--lang", lang, "-f", "markdown")  # no cell wrapped
    assert code == 0
    for text in present:
        assert text in out
    for text in absent:
        assert text not in out


def test_rules_lang_json(runner):
    code, out = run(runner, "rules", "hk", "--lang", "ta", "-f", "json")
    rec = json.loads(out)
    names = {p["id"]: p["name"] for p in rec["patterns"]}
    assert names["dragon_set"] == "டிராகன் தொகுதி" and names["ping_wu"] == "Ping Wu"
    assert rec["name"] == "ஹாங்காங் Old Style"


def test_every_hk_pattern_has_a_tamil_name(hk):
    assert all(p.names.get("ta") for p in hk.patterns)


def test_rules_lang_on_a_house_file(runner):
    # a house file keeps the names of the variant it extends
    code, out = run(runner, "rules", "--rules", "examples/house-hk-full-spicy.yaml", "--lang", "ta")
    assert code == 0 and "டிராகன் தொகுதி" in out


def test_rules_bad_lang(runner):
    code, out = run(runner, "rules", "hk", "--lang", "fr")
    assert code == 2


@pytest.mark.parametrize(
    "args, tiles",
    [
        (["score", "123m 456m 789m 234p 55s zimo"], ["1m", "9m", "2p", "5s"]),
        (["score", "EEE SSS PPP FFF CC @C"], ["E", "S", "P", "F", "C"]),
        (["wait", "123m 456m 789m 23p EE"], ["1p", "4p", "E"]),
        (["wait", "123m 456m 789m 23p EE 9s"], ["9s", "1p", "4p"]),  # 14 tiles: the discard too
    ],
    ids=["score", "score-honours", "wait", "wait-14"],
)
def test_glyphs_in_table_output(runner, args, tiles):
    code, out = run(runner, *args, "--glyphs")
    assert code == 0
    for t in tiles:
        assert glyph(t) in out
    _, plain = run(runner, *args)
    assert not any(g in plain for g in GLYPHS)


def test_wait_glyph_rows(runner):
    code, out = run(runner, "wait", "123m 456m 789m 23p EE", "--glyphs")
    rows = [line.split()[0] for line in out.splitlines()[3:]]
    assert rows == [glyph("1p"), glyph("4p")]


@pytest.mark.parametrize("fmt", ["json", "jsonl", "csv"])
def test_glyphs_leave_data_formats_alone(runner, fmt):
    code, out = run(runner, "score", "123m 456m 789m 234p 55s zimo", "--glyphs", "-f", fmt)
    assert code == 0 and not any(g in out for g in GLYPHS)


@pytest.mark.parametrize(
    "hand, readings",
    [
        # three identical chows or three pungs: ping wu + no flowers (2) beats no flowers alone (1)
        ("111m 222m 333m 789p 55s", [2, 1]),
        # 1112345678999m + 5m: nine gates (the limit) whatever the reading
        ("11123455678999m @5m", None),
        ("123m 456m 789m 234p 55s", [2]),
    ],
    ids=["pungs-or-chows", "nine-gates", "one-reading"],
)
def test_score_all_best_first(runner, hand, readings):
    code, out = run(runner, "score", "--all", hand, "-f", "json")
    rec = json.loads(out)[0]
    totals = [r["total"] for r in rec["readings"]]
    assert totals == sorted(totals, reverse=True)
    assert totals[0] == rec["total"]
    if readings is not None:
        assert totals == readings
    assert len({(r["reading"], tuple(p["id"] for p in r["patterns"])) for r in rec["readings"]}) == len(totals)


def test_score_all_table(runner):
    code, out = run(runner, "score", "--all", "111m 222m 333m 789p 55s")
    lines = out.splitlines()
    i = lines.index("every reading, best first:")
    body = lines[i + 3:]
    assert body[0].startswith("123m 123m 123m 789p 55s") and body[0].split()[-1] == "2"
    assert body[1].startswith("111m 222m 333m 789p 55s") and body[1].split()[-1] == "1"


def test_score_without_all_has_no_readings(runner):
    code, out = run(runner, "score", "111m 222m 333m 789p 55s", "-f", "json")
    assert json.loads(out)[0]["readings"] is None  # the key is always there (issue 12), null without --all
