"""The slips a teacher expects are named, on the lessons' own screens and on any task with
the same numbers: a point or a comma for the fraction bar, the wholes written against the
top, the tops added with the bigger bottom kept, regrouping stopped halfway, sign slips.
The two that are only notation (the right digits) use no try."""

from __future__ import annotations

import pytest

from teachgames.core.i18n import tr
from teachgames.lesson import TypeAmount, activity, activity_spec, read_amount
from teachgames.lesson.notebooks import all_lessons
from teachgames.lesson.reading import Amount
from teachgames.lesson.show import PARTS
from teachgames.lesson.slips import RULES, Numbers, examples, find_slip

LANGUAGES = ("en", "ru", "bg")
M = "lesson.misconception."

NAMED = [
    # (screen, typed, misconception, uses a try)
    (("delissimo", "8plus", "ticket", "t2"), "3.4", "decimal_bar", False),
    (("delissimo", "8plus", "ticket", "t2"), "6.8", "decimal_bar", False),
    (("delissimo", "8plus", "ticket", "t2"), "6,8", "decimal_bar", False),
    (("delissimo", "8plus", "puzzles", "sum"), "6.8", "decimal_bar", False),
    (("delissimo", "10plus", "ticket", "t3"), "8/8", "tops_bigger_bottom", True),
    (("delissimo", "10plus", "warmup", "fill"), "25/8", "whole_joined", False),
    (("delissimo", "10plus", "ticket", "t2"), "13/8", "whole_joined", False),
    (("delissimo", "10plus", "warmup", "fill"), "5/8", "whole_dropped", True),
    (("delissimo", "10plus", "puzzles", "take_away"), "2 13/8", "regroup_halfway", True),
    (("delissimo", "10plus", "ticket", "t2"), "1 9/8", "regroup_halfway", True),
    (("tsvetik", "11plus", "ticket", "t1"), "−15", "sign_flipped", True),
    (("tsvetik", "11plus", "ticket", "t1"), "-95", "all_taken_away", True),
    (("tsvetik", "11plus", "warmup", "extra"), "minus 95", "all_taken_away", True),
]


@pytest.mark.parametrize(("where", "typed", "key", "uses_try"), NAMED)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_slips_a_teacher_expects_are_named(
    where: tuple[str, str, str, str], typed: str, key: str, uses_try: bool, language: str
) -> None:
    game, lesson, part, screen = where
    run = activity(game, lesson, part, language=language)
    run.go([s.id for s in run.spec.screens].index(screen))
    mark = run.answer(typed)
    assert mark.misconception == M + key, (typed, mark.line)
    assert mark.uses_try == uses_try
    assert mark.line != tr("lesson.mark.amount_wrong", language, answer=typed)
    assert "{" not in mark.line and len(mark.line.split()) <= 30  # one short line
    assert run.view_model()["screen"]["reveal"] is None  # a second try, nothing revealed


def test_the_lines_say_the_pupils_own_numbers() -> None:
    assert "3/4" in activity_line("delissimo", "8plus", "ticket", 1, "3.4")
    regroup = activity_line("delissimo", "10plus", "puzzles", 0, "2 13/8")
    assert "3 5/8" in regroup and "1 7/8" in regroup  # the first term, and what is still to take away
    assert "3" in activity_line("delissimo", "10plus", "warmup", 1, "25/8")  # more than 3 wholes


def activity_line(game: str, lesson: str, part: str, index: int, typed: str) -> str:
    run = activity(game, lesson, part, language="en")
    run.go(index)
    return run.answer(typed).line


