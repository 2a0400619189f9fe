"""wait agrees with score on the wins that RULES.md allows (rules fixes, session 21).

- rob-kong: the winner holds no other copy of the winning tile (the konger holds three), and a kong
  never holds a Fei, so wait lists only tiles the hand holds no copy of;
- four Fei (my3, held or drowned) and the flowers that win whatever the tiles (eight flowers): every unseen
  tile wins, priced as score prices it; seven flowers (hk) robs a bonus tile, a win on no tile: no wait;
- a 14-tile hand that discards a Fei: the Fei is drowned and already counted among the Fei used, so a
  wait on J is not one fewer again.
Each value below is worked by hand from RULES.md and checked against `mjcli score` of the same win.
"""

from __future__ import annotations

from mjcli.api import score_line, wait_line
from mjcli.variant import load_builtin

HK, MY3 = load_builtin("hk"), load_builtin("my3")


def _waits(text, v):
    res = wait_line(text, v)
    return {w["tile"]: (w["left"], w["discard"], w["self_drawn"]) for w in res.waits}, res


def test_rob_kong_lists_only_a_tile_the_hand_holds_no_copy_of():
    # 2p: the hand holds two 2p, so no one can add a fourth to a kong: not robbable. 5p: 22p eye and 345p:
    # ping_wu 1 + no_flowers 1 + rob_kong 1 = 3 faan on the konger's tile, never self-drawn
    waits, _ = _waits("123m 456m 789m 2234p rob-kong", HK)
    assert waits == {"5p": (1, 3, None)}  # left: the one copy the konger adds
    assert score_line("123m 456m 789m 2234p 5p @5p rob-kong", HK).total == 3
    # without rob-kong both tiles win
    assert set(_waits("123m 456m 789m 2234p", HK)[0]) == {"2p", "5p"}


def test_rob_kong_never_lists_a_fei():
    waits, _ = _waits("123p 456p 789p EE 1p J rob-kong", MY3)
    assert "J" not in waits


def test_four_fei_held_and_drowned_wins_on_the_last_fei():
    # one Fei held, two drowned: the fourth Fei wins whatever the tiles (limit 10), self-drawn only
    waits, res = _waits("13579p 2468p ESW J | J J", MY3)
    assert waits == {"J": (1, None, 10)}
    assert score_line("13579p 2468p ESW J | J J @J", MY3).total == 10


def test_all_four_fei_win_on_every_unseen_tile():
    waits, res = _waits("13579p 2468p ES JJ | J J", MY3)
    tiles = [f"{n}p" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]  # E S W N P F C are 1z-7z
    assert list(waits) == tiles  # every tile of the my3 set, in tile order (no Fei is left)
    assert waits["1p"] == (3, 10, 10) and waits["3z"] == (4, 10, 10)
    assert any("whatever the tiles" in n for n in res.notes)
    assert score_line("13579p 2468p ES N JJ | J J @N", MY3).total == 10


def test_three_fei_and_a_hand_that_is_not_ready_is_not_ready():
    waits, res = _waits("13579p 2468p ESW J | J", MY3)
    assert waits == {} and not res.ready


def test_discarding_a_fei_counts_it_once():
    # 123p 456p 789p EEE 1p J | cat: discarding J drowns it (cat J), leaving 1p single: waits 1p (2 left),
    # and J: three Fei unseen (one drowned), not two
    res = wait_line("123p 456p 789p EEE 1p J | cat", MY3)
    by = {d["discard"]: d for d in res.extra["discards"]}
    j = {w["tile"]: w["left"] for w in by["J"]["waits"]}
    assert j["J"] == 3
    same = _waits("123p 456p 789p EEE 1p | cat J", MY3)[0]
    assert {t: v[0] for t, v in same.items()} == j
    assert by["J"]["tiles_left"] == sum(j.values()) == 11


def test_seven_flowers_is_no_wait_only_the_tiles_that_win_are():
    # hk seven_flowers robs the eighth bonus tile (issue 26): a win on no tile, so 1m (which completes no set) is no
    # wait; 1p completes four chows and the EE eye, an ordinary win with its flowers: ping_wu 1 + flower_set 2
    # (f1-f4) + own_flower 1 (s1, seat E) = 4 on a discard, + self_drawn 1 = 5 self-drawn
    text = "123m 456m 789m 23p EE | f1 f2 f3 f4 s1 s2 s3"
    waits, res = _waits(text, HK)
    assert waits == {"1p": (4, 4, 5), "4p": (4, 4, 5)}
    assert any("Seven flowers: the hand also wins on no tile" in n and "(3 faan" in n for n in res.notes)
    assert score_line("123m 456m 789m 123p EE | f1 f2 f3 f4 s1 s2 s3 @1p", HK).total == 4
    assert score_line("123m 456m 789m 123p EE | f1 f2 f3 f4 s1 s2 s3 @1p zimo", HK).total == 5
