"""The built-in rule files, mutated thousands of ways: each one is refused in one line, or it loads and then
every command answers it (issue 31).

A mutation replaces a value by a wrong type, nothing, a nested list, a huge or a negative number or a line
break; deletes a key or a list item; or adds a key (unknown, or one of the schema's with a wrong value). One
to three of them per file, from a fixed seed, so a failure names the case that reproduces it.

Most files go straight to the checker (:func:`mjcli.variant.build_variant`, what every loader calls) and a
file that passes is then used in-process through the command line (``score``, ``wait``, ``settle`` and
``rules`` in every format) with the variant handed over, so no YAML is read for it. Every twentieth file is
written out and read by ``mjcli rules --check FILE`` and ``mjcli score -v FILE``, as a user would: exit 1 or
2 and one line per problem, never a traceback, and ``--check`` says ok only for a file the others use.
"""

from __future__ import annotations

import copy
import os
import random
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from mjcli import api, house
from mjcli.cli import cli
from mjcli.errors import RuleFileError
from mjcli.variant import build_variant, builtin_ids, load_data, variants_dir

SEED = 31
CASES = max(8, int(3200 * float(os.environ.get("MJCLI_FUZZ_SCALE", "1"))))  # MJCLI_FUZZ_SCALE=10: a longer hunt
CHUNKS = 16  # run in parallel under xdist
EVERY_FILE = 20  # one case in this many goes through a real file and the real loader

BASE = {vid: load_data(variants_dir() / f"{vid}.yaml")[0] for vid in builtin_ids()}
HOUSE_EXAMPLES = {p.name: load_data(p)[0] for p in sorted((Path(__file__).resolve().parent.parent / "examples")
                                                         .glob("house-*.yaml"))}

# values a mutation puts in place of another
WRONG = [None, True, False, "text", "", "two\nlines", "\u202eevil", 0, 1, -1, 2, 3.5, -0.5, 10 ** 13, 10 ** 40,
         -10 ** 40, 1e300, [], [[1]], [1], ["x"], [None], [["sg_instant"]], {}, {"a": 1}, {"E": None}, {3: "x"},
         "E", "limit", "discard"]
# keys a mutation may add where they belong (with a wrong value), besides one nobody knows
KNOWN = {
    (): ["instant", "settlement", "session", "options", "names", "description", "rounds", "seats", "tiles",
         "payment", "extends", "liability", "notes", "game", "unit", "minimum", "limit", "hand"],
    ("payment",): ["linear", "stake", "ladder_name", "robbed_kong", "paid_as_self_drawn", "bao", "discard",
                   "self_drawn", "ladder", "preset"],
    ("tiles",): ["jokers", "bonus", "suits", "honours"],
    ("hand",): ["sets", "special"],
}

HANDS = {
    "mahjong": ["123m 456m 789m 234p 55s @5s zimo", "123m 456m 789m 234p 55s @5s", "EEE SSS WWW NNN 55p",
                "19m 19p 19s ESWNPFC C @C", "123m 456m 789m 123p 5s5s | f1 s1 cat", "11123455678999m @5m",
                "234p 567p EE [CCC] [FFF] | f1 s1 zimo seat=E", "JJ 123m 456m 789m 5p5p5p @5p"],
    "paohuzi": ["x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7d10 d5d5d5 x10x10 d10 @x10",
                "x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7d10 d5d5d5 x10x10 d10 @x10 self"],
}
WAITS = {"mahjong": ["123m 456m 789m 234p 5s", "1112345678999m", "123m 456m 789m 234p 55s 6s"],
         "paohuzi": ["x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7d10 d5d5d5 x10x10"]}
FORMATS = ("table", "json", "jsonl", "csv")
RULES_FORMATS = ("table", "json", "jsonl", "csv", "markdown", "html")


