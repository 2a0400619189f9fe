"""Chinese Official (MCR) hands asked of an independent calculator: `pymahjonggb` (the Botzone fan calculator).

    python benchmarks/mcr_reference.py [N] [--seed S]    # N random winning hands (default 2000), seed 1

prints how often each fan of the draft table (variants/drafts/mcr.yaml) was
found, and every hand with a problem (:func:`problems`: refused by the
calculator, a value unlike the draft's, a fan beside one it implies or
excludes, a fan counted twice that is not ``each``). The pieces are for tests and for
the comparison the mcr variant will need:

- :func:`to_gb` turns a hand in mjcli notation into the calculator's input
  (its melds, its standing tiles without the winning tile, the winning tile,
  the flower count and the context flags);
- :func:`gb_fans` asks the calculator and answers ``{fan id: count}`` with the
  draft's ids (each fan's ``gb_name``; a fan the draft does not have is
  ``gb:NAME``);
- :func:`random_hands` writes random winning hands with a fixed seed, across
  every shape and context word.

The notation is mjcli's (docs/notation.md) read by :func:`mjcli.mahjong.tiles.parse_hand`
and checked by :func:`mjcli.mahjong.context.resolve`, plus one context word of the
draft that mjcli does not read yet: ``last-of-kind`` (the winning tile is the
last of its kind, 和绝张), taken out here before the hand is parsed.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DRAFT = ROOT / "variants" / "drafts" / "mcr.yaml"
NEW_WORDS = ("last-of-kind",)  # the draft's context words mjcli does not read yet
NOT_MCR = ("heavenly", "earthly")  # no fan of the 81 (the blessings are not in the 1998 table)
SELF_WORDS = ("last-tile", "kong-replacement", "kong-on-kong", "bonus-replacement")
KONG_WORDS = ("kong-replacement", "kong-on-kong", "rob-kong")
WALL_WORDS = ("last-tile", "last-discard")
WIND_INDEX = {w: i for i, w in enumerate("ESWN")}
FLOWERS = ("f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4")  # 1 fan each

# mjcli's 34 tile indices (m 0-8, p 9-17, s 18-26, E S W N White Green Red) as the calculator's codes:
# W characters, B dots, T bamboo, F winds, J dragons in the order Red, Green, White
GB_CODE = ([f"W{n}" for n in range(1, 10)] + [f"B{n}" for n in range(1, 10)] + [f"T{n}" for n in range(1, 10)]
           + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"])


class NotMcr(ValueError):
    """A hand this table cannot score: a word with no MCR fan, a joker or an animal, no winning tile."""


@lru_cache(maxsize=1)
def load_draft(path: str | None = None) -> dict:
    import yaml

    with open(path or DRAFT, encoding="utf-8") as f:
        return yaml.safe_load(f)


def gb_names(draft: dict | None = None) -> dict[str, str]:
    """The calculator's fan name -> the draft's id."""
    draft = draft or load_draft()
    return {fan["gb_name"]: fan["id"] for fan in draft["fans"]}


def split_words(text: str) -> tuple[str, set[str]]:
    """The hand without the draft's new context words, and the new words found."""
    kept, new = [], set()
    for word in text.split():
        if word.lower() in NEW_WORDS:
            new.add(word.lower())
        else:
            kept.append(word)
    return " ".join(kept), new


def parse(text: str):
    """``(hand, new_words)``: the hand read and checked as mjcli reads it, its winning tile among the 14."""
    from mjcli.mahjong.context import resolve
    from mjcli.mahjong.tiles import parse_hand

    rest, new = split_words(text)
    hand = resolve(parse_hand(rest))
    if hand.size == 13 and hand.win is not None and not hand.win_added:
        hand = hand.with_tile(hand.win, win_added=True)
    return hand, new


