"""Like for like: the mjcli command against the `mahjong` package doing the same job on the same hands.

    pip install '.[bench]'                       # mjcli with its peers
    python benchmarks/likeforlike.py             # 30,000 hands, 5 rounds (a few minutes)
    python benchmarks/likeforlike.py --quick     # 3,000 hands, 3 rounds
    python benchmarks/likeforlike.py --only shanten-cli   # one row: wait on 30,000 hands not ready

Every figure is a whole process, timed from outside, in rounds that take turns
(mjcli, then the peer; the next round the other way round), so a busy machine
slows both alike. The median round counts, and each ratio is the median of the
rounds' own ratios, so that it holds when the machine's speed drifts.

- wait: ``mjcli wait --format jsonl`` over ready hk hands, against
  benchmarks/peer_mahjong.py (shanten, then for every winning tile agari and
  ``estimate_hand_value`` on a discard and on a self-draw);
- score: ``mjcli score --format jsonl`` over winning hands, against the peer's
  ``estimate_hand_value``;
- score, compact: the same winning hands written as riichi tools write them (``77m333444p333666z @6z``,
  benchmarks/spellings.py) against the peer, and against mjcli on the spaced spelling (the same work: the
  ratio is what the compact spelling costs);
- start-up: ``mjcli score HAND`` and ``mjcli rules hk`` against
  ``python -c "import click, yaml, tabulate"``;
- library: hk waits in one process (parse + every wait) against ``mahjong``
  (shanten + agari) and ``riichienv`` (``get_waits``), as benchmarks/bench.py;
- shanten (issue 30): ``mjcli wait --format jsonl --look-ahead 0`` over random hk deals
  that are not ready, against benchmarks/peer_mahjong.py (shanten, then every tile that
  lowers it, with its unseen count); and in one process the shanten of a hand from its
  text (``mjcli.mahjong.shanten.shanten_text``) against ``mahjong`` (its converter, then
  ``calculate_shanten``) and ``riichienv`` (``parse_hand``, then ``calculate_shanten``);
- jobs: ``mjcli score --jobs 0`` (every core) against ``--jobs 1`` on a big batch,
  when the installed mjcli has ``--jobs``.
Hands come from fixed seeds (benchmarks/hands.py): every run times the same work.
"""

from __future__ import annotations

import argparse
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
import spellings as S  # noqa: E402

HONOURS = "ESWNPFC"


def exe_path() -> str:
    """The `mjcli` script beside this Python (as `pip install` leaves it)."""
    exe = Path(sys.executable).with_name("mjcli")
    if not exe.exists():
        sys.exit(f"likeforlike: no mjcli beside {sys.executable}: install mjcli into this environment first "
                 "(pip install '.[bench]')")
    return str(exe)


def clean_env() -> dict:
    # as after `pip install`: bytecode is compiled and may be written
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_once(cmd: list[str], stdin_path: str | None, env: dict) -> float:
    with tempfile.TemporaryFile() as out:
        fin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
        try:
            t0 = time.perf_counter()
            proc = subprocess.run(cmd, stdin=fin, stdout=out, stderr=subprocess.PIPE, env=env)
            dt = time.perf_counter() - t0
        finally:
            if stdin_path:
                fin.close()
    if proc.returncode not in (0, 1):  # 1: some hands do not win; still answered
        sys.exit(f"likeforlike: {' '.join(cmd)} exited {proc.returncode}: {proc.stderr.decode()[:300]}")
    return dt


def duel(a: list[str], b: list[str], rounds: int, env: dict, stdin_path: str | None = None):
    """Median seconds of A and of B, and the median of the per-round ratios B/A, taking turns."""
    run_once(a, stdin_path, env)  # warm-up: the OS cache, the bytecode
    run_once(b, stdin_path, env)
    ta, tb = [], []
    for r in range(rounds):
        if r % 2 == 0:
            ta.append(run_once(a, stdin_path, env))
            tb.append(run_once(b, stdin_path, env))
        else:
            tb.append(run_once(b, stdin_path, env))
            ta.append(run_once(a, stdin_path, env))
    ratios = [y / x for x, y in zip(ta, tb)]
    return statistics.median(ta), statistics.median(tb), statistics.median(ratios)


