"""Load YAML safely: data only, no aliases, and a line number for every key.

``yaml.safe_load`` never runs code, but it still expands aliases, which lets a
ten-line "billion laughs" file eat all memory when walked. Rule files have no
use for anchors, so any alias is refused. Tags that name Python objects are
refused by the safe constructor.

When PyYAML was built with libyaml (the wheels on PyPI are), a file with no
``&`` or ``*`` followed by a name (an anchor or alias could start there) and no character the reader refuses is composed by
libyaml's C parser, ten times faster than the pure-Python one; anything
else, and any file the C parser finds wrong, is read again by the
pure-Python loader, so every error message has one source. Both build the
same data through :func:`_build`.
"""

from __future__ import annotations

import math
import re

from .errors import RuleFileError

MAX_BYTES = 1_000_000


def _no_alias_loader():
    """The pure-Python SafeLoader that refuses anchors and aliases (its class, made at the first use: PyYAML is
    imported only when a YAML text is read, not for a built-in file read from its compiled twin, see
    :mod:`mjcli.ruledata`)."""
    global _NoAliasLoader
    if _NoAliasLoader is None:
        import yaml

        class NoAliasLoader(yaml.SafeLoader):
            def compose_node(self, parent, index):  # noqa: D401 - PyYAML hook
                if self.check_event(yaml.AliasEvent):
                    event = self.peek_event()
                    raise RuleFileError(
                        f"line {event.start_mark.line + 1}: YAML aliases (*name) are not allowed in rule files; "
                        "write the value out"
                    )
                event = self.peek_event()
                if getattr(event, "anchor", None):
                    raise RuleFileError(
                        f"line {event.start_mark.line + 1}: YAML anchors (&name) are not allowed in rule files; "
                        "write the value out"
                    )
                return super().compose_node(parent, index)

        _NoAliasLoader = NoAliasLoader
    return _NoAliasLoader


_NoAliasLoader = None
_MAYBE_ANCHOR = re.compile(r"[&*][^\s,\[\]{}]")  # "Terminals & Honours" is not an anchor; "&a", "*a" might be
_CLoader = ...  # libyaml's loader, None when PyYAML has none; ``...`` until the first YAML text is read


def _fast(text: str):
    """The data and lines from libyaml, or None to take the pure-Python path."""
    import yaml

    global _CLoader
    if _CLoader is ...:
        _CLoader = getattr(yaml, "CSafeLoader", None) if getattr(yaml, "__with_libyaml__", False) else None
    if _CLoader is None or _MAYBE_ANCHOR.search(text) or yaml.reader.Reader.NON_PRINTABLE.search(text):
        return None
    loader = _CLoader(text)
    try:
        node = loader.get_single_node()
        lines: dict[str, int] = {}
        return (_build(loader, node, "", lines) if node is not None else None), lines
    except (yaml.YAMLError, RuleFileError, RecursionError):
        return None
    finally:
        loader.dispose()


def load(text: str, source: str) -> tuple[object, dict[str, int]]:
    """Parse YAML text into plain data and a map from key path to line number.

    >>> data, lines = load("a:\\n  b: [1, 2]\\n", "x.yaml")
    >>> data, lines["a.b"]
    ({'a': {'b': [1, 2]}}, 2)
    """
    if len(text) > MAX_BYTES:
        raise RuleFileError(f"{source}: file is larger than {MAX_BYTES} bytes; a rule file is a few kilobytes")
    fast = _fast(text)
    if fast is not None:
        return fast
    import yaml

    try:
        loader = _no_alias_loader()(text)
    except yaml.YAMLError as exc:  # e.g. a control character: the reader checks the text up front
        pos = getattr(exc, "position", None)
        where = f"line {text.count(chr(10), 0, pos) + 1}: " if isinstance(pos, int) else ""
        char = getattr(exc, "character", None)
        what = f"character {chr(char)!r} is not allowed" if isinstance(char, int) else "not valid YAML"
        raise RuleFileError(f"{source}: {where}{what}; a rule file is plain UTF-8 text") from None
    try:
        node = loader.get_single_node()
        lines: dict[str, int] = {}
        data = _build(loader, node, "", lines) if node is not None else None
    except RuleFileError as exc:
        raise RuleFileError(f"{source}: {exc.message}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise RuleFileError(f"{source}: {where}not valid YAML ({problem}); check the indentation and quoting") from None
    except RecursionError:
        raise RuleFileError(f"{source}: nesting is too deep; a rule file is a few levels deep") from None
    finally:
        loader.dispose()
    return data, lines


PLAIN_TAGS = {f"tag:yaml.org,2002:{t}" for t in ("map", "seq", "str", "int", "float", "bool", "null", "timestamp")}


def _build(loader, node, path, lines):
    import yaml

    lines.setdefault(path, node.start_mark.line + 1)
    line = node.start_mark.line + 1
    if node.tag not in PLAIN_TAGS:  # !!python/object/apply:..., !!binary, !custom: rule files are plain data
        tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        raise RuleFileError(f"line {line}: {path or '(top)'}: the tag {tag} is not allowed in rule files; "
                            "write plain text, numbers, lists and mappings")
    if isinstance(node, yaml.MappingNode):
        out = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise RuleFileError(f"line {key_node.start_mark.line + 1}: a key must be a plain word")
            key = loader.construct_object(key_node)
            if isinstance(key, (list, dict)):
                raise RuleFileError(f"line {key_node.start_mark.line + 1}: a key must be a plain word")
            sub = f"{path}.{key}" if path else str(key)
            if key in out:
                raise RuleFileError(f"{sub} (line {key_node.start_mark.line + 1}): key given twice "
                                    f"(first on line {lines.get(sub)}); keep one")
            lines[sub] = key_node.start_mark.line + 1
            out[key] = _build(loader, value_node, sub, lines)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(loader, item, f"{path}[{i}]", lines) for i, item in enumerate(node.value)]
    try:
        value = loader.construct_object(node)
    except ValueError:  # an integer of thousands of digits (Python refuses to convert it)
        raise RuleFileError(f"line {line}: {path or '(top)'}: a number of {len(node.value)} digits; "
                            "write a small number") from None
    if isinstance(value, float) and not math.isfinite(value):
        raise RuleFileError(f"line {line}: {path or '(top)'}: {node.value} is not a number a rule file can use; "
                            "write a plain number")
    return value
