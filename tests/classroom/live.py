"""A real class server in its own process (``teachgames class serve``) on a loopback port,
for the client, fault and browser tests and the benchmark."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
KEY = "teacher-key-for-tests"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    def __init__(
        self, db: str, port: int | None = None, extra: tuple[str, ...] = (), log: Path | None = None
    ) -> None:
        self.db = db
        self.port = port or free_port()
        self.extra = extra
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None
        # the teacher's key and link files go beside the database, or here: never the
        # checkout; removed on stop(), or when the test's server is forgotten
        self.home = tempfile.TemporaryDirectory(prefix="class-server-", ignore_cleanup_errors=True)

    def start(self, timeout: float = 30.0) -> LiveServer:
        env = {**os.environ, "TEACHGAMES_CLASS_KEY": KEY, "PYTHONPATH": str(ROOT)}
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "teachgames.cli",
                "class",
                "serve",
                "--db",
                self.db,
                "--port",
                str(self.port),
                "--joins-per-address",  # every test pupil joins from loopback
                "1000",
                *self.extra,
            ],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            cwd=self.home.name,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"class server exited with {self.process.returncode}")
            try:
                with urllib.request.urlopen(self.url + "/dashboard", timeout=1):
                    return self
            except OSError:
                time.sleep(0.1)
        raise TimeoutError("class server did not start")

    def kill(self) -> None:
        """SIGKILL, as a power cut would: nothing is flushed on the way out."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.home.cleanup()

    def call(self, method: str, path: str, body: Any = None, token: str | None = KEY) -> Any:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        req = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        with urllib.request.urlopen(req, timeout=30) as response:
            raw = response.read()
        return json.loads(raw) if raw and raw[:1] in b"[{" else raw.decode()

    def new_session(self, tasks: list[str], lesson: str = "delissimo-8plus") -> dict[str, Any]:
        klass = self.call("POST", "/api/classes", {"name": "7B"})
        session: dict[str, Any] = self.call(
            "POST", f"/api/classes/{klass['id']}/sessions", {"lesson": lesson, "tasks": tasks}
        )
        return session
