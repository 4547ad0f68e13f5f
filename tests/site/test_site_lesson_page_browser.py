"""End to end: a pupil opens a lesson page of the classroom site (built once a session,
tests/site/conftest.py) in headless chromium, as a pupil would from the start page.

What the pupil must find: the lesson's words at once (before Python has started), then
its first activity, none of its code; the first screen answered by keyboard alone (Tab,
Space, Enter), a wrong choice named and a right one said so in the live region; the next
screen; the same page in the dark theme; no serious or critical axe-core finding in either
theme (when axe-core is installed, as CI does); every request to the site itself, no 404.
"""

from __future__ import annotations

import html
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.a11y import AXE_OPTIONS_JS, SCROLLED_AXE_JS, axe_path
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

LESSON = "en/delissimo-8plus.ipynb"
TIMEOUT_MS = 300_000  # Python runs in the pupil's tab: CPU-bound on a busy 2-core machine

#: axe over the whole page, the window scrolled a screen at a time (axe checks what is
#: in view); serious and critical findings, and whether a planted low-contrast line was
#: caught (proof that contrast was checked at all)
AXE_PAGE_JS = """async () => {""" + SCROLLED_AXE_JS + """
  const opts = OPTIONS;
  const bad = document.createElement("p");
  bad.textContent = "planted low-contrast text";
  bad.style.cssText = "position:fixed;left:4px;top:4px;color:#bbbbbb;background:#ffffff;font-size:14px";
  document.body.append(bad);
  const planted = (await axe.run(bad, opts)).violations.some(v => v.id === "color-contrast");
  bad.remove();
  const found = await scrolledAxe(document, opts, innerHeight - 80, 40000);
  return {planted, found: found.map(v => v.id + ": " + v.html.slice(0, 120))};
}""".replace("OPTIONS", AXE_OPTIONS_JS)


def _right_options() -> list[str]:
    from teachgames.lesson.show import activity

    run = activity("delissimo", "8plus", "warmup", language="en")
    return [option.id for option in run.spec.screens[0].task.options if option.right]


def _tab_to(page: Any, selector: str, limit: int = 120) -> None:
    """Press Tab until the focus is on ``selector`` (as a keyboard user moves; going back
    to an earlier control goes round the whole page: every activity has its read-aloud,
    hint and start-again buttons too)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => document.activeElement?.matches({json.dumps(selector)}) ?? false"):
            return
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.site
def test_a_pupil_reads_then_answers_the_lessons_first_screen_by_keyboard(tmp_path: Path, built_site: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    from teachgames.site.content import lesson_cells
    from teachgames.site.server import serve_in_thread

    site = built_site
    start = (site / "classroom.html").read_text(encoding="utf-8")
    found = re.search(rf'data-lesson="{LESSON}" href="([^"]+)"', start)
    assert found, "the start page links no lesson page"
    address = html.unescape(found.group(1))
    code_lines = [
        line.strip()
        for kind, source in lesson_cells(site / "files" / LESSON)
        if kind == "code"
        for line in source.splitlines()
        if line.strip()
    ]
    right = _right_options()
    axe = axe_path()
    if axe is None and os.environ.get("CI"):
        pytest.fail("axe-core is missing: .ci/run installs it", pytrace=False)
    server, base = serve_in_thread(site)
    requests: list[str] = []
    missing: list[str] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 720})
            context.on("request", lambda request: requests.append(request.url))
            context.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
            page = context.new_page()
            try:
                page.goto(f"{base}/{address}")
                # the words are there before Python: the title, and "getting ready" in place of the activity
                expect(page.locator("h1").first).to_be_visible()
                expect(page.get_by_text("Getting this part of the lesson ready").first).to_be_visible()
                widget = page.get_by_test_id("tga-activity").first  # the warm-up activity
                expect(widget).to_be_visible(timeout=TIMEOUT_MS)
                page.wait_for_function("document.documentElement.dataset.lesson === 'ready'", timeout=TIMEOUT_MS)
                seen = page.locator("main").inner_text()
                shown_code = [line for line in code_lines if line in seen]
                assert shown_code == [], f"code on the pupil's page: {shown_code[:3]}"
                assert "Getting this part of the lesson ready" not in seen

                # a wrong choice first (the one that is not right), then the right ones, by keyboard
                feedback = widget.get_by_test_id("tga-feedback")
                options = widget.locator("button.tga-option")
                wrong = [i for i in range(options.count()) if options.nth(i).get_attribute("data-id") not in right]
                _tab_to(page, f'button.tga-option[data-id="{options.nth(wrong[0]).get_attribute("data-id")}"]')
                page.keyboard.press("Space")
                _tab_to(page, '[data-testid="tga-check"]')
                page.keyboard.press("Enter")
                expect(feedback).not_to_have_text("", timeout=TIMEOUT_MS)
                expect(feedback).not_to_have_class(re.compile(r"\btga-right\b"))
                named = feedback.inner_text()
                for option_id in right:
                    _tab_to(page, f'button.tga-option[data-id="{option_id}"]')
                    page.keyboard.press("Space")
                _tab_to(page, f'button.tga-option[data-id="{options.nth(wrong[0]).get_attribute("data-id")}"]')
                page.keyboard.press("Space")  # unchosen again
                _tab_to(page, '[data-testid="tga-check"]')
                page.keyboard.press("Enter")
                expect(feedback).to_have_class(re.compile(r"\btga-right\b"), timeout=TIMEOUT_MS)
                print(f"wrong choice: {named!r}; then: {feedback.inner_text()!r}")
                title = widget.locator(".tga-title").first.inner_text()
                _tab_to(page, '[data-testid="tga-next"]')
                page.keyboard.press("Enter")
                expect(widget.locator(".tga-title").first).not_to_have_text(title, timeout=TIMEOUT_MS)
                page.screenshot(path=str(tmp_path / "lesson-page-light.png"))

                themes = {"light": page}
                dark = context.new_page()
                dark.goto(f"{base}/{address}?theme=dark")
                dark.wait_for_function("document.documentElement.dataset.lesson === 'ready'", timeout=TIMEOUT_MS)
                background = dark.evaluate("getComputedStyle(document.body).backgroundColor")
                assert background == "rgb(33, 33, 33)", background  # JupyterLab Dark's layout colour
                dark.screenshot(path=str(tmp_path / "lesson-page-dark.png"))
                themes["dark"] = dark
                if axe is not None:
                    for theme, tab in themes.items():
                        tab.add_script_tag(path=str(axe))
                        result = tab.evaluate(AXE_PAGE_JS)
                        assert result["planted"], "axe did not check contrast"
                        assert result["found"] == [], f"{theme}: {result['found'][:5]}"
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    outside = sorted({url for url in requests if not url.startswith((base + "/", "data:", "blob:"))})
    assert outside == [], f"requests left the site: {outside[:10]}"
    # the page asks once whether the site is served with its class (here it is not: 404)
    assert [url for url in missing if "/class/" not in url] == [], f"not found: {missing[:10]}"
    assert any(url.endswith("pyodide.asm.wasm") for url in requests)
