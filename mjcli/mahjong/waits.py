"""What a ready hand waits on, and what each win would be worth.

>>> from mjcli.variant import load_builtin
>>> r = wait_text("123m 456m 789m 23p EE", load_builtin("hk"))
>>> [(w["tile"], w["left"], w["discard"], w["self_drawn"]) for w in r.waits]
[('1p', 4, 2, 3), ('4p', 4, 2, 3)]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import decompose
from .context import DISCARD_WORDS, SELF_DRAWN_WORDS, resolve
from ..errors import NOT_READY, HandError, MjError
from .scoring import plan_of as scoring_plan
from .scoring import robbed_win, win_totals, wins_without_sets
from ..payments import not_toward_points
from ..registry import hooks
from .tiles import (JOKER, PLACE_INC, SUIT_OF, Hand, format_hand, format_tiles, hand_keys, make_hand, parse_hand,
                    tile_code, validate, variant_tiles)


@dataclass
class WaitResult:
    hand: str
    variant: str
    unit: str
    minimum: int
    ok: bool = True
    error: MjError | None = None
    ready: bool = False
    waits: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    extra: dict = field(default_factory=dict)
    table_extra: dict = field(default_factory=dict)  # what only the table output shows (not in as_dict)

    @property
    def answer_code(self) -> str | None:
        if self.error is not None:
            return self.error.code
        return None if self.ready else NOT_READY

    def json_key(self):
        """All that the JSON record holds besides the line number, the hand and the waits (each wait's JSON is a
        fragment of its own), or None (see :func:`mjcli.batch.json_record`)."""
        if not self.ok or self.extra:
            return None
        return ("wait", self.variant, self.unit, self.minimum, self.ready, tuple(self.notes))

    def as_dict(self) -> dict:
        d = {
            "hand": self.hand,
            "variant": self.variant,
            "ok": self.ok,
            "error": self.error.as_record() if self.error else None,
            "ready": self.ready,
            "unit": self.unit,
            "minimum": self.minimum,
            "waits": self.waits,
        }
        if self.notes:
            d["notes"] = self.notes
        d.update(self.extra)
        from ..contract import shape

        return shape("wait", d)


_PLANS: dict = {}


def _plan(variant) -> tuple:
    """(candidate tiles, Fei in the set, the hand shape (mjcli.mahjong.shape), most copies of a tile), worked out once per
    variant."""
    entry = _PLANS.get(id(variant))
    if entry is None or entry[0] is not variant:
        tiles = variant_tiles(variant)
        cands = range(34) if len(tiles) == 34 else tuple(tiles)
        entry = _PLANS[id(variant)] = (variant, cands, variant.tiles.jokers, variant.hand, variant.most_copies)
    return entry


def waiting_tiles(hand: Hand, variant) -> list[int]:
    """The tiles that complete a 13-tile hand (library API, no scoring).

    >>> from mjcli.variant import load_builtin
    >>> [tile_code(t) for t in waiting_tiles(parse_hand("1112345678999m"), load_builtin("hk"))]
    ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
    """
    _, cands, fei, shape, most = _plan(variant)
    jokers_left = fei - hand.jokers_total() if fei else 0
    return decompose.waiting_tiles(hand, cands, jokers_left, shape, most)


def wait_sizes(full: int) -> str:
    """What ``wait`` takes at a table whose complete hand has ``full`` tiles."""
    return (f"wait needs {full - 1} tiles (one short of a win: what completes it) or {full} (a hand that has just "
            "drawn: what each discard leaves)")


def check_size(hand: Hand, variant, size: int) -> None:
    """The hand's tiles checked, then its size (``size``: the variant's complete hand or one less): a wrong size
    names both that ``wait`` takes."""
    validate(hand, variant, size=None)
    if hand.size != size:
        raise HandError(f"hand has {hand.size} tiles (a kong counts 3); {wait_sizes(variant.hand.size)}")


_SELF_DRAWN_WORDS, _DISCARD_WORDS = frozenset(SELF_DRAWN_WORDS), frozenset(DISCARD_WORDS)


def wait(hand: Hand, variant) -> WaitResult:
    """Every tile that completes the hand, how many are unseen, and both values.

    A context word that fixes how the tile comes (``last-tile``, ``heavenly``, ... self-drawn;
    ``rob-kong``, ``last-discard``, ``earthly``: a discard) leaves the other column empty, and a tile that
    wins in no way the context allows is no wait (``J`` with a discard word; with ``rob-kong``, a tile that
    wins only with a Fei read as the robbed tile), as ``score`` refuses it.
    """
    check_size(hand, variant, variant.hand.size - 1)
    self_only = bool(hand.flags & _SELF_DRAWN_WORDS)
    discard_only = bool(hand.flags & _DISCARD_WORDS)
    keys13 = hand_keys(hand)  # kept from the parse when it added them up
    text13 = hand.__dict__.get("_text")  # the tiles' canonical text, when the parser had it (see tiles._hand_text)
    hand = make_hand(hand.concealed, hand.jokers, hand.melds, hand.bonus, None, False, hand.seat, hand.round,
                     hand.flags)
    hand.__dict__["_keys"] = keys13  # the same tiles (see tiles.hand_keys)
    res = _new(WaitResult)  # WaitResult(format_hand(hand, win=False), variant.id, ...) without the init
    res.__dict__.update(hand=format_hand(hand, win=False, tiles_text=text13), variant=variant.id, unit=variant.unit,
                        minimum=variant.minimum, ok=True, error=None, ready=False, waits=[], notes=[], extra={},
                        table_extra={})
    made, barred, alone = _tile_waits(hand, variant, keys13, res, self_only, discard_only)
    res.ready = bool(res.waits)
    _wait_notes(hand, variant, res, made, barred, alone)
    return res


def _tile_waits(hand: Hand, variant, keys13, res: WaitResult, self_only: bool, discard_only: bool) -> tuple:
    """Each tile that completes ``hand`` as an entry of ``res.waits``, with both values; returns (what each
    entry is made of, the tiles the context bars, whether the hand wins whatever the tile)."""
    visible = hand.visible_counts() if hand.melds else None  # no melds: a tile's count in the hand
    jokers_left = variant.tiles.jokers - hand.jokers_total()
    concealed, jokers, melds, bonus, seat, round_, flags = (hand.concealed, hand.jokers, hand.melds, hand.bonus,
                                                            hand.seat, hand.round, hand.flags)
    robbing = "rob-kong" in flags
    winners, alone = _winning_tiles(hand, variant, jokers_left)
    plan = scoring_plan(variant)
    entries_of: dict = {}  # a Fei or not -> the contexts' entries (Plan.context_entry)
    # the minimum, the points not toward it (mcr's flowers: the same for every tile) added: what a total must reach
    minimum = variant.minimum + (not_toward_points(variant, plan.context_entry(hand)[0]) if variant.not_toward_minimum
                                 else 0)
    made = []  # what each wait's entry is made of: its JSON is kept by this key (mjcli.batch._waits_text)
    barred = []  # the tiles that complete the shape but win in no way the context allows
    for t in winners:
        # hand.with_tile(t, self_drawn=False) and the same self-drawn, built directly (speed, issue 15)
        if t == JOKER:
            tiles, n_fei, keys14 = concealed, jokers + 1, keys13
        else:
            tiles, n_fei = tuple(sorted(concealed + (t,))), jokers
            keys14 = list(keys13)
            keys14[SUIT_OF[t]] += PLACE_INC[t]
            keys14 = tuple(keys14)
        # make_hand(tiles, n_fei, melds, bonus, t, False, seat, round_, flags), its suit keys those of the 13
        # tiles and t (see tiles.hand_keys): the 13-tile hand's fields with these; the self-drawn hand the same
        # with self_drawn True
        fields = hand.__dict__.copy()
        fields["concealed"], fields["jokers"], fields["win"], fields["_keys"] = tiles, n_fei, t, keys14
        on_discard = _new(Hand)
        on_discard.__dict__.update(fields)
        by_discard = t != JOKER and not self_only  # a discarded Fei cannot be claimed: self-drawn only
        by_self = not discard_only
        if by_self:
            fields["self_drawn"] = True
            drawn = _new(Hand)
            drawn.__dict__.update(fields)
        ways = ((on_discard,) if by_discard else ()) + ((drawn,) if by_self else ())
        # the contexts' entries: the same for every real tile (and for every Fei), worked out once a wait
        entries = entries_of.get(t == JOKER)
        if entries is None:
            entries = entries_of[t == JOKER] = [plan.context_entry(h) for h in ways]
        totals = iter(win_totals(on_discard, variant, ways, checked=True, entries=entries) if ways else ())
        discard = next(totals) if by_discard else None
        self_total = next(totals) if by_self else None
        if discard is None and self_total is None:
            # no way the context allows wins on it: a Fei when the tile must be a discard, a tile that wins only
            # with a Fei read as the robbed tile (rob-kong), as score refuses both
            if t != JOKER:
                barred.append(format_tiles((t,)))
            continue
        if t == JOKER:
            left = jokers_left
        elif robbing:  # the one copy the konger adds to the three of the shown pung (rob-kong needs no other held)
            left = 1
        else:
            left = 4 - (concealed.count(t) if visible is None else visible[t])
        res.waits.append({
            "tile": _CODE[t],
            "left": left,
            "discard": discard,
            "self_drawn": self_total,
            "discard_meets_minimum": discard is not None and discard >= minimum,
            "self_drawn_meets_minimum": self_total is not None and self_total >= minimum,
        })
        made.append((minimum, t, left, discard, self_total))
    return made, barred, alone


def _wait_notes(hand: Hand, variant, res: WaitResult, made: list, barred: list, alone: bool) -> None:
    """The notes of a wait (barred rob-kong tiles, a hand that wins whatever the tile, a robbed bonus tile, the
    Fei), the rooms' ``wait_notes`` hooks, and the entries' JSON kept when no hook added a key."""
    flags = hand.flags
    if barred and "rob-kong" in flags:
        verb = "completes" if len(barred) == 1 else "complete"
        res.notes.append(f"rob-kong: {' '.join(barred)} {verb} the hand only with a Fei read as the robbed tile, "
                         f"and the konger holds three of it: that Fei would be a copy beyond the "
                         f"{variant.most_copies} of a tile, so no wait")
    if alone:
        res.notes.append("the bonus tiles and Fei win whatever the tiles: every unseen tile wins")
    robbed = robbed_win(hand, variant)
    if robbed is not None:  # hk seven flowers: a win on no tile, beside the tiles that win
        name, total = robbed
        res.notes.append(f"{name}: the hand also wins on no tile, by robbing the bonus tile another player draws "
                         f"({total} {variant.unit}, paid by that player as a shooter)")
    for hook in hooks("wait_notes"):  # e.g. my3: the waits a drowned Fei would lift to the minimum
        hook(hand, variant, res)
    if not res.waits or len(res.waits[0]) == _WAIT_FIELDS:  # no hook added to the entries: they are as made
        res.__dict__["_wait_keys"] = made
    if made and made[-1][1] == JOKER:  # the Fei is listed last
        res.notes.append("J: a drawn Fei completes the hand; a discarded Fei cannot be claimed, so it wins self-drawn only")


_CODE = tuple(tile_code(t) for t in range(JOKER + 1))
_WAIT_FIELDS = 6  # the keys of a wait's entry as wait() makes it
_new = object.__new__


def _winning_tiles(hand: Hand, variant, jokers_left: int) -> tuple[list[int], bool]:
    """The tiles that win, and whether the hand wins whatever the tile.

    The tiles that complete sets and a pair; when the hand's bonus tiles, Fei or context win whatever the
    tiles (four Fei, eight flowers), every tile still unseen too. ``rob-kong``: only a tile the hand holds no
    copy of, never a Fei (the konger holds three and adds the fourth)."""
    tiles = waiting_tiles(hand, variant)
    rob = "rob-kong" in hand.flags
    alone = variant.wins_alone and wins_without_sets(hand, variant)  # memoised per hand context
    visible = hand.visible_counts() if alone or rob else None
    if alone:  # with any real tile added the context is the same
        real = [t for t in _plan(variant)[1] if visible[t] < 4 and t not in tiles]
        alone = bool(real)
        if real:
            tiles = sorted(tiles + real, key=lambda t: (t == JOKER, t))
    if variant.wins_alone and jokers_left > 0 and JOKER not in tiles and wins_without_sets(
            make_hand(hand.concealed, hand.jokers + 1, hand.melds, hand.bonus, JOKER, True, hand.seat,
                      hand.round, hand.flags), variant):
        tiles = tiles + [JOKER]
    if rob:
        tiles = [t for t in tiles if t != JOKER and not visible[t]]
    return tiles, alone


def wait_text(text: str, variant, overrides: dict | None = None, parsed=None) -> WaitResult:
    """Parse and answer one line; a bad line gives a result with ``ok`` False.

    ``parsed`` is the line's hand when the caller has parsed it already."""
    return answer_line(text, variant, overrides, wait, parsed)


def answer_line(text: str, variant, overrides: dict | None, answer, parsed=None) -> WaitResult:
    """Parse one line (unless ``parsed`` is its hand), apply the command-line options (all but --win), and
    ``answer(hand, variant)``."""
    try:
        hand = resolve(parse_hand(text) if parsed is None else parsed,
                       {k: v for k, v in (overrides or {}).items() if k != "win"}, for_wait=True)
        return answer(hand, variant)
    except MjError as exc:
        return WaitResult(text.strip(), variant.id, variant.unit, variant.minimum, ok=False, error=exc)
