"""A settle request from option values, as the command line and a ledger line give them.

Both ``mjcli settle`` and ``mjcli settle --ledger`` build the request here, so
a seat, kong, bonus, dealt family or Fei count reads the same either way.
"""

from __future__ import annotations

from .safetext import ascii_lower as _ascii_lower, ascii_upper as _ascii_upper


def _stake(x, what: str = "--stake"):
    """Money per unit as an exact amount (None: 1); see :func:`mjcli.money.stake`."""
    from .money import stake

    return 1 if x is None else stake(x, what)


def settle_record(v, opts: dict) -> dict:
    """Build a settle request from option values (command line or ledger) and settle it."""
    from .payments import SettleRequest, settle as do_settle

    seat = _seat_reader(v)
    req = SettleRequest(
        winner=seat(opts.get("winner"), "--winner"),
        shooter=seat(opts.get("shooter"), "--from"),
        value=opts.get("value"),
        bao=seat(opts.get("bao"), "--bao"),
        robbed_kong=bool(opts.get("robbed_kong")),
        ladder=opts.get("ladder"),
        stake=_stake(opts.get("stake")),
        flowers=opts.get("flowers"),
    )
    _read_kongs(v, req, opts, seat)
    _read_bonus(req, opts, seat)
    _read_dealt_fei(req, opts, seat)
    if opts.get("hand"):
        _score_hand(v, req, opts)
    st = do_settle(v, req)
    from .contract import shape

    return shape("settle", {"variant": v.id, "unit": v.unit, "winner": req.winner, "from": req.shooter,
                            "hand": req.result.hand if req.result is not None else None, **st.as_dict()})


def _seat_reader(v):
    """``seat(x, what)``: the seat letter ``x`` names in ``v`` (None for None); a SettleError naming ``what``."""
    from .errors import SettleError

    def seat(x, what):
        if x is None:
            return None
        from .mahjong.tiles import wind_letter

        raw = str(x).strip()  # a wind word (east, nan, 東) is its letter, as for --winner; case folded in ASCII only
        x = wind_letter(raw) or _ascii_upper(raw)
        if x not in v.seats:  # named as written ('Ann', not 'ANN')
            raise SettleError(f"{what} {raw!r} is not a seat in {v.id}; seats are {' '.join(v.seats)}")
        return x

    return seat


def _read_kongs(v, req, opts: dict, seat) -> None:
    """``--kong SEAT:KIND[:FROM]`` values into the request."""
    from .errors import SettleError

    for raw in opts.get("kongs") or ():
        parts = str(raw).split(":")
        if len(parts) not in (2, 3) or _ascii_lower(parts[1]) not in ("concealed", "claimed", "added"):
            raise SettleError(f"--kong {raw!r}: write SEAT:KIND[:FROM] with KIND concealed, claimed or added")
        frm = seat(parts[2], "--kong FROM") if len(parts) == 3 else None
        if _ascii_lower(parts[1]) == "claimed" and frm is None:
            raise SettleError(f"--kong {raw!r}: a claimed kong names the discarder, e.g. S:claimed:W")
        if frm is not None and frm == seat(parts[0], "--kong SEAT"):
            raise SettleError(f"--kong {raw!r}: FROM is the kong maker's own seat; a kong is claimed from another "
                              f"player's discard, e.g. {frm}:claimed:{next(s for s in v.seats if s != frm)}")
        req.kongs.append((seat(parts[0], "--kong SEAT"), _ascii_lower(parts[1]), frm))


def _read_bonus(req, opts: dict, seat) -> None:
    """``--bonus SEAT=TOKENS`` values into the request."""
    from .errors import SettleError
    from .mahjong.tiles import BONUS_ALIASES, BONUS_TOKENS

    for raw in opts.get("bonus") or ():
        who, sep, toks = str(raw).partition("=")
        if not sep:
            raise SettleError(f"--bonus {raw!r}: write SEAT=TOKENS, e.g. \"S=f2 s2 cat\"")
        tokens = []
        for t in toks.replace(",", " ").split():
            tok = BONUS_ALIASES.get(_ascii_lower(t), _ascii_lower(t))
            tok = "J" if tok == "j" else tok
            if tok not in BONUS_TOKENS:
                raise SettleError(f"--bonus {raw!r}: unknown bonus tile {t!r}; use f1-f4 s1-s4 cat mouse rooster centipede face J")
            tokens.append(tok)
        req.bonus[seat(who, "--bonus SEAT")] = tokens


def _read_dealt_fei(req, opts: dict, seat) -> None:
    """``--dealt SEAT:FAMILY`` and ``--fei SEAT=N`` values into the request."""
    from .errors import SettleError
    from .registry import DEALT, dealt_words

    words = dealt_words() if opts.get("dealt") else {}  # what the rooms declare (--dealt)
    for raw in opts.get("dealt") or ():
        who, sep, fam = str(raw).partition(":")
        family = words.get(_ascii_lower(fam))
        if not sep or family is None:
            families = dict.fromkeys(f for fams, _, _ in DEALT for f in fams)
            raise SettleError(f"--dealt {raw!r}: write SEAT:FAMILY, FAMILY one of {' '.join(families)}")
        req.dealt.append((seat(who, "--dealt SEAT"), family))
    for raw in opts.get("fei") or ():
        who, sep, n = str(raw).partition("=")
        if not sep or n.strip() not in ("0", "1", "2", "3", "4"):  # ASCII digits only: "²" is not 2
            raise SettleError(f"--fei {raw!r}: write SEAT=N with N from 0 to 4")
        req.fei[seat(who, "--fei SEAT")] = int(n)


def _score_hand(v, req, opts: dict) -> None:
    """``--hand``: the winning hand scored into the request (its result, and rob-kong written in it)."""
    from .api import score_line
    from .errors import HandError
    from .registry import game_kind

    # --winner and --from replace the seat and zimo written in the hand; --robbed-kong is its rob-kong
    ov = {"self_drawn": req.shooter is None, "shooter": req.shooter,
          "labels": {"self_drawn": f"--from {req.shooter}" if req.shooter else "no --from (a self-drawn win)"}}
    if req.winner is not None:  # the hand is the winner's: their seat wind and own flower
        ov["seat"] = req.winner
        ov["labels"]["seat"] = f"--winner {req.winner}"
    if req.robbed_kong:
        ov["flags"] = ["rob-kong"]
        ov["labels"]["rob-kong"] = "--robbed-kong"
    if opts.get("round"):  # a ledger that names its players knows the round wind
        ov["round"] = opts["round"]
    res = score_line(str(opts["hand"]), v, overrides=ov)
    if res.error is not None:
        raise res.error
    if not res.winning:
        raise HandError("--hand is not a winning hand; check the tiles")
    req.result = res
    if not req.robbed_kong:  # the word rob-kong in the hand is --robbed-kong
        req.robbed_kong = game_kind(v.game).robbed_kong_written(res.hand)
