"""Taiwanese 16-tile: five sets and an eye; its patterns (``patterns.py``).

The table's data is ``variants/tw.yaml``: the shared patterns come from :mod:`mjcli.mahjong.patterns.core` (dragon and
wind sets, flushes, dragons and winds hands, all pongs, flowers, the ways of winning) and the Singapore room
(concealed self-drawn); this room registers the ones only this table scores.
"""

from . import patterns  # noqa: F401
