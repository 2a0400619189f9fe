"""The README's test command, run several times in a row on a clean clone with busy loops beside it.

    python benchmarks/suite_under_load.py                  # 5 runs, 2 busy loops, a clone of HEAD
    python benchmarks/suite_under_load.py --runs 3 --busy 4
    python benchmarks/suite_under_load.py --rev main --keep

CI may run on a machine that is busy with other work: the suite must pass there too, and no test may
pass or fail by how fast the machine is. This script is how that is checked: it clones the repository
(the committed tree of ``--rev``, nothing uncommitted) into a temporary folder, starts ``--busy``
processes that spin for the whole run, and runs the README's test command (the second indented
``python3 -m venv ...`` line of README.md, the one CI runs) ``--runs`` times in a row in that clone,
each from a fresh ``.venv``. It prints one line a run (exit code, the pytest summary line, wall time)
and exits non-zero if any run failed. Wall times are what this machine gave under that load; they
say nothing about speed and are never compared with a bound.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPIN = "while True:\n    pass\n"


def readme_test_command(readme: Path) -> str:
    """The README's test command: the second indented line that starts ``python3 -m venv``."""
    commands = re.findall(r"^    (python3 -m venv .*)$", readme.read_text(encoding="utf-8"), re.M)
    if len(commands) < 2:
        sys.exit("README.md has no test command (the second indented 'python3 -m venv ...' line)")
    return commands[1]


def summary_line(output: str) -> str:
    """The last line pytest writes (``N passed, M skipped in T s``), or the last line of all."""
    lines = [line for line in output.splitlines() if line.strip()]
    for line in reversed(lines):
        if re.search(r"\b(passed|failed|error)", line):
            return line.strip()
    return lines[-1].strip() if lines else "(no output)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs in a row (default 5)")
    parser.add_argument("--busy", type=int, default=2, help="busy loops beside the runs (default 2)")
    parser.add_argument("--rev", default="HEAD", help="the commit to clone (default HEAD)")
    parser.add_argument("--keep", action="store_true", help="keep the clone and print where it is")
    args = parser.parse_args(argv)

    workdir = Path(tempfile.mkdtemp(prefix="mjcli-load-"))
    clone = workdir / "mjcli"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    subprocess.run(["git", "-C", str(clone), "checkout", "-q", args.rev], check=True)
    command = readme_test_command(clone / "README.md")
    print(f"clone of {args.rev}; {args.busy} busy loops; command: {command}", flush=True)

    spinners = [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(args.busy)]
    failed = 0
    try:
        for run in range(1, args.runs + 1):
            shutil.rmtree(clone / ".venv", ignore_errors=True)
            started = time.monotonic()
            done = subprocess.run(["bash", "-c", command], cwd=clone, capture_output=True, text=True)
            took = time.monotonic() - started
            failed += done.returncode != 0
            print(f"run {run}: exit {done.returncode}, {summary_line(done.stdout + done.stderr)} "
                  f"(wall {took:.0f} s)", flush=True)
            if done.returncode != 0:
                (workdir / f"run{run}.log").write_text(done.stdout + done.stderr, encoding="utf-8")
                print(f"  output kept in {workdir / f'run{run}.log'}", flush=True)
                args.keep = True
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()
        if args.keep:
            print(f"clone kept in {clone}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    print(f"{args.runs - failed} of {args.runs} runs passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
