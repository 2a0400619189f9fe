"""How often does a score climb back up the import order? (the variant followed call by call)

    python benchmarks/call_depth.py                      # hk, the first hand of examples/hk.txt
    python benchmarks/call_depth.py -v sg "123m 456m 789m 234p 55s zimo" --list
    python benchmarks/call_depth.py --root OTHER_CHECKOUT  # the same count on another tree of mjcli
    python benchmarks/call_depth.py -v my3 --every         # every hand of the example file and the guide

The hand by default: the first of ``examples/VARIANT.txt``, else the first ``mjcli score -v VARIANT 'HAND'`` of
``docs/guides/VARIANT.md`` (tw and mcr have no example file). ``--every`` traces each of those hands in turn and
prints the most climbs any one of them makes, with the hand.

The modules of the package are put in their import order from the import graph (every import, at the top of a
module or inside a function, read with ``ast`` as ``tests/test_architecture.py`` reads them): a module's level is
one more than the highest level of the modules it imports (a module that imports none of the package: 0).

``mjcli score HAND`` is run twice in this process, through the command line's ``main``: once to import and
warm everything, once traced with :func:`sys.setprofile` (``--cold``: the first run is traced, loading included;
a module's own top-level code is not counted as a call). Each call into a function of the package is given to
its module; the caller is the nearest frame of the package above it (click's frames are passed over). A call
is a *climb* when the callee's module stands higher in the import order than the caller's: the lower module
did not import the higher one, it was handed it (a registry, a hook, a callback). A generator counts when it
is first entered, not each time its consumer resumes it.

Printed: the calls traced, the modules entered, the module changes (stops), the climbs (every one, and the
distinct caller -> callee function edges), and with ``--list`` each distinct climb.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import io
import re
import sys
from contextlib import redirect_stdout
from pathlib import Path

HERE = Path(__file__).resolve().parent


def module_name(pkg: Path, path: Path) -> str:
    parts = list(path.relative_to(pkg.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(pkg: Path) -> dict[str, set[str]]:
    """module -> the package modules it imports (a package counts as its ``__init__``)."""
    modules = {module_name(pkg, p): p for p in sorted(pkg.rglob("*.py"))}
    graph = {}
    for name, path in modules.items():
        is_pkg = path.name == "__init__.py"
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [(a.name, []) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                mod = node.module or ""
                if node.level:
                    base = name.split(".") if is_pkg else name.split(".")[:-1]
                    base = base[: len(base) - node.level + 1]
                    mod = ".".join(base + ([node.module] if node.module else []))
                targets = [(mod, [a.name for a in node.names])]
            else:
                continue
            for mod, names in targets:
                subs = [f"{mod}.{n}" for n in names if f"{mod}.{n}" in modules]
                found.update(subs)
                if mod in modules and (not names or len(subs) < len(names)):
                    found.add(mod)
        found.discard(name)
        graph[name] = found
    return graph


def levels(graph: dict[str, set[str]]) -> dict[str, int]:
    """module -> its level in the import order (0: imports nothing of the package)."""
    out: dict[str, int] = {}

    def level(m: str, seen: tuple = ()) -> int:
        if m not in out:
            below = [level(d, seen + (m,)) for d in graph.get(m, ()) if d not in seen]
            out[m] = 1 + max(below) if below else 0
        return out[m]

    for m in graph:
        level(m)
    return out


def trace(argv: list[str], pkg_name: str = "mjcli", cold: bool = False) -> list[tuple[str, str, str]]:
    """(caller module, callee module, callee function) of every call into the package while ``argv`` runs."""
    from mjcli.cli import main

    def run():
        with redirect_stdout(io.StringIO()):
            try:
                main(argv)
            except SystemExit:
                pass

    if not cold:
        run()  # imports and caches: the traced run is what every later hand does
    calls = []

    def owner(frame):
        while frame is not None:
            mod = frame.f_globals.get("__name__", "")
            if mod == pkg_name or mod.startswith(pkg_name + "."):
                return mod
            frame = frame.f_back
        return None

    resumable = inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR
    started: dict[int, object] = {}  # the generators already entered (kept alive: their ids stay theirs)

    def prof(frame, event, arg):
        if event != "call":
            return
        mod = frame.f_globals.get("__name__", "")
        if not (mod == pkg_name or mod.startswith(pkg_name + ".")):
            return
        if frame.f_code.co_flags & resumable:
            if id(frame) in started:
                return  # a generator resumed (its consumer asks for the next item): not a call
            started[id(frame)] = frame
        caller = owner(frame.f_back)
        if caller is not None and frame.f_code.co_name != "<module>":
            calls.append((caller, mod, frame.f_code.co_name))

    sys.setprofile(prof)
    try:
        run()
    finally:
        sys.setprofile(None)
    return calls


def example_hands(root: Path, variant: str) -> list[str]:
    """The variant's hands: the lines of ``examples/VARIANT.txt``, else the hands ``mjcli score -v VARIANT`` is
    shown with in ``docs/guides/VARIANT.md``."""
    path = root / "examples" / f"{variant}.txt"
    if path.is_file():
        return [x for x in path.read_text(encoding="utf-8").splitlines() if x.strip() and not x.startswith("#")]
    guide = root / "docs" / "guides" / f"{variant}.md"
    found = re.findall(rf"mjcli score -v {re.escape(variant)} (['\"])(.+?)\1", guide.read_text(encoding="utf-8"))
    return [hand for _, hand in found]


def climbs_of(variant: str, hand: str, lv: dict[str, int], cold: bool = False):
    """(the calls into the package, the module changes, the climbs) of ``mjcli score -v VARIANT HAND``."""
    calls = trace(["score", "-v", variant, hand], cold=cold)
    stops = [c for c in calls if c[0] != c[1]]
    return calls, stops, [c for c in stops if lv.get(c[1], 0) > lv.get(c[0], 0)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("hand", nargs="?", default=None,
                    help="a hand (default: the first of examples/VARIANT.txt, else of docs/guides/VARIANT.md)")
    ap.add_argument("-v", "--variant", default="hk")
    ap.add_argument("--root", default=str(HERE.parent), help="the checkout whose mjcli is traced")
    ap.add_argument("--cold", action="store_true", help="trace the first run (imports and loading) instead")
    ap.add_argument("--list", action="store_true", help="print each distinct climb")
    ap.add_argument("--every", action="store_true", help="trace every hand of the example file or the guide")
    args = ap.parse_args()
    root = Path(args.root).resolve()
    sys.path.insert(0, str(root))
    lv = levels(import_graph(root / "mjcli"))
    if args.every:
        worst = (-1, "")
        for hand in example_hands(root, args.variant):
            n = len(climbs_of(args.variant, hand, lv)[2])
            worst = max(worst, (n, hand))
        print(f"mjcli score -v {args.variant}, {len(example_hands(root, args.variant))} hands: at most {worst[0]} "
              f"climbs, on {worst[1]!r}")
        return 0
    hand = args.hand
    if hand is None:
        hand = example_hands(root, args.variant)[0]
    calls, stops, climbs = climbs_of(args.variant, hand, lv, args.cold)
    edges = sorted(set(climbs))
    import mjcli

    print(f"mjcli score -v {args.variant} {hand!r} (mjcli from {Path(mjcli.__file__).parent})")
    print(f"calls into the package: {len(calls)}; modules entered: {len({c[1] for c in calls})}; "
          f"module changes: {len(stops)}")
    print(f"climbs up the import order: {len(climbs)} calls, {len(edges)} distinct caller -> callee edges, "
          f"from {len({c[0] for c in edges})} modules")
    if args.list:
        for caller, callee, fn in edges:
            n = climbs.count((caller, callee, fn))
            print(f"  {caller} ({lv.get(caller, 0)}) -> {callee}.{fn} ({lv.get(callee, 0)})  x{n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
