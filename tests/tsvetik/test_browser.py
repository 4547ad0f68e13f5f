"""The Tsvetik lesson notebook in a real JupyterLab, clicked through in headless chromium.

Opens ``notebooks/en/tsvetik-11plus.ipynb``, runs every cell, then plays as a pupil: clicks
the bank to turn up a card, clicks an empty cell to place it, waits for the two bots, and
sees the table change; asks for a Hint and sees which field and why. No timing is asserted.
Screenshots go under the test's tmp dir (and ``artifacts/browser/``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, Lab, require_browser, running_lab

pytestmark = pytest.mark.browser

LESSON = "notebooks/en/tsvetik-11plus.ipynb"
TIMEOUT_MS = 120_000

#: The kernel is really connected (the toolbar's "idle" shows earlier; BROWSER-TESTS.md).
KERNEL_READY_JS = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const s = w && w.sessionContext && w.sessionContext.session;
  const k = s && s.kernel;
  return !!k && k.connectionStatus === "connected" && k.status === "idle";
}"""

#: Click an element and resolve when its widget shows a new view-model version.
CLICK_AND_WAIT_JS = """(target) => new Promise((resolve, reject) => {
  const root = target.closest('[data-testid="tg-widget"]');
  const before = root.getAttribute("data-version");
  const timer = setTimeout(() => { obs.disconnect(); reject(new Error("no DOM update")); }, 30000);
  const obs = new MutationObserver(() => {
    if (root.getAttribute("data-version") !== before) {
      obs.disconnect(); clearTimeout(timer); resolve(true);
    }
  });
  obs.observe(root, {attributes: true, attributeFilter: ["data-version"]});
  target.click();
})"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    require_browser()
    with running_lab(tmp_path_factory.mktemp("jupyterlab-tsvetik")) as running:
        yield running


@pytest.fixture()
def page(lab: Lab) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser.new_context(viewport={"width": 1280, "height": 1600}).new_page()
        finally:
            browser.close()


def _click(locator: Any) -> None:
    locator.scroll_into_view_if_needed()
    locator.evaluate(CLICK_AND_WAIT_JS)


def test_lesson_notebook_play_against_bots(page: Any, lab: Lab, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    page.goto(lab.notebook_url(LESSON))
    page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    play = page.locator('[data-testid="tg-widget"][data-mode="play"]').first
    bank = play.locator('button[data-testid="tg-card-bank"]')
    expect(bank).to_be_visible(timeout=TIMEOUT_MS)
    expect(play.get_by_test_id("tg-status")).to_contain_text("your turn")
    _click(bank)
    expect(play.get_by_test_id("tg-status")).to_contain_text("put the turned-up card")
    expect(play.get_by_test_id("tg-zone-drawn").locator("svg")).to_have_count(1)
    _click(play.locator('button[data-testid="tg-card-field-0-0"]'))
    field = play.get_by_test_id("tg-zone-field-0")
    expect(field).to_contain_text("Field 1")
    # the two bots move one after the other, then it is the pupil's turn again
    expect(play.get_by_test_id("tg-status")).to_contain_text("your turn", timeout=TIMEOUT_MS)
    expect(play.get_by_test_id("tg-log")).to_be_visible()
    _click(play.get_by_test_id("tg-btn-hint"))
    message = play.get_by_test_id("tg-message")
    expect(message).to_have_attribute("data-kind", "hint")
    expect(message.locator("svg").first).to_be_visible()
    play.screenshot(path=str(tmp_path / "tsvetik-play.png"))
    # the cards' initials are projector-sized: at least 24 px tall on the page
    sizes = play.locator('[data-testid^="tg-zone-field"] svg text').evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().height)"
    )
    assert sizes and max(sizes) >= 24, sizes
