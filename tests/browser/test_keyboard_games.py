"""A whole game of each of the four, played in a real JupyterLab with the keyboard alone.

Each game is dealt and played by bots until a few moves before its end, then the pupil
plays on (against bots) with Tab, Shift+Tab, the arrow keys and Enter only: the test
looks at the page as a pupil looks at the screen (which cards may be chosen, which
buttons are on), moves the focus with Tab to what it wants and presses Enter, until the
widget says the game is over. Ligretto plays its one round in real time against a fast
bot, the pupil turning up cards and playing every card that fits.

One notebook, one page; the session's JupyterLab.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

import pytest

from tests.browser.a11y import notebook
from tests.browser.conftest import KERNEL_READY_JS, Lab, browser, lab  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

TIMEOUT_MS = 120_000
OVER = re.compile(r"game over|game is over|match is over", re.IGNORECASE)

NEAR_END = """import teachgames
from teachgames.bots import GreedyBot
from teachgames.split.bots import PlannerBot
from teachgames.ligretto.bots import LigrettoBot

def near_end(name, bots, left, **options):
    '''The game dealt with options, played by bots until about left moves before its end,
    the pupil (seat 0) to act.'''
    full = teachgames.new_game(name, **options)
    while not full.is_over():
        full.play(bots[full.current_player].choose(full))
    g = teachgames.new_game(name, **options)
    while not g.is_over() and (len(g.history) < len(full.history) - left or g.current_player != 0):
        g.play(bots[g.current_player].choose(g))
    return g
