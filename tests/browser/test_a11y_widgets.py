"""Every game widget in a real JupyterLab, as a pupil who cannot use a mouse, cannot see
the screen or sits at the back of the room meets it (1280 x 720, light and dark):

- axe-core (from npm, injected from a local file) finds no serious or critical violation
  on any game widget, in either theme; a planted low-contrast element proves axe really
  checks colour contrast on this page;
- the live region says the pupil's move or its refusal and the bot's move, in en/ru/bg,
  after keys alone chose the card (Tab, Enter); the language switch comes after the
  game's controls in the tab order;
- the numbers that count (the amounts, ranks and counts drawn on every game's cards,
  scores, score pads, a zone's points and counts, deck counts) are drawn at 24 px or
  more, as rendered, in en/ru/bg, with JupyterLab's file browser open (the widget about
  850 px wide), no card's words cut and no cards overlapping; the words drawn in every SVG
  picture reach 4.5:1 (3:1 when large) against the fill drawn under them; the shapes
  that carry meaning (card faces on the page, the selected, highlighted, empty-place and
  focus rings) reach 3:1 as painted, in both themes;
- an experiment chart's words follow the theme (>= 4.5:1 on the dark page) and a long
  Russian title wraps inside the picture.

One JupyterLab (the session's), one page for both themes. Screenshots at 1280 x 720 and
at 200 % zoom go under the test's tmp dir and ``artifacts/browser/``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.a11y import (
    AXE_RUN_JS,
    KEY_NUMBERS_JS,
    PREPARE_JS,
    SHAPE_CONTRAST_JS,
    SVG_TEXT_CONTRAST_JS,
    WIDGET_CELLS,
    notebook,
    require_axe,
)
from tests.browser.conftest import (  # noqa: F401  (fixtures)
    CLICK_AND_WAIT_JS,
    KERNEL_READY_JS,
    Lab,
    browser,
    lab,
    shots,
    use_theme,
)

pytestmark = pytest.mark.browser

TIMEOUT_MS = 120_000
CHART_TITLE = "Победы по местам: 30 партий (отрезки — 95-процентный интервал)"
CELLS = [
    *WIDGET_CELLS,
    "from teachgames.experiments.charts import bar_chart\n"
    f"bar_chart({CHART_TITLE!r}, ['Игрок 1', 'Игрок 2'], [0.4, 0.6], [(0.3, 0.5), (0.5, 0.7)], axis_label='доля')",
]

#: WCAG contrast of an SVG text's fill on the page behind it.
CHART_CONTRAST_JS = """(svg) => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  let bg = null;
  for (let n = svg; n && !bg; n = n.parentElement) {
    const c = getComputedStyle(n).backgroundColor;
    if (c && !c.startsWith("rgba(0, 0, 0, 0)") && c !== "transparent") bg = c;
  }
  bg = bg || "rgb(255, 255, 255)";
  const box = svg.getBoundingClientRect();
  const texts = [...svg.querySelectorAll("text")];
  const worst = Math.min(...texts.map(t => {
    const a = lum(rgb(getComputedStyle(t).fill)), b = lum(rgb(bg));
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  }));
  const cut = texts.filter(t => { const r = t.getBoundingClientRect(); return r.left < box.left - 1 || r.right > box.right + 1; }).length;
  return {worst, cut, titleLines: texts.filter(t => t.getAttribute("font-weight") === "bold" || t.getAttribute("font-weight") === "700").length};
}"""

@pytest.fixture(scope="module")
def page(browser: Any, lab: Lab) -> Any:  # noqa: F811
    pg = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    pg.goto(lab.notebook_url(notebook(lab.root, "a11y-widgets", "en", CELLS)))
    pg.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
    pg.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    pg.locator('[data-testid="tg-widget"]').nth(4).wait_for(timeout=TIMEOUT_MS)
    pg.locator("svg[aria-label^='Победы']").wait_for(timeout=TIMEOUT_MS)
    yield pg
    pg.context.close()


def _serious(result: dict[str, Any]) -> dict[str, list[str]]:
    return {w["widget"]: [f'{v["id"]}: {v["html"]}' for v in w["violations"]] for w in result["widgets"] if w["violations"]}


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_axe_finds_nothing_serious_and_the_words_read(page: Any, theme: str, shots: Any) -> None:  # noqa: F811
    axe = require_axe()
    name = use_theme(page, theme)
    page.wait_for_timeout(500)
    page.add_script_tag(path=str(axe))
    page.evaluate(PREPARE_JS)
    result = page.evaluate(AXE_RUN_JS)
    assert result["plantedSeen"], "axe must see the planted low-contrast text (else it checks no contrast)"
    assert len(result["widgets"]) == 5
    assert not _serious(result), _serious(result)

    chart = page.locator("svg[aria-label^='Победы']").first
    chart.scroll_into_view_if_needed()
    seen = chart.evaluate(CHART_CONTRAST_JS)
    assert seen["worst"] >= 4.5, f"chart text contrast {seen['worst']:.2f}:1 in {theme}"
    assert seen["cut"] == 0, "no chart word runs past the picture's edges"
    assert seen["titleLines"] >= 2, "the long Russian title wraps"
    shots(chart, f"a11y-chart-ru-{name}")

    # the words drawn in the SVG pictures (axe does not check them): from their fills
    svg_words = page.evaluate(SVG_TEXT_CONTRAST_JS)
    low = {(w["text"], w["ratio"], w["need"], w["fill"], w["card"]) for w in svg_words["low"]}
    assert svg_words["checked"] > 100 and not low, sorted(low)[:12]

    # the shapes that carry meaning (card faces on the page, the rings) at 3:1, as painted
    shapes = page.evaluate(SHAPE_CONTRAST_JS)
    assert shapes["faces"] > 30 and shapes["rings"] == 20 and not shapes["low"], shapes["low"][:12]
    _assert_key_numbers_read(page)
    for i in range(5):
        w = page.locator('[data-testid="tg-widget"]').nth(i)
        w.scroll_into_view_if_needed()
        shots(page, f"a11y-{i}-{name}-1280x720")


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_keys_alone_play_and_the_live_region_says_it(page: Any, language: str) -> None:
    from playwright.sync_api import expect

    use_theme(page, "JupyterLab Light")
    w = page.locator('[data-testid="tg-widget"]').first  # Delissimo 6+: the pupil to act
    w.scroll_into_view_if_needed()
    # the bots have played: the pupil is to act
    expect(w.get_by_test_id("tg-btn-end-turn")).to_be_enabled(timeout=TIMEOUT_MS)
    lang = w.get_by_test_id(f"tg-lang-{language}")
    if lang.get_attribute("aria-pressed") != "true":
        lang.evaluate(CLICK_AND_WAIT_JS)
    expect(w).to_have_attribute("lang", language)
    live = w.get_by_test_id("tg-live")
    # Tab from the widget: a card of the pupil's hand comes before any language button
    w.evaluate("r => r.focus()")
    assert w.evaluate("r => document.activeElement === r")
    order: list[str] = []
    for _ in range(40):
        page.keyboard.press("Tab")
        tid = page.evaluate("() => document.activeElement.getAttribute('data-testid') || ''")
        order.append(tid)
        if tid.startswith("tg-card-hand-0-"):
            break
    assert order[-1].startswith("tg-card-hand-0-"), order
    assert not any(t.startswith("tg-lang-") for t in order), order
    page.keyboard.press("ArrowRight")  # arrows move within the hand
    second = page.evaluate("() => document.activeElement.getAttribute('data-testid')")
    assert second.startswith("tg-card-hand-0-") and second != order[-1]
    # a visible focus ring: the page's own text colour (not a host's thin blue line)
    ring = page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
      return [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor, getComputedStyle(document.activeElement.closest('.tg-root')).color]; }""")
    assert ring[0] == "solid" and ring[1] >= 3 and ring[2] == ring[3], ring
    before = w.get_attribute("data-version")
    page.keyboard.press("Enter")  # choose the card
    expect(w).not_to_have_attribute("data-version", before or "")
    expect(w.locator(f'[data-testid="{second}"]')).to_have_attribute("aria-pressed", "true")
    capture = w.get_by_test_id("tg-btn-capture")
    capture.focus()
    page.keyboard.press("Enter")  # one card alone: a capture or its refusal, said aloud
    message = w.get_by_test_id("tg-message-text")
    expect(message).not_to_be_empty()
    expect(live).to_contain_text(message.inner_text().lstrip("✓✗ ").split("\n")[0][:25])
    said_move = live.inner_text()
    end = w.get_by_test_id("tg-btn-end-turn")
    if end.is_enabled():
        end.focus()
        page.keyboard.press("Enter")
    # the bot moves (after its delay) and the live region says what it did
    log = w.get_by_test_id("tg-log")
    expect(log).to_be_visible(timeout=TIMEOUT_MS)
    expect(live).not_to_have_text(said_move, timeout=TIMEOUT_MS)
    last_bot = log.locator("li").last.locator("summary, :scope").first.inner_text().split("\n")[0]
    expect(live).to_contain_text(last_bot[:20], timeout=TIMEOUT_MS)
    if language != "en":
        assert "Choose" not in live.inner_text() and " takes " not in live.inner_text()


