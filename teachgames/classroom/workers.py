"""``teachgames class serve --workers N``: N processes answering on one socket.

The parent binds the address once, then forks the workers; each opens its own
connections to the database and runs uvicorn on the shared socket (the kernel hands
each new connection to one of them). Everything a pupil or the teacher sees lives in
PostgreSQL and the workers wake each other's long polls through it
(:mod:`teachgames.classroom.bus`), so which worker answers makes no difference. A
worker that dies (a crash, ``kill -9``) is replaced; SIGTERM or Ctrl-C stops them all.

POSIX only (``fork``): the teacher's key, settings and the session opened by the
command are the parent's, inherited whole by every worker.
"""

from __future__ import annotations

import os
import signal
import socket
import sys
import time
from collections.abc import Callable
from typing import Any

#: Seconds a worker that died is left before another takes its place: a worker that
#: cannot start (the database down) is not restarted in a tight loop.
RESPAWN_PAUSE = 0.5


def bind(host: str, port: int) -> socket.socket:
    """The listening socket every worker accepts on."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def run_worker(make_app: Callable[[], Any], sock: socket.socket) -> None:
    """One worker: its own app (and database connections) on the shared socket."""
    import uvicorn

    config = uvicorn.Config(make_app(), log_level="warning", timeout_graceful_shutdown=1, proxy_headers=False)
    uvicorn.Server(config).run(sockets=[sock])


def serve(make_app: Callable[[], Any], host: str, port: int, workers: int) -> int:
    """Run ``workers`` processes on ``host:port`` until SIGTERM or SIGINT; 0 when stopped."""
    if not hasattr(os, "fork"):
        raise OSError("--workers needs a system with fork (Linux, macOS); run one worker here")
    sock = bind(host, port)
    children: set[int] = set()
    stopping = False

    def spawn() -> None:
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:  # the worker
            code = 0
            try:
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                run_worker(make_app, sock)
            except BaseException:  # a worker never returns into the parent's code
                import traceback

                traceback.print_exc()
                code = 1
            finally:
                os._exit(code)
        children.add(pid)

    def stop(signum: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True
        for pid in list(children):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                children.discard(pid)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for _ in range(workers):
        spawn()
    while children:
        try:
            pid, _status = os.wait()
        except ChildProcessError:
            break
        children.discard(pid)
        if not stopping:
            print(f"class server: worker {pid} stopped; starting another", file=sys.stderr, flush=True)
            time.sleep(RESPAWN_PAUSE)
            if not stopping:
                spawn()
    sock.close()
    return 0
