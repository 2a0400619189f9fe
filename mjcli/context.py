"""Context words checked against the hand: what each needs, implies and contradicts.

The table (the rules digest, "General"): ``heavenly`` needs the dealer (seat
E) and no claimed meld and implies self-drawn; ``earthly`` needs another
seat and no claimed meld and implies a discard; ``kong-replacement`` needs a
kong and implies self-drawn; ``kong-on-kong`` needs two kongs and implies
self-drawn and ``kong-replacement``; ``bonus-replacement`` needs a bonus tile
(or a drowned Fei) and implies self-drawn; ``last-tile`` implies self-drawn;
``last-discard`` implies a discard; ``rob-kong`` needs that the winner holds
no other copy of the winning tile and implies a discard (by the konger).

:func:`resolve` applies the command-line options first (an option replaces
the same word written in the hand), then checks what remains: a
contradiction is a :class:`~mjcli.errors.ContextError` (code
``invalid_context``) naming the two words; an implied word is added, so it
shows in the hand's canonical text and is scored and paid.

>>> from mjcli.tiles import parse_hand, format_hand
>>> format_hand(resolve(parse_hand("123m 456m 789m 234p 55s @5s heavenly")))
'123456789m 234p 55s @5s zimo heavenly'
>>> resolve(parse_hand("123m 456m 789m 234p 55s @5s zimo rob-kong"))
Traceback (most recent call last):
...
mjcli.errors.ContextError: rob-kong contradicts zimo: a robbed kong is won on the konger's tile, never self-drawn; leave one out
"""

from __future__ import annotations

from dataclasses import replace

from .errors import ContextError, HandError, MjError
from .tiles import ADDED, CLAIMED, JOKER, KONG, Hand, tile_code

# words that mean the winning tile was self-drawn / a discard (in the order they are named in errors)
SELF_DRAWN_WORDS = ("heavenly", "kong-on-kong", "kong-replacement", "bonus-replacement", "last-tile")
DISCARD_WORDS = ("earthly", "rob-kong", "last-discard")
WHY_SELF = {
    "heavenly": "a heavenly hand wins on the dealt tiles (self-drawn)",
    "kong-on-kong": "a kong-on-kong win is on a kong's replacement tile (self-drawn)",
    "kong-replacement": "the tile after a kong is self-drawn",
    "bonus-replacement": "the tile after a bonus tile is self-drawn",
    "last-tile": "the last tile is drawn from the wall (self-drawn)",
}
WHY_DISCARD = {
    "earthly": "an earthly hand wins on the dealer's first discard",
    "rob-kong": "a robbed kong is won on the konger's tile, never self-drawn",
    "last-discard": "the last discard is another player's tile",
}
CLASH_KEYS = {"@": "win", "seat": "seat", "round": "round"}  # a clash is lifted by the option of that word