def _assert_key_numbers_read(page: Any) -> None:
    """Every key number of every widget (card amounts, ranks and counts drawn on the
    cards, scores, a zone's points and counts, the score pad) is 24 px or more as
    rendered; no card's words run past its picture and no two cards overlap."""
    seen = page.evaluate(KEY_NUMBERS_JS)
    assert len(seen) == 5, seen
    # the file browser is open: the notebook's widgets are narrower than the screen
    assert all(w["width"] < 900 for w in seen), [w["width"] for w in seen]
    for w in seen:
        small = sorted({(n["where"].split(" ")[0], n["text"], n["px"]) for n in w["numbers"] if n["px"] < 24})
        assert w["numbers"] and not small, (w["widget"], small[:12])
        assert not w["cut"] and not w["overlap"], (w["widget"], w["cut"][:6], w["overlap"][:6])
    smallest = {w["widget"]: min(n["px"] for n in w["numbers"] if not n["where"].startswith("html:")) for w in seen}
    print(f"\nsmallest number drawn on a card per widget (px): {smallest}")


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_key_numbers_read_from_the_back_of_the_room(page: Any, language: str) -> None:
    """The key numbers at 24 px or more in Russian and Bulgarian too (English is measured
    with axe, in both themes): every widget switched to the language by its own button."""
    from playwright.sync_api import expect

    use_theme(page, "JupyterLab Light")
    widgets = page.locator('[data-testid="tg-widget"]')
    try:
        for i in range(5):
            button = widgets.nth(i).get_by_test_id(f"tg-lang-{language}")
            if button.get_attribute("aria-pressed") != "true":
                button.evaluate(CLICK_AND_WAIT_JS)
            expect(widgets.nth(i)).to_have_attribute("lang", language)
        _assert_key_numbers_read(page)
    finally:
        for i in range(5):
            button = widgets.nth(i).get_by_test_id("tg-lang-en")
            if button.get_attribute("aria-pressed") != "true":
                button.evaluate(CLICK_AND_WAIT_JS)


