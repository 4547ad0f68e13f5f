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
from teachgames.experiments.widget import STATIC, RepeatWidget, repeat_widget
from tests.browser.a11y import PREPARE_JS, axe_run_js, require_axe
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, require_browser

SITE = "http://lesson.test"
TRAITS = ("lang", "words", "sizes", "runs", "games", "chart", "lines", "status", "problem", "busy", "done", "todo")

#: The smallest widget host: anywidget's model over a dict; ``send`` goes to Python. It
#: also notes every aria-busy the control shows (a run may be over before a check looks).
PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>repeat</title>
<link rel="stylesheet" href="/repeat.css">
<style>body { margin: 24px; font-family: system-ui, sans-serif; }
@media (prefers-color-scheme: dark) { body { background: #0d1117; color: #e6edf3; } }</style></head>
<body><main><div id="out"></div></main>
<script type="module">
import widget from "/repeat.js";
const values = {}, listeners = {};
window.tgBusySeen = [];
window.tgHost = {
  set(name, value) { values[name] = value; (listeners["change:" + name] || []).forEach((f) => f()); },
};
window.tgModel = {
  get: (name) => values[name],
  set: (name, value) => { values[name] = value; },
  save_changes: () => {},
  on: (event, f) => { (listeners[event] = listeners[event] || []).push(f); },
  off: (event, f) => { listeners[event] = (listeners[event] || []).filter((g) => g !== f); },
  send: (content) => window.tgSend(content),
};
window.tgStart = (state) => {
  Object.assign(values, state);
  const out = document.getElementById("out");
  widget.render({ model: window.tgModel, el: out });
  new MutationObserver(() => window.tgBusySeen.push(out.querySelector(".tg-repeat").getAttribute("aria-busy")))
    .observe(out.querySelector(".tg-repeat"), { attributes: true, attributeFilter: ["aria-busy"] });
};
</script></body></html>"""

SIZES_JS = """(root) => [...root.querySelectorAll('.tg-repeat-label, button, .tg-repeat-status, li, td, th, caption')]
  .filter((e) => e.getClientRects().length)
  .map((e) => [e.className || e.tagName, parseFloat(getComputedStyle(e).fontSize)])"""


async def host(page: Any, widget: RepeatWidget, intents: list[Any]) -> None:
    """Show ``widget`` in the page and keep page and widget in step; what the page sends
    is noted in ``intents``."""
    pending: list[asyncio.Task[Any]] = []

    def push(change: dict[str, Any]) -> None:
        value = widget.get_state([change["name"]])[change["name"]]
        pending.append(asyncio.ensure_future(page.evaluate("([k, v]) => tgHost.set(k, v)", [change["name"], value])))

    widget.observe(push, names=list(TRAITS))
    widget._bridge = pending  # kept with the widget: tasks nobody holds may be collected

    def intent(content: Any) -> None:
        intents.append(content)
        widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})

    await page.expose_function("tgSend", intent)
    await page.evaluate("(state) => tgStart(state)", widget.get_state(list(TRAITS)))


def luminance(rgb: str) -> float:
    channels = [int(c) / 255 for c in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    x, y = luminance(a), luminance(b)
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)


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

    async def serve(route: Any) -> None:
        name = route.request.url.removeprefix(SITE + "/")
        if name in ("repeat.js", "repeat.css"):
            kind = "text/javascript" if name.endswith(".js") else "text/css"
            await route.fulfill(body=(STATIC / name).read_text(encoding="utf-8"), content_type=kind)
        elif name == "":
            await route.fulfill(body=PAGE, content_type="text/html")
        else:
            await route.abort()

    async def pupil() -> None:
        widget = repeat_widget(language)
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = await browser.new_page(viewport={"width": 1100, "height": 900}, color_scheme=scheme)
            await page.route("**/*", serve)
            await page.goto(SITE + "/")
            intents: list[Any] = []
            await host(page, widget, intents)
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
            assert (luminance(ground) < 0.2) == (scheme == "dark")  # the control follows the device's scheme
            assert contrast(fg, ground) >= 4.5 and contrast(pressed_fg, pressed_bg) >= 4.5
            await asyncio.gather(*widget._bridge)
            await browser.close()

    asyncio.run(pupil())
