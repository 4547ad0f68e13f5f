"""`teachgames lessons --pupil --class URL`: a pupil in Voilà joins the class with the
join form above the lesson, and the answer they give in the lesson's activity reaches
the teacher's board on a live class server."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from browser.conftest import LESSON_ACTIVITY

from teachgames.delissimo.lesson.activities import activity
from teachgames.lesson.show import lesson_tasks
from tests.classroom.live import LiveServer

from .conftest import RENDER_TIMEOUT_MS, WALK_TIMEOUT_MS, PupilPage, give, running_voila

pytestmark = pytest.mark.browser

LESSON = "delissimo-8plus.ipynb"


def test_a_pupil_in_voila_joins_the_class_and_their_answer_reaches_the_board(
    voila_browser: Any, tmp_path: Path
) -> None:
    from lesson.answering import right_answer
    from playwright.sync_api import expect

    live = LiveServer(f"sqlite:///{tmp_path / 'c.db'}", log=tmp_path / "server.log").start()
    try:
        session = live.new_session(lesson_tasks("delissimo", "8plus"))
        with running_voila(tmp_path / "voila", "en", class_url=live.url) as voila:
            context = voila_browser.new_context(viewport={"width": 1280, "height": 720})
            page = context.new_page()
            pupil = PupilPage(page, tmp_path)
            page.goto(voila.url(LESSON), timeout=RENDER_TIMEOUT_MS)
            form = page.locator(".tg-join-form")
            expect(form).to_be_visible(timeout=RENDER_TIMEOUT_MS)
            page.get_by_label("Class code (on the board)").fill(str(session["code"]).lower())
            page.get_by_label("Your name").fill("Asel")
            page.get_by_role("button", name="Join").click()
            expect(page.locator(".tg-join-status")).to_contain_text("You are in the class as Asel",
                                                                    timeout=WALK_TIMEOUT_MS)  # fmt: skip
            pupil.shot("voila-pupil-class-form")
            root = page.locator(LESSON_ACTIVITY).nth(0)
            root.scroll_into_view_if_needed()
            spec = activity("8plus", "warmup")
            give(root, right_answer(spec.screens[0].task))
            expect(root.locator("[data-testid=tga-feedback]")).to_contain_text("✓", timeout=WALK_TIMEOUT_MS)
            pupil.shot("voila-pupil-joined-class")
            board: dict[str, Any] = {}
            for _ in range(100):  # the link sends in the background: within seconds
                board = live.call("GET", f"/api/sessions/{session['id']}/board")
                if any(p["cells"] for p in board["pupils"]):
                    break
                time.sleep(0.2)
            assert [p["name"] for p in board["pupils"]] == ["Asel"]
            cells = board["pupils"][0]["cells"]
            assert cells[f"warmup.{spec.screens[0].id}"]["state"] == "right", cells
            page.goto("about:blank")
            context.close()
    finally:
        live.stop()


def test_a_pupil_in_voila_answers_a_teachers_lesson_file_and_the_server_judges_it(
    voila_browser: Any, tmp_path: Path
) -> None:
    """The teacher's own lesson (a file, its notebook from `teachgames lessons`) in a class
    session of that file: the pupil's wrong answer is named, the right one counts, and the
    board shows both as the server judged them."""
    from playwright.sync_api import expect

    from teachgames.cli.teacher_lessons import teacher_lessons
    from tests.classroom.test_lesson_file_session import LESSON, lesson_file

    folder = tmp_path / "my-lessons"
    folder.mkdir()
    path = lesson_file(folder)
    _, notebooks = teacher_lessons(folder, "ru")
    live = LiveServer(f"sqlite:///{tmp_path / 'c.db'}", log=tmp_path / "server.log").start()
    try:
        klass = live.call("POST", "/api/classes", {"name": "7B"})
        session = live.call("POST", f"/api/classes/{klass['id']}/sessions", {"lesson_file": LESSON})
        with running_voila(tmp_path / "voila", "ru", notebooks=[*notebooks, path], class_url=live.url) as voila:
            context = voila_browser.new_context(viewport={"width": 1280, "height": 720})
            page = context.new_page()
            pupil = PupilPage(page, tmp_path)
            page.goto(voila.url("week-3.ipynb"), timeout=RENDER_TIMEOUT_MS)
            expect(page.locator(".tg-join-form")).to_be_visible(timeout=RENDER_TIMEOUT_MS)
            page.locator(".tg-join-form input").nth(0).fill(str(session["code"]))
            page.locator(".tg-join-form input").nth(1).fill("Аня")
            page.locator(".tg-join-form button").first.click()
            expect(page.locator(".tg-join-status")).to_contain_text("Аня", timeout=WALK_TIMEOUT_MS)
            root = page.locator(LESSON_ACTIVITY).nth(0)
            root.scroll_into_view_if_needed()
            expect(root).to_contain_text("Сколько это: 1/4 + 1/4?", timeout=WALK_TIMEOUT_MS)
            feedback = root.locator("[data-testid=tga-feedback]")
            give(root, "2/8")  # tops and bottoms added: named, a try used
            expect(feedback).to_contain_text("✗", timeout=WALK_TIMEOUT_MS)
            give(root, "2/4")
            expect(feedback).to_contain_text("✓", timeout=WALK_TIMEOUT_MS)
            pupil.shot("voila-pupil-class-lesson-file")
            rows: list[dict[str, Any]] = []
            for _ in range(100):  # the link sends in the background: within seconds
                rows = live.call("GET", f"/api/sessions/{session['id']}/answers")
                if len(rows) >= 2:
                    break
                time.sleep(0.2)
            marks = sorted((r["answer"], r["correct"], r["misconception"]) for r in rows)
            assert marks == [("2/4", True, None), ("2/8", False, "lesson.misconception.tops_and_bottoms")]
            page.goto("about:blank")
            context.close()
    finally:
        live.stop()
