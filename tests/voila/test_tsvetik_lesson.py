"""A pupil does the Tsvetik 8+ lesson start to finish in Voilà, by clicking only, in English
and in Russian: every activity screen answered (one wrong first, to meet the line that names
the slip and the second try), the game against the bot answers a click, and the exit
ticket's result. Nothing leaves the machine (the ``pupil_page`` fixture counts every
request)."""

from __future__ import annotations

import pytest
from browser.conftest import LESSON_ACTIVITY

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
    roots = page.locator(LESSON_ACTIVITY)
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


PARTS_11 = ("warmup", "puzzles", "ticket")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_pupil_does_the_tsvetik_11plus_lesson_by_clicking_and_typing(voila_servers, pupil_page, language):
    """11+: every screen answered by typing a number or clicking; the sign slip (95), the
    denominator 49 and the repeated step are named on a first wrong try; the replay and the
    game against the bots are on the page and answer a click."""
    from playwright.sync_api import expect

    server = voila_servers(language)
    page = pupil_page.open(server, "tsvetik-11plus.ipynb")
    roots = page.locator(LESSON_ACTIVITY)
    expect(roots).to_have_count(len(PARTS_11), timeout=WALK_TIMEOUT_MS)

    def shot(screen, _reveal):
        if screen.id in ("pattern", "chance"):
            pupil_page.shot(f"voila-tsvetik11-{language}-{screen.id}")

    wrong_first = ("pattern", "extra", "chance", "t1", "t3")
    for n, part in enumerate(PARTS_11):
        walk_activity(roots.nth(n), activity("11plus", part), language, wrong_first=wrong_first, revealed=shot)
    pupil_page.shot(f"voila-tsvetik11-{language}-ticket")
    expect(page.locator('[data-testid="tg-widget"][data-mode="replay"]')).to_have_count(1)
    game = page.locator('[data-testid="tg-widget"][data-mode="play"]').last
    game.scroll_into_view_if_needed()
    game.locator('[data-testid="tg-btn-hint"]').click()
    expect(game.locator('[data-testid="tg-message"]')).to_be_visible(timeout=WALK_TIMEOUT_MS)
    assert pupil_page.external == []
