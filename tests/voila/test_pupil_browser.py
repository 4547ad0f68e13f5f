"""The lessons as pupils see them in Voilà, in chromium: outputs and live widgets, never
code, in light and dark, and not one request leaving the machine (``pupil_page`` counts
them and fails the test for any)."""

from __future__ import annotations

import json

import pytest

from .conftest import THEMES

pytestmark = pytest.mark.browser

#: An existing lesson; only generic things are asserted, since lessons get rewritten.
LESSON = "delissimo-8plus.ipynb"


@pytest.mark.parametrize(("language", "theme"), [*(("en", theme) for theme in THEMES), ("ru", "dark")])
def test_a_lesson_shows_its_outputs_and_widgets_but_no_code(voila_servers, pupil_page, language, theme):
    from playwright.sync_api import expect

    from teachgames.core.i18n import tr

    server = voila_servers(language)
    page = pupil_page.open(server, LESSON, theme=theme)
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "true" if theme == "light" else "false")
    assert page.locator("html").get_attribute("lang") == language
    # while the cells ran, the spinner counted them in the lesson's language
    # (Voilà's own "Running ..." is replaced by the script that follows it in the page)
    said = pupil_page.loading_words()
    assert tr("cli.pupil.starting", language) in said, said
    cells = len(json.loads((server.root / LESSON).read_text(encoding="utf-8"))["cells"])
    assert tr("cli.pupil.loading", language, done=1, total=cells) in said, said
    assert not [line for line in said if "Executing" in line], said
    widgets = pupil_page.anywidgets()
    expect(widgets.first).to_be_visible(timeout=120_000)  # anywidget's ESM loaded and drew
    box = widgets.first.bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 100
    # no editor, no input area, and no line of the notebook's code anywhere in the page
    assert page.locator(".cm-editor, .jp-InputArea-editor, .jp-CodeCell .jp-InputArea").count() == 0
    text = page.evaluate("() => document.documentElement.textContent")
    code = server.code_lines(LESSON)
    assert code, "the lesson has code cells"
    shown = [line for line in code if line in text]
    assert shown == [], f"code a pupil can see: {shown[:5]}"
    # the lesson's words are read from the back of the room too: 20 px, not a desk's 14
    sizes = page.eval_on_selector_all(
        ".jp-RenderedMarkdown p", "ps => ps.map(p => parseFloat(getComputedStyle(p).fontSize))"
    )
    assert sizes and min(sizes) >= 20, sizes
    pupil_page.shot(f"voila-{LESSON.removesuffix('.ipynb')}-{language}-{theme}")
    assert pupil_page.external == []


@pytest.mark.parametrize(("language", "heading", "title"), [
    ("en", "Lessons for pupils", "Delissimo 8+: orders, equal amounts, toppings"),
    ("ru", "Уроки для учеников", "Делиссимо 8+: заказы, равные количества, начинки"),
], ids=["en", "ru"])
def test_the_teachers_index_lists_the_lessons_by_title(voila_servers, pupil_page, language, heading, title):
    from playwright.sync_api import expect

    server = voila_servers(language)
    page = pupil_page.open(server, theme="dark" if language == "ru" else "light")
    expect(page.locator("h1")).to_have_text(heading)
    link = page.get_by_role("link", name=title)
    expect(link).to_be_visible()
    assert link.get_attribute("href").startswith(f"/voila/render/{LESSON}")
    assert page.locator("ol.tg-lessons > li").count() == len(list(server.root.glob("*.ipynb")))
    pupil_page.shot(f"voila-index-{language}")
    assert pupil_page.external == []
