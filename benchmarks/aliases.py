"""The shell-safe spellings of a hand against the bracketed ones (issue 27): no slower, in one run.

    python benchmarks/aliases.py            # 20,000 hands, best of 5 rounds
    python benchmarks/aliases.py --quick    # 2,000 hands (seconds)

Each hand (from a fixed seed) has one to three shown melds, claimed, added or
concealed, and a bonus tile half the time, written twice: with brackets and
``|`` (``[EEE] (SSSS) | f1``) and with the aliases (``+EEE _SSSS : f1``).
The same hand with a comment at its end (``# ...``) goes through the full
parser and is shown for reference. Every ratio is against the bracketed
spelling, timed in the same run: the rounds take turns, and the ratio shown is
the median of the rounds' ratios (the time shown is the best round).
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import hands as H  # noqa: E402

BRACKETS = {"claimed": ("[", "]"), "added": ("{", "}"), "concealed": ("(", ")")}
ALIASES = {"claimed": "+", "added": "++", "concealed": "_"}


def _run(tiles) -> str:
    return H._tile_text(tiles)


def meld_hands(n: int, seed: int = 27) -> list[tuple[str, str]]:
    """``n`` winning hk hands as (bracketed text, aliased text)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        tiles = H.complete_hand(rng)
        sets = [tiles[i:i + 3] for i in range(0, 12, 3)]
        eye = tiles[12:]
        shown = rng.randint(1, 3)
        written, aliased, loose = [], [], []
        for k, s in enumerate(sets):
            if k >= shown:
                loose += s
                continue
            kind = "claimed"
            if s[0] == s[1] and rng.random() < 0.5 and tiles.count(s[0]) == 3:
                s = s + [s[0]]  # a kong
                kind = rng.choice(("claimed", "added", "concealed"))
            body = _run(s).replace(" ", "")
            o, c = BRACKETS[kind]
            written.append(o + body + c)
            aliased.append(ALIASES[kind] + body)
        concealed = _run(loose + eye)
        win = "@" + _run(eye[:1])
        bonus = rng.random() < 0.5
        b = f"{concealed} {' '.join(written)}" + (" | f1" if bonus else "") + f" {win}"
        a = f"{concealed} {' '.join(aliased)}" + (" : f1" if bonus else "") + f" {win}"
        out.append((b, a))
    return out


def race(contenders, repeat: int) -> tuple[dict, dict]:
    """The best seconds of each contender, and the median of its per-round ratio to the first (the rounds take
    turns, so that a busy machine slows them alike)."""
    import statistics

    best: dict = {}
    ratios: dict = {name: [] for name, _ in contenders}
    for r in range(repeat):
        times = {}
        for name, fn in (contenders if r % 2 == 0 else contenders[::-1]):
            gc.collect()
            t0 = time.perf_counter()
            fn()
            times[name] = time.perf_counter() - t0
            best[name] = min(best.get(name, float("inf")), times[name])
        for name, _ in contenders:
            ratios[name].append(times[name] / times[contenders[0][0]])
    return best, {name: statistics.median(v) for name, v in ratios.items()}


def library(pairs, repeat: int) -> None:
    from mjcli.mahjong.scoring import score
    from mjcli.mahjong.tiles import parse_hand
    from mjcli.variant import load_builtin

    v = load_builtin("hk")
    bracketed = [b for b, _ in pairs]
    aliased = [a for _, a in pairs]
    full = [b + " # the full parser" for b in bracketed]
    for b, a in pairs[:200]:  # the two spellings are one hand
        assert parse_hand(b) == parse_hand(a), (b, a)

    def parse(texts):
        return lambda: [parse_hand(t) for t in texts]

    def scored(texts):
        return lambda: [score(parse_hand(t, complete=True), v) for t in texts]

    for title, make in (("parse_hand", parse), ("parse and score", scored)):
        rows = [("bracketed", make(bracketed)), ("aliased", make(aliased)), ("full parser", make(full))]
        best, ratio = race(rows, repeat)
        print(f"\n{title}, {len(pairs)} hands (best of {repeat}; ratio: the median of the rounds' ratios):")
        for name, _ in rows:
            print(f"  {name:<12} {best[name] / len(pairs) * 1e6:8.2f} us/hand   x{ratio[name]:5.2f}")


def cli(pairs, repeat: int) -> None:
    exe = Path(sys.executable).with_name("mjcli")
    if not exe.exists():
        print("\nCLI: skipped (no mjcli beside this Python)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        files = {}
        for name, k in (("bracketed", 0), ("aliased", 1)):
            path = Path(tmp) / f"{name}.txt"
            path.write_text("".join(p[k] + "\n" for p in pairs), encoding="utf-8")
            files[name] = path
        env = {k: v for k, v in os.environ.items() if k != "MJCLI_VARIANT"}

        def run(path):
            def go():
                with open(path, "rb") as fin:
                    subprocess.run([str(exe), "score", "-f", "jsonl"], stdin=fin, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, env=env, check=False)
            return go

        rows = [(name, run(path)) for name, path in files.items()]
        rows[0][1]()  # warm-up: the OS cache, the bytecode
        best, ratio = race(rows, repeat)
        print(f"\nmjcli score -f jsonl < file, {len(pairs)} hands (best of {repeat}, start-up included):")
        for name, _ in rows:
            print(f"  {name:<12} {best[name]:8.2f} s   x{ratio[name]:5.2f}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="2,000 hands")
    ap.add_argument("--hands", type=int, default=None)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    n = args.hands or (2_000 if args.quick else 20_000)
    pairs = meld_hands(n)
    print(f"e.g. {pairs[0][0]!r}\n     {pairs[0][1]!r}")
    library(pairs, args.repeat)
    cli(pairs, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
