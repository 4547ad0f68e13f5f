"""In Voilà, at 1280 x 720, a pupil's work on a lesson activity survives a reload and a
closed tab, "Start again" clears it on purpose, a hint opens before any try, and every
prompt has a read-aloud button that speaks in the lesson's language (the browser's speech
synthesis is replaced by a recorder, so the test hears what would be said, offline)."""

from __future__ import annotations

from typing import Any

import pytest
from browser.conftest import LESSON_ACTIVITY

from teachgames.delissimo.lesson.activities import activity

from .conftest import RENDER_TIMEOUT_MS, RENDERED_JS, WALK_TIMEOUT_MS, give

pytestmark = pytest.mark.browser

LESSON = "delissimo-8plus.ipynb"

#: A speech synthesis that records what it is asked to say and reports each word's start.
FAKE_SPEECH = """
window.tgSaid = [];
class FakeUtterance { constructor(text) { this.text = text; this.lang = ""; } }
window.SpeechSynthesisUtterance = FakeUtterance;
Object.defineProperty(window, "speechSynthesis", { configurable: true, value: {
  getVoices: () => [],
  cancel: () => {},
  speak: (u) => {
    window.tgSaid.push({ text: u.text, lang: u.lang });
    const at = u.text.search(/\\S+\\s+\\S+/);
    setTimeout(() => u.onboundary && u.onboundary({ name: "word", charIndex: u.text.indexOf(" ") + 1, charLength: 0 }), 10);
  },
}});
"""
NO_SPEECH = "delete window.speechSynthesis; delete window.SpeechSynthesisUtterance;"


def warmup(page: Any) -> Any:
    from playwright.sync_api import expect

    roots = page.locator(LESSON_ACTIVITY)
    expect(roots).to_have_count(3, timeout=WALK_TIMEOUT_MS)
    root = roots.nth(0)
    root.scroll_into_view_if_needed()
    return root


def reopen(page: Any) -> Any:
    page.wait_for_function(RENDERED_JS, timeout=RENDER_TIMEOUT_MS)
    return warmup(page)


def test_answers_hints_and_screen_survive_a_reload_and_a_closed_tab(voila, pupil_page):
    from playwright.sync_api import expect

    spec = activity("8plus", "warmup")
    errors: list[str] = []
    pupil_page.page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pupil_page.page.on("pageerror", lambda e: errors.append(str(e)))
    page = pupil_page.open(voila, LESSON)
    root = warmup(page)
    assert errors == []
    from lesson.answering import right_answer

    give(root, right_answer(spec.screens[0].task))  # screen 1 right
    expect(root.locator("[data-testid=tga-feedback]")).to_contain_text("✓", timeout=WALK_TIMEOUT_MS)
    root.locator("[data-testid=tga-next]").click()
    root.locator("[data-testid=tga-next]").click()
    expect(root.locator(".tga-title")).to_have_text(spec.screens[2].title("en"), timeout=WALK_TIMEOUT_MS)
    # a hint before any try: the first step shows, no try is used
    root.locator("[data-testid=tga-hint]").click()
    expect(root.locator("[data-testid=tga-hints] li")).to_have_count(1, timeout=WALK_TIMEOUT_MS)
    expect(root.locator(".tga-tries")).to_contain_text("2")
    give(root, "3/8")  # a wrong try on "1/4 in eighths"
    expect(root.locator("[data-testid=tga-feedback]")).to_contain_text("✗", timeout=WALK_TIMEOUT_MS)
    pupil_page.shot("voila-8plus-progress-before-reload")

    page.reload(timeout=RENDER_TIMEOUT_MS)
    root = reopen(page)
    expect(root.locator(".tga-title")).to_have_text(spec.screens[2].title("en"), timeout=WALK_TIMEOUT_MS)
    expect(root.locator(".tga-echo")).to_contain_text("3/8")
    expect(root.locator("[data-testid=tga-hints] li")).to_have_count(1)
    expect(root.locator(".tga-tries")).to_contain_text("1")
    expect(root.locator("[data-testid=tga-nav]").nth(0)).to_contain_text("right")
    pupil_page.shot("voila-8plus-progress-after-reload")

    # a closed tab: a new page of the same browser profile
    context = page.context
    page.close()
    page = context.new_page()
    page.route("**/*", pupil_page._route)
    pupil_page.page = page
    pupil_page.open(voila, LESSON)
    root = warmup(page)
    expect(root.locator(".tga-title")).to_have_text(spec.screens[2].title("en"), timeout=WALK_TIMEOUT_MS)
    expect(root.locator(".tga-echo")).to_contain_text("3/8")

    # Start again clears it on purpose, and a reload keeps it cleared
    root.locator("[data-testid=tga-start-again]").click()
    expect(root.locator("[data-testid=tga-start-again-no]")).to_be_focused()
    root.locator("[data-testid=tga-start-again-yes]").click()
    expect(root.locator(".tga-title")).to_have_text(spec.screens[0].title("en"), timeout=WALK_TIMEOUT_MS)
    expect(root.locator("[data-testid=tga-nav]").nth(0)).to_contain_text("to do")
    page.reload(timeout=RENDER_TIMEOUT_MS)
    root = reopen(page)
    expect(root.locator(".tga-title")).to_have_text(spec.screens[0].title("en"), timeout=WALK_TIMEOUT_MS)
    expect(root.locator("[data-testid=tga-nav]").nth(0)).to_contain_text("to do")
    expect(root.locator("[data-testid=tga-start-again]")).to_be_hidden()


