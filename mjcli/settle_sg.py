"""Singapore settlements: instant payments (bites, animals, flower series, kongs)."""

from __future__ import annotations
