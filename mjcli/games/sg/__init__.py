"""Singapore: its patterns (predicates) and its settlement rules (``settle.py``).

Importing the room registers its patterns; the core imports ``settle`` when a
variant names a settlement rule (see :func:`mjcli.registry.load_settlement_rules`).
"""

from . import patterns  # noqa: F401