def test_a_record_edited_in_the_browser_is_marked_again(voila, pupil_page):
    from playwright.sync_api import expect

    page = pupil_page.open(voila, LESSON)
    root = warmup(page)
    root.locator("[data-testid=tga-next]").click()
    root.locator("[data-testid=tga-next]").click()
    give(root, "3/8")
    expect(root.locator("[data-testid=tga-feedback]")).to_contain_text("✗", timeout=WALK_TIMEOUT_MS)
    key = "teachgames:progress:delissimo-8plus:warmup:local"
    page.evaluate(
        """(key) => { const r = JSON.parse(localStorage.getItem(key));
        r.screens.quarter.answers = ["6/8"]; r.screens.quarter.hints = 3; localStorage.setItem(key, JSON.stringify(r)); }""",
        key,
    )
    page.reload(timeout=RENDER_TIMEOUT_MS)
    root = reopen(page)
    # hints = 3 is more than this ladder has: the whole record is ignored, and dropped
    expect(root.locator(".tga-title")).to_have_text(activity("8plus", "warmup").screens[0].title("en"))
    page.wait_for_function("(key) => localStorage.getItem(key) === null", arg=key, timeout=WALK_TIMEOUT_MS)


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_read_aloud_speaks_the_prompt_in_the_lessons_language(voila_servers, pupil_page, language):
    from playwright.sync_api import expect

    from teachgames.core.i18n import messages

    pupil_page.page.add_init_script(FAKE_SPEECH)
    page = pupil_page.open(voila_servers(language), LESSON)
    root = warmup(page)
    name = messages("widgets", language)["activity.read_aloud"]
    button = root.get_by_role("button", name=name).first
    expect(button).to_be_visible()
    button.focus()
    page.keyboard.press("Enter")
    said = page.evaluate("() => window.tgSaid")
    assert said and said[0]["lang"] == language
    prompt = activity("8plus", "warmup").screens[0].prompt(language).split()[0]
    assert prompt in said[0]["text"]
    page.wait_for_function("() => CSS.highlights.has('tga-reading')", timeout=WALK_TIMEOUT_MS)
    stop = messages("widgets", language)["activity.stop_reading"]
    expect(root.get_by_role("button", name=stop)).to_have_count(1)


def test_no_read_aloud_button_where_the_browser_cannot_speak(voila, pupil_page):
    from playwright.sync_api import expect

    pupil_page.page.add_init_script(NO_SPEECH)
    page = pupil_page.open(voila, LESSON)
    root = warmup(page)
    expect(root.locator("[data-testid=tga-check]")).to_be_attached()
    expect(root.locator("[data-testid=tga-read-aloud]")).to_have_count(0)