def test_ligretto_clock_is_not_read_out(page: Any) -> None:
    lig = page.locator('[data-testid="tg-widget"]').nth(4)
    lig.scroll_into_view_if_needed()
    if lig.get_by_test_id("tg-btn-start").count():  # the round waits for Start: start the clock
        lig.get_by_test_id("tg-btn-start").click()
    assert lig.get_by_test_id("tg-status").get_attribute("aria-live") is None
    # the one live region is the same element before and after the clock's ticks
    lig.get_by_test_id("tg-live").evaluate("e => { window.__tgLive = e; }")
    page.wait_for_timeout(1200)
    assert lig.get_by_test_id("tg-live").evaluate("e => e === window.__tgLive")
    assert page.locator('[data-testid="tg-widget"] [aria-live]').count() == 5
    assert page.locator('[data-testid="tg-widget"] [title="null"]').count() == 0


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_usable_at_200_percent_zoom(page: Any, theme: str, shots: Any) -> None:  # noqa: F811
    name = use_theme(page, theme)
    # 200 % zoom of a 1280 x 720 screen: the page lays out in 640 x 360 CSS pixels
    page.set_viewport_size({"width": 640, "height": 360})
    try:
        for i in range(5):
            w = page.locator('[data-testid="tg-widget"]').nth(i)
            w.scroll_into_view_if_needed()
            # nothing sticks out of the widget: rows wrap, a wide score pad scrolls in its box
            over = w.evaluate("""r => [...r.querySelectorAll('button, .tg-zone, .tg-grid-box, .tg-title')]
                .filter(e => !e.closest('.tg-grid-box') || e.classList.contains('tg-grid-box'))
                .filter(e => e.getBoundingClientRect().right > r.getBoundingClientRect().right + 2)
                .map(e => e.getAttribute('data-testid') || e.className)""")
            assert not over, over
            shots(page, f"a11y-{i}-{name}-zoom200")
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})
