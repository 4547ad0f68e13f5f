"""On the classroom site (JupyterLite, Python in the pupil's tab), at 1280 x 720, a pupil's
work on a lesson activity survives a reload and a closed tab, as it does in Voilà
(tests/voila/test_activity_progress.py): the open screen, a wrong try and its typed answer,
a hint, the mark of an earlier screen. "Start again" clears it on purpose, and a reload
keeps it cleared. The site is the session's one built site (tests/site/conftest.py)."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.lesson.answering import right_answer

LESSON = "en/delissimo-8plus.ipynb"
TIMEOUT_MS = 300_000  # Python runs in the pupil's tab: CPU-bound on a busy 2-core machine


def _give(root: Any, answer: object) -> None:
    """Answer the open screen as a pupil: type and press Enter, or press options and Check."""
    if isinstance(answer, str):
        root.locator("input.tga-input").fill(answer)
        root.locator("input.tga-input").press("Enter")
        return
    for oid in answer:  # type: ignore[attr-defined]
        root.locator(f'button.tga-option[data-id="{oid}"]').click()
    root.locator("[data-testid=tga-check]").click()


def _warmup(page: Any) -> Any:
    """The lesson's warm-up activity once Python has drawn it on the (re)loaded page."""
    from playwright.sync_api import expect

    page.wait_for_function("document.documentElement.dataset.lesson === 'ready'", timeout=TIMEOUT_MS)
    root = page.get_by_test_id("tga-activity").first
    expect(root).to_be_visible(timeout=TIMEOUT_MS)
    root.scroll_into_view_if_needed()
    return root


@pytest.mark.site
@pytest.mark.browser
@pytest.mark.slow
def test_a_pupils_work_survives_a_reload_and_start_again_clears_it(tmp_path: Path, built_site: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    from teachgames.delissimo.lesson.activities import activity
    from teachgames.site.server import serve_in_thread

    spec = activity("8plus", "warmup")
    titles = [screen.title("en") for screen in spec.screens]
    start = (built_site / "classroom.html").read_text(encoding="utf-8")
    found = re.search(rf'data-lesson="{LESSON}" href="([^"]+)"', start)
    assert found, "the start page links no lesson page"
    address = html.unescape(found.group(1))
    server, base = serve_in_thread(built_site)
    errors: list[str] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.goto(f"{base}/{address}")
                root = _warmup(page)
                feedback = root.get_by_test_id("tga-feedback")
                _give(root, right_answer(spec.screens[0].task))  # screen 1 right
                expect(feedback).to_contain_text("✓", timeout=TIMEOUT_MS)
                root.get_by_test_id("tga-next").click()
                expect(root.locator(".tga-title")).to_have_text(titles[1], timeout=TIMEOUT_MS)
                root.get_by_test_id("tga-next").click()
                expect(root.locator(".tga-title")).to_have_text(titles[2], timeout=TIMEOUT_MS)
                root.get_by_test_id("tga-hint").click()
                expect(root.locator("[data-testid=tga-hints] li")).to_have_count(1, timeout=TIMEOUT_MS)
                _give(root, "3/8")  # a wrong try on "a quarter in eighths"
                expect(feedback).to_contain_text("✗", timeout=TIMEOUT_MS)
                page.screenshot(path=str(tmp_path / "site-progress-before-reload.png"))

                page.reload()
                root = _warmup(page)
                expect(root.locator(".tga-title")).to_have_text(titles[2], timeout=TIMEOUT_MS)
                expect(root.locator(".tga-echo")).to_contain_text("3/8")
                expect(root.locator("[data-testid=tga-hints] li")).to_have_count(1)
                expect(root.locator(".tga-tries")).to_contain_text("1")
                expect(root.get_by_test_id("tga-nav").nth(0)).to_contain_text("right")
                page.screenshot(path=str(tmp_path / "site-progress-after-reload.png"))

                # a closed tab: a new page of the same browser profile, the lesson opened again
                context = page.context
                page.close()
                page = context.new_page()
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.goto(f"{base}/{address}")
                root = _warmup(page)
                expect(root.locator(".tga-title")).to_have_text(titles[2], timeout=TIMEOUT_MS)
                expect(root.locator(".tga-echo")).to_contain_text("3/8")

                root.get_by_test_id("tga-start-again").click()
                root.get_by_test_id("tga-start-again-yes").click()
                expect(root.locator(".tga-title")).to_have_text(titles[0], timeout=TIMEOUT_MS)
                expect(root.get_by_test_id("tga-nav").nth(0)).to_contain_text("to do")
                page.reload()
                root = _warmup(page)
                expect(root.locator(".tga-title")).to_have_text(titles[0], timeout=TIMEOUT_MS)
                expect(root.get_by_test_id("tga-nav").nth(0)).to_contain_text("to do")
                expect(root.get_by_test_id("tga-start-again")).to_be_hidden()
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    assert errors == []
