"""The ``mjcli`` command line: a click group and thin commands over the library.

Exit codes: 0 every hand read and answered; 1 at least one hand invalid, not
winning or not ready (a batch still answers every line); 2 a usage error (bad
option, unknown variant, bad rule file); 130 interrupted.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager

import click

from .errors import EXIT_BAD_HAND, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, MjError
from .i18n import LANGS
from .words import FLAG_WORDS
from . import __version__
from .safetext import ascii_lower as _ascii_lower
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


def _variant(variant: str | None, rules: str | None, header: dict | None = None, where: str = "",
             how: dict | None = None):
    """The variant in effect (option > ledger header > environment > config file > default: mjcli.config);
    what a source below the one in effect left out is a note on standard error."""
    from .config import choose_variant
    from .house import load_named

    notes: list[str] = []
    try:
        v, chosen = choose_variant(variant, rules, header, where, notes, load=load_named)
    except MjError as exc:
        raise Fail(exc.message) from None
    for note in notes:
        from .safetext import escape_controls

        click.echo(f"note: {escape_controls(note)}", err=True)
    if how is not None:
        how.update(chosen)
    return v


def _table_setting(key: str, option, header: dict | None = None, where: str = ""):
    """--ladder, --stake, --lang: the option, else the ledger header, $MJCLI_..., the config file, the default."""
    from .config import setting

    try:
        if key == "stake" and option is not None:
            from .money import stake

            option = stake(option, "--stake")
        return setting(key, option, header, where).value
    except MjError as exc:
        raise Fail(exc.message) from None


def _complete_variant(ctx, param, incomplete):
    """Shell completion of -v: the built-in ids, or files once the word looks like a path."""
    from click.shell_completion import CompletionItem

    from .completion import variant_words

    if "/" in incomplete or incomplete.startswith("."):
        return [CompletionItem(incomplete, type="file")]
    return variant_words(incomplete)


def _complete_seat(ctx, param, incomplete):
    from .completion import seat_words

    return seat_words(incomplete)


def _complete_ladder(ctx, param, incomplete):
    from .completion import ladder_words

    return ladder_words(incomplete)


def _complete_rules_words(ctx, param, incomplete):
    """``mjcli rules VARIANT [PATTERN...]``: a variant id first, then that variant's pattern ids."""
    from .completion import pattern_words, variant_words

    given = ctx.params.get("variant_opt") or (ctx.params.get("variant_ids") or (None,))[0]
    if given is None:
        return variant_words(incomplete)
    return pattern_words(given, incomplete)


def variant_options(fn):
    fn = click.option("--rules", "rules_file", metavar="FILE", default=None, type=click.Path(),
                      help="A house-rule YAML file that extends a built-in variant.")(fn)
    fn = click.option("--variant", "-v", "variant", metavar="VARIANT", default=None, shell_complete=_complete_variant,
                      cls=_DeclaredHelp, declared=lambda: f"{_variant_ids()} (default hk, or $MJCLI_VARIANT).")(fn)
    return fn


def _variant_ids(last: str = " or ") -> str:
    """The built-in variants' ids for an option's help, e.g. "hk, sg, my3, paohuzi, mcr or tw": read from the
    variant files when the help is shown, so a new variant is named with no edit here."""
    from .variant import builtin_ids

    ids = builtin_ids()
    return ", ".join(ids[:-1]) + last + ids[-1] if len(ids) > 1 else "".join(ids)


class _AsciiChoice(click.Choice):
    """A choice in either case, ASCII only (click's case-insensitive choice casefolds "ſ" to "s")."""

    def convert(self, value, param, ctx):
        return super().convert(_ascii_lower(value) if isinstance(value, str) else value, param, ctx)


def format_option(fn, extra: tuple[str, ...] = ()):
    return click.option("--format", "-f", "fmt", type=_AsciiChoice(["table", "json", "jsonl", "csv", *extra]),
                        default="table", show_default=True, help="Output format.")(fn)


def header_option(fn):
    return click.option("--no-header", "no_header", is_flag=True,
                        help="Leave out the CSV header line (with --format csv), e.g. to append to a file.")(fn)


def _header(fmt: str, no_header: bool) -> bool:
    if no_header and fmt != "csv":
        raise Fail(f"--no-header leaves out the CSV header line; use it with --format csv, not {fmt}")
    return not no_header


class _DeclaredHelp(click.Option):
    """An option whose help is what the game rooms declare, read when the help is shown (``declared()``): the
    rooms are loaded only then, not for every command."""

    def __init__(self, *args, declared=None, **kw):
        self._declared = declared
        super().__init__(*args, **kw)

    @property
    def help(self):
        return self._declared() if self._declared is not None else self._help

    @help.setter
    def help(self, value):
        self._help = value


def _registry():
    from . import registry

    return registry


def glyphs_option(fn):
    return click.option("--glyphs", is_flag=True, help="Show tiles as Unicode mahjong tiles in table output.")(fn)




def context_options(fn):
    for flag in reversed(FLAG_WORDS):
        fn = click.option(f"--{flag}", "flag_" + flag.replace("-", "_"), is_flag=True,
                          help=f"Context word {flag!r}.")(fn)
    fn = click.option("--self-drawn", "self_drawn", is_flag=True, help="Won on a self-drawn tile (zimo).")(fn)
    fn = click.option("--round", "round_", type=_WindChoice(list("ESWN")), default=None,
                      help="The round wind.")(fn)
    fn = click.option("--seat", type=_WindChoice(list("ESWN")), default=None,
                      help="The winner's seat wind.")(fn)
    fn = click.option("--win", metavar="TILE", default=None, help="The winning tile (e.g. 5p, E).")(fn)
    return fn


def _wind(value):
    """A typed wind as its letter (``east``, ``East``, ``e``, ``dong``, ``nan``, ``xi``, ``bei``); else as given."""
    if not isinstance(value, str):
        return value
    from .mahjong.tiles import wind_letter

    return wind_letter(value) or value


class _WindChoice(click.Choice):
    """E, S, W or N in either case, or a wind word, ASCII only (click's case-insensitive choice casefolds "ſ")."""

    def convert(self, value, param, ctx):
        value = _wind(value)
        return super().convert(_ascii_upper(value) if isinstance(value, str) else value, param, ctx)


