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
