"""The objects the hot paths make without their dataclass's init (speed, issue 15) have every field the
init would give, with the same values."""

from __future__ import annotations

import dataclasses

from mjcli.mahjong.patterns import Ctx, make_ctx
from mjcli.mahjong.scoring import ScoreResult, score
from mjcli.mahjong.tiles import Hand, make_hand, parse_hand
from mjcli.variant import load_builtin


def _fields(cls) -> set:
    return {f.name for f in dataclasses.fields(cls)}


def test_a_score_result_has_every_field():
    """Every result of a set of patterns is made from what was kept, with the cells of their JSON template and
    of their patterns' JSON (``_template``, ``_patterns_json``, see scoring._Plan.best_result) besides the
    fields."""
    v = load_builtin("hk")
    first, kept = (score(parse_hand("123m 456m 789m 234p 55s zimo"), v) for _ in range(2))
    for res in (first, kept):
        assert set(res.__dict__) - {"_template", "_patterns_json"} == _fields(ScoreResult)
        again = ScoreResult(**{k: getattr(res, k) for k in _fields(ScoreResult)})
        assert again == res and again.as_dict() == res.as_dict()
    assert "_template" in kept.__dict__


def test_a_made_hand_equals_the_dataclass_hand():
    h = make_hand((0, 1, 2), 0, (), (), 2, True, "S", "W", frozenset({"last-tile"}), True)
    assert set(h.__dict__) == _fields(Hand)
    assert h == Hand((0, 1, 2), 0, (), (), 2, True, "S", "W", frozenset({"last-tile"}), win_added=True)
    assert h.win_added and h.clashes == ()


def test_a_plain_line_parses_to_the_full_parsers_hand():
    from mjcli.mahjong import tiles

    for text in ("123m 456m 789m 23p 55s @4p", "123m 456m 789m 234p 55s @2p zimo", "55p J", "EEE SSS 11m 22m 3m @3m"):
        fast = parse_hand(text, complete=True)
        slow = tiles.parse_hand(text + " # the full parser", complete=True)  # a comment: not a plain line
        assert fast == slow and fast.win_added == slow.win_added


def test_a_made_ctx_reads_as_the_dataclass_ctx():
    v = load_builtin("hk")
    from mjcli.mahjong import decompose
    from mjcli.mahjong.scoring import _groups

    for text in ("123m 456m 789m 234p 55s @5s", "EEE [SSS] WWW {NNNN} 55p @5p zimo", "19m 19p 19s ESWNPFC C"):
        h = parse_hand(text)
        for r in decompose.readings(h, list(range(34))):
            eye = None if r.special else r.eye
            fast, slow = make_ctx(h, v, r, eye), Ctx(h, v, r, _groups(h, r), eye)
            assert fast.groups == slow.groups
            assert {k: getattr(fast.shape, k) for k in fast.shape.__slots__} == \
                {k: getattr(slow.shape, k) for k in slow.shape.__slots__}
            assert fast.special == slow.special


def test_the_compiled_plan_asks_what_the_loop_asks():
    """A variant's predicates asked through the function written out for its plan (scoring._compiled) find
    what the plain loop (scoring._ask) finds, on every reading of generated hands with melds, bonus tiles and
    context words, in every mahjong variant."""
    import random

    from mjcli.mahjong import decompose
    from mjcli.mahjong.scoring import _ask, plan_of as _plan

    from test_templates import hand as gen

    for vid in ("hk", "sg", "my3"):
        v = load_builtin(vid)
        plan = _plan(v)
        rng = random.Random(f"compiled-{vid}")
        asked = 0
        for _ in range(300):
            try:
                h = parse_hand(gen(rng, vid, 14), complete=True)
            except Exception:
                continue
            for r in decompose.readings(h, plan.tiles, plan.shape, plan.most):
                ctx = make_ctx(h, v, r, None if r.special else r.eye)
                for groups, fast in ((plan.reading_groups, plan.ask_reading), (plan.shared_groups, plan.ask_shared),
                                     (plan.context_groups, plan.ask_context)):
                    a, b = [], []
                    _ask(groups, ctx.shape, ctx, a)
                    fast(ctx.shape, ctx, b)
                    assert a == b
                    asked += 1
                live = any(w is None or getattr(ctx.shape, w) for w, _ in plan.context_groups)
                assert plan.context_live(ctx.shape) == live
        assert asked > 300


