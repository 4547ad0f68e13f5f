"""What a six-year-old reads is short, and the picture a task is about is big enough.

Every prompt of the 6+ lessons (Delissimo 6+, Split 6+), and every hint step there, is at
most 25 words in each language: read aloud or read by the pupil, it is one breath of
thought. The 6+ "How many slices?" pizza, which the pupil counts, is at least 240 px across."""

from __future__ import annotations

import re

import pytest

from teachgames.lesson.activity import Activity
from teachgames.lesson.show import activity_spec

SIX_PLUS = [("delissimo", "6plus"), ("split", "classify")]
PARTS = ("warmup", "puzzles", "ticket")
MOST = 25


@pytest.mark.parametrize(("game", "lesson"), SIX_PLUS)
@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_six_plus_prompts_and_hints_are_at_most_25_words(game: str, lesson: str, language: str) -> None:
    long = []
    for part in PARTS:
        spec = activity_spec(game, lesson, part)
        run = Activity(spec, language)
        for i, screen in enumerate(spec.screens):
            texts = [("prompt", screen.prompt(language))]
            texts += [("hint", step) for step in run.hint_steps(i)]
            for what, text in texts:
                words = len(text.split())
                if words > MOST:
                    long.append(f"{part}.{screen.id} {what}: {words} words")
    assert not long, long


def test_the_pizza_whose_slices_are_counted_is_at_least_240_px_across() -> None:
    screen = activity_spec("delissimo", "6plus", "warmup").screens[0]
    assert screen.id == "count" and screen.picture is not None
    svg = screen.picture("en")
    width = float(re.search(r'<svg[^>]*\bwidth="([\d.]+)', svg).group(1))  # type: ignore[union-attr]
    assert width >= 240
