"""In classroom mode the server's record wins: a pupil who comes back with their token
(a reloaded page, a restarted kernel) gets their activity as the class server keeps it,
not as their browser kept it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from teachgames.classroom import join
from teachgames.classroom.resume import progress_record
from teachgames.lesson.show import activity, lesson_tasks, show_activity
from tests.lesson.answering import right_answer

from .live import LiveServer

LESSON = "delissimo-8plus"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(f"sqlite:///{tmp_path / 'c.db'}", log=tmp_path / "server.log").start()
    yield live
    live.stop()


def test_a_pupil_back_with_their_token_gets_the_servers_record_not_the_browsers(server: LiveServer) -> None:
    session = server.new_session(lesson_tasks("delissimo", "8plus"))
    link = join(server.url, session["code"], "Asel")
    first = show_activity("delissimo", "8plus", "warmup", link=link).driver
    first.answer(right_answer(first.screen.task))  # screen 1 right
    first.go(2)
    first.open_hint()
    first.answer("1/8")  # screen 3 missed once, a hint open
    browser_copy = first.progress()
    assert link.flush()
    # the teacher deletes the wrong answer: the browser still has it, the server does not
    wrong = next(a for a in link.my_answers() if a["answer"] == "1/8")
    server.call("DELETE", f"/api/sessions/{session['id']}/answers/{wrong['id']}")
    link.close()

    again = join(server.url, session["code"], "Asel", token=link.token)  # the page reloaded
    assert again.token == link.token
    try:
        widget = show_activity("delissimo", "8plus", "warmup", link=again)
        run = widget.driver
        assert widget.view_model["progress"]["restore"] is False, "the browser's copy is not taken"
        assert run.progress() != browser_copy
        assert run.states[0].answers and not run.states[2].answers, "as the server keeps it"
        assert run.index == 0
        # an answer still on its way counts too (the server has not got it yet)
        again.close()
        pending = activity("delissimo", "8plus", "warmup", record=again.send)
        pending.go(2)
        pending.answer("3/8")
        assert len(again.outbox) == 1
        record = again.saved_progress(LESSON, "warmup")
        third = pending.spec.screens[2].id
        assert record is not None and record["screens"][third]["answers"] == ["3/8"]
    finally:
        again.close()


def test_the_record_is_built_only_from_this_lessons_and_parts_answers() -> None:
    run = activity("delissimo", "8plus", "warmup")
    screen = next(s.id for s in run.spec.screens if s.task is not None)
    rows = [
        {"lesson": LESSON, "task": f"warmup.{screen}", "answer": "7/8", "attempt": 1, "hints": 99},
        {"lesson": LESSON, "task": f"puzzles.{screen}", "answer": "1/8", "attempt": 1, "hints": 0},
        {"lesson": "delissimo-6plus", "task": f"warmup.{screen}", "answer": "2/8", "attempt": 2, "hints": 0},
        {"lesson": LESSON, "task": "warmup.no_such_screen", "answer": "1", "attempt": 1, "hints": 0},
        {"lesson": LESSON, "task": f"warmup.{screen}", "answer": "5/8", "attempt": 40, "hints": 0},
    ]
    record = progress_record(LESSON, "warmup", rows)
    assert record is not None and list(record["screens"]) == [screen]
    assert record["screens"][screen]["answers"] == ["7/8"]
    assert record["screens"][screen]["hints"] == len(run.hint_steps(0)), "clipped to the ladder"
    assert activity("delissimo", "8plus", "warmup").restore(record), "the activity's own check takes it"
    assert progress_record("delissimo-nosuch", "warmup", rows) is None


def test_back_through_the_join_form_the_servers_record_replaces_the_browsers() -> None:
    """The site's or Voilà's pupil: the activities start before the pupil joins (the
    browser restores its copy), then the form joins again with the kept token and the
    server's record takes that copy's place."""
    import asyncio
    import json
    from typing import Any

    from teachgames.classroom.asynclink import AsyncLink
    from teachgames.classroom.joinform import LateLink

    spec_run = activity("delissimo", "8plus", "warmup")
    first_task = f"warmup.{spec_run.spec.screens[0].id}"
    first = right_answer(spec_run.spec.screens[0].task)
    echo = spec_run.spec.screens[0].task.check(first, "en").echo
    kept = [{"id": "a" * 32, "lesson": LESSON, "task": first_task, "answer": echo, "correct": True,
             "misconception": None, "attempt": 1, "at": "2026-12-05T09:00:00.000+00:00",
             "language": "en", "hints": 0, "pupil": "Asel"}]  # fmt: skip
    asked: list[str] = []

    async def fetch(method: str, url: str, headers: dict[str, str], body: str | None) -> tuple[int, Any]:
        asked.append(f"{method} {url.split('/api/')[1]}")
        if "/api/join" in url:
            assert json.loads(body or "{}")["token"] == "kept-token"
            return 200, {"token": "kept-token"}
        if url.endswith("/api/me"):
            return 200, {"answers": kept}
        if "/api/answers" in url:
            return 200, {"acknowledged": [a["id"] for a in json.loads(body or "{}")["answers"]]}
        await asyncio.sleep(3600)  # the pacing's long poll
        return 500, None

    async def pupil() -> None:
        late = LateLink()
        widget = show_activity("delissimo", "8plus", "warmup", link=late)
        run = widget.driver
        browser = activity("delissimo", "8plus", "warmup")
        browser.go(2)
        browser.answer("1/8")  # the browser's copy: a wrong try the server does not have
        assert run.restore(browser.progress()) and run.states[2].answers
        link = await AsyncLink.join("http://class.test", "K7WQ2M", "Asel", fetch=fetch, token="kept-token")
        late.connect(link)
        assert late.delivering is not None
        await late.delivering
        await link.close()
        assert not run.states[2].answers and run.states[0].answers == [first], "the server's record won"
        assert widget.view_model["progress"]["record"]["screens"] == {
            spec_run.spec.screens[0].id: {"answers": [first], "hints": 0, "solution": False}
        }, "what the browser keeps from now on"

    asyncio.run(pupil())
    assert "GET me" in asked
