"""Three browsers on a real Hub: the teacher's notebook shows the dashboard widget, two
pupils' notebooks join with from_hub() and answer; the teacher paces them from the
widget and the pupils' notebooks show it. Screenshots under the test's tmp folder
(and in TEACHGAMES_SCREENSHOTS when set)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from browser.conftest import CHROMIUM
from browser.conftest import CHROMIUM_ARGS as ARGS

from teachgames.classroom import Teacher

from .hub import PASSWORD, Hub

KERNEL_READY_JS = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const s = w && w.sessionContext && w.sessionContext.session;
  const k = s && s.kernel;
  return !!k && k.connectionStatus === "connected" && k.status === "idle";
}"""
RUN_ALL_JS = "() => window.jupyterapp.commands.execute('notebook:run-all-cells')"

TEACHER_CELLS = [
    "from teachgames.classroom import Teacher\n"
    "teacher = Teacher.from_hub()\n"
    "session = teacher.start('7B', 'delissimo-8plus', tasks=['toppings', 'compare', 'sum'])\n"
    "board = teacher.dashboard(session['id'])\n"
    "board",
]
PUPIL_CELLS = [
    "import os\n"
    "import ipywidgets\n"
    "from teachgames.classroom import AnswerEvent, from_hub\n"
    "link = from_hub()\n"
    "status = ipywidgets.Label('screens: free')\n"
    "def show():\n"
    "    allowed = link.allowed_screen('delissimo-8plus')\n"
    "    status.value = 'screens: free' if allowed is None else f'screens: up to {allowed + 1}'\n"
    "link.subscribe(show)\n"
    "status",
    "me = os.environ['JUPYTERHUB_USER']\n"
    "if me == 'pupil1':\n"
    "    link.send(AnswerEvent.new('delissimo-8plus', 'puzzles.sum', '3/10', False,\n"
    "              misconception='lesson.misconception.tops_and_bottoms'))\n"
    "else:\n"
    "    link.send(AnswerEvent.new('delissimo-8plus', 'puzzles.sum', '6/8', True))\n"
    "    link.send(AnswerEvent.new('delissimo-8plus', 'warmup.compare', '1/8', False,\n"
    "              misconception='lesson.misconception.bigger_denominator'))\n"
    "print('sent' if link.flush() else 'queued')",
]


def notebook(cells: list[str]) -> str:
    return json.dumps(
        {
            "cells": [
                {"cell_type": "code", "metadata": {}, "source": c, "outputs": [], "execution_count": None}
                for c in cells
            ],
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
            "nbformat": 4,
            "nbformat_minor": 5,
        }
    )


def open_notebook(browser: Any, hub: Hub, user: str, name: str, cells: list[str]) -> Any:
    home = hub.folder / "home" / user
    home.mkdir(parents=True, exist_ok=True)
    (home / name).write_text(notebook(cells))
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    page.set_default_timeout(120_000)
    page.goto(f"{hub.url}/hub/login")
    page.fill("input[name=username]", user)
    page.fill("input[name=password]", PASSWORD)
    page.locator("form [type=submit]").first.click()
    page.wait_for_url(f"**/user/{user}/**", timeout=180_000)
    page.goto(f"{hub.url}/user/{user}/lab/tree/{name}?reset")
    page.wait_for_function(KERNEL_READY_JS, timeout=180_000)
    page.evaluate(RUN_ALL_JS)
    return page


@pytest.mark.slow
@pytest.mark.browser
def test_a_teacher_and_two_pupils_in_chromium(hub: Hub, tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("chromium is missing")
        pytest.skip("no chromium")
    expect = sync_api.expect
    shots = Path(os.environ.get("TEACHGAMES_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        teacher = open_notebook(browser, hub, "teacher", "dashboard.ipynb", TEACHER_CELLS)
        board = teacher.locator(".tg-class")
        expect(board.locator(".tg-class-code")).to_be_visible(timeout=120_000)
        pupils = [
            open_notebook(browser, hub, user, "lesson.ipynb", PUPIL_CELLS) for user in ("pupil1", "pupil2")
        ]
        for page in pupils:
            expect(page.locator(".widget-label")).to_have_text("screens: free", timeout=120_000)
            expect(page.locator(".jp-OutputArea-output pre").last).to_have_text("sent", timeout=120_000)
        grid = board.locator(".tg-class-grid")
        expect(grid.locator("tbody tr")).to_have_count(2, timeout=60_000)
        expect(grid.locator("th.name")).to_have_text(["pupil1", "pupil2"])
        expect(grid.locator("td.wrong")).to_have_count(2)
        expect(grid.locator("td.right")).to_have_count(1)
        expect(board.locator(".tg-class-common")).to_contain_text("adds the tops and adds the bottoms")
        board.scroll_into_view_if_needed()
        teacher.screenshot(path=str(shots / "hub-teacher-dashboard.png"))

        # Hold holds where the class had got to (the furthest screen the pupils answered,
        # the session's third), never sending a pupil back to the first screen
        board.get_by_role("button", name="Hold here").click()
        for page in pupils:
            expect(page.locator(".widget-label")).to_have_text("screens: up to 3", timeout=30_000)
        board.get_by_role("button", name="Release the next screen").click()
        for page in pupils:
            expect(page.locator(".widget-label")).to_have_text("screens: up to 4", timeout=30_000)
        expect(board.locator(".tg-class-pacing")).to_contain_text("screen 4")
        board.get_by_role("button", name="Hide names").click()
        expect(grid.locator("th.name")).to_have_text(["Pupil 1", "Pupil 2"])
        teacher.screenshot(path=str(shots / "hub-teacher-paced.png"))
        pupils[0].screenshot(path=str(shots / "hub-pupil1.png"))
        browser.close()
    # The Hub is shared with the other Hub tests: end the lesson this test opened.
    teacher_side = Teacher(hub.class_url, f"token {hub.token_for('teacher')}")
    for opened in teacher_side.sessions():
        if opened["open"]:
            teacher_side.control(opened["id"], "close")
