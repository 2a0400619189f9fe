"""Patterns only Malaysian 3 Kaki scores (faces, Fei, bonus limits...)."""

from __future__ import annotations
