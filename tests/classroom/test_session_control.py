"""The teacher controls the session: a picker over the class's sessions (resume one),
pause (pupils' input waits, said in their language), "Show to the class" (an answer or
a screen) reaching every pupil's link and activity, names hidden that stay hidden,
the results as CSV and as pandas' table, and the teacher's key made anew."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

import pytest

from teachgames.classroom.client import Pacing, classroom_words
from teachgames.core.answers import AnswerEvent

from .conftest import TEACHER, Classroom

LESSON = "delissimo-8plus"


def answer(room: Classroom, pupil: dict[str, str], task: str, text: str, right: bool) -> str:
    event = AnswerEvent.new(LESSON, task, text, right)
    response = room.http.post("/api/answers", json={"answers": [event.to_dict()]}, headers=pupil)
    assert response.status_code == 200, response.text
    return event.id


def control(room: Classroom, session: Any, **body: Any) -> Any:
    response = room.http.post(f"/api/sessions/{session['id']}/control", json=body, headers=room.teacher)
    assert response.status_code == 200, response.text
    return response.json()


def pacing(room: Classroom, pupil: dict[str, str]) -> dict[str, Any]:
    data: dict[str, Any] = room.http.get("/api/pacing", headers=pupil).json()
    return data


def test_pause_reaches_pupils_and_is_said_in_their_language(any_room: Classroom) -> None:
    room = any_room
    session = room.new_session(())
    asel = room.join(str(session["code"]), "Asel")
    control(room, session, action="pause")
    seen = pacing(room, asel)
    assert seen["paused"] is True
    state = Pacing()
    assert state.update(seen)
    words = {lang: classroom_words(state, LESSON, lang) for lang in ("en", "ru", "bg")}
    assert all(paused for paused, _ in words.values())
    assert len({text for _, text in words.values()}) == 3  # each in its own language
    assert "доску" in str(words["ru"][1]) and "дъската" in str(words["bg"][1])
    control(room, session, action="unpause")
    assert pacing(room, asel)["paused"] is False


def test_a_paused_activity_takes_no_input_and_says_why() -> None:
    """The lesson's activity obeys the link: every input waits, in the pupil's words."""
    from teachgames.lesson.show import show_activity

    class Paused:
        def __init__(self) -> None:
            self.paused = True
            self.sent: list[AnswerEvent] = []
            self.callbacks: list[Any] = []

        def send(self, event: AnswerEvent) -> None:
            self.sent.append(event)

        def allowed_screen(self, lesson: str) -> int | None:
            return None

        def subscribe(self, callback: Any) -> None:
            self.callbacks.append(callback)

        def classroom_note(self, lesson: str, language: str) -> tuple[bool, str | None]:
            return self.paused, ("PAUSE-" + language) if self.paused else None

    link = Paused()
    view = show_activity("delissimo", "8plus", "warmup", language="ru", link=link)  # type: ignore[arg-type]
    run = view.driver
    assert view.view_model["classroom"] == {"paused": True, "note": "PAUSE-ru"}
    with pytest.raises(ValueError, match="PAUSE-ru"):
        run.answer("1/8")
    with pytest.raises(ValueError, match="PAUSE-ru"):
        run.go(1)
    assert link.sent == []
    link.paused = False
    for callback in link.callbacks:
        callback()
    assert view.view_model["classroom"] == {"paused": False, "note": None}
    run.answer(["no-such"])  # input is read again (this one is nonsense: no try used)
    run.go(1)
    assert run.index == 1


def test_show_an_answer_or_a_screen_to_the_class(room: Classroom) -> None:
    session = room.new_session(())
    asel, boris = room.join(str(session["code"]), "Asel"), room.join(str(session["code"]), "Boris")
    wrong = answer(room, asel, "puzzles.sum", "3/8", False)
    control(room, session, action="reveal", answer=wrong)
    seen = pacing(room, boris)
    assert seen["reveal"] == {"task": "puzzles.sum", "answer": "3/8"} and seen["screen"] is None
    state = Pacing()
    state.update(seen)
    _, words = classroom_words(state, LESSON, "bg")
    assert words is not None and "3/8" in words and "Asel" not in words and "Учителят" in words
    control(room, session, action="show_screen", screen=5)
    seen = pacing(room, boris)
    assert seen["screen"] == {"index": 5, "task": "puzzles.sum"} and seen["reveal"] is None
    state.update(seen)
    _, words = classroom_words(state, LESSON, "en")
    assert words is not None and "screen 6 " in words
    board = room.http.get(f"/api/sessions/{session['id']}/board", headers=room.teacher).json()
    assert board["session"]["shown_screen"] == 5
    control(room, session, action="hide")
    assert pacing(room, boris)["screen"] is None
    refused = room.http.post(
        f"/api/sessions/{session['id']}/control",
        json={"action": "show_screen", "screen": 99},
        headers=room.teacher,
    )
    assert refused.status_code == 400
    # a pupil cannot pause or show anything
    assert room.http.post(
        f"/api/sessions/{session['id']}/control", json={"action": "pause"}, headers=asel
    ).status_code in (
        401,
        403,
    )


def test_hidden_names_stay_hidden_after_a_reload(room: Classroom) -> None:
    session = room.new_session(())
    control(room, session, action="anonymize", on=True)
    board = room.http.get(f"/api/sessions/{session['id']}/board", headers=room.teacher).json()
    assert board["session"]["anonymous"] is True  # what a reloaded page draws from
    control(room, session, action="anonymize", on=False)
    board = room.http.get(f"/api/sessions/{session['id']}/board", headers=room.teacher).json()
    assert board["session"]["anonymous"] is False


def test_the_session_picker_lists_the_classs_sessions_and_resumes_an_ended_one(room: Classroom) -> None:
    first = room.new_session(())
    room.join(str(first["code"]), "Asel")
    control(room, first, action="close")
    second = room.http.post(
        f"/api/classes/{first['class_id']}/sessions", json={"lesson": LESSON}, headers=room.teacher
    ).json()
    board = room.http.get(f"/api/sessions/{second['id']}/board", headers=room.teacher).json()
    listed = {s["id"]: s for s in board["sessions"]}
    assert set(listed) == {first["id"], second["id"]}
    assert listed[first["id"]]["open"] is False and listed[first["id"]]["pupils"] == 1
    assert listed[second["id"]]["open"] is True and listed[second["id"]]["started"]
    # a projector link sees its own session only: no picker
    path = room.http.post(f"/api/sessions/{second['id']}/projector", headers=room.teacher).json()["path"]
    projector = {"Authorization": f"Bearer {path.split('#key=')[1]}"}
    assert "sessions" not in room.http.get(f"/api/sessions/{second['id']}/board", headers=projector).json()
    # the teacher takes the ended one up again: same code, the pupil comes back
    control(room, first, action="reopen", hours=1)
    assert room.http.post("/api/join", json={"code": first["code"], "name": "Boris"}).status_code == 200
    picked = room.http.get(f"/api/sessions?class={first['class_id']}", headers=room.teacher).json()
    assert [(s["id"], s["open"], s["pupils"]) for s in picked] == [
        (first["id"], True, 2),
        (second["id"], True, 0),
    ]


def test_export_as_csv_and_as_the_pandas_table(room: Classroom) -> None:
    pd = pytest.importorskip("pandas")
    from teachgames.classroom.results import answers_frame

    session = room.new_session(())
    asel = room.join(str(session["code"]), "Asel")
    answer(room, asel, "puzzles.sum", "3/8", False)
    answer(room, asel, "warmup.compare", "1/4", True)
    base = f"/api/sessions/{session['id']}/answers"
    table = room.http.get(base + ".json", headers=room.teacher)
    assert table.status_code == 200 and "attachment" in table.headers["content-disposition"]
    frame = pd.read_json(io.StringIO(table.text), orient="table")
    expected = answers_frame(room.http.get(base, headers=room.teacher).json())
    pd.testing.assert_frame_equal(frame.reset_index(drop=True), expected, check_dtype=False)
    assert list(frame["correct"]) == [False, True] and str(frame["at"].dt.tz) == "UTC"
    assert json.loads(table.text)["schema"]["fields"]
    csv = room.http.get(base + ".csv", headers=room.teacher)
    assert csv.status_code == 200 and '"pupil_id"' in csv.text.splitlines()[0]
    # a pupil gets neither
    assert room.http.get(base + ".json", headers=asel).status_code in (401, 403)


def test_the_teachers_key_rotates_and_the_old_one_stops_working(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from teachgames.classroom.server import Settings, create_app
    from teachgames.classroom.store import Store

    url = f"sqlite:///{tmp_path / 'c.db'}"
    key_file, link_file = tmp_path / "classroom-teacher.key", tmp_path / "classroom-teacher.link"
    key_file.write_text(TEACHER + "\n")
    link_file.write_text(f"http://x/dashboard?lang=en#key={TEACHER}\n")
    settings = Settings(
        url=url,
        teacher_key=TEACHER,
        key_file=key_file,
        link_file=link_file,
        link_base="http://x/dashboard?lang=en",
    )
    store = Store(url)
    http = TestClient(create_app(settings, store))
    old = {"Authorization": f"Bearer {TEACHER}"}
    assert http.get("/api/classes", headers=old).status_code == 200
    made = http.post("/api/teacher/key", headers=old)
    assert made.status_code == 201
    new = {"Authorization": f"Bearer {made.json()['key']}"}
    assert http.get("/api/classes", headers=old).status_code == 403
    assert http.get("/api/classes", headers=new).status_code == 200
    assert key_file.read_text().strip() == made.json()["key"] and TEACHER not in link_file.read_text()
    assert (
        oct(key_file.stat().st_mode & 0o777) == "0o600" and oct(link_file.stat().st_mode & 0o777) == "0o600"
    )
    # `teachgames class rotate-key` writes the file; the running server takes it up
    from teachgames.classroom.keys import rotate

    env = os.environ.pop("TEACHGAMES_CLASS_KEY", None)
    try:
        third = rotate(url)
    finally:
        if env is not None:
            os.environ["TEACHGAMES_CLASS_KEY"] = env
    assert http.get("/api/classes", headers=new).status_code == 403
    assert http.get("/api/classes", headers={"Authorization": f"Bearer {third}"}).status_code == 200
    assert third in link_file.read_text()
    # a pupil's token or no key cannot make one
    assert http.post("/api/teacher/key").status_code == 401
    store.close()
