"""Find a variant's pattern by what a player calls it (issue 27): ``mjcli rules hk PATTERN``.

A pattern is found by its id, by any of its names (its ``name``, the part of it before or inside brackets,
and every language of ``names``), written in any case and with or without accents, or by a word of
those (``dragons`` finds every pattern with the word in an id or a name). Accents are folded on Latin letters
only: a Tamil or Thai vowel sign is part of its letter and stays. Words are compared whole, a plural ``s``
aside; in a script written without spaces (Chinese, Thai) a word is found inside a name.

>>> from mjcli.variant import load_builtin
>>> v = load_builtin("hk")
>>> find(v, "Siu Sam Yuen"), find(v, "PING_WU"), find(v, "sìu sam yüen")
(['small_dragons'], ['ping_wu'], ['small_dragons'])
>>> find(load_builtin("sg"), "门风") == find(load_builtin("sg"), "門風")
True
>>> find(v, "dragons")
['small_dragons', 'big_dragons', 'dragon_set']
>>> nearest(v, "dargons")
['small_dragons', 'big_dragons', 'dragon_set']
"""

from __future__ import annotations

import re
import unicodedata

_SPLIT = re.compile(r"[\s()\[\]{},.;:/&'\"!?_\-]+")
# the Simplified characters of mahjong's words, each as its Traditional one: the tables' Chinese names are
# Traditional (as the hk table writes them), and a player may type either script
_HANT = str.maketrans(
    "将门风动绿开杠抢捞莲宝灯罗汉过顺绞东发万条龙对听庄连数"
    "单双边钓无岭国张带断齐独暗杂缺门碰砰尽头红车马炮会节组于绝归标",
    "將門風動綠開槓搶撈蓮寶燈羅漢過順絞東發萬條龍對聽莊連數"
    "單雙邊釣無嶺國張帶斷齊獨暗雜缺門碰砰盡頭紅車馬炮會節組於絕歸標",
)


def _latin(ch: str) -> bool:
    return ch.isascii() or unicodedata.name(ch, "").startswith("LATIN")


def fold(text: str) -> str:
    """``text`` lower case, accents off Latin letters, Simplified Chinese as Traditional, ``_`` ``-`` and
    brackets as spaces, spaces single.

    >>> fold("Siu Sam Yüen (small three dragons)"), fold("PING_WU"), fold("டிராகன் தொகுதி")
    ('siu sam yuen small three dragons', 'ping wu', 'டிராகன் தொகுதி')
    """
    out: list[str] = []
    for ch in unicodedata.normalize("NFD", text):
        if unicodedata.combining(ch) and out and _latin(out[-1]):
            continue  # an accent on a Latin letter
        out.append(ch)
    text = unicodedata.normalize("NFC", "".join(out)).lower()
    if not text.isascii():
        text = text.translate(_HANT)  # Simplified Chinese read as Traditional
    return " ".join(w for w in _SPLIT.split(text) if w)


def _names(p) -> list[str]:
    """Every name of pattern ``p``, folded: its id, its name, the name's parts before and inside brackets, and
    its name in each language."""
    raw = [p.id, p.name, *p.names.values()]
    for name in (p.name, *p.names.values()):
        m = re.fullmatch(r"(.*?)\s*[(（](.*)[)）]\s*", name)
        if m:
            raw.extend(m.groups())
    return list(dict.fromkeys(f for f in map(fold, raw) if f))


def _same_word(a: str, b: str) -> bool:
    return a == b or a + "s" == b or a == b + "s"


def _spaced(word: str) -> bool:
    """A word of a script written with spaces between words (Latin, Tamil ...), not Chinese or Thai."""
    return not any("\u0e00" <= ch <= "\u0e7f" or unicodedata.east_asian_width(ch) in "WF" for ch in word)


def find(variant, query: str) -> list[str]:
    """The ids of the patterns ``query`` names, in the table's order: the patterns it names whole (an id or a
    name), else those that have each of its words; [] when none."""
    q = fold(query)
    if not q:
        return []
    pats = list(variant.patterns)
    whole = [p.id for p in pats if q in _names(p)]
    if whole:
        return whole
    words = q.split(" ")
    hits = []
    for p in pats:
        names = _names(p)
        have = {w for n in names for w in n.split(" ")}
        if all(any(_same_word(w, h) for h in have) if _spaced(w) else any(w in n for n in names) for w in words):
            hits.append(p.id)
    return hits


def nearest(variant, query: str, n: int = 3) -> list[str]:
    """The ids of up to ``n`` patterns whose id, name or a word of it is nearest ``query`` (for a did-you-mean)."""
    import difflib

    q = fold(query)
    owner: dict[str, list[str]] = {}
    for p in variant.patterns:
        for name in _names(p):
            for key in (name, *name.split(" ")):
                owner.setdefault(key, [])
                if p.id not in owner[key]:
                    owner[key].append(p.id)
    out: list[str] = []
    for key in difflib.get_close_matches(q, list(owner), n=n, cutoff=0.7):
        out.extend(i for i in owner[key] if i not in out)
    return out[:n]
