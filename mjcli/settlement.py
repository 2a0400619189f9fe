"""A settle request from option values, as the command line and a ledger line give them.

Both ``mjcli settle`` and ``mjcli settle --ledger`` build the request here, so
a seat, kong, bonus, dealt family or Fei count reads the same either way.
"""

from __future__ import annotations


def _stake(x) -> float:
    """A positive, finite money-per-unit (None: 1)."""
    import math

    if x is None:
        return 1
    if isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x) or x <= 0:
        from .errors import SettleError

        raise SettleError(f"--stake {x!r}: write a positive number of money per unit, e.g. --stake 0.5")
    return x


# what --dealt accepts -> the family the settlement rules see (plurals allowed)
DEALT_WORDS = {w: w for w in ("flower", "season", "animal", "face", "bite", "cat-mouse", "rooster-centipede")}
DEALT_WORDS.update({f"{w}s": w for w in ("flower", "season", "animal", "face")})


def settle_record(v, opts: dict) -> dict:
    """Build a settle request from option values (command line or ledger) and settle it."""
    from .errors import SettleError
    from .payments import SettleRequest, settle as do_settle

    def seat(x, what):
        if x is None:
            return None
        x = str(x).strip().upper()
        if x not in v.seats:
            raise SettleError(f"{what} {x!r} is not a seat in {v.id}; seats are {' '.join(v.seats)}")
        return x

    req = SettleRequest(
        winner=seat(opts.get("winner"), "--winner"),
        shooter=seat(opts.get("shooter"), "--from"),
        value=opts.get("value"),
        bao=seat(opts.get("bao"), "--bao"),
        robbed_kong=bool(opts.get("robbed_kong")),
        ladder=opts.get("ladder"),
        stake=_stake(opts.get("stake")),
    )
    for raw in opts.get("kongs") or ():
        parts = str(raw).split(":")
        if len(parts) not in (2, 3) or parts[1].lower() not in ("concealed", "claimed", "added"):
            raise SettleError(f"--kong {raw!r}: write SEAT:KIND[:FROM] with KIND concealed, claimed or added")
        frm = seat(parts[2], "--kong FROM") if len(parts) == 3 else None
        if parts[1].lower() == "claimed" and frm is None:
            raise SettleError(f"--kong {raw!r}: a claimed kong names the discarder, e.g. S:claimed:W")
        req.kongs.append((seat(parts[0], "--kong SEAT"), parts[1].lower(), frm))
    from .tiles import BONUS_ALIASES, BONUS_TOKENS

    for raw in opts.get("bonus") or ():
        who, sep, toks = str(raw).partition("=")
        if not sep:
            raise SettleError(f"--bonus {raw!r}: write SEAT=TOKENS, e.g. \"S=f2 s2 cat\"")
        tokens = []
        for t in toks.replace(",", " ").split():
            tok = BONUS_ALIASES.get(t.lower(), t.lower())
            tok = "J" if tok == "j" else tok
            if tok not in BONUS_TOKENS:
                raise SettleError(f"--bonus {raw!r}: unknown bonus tile {t!r}; use f1-f4 s1-s4 cat mouse rooster centipede face J")
            tokens.append(tok)
        req.bonus[seat(who, "--bonus SEAT")] = tokens
    for raw in opts.get("dealt") or ():
        who, sep, fam = str(raw).partition(":")
        family = DEALT_WORDS.get(fam.lower())
        if not sep or family is None:
            raise SettleError(f"--dealt {raw!r}: write SEAT:FAMILY, FAMILY one of flower season animal face "
                              "cat-mouse rooster-centipede bite")
        req.dealt.append((seat(who, "--dealt SEAT"), family))
    for raw in opts.get("fei") or ():
        who, sep, n = str(raw).partition("=")
        if not sep or not n.strip().isdigit() or int(n) > 4:
            raise SettleError(f"--fei {raw!r}: write SEAT=N with N from 0 to 4")
        req.fei[seat(who, "--fei SEAT")] = int(n)
    if opts.get("hand"):
        from .api import score_line
        from .errors import HandError

        ov = {"self_drawn": req.shooter is None}
        if req.winner is not None:  # the hand is the winner's: their seat wind and own flower
            ov["seat"] = req.winner
        res = score_line(str(opts["hand"]), v, overrides=ov)
        if res.error is not None:
            raise res.error
        if not res.winning:
            raise HandError("--hand is not a winning hand; check the tiles")
        req.result = res
    st = do_settle(v, req)
    return st.as_dict()
