"""`mjcli rules VARIANT PATTERN` finds a pattern by its id, by any of its names (any case, with or without accents
on Latin letters, in any language of the YAML's `names`), or by a word of them (issue 27)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjcli.cli import cli
from mjcli.lookup import find, fold, nearest
from mjcli.variant import load_builtin


def ids(*args):
    r = CliRunner().invoke(cli, ["rules", *args, "-f", "jsonl"], env={"MJCLI_VARIANT": None})
    assert r.exit_code == 0, r.stderr
    return [json.loads(line)["id"] for line in r.stdout.splitlines()]


@pytest.mark.parametrize("words,want", [
    (["hk", "PING_WU"], ["ping_wu"]),  # the id in upper case (exit 2 before)
    (["hk", "ping-wu"], ["ping_wu"]),
    (["hk", "Ping Wu"], ["ping_wu"]),  # the name
    (["hk", "Siu Sam Yuen"], ["small_dragons"]),  # the name's part before its brackets (exit 2 before)
    (["hk", "Siu", "Sam", "Yuen"], ["small_dragons"]),  # typed unquoted: the words together are the name
    (["hk", "small three dragons"], ["small_dragons"]),  # the part in brackets
    (["hk", "Sìu Sām Yüen"], ["small_dragons"]),  # accents on Latin letters folded
    (["hk", "SIU SAAM YUEN"], ["small_dragons"]),  # the Tamil table's name (names: ta)
    (["hk", "小三元"], ["small_dragons"]),  # the Chinese name (names: zh)
    (["hk", "டிராகன் தொகுதி"], ["dragon_set"]),  # a Tamil-script name, its vowel signs kept
    (["hk", "dragons"], ["small_dragons", "big_dragons", "dragon_set"]),  # a word: every pattern with it
    (["hk", "dragon"], ["small_dragons", "big_dragons", "dragon_set"]),  # a plural s aside
    (["hk", "flush"], ["half_flush", "full_flush"]),
    (["hk", "三元"], ["small_dragons", "big_dragons", "dragon_set"]),  # a word inside a Chinese name
    (["hk", "ping_wu", "full_flush"], ["ping_wu", "full_flush"]),  # ids as before
    (["hk", "full_flush", "dragons"], ["full_flush", "small_dragons", "big_dragons", "dragon_set"]),
])
def test_find_a_pattern(words, want):
    assert sorted(ids(*words)) == sorted(want)


def test_find_by_option_variant_too():
    assert ids("-v", "sg", "FLUSH") == ids("sg", "flush") != []


@pytest.mark.parametrize("word,want", [("drag", []), ("dragonish", []), ("Siu Sam", ["small_dragons"]),
                                       ("Sam Yuen", ["small_dragons", "big_dragons"])])
def test_a_part_of_a_word_is_not_the_word(word, want):
    """Words are matched whole (`drag` is not `dragons`); a pattern must have every word asked for (big_dragons,
    Dai Sam Yuen, has no Siu)."""
    assert find(load_builtin("hk"), word) == want


def test_an_unknown_word_suggests_the_nearest():
    r = CliRunner().invoke(cli, ["rules", "hk", "dargons"], env={"MJCLI_VARIANT": None})
    assert r.exit_code == 2 and r.stdout == ""
    assert "no pattern 'dargons' in hk (did you mean small_dragons, big_dragons, dragon_set?)" in r.stderr
    r = CliRunner().invoke(cli, ["rules", "hk", "ping_woo"], env={"MJCLI_VARIANT": None})
    assert "(did you mean ping_wu" in r.stderr
    r = CliRunner().invoke(cli, ["rules", "hk", "xyzzy"], env={"MJCLI_VARIANT": None})
    assert r.exit_code == 2 and "did you mean" not in r.stderr and "a name or a word" in r.stderr
    assert nearest(load_builtin("hk"), "xyzzy") == []


def test_fold_is_for_latin_accents_only():
    assert fold("Ṡíu Sām Yüen") == "siu sam yuen"
    assert fold("டிராகன்") == "டிராகன்"  # Tamil vowel signs and virama are part of the letters
    assert fold("เว่ย") == "เว่ย"  # a Thai tone mark stays
    assert fold("PING_WU") == fold("ping-wu") == "ping wu"


def test_a_variant_id_among_the_words_is_still_one_variant_at_a_time():
    r = CliRunner().invoke(cli, ["rules", "hk", "sg"], env={"MJCLI_VARIANT": None})
    assert r.exit_code == 2 and "one VARIANT at a time" in r.stderr


def test_chinese_names_are_traditional_and_found_in_either_script():
    # the zh screens are Traditional (zh-Hant): every table's Chinese names are written so, and a player who
    # types the Simplified form (门风, 杠上开花) finds the same pattern
    from mjcli.lookup import _HANT
    from mjcli.variant import builtin_ids, load_builtin

    for vid in builtin_ids():
        v = load_builtin(vid)
        for p in v.patterns:
            zh = p.names.get("zh")
            if zh:
                assert zh.translate(_HANT) == zh, (vid, p.id, zh)
    sg = load_builtin("sg")
    from mjcli.lookup import find

    assert find(sg, "门风") == find(sg, "門風") != []
    assert find(sg, "杠上开花") == find(sg, "槓上開花") != []
