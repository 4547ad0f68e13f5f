"""The join form in Chromium, in a bare page with no JupyterLab: the pupil page's own kind
of widget host, here a few lines that give ``joinform.js`` anywidget's model (get/set/on/
off/save_changes/send) and carry its messages to the real Python widget and its traits
back, as a comm would. The class server is a stand-in fetch (one open code).

What a pupil meets: real labels on the boxes, a button, Enter to send, the status line a
live region, focus on the box left empty, a refusal in words and another try, a name
typed with markup shown as text, the boxes gone once in; 20 px words or more, and no
serious axe finding (colour contrast included) in the light and the dark scheme.
Screenshots under the test's tmp folder (and in ``TEACHGAMES_SCREENSHOTS`` when set).
"""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("anywidget")

from teachgames.classroom.joinform import LateLink, join_form
from teachgames.classroom.joinwidget import STATIC
from teachgames.core.i18n import tr
from tests.browser.a11y import PREPARE_JS, axe_run_js, require_axe
from tests.browser.bare_host import bare_page, css_contrast, css_is_dark, host, route_for
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, require_browser

SITE = "http://pupil.test"
CODE = "K7WQ2M"
TRAITS = ("lang", "words", "status", "busy", "joined", "problem", "missing")

PAGE = bare_page("joinform")

SIZES_JS = """(form) => [...form.querySelectorAll('h2, .tg-join-label, input, button, .tg-join-status')]
  .map((e) => [e.className || e.tagName, parseFloat(getComputedStyle(e).fontSize)])"""


async def fetch(method: str, url: str, headers: dict[str, str], body: str | None) -> tuple[int, Any]:
    """The class server for this page: one open code; the link's polls wait forever."""
    if url.startswith(f"{SITE}/class/api/join"):
        sent = json.loads(body or "{}")
        if sent.get("code", "").upper() == CODE:
            return 200, {"token": "pupil-token"}
        return 403, {"message": tr("classroom.error.code", url.rpartition("lang=")[2])}
    await asyncio.sleep(3600)
    return 500, None


@pytest.mark.browser
@pytest.mark.parametrize(("language", "scheme"), [("en", "light"), ("ru", "dark")])
def test_a_pupil_joins_in_the_page_by_keyboard_in_light_and_dark(
    language: str, scheme: str, tmp_path: Path
) -> None:
    require_browser()
    axe = require_axe()
    from playwright.async_api import async_playwright, expect

    shots = Path(os.environ.get("TEACHGAMES_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)

    def words(key: str, **values: Any) -> str:
        return tr(f"classroom.join.{key}", language, **values)

    async def pupil() -> None:
        late = LateLink()
        form = join_form(SITE, late, fetch, language)
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = await browser.new_page(viewport={"width": 1000, "height": 520}, color_scheme=scheme)
            await page.route("**/*", route_for(SITE, STATIC, "joinform", PAGE))
            await page.goto(SITE + "/")
            await host(page, form, TRAITS)
            root = page.locator(".tg-join-form")
            code = page.get_by_label(words("code"))
            name = page.get_by_label(words("name"))
            button = page.get_by_role("button", name=words("button"))
            status = root.locator(".tg-join-status")
            await expect(page.get_by_role("form", name=words("title"))).to_be_visible()
            assert await status.get_attribute("role") == "status"
            assert await status.get_attribute("aria-live") == "polite"
            for size in await root.evaluate(SIZES_JS):
                assert size[1] >= 20, size
            await root.screenshot(path=str(shots / f"join-{language}-{scheme}.png"))

            await name.focus()
            await page.keyboard.press("Enter")  # nothing typed: said, and the code box takes the focus
            await expect(status).to_have_text(words("missing"))
            await expect(code).to_be_focused()
            await expect(code).to_have_attribute("aria-invalid", "true")

            await code.fill("WRONG1")
            await name.fill("<img src=x onerror=alert(1)> Ира")
            await page.keyboard.press("Enter")
            await expect(status).to_have_text(tr("classroom.error.code", language))
            await expect(code).to_have_value("WRONG1")  # the pupil corrects it, nothing is lost
            await root.screenshot(path=str(shots / f"join-{language}-{scheme}-refused.png"))
            await page.evaluate(PREPARE_JS)
            await page.add_script_tag(path=axe)
            found = await page.evaluate(axe_run_js(".tg-join-form"))
            assert found["plantedSeen"], "axe did not check colour contrast"
            assert [w["violations"] for w in found["widgets"]] == [[]]
            colours = await status.evaluate(
                "(e) => [getComputedStyle(e).color, getComputedStyle(e.closest('form')).backgroundColor]"
            )
            text, ground = colours
            assert css_is_dark(ground) == (scheme == "dark")  # the form follows the device's scheme
            assert css_contrast(text, ground) >= 4.5

            await code.fill(CODE.lower())
            await button.click()
            await expect(status).to_have_text(words("joined", name="<img src=x onerror=alert(1)> Ира"))
            await expect(root.locator(".tg-join-code input")).to_be_hidden()
            await expect(root.locator("button.tg-join")).to_be_hidden()
            assert await root.locator("img").count() == 0
            assert form.link is not None and late.link is form.link
            await root.screenshot(path=str(shots / f"join-{language}-{scheme}-joined.png"))
            await form.link.close()
            await asyncio.gather(*form._bridge)
            await browser.close()

    asyncio.run(pupil())


@pytest.mark.browser
def test_a_reloaded_page_joins_again_as_the_same_pupil(tmp_path: Path) -> None:
    """The page keeps the code, name and token in localStorage: after a reload the form
    joins again by itself, sending the token, so the server keeps one pupil, not two."""
    require_browser()
    from playwright.async_api import async_playwright, expect

    sent: list[dict[str, Any]] = []

    async def keeping(method: str, url: str, headers: dict[str, str], body: str | None) -> tuple[int, Any]:
        if url.startswith(f"{SITE}/class/api/join"):
            sent.append(json.loads(body or "{}"))
        return await fetch(method, url, headers, body)

    async def pupil() -> None:
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = await browser.new_context(viewport={"width": 1000, "height": 520})
            await context.route("**/*", route_for(SITE, STATIC, "joinform", PAGE))
            forms = []
            for visit in range(2):  # the page, then the page again (one browser, one site's storage)
                form = join_form(SITE, LateLink(), keeping, "bg")
                forms.append(form)
                page = await context.new_page()
                await page.goto(SITE + "/")
                await host(page, form, (*TRAITS, "kept"))
                status = page.locator(".tg-join-status")
                if visit == 0:
                    await page.get_by_label(tr("classroom.join.code", "bg")).fill(CODE)
                    await page.get_by_label(tr("classroom.join.name", "bg")).fill("Ира")
                    await page.keyboard.press("Enter")
                await expect(status).to_have_text(tr("classroom.join.joined", "bg", name="Ира"))
                kept = json.loads(await page.evaluate("localStorage.getItem('teachgames-class-pupil')"))
                assert kept == {"code": CODE, "name": "Ира", "token": "pupil-token"}
            assert sent == [
                {"code": CODE, "name": "Ира"},
                {"code": CODE, "name": "Ира", "token": "pupil-token"},
            ]
            for form in forms:
                assert form.link is not None
                await form.link.close()
                await asyncio.gather(*form._bridge)
            await browser.close()

    asyncio.run(pupil())
