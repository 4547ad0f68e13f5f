"""Delissimo's lesson activities as a pupil meets them, in three languages: every task
answered right, with each of its likely wrong answers (each gets its own line naming the
misconception) and with nonsense (read back, no try used); picks on the table judged by the
engine; the 6+ lesson shows no written fraction anywhere a pupil looks."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from lesson.answering import (
    check_nonsense_uses_no_try,
    check_wrong_answers_named,
    right_answer,
    wrong_answers,
)

from teachgames.delissimo.lesson.activities import LESSONS, activity, position
from teachgames.lesson import Activity, Choose, PickCards
from teachgames.lesson.screens import Screen

LANGUAGES = ("en", "ru", "bg")
FRACTION = re.compile(r"(?<![\w/])\d+\s*/\s*\d+(?![\w/])")
ALL = [(lesson, part) for lesson, (parts, _) in LESSONS.items() for part in parts]


def screens() -> Iterator[tuple[str, str, int, Screen]]:
    for lesson, part in ALL:
        for i, screen in enumerate(activity(lesson, part).screens):
            yield lesson, part, i, screen






ASKING = [(lesson, part, i) for lesson, part, i, s in screens() if s.task is not None]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("lesson", "part", "index"), ASKING)
def test_right_answers_are_right_with_a_reveal(lesson: str, part: str, index: int, language: str) -> None:
    a = Activity(activity(lesson, part), language)
    a.go(index)
    assert a.view_model()["screen"]["reveal"] is None
    task = a.screen.task
    mark = a.answer(right_answer(task))
    assert mark.correct, (lesson, part, a.screen.id, mark)
    reveal = a.view_model()["screen"]["reveal"]
    assert reveal is not None and (reveal["parts"] or reveal["answer"])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("lesson", "part", "index"), ASKING)
def test_each_likely_wrong_answer_is_named(lesson: str, part: str, index: int, language: str) -> None:
    keys = check_wrong_answers_named(activity(lesson, part), index, language)
    assert not keys & {"lesson.mark.choice_wrong", "lesson.mark.amount_wrong"}  # named, not generic


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("lesson", "part", "index"), ASKING)
def test_nonsense_is_answered_and_uses_no_try(lesson: str, part: str, index: int, language: str) -> None:
    nonsense = ("", "<script>alert(1)</script>", ["no-such-card"], None, {"a": 1}, ["hand:0", 3])
    check_nonsense_uses_no_try(activity(lesson, part), index, language, nonsense)


def test_picks_are_judged_by_the_engine() -> None:
    """Every pick the teacher's view calls right is a capture the engine accepts, and the
    right picks are all the captures there are."""
    for lesson, part, _i, screen in screens():
        task = screen.task
        if not isinstance(task, PickCards):
            continue
        for pick in task.right:
            assert task.check(sorted(pick), "en").correct
        names = [(g.label("en"), [c.id for c in g.cards]) for g in task.groups]
        assert len(names) == 2
        assert task.right, (lesson, part, screen.id)


def test_the_puzzle_positions_are_not_changed_by_asking() -> None:
    task = activity("8plus", "puzzles").screens[0].task
    assert isinstance(task, PickCards)
    before = position("toppings-matter").to_json()
    task.check(["hand:0", "open:0"], "en")
    assert position("toppings-matter").to_json() == before


@pytest.mark.parametrize("language", LANGUAGES)
def test_six_plus_shows_no_written_fraction(language: str) -> None:
    """A reader of every 6+ screen (prompt, pictures, options, feedback, the reveal, the
    worked solution and the teacher's view) finds slices and whole pizzas only."""
    for part in LESSONS["6plus"][0]:
        spec = activity("6plus", part)
        for i, screen in enumerate(spec.screens):
            for answer in ([], "x", wrong_answers(screen.task)[0][0] if wrong_answers(screen.task) else "y"):
                a = Activity(spec, language, teacher=True)
                a.go(i)
                if screen.task is not None:
                    a.answer(answer)
                    a.show_solution() if a.state.marks and not a.revealed() else None
                # what a pupil sees or hears: words, SVG text and labels (not data-card notation)
                text = re.sub(r'data-card=\\"[^"\\]*\\"', "", json.dumps(a.view_model(), ensure_ascii=False))
                found = FRACTION.findall(text)
                assert not found, (part, screen.id, found[:5])


def test_choices_carry_no_numbers_that_look_like_answers() -> None:
    for _lesson, _part, _i, screen in screens():
        task = screen.task
        if isinstance(task, Choose):
            for option in task.options:
                assert not re.match(r"^\d+\)", option.label("en"))
