"""A pupil does the Split 6+ lesson start to finish in Voilà, by clicking and typing only,
in English and in Russian: every activity screen answered (the pad first with 19, the
negative row forgotten, to meet the line that names it and the second try), the full working
closed behind "more", a hint in the game against the bot, and the exit ticket's result.
Nothing leaves the machine (the ``pupil_page`` fixture counts every request)."""

from __future__ import annotations

from typing import Any

import pytest

from teachgames.lesson import Choose, PickCards, TypeAmount
from teachgames.split.lesson.activities import activity

pytestmark = pytest.mark.browser

LESSON = "split-classify.ipynb"
PARTS = ("warmup", "puzzles", "ticket")
TIMEOUT = 60_000


def right_clicks(task: Any) -> tuple[list[str], str | None]:
    """(option ids to press, text to type) that answer ``task`` right."""
    if isinstance(task, Choose):
        return [o.id for o in task.options if o.right], None
    if isinstance(task, PickCards):
        return sorted(task.right[0]), None
    assert isinstance(task, TypeAmount)
    return [], str(task.value[0])


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_pupil_does_the_split_lesson_by_clicking_and_typing(voila_servers, pupil_page, language):
    from playwright.sync_api import expect

    from teachgames.core.i18n import tr

    server = voila_servers(language)
    page = pupil_page.open(server, LESSON)
    roots = page.locator(".tga-root")
    expect(roots).to_have_count(len(PARTS), timeout=TIMEOUT)
    for n, part in enumerate(PARTS):
        spec = activity("classify", part)
        root = roots.nth(n)
        root.scroll_into_view_if_needed()
        for i, screen in enumerate(spec.screens):
            expect(root.locator(".tga-title")).to_have_text(screen.title(language), timeout=TIMEOUT)
            feedback = root.locator("[data-testid=tga-feedback]")
            reveal = root.locator("[data-testid=tga-reveal]")
            expect(reveal).to_be_hidden()  # nothing is revealed before the pupil commits
            assert screen.task is not None
            if part == "puzzles" and screen.id == "pad":  # 19 first: named, and a second try
                assert isinstance(screen.task, TypeAmount)
                wrong = screen.task.wrongs[0]
                root.locator("input.tga-input").fill("19")
                root.locator("input.tga-input").press("Enter")
                expect(feedback).to_contain_text(wrong.misconception.line(language), timeout=TIMEOUT)
                expect(root.locator(".tga-echo")).to_contain_text("19")
                expect(reveal).to_be_hidden()
            ids, typed = right_clicks(screen.task)
            for oid in ids:
                root.locator(f'button.tga-option[data-id="{oid}"]').click()
            if typed is not None:
                root.locator("input.tga-input").fill(typed)
            root.locator("[data-testid=tga-check]").click()
            expect(feedback).to_contain_text("✓", timeout=TIMEOUT)
            expect(reveal).to_be_visible()
            if part == "warmup" and screen.id == "perfect":
                pupil_page.shot(f"voila-split-{language}-pick")
            more = reveal.locator("details.tga-more")
            if more.count():  # the full working waits behind "more", closed
                assert more.first.get_attribute("open") is None
                expect(more.first.locator("summary")).to_have_text(tr("split.lesson.activity.more", language))
            if part == "puzzles" and screen.id == "pad":
                more.first.locator("summary").click()
                pupil_page.shot(f"voila-split-{language}-pad-more")
            if i < len(spec.screens) - 1 or spec.summary:
                root.locator("[data-testid=tga-next]").click()
            else:
                expect(root.locator("[data-testid=tga-next]")).to_be_disabled()
        if spec.summary:
            summary = tr("lesson.activity.summary", language, title=spec.title(language), right=3, total=3)
            expect(root.locator(".tga-prompt")).to_have_text(summary, timeout=TIMEOUT)
            pupil_page.shot(f"voila-split-{language}-ticket")
    # the game against the bot answers a click too: the hint says what the pupil may do
    game = page.locator('[data-testid="tg-widget"][data-mode="play"]').last
    game.scroll_into_view_if_needed()
    game.get_by_test_id("tg-btn-hint").click()
    expect(game.get_by_test_id("tg-message-text")).to_be_visible(timeout=TIMEOUT)
    assert pupil_page.external == []
