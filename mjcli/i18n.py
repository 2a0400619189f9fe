"""The words of the table screens in the player's language (``--lang``, issue 27).

Message catalogs are gettext's: ``mjcli/locale/LANG/LC_MESSAGES/mjcli.po`` (the source, edited by hand) and
its compiled ``mjcli.mo`` (package data, read with the standard :mod:`gettext`). :func:`compile_po` is our
own small ``msgfmt``; ``python -m mjcli.i18n`` compiles every catalog (a test checks each ``.mo`` matches
its ``.po``).

Only the table format is translated: json, jsonl, csv and error codes stay English. The language of a
command is set once with :func:`use`; the renderers ask :func:`tr` for a message (``{name}`` fields filled
after the lookup) and :func:`phrase` for English text made elsewhere (a payment reason, a note): its whole
text, else a catalog template with ``{fields}`` matching it.
"""

from __future__ import annotations

import re
import struct
from pathlib import Path

LANGS = ("en", "ms", "ta", "zh", "th")
# what each language is, for help and docs: the Chinese names are Traditional characters (the hk tables')
LABELS = {"en": "English", "ms": "Bahasa Melayu", "ta": "தமிழ்", "zh": "中文 (zh-Hant, Traditional)",
          "th": "ไทย"}
# the catalog folder of each language (zh is written in Traditional characters: zh_Hant)
FOLDERS = {"ms": "ms", "ta": "ta", "zh": "zh_Hant", "th": "th"}
LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "mjcli"

_state = {"lang": "en", "variant": None, "wording": ()}
_CATALOGS: dict = {}
_TEMPLATES: dict = {}
_WORDED: dict = {}


def use(lang: str | None, variant=None) -> None:
    """Speak ``lang`` (None or en: English) in the tables from now on; ``variant`` gives the pattern names and
    the words its table says otherwise (its ``wording``: mcr's 起和 for the catalog's 起糊)."""
    _state["lang"] = lang if lang in LANGS else "en"
    _state["variant"] = variant
    words = (getattr(variant, "wording", None) or {}).get(_state["lang"]) or {}
    _state["wording"] = tuple(sorted(words.items(), key=lambda kv: -len(kv[0])))  # the longest word first


def messages(lang: str) -> dict:
    """The catalog of ``lang`` as the current table says it: each message with the table's ``wording`` put in
    (:func:`catalog` itself when it has none), made once a table and language."""
    words = _state["wording"]
    if not words:
        return catalog(lang)
    key = (lang, words)
    got = _WORDED.get(key)
    if got is None:
        rx = re.compile("|".join(re.escape(w) for w, _ in words))
        to = dict(words)
        got = _WORDED[key] = {k: rx.sub(lambda m: to[m.group(0)], v) for k, v in catalog(lang).items()}
    return got


def current() -> str:
    return _state["lang"]


def mo_path(lang: str) -> Path:
    return LOCALE_DIR / FOLDERS[lang] / "LC_MESSAGES" / f"{DOMAIN}.mo"


def po_path(lang: str) -> Path:
    return mo_path(lang).with_suffix(".po")


def catalog(lang: str) -> dict:
    """The messages of ``lang`` (msgid -> msgstr), read once from its compiled ``.mo`` with :mod:`gettext`."""
    if lang not in _CATALOGS:
        msgs: dict = {}
        if lang in FOLDERS:
            import gettext

            try:
                with open(mo_path(lang), "rb") as f:
                    msgs = {k: v for k, v in gettext.GNUTranslations(f)._catalog.items() if k and v}
            except OSError:  # pragma: no cover - a broken install: English
                msgs = {}
        _CATALOGS[lang] = msgs
    return _CATALOGS[lang]


def tr(msgid: str, **fields) -> str:
    """``msgid`` in the current language, its ``{fields}`` filled in (English when it has no translation)."""
    lang = _state["lang"]
    text = msgid if lang == "en" else messages(lang).get(msgid) or msgid
    return text.format(**fields) if fields else text


def phrase(text: str) -> str:
    """English ``text`` made elsewhere (a reason, a note, a unit) in the current language: the whole text, else
    the first catalog template (a msgid with ``{fields}``) that matches it, each field's text translated when
    the catalog has it (a unit); else the text as it is."""
    lang = _state["lang"]
    if lang == "en" or not text:
        return text
    cat = messages(lang)
    if text in cat:
        return cat[text]
    for rx, msgstr in _templates(lang):
        m = rx.fullmatch(text)
        if m:
            return msgstr.format(**{k: _field(v) for k, v in m.groupdict().items()})
    return text


