"""Rules round three, found by a review of the fixes: what a seven-flowers win shows, and two error texts."""

import json

from click.testing import CliRunner

from mjcli.cli import cli


def run(args, **kw):
    return CliRunner().invoke(cli, args, **kw)


def test_seven_flowers_wins_on_no_tile_so_no_winning_tile_is_shown():
    # 13 tiles that do not win and seven bonus tiles: seven flowers 3 faan, won by robbing the eighth bonus tile,
    # not on a tile, so the hand shows no @ (it was "... s3 @5p")
    rec = json.loads(run(["score", "-f", "jsonl", "123m 456m 789m 123p 5p | f1 f2 f3 f4 s1 s2 s3"]).output)
    assert rec["hand"] == "123456789m 1235p | f1 f2 f3 f4 s1 s2 s3" and rec["total"] == 3


def test_a_tile_win_with_seven_bonus_tiles_still_shows_its_tile():
    # nearly: the tiles win on 5p (a discard), an ordinary win: ping_wu 1 + own_flower s1 1 + flower_set 2 = 4
    rec = json.loads(run(["score", "-f", "jsonl", "123m 456m 789m 123p 55p | f1 f2 f3 f4 s1 s2 s3"]).output)
    assert rec["hand"].endswith("@5p") and rec["total"] == 4
    assert "seven_flowers" not in [p["id"] for p in rec["patterns"]]


def test_an_earthly_hand_with_a_claimed_meld_reads_an_earthly():
    res = run(["score", "-v", "my3", "123p 456p 78p J 99p [SSS] | cat @9p earthly seat=S"])
    assert "an earthly hand claims nothing" in res.output and "a earthly" not in res.output


def test_deal_rotate_in_my3_says_why_drawn_with_kong_is_needed(tmp_path):
    f = tmp_path / "house.yaml"
    f.write_text("extends: my3\nsession: {deal: rotate}\n", encoding="utf-8")
    res = run(["rules", "--check", str(f)])
    assert "deal: rotate needs it" in res.output and "drawn_with_kong" in res.output