class _Seat(click.ParamType):
    """A seat for settle (--winner, --from, --bao): a wind word becomes its letter; settle checks the seat."""

    name = "seat"

    def convert(self, value, param, ctx):
        return _wind(value)


SEAT = _Seat()


class _Whole(click.ParamType):
    """A whole number in the digits 0-9, full-width ones read as ASCII (click's INT takes ٣ and 1_0 too)."""

    name = "integer"

    def convert(self, value, param, ctx):
        from .safetext import parse_int

        try:
            n = value if isinstance(value, int) else parse_int(value)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)
        if n is None:
            self.fail(f"{value!r} is not a whole number; write it in the digits 0-9", param, ctx)
        return n


class _Decimal(click.ParamType):
    """A decimal as written (checked where it is used), full-width digits and point read as ASCII."""

    name = "decimal"

    def convert(self, value, param, ctx):
        from .safetext import ascii_number

        return ascii_number(value) if isinstance(value, str) else value


def _overrides(kw) -> dict:
    flags = [f for f in FLAG_WORDS if kw.pop("flag_" + f.replace("-", "_"), False)]
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
                             "[default: only when standard error is a terminal that standard output is not].")(fn)


def iter_input(hands: tuple[str, ...], progress: bool | None = None, whole=None):
    """(number, text or MjError, where) for each hand: the arguments, or stdin one per line.

    ``where`` names the input in messages: ``argument 2``, or ``arguments 1-6`` when the arguments are one
    hand; None for a line of stdin (messages call it ``line 3``; no text made a line). ``whole(text)`` says whether one argument alone is a complete hand: when
    every argument is one (or every argument has a space in it, each quoted as a hand), each argument is a
    hand; otherwise the arguments joined by spaces are one hand (``mjcli score 123m 456m ...``)."""
    if hands and hands != ("-",):
        if len(hands) > 1 and whole is not None and not all(
                any(c.isspace() for c in h) or whole(h) for h in hands):
            yield 1, " ".join(hands), f"arguments 1-{len(hands)}"
            return
        for i, h in enumerate(hands, 1):
            yield i, h, f"argument {i}"
        return
    if _typing(hands):  # a terminal: a prompt, a hand a line, until Ctrl-D (issue 27)
        from .terminal import prompt_lines

        ctx = click.get_current_context(silent=True)
        for n, item in prompt_lines(ctx.command_path if ctx else "mjcli score"):
            yield n, item, None
        return
    stream = _stdin(hands)
    from .lines import read_lines
    from .progress import track

    for n, item in track(read_lines(stream, flush_when_waiting=True), stream, progress, what="hands"):
        yield n, item, None


def _typing(hands: tuple[str, ...]) -> bool:
    """True when the hands are to be typed at a terminal: no hand (or ``-``) and standard input a terminal."""
    from .terminal import is_terminal

    return (not hands or hands == ("-",)) and is_terminal(sys.stdin)


def _stdin(hands: tuple[str, ...]):
    """Standard input to read the hands from (binary when it can be), once it is known to be there."""
    if sys.stdin is None:  # started with standard input closed (`mjcli score <&-`)
        raise Fail("standard input is closed; give the hands as arguments or pipe them in")
    stream = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else sys.stdin
    if hasattr(sys.stdin, "isatty") and sys.stdin.isatty() and not hands:
        raise Fail("no hand given; write a hand as an argument (mjcli score '123m 456m 789m 234p 55s') "
                   "or pipe hands one per line")
    return stream


def jobs_option(fn):
    from .batch import MAX_JOBS

    return click.option("--jobs", type=click.IntRange(min=0, max=MAX_JOBS), default=1, show_default=True,
                        metavar="N",
                        help=f"Answer a batch on N processes (0: one per core; at most {MAX_JOBS}, and no more "
                             "than two a core start); the answers keep the input order. Lines are read in "
                             "chunks, so with N > 1 answers come a chunk at a time.")(fn)


def _names_a_file(word: str) -> bool:
    """A lone argument read as a file of hands: it has a ``/`` or ends in ``.txt`` or ``.jsonl`` (no hand does)."""
    return "/" in word or os.sep in word or word.endswith((".txt", ".jsonl"))


def lang_option(fn):
    """--lang: the words of a table (headings, units, verdicts, payments, notes) in that language."""
    return click.option("--lang", type=_AsciiChoice(list(LANGS)), default=None,
                        help="Language of the table (zh: Traditional characters; json, jsonl and csv stay "
                             "English) [default: $MJCLI_LANG, the config file's lang, en].")(fn)


def _speak(lang, v=None) -> None:
    """Tables in ``lang`` (the option, else $MJCLI_LANG, the config file, en) until the command ends."""
    from .i18n import use

    use(_table_setting("lang", lang), v)


def input_options(fn):
    """``-i/--input FILE`` (a file of hands, one a line, as standard input would give them) and ``-o/--output
    FILE`` (issue 27); a lone argument that names a file (see :func:`_names_a_file`) is read as ``-i FILE``."""
    import functools

    fn = output_option(fn)  # inside: the output file is opened once the input is known

    @functools.wraps(fn)
    def run(*args, input_file=None, **kw):
        hands = kw.get("hands") or ()
        if len(hands) == 1 and _names_a_file(hands[0]) and os.path.isfile(hands[0]):
            if input_file is not None:
                raise Fail(f"give the hands one way: -i {input_file} or the file {hands[0]}, not both")
            input_file, kw["hands"] = hands[0], ()
        elif input_file is not None and hands and hands != ("-",):
            raise Fail(f"give the hands one way: as arguments or with -i {input_file}, not both")
        if input_file is None or input_file == "-":
            return fn(*args, **kw)
        kw["hands"] = ()
        try:
            stream = open(input_file, "rb")
        except OSError as exc:
            raise Fail(f"{input_file}: {exc.strerror or exc}; -i names a file of hands, one a line") from None
        import io

        old = sys.stdin
        sys.stdin = io.TextIOWrapper(stream, encoding="utf-8")  # the file stands in for standard input
        try:
            return fn(*args, **kw)
        finally:
            sys.stdin = old
            stream.close()

    return click.option("--input", "-i", "input_file", metavar="FILE", default=None,
                        help="Read the hands from FILE, one a line (as from standard input); a lone argument "
                             "with a '/' or ending in .txt or .jsonl is read so too.")(run)


