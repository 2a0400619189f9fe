"""Singapore: its patterns (predicates) and its settlement rules (``settle.py``).

Importing the room registers its patterns and the words ``settle --dealt`` takes for its bites; the core imports ``settle`` when a
variant names a settlement rule (see :func:`mjcli.registry.load_settlement_rules`).
"""

from ...registry import declare_dealt
from . import patterns  # noqa: F401

# the bites settle --dealt doubles (settle.py reads them)
declare_dealt(("cat-mouse", "rooster-centipede", "animal", "flower", "bite"),
              "a bite in sg: cat-mouse, rooster-centipede, animal, flower (own flower + season), bite")