def to_gb(text: str) -> dict:
    """The keyword arguments of ``MahjongGB.MahjongFanCalculator`` for a hand in mjcli notation.

    >>> args = to_gb("123m 456m 789m 234p 55s @5s zimo seat=S | f1")
    >>> args["hand"], args["winTile"], args["isSelfDrawn"], args["seatWind"], args["flowerCount"]
    (('W1', 'W2', 'W3', 'W4', 'W5', 'W6', 'W7', 'W8', 'W9', 'B2', 'B3', 'B4', 'T5'), 'T5', True, 1, 1)
    >>> to_gb("[123m] (5555p) [EEEE] 789s 11s @1s")["pack"]
    (('CHI', 'W2', 1), ('GANG', 'B5', 0), ('GANG', 'F1', 1))
    """
    from mjcli.mahjong.tiles import CHOW, CONCEALED, KONG

    hand, new = parse(text)
    bad = sorted(hand.flags & set(NOT_MCR))
    if bad:
        raise NotMcr(f"{bad[0]} is no fan of the Chinese Official table; leave it out")
    if hand.jokers_total():
        raise NotMcr("a joker (J) is not a Chinese Official tile; write the tile itself")
    others = [b for b in hand.bonus if b not in FLOWERS]
    if others:
        raise NotMcr(f"bonus tile {others[0]} is not in the Chinese Official set; flowers are f1..f4 and s1..s4")
    if hand.win is None:
        raise NotMcr("no winning tile; write it after @")
    packs = []
    for meld in hand.melds:
        if meld.kind == CHOW:
            packs.append(("CHI", GB_CODE[meld.tiles[1]], 1))  # the claimed tile of a chow: not recorded, not scored
        else:
            kind = "GANG" if meld.kind == KONG else "PENG"
            packs.append((kind, GB_CODE[meld.tile], 0 if meld.exposure == CONCEALED else 1))
    standing = list(hand.concealed)
    standing.remove(hand.win)
    flags = hand.flags
    return {
        "pack": tuple(packs),
        "hand": tuple(GB_CODE[t] for t in standing),
        "winTile": GB_CODE[hand.win],
        "flowerCount": len(hand.bonus),
        "isSelfDrawn": bool(hand.self_drawn or flags & set(SELF_WORDS)),
        "is4thTile": "last-of-kind" in new,
        "isAboutKong": bool(flags & set(KONG_WORDS)),
        "isWallLast": bool(flags & set(WALL_WORDS)),
        "seatWind": WIND_INDEX[hand.seat],
        "prevalentWind": WIND_INDEX[hand.round],
    }


def available() -> bool:
    try:
        import MahjongGB  # noqa: F401
    except ImportError:
        return False
    return True


def gb_detail(text: str, draft: dict | None = None) -> list[tuple[str, int, int]]:
    """``[(fan id, value, count)]`` as the calculator scores the hand, its own value of each fan (``[]`` when it
    finds no winning hand). A fan the draft does not name is ``gb:NAME``."""
    from MahjongGB import MahjongFanCalculator

    names = gb_names(draft)
    try:
        answer = MahjongFanCalculator(**to_gb(text), verbose=True)
    except TypeError as exc:  # the calculator's errors: wrong tile count, a fifth copy, not a winning hand
        if "NOT_WIN" in str(exc):
            return []
        raise NotMcr(f"the calculator refused the hand: {exc}") from None
    return [(names.get(zh, "gb:" + zh), value, count) for value, count, zh, _en in answer]


def gb_fans(text: str, draft: dict | None = None) -> dict[str, int]:
    """``{fan id: count}`` as the calculator scores the hand (``{}`` when it finds no winning hand)."""
    return {fid: count for fid, _value, count in gb_detail(text, draft)}


def gb_total(fans: dict[str, int], draft: dict | None = None) -> int:
    """The fan total of :func:`gb_fans`' answer, by the draft's values (a ``gb:`` fan by ``gb_extra``)."""
    draft = draft or load_draft()
    value = {fan["id"]: fan["value"] for fan in draft["fans"]}
    value.update({"gb:" + x["gb_name"]: x["value"] for x in draft.get("gb_extra", ())})
    return sum(value[k] * n for k, n in fans.items())


