"""No request gets a 5xx for what a client sends, and a refused one changes nothing.

First the probes a mischievous pupil tried (each once got a 500 on one database or
both), then a property test: Hypothesis drives every endpoint with generated hostile
input (record numbers, JSON depth and size, text of every Unicode category, lone
surrogates included, times) on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import json
import string
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from teachgames.classroom.practice_results import results as practice_results
from teachgames.core.answers import AnswerEvent

from .conftest import TEACHER, Classroom

LESSON = "delissimo-8plus"


class Room(Classroom):
    """A classroom whose client reports a server error as a 500 instead of raising it,
    with long polls a few milliseconds long, and one pupil in one open session."""

    def __init__(self, url: str) -> None:
        from starlette.testclient import TestClient

        super().__init__(url)
        self.settings.long_poll = 0.01
        self.http = TestClient(self.app, raise_server_exceptions=False)
        self.session = self.new_session()
        self.pupil = self.join(str(self.session["code"]), "Asel")

    def state(self) -> Any:
        """Everything the records hold, to compare before and after a refused request."""
        sessions = self.store.sessions()
        return (
            self.store.classes(),
            sessions,
            [self.store.pupils(s.id) for s in sessions],
            [self.store.answers(s.id) for s in sessions],
            [practice_results(self.store, s.id) for s in sessions],
        )


@pytest.fixture
def hostile_room(db_url: str) -> Iterator[Room]:
    room = Room(db_url)
    yield room
    room.store.close()


def refused_without_change(room: Room, method: str, path: str, **request: Any) -> int:
    before = room.state()
    response = room.http.request(method, path, **request)
    assert response.status_code < 500, (method, path, response.status_code, response.text[:300])
    if response.status_code >= 400:
        assert room.state() == before, (method, path)
        if response.headers.get("content-type", "").startswith("application/json"):
            assert response.json()["message"], (method, path)
    return response.status_code


BIG = ("99999999999999999999999", "2147483648", "-1", "0", "1e3", "１", "²", "%00", "9" * 400)


def test_the_probes_that_once_got_a_500_get_a_4xx(hostile_room: Room) -> None:
    room = hostile_room
    anyone = {"Authorization": "Bearer x"}
    for number in BIG:
        for path in (
            f"/api/sessions/{quote(number)}/board",
            f"/api/sessions/{quote(number)}/answers.csv",
            f"/api/classes/{quote(number)}/misconceptions",
        ):
            for headers in (anyone, room.teacher):
                assert refused_without_change(room, "GET", path, headers=headers) in (401, 403, 404), path
        control = f"/api/sessions/{quote(number)}/control"
        assert refused_without_change(room, "POST", control, json={"action": "hold"}, headers=anyone) == 403
    deep = b"[" * 3000
    assert refused_without_change(room, "POST", "/api/join", content=deep) == 400
    code = str(room.session["code"])
    for name in ('"A\\ud800sel"', '"\\udfff"'):  # lone surrogates, as JSON escapes
        body = f'{{"code": "{code}", "name": {name}}}'.encode()
        assert refused_without_change(room, "POST", "/api/join", content=body) == 400
    event = AnswerEvent.new(LESSON, "puzzles.sum", "3/8", False).to_dict()
    for bad in (
        {"answer": "3/8\x00"},
        {"at": "0001-01-01T00:00:00+14:00"},
        {"at": "9999-12-31T23:59:59-14:00"},
        {"at": "2026-12-01T09:00:00"},
        {"attempt": 2**70},
        {"misconception": "\x00"},
    ):
        body = {"answers": [event | bad]}
        assert refused_without_change(room, "POST", "/api/answers", json=body, headers=room.pupil) == 400, bad
    raw = b'{"answers": [{"id": "\\ud800"}]}'
    assert refused_without_change(room, "POST", "/api/answers", content=raw, headers=room.pupil) == 400
    # a NUL in a name is stripped (names are never refused), not a 500 on PostgreSQL
    joined = room.http.post("/api/join", json={"code": code, "name": "Ira\x00"})
    assert joined.status_code == 200 and joined.json()["pupil"]["name"] == "Ira"


# ------------------------------------------------------------------ the property test

#: Every category of text, lone surrogates (Cs) and private use included.
ANY_TEXT = st.text(st.characters(codec=None, categories=None), max_size=60)
NUMBERS = st.one_of(
    st.integers(min_value=-(2**80), max_value=2**80).filter(lambda n: not 0 <= n <= 1000).map(str),
    ANY_TEXT.filter(lambda t: t and "/" not in t and t not in (".", "..")),
)
TIMES = st.one_of(
    st.datetimes(timezones=st.timezones()).map(lambda d: d.isoformat()),
    st.sampled_from(
        ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59.999999-14:00", "2026-02-30T00:00:00Z"]
    ),
    ANY_TEXT,
)
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**100), max_value=2**100), st.floats(), ANY_TEXT
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(ANY_TEXT, inner, max_size=4)),
    max_leaves=12,
)
KEYS = st.sampled_from(
    ["id", "lesson", "task", "answer", "correct", "misconception", "attempt", "at", "language", "hints",
     "code", "name", "token", "action", "screen", "minutes", "tasks", "hours", "answers"]
)  # fmt: skip


@st.composite
def answer_bodies(draw: st.DrawFn) -> Any:
    """A batch of answers, each a real event with some fields made hostile."""
    events = []
    for _ in range(draw(st.integers(1, 3))):
        event = AnswerEvent.new(LESSON, "puzzles.sum", "3/8", False).to_dict()
        for key in draw(st.lists(KEYS, max_size=3)):
            event[key] = draw(st.one_of(JSON, TIMES))
        events.append(event)
    return {"answers": events}


#: Practice items' tasks: skills real and not, levels, seeds past what a database keeps.
PRACTICE_TASKS = st.one_of(
    st.builds(
        "{}.{}.{}{}".format,
        st.sampled_from(["add_unlike", "eighths", "compare", "chance", "no_such", "A"]),
        st.integers(-3, 12),
        st.integers(-(2**70), 2**70),
        st.sampled_from(["", ".tops_and_bottoms", ".bottom_kept", ".nope"]),
    ),
    ANY_TEXT,
)


@st.composite
def practice_bodies(draw: st.DrawFn) -> Any:
    """A batch of practice tries, each a real event of a hostile item or answer."""
    events = []
    for _ in range(draw(st.integers(1, 3))):
        event = AnswerEvent.new("practice-delissimo", "eighths.1.3", "4/8", True).to_dict()
        event["task"] = draw(PRACTICE_TASKS)
        event["answer"] = draw(st.one_of(ANY_TEXT, st.sampled_from(["4/8", "1/2", "7/8", "1 3/8", "0,5"])))
        for key in draw(st.lists(st.sampled_from(["lesson", "attempt", "hints", "correct", "language"]), max_size=2)):
            event[key] = draw(st.one_of(JSON, st.sampled_from(["practice-tsvetik", "practice-", 2, 3])))
        events.append(event)
    return {"answers": events}


@st.composite
def bodies(draw: st.DrawFn) -> bytes:
    kind = draw(st.sampled_from(["json", "keys", "answers", "practice", "deep", "big", "bytes"]))
    if kind == "deep":
        depth = draw(st.integers(10, 5000))
        return draw(st.sampled_from(["[", '{"a":'])).encode() * depth
    if kind == "big":
        return json.dumps({"code": "x" * draw(st.integers(1000, 80_000)), "name": "x"}).encode()
    if kind == "bytes":
        return draw(st.binary(max_size=200))
    if kind == "answers":
        value = draw(answer_bodies())
    elif kind == "practice":
        value = draw(practice_bodies())
    elif kind == "keys":
        value = draw(st.dictionaries(KEYS, st.one_of(JSON, TIMES), max_size=5))
    else:
        value = draw(JSON)
    return json.dumps(value).encode()  # ensure_ascii: a lone surrogate travels as \\udXXX


ROUTES = [
    ("POST", "/api/join"),
    ("POST", "/api/hub/join"),
    ("POST", "/api/answers"),
    ("GET", "/api/me"),
    ("GET", "/api/pacing?since={query}&wait={query}"),
    ("POST", "/api/classes"),
    ("DELETE", "/api/classes/{id}"),
    ("POST", "/api/classes/{id}/sessions"),
    ("GET", "/api/classes/{id}/misconceptions"),
    ("GET", "/api/sessions/{id}/board?since={query}"),
    ("POST", "/api/sessions/{id}/control"),
    ("POST", "/api/sessions/{id}/projector"),
    ("GET", "/api/sessions/{id}/answers.csv"),
    ("GET", "/api/sessions/{id}/answers"),
    ("GET", "/static/{id}"),
    ("GET", "/api/me/practice"),
    ("GET", "/api/sessions/{id}/practice"),
    ("GET", "/api/sessions/{id}/practice.csv"),
]
WHO = st.sampled_from(["nobody", "pupil", "teacher", "garbage"])


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=True,
)
@given(
    route=st.sampled_from(ROUTES),
    number=NUMBERS,
    query=st.one_of(ANY_TEXT, NUMBERS, st.sampled_from(["nan", "inf", "-1", "1e999"])),
    body=bodies(),
    who=WHO,
    garbage=st.text(string.printable, max_size=300),
)
def test_no_hostile_request_gets_a_5xx_or_changes_anything(
    hostile_room: Room, route: tuple[str, str], number: str, query: str, body: bytes, who: str, garbage: str
) -> None:
    room = hostile_room
    method, template = route
    path = template.format(id=quote(number, safe=""), query=quote(query, safe=""))
    headers = {
        "nobody": {},
        "pupil": room.pupil,
        "teacher": {"Authorization": f"Bearer {TEACHER}"},
        "garbage": {"Authorization": garbage.replace("\n", " ").replace("\r", " ")},
    }[who]
    content = body if method != "GET" else None
    refused_without_change(room, method, path, content=content, headers=headers)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=True,
)
@given(body=practice_bodies())
def test_no_hostile_practice_try_gets_a_5xx_and_only_the_servers_marks_are_kept(
    hostile_room: Room, body: Any
) -> None:
    """A pupil's practice tries with hostile items and answers: never a 5xx; what is
    kept is the server's own mark of the item it dealt again."""
    from teachgames import practice

    room = hostile_room
    response = room.http.post("/api/answers", content=json.dumps(body).encode(), headers=room.pupil)
    assert response.status_code < 500, response.text[:300]
    for row in practice_results(room.store, int(str(room.session["id"]))):
        item = practice.item("delissimo", row["skill"], seed=row["seed"], level=row["level"],
                             language=row["language"], probe=row["probe"])  # fmt: skip
        assert item.check(row["answer"]).correct == row["correct"]
