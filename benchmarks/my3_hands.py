"""Random 3 Kaki hands with 0 to 4 Fei, from a fixed seed (the same lines every run).

    python benchmarks/my3_hands.py 20000 > my3-hands.txt       # 20,000 lines, seed 31
    python benchmarks/my3_hands.py 500 --seed 5

The lines mix what a table sees and what stresses the Fei search: hands built
from four sets and an eye with some tiles turned into Fei (14 tiles, or 13 with
one taken out), hands crowded into Tong (the suit where the Fei have the most
places to stand for), and plain random draws; some with shown melds (a Fei in
a pong or chow), bonus tiles, drowned Fei and context words. Every line keeps
within the tile set (at most four of a tile, four Fei in all, held, shown or
drowned), so a line that is not a win is still a hand ``score`` and ``wait``
answer (``not winning``, ``not ready``) rather than an error, but for a few.

``benchmarks/my3_same.py`` answers these lines with two versions of mjcli and
compares the outputs byte for byte.
"""

from __future__ import annotations

import argparse
import random
import sys

FEI = 34
TONG = range(9, 18)
HONOURS = range(27, 34)
KINDS = list(TONG) + list(HONOURS)
HONOUR_TEXT = "ESWNPFC"
BONUS = ["f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4", "cat", "mouse", "rooster", "centipede",
         "face", "face", "face", "face"]
CONTEXT = ["zimo", "seat=S", "seat=W", "last-tile", "last-discard", "kong-replacement", "bonus-replacement",
           "rob-kong", "heavenly", "earthly"]


def _code(t: int) -> str:
    return HONOUR_TEXT[t - 27] if t >= 27 else f"{t - 9 + 1}p"


def _concealed_text(tiles) -> str:
    """Sorted tiles as ``123p EE JJ`` (34 is a Fei)."""
    parts = []
    run = "".join(str(t - 8) for t in sorted(tiles) if t in TONG)
    if run:
        parts.append(run + "p")
    honours = "".join(HONOUR_TEXT[t - 27] for t in sorted(tiles) if t in HONOURS)
    if honours:
        parts.append(honours)
    if FEI in tiles:
        parts.append("J" * tiles.count(FEI))
    return " ".join(parts)


class Wall:
    """Four of each tile and four Fei; a draw fails (None) when a tile is used up."""

    def __init__(self):
        self.left = {t: 4 for t in KINDS}
        self.left[FEI] = 4

    def take(self, tiles) -> bool:
        need: dict = {}
        for t in tiles:
            need[t] = need.get(t, 0) + 1
        if any(self.left.get(t, 0) < n for t, n in need.items()):
            return False
        for t, n in need.items():
            self.left[t] -= n
        return True


def _random_set(rng, tong_bias: float):
    if rng.random() < tong_bias:
        if rng.random() < 0.6:
            lo = rng.randrange(9, 16)
            return [lo, lo + 1, lo + 2]
        return [rng.choice(TONG)] * 3
    return [rng.choice(HONOURS)] * 3


def _meld_text(tiles, fei_at) -> str:
    """A shown pong or chow, with a Fei written at the place ``fei_at`` (or None)."""
    if tiles[0] in HONOURS:
        body = "".join(HONOUR_TEXT[t - 27] if i != fei_at else "J" for i, t in enumerate(tiles))
        return f"[{body}]"
    body = "".join(str(t - 8) if i != fei_at else "J" for i, t in enumerate(tiles))
    return f"[{body}p]"


