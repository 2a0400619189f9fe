"""Malaysian 3 Kaki's wait hint: the waits a drowned Fei would lift to the minimum (the ``wait_notes`` hook).

Kept apart from the predicates of :mod:`.patterns`, which the scorer asks for every hand: this hook scores each
wait again, so it stands above the scorer, and the predicates stay below it.
"""

from __future__ import annotations

from dataclasses import replace

from ...mahjong.context import DISCARD_WORDS, SELF_DRAWN_WORDS
from ...mahjong.scoring import score
from ...mahjong.tiles import BONUS_ORDER, format_tiles, tile_from_code


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
