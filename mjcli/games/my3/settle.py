"""Malaysian 3 Kaki settlements: kongs, families, and the Fei and scoring-tile settlements.

Each rule is named in ``variants/my3.yaml`` (``settlement:``) and takes its
amounts from the file's ``instant:`` mapping; no amount is written here.

>>> from mjcli.payments import SettleRequest, settle
>>> from mjcli.variant import load_builtin
>>> s = settle(load_builtin("my3"), SettleRequest(winner="E", shooter="S", value=6, fei={"E": 2, "S": 0, "W": 1}))
>>> [(p.payer, p.payee, p.amount) for p in s.payments], s.net
([('S', 'E', 12), ('W', 'E', 6), ('S', 'E', 10), ('W', 'E', 5), ('S', 'W', 5)], {'E': 33, 'S': -27, 'W': -6})
"""

from __future__ import annotations

from ...errors import SettleError
from ...money import amount, mul
from ...payments import Payment, SettleRequest, settlement_rule
from ...mahjong.patterns.core import SEAT_NUMBER
from .patterns import EVERYONE_NUMBER
from ...mahjong.tiles import BONUS_TOKENS
from . import FAMILIES
FAMILY_SIZE = 4
# own flower / season number of each seat (no one sits North, so 4 counts for everyone)


def _amount(variant, key: str) -> float:
    if key not in variant.instant:
        raise SettleError(f"{variant.source}: instant.{key} is missing; the {variant.id} settlement needs it")
    return amount(variant.instant[key])


def _seat(variant, seat: str, what: str) -> str:
    if seat not in variant.seats:
        raise SettleError(f"{what} {seat!r} is not a seat in {variant.id}; seats are {' '.join(variant.seats)}")
    return seat


def _others(variant, seat: str) -> list[str]:
    return [s for s in variant.seats if s != seat]


def _winner_hand(req: SettleRequest):
    """The winner's parsed hand when ``--hand`` was given, else None."""
    res = req.result
    if res is None or not getattr(res, "hand", ""):
        return None
    from ...mahjong.tiles import parse_hand

    return parse_hand(res.hand)


FAMILY_TOKENS = {fam: [t for t, (f, _) in BONUS_TOKENS.items() if f == fam] for fam in FAMILIES}
FAMILY_TOKENS["face"] = ["face"] * FAMILY_SIZE


def bonus_of(req: SettleRequest, seat: str) -> list[str]:
    """A seat's bonus tokens: ``--bonus``, or for the winner the bonus of ``--hand``.

    With neither, a family named by ``--dealt`` for the seat is taken as held.
    """
    if seat in req.bonus:
        return list(req.bonus[seat])
    if seat == req.winner:
        hand = _winner_hand(req)
        if hand is not None:
            return list(hand.bonus)
    return [t for s, fam in req.dealt if s == seat for t in FAMILY_TOKENS.get(fam, ())]


def fei_of(req: SettleRequest, seat: str) -> int:
    """Fei a seat holds at the end: ``--fei``, or for the winner the Fei in ``--hand`` (in hand or shown)."""
    if seat in req.fei:
        return req.fei[seat]
    if seat == req.winner:
        hand = _winner_hand(req)
        if hand is not None:
            return hand.jokers + sum(len(m.jokers) for m in hand.melds)
    return 0


def scoring_tiles(tokens: list[str], seat: str) -> int:
    """Bonus tiles that score singly for ``seat``: own flower/season, the 4s, animals, faces, drowned Fei.

    >>> scoring_tiles(["f1", "f2", "s4", "cat", "face", "J"], "E")
    5
    >>> scoring_tiles(["f1", "f2", "s4", "cat", "face", "J"], "S")
    5
    >>> scoring_tiles(["f1", "f3"], "S")
    0
    """
    n = 0
    for tok in tokens:
        fam, num = BONUS_TOKENS[tok]
        if fam in ("flower", "season"):
            n += num in (SEAT_NUMBER.get(seat), EVERYONE_NUMBER)
        else:  # animal, face, drowned Fei
            n += 1
    return n


def complete_families(tokens: list[str]) -> list[str]:
    """The bonus families held whole (four flowers, seasons, animals or faces).

    >>> complete_families(["f1", "f2", "f3", "f4", "cat", "face", "face", "face", "face"])
    ['flower', 'face']
    """
    fams = [BONUS_TOKENS[t][0] for t in tokens]
    return [f for f in FAMILIES if fams.count(f) == FAMILY_SIZE]


def _check_tiles(variant, req: SettleRequest) -> None:
    """The players' bonus tiles and Fei together must fit in one set of tiles."""
    held = sum(fei_of(req, s) for s in variant.seats)
    tokens = [t for s in variant.seats for t in bonus_of(req, s)]
    drowned = tokens.count("J")
    if held + drowned > variant.tiles.jokers:
        raise SettleError(
            f"{held} Fei held (--fei) and {drowned} drowned (J in --bonus) but the {variant.id} set has "
            f"only {variant.tiles.jokers}; check --fei and --bonus"
        )
    for tok in sorted(set(tokens) - {"J"}):
        limit = FAMILY_SIZE if BONUS_TOKENS[tok][0] == "face" else 1
        if tokens.count(tok) > limit:
            raise SettleError(f"--bonus: {tok} is written {tokens.count(tok)} times across the players; "
                              f"the set has {limit}")


