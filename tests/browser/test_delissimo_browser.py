"""The Delissimo lesson notebook in a real JupyterLab, clicked through in headless chromium.

Opens ``notebooks/en/delissimo-8plus.ipynb``, runs every cell, then as a pupil would:
steps the replay forward (and with the arrow key) and sees the explanation change;
makes an illegal capture and sees the reason; makes a legal one (found with Hint) and
sees the score change. No timing is asserted here (a loaded machine must not fail a
behaviour test): ``benchmarks/widget_browser.py`` measures click → DOM and prints it.
Further tests check what the classroom issue asks the browser to judge: contrast of
every text in JupyterLab Light and Dark (computed colours), the layout at 1280×720 (the
pupil's controls and message on screen, a pizza's fraction at least 24 px tall), and the
widget's own language switch. Screenshots go under each test's tmp dir and are copied to
``artifacts/browser/``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from .conftest import CLICK_AND_WAIT_JS, KERNEL_READY_JS, Lab, use_theme

pytestmark = pytest.mark.browser

LESSON = "notebooks/en/delissimo-8plus.ipynb"
TIMEOUT_MS = 120_000

#: The games deal seed 12 at 8+: Player 1 has a capture to find with Hint (seed 7 has none).
DEV_CELLS = [
    "import teachgames\nfrom teachgames.bots import GreedyBot",
    "g = teachgames.new_game('delissimo', level='basic', players=3, seed=12)\n"
    "bot = GreedyBot()\n"
    "for _ in range(12):\n"
    "    g.play(bot.choose(g))\n"
    "w = teachgames.show(g, mode='replay')",
    "puzzle = teachgames.new_game('delissimo', level='basic', players=2, seed=12)\n"
    "teachgames.show(puzzle, mode='play', players=['Pupil <i>1</i>', GreedyBot()])",
]


RU_CELLS = [
    "import teachgames\nfrom teachgames.bots import GreedyBot",
    "g = teachgames.new_game('delissimo', level='basic', players=2, seed=12)\n"
    "teachgames.show(g, mode='play', players=['Аня <b>1</b>', GreedyBot()], language='ru')",
]
#: Words of the English widgets catalogue that a Russian pupil must not see.
ENGLISH_LABELS = [
    "Capture", "Hint", "Undo", "End turn", "to play", "your turn", "Not allowed",
    "Scores", "In words", "Open pizzas", "cards left", "pile:", "Player", "stack of",
]  # fmt: skip


def _dev_notebook(root: Path, cells_src: list[str] = DEV_CELLS, name: str = "delissimo-dev") -> str:
    """A small stand-in notebook (the lesson notebook stands in for none of these)."""
    cells = [
        {"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {},
         "outputs": [], "source": src}
        for i, src in enumerate(cells_src)
    ]  # fmt: skip
    nb = {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = root / "dev" / f"{name}.ipynb"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb), encoding="utf-8")
    return f"dev/{name}.ipynb"


def _lesson(lab: Lab) -> str:
    if (lab.root / LESSON).exists():
        return LESSON
    if os.environ.get("CI"):
        pytest.fail(f"{LESSON} is missing: the browser test must open the lesson notebook")
    print(f"\nNOTE: {LESSON} does not exist yet; using a stand-in notebook")
    return _dev_notebook(lab.root)


def _open_and_run(page: Any, lab: Lab, notebook: str) -> None:
    page.goto(lab.notebook_url(notebook))
    page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")


def _click(locator: Any) -> None:
    """Click and wait for the widget's next view-model."""
    locator.scroll_into_view_if_needed()
    locator.evaluate(CLICK_AND_WAIT_JS)


def _eighths(name: str) -> int:
    from teachgames.delissimo import parse_card

    return parse_card(name).eighths


