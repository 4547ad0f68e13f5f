"""Each case tried as a pupil who wants to read a neighbour's answers or change the
teacher's controls, or as a page elsewhere on the web that wants to."""

from __future__ import annotations

from typing import Any

import pytest

from teachgames.classroom.hub import HubIdentity, HubUser
from teachgames.classroom.server import Settings, create_app
from teachgames.classroom.throttle import Throttle
from teachgames.core.answers import AnswerEvent

from .conftest import Classroom

LESSON = "delissimo-8plus"


def event(task: str = "puzzles.sum", text: str = "3/8", correct: bool = False) -> dict[str, Any]:
    return AnswerEvent.new(LESSON, task, text, correct).to_dict()


@pytest.fixture
def two(room: Classroom) -> tuple[Classroom, dict[str, Any], dict[str, str], dict[str, str]]:
    session = room.new_session()
    asel = room.join(str(session["code"]), "Asel")
    boris = room.join(str(session["code"]), "Boris")
    room.http.post("/api/answers", json={"answers": [event("puzzles.sum", "5/8")]}, headers=asel)
    return room, session, asel, boris


def test_a_pupil_reads_only_their_own_answers(two: Any) -> None:
    room, session, _asel, boris = two
    mine = room.http.get("/api/me", headers=boris).json()
    assert mine["pupil"]["name"] == "Boris" and mine["answers"] == []
    for path in (
        f"/api/sessions/{session['id']}/board",
        f"/api/sessions/{session['id']}/answers",
        f"/api/sessions/{session['id']}/answers.csv",
        f"/api/classes/{session['class_id']}/misconceptions",
        "/api/classes",
    ):
        response = room.http.get(path, headers=boris)
        assert response.status_code == 403, path
        assert "5/8" not in response.text


def test_a_pupil_cannot_send_answers_as_a_neighbour(two: Any) -> None:
    room, session, asel, boris = two
    # Naming someone else in the body is refused outright ...
    forged = {**event(), "pupil": "Asel"}
    assert room.http.post("/api/answers", json={"answers": [forged]}, headers=boris).status_code == 400
    # ... and reusing the id of Asel's answer does not overwrite or take it.
    asel_id = room.http.get("/api/me", headers=asel).json()["answers"][0]["id"]
    stolen = {**event(text="7/8"), "id": asel_id}
    response = room.http.post("/api/answers", json={"answers": [stolen]}, headers=boris)
    assert response.status_code == 409 and response.json()["refused"] == [asel_id]
    rows = room.store.answers(int(session["id"]))
    assert [(r["pupil"], r["answer"]) for r in rows] == [("Asel", "5/8")]


def test_a_pupil_cannot_touch_the_teachers_controls(two: Any) -> None:
    room, session, asel, boris = two
    sid = session["id"]
    answer_id = room.http.get("/api/me", headers=asel).json()["answers"][0]["id"]
    for body in (
        {"action": "release"},
        {"action": "free"},
        {"action": "reveal", "answer": answer_id},
        {"action": "timer", "minutes": 1},
        {"action": "close"},
    ):
        assert room.http.post(f"/api/sessions/{sid}/control", json=body, headers=boris).status_code == 403
    assert room.http.post("/api/classes", json={"name": "mine"}, headers=boris).status_code == 403
    assert room.http.delete(f"/api/classes/{session['class_id']}", headers=boris).status_code == 403
    # A wrong teacher's key is no better than a pupil's token.
    assert (
        room.http.post(
            f"/api/sessions/{sid}/control",
            json={"action": "release"},
            headers={"Authorization": "Bearer guess"},
        ).status_code
        == 403
    )
    pacing = room.http.get("/api/pacing", headers=boris).json()
    assert pacing["allowed"] is None and pacing["reveal"] is None
    assert room.store.count_answers(int(sid)) == 1


def test_without_a_token_nothing_but_joining(room: Classroom) -> None:
    for method, path in (("GET", "/api/me"), ("GET", "/api/pacing"), ("POST", "/api/answers")):
        for headers in ({}, {"Authorization": "Bearer nonsense"}, {"Authorization": "Basic eDp5"}):
            assert room.http.request(method, path, headers=headers, json={}).status_code == 401


