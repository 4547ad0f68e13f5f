"""The Tsvetik lesson notebook in a real JupyterLab, clicked through in headless chromium.

Opens ``notebooks/en/tsvetik-11plus.ipynb``, runs every cell, then plays as a pupil: clicks
the bank to turn up a card, clicks an empty cell to place it, waits for the two bots, and
sees the table change; asks for a Hint and sees which field and why. At 1280 x 720 (a
projector, the file browser open) the bank, the four fields and the pupil's controls are on
screen without scrolling, at the start and late in a game. No timing is asserted.
Screenshots go under the test's tmp dir (and ``artifacts/browser/``).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    CLICK_AND_WAIT_JS,
    KERNEL_READY_JS,
    Lab,
    require_browser,
    running_lab,
)

pytestmark = pytest.mark.browser

LESSON = "notebooks/en/tsvetik-11plus.ipynb"
TIMEOUT_MS = 120_000


#: Scroll the widget's top to the top of the notebook's scrolled area; return that visible
#: area and the boxes of the table's zones and the controls (page pixels).
ON_SCREEN_JS = """(root) => {
  let s = root.parentElement;
  while (s && !(s.scrollHeight > s.clientHeight && /(auto|scroll)/.test(getComputedStyle(s).overflowY))) {
    s = s.parentElement;
  }
  root.scrollIntoView({block: "start"});
  const r = s ? s.getBoundingClientRect() : {top: 0, left: 0, bottom: innerHeight, right: innerWidth};
  const view = {top: Math.max(r.top, 0), left: Math.max(r.left, 0),
                bottom: Math.min(r.bottom, innerHeight), right: Math.min(r.right, innerWidth)};
  const boxes = {};
  for (const e of root.querySelectorAll(
      '[data-testid="tg-zone-bank"], [data-testid^="tg-zone-field-"], [data-testid="tg-controls"]')) {
    const b = e.getBoundingClientRect();
    boxes[e.getAttribute("data-testid")] = {top: b.top, left: b.left, bottom: b.bottom, right: b.right};
  }
  return {view, boxes};
}"""

#: A game played by bots far into its last rounds (every collection holds several colours),
#: shown with the pupil to act.
LATE_GAME = """import teachgames
from teachgames.bots import GreedyBot
from teachgames.tsvetik.bots import FieldBot
g = teachgames.new_game("tsvetik", players=3, seed=11)
bots = [FieldBot(), FieldBot(), GreedyBot()]
while not g.is_over() and (len(g.history) < 110 or g.current_player != 0):
    g.play(bots[g.current_player].choose(g))
teachgames.show(g, mode="play", players=["Pupil", FieldBot(), GreedyBot()])"""


def assert_table_on_screen(play: Any) -> None:
    """The bank, the four fields and the controls lie inside the visible notebook area."""
    seen = play.evaluate(ON_SCREEN_JS)
    view, boxes = seen["view"], seen["boxes"]
    wanted = {"tg-zone-bank", "tg-controls", *(f"tg-zone-field-{f}" for f in range(4))}
    assert wanted <= set(boxes), sorted(boxes)
    for name, b in boxes.items():
        inside = (b["top"] >= view["top"] - 1 and b["bottom"] <= view["bottom"] + 1
                  and b["left"] >= view["left"] - 1 and b["right"] <= view["right"] + 1)  # fmt: skip
        assert inside, f"{name} {b} is outside the visible area {view}"


def save_shot(page: Any, tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    page.screenshot(path=str(path))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(path, ARTIFACTS / name)


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


@pytest.fixture()
def projector(lab: Lab) -> Iterator[Any]:
    """A page the size of a classroom projector (1280 x 720)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
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


def test_the_table_and_the_controls_fit_a_projector_screen(projector: Any, lab: Lab, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    page = projector
    page.goto(lab.notebook_url(LESSON))
    page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    play = page.locator('[data-testid="tg-widget"][data-mode="play"]').first
    expect(play.locator('button[data-testid="tg-card-bank"]')).to_be_visible(timeout=TIMEOUT_MS)
    assert_table_on_screen(play)
    # a card turned up joins the row; after the pupil's move and the bots' the table still fits
    play.locator('button[data-testid="tg-card-bank"]').evaluate(CLICK_AND_WAIT_JS)
    expect(play.get_by_test_id("tg-zone-drawn").locator("svg")).to_have_count(1)
    assert_table_on_screen(play)
    play.locator('button[data-testid="tg-card-field-1-0"]').evaluate(CLICK_AND_WAIT_JS)
    expect(play.get_by_test_id("tg-status")).to_contain_text("your turn", timeout=TIMEOUT_MS)
    assert_table_on_screen(play)
    save_shot(page, tmp_path, "tsvetik-1280x720.png")

    # late in a game, with every collection grown, the fields and the controls still fit
    (lab.root / "notebooks" / "tsvetik-late.ipynb").write_text(json.dumps({
        "cells": [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                   "source": LATE_GAME}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }))  # fmt: skip
    page.goto(lab.notebook_url("notebooks/tsvetik-late.ipynb"))
    page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    late = page.locator('[data-testid="tg-widget"][data-mode="play"]').first
    expect(late.get_by_test_id("tg-status")).to_contain_text("your turn", timeout=TIMEOUT_MS)
    expect(late.locator('[data-testid="tg-zone-player-0"] svg')).not_to_have_count(0)
    assert_table_on_screen(late)
    save_shot(page, tmp_path, "tsvetik-1280x720-late.png")


TAKEN_FIELD = """import teachgames
from teachgames.tsvetik.bots import FieldBot
g = teachgames.new_game("tsvetik", players=2, seed=5)
for move in ({"kind": "draw"}, {"kind": "place", "field": 0}, {"kind": "take", "field": 0}):
    g.play(move)
teachgames.show(g, mode="play", players=["Ученик", FieldBot()], language="ru")"""


def test_a_click_on_a_taken_field_says_why(page: Any, lab: Lab) -> None:
    """A taken field's card is a picture (no button, no Tab stop); clicking it shows and
    says the reason in the pupil's language, and nothing is played."""
    from playwright.sync_api import expect

    (lab.root / "notebooks" / "tsvetik-taken.ipynb").write_text(json.dumps({
        "cells": [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                   "source": TAKEN_FIELD}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }))  # fmt: skip
    page.goto(lab.notebook_url("notebooks/tsvetik-taken.ipynb"))
    page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    play = page.locator('[data-testid="tg-widget"][data-mode="play"]').first
    status = play.get_by_test_id("tg-status")
    expect(play.locator('button[data-testid="tg-card-bank"]')).to_be_visible(timeout=TIMEOUT_MS)
    before = status.inner_text()
    card = play.locator('[data-testid="tg-card-field-0-0"]')
    shape = card.evaluate("e => [e.tagName, e.getAttribute('tabindex'), e.dataset.why]")
    assert shape == ["DIV", None, "field-taken"]
    card.click()
    expect(play.get_by_test_id("tg-refused")).to_contain_text("Так нельзя: поле 1 уже забрал")
    expect(play.get_by_test_id("tg-live")).to_contain_text("поле 1 уже забрал")
    assert status.inner_text() == before  # nothing was played
