"""A pupil does the Tsvetik 8+ lesson start to finish in Voilà, by clicking only, in English
and in Russian: every activity screen answered (one wrong first, to meet the line that names
the slip and the second try), the game against the bot answers a click, and the exit
ticket's result. Nothing leaves the machine (the ``pupil_page`` fixture counts every
request)."""

from __future__ import annotations

import pytest

from teachgames.tsvetik.lesson.activities import activity

from .conftest import WALK_TIMEOUT_MS, walk_activity

pytestmark = pytest.mark.browser

LESSON = "tsvetik-8plus.ipynb"
PARTS = ("warmup", "puzzles", "ticket")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_pupil_does_the_tsvetik_8plus_lesson_by_clicking(voila_servers, pupil_page, language):
    from playwright.sync_api import expect

    from teachgames.core.i18n import tr

    server = voila_servers(language)
    page = pupil_page.open(server, LESSON)
    roots = page.locator(".tga-root")
    expect(roots).to_have_count(len(PARTS), timeout=WALK_TIMEOUT_MS)

    def shot(screen, _reveal):
        if screen.id == "which":
            pupil_page.shot(f"voila-tsvetik8-{language}-which")

    for n, part in enumerate(PARTS):
        # a tempting field first: the slip is named, a second try
        walk_activity(roots.nth(n), activity("8plus", part), language, wrong_first=("which",), revealed=shot)
    pupil_page.shot(f"voila-tsvetik8-{language}-ticket")
    game = page.locator('[data-testid="tg-widget"]').last
    game.scroll_into_view_if_needed()
    expect(game).to_contain_text(tr("tsvetik.widget.preset.young", language))
    game.locator('[data-testid="tg-btn-hint"]').click()
    expect(game.locator('[data-testid="tg-message"]')).to_be_visible(timeout=WALK_TIMEOUT_MS)
    assert pupil_page.external == []
