"""The lesson maker (``teachgames author``) in Chromium: a teacher builds a lesson by
keyboard alone, and the file it saved loads; axe finds nothing serious on the page in
any language, light or dark (screenshots of each at 1280x720 under artifacts/browser/).

No JupyterLab here: the app is its own small server, started in a thread per test.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from teachgames import new_game
from teachgames.author import Author, AuthorServer, LessonFolder
from teachgames.lesson import Activity, load_lesson
from tests.browser.a11y import PREPARE_JS, axe_run_js, require_axe
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, require_browser

pytestmark = pytest.mark.browser
SIZE = {"width": 1280, "height": 720}


@pytest.fixture()
def app(tmp_path: Path) -> Iterator[AuthorServer]:
    folder = tmp_path / "my-lessons"
    folder.mkdir()
    server = AuthorServer(Author(LessonFolder(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


def tab_to(page: Any, testid: str, most: int = 120) -> None:
    """Press Tab until the element ``testid`` has the focus: it is reachable by keyboard."""
    for _ in range(most):
        if page.evaluate("() => document.activeElement?.dataset?.testid || ''") == testid:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{testid} cannot be reached with the Tab key")


def saved(page: Any, saves: int) -> None:
    page.wait_for_function(
        "n => document.body.dataset.saved === 'saved' && Number(document.body.dataset.saves) >= n", arg=saves
    )


def test_a_lesson_of_three_screens_is_built_by_keyboard_alone_and_saved_loadable(
    chromium: Any, app: AuthorServer, shots: Any
) -> None:
    game = new_game("delissimo", level="basic", players=2, seed=7)
    page = chromium.new_page(viewport=SIZE)
    page.goto(app.url)
    page.wait_for_selector('[data-testid="create"]:has-text("Start a new lesson")')
    # a title with HTML in it: shown as its characters, never as markup
    tab_to(page, "new-title")
    page.keyboard.type("Keyboard <b>halves</b>")
    page.keyboard.press("Enter")
    heading = page.locator('[data-testid="lesson-heading"]')
    page.wait_for_function("() => document.getElementById('lesson-heading').textContent.includes('<b>')")
    assert heading.locator("b").count() == 0
    # 1: one of our screens (the first one listed), with the keyboard
    tab_to(page, "add-ready")
    page.keyboard.press("Enter")
    saved(page, 1)
    # 2: a screen of the teacher's own, its prompt written in Russian
    tab_to(page, "add-own")
    page.keyboard.press("Enter")
    tab_to(page, "prompt-ru")
    page.keyboard.type("Сколько это: 1/4 + 1/4?")
    tab_to(page, "answer")
    page.keyboard.type("1/2")
    # 3: a puzzle from a position code
    tab_to(page, "code")
    page.keyboard.type(game.position_code())
    tab_to(page, "move")  # leaving the code lists its moves; the second one is asked about
    page.wait_for_function("() => document.querySelectorAll('#move option').length > 1")
    page.keyboard.press("ArrowDown")
    tab_to(page, "make")
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-testid="screen-item"] >> nth=2')
    # move the puzzle to the top with the Up button twice: the focus stays on it
    tab_to(page, "up-3")
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.dataset.testid") == "up-2"
    page.keyboard.press("Enter")
    saved(page, 3)
    assert page.text_content('[data-testid="screen-heading"]') == "Screen 1: Is this move legal?"
    frame = page.frame_locator('[data-testid="preview"]')
    assert "Player 1" in frame.locator("body").inner_text()
    shots(page, "author-built-by-keyboard")

    files = list(Path(app.author.folder.root).glob("*.json"))
    assert [f.name for f in files] == ["keyboard-b-halves-b.json"]
    spec = load_lesson(files[0])
    assert spec.title("en") == "Keyboard <b>halves</b>"
    assert [s.id for s in spec.screens][1:] == ["count", "screen"]
    assert spec.screens[0].id.startswith("legal-") and spec.screens[0].task is not None
    puzzle = json.loads(files[0].read_text(encoding="utf-8"))["screens"][0]
    assert puzzle["task"]["move"] == game.legal_moves()[1].to_dict()
    assert spec.screens[2].prompt("ru") == "Сколько это: 1/4 + 1/4?"
    pupil = Activity(spec, "ru")
    pupil.go(2)
    assert pupil.answer("2/4").outcome == "right"
    assert json.loads(files[0].read_text(encoding="utf-8"))["format"] == "teachgames-lesson"


LESSON = {
    "format": "teachgames-lesson",
    "version": 1,
    "id": "halves",
    "language": "en",
    "title": {"en": "Halves and quarters", "ru": "Половины и четверти"},
    "screens": [
        {"ours": "delissimo/6plus/warmup/count"},
        {"id": "two-quarters", "title": {"en": "Two quarters"},
         "prompt": {"en": "Mia eats 1/4 of a pizza, then another 1/4. How much did she eat?"},
         "task": {"kind": "amount", "answer": "1/2"}},
    ],
}  # fmt: skip


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_axe_finds_nothing_serious_in_any_language_light_or_dark(
    chromium: Any, app: AuthorServer, shots: Any, language: str, scheme: str
) -> None:
    axe = require_axe()
    (app.author.folder.root / "halves.json").write_text(json.dumps(LESSON), encoding="utf-8")
    context = chromium.new_context(viewport=SIZE, color_scheme=scheme, bypass_csp=True)
    page = context.new_page()
    try:
        page.add_init_script(f"localStorage.setItem('teachgames-author-language', {json.dumps(language)})")
        page.goto(app.url)
        page.get_by_role("button", name="halves").or_(page.locator('[data-testid="files"] button')).first.click()
        page.wait_for_selector('[data-testid="screen-item"] >> nth=1')
        page.locator('[data-testid="edit-2"]').click()
        page.wait_for_function("() => document.querySelector('[data-testid=preview]').srcdoc.includes('Mia')")
        assert page.evaluate("() => document.documentElement.lang") == language
        # the preview is in the page's language: an English-only screen shows its marker
        marker = {"en": "Mia eats", "ru": "(по-английски) Mia", "bg": "(на английски) Mia"}[language]
        assert marker in page.frame_locator('[data-testid="preview"]').locator("body").inner_text()
        shots(page, f"author-{language}-{scheme}")
        page.evaluate(PREPARE_JS)
        page.add_script_tag(path=axe)
        result = page.evaluate(axe_run_js("main, header"))
        assert result["plantedSeen"], "axe must see the planted low-contrast text"
        found = [v for w in result["widgets"] for v in w["violations"]]
        assert not found, found
    finally:
        context.close()