def _illegal_pair(hand_buttons: Any, open_buttons: Any) -> tuple[int, int]:
    """Indices of an order in the hand and an open pizza of a different value."""
    hand = [hand_buttons.nth(i).get_attribute("data-card") for i in range(hand_buttons.count())]
    opens = [open_buttons.nth(j).get_attribute("data-card") for j in range(open_buttons.count())]
    pair = next(
        (
            (i, j)
            for i, h in enumerate(hand)
            for j, o in enumerate(opens)
            if _eighths(h) and _eighths(h) != _eighths(o)
        ),
        None,
    )
    assert pair is not None, f"no unequal order/pizza pair in {hand} / {opens}"
    return pair


def test_lesson_notebook_replay_and_play(page: Any, lab: Lab, shots: Any) -> None:
    from playwright.sync_api import expect

    notebook = _lesson(lab)
    _open_and_run(page, lab, notebook)

    # ---------------------------------------------------------------- replay
    # the first replay widget with at least two moves to step through
    replay = (
        page.locator('[data-testid="tg-widget"][data-mode="replay"]')
        .filter(has=page.locator('[data-testid="tg-btn-next"]:not([disabled])'))
        .first
    )
    expect(replay).to_be_visible(timeout=TIMEOUT_MS)
    step_label = replay.get_by_test_id("tg-step-label")
    explanation = replay.get_by_test_id("tg-explanation-svg")
    label_before = step_label.inner_text()
    svg_before = explanation.inner_html() if explanation.count() else ""
    move_before = replay.get_by_test_id("tg-move").inner_text()
    shots(replay, "replay-before")

    _click(replay.get_by_test_id("tg-btn-next"))
    expect(step_label).not_to_have_text(label_before)
    expect(replay.get_by_test_id("tg-move")).not_to_have_text(move_before)
    # step on (at most 8 moves) until the explanation's maths picture changes
    for _ in range(8):
        shown = explanation.count() and explanation.locator("svg").count()
        if shown and explanation.inner_html() != svg_before:
            break
        label = step_label.inner_text()
        _click(replay.get_by_test_id("tg-btn-next"))
        expect(step_label).not_to_have_text(label)
    expect(explanation.locator("svg")).to_have_count(1)
    assert explanation.inner_html() != svg_before, "the explanation SVG did not change"
    highlighted = replay.locator(".tg-card.tg-highlight").count()
    print(f"\nreplay: {step_label.inner_text()!r}, {highlighted} cards highlighted")
    shots(replay, "replay-after-steps")

    # keyboard: the arrow keys step the replay too
    label = step_label.inner_text()
    replay.focus()
    page.keyboard.press("ArrowLeft")
    expect(step_label).not_to_have_text(label)
    page.keyboard.press("ArrowRight")
    expect(step_label).to_have_text(label)

    # ---------------------------------------------------------------- play
    # the first play widget where a pupil is to act (cards in a hand are buttons)
    plays = page.locator('[data-testid="tg-widget"][data-mode="play"]')
    expect(
        plays.filter(has=page.locator('button[data-testid^="tg-card-hand-"]')).first
    ).to_be_visible(timeout=TIMEOUT_MS)
    index = plays.evaluate_all(
        """ws => ws.findIndex(w => w.querySelector('button[data-testid^="tg-card-hand-"]'))"""
    )
    play = plays.nth(index)  # pinned: during the bots' turn it has no hand buttons
    hand_buttons = play.locator('button[data-testid^="tg-card-hand-"]')
    open_buttons = play.locator('button[data-testid^="tg-card-open-"]')
    pupil = hand_buttons.first.get_attribute("data-testid").split("-")[3]
    score_row = play.get_by_test_id(f"tg-score-{pupil}")
    score_before = score_row.inner_text()

    # a card toggles on and off
    _click(hand_buttons.first)
    expect(play.locator('button.tg-card[aria-pressed="true"]')).to_have_count(1)
    _click(hand_buttons.first)
    expect(play.locator('button.tg-card[aria-pressed="true"]')).to_have_count(0)

    # an illegal capture: one order and one pizza of a different value
    pair = _illegal_pair(hand_buttons, open_buttons)
    _click(hand_buttons.nth(pair[0]))
    _click(open_buttons.nth(pair[1]))
    expect(play.locator('button.tg-card[aria-pressed="true"]')).to_have_count(2)
    _click(play.get_by_test_id("tg-btn-capture"))
    message = play.get_by_test_id("tg-message")
    expect(message).to_have_attribute("data-kind", "error")
    expect(message).to_contain_text("Not allowed")
    assert score_row.inner_text() == score_before, "an illegal capture changed the score"
    shots(play, "play-illegal-capture")
    # the same moment as the whole JupyterLab window (the README's picture)
    play.evaluate("e => (e.closest('.jp-Cell') || e).scrollIntoView({block: 'start'})")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    shots(page, "lab-play-illegal-capture")

    # a legal capture, found with Hint: count first, then one capture highlighted
    chosen = play.locator('button.tg-card[aria-pressed="true"]')
    for _ in range(chosen.count()):
        _click(chosen.first)
    expect(chosen).to_have_count(0)
    _click(play.get_by_test_id("tg-btn-hint"))
    expect(message).to_have_attribute("data-kind", "hint")
    expect(message).to_contain_text("capture")
    # Hint goes through every kind of move (special orders and cancels too): on to a capture
    for _ in range(12):
        _click(play.get_by_test_id("tg-btn-hint"))
        expect(message).to_contain_text("Try:")
        if " gives " in message.get_by_test_id("tg-message-text").inner_text():
            break
    marked = play.locator("button.tg-card.tg-highlight")
    expect(marked.first).to_be_visible()
    shots(play, "play-hint")
    for k in range(marked.count()):
        _click(marked.nth(k))  # highlight stays while cards are chosen, so nth(k) is stable
    _click(play.get_by_test_id("tg-btn-capture"))
    expect(message).to_have_attribute("data-kind", "success")
    expect(message.get_by_test_id("tg-message-svg").locator("svg")).to_have_count(1)
    expect(score_row).not_to_have_text(score_before)
    print(f"score of the pupil: {score_before!r} -> {score_row.inner_text()!r}")
    shots(play, "play-legal-capture")

    # hidden hands: no other hand's card is in the page, each is one compact line
    others = play.locator(
        f'[data-testid^="tg-zone-hand-"]:not([data-testid="tg-zone-hand-{pupil}"])'
    )
    hidden = play.locator(".tg-zone.tg-compact")
    print(f"other hands as the pupil sees them: {others.all_inner_texts()}")

    # End turn: the bots move one move at a time, visibly, then it is the pupil's turn again
    _click(play.get_by_test_id("tg-btn-end-turn"))
    status = play.get_by_test_id("tg-status")
    if hidden.count():  # the pupil plays against bots: watch them think
        assert others.locator("[data-card]").count() == 0, "a hidden hand's card is in the page"
        expect(hidden.first).to_contain_text(" card")
        expect(status).to_contain_text("thinking")
        expect(play.get_by_test_id("tg-btn-undo")).to_be_disabled()
        shots(play, "play-bot-thinking")
        expect(status).to_contain_text("your turn", timeout=TIMEOUT_MS)
        expect(hand_buttons.first).to_be_visible()
        # every bot move is listed; the first one opens on its explanation
        log = play.get_by_test_id("tg-log")
        expect(log.locator("li").first).to_be_visible()
        first = log.locator("details").first
        if first.count():
            first.locator("summary").click()
            expect(first.locator("svg").first).to_be_visible()
    shots(play, "play-after-bots")
    shots(page, "notebook-page", full_page=True)