def resolve(hand: Hand, ov: dict | None = None, *, for_wait: bool = False) -> Hand:
    """Apply the command-line options ``ov`` (see :func:`mjcli.scoring.apply_overrides`), check the
    context words, and return the hand with the implied words added.

    ``ov`` may hold ``labels``: how to name an option in an error (``{"self_drawn": "--from S"}``), and
    ``shooter``: the seat that discarded the winning tile (``settle --from``). ``for_wait`` skips what
    depends on the winning tile (a wait tries every tile)."""
    if not ov and not hand.flags and not hand.clashes:  # the common plain hand: nothing to apply or check
        return hand
    ov = ov or {}
    text_hand = hand
    if ov:
        hand = apply_overrides(hand, ov)
    labels = dict(ov.get("labels") or {})
    opt_flags = set(ov.get("flags") or ()) - text_hand.flags

    def word(w: str) -> str:
        return labels.get(w) or (f"--{w}" if w in opt_flags else w)

    # a word written twice with different values, unless an option replaced it
    for key, first, second in hand.clashes:
        if ov.get(CLASH_KEYS[key]) is None:
            raise ContextError(f"{first} and {second} are both written in the hand; keep one")
    if hand.clashes:
        hand = replace(hand, clashes=())

    flags = hand.flags
    if not flags:
        return hand
    if "self_drawn" in ov:
        zimo = labels.get("self_drawn") or ("--self-drawn" if ov["self_drawn"] else "a discard")
    else:
        zimo = "zimo"
    seat = labels.get("seat") or (f"--seat {hand.seat}" if ov.get("seat") else f"seat={hand.seat}")

    selfs = [w for w in SELF_DRAWN_WORDS if w in flags]
    discards = [w for w in DISCARD_WORDS if w in flags]
    if selfs and discards:
        a, b = selfs[0], discards[0]
        raise ContextError(f"{word(b)} contradicts {word(a)}: {WHY_SELF[a]} but {WHY_DISCARD[b]}; leave one out")
    if discards and hand.self_drawn:
        b = discards[0]
        fix = "give --from SEAT" if zimo.startswith("no --from") else "leave one out"
        raise ContextError(f"{word(b)} contradicts {zimo}: {WHY_DISCARD[b]}; {fix}")
    if selfs and not hand.self_drawn and "self_drawn" in ov:  # an option said: a discard
        a = selfs[0]
        raise ContextError(f"{word(a)} contradicts {zimo}: {WHY_SELF[a]}; leave out {zimo.split()[0]}")

    if "heavenly" in flags and "earthly" in flags:  # (caught above too: self-drawn against a discard)
        raise ContextError(f"{word('earthly')} contradicts {word('heavenly')}; leave one out")
    if "heavenly" in flags and hand.seat != "E":
        raise ContextError(f"{word('heavenly')} contradicts {seat}: a heavenly hand is the dealer's (seat E)")
    if "earthly" in flags and hand.seat == "E":
        raise ContextError(f"{word('earthly')} contradicts {seat}: seat E is the dealer, whose discard an earthly "
                           "hand wins; write the winner's seat, e.g. seat=S")
    shooter = ov.get("shooter")
    if "earthly" in flags and shooter is not None and shooter != "E":
        raise ContextError(f"{word('earthly')} contradicts {labels.get('self_drawn') or '--from ' + shooter}: "
                           "an earthly hand is won on the dealer's (East's) first discard; write --from E")
    for w in ("heavenly", "earthly"):
        if w in flags:
            shown = [m for m in hand.melds if m.exposure in (CLAIMED, ADDED)]
            if shown:
                raise ContextError(f"{word(w)} contradicts the claimed meld {shown[0].text()}: a {w} hand claims "
                                   "nothing; write a concealed kong as (5555p)")
    kongs = sum(1 for m in hand.melds if m.kind == KONG)
    if "kong-on-kong" in flags and kongs < 2:
        raise ContextError(f"{word('kong-on-kong')} needs two kongs among the melds, the hand shows {kongs}; "
                           "write them, e.g. [2222p] (5555s)")
    if "kong-replacement" in flags and not kongs:
        raise ContextError(f"{word('kong-replacement')} needs a kong among the melds; write it, e.g. [2222p] or (2222p)")
    if "bonus-replacement" in flags and not hand.bonus:
        raise ContextError(f"{word('bonus-replacement')} needs a bonus tile (or a drowned Fei) after the '|'; "
                           "write it, e.g. | f1")
    if "rob-kong" in flags and not for_wait and hand.win is not None:
        if hand.win == JOKER:
            raise ContextError(f"{word('rob-kong')} contradicts @J: a kong never holds a Fei, so the robbed tile "
                               "is a real tile")
        held = hand.visible_counts()[hand.win]
        if held > 1:
            raise ContextError(f"{word('rob-kong')} contradicts the other {tile_code(hand.win)} in the hand: the "
                               f"konger holds three {tile_code(hand.win)} and robbing takes the fourth, so the winner "
                               "holds no other copy")

    changes: dict = {}
    if "kong-on-kong" in flags and "kong-replacement" not in flags:
        changes["flags"] = flags | {"kong-replacement"}
    if selfs and not hand.self_drawn and not for_wait:
        changes["self_drawn"] = True
    return replace(hand, **changes) if changes else hand


