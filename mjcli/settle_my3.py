"""Malaysian 3 Kaki settlements: kongs, families, and the Fei and scoring-tile settlements."""

from __future__ import annotations
