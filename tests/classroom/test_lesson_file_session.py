"""A class session of a teacher's own lesson file: the server judges it with the file's
own tasks (as the pupils' activities do), keeps the file as it was when the session
began, heads the board with its screens' titles, and pupils' notebooks join it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from teachgames.classroom.judge import UnknownLesson, judge, lesson_tasks, session_lesson
from teachgames.classroom.resume import progress_record
from teachgames.core.answers import AnswerEvent
from teachgames.core.errors import GameFileError
from teachgames.lesson import Activity, load_lesson, read_lesson, show_lesson
from teachgames.lesson.own import lesson_source

from .conftest import Classroom

LESSON: dict[str, Any] = {
    "format": "teachgames-lesson",
    "version": 1,
    "id": "my-halves",
    "language": "ru",
    "title": {"ru": "Половинки", "en": "Halves"},
    "screens": [
        {
            "id": "two-quarters",
            "title": {"ru": "Две четверти", "en": "Two quarters"},
            "prompt": {"ru": "Сколько это: 1/4 + 1/4?", "en": "How much is 1/4 + 1/4?"},
            "task": {
                "kind": "amount",
                "answer": "1/2",
                "wrong": [{"answer": "2/8", "misconception": "tops_and_bottoms"}],
            },
        },
        {
            "id": "smaller",
            "title": {"ru": "Что меньше?", "en": "Which is smaller?"},
            "prompt": {"ru": "Что меньше?", "en": "Which is smaller?"},
            "task": {
                "kind": "choose",
                "options": [
                    {"id": "eighth", "text": "1/8", "right": True},
                    {"id": "quarter", "text": "1/4", "misconception": "bigger_denominator"},
                ],
            },
        },
    ],
}


def lesson_file(folder: Path, lesson: dict[str, Any] = LESSON) -> Path:
    path = folder / "week-3.json"
    path.write_text(json.dumps(lesson, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


def start(room: Classroom, lesson: Any) -> dict[str, Any]:
    klass = room.http.post("/api/classes", json={"name": "7B"}, headers=room.teacher).json()
    response = room.http.post(
        f"/api/classes/{klass['id']}/sessions", json={"lesson_file": lesson}, headers=room.teacher
    )
    assert response.status_code == 201, response.text
    session: dict[str, Any] = response.json()
    session["class_id"] = klass["id"]
    return session


def sent(task: str, answer: str, correct: bool, language: str = "ru") -> dict[str, Any]:
    event = AnswerEvent.new("my-halves", task, answer, correct, language=language)
    return event.to_dict()


def answered(screen: int, given: object, language: str) -> AnswerEvent:
    """What a pupil's activity of the lesson sends for one answer."""
    events: list[AnswerEvent] = []
    run = Activity(read_lesson(LESSON), language, record=events.append)
    run.go(screen)
    run.answer(given)
    (event,) = events
    return event


def test_the_server_judges_a_teachers_lesson_with_its_own_tasks(any_room: Classroom) -> None:
    room = any_room
    session = start(room, LESSON)
    assert session["lesson"] == "my-halves"
    pupil = room.join(session["code"], "Аня")
    right, wrong = answered(0, "2/4", "ru"), answered(1, ["quarter"], "en")
    assert (right.correct, wrong.correct) == (True, False)
    answers = [  # what the pupil's side claims is not used
        {**right.to_dict(), "correct": False, "misconception": "lesson.misconception.made_up"},
        {**wrong.to_dict(), "correct": True, "misconception": None},
    ]
    assert room.http.post("/api/answers", json={"answers": answers}, headers=pupil).status_code == 200
    rows = {r["task"]: r for r in room.store.answers(int(session["id"]))}
    assert (rows["screens.two-quarters"]["correct"], rows["screens.two-quarters"]["misconception"]) == (
        True,
        None,
    )
    assert rows["screens.smaller"]["correct"] is False
    assert rows["screens.smaller"]["misconception"] == "lesson.misconception.bigger_denominator"
    # a task the file lacks, and another lesson's task, are refused
    for bad in (
        sent("screens.nothing", "1/2", True),
        {**sent("warmup.fit", "1/2", True), "lesson": "delissimo-8plus"},
    ):
        assert room.http.post("/api/answers", json={"answers": [bad]}, headers=pupil).status_code == 422
    # the board: one column per screen with a task, headed by its title in the board's language
    board = room.http.get(f"/api/sessions/{session['id']}/board?lang=ru", headers=room.teacher).json()
    assert board["tasks"] == ["screens.two-quarters", "screens.smaller"]
    assert board["titles"] == {"screens.two-quarters": "Две четверти", "screens.smaller": "Что меньше?"}


