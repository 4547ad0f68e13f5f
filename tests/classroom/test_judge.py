"""The server is the judge: it marks each answer with the lesson's own task, as the
pupil's activity did, whatever the pupil's side claims; a task the lesson lacks, a try
past the task's tries, a made-up text are refused; one current answer per try."""

from __future__ import annotations

from typing import Any

import pytest

from teachgames.classroom.judge import UnknownLesson, judge, lesson_tasks, resolve_tasks
from teachgames.core.answers import AnswerEvent
from teachgames.lesson.show import activity
from tests.lesson.answering import right_answer, wrong_answers

from .conftest import Classroom

LESSON = "delissimo-8plus"
LESSONS = ("delissimo-6plus", "delissimo-8plus", "delissimo-10plus", "split-classify", "tsvetik-11plus")


def recorded(lesson: str, language: str) -> list[AnswerEvent]:
    """What pupils' activities send for every task of ``lesson``: the right answer and
    each likely wrong one, each from a fresh run (one try used)."""
    game, name = lesson.split("-", 1)
    events: list[AnswerEvent] = []
    for task_id, entry in lesson_tasks(lesson).items():
        part, screen_id = task_id.split(".")
        for given in [right_answer(entry.task), *(a for a, _key in wrong_answers(entry.task))]:
            run = activity(game, name, part, language=language, record=events.append)
            run.go(next(i for i, s in enumerate(run.spec.screens) if s.id == screen_id))
            run.answer(given)
    return events


@pytest.mark.parametrize("lesson", LESSONS)
@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_the_server_marks_what_a_pupils_activity_sends_as_the_activity_did(
    lesson: str, language: str
) -> None:
    events = recorded(lesson, language)
    assert len(events) >= len(lesson_tasks(lesson)) and any(not e.correct for e in events)
    for e in events:
        verdict = judge(lesson, e.task, e.answer, e.language)
        assert verdict is not None, (e.task, e.answer)
        assert (verdict.correct, verdict.misconception) == (e.correct, e.misconception), (e.task, e.answer)


def test_the_server_knows_a_lessons_tasks_and_its_parts() -> None:
    assert list(lesson_tasks(LESSON))[:2] == ["warmup.fit", "warmup.half"]
    assert resolve_tasks(LESSON, ["toppings", "compare", "sum"]) == [
        "puzzles.toppings",
        "warmup.compare",
        "puzzles.sum",
    ]
    with pytest.raises(ValueError, match=r"puzzles\.toppings"):
        resolve_tasks(LESSON, ["toppings", "no_such"])
    assert next(iter(lesson_tasks("experiments-simulation"))).startswith("predict.")
    with pytest.raises(UnknownLesson):
        lesson_tasks("delissimo-99plus")


def post(room: Classroom, pupil: dict[str, str], *events: dict[str, Any]) -> Any:
    return room.http.post("/api/answers", json={"answers": list(events)}, headers=pupil)


def forged(task: str, text: str, correct: bool, key: str | None = None, attempt: int = 1) -> dict[str, Any]:
    return AnswerEvent.new(LESSON, task, text, correct, misconception=key, attempt=attempt).to_dict()


def test_a_pupils_verdict_and_misconception_are_not_trusted(any_room: Classroom) -> None:
    room = any_room
    session = room.new_session()
    pupil = room.join(str(session["code"]), "Mischief")
    sent = [
        forged("puzzles.sum", "1/2", True),  # wrong, claimed right
        forged("warmup.quarter", "2/8", False, "lesson.misconception.made_up"),  # right, claimed wrong
        forged("ticket.t2", "3/8", False, "lesson.misconception.made_up"),  # wrong: the task names why
        forged("warmup.compare", "1/8", True),  # a choice, by its words
    ]
    assert post(room, pupil, *sent).status_code == 200
    rows = {r["task"]: r for r in room.store.answers(int(session["id"]))}
    assert {t: (r["correct"], r["misconception"]) for t, r in rows.items()} == {
        "puzzles.sum": (False, None),
        "warmup.quarter": (True, None),
        "ticket.t2": (False, "lesson.misconception.bottom_only"),
        "warmup.compare": (False, "lesson.misconception.bigger_denominator"),
    }
    board = room.http.get(f"/api/sessions/{session['id']}/board", headers=room.teacher).json()
    (mine,) = board["pupils"]
    assert mine["cells"]["puzzles.sum"]["state"] == "wrong"