def test_russian_widget_in_the_browser(page: Any, lab: Lab, shots: Any) -> None:
    """language='ru': every word the pupil reads is Russian; names stay plain text."""
    from playwright.sync_api import expect

    _open_and_run(page, lab, _dev_notebook(lab.root, RU_CELLS, "delissimo-ru"))
    play = page.locator('[data-testid="tg-widget"][data-mode="play"]').first
    hand_buttons = play.locator('button[data-testid^="tg-card-hand-0-"]')
    expect(hand_buttons.first).to_be_visible(timeout=TIMEOUT_MS)
    expect(play).to_have_attribute("lang", "ru")
    expect(play.get_by_test_id("tg-btn-capture")).to_have_text("Взять")
    expect(play.get_by_test_id("tg-btn-end-turn")).to_have_text("Закончить ход")
    status = play.get_by_test_id("tg-status")
    expect(status).to_contain_text("Аня <b>1</b>, твой ход")
    assert play.locator("b").count() == 0, "a name became markup"
    expect(play.locator(".tg-turn")).to_have_text("ходит")
    expect(play.locator("caption")).to_have_text("Очки")

    pair = _illegal_pair(hand_buttons, play.locator('button[data-testid^="tg-card-open-"]'))
    _click(hand_buttons.nth(pair[0]))
    _click(play.locator('button[data-testid^="tg-card-open-"]').nth(pair[1]))
    _click(play.get_by_test_id("tg-btn-capture"))
    message = play.get_by_test_id("tg-message")
    expect(message).to_have_attribute("data-kind", "error")
    expect(message).to_contain_text("Так нельзя")
    svg = message.get_by_test_id("tg-message-svg")
    expect(svg.locator("svg")).to_have_count(1)
    assert "Аня <b>1</b> отдаёт" in svg.locator("svg").text_content()
    text = play.inner_text()
    english = [w for w in ENGLISH_LABELS if w in text]
    assert not english, f"English words in the Russian widget: {english}"
    shots(play, "play-illegal-capture-ru")

    _click(play.get_by_test_id("tg-btn-hint"))  # Hint with the chosen cards still on
    expect(message).to_have_attribute("data-kind", "hint")
    expect(message).to_contain_text("Нажми «Подсказка» ещё раз")