def test_a_predicate_finds_nothing_where_its_when_is_false():
    """The scorer skips a predicate on a reading where its ``when`` (a Shape attribute) is false: asked there
    anyway, every predicate of every mahjong variant finds nothing (generated hands, and hands made to have
    the shapes the narrow ``when``s name: four chows, four pongs, wind and dragon pongs)."""
    import random

    from mjcli.mahjong import decompose
    from mjcli.mahjong.patterns import REGISTRY
    from mjcli.mahjong.scoring import plan_of as _plan

    from test_templates import hand as gen

    made = ["123m 456m 789m 234p 55s @5s", "111m 999p EEE SSS 55s @5s zimo", "EEE SSS WWW 11m 99m @9m seat=S",
            "EEE SSS WWW NNN 55p @5p zimo round=S", "PPP FFF 123m 456m 99m @9m", "111m 222m 333m 444m 55m @5m",
            "123p 123p 123p 789s EE @E seat=W", "[EEE] (SSSS) 123m 789m 55p @5p", "NNN 123s 456s 789s 11p @1p"]
    for vid in ("hk", "sg", "my3"):
        v = load_builtin(vid)
        plan = _plan(v)
        rng = random.Random(f"when-{vid}")
        texts = made + [gen(rng, vid, 14) for _ in range(400)]
        skipped = 0
        for text in texts:
            try:
                h = parse_hand(text, complete=True)
            except Exception:
                continue
            for r in decompose.readings(h, plan.tiles, plan.shape, plan.most):
                ctx = make_ctx(h, v, r, None if r.special else r.eye)
                for _, spec, fn, options, when in plan.reading_rows:
                    if when is not None and not getattr(ctx.shape, when):
                        ctx.opts = options
                        assert not fn(ctx), (vid, text, spec.id, when)
                        skipped += 1
        assert skipped > 1000
        assert all(REGISTRY[spec.id].when == when for _, spec, _, _, when in plan.reading_rows)


def test_a_hands_text_from_its_suit_keys_is_format_tiles():
    import random

    from mjcli.mahjong.tiles import _hand_text, format_tiles

    rng = random.Random(21)
    for _ in range(3000):
        tiles = tuple(sorted(rng.randrange(34) for _ in range(rng.randrange(0, 19))))
        jokers = rng.choice([0, 0, 1, 2])
        h = make_hand(tiles, jokers, (), (), None, False, "E", "E", frozenset())
        assert _hand_text(h) == format_tiles(tiles, jokers)
    many = make_hand((0,) * 9 + (5,) * 5, 0, (), (), None, False, "E", "E", frozenset())  # a key holds 7 a place
    assert _hand_text(many) == "11111111166666m"


def test_a_hand_of_melds_and_two_fei_reads_the_fei_as_its_eye():
    # no concealed real tile: the one reading is the melds and an eye of two Fei (the readings' fast path for
    # hands with no Fei must leave this to the general one)
    res = score(parse_hand("JJ [123p] [456p] [789p] [EEE] | cat @J zimo"), load_builtin("my3"))
    assert res.winning and res.reading.endswith("~JJ")


def test_a_suits_waits_with_no_fei_are_the_general_tables():
    """suits.suit_waits with no Fei reads one eye between the suit and the others straight from the masks
    (speed, issue 15): the places are those the general combine/accepts test gives, for random suit shapes."""
    import random

    from mjcli.mahjong import decompose as D
    from mjcli.mahjong import suits as SU

    rng = random.Random("suit-waits")
    checked = 0
    for chows in (True, False):
        n = 9 if chows else 7
        memo = SU._memo(0, chows)
        for _ in range(3000):
            key = sum(1 << 3 * rng.randrange(n) for _ in range(rng.randrange(1, 14)))
            if not SU._fits(key):
                continue
            for others in (1, 2, 3):
                want = tuple(p for p in range(n) if (key >> 3 * p) & 7 < 4 and SU.accepts(
                    SU.combine(others, SU.suit_mask(key + (1 << 3 * p), chows, 0, memo), 0), 0))
                SU._WAITS.pop((0, chows), None)
                assert SU.suit_waits(key, chows, 0, others) == want, (oct(key), others)
                checked += 1
    assert checked > 3000


def test_the_waits_of_a_hand_with_no_fei_are_the_general_ones():
    """decompose._plain_waits (a hand with no Fei: the masks combined as bits, speed, issue 15) lists the tiles
    the general tables give (suit_mask, combine, suit_waits) on random 13-tile hands, ready and not."""
    import random

    from mjcli.mahjong import decompose as D
    from mjcli.mahjong import suits as SU

    rng = random.Random("plain-waits")
    ready = 0
    for _ in range(4000):
        tiles = []
        for _ in range(4):
            t = rng.randrange(34)
            tiles += [t, t + 1, t + 2] if t < 27 and t % 9 < 7 and rng.random() < 0.5 else [t] * 3
        e = rng.randrange(34)
        tiles += [e, e]
        tiles.pop(rng.randrange(14))
        if rng.random() < 0.3:
            tiles[rng.randrange(13)] = rng.randrange(34)
        if any(tiles.count(x) > 4 for x in tiles):
            continue
        keys = SU.suit_keys(tiles)
        masks = [SU.suit_mask(keys[s], SU.SUIT_CHOWS[s], 0) if keys[s] else 1 for s in range(4)]
        want = []
        if sum(1 for m in masks if not m) <= 1:
            for s in [s for s in range(4) if not masks[s]] or range(4):
                others = 1
                for o in range(4):
                    if o != s:
                        others = SU.combine(others, masks[o], 0)
                if keys[s] and others:
                    want += [SU.SUIT_BASE[s] + p for p in SU.suit_waits(keys[s], SU.SUIT_CHOWS[s], 0, others)]
        got = []
        D._plain_waits(keys, got)
        assert got == want, tiles
        ready += bool(got)
    assert ready > 1000
