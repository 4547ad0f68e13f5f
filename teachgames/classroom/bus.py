"""Wake-ups of the class server's long polls, shared by every process that serves a class.

What a pupil's or the dashboard's long poll waits for is kept in the database (pacing,
pause, what is shown to the class, the session's ``version`` and ``board_version``); a
bus only says *when to look again*. A poll takes a :meth:`Bus.mark` before it reads the
database and waits from that mark, so a change committed between the read and the wait
still wakes it.

* :class:`LocalBus` (SQLite, one process): asyncio events in this process.
* :class:`PostgresBus` (PostgreSQL): the same events, woken by ``LISTEN``/``NOTIFY`` on
  one channel, so ``teachgames class serve --workers 4`` or two servers on one database
  behave as one. Each process keeps one listening connection in a thread (it outlives
  any one event loop, and a lost connection is opened again; while it was down every
  poll is woken once, since a notification may have been missed). A change is
  announced after its transaction commits; a process killed between the two leaves
  the polls to find the change when their wait ends (at most the long poll's 20 s).

A notification's payload is ``<session id>:<what>``: ``p`` the teacher's controls (the
pupils' pacing polls and the board wake), ``b`` the board alone (answers, joins).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections import defaultdict
from typing import Any

#: The PostgreSQL channel every class server process listens on.
CHANNEL = "teachgames_class"
#: Seconds between tries to open the listening connection again (growing to the last).
RECONNECT = (0.2, 0.5, 1.0, 2.0, 5.0)

PACING = "p"
BOARD = "b"

log = logging.getLogger(__name__)


class Wakeups:
    """Change counters per (session, kind) and the polls waiting on them, woken from any
    thread or event loop."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: defaultdict[tuple[int, str], int] = defaultdict(int)
        self._waiters: defaultdict[tuple[int, str], set[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = (
            defaultdict(set)
        )

    def mark(self, session_id: int, kind: str) -> int:
        with self._lock:
            return self._counts[(session_id, kind)]

    def wake(self, session_id: int, kind: str) -> None:
        """Wake the polls of ``kind`` (a pacing change wakes the board's too)."""
        kinds = (PACING, BOARD) if kind == PACING else (kind,)
        with self._lock:
            woken: list[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = []
            for k in kinds:
                self._counts[(session_id, k)] += 1
                woken.extend(self._waiters.pop((session_id, k), ()))
        self._set(woken)

    def wake_all(self) -> None:
        with self._lock:
            for key in list(self._counts):
                self._counts[key] += 1
            woken = [w for waiters in self._waiters.values() for w in waiters]
            self._waiters.clear()
        self._set(woken)

    @staticmethod
    def _set(woken: list[tuple[asyncio.AbstractEventLoop, asyncio.Event]]) -> None:
        for loop, event in woken:
            with contextlib.suppress(RuntimeError):  # that poll's loop has closed
                loop.call_soon_threadsafe(event.set)

    async def wait(self, session_id: int, kind: str, mark: int, timeout: float) -> bool:
        """Wait until a change after ``mark`` (True) or ``timeout`` seconds (False)."""
        key = (session_id, kind)
        waiter = (asyncio.get_running_loop(), asyncio.Event())
        with self._lock:
            if self._counts[key] != mark:
                return True
            self._waiters[key].add(waiter)
        try:
            await asyncio.wait_for(waiter[1].wait(), timeout)
            return True
        except asyncio.TimeoutError:
            return False
        finally:
            with self._lock:
                waiters = self._waiters.get(key)
                if waiters is not None:
                    waiters.discard(waiter)
                    if not waiters:
                        del self._waiters[key]


class Bus:
    """Announce a change of a session; wait for one. This process only (SQLite)."""

    shared = False

    def __init__(self) -> None:
        self.wakeups = Wakeups()

    async def mark(self, session_id: int, kind: str) -> int:
        return self.wakeups.mark(session_id, kind)

    async def wait(self, session_id: int, kind: str, mark: int, timeout: float) -> bool:
        return await self.wakeups.wait(session_id, kind, mark, timeout)

    async def publish(self, session_id: int, kind: str) -> None:
        self.wakeups.wake(session_id, kind)

    def close(self) -> None:
        pass


LocalBus = Bus


class PostgresBus(Bus):
    """Wake-ups through PostgreSQL's ``LISTEN``/``NOTIFY``: every process of every server
    on the database hears every change."""

    shared = True

    def __init__(self, url: str, engine: Any) -> None:
        super().__init__()
        self.url = plain_url(url)
        self.engine = engine
        self._listening = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()
        #: How many times the listening connection was (re)opened: the tests read it.
        self.connections = 0

    def _start(self) -> None:
        with self._start_lock:
            if self._thread is None or not self._thread.is_alive():
                self._stop.clear()
                self._thread = threading.Thread(target=self._listen, name="class-bus", daemon=True)
                self._thread.start()

    def _listen(self) -> None:
        import psycopg

        failures = 0
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.connections += 1
                    if failures or self.connections > 1:
                        self.wakeups.wake_all()  # a notification may have passed unheard
                    failures = 0
                    self._listening.set()
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=1.0):
                            self._heard(note.payload)
            except Exception as exc:  # a lost or refused connection: try again, in growing steps
                self._listening.clear()
                log.warning("class server: the database's notifications stopped (%s); reconnecting", exc)
                time.sleep(RECONNECT[min(failures, len(RECONNECT) - 1)])
                failures += 1
        self._listening.clear()

    def _heard(self, payload: str) -> None:
        session, _, kind = payload.partition(":")
        if session.isdigit() and kind in (PACING, BOARD):
            self.wakeups.wake(int(session), kind)

    async def _ready(self) -> None:
        """The listener is up (waits up to 5 s for it; past that the poll still waits,
        and the wake-all on connecting covers what it missed)."""
        if self._listening.is_set():
            return
        self._start()
        await asyncio.get_running_loop().run_in_executor(None, self._listening.wait, 5.0)

    async def mark(self, session_id: int, kind: str) -> int:
        await self._ready()
        return self.wakeups.mark(session_id, kind)

    async def publish(self, session_id: int, kind: str) -> None:
        self.wakeups.wake(session_id, kind)  # this process's polls at once
        await asyncio.get_running_loop().run_in_executor(None, self._notify, f"{session_id}:{kind}")

    def _notify(self, payload: str) -> None:
        from sqlalchemy import text

        try:
            with self.engine.connect() as conn:
                conn.execute(text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": payload})
                conn.commit()
        except Exception as exc:  # the change is committed; other processes' polls find it when they wake
            log.warning("class server: could not announce a change (%s)", exc)

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(3)


def plain_url(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as libpq takes it (no ``+driver``)."""
    scheme, sep, rest = url.partition("://")
    return "postgresql" + sep + rest if scheme.startswith("postgresql") else url


def bus_for(url: str, engine: Any) -> Bus:
    """PostgreSQL's bus for a PostgreSQL store, this process's own for SQLite."""
    if engine.dialect.name == "postgresql":
        return PostgresBus(url, engine)
    return Bus()