# ---------------------------------------------------------------------- contrast
#: Every visible text of a widget whose contrast with what lies behind it is below 4.5:1.
#: Colours are the computed ones; a translucent colour is laid over what is behind it
#: (backgrounds composited from the page down to the element). Disabled controls are
#: exempt (WCAG 1.4.3); card faces are pictures with their own fixed colours, but the
#: maths pictures' texts are checked against their paper.
LOW_CONTRAST_JS = """(root) => {
  function parse(c) {
    if (!c || c === "transparent") return [0, 0, 0, 0];
    let m = c.match(/^rgba?\\(([^)]+)\\)$/);
    if (m) {
      const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    }
    m = c.match(/^color\\(srgb ([^)]+)\\)$/);
    if (m) {
      const p = m[1].split(/[\\s\\/]+/).filter(Boolean).map(Number);
      return [p[0] * 255, p[1] * 255, p[2] * 255, p.length > 3 ? p[3] : 1];
    }
    throw new Error("cannot read the colour " + c);
  }
  function over(top, under) {  // top laid over an opaque colour
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat([1]);
  }
  function behind(node) {
    const chain = [];
    for (let n = node; n && n.nodeType === 1; n = n.parentElement) chain.push(n);
    let bg = [255, 255, 255, 1];
    for (const n of chain.reverse()) {
      const c = parse(getComputedStyle(n).backgroundColor);
      if (c[3] > 0) bg = over(c, bg);
    }
    return bg;
  }
  function lum(c) {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  }
  function ratio(a, b) {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  }
  const out = [];
  let checked = 0;
  const all = root.querySelectorAll("*");
  for (const n of all) {
    if (n.closest(".tg-card-pic")) continue;
    if (n.closest("button:disabled")) continue;
    const svgText = n instanceof SVGElement;
    if (svgText && !(n.tagName === "text" && n.closest(".tg-maths"))) continue;
    const own = [...n.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
    if (!own) continue;
    const box = n.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(n).visibility === "hidden") continue;
    const style = getComputedStyle(n);
    const bg = behind(svgText ? n.closest(".tg-maths") : n);
    const fg = over(parse(svgText ? style.fill : style.color), bg);
    const r = ratio(fg, bg);
    checked += 1;
    if (r < 4.5) out.push({text: n.textContent.trim().slice(0, 50), ratio: Math.round(r * 100) / 100,
                           fg: style.color, bg: bg.map(Math.round).join(",")});
  }
  return {checked, low: out};
}"""