def fan_table(draft: dict | None = None) -> list[str]:
    """The 81 fans as plain text for docs/mcr.md: a heading per value, then the pattern id (as the records and
    `rules mcr` write it: ``mcr_`` before a fan id another table took first), English and Traditional Chinese
    names (as every table writes them; the draft keeps the Simplified ones too), within 80 columns."""
    from mjcli.games.mcr.patterns import pattern_id

    fans = (draft or load_draft())["fans"]
    w_id = max(len(pattern_id(f["id"])) for f in fans)
    w_en = max(len(f["name"]) for f in fans)
    lines: list[str] = []
    for fan in fans:
        if not lines or fan["value"] != lines[-1][1]:
            lines.append(("", fan["value"]))
        lines.append((f"  {pattern_id(fan['id']):<{w_id}}  {fan['name']:<{w_en}}  {fan['names']['zh_hant']}",
                      fan["value"]))
    out = []
    for text, value in lines:
        if not text:
            count = sum(1 for f in fans if f["value"] == value)
            out += ([""] if out else []) + [f"{value} fan ({count})"]
        else:
            out.append(text)
    return out


# ---- random winning hands ---------------------------------------------------------------------------------

SUITS = "mps"
KNITS = ((0, 3, 6), (1, 4, 7), (2, 5, 8))  # 147, 258, 369 as places in a suit
SHAPES = ("regular", "regular", "regular", "regular", "seven_pairs", "knitted_straight", "honors_knitted",
          "thirteen_orphans")
EXAMPLE_SHARE = 0.03  # of the random hands, the draft's examples with random flowers and winds


def _tile_text(t: int) -> str:
    return "ESWNPFC"[t - 27] if t >= 27 else f"{t % 9 + 1}{SUITS[t // 9]}"