def test_made_up_tasks_texts_and_tries_are_refused_and_change_nothing(any_room: Classroom) -> None:
    room = any_room
    session = room.new_session()
    sid = int(session["id"])
    pupil = room.join(str(session["code"]), "Mischief")
    before = room.http.get(f"/api/sessions/{sid}/board", headers=room.teacher).json()
    made_up = [forged(f"puzzles.fake{n}", "1/2", False) for n in range(50)]
    response = post(room, pupil, *made_up)
    assert response.status_code == 422
    assert sorted(response.json()["refused"]) == sorted(e["id"] for e in made_up)
    assert "fake0" in response.json()["problems"][made_up[0]["id"]]
    other_lesson = {**forged("warmup.fit", "1/2", False), "lesson": "tsvetik-8plus"}
    past_tries = forged("puzzles.sum", "3/8", False, attempt=3)
    nonsense = forged("puzzles.sum", "sixty copies of a made-up answer", False, "lesson.misconception.x")
    not_an_option = forged("warmup.compare", "1/3", True)
    for bad in (other_lesson, past_tries, nonsense, not_an_option):
        assert post(room, pupil, bad).status_code == 422, bad
    # an unknown task among good answers holds none of them up
    good = forged("puzzles.sum", "6/8", True)
    mixed = post(room, pupil, forged("no.such", "1", True), good)
    assert mixed.status_code == 422 and mixed.json()["acknowledged"] == [good["id"]]
    assert room.store.count_answers(sid) == 1
    after = room.http.get(f"/api/sessions/{sid}/board", headers=room.teacher).json()
    assert after["tasks"] == before["tasks"] and after["common"] == []


def test_one_current_answer_per_pupil_task_and_try(any_room: Classroom) -> None:
    """A flood of new ids for one try keeps one row: the newest; a retry of an id is
    acknowledged again and changes nothing."""
    room = any_room
    session = room.new_session()
    sid = int(session["id"])
    pupil = room.join(str(session["code"]), "Flood")
    flood = [
        forged("puzzles.sum", "3/8", False) | {"at": f"2026-12-01T09:00:{n:02d}.000+00:00"} for n in range(60)
    ]
    for n in range(0, 60, 20):
        assert post(room, pupil, *flood[n : n + 20]).status_code == 200
    assert post(room, pupil, flood[0]).status_code == 200  # an old retry
    rows = room.store.answers(sid)
    assert [(r["id"], r["attempt"]) for r in rows] == [(flood[-1]["id"], 1)]
    board = room.http.get(f"/api/sessions/{sid}/board", headers=room.teacher).json()
    assert [c["count"] for c in board["common"]] == [1]


def test_the_hints_a_pupils_activity_used_are_kept(room: Classroom) -> None:
    session = room.new_session()
    pupil = room.join(str(session["code"]), "Asel")
    assert post(room, pupil, forged("puzzles.sum", "6/8", True) | {"hints": 2}).status_code == 200
    for bad in (-1, 101, "2", True, 2.5):
        assert post(room, pupil, forged("ticket.t2", "6/8", True) | {"hints": bad}).status_code == 400
    (row,) = room.http.get(f"/api/sessions/{session['id']}/answers", headers=room.teacher).json()
    assert row["hints"] == 2


def test_a_session_names_the_lessons_tasks_or_is_refused(room: Classroom) -> None:
    klass = room.http.post("/api/classes", json={"name": "7B"}, headers=room.teacher).json()
    path = f"/api/classes/{klass['id']}/sessions"
    made = room.http.post(path, json={"lesson": LESSON}, headers=room.teacher)
    assert made.status_code == 201
    board = room.http.get(f"/api/sessions/{made.json()['id']}/board", headers=room.teacher).json()
    assert board["tasks"] == list(lesson_tasks(LESSON))
    for body in ({"lesson": "delissimo-99plus"}, {"lesson": LESSON, "tasks": ["toppings", "nope"]}):
        refused = room.http.post(path, json=body, headers=room.teacher)
        assert refused.status_code == 400 and refused.json()["message"], body


