"""Patterns only Malaysian 3 Kaki scores (faces, Fei, bonus limits...).

The shared ones (flushes, dragon and wind sets, ``own_flower`` with E1 S2 W3,
``flower_set``, ``no_bonus``, ``four_concealed_pongs``...) live in
:mod:`mjcli.patterns.core`; the values are in ``variants/my3.yaml``.

>>> from mjcli.scoring import score_text
>>> from mjcli.variant import load_builtin
>>> r = score_text("123p 456p 789p EEE 11p | cat face f4 J @1p", load_builtin("my3"))
>>> sorted(p.id for p in r.patterns)
['animal', 'drowned_fei', 'east_set', 'face', 'flower_four', 'half_flush', 'seat_wind']
"""

from __future__ import annotations

from ...tiles import BONUS_TOKENS
from ...patterns import Ctx, pattern

FAMILY_SIZE = 4
EVERYONE_NUMBER = 4  # the empty North seat's flower and season count for every player
BONUS_FAMILIES = ("flower", "season", "animal", "face")


def _families(ctx: Ctx) -> list[str]:
    return [BONUS_TOKENS[b][0] for b in ctx.hand.bonus]


@pattern("all_chows", when="four_chows", context_free=True)
def all_chows(ctx: Ctx) -> int:
    """Ping Hu 平胡 (All Chow): four chows and an eye of the suit (Tong)."""
    shape = ctx.shape
    return int(not ctx.special and shape.sets == 4 and shape.chows == 4 and ctx.eye is not None and ctx.eye < 27)


@pattern("face", needs_reading=False)
def face(ctx: Ctx) -> int:
    """Jubin Muka: each face tile held."""
    return _families(ctx).count("face")


@pattern("flower_four", needs_reading=False)
def flower_four(ctx: Ctx) -> int:
    """Bunga 4 / Musim 4: flower 4 and season 4 count for everyone (no one sits North)."""
    return sum(1 for b in ctx.hand.bonus if BONUS_TOKENS[b][0] in ("flower", "season")
               and BONUS_TOKENS[b][1] == EVERYONE_NUMBER)


@pattern("drowned_fei", needs_reading=False)
def drowned_fei(ctx: Ctx) -> int:
    """Fei Diketepikan 沉飛: each Fei set aside with the bonus tiles."""
    return ctx.hand.bonus.count("J")


@pattern("all_bonus", needs_reading=False)
def all_bonus(ctx: Ctx) -> int:
    """Kesemua Enam Belas: every flower, season, animal and face tile."""
    fams = _families(ctx)
    return int(all(fams.count(f) == FAMILY_SIZE for f in BONUS_FAMILIES))


@pattern("four_fei", needs_reading=False)
def four_fei(ctx: Ctx) -> int:
    """Four Fei 四飛: all four Fei, held (in hand or a shown meld) or drowned."""
    return int(ctx.hand.jokers_total() >= ctx.variant.tiles.jokers > 0)


# --- the wait hint: drowning a Fei -------------------------------------------


def drown_fei_hints(hand, variant, res) -> None:
    """Mark the waits that a drowned Fei (1 fan) would lift to the minimum (variants with Fei only).

    The player keeps the same 13 tiles and drowns the next Fei drawn (so one
    must still be unseen); each wait is scored again with one more ``J``
    among the bonus tiles. Only the ways the context allows count: a context
    word that makes the win self-drawn (``last-tile``, ...) or a discard
    (``last-discard``, ``rob-kong``, ...) leaves the other way out. A wait is
    marked when it is below the minimum in every way allowed and one more
    drowned Fei lifts it to the minimum in one of them. Adds
    ``drown_fei_reaches_minimum`` to every wait and a note naming the waits
    it lifts, with their values in the ways allowed.
    """
    if not variant.tiles.jokers:
        return
    from dataclasses import replace

    from ...context import DISCARD_WORDS, SELF_DRAWN_WORDS
    from ...scoring import score
    from ...tiles import BONUS_ORDER, format_tiles, tile_from_code

    ways = []  # (way, self-drawn?, how the note says it), as the context allows
    if not hand.flags & set(SELF_DRAWN_WORDS):
        ways.append(("discard", False, "on a discard"))
    if not hand.flags & set(DISCARD_WORDS):
        ways.append(("self_drawn", True, "self-drawn"))
    unseen = variant.tiles.jokers - hand.jokers_total() > 0
    drowned = replace(hand, bonus=tuple(sorted(hand.bonus + ("J",), key=BONUS_ORDER.get)))
    lifted = []
    for w in res.waits:
        w["drown_fei_reaches_minimum"] = False
        if w["tile"] == "J" or not unseen or any(w[f"{way}_meets_minimum"] for way, _, _ in ways):
            continue
        t = tile_from_code(w["tile"])
        after = []
        for way, self_drawn, said in ways:
            r = score(drowned.with_tile(t, self_drawn=self_drawn), variant)
            after.append(f"{r.total if r.winning else None} {said}")
            if r.meets_minimum:
                w["drown_fei_reaches_minimum"] = True
        if w["drown_fei_reaches_minimum"]:
            lifted.append(f"{format_tiles([t])} ({', '.join(after)})")  # as the table writes it: E, not 1z
    if lifted:
        res.notes.append(
            f"drown a Fei: with one more drowned Fei (1 {variant.unit}) these waits reach the minimum "
            f"{variant.minimum}: {', '.join(lifted)}; drown the next Fei you draw instead of keeping it"
        )