@settlement_rule("my3_kongs", reads=("kongs",), needs=("kong_concealed", "kong_added", "kong_claimed"))
def kongs(variant, req: SettleRequest, st) -> list[Payment]:
    """Kong payments: concealed from each other player, added from each, claimed from the discarder."""
    out = []
    for seat, kind, frm in req.kongs:
        _seat(variant, seat, "--kong SEAT")
        if kind == "concealed":
            amount = _amount(variant, "kong_concealed")
            out += [Payment(o, seat, amount, "concealed kong: each other player pays") for o in _others(variant, seat)]
        elif kind == "added":
            amount = _amount(variant, "kong_added")
            out += [Payment(o, seat, amount, "added kong: each other player pays") for o in _others(variant, seat)]
        elif kind == "claimed":
            if frm is None:
                raise SettleError(f"--kong {seat}:claimed: a claimed kong names the discarder, e.g. {seat}:claimed:S")
            _seat(variant, frm, "--kong FROM")
            if frm == seat:
                raise SettleError(f"--kong {seat}:claimed:{frm}: the discarder is another player")
            out.append(Payment(frm, seat, _amount(variant, "kong_claimed"), "claimed kong: the discarder pays"))
        else:
            raise SettleError(f"--kong {seat}:{kind}: KIND is concealed, claimed or added")
    return out


@settlement_rule("my3_families", reads=("bonus", "dealt"), needs=("family_dealt", "family"))
def families(variant, req: SettleRequest, st) -> list[Payment]:
    """A complete bonus family: each other player pays; double when it was complete at the deal."""
    _check_tiles(variant, req)
    dealt: dict[str, set[str]] = {}
    for seat, fam in req.dealt:
        _seat(variant, seat, "--dealt SEAT")
        if fam not in FAMILIES:
            raise SettleError(f"--dealt {seat}:{fam}: {variant.id} families are {', '.join(FAMILIES)}")
        if fam not in complete_families(bonus_of(req, seat)):
            raise SettleError(f"--dealt {seat}:{fam} but the bonus tiles of {seat} do not hold all four {fam} tiles; "
                              "list them in --bonus (or the winner's --hand), or leave them out for that seat")
        dealt.setdefault(seat, set()).add(fam)
    out = []
    for seat in variant.seats:
        for fam in complete_families(bonus_of(req, seat)):
            if fam in dealt.get(seat, ()):
                amount, why = _amount(variant, "family_dealt"), f"complete {fam} family at the deal: each other player pays"
            else:
                amount, why = _amount(variant, "family"), f"complete {fam} family: each other player pays"
            out += [Payment(o, seat, amount, why) for o in _others(variant, seat)]
    return out


@settlement_rule("my3_fei", reads=("fei",), needs=("fei_each",))
def fei(variant, req: SettleRequest, st) -> list[Payment]:
    """After a win, each loser pays the winner for every Fei the winner holds beyond the loser's own."""
    _check_tiles(variant, req)
    for seat in req.fei:
        _seat(variant, seat, "--fei SEAT")
    if req.winner is None:
        return []
    each = _amount(variant, "fei_each")
    won = fei_of(req, req.winner)
    seat = getattr(req.result, "hand", None) and _winner_hand(req).seat
    if seat and seat != req.winner:
        st.notes.append(f"--hand was scored for seat {seat} but --winner is {req.winner}; "
                        f"write seat={req.winner} in the hand to count the winner's own flowers")
    out = []
    for loser in _others(variant, req.winner):
        diff = won - fei_of(req, loser)
        if diff > 0:
            out.append(Payment(loser, req.winner, amount(mul(each, diff)),
                               f"Fei settlement: winner holds {won} Fei, {loser} {won - diff} ({diff} x {amount(each)})"))
    return out


@settlement_rule("my3_losers", reads=("bonus", "fei"), needs=("losers_each",))
def losers(variant, req: SettleRequest, st) -> list[Payment]:
    """After a win, the two losers compare scoring tiles plus Fei held; fewer pays the difference."""
    for seat in req.bonus:
        _seat(variant, seat, "--bonus SEAT")
    if req.winner is None:
        return []
    each = _amount(variant, "losers_each")
    ls = _others(variant, req.winner)
    if len(ls) != 2:
        return []
    count = {s: scoring_tiles(bonus_of(req, s), s) + fei_of(req, s) for s in ls}
    a, b = ls
    if count[a] == count[b]:
        return []
    low, high = (a, b) if count[a] < count[b] else (b, a)
    diff = count[high] - count[low]
    return [Payment(low, high, amount(mul(each, diff)),
                    f"losers' settlement: scoring tiles + Fei {high} {count[high]}, {low} {count[low]} "
                    f"({diff} x {amount(each)})")]
