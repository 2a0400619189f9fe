"""Patterns only Singapore scores (animals, Ping Hu and its wait rule...)."""

from __future__ import annotations
