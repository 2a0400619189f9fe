"""Malaysian 3 Kaki (with Fei jokers): its patterns (predicates), its settlement rules and its wait hint.

Importing the room registers its patterns and the ``wait_notes`` hook, which
marks the waits a drowned Fei would lift to the minimum; the core imports
``settle.py`` when a variant names a settlement rule (see
:func:`mjcli.registry.load_settlement_rules`).
"""

from ...registry import add_hook, declare_dealt
from . import patterns

add_hook("wait_notes", patterns.drown_fei_hints)
FAMILIES = ("flower", "season", "animal", "face")
declare_dealt(FAMILIES, "a complete bonus family (my3)", {f"{w}s": w for w in FAMILIES})
