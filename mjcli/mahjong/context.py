"""Context words checked against the hand: what each needs, implies and contradicts.

The table (the rules digest, "General"): ``heavenly`` needs the dealer (seat
E) and no claimed meld and implies self-drawn; ``earthly`` needs another
seat and no claimed meld and implies a discard; ``kong-replacement`` needs a
kong and implies self-drawn; ``kong-on-kong`` needs two kongs and implies
self-drawn and ``kong-replacement``; ``bonus-replacement`` needs a bonus tile
(or a drowned Fei) and implies self-drawn; ``last-tile`` implies self-drawn;
``last-discard`` implies a discard; ``rob-kong`` needs that the winner holds
no other copy of the winning tile, real or a Fei read as it, and implies a
discard (by the konger).

Every check counts what a Fei is read as. Of the table's needs only
``rob-kong``'s is about tiles a Fei can stand for (a kong never holds a Fei,
so the kong words count real melds): the konger holds three of the robbed
tile and robbing takes the fourth, so a Fei read as it (in a shown meld or in
a reading of the concealed tiles) would be a fifth copy. Such a reading is
no reading (:func:`rob_kong_readings`); when none is left, the hand is
``invalid_context`` (:func:`check_robbed_fei`). The house switch that allows
a fifth copy (``fei_fifth_copy``) allows that one Fei, as it does any fifth
copy; a real second copy is refused either way.

:func:`resolve` applies the command-line options first (an option replaces
the same word written in the hand), then checks what remains: a
contradiction is a :class:`~mjcli.errors.ContextError` (code
``invalid_context``) naming the two words; an implied word is added, so it
shows in the hand's canonical text and is scored and paid.

>>> from mjcli.mahjong.tiles import parse_hand, format_hand
>>> format_hand(resolve(parse_hand("123m 456m 789m 234p 55s @5s heavenly")))
'123456789m 234p 55s @5s zimo heavenly'
>>> resolve(parse_hand("123m 456m 789m 234p 55s @5s zimo rob-kong"))
Traceback (most recent call last):
...
mjcli.errors.ContextError: rob-kong contradicts zimo: a robbed kong is won on the konger's tile, never self-drawn; leave one out
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import ContextError, HandError, MjError
from .tiles import ADDED, CHOW, CLAIMED, CONCEALED, JOKER, KONG, Hand, format_tiles
from ..variant import COPIES

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
WHICH_DISCARD = {  # two of them: a contradiction (no kong is made once the wall is empty: no replacement tile)
    "earthly": "the dealer's first discard",
    "rob-kong": "the tile another player adds to a shown pung to make a kong",
    "last-discard": "the discard after the last tile of the wall is drawn",
}
CLASH_KEYS = {"@": "win", "seat": "seat", "round": "round"}  # a clash is lifted by the option of that word
KONGER_HOLDS = COPIES - 1  # rob-kong: the konger's pong of the robbed tile, every copy but the one robbed


def resolve(hand: Hand, ov: dict | None = None, *, for_wait: bool = False, size: int = 14) -> Hand:
    """Apply the command-line options ``ov`` (see :func:`mjcli.mahjong.scoring.apply_overrides`), check the
    context words, and return the hand with the implied words added.

    ``ov`` may hold ``labels``: how to name an option in an error (``{"self_drawn": "--from S"}``), and
    ``shooter``: the seat that discarded the winning tile (``settle --from``). ``for_wait`` skips what
    depends on the winning tile (a wait tries every tile). ``size``: the tiles of a complete hand at the table
    (``--win T`` adds T to a hand one tile short of it)."""
    if not ov and not hand.flags and not hand.clashes:  # the common plain hand: nothing to apply or check
        return hand
    ov = ov or {}
    text_hand = hand
    if ov:
        hand = apply_overrides(hand, ov, size)
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
    _check_how_won(hand, flags, selfs, word, zimo, "self_drawn" in ov)
    _check_deal(hand, flags, word, seat, ov.get("shooter"), labels)
    _check_melds(hand, flags, word, for_wait)

    changes: dict = {}
    if "kong-on-kong" in flags and "kong-replacement" not in flags:
        changes["flags"] = flags | {"kong-replacement"}
    if selfs and not hand.self_drawn and not for_wait:
        changes["self_drawn"] = True
    return replace(hand, **changes) if changes else hand


def _check_how_won(hand: Hand, flags, selfs: list, word, zimo: str, said: bool) -> None:
    """The words of a self-drawn win against those of a discard, and against zimo or an option (``said``: an
    option gave how the tile came)."""
    discards = [w for w in DISCARD_WORDS if w in flags]
    if len(discards) > 1:  # each names the one discard the tile was: the dealer's first, a kong's, the last
        a, b = discards[:2]
        raise ContextError(f"{word(b)} contradicts {word(a)}: the winning tile came one way ({a}: "
                           f"{WHICH_DISCARD[a]}; {b}: {WHICH_DISCARD[b]}); leave one out")
    if selfs and discards:
        a, b = selfs[0], discards[0]
        raise ContextError(f"{word(b)} contradicts {word(a)}: {WHY_SELF[a]} but {WHY_DISCARD[b]}; leave one out")
    if discards and hand.self_drawn:
        b = discards[0]
        fix = "give --from SEAT" if zimo.startswith("no --from") else "leave one out"
        raise ContextError(f"{word(b)} contradicts {zimo}: {WHY_DISCARD[b]}; {fix}")
    if selfs and not hand.self_drawn and said:  # an option said: a discard
        a = selfs[0]
        raise ContextError(f"{word(a)} contradicts {zimo}: {WHY_SELF[a]}; leave out {zimo.split()[0]}")


def _check_deal(hand: Hand, flags, word, seat: str, shooter, labels: dict) -> None:
    """Heavenly and earthly: each against the other, the seat, the shooter and a claimed meld."""
    if "heavenly" in flags and "earthly" in flags:  # (caught above too: self-drawn against a discard)
        raise ContextError(f"{word('earthly')} contradicts {word('heavenly')}; leave one out")
    if "heavenly" in flags and hand.seat != "E":
        raise ContextError(f"{word('heavenly')} contradicts {seat}: a heavenly hand is the dealer's (seat E)")
    if "earthly" in flags and hand.seat == "E":
        raise ContextError(f"{word('earthly')} contradicts {seat}: seat E is the dealer, whose discard an earthly "
                           "hand wins; write the winner's seat, e.g. seat=S")
    if "earthly" in flags and shooter is not None and shooter != "E":
        raise ContextError(f"{word('earthly')} contradicts {labels.get('self_drawn') or '--from ' + shooter}: "
                           "an earthly hand is won on the dealer's (East's) first discard; write --from E")
    for w in ("heavenly", "earthly"):
        if w in flags:
            shown = [m for m in hand.melds if m.exposure in (CLAIMED, ADDED)]
            if shown:
                meld = shown[0]
                fix = (f"a kong made from the hand is written {replace(meld, exposure=CONCEALED).text()}"
                       if meld.kind == KONG
                       else f"take out {word(w)}, or write the set as concealed tiles")
                raise ContextError(f"{word(w)} contradicts the claimed meld {meld.text()}: "
                                   f"{'an' if w == 'earthly' else 'a'} {w} hand claims nothing; {fix}")


def _check_melds(hand: Hand, flags, word, for_wait: bool) -> None:
    """What the kong and bonus words need among the melds and bonus tiles; rob-kong and last-of-kind against the
    winning tile."""
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
            raise ContextError(f"{word('rob-kong')} contradicts the other {format_tiles((hand.win,))} in the hand: the "
                               f"konger holds three {format_tiles((hand.win,))} and robbing takes the fourth, so the winner "
                               "holds no other copy")
    if "last-of-kind" in flags and not for_wait and hand.win is not None and hand.concealed.count(hand.win) > 1:
        code = format_tiles((hand.win,))
        raise ContextError(f"{word('last-of-kind')} contradicts the other {code} in the concealed tiles: the last of "
                           f"its kind is won when the other three {code} are already shown on the table, so the winner "
                           "holds no other copy; leave it out")


def fei_read_as(hand: Hand, reading, t: int) -> int:
    """How many Fei stand for tile ``t`` in ``hand`` read as ``reading``: in the shown melds (a Fei takes the
    place where it is written) and in the reading's concealed sets and eye (what they hold of ``t`` less the
    real ``t``). A special reading (Thirteen Orphans) is counted by its melds only (it has none).

    >>> from mjcli.mahjong.decompose import readings
    >>> from mjcli.mahjong.tiles import parse_hand
    >>> h = parse_hand("[4J6p] 345p PPP FFF CC @5p")
    >>> fei_read_as(h, readings(h)[0], 13), fei_read_as(h, readings(h)[0], 12)
    (1, 0)
    """
    n = 0
    for m in hand.melds:
        for i in m.jokers:
            n += m.tiles[i] == t
    if reading is None or reading.special:
        return n
    held = 0
    for kind, u, _ in reading.sets:
        if kind == CHOW:
            held += u <= t <= u + 2 and u // 9 == t // 9
        elif u == t:
            held += 3
    if reading.eye == t:
        held += 2
    return n + held - hand.concealed.count(t) if held else n


def _robbed_room(hand: Hand, most: int) -> int:
    """How many Fei may stand for the robbed tile: ``most`` less the konger's three and the real copies held."""
    return most - KONGER_HOLDS - hand.visible_counts()[hand.win]


