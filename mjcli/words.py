"""The notation's flag words, one list: the parser reads them in a hand, the command line makes each an option.

Kept apart from :mod:`mjcli.mahjong.tiles` so the command line can build its options without importing the parser.
"""

from __future__ import annotations

FLAG_WORDS = ("last-tile", "last-discard", "kong-replacement", "bonus-replacement", "rob-kong", "last-of-kind",
              "kong-on-kong", "heavenly", "earthly")
