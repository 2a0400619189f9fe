"""A fixed set of ``--jobs`` worker processes that cannot outlive the process that started them.

No worker is ever replaced: one that dies ends the batch (:class:`Crew` says so, the caller stops). Each
worker is joined to its parent by a pipe whose parent end only the parent holds (a forked worker closes the
parent ends it inherited first thing); a thread in the worker reads its tasks from that pipe, and when the
parent is gone, however it ended, the read sees the end of the pipe and the worker exits at once, whatever its
main thread waits on. Where the system has it (Linux), the worker also asks the kernel to kill it when its
parent dies (``PR_SET_PDEATHSIG``), then checks that its parent is still the process that started it (the
parent may have died before the request was made). A worker leaves Ctrl-C to its parent and ends without a
traceback on a closed pipe or an interrupt.
"""

from __future__ import annotations

import os
import signal
import sys

_PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """Ask the kernel to kill this process when its parent dies (Linux; elsewhere the pipe alone does it)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError, ValueError):
        pass


def _listen(conn, tasks) -> None:
    """The worker's tasks from its pipe into ``tasks``; the end of the pipe (the parent closed it, or died) ends
    the process."""
    try:
        while True:
            tasks.put(conn.recv())
    except BaseException:  # EOFError, OSError: the parent is gone or done
        pass
    os._exit(0)


def _run(parent: int, inherited, conn, target, args) -> None:
    """A worker's life: the guards against outliving ``parent``, then ``target(conn, tasks, *args)``."""
    _die_with_parent()
    if os.getppid() != parent:  # the parent died before the request above: nobody is left to kill us
        os._exit(0)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for c in inherited:  # the parent's ends of the pipes (forked): only the parent may hold them
        c.close()
    import queue
    import threading

    tasks = queue.SimpleQueue()
    threading.Thread(target=_listen, args=(conn, tasks), name="mjcli-tasks", daemon=True).start()
    try:
        target(conn, tasks, *args)
    except (BrokenPipeError, KeyboardInterrupt, EOFError):
        os._exit(0)
    except BaseException:  # an error nobody can be told of: the parent sees the worker lost
        os._exit(1)
    try:
        sys.stdout.flush()
    except BaseException:
        pass
    os._exit(0)


class Crew:
    """``n`` worker processes of context ``ctx``, worker ``w`` running ``target(conn, tasks, *args_of(w))``: it
    takes its tasks from ``tasks`` (what the parent sends on its pipe) and answers on ``conn``."""

    def __init__(self, ctx, n: int, target, args_of) -> None:
        self.ctx, self.target, self.args_of = ctx, target, args_of
        self.parent = os.getpid()
        self.conns = []
        self.procs = []
        try:
            for _ in range(n):
                self.add()
        except BaseException:
            self.stop()
            raise

    def add(self) -> None:
        """Start one more worker (Ctrl-C held off meanwhile: the worker must not see it before it ignores it)."""
        old = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            mine, theirs = self.ctx.Pipe()
            self.conns.append(mine)
            inherited = list(self.conns) if self.ctx.get_start_method() == "fork" else []
            args = (self.parent, inherited, theirs, self.target, self.args_of(len(self.procs)))
            p = self.ctx.Process(target=_run, args=args, daemon=True)
            try:
                p.start()
            finally:
                theirs.close()
            self.procs.append(p)
        finally:
            signal.signal(signal.SIGINT, old)

    def lost(self) -> bool:
        """True when a worker has ended (it may only end when the parent closes its pipe)."""
        return any(p.exitcode is not None for p in self.procs)

    def stop(self, kill: bool = True) -> list:
        """End the workers (killed, or told by the end of their pipes) and wait for them; their exit codes."""
        if kill:
            for p in self.procs:
                if p.exitcode is None:
                    p.kill()
        for c in self.conns:
            c.close()
        for p in self.procs:
            p.join()
        return [p.exitcode for p in self.procs]
