"""Live Ligretto in a real JupyterLab (headless chromium): the round waits for Start, then
the pupil's click lands a card in the centre while the bots are playing on their own timers.

After Run All the table stays dealt and still (a teacher may talk for minutes): no bot's
card in the centre, the status asks for Start. Pressing Start starts the clock.

A small notebook shows a live round against two bots. The test waits until the bots have
put cards into the centre, then plays as a pupil: it reads the pile tops on the page,
clicks one of the pupil's cards that fits (turning up hand cards when none does) and sees
the card land (the message names it; it is on a pile). No timing is asserted. A
screenshot is saved under the test's tmp dir and ``artifacts/browser/``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import KERNEL_READY_JS, Lab, browser, lab, page, shots  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

TIMEOUT_MS = 120_000
COLOURS = ("red", "yellow", "green", "blue")

CELLS = [
    "import teachgames\nfrom teachgames.ligretto import LigrettoGame\nfrom teachgames.ligretto.bots import LigrettoBot",
    "g = LigrettoGame.new(players=3, seed=7, rules={'rounds': 1})\n"
    "w = teachgames.show(g, players=['Pupil <b>1</b>', LigrettoBot(0.8), LigrettoBot(0.8)])",
]


def _notebook(root: Path) -> str:
    cells = [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [],
              "source": src} for i, src in enumerate(CELLS)]  # fmt: skip
    nb = {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                      "name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}  # fmt: skip
    path = root / "dev" / "ligretto-live.ipynb"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb), encoding="utf-8")
    return "dev/ligretto-live.ipynb"


def _press(locator: Any) -> None:
    """Click in the page itself: the widget redraws on every tick, so Playwright's wait for
    a stable element would wait for ever while the bots play."""
    locator.evaluate("e => e.click()")


def _hold(pg: Any, locator: Any, ms: int = 150) -> None:
    """A real mouse press held for ``ms``, as a pupil's finger or mouse does: the table may
    redraw (a bot's tick) between the press and the release, and the card must still count."""
    box = locator.bounding_box()
    assert box is not None, "the card is on screen"
    pg.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    pg.mouse.down()
    pg.wait_for_timeout(ms)
    pg.mouse.up()


def _fits(name: str, tops: list[str]) -> bool:
    colour, n = name.split()[0], int(name.split()[1])
    if n == 1:
        return True
    return any(t.split()[0] == colour and int(t.split()[1]) == n - 1 for t in tops)


def test_pupil_click_lands_while_bots_play(page: Any, lab: Lab, shots: Any) -> None:  # noqa: F811
    page.goto(lab.notebook_url(_notebook(lab.root)))
    page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    widget = page.locator('[data-testid="tg-widget"]').first
    widget.wait_for(timeout=TIMEOUT_MS)
    centre = widget.locator('[data-testid="tg-zone-centre"]')
    start = widget.locator('[data-testid="tg-btn-start"]')
    start.wait_for(timeout=TIMEOUT_MS)
    page.wait_for_timeout(4000)  # the bots (0.8 cards/s) would have played by now
    assert centre.locator("[data-card]").count() == 0, "nothing moves before Start"
    assert "press Start" in widget.inner_text()
    shots(widget, "ligretto-waits-for-start")
    _press(start)
    # the bots play on their own timers: wait for their first cards in the centre
    centre.locator("[data-card]").first.wait_for(timeout=TIMEOUT_MS)
    # the pupil's name is shown as text, never as markup
    assert "Pupil <b>1</b>" in widget.inner_text() and widget.locator("b").count() == 0
    landed = None
    for _ in range(60):
        tops = centre.locator("[data-card]").evaluate_all("els => els.map(e => e.getAttribute('data-card'))")
        mine = widget.locator('[data-testid="tg-zone-player-0"] button[data-card]')
        names = mine.evaluate_all("els => els.map(e => e.getAttribute('data-card'))")
        playable = [n for n in names if n and n.split()[0] in COLOURS and _fits(n, tops)]
        if playable:
            name = playable[0]
            card = widget.locator(f'[data-testid="tg-zone-player-0"] button[data-card="{name}"]').first
            card.scroll_into_view_if_needed()
            _hold(page, card)
            page.wait_for_timeout(700)
            message = widget.locator('[data-testid="tg-message-text"]')
            if message.count() and name in message.first.inner_text():
                landed = name
                why = widget.locator('[data-testid="tg-explanation-text"]').first.text_content() or ""
                assert "Why your card fitted" in widget.inner_text()
                assert name.endswith(" 1") or "+ 1 =" in why  # a 1 starts a pile; others count on
                break
        else:
            _press(widget.locator('[data-testid="tg-card-deck-0"]'))
            page.wait_for_timeout(500)
    assert landed is not None, "no card of the pupil landed"
    shots(widget, "ligretto-live")
    assert widget.locator('[data-testid="tg-log"] li').count() >= 1, "the bots' moves are listed"
    # the teacher makes the bots faster; the round ends and its scores are explained
    for _ in range(3):
        _press(widget.locator('[data-testid="tg-btn-faster"]'))
        page.wait_for_timeout(300)
    # while the round runs the explanation says why the pupil's card fitted; at the end, the scores
    page.wait_for_function(
        """() => [...document.querySelectorAll('[data-testid="tg-explanation-text"]')]
                 .some(e => e.textContent.includes("How the scores were reached"))""",
        timeout=TIMEOUT_MS,
    )
    explanation = widget.locator('[data-testid="tg-explanation"]')
    text = explanation.locator('[data-testid="tg-explanation-text"]').text_content() or ""
    assert explanation.locator("svg").count() >= 1, "the working is drawn, not only written"
    assert "How the scores were reached" in text and "Pupil <b>1</b>" in text and " × 2 = " in text
    assert widget.locator('[data-testid="tg-btn-next_round"], [data-testid="tg-btn-next-round"]').count() == 0
    # the game is over: a new round is offered, and the pace can no longer be changed
    assert widget.locator('[data-testid="tg-btn-new-game"]').count() == 1
    assert widget.locator('[data-testid="tg-btn-faster"]').is_disabled()
    shots(widget, "ligretto-round-over")