def output_option(fn):
    """``-o/--output FILE``: what the command prints goes to FILE (created or replaced) instead of standard
    output; messages stay on standard error."""
    import functools

    @functools.wraps(fn)
    def run(*args, output_file=None, **kw):
        hands = kw.get("hands")
        sources = [("the hands are read from", getattr(sys.stdin, "buffer", sys.stdin))] if hands is not None and (
            not hands or hands == ("-",)) else []
        if kw.get("ledger") is not None:
            sources.append(("the ledger is read from", kw["ledger"]))
        ledger_path = kw.get("input_file")  # settle -i FILE: the ledger by its path ('-': standard input)
        if ledger_path == "-":
            sources.append(("the ledger is read from", getattr(sys.stdin, "buffer", sys.stdin)))
        to_stdout = output_file is None or output_file == "-"
        for what, stream in sources:  # as cat does: an output that is the input would grow without end
            if to_stdout and _same_stream(sys.stdout, stream):
                raise Fail(f"standard output is the file {what}; write to another file (input file is output file)")
            if not to_stdout and _same_file(output_file, stream):
                raise Fail(f"-o {output_file} is the file {what}; write to another file (input file is output file)")
        if ledger_path not in (None, "-"):
            if to_stdout and _same_file(ledger_path, sys.stdout):
                raise Fail("standard output is the file the ledger is read from; write to another file "
                           "(input file is output file)")
            if not to_stdout and _same_path(output_file, ledger_path):
                raise Fail(f"-o {output_file} is the file the ledger is read from; write to another file "
                           "(input file is output file)")
        if to_stdout:
            return fn(*args, **kw)
        try:
            out = open(output_file, "w", encoding="utf-8", errors="mjcli-escape")
        except OSError as exc:
            raise Fail(f"{output_file}: {exc.strerror or exc}; -o names a file to write") from None
        old = sys.stdout
        sys.stdout = out
        try:
            return fn(*args, **kw)
        finally:
            sys.stdout = old
            out.close()

    return click.option("--output", "-o", "output_file", metavar="FILE", default=None,
                        help="Write to FILE (created or replaced) instead of standard output.")(run)


def _same_stream(out, stream) -> bool:
    """Whether standard output ``out`` writes to the regular file that ``stream`` reads."""
    import stat

    try:
        st, other = os.fstat(out.fileno()), os.fstat(stream.fileno())
    except (OSError, AttributeError, ValueError):
        return False
    return stat.S_ISREG(st.st_mode) and (other.st_dev, other.st_ino) == (st.st_dev, st.st_ino)


def _same_file(path: str, stream) -> bool:
    """Whether ``path`` is an existing regular file that ``stream`` (the input) reads."""
    import stat

    try:
        st, other = os.stat(path), os.fstat(stream.fileno())
    except (OSError, AttributeError, ValueError):
        return False
    return stat.S_ISREG(st.st_mode) and (other.st_dev, other.st_ino) == (st.st_dev, st.st_ino)


def _same_path(path: str, other) -> bool:
    """Whether ``path`` and ``other`` (a path, or None) name the same existing file."""
    try:
        return other not in (None, "-") and os.path.samefile(path, other)
    except (OSError, TypeError, ValueError):
        return False


def _argument_column(message: str, hands: tuple[str, ...]) -> str:
    """In a hand joined from the arguments, "(at column 23)" as "(argument 5, at column 2)"."""
    import re

    def where(m):
        col, start = int(m.group(1)), 1
        for i, h in enumerate(hands, 1):
            if col < start + len(h) + 1 or i == len(hands):
                return f"(argument {i}, at column {max(1, col - start + 1)})"
            start += len(h) + 1
        return m.group()  # (no arguments: not reached)

    return re.sub(r"\(at column (\d+)\)", where, message)


def _run_batch(hands, fmt, kind, glyphs, answer, progress: bool | None = None, whole=None,
               header: bool = True, jobs: int = 1, spec=None, variant=None) -> None:
    """Answer every input line in order, streaming; exit 1 if any line failed."""
    from .batch import answer_json, answer_record

    state = {"bad": 0}
    base = _batch_base(kind, variant)
    wheres = {}  # input number -> how messages name it, for hands given as arguments (stdin: "line N")
    game = getattr(variant, "game", "mahjong")
    if hands and hands != ("-",):
        from .terminal import pipe_message, pipe_reader_gone

        if pipe_reader_gone():  # `mjcli score 123m ... | f1`: the shell made the bar a pipe (issue 27)
            raise Fail(pipe_message(_registry().game_kind(game).pipe_bar))
    elif _typing(hands):
        jobs = 1  # typed hands are answered as they come

    def numbered():
        for n, item, where in iter_input(hands, progress, whole):
            if where is not None:
                wheres[n] = where
            yield n, item

    def records():
        one = answer_json if fmt in ("json", "jsonl") else answer_record  # JSON: text from templates
        for n, item, where in iter_input(hands, progress, whole):  # as numbered(), one generator fewer
            if where is not None:
                wheres[n] = where
            res, bad = one(n, item, answer, fmt, base)
            state["bad"] += bad
            yield res

    def on_error(rec):
        _batch_error(rec, wheres, hands, game)

    if jobs == 1:
        source = records()
    else:
        source = _chunked(numbered, hands, progress, answer, fmt, kind, jobs, spec, base, state)
    with _few_collections():
        _emit_batch(source, fmt, kind, glyphs, on_error, header, jobs)
    if state["bad"]:
        raise SystemExit(EXIT_BAD_HAND)


