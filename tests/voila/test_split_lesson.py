"""A pupil does the Split 6+ lesson start to finish in Voilà, by clicking and typing only,
in English and in Russian: every activity screen answered (the pad first with 19, the
negative row forgotten, to meet the line that names it and the second try), the full working
closed behind "more", a hint in the game against the bot, and the exit ticket's result.
Nothing leaves the machine (the ``pupil_page`` fixture counts every request)."""

from __future__ import annotations

import pytest
from browser.conftest import LESSON_ACTIVITY

from teachgames.split.lesson.activities import activity

from .conftest import WALK_TIMEOUT_MS, walk_activity

pytestmark = pytest.mark.browser

LESSON = "split-classify.ipynb"
PARTS = ("warmup", "puzzles", "ticket")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_pupil_does_the_split_lesson_by_clicking_and_typing(voila_servers, pupil_page, language):
    from playwright.sync_api import expect

    from teachgames.core.i18n import tr

    server = voila_servers(language)
    page = pupil_page.open(server, LESSON)
    roots = page.locator(LESSON_ACTIVITY)
    expect(roots).to_have_count(len(PARTS), timeout=WALK_TIMEOUT_MS)

    def more_is_closed(screen, reveal):
        if screen.id == "perfect":
            pupil_page.shot(f"voila-split-{language}-pick")
        more = reveal.locator("details.tga-more")
        if more.count():  # the full working waits behind "more", closed
            assert more.first.get_attribute("open") is None
            expect(more.first.locator("summary")).to_have_text(tr("split.lesson.activity.more", language))
        if screen.id == "pad":
            more.first.locator("summary").click()
            pupil_page.shot(f"voila-split-{language}-pad-more")

    for n, part in enumerate(PARTS):
        # the pad first with 19 (the negative row forgotten): named, and a second try
        wrong = ("pad",) if part == "puzzles" else ()
        walk_activity(roots.nth(n), activity("classify", part), language, wrong_first=wrong, revealed=more_is_closed)
    pupil_page.shot(f"voila-split-{language}-ticket")
    # the game against the bot answers a click too: the hint says what the pupil may do
    game = page.locator('[data-testid="tg-widget"][data-mode="play"]').last
    game.scroll_into_view_if_needed()
    game.get_by_test_id("tg-btn-hint").click()
    expect(game.get_by_test_id("tg-message-text")).to_be_visible(timeout=WALK_TIMEOUT_MS)
    assert pupil_page.external == []
