"""The ``mjcli`` command line: a click group and thin commands over the library.

Exit codes: 0 every hand read and answered; 1 at least one hand invalid, not
winning or not ready (a batch still answers every line); 2 a usage error (bad
option, unknown variant, bad rule file); 130 interrupted.
"""

from __future__ import annotations

import os
import sys

import click

from .errors import EXIT_BAD_HAND, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, MjError
from . import __version__
from .safetext import ascii_upper as _ascii_upper

EPILOG = """\b
Exit codes: 0 all answered; 1 a hand invalid, not winning or not ready;
2 usage error; 130 interrupted. Data goes to standard output, messages to
standard error."""



class Fail(click.ClickException):
    """A user error reported as one line, with an exit code."""

    def __init__(self, message: str, code: int = EXIT_USAGE):
        super().__init__(message)
        self.exit_code = code

    def show(self, file=None):
        from .safetext import escape_controls, one_line

        click.echo(f"error: {escape_controls(one_line(self.message))}", err=True)  # a path or id: no raw ESC


def _variant(variant: str | None, rules: str | None):
    from .api import load_variant

    try:
        return load_variant(variant, rules)
    except MjError as exc:
        raise Fail(exc.message) from None


def variant_options(fn):
    fn = click.option("--rules", "rules_file", metavar="FILE", default=None,
                      help="A house-rule YAML file that extends a built-in variant.")(fn)
    fn = click.option("--variant", "-v", "variant", metavar="VARIANT", default=None,
                      help="hk, sg, my3 or paohuzi (default hk, or $MJCLI_VARIANT).")(fn)
    return fn


def format_option(fn, extra: tuple[str, ...] = ()):
    return click.option("--format", "-f", "fmt", type=click.Choice(["table", "json", "jsonl", "csv", *extra]),
                        default="table", show_default=True, help="Output format.")(fn)


def glyphs_option(fn):
    return click.option("--glyphs", is_flag=True, help="Show tiles as Unicode mahjong tiles in table output.")(fn)


FLAG_OPTIONS = ("last-tile", "last-discard", "kong-replacement", "bonus-replacement", "rob-kong",
                "kong-on-kong", "heavenly", "earthly")


def context_options(fn):
    for flag in reversed(FLAG_OPTIONS):
        fn = click.option(f"--{flag}", "flag_" + flag.replace("-", "_"), is_flag=True,
                          help=f"Context word {flag!r}.")(fn)
    fn = click.option("--self-drawn", "self_drawn", is_flag=True, help="Won on a self-drawn tile (zimo).")(fn)
    fn = click.option("--round", "round_", type=_WindChoice(list("ESWN")), default=None,
                      help="The round wind.")(fn)
    fn = click.option("--seat", type=_WindChoice(list("ESWN")), default=None,
                      help="The winner's seat wind.")(fn)
    fn = click.option("--win", metavar="TILE", default=None, help="The winning tile (e.g. 5p, E).")(fn)
    return fn


class _WindChoice(click.Choice):
    """E, S, W or N in either case, ASCII only (click's case-insensitive choice casefolds "ſ" to "s")."""

    def convert(self, value, param, ctx):
        return super().convert(_ascii_upper(value) if isinstance(value, str) else value, param, ctx)


def _overrides(kw) -> dict:
    flags = [f for f in FLAG_OPTIONS if kw.pop("flag_" + f.replace("-", "_"), False)]
    ov = {
        "win": kw.pop("win", None),
        "self_drawn": kw.pop("self_drawn", False),
        "seat": _ascii_upper(kw.pop("seat", None) or "") or None,
        "round": _ascii_upper(kw.pop("round_", None) or "") or None,
        "flags": flags,
    }
    return {k: v for k, v in ov.items() if v}


def progress_option(fn):
    return click.option("--progress/--no-progress", "progress", default=None,
                        help="A progress line on standard error for a long batch from standard input "
                             "[default: only when standard error is a terminal].")(fn)


def iter_input(hands: tuple[str, ...], progress: bool | None = None):
    """(line number, text or MjError) for each hand: the arguments, or stdin one per line."""
    if hands and hands != ("-",):
        for i, h in enumerate(hands, 1):
            yield i, h
        return
    if sys.stdin is None:  # started with standard input closed (`mjcli score <&-`)
        raise Fail("standard input is closed; give the hands as arguments or pipe them in")
    stream = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else sys.stdin
    if hasattr(sys.stdin, "isatty") and sys.stdin.isatty() and not hands:
        raise Fail("no hand given; write a hand as an argument (mjcli score '123m 456m 789m 234p 55s') "
                   "or pipe hands one per line")
    from .lines import read_lines
    from .progress import track

    yield from track(read_lines(stream, flush_when_waiting=True), stream, progress, what="hands")


