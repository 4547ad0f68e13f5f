"""A pupil does the Delissimo 8+ lesson start to finish in Voilà, by clicking and typing
only, in English and in Russian: every activity screen answered (one of them wrong first,
to meet the line that names the misconception and the second try; every topping on every
screen drawn 20 px tall or more, for the back of the classroom), a capture in the game
against the bots, and the exit ticket's result. Nothing leaves the machine (the
``pupil_page`` fixture counts every request), and no code is on the page."""

from __future__ import annotations

import pytest
from browser.conftest import LESSON_ACTIVITY

from teachgames.delissimo.lesson.activities import activity

from .conftest import WALK_TIMEOUT_MS, walk_activity
from .test_lesson_screens_look import topping_heights

pytestmark = pytest.mark.browser

LESSON = "delissimo-8plus.ipynb"
PARTS = ("warmup", "puzzles", "ticket")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_pupil_does_the_8plus_lesson_by_clicking_and_typing(voila_servers, pupil_page, language):
    from playwright.sync_api import expect

    server = voila_servers(language)
    page = pupil_page.open(server, LESSON)
    roots = page.locator(LESSON_ACTIVITY)
    expect(roots).to_have_count(len(PARTS), timeout=WALK_TIMEOUT_MS)

    small: list[tuple[str, float]] = []
    seen = 0

    def first_shown(root, screen, _reveal):
        nonlocal seen
        heights = topping_heights(root)
        seen += len(heights)
        small.extend((screen.id, h) for h in heights if h < 20)
        if screen.id == "fit":
            pupil_page.shot(f"voila-8plus-{language}-revealed")

    for n, part in enumerate(PARTS):
        root = roots.nth(n)
        walk_activity(root, activity("8plus", part), language, wrong_first=("quarter",),
                      revealed=lambda screen, reveal, root=root: first_shown(root, screen, reveal))  # fmt: skip
    assert seen and small == [], small
    pupil_page.shot(f"voila-8plus-{language}-ticket")
    # the game against the bots answers a click too: the hint says what the pupil may do
    game = page.locator('[data-testid="tg-widget"]').last
    game.scroll_into_view_if_needed()
    game.locator('[data-testid="tg-btn-hint"]').click()
    expect(game.locator('[data-testid="tg-message"]')).to_be_visible(timeout=WALK_TIMEOUT_MS)
    assert pupil_page.external == []