"""
CELLS = [
    NEAR_END,
    "teachgames.show(near_end('delissimo', [GreedyBot(), GreedyBot()], 6, level='beginner', players=2, seed=7),"
    " mode='play', players=['Pupil', GreedyBot()], bot_delay=0)",
    "teachgames.show(near_end('tsvetik', [GreedyBot(), GreedyBot()], 6, players=2, seed=11),"
    " mode='play', players=['Pupil', GreedyBot()], bot_delay=0)",
    "teachgames.show(near_end('split', [PlannerBot(), PlannerBot()], 8, players=2, seed=7),"
    " mode='play', players=['Pupil', PlannerBot()], bot_delay=0)",
    "teachgames.show(teachgames.new_game('ligretto', players=2, seed=7, rules={'rounds': 1}),"
    " players=['Pupil', LigrettoBot(6.0)])",
]


@pytest.fixture(scope="module")
def page(browser: Any, lab: Lab) -> Any:  # noqa: F811
    pg = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    pg.goto(lab.notebook_url(notebook(lab.root, "keyboard-games", "en", CELLS)))
    pg.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
    pg.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    pg.locator('[data-testid="tg-widget"]').nth(3).wait_for(timeout=TIMEOUT_MS)
    yield pg
    pg.context.close()


def focused(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement?.getAttribute('data-testid') || ''"))


def tab_to(page: Any, widget: Any, testid: str, strict: bool = True, limit: int = 120) -> bool:
    """Move the focus with Tab (from the widget's root) until it is on ``testid``. Not
    ``strict`` (a real-time table): False if the target went away meanwhile."""
    if focused(page) == testid:
        return True
    widget.evaluate("r => r.focus()")  # where a pupil starts: the widget itself
    seen = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        seen.append(focused(page))
        if seen[-1] == testid:
            return True
    if not strict:
        return False
    raise AssertionError(f"Tab never reached {testid}: {seen[:40]}")


def press(page: Any, widget: Any, testid: str, strict: bool = True) -> None:
    """Tab to ``testid`` and press Enter; wait until the widget has answered."""
    if not tab_to(page, widget, testid, strict):
        return
    before = widget.get_attribute("data-version")
    page.keyboard.press("Enter")
    # an intent that changed nothing visible (a refused choice) times out here: go on
    with contextlib.suppress(Exception):
        page.wait_for_function(
            "([r, v]) => r.getAttribute('data-version') !== v || !!r.querySelector('[data-testid=tg-refused]:not([hidden])')",
            arg=[widget.element_handle(), before], timeout=10_000,
        )


def ids(widget: Any, selector: str) -> list[str]:
    return [str(x) for x in widget.locator(selector).evaluate_all(
        "els => els.filter(e => !e.disabled).map(e => e.getAttribute('data-testid'))")]


def enabled(widget: Any, testid: str) -> bool:
    b = widget.locator(f'[data-testid="{testid}"]')
    return b.count() > 0 and b.first.is_enabled()


def status(widget: Any) -> str:
    return str(widget.get_by_test_id("tg-status").inner_text())


def wait_pupil_or_over(page: Any, widget: Any, ready: str) -> bool:
    """Wait until the game is over (True) or the pupil can act (``ready`` matches)."""
    page.wait_for_function(
        "([r, sel, over]) => new RegExp(over, 'i').test(r.querySelector('[data-testid=tg-status]')?.textContent || '')"
        " || [...r.querySelectorAll(sel)].some(e => !e.disabled)",
        arg=[widget.element_handle(), ready, OVER.pattern], timeout=TIMEOUT_MS,
    )
    return bool(OVER.search(status(widget)))


def test_delissimo_by_keyboard(page: Any) -> None:
    w = page.locator('[data-testid="tg-widget"]').nth(0)
    w.scroll_into_view_if_needed()
    for _ in range(60):
        if wait_pupil_or_over(page, w, '[data-testid="tg-btn-end-turn"]'):
            break
        press(page, w, "tg-btn-hint")  # "you can make 2 captures": press again to see one
        if not ids(w, "button.tg-card.tg-highlight"):
            press(page, w, "tg-btn-hint")
        for card in ids(w, "button.tg-card.tg-highlight"):
            press(page, w, card)
        if enabled(w, "tg-btn-capture"):
            press(page, w, "tg-btn-capture")
        if enabled(w, "tg-btn-end-turn"):
            press(page, w, "tg-btn-end-turn")
    assert OVER.search(status(w)), status(w)


def test_tsvetik_by_keyboard(page: Any) -> None:
    w = page.locator('[data-testid="tg-widget"]').nth(1)
    w.scroll_into_view_if_needed()
    for _ in range(60):
        if wait_pupil_or_over(page, w, "button.tg-card, [data-testid^=tg-move-]"):
            break
        slots = ids(w, "button.tg-card.tg-slot")
        if slots:
            press(page, w, slots[0])  # place the card turned up
        elif enabled(w, "tg-card-bank"):
            press(page, w, "tg-card-bank")  # turn up a card
        elif ids(w, "[data-testid^=tg-move-]"):
            press(page, w, ids(w, "[data-testid^=tg-move-]")[0])  # take a field
        else:
            press(page, w, ids(w, "button.tg-card")[0])
    assert OVER.search(status(w)), status(w)


def test_split_by_keyboard(page: Any) -> None:
    w = page.locator('[data-testid="tg-widget"]').nth(2)
    w.scroll_into_view_if_needed()
    ready = "[data-testid=tg-btn-draw], [data-testid=tg-btn-finish], [data-testid^=tg-move-], [data-testid^=tg-card-hand-0-]"
    for _ in range(80):
        if wait_pupil_or_over(page, w, ready):
            break
        if enabled(w, "tg-btn-draw"):
            press(page, w, "tg-btn-draw")
        elif ids(w, "[data-testid^=tg-move-]"):
            press(page, w, ids(w, "[data-testid^=tg-move-]")[0])  # a bonus: its first choice
        elif enabled(w, "tg-btn-finish"):
            press(page, w, "tg-btn-finish")
        else:
            chosen = ids(w, 'button.tg-card[aria-pressed="true"]')
            if not chosen:
                press(page, w, ids(w, "button[data-testid^=tg-card-hand-0-]")[0])
            if enabled(w, "tg-btn-discard"):
                press(page, w, "tg-btn-discard")
    assert OVER.search(status(w)), status(w)


def _fits(name: str, tops: list[str]) -> bool:
    colour, n = name.split()[0], int(name.split()[1])
    return n == 1 or any(t.split()[0] == colour and int(t.split()[1]) == n - 1 for t in tops)


def test_ligretto_round_by_keyboard(page: Any) -> None:
    w = page.locator('[data-testid="tg-widget"]').nth(3)
    w.scroll_into_view_if_needed()
    press(page, w, "tg-btn-start")  # the round waits for Start, pressed by keyboard too
    landed = 0
    for _ in range(400):
        if OVER.search(status(w)) or w.get_by_test_id("tg-btn-next-round").count():
            break
        tops = [str(x) for x in w.locator('[data-testid="tg-zone-centre"] [data-card]').evaluate_all(
            "els => els.map(e => e.getAttribute('data-card'))")]
        mine = w.locator('[data-testid="tg-zone-player-0"] button[data-card]').evaluate_all(
            "els => els.map(e => [e.getAttribute('data-testid'), e.getAttribute('data-card')])")
        fit = [tid for tid, name in mine if name and len(name.split()) == 2 and name.split()[1].isdigit() and _fits(name, tops)]
        if fit:
            before = w.locator('[data-testid="tg-zone-centre"] [data-card]').count()
            press(page, w, fit[0], strict=False)
            landed += w.locator('[data-testid="tg-zone-centre"] [data-card]').count() != before or fit[0] not in ids(w, "button.tg-card")
        elif enabled(w, "tg-card-deck-0"):
            press(page, w, "tg-card-deck-0", strict=False)
        else:
            page.wait_for_timeout(300)
    text = w.inner_text()
    assert OVER.search(status(w)) or "How the scores were reached" in text, status(w)
    assert landed >= 1, "the pupil played at least one card by keyboard"
