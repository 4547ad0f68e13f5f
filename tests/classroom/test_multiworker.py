"""The class server as several processes on one PostgreSQL: two servers, or one with
``--workers 2``, behave as one. A pupil on one process sees the teacher's hold and
what is shown to the class given on another, and answers sent to one reach the board
read from the other, each through a long poll that the other process's change wakes
(the poll's own wait is 10 s: an answer before it ends came through the database's
notification, not the poll's time running out)."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from teachgames.classroom.client import request
from teachgames.cli import main
from teachgames.core.answers import AnswerEvent

from .burst import SLOTS
from .live import LiveServer
from .pg import new_database

LESSON = "delissimo-8plus"
TASKS = ["toppings", "compare", "sum"]
#: How long every long poll here may wait; a reply before this is a wake-up.
WAIT = 10.0


@pytest.fixture
def pg_db(pg_server: str) -> str:
    return new_database(pg_server)


@pytest.fixture
def two_servers(pg_db: str, tmp_path: Path) -> Iterator[tuple[LiveServer, LiveServer]]:
    a = LiveServer(pg_db, log=tmp_path / "a.log").start()
    b = LiveServer(pg_db, log=tmp_path / "b.log").start()
    yield a, b
    a.stop()
    b.stop()


class Poll:
    """A long poll in a thread: the reply, and whether it came before the wait ran out."""

    def __init__(self, url: str, path: str, token: str) -> None:
        self.reply: tuple[int, Any] | None = None
        self.seconds = 0.0

        def run() -> None:
            t0 = time.monotonic()
            self.reply = request(url, "GET", path, token=token, timeout=WAIT + 20)
            self.seconds = time.monotonic() - t0

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()

    def result(self) -> dict[str, Any]:
        self.thread.join(WAIT + 30)
        assert self.reply is not None, "the long poll never answered"
        status, data = self.reply
        assert status == 200, data
        assert self.seconds < WAIT - 1, "the poll ran out its wait: no wake-up reached it"
        assert isinstance(data, dict)
        return data


def join(server: LiveServer, code: str, name: str) -> str:
    status, data = request(server.url, "POST", "/api/join", {"code": code, "name": name})
    assert status == 200, data
    return str(data["token"])


def pacing_poll(server: LiveServer, token: str) -> Poll:
    status, now = request(server.url, "GET", "/api/pacing?wait=0", token=token)
    assert status == 200, now
    poll = Poll(server.url, f"/api/pacing?since={now['version']}&wait={WAIT}", token)
    time.sleep(0.5)  # let it reach the server and wait there (earlier, it answers at once: also right)
    return poll


def test_two_servers_on_one_postgresql_behave_as_one(two_servers: tuple[LiveServer, LiveServer]) -> None:
    a, b = two_servers
    session = a.new_session(TASKS)
    control = f"/api/sessions/{session['id']}/control"
    on_a = join(a, session["code"], "Asel")
    on_b = join(b, session["code"], "Bolat")

    # the teacher holds the class on server A; the pupil polling server B is told
    poll_b, poll_a = pacing_poll(b, on_b), pacing_poll(a, on_a)
    a.call("POST", control, {"action": "hold", "screen": 1})
    assert poll_b.result()["allowed"] == 1
    assert poll_a.result()["allowed"] == 1

    # show to the class, given on A, reaches B's pupil
    poll_b = pacing_poll(b, on_b)
    a.call("POST", control, {"action": "show_screen", "screen": 2})
    assert poll_b.result()["screen"] == {"index": 2, "task": "puzzles.sum"}

    # answers sent to B appear on A's board, waking the board's poll there
    board = a.call("GET", f"/api/sessions/{session['id']}/board")
    waiting = Poll(
        a.url, f"/api/sessions/{session['id']}/board?since={board['stamp']}", "teacher-key-for-tests"
    )
    time.sleep(0.5)
    task, attempt, echoes = SLOTS[0]  # an answer the lesson's own task reads
    answer = AnswerEvent.new(LESSON, task, echoes[0], False, attempt=attempt)
    status, data = request(b.url, "POST", "/api/answers", {"answers": [answer.to_dict()]}, on_b)
    assert status == 200 and data["acknowledged"] == [answer.id], data
    seen = waiting.result()
    assert seen["stamp"] != board["stamp"]
    assert answer.id in {a["id"] for a in a.call("GET", f"/api/sessions/{session['id']}/answers")}
    assert "Bolat" in str(seen)

    # and the other way: B's teacher releases, A's pupil moves on
    poll_a = pacing_poll(a, on_a)
    b.call("POST", control, {"action": "release"})
    assert poll_a.result()["allowed"] == 2


def workers_of(server: LiveServer) -> list[int]:
    assert server.process is not None
    path = Path(f"/proc/{server.process.pid}/task/{server.process.pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def test_workers_share_one_port_and_a_killed_worker_is_replaced(pg_db: str, tmp_path: Path) -> None:
    server = LiveServer(pg_db, extra=("--workers", "2"), log=tmp_path / "server.log").start()
    try:
        assert len(workers_of(server)) == 2
        session = server.new_session(TASKS)
        control = f"/api/sessions/{session['id']}/control"
        token = join(server, session["code"], "Asel")
        # each round's poll and hold may land on either worker: every one is woken
        for screen in range(4):
            poll = pacing_poll(server, token)
            server.call("POST", control, {"action": "hold", "screen": screen})
            assert poll.result()["allowed"] == screen

        victim = workers_of(server)[0]
        os.kill(victim, signal.SIGKILL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and (victim in workers_of(server) or len(workers_of(server)) < 2):
            time.sleep(0.1)
        assert victim not in workers_of(server) and len(workers_of(server)) == 2
        poll = pacing_poll(server, token)
        server.call("POST", control, {"action": "pause"})
        assert poll.result()["paused"] is True
    finally:
        server.stop()
    assert server.process is not None and server.process.returncode == 0  # SIGTERM stops them all


def test_sqlite_is_served_by_one_process_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["class", "serve", "--db", url, "--workers", "4"]) == 2
    said = capsys.readouterr().err
    assert "--workers 4 needs a PostgreSQL database" in said and "one worker" in said
    assert main(["class", "serve", "--db", url, "--workers", "0"]) == 2
    assert "from 1 to 64" in capsys.readouterr().err


def test_the_listener_reconnects_and_wakes_its_polls(pg_db: str) -> None:
    """The listening connection cut by the database (a restart, a dropped link): the
    polls waiting then are woken (they may have missed a change), and notifications
    after the reconnection are heard."""
    import psycopg

    from teachgames.classroom.bus import PACING, PostgresBus
    from teachgames.classroom.store import Store

    store = Store(pg_db)
    bus = PostgresBus(store.url, store.engine)
    other = PostgresBus(store.url, store.engine)  # another process's bus

    async def scenario() -> tuple[bool, bool]:
        mark = await bus.mark(7, PACING)
        with psycopg.connect(pg_db, autocommit=True) as conn:
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()"
            )
        woken_by_reconnect = await bus.wait(7, PACING, mark, WAIT)
        while bus.connections < 2:
            await asyncio.sleep(0.05)
        mark = await bus.mark(7, PACING)
        await other.publish(7, PACING)
        return woken_by_reconnect, await bus.wait(7, PACING, mark, WAIT)

    try:
        assert asyncio.run(scenario()) == (True, True)
        assert bus.connections == 2
    finally:
        bus.close()
        other.close()
        store.close()


@pytest.mark.slow
def test_a_small_school_loses_nothing_when_a_worker_is_killed(pg_db: str, tmp_path: Path) -> None:
    """The school run of benchmarks/classroom_load.py, small: 2 classes of 4 pupils on
    2 workers, one killed with SIGKILL half-way; every acknowledged answer is stored,
    every answer sent reaches its class's board."""
    from .school import school_run

    extra = ("--workers", "2", "--joins-per-address", "100000")
    server = LiveServer(pg_db, extra=extra, log=tmp_path / "server.log").start()
    try:
        school = asyncio.run(school_run(server, classes=2, pupils=4, workers=2, seconds=10, pace=1.0))
    finally:
        server.stop()
    assert school.killed is not None and school.sent > 0
    assert school.lost_acknowledged == 0 and school.missing == 0
    assert school.stored == school.acknowledged == school.sent
    assert school.not_on_board == 0


