"""A teacher and two pupils in Chromium on loopback, against a real class server process
started with the documented command (``class serve --class 7B --lesson ...``).

The teacher's dashboard page; each pupil's lesson activity (the real widget front end in
a bare anywidget host page, its Python side joined with the asyncio link). Covered:
pacing to a chosen screen, pause (pupils' screens wait, said in their language), "Show
to the class" (an answer, then a screen) on every pupil's screen, removing a pupil, and
the same command after a server crash resuming the session with its code and answers.
"""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("anywidget")

from teachgames.classroom.asynclink import AsyncLink
from teachgames.core.i18n import tr
from teachgames.lesson.show import activity_spec, show_activity
from teachgames.widgets.activity import ActivityWidget
from tests.browser.bare_host import bare_page, host, route_for
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, require_browser
from tests.lesson.answering import right_answer, wrong_answers

from .live import KEY, LiveServer

LESSON = "delissimo-8plus"
SITE = "http://pupil.test"
PAGE = bare_page("activity")
WAIT = 30_000


def httpx_fetch(client: Any) -> Any:
    async def fetch(method: str, url: str, headers: dict[str, str], body: str | None) -> tuple[int, Any]:
        try:
            response = await client.request(method, url, headers=headers, content=body, timeout=40)
        except httpx.TransportError as exc:
            raise OSError(str(exc)) from exc
        try:
            return response.status_code, json.loads(response.text or "null")
        except ValueError:
            return response.status_code, None

    return fetch


def _static(tmp: Path) -> Path:
    folder = tmp / "static"
    folder.mkdir()
    for name, source in (("activity.js", ActivityWidget._esm), ("activity.css", ActivityWidget._css)):
        text = source.read_text(encoding="utf-8") if isinstance(source, Path) else str(source)
        (folder / name).write_text(text, encoding="utf-8")
    return folder


