"""The repeat control in Chromium, in a bare page with no JupyterLab: the lesson page's own
kind of widget host, here a few lines that give ``repeat.js`` anywidget's model (get/set/
on/off/save_changes/send) and carry its messages to the real Python widget and its traits
back, as a comm would.

What a pupil meets, by keyboard alone: a labelled group of size buttons (one pressed),
two run buttons, a status line; "Run 20 experiments" shows the control busy, a second
press meanwhile runs nothing more, the focus stays on the button; the dot plot with its
data table and one line per size. Words 20 px or more, no serious axe finding (colour
contrast included), light and dark. Screenshots under the test's tmp folder (and in
``TEACHGAMES_SCREENSHOTS`` when set).
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("anywidget")

from teachgames.core.i18n import tr
from teachgames.experiments.widget import STATIC, repeat_widget
from tests.browser.a11y import PREPARE_JS, axe_run_js, require_axe
from tests.browser.bare_host import bare_page, css_contrast, css_is_dark, host, route_for
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, require_browser

SITE = "http://lesson.test"
TRAITS = ("lang", "words", "sizes", "runs", "games", "chart", "lines", "status", "problem", "busy", "done", "todo")

#: The bare page; it also notes every aria-busy the control shows (a run may be over
#: before a check looks).
PAGE = bare_page(
    "repeat",
    after_render="""window.tgBusySeen = [];
  new MutationObserver(() => window.tgBusySeen.push(out.querySelector(".tg-repeat").getAttribute("aria-busy")))
    .observe(out.querySelector(".tg-repeat"), { attributes: true, attributeFilter: ["aria-busy"] });""",
)

SIZES_JS = """(root) => [...root.querySelectorAll('.tg-repeat-label, button, .tg-repeat-status, li, td, th, caption')]
  .filter((e) => e.getClientRects().length)
  .map((e) => [e.className || e.tagName, parseFloat(getComputedStyle(e).fontSize)])"""


@pytest.mark.browser
@pytest.mark.parametrize(("language", "scheme"), [("en", "light"), ("ru", "dark")])
def test_a_pupil_repeats_the_experiment_by_keyboard_in_light_and_dark(
    language: str, scheme: str, tmp_path: Path
) -> None:
    require_browser()
    axe = require_axe()
    from playwright.async_api import async_playwright, expect

    shots = Path(os.environ.get("TEACHGAMES_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)

    def words(key: str, **values: Any) -> str:
        return tr(f"experiments.repeat.{key}", language, **values)

    async def pupil() -> None:
        widget = repeat_widget(language)
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = await browser.new_page(viewport={"width": 1100, "height": 900}, color_scheme=scheme)
            await page.route("**/*", route_for(SITE, STATIC, "repeat", PAGE))
            await page.goto(SITE + "/")
            intents: list[Any] = []
            await host(page, widget, TRAITS, intents)
            root = page.locator(".tg-repeat")
            group = page.get_by_role("group", name=words("size_label"))
            sizes = group.get_by_role("button")
            status = root.locator(".tg-repeat-status")
            many = page.get_by_role("button", name=words("run_many", n=20))
            await expect(sizes).to_have_count(3)
            assert [await b.get_attribute("aria-pressed") for b in await sizes.all()] == ["true", "false", "false"]
            await expect(sizes.nth(0)).to_have_accessible_name(words("size", games=10))  # the tick is not read out
            assert await status.get_attribute("role") == "status"
            await expect(status).to_have_text(words("press", games=10))
            await root.screenshot(path=str(shots / f"repeat-{language}-{scheme}.png"))

            # keyboard only: Tab from the page's start reaches the sizes, then the run buttons
            await page.keyboard.press("Tab")
            await expect(sizes.nth(0)).to_be_focused()
            for _ in range(4):
                await page.keyboard.press("Tab")
            await expect(many).to_be_focused()
            await page.keyboard.press("Enter")
            await expect(root).to_have_attribute("aria-busy", "false", timeout=30_000)
            await expect(root.locator(".tg-repeat-lines li")).to_have_count(1)
            assert "true" in await page.evaluate("tgBusySeen")  # it showed itself busy
            assert len(widget.panel.series[10].shares) == 20
            await expect(many).to_be_focused()  # the pupil keeps their place
            await expect(root.locator(".tg-repeat-lines li")).to_have_text(widget.panel.lines())
            await expect(root.locator(".tg-repeat-chart svg")).to_have_count(1)
            await expect(root.locator(".tg-repeat-chart caption")).to_have_count(1)

            await page.keyboard.press("Shift+Tab")
            await page.keyboard.press("Shift+Tab")
            await page.keyboard.press("Shift+Tab")
            await expect(sizes.nth(1)).to_be_focused()
            await page.keyboard.press("Space")
            await expect(sizes.nth(1)).to_have_attribute("aria-pressed", "true")
            await expect(sizes.nth(0)).to_have_attribute("aria-pressed", "false")
            await expect(status).to_have_text(words("press", games=40))
            await page.keyboard.press("Tab")
            await page.keyboard.press("Tab")
            await page.keyboard.press("Enter")  # Run 1 experiment of 40 games
            await expect(root.locator(".tg-repeat-lines li")).to_have_count(2)
            await expect(root).to_have_attribute("aria-busy", "false")
            assert len(widget.panel.series[40].shares) == 1
            # a double click (both clicks before Python hears of the first): one run
            await many.evaluate("(b) => { b.click(); b.click(); }")
            await expect(root).to_have_attribute("aria-busy", "false", timeout=30_000)
            assert len(widget.panel.series[40].shares) == 21
            assert intents.count({"type": "run", "times": 20}) == 2  # the keyboard's run and this one
            for size in await root.evaluate(SIZES_JS):
                assert size[1] >= 20, size
            await root.screenshot(path=str(shots / f"repeat-{language}-{scheme}-run.png"))

            await page.evaluate(PREPARE_JS)
            await page.add_script_tag(path=axe)
            found = await page.evaluate(axe_run_js(".tg-repeat"))
            assert found["plantedSeen"], "axe did not check colour contrast"
            assert [w["violations"] for w in found["widgets"]] == [[]]
            fg, ground, pressed_fg, pressed_bg = await root.evaluate(
                """(e) => { const s = getComputedStyle(e), b = getComputedStyle(e.querySelector('[aria-pressed="true"]'));
                  return [s.color, s.backgroundColor, b.color, b.backgroundColor]; }"""
            )
            assert css_is_dark(ground) == (scheme == "dark")  # the control follows the device's scheme
            assert css_contrast(fg, ground) >= 4.5 and css_contrast(pressed_fg, pressed_bg) >= 4.5
            await asyncio.gather(*widget._bridge)
            await browser.close()

    asyncio.run(pupil())