def _field(value: str) -> str:
    """A template field's text in the current language: the catalog's whole text, a pattern's name as the
    variant gives it, else each item of a list (``a (x, y), b (x, y)``: commas outside brackets) as
    :func:`phrase` makes it, else the text as it is."""
    lang, cat = _state["lang"], messages(_state["lang"])
    if value in cat:
        return cat[value]
    for p in getattr(_state["variant"], "patterns", ()):  # a pattern's English name: the variant's own
        if p.name == value:
            return p.name_in(lang)
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(value):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0 and value[i + 1: i + 2] == " ":
            parts.append(value[start:i])
            start = i + 2
    parts.append(value[start:])
    return ", ".join(phrase(x) for x in parts)


def _templates(lang: str) -> list:
    key = (lang, _state["wording"])
    if key not in _TEMPLATES:
        out = []
        for msgid, msgstr in messages(lang).items():
            if "{" not in msgid:
                continue
            parts = re.split(r"\{(\w+)\}", msgid)
            seen: set = set()
            rx = ""
            for i, p in enumerate(parts):  # a field named twice must match the same text twice
                if i % 2 == 0:
                    rx += re.escape(p)
                else:
                    rx += f"(?P={p})" if p in seen else f"(?P<{p}>.+?)"
                    seen.add(p)
            out.append((len("".join(parts[0::2])), re.compile(rx), msgstr))
        out.sort(key=lambda t: -t[0])  # the most specific (the most fixed text) first
        out = [t[1:] for t in out]
        _TEMPLATES[key] = out
    return _TEMPLATES[key]


def unit(name: str) -> str:
    """The unit (faan, tai, fan, huxi, tun) in the current language."""
    return phrase(name)


def pattern_name(pid: str, english: str) -> str:
    """A pattern's name in the current language: the variant's ``names`` (its YAML), else the English name."""
    lang, v = _state["lang"], _state["variant"]
    if lang == "en" or v is None:
        return english
    for p in getattr(v, "patterns", ()):
        if p.id == pid:
            return p.name_in(lang)
    return english


# --- .po -> .mo: a small msgfmt -----------------------------------------------------


def parse_po(text: str) -> dict:
    """The messages of a ``.po`` file (msgid -> msgstr; the header under ""): comments skipped, ``#, fuzzy``
    entries and empty translations left out, strings joined and unescaped."""
    out: dict = {}
    entries = re.split(r"\n\s*\n", text.strip())
    for entry in entries:
        fuzzy = False
        key, parts = None, {"msgid": [], "msgstr": []}
        for raw in entry.splitlines():
            line = raw.strip()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            if not line or line.startswith("#"):
                continue
            m = re.match(r'(msgid|msgstr)\s+(".*")$', line)
            if m:
                key = m.group(1)
                line = m.group(2)
            if key is None or not (line.startswith('"') and line.endswith('"')):
                raise ValueError(f"bad .po line: {raw!r}")
            parts[key].append(_unquote(line))
        msgid, msgstr = "".join(parts["msgid"]), "".join(parts["msgstr"])
        if msgstr and not (fuzzy and msgid):
            out[msgid] = msgstr
    return out


def _unquote(s: str) -> str:
    body = s[1:-1]
    return re.sub(r'\\(["\\nt])', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), body)


def compile_po(text: str) -> bytes:
    """The ``.mo`` bytes of a ``.po`` text (GNU format, little-endian, no hash table; ids in byte order)."""
    msgs = parse_po(text)
    items = sorted((k.encode(), v.encode()) for k, v in msgs.items())
    n = len(items)
    ids_at, strs_at = 28, 28 + 8 * n
    data_at = 28 + 16 * n
    ids, strs, blob = [], [], b""
    for k, _ in items:
        ids.append((len(k), data_at + len(blob)))
        blob += k + b"\0"
    for _, v in items:
        strs.append((len(v), data_at + len(blob)))
        blob += v + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, n, ids_at, strs_at, 0, data_at)
    table = b"".join(struct.pack("<2I", *p) for p in ids + strs)
    return head + table + blob


def main() -> None:  # pragma: no cover - run by hand after editing a .po
    for lang in FOLDERS:
        mo_path(lang).write_bytes(compile_po(po_path(lang).read_text(encoding="utf-8")))
        print(f"compiled {mo_path(lang).relative_to(LOCALE_DIR.parent)}")


if __name__ == "__main__":  # pragma: no cover
    main()
