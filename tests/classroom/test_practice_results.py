"""A pupil's practice in a class: the server marks each try again, keeps it, and the
teacher's board shows the skill x pupil mastery grid (SQLite and PostgreSQL)."""

from __future__ import annotations

import csv
import io
from typing import Any

from teachgames import practice
from teachgames.core.answers import AnswerEvent

from .conftest import Classroom

GAME = "delissimo"


def a_try(skill: str, seed: int, text: str, *, correct: bool = True, attempt: int = 1, hints: int = 0,
          level: int = 1, key: str | None = None, language: str = "en") -> dict[str, Any]:  # fmt: skip
    event = AnswerEvent.new(
        f"practice-{GAME}", f"{skill}.{level}.{seed}", text, correct,
        misconception=key, attempt=attempt, language=language, hints=hints,
    )  # fmt: skip
    return event.to_dict()


def wrong_by(skill: str, key: str, start: int = 0) -> list[tuple[int, str]]:
    """Seeds (level 1) whose item a misconception answers wrongly, with that answer."""
    found = []
    for seed in range(start, start + 200):
        given = practice.item(GAME, skill, seed=seed, level=1).wrong_answers().get(key)
        if given is not None:
            found.append((seed, given))
        if len(found) == 3:
            return found
    raise AssertionError(f"no item of {skill} that {key} answers wrongly")


def right(skill: str, seed: int) -> str:
    item = practice.item(GAME, skill, seed=seed, level=1)
    return item.typed(item.problem.value)


def send(room: Classroom, pupil: dict[str, str], tries: list[dict[str, Any]], lang: str = "en") -> Any:
    return room.http.post(f"/api/answers?lang={lang}", json={"answers": tries}, headers=pupil)


def test_a_forged_right_is_marked_again_and_the_grid_names_who_holds_what(any_room: Classroom) -> None:
    room = any_room
    session = room.new_session()
    asel, boris = room.join(str(session["code"]), "Asel"), room.join(str(session["code"]), "Boris")
    # Asel answers two items as "tops and bottoms added" would, and claims both right
    wrongs = wrong_by("add_unlike", "tops_and_bottoms")[:2]
    forged = [a_try("add_unlike", seed, text, correct=True) for seed, text in wrongs]
    assert send(room, asel, forged).status_code == 200
    # Boris gets three right at once, no hints
    fine = [a_try("add_unlike", seed, right("add_unlike", seed)) for seed in (40, 41, 42)]
    assert send(room, boris, fine).status_code == 200

    mine = room.http.get("/api/me/practice", headers=asel).json()["results"]
    assert [r["correct"] for r in mine] == [False, False], "the server's mark, not the pupil's claim"
    assert {r["misconception"] for r in mine} == {"tops_and_bottoms"}
    assert all("pupil_id" not in r and r["pupil"] == "Asel" for r in mine)
    theirs = room.http.get("/api/me/practice", headers=boris).json()["results"]
    assert {r["id"] for r in theirs}.isdisjoint({r["id"] for r in mine}), "Boris never reads Asel's"
    assert room.http.get("/api/me/practice").status_code == 401

    board = room.http.get(f"/api/sessions/{session['id']}/board?lang=ru", headers=room.teacher).json()
    grid = board["practice"]
    ids = {p["name"]: str(p["id"]) for p in board["pupils"]}
    assert [s["id"] for s in grid["skills"]] == ["add_unlike"]
    assert grid["skills"][0]["title"] == practice.skill(GAME, "add_unlike").title("ru")
    a, b = grid["cells"][ids["Asel"]]["add_unlike"], grid["cells"][ids["Boris"]]["add_unlike"]
    assert a["held"] == "tops_and_bottoms" and a["help"] and a["right"] == 0
    assert a["held_title"] == "сложены числители и знаменатели"
    assert b["held"] is None and not b["help"] and b["known"] > a["known"] and b["right"] == 3
    assert board["words"]["practice"].startswith("Тренировка")

    # only the teacher reads the grid and its export
    assert room.http.get(f"/api/sessions/{session['id']}/practice", headers=asel).status_code in (401, 403)
    text = room.http.get(f"/api/sessions/{session['id']}/practice.csv?lang=en", headers=room.teacher).text
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["pupil"], r["skill"], r["misconception"]) for r in rows] == [
        ("Asel", "add_unlike", "tops_and_bottoms"),
        ("Boris", "add_unlike", ""),
    ]
    assert rows[0]["misconception_title"] == "tops and bottoms added"