def built_hand(rng) -> str | None:
    """Four sets and an eye; some sets shown; some tiles turned into Fei; maybe one tile taken out."""
    wall = Wall()
    tong_bias = rng.choice((0.5, 0.8, 1.0, 1.0))
    sets = [_random_set(rng, tong_bias) for _ in range(4)]
    eye = [rng.choice(TONG if rng.random() < tong_bias else HONOURS)] * 2
    if not wall.take([t for s in sets for t in s] + eye):
        return None
    n_fei = rng.choice((0, 1, 2, 3, 4, 4))
    melds = []
    shown = rng.choice((0, 0, 0, 1, 1, 2))
    rest = []
    for k, s in enumerate(sets):
        if k < shown:
            fei_at = None
            if n_fei and rng.random() < 0.3 and wall.take([FEI]):
                fei_at = rng.randrange(3)
                n_fei -= 1
                wall.left[s[fei_at]] += 1
            if fei_at is None and s[0] == s[1] and rng.random() < 0.3 and wall.take([s[0]]):
                kind = rng.choice("[{(")
                close = {"[": "]", "{": "}", "(": ")"}[kind]
                name = HONOUR_TEXT[s[0] - 27] * 4 if s[0] in HONOURS else str(s[0] - 8) * 4 + "p"
                melds.append(f"{kind}{name}{close}")
            else:
                melds.append(_meld_text(s, fei_at))
        else:
            rest += s
    rest += eye
    rng.shuffle(rest)
    n_fei = min(n_fei, len(rest), wall.left[FEI])
    for i in range(n_fei):
        wall.left[rest[i]] += 1
        rest[i] = FEI
    wall.left[FEI] -= n_fei
    win = None
    if rng.random() < 0.45:
        rest.pop(rng.randrange(len(rest)))  # 13 tiles: a wait
    elif rng.random() < 0.7:
        win = rng.choice(rest)
    return _line(rng, wall, rest, melds, win)


def crowded_hand(rng) -> str | None:
    """Tong and Fei only, or nearly: the hands whose Fei have the most readings."""
    wall = Wall()
    n_fei = rng.choice((2, 3, 4, 4))
    size = rng.choice((13, 14))
    honours = rng.choice((0, 0, 1, 2))
    tiles = [FEI] * n_fei + [rng.choice(HONOURS) for _ in range(honours)]
    while len(tiles) < size:
        tiles.append(rng.choice(TONG))
    if not wall.take(tiles):
        return None
    win = rng.choice(tiles) if size == 14 and rng.random() < 0.7 else None
    return _line(rng, wall, tiles, [], win)


def drawn_hand(rng) -> str | None:
    """13 or 14 tiles drawn at random from the wall (Fei included)."""
    pool = [t for t in KINDS for _ in range(4)] + [FEI] * 4
    tiles = rng.sample(pool, rng.choice((13, 14)))
    wall = Wall()
    if not wall.take(tiles):
        return None
    win = rng.choice(tiles) if len(tiles) == 14 and rng.random() < 0.5 else None
    return _line(rng, wall, tiles, [], win)


def _line(rng, wall, tiles, melds, win) -> str:
    parts = [_concealed_text(tiles)] if tiles else []
    parts += melds
    bonus = []
    if rng.random() < 0.6:
        bonus = sorted(rng.sample(range(len(BONUS)), rng.choice((1, 1, 2, 3))))
        bonus = [BONUS[i] for i in bonus]
    drowned = rng.choice((0, 0, 0, 1, 2))
    drowned = min(drowned, wall.left[FEI])
    bonus += ["J"] * drowned
    if bonus:
        parts.append("| " + " ".join(bonus))
    if win is not None:
        parts.append("@J" if win == FEI else "@" + _code(win))
    if rng.random() < 0.4:
        word = rng.choice(CONTEXT)
        if word == "earthly":
            word += " seat=" + rng.choice("SW")  # the dealer (E) cannot win on their own first discard
        if word != "kong-replacement" or any(len(m) > 5 for m in melds):
            if word != "bonus-replacement" or bonus:
                parts.append(word)
    return " ".join(parts)


def generate(n: int, seed: int = 31) -> list[str]:
    """``n`` lines: about half built hands, a third crowded into Tong, the rest drawn at random."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        r = rng.random()
        make = built_hand if r < 0.5 else crowded_hand if r < 0.85 else drawn_hand
        line = make(rng)
        if line:
            out.append(line)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", type=int, nargs="?", default=20_000, help="lines (default 20,000)")
    ap.add_argument("--seed", type=int, default=31, help="the random seed (default 31)")
    args = ap.parse_args(argv)
    sys.stdout.write("".join(line + "\n" for line in generate(args.n, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
