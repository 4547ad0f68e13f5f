"""End to end: the classroom site (built once a session, tests/site/conftest.py), served on 127.0.0.1, open a lesson in headless
chromium, run it, make a capture in the play widget, try to install a package from the
internet in its kernel (refused in plain words), and check that no request left the site and
no tab icon was missing. The lesson as a pupil's page: test_site_lesson_page_browser.py.

This is what a teacher is promised: nothing installed, nothing fetched from the internet
while pupils work. Every request the page and its workers make (the Pyodide runtime, every
wheel, the widgets' front-end) is recorded and must go to the site's own host.

Slow (the build fetches the runtime and wheels once, then the browser kernel starts on the
CPU): one test, marked ``site``. Needs network to PyPI and npm for the build, Debian's
chromium, playwright and the ``site`` extra; without them it skips on a desktop and fails
when ``CI`` is set. ``TEACHGAMES_PYODIDE`` may name a Pyodide runtime already downloaded.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, KERNEL_READY_JS, click_and_wait_js

LESSON = "en/delissimo-8plus.ipynb"
#: A click in the browser-only site waits longer: the kernel runs in the page.
CLICK_AND_WAIT_JS = click_and_wait_js(120_000)
TIMEOUT_MS = 600_000  # the in-browser kernel is CPU-bound: minutes on a busy 2-core machine


#: what a curious pupil might type in the notebook: the kernel's error, in words
INSTALL_FROM_THE_INTERNET_JS = """async () => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code: "import micropip\\nawait micropip.install('requests')"});
  let said = "";
  future.onIOPub = (msg) => { if (msg.header.msg_type === "error") said = msg.content.evalue; };
  await future.done;
  return said;
}"""


def _click(locator: Any) -> None:
    locator.scroll_into_view_if_needed()
    locator.evaluate(CLICK_AND_WAIT_JS)


@pytest.mark.site
def test_a_lesson_runs_in_the_browser_with_nothing_fetched_from_outside(
    tmp_path: Path, built_site: Path
) -> None:
    from playwright.sync_api import expect, sync_playwright

    from teachgames.site.server import serve_in_thread

    site = built_site  # the session's build (tests/site/conftest.py), shared with the class test
    assert (site / "files" / LESSON).exists()

    server, base = serve_in_thread(site)
    requests: list[str] = []
    not_found: list[str] = []
    started = time.perf_counter()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.on("request", lambda request: requests.append(request.url))
            context.on("response", lambda r: not_found.append(r.url) if r.status == 404 else None)
            page = context.new_page()
            page.on("request", lambda request: requests.append(request.url))
            try:
                page.goto(f"{base}/lab/index.html?path={LESSON}")
                page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS, polling=500)
                kernel_ready = time.perf_counter() - started
                page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")

                widgets = page.locator('[data-testid="tg-widget"]')
                expect(widgets.first).to_be_visible(timeout=TIMEOUT_MS)
                first_widget = time.perf_counter() - started
                print(f"kernel idle after {kernel_ready:.0f} s, first widget after {first_widget:.0f} s")

                # the play widget, once it is the pupil's turn (hand cards are buttons)
                plays = page.locator('[data-testid="tg-widget"][data-mode="play"]')
                expect(
                    plays.filter(has=page.locator('button[data-testid^="tg-card-hand-"]')).first
                ).to_be_visible(timeout=TIMEOUT_MS)
                index = plays.evaluate_all(
                    """ws => ws.findIndex(w => w.querySelector('button[data-testid^="tg-card-hand-"]'))"""
                )
                play = plays.nth(index)
                pupil = play.locator('button[data-testid^="tg-card-hand-"]').first.get_attribute(
                    "data-testid"
                )
                score = play.get_by_test_id(f"tg-score-{pupil.split('-')[3]}")
                score_before = score.inner_text()
                message = play.get_by_test_id("tg-message")

                # Hint until it proposes a capture, choose its cards, capture
                for _ in range(12):
                    _click(play.get_by_test_id("tg-btn-hint"))
                    if " gives " in message.get_by_test_id("tg-message-text").inner_text():
                        break
                marked = play.locator("button.tg-card.tg-highlight")
                expect(marked.first).to_be_visible()
                for k in range(marked.count()):
                    _click(marked.nth(k))
                _click(play.get_by_test_id("tg-btn-capture"))
                expect(message).to_have_attribute("data-kind", "success")
                expect(message.get_by_test_id("tg-message-svg").locator("svg")).to_have_count(1)
                expect(score).not_to_have_text(score_before)
                print(f"the pupil's score: {score_before!r} -> {score.inner_text()!r}")

                # installing from the internet is refused in plain words, nothing is fetched
                refusal = page.evaluate(INSTALL_FROM_THE_INTERNET_JS)
                assert "can install only the packages it holds" in refusal, refusal
            finally:
                page.screenshot(path=str(tmp_path / "site-lesson.png"))
                browser.close()
    finally:
        server.shutdown()
        server.server_close()

    assert any(url.endswith(".whl") for url in requests), "the wheels were not loaded from the site"
    assert any(url.endswith("pyodide.asm.wasm") for url in requests), (
        "the runtime was not loaded from the site"
    )
    outside = sorted({url for url in requests if not url.startswith((base + "/", "data:", "blob:"))})
    assert outside == [], f"requests left the site: {outside[:10]}"
    assert [url for url in not_found if "favicon" in url] == []
