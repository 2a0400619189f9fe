"""The import rule: arrows point down, from a game to the core, never back, and never in a circle.

Every import of the package counts, at the top of a module or inside a
function. A game room lives under ``mjcli/games``; every other module is the
core, and reaches a game only through :mod:`mjcli.registry`.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parent.parent / "mjcli"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PKG.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(PKG.rglob("*.py"))}


def _imports(name: str, path: Path) -> set[str]:
    """The package modules that module ``name`` imports (a package counts as its ``__init__``)."""
    is_pkg = path.name == "__init__.py"
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [(a.name, []) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_pkg else name.split(".")[:-1]
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            targets = [(mod, [a.name for a in node.names])]
        else:
            continue
        for mod, names in targets:
            subs = [f"{mod}.{n}" for n in names if f"{mod}.{n}" in MODULES]  # `from . import settle`
            found.update(subs)
            if mod in MODULES and (not names or len(subs) < len(names)):
                found.add(mod)
    found.discard(name)
    return found


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _is_game(name: str) -> bool:
    return name == "mjcli.games" or name.startswith("mjcli.games.")


def _cycles() -> list[list[str]]:
    """Every strongly connected group of two or more modules (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(GRAPH[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    return out


def test_the_walk_sees_the_package():
    assert {"mjcli.cli", "mjcli.mahjong.tiles", "mjcli.registry", "mjcli.games.paohuzi.scorer"} <= set(MODULES)
    assert "mjcli.payments" in GRAPH["mjcli.games.sg.settle"]  # a top-level import
    assert "mjcli.config" in GRAPH["mjcli.api"]  # an import inside a function
    assert "mjcli.games.my3.patterns" in GRAPH["mjcli.games.my3"]  # `from . import patterns`


def test_no_import_cycle():
    assert _cycles() == []


@pytest.mark.parametrize("name", sorted(n for n in MODULES if not _is_game(n)))
def test_core_module_imports_no_game(name):
    assert sorted(m for m in GRAPH[name] if _is_game(m)) == []


def test_every_room_registers_itself():
    from mjcli.mahjong.patterns import REGISTRY
    from mjcli.payments import SETTLEMENT_RULES
    from mjcli.registry import GAMES, HOOKS, load_games, load_settlement_rules

    load_games()
    load_settlement_rules()
    assert sorted(GAMES) == ["mahjong", "mcr", "paohuzi"]
    assert {"all_animals", "ping_hu", "flower_four", "four_fei"} <= set(REGISTRY)  # sg, my3
    assert {"sg_instant", "my3_fei"} <= set(SETTLEMENT_RULES)
    assert HOOKS["wait_notes"]


# ARCHITECTURE.md tells the truth: its module map names every module of the package, and nothing else

DOC = PKG.parent / "ARCHITECTURE.md"


def _named_paths() -> set[str]:
    """The paths under ``mjcli/`` the module map names: every `x.py` and `folder/` in backticks."""
    import re

    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Module map"):text.index("\n## ", text.index("## Module map") + 1)]
    return set(re.findall(r"`([\w/]+(?:\.py|/))`", section))


def _as_file(name: str) -> str:
    return name + "__init__.py" if name.endswith("/") else name


def test_every_module_the_map_names_exists():
    missing = sorted(n for n in _named_paths() if not (PKG / _as_file(n)).is_file())
    assert not missing, f"ARCHITECTURE.md names modules that do not exist: {missing}"


def test_every_module_is_named_in_the_map():
    named = {_as_file(n) for n in _named_paths()}
    modules = {p.relative_to(PKG).as_posix() for p in PKG.rglob("*.py")}
    assert not modules - named, f"ARCHITECTURE.md does not name: {sorted(modules - named)}"


def test_the_map_check_sees_a_stale_name():
    # the check itself: a module that is gone and a module left out are both seen
    assert "fastcache.py" not in _named_paths() and not (PKG / "fastcache.py").exists()
    assert "mahjong/tiles.py" in _named_paths() and "games/sg/" in _named_paths()


# A score, followed call by call, climbs back up the import order at most once (benchmarks/call_depth.py): the
# game rooms hand the core their scorer and data when they register, and the core never calls back up into them
# but there (mcr: its scorer; Paohuzi: its payments); the command drives the writing (output.writer), so the
# writer never pulls the records back from cli

def _call_depth():
    import importlib.util

    path = PKG.parent / "benchmarks" / "call_depth.py"
    spec = importlib.util.spec_from_file_location("call_depth", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("vid", ["hk", "sg", "my3", "paohuzi", "tw", "mcr"])
def test_a_score_climbs_back_up_at_most_once(vid, monkeypatch):
    monkeypatch.setenv("MJCLI_CONFIG", "")
    for key in ("MJCLI_VARIANT", "MJCLI_RULES", "MJCLI_LADDER", "MJCLI_STAKE"):
        monkeypatch.delenv(key, raising=False)
    cd = _call_depth()
    lv = cd.levels(cd.import_graph(PKG))
    for hand in cd.example_hands(PKG.parent, vid):
        climbs = cd.climbs_of(vid, hand, lv)[2]
        assert len(climbs) <= 1, (hand, climbs)
