"""JSON records from templates (mjcli.batch.json_record, speed, issue 15) are the renderer's bytes.

Each batch below runs twice in one process, templates on and off (every record through
``result_record``, ``contract.shape`` and ``output.dumps``), and the outputs must be equal byte for
byte: generated hands of every mahjong variant with melds, kongs, Fei, bonus tiles, context words and
wrong sizes, the example files, the test corpora and bad lines, in json and jsonl, score (also --all)
and wait (13 and 14 tiles).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjcli import batch
from mjcli.cli import cli
from mjcli.mahjong import scoring

ROOT = Path(__file__).resolve().parent.parent
HON = "ESWNPFC"
BONUS = ["f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4"]
ANIMALS = ["cat", "mouse", "rooster", "centipede"]
WORDS = ["zimo", "seat=S", "seat=W", "seat=N", "round=S", "round=W", "last-tile", "last-discard", "rob-kong",
         "kong-replacement", "bonus-replacement", "heavenly", "earthly"]


def _code(t: int) -> str:
    return "J" if t == 34 else (HON[t - 27] if t >= 27 else f"{t % 9 + 1}{'mps'[t // 9]}")


def _run(tiles) -> str:
    out = []
    for s in range(3):
        ds = sorted(t % 9 + 1 for t in tiles if t // 9 == s and t < 27)
        if ds:
            out.append("".join(map(str, ds)) + "mps"[s])
    hon = "".join(HON[t - 27] for t in sorted(t for t in tiles if 27 <= t < 34))
    return " ".join(out + ([hon] if hon else []))


def _set(kind: str, t: int, fei: bool = False) -> str:
    ts = [t, t + 1, t + 2] if kind == "chow" else [t] * (4 if kind == "kong" else 3)
    text = "".join(HON[x - 27] for x in ts) if t >= 27 else "".join(str(x % 9 + 1) for x in ts) + "mps"[t // 9]
    if fei:
        text = text[:-2] + "J" + text[-1] if t < 27 else text[:-1] + "J"
    return text


def hand(rng: random.Random, variant: str, size: int) -> str:
    suits = (1,) if variant == "my3" else (0, 1, 2)
    kinds = [9 * s + i for s in suits for i in range(9)] + list(range(27, 34))
    while True:
        sets = []
        for _ in range(4):
            r = rng.random()
            if r < 0.5:
                s = rng.choice(suits)
                sets.append(("chow", 9 * s + rng.randrange(7)))
            else:
                sets.append(("pong" if r < 0.9 else "kong", rng.choice(kinds)))
        eye = rng.choice(kinds)
        every = [x for k, t in sets for x in ([t, t + 1, t + 2] if k == "chow" else [t] * (4 if k == "kong" else 3))]
        if all((every + [eye, eye]).count(t) <= 4 for t in set(every)):
            break
    melds, concealed = [], []
    for k, t in sets:
        if k == "kong":
            melds.append(rng.choice(["[%s]", "(%s)", "{%s}"]) % _set(k, t))
        elif rng.random() < 0.3:
            melds.append("[%s]" % _set(k, t, fei=variant == "my3" and k == "pong" and rng.random() < 0.3))
        else:
            concealed += [t, t + 1, t + 2] if k == "chow" else [t] * 3
    concealed += [eye, eye]
    if variant == "my3":
        for _ in range(rng.choice([0, 0, 1, 2])):
            concealed[rng.randrange(len(concealed))] = 34
    win = rng.choice(concealed)
    concealed.remove(win)
    fei = concealed.count(34)
    text = " ".join(p for p in [_run([t for t in concealed if t != 34]) + (" " + "J" * fei if fei else "")] + melds if p)
    if size == 14:
        text += " @" + _code(win)
    if rng.random() < 0.4:
        text += " | " + " ".join(rng.sample(BONUS + (ANIMALS if variant != "hk" else []), rng.randrange(1, 5)))
    for _ in range(rng.choice([0, 0, 1, 1, 2])):
        text += " " + rng.choice(WORDS)
    if rng.random() < 0.05:  # a wrong size now and then
        text += " 1m"
    return text


def both_ways(args: list[str], text, monkeypatch) -> str:
    outs = []
    for on in (True, False):
        monkeypatch.setattr(batch, "TEMPLATES", on)
        batch._TEMPLATE.clear()
        batch._FRAGMENT.clear()
        scoring._PLANS.clear()  # a plan keeps its results' template cells: each run starts cold, as a new process
        r = CliRunner().invoke(cli, args, input=text, catch_exceptions=False)
        outs.append((r.exit_code, r.stdout))
        if on:
            used = len(batch._TEMPLATE)
    assert outs[0] == outs[1]
    return outs[0][1], used


@pytest.mark.parametrize("variant", ["hk", "sg", "my3"])
@pytest.mark.parametrize("command", [["score"], ["score", "--all"], ["wait"]])
def test_generated_hands(variant, command, monkeypatch):
    rng = random.Random(f"{variant}-templates")
    size = 13 if command == ["wait"] else 14
    lines = [hand(rng, variant, size) for _ in range(400)] + [hand(rng, variant, 14) for _ in range(40)]
    for fmt in ("jsonl", "json"):
        out, used = both_ways([*command, "-v", variant, "-f", fmt], "\n".join(lines) + "\n", monkeypatch)
        assert out.strip()
        assert (used == 0) if "--all" in command else (used >= 1)  # the templates served (--all: never)


CORPORA = [("hk", "examples/hk.txt"), ("hk", "examples/hk-mixed.txt"), ("sg", "examples/sg.txt"),
           ("my3", "examples/my3.txt"), ("paohuzi", "examples/paohuzi.txt"),
           ("hk", "tests/data/batch-with-bad-lines.txt"), ("examples/house-sg-2-6.yaml", "examples/sg.txt"),
           ("examples/cantonese.yaml", "examples/hk.txt")]


@pytest.mark.parametrize("variant,path", CORPORA)
@pytest.mark.parametrize("command", ["score", "wait"])
def test_corpora(variant, path, command, monkeypatch):
    text = (ROOT / path).read_bytes()
    if variant.endswith(".yaml"):
        variant = str(ROOT / variant)
    both_ways([command, "-v", variant, "-f", "jsonl"], text, monkeypatch)


def test_canonical_corpus(monkeypatch):
    by = {}
    for line in (ROOT / "tests/data/canonical-scores.jsonl").read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        by.setdefault((case["variant"], case["command"]), []).append(case["text"])
    assert by
    for (variant, command), texts in sorted(by.items()):
        both_ways([command, "-v", variant, "-f", "jsonl"], "\n".join(texts) + "\n", monkeypatch)


def test_a_hand_that_is_not_utf8_or_has_odd_text(monkeypatch):
    text = b"123m 456m 789m 234p 55s zimo\n\xff\xfe\n123m 456m 789m 234p 5s\n" + "東南西北中發白 東南西北中發@白\n".encode()
    for command in ("score", "wait"):
        r1, _ = both_ways([command, "-f", "jsonl"], text, monkeypatch)
        assert r1.count("\n") == 4


@pytest.mark.parametrize("variant,path", [("mcr", "examples/mcr.txt"), ("tw", "examples/tw.txt")])
def test_tables_with_no_limit_or_many_totals(variant, path, monkeypatch):
    """mcr has no limit, so its hands have as many totals as fans: the raw and total points and the payment are
    slots of a template, written into it once per kept set of totals; the bytes stay the renderer's, below the
    minimum (a reason quoting the total: never a slot) as well as above."""
    text = (ROOT / path).read_text(encoding="utf-8")
    if variant == "mcr":  # and the generated hands of the calculator comparison, every shape and context word
        import sys

        sys.path.insert(0, str(ROOT / "benchmarks"))
        try:
            import mcr_reference as ref
        finally:
            sys.path.pop(0)
        rng = random.Random("mcr-templates")
        text += "\n".join(ref.random_hand(rng) for _ in range(600)) + "\n"
    out, used = both_ways(["score", "-v", variant, "-f", "jsonl"], text, monkeypatch)
    totals = {json.loads(line)["total"] for line in out.splitlines()}
    answers = {json.loads(line)["answer"] for line in out.splitlines()}
    assert len(totals) > 10 and "below_minimum" in answers or variant == "tw"
    assert 1 <= used < len(totals)  # one template serves many totals