def test_joins_are_limited_per_address_and_per_code(room: Classroom) -> None:
    session = room.new_session()
    code = str(session["code"])
    statuses = [
        room.http.post("/api/join", json={"code": code, "name": f"Bot {n}"}).status_code for n in range(14)
    ]
    assert statuses == [200] * 10 + [429] * 4
    # through a trusted proxy each pupil has their own address, and the code its own limit
    room.settings.trusted_proxies = ("testclient",)
    statuses = [
        room.http.post(
            "/api/join", json={"code": code, "name": f"Pupil {n}"}, headers={"X-Forwarded-For": f"10.0.0.{n}"}
        ).status_code
        for n in range(60)
    ]
    assert statuses.count(200) == 50 and statuses[-1] == 429
    assert len(room.store.pupils(int(session["id"]))) == 60


def test_the_teacher_removes_a_pupil_and_deletes_an_answer(any_room: Classroom) -> None:
    room = any_room
    session = room.new_session()
    sid = session["id"]
    asel = room.join(str(session["code"]), "Asel")
    bot = room.join(str(session["code"]), "Not a pupil")
    wrong, right = forged("puzzles.sum", "3/8", False), forged("warmup.quarter", "2/8", True)
    assert post(room, asel, wrong, right).status_code == 200
    assert post(room, bot, forged("puzzles.sum", "3/8", False)).status_code == 200
    board = room.http.get(f"/api/sessions/{sid}/board", headers=room.teacher).json()
    bot_id = next(p["id"] for p in board["pupils"] if p["name"] == "Not a pupil")
    # a pupil cannot; the teacher can
    assert room.http.delete(f"/api/sessions/{sid}/pupils/{bot_id}", headers=asel).status_code == 403
    assert room.http.delete(f"/api/sessions/{sid}/pupils/{bot_id}", headers=room.teacher).status_code == 204
    assert room.http.get("/api/me", headers=bot).status_code == 401  # their link asks them to join again
    assert (
        room.http.delete(f"/api/sessions/{sid}/answers/{wrong['id']}", headers=room.teacher).status_code
        == 204
    )
    for path in (f"/api/sessions/{sid}/pupils/{bot_id}", f"/api/sessions/{sid}/answers/{wrong['id']}",
                 f"/api/sessions/{sid}/pupils/99999999999", f"/api/sessions/{sid}/answers/x"):  # fmt: skip
        assert room.http.delete(path, headers=room.teacher).status_code == 404, path
    board = room.http.get(f"/api/sessions/{sid}/board", headers=room.teacher).json()
    assert [p["name"] for p in board["pupils"]] == ["Asel"] and board["common"] == []
    assert [r["id"] for r in room.store.answers(int(sid))] == [right["id"]]


def test_hold_here_never_sends_a_pupil_back_and_the_board_shows_hints(room: Classroom) -> None:
    klass = room.http.post("/api/classes", json={"name": "7B"}, headers=room.teacher).json()
    session = room.http.post(f"/api/classes/{klass['id']}/sessions", json={"lesson": LESSON},
                             headers=room.teacher).json()  # fmt: skip
    pupil = room.join(str(session["code"]), "Asel")
    tasks = list(lesson_tasks(LESSON))
    assert post(room, pupil, forged("warmup.quarter", "2/8", True) | {"hints": 1}).status_code == 200
    control = f"/api/sessions/{session['id']}/control"
    held = room.http.post(control, json={"action": "hold"}, headers=room.teacher).json()
    assert held["pacing"] == tasks.index("warmup.quarter") > 0  # the furthest answered, not the first
    board = room.http.get(f"/api/sessions/{session['id']}/board?lang=ru", headers=room.teacher).json()
    cell = board["pupils"][0]["cells"]["warmup.quarter"]
    assert cell["hints"] == 1 and cell["hints_text"] == "1 подсказка"
    assert board["words"]["end"] == "Закончить урок"
