"""Do two versions of mjcli give byte-identical 3 Kaki answers? (issue 31: bounding the Fei search changed no answer)

    python benchmarks/my3_same.py --base 84a1de1                  # 20,000 generated lines and the corpora
    python benchmarks/my3_same.py --base 84a1de1 --lines 2000 --cache ~/my3-cache

``--base`` is a git revision of this repository; its tree is taken out with ``git archive`` and run from there
(``python -m mjcli`` with that tree first on the path); the other side is this checkout (``--new`` another
revision). Each side answers, with ``-v my3``:

- the lines of ``benchmarks/my3_hands.py`` (``--lines``, ``--seed``), in chunks of ``--chunk`` lines, one
  process a chunk, with ``score -f jsonl``, ``score --all -f jsonl`` and ``wait -f jsonl``;
- the 3 Kaki lines of ``examples/my3.txt`` and of the corpora under ``tests/data`` (``canonical-scores.jsonl``,
  ``nasty_hands.jsonl``), the same three ways and as tables.

Standard output and the exit code of every run must be the same bytes. ``--cache DIR`` keeps each side's
outputs by revision (a tree with uncommitted changes is never cached), so a second run reuses the slow side.
Exits 0 when all agree, 1 on the first difference (named: command, input, line).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import my3_hands  # noqa: E402

RUNS = {
    "score": ["score", "-v", "my3", "-f", "jsonl"],
    "score-all": ["score", "-v", "my3", "--all", "-f", "jsonl"],
    "wait": ["wait", "-v", "my3", "-f", "jsonl"],
    "score-table": ["score", "-v", "my3"],
    "wait-table": ["wait", "-v", "my3"],
}


def corpus_lines() -> list[str]:
    """The 3 Kaki hands of the example file and the test corpora."""
    out = []
    for line in (ROOT / "examples/my3.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            out.append(line)
    for name in ("canonical-scores.jsonl", "nasty_hands.jsonl"):
        for line in (ROOT / "tests/data" / name).read_text(encoding="utf-8").splitlines():
            if not line.startswith("{"):
                continue
            rec = json.loads(line)
            if rec.get("variant") == "my3":
                text = rec.get("text", rec.get("hand"))
                if isinstance(text, str) and "\n" not in text:
                    out.append(text)
    return out


def tree_of(rev: str, into: Path) -> str:
    """``git archive`` of ``rev`` unpacked into ``into``; returns the full commit id."""
    commit = subprocess.run(["git", "rev-parse", "--verify", rev + "^{commit}"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip()
    data = subprocess.run(["git", "archive", "--format=tar", commit], cwd=ROOT, check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return commit


def answer(tree: Path, argv: list[str], text: str) -> bytes:
    """One run of mjcli from ``tree`` on ``text``: its standard output and exit code, as bytes."""
    env = dict(os.environ)
    env.pop("MJCLI_VARIANT", None)
    env["PYTHONPATH"] = str(tree)
    env["NO_COLOR"] = "1"
    env["COLUMNS"] = "120"
    proc = subprocess.run([sys.executable, "-m", "mjcli", *argv, "--no-progress"], input=text.encode(),
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=tree)
    return proc.stdout + f"\n[exit {proc.returncode}]\n".encode()


def side(name: str, tree: Path, key: str | None, jobs: list, cache: Path | None) -> list[bytes]:
    """Every job's answer from ``tree`` (from the cache when ``key`` names a commit that was run before)."""
    out = []
    t0 = time.perf_counter()
    for i, (label, argv, text) in enumerate(jobs):
        path = None
        if cache is not None and key is not None:
            digest = hashlib.sha256((" ".join(argv) + "\0" + text).encode()).hexdigest()[:20]
            path = cache / f"{key[:12]}-{digest}.out"
            if path.exists():
                out.append(path.read_bytes())
                continue
        got = answer(tree, argv, text)
        if path is not None:
            path.write_bytes(got)
        out.append(got)
        print(f"  {name}: {i + 1}/{len(jobs)} {label} ({time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    return out


def first_difference(a: bytes, b: bytes) -> str:
    la, lb = a.split(b"\n"), b.split(b"\n")
    for n, (x, y) in enumerate(zip(la, lb), 1):
        if x != y:
            return f"output line {n}:\n  base: {x[:300]!r}\n  new:  {y[:300]!r}"
    return f"lengths differ: {len(la)} and {len(lb)} lines"


def run_both(args, jobs: list):
    """Every job answered by both sides (``args.base``; ``args.new`` or this checkout, never cached), then
    compared byte for byte: ``(new's outputs, base's seconds, new's seconds)``, or the exit code when there is
    nothing more to say (0 after ``--base-only``; 1 on the first difference, printed)."""
    with tempfile.TemporaryDirectory() as tmp:
        base_tree = Path(tmp) / "base"
        base_key = tree_of(args.base, base_tree)
        if args.new:
            new_tree = Path(tmp) / "new"
            new_key = tree_of(args.new, new_tree)
        else:
            new_tree, new_key = ROOT, None  # the checkout as it is: never cached
        t0 = time.perf_counter()
        base = side("base", base_tree, base_key, jobs, args.cache)
        t_base = time.perf_counter() - t0
        if args.base_only:
            print(f"base {args.base}: {len(jobs)} runs answered in {t_base:.0f} s")
            return 0
        t0 = time.perf_counter()
        new = side("new", new_tree, new_key, jobs, args.cache)
        t_new = time.perf_counter() - t0
    for (label, argv_, _), a, b in zip(jobs, base, new):
        if a != b:
            print(f"DIFFERENT: mjcli {' '.join(argv_)} on {label}: {first_difference(a, b)}")
            return 1
    return new, t_base, t_new


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", required=True, help="the git revision to compare against")
    ap.add_argument("--new", help="a git revision for the other side (default: this checkout as it is)")
    ap.add_argument("--lines", type=int, default=20_000, help="generated lines (default 20,000)")
    ap.add_argument("--seed", type=int, default=31, help="the generator's seed (default 31)")
    ap.add_argument("--chunk", type=int, default=1000, help="lines per process (default 1,000)")
    ap.add_argument("--skip-wait", action="store_true", help="leave out the generated lines' wait runs")
    ap.add_argument("--cache", type=Path, help="keep and reuse each committed side's outputs here")
    ap.add_argument("--base-only", action="store_true", help="only answer with the base (to fill the cache)")
    args = ap.parse_args(argv)

    lines = my3_hands.generate(args.lines, args.seed)
    corpus = "".join(x + "\n" for x in corpus_lines())
    jobs = [(f"corpus {name}", RUNS[name], corpus) for name in RUNS]
    for start in range(0, len(lines), args.chunk):
        text = "".join(x + "\n" for x in lines[start:start + args.chunk])
        label = f"lines {start + 1}-{min(start + args.chunk, len(lines))}"
        for name in ("score", "score-all") + (() if args.skip_wait else ("wait",)):
            jobs.append((f"{name} {label}", RUNS[name], text))
    if args.cache is not None:
        args.cache.mkdir(parents=True, exist_ok=True)

    got = run_both(args, jobs)
    if isinstance(got, int):
        return got
    new, t_base, t_new = got
    answered = sum(x.count(b"\n") for x in new)
    print(f"same bytes: {len(jobs)} runs ({len(lines):,} generated lines with seed {args.seed} and "
          f"{corpus.count(chr(10))} corpus lines; {answered:,} output lines); base {args.base} {t_base:.0f} s "
          f"(0 when cached), new {t_new:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
