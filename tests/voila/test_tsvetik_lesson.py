"""A pupil does the Tsvetik 8+ lesson start to finish in Voilà, by clicking only, in English
and in Russian: every activity screen answered (one wrong first, to meet the line that names
the slip and the second try), the game against the bot answers a click, and the exit
ticket's result. Nothing leaves the machine (the ``pupil_page`` fixture counts every
request)."""

from __future__ import annotations

import pytest

from teachgames.lesson import Choose
from teachgames.tsvetik.lesson.activities import activity

pytestmark = pytest.mark.browser

LESSON = "tsvetik-8plus.ipynb"
PARTS = ("warmup", "puzzles", "ticket")
TIMEOUT = 60_000


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_pupil_does_the_tsvetik_8plus_lesson_by_clicking(voila_servers, pupil_page, language):
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
            task = screen.task
            assert isinstance(task, Choose)
            if screen.id == "which":  # a tempting field first: the slip is named, a second try
                wrong = next(o for o in task.options if not o.right and o.misconception)
                root.locator(f'button.tga-option[data-id="{wrong.id}"]').click()
                root.locator("[data-testid=tga-check]").click()
                assert wrong.misconception is not None
                expect(feedback).to_contain_text(wrong.misconception.line(language), timeout=TIMEOUT)
                expect(reveal).to_be_hidden()
            for option in task.options:
                if option.right:
                    root.locator(f'button.tga-option[data-id="{option.id}"]').click()
            root.locator("[data-testid=tga-check]").click()
            expect(feedback).to_contain_text("✓", timeout=TIMEOUT)
            expect(reveal).to_be_visible()
            if screen.id == "which":
                pupil_page.shot(f"voila-tsvetik8-{language}-which")
            if i < len(spec.screens) - 1 or spec.summary:
                root.locator("[data-testid=tga-next]").click()
            else:
                expect(root.locator("[data-testid=tga-next]")).to_be_disabled()
        if spec.summary:
            summary = tr("lesson.activity.summary", language, title=spec.title(language), right=3, total=3)
            expect(root.locator(".tga-prompt")).to_have_text(summary, timeout=TIMEOUT)
            pupil_page.shot(f"voila-tsvetik8-{language}-ticket")
    game = page.locator('[data-testid="tg-widget"]').last
    game.scroll_into_view_if_needed()
    expect(game).to_contain_text(tr("tsvetik.widget.preset.young", language))
    game.locator('[data-testid="tg-btn-hint"]').click()
    expect(game.locator('[data-testid="tg-message"]')).to_be_visible(timeout=TIMEOUT)
    assert pupil_page.external == []
