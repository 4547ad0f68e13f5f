"""The asyncio link (the shape a Pyodide pupil needs), driven here by httpx instead of
pyodide.http.pyfetch, against a real server process."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from teachgames.classroom import AnswerEvent
from teachgames.classroom.asynclink import AsyncLink
from teachgames.classroom.client import JoinError

from .live import LiveServer

LESSON = "delissimo-8plus"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(f"sqlite:///{tmp_path / 'c.db'}", log=tmp_path / "server.log").start()
    yield live
    live.stop()


def httpx_fetch(client: httpx.AsyncClient) -> Any:
    async def fetch(method: str, url: str, headers: dict[str, str], body: str | None) -> tuple[int, Any]:
        try:
            response = await client.request(method, url, headers=headers, content=body, timeout=40)
        except httpx.TransportError as exc:
            raise OSError(str(exc)) from exc
        try:
            return response.status_code, json.loads(response.text or "null")
        except ValueError:
            return response.status_code, None

    return fetch


def test_the_asyncio_link_queues_retries_and_follows_pacing(server: LiveServer) -> None:
    session = server.new_session(["toppings", "sum"])

    async def lesson() -> None:
        async with httpx.AsyncClient() as client:
            fetch = httpx_fetch(client)
            with pytest.raises(JoinError, match="code"):
                await AsyncLink.join(server.url, "NOPE42", "Asel", fetch=fetch)
            link = await AsyncLink.join(server.url, session["code"], "Asel", fetch=fetch)
            changed = asyncio.Event()
            link.subscribe(changed.set)
            first = AnswerEvent.new(LESSON, "puzzles.sum", "3/8", False)
            link.send(first)
            link.send(first)
            assert await link.flush()
            server.kill()
            link.send(AnswerEvent.new(LESSON, "puzzles.sum", "6/8", True, attempt=2))
            assert not await link.flush(0.5)  # away: kept in the outbox
            await asyncio.get_running_loop().run_in_executor(None, server.start)
            assert await link.flush(20)
            changed.clear()
            await asyncio.get_running_loop().run_in_executor(
                None,
                lambda: server.call("POST", f"/api/sessions/{session['id']}/control", {"action": "hold"}),
            )
            await asyncio.wait_for(changed.wait(), 20)
            assert link.allowed_screen(LESSON) == 1  # held where the class had got to: the sum
            await link.close()

    asyncio.run(lesson())
    rows = server.call("GET", f"/api/sessions/{session['id']}/answers")
    assert [(r["task"], r["answer"]) for r in rows] == [("puzzles.sum", "3/8"), ("puzzles.sum", "6/8")]
