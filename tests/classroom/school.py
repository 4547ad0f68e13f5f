"""A school on one class server: many classes answering at a pupil's pace, for the
school run of benchmarks/classroom_load.py and its small test.

Every pupil joins their class, keeps a pacing long poll open (as the pupil's link does)
and sends one answer every few seconds (seeded, uniform between ``pace`` and twice it),
retrying a failed send with the same id until it is acknowledged. Every class's teacher
keeps the board's long poll open; an answer is *on the board* once the board shows its
try (a cell's ``tries`` reaches the answer's attempt), and its answer-to-board time runs
from the pupil's first send. Half-way through, one worker may be killed with SIGKILL:
the answers it had acknowledged must all be stored at the end.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from teachgames.core.answers import AnswerEvent

from .burst import LESSON, SLOTS
from .live import KEY, LiveServer


@dataclass
class School:
    classes: int
    pupils: int
    workers: int
    seconds: float = 0.0
    sent: int = 0
    acknowledged: int = 0
    stored: int = 0
    lost_acknowledged: int = 0
    missing: int = 0
    retries: int = 0
    killed: int | None = None
    to_board: list[float] = field(default_factory=list)
    not_on_board: int = 0

    def percentile(self, p: float) -> float:
        values = sorted(self.to_board)
        if not values:
            return float("nan")
        return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))] * 1000


def workers_of(server: LiveServer) -> list[int]:
    """The worker processes of a ``--workers`` server (Linux's /proc)."""
    assert server.process is not None
    path = Path(f"/proc/{server.process.pid}/task/{server.process.pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


async def school_run(
    server: LiveServer,
    classes: int,
    pupils: int,
    workers: int,
    seconds: float = 60.0,
    pace: float = 10.0,
    kill: bool = True,
    seed: int = 41,
    say: Callable[[str], None] = lambda _: None,
) -> School:
    import httpx

    rng = random.Random(seed)
    figures = School(classes, pupils, workers)
    teacher = {"Authorization": f"Bearer {KEY}"}
    import ssl

    context = ssl.create_default_context()  # made once: each client would make its own

    def client() -> httpx.AsyncClient:
        # a client (connection pool) per pupil and per board, as each pupil's browser has:
        # one pool of a thousand connections spends the load's own time in its bookkeeping
        return httpx.AsyncClient(base_url=server.url, timeout=60.0, verify=context)

    async with client() as http:
        sessions: list[dict[str, Any]] = []
        for c in range(classes):
            klass = (await http.post("/api/classes", json={"name": f"Class {c + 1}"}, headers=teacher)).json()
            made = await http.post(
                f"/api/classes/{klass['id']}/sessions", json={"lesson": LESSON, "tasks": []}, headers=teacher
            )
            sessions.append(made.json())
        gate = asyncio.Semaphore(40)

        async def join(c: int, i: int) -> tuple[int, int, str]:
            async with gate:
                got = await http.post("/api/join", json={"code": sessions[c]["code"], "name": f"Pupil {i}"})
            got.raise_for_status()
            data = got.json()
            return c, int(data["pupil"]["id"]), str(data["token"])

        joined = await asyncio.gather(*(join(c, i) for c in range(classes) for i in range(pupils)))
        say(f"  {len(joined)} pupils joined {classes} classes")
        #: (pupil id, task, attempt) -> the first send's time; and when the board showed it.
        sent_at: dict[tuple[int, str, int], float] = {}
        on_board: dict[tuple[int, str, int], float] = {}
        acknowledged: set[str] = set()
        ids: dict[str, int] = {}  # answer id -> class index
        stop = asyncio.Event()
        deadline = time.monotonic() + seconds

        async def pupil(c: int, pupil_id: int, token: str, offset: float, http: httpx.AsyncClient) -> None:
            auth = {"Authorization": f"Bearer {token}"}
            await asyncio.sleep(offset)
            n = 0
            while time.monotonic() < deadline and n < len(SLOTS):
                task, attempt, echoes = SLOTS[n]
                event = AnswerEvent.new(
                    LESSON, task, echoes[(pupil_id + n) % len(echoes)], False, attempt=attempt
                )
                ids[event.id] = c
                sent_at[(pupil_id, event.task, attempt)] = time.monotonic()
                figures.sent += 1
                tries = 0
                while True:  # the link's retry: the same id until acknowledged
                    try:
                        got = await http.post(
                            "/api/answers", json={"answers": [event.to_dict()]}, headers=auth
                        )
                        if got.status_code == 200:
                            acknowledged.update(got.json()["acknowledged"])
                            break
                    except httpx.HTTPError:
                        pass
                    figures.retries += 1
                    tries += 1
                    await asyncio.sleep(min(0.2 * 2**tries, 5.0))  # backing off, as the link does
                n += 1
                await asyncio.sleep(min(rng.uniform(pace, 2 * pace), max(0.0, deadline - time.monotonic())))

        async def pacing(token: str, http: httpx.AsyncClient) -> None:
            auth = {"Authorization": f"Bearer {token}"}
            version: Any = None
            while not stop.is_set():
                try:
                    got = await http.get(f"/api/pacing?since={version}&wait=20", headers=auth)
                    version = got.json().get("version", version)
                except (httpx.HTTPError, ValueError):
                    await asyncio.sleep(0.5)

        async def board(c: int, http: httpx.AsyncClient) -> None:
            path = f"/api/sessions/{sessions[c]['id']}/board"
            stamp = ""
            while not stop.is_set():
                try:
                    got = await http.get(f"{path}?since={stamp}", headers=teacher)
                    state = got.json()
                except (httpx.HTTPError, ValueError):
                    await asyncio.sleep(0.2)
                    continue
                seen = time.monotonic()
                stamp = state["stamp"]
                for row in state["pupils"]:
                    for task, cell in row["cells"].items():
                        for attempt in range(1, int(cell["tries"]) + 1):
                            on_board.setdefault((int(row["id"]), task, attempt), seen)

        async def progress() -> None:
            while not stop.is_set():
                await asyncio.sleep(10)
                say(
                    f"  {time.monotonic() - t0:4.0f} s: {figures.sent} sent, {len(acknowledged)} acknowledged"
                )

        async def killer() -> None:
            await asyncio.sleep(seconds / 2)
            victims = await asyncio.to_thread(workers_of, server)
            if victims:  # one of several workers; the server starts another
                os.kill(victims[0], signal.SIGKILL)
                figures.killed = victims[0]
            else:  # one process: kill it and start it again, as the teacher would
                assert server.process is not None
                figures.killed = server.process.pid
                await asyncio.to_thread(server.kill)
                await asyncio.sleep(0.5)
                await asyncio.to_thread(server.start)
            say(f"  killed worker {figures.killed} (SIGKILL) at {seconds / 2:.0f} s")

        clients = [client() for _ in joined]
        boards = [client() for _ in range(classes)]
        background = [asyncio.create_task(pacing(t, clients[n])) for n, (_, _, t) in enumerate(joined)]
        background += [asyncio.create_task(board(c, boards[c])) for c in range(classes)]
        t0 = time.monotonic()
        background.append(asyncio.create_task(progress()))
        chores = [pupil(c, p, t, rng.uniform(0, pace), clients[n]) for n, (c, p, t) in enumerate(joined)]
        if kill:
            chores.append(killer())
        await asyncio.gather(*chores)
        figures.seconds = time.monotonic() - t0
        settle = time.monotonic() + 30  # the last answers reach their boards
        while time.monotonic() < settle and len(on_board.keys() & sent_at.keys()) < len(sent_at):
            await asyncio.sleep(0.2)
        stop.set()
        for task in background:
            task.cancel()
        await asyncio.gather(*background, return_exceptions=True)
        for one in [*clients, *boards]:
            await one.aclose()
        stored: set[str] = set()
        for s in sessions:
            rows = (await http.get(f"/api/sessions/{s['id']}/answers", headers=teacher)).json()
            stored.update(r["id"] for r in rows)
    figures.acknowledged = len(acknowledged)
    figures.stored = len(stored)
    figures.lost_acknowledged = len(acknowledged - stored)
    figures.missing = len(set(ids) - stored)
    figures.to_board = [on_board[k] - sent_at[k] for k in sent_at if k in on_board]
    figures.not_on_board = len(sent_at.keys() - on_board.keys())
    return figures
