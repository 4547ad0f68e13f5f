"""A :class:`~..core.answers.ClassLink` for an asyncio event loop: the Pyodide (JupyterLite) pupil.

Pyodide runs no background threads and opens no sockets, so :class:`~.client.HttpLink`
cannot work there. This link drives the same :class:`~.client.Outbox` and
:class:`~.client.Pacing` from two asyncio tasks, and does its HTTP through a *fetch*
function given to it: :func:`pyodide_fetch` (``pyodide.http.pyfetch``) in the browser; in
CPython any coroutine with the same shape (the tests use httpx).

    link = await AsyncLink.join(url, code, "Asel", fetch=pyodide_fetch)
    link.send(event)                      # synchronous: queued, the sender task wakes
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from typing import Any

from .client import GONE, JoinError, Outbox, QueuedLink, ServerRefused, _retry_after

#: fetch(method, url, headers, body text or None) -> (status, parsed JSON or None)
Fetch = Callable[[str, str, dict[str, str], "str | None"], Awaitable[tuple[int, Any]]]


async def pyodide_fetch(method: str, url: str, headers: dict[str, str], body: str | None) -> tuple[int, Any]:
    """HTTP in the browser through ``pyodide.http.pyfetch`` (a network failure -> OSError).

    No body at all on a GET (the browser refuses one), the answer read as text
    (``text()``; ``string()`` in Pyodides before 0.26), an HTTP error status returned as
    it is, not raised: the link decides what a 409 or a 429 means."""
    from pyodide.http import pyfetch

    options: dict[str, Any] = {"method": method, "headers": headers}
    if body is not None:
        options["body"] = body
    try:
        response = await pyfetch(url, **options)
        read = getattr(response, "text", None) or response.string
        text = await read()
    except Exception as exc:  # the browser's TypeError("Failed to fetch") and the like
        raise OSError(str(exc)) from exc
    try:
        return response.status, json.loads(text or "null")
    except ValueError:
        return response.status, None


def _message(data: Any, status: int) -> str:
    if isinstance(data, dict) and isinstance(data.get("message"), str):
        return str(data["message"])
    return f"class server answered {status}"


class AsyncLink(QueuedLink):
    _wake: asyncio.Event

    def __init__(
        self,
        url: str,
        token: str,
        fetch: Fetch,
        *,
        long_poll: float = 20.0,
        language: str = "en",
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(url, token, Outbox(), language=language, rng=rng)
        self.fetch = fetch
        self.long_poll = long_poll
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        #: How the link waits between tries (a test gives one that only counts).
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep

    @classmethod
    async def join(
        cls, url: str, code: str, name: str, *, fetch: Fetch, language: str = "en", token: str | None = None
    ) -> AsyncLink:
        """Join with the class code and a name; ``token``, one this pupil was given before
        (kept by their browser), brings the same pupil back while the session is open."""
        body = {"code": code, "name": name} | ({"token": token} if token else {})
        status, data = await fetch(
            "POST",
            url.rstrip("/") + f"/api/join?lang={language}",
            {"Content-Type": "application/json"},
            json.dumps(body),
        )
        if status != 200 or not isinstance(data, dict):
            raise JoinError(_message(data, status))
        link = cls(url, str(data["token"]), fetch, language=language)
        link.start()
        return link

    # -- the tasks -------------------------------------------------------------------
    def start(self) -> None:
        self._tasks = [asyncio.ensure_future(self._send_loop()), asyncio.ensure_future(self._poll_loop())]

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def flush(self, timeout: float = 10.0) -> bool:
        self._wake.set()
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while len(self.outbox) and loop.time() < end:
            await asyncio.sleep(0.05)
        return not len(self.outbox)

    def _headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"}

    async def saved_progress_async(self, lesson_id: str, part: str) -> dict[str, Any] | None:
        """The server's record of this pupil's work on one activity (the answers it keeps
        and those still queued), which wins over the browser's copy; None when the server
        does not give it now."""
        from .resume import progress_record

        status, data = await self.fetch("GET", self.url + "/api/me", self._headers(), None)
        if status != 200 or not isinstance(data, dict) or not isinstance(data.get("answers"), list):
            return None
        answers = [a for a in data["answers"] if isinstance(a, dict)]
        kept = {a.get("id") for a in answers}
        waiting = [e.to_dict() for e in self.outbox.batch(10_000) if e.id not in kept]
        return progress_record(lesson_id, part, [*answers, *waiting])

    async def rejoin(self, code: str, name: str) -> None:
        """Join again after the server stopped taking this pupil's token (the same pupil
        while the session is open); the queued answers then go out."""
        status, data = await self.fetch(
            "POST",
            self.url + f"/api/join?lang={self.language}",
            {"Content-Type": "application/json"},
            json.dumps({"code": code, "name": name, "token": self.token}),
        )
        if status != 200 or not isinstance(data, dict):
            raise JoinError(_message(data, status))
        self.rejoined(str(data["token"]))

    async def step(self) -> float | None:
        """Post one batch: the seconds to wait before the next (0: at once), or None:
        wait to be woken (nothing queued, or the pupil must join again)."""
        batch = self.outbox.batch(self._batch)
        if not batch or self.gone:
            return None
        body = json.dumps({"answers": [e.to_dict() for e in batch]})
        try:
            status, data = await self.fetch("POST", self.url + "/api/answers", self._headers(), body)
        except OSError as exc:
            return self.unreachable(exc)
        return self.after_post(batch, status, data, _retry_after(data))

    async def send_once(self) -> bool:
        wait = await self.step()
        return wait is None or wait == 0.0

    async def _send_loop(self) -> None:
        while True:
            wait = await self.step()
            if wait is None:
                self._wake.clear()
                await self._wake.wait()
            elif wait > 0:
                await self.sleep(wait)

    async def poll_once(self, wait: float) -> bool:
        since = "" if self.pacing.version is None else f"&since={self.pacing.version}"
        status, data = await self.fetch(
            "GET", f"{self.url}/api/pacing?wait={wait}{since}", self._headers(), None
        )
        if status in GONE:
            self.went()
        if status != 200 or not isinstance(data, dict):
            raise ServerRefused(_message(data, status))
        changed = self.pacing.update(data)
        if changed:
            for callback in list(self._callbacks):
                try:
                    callback()
                except Exception as exc:
                    self.problem = f"pacing callback failed: {exc!r}"
        return changed

    async def _poll_loop(self) -> None:
        while True:
            if self.gone:
                self._wake.clear()
                await self._wake.wait()
                continue
            try:
                await self.poll_once(self.long_poll if self.pacing.version is not None else 0.0)
                self.poll_backoff.reset()
            except OSError as exc:
                if not self.gone:
                    self.problem = (
                        str(exc) if isinstance(exc, ServerRefused) else f"class server not reachable: {exc}"
                    )
                await self.sleep(self.poll_backoff.next())
