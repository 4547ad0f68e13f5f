"""The board a teacher teaches from: a class of 30 on a 1280x720 projector.

The top of the page is the current screen's summary (answered, right, the common wrong
answers with their misconceptions in the teacher's language, hints opened), in text of
at least 20 px; the pupils x screens grid with each screen's totals follows below it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from teachgames.classroom.board import diagnosis, task_titles
from teachgames.classroom.client import request

from .live import KEY, LiveServer

LESSON = "delissimo-8plus"
PUPILS = 30
#: The screen (index) the teacher holds the class on: the summary opens there.
HELD = 5
NAMES = [
    "Asel",
    "Boris",
    "Вера Смирнова",
    "Дамян",
    "Ekaterina Konstantinopolskaya",
    "Farid",
    "Гергана",
    "Hugo",
    "Ира",
    "Jana",
    "Кирил",
    "Lena",
    "Маша",
    "Nikola",
    "Олег",
    "Petya",
    "Радостина",
    "Sasha",
    "Тимур",
    "Uliana",
    "Васил",
    "Wanda",
    "Христо",
    "Yana",
    "Zoe",
    "Алия",
    "Богдан",
    "Цвета",
    "Юлия",
    "Яна",
]


def class_plan() -> list[list[tuple[str, str, bool, str | None, int]]]:
    """Each pupil's answers (task, text, right, misconception, hints): pupil i reached
    screen 3 + i % 9 (some the end), about a third of the answers wrong."""
    from teachgames.classroom.judge import lesson_tasks
    from tests.lesson.answering import right_answer, wrong_answers

    tasks = list(lesson_tasks(LESSON).items())
    plan = []
    for i in range(PUPILS):
        mine = []
        for s, (task_id, entry) in enumerate(tasks[: 3 + i % 9 + (2 if i % 4 == 0 else 0)]):
            wrongs = wrong_answers(entry.task)
            if (i + s) % 3 == 0 and wrongs:
                given, key = wrongs[i % len(wrongs)]
                mark = entry.task.check(given, "en")
                mine.append((task_id, mark.echo, False, mark.misconception or key, i % 3))
            else:
                mine.append(
                    (task_id, entry.task.check(right_answer(entry.task), "en").echo, True, None, i % 2)
                )
        plan.append(mine)
    return plan


def fill(live: LiveServer, code: str, plan: list[list[tuple[str, str, bool, str | None, int]]]) -> None:
    from teachgames.core.answers import AnswerEvent

    for name, answers in zip(NAMES, plan, strict=True):
        status, joined = request(live.url, "POST", "/api/join", {"code": code, "name": name})
        assert status == 200, joined
        batch = []
        for task, text, right, key, hints in answers:
            event = AnswerEvent.new(LESSON, task, text, right, misconception=key).to_dict()
            batch.append({**event, "hints": hints})
        status, body = request(live.url, "POST", "/api/answers", {"answers": batch}, joined["token"])
        assert status == 200, body


@pytest.fixture(scope="module")
def full_class(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, dict[str, Any], Any]]:
    folder = tmp_path_factory.mktemp("board")
    live = LiveServer(f"sqlite:///{folder / 'c.db'}", log=folder / "server.log").start()
    session = live.new_session([])
    plan = class_plan()
    fill(live, session["code"], plan)
    live.call("POST", f"/api/sessions/{session['id']}/control", {"action": "hold", "screen": HELD})
    yield live, session, plan
    live.stop()


def expected_summary(plan: Any, language: str) -> dict[str, Any]:
    from teachgames.lesson.show import lesson_tasks

    task = lesson_tasks("delissimo", "8plus")[HELD]
    answers = [a for mine in plan for a in mine if a[0] == task]
    wrong: dict[tuple[str, str | None], int] = {}
    for _task, text, right, key, _hints in answers:
        if not right:
            wrong[(text, key)] = wrong.get((text, key), 0) + 1
    return {
        "task": task,
        "title": task_titles(LESSON, language)[task],
        "answered": len(answers),
        "right": sum(a[2] for a in answers),
        "hints": sum(a[4] for a in answers),
        "wrong": sorted(wrong.items(), key=lambda kv: -kv[1]),
        "diagnoses": {diagnosis(key, language) for (_t, key) in wrong},
    }


def test_the_board_state_summarises_every_screen_and_opens_on_the_held_one(full_class: Any) -> None:
    from teachgames.classroom import Teacher

    live, session, plan = full_class
    board = Teacher(live.url, KEY).board(session["id"], "bg")
    assert board["current"] == HELD and len(board["tasks"]) == 11 and len(board["pupils"]) == PUPILS
    want = expected_summary(plan, "bg")
    screen = board["screens"][HELD]
    assert (screen["task"], screen["answered"], screen["right"], screen["hints"]) == (
        want["task"],
        want["answered"],
        want["right"],
        want["hints"],
    )
    assert [(c["answer"], c["count"]) for c in screen["common"]] == [
        (text, n) for (text, _key), n in want["wrong"][:3]
    ]
    assert {c["diagnosis"] for c in screen["common"]} <= want["diagnoses"]
    # every screen's totals: as many answered as the pupils who reached it
    reached = [sum(len(mine) > s for mine in plan) for s in range(11)]
    assert [s["answered"] for s in board["screens"]] == reached


@pytest.mark.browser
@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_the_summary_is_the_top_of_a_1280x720_board_of_30(
    full_class: Any, language: str, tmp_path: Path
) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path("/usr/bin/chromium").exists():
        if os.environ.get("CI"):
            pytest.fail("chromium is missing")
        pytest.skip("no chromium")
    from browser.conftest import CHROMIUM, CHROMIUM_ARGS

    live, session, plan = full_class
    want = expected_summary(plan, language)
    expect = sync_api.expect
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.goto(f"{live.url}/dashboard?lang={language}&session={session['id']}#key={KEY}")
        summary = page.locator(".tg-class-summary")
        expect(page.locator(".tg-class-grid tbody tr")).to_have_count(PUPILS)
        expect(summary.locator(".tg-class-screen-title")).to_have_text(want["title"])
        stats = summary.locator(".tg-class-stats").inner_text()
        for figure in (f"{want['answered']} ", f" {want['right']}", f" {want['hints']}"):
            assert figure in stats, (figure, stats)
        items = summary.locator(".tg-class-summary-wrong li")
        expect(items).to_have_count(min(3, len(want["wrong"])))
        top_text, top_count = want["wrong"][0][0][0], want["wrong"][0][1]
        expect(items.first.locator(".ans")).to_have_text(top_text)
        expect(items.first.locator(".count")).to_have_text(f"× {top_count}")
        assert items.first.locator(".diag").inner_text() in want["diagnoses"]
        # the whole summary is in the first screenful, nothing scrolled
        assert page.evaluate("window.scrollY") == 0
        box = summary.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 720, box
        # and every word in it is at least 20 px
        sizes = summary.evaluate(
            "s => [...s.querySelectorAll('*')].filter(e => e.childNodes.length && [...e.childNodes]"
            ".some(n => n.nodeType === 3 && n.textContent.trim()))"
            ".map(e => parseFloat(getComputedStyle(e).fontSize))"
        )
        assert sizes and min(sizes) >= 20, sizes
        # the summary's words are the board's language, not English
        if language != "en":
            assert "Screen" not in summary.inner_text() and "Answered" not in stats
        # the grid scrolls below it: its last pupil is further down the page
        last = page.locator(".tg-class-grid tbody tr").last.bounding_box()
        assert last is not None and last["y"] > 720
        # a column's head picks another screen for the summary
        page.locator(".tg-class-grid thead button.head").nth(0).click()
        expect(summary.locator(".tg-class-screen-title")).to_have_text(
            task_titles(LESSON, language)["warmup.fit"]
        )
        page.locator(".tg-class-grid thead button.head").nth(HELD).click()
        shot = Path(os.environ.get("TEACHGAMES_SCREENSHOTS", tmp_path)) / f"board-30-{language}.png"
        shot.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shot))
        browser.close()
