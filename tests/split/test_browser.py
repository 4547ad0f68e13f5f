"""The Split lesson notebook in a real JupyterLab (headless chromium), as a pupil uses it:
the replay steps and ends on the pads' working; in the play widget the pupil draws, asks
for a Hint and sees the reason, and a refused choice shows why. Screenshots go under the
test's tmp dir and ``artifacts/browser/``. No timing is asserted.

Uses the JupyterLab launcher of ``tests/browser/conftest.py`` (one lab for this module).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser.conftest import CLICK_AND_WAIT_JS, KERNEL_READY_JS

pytestmark = pytest.mark.browser

LESSON = "notebooks/en/split-classify.ipynb"
TIMEOUT_MS = 120_000

@pytest.fixture(scope="module")
def split_page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from browser.conftest import CHROMIUM, CHROMIUM_ARGS, require_browser, running_lab
    from playwright.sync_api import sync_playwright

    require_browser()
    with running_lab(tmp_path_factory.mktemp("split-lab")) as lab, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(viewport={"width": 1280, "height": 1600}).new_page()
            page.goto(lab.notebook_url(LESSON))
            page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
            page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
            yield page
        finally:
            browser.close()


def _click(locator: Any) -> None:
    locator.scroll_into_view_if_needed()
    locator.evaluate(CLICK_AND_WAIT_JS)


def _shot(target: Any, tmp_path: Path, name: str) -> None:
    path = tmp_path / f"split-{name}.png"
    target.screenshot(path=str(path))
    artifacts = Path(__file__).resolve().parents[2] / "artifacts" / "browser"
    artifacts.mkdir(parents=True, exist_ok=True)
    shutil.copy(path, artifacts / path.name)


def test_replay_steps_and_ends_on_the_pads(split_page: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    replay = split_page.locator('[data-testid="tg-widget"][data-mode="replay"]').first
    expect(replay).to_be_visible(timeout=TIMEOUT_MS)
    label = replay.get_by_test_id("tg-step-label")
    before = label.inner_text()
    _click(replay.get_by_test_id("tg-btn-next"))
    expect(label).not_to_have_text(before)
    expect(replay.get_by_test_id("tg-move")).to_contain_text("Player 1")
    expect(replay.get_by_test_id("tg-zone-row")).to_be_visible()  # the discard row
    _click(replay.get_by_test_id("tg-btn-last"))
    expect(replay.get_by_test_id("tg-explanation-text")).to_contain_text("Match total")
    expect(replay.locator('[data-testid="tg-grid-pad-0"]')).to_be_visible()
    _shot(replay, tmp_path, "replay-end")


def test_pupil_draws_asks_for_a_hint_and_sees_a_refusal(split_page: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    play = split_page.locator('[data-testid="tg-widget"][data-mode="play"]').first
    expect(play).to_be_visible(timeout=TIMEOUT_MS)
    hand = play.get_by_test_id("tg-zone-hand-0")
    expect(hand).to_contain_text("9 cards")
    _click(play.get_by_test_id("tg-btn-hint"))
    message = play.get_by_test_id("tg-message-text")
    expect(message).to_contain_text("Why:")
    _click(play.get_by_test_id("tg-btn-draw"))
    expect(hand).to_contain_text("10 cards")
    # two halves of different ranks: the game says why not
    cards = hand.locator('button[data-testid^="tg-card-hand-0-"]')
    names = [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]
    first = names[0]
    other = next(i for i, n in enumerate(names) if n[:-1] != first[:-1])
    _click(cards.nth(0))
    _click(cards.nth(other))
    _click(play.get_by_test_id("tg-btn-match"))
    expect(message).to_contain_text("not a match")
    expect(hand).to_contain_text("10 cards")  # nothing changed
    _shot(play, tmp_path, "play-refused")