@contextmanager
def _few_collections():
    """The cyclic garbage collector run less often while this process answers a batch: each line makes many
    short-lived objects and almost no cycles, and the collector walked the young ones every 700 allocations
    (about 1% of a batch's work: speed, issue 29). Memory stays bounded: a collection still comes every
    20,000 allocations. The thresholds are put back after (a batch run inside another program)."""
    import gc

    before = gc.get_threshold()
    gc.set_threshold(max(before[0], 20_000), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def _batch_base(kind: str, variant) -> dict | None:
    """What every record of a batch says of the variant, so a line that cannot be read (not UTF-8, too long)
    still names the variant it was meant for."""
    if variant is None:
        return None
    from .contract import keys

    known = set(keys(kind))
    return {k: x for k, x in (("variant", variant.id), ("unit", variant.unit), ("minimum", variant.minimum),
                              ("limit", variant.record_limit)) if k in known}


def _chunked(numbered, hands, progress, answer, fmt, kind, jobs, spec, base, state):
    """--jobs N: chunks answered by worker processes, in input order (``numbered()``: the lines as read here)."""
    from .batch import answer_chunks, cores
    from .progress import wanted

    raw = None
    if (not hands or hands == ("-",)) and not wanted(progress):  # the workers read the lines (speed, issue 15)
        raw = _stdin(hands)
        if raw is sys.stdin:
            raw = None  # a text stream with no bytes under it (a test's): the lines as read_lines gives them
    for recs, bad in answer_chunks(numbered() if raw is None else (), answer, fmt, kind, jobs or cores(), spec,
                                   base, raw):
        state["bad"] += bad
        if fmt == "jsonl":
            sys.stdout.write(recs)  # the worker wrote the chunk's lines with emit
        else:
            yield from recs
        sys.stdout.flush()  # each chunk's answers go out as it is done (pipes, Ctrl-C)


def _batch_error(rec, wheres: dict, hands, game: str) -> None:
    """One line of a batch that failed, on standard error: where it was, and a hint when the shell changed it."""
    from .safetext import escape_controls, one_line

    message = rec["error"]["message"]
    where = wheres.get(rec["line"], f"line {rec['line']}")
    if where.startswith("arguments"):
        from .terminal import shell_hint

        message = shell_hint(_argument_column(message, hands), hands, _registry().game_kind(game).shell_safe)
    elif len(hands) == 1 and where == "argument 1" and _names_a_file(hands[0]):
        message += f"; there is no file {hands[0]!r} to read hands from"  # `mjcli score example/hk.txt`
    click.echo(f"error: {where}: {escape_controls(one_line(message))}", err=True)


def _emit_batch(source, fmt, kind, glyphs, on_error, header: bool, jobs: int) -> None:
    """The batch's records written as they come; a reader gone, Ctrl-C or a lost worker ends it at once."""
    from .batch import InputChanged, WorkerLost
    from .output import writer

    _in_blocks(sys.stdout)
    try:
        # this command drives the loop, the writer takes each record: output never calls back up into cli
        put, close = writer(fmt, kind, sys.stdout, glyphs=glyphs, errors_apart=True, header=header,
                            width=_fit_width())
        for rec in source:
            failed = put(rec)
            if failed is not None:  # a table's failed line: reported on standard error, not written
                on_error(failed)
        close()
        sys.stdout.flush()  # a write error (disk full) shows here, not after exit
    except BrokenPipeError:  # `| head`: the reader has gone; end quietly (click would exit 1)
        _quiet_stdout()
        if jobs != 1:
            _end_now(EXIT_OK)
        raise SystemExit(EXIT_OK) from None
    except KeyboardInterrupt:
        if jobs != 1:
            click.echo("interrupted", err=True)
            _end_now(EXIT_INTERRUPTED)
        raise
    except (WorkerLost, InputChanged) as exc:  # a worker was killed, or the file rewritten: end now, one line
        click.echo(f"error: {exc.strerror}", err=True)
        _end_now(EXIT_USAGE)
    finally:
        source.close()  # --jobs: the workers stop now, whatever ended the batch


def _in_blocks(stream) -> None:
    """A batch's answers written in blocks, not a write a line, when standard output is unbuffered
    (``python -u``, ``PYTHONUNBUFFERED``, as many container images set) and not a terminal: what has been
    answered is still written whenever the input would keep us waiting (:func:`mjcli.lines.read_lines`) and at
    the end, so a coprocess gets each answer before it sends the next hand (speed, issue 15)."""
    try:
        if stream.write_through and not stream.isatty():
            stream.reconfigure(write_through=False)
    except (AttributeError, ValueError, OSError):  # not a real text stream (a test runner's), or closed
        pass


def _end_now(code: int) -> None:
    """End a --jobs batch that stops early (`| head`, Ctrl-C) at once: the workers are killed and the process
    exits without the pool's shutdown handshake, which can block for ever on a pipe full of answers that
    nobody will read."""
    import multiprocessing

    for child in multiprocessing.active_children():
        child.kill()
    try:
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    os._exit(code)


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
@click.option("--color", "--colour", "color", type=_AsciiChoice(["auto", "always", "never"]), default="auto",
              show_default=True, help="Colour (the chart of settle --ledger --chart is the one coloured output): "
                                      "auto on a terminal unless $NO_COLOR is set; never writes no escape at all.")
def cli(color):
    """Price mahjong hands (Hong Kong, Singapore, Malaysian 3 Kaki, Taiwanese, Chinese Official) and Paohuzi hands.

    \b
    mjcli score '123m 456m 789m 234p 55s zimo'
    mjcli wait  '123m 456m 789m 23p EE'
    mjcli settle --winner E --from S --value 5
    mjcli rules hk
    mjcli help notation
    """
    from .i18n import use

    click.get_current_context().call_on_close(lambda: use("en"))  # --lang lasts one command (tests run many)


@cli.command(epilog=EPILOG, short_help="Score hands: patterns, total, verdicts, payment.")
@click.argument("hands", nargs=-1)
@variant_options
@format_option
@glyphs_option
@click.option("--all", "all_readings", is_flag=True, help="Show every reading of the hand, best first.")
@progress_option
@header_option
@jobs_option
@context_options
@click.option("--ladder", default=None, metavar="NAME", shell_complete=_complete_ladder,
              help="Show the payment with this payment preset, as settle pays it.")
@click.option("--stake", type=_Decimal(), default=None, metavar="DECIMAL",
              help="Show the payment in money: this much per unit.")
@input_options
@lang_option
def score(hands, variant, rules_file, fmt, glyphs, all_readings, progress, no_header, jobs, ladder, stake, lang,
          **kw):
    """Score HANDS (or one hand per line on standard input): every pattern, the total, verdicts, payment.

    A hand need not be quoted: unless every argument alone is a whole hand, the arguments are one hand.
    Unquoted, write a shown meld +123p, an added kong ++5555p, a concealed kong _5555p and the bonus bar ':'.

    \b
    mjcli score 123m 456m 99s +EEE _SSSS @9s : f1
    mjcli score examples/hk.txt -o answers.txt
    mjcli score -v sg 123m 456m 789m 234p 55s @4p --format json

    With no HAND on a terminal, type hands one a line; Ctrl-D ends. `-` (or a pipe) reads one hand per line
    from standard input until its end (Ctrl-D on a terminal); -i FILE, or a lone FILE argument with a '/' or
    ending in .txt or .jsonl, reads a file of hands. In the table, x is how many times a pattern counts when
    more than once (two dragon pungs: dragon_set, x 2)."""
    header = _header(fmt, no_header)
    how: dict = {}
    v = _variant(variant, rules_file, how=how)
    ov = _overrides(kw)
    ladder, stake = _table_setting("ladder", ladder), _table_setting("stake", stake)
    _speak(lang, v)
    v, pay = _priced(v, ladder, stake)
    from .api import score_answer

    chosen = how["rules"] or how["variant"]  # a --jobs worker that is not forked loads the same variant
    _run_batch(hands, fmt, "score", glyphs, score_answer(v, ov, all_readings), progress,
               _whole(v, "score"), header, jobs,
               ("score", chosen.value, None, ov, all_readings, fmt, "score", pay), v)


@cli.command(epilog=EPILOG, short_help="What completes a ready hand, and what each win is worth.")
@click.argument("hands", nargs=-1)
@variant_options
@format_option
@glyphs_option
@progress_option
@header_option
@jobs_option
@click.option("--seen", metavar="TILES", default=None,
              help="Tiles seen elsewhere (discards, others' melds), in the hand notation ('1m 1m 55p E'): "
                   "left out of every unseen count.")
@click.option("--look-ahead", "look_ahead", type=click.IntRange(0, 8), default=None, metavar="N",
              help="Search the routes to a win for hands at most N tiles from ready (default 1; 0: never).")
@click.option("--reach-minimum", "reach_minimum", is_flag=True,
              help="Keep only the helpful tiles and discards whose routes reach the minimum (see --look-ahead).")
@context_options
@click.option("--ladder", default=None, metavar="NAME", shell_complete=_complete_ladder,
              help="Show the payment of a hand that already wins with this payment preset, as settle pays it.")
@click.option("--stake", type=_Decimal(), default=None, metavar="DECIMAL",
              help="Show the payment of a hand that already wins in money: this much per unit.")
@input_options
@lang_option
def wait(hands, variant, rules_file, fmt, glyphs, progress, no_header, jobs, lang, seen, look_ahead, reach_minimum,
         ladder, stake, **kw):
    """List the tiles that complete each ready HAND, how many are left, and what each win is worth.

    A HAND of 13 tiles: what completes it. Of 14 (one just drawn): what each discard leaves, and
    its score first when it already wins. A hand that is not ready gets its shanten (how many tiles
    from ready) and the tiles that bring it closer. A hand need not be quoted: unless every argument alone is a
    whole hand, the arguments are one hand. Unquoted, write a shown meld +123p, an added kong ++5555p, a
    concealed kong _5555p and the bonus bar ':'.

    \b
    mjcli wait 123m 456m 789m 23p EE
    mjcli wait 123m 456m 789m 23p EE 5s
    mjcli wait -v paohuzi x1x2x3 x4x5x6 x7x8x9 d1d2d3 d2d7d10 d5d5d5 x10 d10

    With no HAND on a terminal, type hands one a line; Ctrl-D ends. `-` (or a pipe) reads one hand per line
    from standard input until its end (Ctrl-D on a terminal); -i FILE, or a lone FILE argument with a '/' or
    ending in .txt or .jsonl, reads a file of hands."""
    if kw.get("win") is not None:
        raise Fail("wait tries every tile as the winning one; leave out --win "
                   "(`mjcli score HAND --win T` prices one win)")
    if kw.get("self_drawn"):
        raise Fail("wait gives both values, on a discard and self-drawn; leave out --self-drawn "
                   "(--last-tile and the other self-drawn words keep the self-drawn column only)")
    header = _header(fmt, no_header)
    how: dict = {}
    v = _variant(variant, rules_file, how=how)
    ov = _overrides(kw)
    _speak(lang, v)
    v, pay = _priced(v, _table_setting("ladder", ladder), _table_setting("stake", stake))
    ov.update((k, x) for k, x in (("seen", seen), ("look_ahead", look_ahead), ("reach_minimum", reach_minimum))
              if x is not None and x is not False)
    from .api import wait_answer

    try:
        answer = wait_answer(v, ov)  # reads --seen
    except MjError as exc:
        raise Fail(exc.message) from None
    chosen = how["rules"] or how["variant"]
    _run_batch(hands, fmt, "wait", glyphs, answer, progress, _whole(v, "wait"),
               header, jobs, ("wait", chosen.value, None, ov, False, fmt, "wait", pay), v)


def _priced(v, ladder, stake) -> tuple:
    """(the variant whose payment is what settle pays with this ladder and stake, (ladder, stake) for the
    --jobs workers); the variant as it is and None when neither is given (score and wait --ladder/--stake)."""
    if ladder is None and stake is None:
        return v, None
    from .payments import priced

    try:
        return priced(v, ladder, stake), (ladder, stake)
    except MjError as exc:
        raise Fail(exc.message) from None


def _whole(v, command: str):
    """Whether one argument alone is a complete hand of the variant's game for ``command``."""
    from .registry import game_kind

    game = game_kind(v.game)
    return lambda text: game.whole_hand(text, v, command)


@cli.command(epilog=EPILOG, short_help="Turn a result into payments and the net per seat.")
@variant_options
@(lambda fn: format_option(fn, ("svg",)))
@click.option("--winner", metavar="SEAT", type=SEAT, default=None, shell_complete=_complete_seat,
              help="The winner's seat (leave out for a drawn hand).")
@click.option("--from", "shooter", metavar="SEAT", type=SEAT, default=None, shell_complete=_complete_seat,
              help="The shooter; leave out for a self-drawn win.")
@click.option("--value", type=_Whole(), default=None, help="The hand's value in the variant's unit.")
@click.option("--hand", default=None, help="The winning hand; it is scored to get the value.")
@click.option("--bao", metavar="SEAT", type=SEAT, default=None, shell_complete=_complete_seat,
              help="The player liable under the bao/baau rule.")
@click.option("--robbed-kong", is_flag=True, help="The --from seat's kong was robbed.")
@click.option("--kong", "kongs", multiple=True, metavar="SEAT:KIND[:FROM]",
              help="A kong made this hand: KIND concealed, claimed or added (repeatable).")
@click.option("--bonus", "bonus", multiple=True, metavar="SEAT=TOKENS",
              help='A player\'s bonus tiles, e.g. "S=f2 s2 cat" (repeatable).')
@click.option("--dealt", multiple=True, metavar="SEAT:FAMILY", cls=_DeclaredHelp, declared=lambda: (
    "Held from the deal: " + ", or ".join(_registry().dealt_help()) + " (repeatable)."))
@click.option("--fei", multiple=True, metavar="SEAT=N", help="Fei held by a player at the end (my3, repeatable).")
@click.option("--flowers", type=_Whole(), default=None, metavar="N",
              help="How many flowers and seasons of --value are the winner's (mcr: they are paid but do not count "
                   "toward the minimum).")
@click.option("--ladder", default=None, metavar="NAME", shell_complete=_complete_ladder,
              help="A payment preset, e.g. half_spicy (docs/house-rules.md lists them under \"Payment "
                   "presets\"; Tab completes them).")
@click.option("--stake", type=_Decimal(), default=None, metavar="DECIMAL",
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
@header_option
@click.option("--input", "-i", "input_file", metavar="FILE", default=None,
              help="The ledger to settle, as --ledger FILE ('-' for standard input).")
@output_option
@lang_option
def settle(variant, rules_file, fmt, winner, shooter, value, hand, bao, robbed_kong, kongs, bonus, dealt, fei,
           flowers, ladder, stake, ledger, progress, chart, players, no_header, lang, input_file):
    """Turn a result into payments: who pays whom and why, and the net per seat.

    \b
    mjcli settle --winner E --from S --value 5
    mjcli settle -v my3 --winner E --value 6 --kong S:concealed --fei E=1
    mjcli settle -i examples/ledger-players.jsonl -o answers.txt

    A session's hands are a ledger, one JSON line a hand: --ledger FILE or -i FILE reads it (--chart draws
    the running totals); -o FILE writes the answers to FILE instead of standard output."""
    header = _header(fmt, no_header)
    if input_file is not None:
        if ledger is not None:
            raise Fail(f"give the ledger one way: -i {input_file} or --ledger FILE, not both")
        try:
            ledger = sys.stdin.buffer if input_file == "-" else open(input_file, "rb")
        except OSError as exc:
            raise Fail(f"{input_file}: {exc.strerror or exc}; -i names a ledger, a JSON-lines file of hands") from None
        if input_file != "-":
            click.get_current_context().call_on_close(ledger.close)
    ledger, table = _ledger_header(ledger)
    v = _variant(variant, rules_file, *table)
    ladder, stake = _table_setting("ladder", ladder, *table), _table_setting("stake", stake, *table)
    _speak(_table_setting("lang", lang, *table), v)
    from .output import emit

    if players is not None and ledger is None:
        raise Fail("--players names the players of a ledger; use it with --ledger FILE")
    if ledger is not None:
        from .ledger import parse_players_option, run_ledger

        if any((winner, shooter, value is not None, hand, bao, robbed_kong, kongs, bonus, dealt, fei,
                flowers is not None)):
            raise Fail("--ledger reads every hand from the file; leave out --winner, --from, --value, --hand, "
                       "--bao, --robbed-kong, --kong, --bonus, --dealt, --fei, --flowers (--ladder and --stake "
                       "apply to all)")
        try:
            names = parse_players_option(players, v) if players is not None else None
            if chart or fmt == "svg":
                bad = _ledger_chart(v, ledger, fmt, ladder, stake, names, progress)
            else:
                bad = run_ledger(v, ledger, fmt, sys.stdout, ladder=ladder, stake=stake, players=names,
                                 progress=progress, header=header, width=_fit_width())
        except MjError as exc:  # the players (line or option): nothing is settled without them
            raise Fail(exc.message) from None
        if bad:
            raise SystemExit(EXIT_BAD_HAND)
        return
    if chart or fmt == "svg":
        raise Fail("--chart and --format svg draw a session: give it with --ledger FILE")
    opts = dict(winner=winner, shooter=shooter, value=value, hand=hand, bao=bao, robbed_kong=robbed_kong,
                kongs=list(kongs), bonus=list(bonus), dealt=list(dealt), fei=list(fei), ladder=ladder, stake=stake,
                flowers=flowers)
    from .settlement import settle_record

    try:
        rec = settle_record(v, opts)
    except MjError as exc:
        raise Fail(exc.message, EXIT_BAD_HAND if exc.code in ("invalid_hand", "parse_error", "invalid_context", "below_minimum")
                   else EXIT_USAGE) from None
    emit([rec], fmt, "settle", sys.stdout, header=header, width=_fit_width())


def _ledger_header(ledger):
    """(the ledger to read, (the settings its header line names, where they are)): read before the variant
    is chosen."""
    if ledger is None:
        return None, (None, "")
    from .ledger import read_header

    name = getattr(ledger, "name", "-")
    name = "-" if not isinstance(name, str) or name == "<stdin>" else name
    try:
        header, ledger, where = read_header(ledger, name)
    except MjError as exc:
        raise Fail(exc.message) from None
    return ledger, (header, where)


def _ledger_chart(v, ledger, fmt, ladder, stake, names, progress=None) -> int:
    """``settle --ledger FILE --chart``: the running totals drawn (text on the terminal, or SVG)."""
    from .chart import svg_chart, text_chart
    from .ledger import ledger_series

    if fmt not in ("table", "svg"):
        raise Fail(f"--chart draws a picture: use it with --format table (the terminal) or svg, not {fmt}")

    from .safetext import escape_controls, one_line

    def on_error(rec):
        sys.stderr.write(f"error: line {rec['line']}: {escape_controls(one_line(rec['error']['message']))}\n")

    series, bad = ledger_series(v, ledger, ladder=ladder, stake=stake, players=names, on_error=on_error,
                                progress=progress)
    if fmt == "svg":  # a rule file's id: no raw control or U+202E in the picture's title
        sys.stdout.write(svg_chart(series, title=f"mjcli {escape_controls(v.id)} session"))
        return bad
    width = _width()
    from .chart import colour_wanted

    colour = colour_wanted(click.get_current_context().find_root().params.get("color") or "auto", sys.stdout,
                           os.environ)
    sys.stdout.write("\n".join(text_chart(series, width=width, colour=colour)) + "\n")
    return bad


def _width() -> int:
    """The width to fit: $COLUMNS when set, else the terminal's, else 80 (a pipe or a file)."""
    from .output import table_width

    return table_width()


def _fit_width() -> int | None:
    """The width score, wait and settle fit their tables to: $COLUMNS or the terminal's; None (the wide layout as
    it is) when writing to a pipe or a file with no $COLUMNS."""
    if os.environ.get("COLUMNS", "").strip().isdigit() or sys.stdout.isatty():
        return _width()
    return None


@cli.command(epilog=EPILOG, short_help="Print a variant's cheat sheet, or the list of variants.")
@click.argument("variant_ids", nargs=-1, metavar="[VARIANT] [PATTERN]...", shell_complete=_complete_rules_words)
@click.option("--variant", "-v", "variant_opt", metavar="VARIANT", default=None, shell_complete=_complete_variant,
              cls=_DeclaredHelp, declared=lambda: "The variant (as the VARIANT argument): "
                                                  f"{_variant_ids(', ')} or a variant file.")
@click.option("--rules", "rules_file", metavar="FILE", default=None, type=click.Path(),
              help="Show a house-rule file's table.")
@click.option("--long", "long_", is_flag=True, help="Add each pattern's full description and example hand.")
@click.option("--tiles", is_flag=True, help="Print the tile set and the notation of the variant.")
@click.option("--lang", type=_AsciiChoice(list(LANGS)), default=None,
              help="Language of the sheet: its words, pattern names and descriptions where the variant gives them "
                   "(zh: Traditional characters) [default: $MJCLI_LANG, the config file's lang, en].")
@click.option("--check", "check", multiple=True, metavar="FILE", help="Validate rule files; exit 1 on any error.")
@click.option("--patterns", "list_patterns", is_flag=True, help="List the registered pattern ids.")
@click.option("--format", "-f", "fmt", type=_AsciiChoice(["table", "json", "jsonl", "csv", "markdown", "html"]),
              default="table", show_default=True,
              help="Output format: table fits the terminal width ($COLUMNS, 80 when not a terminal); "
                   "markdown and html make a cheat sheet to print.")
@glyphs_option
def rules(variant_ids, variant_opt, rules_file, long_, tiles, lang, check, list_patterns, fmt, glyphs):
    """Print a variant's cheat sheet: its hands, values and payments (with no VARIANT, the list of variants).

    PATTERNs after the VARIANT (or after -v VARIANT) print only those patterns, in full: each an id, any of
    its names in any language (any case, accents or not), or a word of one (`mjcli rules hk dragons`).
    `mjcli rules --check FILE...` validates house-rule files instead.

    \b
    mjcli rules hk
    mjcli rules hk dragons
    mjcli rules -v paohuzi --lang zh
    """
    from . import rulesview

    from .safetext import EscapingWriter

    lang = _table_setting("lang", lang)
    _speak(lang)

    out = sys.stdout if fmt in ("json", "jsonl") else EscapingWriter(sys.stdout)  # a rule file's id or name: no raw ESC
    if check:  # --check A B C: the words after the first file are files too
        ok = rulesview.check_files(check + variant_ids, out)
        raise SystemExit(EXIT_OK if ok else EXIT_BAD_HAND)
    if list_patterns:
        rulesview.print_registry(out)
        return
    if variant_opt is not None:
        if variant_ids and variant_ids[0] == variant_opt:
            variant_ids = variant_ids[1:]
        variant_ids = (variant_opt, *variant_ids)
    variant_id = variant_ids[0] if variant_ids else None
    only = list(variant_ids[1:])
    width = _width()
    if tiles:
        if fmt != "table":
            raise Fail(f"--tiles prints text; leave out --format {fmt}")
        rulesview.print_tiles(_variant(variant_id, rules_file), out, width=width, glyphs=glyphs)
        return
    if variant_id is None and rules_file is None and not long_:  # --long: the default table's, as --tiles
        rulesview.print_variant_list(out, fmt, width)
        return
    v = _variant(variant_id, rules_file)
    _speak(lang, v)  # the table's own words (its wording)
    if only:
        only = _check_pattern_ids(v, only, variant_opt)
        rulesview.print_table(v, out, lang=lang, fmt=fmt, width=width, long=True, glyphs=glyphs, only=only)
        return
    rulesview.print_table(v, out, lang=lang, fmt=fmt, width=width, long=long_, glyphs=glyphs)


@cli.command("config", epilog=EPILOG, short_help="The table's settings in effect, and where each comes from.")
@variant_options
@click.option("--ladder", default=None, metavar="NAME", shell_complete=_complete_ladder, help="A payment preset.")
@click.option("--stake", type=_Decimal(), default=None, metavar="DECIMAL", help="Money per unit.")
@click.option("--lang", default=None, metavar="LANG", help="en, ms, ta, zh or th.")
@click.option("--ledger", type=click.File("rb"), default=None, metavar="FILE",
              help="Read this ledger's header line too, as settle --ledger would.")
@click.option("--format", "-f", "fmt", type=_AsciiChoice(["table", "json"]), default="table", show_default=True,
              help="Output format.")
def config_cmd(variant, rules_file, ladder, stake, lang, ledger, fmt):
    """Show the config file read and each setting in effect with its source: option, ledger header,
    environment (MJCLI_VARIANT, MJCLI_RULES, MJCLI_LADDER, MJCLI_STAKE, MJCLI_LANG, MJCLI_HISTORY), config
    file, or default. The config file is $MJCLI_CONFIG (empty: none), else $XDG_CONFIG_HOME/mjcli/config.yaml,
    else ~/.config/mjcli/config.yaml.

    \b
    mjcli config
    mjcli config -f json
    mjcli config --ledger examples/ledger-players.jsonl"""
    from .config import load_config, setting

    try:
        cfg = load_config()
    except MjError as exc:
        raise Fail(exc.message) from None
    _, (header, where) = _ledger_header(ledger)
    how: dict = {}
    _variant(variant, rules_file, header, where, how=how)
    if lang is not None and _ascii_lower(lang) not in LANGS:
        raise Fail(f"--lang {lang!r}: write one of {', '.join(LANGS)}")
    values = {"variant": how["variant"], "rules": how["rules"]}
    try:
        for key, opt in (("ladder", ladder), ("stake", stake), ("lang", lang and _ascii_lower(lang)),
                         ("history", None)):
            if key == "stake" and opt is not None:
                from .money import stake as money_stake

                opt = money_stake(opt, "--stake")
            values[key] = setting(key, opt, header if key in ("ladder", "stake") else None, where)
    except MjError as exc:
        raise Fail(exc.message) from None
    from .config import Value

    rows = {k: (v if v is not None else Value(None, "default")) for k, v in values.items()}
    if fmt == "json":
        from .output import dumps

        click.echo(dumps({"file": cfg.path, "file_note": cfg.why,
                          "settings": {k: {"value": v.value, "source": v.source, "where": v.where or None}
                                       for k, v in rows.items()}}))
        return
    from .money import text as money_text

    click.echo(f"config file: {cfg.path or 'none'} ({cfg.why})")
    for k, v in rows.items():
        shown = "-" if v.value is None else money_text(v.value) if k == "stake" else str(v.value)
        src = v.source + (f" ({v.where})" if v.where and v.source != "option" else "")
        click.echo(f"{k:<8} {shown:<20} {src}")


@cli.command(epilog=EPILOG, short_help="The JSON Schema of a record kind, or the list of kinds.")
@click.argument("kind", required=False, metavar="[KIND]")
def schema(kind):
    """Print the JSON Schema of a record kind (score, wait, discards, settle, ledger, rules, variants, pattern,
    huxi_group).

    With no KIND, list the kinds. Every json/jsonl record names its kind in
    "schema", e.g. "mjcli/score/1".

    \b
    mjcli schema
    mjcli schema score
    """
    from . import contract

    if kind is None:
        for k in contract.KINDS:
            click.echo(f"{k:<11} {contract.schema_id(k):<19} {contract.DESCRIPTIONS[k]}")
        return
    if kind not in contract.KINDS:
        raise Fail(f"unknown record kind {kind!r}; kinds are {', '.join(contract.KINDS)} (`mjcli schema` lists them)")
    click.echo(contract.schema_text(kind), nl=False)


def _check_pattern_ids(v, words, variant_opt) -> list[str]:
    """The pattern ids the words after the variant name: each an id, a name or a word of one (issue 27), or the
    words together a name (``rules hk Siu Sam Yuen``)."""
    from .lookup import find, nearest
    from .variant import builtin_ids

    ids = [p.id for p in v.patterns]
    if len(words) > 1 and not all(w in ids for w in words):
        whole = find(v, " ".join(words))
        if whole:
            return whole
    found: list[str] = []
    for w in words:
        if w in ids:
            found.append(w)
            continue
        if w in builtin_ids() or w.endswith((".yaml", ".yml")):
            given = f"-v {variant_opt} and {w}" if variant_opt else f"{v.id} {w}"
            raise Fail(f"one VARIANT at a time, got {given}; to check rule files use --check FILE...")
        if not ids:
            raise Fail(f"{v.id} has no pattern ids; `mjcli rules {v.id}` prints its whole table")
        hits = find(v, w)
        if not hits:
            close = nearest(v, w)
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            raise Fail(f"no pattern {w!r} in {v.id}{hint}; `mjcli rules {v.id}` lists its pattern ids "
                       "(a pattern is found by its id, a name or a word of one)")
        found.extend(hits)
    return list(dict.fromkeys(found))


@cli.command(epilog=EPILOG, short_help="Print the shell completion script (bash, zsh or fish).")
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
def completion(shell):
    """Print the shell completion script for SHELL: commands, options, variants, formats, seats,
    ladders, languages and pattern ids complete on Tab.

    \b
    bash: eval "$(mjcli completion bash)"   in ~/.bashrc
    zsh:  eval "$(mjcli completion zsh)"    in ~/.zshrc, after compinit
    fish: mjcli completion fish > ~/.config/fish/completions/mjcli.fish
    """
    from .completion import script

    click.echo(script(cli, shell), nl=False)


@cli.command("help", epilog=EPILOG, short_help="Print a guide offline: notation, variants, errors, config.")
@click.argument("topic", required=False, metavar="[TOPIC|COMMAND]")
def help_(topic):
    """Print a guide shipped with mjcli, offline: notation (typing a hand), variants (the rules of
    each built-in variant), errors (exit codes and bad input) or config (the config file). A COMMAND prints its
    help; no TOPIC lists the topics.

    \b
    mjcli help notation
    mjcli help variants
    mjcli help score
    """
    from .guides import SUMMARY, TOPICS, guide_text

    if topic is None:
        for name in TOPICS:
            click.echo(f"{name:<9} {SUMMARY[name]}")
        return
    name = _ascii_lower(topic)
    if name in TOPICS:
        click.echo(guide_text(name), nl=False)
        return
    command = cli.get_command(click.get_current_context(), name)
    if command is None:
        raise Fail(f"no guide or command {topic!r}; topics are {', '.join(TOPICS)} (`mjcli help` lists them), "
                   f"commands {', '.join(c for c in cli.list_commands(click.get_current_context()) if c != 'help')}")
    root = click.get_current_context().find_root()
    with click.Context(command, info_name=name, parent=root) as sub:
        click.echo(command.get_help(sub))


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
