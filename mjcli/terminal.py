"""What a shell and a terminal do to a hand (issue 27): hands typed at a prompt, and the hints for a hand the shell
has changed before mjcli saw it.

- :func:`prompt_lines`: ``mjcli score`` / ``mjcli wait`` with no hand on a terminal read hands one a line, with
  line editing (readline where Python has it; the history is kept in memory unless the config names a history file), until Ctrl-D.
- :func:`shell_hint`: an unquoted ``[123p]`` is a glob (bash turns it into ``1`` when a file of that name is
  there; zsh refuses it), ``(SSSS)`` a subshell or a command, ``|`` a pipe. The shell-safe spellings
  (``+123p`` ``++5555p`` ``_5555p``, and ``:`` for the bar) need no quotes; an error on a hand that shows such a
  change says so.
- :func:`pipe_reader_gone`: ``mjcli score 123m ... | f1`` pipes mjcli into a command ``f1``, which does not
  exist: standard output is a pipe that nobody reads.
"""

from __future__ import annotations

import os
import sys
from typing import Iterator

from .errors import MjError

PROMPT = "hand> "


def is_terminal(stream) -> bool:
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def prompt_lines(command: str = "mjcli score", stdin=None, stdout=None, stderr=None
                 ) -> Iterator[tuple[int, str | MjError]]:
    """``(number, hand text or MjError)`` for each hand typed at the terminal, until Ctrl-D (end of input).

    A line is read as :func:`mjcli.lines.line_item` reads one (blank lines and ``#`` comments skipped). When
    standard output is the terminal too, the prompt and the line editing are readline's (``input``); otherwise
    (the answers go to a file or a pipe) the prompt goes to standard error and the line is read as typed."""
    from .lines import line_item

    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    editing = is_terminal(stdout) and stdin is sys.stdin and stdout is sys.stdout
    history = None
    if editing:
        try:
            import readline  # noqa: F401  (input() edits the line and keeps a history, in memory only)
        except ImportError:  # a Python built without it: the terminal's own line editing
            readline = None
        if readline is not None:
            history = _history_file(readline)
    stderr.write(f"Type a hand and press Enter, one a line; Ctrl-D ends. ({command} -h shows the notation)\n")
    stderr.flush()
    n = 0
    while True:
        try:
            if editing:
                line = input(PROMPT)
            else:
                stderr.write(PROMPT)
                stderr.flush()
                line = stdin.readline()
                if not line:
                    raise EOFError
        except EOFError:
            if editing:
                stdout.write("\n")  # Ctrl-D leaves the cursor after the prompt
            if history is not None:
                _save_history(history)
            return
        n += 1
        item = line_item(n, line)
        if item is not None:
            yield n, item


def _history_file(readline):
    """The prompt's history file when the config names one (``history:``, or ``$MJCLI_HISTORY``), its lines
    read into readline's history; else None (the history stays in memory)."""
    from .config import setting

    try:
        path = setting("history").value
    except Exception:  # noqa: BLE001  (a bad config was reported when the variant was chosen)
        return None
    if not path:
        return None
    try:
        readline.read_history_file(path)
    except FileNotFoundError:
        pass
    except OSError as exc:
        sys.stderr.write(f"note: history file {path}: {exc.strerror or exc}; the history is kept in memory\n")
        return None
    return (readline, path)


def _save_history(history) -> None:
    readline, path = history
    try:
        readline.set_history_length(1000)
        readline.write_history_file(path)
    except OSError as exc:
        sys.stderr.write(f"note: history file {path}: {exc.strerror or exc}; not saved\n")


def _mangled(words: tuple[str, ...]) -> str | None:
    """The argument that shows the shell changed the hand, or None: a lone digit where a meld was (``[123p]``
    matched a file named ``1``; no hand has a digit alone)."""
    for w in words:
        if len(w) == 1 and w in "123456789":
            return w
    return None


def shell_hint(message: str, words: tuple[str, ...], how: str) -> str:
    """``message`` with a hint when an argument of the hand shows the shell changed it, else as it is; ``how``:
    how the game's hands are written unquoted (its :attr:`mjcli.registry.Game.shell_safe`)."""
    lone = _mangled(words)
    if lone is None:
        return message
    return (f"{message}; the shell may have changed the hand (the lone {lone!r}: an unquoted [...] is a pattern that "
            f"matches a file of that name): {how}, or quote the hand")


def pipe_reader_gone(stream=None) -> bool:
    """True when ``stream`` (standard output) is a pipe whose reader has already ended."""
    import stat

    stream = sys.stdout if stream is None else stream
    try:
        import select

        fd = stream.fileno()
        if not stat.S_ISFIFO(os.fstat(fd).st_mode):
            return False
        poller = select.poll()
        poller.register(fd, select.POLLOUT)
        return any(ev & (select.POLLERR | select.POLLHUP) for _, ev in poller.poll(0))
    except (AttributeError, ImportError, OSError, ValueError):  # no poll (Windows), or not a real stream
        return False


def pipe_message(bar: str) -> str:
    """What to say when the shell piped mjcli into a bonus tile; ``bar``: the game's word on the bar
    (its :attr:`mjcli.registry.Game.pipe_bar`)."""
    return ("standard output is a pipe that nobody reads: an unquoted '|' in a hand makes the shell pipe mjcli into "
            f"a command named after the bonus tile; {bar}, or quote the hand")