@pytest.mark.browser
@pytest.mark.slow
def test_a_teacher_and_two_pupils_pause_show_remove_and_resume_after_a_crash(tmp_path: Path) -> None:
    require_browser()
    from playwright.async_api import async_playwright, expect

    shots = Path(os.environ.get("TEACHGAMES_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    static = _static(tmp_path)
    log = tmp_path / "server.log"
    live = LiveServer(
        f"sqlite:///{tmp_path / 'c.db'}", extra=("--class", "7B", "--lesson", LESSON), log=log
    ).start()
    (session,) = live.call("GET", "/api/sessions")
    spec = activity_spec("delissimo", "8plus", "warmup")
    fit, half = spec.screens[0].task, spec.screens[1].task
    wrong_fit = wrong_answers(fit)[0][0]

    async def lesson() -> None:
        async with httpx.AsyncClient() as client, async_playwright() as p:
            fetch = httpx_fetch(client)
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            teacher_context = await browser.new_context(viewport={"width": 1280, "height": 720})
            teacher = await teacher_context.new_page()
            teacher.on("dialog", lambda d: asyncio.ensure_future(d.accept()))
            await teacher.goto(f"{live.url}/dashboard?lang=en&session={session['id']}#key={KEY}")
            board = teacher.locator(".tg-class")
            grid = board.locator(".tg-class-grid")
            summary = board.locator(".tg-class-summary")

            pupils: list[dict[str, Any]] = []
            for name, language in (("Asel", "ru"), ("Boris", "bg")):
                link = await AsyncLink.join(live.url, session["code"], name, fetch=fetch, language=language)
                view = show_activity("delissimo", "8plus", "warmup", language=language, link=link)
                context = await browser.new_context(viewport={"width": 1000, "height": 720})
                page = await context.new_page()
                await page.route("**/*", route_for(SITE, static, "activity", PAGE))
                await page.goto(SITE + "/")
                await host(page, view, ("view_model",))
                pupils.append({"name": name, "lang": language, "link": link, "view": view, "page": page})
            asel, boris = pupils

            async def answer(pupil: dict[str, Any], given: Any) -> None:
                activity = pupil["page"].locator(".tga-root")
                for option in given:
                    await activity.locator(f'[data-testid="tga-option"][data-id="{option}"]').click()
                await activity.get_by_test_id("tga-check").click()
                await expect(activity.get_by_test_id("tga-feedback")).not_to_be_empty(timeout=WAIT)

            def note(pupil: dict[str, Any]) -> Any:
                return pupil["page"].get_by_test_id("tga-class-note")

            # both answer the first screen in their pages: one wrong, one right
            await answer(asel, wrong_fit)
            await answer(boris, right_answer(fit))
            await expect(grid.locator("tbody tr")).to_have_count(2, timeout=WAIT)
            await expect(grid.locator("td.wrong")).to_have_count(1, timeout=WAIT)
            await expect(grid.locator("td.right")).to_have_count(1, timeout=WAIT)
            await expect(summary.locator(".stat.answered")).to_have_text("Answered: 2 of 2")

            # pacing to a chosen screen: the summary on screen 2, "Hold here" holds there
            await summary.get_by_role("button", name="Next screen").click()
            await expect(summary.locator(".tg-class-screen-n")).to_have_text("Screen 2 of 11")
            await board.get_by_role("button", name="Hold here").click()
            await expect(board.locator(".tg-class-pacing")).to_contain_text("screen 2", timeout=WAIT)
            for pupil in pupils:
                nav = pupil["page"].get_by_test_id("tga-nav")
                await expect(nav.nth(1)).to_be_enabled(timeout=WAIT)
                await expect(nav.nth(2)).to_be_disabled(timeout=WAIT)

            # pause: every pupil's screen waits and says so in the pupil's language
            await board.get_by_role("button", name="Pause").click()
            for pupil in pupils:
                await expect(note(pupil)).to_have_text(
                    tr("classroom.link.paused", pupil["lang"]), timeout=WAIT
                )
                main = pupil["page"].locator(".tga-main")
                await expect(main).to_have_js_property("inert", True)
            with pytest.raises(ValueError, match=tr("classroom.link.paused", "ru")[:20]):
                asel["view"].driver.answer(right_answer(fit))
            await teacher.screenshot(path=str(shots / "three-teacher-paused.png"))
            await asel["page"].screenshot(path=str(shots / "three-pupil-paused-ru.png"))
            await board.get_by_role("button", name="Go on").click()
            for pupil in pupils:
                await expect(note(pupil)).to_be_hidden(timeout=WAIT)
                await expect(pupil["page"].locator(".tga-main")).to_have_js_property("inert", False)

            # show to the class: the wrong answer of screen 1 (no name), then screen 1 itself
            await summary.get_by_role("button", name="Previous screen").click()
            await summary.locator(".tg-class-summary-wrong li button").first.click()
            stored = live.call("GET", f"/api/sessions/{session['id']}/answers")
            shown = next(a["answer"] for a in stored if not a["correct"])
            for pupil in pupils:
                await expect(note(pupil)).to_contain_text(shown, timeout=WAIT)
                await expect(note(pupil)).not_to_contain_text("Asel")
            await boris["page"].screenshot(path=str(shots / "three-pupil-shown-bg.png"))
            await summary.get_by_role("button", name="Show this screen to the class").click()
            for pupil in pupils:
                words = tr("classroom.link.shown_screen", pupil["lang"], screen="1")
                await expect(note(pupil)).to_contain_text(words.split("1")[0].strip(), timeout=WAIT)
                await expect(note(pupil)).not_to_contain_text(shown)
            await board.get_by_role("button", name="Stop showing").click()
            for pupil in pupils:
                await expect(note(pupil)).to_be_hidden(timeout=WAIT)

            # remove a pupil: the row goes, and Boris's link is told to join again
            await grid.get_by_role("button", name="Remove Boris from the session").click()
            await expect(grid.locator("tbody tr")).to_have_count(1, timeout=WAIT)
            boris["link"].send(_event(half, "bg"))
            for _ in range(300):
                if boris["link"].gone:
                    break
                await asyncio.sleep(0.1)
            assert boris["link"].gone and boris["link"].problem == tr("classroom.link.gone", "bg")

            # a crash: Asel answers while the server is away; the same command resumes it
            await asyncio.get_running_loop().run_in_executor(None, live.kill)
            await asel["page"].get_by_test_id("tga-nav").nth(1).click()
            await answer(asel, right_answer(half))
            assert asel["link"].pending() == 1
            await asyncio.get_running_loop().run_in_executor(None, live.start)
            assert await asel["link"].flush(30)
            await expect(grid.locator("tbody tr")).to_have_count(1, timeout=WAIT)
            await expect(grid.locator("tbody tr").first.locator("td.right")).to_have_count(1, timeout=WAIT)
            await expect(grid.locator("tbody tr").first.locator("td.wrong")).to_have_count(1, timeout=WAIT)
            await expect(board.locator(".tg-class-code")).to_contain_text(session["code"], timeout=WAIT)
            await expect(board.locator(".tg-class-pacing")).to_contain_text("screen 2", timeout=WAIT)
            await teacher.screenshot(path=str(shots / "three-teacher-resumed.png"))
            for pupil in pupils:
                await pupil["link"].close()
            await browser.close()

    try:
        asyncio.run(lesson())
        assert "goes on" in log.read_text(encoding="utf-8")  # the restart resumed the session
        sessions = live.call("GET", "/api/sessions")
        assert [(s["id"], s["code"], s["open"]) for s in sessions] == [(session["id"], session["code"], True)]
    finally:
        live.stop()


def _event(task: Any, language: str) -> Any:
    """An answer to the second screen from the pupil who was removed."""
    from teachgames.core.answers import AnswerEvent

    echo = task.check(right_answer(task), language).echo
    return AnswerEvent.new(LESSON, "warmup.half", echo, True, language=language)
