"""A pupil does the Delissimo 8+ lesson start to finish in Voilà, by clicking and typing
only, in English and in Russian: every activity screen answered (one of them wrong first,
to meet the line that names the misconception and the second try), a capture in the game
against the bots, and the exit ticket's result. Nothing leaves the machine (the
``pupil_page`` fixture counts every request), and no code is on the page."""

from __future__ import annotations

from typing import Any

import pytest

from teachgames.delissimo.lesson.activities import activity
from teachgames.lesson import Choose, Order, PickCards, TypeAmount

pytestmark = pytest.mark.browser

LESSON = "delissimo-8plus.ipynb"
PARTS = ("warmup", "puzzles", "ticket")
TIMEOUT = 60_000


def right_clicks(task: Any) -> tuple[list[str], str | None]:
    """(option ids to press, text to type) that answer ``task`` right."""
    if isinstance(task, Choose):
        return [o.id for o in task.options if o.right], None
    if isinstance(task, PickCards):
        return sorted(task.right[0]), None
    if isinstance(task, Order):
        raise AssertionError("the 8+ lesson has no ordering task")
    assert isinstance(task, TypeAmount)
    p, q = task.value
    return [], f"{p * task.den // q}/{task.den}" if task.form == "over" else f"{p}/{q}"


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_pupil_does_the_8plus_lesson_by_clicking_and_typing(voila_servers, pupil_page, language):
    from playwright.sync_api import expect

    from teachgames.core.i18n import tr

    server = voila_servers(language)
    page = pupil_page.open(server, LESSON)
    roots = page.locator(".tga-root")
    expect(roots).to_have_count(len(PARTS), timeout=TIMEOUT)
    for n, part in enumerate(PARTS):
        spec = activity("8plus", part)
        root = roots.nth(n)
        root.scroll_into_view_if_needed()
        for i, screen in enumerate(spec.screens):
            expect(root.locator(".tga-title")).to_have_text(screen.title(language), timeout=TIMEOUT)
            feedback = root.locator("[data-testid=tga-feedback]")
            reveal = root.locator("[data-testid=tga-reveal]")
            expect(reveal).to_be_hidden()  # nothing is revealed before the pupil commits
            assert screen.task is not None
            if n == 0 and i == 2:  # one wrong answer first: named, and a second try
                wrong = screen.task.wrongs[0]
                p, q = wrong.values[0]
                root.locator("input.tga-input").fill(f"{p}/{q}")
                root.locator("input.tga-input").press("Enter")
                expect(feedback).to_contain_text(wrong.misconception.line(language), timeout=TIMEOUT)
                expect(root.locator(".tga-echo")).to_contain_text(f"{p}/{q}")
                expect(reveal).to_be_hidden()
            ids, typed = right_clicks(screen.task)
            for oid in ids:
                root.locator(f'button.tga-option[data-id="{oid}"]').click()
            if typed is not None:
                root.locator("input.tga-input").fill(typed)
            root.locator("[data-testid=tga-check]").click()
            expect(feedback).to_contain_text("✓", timeout=TIMEOUT)
            expect(reveal).to_be_visible()
            if n == 0 and i == 0:
                pupil_page.shot(f"voila-8plus-{language}-revealed")
            if i < len(spec.screens) - 1 or spec.summary:
                root.locator("[data-testid=tga-next]").click()
            else:
                expect(root.locator("[data-testid=tga-next]")).to_be_disabled()
        if spec.summary:
            summary = tr("lesson.activity.summary", language, title=spec.title(language), right=3, total=3)
            expect(root.locator(".tga-prompt")).to_have_text(summary, timeout=TIMEOUT)
            pupil_page.shot(f"voila-8plus-{language}-ticket")
    # the game against the bots answers a click too: the hint says what the pupil may do
    game = page.locator('[data-testid="tg-widget"]').last
    game.scroll_into_view_if_needed()
    game.locator('[data-testid="tg-btn-hint"]').click()
    expect(game.locator('[data-testid="tg-message"]')).to_be_visible(timeout=TIMEOUT)
    assert pupil_page.external == []
