"""Reading a rule file into plain data: its text (size cap, UTF-8), then the data and each key's line.

A rule file is YAML, read by :mod:`mjcli.yamlsafe`. A built-in file ``variants/NAME.yaml`` also has a
compiled twin, ``variants/compiled/NAME.json``: the same data and line numbers as JSON, with the SHA-256 of
the YAML text they were made from. When the file's text still has that digest, the twin is read instead
(Python's C JSON reader; PyYAML is then not even imported: start-up, issue 29). Any other text, an edited
file included, is read as YAML, so a stale twin is never used. Every twin is made and checked by
:func:`compile_text`, which refuses data that JSON would not give back exactly (a key that is not text, a
date); after editing a built-in file, run ``python -m mjcli.ruledata`` to write the twins again
(``tests/test_ruledata.py`` fails until they are current).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from . import yamlsafe
from .errors import RuleFileError
from .yamlsafe import MAX_BYTES
TWINS = "compiled"  # the folder of the compiled twins, beside the YAML files
FORMAT = 1  # the twin's layout: {"format", "sha256", "data", "lines"}


def read_text(path: Path, source: str) -> str:
    """The file's text, refused with a one-line error when it cannot be read, is over :data:`MAX_BYTES` or is not
    UTF-8 (a byte-order mark is dropped)."""
    try:
        with open(path, "rb") as f:  # at most one byte over the cap: /dev/zero or a runaway file cannot fill memory
            raw = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise RuleFileError(f"{source}: cannot read the file ({exc.strerror}); check the path") from None
    if len(raw) > MAX_BYTES:
        raise RuleFileError(f"{source}: file is larger than {MAX_BYTES} bytes; a rule file is a few kilobytes")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RuleFileError(f"{source}: not UTF-8 text; save the rule file as UTF-8") from None


def load(path: Path, source: str | None = None) -> tuple[Any, dict[str, int]]:
    """(data, {key path: line}) of the rule file at ``path``: from its compiled twin when the twin was made from
    this very text, else from the YAML (:func:`mjcli.yamlsafe.load`, which gives every error)."""
    path = Path(path)
    source = source or str(path)
    text = read_text(path, source)
    got = _from_twin(path, text)
    if got is not None:
        return got
    return yamlsafe.load(text, source)


def twin_of(path: Path) -> Path:
    """Where the compiled twin of the rule file ``path`` is (whether or not it exists)."""
    return path.parent / TWINS / (path.stem + ".json")


def _digest(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.encode("utf-8")).hexdigest()


PAIRS = "(pairs)"  # a mapping whose keys are not all text (hk's ladder: 3: 1), written as its [key, value] pairs


def _from_twin(path: Path, text: str) -> tuple[Any, dict[str, int]] | None:
    """The twin's (data, lines) when it exists, is of this :data:`FORMAT` and was made from ``text``; else None."""
    try:
        with open(twin_of(path), encoding="utf-8") as f:
            twin = json.load(f, object_hook=_mapping)
    except (OSError, ValueError):  # no twin (a house file), or one that cannot be read: the YAML is the truth
        return None
    if not isinstance(twin, dict) or twin.get("format") != FORMAT or twin.get("sha256") != _digest(text):
        return None
    return twin["data"], twin["lines"]


def _mapping(d: dict) -> dict:
    """A JSON object of a twin as the mapping it stands for (:data:`PAIRS`)."""
    if PAIRS in d and len(d) == 1:
        return {k: v for k, v in d[PAIRS]}
    return d


def compile_text(text: str, source: str) -> str:
    """The compiled twin of a rule file's ``text`` (JSON text). Raises :class:`RuleFileError` when the YAML is
    wrong, or when its data would not come back from JSON the same, value and type (then it has no twin)."""
    data, lines = yamlsafe.load(text, source)
    twin = {"format": FORMAT, "sha256": _digest(text), "data": _as_json(data), "lines": lines}
    try:
        made = json.dumps(twin, ensure_ascii=False, indent=1) + "\n"
        back = json.loads(made, object_hook=_mapping)
    except (TypeError, ValueError):  # a value JSON has no type for
        back = None
    if back is None or not _same(back["data"], data) or not _same(back["lines"], lines):
        raise RuleFileError(f"{source}: its data would not come back the same from JSON (a date?); "
                            "it cannot have a compiled twin")
    return made


def _as_json(x):
    """``x`` with each mapping whose keys are not all text written as :data:`PAIRS`."""
    if isinstance(x, dict):
        if all(isinstance(k, str) for k in x) and PAIRS not in x:
            return {k: _as_json(v) for k, v in x.items()}
        return {PAIRS: [[k, _as_json(v)] for k, v in x.items()]}
    if isinstance(x, list):
        return [_as_json(v) for v in x]
    return x


def _same(a, b) -> bool:
    """``a == b`` with the same types throughout (``1 == True == 1.0`` is not enough) and mappings in the same
    order."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(ka, kb) and _same(a[ka], b[kb]) for ka, kb in zip(a, b))
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


def variants_dir() -> Path:
    """The folder of the built-in variant files (inside the installed package)."""
    here = Path(__file__).resolve().parent
    for cand in (here / "variants", here.parent / "variants"):  # installed, then a checkout: no import needed
        if (cand / "hk.yaml").is_file():
            return cand
    try:
        from importlib.resources import files

        path = Path(str(files("mjcli.variants")))
        if (path / "hk.yaml").is_file():
            return path
    except (ImportError, ModuleNotFoundError, TypeError):
        pass
    return Path(__file__).resolve().parent.parent / "variants"


def builtin_files() -> list[Path]:
    """The built-in rule files that have compiled twins: every ``variants/*.yaml``."""
    return sorted(variants_dir().glob("*.yaml"))


def main() -> int:
    """Write the compiled twin of every built-in rule file; print each one written."""
    for path in builtin_files():
        out = twin_of(path)
        out.parent.mkdir(exist_ok=True)
        made = compile_text(read_text(path, path.name), path.name)
        if not out.is_file() or out.read_text(encoding="utf-8") != made:
            out.write_text(made, encoding="utf-8")
            print(f"wrote {out.parent.name}/{out.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
