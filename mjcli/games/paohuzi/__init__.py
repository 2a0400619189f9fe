"""Paohuzi (跑胡子), the Hunan card game: its own cards, groups, huxi and tun.

The rest of mjcli calls these (see :mod:`mjcli.api`, :mod:`mjcli.rulesview`,
:mod:`mjcli.payments`); the modules behind them load on first use:

* :func:`score_text`, :func:`wait_text`: one line of notation -> a result with
  ``as_dict()`` and ``answer_code`` (:mod:`.scorer`);
* :func:`rules_table`, :func:`tiles_text`: what ``mjcli rules paohuzi`` prints (:mod:`.rulesview`);
* :func:`validate_section`: checks the ``paohuzi:`` section of a variant file (:mod:`.config`);
* :func:`tun_of`: the paid value (tun) of a huxi total, for the payment table.
"""

from __future__ import annotations


def validate_section(data, ck) -> None:
    """Check the ``paohuzi:`` section of a variant file (huxi table, tun ladder)."""
    from .config import validate_section as check

    check(data, ck)


def score_text(text, variant, overrides=None, all_readings=False):
    from .scorer import score_text as run

    return run(text, variant, overrides=overrides, all_readings=all_readings)


def wait_text(text, variant, overrides=None):
    from .scorer import wait_text as run

    return run(text, variant, overrides=overrides)


def rules_table(variant, lang="en", fmt="table") -> str:
    from .rulesview import rules_table as run

    return run(variant, lang, fmt)


def tiles_text(variant) -> str:
    from .rulesview import tiles_text as run

    return run(variant)


def tun_of(variant, huxi: int) -> int:
    """The tun a huxi total is paid as (0 below the minimum).

    >>> from mjcli.variant import load_builtin
    >>> tun_of(load_builtin("paohuzi"), 21)
    3
    """
    from .config import config

    return config(variant).tun(huxi)