def implied_notes(before: Hand, after: Hand, ov: dict | None = None) -> list[str]:
    """What :func:`resolve` added to ``before`` because a word implies it, in words: the notes of a score.

    An option that says how the tile came (``settle --from``, no ``--from``) is no implied word.

    >>> from mjcli.tiles import parse_hand
    >>> h = parse_hand("123m 456m 789m 234p 55s @5s heavenly")
    >>> implied_notes(h, resolve(h))
    ['zimo added: a heavenly hand wins on the dealt tiles (self-drawn)']
    """
    out = []
    if after.self_drawn and not before.self_drawn and "self_drawn" not in (ov or {}):
        word = next((w for w in SELF_DRAWN_WORDS if w in after.flags), None)
        if word is not None:
            out.append(f"zimo added: {WHY_SELF[word]}")
    if "kong-replacement" in after.flags and "kong-replacement" not in before.flags \
            and "kong-replacement" not in (ov or {}).get("flags", ()):
        out.append("kong-replacement added: a kong-on-kong win is a win on a kong's replacement tile")
    return out


FEI_ZIMO_NOTE = "won on a Fei (J): a discarded Fei cannot be claimed, so the win is self-drawn (zimo added)"


def fei_self_drawn(hand: Hand, variant, ov: dict | None = None) -> tuple[Hand, str | None]:
    """A win on a Fei is self-drawn (a Fei can never be claimed): ``zimo`` added, with the note that says so.

    With no ``@`` a hand whose last written tile is ``J`` wins on the Fei, as does ``@J`` or ``--win J``.
    A word or option that says the tile was a discard is an error naming both.
    """
    if hand.win != JOKER or hand.self_drawn or not variant.tiles.jokers:
        return hand, None
    ov = ov or {}
    labels = ov.get("labels") or {}
    if "self_drawn" in ov:  # settle --from SEAT: the winning tile was someone's discard
        said = labels.get("self_drawn") or "a discard"
        raise ContextError(f"{said} contradicts @J: a discarded Fei cannot be claimed, so a win on a Fei is "
                           "self-drawn; leave it out or name the real winning tile")
    for w in DISCARD_WORDS:
        if w in hand.flags:
            raise ContextError(f"{w} contradicts @J: a discarded Fei cannot be claimed, so a win on a Fei is "
                               f"self-drawn; leave out {w} or name the real winning tile")
    return replace(hand, self_drawn=True), FEI_ZIMO_NOTE


def apply_overrides(hand: Hand, ov: dict) -> Hand:
    """Command-line options win over the same words in the line."""
    from dataclasses import replace

    changes = {}
    if ov.get("win") is not None:
        from .tiles import parse_tile

        try:
            w = parse_tile(ov["win"])
        except MjError as exc:
            raise HandError(f"--win {ov['win']}: {exc.message}") from None
        if hand.win_added:  # 13 tiles and @T: --win names the tile instead
            hand = hand.without_win()
        if hand.size == 13:  # 13 tiles and --win T: the 14-tile hand with T added (issue 11)
            hand = hand.with_tile(w, win_added=True)
        elif w not in hand.concealed and not (w == 34 and hand.jokers):
            raise HandError(f"--win {ov['win']} is not in the concealed tiles; name one of them")
        changes["win"] = w
    if "self_drawn" in ov:
        changes["self_drawn"] = bool(ov["self_drawn"])
    for key in ("seat", "round"):
        if ov.get(key):
            changes[key] = ov[key]
    if hand.clashes:  # an option replaces every copy of its word
        keep = tuple(c for c in hand.clashes if ov.get({"@": "win"}.get(c[0], c[0])) is None)
        if keep != hand.clashes:
            changes["clashes"] = keep
    if ov.get("flags"):
        changes["flags"] = hand.flags | frozenset(ov["flags"])
    return replace(hand, **changes) if changes else hand
