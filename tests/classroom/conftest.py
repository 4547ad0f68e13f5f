from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("sqlalchemy")
pytest.importorskip("starlette")

from teachgames.classroom.server import Settings, create_app
from teachgames.classroom.store import Store

from .hub import Hub, missing, running_hub
from .pg import new_database, postgres_server

TEACHER = "teacher-key-for-tests"


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    try:
        with postgres_server() as url:
            yield url
    except (FileNotFoundError, OSError) as exc:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"no PostgreSQL here: {exc}")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'classroom.db'}"
    server: str = request.getfixturevalue("pg_server")
    return new_database(server)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'classroom.db'}"


class Classroom:
    """A test client with the teacher's key and helpers for pupils."""

    def __init__(self, url: str) -> None:
        from starlette.testclient import TestClient

        self.store = Store(url)
        self.settings = Settings(url=url, teacher_key=TEACHER)
        self.app = create_app(self.settings, self.store)
        self.http = TestClient(self.app)
        self.teacher = {"Authorization": f"Bearer {TEACHER}"}

    def close(self) -> None:
        self.app.state.server.bus.close()  # its listening connection, on PostgreSQL
        self.store.close()

    def new_session(self, tasks: tuple[str, ...] = ("toppings", "compare", "sum")) -> dict[str, object]:
        klass = self.http.post("/api/classes", json={"name": "7B"}, headers=self.teacher).json()
        session = self.http.post(
            f"/api/classes/{klass['id']}/sessions",
            json={"lesson": "delissimo-8plus", "tasks": list(tasks)},
            headers=self.teacher,
        ).json()
        session["class_id"] = klass["id"]
        return session

    def join(self, code: str, name: str) -> dict[str, str]:
        response = self.http.post("/api/join", json={"code": code, "name": name})
        assert response.status_code == 200, response.text
        return {"Authorization": f"Bearer {response.json()['token']}"}


@pytest.fixture
def room(sqlite_url: str) -> Iterator[Classroom]:
    r = Classroom(sqlite_url)
    yield r
    r.close()


@pytest.fixture
def any_room(db_url: str) -> Iterator[Classroom]:
    r = Classroom(db_url)
    yield r
    r.close()


@pytest.fixture(scope="session")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    """One JupyterHub for the session's Hub tests (its start is most of their time)."""
    lacking = missing()
    if lacking:
        if os.environ.get("CI"):
            pytest.fail("the JupyterHub tests need " + ", ".join(lacking), pytrace=False)
        pytest.skip("the JupyterHub tests need " + ", ".join(lacking))
    with running_hub(tmp_path_factory.mktemp("hub")) as running:
        yield running
