"""The smallest numbers a pupil reads that are not on a card, read in Chromium at 1280×720.

The Split pad's column (and row) headings, "stack of 23" under Delissimo's pizzas and the
fractions in Tsvetik's explanation were 16 px while the numbers that count are larger:
each must be at least 20 px at the widget's normal size, in the light and the dark theme
(the sizes are the same; the screenshots are for a person to look at). A picture's text
is measured as drawn: its font size times the scale the picture is shown at.

One notebook; the session's JupyterLab.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.a11y import notebook
from tests.browser.conftest import KERNEL_READY_JS, Lab, browser, lab, shots, use_theme  # noqa: F401

pytestmark = pytest.mark.browser

TIMEOUT_MS = 120_000
SMALLEST_PX = 20.0
CELLS = [
    "import teachgames\nfrom teachgames.bots import GreedyBot\nfrom teachgames.split.bots import PlannerBot",
    "teachgames.show(teachgames.new_game('split', players=2, seed=7), mode='play',"
    " players=['Pupil', PlannerBot()], bot_delay=0)",
    "teachgames.show(teachgames.new_game('delissimo', level='basic', players=2, seed=7), mode='play',"
    " players=['Pupil', GreedyBot()], bot_delay=0)",
    "t = teachgames.new_game('tsvetik', players=2, seed=11)\n"
    "for _ in range(12):\n    t.play(GreedyBot().choose(t))\n"
    "tw = teachgames.show(t, mode='replay')\n"
    "for _ in range(3):\n    tw.handle_intent({'type': 'intent', 'version': tw.version, 'action': 'next'})\n"
    "tw",
]

#: The computed font size (px) of each element matching a selector, with its text.
SIZES_JS = """(r, selector) => [...r.querySelectorAll(selector)]
  .map(e => [e.textContent.trim(), parseFloat(getComputedStyle(e).fontSize)])"""
#: Each text of the explanation's picture as drawn: its font size times the picture's scale.
PICTURE_TEXT_JS = """r => {
  const svg = r.querySelector('[data-testid=tg-explanation-svg] svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll('text')].map(t => [t.textContent, parseFloat(getComputedStyle(t).fontSize) * scale]);
}"""


@pytest.fixture(scope="module")
def page(browser: Any, lab: Lab) -> Any:  # noqa: F811
    pg = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    pg.goto(lab.notebook_url(notebook(lab.root, "widget-sizes", "en", CELLS)))
    pg.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
    pg.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    pg.locator('[data-testid="tg-explanation-svg"] svg').first.wait_for(timeout=TIMEOUT_MS)
    yield pg
    pg.context.close()


def widget(page: Any, n: int) -> Any:
    return page.locator('[data-testid="tg-widget"]').nth(n)


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_the_smallest_numbers_off_the_cards_are_20_px(page: Any, theme: str, shots: Any) -> None:  # noqa: F811
    name = use_theme(page, theme)
    split, delissimo, tsvetik = widget(page, 0), widget(page, 1), widget(page, 2)
    body = float(split.evaluate("r => parseFloat(getComputedStyle(r).fontSize)"))

    headings = split.evaluate(SIZES_JS, "[data-testid^=tg-grid-] th")
    assert [t for t, _ in headings if t.isdigit()][:3] == ["1", "2", "3"], headings  # the pad's columns
    stacks = [(t, px) for t, px in delissimo.evaluate(SIZES_JS, ".tg-card-caption") if "stack of" in t]
    fractions = [(t, px) for t, px in tsvetik.evaluate(PICTURE_TEXT_JS) if t.strip().isdigit()]
    assert stacks and fractions, (stacks, fractions)
    for what, measured in (("pad headings", headings), ("stack captions", stacks), ("explanation", fractions)):
        small = [(t, round(px, 1)) for t, px in measured if px < SMALLEST_PX - 0.05]
        assert not small, f"{what} under {SMALLEST_PX} px (the widget's words are {body} px): {small[:5]}"

    split.get_by_test_id("tg-zone-player-0").scroll_into_view_if_needed()
    shots(page, f"sizes-split-{name}")
    delissimo.scroll_into_view_if_needed()
    shots(page, f"sizes-delissimo-{name}")
    tsvetik.get_by_test_id("tg-explanation").scroll_into_view_if_needed()
    shots(page, f"sizes-tsvetik-{name}")
