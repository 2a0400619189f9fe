"""Malaysian 3 Kaki (with Fei jokers): its patterns (predicates), its settlement rules and its wait hint.

Importing the room registers its patterns, its record fields (``fields.json``) and the ``wait_notes`` hook
(``hints.py``), which marks the waits a drowned Fei would lift to the minimum; the core imports
``settle.py`` when a variant names a settlement rule (see
:func:`mjcli.registry.load_settlement_rules`).
"""

from pathlib import Path

from ...registry import add_hook, declare_dealt, declare_fields
from . import patterns  # noqa: F401  (registers the predicates)
from .hints import drown_fei_hints

add_hook("wait_notes", drown_fei_hints)
declare_fields(Path(__file__).with_name("fields.json"))  # drown_fei_reaches_minimum on every wait
FAMILIES = ("flower", "season", "animal", "face")
declare_dealt(FAMILIES, "a complete bonus family (my3)", {f"{w}s": w for w in FAMILIES})
