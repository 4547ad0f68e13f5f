"""The Ligretto race lesson's activities as a pupil meets them, in three languages: every
task answered right with a reveal, each likely wrong answer named with its own line (14 for
18 − 4 × 2, forgetting the × 2; 28 for (18 − 4) × 2; a lost minus sign), nonsense read back
without using a try; the numbers are the engine's; decimal commas in ru/bg."""

from __future__ import annotations

import json
import re

import pytest
from lesson.answering import (
    check_nonsense_uses_no_try,
    check_wrong_answers_named,
    right_answer,
    wrong_answers,
)

from teachgames.lesson import Activity
from teachgames.lesson.show import activity_spec, lesson_tasks
from teachgames.ligretto import round_score
from teachgames.ligretto.lesson.activities import LESSONS, activity
from teachgames.ligretto.lesson.notebooks import PLAN_PARTS

LANGUAGES = ("en", "ru", "bg")
ALL = [(lesson, part) for lesson, parts in LESSONS.items() for part in parts]
ASKING = [(lesson, part, i) for lesson, part in ALL for i, s in enumerate(activity(lesson, part).screens)
          if s.task is not None]  # fmt: skip


def seen(a: Activity) -> str:
    return json.dumps(a.view_model(), ensure_ascii=False)


def test_the_game_class_finds_the_activities_and_the_lesson_fills_45_minutes() -> None:
    assert activity_spec("ligretto", "race", "warmup") is activity("race", "warmup")
    assert len(lesson_tasks("ligretto", "race")) == 7
    from teachgames.lesson.plans import CLOSING, OPENING

    assert sum(m for _part, m in OPENING + PLAN_PARTS["race"] + CLOSING) == 45  # with log-in and close
    assert activity("race", "ticket").summary  # the exit ticket ends with the pupil's result
    with pytest.raises(KeyError, match="race: warmup/puzzles/ticket"):
        activity("race", "replay")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("lesson", "part", "index"), ASKING)
def test_right_answers_are_right_with_a_reveal(lesson: str, part: str, index: int, language: str) -> None:
    a = Activity(activity(lesson, part), language)
    a.go(index)
    assert a.view_model()["screen"]["reveal"] is None  # nothing answered before the pupil commits
    mark = a.answer(right_answer(a.screen.task))
    assert mark.correct, (part, a.screen.id, mark)
    assert a.view_model()["screen"]["reveal"] is not None
    assert not re.search(r"\{[a-z_]+(\|[^}]*)?\}", seen(a))  # every field filled


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("lesson", "part", "index"), ASKING)
def test_each_likely_wrong_answer_is_named(lesson: str, part: str, index: int, language: str) -> None:
    spec = activity(lesson, part)
    assert wrong_answers(spec.screens[index].task), spec.screens[index].id
    keys = check_wrong_answers_named(spec, index, language)
    assert all(key.startswith("ligretto.lesson.activity.") for key in keys)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("lesson", "part", "index"), ASKING)
def test_nonsense_is_answered_and_uses_no_try(lesson: str, part: str, index: int, language: str) -> None:
    nonsense = ("", "<script>alert(1)</script>", ["no-such"], None, {"a": 1}, "abc")
    check_nonsense_uses_no_try(activity(lesson, part), index, language, nonsense)


def _mark(part: str, sid: str, answer: object) -> str | None:
    spec = activity("race", part)
    a = Activity(spec, "en")
    a.go([s.id for s in spec.screens].index(sid))
    return a.answer(answer).misconception


def test_the_slips_of_multiplying_first_and_of_signs_are_named() -> None:
    """The score is the engine's (18 − 4 × 2 = 10); 14 forgot the × 2, 28 is (18 − 4) × 2;
    on a round below zero 9 lost the minus sign; the running total 24 ignored the signs."""
    assert round_score(18, 4)[0] == 10 and round_score(3, 6)[0] == -9
    assert _mark("warmup", "score", "10") is None
    assert _mark("warmup", "score", "14") == "ligretto.lesson.activity.forgot_double"
    assert _mark("warmup", "score", "28") == "ligretto.lesson.activity.left_to_right"
    assert _mark("warmup", "below", "−9") is None
    assert _mark("warmup", "below", "9") == "ligretto.lesson.activity.lost_sign"
    total = sum(round_score(c, s)[0] for c, s in ((18, 4), (3, 6), (11, 3)))
    assert _mark("puzzles", "total", str(total)) is None and total == 6
    assert _mark("puzzles", "total", "24") == "ligretto.lesson.activity.ignored_sign"
    assert _mark("puzzles", "speed", ["ann"]) == "ligretto.lesson.activity.more_cards_not_faster"


@pytest.mark.parametrize("language,rate", [("en", "0.4"), ("ru", "0,4"), ("bg", "0,4")])
def test_speeds_are_cards_per_second_with_the_languages_decimal_mark(language: str, rate: str) -> None:
    spec = activity("race", "puzzles")
    a = Activity(spec, language)
    a.go(1)
    a.answer(right_answer(a.screen.task))
    text = seen(a)
    assert rate in text
    if language != "en":
        assert not re.search(r"\d\.\d", text), "no decimal point in ru/bg"


def test_a_score_below_zero_is_typed_where_a_minus_can_be_typed() -> None:
    """A phone's numeric keypad has no minus key: tasks whose answer may be below zero ask
    in a text field; the others in a numeric one."""
    modes = {s.id: s.task.view("en")["inputmode"] for part in ("warmup", "puzzles", "ticket")
             for s in activity("race", part).screens if s.task is not None and s.task.kind == "amount"}  # fmt: skip
    assert modes == {"score": "numeric", "below": "text", "total": "text", "t1": "numeric", "t2": "text"}
