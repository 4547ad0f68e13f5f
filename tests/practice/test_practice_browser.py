"""Practice in Chromium, in a bare page with no JupyterLab (the classroom site's kind of
widget host, :mod:`tests.browser.bare_host`), at 1280 x 720.

What a pupil meets, by keyboard alone: the question and its read-aloud button, the answer
box; a wrong answer named in one line, a hint, the right answer marked right with a ✓,
the solution, the next item. Pick questions: option buttons with pictures. Words 20 px or
more, no serious axe finding, light and dark (JupyterLab's dark theme variables), in
English, Russian and Bulgarian. Screenshots under the test's tmp folder (and in
``TEACHGAMES_SCREENSHOTS`` when set).
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("anywidget")

from teachgames import practice
from teachgames.core.i18n import tr
from teachgames.practice.widget import PracticeWidget
from tests.browser.a11y import PREPARE_JS, axe_run_js, require_axe
from tests.browser.bare_host import bare_page, css_contrast, css_is_dark, host, route_for
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, require_browser

SITE = "http://practice.test"
PAGE = bare_page("practice")
#: JupyterLab's dark theme, as far as the widget reads it.
DARK_JS = """() => { const s = document.documentElement.style;
  for (const [k, v] of Object.entries({"--jp-layout-color0": "#111111", "--jp-layout-color1": "#111111",
    "--jp-layout-color2": "#2b2b2b", "--jp-ui-font-color0": "#ffffff", "--jp-ui-font-color1": "#e0e0e0",
    "--jp-border-color1": "#8a8a8a", "--jp-brand-color1": "#64b5f6", "--jp-brand-color0": "#90caf9",
    "--jp-success-color0": "#81c784", "--jp-error-color0": "#ef9a9a"})) s.setProperty(k, v);
  document.body.style.background = "#111111"; }"""
SIZES_JS = """(root) => [...root.querySelectorAll('p, li, button, label, input, summary, h3')]
  .filter((e) => e.getClientRects().length && e.textContent.trim())
  .map((e) => [e.className || e.tagName, e.textContent.slice(0, 30), parseFloat(getComputedStyle(e).fontSize)])"""


def _static(tmp: Path) -> Path:
    """The front end and its whole style (the activity's look, then practice's own) as files."""
    folder = tmp / "static"
    folder.mkdir()
    (folder / "practice.js").write_text(str(PracticeWidget._esm), encoding="utf-8")
    (folder / "practice.css").write_text(str(PracticeWidget._css), encoding="utf-8")
    return folder


@pytest.mark.browser
@pytest.mark.parametrize(("language", "scheme"), [("en", "light"), ("ru", "dark"), ("bg", "light")])
def test_a_pupil_practises_by_keyboard(language: str, scheme: str, tmp_path: Path) -> None:
    require_browser()
    axe = require_axe()
    from playwright.async_api import async_playwright, expect

    shots = Path(os.environ.get("TEACHGAMES_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    static = _static(tmp_path)

    def w(key: str, **values: Any) -> str:
        return tr(f"practice.widget.{key}", language, **values)

    async def pupil() -> None:
        widget = practice.show("delissimo", skills=["add_unlike", "compare"], seed=2, language=language)
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = await browser.new_page(viewport={"width": 1280, "height": 720}, color_scheme=scheme)
            await page.route("**/*", route_for(SITE, static, "practice", PAGE))
            await page.goto(SITE + "/")
            if scheme == "dark":
                await page.evaluate(DARK_JS)
            await host(page, widget, ("view_model",))
            root = page.get_by_test_id("tgp-practice")
            item = widget.run.item
            await expect(page.get_by_test_id("tgp-prompt")).to_have_text(item.prompt)
            await expect(root).to_have_attribute("lang", language)
            await root.screenshot(path=str(shots / f"practice-{language}-{scheme}.png"))

            # keyboard only: the answer box, a misconception's answer, Enter
            box = page.get_by_label(w("answer_box"))
            await box.focus()
            await page.keyboard.type(item.wrong_answers()["tops_and_bottoms"])
            await page.keyboard.press("Enter")
            feedback = page.get_by_test_id("tgp-feedback")
            line = item.skill.rule("tops_and_bottoms").line(language)
            await expect(feedback).to_have_text("✗ " + line)
            assert await feedback.get_attribute("role") == "status"
            hint = page.get_by_role("button", name=w("hint"))
            await hint.focus()
            await page.keyboard.press("Enter")
            await expect(page.get_by_test_id("tgp-hints").locator("li")).to_have_text(item.hints()[:1])
            await box.fill(str(item.answer))
            await box.press("Enter")
            await expect(feedback).to_contain_text("✓")
            await expect(page.get_by_test_id("tgp-reveal")).to_be_visible()
            await root.screenshot(path=str(shots / f"practice-{language}-{scheme}-right.png"))
            for size in await root.evaluate(SIZES_JS):
                assert size[2] >= 18, size  # body text 20 px; the small print (progress, status) 18

            # the next item: a pick question with pictures, answered by keyboard
            nxt = page.get_by_role("button", name=w("next") + " ▶")
            await nxt.focus()
            await page.keyboard.press("Enter")
            again = widget.run.item  # missed at first: a fresh item of the same skill
            assert again.skill.id == "add_unlike" and again.prompt != item.prompt
            await expect(page.get_by_test_id("tgp-prompt")).to_have_text(again.prompt)
            await box.fill(str(again.answer))
            await box.press("Enter")
            await expect(feedback).to_contain_text("✓")
            await nxt.focus()
            await page.keyboard.press("Enter")

            # right at once: the other skill, a pick question with pictures, by keyboard
            pick = widget.run.item
            assert pick.kind == "pick"
            await expect(page.get_by_test_id("tgp-prompt")).to_have_text(pick.prompt)
            options = page.get_by_test_id("tgp-option")
            await expect(options).to_have_count(len(pick.problem.choices))
            await expect(options.locator("svg")).to_have_count(len(pick.problem.choices))
            ids = [await o.get_attribute("data-id") for o in await options.all()]
            for choice in pick.answer:
                await options.nth(ids.index(choice)).focus()
                await page.keyboard.press("Space")
            await root.screenshot(path=str(shots / f"practice-{language}-{scheme}-pick.png"))
            await page.get_by_test_id("tgp-check").focus()
            await page.keyboard.press("Enter")
            await expect(feedback).to_contain_text("✓")
            await root.screenshot(path=str(shots / f"practice-{language}-{scheme}-next.png"))

            await page.evaluate(PREPARE_JS)
            await page.add_script_tag(path=axe)
            found = await page.evaluate(axe_run_js('[data-testid="tgp-practice"]'))
            assert found["plantedSeen"], "axe did not check colour contrast"
            assert [x["violations"] for x in found["widgets"]] == [[]]
            fg, ground = await root.evaluate(
                "(e) => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]"
            )
            assert css_is_dark(ground) == (scheme == "dark")
            assert css_contrast(fg, ground) >= 4.5
            await asyncio.gather(*widget._bridge)
            await browser.close()

    asyncio.run(pupil())
