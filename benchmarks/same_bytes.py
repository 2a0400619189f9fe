"""Do two versions of mjcli give byte-identical answers on hk, sg, my3, paohuzi, tw and mcr? (a move changed none)

    python benchmarks/same_bytes.py --base main                 # 30,000 generated hands a variant
    python benchmarks/same_bytes.py --base main --lines 3000 --cache ~/same-cache
    python benchmarks/same_bytes.py --base HEAD --base-only --cache ~/same-cache   # fill one side's cache

``--base`` is a git revision; its tree is taken out with ``git archive`` and run from there, the other side is
this checkout (``--new`` another revision), as ``benchmarks/my3_same.py`` does. Each side answers, for each of
hk, sg, my3, paohuzi, tw and mcr (``--variants`` fewer):

- ``--lines`` generated hands from a fixed seed: complete hands with shown melds, bonus tiles and context words
  (``score -f jsonl``), the same hands less one tile, and with one tile changed (``wait -f jsonl``); tw's hands
  have five sets and an eye; the 3 Kaki hands are those of ``benchmarks/my3_hands.py``; Paohuzi's are seven
  groups of three cards (``benchmarks/hands.py``) with the winning card named, and the same less one card;
- the example files ``examples/*.txt`` and the corpora under ``tests/data`` (``score`` and ``wait``, jsonl and
  tables).

Standard output and the exit code of every run must be the same bytes. Exits 0 when all agree, 1 on the first
difference (named: command, input, line).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import hands  # noqa: E402
import my3_hands  # noqa: E402
from my3_same import first_difference, run_both  # noqa: E402

VARIANTS = ("hk", "sg", "my3", "paohuzi", "tw", "mcr")
SETS = {"tw": 5}  # sets beside the eye (4 elsewhere)
WORDS = ["", "", "", "zimo", "seat=S", "seat=W round=S", "last-tile", "kong-replacement", "rob-kong", "heavenly",
         "earthly", "last-discard", "zimo seat=N"]
MORE_WORDS = {"tw": ["lian=1", "lian=2 zimo", "seat=S zimo"]}
BONUS = {"hk": ["f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4"],
         "sg": ["f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4", "cat", "mouse", "rooster", "centipede"]}
BONUS["tw"] = BONUS["mcr"] = BONUS["hk"]


def _code(t: int) -> str:
    return hands.HONOURS[t - 27] if t >= 27 else f"{t % 9 + 1}{'mps'[t // 9]}"


def _complete(rng: random.Random, sets: int) -> list[int]:
    """``sets`` sets and an eye (hands.complete_hand for four), at most four copies of a tile."""
    if sets == 4:
        return hands.complete_hand(rng)
    while True:
        tiles: list[int] = []
        for _ in range(sets):
            if rng.random() < 0.5:
                start = 9 * rng.randrange(3) + rng.randrange(7)
                tiles += [start, start + 1, start + 2]
            else:
                tiles += [rng.randrange(34)] * 3
        tiles += [rng.randrange(34)] * 2
        if all(tiles.count(t) <= 4 for t in set(tiles)):
            return tiles


def _line(rng: random.Random, vid: str) -> tuple[str, str]:
    """(a complete hand to score, a hand to wait on) for a mahjong table of sets and an eye."""
    sets = SETS.get(vid, 4)
    sets_eye = _complete(rng, sets)
    groups = [sets_eye[i:i + 3] for i in range(0, 3 * sets, 3)]
    shown, concealed = [], list(sets_eye[3 * sets:])
    for g in groups:
        if rng.random() < 0.25:
            kong = g[0] == g[1] == g[2] and sets_eye.count(g[0]) == 3 and rng.random() < 0.4
            text = "".join(_code(t)[0] for t in g) + ("" if g[0] >= 27 else _code(g[0])[1])
            if kong:
                text = _code(g[0])[0] * 4 + ("" if g[0] >= 27 else _code(g[0])[1])
            shown.append(f"({text})" if kong and rng.random() < 0.5 else f"[{text}]")
        else:
            concealed += g
    win = rng.choice(concealed)
    bonus = rng.sample(BONUS[vid], rng.choice([0, 0, 1, 2, 3, 8 if rng.random() < 0.02 else 1]))
    word = rng.choice(WORDS + MORE_WORDS.get(vid, []))
    body = " ".join([hands.hk_text(concealed)] + shown)
    tail = (" | " + " ".join(bonus) if bonus else "")
    score = f"{body}{tail} @{_code(win)} {word}".rstrip()
    if rng.random() < 0.5:
        left = list(concealed)
        left.remove(rng.choice(left))
    else:
        left = list(concealed)
        left[rng.randrange(len(left))] = rng.randrange(34)
    wait = " ".join([hands.hk_text(left)] + shown) + tail
    return score, wait


def _paohuzi(n: int, seed: int) -> tuple[list[str], list[str]]:
    """Seven groups of three cards with the winning card named (``@x3``, sometimes ``self``), and less one card."""
    rng = random.Random(f"paohuzi{seed}")
    triples = hands._paohuzi_triples()
    name = lambda c: ("x" if c < 10 else "d") + str(c % 10 + 1)  # noqa: E731
    scores, waits = [], []
    while len(scores) < n:
        cards = [c for _ in range(7) for c in rng.choice(triples)]
        if any(cards.count(c) > 3 for c in set(cards)):
            continue
        text = " ".join(name(c) for c in sorted(cards))
        scores.append(f"{text} @{name(rng.choice(cards))}" + (" self" if rng.random() < 0.2 else ""))
        cards.remove(rng.choice(cards))
        waits.append(" ".join(name(c) for c in sorted(cards)))
    return scores, waits


def generated(vid: str, n: int, seed: int) -> tuple[list[str], list[str]]:
    if vid == "my3":
        lines = my3_hands.generate(n, seed)
        return lines, lines
    if vid == "paohuzi":
        return _paohuzi(n, seed)
    rng = random.Random(f"{vid}{seed}")
    pairs = [_line(rng, vid) for _ in range(n)]
    return [p[0] for p in pairs], [p[1] for p in pairs]


def corpus_lines(vid: str) -> list[str]:
    """The variant's hands in the example files and the test corpora."""
    out = []
    for path in sorted((ROOT / "examples").glob("*.txt")):
        if path.stem.split("-")[0] == vid:
            out += [x for x in path.read_text(encoding="utf-8").splitlines() if x.strip() and not x.startswith("#")]
    for path in sorted((ROOT / "tests/data").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.startswith("{"):
                continue
            rec = json.loads(line)
            if rec.get("variant", "hk") == vid:
                text = rec.get("text", rec.get("hand"))
                if isinstance(text, str) and "\n" not in text:
                    out.append(text)
    return out


def jobs_for(n: int, seed: int, chunk: int, variants=VARIANTS) -> list:
    jobs = []
    for vid in variants:
        corpus = "".join(x + "\n" for x in corpus_lines(vid))
        for argv in (["score", "-f", "jsonl"], ["score", "--all", "-f", "jsonl"], ["wait", "-f", "jsonl"],
                     ["score"], ["wait"]):
            jobs.append((f"{vid} corpus", [argv[0], "-v", vid, *argv[1:]], corpus))
        scores, waits = generated(vid, n, seed)
        for start in range(0, n, chunk):
            label = f"{vid} lines {start + 1}-{min(start + chunk, n)}"
            jobs.append((label, ["score", "-v", vid, "-f", "jsonl"], "".join(x + "\n" for x in scores[start:start + chunk])))
            jobs.append((label, ["wait", "-v", vid, "-f", "jsonl"], "".join(x + "\n" for x in waits[start:start + chunk])))
    return jobs


def _rev(rev: str) -> str:
    import subprocess

    return subprocess.run(["git", "rev-parse", "--verify", rev + "^{commit}"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()


def compare_cached(args, jobs) -> int:
    """The runs both sides have in ``--cache`` compared byte for byte; the rest named as not compared."""
    keys = [_rev(args.base)[:12], _rev(args.new or "HEAD")[:12]]
    same, missing = 0, []
    lines = 0
    for label, argv_, text in jobs:
        digest = hashlib.sha256((" ".join(argv_) + "\0" + text).encode()).hexdigest()[:20]
        paths = [args.cache / f"{k}-{digest}.out" for k in keys]
        if not all(p.exists() for p in paths):
            missing.append(f"{argv_[0]} {label}")
            continue
        a, b = (p.read_bytes() for p in paths)
        if a != b:
            print(f"DIFFERENT: mjcli {' '.join(argv_)} on {label}: {first_difference(a, b)}")
            return 1
        same += 1
        lines += text.count("\n")
    print(f"same bytes: {same} of {len(jobs)} runs ({lines:,} input lines) in the cache of both sides; "
          f"not compared: {', '.join(missing) or 'none'}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", required=True, help="the git revision to compare against")
    ap.add_argument("--new", help="a git revision for the other side (default: this checkout as it is)")
    ap.add_argument("--lines", type=int, default=30_000, help="generated hands a variant (default 30,000)")
    ap.add_argument("--seed", type=int, default=28, help="the generator's seed (default 28)")
    ap.add_argument("--chunk", type=int, default=2000, help="lines per process (default 2,000)")
    ap.add_argument("--variants", default=",".join(VARIANTS), help="the variants, comma-separated (default all)")
    ap.add_argument("--cache", type=Path, help="keep and reuse each committed side's outputs here")
    ap.add_argument("--base-only", action="store_true", help="only answer with the base (to fill the cache)")
    ap.add_argument("--cached-only", action="store_true",
                    help="compare only the runs both committed sides have in the cache (a partial check)")
    args = ap.parse_args(argv)
    variants = tuple(v for v in args.variants.split(",") if v)
    jobs = jobs_for(args.lines, args.seed, args.chunk, variants)
    if args.cached_only:
        return compare_cached(args, jobs)
    if args.cache is not None:
        args.cache.mkdir(parents=True, exist_ok=True)
    got = run_both(args, jobs)
    if isinstance(got, int):
        return got
    new, t_base, t_new = got
    answered = sum(x.count(b"\n") for x in new)
    print(f"same bytes: {len(jobs)} runs ({args.lines:,} generated hands a variant for {', '.join(variants)}, seed "
          f"{args.seed}, and the examples and corpora; {answered:,} output lines); base {t_base:.0f} s, "
          f"new {t_new:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