CONTRAST_CELLS = [
    "import teachgames\nfrom teachgames.bots import GreedyBot",
    "g = teachgames.new_game('delissimo', level='basic', players=3, seed=12)\n"
    "teachgames.show(g, mode='play', players=['Pupil', GreedyBot(), GreedyBot()], bot_delay=0)",
]


def _low_contrast(widget: Any) -> list[dict[str, Any]]:
    found: dict[str, Any] = widget.evaluate(LOW_CONTRAST_JS)
    assert found["checked"] > 20, f"only {found['checked']} texts found: the check saw nothing"
    low: list[dict[str, Any]] = found["low"]
    return low


def test_every_text_is_readable_in_light_and_dark_themes(page: Any, lab: Lab, shots: Any) -> None:
    """Issue 8 item 1: every text >= 4.5:1 in JupyterLab Light and Dark, by computed colours,
    with the refusal, the hint and the success message each on screen."""
    from playwright.sync_api import expect

    _open_and_run(page, lab, _dev_notebook(lab.root, CONTRAST_CELLS, "delissimo-contrast"))
    play = page.locator('[data-testid="tg-widget"][data-mode="play"]').first
    hand = play.locator('button[data-testid^="tg-card-hand-0-"]')
    opens = play.locator('button[data-testid^="tg-card-open-"]')
    expect(hand.first).to_be_visible(timeout=TIMEOUT_MS)
    message = play.get_by_test_id("tg-message")
    try:
        for theme in ("JupyterLab Dark", "JupyterLab Light"):
            tag = use_theme(page, theme, TIMEOUT_MS)
            # a refusal: an order and a pizza of different values, chosen and captured
            pair = _illegal_pair(hand, opens)
            _click(hand.nth(pair[0]))
            _click(opens.nth(pair[1]))
            _click(play.get_by_test_id("tg-btn-capture"))
            expect(message).to_have_attribute("data-kind", "error")
            assert _low_contrast(play) == [], f"{theme}, refusal"
            shots(play, f"contrast-{tag}-refusal")
            chosen = play.locator('button.tg-card[aria-pressed="true"]')
            for _ in range(chosen.count()):
                _click(chosen.first)
            # a hint, with the cards it marks
            _click(play.get_by_test_id("tg-btn-hint"))
            _click(play.get_by_test_id("tg-btn-hint"))
            expect(message).to_have_attribute("data-kind", "hint")
            assert _low_contrast(play) == [], f"{theme}, hint"
            shots(play, f"contrast-{tag}-hint")
            # the hinted move played: a success message with its maths
            for k in range(play.locator("button.tg-card.tg-highlight").count()):
                _click(play.locator("button.tg-card.tg-highlight").nth(k))
            _click(play.get_by_test_id("tg-btn-capture"))
            expect(message).to_have_attribute("data-kind", "success")
            assert _low_contrast(play) == [], f"{theme}, success"
            shots(play, f"contrast-{tag}-success")
            page.evaluate("() => document.activeElement && document.activeElement.blur()")
            shots(page, f"lab-{tag}")
            _click(play.get_by_test_id("tg-btn-undo"))  # back to the pupil's turn
            expect(hand.first).to_be_visible()
    finally:
        use_theme(page, "JupyterLab Light", TIMEOUT_MS)


# ---------------------------------------------------------------------- 1280 x 720
LAYOUT_CELLS = [
    "import teachgames\nfrom teachgames.bots import GreedyBot",
    "g = teachgames.new_game('delissimo', level='basic', players=3, seed=12)\n"
    "w = teachgames.show(g, mode='play', players=['Pupil', GreedyBot(), GreedyBot()])",
]

