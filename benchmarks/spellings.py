"""One hand, many spellings: generated hands per variant, written spaced and compact (as riichi tools write them).

    python benchmarks/spellings.py write DIR                 # 30,000 hands a file (fixed seeds)
    python benchmarks/spellings.py write DIR --hands 3000
    python benchmarks/spellings.py run DIR OUT [--mjcli EXE] # score and wait -f jsonl of every file into OUT
    python benchmarks/spellings.py same OUT_A OUT_B          # every output byte-identical (old code against new)

For each variant (hk, sg, my3) and each command (``score``: winning hands, ``wait``: ready hands) the same
hands are written three ways:

- ``spaced``: a word a suit, honours as letters (``77m 333444p WWWFFF @F``);
- ``compact``: one word, honours as ``z`` digits, as riichi tools write them (``77m333444p333666z @6z``);
- ``mixed``: each word at random spaced or glued to the next, in any documented spelling (upper-case
  suit letters, lower-case honours, ``j``, ``z`` digits, commas, ``@`` glued, ``tsumo``, ``seat=east``,
  melds in either spelling, the bonus bar and its aliases), for the check only.

A my3 hand holds free Fei (``J``), written inside or after a run in the compact spellings (``13Jp``, ``13pJ``).
``run`` writes one output file per input file and command; ``same`` compares two such directories file by file
and exits 1 at the first difference. ``compact`` against ``spaced`` is the hand mix of the like-for-like row.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import hands as H  # noqa: E402

HONOURS = "ESWNPFC"
VARIANTS = {"hk": dict(suits=(0, 1, 2), fei=0), "sg": dict(suits=(0, 1, 2), fei=0), "my3": dict(suits=(1,), fei=2)}
SEEDS = {"hk": 281, "sg": 282, "my3": 283}


def hands_of(variant: str, n: int, ready: bool) -> list[list[int]]:
    """``n`` hands of ``variant`` (tile lists, 34 a Fei): 13 tiles when ``ready``, else 14 with the winning tile
    last."""
    spec = VARIANTS[variant]
    rng = random.Random(SEEDS[variant] + ready)
    out = []
    for _ in range(n):
        tiles = H.complete_hand(rng, suits=spec["suits"])
        for i in rng.sample(range(14), rng.randint(0, spec["fei"])):
            tiles[i] = 34
        win = tiles.pop(rng.randrange(14))
        out.append(sorted(tiles) if ready else sorted(tiles) + [win])
    return out


def _runs(tiles, honours_as_z: bool) -> list[str]:
    """A word a suit (sorted), honours as letters or ``z`` digits, Fei last on their own."""
    words = []
    for s, name in enumerate("mps"):
        run = "".join(str(t - 9 * s + 1) for t in sorted(tiles) if 9 * s <= t < 9 * s + 9)
        if run:
            words.append(run + name)
    hon = [t for t in sorted(tiles) if 27 <= t < 34]
    if hon:
        words.append("".join(str(t - 26) for t in hon) + "z" if honours_as_z else "".join(HONOURS[t - 27] for t in hon))
    fei = sum(1 for t in tiles if t == 34)
    if fei:
        words.append("J" * fei)
    return words


def _win_code(t: int, honours_as_z: bool) -> str:
    if t == 34:
        return "J"
    if t >= 27:
        return f"{t - 26}z" if honours_as_z else HONOURS[t - 27]
    return f"{t % 9 + 1}{'mps'[t // 9]}"


def spaced(tiles, win) -> str:
    text = " ".join(_runs(tiles, False))
    return text if win is None else f"{text} @{_win_code(win, False)}"


def compact(tiles, win) -> str:
    words = _runs(tiles, True)
    if len(words) > 1 and words[-1].startswith("J") and len(words[-2]) > 1:  # the Fei inside the last run: 13Jp
        fei = words.pop()
        words[-1] = words[-1][:-1] + fei + words[-1][-1]
    text = "".join(words)
    return text if win is None else f"{text} @{_win_code(win, True)}"


def mixed(tiles, win, rng: random.Random) -> str:
    """The hand in a random mix of documented spellings (the same hand as :func:`spaced`)."""
    tiles = list(tiles)
    rng.shuffle(tiles)
    words = []
    for s, name in enumerate("mps"):
        run = "".join(str(t - 9 * s + 1) for t in tiles if 9 * s <= t < 9 * s + 9)
        if run:
            words.append(run + (name.upper() if rng.random() < 0.2 else name))
    hon = [t for t in tiles if 27 <= t < 34]
    if hon:
        if rng.random() < 0.5:
            words.append("".join(str(t - 26) for t in hon) + rng.choice("zZ"))
        else:
            words.append("".join(HONOURS[t - 27].lower() if HONOURS[t - 27] in "EWNCF" and rng.random() < 0.3
                                 else HONOURS[t - 27] for t in hon))
    for t in tiles:
        if t == 34:
            k = rng.randrange(len(words) + 1)
            if k < len(words) and words[k][0].isdigit() and rng.random() < 0.5:  # 1J3p: the Fei inside a run
                w = words[k]
                cut = rng.randrange(1, len(w))
                words[k] = w[:cut] + rng.choice("Jj") + w[cut:]
            else:
                words.insert(k, rng.choice("Jj"))
    text = words[0]
    for w in words[1:]:
        text += rng.choice(("", "", " ", ",", "  ")) + w
    if win is not None:
        code = _win_code(win, rng.random() < 0.5)
        text += ("@" if rng.random() < 0.3 else " @") + code
    context = []
    if rng.random() < 0.2:
        context.append(rng.choice(("zimo", "tsumo", "self-drawn", "ZIMO")))
    if rng.random() < 0.2:
        context.append("seat=" + rng.choice(("S", "east", "Nan", "w", "3z")))
    if rng.random() < 0.1:
        context.append("round=" + rng.choice(("E", "south", "xi")))
    if rng.random() < 0.1:
        context.append(rng.choice(("last-tile", "kong-replacement", "rob-kong")))
    if rng.random() < 0.2:
        text += rng.choice((" | ", " : ", " |")) + rng.choice(("f1", "F2", "s3", "f1 s1", "a1", "cat"))
    rng.shuffle(context)
    return " ".join([text] + context)


def write(out: Path, n: int) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for variant in VARIANTS:
        rng = random.Random(SEEDS[variant] * 7)
        for command, ready in (("score", False), ("wait", True)):
            hs = hands_of(variant, n, ready)
            pairs = [(h, None) if ready else (h[:-1], h[-1]) for h in hs]
            for spelling in ("spaced", "compact", "mixed"):
                if spelling == "mixed":
                    lines = [mixed(t, w, rng) for t, w in pairs]
                else:
                    fn = spaced if spelling == "spaced" else compact
                    lines = [fn(t, w) for t, w in pairs]
                path = out / f"{variant}-{command}-{spelling}.txt"
                path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
                paths.append(path)
    return paths


def run(src: Path, out: Path, exe: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for path in sorted(src.glob("*.txt")):
        variant, command, _ = path.stem.split("-")
        with open(path, "rb") as fin, open(out / (path.stem + ".jsonl"), "wb") as fout:
            proc = subprocess.run([exe, command, "-v", variant, "-f", "jsonl"], stdin=fin, stdout=fout,
                                  stderr=subprocess.PIPE)
        (out / (path.stem + ".rc")).write_text(f"{proc.returncode}\n{proc.stderr.decode()}", encoding="utf-8")


def same(a: Path, b: Path) -> int:
    names = sorted(p.name for p in a.iterdir())
    if names != sorted(p.name for p in b.iterdir()):
        print(f"spellings: {a} and {b} hold different files")
        return 1
    for name in names:
        if (a / name).read_bytes() != (b / name).read_bytes():
            print(f"spellings: {name} differs")
            return 1
    print(f"spellings: {len(names)} files byte-identical")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    w = sub.add_parser("write")
    w.add_argument("dir", type=Path)
    w.add_argument("--hands", type=int, default=30_000)
    r = sub.add_parser("run")
    r.add_argument("dir", type=Path)
    r.add_argument("out", type=Path)
    r.add_argument("--mjcli", default=str(Path(sys.executable).with_name("mjcli")))
    s = sub.add_parser("same")
    s.add_argument("a", type=Path)
    s.add_argument("b", type=Path)
    args = ap.parse_args(argv)
    if args.what == "write":
        for p in write(args.dir, args.hands):
            print(p)
        return 0
    if args.what == "run":
        run(args.dir, args.out, args.mjcli)
        return 0
    return same(args.a, args.b)


if __name__ == "__main__":
    sys.exit(main())
