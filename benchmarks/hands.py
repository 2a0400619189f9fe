"""Random hands for the benchmarks, from a fixed seed (the same hands every run).

A ready hand is made the obvious way: four random sets (a chow or a pong)
and a random eye drawn from a full set of tiles (never a fifth copy), then
one tile taken out. The text is mjcli notation; :func:`riichi_text` gives
the same tiles in the one-line notation the riichi packages read.
"""

from __future__ import annotations

import random

HONOURS = "ESWNPFC"


def _tile_text(tiles) -> str:
    """Sorted tiles in mjcli notation (``123m 55p EE``); 34 is a Fei."""
    parts = []
    for s, name in enumerate("mps"):
        run = "".join(str(t - 9 * s + 1) for t in sorted(tiles) if 9 * s <= t < 9 * s + 9)
        if run:
            parts.append(run + name)
    honours = "".join(HONOURS[t - 27] for t in sorted(tiles) if 27 <= t < 34)
    if honours:
        parts.append(honours)
    jokers = sum(1 for t in tiles if t == 34)
    if jokers:
        parts.append("J" * jokers)
    return " ".join(parts)


def riichi_text(tiles) -> str:
    """The same tiles as ``123m55p11z`` (honours 1z-7z)."""
    out = ""
    for s, name in enumerate("mpsz"):
        run = "".join(str(t - 9 * s + 1) for t in sorted(tiles) if 9 * s <= t < 9 * s + (9 if s < 3 else 7))
        if run:
            out += run + name
    return out


def complete_hand(rng: random.Random, suits=(0, 1, 2), honours=True, chow_share=0.5) -> list[int]:
    """Fourteen tiles: four sets and an eye, at most four copies of a tile."""
    kinds = [9 * s + i for s in suits for i in range(9)] + (list(range(27, 34)) if honours else [])
    while True:
        tiles: list[int] = []
        for _ in range(4):
            if rng.random() < chow_share:
                s = rng.choice(suits)
                start = 9 * s + rng.randrange(7)
                tiles += [start, start + 1, start + 2]
            else:
                tiles += [rng.choice(kinds)] * 3
        tiles += [rng.choice(kinds)] * 2
        if all(tiles.count(t) <= 4 for t in set(tiles)):
            return tiles


def ready_hk(n: int, seed: int = 6) -> list[list[int]]:
    """``n`` ready 13-tile Hong Kong hands (tile lists)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        tiles = complete_hand(rng)
        tiles.remove(rng.choice(tiles))
        out.append(sorted(tiles))
    return out


def winning_hk(n: int, seed: int = 7) -> list[list[int]]:
    """``n`` complete 14-tile Hong Kong hands; the last tile is the winning one."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        tiles = complete_hand(rng)
        win = rng.choice(tiles)
        tiles.remove(win)
        out.append(sorted(tiles) + [win])
    return out


def ready_my3(n: int, fei: int, seed: int = 8) -> list[list[int]]:
    """``n`` ready 13-tile 3 Kaki hands (Tong and honours) holding ``fei`` free Fei (34)."""
    rng = random.Random(seed + fei)
    out = []
    for _ in range(n):
        tiles = complete_hand(rng, suits=(1,))
        idx = rng.sample(range(14), fei + 1)
        for i in idx[:fei]:
            tiles[i] = 34
        del tiles[idx[fei]]
        out.append(sorted(tiles))
    return out


def dealt_hk(n: int, seed: int = 30) -> list[list[int]]:
    """``n`` random 13-tile Hong Kong deals (tile lists, sorted): most are several tiles from ready."""
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    return [sorted(rng.sample(wall, 13)) for _ in range(n)]


def hk_text(tiles) -> str:
    return _tile_text(tiles)


def winning_text(tiles) -> str:
    """A 14-tile hand with its winning tile (the last one) written as ``@T``."""
    win = tiles[-1]
    code = HONOURS[win - 27] if win >= 27 else f"{win % 9 + 1}{'mps'[win // 9]}"
    return f"{_tile_text(tiles)} @{code}"


def _paohuzi_triples():
    out = []
    for base in (0, 10):  # small x1-x10 are 0-9, big d1-d10 are 10-19
        out += [(base + n, base + n + 1, base + n + 2) for n in range(8)]
        out.append((base + 1, base + 6, base + 9))  # 2-7-10
        out += [(base + n,) * 3 for n in range(10)]
    for n in range(10):
        out += [(n, n, n + 10), (n, n + 10, n + 10)]
    return out


def ready_paohuzi(n: int, seed: int = 9) -> list[str]:
    """``n`` Paohuzi hands of 20 concealed cards: seven groups of three, one card taken out.

    Not every hand is ready: some fall short of the 15 huxi a win needs, as at a table.
    """
    rng = random.Random(seed)
    triples = _paohuzi_triples()
    out = []
    while len(out) < n:
        cards = [c for _ in range(7) for c in rng.choice(triples)]
        if any(cards.count(c) > 3 for c in set(cards)):
            continue  # four of a card would be a ti, shown on the table
        cards.remove(rng.choice(cards))
        out.append(" ".join(("x" if c < 10 else "d") + str(c % 10 + 1) for c in sorted(cards)))
    return out