#: The height of each pizza's stacked fraction (numerator, bar, denominator) in the page,
#: and of one of its digits.
FRACTION_JS = """(root) => [...root.querySelectorAll('[data-testid="tg-zone-open"] .tg-card-pic svg')].map((svg) => {
  const digits = [...svg.querySelectorAll("text")].filter((t) => /^\\d+$/.test(t.textContent.trim()));
  const boxes = digits.map((t) => t.getBoundingClientRect());
  const top = Math.min(...boxes.map((b) => b.top)), bottom = Math.max(...boxes.map((b) => b.bottom));
  return {fraction: bottom - top, digit: Math.max(...boxes.map((b) => b.height)), n: digits.length};
})"""


def test_projector_layout_at_1280x720(browser: Any, lab: Lab, shots: Any) -> None:
    """Issue 8 item 3: at 1280×720 the pupil's buttons and the message are on screen without
    scrolling once the widget is at the top; hidden hands take one line each; a pizza's
    fraction is at least 24 px tall, and every topping badge 20 px."""
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        _open_and_run(page, lab, _dev_notebook(lab.root, LAYOUT_CELLS, "delissimo-720"))
        play = page.locator('[data-testid="tg-widget"][data-mode="play"]').first
        expect(play.locator('button[data-testid^="tg-card-hand-0-"]').first).to_be_visible(
            timeout=TIMEOUT_MS
        )
        _click(play.get_by_test_id("tg-btn-hint"))
        message = play.get_by_test_id("tg-message")
        expect(message).to_have_attribute("data-kind", "hint")
        play.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        height = page.viewport_size["height"]
        for testid in ("tg-btn-capture", "tg-btn-hint", "tg-btn-undo", "tg-btn-end-turn",
                       "tg-message", "tg-zone-hand-0"):  # fmt: skip
            box = play.get_by_test_id(testid).bounding_box()
            assert box is not None, testid
            assert box["y"] >= 0 and box["y"] + box["height"] <= height, (testid, box, height)
        compact = play.locator(".tg-zone.tg-compact")
        expect(compact).to_have_count(2)
        for k in range(2):
            box = compact.nth(k).bounding_box()
            assert box is not None and box["height"] < 40, box  # one line each
            expect(compact.nth(k)).to_contain_text("4 cards")
        sizes = play.evaluate(FRACTION_JS)
        print(f"\npizza fractions at 1280x720 (px): {sizes}")
        assert sizes and all(s["n"] == 2 and s["fraction"] >= 24 for s in sizes), sizes
        # every topping on the table and in the pupil's hand shows 20 px tall or more (issue 36)
        toppings = play.locator(".tg-card-pic svg circle.topping").evaluate_all(
            "cs => cs.map(c => c.getBoundingClientRect().height)"
        )
        print(f"topping badges at 1280x720 (px): {sorted(set(round(h, 1) for h in toppings))}")
        assert toppings and min(toppings) >= 20, toppings
        shots(page, "lab-1280x720")
        shots(play, "play-1280x720")
    finally:
        context.close()


# ---------------------------------------------------------------------- the language switch
SWITCH_CELLS = [
    "import teachgames\nfrom teachgames.bots import GreedyBot",
    "g = teachgames.new_game('delissimo', level='basic', players=2, seed=12)\n"
    "teachgames.show(g, mode='play', players=['Аня', GreedyBot()], language='en')",
]


