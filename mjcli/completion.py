"""Shell completion: the words each option takes (variants, seats, ladders, pattern ids).

click completes choices (formats, languages, seat and round winds) by itself; the
functions here complete the rest. Each is quick: no rule file is read, only the
built-in variants' data.

>>> variant_words("s")
['sg']
>>> seat_words("")
['E', 'S', 'W', 'N']
"""

from __future__ import annotations

SEATS = ("E", "S", "W", "N")


def variant_words(incomplete: str) -> list[str]:
    """The built-in variant ids starting with ``incomplete``."""
    from .variant import builtin_ids

    return [v for v in builtin_ids() if v.startswith(incomplete)]


def seat_words(incomplete: str) -> list[str]:
    return [s for s in SEATS if s.startswith(incomplete.upper())]


def ladder_words(incomplete: str) -> list[str]:
    from .presets import preset_ids

    return [p for p in preset_ids() if p.startswith(incomplete)]


def pattern_words(variant_id: str | None, incomplete: str) -> list[str]:
    """The pattern ids of a built-in variant (every registered id when it is not one) starting with
    ``incomplete``."""
    from .errors import MjError

    ids: list[str] = []
    if variant_id:
        try:
            from .variant import load_builtin

            ids = [p.id for p in load_builtin(variant_id).patterns]
        except MjError:
            ids = []
    if not ids:
        from .mahjong.patterns import REGISTRY
        from .registry import load_games

        load_games()
        ids = sorted(REGISTRY)
    return [p for p in ids if p.startswith(incomplete)]


def script(cli, shell: str, prog_name: str = "mjcli") -> str:
    """The completion script click writes for ``shell`` (bash, zsh or fish)."""
    from click.shell_completion import get_completion_class

    cls = get_completion_class(shell)
    complete_var = "_" + prog_name.replace("-", "_").upper() + "_COMPLETE"
    return cls(cli, {}, prog_name, complete_var).source()
