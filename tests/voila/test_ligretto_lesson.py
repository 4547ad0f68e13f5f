"""A pupil does the Ligretto race lesson start to finish in Voilà, by clicking and typing
only, in English and in Russian: every activity screen answered (a likely slip first where
the lesson expects one: 14 for 18 − 4 × 2, the named line and a second try), the live round
waits for Start (the notebook ran long before), and the exit ticket's result. Nothing leaves
the machine (the ``pupil_page`` fixture counts every request)."""

from __future__ import annotations

import pytest
from browser.conftest import LESSON_ACTIVITY

from teachgames.ligretto.lesson.activities import activity

from .conftest import WALK_TIMEOUT_MS, walk_activity

pytestmark = pytest.mark.browser

LESSON = "ligretto-race.ipynb"
PARTS = ("warmup", "puzzles", "ticket")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_pupil_does_the_ligretto_lesson_by_clicking_and_typing(voila_servers, pupil_page, language):
    from playwright.sync_api import expect

    from teachgames.core.i18n import tr

    server = voila_servers(language)
    page = pupil_page.open(server, LESSON)
    roots = page.locator(LESSON_ACTIVITY)
    expect(roots).to_have_count(len(PARTS), timeout=WALK_TIMEOUT_MS)
    walk_activity(roots.nth(0), activity("race", "warmup"), language, wrong_first=("score", "below"))
    pupil_page.shot(f"voila-ligretto-{language}-warmup")
    game = page.locator('[data-testid="tg-widget"]').first
    game.scroll_into_view_if_needed()
    start = game.locator('[data-testid="tg-btn-start"]')
    expect(start).to_be_visible(timeout=WALK_TIMEOUT_MS)  # the round has not begun by itself
    expect(game).to_contain_text(tr("ligretto.widget.btn.start", language))
    assert game.locator('[data-testid="tg-zone-centre"] [data-card]').count() == 0
    start.click()
    expect(game.locator('[data-testid="tg-btn-pause"]')).to_be_visible(timeout=WALK_TIMEOUT_MS)
    game.locator('[data-testid="tg-btn-pause"]').click()  # the class moves on to the puzzles
    walk_activity(roots.nth(1), activity("race", "puzzles"), language, wrong_first=("total", "speed"))
    pupil_page.shot(f"voila-ligretto-{language}-puzzles")
    walk_activity(roots.nth(2), activity("race", "ticket"), language)
    pupil_page.shot(f"voila-ligretto-{language}-ticket")
    assert pupil_page.external == []
