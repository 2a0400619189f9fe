"""Singapore settlements: instant payments (bites, animals, flower series, kongs).

Paid by each of the other three players when they happen, whether or not
anyone wins the hand; every amount comes from the variant's ``instant``
mapping:

* ``bite``: cat with mouse, rooster with centipede, own flower with own
  season; ``bite_dealt`` when the bite was held from the deal (``--dealt``).
* ``all_animals``: all four animals, on top of the two bites.
* ``flower_series``: all four flowers, or all four seasons.
* ``exposed_kong`` (claimed or added) and ``concealed_kong``; a robbed kong
  was never made and pays ``robbed_kong`` (nothing).

>>> from mjcli.variant import load_builtin
>>> from mjcli.payments import SettleRequest, settle
>>> s = settle(load_builtin("sg"), SettleRequest(bonus={"S": ["cat", "mouse"]}))
>>> s.net
{'E': -4, 'S': 12, 'W': -4, 'N': -4}
"""

from __future__ import annotations

from ...errors import SettleError
from ...money import amount
from ...payments import Payment, settlement_rule
from ...mahjong.tiles import BONUS_TOKENS, WINDS

ANIMAL_BITES = (("cat", "mouse", "cat-mouse"), ("rooster", "centipede", "rooster-centipede"))
# --dealt families that name a bite: which bites of the seat they double
DEALT_NAMES = {
    "cat-mouse": {"cat-mouse"},
    "rooster-centipede": {"rooster-centipede"},
    "animal": {"cat-mouse", "rooster-centipede"},
    "flower": {"flower-season"},
    "season": {"flower-season"},
    "bite": {"cat-mouse", "rooster-centipede", "flower-season"},
}


def _amount(variant, key: str) -> float:
    try:
        return amount(variant.instant[key])
    except KeyError:
        raise SettleError(
            f"{variant.id}: the instant payment {key!r} has no amount; add `instant: {{{key}: N}}` to the rule file"
        ) from None


def _bonus_by_seat(variant, req) -> dict[str, list[str]]:
    """Each seat's bonus tiles: --bonus, and the winner's from --hand when --bonus leaves them out."""
    bonus = {s: list(toks) for s, toks in req.bonus.items()}
    if req.winner is not None and req.winner not in bonus and req.result is not None:
        from ...mahjong.tiles import parse_hand

        bonus[req.winner] = list(parse_hand(req.result.hand).bonus)
    owner: dict[str, str] = {}
    for seat in variant.seats:
        for tok in bonus.get(seat, ()):
            fam = BONUS_TOKENS[tok][0]
            if fam not in variant.tiles.bonus:
                raise SettleError(
                    f"--bonus {seat}: {tok} is not a {variant.id} tile; its bonus tiles are "
                    f"{', '.join(variant.tiles.bonus)}"
                )
            if tok in owner:
                where = "twice" if owner[tok] == seat else f"for {owner[tok]} and {seat}"
                raise SettleError(f"--bonus: {tok} is written {where}; the set has one {tok}")
            owner[tok] = seat
    return bonus


def _bites(seat: str, tokens: list[str]) -> list[tuple[str, str]]:
    """(bite key, description) for each bite the seat holds."""
    have = set(tokens)
    out = [(key, f"{a} + {b}") for a, b, key in ANIMAL_BITES if a in have and b in have]
    n = WINDS.index(seat) + 1
    if f"f{n}" in have and f"s{n}" in have:
        out.append(("flower-season", f"own flower + own season f{n} + s{n}"))
    return out


def _from_each(variant, payee: str, amount: float, reason: str) -> list[Payment]:
    return [Payment(o, payee, amount, reason) for o in variant.seats if o != payee]


@settlement_rule("sg_instant", reads=("kongs", "bonus", "dealt"),
                 needs=("bite_dealt", "bite", "all_animals", "flower_series", "concealed_kong", "exposed_kong"))
def sg_instant(variant, req, out) -> list[Payment]:
    """Singapore instant payments: bites, four animals, flower series, kongs; win or no win."""
    bonus = _bonus_by_seat(variant, req)
    dealt: dict[str, set[str]] = {}
    for seat, fam in req.dealt:
        if fam not in DEALT_NAMES:
            raise SettleError(
                f"--dealt {seat}:{fam}: {variant.id} doubles bites only; write SEAT:cat-mouse, "
                "rooster-centipede, animal, flower (own flower + own season) or bite"
            )
        held = {k for k, _ in _bites(seat, bonus.get(seat, []))}
        wanted = DEALT_NAMES[fam] & held
        if not wanted:
            raise SettleError(
                f"--dealt {seat}:{fam}: {seat} holds no such bite; give {seat}'s bonus tiles with --bonus \"{seat}=...\""
            )
        dealt.setdefault(seat, set()).update(wanted)

    pays: list[Payment] = []
    for seat in variant.seats:
        tokens = bonus.get(seat, [])
        for key, what in _bites(seat, tokens):
            if key in dealt.get(seat, ()):
                amount, how = _amount(variant, "bite_dealt"), "bite held from the deal"
            else:
                amount, how = _amount(variant, "bite"), "bite"
            pays += _from_each(variant, seat, amount, f"{seat} {how}: {what}, {amount} from each other player")
        if sum(1 for t in tokens if BONUS_TOKENS[t][0] == "animal") == 4:
            amount = _amount(variant, "all_animals")
            pays += _from_each(variant, seat, amount, f"{seat} all four animals, {amount} from each other player")
        for fam, name in (("flower", "flowers f1-f4"), ("season", "seasons s1-s4")):
            if sum(1 for t in tokens if BONUS_TOKENS[t][0] == fam) == 4:
                amount = _amount(variant, "flower_series")
                pays += _from_each(variant, seat, amount,
                                   f"{seat} complete series of {name}, {amount} from each other player")

    for seat, kind, frm in req.kongs:
        if frm == seat:
            raise SettleError(f"--kong {seat}:{kind}:{frm}: a kong is claimed from another player's discard")
        if kind == "concealed":
            amount, what = _amount(variant, "concealed_kong"), "concealed kong"
        else:
            amount = _amount(variant, "exposed_kong")
            what = f"{kind} kong" + (f" (tile from {frm})" if frm else "")
        pays += _from_each(variant, seat, amount, f"{seat} {what}, {amount} from each other player")
    if req.robbed_kong:
        amount = _amount(variant, "robbed_kong") if "robbed_kong" in variant.instant else 0
        out.notes.append(
            f"the robbed kong of {req.shooter} was never made: it pays {amount}; list only finished kongs with --kong"
        )
        pays += _from_each(variant, req.shooter, amount, f"{req.shooter} robbed kong, {amount} from each other player")
    return pays