def duel_files(cmd: list[str], path_a: str, path_b: str, rounds: int, env: dict):
    """Median seconds of ``cmd`` on file A and on file B, and the median of the per-round ratios B/A, taking
    turns (one command, two spellings of the same hands)."""
    run_once(cmd, path_a, env)
    run_once(cmd, path_b, env)
    ta, tb = [], []
    for r in range(rounds):
        order = ((ta, path_a), (tb, path_b)) if r % 2 == 0 else ((tb, path_b), (ta, path_a))
        for times, path in order:
            times.append(run_once(cmd, path, env))
    return statistics.median(ta), statistics.median(tb), statistics.median(y / x for x, y in zip(ta, tb))


def code_of(t: int) -> str:
    return HONOURS[t - 27] if t >= 27 else f"{t % 9 + 1}{'mps'[t // 9]}"


def not_ready_hk(n: int) -> list[list[int]]:
    """``n`` random hk deals that are not ready (the rare ready deal is skipped)."""
    from mjcli.mahjong.shanten import shanten_text
    from mjcli.variant import load_builtin

    hk = load_builtin("hk")
    deals = H.dealt_hk(n + n // 20 + 50, seed=30)
    return [t for t in deals if shanten_text(H.hk_text(t), hk) > 0][:n]


def write_files(tmp: Path, n: int):
    ready = H.ready_hk(n, seed=15)
    win = H.winning_hk(n, seed=16)
    far = not_ready_hk(n)
    files = {
        "shanten_mjcli": "\n".join(H.hk_text(t) for t in far),
        "shanten_peer": "\n".join(H.riichi_text(t) for t in far),
        "wait_mjcli": "\n".join(H.hk_text(t) for t in ready),
        "wait_peer": "\n".join(H.riichi_text(t) for t in ready),
        "score_mjcli": "\n".join(H.winning_text(t) for t in win),
        "score_compact": "\n".join(S.compact(sorted(t[:-1]), t[-1]) for t in win),
        "score_peer": "\n".join(f"{H.riichi_text(t[:-1])} {H.riichi_text([t[-1]])}" for t in win),
    }
    paths = {}
    for name, text in files.items():
        paths[name] = str(tmp / f"{name}.txt")
        Path(paths[name]).write_text(text + "\n", encoding="utf-8")
    return paths


def library_rows(n: int, rounds: int):
    """hk waits in one process: mjcli against mahjong and riichienv (median of the per-round ratios)."""
    import bench as B
    from mjcli.variant import load_builtin

    hk = load_builtin("hk")
    ready = H.ready_hk(n)
    texts = [H.hk_text(t) for t in ready]
    rtexts = [H.riichi_text(t) for t in ready]
    contenders = [("mjcli", B.mjcli_waits(texts, hk))]
    for name, make in (("mahjong", B.mahjong_waits), ("riichienv", B.riichienv_waits)):
        fn = make(rtexts)
        if fn is not None:
            contenders.append((name, fn))
    contenders[0][1]()  # the tables are built once per process: not a round's cost
    per = {name: [] for name, _ in contenders}
    for r in range(rounds):
        order = contenders if r % 2 == 0 else contenders[::-1]
        for name, fn in order:
            t0 = time.perf_counter()
            fn()
            per[name].append(time.perf_counter() - t0)
    out = {}
    for name in per:
        if name != "mjcli":
            out[name] = statistics.median(b / a for a, b in zip(per["mjcli"], per[name]))
    return statistics.median(per["mjcli"]), out


def shanten_rows(n: int, rounds: int):
    """The shanten of a hand from its text, in one process: mjcli against mahjong and riichienv."""
    from mjcli.mahjong.shanten import shanten_text
    from mjcli.variant import load_builtin

    hk = load_builtin("hk")
    deals = H.dealt_hk(n, seed=31)
    texts = [H.hk_text(t) for t in deals]
    rtexts = [H.riichi_text(t) for t in deals]

    def mjcli_run():
        for text in texts:
            shanten_text(text, hk)

    contenders = [("mjcli", mjcli_run)]
    try:
        from mahjong.shanten import Shanten
        from mahjong.tile import TilesConverter

        calc = Shanten().calculate_shanten
        conv = TilesConverter.one_line_string_to_34_array

        def mahjong_run():
            for text in rtexts:
                calc(conv(text), use_chiitoitsu=False, use_kokushi=True)

        contenders.append(("mahjong", mahjong_run))
    except ImportError:
        pass
    try:
        from riichienv import calculate_shanten, parse_hand

        def riichienv_run():
            for text in rtexts:
                calculate_shanten(list(parse_hand(text)[0]))

        contenders.append(("riichienv", riichienv_run))
    except ImportError:
        pass
    for _, fn in contenders:
        fn()  # the tables are built once per process: not a round's cost
    per = {name: [] for name, _ in contenders}
    for r in range(rounds):
        for name, fn in (contenders if r % 2 == 0 else contenders[::-1]):
            t0 = time.perf_counter()
            fn()
            per[name].append(time.perf_counter() - t0)
    out = {name: statistics.median(b / a for a, b in zip(per["mjcli"], per[name])) for name in per if name != "mjcli"}
    return statistics.median(per["mjcli"]), out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=30_000, help="hands per CLI file (default 30,000)")
    ap.add_argument("--rounds", type=int, default=5, help="rounds per duel; the median counts (default 5)")
    ap.add_argument("--startup-runs", type=int, default=15, help="rounds of each start-up duel (default 15)")
    ap.add_argument("--lib-hands", type=int, default=10_000, help="hands for the library waits (default 10,000)")
    ap.add_argument("--jobs-hands", type=int, default=100_000, help="hands for the --jobs figure (default 100,000)")
    ap.add_argument("--quick", action="store_true", help="3,000 hands, 3 rounds, 5 start-ups")
    ap.add_argument("--shanten-hands", type=int, default=30_000,
                    help="hands for the library shanten rows (default 30,000)")
    ap.add_argument("--skip", action="append", default=[],
                    choices=["wait", "score", "compact", "startup", "library", "jobs", "shanten"],
                    help="leave a part out (repeatable)")
    ap.add_argument("--only", choices=["shanten-cli"],
                    help="shanten-cli: only the row of `wait --format jsonl --look-ahead 0` on hands not ready "
                         "against the peer's shanten and helpful tiles (issue 30's 3x)")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = ap.parse_args(argv)
    if args.only == "shanten-cli":
        args.skip = ["wait", "score", "compact", "startup", "library", "jobs", "shanten-ahead", "shanten-library"]
    if args.quick:
        args.hands, args.rounds, args.startup_runs, args.lib_hands, args.jobs_hands = 3_000, 3, 5, 2_000, 20_000
        args.shanten_hands = 5_000
    try:
        import mahjong  # noqa: F401
    except ImportError:
        sys.exit("likeforlike: the peer `mahjong` is not installed: pip install '.[bench]'")
    mj = exe_path()
    env = clean_env()
    peer = [sys.executable, str(HERE / "peer_mahjong.py")]
    rows = []  # measure, mjcli s, baseline, baseline s, ratio text, target, met

    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        paths = write_files(tmp, args.hands)
        n = args.hands
        if "wait" not in args.skip:
            a, b, r = duel([mj, "wait", "--format", "jsonl"], peer + ["wait", paths["wait_peer"]], args.rounds, env,
                           paths["wait_mjcli"])
            rows.append([f"CLI wait --format jsonl, {n:,} ready hands", a, "mahjong, same job", b, f"{r:.2f}x faster",
                         ">= 5x", r >= 5])
        if "shanten" not in args.skip:
            a, b, r = duel([mj, "wait", "--format", "jsonl", "--look-ahead", "0"],
                           peer + ["shanten", paths["shanten_peer"]], args.rounds, env, paths["shanten_mjcli"])
            rows.append([f"CLI wait --format jsonl --look-ahead 0, {n:,} hands not ready", a,
                         "mahjong, shanten + helpful tiles", b, f"{r:.2f}x faster", ">= 3x", r >= 3])
        if "shanten" not in args.skip and "shanten-ahead" not in args.skip:
            a, b, r = duel([mj, "wait", "--format", "jsonl"],
                           peer + ["shanten", paths["shanten_peer"]], args.rounds, env, paths["shanten_mjcli"])
            rows.append([f"CLI wait --format jsonl (look-ahead 1), {n:,} hands not ready", a,
                         "mahjong, shanten + helpful tiles", b, f"{r:.2f}x faster", "", None])
        if "score" not in args.skip:
            a, b, r = duel([mj, "score", "--format", "jsonl"], peer + ["score", paths["score_peer"]], args.rounds, env,
                           paths["score_mjcli"])
            rows.append([f"CLI score --format jsonl, {n:,} winning hands", a, "mahjong, same job", b,
                         f"{r:.2f}x faster", ">= 3x", r >= 3])
        if "compact" not in args.skip:
            score = [mj, "score", "--format", "jsonl"]
            a, b, r = duel(score, peer + ["score", paths["score_peer"]], args.rounds, env, paths["score_compact"])
            rows.append([f"CLI score --format jsonl, {n:,} winning hands written compactly", a, "mahjong, same job", b,
                         f"{r:.2f}x faster", ">= 3x", r >= 3])
            a, b, r = duel_files(score, paths["score_mjcli"], paths["score_compact"], args.rounds, env)
            rows.append([f"CLI score, the same {n:,} hands compact (77m333444p333666z @6z)", b,
                         "the spaced spelling", a, f"{r:.2f}x the time", "<= 1.1x", r <= 1.1])
        if "startup" not in args.skip:
            base = [sys.executable, "-c", "import click, yaml, tabulate"]
            for label, cmd in (("mjcli score HAND", [mj, "score", "123m 456m 789m 234p 55s zimo"]),
                               ("mjcli rules hk", [mj, "rules", "hk"])):
                a, b, r = duel(cmd, base, args.startup_runs, env)
                rows.append([f"start-up: {label}", a, "import click, yaml, tabulate", b, f"{1 / r:.2f}x the time",
                             "<= 1.3x", 1 / r <= 1.3])
        if "jobs" not in args.skip:
            helptext = subprocess.run([mj, "score", "--help"], capture_output=True, text=True, env=env).stdout
            if "--jobs" in helptext:
                big = tmp / "jobs.txt"
                win = H.winning_hk(args.jobs_hands, seed=17)
                big.write_text("\n".join(H.winning_text(t) for t in win) + "\n", encoding="utf-8")
                a, b, r = duel([mj, "score", "--format", "jsonl", "--jobs", "0"],
                               [mj, "score", "--format", "jsonl", "--jobs", "1"], args.rounds, env, str(big))
                rows.append([f"CLI score --jobs 0 ({os.cpu_count()} cores), {args.jobs_hands:,} hands", a, "--jobs 1", b,
                             f"{1 / r:.2f}x the time", "<= 0.6x on 2 cores", 1 / r <= 0.6])
            else:
                rows.append(["CLI score --jobs", None, "", None, "not in this mjcli", "", None])

    if "library" not in args.skip:
        secs, ratios = library_rows(args.lib_hands, args.rounds)
        for name, target, ok in (("mahjong", ">= 10x", lambda r: r >= 10), ("riichienv", "within 3x", lambda r: r >= 1 / 3)):
            if name in ratios:
                r = ratios[name]
                text = f"{r:.2f}x faster" if r >= 1 else f"1/{1 / r:.2f}"
                rows.append([f"library hk waits, {args.lib_hands:,} hands", secs, name, None, text, target, ok(r)])

    if "shanten" not in args.skip and "shanten-library" not in args.skip:
        secs, ratios = shanten_rows(args.shanten_hands, args.rounds)
        for name, target, ok in (("mahjong", ">= 5x", lambda r: r >= 5), ("riichienv", "within 2x (goal)",
                                                                        lambda r: r >= 0.5)):
            if name in ratios:
                r = ratios[name]
                text = f"{r:.2f}x faster" if r >= 1 else f"1/{1 / r:.2f}"
                rows.append([f"library shanten from text, {args.shanten_hands:,} hands", secs, name, None, text,
                             target, ok(r)])

    print(f"mjcli like-for-like: Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
          f"median of {args.rounds} rounds ({args.startup_runs} for start-up)")
    header = ["measure", "mjcli s", "baseline", "baseline s", "ratio", "target", "met"]

    def sec(x):
        return "-" if x is None else f"{x:.3f}"

    table = [[m, sec(a), bn, sec(b), rt, tg, "" if ok is None else ("yes" if ok else "NO")] for m, a, bn, b, rt, tg, ok in rows]
    widths = [max(len(str(x)) for x in col) for col in zip(header, *table)]
    for i, line in enumerate([header] + table):
        print("  ".join(str(x).ljust(w) for x, w in zip(line, widths)).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))
    if args.json:
        Path(args.json).write_text(json.dumps({"header": header, "rows": table}, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
