"""mjcli's shanten and helpful tiles at the Chinese Official table against pymahjonggb's (issue 30).

    pip install '.[test]'
    python benchmarks/mcr_shanten_agree.py                  # 100,000 hands (a few minutes)
    python benchmarks/mcr_shanten_agree.py --hands 8000 --seed 7

The hands are made near each shape `-v mcr` declares (variants/mcr.yaml, ``hand:``), in turn: a complete hand of
the shape (sets and a pair, seven pairs with four alike allowed, seven shifted pairs, thirteen orphans,
lesser/greater honours and knitted tiles, a knitted straight with a set and a pair) less one to four tiles,
filled up to 13 with random tiles (no fifth copy); random deals; and a knitted straight or sets and a pair with
one shown set (10 tiles in hand, the set shown).

mjcli answers with ``mjcli.mahjong.shanten.helpful`` over the variant's shapes. The calculator with its five functions
(RegularShanten, SevenPairsShanten, ThirteenOrphansShanten, HonorsAndKnittedTilesShanten,
KnittedStraightShanten; with a shown set only the first and the last, of the 10 tiles): its shanten is the least
of theirs, its helpful tiles those of every function at that least. Seven shifted pairs has no function of its
own: any hand near it is as near seven pairs.

Where the two count differently, by design: the calculator does not count copies (it is given the tiles in
hand only). It lists as helpful a tile whose four copies are all in the hand (or in the hand and the shown
set), it may find a hand nearer than it is by waiting on a fifth copy (``1111m 234p 567p 789s``: ready on 1m
for it, one from ready for mjcli), count a tile helpful that leads to such a wait (``456m 9999m 6666p 88s``:
8s, for a pair of 9m or 6p), or count copies a shown set holds (``22m 4m 66m 999m 2s E [333m]``: 1m, for
123m and 234m, two 3m where one is left). So its helpful tiles are compared without the tiles all four of
which are in sight; a hand that holds four of a tile, or has a shown set, may be further from ready in mjcli,
or as far with fewer helpful tiles (each of them among the calculator's): "copies"; every other hand must
agree exactly. The script prints the counts by kind and exits 1 unless
every hand agrees.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mcr_reference import GB_CODE  # noqa: E402

KINDS = ("regular", "seven_pairs", "seven_shifted_pairs", "thirteen_orphans", "honors_and_knitted",
         "knitted_straight", "random", "shown_set")
ORPHAN_TILES = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _set(rng: random.Random) -> list[int]:
    if rng.random() < 0.5:
        s, p = rng.randrange(3), rng.randrange(7)
        return [9 * s + p, 9 * s + p + 1, 9 * s + p + 2]
    t = rng.randrange(34)
    return [t, t, t]


def _legal(tiles: list[int]) -> bool:
    return all(tiles.count(t) <= 4 for t in set(tiles))


def complete(rng: random.Random, kind: str) -> list[int]:
    """14 tiles (11 for a hand with a shown set) of a complete hand of ``kind``."""
    from mjcli.mahjong.shape import KNITTED

    while True:
        if kind == "regular":
            out = _set(rng) + _set(rng) + _set(rng) + _set(rng) + [rng.randrange(34)] * 2
        elif kind == "seven_pairs":
            out = [t for t in (rng.randrange(34) for _ in range(7)) for _ in range(2)]
        elif kind == "seven_shifted_pairs":
            s, start = rng.randrange(3), rng.randrange(3)
            out = [9 * s + start + i for i in range(7) for _ in range(2)]
        elif kind == "thirteen_orphans":
            out = list(ORPHAN_TILES) + [rng.choice(ORPHAN_TILES)]
        elif kind == "honors_and_knitted":
            out = list(rng.choice(KNITTED)) + list(range(27, 34))
            rng.shuffle(out)
            out = out[:14]
        elif kind == "knitted_straight":
            out = list(rng.choice(KNITTED)) + _set(rng) + [rng.randrange(34)] * 2
        elif kind == "random":
            wall = [t for t in range(34) for _ in range(4)]
            rng.shuffle(wall)
            out = wall[:14]
        else:
            raise ValueError(kind)
        if _legal(out):
            return out


def near(rng: random.Random, kind: str) -> tuple[list[int], list[int]]:
    """A hand near ``kind``: its concealed tiles (13, or 10 beside a shown set) and the shown set (or [])."""
    shown: list[int] = []
    if kind == "shown_set":  # a knitted straight or sets and a pair, one of its sets shown
        from mjcli.mahjong.shape import KNITTED

        while True:
            shown = _set(rng)
            if rng.random() < 0.5:
                rest = list(rng.choice(KNITTED)) + [rng.randrange(34)] * 2
            else:
                rest = _set(rng) + _set(rng) + _set(rng) + [rng.randrange(34)] * 2
            if _legal(rest + shown):
                break
        size = 10
    else:
        rest = complete(rng, kind)
        size = 13
    rng.shuffle(rest)
    k = rng.choice((1, 1, 2, 2, 3, 4))
    hand = rest[k:]
    while len(hand) < size:
        t = rng.randrange(34)
        if (hand + shown).count(t) < 4:
            hand.append(t)
    hand = hand[:size]
    if not _legal(hand + shown):
        return near(rng, kind)
    return sorted(hand), shown


def hands(n: int, seed: int):
    """``n`` hands (kind, concealed, shown set), the kinds in turn, from a fixed seed."""
    rng = random.Random(seed)
    for i in range(n):
        kind = KINDS[i % len(KINDS)]
        yield (kind, *near(rng, kind))


def theirs(concealed: list[int], shown: list[int]) -> tuple[int, set[int]]:
    """The calculator's shanten (the least of its functions') and the helpful tiles at it."""
    import MahjongGB as gb

    code = {c: i for i, c in enumerate(GB_CODE)}
    h = tuple(GB_CODE[t] for t in concealed)
    funcs = ((gb.RegularShanten, gb.KnittedStraightShanten) if shown else
             (gb.RegularShanten, gb.SevenPairsShanten, gb.ThirteenOrphansShanten, gb.HonorsAndKnittedTilesShanten,
              gb.KnittedStraightShanten))
    got = [f(h) for f in funcs]
    sh = min(g[0] for g in got)
    return sh, {code[c] for g in got if g[0] == sh for c in g[1]}


def ours(concealed: list[int], shown: list[int], variant) -> tuple[int, set[int]]:
    from mjcli.mahjong.shanten import helpful, position
    from mjcli.mahjong.tiles import Meld, make_hand

    melds = ()
    if shown:
        kind = "pong" if shown[0] == shown[1] else "chow"
        melds = (Meld(kind, tuple(shown)),)
    hand = make_hand(tuple(concealed), 0, melds, (), None, False, "E", "E", frozenset())
    d, tiles = helpful(position(hand, variant), range(34))
    return d - 1, set(tiles)


def compare(concealed: list[int], shown: list[int], variant) -> tuple[str, tuple, tuple]:
    """'same'; 'copies': the hand holds four of a tile or has a shown set, and the calculator, counting copies
    that are not there, finds it nearer (a lower shanten) or finds more tiles helpful at the same shanten (each
    of mjcli's among them); or 'differ'. With both answers (the calculator's without the tiles all four of which
    are in sight)."""
    a = ours(concealed, shown, variant)
    sh, tiles = theirs(concealed, shown)
    seen = concealed + shown
    b = (sh, {t for t in tiles if seen.count(t) < 4})
    if a == b:
        return "same", a, b
    if (shown or any(seen.count(t) == 4 for t in set(seen))) and (a[0] > sh or (a[0] == sh and a[1] <= b[1])):
        return "copies", a, b
    return "differ", a, b


def text(concealed: list[int], shown: list[int]) -> str:
    from mjcli.mahjong.tiles import tile_code

    out = " ".join(tile_code(t) for t in concealed)
    return out + (" [" + "".join(tile_code(t)[0] for t in shown) + tile_code(shown[0])[1] + "]" if shown else "")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=30)
    args = ap.parse_args(argv)
    try:
        import MahjongGB  # noqa: F401
    except ImportError:
        sys.exit("mcr_shanten_agree: the calculator pymahjonggb is not installed: pip install '.[test]'")
    from mjcli.variant import load_builtin

    mcr = load_builtin("mcr")
    by_kind: dict = {k: {"same": 0, "copies": 0, "differ": 0} for k in KINDS}
    bad = []
    t0 = time.perf_counter()
    for kind, concealed, shown in hands(args.hands, args.seed):
        verdict, a, b = compare(concealed, shown, mcr)
        by_kind[kind][verdict] += 1
        if verdict == "differ" and len(bad) < 10:
            bad.append(f"  {text(concealed, shown)}: mjcli {a[0]} {sorted(a[1])}, calculator {b[0]} {sorted(b[1])}")
    secs = time.perf_counter() - t0
    total = {v: sum(k[v] for k in by_kind.values()) for v in ("same", "copies", "differ")}
    print(f"mcr shanten and helpful tiles against pymahjonggb: {args.hands:,} hands (seed {args.seed}), "
          f"{secs:.1f} s")
    for kind, c in by_kind.items():
        print(f"  {kind:22} same {c['same']:>7,}  copies {c['copies']:>4,}  differ {c['differ']:>4,}")
    agree = total["same"] + total["copies"]
    print(f"agree: {agree:,} of {args.hands:,} ({100 * agree / max(1, args.hands):.3f}%); "
          f"the calculator counting copies that are not there: {total['copies']:,}")
    for line in bad:
        print(line)
    return 0 if not total["differ"] else 1


if __name__ == "__main__":
    sys.exit(main())