def test_language_switch_in_the_widget(page: Any, lab: Lab, shots: Any) -> None:
    """The widget's own EN / RU / BG buttons say every word again in that language."""
    from playwright.sync_api import expect

    _open_and_run(page, lab, _dev_notebook(lab.root, SWITCH_CELLS, "delissimo-switch"))
    play = page.locator('[data-testid="tg-widget"][data-mode="play"]').first
    expect(play.locator('button[data-testid^="tg-card-hand-0-"]').first).to_be_visible(
        timeout=TIMEOUT_MS
    )
    expect(play.get_by_test_id("tg-btn-capture")).to_have_text("Capture")
    shots(play, "switch-start-en")
    expected = {
        "ru": ("Взять", "Подсказка", "Очки", "Открытые пиццы", "ходит"),
        "bg": ("Вземи", "Подсказка", "Точки", "Открити пици", "на ход"),
        "en": ("Capture", "Hint", "Scores", "Open pizzas", "to play"),
    }
    for code, (capture, hint, scores, open_zone, turn) in expected.items():
        _click(play.get_by_test_id(f"tg-lang-{code}"))
        expect(play).to_have_attribute("lang", code)
        expect(play.get_by_test_id(f"tg-lang-{code}")).to_have_attribute("aria-pressed", "true")
        expect(play.get_by_test_id("tg-btn-capture")).to_have_text(capture)
        expect(play.get_by_test_id("tg-btn-hint")).to_have_text(hint)
        expect(play.locator("caption")).to_have_text(scores)
        expect(play.get_by_test_id("tg-zone-open")).to_contain_text(open_zone)
        expect(play.locator(".tg-turn")).to_have_text(turn)
        # the cards were drawn again in that language (their words and alt text)
        alt = play.locator('[data-testid^="tg-card-hand-0-"]').first.get_attribute("aria-label")
        assert alt and (code == "en") == alt.isascii(), (code, alt)
        if code != "en":
            text = play.inner_text()
            english = [w for w in ENGLISH_LABELS if w in text]
            assert not english, f"English words after switching to {code}: {english}"
        shots(play, f"switch-{code}")


# ---------------------------------------------------------------------- real-time mode
LIVE_CELLS = [
    "import teachgames\nfrom teachgames.bots import GreedyBot\n"
    "from tests.widgets.test_realtime_widget import Climb",
    "w = teachgames.show(Climb.new(), players=['Ann', GreedyBot(speed=0.1)])",
]


def test_live_play_bots_on_their_timer_and_the_pupils_click_lands(page: Any, lab: Lab, shots: Any) -> None:
    """Real-time mode with a game the widget layer has never heard of (the toy race of
    tests/widgets): the bot lays cards on its own timer while nobody clicks; the pupil's
    click on a playable card lands; a click that lost the race is refused with the game's
    reason, never dropped; the score pad marks each card laid; empty slots are drawn."""
    from playwright.sync_api import expect

    _open_and_run(page, lab, _dev_notebook(lab.root, LIVE_CELLS, "live-race"))
    widget = page.locator('[data-testid="tg-widget"]').first
    slot = widget.locator(".tg-slot .tg-slot-text")
    expect(slot).to_have_text("next: 1", timeout=TIMEOUT_MS)
    # nobody clicks: the bot's card lands on its own timer (the front-end's ticks; the bot
    # is slow, 1 card in about 10 s, so a loaded machine still lets the pupil click in time)
    expect(slot).not_to_have_text("next: 1", timeout=TIMEOUT_MS)
    expect(widget.locator('[data-testid="tg-grid-player-1"] td[data-marked="true"]').first).to_be_visible()
    landed = False
    for _ in range(5):
        k = int(slot.inner_text().split(":")[1])
        if k > 6:
            break
        widget.get_by_test_id(f"tg-card-0-{k}").click()
        # either it lands, or it lost the race (or the round ended) and the pupil is told
        outcome = page.wait_for_function(
            """([root, k]) => {
                const msg = root.querySelector('[data-testid="tg-message"]');
                if (msg && msg.textContent.includes("you laid " + k)) return "landed";
                const no = root.querySelector('[data-testid="tg-refused"]');
                return no && !no.hidden && no.textContent.trim() ? "refused: " + no.textContent : false;
            }""",
            arg=[widget.element_handle(), k],
            timeout=TIMEOUT_MS,
        ).json_value()
        print(f"card {k}: {outcome}")
        if outcome == "landed":
            landed = True
            break
        page.wait_for_timeout(6500)  # let the refusal clear before the next try
    assert landed, "the pupil's click on a playable card never landed"
    # each player's panel holds its hand as a zone of its own
    expect(widget.locator('[data-testid="tg-zone-player-0"] [data-testid="tg-zone-hand-0"]')).to_have_count(1)
    expect(widget.locator('[data-testid="tg-grid-player-0"] td[data-marked="true"]').first).to_be_visible()
    shots(widget, "live-race")
