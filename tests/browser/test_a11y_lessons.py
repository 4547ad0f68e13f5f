"""Every kind of lesson screen in a real JupyterLab, as a pupil who cannot use a mouse or
cannot see the screen meets it (1280 x 720, the file browser open):

- axe-core (from npm, injected from a local file) finds no serious or critical violation
  on any activity screen (choose, pick cards, type an amount, order, the reveal, the
  worked solution, the teacher's view, a ticket's summary), in JupyterLab Light and Dark
  in every language; a planted low-contrast element proves axe checks colour contrast; every
  activity says its language (``lang``) and its feedback line is a polite live region;
- every task of a Delissimo lesson activity is done with the keyboard alone (Tab to the
  cards, Space to pick, Enter to check, type the amount, Enter on Next), each marked right.

One JupyterLab (the session's), one page per language. Screenshots at 1280 x 720 and at
200 % zoom, light and dark, go under the test's tmp dir and ``artifacts/browser/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from teachgames.lesson.show import activity_spec
from tests.browser.a11y import LESSON_SCREENS, PREPARE_JS, axe_run_js, lesson_cells, notebook, require_axe
from tests.browser.conftest import KERNEL_READY_JS, Lab, use_theme
from tests.lesson.answering import right_answer

pytestmark = pytest.mark.browser

TIMEOUT_MS = 120_000
ROOTS = "section.tga-root"


@pytest.fixture(scope="module")
def pages(browser: Any, lab: Lab) -> Iterator[Any]:
    """``pages(language)``: the lesson screens' notebook run in ``language``, one page (and
    kernel) each, opened once for the module: a page of one language keeps the DOM axe
    walks small (all three in one page took twice as long)."""
    opened: dict[str, Any] = {}

    def open_page(language: str) -> Any:
        if language not in opened:
            pg = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
            cells = lesson_cells((language,))
            pg.goto(lab.notebook_url(notebook(lab.root, f"a11y-lessons-{language}", language, cells)))
            pg.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
            pg.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
            pg.locator(ROOTS).nth(len(LESSON_SCREENS) - 1).wait_for(timeout=TIMEOUT_MS)
            opened[language] = pg
        return opened[language]

    yield open_page
    for pg in opened.values():
        pg.context.close()


#: Every language in both themes: the words change the layout (longer Russian and
#: Bulgarian labels wrap), the theme changes every colour.
AUDITS = {language: ("JupyterLab Light", "JupyterLab Dark") for language in ("en", "ru", "bg")}


@pytest.mark.parametrize("language", list(AUDITS))
def test_axe_finds_nothing_serious_on_any_lesson_screen(pages: Any, language: str, shots: Any) -> None:
    axe = require_axe()
    page = pages(language)
    ours = f'{ROOTS}[lang="{language}"]'
    roots = page.locator(ours)
    assert roots.count() == len(LESSON_SCREENS)
    for i in range(len(LESSON_SCREENS)):
        assert roots.nth(i).get_attribute("lang") == language
        feedback = roots.nth(i).get_by_test_id("tga-feedback")
        assert feedback.get_attribute("aria-live") == "polite" and feedback.get_attribute("role") == "status"
    found: dict[str, dict[str, list[str]]] = {}
    for theme in AUDITS[language]:
        name = use_theme(page, theme)
        page.wait_for_timeout(300)
        page.add_script_tag(path=axe)
        page.evaluate(PREPARE_JS)
        result = page.evaluate(axe_run_js(ours))
        assert result["plantedSeen"], "axe must see the planted low-contrast text (else it checks no contrast)"
        assert len(result["widgets"]) == len(LESSON_SCREENS)
        found[name] = {
            kind: [f'{v["id"]} ({v["impact"]}): {v["html"]}' for v in w["violations"]]
            for kind, w in zip(LESSON_SCREENS, result["widgets"], strict=True)
            if w["violations"]
        }
        if language == "en":
            for i in (0, 3, 5, 6):
                roots.nth(i).scroll_into_view_if_needed()
                shots(page, f"a11y-lesson-{i}-{name}-1280x720")
            # 200 % zoom of a 1280 x 720 screen: 640 x 360 CSS pixels; nothing sticks out
            page.set_viewport_size({"width": 640, "height": 360})
            try:
                for i in (0, 5):
                    roots.nth(i).scroll_into_view_if_needed()
                    over = roots.nth(i).evaluate("""r => [...r.querySelectorAll('button, input, .tga-option, h3, p')]
                      .filter(e => e.getBoundingClientRect().right > r.getBoundingClientRect().right + 2)
                      .map(e => e.className || e.tagName)""")
                    assert not over, (LESSON_SCREENS[i], over)
                    shots(page, f"a11y-lesson-{i}-{name}-zoom200")
            finally:
                page.set_viewport_size({"width": 1280, "height": 720})
    counts = {name: sum(len(v) for v in per.values()) for name, per in found.items()}
    rules = sorted({v.split(" ")[0] for per in found.values() for vs in per.values() for v in vs})
    print(f"\naxe serious/critical on the lesson screens ({language}): {counts} {rules}")
    assert not any(found.values()), found


def test_a_delissimo_activity_by_keyboard_alone(pages: Any) -> None:
    """Delissimo 8+ puzzles (pick cards, type an amount), every task answered with keys."""
    from playwright.sync_api import expect

    page = pages("en")
    use_theme(page, "JupyterLab Light")
    spec = activity_spec("delissimo", "8plus", "puzzles")
    w = page.locator(ROOTS).nth(len(LESSON_SCREENS) - 1)
    w.scroll_into_view_if_needed()

    def tab_to(test: str, limit: int = 60) -> None:
        for _ in range(limit):
            page.keyboard.press("Tab")
            if page.evaluate(f"() => {{ const e = document.activeElement; return {test}; }}"):
                return
        raise AssertionError(f"Tab never reached {test}")

    # the pupil starts on the activity's screen title (where Next also leaves the focus)
    w.locator(".tga-title").evaluate("t => t.focus()")
    for index, screen in enumerate(spec.screens):
        expect(w.locator(".tga-title")).to_have_text(screen.title("en"))
        task = screen.task
        if task is not None:
            answer = right_answer(task)
            if isinstance(answer, str):
                tab_to('e.matches("input.tga-input")')
                page.keyboard.type(answer)
                page.keyboard.press("Enter")
            else:
                for oid in answer:
                    tab_to(f'e.matches("button.tga-option") && e.dataset.id === {oid!r}')
                    page.keyboard.press("Space")
                    assert page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "true"
                tab_to('e.dataset.testid === "tga-check"')
                page.keyboard.press("Enter")
            expect(w.get_by_test_id("tga-feedback")).to_contain_text("✓", timeout=TIMEOUT_MS)
        if index < len(spec.screens) - 1:
            tab_to('e.dataset.testid === "tga-next"')
            page.keyboard.press("Enter")
            expect(w.locator(".tga-progress")).to_contain_text(str(index + 2), timeout=TIMEOUT_MS)
            # the new screen's title holds the focus: the pupil goes on from there
            expect(w.locator(".tga-title")).to_be_focused()
    # every task is marked right in the screen list
    tasks = [i for i, s in enumerate(spec.screens) if s.task is not None]
    statuses = w.locator('[data-testid="tga-nav"]')
    for i in tasks:
        expect(statuses.nth(i)).to_have_class("tga-nav-btn tga-right")
