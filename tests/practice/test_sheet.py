"""The printed practice sheet (``practice.sheet``, issue 39): a sheet never asks the same
question twice, the same seed gives the same sheet, and since it is words alone it never
points a pupil at a picture it does not have, in English, Russian and Bulgarian."""

from __future__ import annotations

import re

import pytest

from teachgames import practice

SKILLS = [(game, skill.id) for game in practice.games() for skill in practice.skills(game)]
#: How a sheet would point at a picture, in each language.
PICTURE_WORDS = re.compile(r"picture|image|картин|рисун|изображ|снимк", re.IGNORECASE)


@pytest.mark.parametrize(("game", "skill"), SKILLS, ids=[f"{g}-{s}" for g, s in SKILLS])
def test_a_sheet_never_asks_the_same_question_twice(game: str, skill: str) -> None:
    for seed in (0, 7):
        made = practice.sheet(game, [skill], items=6, seed=seed)
        questions = [item["question"] for item in made["items"]]
        assert len(questions) == 6
        assert len(set(questions)) == 6, questions
        assert practice.sheet(game, [skill], items=6, seed=seed) == made  # seeded: the same sheet


def test_distinct_items_stay_distinct_across_a_long_sheet() -> None:
    made = practice.sheet("delissimo", ["count_slices", "whole_pizzas"], items=12, seed=3)
    questions = [item["question"] for item in made["items"]]
    assert len(questions) == 24 and len(set(questions)) == 24


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_a_text_sheet_never_points_at_a_picture(language: str) -> None:
    for game in practice.games():
        made = practice.sheet(game, [s.id for s in practice.skills(game)], items=4, seed=1, language=language)
        found = [line for line in made["sheet"].splitlines() if PICTURE_WORDS.search(line)]
        assert found == [], found


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_a_pictured_item_is_said_in_words_with_its_numbers(language: str) -> None:
    """A counting item whose picture is gone gives its pizzas' slices as numbers, so the
    question can still be answered on paper, and its key's answer is their sum."""
    made = practice.sheet("delissimo", ["count_slices"], items=3, seed=2, language=language)
    for item in made["items"]:
        slices = [int(n) for n in re.findall(r"\d+", item["question"])]
        assert len(slices) >= 2, item["question"]
        assert str(sum(slices)) in item["answer"], item
