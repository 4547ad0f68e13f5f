""""Which move scores most?": a puzzle the engine makes from any position where the
player to act has moves that gain different points; the pupil chooses, a wrong choice
is told both gains exactly, the worked solution lists every move's gain."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from teachgames.classroom.judge import judge
from teachgames.core.registry import new_game
from teachgames.lesson import Activity, LessonFileError, make_puzzle, read_lesson
from teachgames.lesson.files import SCHEMA_PATH
from teachgames.lesson.puzzles import best_choices


def position_with_choices(name: str) -> Any:
    """The first position of a seeded game (first moves played) where moves gain apart."""
    for seed in range(10):
        game = new_game(name, seed=seed)
        for _ in range(40):
            try:
                best_choices(game)
                return game
            except ValueError:
                pass
            if not game.legal_moves():
                break
            game.play(game.legal_moves()[0])
    raise AssertionError(f"no position in {name} where moves gain apart")


def lesson(*screens: dict[str, Any]) -> dict[str, Any]:
    return {"format": "teachgames-lesson", "version": 1, "id": "best", "title": "Best", "screens": list(screens)}


@pytest.mark.parametrize("name", ["delissimo", "tsvetik"])
def test_the_pupil_chooses_the_move_that_scores_most_and_a_wrong_choice_is_told_both_gains(name: str) -> None:
    game = position_with_choices(name)
    screen = make_puzzle(game, "best")
    import jsonschema

    jsonschema.validate(lesson(screen), json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))
    spec = read_lesson(lesson(screen))
    task = spec.screens[0].task
    right = [o for o in task.options if o.right]  # type: ignore[union-attr]
    wrong = [o for o in task.options if not o.right]  # type: ignore[union-attr]
    assert len(right) == 1 and wrong
    source = str(spec.meta["json"])
    for language in ("en", "ru", "bg"):
        run = Activity(spec, language)
        missed = run.answer([wrong[0].id])
        assert not missed.correct and "{" not in missed.line
        assert re.search(r"\d", missed.line)
        if language != "en":
            assert re.search("[а-яА-Я]{4}", missed.line) and "Points" not in missed.line
        assert run.answer([right[0].id]).correct
        worked = " ".join(spec.screens[0].worked(language).view()["paragraphs"])  # type: ignore[misc]
        for option in task.options:  # type: ignore[union-attr]
            assert option.label(language) in worked
        # the class server marks the pupil's choice as the activity did
        verdict = judge("best", "screens." + spec.screens[0].id, wrong[0].label(language), language, source=source)
        assert verdict is not None and not verdict.correct


def test_a_position_with_nothing_to_compare_is_refused_in_words() -> None:
    from teachgames.core.editing import PositionEditor
    from teachgames.lesson.editor import PositionRefused, puzzle

    ligretto = new_game("ligretto", seed=0)  # real time: nobody's turn
    with pytest.raises(ValueError, match="nobody is to act"):
        make_puzzle(ligretto, "best")
    editor = PositionEditor("ligretto", seed=0, language="ru")
    with pytest.raises(PositionRefused, match="сравнивать нечего"):
        puzzle(editor, "best")


def test_a_hand_written_best_task_is_checked_move_by_move() -> None:
    game = position_with_choices("delissimo")
    screen = make_puzzle(game, "best")
    moves = screen["task"]["moves"]
    tie = {**screen, "task": {"kind": "best", "moves": [moves[0], moves[0]]}}
    with pytest.raises(LessonFileError) as caught:
        read_lesson(lesson(tie))
    assert caught.value.where == "/screens/0/task/moves/1"
    illegal = {**moves[0], "player": 1 - moves[0].get("player", 0)}
    with pytest.raises(LessonFileError) as caught:
        read_lesson(lesson({**screen, "task": {"kind": "best", "moves": [moves[0], illegal]}}))
    assert caught.value.where == "/screens/0/task/moves/1"
    assert re.search("[а-я]{4}", caught.value.reason_in("ru"))
    with pytest.raises(LessonFileError, match="2 to 8 moves"):
        read_lesson(lesson({**screen, "task": {"kind": "best", "moves": [moves[0]]}}))
