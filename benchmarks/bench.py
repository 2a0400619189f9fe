"""Benchmark mjcli against its peers, in one run, on the same hands (issue 6).

    python benchmarks/bench.py            # the full run (10,000 hands, CLI over 100,000)
    python benchmarks/bench.py --quick    # a few seconds

Every hand comes from a fixed seed (benchmarks/hands.py), so two runs time
the same work. Each contender is timed ``--repeat`` times, the rounds taking
turns (mjcli, then each peer, then mjcli again...) so that a busy machine
slows them alike; the best round counts. mjcli's first pass, which builds
its lookup tables on the way, is shown as well ("cold").

Peers, when installed (``pip install '.[bench]'``):
- ``mahjong`` (riichi, pure Python): parse, shanten of the 13 tiles, then
  agari for every candidate tile when the hand is ready;
- ``riichienv`` (Rust): parse and ``HandEvaluator.get_waits``.
A missing peer or variant is reported as skipped.

The "my3 worst wait" rows (issue 31) time the slowest of the known worst 3 Kaki hands
(``benchmarks/my3_bound.py``, one process a hand) against ordinary hands of the same size with no Fei and
with one, and the command line's time against the ordinary one's.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import hands as H  # noqa: E402


def best_of(rounds: list[list[float]], i: int) -> float:
    return min(r[i] for r in rounds)


def race(contenders, repeat: int):
    """Time each contender (name, fn) ``repeat`` times, in turns; best seconds per name, and mjcli's first."""
    firsts = {}
    rounds = []
    for r in range(repeat):
        row = []
        order = contenders if r % 2 == 0 else contenders[::-1]
        times = {}
        for name, fn in order:
            gc.collect()
            t0 = time.perf_counter()
            fn()
            times[name] = time.perf_counter() - t0
            firsts.setdefault(name, times[name])
        rounds.append([times[name] for name, _ in contenders])
    return {name: best_of(rounds, i) for i, (name, _) in enumerate(contenders)}, firsts


# --------------------------------------------------------------------------
# contenders


def mjcli_waits(texts, variant):
    from mjcli.mahjong.tiles import parse_hand
    from mjcli.mahjong.waits import waiting_tiles

    def run():
        for text in texts:
            waiting_tiles(parse_hand(text), variant)

    return run


def mahjong_waits(rtexts):
    try:
        from mahjong.agari import Agari
        from mahjong.shanten import Shanten
        from mahjong.tile import TilesConverter
    except ImportError:
        return None
    shanten = Shanten()
    to34 = TilesConverter.one_line_string_to_34_array
    agari = Agari.is_agari

    def run():
        for text in rtexts:
            counts = to34(text)
            if shanten.calculate_shanten(counts) != 0:
                continue
            for t in range(34):
                if counts[t] < 4:
                    counts[t] += 1
                    agari(counts)
                    counts[t] -= 1

    return run


def riichienv_waits(rtexts):
    try:
        from riichienv import HandEvaluator, parse_hand
    except ImportError:
        return None

    def run():
        for text in rtexts:
            tiles, melds = parse_hand(text)
            HandEvaluator(list(tiles), list(melds)).get_waits()

    return run


def agreement(texts, rtexts, variant) -> str:
    """How often mjcli and riichienv list the same waits (riichi also plays seven pairs)."""
    try:
        from riichienv import HandEvaluator, parse_hand as rparse
    except ImportError:
        return ""
    from mjcli.mahjong.tiles import parse_hand
    from mjcli.mahjong.waits import waiting_tiles

    same = 0
    for text, rtext in zip(texts, rtexts):
        tiles, melds = rparse(rtext)
        theirs = set(HandEvaluator(list(tiles), list(melds)).get_waits())
        ours = set(waiting_tiles(parse_hand(text), variant))
        same += ours == theirs
    why = "" if same == len(texts) else " (riichi also wins on seven pairs)"
    return f"mjcli and riichienv list the same waits on {same:,} of {len(texts):,} hands{why}"


# --------------------------------------------------------------------------


def rate(n: int, seconds: float) -> float:
    return n / seconds if seconds > 0 else float("inf")


def fmt_rate(x: float | None) -> str:
    return "-" if x is None else f"{x:,.0f}"


def load(vid: str):
    from mjcli.errors import MjError
    from mjcli.variant import load_builtin

    try:
        return load_builtin(vid)
    except MjError as exc:
        return exc


