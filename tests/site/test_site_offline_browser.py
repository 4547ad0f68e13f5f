"""End to end: a laptop keeps the lesson pages (the site built once a session,
tests/site/conftest.py). A pupil opens a lesson page once with the server up; the page
hands the site to its service worker once the lesson has run; then the server stops and the
same lesson opens again (the browser offline too), its first activity drawn and the rest
of the lesson run (sympy too) with no cell failing, every response
of the site's own files from the service worker (the class server is never kept);
the "prepare the laptops" page, offline too, says the laptop is ready.

127.0.0.1 is a secure origin to browsers, as ``https://`` is; on a laptop's plain
``http://`` address the worker is not allowed (docs/site.md).
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

LESSON = "en/delissimo-8plus.ipynb"
TIMEOUT_MS = 300_000  # Python runs in the pupil's tab: CPU-bound on a busy 2-core machine
KEPT_JS = """async () => {
  const registration = await navigator.serviceWorker.ready;
  return registration.active.scriptURL;
}"""


@pytest.mark.site
def test_a_second_visit_opens_the_lesson_with_the_server_stopped(tmp_path: Path, built_site: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    from teachgames.site.server import serve_in_thread

    site = built_site
    start = (site / "classroom.html").read_text(encoding="utf-8")
    found = re.search(rf'data-lesson="{LESSON}" href="([^"]+)"', start)
    assert found, "the start page links no lesson page"
    address = html.unescape(found.group(1))
    server, base = serve_in_thread(site)
    stopped = False
    offline_responses: list[Any] = []
    failed: list[str] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 720})
            page = context.new_page()
            page.goto(f"{base}/{address}")
            expect(page.get_by_test_id("tga-activity").first).to_be_visible(timeout=TIMEOUT_MS)
            page.wait_for_function("document.documentElement.dataset.lesson === 'ready'", timeout=TIMEOUT_MS)
            # the worker is active once every kept file is in its cache
            assert page.evaluate(KEPT_JS).endswith("/pupil/offline.js")
            page.close()

            server.shutdown()
            server.server_close()
            stopped = True
            # a keep-alive connection's thread would still answer: the laptop goes offline too
            context.set_offline(True)
            context.on("response", lambda response: offline_responses.append(response))
            context.on("requestfailed", lambda request: failed.append(request.url))
            page = context.new_page()
            page.goto(f"{base}/{address}")
            widget = page.get_by_test_id("tga-activity").first
            expect(widget).to_be_visible(timeout=TIMEOUT_MS)
            # the rest of the lesson too: sympy and mpmath, fetched after the first widget
            page.wait_for_function("document.documentElement.dataset.lesson === 'ready'", timeout=TIMEOUT_MS)
            errors = page.locator(".tg-cell-error").all_inner_texts()
            assert errors == [], f"cells that failed offline: {errors}"
            page.screenshot(path=str(tmp_path / "offline-lesson.png"))
            assert widget.locator("button.tga-option").count() > 0, "the activity has no choices offline"
            # the class server (the join form asks it) is never kept: without it the page is as before
            own = [r for r in offline_responses if r.url.startswith(base) and "/class/" not in r.url]
            assert own, "no response seen on the second visit"
            not_kept = [r.url for r in own if not r.from_service_worker]
            assert not_kept == [], f"answered by the network with the server stopped: {not_kept}"
            assert [url for url in failed if "/class/" not in url] == [], f"failed offline: {failed}"

            # the prepare page is kept too, and finds everything there
            prepare = context.new_page()
            prepare.goto(f"{base}/pupil/en/prepare.html")
            prepare.get_by_role("button", name="Keep the lessons on this laptop").click()
            expect(prepare.locator("#tg-prepare-status")).to_contain_text(
                "Done: this laptop keeps the lessons", timeout=TIMEOUT_MS
            )
            assert [url for url in failed if "/class/" not in url] == [], f"failed offline: {failed}"
            browser.close()
    finally:
        if not stopped:
            server.shutdown()
            server.server_close()
