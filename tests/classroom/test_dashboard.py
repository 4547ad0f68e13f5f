"""The teacher's dashboard: what it says about the class, the widget's controls, and the
projector page in Chromium (names as text, names hidden by one switch, pacing)."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from teachgames.classroom import AnswerEvent, Teacher, join
from teachgames.classroom.client import HttpLink

from .live import KEY, LiveServer

LESSON = "delissimo-8plus"
TASKS = ["toppings", "compare", "sum"]
HALF = "delissimo.lesson.activity.half_not_eighth"
BIGGER = "lesson.misconception.bigger_denominator"
HOSTILE = "<img src=x onerror=alert(1)>"


@pytest.fixture
def lesson(tmp_path: Path) -> Iterator[tuple[LiveServer, dict[str, Any], list[HttpLink]]]:
    live = LiveServer(f"sqlite:///{tmp_path / 'c.db'}", log=tmp_path / "server.log").start()
    session = live.new_session(TASKS)
    links = [join(live.url, session["code"], name) for name in ("Asel", "Boris", HOSTILE)]
    plan = [  # what each pupil's activity sends: the server marks it again
        (0, "puzzles.sum", "3/8", False, HALF),
        (0, "puzzles.sum", "6/8", True, None),
        (1, "puzzles.sum", "3/8", False, HALF),
        (1, "warmup.compare", "1/8", False, BIGGER),
        (2, "puzzles.sum", "3/8", False, HALF),
        (2, "warmup.compare", "1/4", True, None),
    ]
    for n, (who, task, text, right, key) in enumerate(plan):
        links[who].send(AnswerEvent.new(LESSON, task, text, right, misconception=key, attempt=1 + n % 2))
    assert all(link.flush() for link in links)
    yield live, session, links
    for link in links:
        link.close()
    live.stop()


def test_the_board_shows_each_pupil_per_task_and_the_common_wrong_answer(lesson: Any) -> None:
    live, session, _links = lesson
    board = Teacher(live.url, KEY).board(session["id"], "ru")
    cells = {p["name"]: {t: c["state"] for t, c in p["cells"].items()} for p in board["pupils"]}
    assert cells == {
        "Asel": {"puzzles.sum": "right"},  # wrong first, then right: right
        "Boris": {"puzzles.sum": "wrong", "warmup.compare": "wrong"},
        HOSTILE: {"puzzles.sum": "wrong", "warmup.compare": "right"},
    }
    top = board["common"][0]
    assert (top["task"], top["answer"], top["count"], top["misconception"]) == ("puzzles.sum", "3/8", 3, HALF)
    assert board["words"]["hide_names"] == "Скрыть имена"


def test_the_widget_draws_the_board_and_its_buttons_pace_the_class(lesson: Any) -> None:
    live, session, links = lesson
    widget = Teacher(live.url, KEY).dashboard(session["id"])
    changed = threading.Event()
    links[0].subscribe(changed.set)
    try:
        assert len(widget.state["pupils"]) == 3
        widget._on_message(widget, {"type": "control", "action": "hold", "screen": 1}, [])
        assert changed.wait(10) and links[0].allowed_screen(LESSON) == 1
        for _ in range(100):  # the widget's own long poll brings the change back
            if widget.state.get("pacing") == 1:
                break
            threading.Event().wait(0.1)
        assert widget.state["pacing"] == 1
    finally:
        widget.close()


@pytest.mark.browser
def test_the_projector_page_in_chromium(lesson: Any, tmp_path: Path) -> None:
    from browser.conftest import CHROMIUM, CHROMIUM_ARGS, require_browser

    require_browser()  # a skip on a desktop without Chromium, a failure in CI
    from playwright import sync_api

    live, _session, links = lesson
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        dialogs: list[str] = []
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.goto(f"{live.url}/dashboard?lang=en#key={KEY}")
        expect = sync_api.expect
        grid = page.locator(".tg-class-grid")
        expect(grid.locator("tbody tr")).to_have_count(3)
        assert "#key" not in page.url  # the key left the address bar at once
        expect(grid.locator("th.name").nth(2)).to_have_text(HOSTILE)  # a name is text
        assert page.locator(".tg-class img").count() == 0 and not dialogs
        expect(page.locator(".tg-class-common li").first).to_contain_text("× 3")
        expect(page.locator(".tg-class-common li").first).to_contain_text(
            "1/2 is not 1/8"  # the server's diagnosis, in the lesson's words
        )
        page.screenshot(path=str(tmp_path / "dashboard.png"))
        page.get_by_role("button", name="Hide names").click()
        expect(grid.locator("th.name").nth(0)).to_have_text("Pupil 1")
        assert "Asel" not in page.locator(".tg-class").inner_text()
        changed = threading.Event()
        links[1].subscribe(changed.set)
        # the class moved freely and answered up to the third column: "Hold here" holds
        # there, not on the first screen
        page.get_by_role("button", name="Hold here").click()
        expect(page.locator(".tg-class-pacing")).to_contain_text("screen 3")
        for _ in range(100):
            if links[1].allowed_screen(LESSON) == 2:
                break
            changed.wait(0.1)
        assert links[1].allowed_screen(LESSON) == 2
        page.locator(".tg-class-common button").first.click()
        expect(page.locator(".tg-class-reveal")).to_contain_text("3/8")
        # A pupil's answer redraws the board, not the controls under the teacher's finger.
        page.get_by_role("button", name="Hold here").evaluate("b => { b.dataset.marked = 'yes'; }")
        links[0].send(AnswerEvent.new(LESSON, "warmup.compare", "1/4", True))
        expect(grid.locator("td.right")).to_have_count(3)
        assert page.get_by_role("button", name="Hold here").get_attribute("data-marked") == "yes"
        page.get_by_role("button", name="Start 5 min").click()
        expect(page.locator(".tg-class-timer")).to_contain_text("left")
        page.screenshot(path=str(tmp_path / "dashboard-projector.png"))
        if os.environ.get("TEACHGAMES_SCREENSHOTS"):
            out = Path(os.environ["TEACHGAMES_SCREENSHOTS"])
            out.mkdir(parents=True, exist_ok=True)
            for name in ("dashboard.png", "dashboard-projector.png"):
                (out / name).write_bytes((tmp_path / name).read_bytes())
        browser.close()


def test_the_board_heads_its_columns_with_the_screens_titles(lesson: Any) -> None:
    """A teacher reads "Which orders fit this pizza?", not "warmup.fit", in the board's
    language; a session whose tasks were given by hand keeps their ids."""
    from teachgames.classroom.board import task_titles
    from teachgames.lesson.show import lesson_tasks

    for language in ("en", "ru", "bg"):
        titles = task_titles(LESSON, language)
        assert list(titles) == lesson_tasks("delissimo", "8plus")
        assert all(title and "." not in title.split()[0] for title in titles.values())
    assert task_titles(LESSON, "ru")["warmup.fit"] != task_titles(LESSON, "en")["warmup.fit"]
    live, session, _links = lesson
    board = Teacher(live.url, KEY).board(session["id"], "en")
    assert board["titles"] == task_titles(LESSON, "en")
    assert task_titles("no-such", "en") == {}


def test_the_teachers_notebook_removes_a_pupil_and_ends_the_session(lesson: Any) -> None:
    live, session, links = lesson
    teacher = Teacher(live.url, KEY)
    board = teacher.board(session["id"])
    hostile = next(p["id"] for p in board["pupils"] if p["name"] == HOSTILE)
    teacher.remove_pupil(session["id"], hostile)
    one = teacher.results(session["id"])
    teacher.delete_answer(session["id"], str(one["id"].iloc[0]))
    assert len(teacher.results(session["id"])) == len(one) - 1
    assert HOSTILE not in set(teacher.results(session["id"])["pupil"])
    teacher.end(session["id"])
    links[0].send(AnswerEvent.new(LESSON, "ticket.t2", "6/8", True))
    for _ in range(100):
        if links[0].gone:
            break
        threading.Event().wait(0.1)
    assert links[0].gone and links[0].pending() == 1


def test_the_widgets_buttons_export_pick_a_session_and_remove_a_pupil(lesson: Any) -> None:
    """The notebook widget does what the page does: the export buttons send the file to
    the teacher's browser, the picker switches the board, a row's remove button removes."""
    live, session, _links = lesson
    teacher = Teacher(live.url, KEY)
    widget = teacher.dashboard(session["id"])
    sent: list[dict[str, Any]] = []
    widget.send = sent.append  # type: ignore[method-assign]
    try:
        widget._on_message(widget, {"type": "export", "format": "csv"}, [])
        widget._on_message(widget, {"type": "export", "format": "json"}, [])
        assert [m["filename"] for m in sent] == [
            f"session-{session['id']}-{LESSON}.csv",
            f"session-{session['id']}-{LESSON}.json",
        ]
        assert sent[0]["text"].startswith('"pupil_id"') and '"schema"' in sent[1]["text"]
        assert [s["id"] for s in widget.state["sessions"]] == [session["id"]]
        other = teacher.start("7B", LESSON)
        widget._on_message(widget, {"type": "session", "id": other["id"]}, [])
        assert widget.session == other["id"] and widget.state["session"]["id"] == other["id"]
        assert widget.state["pupils"] == []
        widget._on_message(widget, {"type": "session", "id": session["id"]}, [])
        boris = next(p["id"] for p in widget.state["pupils"] if p["name"] == "Boris")
        widget._on_message(widget, {"type": "remove", "pupil": boris}, [])
        assert "Boris" not in {p["name"] for p in teacher.board(session["id"])["pupils"]}
    finally:
        widget.close()
