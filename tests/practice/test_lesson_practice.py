"""Every lesson ends with practice on its skills: the exit ticket's, or (for a lesson whose
ticket asks about none of the practice skills) every skill its screens teach."""

from __future__ import annotations

import pytest

from teachgames import practice
from teachgames.lesson.notebooks import all_lessons

GAME_LESSONS = [(lesson.game, lesson.name) for lesson in all_lessons() if lesson.practice]


def test_every_games_lesson_ends_with_practice() -> None:
    games = {lesson.game for lesson in all_lessons()} - {"experiments"}
    assert {game for game, _ in GAME_LESSONS} == games


@pytest.mark.parametrize(("game", "lesson"), GAME_LESSONS)
def test_a_lessons_practice_is_on_its_exit_tickets_skills_else_on_what_it_teaches(
    game: str, lesson: str
) -> None:
    chosen = practice.lesson_skills(game, lesson)
    assert chosen, "practice on no skill"
    ticket = practice.ticket_skills(game, lesson)
    if ticket:
        assert chosen == ticket
    for skill_id in chosen:
        assert any(screen.startswith(f"{lesson}.") for screen in practice.skill(game, skill_id).lessons)
    # the pupil's first item is on one of them
    run = practice.Practice(game, chosen, 0, "en")
    skill = run.item.skill
    assert getattr(skill, "id", skill) in chosen