def _run_text(tiles) -> str:
    tiles = sorted(tiles)
    if tiles[0] >= 27:
        return "".join(_tile_text(t) for t in tiles)
    return "".join(str(t % 9 + 1) for t in tiles) + SUITS[tiles[0] // 9]


def _knitted_suits(rng: random.Random) -> list[list[int]]:
    """The nine knitted tiles, 147/258/369 each in its own suit, as three lists of tile indices."""
    order = rng.sample(range(3), 3)
    return [[9 * order[i] + p for p in KNITS[i]] for i in range(3)]


def _palette(rng: random.Random) -> tuple[list[int], range, float]:
    """Which suits and ranks a hand draws its sets from, and how often a set is a chow: some hands keep to one
    suit or a few ranks, so flushes, upper/middle/lower tiles and shifted sets come up too."""
    suits = rng.sample(range(3), rng.choice((1, 2, 3, 3)))
    ranks = rng.choice((range(0, 9), range(0, 9), range(0, 3), range(3, 6), range(6, 9), range(0, 4), range(5, 9)))
    return suits, ranks, rng.choice((0.2, 0.5, 0.8))


def _pair(rng: random.Random, palette, honours: float) -> int:
    suits, ranks, _chows = palette
    return 27 + rng.randrange(7) if rng.random() < honours else 9 * rng.choice(suits) + rng.choice(ranks)


def _sets(rng: random.Random, n: int, counts: Counter, honours: float, palette) -> list | None:
    """``n`` random sets (kind, tiles) that keep every tile at four copies or fewer."""
    suits, ranks, chows = palette
    out = []
    for _ in range(n):
        for _try in range(30):
            suit = 9 * rng.choice(suits)
            if rng.random() < honours:
                kind, base = "pung", 27 + rng.randrange(7)
            elif rng.random() < chows and len(ranks) >= 3:
                kind, base = "chow", suit + rng.choice([r for r in ranks if r <= 6 and r + 2 in ranks] or [0])
            else:
                kind, base = "pung", suit + rng.choice(ranks)
            tiles = [base, base + 1, base + 2] if kind == "chow" else [base] * 3
            if all(counts[t] + tiles.count(t) <= 4 for t in tiles):
                break
        else:
            return None
        counts.update(tiles)
        out.append((kind, tiles))
    return out


def _regular(rng: random.Random):
    """Melds ``(bracket, tiles)``, concealed tiles, winning tile: four sets (some shown, some kongs) and a pair."""
    counts: Counter = Counter()
    honours = rng.choice((0.0, 0.0, 0.15, 0.4, 0.9))
    palette = _palette(rng)
    pair = _pair(rng, palette, honours)
    counts[pair] += 2
    sets = _sets(rng, 4, counts, honours, palette)
    if sets is None:
        return None
    shown = rng.choice((0, 0, 0, 1, 1, 2, 3, 4))
    melds, concealed = [], [pair, pair]
    for i, (kind, tiles) in enumerate(sets):
        if kind == "pung" and counts[tiles[0]] == 3 and rng.random() < 0.25:
            counts[tiles[0]] += 1
            bracket = "()" if i >= shown else rng.choice(("[]", "[]", "{}"))
            melds.append((bracket, tiles + tiles[:1]))
        elif i < shown:
            melds.append(("[]", tiles))
        else:
            concealed += tiles
    return melds, concealed, rng.choice(concealed)


def _seven_pairs(rng: random.Random):
    if rng.random() < 0.1:  # seven shifted pairs
        base = 9 * rng.randrange(3) + rng.randrange(3)
        kinds = list(range(base, base + 7))
    else:
        kinds = rng.sample(range(34), 7)
        if rng.random() < 0.15:  # four alike, two of the pairs
            kinds[1] = kinds[0]
    concealed = [t for k in kinds for t in (k, k)]
    return [], concealed, rng.choice(concealed)


def _knitted_straight(rng: random.Random):
    knit = [t for suit in _knitted_suits(rng) for t in suit]
    counts = Counter(knit)
    honours = rng.choice((0.0, 0.3))
    palette = _palette(rng)
    pair = _pair(rng, palette, honours)
    counts[pair] += 2
    sets = _sets(rng, 1, counts, honours, palette)
    if sets is None:
        return None
    (_kind, tiles), = sets
    if rng.random() < 0.3:
        return [("[]", tiles)], knit + [pair, pair], rng.choice(knit + [pair])
    concealed = knit + [pair, pair] + tiles
    return [], concealed, rng.choice(concealed)


def _honors_knitted(rng: random.Random):
    knit = [t for suit in _knitted_suits(rng) for t in suit]
    n_honours = rng.choice((5, 6, 7, 7))
    concealed = rng.sample(knit, 14 - n_honours) + rng.sample(range(27, 34), n_honours)
    return [], concealed, rng.choice(concealed)


def _thirteen_orphans(rng: random.Random):
    orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
    concealed = orphans + [rng.choice(orphans)]
    return [], concealed, rng.choice(concealed)


BUILDERS = {"regular": _regular, "seven_pairs": _seven_pairs, "knitted_straight": _knitted_straight,
            "honors_knitted": _honors_knitted, "thirteen_orphans": _thirteen_orphans}


def _context(rng: random.Random, melds: list, concealed: list[int], win: int) -> list[str]:
    """Context words that fit the hand: every word of the draft's table, each now and then."""
    words = []
    kong = any(len(tiles) == 4 for _b, tiles in melds)
    lone = concealed.count(win) == 1 and not any(win in tiles for _b, tiles in melds)
    roll = rng.random()
    if roll < 0.1:
        words += ["zimo", "last-tile"]
    elif roll < 0.18:
        words.append("last-discard")
    elif roll < 0.28 and kong:
        words += ["zimo", "kong-replacement"]
    elif roll < 0.36 and lone:
        words.append("rob-kong")
    elif roll < 0.7:
        words.append("zimo")
    if concealed.count(win) == 1 and "rob-kong" not in words and rng.random() < 0.12:
        words.append("last-of-kind")
    if rng.random() < 0.5:
        words.append(f"seat={rng.choice('ESWN')}")
    if rng.random() < 0.5:
        words.append(f"round={rng.choice('ESWN')}")
    return words


def _from_example(rng: random.Random) -> str:
    """A fan's example hand from the draft, with random flowers, seat and round where it names none: every fan
    of the table, the rarest too, comes up now and then."""
    text = rng.choice(load_draft()["fans"])["example"]
    extra = []
    if "|" not in text and rng.random() < 0.5:
        extra += ["|"] + sorted(rng.sample(FLOWERS, rng.randint(1, 4)))
    for key in ("seat", "round"):
        if key + "=" not in text and rng.random() < 0.5:
            extra.append(f"{key}={rng.choice('ESWN')}")
    return " ".join([text, *extra])


def random_hand(rng: random.Random) -> str:
    """One random winning hand in mjcli notation (melds, concealed tiles, @, flowers, context words)."""
    if rng.random() < EXAMPLE_SHARE:
        return _from_example(rng)
    while True:
        built = BUILDERS[rng.choice(SHAPES)](rng)
        if built is not None:
            break
    melds, concealed, win = built
    by_suit: dict[str, list[int]] = {}
    for t in sorted(concealed):
        by_suit.setdefault("z" if t >= 27 else SUITS[t // 9], []).append(t)
    parts = [_run_text(ts) for ts in by_suit.values()]
    parts += [b[0] + _run_text(tiles) + b[1] for b, tiles in melds] + [f"@{_tile_text(win)}"]
    flowers = rng.sample(FLOWERS, rng.choice((0, 0, 0, 1, 2, 3, 8)))
    if flowers:
        parts += ["|"] + sorted(flowers)
    return " ".join(parts + _context(rng, melds, concealed, win))


def random_hands(n: int, seed: int = 1) -> list[str]:
    """``n`` random winning hands, the same for the same seed."""
    rng = random.Random(seed)
    return [random_hand(rng) for _ in range(n)]


def problems(text: str, draft: dict | None = None) -> list[str]:
    """What is wrong with the draft or the generator on one hand, as the calculator scores it: a refused hand,
    a fan the draft values otherwise, a fan beside one it implies or excludes, a fan counted twice that is
    not ``each``. ``[]`` when nothing is."""
    draft = draft or load_draft()
    by_id = {fan["id"]: fan for fan in draft["fans"]}
    extra = {"gb:" + x["gb_name"]: x["value"] for x in draft.get("gb_extra", ())}
    from mjcli.errors import MjError

    try:
        detail = gb_detail(text, draft)
    except (NotMcr, MjError) as exc:
        return [f"refused: {exc}"]
    if not detail:
        return ["the calculator finds no winning hand"]
    got = {fid for fid, _v, _n in detail}
    out = []
    for fid, value, count in detail:
        fan = by_id.get(fid)
        if fan is None:
            if extra.get(fid) != value:
                out.append(f"{fid} ({value} fan) is not in the draft")
            continue
        if fan["value"] != value:
            out.append(f"{fid}: the calculator values it {value}, the draft {fan['value']}")
        out += [f"{fid} beside {x}, which it implies or excludes" for x in fan["implies"] + fan["excludes"]
                if x in got]
        if count > 1 and not fan.get("each"):
            out.append(f"{fid} counted {count} times, not an each fan")
    return out


def main(argv: list[str]) -> int:
    args = [a for a in argv[1:] if not a.startswith("--seed")]
    seed = next((int(a.split("=", 1)[1]) for a in argv[1:] if a.startswith("--seed=")), 1)
    n = int(args[0]) if args else 2000
    if not available():
        print("pymahjonggb is not installed: pip install pymahjonggb", file=sys.stderr)
        return 2
    draft = load_draft()
    seen: Counter = Counter()
    wrong = []
    rng = random.Random(seed)
    for _ in range(n):
        text = random_hand(rng)
        found = problems(text, draft)
        if found:
            wrong.append(f"{text}: {'; '.join(found)}")
        else:
            seen.update(gb_fans(text, draft).keys())
    for fan in draft["fans"]:
        print(f"{seen[fan['id']]:8d}  {fan['id']}")
    for name in sorted(k for k in seen if k.startswith("gb:")):
        print(f"{seen[name]:8d}  {name}")
    print(f"{n} hands, seed {seed}: {len(wrong)} with a problem")
    for line in wrong[:20]:
        print("  " + line)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