def _robbed_tile(hand: Hand) -> bool:
    """A rob-kong win on a real tile, in a hand holding a Fei (the only hands whose readings it can bar)."""
    return ("rob-kong" in hand.flags and hand.win is not None and hand.win != JOKER
            and bool(hand.jokers or any(m.jokers for m in hand.melds)))


def rob_kong_readings(hand: Hand, rs: list, most: int) -> list:
    """The readings ``rs`` a rob-kong win allows: none with a Fei read as the robbed tile beyond the ``most``
    copies of a tile (the konger holds three, the winner the one robbed). ``rs`` itself when the hand is no
    rob-kong win or holds no Fei.

    >>> from mjcli.mahjong.decompose import readings
    >>> from mjcli.mahjong.tiles import parse_hand
    >>> h = parse_hand("PPP FFF CCC EEE 4p J @4p rob-kong")
    >>> len(readings(h)), rob_kong_readings(h, readings(h), 4), len(rob_kong_readings(h, readings(h), 5))
    (1, [], 1)
    """
    if not rs or not _robbed_tile(hand):
        return rs
    room = _robbed_room(hand, most)
    w = hand.win
    return [r for r in rs if fei_read_as(hand, r, w) <= room]


_ORDINAL = {5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth"}


def check_robbed_fei(hand: Hand, rs: list, most: int, word: str = "rob-kong") -> None:
    """Raise :class:`ContextError` when the hand has readings ``rs`` but rob-kong allows none of them: every one
    reads a Fei as the robbed tile (see :func:`rob_kong_readings`). ``word`` names rob-kong as the user gave it."""
    if not rs or not _robbed_tile(hand) or rob_kong_readings(hand, rs, most):
        return
    w = hand.win
    code = format_tiles((w,))
    room = _robbed_room(hand, most)
    shown = [m for m in hand.melds if any(m.tiles[i] == w for i in m.jokers)]
    if len(shown) > room:
        where = f"the Fei in {shown[0].text()}, which stands for {code}"
        fei = len(shown)
    else:
        fei = min(fei_read_as(hand, r, w) for r in rs)
        where = f"the Fei read as {code} in every reading of the hand"
    copy = KONGER_HOLDS + hand.visible_counts()[w] + fei
    raise ContextError(f"{word} contradicts {where}: the konger holds three {code} and robbing takes the fourth, "
                       f"so that Fei would be a {_ORDINAL.get(copy, f'{copy}th')} {code} (the robbed tile held "
                       f"again); leave out {word} or name another winning tile")


def rob_kong_word(text_hand: Hand, ov: dict | None) -> str:
    """How to name rob-kong in an error: as the option that gave it (``--rob-kong``, settle's ``--robbed-kong``)
    or as the word in the hand."""
    ov = ov or {}
    label = (ov.get("labels") or {}).get("rob-kong")
    if label:
        return label
    if "rob-kong" in (ov.get("flags") or ()) and "rob-kong" not in text_hand.flags:
        return "--rob-kong"
    return "rob-kong"


def robbed_bonus_win(hand: Hand, name: str, ov: dict | None = None) -> None:
    """A win on no tile (hk seven flowers, "seven robs one": the winner robs the eighth bonus tile another player
    drew, who pays as a shooter) is never self-drawn, and no word about how the winning tile came fits it: each is
    a :class:`~mjcli.errors.ContextError` naming the word (or the option that gave it)."""
    ov = ov or {}
    labels = ov.get("labels") or {}
    opt_flags = set(ov.get("flags") or ())
    why = (f"these tiles do not win on a tile, so the win is {name}, on no tile (it robs the bonus tile another "
           "player drew, who pays as a shooter)")
    for w in SELF_DRAWN_WORDS + DISCARD_WORDS:
        if w in hand.flags:
            said = labels.get(w) or (f"--{w}" if w in opt_flags else w)
            raise ContextError(f"{said} contradicts {name}: {why}; leave out {said}")
    if hand.self_drawn:
        said = labels.get("self_drawn") or ("--self-drawn" if ov.get("self_drawn") else "zimo")
        fix = ("give --from SEAT, the player who drew the bonus tile" if said.startswith("no --from")
               else f"leave out {said.split()[0]}")
        raise ContextError(f"{said} contradicts {name}: {why}; {fix}")


def implied_notes(before: Hand, after: Hand, ov: dict | None = None) -> list[str]:
    """What :func:`resolve` added to ``before`` because a word implies it, in words: the notes of a score.

    An option that says how the tile came (``settle --from``, no ``--from``) is no implied word.

    >>> from mjcli.mahjong.tiles import parse_hand
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


def apply_overrides(hand: Hand, ov: dict, size: int = 14) -> Hand:
    """Command-line options win over the same words in the line (``size``: as :func:`resolve`)."""
    from dataclasses import replace

    changes = {}
    if ov.get("win") is not None:
        from .tiles import parse_tile

        try:
            w = parse_tile(ov["win"])
        except MjError as exc:
            why = exc.message.replace(f" in {ov['win']!r} (at column 1)", "")  # a column of the option, not the hand
            raise HandError(f"--win {ov['win']}: {why}") from None
        if hand.win_added:  # 13 tiles and @T: --win names the tile instead
            hand = hand.without_win()
        if hand.size == size - 1:  # 13 tiles and --win T: the 14-tile hand with T added
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
