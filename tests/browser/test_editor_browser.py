"""The position editor in a real JupyterLab, driven by the keyboard alone: a teacher
sets up a Split position (a card taken from one hand and put into the other, whose
turn), meets a position that cannot exist and is told why, undoes and redoes with
Ctrl+Z / Ctrl+Y, asks the referee about a move a pupil claims, makes a "What is the score?" puzzle and saves it; the saved lesson
file then loads, holds the position shown, and a pupil answering it is marked right.

The test only puts the focus into the widget once (a teacher clicks it); everything
else is Tab, Shift+Tab, the arrow keys, typing, Delete and Enter.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.a11y import notebook
from tests.browser.conftest import KERNEL_READY_JS, Lab, browser, lab, shots  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TIMEOUT_MS = 120_000
FOCUSED_JS = "() => (document.activeElement && document.activeElement.getAttribute('data-testid')) || ''"


def tab_to(page: Any, testid: str, back: bool = False, most: int = 120) -> int:
    """Press Tab (Shift+Tab when ``back``) until the control ``testid`` has the focus;
    the number of presses."""
    for presses in range(most + 1):
        if page.evaluate(FOCUSED_JS) == testid:
            return presses
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"{testid} is not reached by {'Shift+' if back else ''}Tab from {page.evaluate(FOCUSED_JS)}")


def test_a_teacher_sets_up_a_position_by_keyboard_and_saves_a_puzzle(
    lab: Lab, browser: Any, shots: Any  # noqa: F811
) -> None:
    from playwright.sync_api import expect

    folder = lab.root / "editor-puzzles"
    folder.mkdir(exist_ok=True)
    cells = [
        "import teachgames",
        f"w = teachgames.editor('split', language='en', players=2, seed=0, folder={str(folder)!r})",
    ]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(lab.notebook_url(notebook(lab.root, "editor-keyboard", "en", cells)))
        page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        editor = page.locator('[data-testid="editor"]')
        expect(editor).to_be_visible(timeout=TIMEOUT_MS)
        message = editor.locator('[data-testid="message"]')
        code = editor.locator('[data-testid="code"]')
        start_code = code.input_value()

        editor.locator('[data-testid="card-input"]').focus()  # the one click: into the widget

        # take Player 1's first card away with Delete
        first = editor.locator('[data-testid="card-hand:0-0"]')
        card = first.inner_text().strip()
        tab_to(page, "card-hand:0-0")
        page.keyboard.press("Delete")
        expect(message).to_have_text(f"{card} taken away from Player 1's hand.", timeout=TIMEOUT_MS)

        # type it into the card box, choose Player 2's hand, put it there
        hand_two = editor.locator('[data-testid="zone-hand:1"]')
        copies = hand_two.get_by_role("button", name=f"{card} (Player 2's hand)")
        had = copies.count()
        tab_to(page, "card-input", back=True)
        page.keyboard.type(card)
        tab_to(page, "where")
        page.keyboard.press("ArrowDown")
        tab_to(page, "put")
        page.keyboard.press("Enter")
        expect(message).to_have_text(f"{card} is now in Player 2's hand.", timeout=TIMEOUT_MS)
        expect(copies).to_have_count(had + 1)

        # whose turn: Player 2
        tab_to(page, "turn")
        page.keyboard.press("ArrowDown")
        expect(message).to_have_text("It is Player 2's turn.", timeout=TIMEOUT_MS)

        # a third copy of the card cannot exist: refused with the reason, nothing changes
        edited_code = code.input_value()
        tab_to(page, "card-input", back=True)
        page.keyboard.press("Enter")
        expect(message).to_contain_text("This position cannot exist: the box holds each half-card twice",
                                         timeout=TIMEOUT_MS)  # fmt: skip
        assert code.input_value() == edited_code

        # undo and redo from the keyboard
        tab_to(page, "put")
        page.keyboard.press("Control+z")
        expect(message).to_have_text("Undone.", timeout=TIMEOUT_MS)
        assert code.input_value() != edited_code
        page.keyboard.press("Control+y")
        expect(message).to_have_text("Done again.", timeout=TIMEOUT_MS)
        expect(code).to_have_value(edited_code, timeout=TIMEOUT_MS)
        assert edited_code != start_code

        # the referee at the table: Player 1 claims to draw, but it is Player 2's turn
        tab_to(page, "claim")
        page.keyboard.type('{"kind": "draw", "player": 0}')
        page.keyboard.press("Enter")
        expect(message).to_have_text("The referee says: this move is not legal.", timeout=TIMEOUT_MS)
        expect(editor.locator('[data-testid="verdict"]')).to_contain_text("✗", timeout=TIMEOUT_MS)

        # make it a puzzle: "What is the score?" of Player 2, saved as week-3.json
        tab_to(page, "puzzle-kind")
        page.keyboard.press("ArrowDown")
        expect(editor.locator('[data-testid="puzzle-player"]')).to_be_visible(timeout=TIMEOUT_MS)
        tab_to(page, "puzzle-player")
        page.keyboard.press("ArrowDown")
        tab_to(page, "puzzle-file")
        page.keyboard.press("Control+a")
        page.keyboard.type("week-3.json")
        tab_to(page, "make-puzzle")
        page.keyboard.press("Enter")
        expect(message).to_have_text("The puzzle is saved in week-3.json.", timeout=TIMEOUT_MS)
        shots(editor, "editor-split-keyboard")
    finally:
        page.close()

    import teachgames
    from teachgames.lesson import Activity, load_lesson

    saved = folder / "week-3.json"
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert [s["task"] for s in data["screens"]] == [{"kind": "score", "player": 2}]
    assert data["screens"][0]["position"] == edited_code
    game = teachgames.load_position(edited_code)
    assert game.current_player == 1 and card in [str(c) for c in game.position()["hands"][1]]
    pupil = Activity(load_lesson(saved), "en")
    assert pupil.answer(str(game.scores()[1])).correct
    assert not pupil.answer(str(game.scores()[1] + 7)).correct


#: For the other three games: the place a card is taken from (its first card), by Delete.
TAKE_FROM = {"delissimo": "hand:0", "tsvetik": "bank", "ligretto": "deck:0"}


@pytest.mark.parametrize("name", sorted(TAKE_FROM))
def test_every_game_takes_a_card_and_saves_a_puzzle_by_keyboard(lab: Lab, browser: Any, name: str) -> None:  # noqa: F811
    """Delissimo, Tsvetik and Ligretto in the same editor: a card taken away with Delete,
    a "What is the score?" puzzle made and saved, by keys only; the file answers right."""
    from playwright.sync_api import expect

    folder = lab.root / f"editor-{name}"
    folder.mkdir(exist_ok=True)
    cells = ["import teachgames", f"teachgames.editor({name!r}, language='en', seed=0, folder={str(folder)!r})"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(lab.notebook_url(notebook(lab.root, f"editor-{name}", "en", cells)))
        page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        editor = page.locator('[data-testid="editor"]')
        expect(editor).to_be_visible(timeout=TIMEOUT_MS)
        message = editor.locator('[data-testid="message"]')
        editor.locator('[data-testid="card-input"]').focus()
        zone = TAKE_FROM[name]
        first = editor.locator(f'[data-testid="card-{zone}-0"]')
        if not first.is_visible():  # a long place starts folded: open it with Enter on its summary
            tab_to(page, f"fold-{zone}-summary")
            page.keyboard.press("Enter")
        card = first.inner_text().strip()
        tab_to(page, f"card-{zone}-0")
        page.keyboard.press("Delete")
        expect(message).to_contain_text(f"{card} taken away from", timeout=TIMEOUT_MS)
        code = editor.locator('[data-testid="code"]').input_value()
        tab_to(page, "puzzle-kind")
        page.keyboard.press("ArrowDown")
        tab_to(page, "make-puzzle")
        page.keyboard.press("Enter")
        expect(message).to_have_text("The puzzle is saved in my-puzzles.json.", timeout=TIMEOUT_MS)
    finally:
        page.close()

    import teachgames
    from teachgames.lesson import Activity, load_lesson

    saved = folder / "my-puzzles.json"
    spec = load_lesson(saved)
    assert json.loads(saved.read_text(encoding="utf-8"))["screens"][0]["position"] == code
    score = teachgames.load_position(code).scores()[0]
    assert Activity(spec, "en").answer(str(score)).correct


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_the_editor_passes_axe_in_three_languages_and_its_words_are_20_px(
    lab: Lab, browser: Any, shots: Any, theme: str  # noqa: F811
) -> None:
    """axe (WCAG 2.1 A and AA) finds nothing serious in the editor, in English, Russian and
    Bulgarian, light and dark; every word in it is drawn at 20 px or more."""
    from playwright.sync_api import expect

    from tests.browser.a11y import PREPARE_JS, axe_run_js, require_axe
    from tests.browser.conftest import use_theme

    axe = require_axe()
    cells = ["import teachgames"] + [
        f"teachgames.editor({game!r}, language={lang!r}, seed=0)"
        for game, lang in (("delissimo", "en"), ("tsvetik", "ru"), ("ligretto", "bg"))
    ]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(lab.notebook_url(notebook(lab.root, "editor-a11y", "en", cells)))
        page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        expect(page.locator('[data-testid="editor"]')).to_have_count(3, timeout=TIMEOUT_MS)
        name = use_theme(page, theme)
        page.wait_for_timeout(500)
        page.add_script_tag(path=str(axe))
        page.evaluate(PREPARE_JS)
        result = page.evaluate(axe_run_js('[data-testid="editor"]'))
        assert result["plantedSeen"], "axe must see the planted low-contrast text"
        serious = {w["widget"]: w["violations"] for w in result["widgets"] if w["violations"]}
        assert len(result["widgets"]) == 3 and not serious, serious
        smallest = page.evaluate("""() => Math.min(...[...document.querySelectorAll('[data-testid="editor"] *')]
          .filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
          .map(e => parseFloat(getComputedStyle(e).fontSize)))""")
        assert smallest >= 20, f"the smallest word in the editor is {smallest} px"
        shots(page.locator('[data-testid="editor"]').nth(1), f"editor-tsvetik-ru-{name}")
    finally:
        page.close()