def test_a_code_and_its_tokens_expire_with_the_session(two: Any) -> None:
    room, session, asel, _boris = two
    assert (
        room.http.post(
            f"/api/sessions/{session['id']}/control", json={"action": "close"}, headers=room.teacher
        ).status_code
        == 200
    )
    response = room.http.post("/api/join", json={"code": session["code"], "name": "Late"})
    assert response.status_code == 404 and "code" in response.json()["message"]
    assert room.http.post("/api/answers", json={"answers": [event()]}, headers=asel).status_code == 401


def test_guessing_codes_is_throttled_even_a_right_guess(room: Classroom) -> None:
    session = room.new_session()
    for n in range(8):
        assert room.http.post("/api/join", json={"code": f"WRONG{n}", "name": "x"}).status_code == 404
    blocked = room.http.post("/api/join", json={"code": session["code"], "name": "x"})
    assert blocked.status_code == 429 and int(blocked.headers["retry-after"]) > 0


def test_the_throttle_counts_per_client_and_overall_and_forgets() -> None:
    clock = [0.0]
    throttle = Throttle(per_client=3, overall=5, window=60, clock=lambda: clock[0])
    for _ in range(3):
        throttle.failed("a")
    assert throttle.wait("a") == 60 and throttle.wait("b") == 0
    throttle.failed("b")
    throttle.failed("c")
    assert throttle.wait("d") > 0  # the whole server is being guessed at
    clock[0] = 61.0
    assert throttle.wait("a") == 0 and throttle.wait("d") == 0


def test_hostile_text_is_stored_and_returned_as_text(room: Classroom) -> None:
    session = room.new_session()
    name = "<img src=x onerror=alert(1)>');--"
    pupil = room.join(str(session["code"]), name)
    text = "1/2'); DROP TABLE answers;--"
    refused = room.http.post("/api/answers", json={"answers": [event(text=text)]}, headers=pupil)
    assert refused.status_code == 422  # no answer to the task: the server reads it, refuses it
    assert (
        room.http.post("/api/answers", json={"answers": [event(text=" 3/8 ")]}, headers=pupil).status_code
        == 200
    )
    assert room.http.post("/api/join", json={"code": "' OR '1'='1", "name": "x"}).status_code == 404
    rows = room.http.get(f"/api/sessions/{session['id']}/answers", headers=room.teacher).json()
    assert [(r["pupil"], r["answer"]) for r in rows] == [(name, " 3/8 ")]
    board = room.http.get(f"/api/sessions/{session['id']}/board", headers=room.teacher).json()
    assert board["pupils"][0]["name"] == name


def test_bodies_are_bounded(two: Any) -> None:
    room, _session, asel, _boris = two
    huge = {"answers": [event(text="x" * 500)] * 100}
    assert room.http.post("/api/answers", json=huge, headers=asel).status_code == 413

    def chunks() -> Any:  # no Content-Length: the limit holds while reading
        yield b'{"answers": ['
        for _ in range(2000):
            yield b'"' + b"x" * 100 + b'",'
        yield b'"x"]}'

    assert room.http.post("/api/answers", content=chunks(), headers=asel).status_code == 413
    many = {"answers": [event() for _ in range(101)]}
    assert room.http.post("/api/answers", json=many, headers=asel).status_code == 400
    long_answer = {"answers": [{**event(), "answer": "x" * 501}]}
    assert room.http.post("/api/answers", json=long_answer, headers=asel).status_code == 400
    assert (
        room.http.post(
            "/api/join", content=b"{not json", headers={"content-type": "application/json"}
        ).status_code
        == 400
    )


def test_only_this_server_and_allowed_origins_may_call_from_a_browser(sqlite_url: str) -> None:
    from starlette.testclient import TestClient

    app = create_app(Settings(url=sqlite_url, teacher_key="K", allowed_origins=("http://lite.school",)))
    http = TestClient(app, base_url="http://class.local:8765")
    elsewhere = http.post(
        "/api/join", json={"code": "X", "name": "x"}, headers={"Origin": "http://evil.example"}
    )
    assert elsewhere.status_code == 403
    assert (
        http.get(
            "/api/classes", headers={"Origin": "http://evil.example", "Authorization": "Bearer K"}
        ).status_code
        == 403
    )
    own = http.get("/api/classes", headers={"Origin": "http://class.local:8765", "Authorization": "Bearer K"})
    assert own.status_code == 200 and "access-control-allow-origin" not in own.headers
    lite = http.options(
        "/api/answers", headers={"Origin": "http://lite.school", "Access-Control-Request-Method": "POST"}
    )
    assert lite.status_code == 204 and lite.headers["access-control-allow-origin"] == "http://lite.school"
    page = http.get("/dashboard")
    assert "script-src 'self'" in page.headers["content-security-policy"]