def jobs_option(fn):
    return click.option("--jobs", type=click.IntRange(min=0), default=1, show_default=True, metavar="N",
                        help="Answer a batch on N processes (0: one per core); the answers keep the input order. "
                             "Lines are read in chunks, so with N > 1 answers come a chunk at a time.")(fn)


def _run_batch(hands, fmt, kind, glyphs, answer, progress: bool | None = None, jobs: int = 1, spec=None) -> None:
    """Answer every input line in order, streaming; exit 1 if any line failed."""
    from .batch import answer_record
    from .output import emit

    state = {"bad": 0}

    def records():
        for n, item in iter_input(hands, progress):
            res, bad = answer_record(n, item, answer)
            state["bad"] += bad
            yield res

    def chunked():  # --jobs N: chunks answered by worker processes, in input order
        from .batch import answer_chunks, cores

        for recs, bad in answer_chunks(iter_input(hands, progress), answer, fmt, kind, jobs or cores(), spec):
            state["bad"] += bad
            if fmt == "jsonl":
                sys.stdout.write(recs)  # the worker wrote the chunk's lines with emit
            else:
                yield from recs
            sys.stdout.flush()  # each chunk's answers go out as it is done (pipes, Ctrl-C)

    def on_error(rec):
        from .safetext import escape_controls, one_line

        click.echo(f"error: line {rec['line']}: {escape_controls(one_line(rec['error']['message']))}", err=True)

    source = records() if jobs == 1 else chunked()
    try:
        emit(source, fmt, kind, sys.stdout, glyphs=glyphs, on_error=on_error)
        sys.stdout.flush()  # a write error (disk full) shows here, not after exit
    except BrokenPipeError:  # `| head`: the reader has gone; end quietly (click would exit 1)
        _quiet_stdout()
        raise SystemExit(EXIT_OK) from None
    finally:
        source.close()  # --jobs: the workers stop now, whatever ended the batch
    if state["bad"]:
        raise SystemExit(EXIT_BAD_HAND)


# --------------------------------------------------------------------------