def test_the_session_keeps_the_lesson_as_it_was_when_it_began(room: Classroom, tmp_path: Path) -> None:
    """The teacher edits the file during the lesson: the session still judges the
    lesson its pupils are answering."""
    path = lesson_file(tmp_path)
    lesson_id, source = session_lesson(str(path))
    klass = room.store.class_named("7B")
    info = room.store.new_session(klass, lesson_id, list(lesson_tasks(lesson_id, source)), 1, source)
    edited = json.loads(path.read_text(encoding="utf-8"))
    edited["screens"][0]["task"]["answer"] = "3/4"
    path.write_text(json.dumps(edited), encoding="utf-8")
    kept = room.store.session(info.id)
    assert kept is not None and kept.lesson_file == source
    verdict = judge(kept.lesson, "screens.two-quarters", "1/2", "en", source=kept.lesson_file)
    assert verdict is not None and verdict.correct
    # a restarted server takes the session up again only for the same lesson
    assert room.store.resumable(klass, lesson_id, source) == kept
    assert room.store.resumable(klass, lesson_id, session_lesson(str(path))[1]) is None


@pytest.mark.parametrize(
    "hostile",
    [
        None,
        "my-halves",
        [LESSON],
        {**LESSON, "version": 99},
        {**LESSON, "screens": []},
        {**LESSON, "id": "<script>"},
    ],
)
def test_a_lesson_file_that_is_no_lesson_is_refused_in_words(room: Classroom, hostile: Any) -> None:
    klass = room.http.post("/api/classes", json={"name": "7B"}, headers=room.teacher).json()
    response = room.http.post(
        f"/api/classes/{klass['id']}/sessions", json={"lesson_file": hostile}, headers=room.teacher
    )
    assert response.status_code == 400
    assert "lesson_file" in response.json()["message"]
    assert room.store.sessions() == []


def test_a_pupil_cannot_start_a_session_of_a_lesson_file(room: Classroom) -> None:
    session = start(room, LESSON)
    pupil = room.join(session["code"], "Mischief")
    response = room.http.post(
        f"/api/classes/{session['class_id']}/sessions", json={"lesson_file": LESSON}, headers=pupil
    )
    assert response.status_code in (401, 403)
    assert len(room.store.sessions()) == 1


def test_the_judge_names_a_file_that_is_not_the_lessons() -> None:
    source = str(read_lesson(LESSON).meta["json"])
    assert list(lesson_tasks("my-halves", source)) == ["screens.two-quarters", "screens.smaller"]
    with pytest.raises(UnknownLesson, match="my-halves"):
        lesson_tasks("other-id", source)