def _paths(x, pre=()):
    yield pre
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _paths(v, pre + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _paths(v, pre + (i,))


PATHS = {name: [p for p in _paths(data) if p] for name, data in {**BASE, **HOUSE_EXAMPLES}.items()}


def _edit(data, path, fn):
    """``data`` with the value at ``path`` replaced by ``fn(container, key)`` (copies along the path only)."""
    if len(path) == 1:
        out = dict(data) if isinstance(data, dict) else list(data)
        fn(out, path[0])
        return out
    out = dict(data) if isinstance(data, dict) else list(data)
    out[path[0]] = _edit(data[path[0]], path[1:], fn)
    return out


def _has(data, path) -> bool:
    for k in path:
        if isinstance(data, dict) and k in data or isinstance(data, list) and isinstance(k, int) and k < len(data):
            data = data[k]
        else:
            return False
    return True


def mutate(data, paths, rng: random.Random):
    """One to three mutations of ``data``, and what they were (for the failure message)."""
    done = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        path = rng.choice(paths)
        if not _has(data, path):
            continue
        r = rng.random()
        if r < 0.5:
            value = rng.choice(WRONG)
            what = f"{path} = {value!r}"

            def fn(c, k, value=value):
                c[k] = value
        elif r < 0.62:
            what = f"del {path}"

            def fn(c, k):
                del c[k]
        elif r < 0.8:
            key = rng.choice(KNOWN.get(path[:-1], []) + ["zz_unknown"])
            value = rng.choice(WRONG)
            what = f"{path[:-1]}[{key!r}] = {value!r}"

            def fn(c, k, key=key, value=value):
                if isinstance(c, dict):
                    c[key] = value
                else:
                    c.append(value)
        elif r < 0.9:
            what = f"{path} nested in a list"

            def fn(c, k):
                c[k] = [c[k]]
        else:
            def fn(c, k):
                v = c[k]
                if isinstance(v, (int, float)) and not isinstance(v, bool):
                    c[k] = rng.choice([-v, v * 10 ** 12, v + 1, -1, 0, v - 1])
                else:
                    c[k] = rng.choice([None, 10 ** 15, -3])
            what = f"{path} changed in sign or size"
        data = _edit(data, path, fn)
        done.append(what)
    return data, done


def _one_line_error(res, args):
    assert res.exception is None or isinstance(res.exception, SystemExit), (args, repr(res.exception))
    for line in res.stderr.splitlines():
        assert line.startswith("error: "), (args, res.stderr)


def _use(v, rng: random.Random, monkeypatch, how: str):
    """Every command on the variant ``v`` (handed to the command line as if read from x.yaml)."""
    monkeypatch.setattr(api, "load_variant", lambda name=None, rules_file=None: v)
    monkeypatch.setattr(house, "load_named", lambda name=None, rules_file=None: v)  # what the options load with
    game = "paohuzi" if v.game == "paohuzi" else "mahjong"
    seats = list(v.seats)
    runs = [
        (["score", "-v", "x.yaml", "-f", rng.choice(FORMATS), *rng.sample(HANDS[game], 2)], (0, 1)),
        (["wait", "-v", "x.yaml", "-f", rng.choice(FORMATS), rng.choice(WAITS[game])], (0, 1)),
        (["rules", "-v", "x.yaml", "-f", rng.choice(RULES_FORMATS), *(["--long"] if rng.random() < 0.5 else [])],
         (0,)),
        (["rules", "-v", "x.yaml", "--tiles"], (0,)),
        # a win at the minimum and one at the limit are paid: a file that loads prices every value it allows
        (["settle", "-v", "x.yaml", "-f", rng.choice(FORMATS), "--winner", seats[0], "--value", str(v.minimum)],
         (0,)),
        (["settle", "-v", "x.yaml", "--winner", seats[-1], "--from", seats[0], "--value", str(v.limit),
          *(["--bao", seats[1]] if len(seats) > 2 else []), "--stake", "0.5"], (0,)),
        (["settle", "-v", "x.yaml", "--winner", seats[0], "--hand", HANDS[game][0],
          "--kong", f"{seats[1]}:concealed"], (0, 1, 2)),
    ]
    runner = CliRunner()
    for args, codes in runs:
        res = runner.invoke(cli, args)
        _one_line_error(res, args)
        assert res.exit_code in codes, (how, args, res.exit_code, res.stderr)


def _through_files(tmp_path, name, data, how, loaded_ok: bool):
    """The file written out and read as a user would: `rules --check` agrees with the loader."""
    path = tmp_path / name
    path.write_text(yaml.dump(data, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), allow_unicode=True,
                              sort_keys=False), encoding="utf-8")
    runner = CliRunner()
    check = runner.invoke(cli, ["rules", "--check", str(path)])
    _one_line_error(check, how)
    assert check.exit_code in (0, 1), (how, check.exit_code)
    flag = "--rules" if "extends" in data else "-v"
    score = runner.invoke(cli, ["score", flag, str(path), "-f", "jsonl", HANDS["mahjong"][0]])
    _one_line_error(score, how)
    if check.exit_code == 0:
        assert "ok" in check.stdout and score.exit_code in (0, 1), (how, score.stderr)
    else:
        assert score.exit_code == 2 and len(score.stderr.splitlines()) == 1, (how, score.stderr)
    if "extends" not in data:  # a whole file: the checker here and the loader there agree
        assert (check.exit_code == 0) == loaded_ok, (how, check.stderr)


def _build(name, data, monkeypatch):
    if name in BASE:
        return build_variant(data, "x.yaml", {}, reserved_ids=builtin_ids())
    from mjcli import house

    # the base file read once for all cases (a copy each time: nothing a case does reaches the next)
    monkeypatch.setattr(house, "load_data", lambda path, source=None: (copy.deepcopy(BASE[Path(path).stem]), {}))
    try:
        _, merged = house.check_house(data, "x.yaml", {})
    finally:
        monkeypatch.undo()
    return build_variant(merged, "x.yaml (with its base)", {})


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_mutated_rule_files(chunk, tmp_path, monkeypatch):
    rng = random.Random(f"{SEED}-{chunk}")
    names = sorted(PATHS)
    counts = {"refused": 0, "used": 0}
    for case in range(chunk, CASES, CHUNKS):
        name = rng.choice(names)
        source = BASE.get(name) or HOUSE_EXAMPLES[name]
        if name in BASE:  # a whole file may not take a built-in id: the mutated copy is a new variant
            source = dict(source, id=f"{name}-copy")
        data, done = mutate(source, PATHS[name], rng)
        how = f"case {case} (seed {SEED}-{chunk}): {name} with {'; '.join(done) or 'nothing changed'}"
        try:
            v = _build(name, data, monkeypatch)
        except RuleFileError as exc:
            assert "\n" not in exc.message and exc.message.startswith("x.yaml"), (how, exc.message)
            counts["refused"] += 1
            v = None
        if v is not None:
            _use(v, rng, monkeypatch, how)
            monkeypatch.undo()
            counts["used"] += 1
        if case % EVERY_FILE == chunk % EVERY_FILE:
            _through_files(tmp_path, f"case{case}.yaml", data, how, v is not None)
    assert counts["refused"] and counts["used"], counts  # the mutations hit both sides
