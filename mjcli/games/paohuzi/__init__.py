"""Paohuzi (跑胡子), the Hunan card game: its own cards, groups, huxi and tun.

The room registers its game kind, :class:`Paohuzi`, and its record fields (``fields.json``) with the core
(see :mod:`mjcli.registry`), handing it the scorer and the paid value up front; the core calls it through
that interface. The functions below back it; the modules behind them (but the tun table) load on first use:

* :func:`score_text`, :func:`wait_text`: one line of notation -> a result with
  ``as_dict()`` and ``answer_code`` (:mod:`.scorer`, :mod:`.wait`);
* :func:`rules_table`, :func:`tiles_text`: what ``mjcli rules paohuzi`` prints (:mod:`.rulesview`);
* :func:`validate_section`: checks the ``paohuzi:`` section of a variant file (:mod:`.config`);
* :func:`tun_of`: the paid value (tun) of a huxi total, for the payment table (:mod:`.config`).
"""

from __future__ import annotations

from pathlib import Path

from ...registry import Game, declare_fields, register_game
from .config import tun_of


def validate_section(data, ck) -> None:
    """Check the ``paohuzi:`` section of a variant file (huxi table, tun ladder)."""
    from .config import validate_section as check

    check(data, ck)


def score_text(text, variant, overrides=None, all_readings=False):
    from .scorer import score_text as run

    return run(text, variant, overrides=overrides, all_readings=all_readings)


def wait_text(text, variant, overrides=None):
    from .wait import wait_text as run

    return run(text, variant, overrides=overrides)


def rules_table(variant, lang="en", fmt="table", *, width=80, long=False, glyphs=False) -> str:
    from .rulesview import rules_table as run

    return run(variant, lang, fmt, width=width, long=long)


def tiles_text(variant, *, width=80, glyphs=False) -> str:
    from .rulesview import tiles_text as run

    return run(variant, width=width)


class Paohuzi(Game):
    """The Paohuzi game kind: its own cards and huxi table (the ``paohuzi:`` section), paid in tun."""

    id = "paohuzi"
    section = "paohuzi"
    section_expected = "a mapping (the huxi table)"
    registry_patterns = False
    limit_caps_payment = False  # no limit of its own: the variant's limit is a stand-in above any hand
    shell_safe = "write a shown group as +x1x2x3 and a wei or ti as _x5x5x5"
    pipe_bar = "paohuzi hands have no '|'"
    # handed to the core up front: a score goes straight into the scorer, and the payment table reads the tun
    # from the room's data module, never calling back up into this one
    scorer = "mjcli.games.paohuzi.scorer:score_text"  # imported on the first score (start-up)
    paid_value = staticmethod(tun_of)

    def wait_line(self, text, variant, overrides=None):
        return wait_text(text, variant, overrides=overrides)

    def whole_hand(self, text, variant, command):
        from ...errors import MjError
        from .cards import check, parse

        try:
            check(parse(text), 21 if command == "score" else 20)
        except MjError:
            return False
        return True

    def rules_table(self, variant, lang="en", fmt="table", *, width=80, long=False, glyphs=False):
        return rules_table(variant, lang, fmt, width=width, long=long, glyphs=glyphs)

    def tiles_text(self, variant, *, width=80, glyphs=False):
        return tiles_text(variant, width=width, glyphs=glyphs)

    def validate_section(self, data, ck):
        validate_section(data, ck)

    def win_payments(self, variant, pay, req, value, base, notes):
        """No discard wins: each opponent pays the same, whoever revealed the card."""
        from ...money import amount
        from ...payments import Payment, shares

        w = req.winner
        # --from with --hand says who revealed the card, which the huxi depends on; with --value it pays nothing
        from_ = req.shooter if req.result is None else None
        given = [opt for val, opt in ((from_, "--from"), (req.bao, "--bao"), (req.robbed_kong, "--robbed-kong")) if val]
        if given:
            notes.append(f"{', '.join(given)} {'changes' if len(given) == 1 else 'change'} nothing: in {variant.id} "
                         "every opponent pays the same (the winning card comes from the stock; no liability, no kongs)")
        each, _ = shares(pay, base, True)
        return [Payment(s, w, amount(each), f"win ({value} {variant.unit}, {tun_of(variant, value)} tun)")
                for s in variant.seats if s != w]


register_game(Paohuzi())
declare_fields(Path(__file__).with_name("fields.json"))  # huxi, tun, groups ... on every score and wait record