def test_class_serve_takes_a_lesson_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`teachgames class serve --class 7B --lesson week-3.json` opens a session of the
    file (checked first: a broken file is one line of words, no traceback)."""
    from teachgames.cli import main as teachgames_main

    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "teachgames-lesson", "version": 1, "id": "x", "title": "x", "screens": 3}')
    db = f"sqlite:///{tmp_path / 'c.db'}"
    code = teachgames_main(
        ["class", "serve", "--db", db, "--class", "7B", "--lesson", str(broken), "--port", "0"]
    )
    said = capsys.readouterr()
    assert code != 0 and "/screens" in said.err and "Traceback" not in said.err
    # in the teacher's language
    code = teachgames_main(
        ["class", "serve", "--db", db, "--class", "7B", "--lesson", str(broken), "--language", "ru"]
    )
    said = capsys.readouterr()
    assert code != 0 and "/screens" in said.err and "Traceback" not in said.err
    assert re.search("[а-я]{4}", said.err), said.err


class Link:
    """A pupil's class link as the lesson sees it: what it was sent, the pacing it holds."""

    def __init__(self, allowed: int | None = None) -> None:
        self.sent: list[AnswerEvent] = []
        self.allowed = allowed
        self.pupil_id = "p1"

    def send(self, event: AnswerEvent) -> None:
        self.sent.append(event)

    def allowed_screen(self, lesson: str) -> int | None:
        return self.allowed

    def subscribe(self, callback: Any) -> None:
        pass

    def saved_progress(self, lesson_id: str, part: str) -> dict[str, Any] | None:
        answers = [{"lesson": lesson_id, "task": "screens.two-quarters", "answer": "2/8", "attempt": 1}]
        return progress_record(lesson_id, part, answers)


def test_a_pupils_notebook_of_a_lesson_file_joins_the_class(tmp_path: Path) -> None:
    """`show_lesson` (what the teacher's lesson's notebook runs): answers go to the
    class, the teacher's pacing holds the screens, the server's record of the pupil's
    work comes back."""
    spec = load_lesson(lesson_file(tmp_path))
    link = Link(allowed=0)
    view = show_lesson(spec, language="ru", link=link)  # type: ignore[arg-type]
    run: Activity = view.driver  # type: ignore[assignment]
    assert lesson_source("my-halves") == spec.meta["json"]
    # the server's record: the first try at the first screen was 2/8 (named, one try used)
    assert run.progress()["screens"]["two-quarters"]["answers"] == ["2/8"]
    with pytest.raises(ValueError):  # held on the first screen by the teacher
        run.go(1)
    mark = run.answer("1/2")
    assert mark.correct and [(e.lesson, e.task, e.answer) for e in link.sent] == [
        ("my-halves", "screens.two-quarters", "1/2")
    ]


def test_a_teacher_starts_a_lesson_file_and_a_pupils_notebook_answers_it_over_http(tmp_path: Path) -> None:
    """Over a real server: the teacher's notebook starts a session of the file, a pupil
    joins and answers in the file's activity, the server judges it; the pupil's kernel,
    restarted, gets the work back from the server."""
    from teachgames.classroom import Teacher, join

    from .live import KEY, LiveServer

    path = lesson_file(tmp_path)
    live = LiveServer(f"sqlite:///{tmp_path / 'c.db'}", log=tmp_path / "server.log").start()
    try:
        session = Teacher(live.url, KEY).start("7C", str(path))
        assert session["lesson"] == "my-halves"
        link = join(live.url, session["code"], "Борис")
        run: Activity = show_lesson(path, language="ru", link=link).driver  # type: ignore[assignment]
        assert not run.answer("2/8").correct  # named, one try used
        assert run.answer("2/4").correct
        assert link.flush(10)
        board = Teacher(live.url, KEY).board(session["id"], "ru")
        (pupil,) = board["pupils"]
        assert pupil["cells"]["screens.two-quarters"]["state"] == "right"
        assert board["titles"]["screens.two-quarters"] == "Две четверти"
        again: Activity = show_lesson(path, language="ru", link=link).driver  # type: ignore[assignment]
        assert again.progress()["screens"]["two-quarters"]["answers"] == ["2/8", "2/4"]
        with pytest.raises(GameFileError):
            Teacher(live.url, KEY).start("7C", str(tmp_path / "missing.json"))
        link.close()
    finally:
        live.stop()