class _Group(click.Group):
    """Usage errors of a command as one line: ``error: ... (see `mjcli score --help`)``."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except click.exceptions.NoArgsIsHelpError:
            raise
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx else ctx.command_path
            raise Fail(f"{exc.format_message()} (see `{where} --help`)", EXIT_USAGE) from None
        except BrokenPipeError:  # `mjcli rules hk | head -1`: the reader has gone; end quietly (click would exit 1)
            _quiet_stdout()
            raise SystemExit(EXIT_OK) from None

    def make_context(self, *args, **kwargs):
        try:
            return super().make_context(*args, **kwargs)
        except BrokenPipeError:  # `mjcli --help | head -1`
            _quiet_stdout()
            raise SystemExit(EXIT_OK) from None


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]},  # no auto envvars: only documented ones
             epilog=EPILOG)
@click.version_option(__version__, "-V", "--version", prog_name="mjcli")
def cli():
    """Price mahjong hands (Hong Kong, Singapore, Malaysian 3 Kaki) and Paohuzi hands.

    \b
    mjcli score '123m 456m 789m 234p 55s zimo'
    mjcli wait  '123m 456m 789m 23p EE'
    mjcli settle --winner E --from S --value 5
    mjcli rules hk
    """


@cli.command(epilog=EPILOG)
@click.argument("hands", nargs=-1)
@variant_options
@format_option
@glyphs_option
@click.option("--all", "all_readings", is_flag=True, help="Show every reading of the hand, best first.")
@progress_option
@jobs_option
@context_options
def score(hands, variant, rules_file, fmt, glyphs, all_readings, progress, jobs, **kw):
    """Score HANDS (or one hand per line on standard input): every pattern, the total, verdicts, payment."""
    v = _variant(variant, rules_file)
    ov = _overrides(kw)
    from .api import score_line

    _run_batch(hands, fmt, "score", glyphs, lambda text: score_line(text, v, ov, all_readings), progress, jobs,
               ("score", variant, rules_file, ov, all_readings, fmt, "score"))


@cli.command(epilog=EPILOG)
@click.argument("hands", nargs=-1)
@variant_options
@format_option
@glyphs_option
@progress_option
@jobs_option
@context_options
def wait(hands, variant, rules_file, fmt, glyphs, progress, jobs, **kw):
    """List the tiles that complete each ready HAND, how many are left, and what each win is worth."""
    v = _variant(variant, rules_file)
    ov = _overrides(kw)
    from .api import wait_line

    _run_batch(hands, fmt, "wait", glyphs, lambda text: wait_line(text, v, ov), progress, jobs,
               ("wait", variant, rules_file, ov, False, fmt, "wait"))


def _pairs(values, sep: str, what: str, example: str):
    out = []
    for raw in values:
        if sep not in raw:
            raise Fail(f"{what} {raw!r} is not of the form {example}")
        out.append(raw.split(sep))
    return out


@cli.command(epilog=EPILOG)
@variant_options
@(lambda fn: format_option(fn, ("svg",)))
@click.option("--winner", metavar="SEAT", default=None, help="The winner's seat (leave out for a drawn hand).")
@click.option("--from", "shooter", metavar="SEAT", default=None, help="The shooter; leave out for a self-drawn win.")
@click.option("--value", type=int, default=None, help="The hand's value in the variant's unit.")
@click.option("--hand", default=None, help="The winning hand; it is scored to get the value.")
@click.option("--bao", metavar="SEAT", default=None, help="The player liable under the bao/baau rule.")
@click.option("--robbed-kong", is_flag=True, help="The --from seat's kong was robbed.")
@click.option("--kong", "kongs", multiple=True, metavar="SEAT:KIND[:FROM]",
              help="A kong made this hand: KIND concealed, claimed or added (repeatable).")
@click.option("--bonus", "bonus", multiple=True, metavar="SEAT=TOKENS",
              help='A player\'s bonus tiles, e.g. "S=f2 s2 cat" (repeatable).')
@click.option("--dealt", multiple=True, metavar="SEAT:FAMILY",
              help="Held from the deal: a complete bonus family (my3), or a bite in sg: cat-mouse, "
                   "rooster-centipede, animal, flower (own flower + season), bite (repeatable).")
@click.option("--fei", multiple=True, metavar="SEAT=N", help="Fei held by a player at the end (my3, repeatable).")
@click.option("--ladder", default=None, metavar="NAME", help="A payment preset (see README).")
@click.option("--stake", default=None, metavar="DECIMAL",
              help="Money per unit (above 0, at most 1e12, up to 4 decimal places): amounts come out multiplied.")
@click.option("--ledger", type=click.File("rb"), default=None, metavar="FILE",
              help="A JSON-lines file of hands ('-' for stdin): every hand's payments and running totals.")
@progress_option
@click.option("--chart", is_flag=True,
              help="With --ledger: draw each player's running total hand by hand instead of listing the hands "
                   "(--format svg writes the same chart as an SVG picture).")
@click.option("--players", metavar="NAMES", default=None,
              help="With --ledger: the players in seating order, the first dealer first (e.g. Ann,Bo,Cy,Di); "
                   "hands then name players and mjcli works out dealer, seats and round.")
def settle(variant, rules_file, fmt, winner, shooter, value, hand, bao, robbed_kong, kongs, bonus, dealt, fei,
           ladder, stake, ledger, progress, chart, players):
    """Turn a result into payments: who pays whom and why, and the net per seat."""
    v = _variant(variant, rules_file)
    from .output import emit

    if players is not None and ledger is None:
        raise Fail("--players names the players of a ledger; use it with --ledger FILE")
    if ledger is not None:
        from .ledger import parse_players_option, run_ledger

        if any((winner, shooter, value is not None, hand, bao, robbed_kong, kongs, bonus, dealt, fei)):
            raise Fail("--ledger reads every hand from the file; leave out --winner, --from, --value, --hand, "
                       "--bao, --robbed-kong, --kong, --bonus, --dealt, --fei (--ladder and --stake apply to all)")
        if stake is not None:
            try:
                from .settlement import _stake

                stake = _stake(stake)
            except MjError as exc:
                raise Fail(exc.message) from None
        try:
            names = parse_players_option(players, v) if players is not None else None
            if chart or fmt == "svg":
                bad = _ledger_chart(v, ledger, fmt, ladder, stake, names, progress)
            else:
                bad = run_ledger(v, ledger, fmt, sys.stdout, ladder=ladder, stake=stake, players=names,
                                 progress=progress)
        except MjError as exc:  # the players (line or option): nothing is settled without them
            raise Fail(exc.message) from None
        if bad:
            raise SystemExit(EXIT_BAD_HAND)
        return
    if chart or fmt == "svg":
        raise Fail("--chart and --format svg draw a session: give it with --ledger FILE")
    opts = dict(winner=winner, shooter=shooter, value=value, hand=hand, bao=bao, robbed_kong=robbed_kong,
                kongs=list(kongs), bonus=list(bonus), dealt=list(dealt), fei=list(fei), ladder=ladder, stake=stake)
    from .settlement import settle_record

    try:
        rec = settle_record(v, opts)
    except MjError as exc:
        raise Fail(exc.message, EXIT_BAD_HAND if exc.code in ("invalid_hand", "parse_error", "invalid_context") else EXIT_USAGE) from None
    emit([rec], fmt, "settle", sys.stdout)


def _ledger_chart(v, ledger, fmt, ladder, stake, names, progress=None) -> int:
    """``settle --ledger FILE --chart``: the running totals drawn (text on the terminal, or SVG)."""
    import shutil

    from .chart import svg_chart, text_chart
    from .ledger import ledger_series

    if fmt not in ("table", "svg"):
        raise Fail(f"--chart draws a picture: use it with --format table (the terminal) or svg, not {fmt}")

    def on_error(rec):
        sys.stderr.write(f"error: line {rec['line']}: {rec['error']['message']}\n")

    series, bad = ledger_series(v, ledger, ladder=ladder, stake=stake, players=names, on_error=on_error,
                                progress=progress)
    if fmt == "svg":
        sys.stdout.write(svg_chart(series, title=f"mjcli {v.id} session"))
        return bad
    width = shutil.get_terminal_size((80, 24)).columns
    colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    sys.stdout.write("\n".join(text_chart(series, width=width, colour=colour)) + "\n")
    return bad


@cli.command(epilog=EPILOG)
@click.argument("variant_ids", nargs=-1, metavar="[VARIANT]")
@click.option("--rules", "rules_file", metavar="FILE", default=None, help="Show a house-rule file's table.")
@click.option("--tiles", is_flag=True, help="Print the tile set and the notation of the variant.")
@click.option("--lang", type=click.Choice(["en", "ms", "ta", "zh", "th"]), default="en", show_default=True,
              help="Language of pattern names and descriptions.")
@click.option("--check", "check", multiple=True, metavar="FILE", help="Validate rule files; exit 1 on any error.")
@click.option("--patterns", "list_patterns", is_flag=True, help="List the registered pattern ids.")
@click.option("--format", "-f", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
def rules(variant_ids, rules_file, tiles, lang, check, list_patterns, fmt):
    """Print a variant's hand table (or, with no VARIANT, the list of variants).

    `mjcli rules --check FILE...` validates house-rule files instead."""
    from . import rulesview

    from .safetext import EscapingWriter

    out = sys.stdout if fmt == "json" else EscapingWriter(sys.stdout)  # a rule file's id or name: no raw ESC
    if check:  # --check A B C: the words after the first file are files too
        ok = rulesview.check_files(check + variant_ids, out)
        raise SystemExit(EXIT_OK if ok else EXIT_BAD_HAND)
    if list_patterns:
        rulesview.print_registry(out)
        return
    if len(variant_ids) > 1:
        raise Fail(f"one VARIANT at a time, got {' '.join(variant_ids)}; to check rule files use --check FILE...")
    variant_id = variant_ids[0] if variant_ids else None
    if variant_id is None and rules_file is None:
        rulesview.print_variant_list(out, fmt)
        return
    v = _variant(variant_id, rules_file)
    if tiles:
        rulesview.print_tiles(v, out)
        return
    rulesview.print_table(v, out, lang=lang, fmt=fmt)


def main(argv=None) -> None:
    """Console entry point: click, plus quiet ends for a closed pipe and Ctrl-C."""
    if sys.stdout is None:  # started with standard output closed (`mjcli ... >&-`): nowhere to answer
        click.echo("error: standard output is closed; give mjcli somewhere to write (a file or a pipe)", err=True)
        sys.exit(EXIT_USAGE)
    from .safetext import utf8_streams

    utf8_streams()  # always valid UTF-8 out: a byte of an argument that was not UTF-8 comes out as \xff
    try:
        cli.main(args=argv, prog_name="mjcli", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as exc:  # click >= 8.2
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc), err=False)
        sys.exit(EXIT_USAGE)
    except click.UsageError as exc:  # one line, not click's four (usage, hint, blank, error)
        where = exc.ctx.command_path if exc.ctx else "mjcli"
        from .safetext import escape_controls, one_line

        click.echo(f"error: {escape_controls(one_line(exc.format_message()))} (see `{where} --help`)", err=True)
        sys.exit(EXIT_USAGE)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code if isinstance(exc, Fail) else EXIT_USAGE)
    except click.exceptions.Abort:
        click.echo("interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except KeyboardInterrupt:
        _quiet_stdout()
        click.echo("interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except BrokenPipeError:
        _quiet_stdout()
        sys.exit(EXIT_OK)
    except OSError as exc:  # the output cannot be written (disk full, /dev/full) or the input cannot be read
        _quiet_stdout()
        click.echo(f"error: {exc.strerror or exc}: mjcli could not read its input or write its output", err=True)
        sys.exit(EXIT_USAGE)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    else:
        _flush_or_quiet()
        sys.exit(EXIT_OK)


def _flush_or_quiet():
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet_stdout()
    except OSError as exc:  # e.g. the disk filled up with the last block of output
        _quiet_stdout()
        click.echo(f"error: {exc.strerror or exc}: mjcli could not write its output", err=True)
        sys.exit(EXIT_USAGE)


def _quiet_stdout():
    """Point stdout at devnull so the interpreter's final flush does not complain."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
