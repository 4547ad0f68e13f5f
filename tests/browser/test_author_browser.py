"""The lesson maker (``teachgames author``) in Chromium: a teacher builds a lesson by
keyboard alone, and the file it saved loads; a screen's hint, reveal, worked solution and
likely wrong answers are written by keyboard alone and reach the pupil; axe finds nothing
serious on the page (its fields scrolled through) or in the preview, in any language,
light or dark, and the preview is dark when the page is (screenshots of each at 1280x720
under artifacts/browser/).

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
from teachgames.author.api import words
from teachgames.author.catalogue import offered_misconceptions
from teachgames.core.i18n import tr
from teachgames.lesson import Activity, load_lesson
from tests.browser.a11y import AXE_OPTIONS_JS, COLOUR_JS, PREPARE_JS, SCROLLED_AXE_JS, require_axe
from tests.browser.conftest import launched_chromium, require_browser

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
    yield from launched_chromium()


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
    # one of ours is shown as it is: no field to change it, and the page says so
    assert page.locator("#screen-fields").inner_text() == words("en")["ours_fixed"]
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
    # the puzzle's worked solution: the page says the engine's is added to the teacher's words
    assert page.locator("#worked-note-2").text_content() == words("en")["worked_engine"]
    assert "worked-note-2" in (page.locator('[data-testid="worked-en"]').get_attribute("aria-describedby") or "")
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


HOSTILE = "<img src=x onerror=alert(1)>"
#: The fields of an amount screen after its right answer, in the order Tab reaches them.
AFTER_ANSWER = [
    "wrong-1-answer", "wrong-1-shows", "wrong-1-remove",
    "wrong-2-answer", "wrong-2-shows", "wrong-2-line-en", "wrong-2-line-ru", "wrong-2-line-bg", "wrong-2-remove",
    "wrong-add",
    "hint-en", "hint-ru", "hint-bg", "reveal-en", "reveal-ru", "reveal-bg", "worked-en", "worked-ru", "worked-bg",
]  # fmt: skip


def wait_saved(page: Any) -> None:
    """The last change is saved (each change marks the page "pending" at once)."""
    page.wait_for_function("() => document.body.dataset.saved === 'saved'")


def test_a_screens_hint_reveal_worked_solution_and_wrong_answers_are_written_by_keyboard_alone(
    chromium: Any, app: AuthorServer, shots: Any
) -> None:
    page = chromium.new_page(viewport=SIZE)
    page.goto(app.url)
    page.wait_for_selector('[data-testid="create"]:has-text("Start a new lesson")')
    tab_to(page, "new-title")
    page.keyboard.type("Quarters")
    page.keyboard.press("Enter")
    page.wait_for_selector("#lesson:not([hidden])")
    tab_to(page, "add-own")
    page.keyboard.press("Enter")
    tab_to(page, "prompt-en")
    page.keyboard.press("Control+A")
    page.keyboard.type("Mia eats 1/4, then another 1/4. How much?")
    tab_to(page, "answer")
    page.keyboard.type("1/2")
    # the likely wrong answers: one teachgames names (chosen from the list), one in own words
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.testid") == "wrong-add"
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.dataset.testid") == "wrong-1-answer"
    page.keyboard.type("2/8")
    page.keyboard.press("Tab")
    ids = [m["id"] for m in offered_misconceptions("en")]
    for _ in range(ids.index("tops_and_bottoms") + 1):
        page.keyboard.press("ArrowDown")
    tab_to(page, "wrong-add")
    page.keyboard.press("Enter")
    page.keyboard.type("1/8")
    page.keyboard.press("Tab")
    page.keyboard.press("End")  # the last choice: in my own words
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.testid") == "wrong-2-line-en"
    page.keyboard.type("That is one quarter only.")
    page.keyboard.press("Tab")
    page.keyboard.type("Это только одна четверть.")
    # the hint (two steps), the reveal and the worked solution
    tab_to(page, "hint-en")
    page.keyboard.type(f"Look closely {HOSTILE}")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.keyboard.type("Two quarters make one half.")
    page.keyboard.press("Tab")
    page.keyboard.type("Сколько четвертей она съела?")
    # while a hint is written, the preview shows the hint first, in sight
    page.wait_for_function("""() => document.querySelector('[data-testid=preview]').srcdoc
        .includes('<body><section class="later" lang="en" data-testid="later"><h3>What the pupil meets later on this screen</h3><div class="part" data-part="hint">')""")
    assert page.text_content("#hint-bg-missing") == words("en")["missing"].replace("{language}", "Bulgarian")
    assert page.text_content("#hint-ru-missing") == "" and page.text_content("#reveal-ru-missing") == ""
    tab_to(page, "reveal-en")
    page.keyboard.type("1/4 + 1/4 = 2/4 = 1/2")
    tab_to(page, "worked-en")
    page.keyboard.type("Add the tops and keep the bottom: 2/4, which is 1/2.")
    # a language written, then cleared: it leaves the file (and is marked again)
    tab_to(page, "worked-ru")
    page.keyboard.type("Сложи")
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    wait_saved(page)

    # every field after the answer is reached by Tab, in this order, and labelled with its language
    tab_to(page, "answer")
    order = []
    while not order or order[-1] != "worked-bg":
        page.keyboard.press("Tab")
        order.append(page.evaluate("() => document.activeElement.dataset.testid || document.activeElement.id"))
        assert len(order) <= len(AFTER_ANSWER), order
    assert order == AFTER_ANSWER
    labels = page.evaluate("""ids => ids.map(id => {
        const field = document.querySelector(`[data-testid="${id}"]`);
        return field.labels && field.labels.length ? field.labels[0].textContent : field.getAttribute("aria-label") || field.textContent;
    })""", AFTER_ANSWER)
    for testid, label in zip(AFTER_ANSWER, labels, strict=True):
        assert label, testid
        language = testid.rsplit("-", 1)[1]
        if language in ("en", "ru", "bg"):
            assert {"en": "(English)", "ru": "(Russian)", "bg": "(Bulgarian)"}[language] in label, (testid, label)
    # the preview shows the teacher's words, labelled, as text
    frame = page.frame_locator('[data-testid="preview"]')
    page.wait_for_function("() => document.querySelector('[data-testid=preview]').srcdoc.includes('Two quarters make')")
    later = frame.locator('[data-testid="later"]').inner_text()
    assert f"Look closely {HOSTILE}" in later and "Two quarters make one half." in later
    assert "After the wrong answer 1/8, the pupil reads:" in later and "That is one quarter only." in later
    assert frame.locator("img").count() == 0
    page.locator('[data-testid="hint-group"]').scroll_into_view_if_needed()
    shots(page, "author-hints-by-keyboard")

    files = list(Path(app.author.folder.root).glob("*.json"))
    written = json.loads(files[0].read_text(encoding="utf-8"))["screens"][0]
    assert written["hint"] == {"en": f"Look closely {HOSTILE}\n\nTwo quarters make one half.", "ru": "Сколько четвертей она съела?"}
    assert written["reveal"] == {"en": "1/4 + 1/4 = 2/4 = 1/2"}
    assert written["worked"] == {"en": "Add the tops and keep the bottom: 2/4, which is 1/2."}
    assert written["task"] == {"kind": "amount", "answer": "1/2", "wrong": [
        {"answer": "2/8", "misconception": "tops_and_bottoms"},
        {"answer": "1/8", "line": {"en": "That is one quarter only.", "ru": "Это только одна четверть."}},
    ]}  # fmt: skip
    pupil = Activity(load_lesson(files[0]), "ru")
    assert pupil.open_hint() == "Сколько четвертей она съела?"
    assert pupil.answer("1/8").line == "Это только одна четверть."
    assert pupil.answer("2/8").line == tr("lesson.misconception.tops_and_bottoms", "ru")
    # removing a wrong answer by keyboard: the focus stays in the list, the file follows
    tab_to(page, "wrong-1-remove")
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.dataset.testid") == "wrong-1-remove"
    wait_saved(page)
    written = json.loads(files[0].read_text(encoding="utf-8"))["screens"][0]
    assert [w["answer"] for w in written["task"]["wrong"]] == ["1/8"]


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
         "hint": {"en": "How many quarters did she eat?\n\nTwo quarters make one half.", "ru": "Сколько четвертей она съела?"},
         "reveal": {"en": "1/4 + 1/4 = 2/4 = 1/2", "bg": "1/4 + 1/4 = 2/4 = 1/2"},
         "worked": {"en": "Add the tops and keep the bottom: 2/4, which is 1/2."},
         "task": {"kind": "amount", "answer": "1/2", "wrong": [
             {"answer": "2/8", "misconception": "tops_and_bottoms"},
             {"answer": "1/8", "line": {"en": "That is one quarter only."}}]}},
    ],
}  # fmt: skip

#: axe over the page's main and header (the preview stays in sight above the fields, so a
#: step is shorter than what the preview leaves), and whether the planted low-contrast
#: text is seen.
AXE_PAGE_JS = """async () => {""" + SCROLLED_AXE_JS + """
  const opts = OPTIONS;
  const planted = await axe.run("#tg-axe-planted", opts);
  const plantedSeen = planted.violations.some(v => v.id === "color-contrast");
  document.getElementById("tg-axe-planted").remove();
  const context = {include: [["main"], ["header"]], exclude: [["#preview"]]};
  return {plantedSeen, violations: await scrolledAxe(context, opts, 300, 20000)};
}""".replace("OPTIONS", AXE_OPTIONS_JS)

#: axe over the preview's document, and the colours of its page: the background's
#: luminance and the contrast of its text to it.
AXE_FRAME_JS = """async () => {""" + COLOUR_JS + SCROLLED_AXE_JS + """
  const violations = await scrolledAxe(document, OPTIONS, 200, 5000);
  const bg = pageBehind(document.body);
  const low = [...document.querySelectorAll("p, li, h3, strong")].filter(e => e.textContent.trim())
    .map(e => ratio(rgb(getComputedStyle(e).color), pageBehind(e))).filter(x => x < 4.5);
  return {violations, luminance: lum(bg), low};
}""".replace("OPTIONS", AXE_OPTIONS_JS)


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
        frame = page.frame_locator('[data-testid="preview"]')
        assert marker in frame.locator("body").inner_text()
        # the hint, the wrong answers' lines, the reveal and the worked solution, labelled
        page.wait_for_function("() => document.querySelector('[data-testid=preview]').srcdoc.includes('later')")
        later = frame.locator('[data-testid="later"]')
        assert later.get_attribute("lang") == language
        assert words(language)["later"] in later.inner_text() and "That is one quarter only." in later.inner_text()
        shots(page, f"author-{language}-{scheme}")
        # writing the hint: the field in sight below the preview, which shows the hint first
        page.locator('[data-testid="hint-ru"]').focus()
        page.wait_for_function("() => document.querySelector('[data-testid=preview]').srcdoc.includes('<body><section')")
        page.wait_for_timeout(100)  # the frame's new document painted (a screenshot only, nothing timed)
        shots(page, f"author-{language}-{scheme}-fields")
        preview = next(f for f in page.frames if f.parent_frame is not None)
        preview.evaluate("() => document.querySelector('.later').scrollIntoView()")
        shots(page.locator("#preview-box"), f"author-{language}-{scheme}-later")
        # the preview follows the page's theme, readable: axe over its document, opened
        # alone at the frame's size (the frame runs no script, so axe cannot run in it)
        box = page.locator("#preview").bounding_box()
        alone = context.new_page()
        alone.set_viewport_size({"width": int(box["width"]), "height": int(box["height"])})
        alone.set_content(page.locator("#preview").get_attribute("srcdoc"))
        alone.add_script_tag(path=axe)
        alone.bring_to_front()  # the tab in front: a page behind it may draw no frames
        inside = alone.evaluate(AXE_FRAME_JS)
        alone.close()
        page.bring_to_front()
        assert not inside["violations"], inside["violations"]
        assert not inside["low"], inside["low"]
        assert (inside["luminance"] < 0.05) if scheme == "dark" else (inside["luminance"] > 0.9), inside
        page.evaluate(PREPARE_JS)
        page.add_script_tag(path=axe)
        result = page.evaluate(AXE_PAGE_JS)
        assert result["plantedSeen"], "axe must see the planted low-contrast text"
        assert not result["violations"], result["violations"]
    finally:
        context.close()
