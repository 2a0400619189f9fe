"""The console entry point, kept tiny: Ctrl-C is taken before anything heavy is imported.

Until the command line is loaded, a Ctrl-C ends mjcli at once with exit 130 and the usual note, never a
traceback; from then on the command line handles it (:func:`mjcli.cli.main`).
"""

import os
import signal


def _interrupted(signum, frame):
    try:
        os.write(2, b"interrupted\n")
    except OSError:
        pass
    os._exit(130)


def main(argv=None) -> None:
    signal.signal(signal.SIGINT, _interrupted)
    if hasattr(signal, "pthread_sigmask"):  # a Ctrl-C held back by whoever started us comes in now, handled
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    from .cli import main as run

    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)  # from here a KeyboardInterrupt, handled by run
        run(argv)
    except KeyboardInterrupt:  # it landed before run's own handling began
        _interrupted(signal.SIGINT, None)