def test_a_hint_before_the_first_try_and_a_retry_count_as_the_run_counts_them(any_room: Classroom) -> None:
    room = any_room
    session = room.new_session()
    pupil = room.join(str(session["code"]), "Ира")
    seed = 7
    helped = a_try("compare", seed, right("compare", seed), hints=1)
    assert send(room, pupil, [helped]).status_code == 200
    assert send(room, pupil, [helped]).json()["acknowledged"] == [helped["id"]], "a retry is one try"
    board = room.http.get(f"/api/sessions/{session['id']}/board", headers=room.teacher).json()
    cell = next(iter(board["practice"]["cells"].values()))["compare"]
    assert cell["items"] == 1 and cell["right"] == 0, "a hint before the first try makes it a miss"
    results = room.http.get(f"/api/sessions/{session['id']}/practice", headers=room.teacher).json()["results"]
    assert len(results) == 1 and results[0]["correct"] is True and results[0]["hints"] == 1


def test_items_the_server_cannot_deal_are_refused_in_words_and_the_rest_kept(room: Classroom) -> None:
    session = room.new_session()
    pupil = room.join(str(session["code"]), "Asel")
    good = a_try("eighths", 3, right("eighths", 3))
    bad = [
        a_try("no_such_skill", 1, "1/2"),
        a_try("eighths", 1, "1/2", level=9),
        a_try("eighths", 1, "1/2", attempt=3),
        {**a_try("eighths", 1, "1/2"), "lesson": "practice-tsvetik"},
        {**a_try("eighths", 1, "1/2"), "task": "eighths.1.99999999999999999999"},
        a_try("eighths", 2, "not an answer at all"),
    ]
    response = send(room, pupil, [good, *bad], lang="bg")
    assert response.status_code == 422
    body = response.json()
    assert body["acknowledged"] == [good["id"]]
    assert set(body["refused"]) == {b["id"] for b in bad}
    assert "упражнение" in body["problems"][bad[0]["id"]]
    assert len(room.http.get("/api/me/practice", headers=pupil).json()["results"]) == 1


def test_the_teachers_results_command_writes_the_practice_mastery(room: Classroom, tmp_path: Any) -> None:
    from teachgames.cli import main

    session = room.new_session()
    asel = room.join(str(session["code"]), "=Asel")
    wrongs = wrong_by("add_unlike", "tops_and_bottoms")[:2]
    send(room, asel, [a_try("add_unlike", seed, text) for seed, text in wrongs])
    out = tmp_path / "practice.csv"
    argv = ["class", "results", "--db", room.store.url, "--session", str(session["id"]), "--practice",
            "--language", "bg", "-o", str(out)]  # fmt: skip
    assert main(argv) == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert [(r["pupil"], r["skill"], r["misconception"]) for r in rows] == [
        ("'=Asel", "add_unlike", "tops_and_bottoms")  # a formula is defused for spreadsheets
    ]
    assert rows[0]["misconception_title"] == "събрани са числителите и знаменателите"


def test_removing_a_pupil_or_the_class_removes_their_practice(any_room: Classroom) -> None:
    from teachgames.classroom.practice_results import results

    room = any_room
    session = room.new_session()
    asel, boris = room.join(str(session["code"]), "Asel"), room.join(str(session["code"]), "Boris")
    send(room, asel, [a_try("eighths", 1, right("eighths", 1))])
    send(room, boris, [a_try("eighths", 2, right("eighths", 2))])
    board = room.http.get(f"/api/sessions/{session['id']}/board", headers=room.teacher).json()
    asel_id = next(p["id"] for p in board["pupils"] if p["name"] == "Asel")
    gone = room.http.delete(f"/api/sessions/{session['id']}/pupils/{asel_id}", headers=room.teacher)
    assert gone.status_code == 204
    assert [r["pupil"] for r in results(room.store, int(str(session["id"])))] == ["Boris"]
    assert room.http.delete(f"/api/classes/{session['class_id']}", headers=room.teacher).status_code == 204
    assert results(room.store, int(str(session["id"]))) == []


def test_the_lessons_practice_sends_its_tries_through_the_pupils_class_link() -> None:
    """`practice.show` in a class: the link given, or the one the pupil's page joined
    with (as the lesson's activities use), gets each try naming its item and hints."""
    from teachgames.lesson.show import use_class_link

    class Link:
        def __init__(self) -> None:
            self.sent: list[AnswerEvent] = []

        def send(self, event: AnswerEvent) -> None:
            self.sent.append(event)

    joined = Link()
    use_class_link(joined)  # type: ignore[arg-type]
    try:
        widget = practice.show(GAME, skills=["eighths"], seed=4)
    finally:
        use_class_link(None)
    run = widget.run
    run.hint()
    run.answer("1/8")
    item = run.item
    assert [(e.lesson, e.task, e.answer, e.hints) for e in joined.sent] == [
        (f"practice-{GAME}", f"eighths.{item.level}.{item.seed}", "1/8", 1)
    ]
    alone = practice.show(GAME, skills=["eighths"], seed=4)
    alone.run.answer("1/8")  # no class: nothing is sent anywhere
    assert len(joined.sent) == 1
