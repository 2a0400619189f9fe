"""The hand notation (../shared/NOTATION.md, mahjong part): good input, bad input, checks against hk.

Hypothesis: format_hand(parse_hand(x)) is stable for generated valid hands,
and the order the tiles are written in does not change the score.
"""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjcli.api import score_line
from mjcli.errors import HandError, MjError, ParseError
from mjcli.mahjong.scoring import apply_overrides, score
from mjcli.mahjong.tiles import (
    ADDED, CHOW, CLAIMED, CONCEALED, HONOUR_LETTERS, JOKER, KONG, PONG, Hand, format_hand, parse_hand,
    tile_code, tile_from_code, validate,
)
from mjcli.variant import load_builtin

HK = load_builtin("hk")

T = tile_from_code  # T("5p") -> 13

# --- good notation: (id, text, field, expected) ---------------------------------------------------------------------

GOOD = [
    # MPSZ
    ("mpsz-suits", "123m 456p 789s", "concealed", tuple(map(T, ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s"]))),
    ("mpsz-z", "1234567z", "concealed", tuple(range(27, 34))),
    ("mpsz-runs-back-to-back", "12m3p", "concealed", (T("1m"), T("2m"), T("3p"))),
    ("any-order-sorted", "9s 1m E 5p", "concealed", (T("1m"), T("5p"), T("9s"), T("E"))),
    # honour letters, one tile each
    ("honour-letters", "ESWNPFC", "concealed", tuple(range(27, 34))),
    ("honour-letters-repeat", "EEE", "concealed", (27, 27, 27)),
    ("honour-letters-are-z", "PFC", "concealed", (T("5z"), T("6z"), T("7z"))),
    # melds
    ("meld-chow", "[123p]", "melds", ((CHOW, (9, 10, 11), CLAIMED),)),
    ("meld-pong", "[555p]", "melds", ((PONG, (13,) * 3, CLAIMED),)),
    ("meld-pong-honour-letters", "[CCC]", "melds", ((PONG, (33,) * 3, CLAIMED),)),
    ("meld-pong-honour-z", "[777z]", "melds", ((PONG, (33,) * 3, CLAIMED),)),
    ("meld-claimed-kong", "[5555p]", "melds", ((KONG, (13,) * 4, CLAIMED),)),
    ("meld-added-kong", "{5555p}", "melds", ((KONG, (13,) * 4, ADDED),)),
    ("meld-concealed-kong", "(5555p)", "melds", ((KONG, (13,) * 4, CONCEALED),)),
    ("meld-concealed-kong-honour", "(EEEE)", "melds", ((KONG, (27,) * 4, CONCEALED),)),
    # bonus tiles after |
    ("bonus", "123m | f1 s2", "bonus", ("f1", "s2")),
    ("bonus-case-insensitive", "123m | F1 S2", "bonus", ("f1", "s2")),
    ("bonus-sorted", "123m | s4 f3 f1", "bonus", ("f1", "f3", "s4")),
    ("bonus-animals", "123m | cat mouse rooster centipede", "bonus", ("cat", "mouse", "rooster", "centipede")),
    ("bonus-alias-a1-a4", "123m | a1 a2 a3 a4", "bonus", ("cat", "mouse", "rooster", "centipede")),
    ("bonus-alias-k1-k4", "123m | k1 k2 k3 k4", "bonus", ("face",) * 4),
    ("bonus-drowned-fei", "123m | J", "bonus", ("J",)),
    ("bonus-bar-glued", "123m |f1", "bonus", ("f1",)),
    # context words
    ("win-tile", "123m 456m @2m", "win", T("2m")),
    ("win-tile-letter", "123m EE @E", "win", T("E")),
    ("win-tile-z", "123m EE @1z", "win", T("E")),
    ("win-default-last-written", "55p 123m", "win", T("3m")),  # the last tile written, not the last sorted
    ("win-default-last-concealed-not-meld", "55p [123m]", "win", T("5p")),
    ("win-default-honour", "234p 567p EE [CCC] [FFF]", "win", T("E")),
    ("zimo", "123m zimo", "self_drawn", True),
    ("zimo-case", "123m ZIMO", "self_drawn", True),
    ("discard-default", "123m", "self_drawn", False),
    ("seat", "123m seat=S", "seat", "S"),
    ("seat-default", "123m", "seat", "E"),
    ("seat-lowercase", "123m seat=w", "seat", "W"),
    ("round", "123m round=N", "round", "N"),
    ("flags", "123m last-tile rob-kong", "flags", frozenset({"last-tile", "rob-kong"})),
    ("flag-words-all", "123m last-tile last-discard kong-replacement bonus-replacement rob-kong kong-on-kong "
     "heavenly earthly", "flags", frozenset({"last-tile", "last-discard", "kong-replacement", "bonus-replacement",
                                             "rob-kong", "kong-on-kong", "heavenly", "earthly"})),
    ("comment", "123m # a comment 9p", "concealed", (0, 1, 2)),
    ("fei-free-in-concealed", "1J3p", "jokers", 1),
]


def _field(hand, name):
    v = getattr(hand, name)
    if name == "melds":
        return tuple((m.kind, m.tiles, m.exposure) for m in v)
    return v


@pytest.mark.parametrize("text,name,expected", [g[1:] for g in GOOD], ids=[g[0] for g in GOOD])
def test_good_notation(text, name, expected):
    assert _field(parse_hand(text), name) == expected


def test_notation_examples_parse():
    # the examples of NOTATION.md
    h = parse_hand("123m 456m 789m 123p 55p @5p")
    assert (h.win, len(h.concealed)) == (T("5p"), 14)
    h = parse_hand("234p 567p EE [CCC] [FFF] | f1 s1 zimo seat=E")
    assert (len(h.melds), h.bonus, h.self_drawn, h.seat) == (2, ("f1", "s1"), True, "E")
    h = parse_hand("111p 999p 1J3p 55p [777p] | cat face J seat=S")
    assert (h.jokers, h.bonus, h.seat) == (1, ("cat", "face", "J"), "S")


# --- options win over the words in the line -------------------------------------------------------------------------

OVERRIDES = [
    ("seat", "123m 456m 789m SSS 11p @1p seat=S", {"seat": "W"}, "seat", "W"),
    ("round", "123m 456m 789m SSS 11p @1p round=S", {"round": "N"}, "round", "N"),
    ("self-drawn-on", "123m 456m 789m SSS 11p @1p", {"self_drawn": True}, "self_drawn", True),
    ("self-drawn-off", "123m 456m 789m SSS 11p @1p zimo", {"self_drawn": False}, "self_drawn", False),
    ("win", "123m 456m 789m SSS 11p @1p", {"win": "S"}, "win", T("S")),
    ("flags-added", "123m 456m 789m SSS 11p last-tile", {"flags": ["rob-kong"]}, "flags",
     frozenset({"last-tile", "rob-kong"})),
]


@pytest.mark.parametrize("text,ov,name,expected", [o[1:] for o in OVERRIDES], ids=[o[0] for o in OVERRIDES])
def test_option_wins_over_word(text, ov, name, expected):
    assert getattr(apply_overrides(parse_hand(text), ov), name) == expected


def test_option_changes_the_score():
    # seat=S in the line scores the South pung as seat wind; --seat W takes it away
    line = "123m 456m 789m SSS 11p @1p seat=S"
    assert "seat_wind" in [p.id for p in score_line(line, HK).patterns]
    assert "seat_wind" not in [p.id for p in score_line(line, HK, {"seat": "W"}).patterns]


def test_option_win_not_in_hand():
    with pytest.raises(HandError, match="--win 9s is not in the concealed tiles"):
        apply_overrides(parse_hand("123m 456m 789m SSS 11p"), {"win": "9s"})


# --- bad notation: (id, text, words the message must hold, column) -------------------------------------------------

BAD = [
    ("unknown-suit", "123x", ["unknown suit letter 'x'", "'123x'", "suits are m p s z"], 4),
    ("unknown-suit-later", "123m 456x", ["unknown suit letter 'x'", "'456x'"], 9),
    ("digits-no-suit", "123m 4", ["'4'", "no suit letter"], 6),
    ("bad-character", "123m E%", ["unexpected character '%'"], 7),
    ("unknown-word", "123m xyz", ["unknown word 'xyz'", "zimo"], 6),
    ("zero", "0m", ["tile number 0"], 1),
    ("honour-8z", "8z", ["honour number 8"], 1),
    ("suit-no-digits", "m", ["suit letter 'm' with no digits"], 1),
    ("meld-not-a-set", "123m [124p]", ["meld '[124p]' is not a legal set"], 6),
    ("meld-pong-in-parens", "(555p)", ["meld '(555p)'", "only kongs"], 1),
    ("meld-pong-in-braces", "{555p}", ["meld '{555p}'", "only kongs"], 1),
    ("meld-two-tiles", "[55p]", ["meld '[55p]' has 2 tiles"], 1),
    ("meld-five-tiles", "[55555p]", ["meld '[55555p]' has 5 tiles"], 1),
    ("meld-not-closed", "123m [123p", ["meld '[123p' is not closed"], 6),
    ("meld-closed-never-opened", "123m 5p]", ["closes a meld that was never opened"], 6),
    ("meld-two-suits", "[12m3p]", ["not one run of a single suit"], 1),
    ("meld-chow-of-honours", "[ESW]", ["not a legal set"], 1),
    ("meld-kong-with-fei", "[55J5p]", ["kong holding a Fei"], 1),
    ("meld-kong-not-alike", "[5556p]", ["not a legal kong"], 1),
    ("meld-unknown-suit", "[123x]", ["unknown suit letter 'x'"], 1),
    ("bonus-unknown", "123m | f9", ["unknown bonus tile 'f9'"], 8),
    ("bonus-tile-after-bar", "123m | f1 456m", ["unknown bonus tile '456m'"], 11),
    ("second-bar", "123m | f1 | f2", ["a second '|'"], 11),
    ("at-empty", "123m @", ["'@' with no tile"], 6),
    ("at-two-tiles", "123m @12m", ["names 2 tiles"], 6),
    ("at-bad-tile", "123m @5x", ["bad winning tile '@5x'", "unknown suit letter 'x'"], 8),
    ("win-not-in-hand", "123m @5p", ["winning tile 5p is not in the concealed tiles"], 6),
    ("tile-after-context", "@1m 123m", ["tile '123m' after the context words"], 5),
    ("bad-seat", "123m seat=Q", ["seat='Q' is not a wind"], 6),
    ("bad-round", "123m round=X", ["round='X' is not a wind"], 6),
    ("unknown-context-word", "123m foo=1", ["unknown context word 'foo=1'"], 6),
    ("empty", "   ", ["empty hand"], None),
    ("only-bonus", "| f1", ["empty hand"], None),
]


@pytest.mark.parametrize("text,words,col", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_notation(text, words, col):
    with pytest.raises(ParseError) as info:
        parse_hand(text)
    msg = info.value.message
    for w in words:
        assert w in msg, msg
    if col is not None:
        assert f"(at column {col})" in msg, msg
    assert "\n" not in msg


def test_error_message_shape_of_the_issue():
    # issue 2: `error: unknown suit letter 'x' in '123x' (at column N); suits are m p s z`
    with pytest.raises(ParseError) as info:
        parse_hand("123x")
    assert re.fullmatch(r"unknown suit letter 'x' in '123x' \(at column \d+\); suits are m p s z", info.value.message)


# --- checks against the variant ---------------------------------------------------------------------------------------

INVALID_IN_HK = [
    ("fei-in-concealed", "123m 456m 789m 234p 5sJ", "a Fei (J) is not in the hk set"),
    ("fei-drowned", "123m 456m 789m 234p 55s | J", "a Fei (J) is not in the hk set"),
    ("fei-in-meld", "123m 456m 789m 55s [2J4p]", "a Fei (J) is not in the hk set"),
    ("animal", "123m 456m 789m 234p 55s | cat", "animal tiles are not in the hk set"),
    ("animal-alias", "123m 456m 789m 234p 55s | a3", "animal tiles are not in the hk set"),
    ("face", "123m 456m 789m 234p 55s | face", "face tiles are not in the hk set"),
    ("fifth-copy-concealed", "11111m 456m 789m 23p", "5 copies of 1m"),
    ("fifth-copy-with-meld", "11m 456m 789m 234p [111m]", "5 copies of 1m counting melds"),
    ("fifth-copy-two-melds", "55s 456m [123m] [123m] [123m]", None),  # 3 x 1m is fine: this one is valid
    ("fifth-copy-kong", "1m 456m 789m 23p (1111m)", "5 copies of 1m"),
    ("flower-twice", "123m 456m 789m 234p 55s | f1 f1", "bonus tile f1 written 2 times"),
    ("too-small", "123m 456m 789m 234p 5s", "hand has 13 tiles"),
    ("too-big", "123m 456m 789m 234p 555s", "hand has 15 tiles"),
    ("too-big-with-kong", "123m 456m 789m 234p 55s [1111p]", "hand has 17 tiles"),
]


@pytest.mark.parametrize("text,msg", [c[1:] for c in INVALID_IN_HK], ids=[c[0] for c in INVALID_IN_HK])
def test_validate_against_hk(text, msg):
    res = score_line(text, HK)
    if msg is None:
        assert res.ok, res.error and res.error.message
        return
    assert not res.ok
    assert res.error.code == "invalid_hand"
    assert msg in res.error.message, res.error.message


def test_validate_sizes():
    hand = parse_hand("123m 456m 789m 234p 5s")
    validate(hand, HK, size=13)  # a wait hand is 13
    with pytest.raises(HandError, match="wait needs 13"):
        validate(parse_hand("123m 456m 789m 234p 55s"), HK, size=13)


def test_illegal_meld_is_a_parse_error_through_score():
    res = score_line("123m 456m 789m 55s [124p]", HK)
    assert (res.ok, res.error.code) == (False, "parse_error")
    assert "[124p]" in res.error.message


def test_only_flower_wins_score_any_size():
    # 13 tiles: an error, unless all eight flowers make it a win
    assert not score_line("123m 456m 789m 235p 5s", HK).ok
    assert score_line("123m 456m 789m 235p 5s | f1 f2 f3 f4 s1 s2 s3 s4", HK).winning


# --- Hypothesis ---------------------------------------------------------------------------------------------------------

SUITED = list(range(27))
ALL = list(range(34))


@st.composite
def sets(draw):
    """A chow or a pong (or kong) as (kind, tiles)."""
    if draw(st.booleans()):
        s = draw(st.sampled_from("mps"))
        n = draw(st.integers(1, 7))
        t = "mps".index(s) * 9 + n - 1
        return CHOW, (t, t + 1, t + 2)
    t = draw(st.sampled_from(ALL))
    return (KONG, (t,) * 4) if draw(st.integers(0, 4)) == 0 else (PONG, (t,) * 3)


@st.composite
def winning_hands(draw):
    """A valid 14-tile hk hand: four sets and a pair; some sets shown as melds; bonus and context words."""
    while True:
        groups = [draw(sets()) for _ in range(4)]
        eye = draw(st.sampled_from(ALL))
        counts = [0] * 34
        for _, ts in groups:
            for t in ts:
                counts[t] += 1
        counts[eye] += 2
        if max(counts) <= 4:
            break
    concealed, melds = [eye, eye], []
    for kind, ts in groups:
        how = draw(st.sampled_from(["hand", "[]", "{}", "()"] if kind == KONG else ["hand", "[]"]))
        if kind == KONG and how == "hand":
            how = "()"
        if how == "hand":
            concealed.extend(ts)
        else:
            melds.append((how, ts))
    win = draw(st.sampled_from(concealed))
    bonus = draw(st.lists(st.sampled_from(["f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4"]), unique=True, max_size=4))
    words = []
    if draw(st.booleans()):
        words.append("zimo")
    seat = draw(st.sampled_from("ESWN"))
    rnd = draw(st.sampled_from("ESWN"))
    return concealed, melds, win, bonus, words, seat, rnd


def _meld_text(how, ts):
    t = ts[0]
    if t >= 27:
        body = "".join(HONOUR_LETTERS[x - 27] for x in ts)
    else:
        body = "".join(str(x % 9 + 1) for x in ts) + "mps"[t // 9]
    return how[0] + body + how[1]


def _write(concealed, melds, win, bonus, words, seat, rnd, order):
    tiles = [tile_code(concealed[i]) for i in order]
    parts = tiles + [_meld_text(h, ts) for h, ts in melds]
    if bonus:
        parts += ["|"] + bonus
    parts += [f"@{tile_code(win)}"] + words + [f"seat={seat}", f"round={rnd}"]
    return " ".join(parts)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(winning_hands(), st.randoms(use_true_random=False))
def test_format_parse_round_trip(h, rnd):
    concealed = h[0]
    order = list(range(len(concealed)))
    rnd.shuffle(order)
    text = _write(*h, order)
    hand = parse_hand(text)
    canon = format_hand(hand)
    assert parse_hand(canon) == hand
    assert format_hand(parse_hand(canon)) == canon
    validate(hand, HK)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(winning_hands(), st.randoms(use_true_random=False))
def test_tile_order_does_not_change_the_score(h, rnd):
    concealed = h[0]
    order = list(range(len(concealed)))
    a = score(parse_hand(_write(*h, order)), HK)
    rnd.shuffle(order)
    b = score(parse_hand(_write(*h, order)), HK)
    assert a.winning and b.winning
    assert (a.total, a.raw, [p.as_dict() for p in a.patterns]) == (b.total, b.raw, [p.as_dict() for p in b.patterns])
    assert a.hand == b.hand


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="123456789mpszESWNPFCJ[](){}|@ =fxk#", max_size=40))
def test_any_text_parses_or_fails_cleanly(text):
    # never a traceback: a hand, or a ParseError with one line naming the problem
    try:
        h = parse_hand(text)
    except ParseError as exc:
        assert exc.message and "\n" not in exc.message
    else:
        assert isinstance(h, Hand)
        assert JOKER not in h.concealed


@pytest.mark.parametrize("word,near", [("zimmo", "zimo"), ("zmo", "zimo"), ("kong-replacment", "kong-replacement"),
                                       ("heavenley", "heavenly"), ("last_tile", "last-tile"), ("robkong", "rob-kong")])
def test_mistyped_context_word_is_named_with_the_word_it_is_near(word, near):
    with pytest.raises(ParseError) as info:
        parse_hand(f"123m 456m 789m 234p 55s {word}")
    msg = info.value.message
    assert msg.startswith(f"unknown context word {word!r} (did you mean {near}?)") and "(at column 25)" in msg


@pytest.mark.parametrize("token", ["xyz", "EEE", "ccc", "cat"])
def test_a_token_near_no_word_is_still_read_as_tiles(token):
    # nearly: not close to any context word, so the message (if any) is about tiles, as before
    try:
        parse_hand(f"123m 456m 789m 55s {token}")
    except ParseError as exc:
        assert "unknown context word" not in exc.message


_PLAIN_WORDS = ["123m", "11m", "999m", "55p", "789p", "234567p", "11s", "345s", "EE", "SSS", "PFC", "CCC",
                "321m", "1z", "11z", "J", "EEJ", "5J", "11111111m", "111m", "12m", "3m", "mm", "EJ"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PLAIN_WORDS), min_size=1, max_size=6),
       st.sampled_from(["", " @1m", " @E", " @1z", " zimo", " @5p zimo", " zimo @C"]),
       st.sampled_from([" ", "  "]))
def test_the_canonical_text_kept_from_the_parse_is_format_tiles(words, context, space):
    """A plain line whose tile words are already canonical keeps them as its tiles' text (speed, issue 15):
    whatever the words, the hand's text is what formatting its tiles gives, and so is a wait's."""
    import dataclasses

    from mjcli.mahjong.tiles import format_hand, format_tiles, parse_hand

    line = space.join(words) + context
    for complete in (False, True):
        try:
            h = parse_hand(line, complete=complete)
        except MjError:
            continue
        plain = dataclasses.replace(h)  # the same hand without what the parser kept on it
        assert format_hand(h) == format_hand(plain)
        assert format_hand(h, win=False) == format_hand(plain, win=False)
        assert h.__dict__.get("_text", format_tiles(h.concealed, h.jokers)) == format_tiles(h.concealed, h.jokers)