class FakeHub(HubIdentity):
    """The Hub's answers, without a Hub: token -> user."""

    def __init__(self, users: dict[str, HubUser]) -> None:
        super().__init__("http://127.0.0.1:1/hub/api", "service-token")
        self.users = users

    def user(self, token: str) -> HubUser | None:
        return self.users.get(token)


def test_in_the_hub_only_the_teachers_group_sees_the_dashboard(sqlite_url: str) -> None:
    from starlette.testclient import TestClient

    hub = FakeHub(
        {
            "t-teacher": HubUser("ms-ivanova", frozenset({"teachers"})),
            "t-asel": HubUser("asel", frozenset({"class-7b"})),
        }
    )
    settings = Settings(url=sqlite_url, teacher_key="K", hub=hub)
    http = TestClient(create_app(settings))
    teacher = {"Authorization": "token t-teacher"}
    klass = http.post("/api/classes", json={"name": "7B"}, headers=teacher).json()
    session = http.post(
        f"/api/classes/{klass['id']}/sessions", json={"lesson": LESSON}, headers=teacher
    ).json()
    joined = http.post("/api/hub/join", json={}, headers={"Authorization": "token t-asel"}).json()
    assert joined["pupil"]["name"] == "asel" and joined["session"]["id"] == session["id"]
    asel = {"Authorization": f"Bearer {joined['token']}"}
    assert http.post("/api/answers", json={"answers": [event()]}, headers=asel).status_code == 200
    assert (
        http.get(
            f"/api/sessions/{session['id']}/board", headers={"Authorization": "token t-asel"}
        ).status_code
        == 403
    )
    assert http.post("/api/hub/join", json={}, headers={"Authorization": "token unknown"}).status_code == 401
    # Joining again is the same pupil (the Hub says who it is), with the answers kept.
    again = http.post("/api/hub/join", json={}, headers={"Authorization": "token t-asel"}).json()
    assert again["pupil"]["id"] == joined["pupil"]["id"]
    me = http.get("/api/me", headers={"Authorization": f"Bearer {again['token']}"}).json()
    assert len(me["answers"]) == 1
    board = http.get(f"/api/sessions/{session['id']}/board", headers=teacher).json()
    assert [p["name"] for p in board["pupils"]] == ["asel"]


def test_a_projector_link_opens_its_own_session_only_and_only_while_it_runs(room: Classroom) -> None:
    first = room.new_session()
    second = room.new_session()
    made = room.http.post(f"/api/sessions/{first['id']}/projector", headers=room.teacher)
    path = made.json()["path"]
    assert path.startswith(f"dashboard?session={first['id']}#key=")
    projector = {"Authorization": f"Bearer {path.rsplit('#key=', 1)[1]}"}
    assert room.http.get(f"/api/sessions/{first['id']}/board", headers=projector).status_code == 200
    hold = {"action": "hold", "screen": 0}
    assert (
        room.http.post(f"/api/sessions/{first['id']}/control", json=hold, headers=projector).status_code
        == 200
    )
    # Not another session, not the results, not the classes, not a new projector link.
    assert room.http.get(f"/api/sessions/{second['id']}/board", headers=projector).status_code == 403
    assert room.http.get(f"/api/sessions/{first['id']}/answers", headers=projector).status_code == 403
    assert room.http.get("/api/classes", headers=projector).status_code == 403
    assert room.http.post(f"/api/sessions/{first['id']}/projector", headers=projector).status_code == 403
    # A pupil cannot make one.
    pupil = room.join(str(first["code"]), "Asel")
    assert room.http.post(f"/api/sessions/{first['id']}/projector", headers=pupil).status_code == 403
    # A new link retires the old one; the end of the session retires both.
    newer = room.http.post(f"/api/sessions/{first['id']}/projector", headers=room.teacher).json()["path"]
    assert room.http.get(f"/api/sessions/{first['id']}/board", headers=projector).status_code == 403
    newer_key = {"Authorization": f"Bearer {newer.rsplit('#key=', 1)[1]}"}
    room.http.post(f"/api/sessions/{first['id']}/control", json={"action": "close"}, headers=room.teacher)
    assert room.http.get(f"/api/sessions/{first['id']}/board", headers=newer_key).status_code == 403
