"""Paohuzi (跑胡子), the Hunan card game: its own cards, groups and huxi.

Not written yet: see the Paohuzi issue.
"""

from __future__ import annotations


def validate_section(data, ck) -> None:
    """Check the ``paohuzi:`` section of a variant file (huxi table, tun ladder)."""