def startup(mjcli_exe: str, runs: int):
    """Median seconds of `mjcli rules hk` and of importing click, yaml and tabulate, taking turns."""
    base, ours = [], []
    # as after `pip install`: compiled bytecode is there (a run first writes it if needed)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([mjcli_exe, "rules", "hk"], check=True, stdout=subprocess.DEVNULL, env=env)
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import click, yaml, tabulate"], check=True, env=env)
        base.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        subprocess.run([mjcli_exe, "rules", "hk"], check=True, stdout=subprocess.DEVNULL, env=env)
        ours.append(time.perf_counter() - t0)
    return statistics.median(ours), statistics.median(base)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=10_000, help="ready hands per wait test (default 10,000)")
    ap.add_argument("--score-hands", type=int, default=10_000, help="winning hands for score (default 10,000)")
    ap.add_argument("--cli-hands", type=int, default=100_000, help="hands in the file for the CLI test (default 100,000)")
    ap.add_argument("--repeat", type=int, default=5, help="rounds per contender; the best counts (default 5)")
    ap.add_argument("--startup-runs", type=int, default=15, help="runs of each start-up command (default 15)")
    ap.add_argument("--quick", action="store_true", help="2,000 hands, 10,000 for the CLI, 3 rounds, 5 start-ups")
    ap.add_argument("--skip", action="append", default=[],
                    choices=["peers", "my3", "bound", "paohuzi", "score", "cli", "startup"],
                    help="leave a part out (repeatable)")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = ap.parse_args(argv)
    if args.quick:
        args.hands, args.score_hands, args.cli_hands, args.repeat, args.startup_runs = 2_000, 2_000, 10_000, 3, 5

    rows = []  # (measure, mjcli rate, baseline name, baseline rate, ratio text, target, ok)
    notes = []

    def add(measure, ours, base_name="", base=None, ratio=None, target="", ok=None):
        rows.append([measure, ours, base_name, base, ratio, target, ok])

    hk = load("hk")
    ready = H.ready_hk(args.hands)
    texts = [H.hk_text(t) for t in ready]
    rtexts = [H.riichi_text(t) for t in ready]

    # --- hk waits against the peers ---------------------------------------
    contenders = [("mjcli", mjcli_waits(texts, hk))]
    if "peers" not in args.skip:
        for name, make in (("mahjong", mahjong_waits), ("riichienv", riichienv_waits)):
            fn = make(rtexts)
            if fn is None:
                notes.append(f"{name}: not installed, skipped (pip install '.[bench]')")
            else:
                contenders.append((name, fn))
    best, firsts = race(contenders, args.repeat)
    n = len(texts)
    hk_rate = rate(n, best["mjcli"])
    add("hk waits (parse + all waits), cold", rate(n, firsts["mjcli"]))
    add("hk waits (parse + all waits)", hk_rate)
    if "mahjong" in best:
        r = hk_rate / rate(n, best["mahjong"])
        add("  vs mahjong (riichi, Python)", hk_rate, "mahjong", rate(n, best["mahjong"]), f"{r:.1f}x", ">= 10x", r >= 10)
    if "riichienv" in best:
        r = rate(n, best["riichienv"]) / hk_rate
        add("  vs riichienv (Rust)", hk_rate, "riichienv", rate(n, best["riichienv"]), f"1/{r:.2f}", "within 3x", r <= 3)
        notes.append(agreement(texts[:2000], rtexts[:2000], hk))

    # --- my3 waits with Fei ------------------------------------------------
    if "my3" not in args.skip:
        my3 = load("my3")
        if isinstance(my3, Exception):
            notes.append(f"my3: skipped ({my3})")
        else:
            for fei in (1, 2):
                mt = [H.hk_text(t) for t in H.ready_my3(args.hands, fei)]
                b, f = race([("mjcli", mjcli_waits(mt, my3))], args.repeat)
                rr = rate(len(mt), b["mjcli"])
                r = rr / hk_rate
                add(f"my3 waits, {fei} Fei", rr, "hk waits", hk_rate, f"{r:.2f}x", ">= 0.5x", r >= 0.5)

    # --- my3: the worst hands against an ordinary one (issue 31) -----------
    if "bound" not in args.skip:
        import my3_bound as B

        repeat = max(3, args.repeat)
        kind = "wait 14"
        base = B.measure(kind, B.ORDINARY[kind], repeat)
        base_fei = B.measure(kind, B.ORDINARY_FEI[kind], repeat)
        worst = max((B.measure(k, line, repeat) for k, line in B.KNOWN if k == kind), key=lambda r: r["seconds"])
        r0, r1 = worst["seconds"] / base["seconds"], worst["seconds"] / base_fei["seconds"]
        rows.append([f"my3 worst wait (14 tiles, {worst['hand']}), {worst['seconds'] * 1000:.0f} ms", None,
                     "the same, no Fei / one Fei", None, f"{r0:.1f}x / {r1:.1f}x time", "within 10x",
                     r0 <= 10 and r1 <= 10])
        rc = worst["cli"] / base["cli"]
        rows.append([f"  the same, mjcli wait -v my3 HAND ({worst['cli']:.2f} s)", None, "the same, no Fei", None,
                     f"{rc:.2f}x time", "within 10x", rc <= 10])
        rows.append([f"  its heap peak {worst['traced_mb']:.1f} MB, resident {worst['rss_mb']:.0f} MB", None, "", None,
                     "", "under 100 MB", worst["traced_mb"] < 100 and worst["rss_mb"] < 100])

    # --- paohuzi waits -----------------------------------------------------
    if "paohuzi" not in args.skip:
        ph = load("paohuzi")
        gen = getattr(H, "ready_paohuzi", None)
        if isinstance(ph, Exception):
            notes.append(f"paohuzi: skipped ({ph})")
        elif gen is None:
            notes.append("paohuzi: skipped (no hand generator yet)")
        else:
            pt = gen(max(200, args.hands // 10))
            try:
                from mjcli.games.paohuzi import wait_text as pwait

                b, _ = race([("mjcli", lambda: [pwait(t, ph) for t in pt])], args.repeat)
                pr = rate(len(pt), b["mjcli"])
                add("paohuzi waits", pr, "", None, "", ">= 2,000/s", pr >= 2000)
            except ImportError as exc:
                notes.append(f"paohuzi: skipped ({exc})")

    # --- score -------------------------------------------------------------
    if "score" not in args.skip:
        from mjcli.mahjong.scoring import score
        from mjcli.mahjong.tiles import parse_hand

        win = H.winning_hk(args.score_hands)
        st = [H.winning_text(t) for t in win]
        b, f = race([("mjcli", lambda: [score(parse_hand(t), hk) for t in st])], args.repeat)
        sr = rate(len(st), b["mjcli"])
        add("hk score (parse + best reading + patterns)", sr, "", None, "", ">= 20,000/s", sr >= 20_000)

    # --- the command line over a file --------------------------------------
    if "cli" not in args.skip:
        from mjcli.api import wait_line

        exe = str(Path(sys.executable).with_name("mjcli"))
        cli_hands = [H.hk_text(t) for t in H.ready_hk(args.cli_hands, seed=61)]
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "hands.txt"
            path.write_text("\n".join(cli_hands) + "\n")
            gc.collect()
            t0 = time.perf_counter()
            for text in cli_hands:
                wait_line(text, hk).as_dict()
            lib = time.perf_counter() - t0
            with open(path, "rb") as fin:
                t0 = time.perf_counter()
                proc = subprocess.run([exe, "wait", "--format", "jsonl"], stdin=fin, stdout=subprocess.PIPE)
                cli = time.perf_counter() - t0
            lines = proc.stdout.count(b"\n")
            if lines != len(cli_hands):
                notes.append(f"CLI answered {lines} lines of {len(cli_hands)}")
            first = json.loads(proc.stdout.split(b"\n", 1)[0])
            want = wait_line(cli_hands[0], hk).as_dict()
            if first.get("waits") != want["waits"]:
                notes.append("CLI and library disagree on the first hand")
        r = cli / lib
        add(f"CLI wait --format jsonl, {len(cli_hands):,} hands", rate(len(cli_hands), cli), "library wait_line",
            rate(len(cli_hands), lib), f"{r:.2f}x time", "within 1.5x", r <= 1.5)

    # --- start-up -----------------------------------------------------------
    if "startup" not in args.skip:
        exe = str(Path(sys.executable).with_name("mjcli"))
        ours, base = startup(exe, args.startup_runs)
        r = ours / base
        rows.append([f"start-up: mjcli rules hk ({ours * 1000:.0f} ms)", None, "import click, yaml, tabulate",
                     None, f"{r:.2f}x time ({base * 1000:.0f} ms)", "within 1.3x", r <= 1.3])

    # --- report --------------------------------------------------------------
    print(f"mjcli benchmark: Python {platform.python_version()} on {platform.machine()}, "
          f"{os.cpu_count()} cores; {args.hands:,} ready hands, {args.score_hands:,} winning hands, "
          f"best of {args.repeat} rounds")
    header = ["measure", "mjcli hands/s", "baseline", "baseline hands/s", "ratio", "target", "met"]
    table = [[m, fmt_rate(o), bn, fmt_rate(b), rt or "", tg, "" if ok is None else ("yes" if ok else "NO")]
             for m, o, bn, b, rt, tg, ok in rows]
    widths = [max(len(str(x)) for x in col) for col in zip(header, *table)]
    for i, line in enumerate([header] + table):
        print("  ".join(str(x).ljust(w) if j in (0, 2, 5) else str(x).rjust(w) for j, (x, w) in enumerate(zip(line, widths))))
        if i == 0:
            print("  ".join("-" * w for w in widths))
    for n_ in notes:
        if n_:
            print("note: " + n_)
    if args.json:
        Path(args.json).write_text(json.dumps({"header": header, "rows": table, "notes": notes}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