def typed_tasks() -> list[tuple[str, str, str, str, TypeAmount]]:
    out = []
    for lesson in all_lessons():
        for part in PARTS:
            try:
                spec = activity_spec(lesson.game, lesson.name, part)
            except KeyError:
                continue
            out += [(lesson.game, lesson.name, part, s.id, s.task) for s in spec.screens
                    if isinstance(s.task, TypeAmount)]  # fmt: skip
    return out


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_slip_a_rule_expects_on_a_lesson_task_is_named_by_it(language: str) -> None:
    """The shared rules on every typed task of every lesson: what a pupil holding each idea
    types is named with it, and is never the right answer."""
    named = 0
    for _game, _lesson, _part, screen, task in typed_tasks():
        for typed, key in task.slips():
            mark = task.check(typed, language)
            assert mark.misconception == key and not mark.correct, (screen, typed, mark)
            assert "{" not in mark.line
            named += 1
    assert named >= 15


def test_a_tasks_own_wrong_answer_comes_before_a_shared_rule() -> None:
    """8+ "2/8 + 1/2 in eighths": 3/8 is tops added with the bigger bottom kept, but the
    lesson names it its own way (the half is not one eighth)."""
    run = activity("delissimo", "8plus", "puzzles", language="en")
    run.go(1)
    assert run.answer("3/8").misconception == "delissimo.lesson.activity.half_not_eighth"


@pytest.mark.parametrize(
    ("numbers", "typed", "key"),
    [
        (Numbers((3, 4)), "3.4", "decimal_bar"),
        (Numbers((3, 4)), "6.8", "decimal_bar"),
        (Numbers((2, 35)), "2.35", "decimal_bar"),
        (Numbers((21, 8)), "25/8", "whole_joined"),
        (Numbers((14, 8)), "16/8", "whole_joined"),  # 1 6/8 in eighths
        (Numbers((14, 8)), "13/4", "whole_joined"),  # 1 3/4 in lowest terms
        (Numbers((11, 8), ((3, 4), (5, 8))), "8/8", "tops_bigger_bottom"),
        (Numbers((11, 8), ((3, 4), (5, 8))), "8/12", "tops_and_bottoms"),
        (Numbers((14, 8), ((29, 8), (-15, 8))), "2 13/8", "regroup_halfway"),
        (Numbers((15, 1), ((55, 1), (-40, 1))), "-15", "sign_flipped"),
        (Numbers((15, 1), ((55, 1), (-40, 1))), "-95", "all_taken_away"),
        (Numbers((15, 1), ((55, 1), (-40, 1))), "95", "all_added"),
    ],
)
def test_each_rule_over_a_tasks_numbers(numbers: Numbers, typed: str, key: str) -> None:
    read = read_amount(typed)
    assert isinstance(read, Amount)
    slip = find_slip(numbers, read)
    assert slip is not None and slip.key == key


@pytest.mark.parametrize(
    ("numbers", "typed"),
    [
        (Numbers((3, 4)), "0.75"),  # the right value as a decimal is right, not a slip
        (Numbers((50, 1)), "5.0"),  # a whole number has no fraction bar to mistake
        (Numbers((3, 4)), "-3/4"),  # no sign in the task: no sign slip claimed
        (Numbers((14, 8), ((29, 8), (-13, 8))), "2 13/8"),  # no regrouping needed there
        (Numbers((5, 8), ((2, 8), (3, 8))), "5/16"),  # same bottoms: not "the bigger bottom"
    ],
)
def test_a_rule_claims_nothing_it_cannot_know(numbers: Numbers, typed: str) -> None:
    read = read_amount(typed)
    assert isinstance(read, Amount)
    slip = find_slip(numbers, read)
    assert slip is None or slip.key == "tops_and_bottoms", slip


def test_every_rules_example_is_named_by_that_rule() -> None:
    numbers = [Numbers((11, 8), ((3, 4), (5, 8))), Numbers((14, 8), ((29, 8), (-15, 8))),
               Numbers((15, 1), ((55, 1), (-40, 1))), Numbers((21, 8)), Numbers((3, 4))]  # fmt: skip
    keys = {key for n in numbers for _, key in examples(n)}
    assert keys == {r.key for r in RULES}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rules_line_exists_in_every_language(language: str) -> None:
    from teachgames.core.i18n import messages

    catalogue = messages("lesson", language)
    for rule in RULES:
        assert f"misconception.{rule.key}" in catalogue