def test_a_change_between_a_polls_read_and_its_wait_still_wakes_it() -> None:
    """The poll marks the bus before it reads the database: a change announced after
    the mark (its commit came after the read) ends the wait at once, a change to
    another session or of another kind does not, and the board hears the controls."""
    from teachgames.classroom.bus import BOARD, PACING, Wakeups

    async def scenario() -> list[bool]:
        wakeups = Wakeups()
        mark = wakeups.mark(1, PACING)
        board = wakeups.mark(1, BOARD)
        wakeups.wake(2, PACING)  # another session
        wakeups.wake(1, BOARD)  # an answer: not the pacing polls' business
        quiet = await wakeups.wait(1, PACING, mark, 0.05)
        wakeups.wake(1, PACING)  # the teacher's hold, between the read and the wait
        woken = await wakeups.wait(1, PACING, mark, WAIT)
        return [quiet, woken, await wakeups.wait(1, BOARD, board, WAIT)]

    assert asyncio.run(scenario()) == [False, True, True]


def test_a_key_given_in_the_environment_is_not_rotated_in_one_worker_only(room: Any) -> None:
    """With several workers and the key from TEACHGAMES_CLASS_KEY (no key file), the
    dashboard's New teacher's key would change one worker's key: refused in words."""
    room.settings.workers = 2
    said = room.http.post("/api/teacher/key?lang=ru", headers=room.teacher)
    assert said.status_code == 409 and "TEACHGAMES_CLASS_KEY" in said.json()["message"]
    assert room.http.get("/api/sessions", headers=room.teacher).status_code == 200  # the key still works
