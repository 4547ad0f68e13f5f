"""A running authoring app over a temporary lessons folder, and a client that talks to it
as the page does (the token in a header, JSON both ways)."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from teachgames.author import Author, AuthorServer, LessonFolder
from teachgames.author.server import TOKEN_HEADER


@dataclass
class Client:
    server: AuthorServer
    folder: Path

    def call(
        self,
        method: str,
        route: str,
        body: Any = None,
        *,
        raw: bytes | None = None,
        headers: dict[str, str] | None = None,
        token: str | None = None,
    ) -> tuple[int, dict[str, Any]]:
        """Status and JSON of one request (the page's headers unless told otherwise)."""
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        sent = {TOKEN_HEADER: self.server.token if token is None else token}
        if data is not None:
            sent["Content-Type"] = "application/json"
        sent |= headers or {}
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.server.port}/{route.lstrip('/')}", data=data, method=method, headers=sent
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, json.loads(answer.read() or b"{}")
        except urllib.error.HTTPError as exc:
            text = exc.read()
            try:
                return exc.code, json.loads(text)
            except ValueError:
                return exc.code, {"text": text.decode("utf-8", "replace")}


@pytest.fixture()
def client(tmp_path: Path) -> Iterator[Client]:
    folder = tmp_path / "lessons"
    folder.mkdir()
    server = AuthorServer(Author(LessonFolder(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Client(server, folder)
    finally:
        server.shutdown()
        server.server_close()
