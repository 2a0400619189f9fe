"""A cache of the parsed built-in variant files, so `mjcli rules hk` starts fast (issue 6).

Parsing a variant file with PyYAML's pure-Python safe loader takes tens of
milliseconds, more than the rest of `mjcli rules`. The first successful
parse of a text is kept as a marshal file (plain data only: mappings, lists,
text, numbers, true/false/null) in ``$MJCLI_CACHE_DIR``, else
``$XDG_CACHE_HOME/mjcli``, else ``~/.cache/mjcli``. The cache file holds the
whole text it was parsed from and is used only when that text is the same
byte for byte, and only by the same YAML rules (the file names the size and
time of :mod:`mjcli.yamlsafe`) and Python. A file that fails to parse is
never cached, so every error still comes from the loader. Set
``MJCLI_NO_CACHE=1`` to turn the cache off; a cache that cannot be read or
written is skipped quietly. Only the built-in files in ``variants/`` come
here (see :func:`mjcli.variant.load_data`), so the cache holds a handful of
files; a house-rule file is parsed every time. Nothing in the cache can run code: marshal data
that is not plain is thrown away.
"""

from __future__ import annotations

import marshal
import os
import sys
import zlib

FORMAT = 1


def cache_dir() -> str | None:
    if os.environ.get("MJCLI_NO_CACHE"):
        return None
    base = os.environ.get("MJCLI_CACHE_DIR")
    if not base:
        xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        base = os.path.join(xdg, "mjcli")
    return base


def _plain(x, depth: int = 0) -> bool:
    if depth > 100:
        return False
    if x is None or isinstance(x, (str, bool, int, float)):
        return True
    if isinstance(x, list):
        return all(_plain(v, depth + 1) for v in x)
    if isinstance(x, dict):
        return all(isinstance(k, (str, int, float, bool)) and _plain(v, depth + 1) for k, v in x.items())
    return False


def _stamp(loader) -> tuple:
    mod = sys.modules.get(getattr(loader, "__module__", ""), None)
    path = getattr(mod, "__file__", None)
    try:
        st = os.stat(path) if path else None
    except OSError:
        st = None
    return (FORMAT, sys.version_info[:2], st.st_size if st else 0, st.st_mtime_ns if st else 0)


def load_yaml(text: str, source: str, loader):
    """``loader(text, source)`` -> (data, lines), through the cache."""
    base = cache_dir()
    if base is None:
        return loader(text, source)
    stamp = _stamp(loader)
    stem = "".join(ch for ch in source if ch.isalnum())[:40] or "file"
    name = f"{stem}-{zlib.crc32(text.encode('utf-8')):08x}-{len(text)}.marshal"
    path = os.path.join(base, name)
    try:
        with open(path, "rb") as f:
            obj = marshal.load(f)
        if (isinstance(obj, tuple) and len(obj) == 4 and obj[0] == list(stamp) and obj[1] == text
                and _plain(obj[2]) and isinstance(obj[3], dict) and _plain(obj[3])):
            return obj[2], obj[3]
    except (OSError, EOFError, ValueError, TypeError):
        pass
    data, lines = loader(text, source)
    if _plain(data) and _plain(lines):
        try:
            os.makedirs(base, exist_ok=True)
            tmp = f"{path}.{os.getpid()}.tmp"
            with open(tmp, "wb") as f:
                marshal.dump((list(stamp), text, data, lines), f)
            os.replace(tmp, path)
            for old in os.listdir(base):  # the same file's older texts
                if old.startswith(stem + "-") and old.endswith(".marshal") and old != name:
                    os.remove(os.path.join(base, old))
        except (OSError, ValueError):
            pass
    return data, lines
