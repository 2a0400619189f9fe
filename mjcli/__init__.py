"""mjcli: price mahjong and Paohuzi hands.

The library API (the command line is a thin layer over it)::

    >>> import mjcli
    >>> hk = mjcli.load_variant("hk")
    >>> mjcli.score_line("123m 456m 789m 234p 55s zimo", hk).total
    3
"""

from __future__ import annotations

__version__ = "0.2.0"
__all__ = ["load_variant", "score_line", "wait_line", "settle", "SettleRequest", "parse_hand", "format_hand",
           "MjError", "__version__"]


def __getattr__(name):  # lazy: `mjcli rules` must start fast
    if name == "load_variant":
        from .api import load_variant

        return load_variant
    if name in ("score_line", "wait_line"):
        from . import api

        return getattr(api, name)
    if name in ("settle", "SettleRequest"):
        from . import payments

        return getattr(payments, name)
    if name in ("parse_hand", "format_hand"):
        from .mahjong import tiles

        return getattr(tiles, name)
    if name == "MjError":
        from .errors import MjError

        return MjError
    raise AttributeError(name)
