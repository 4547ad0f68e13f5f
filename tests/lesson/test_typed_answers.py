"""A right answer is right in every form a pupil really types it, on the lessons' own
screens: units ("6 slices" for eighths), glyphs ("1⅜"), a leading +, words and dashes for
minus, "N out of M". A right amount in another form is said so and uses no try; so is a
choice that is right so far. Nothing a pupil types makes an answer raise."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from teachgames.lesson import Mark, activity, activity_spec
from teachgames.lesson.notebooks import all_lessons
from teachgames.lesson.show import PARTS

LANGUAGES = ("en", "ru", "bg")


def answer(game: str, lesson: str, part: str, screen: str, given: object, language: str = "en") -> Mark:
    run = activity(game, lesson, part, language=language)
    run.go([s.id for s in run.spec.screens].index(screen))
    return run.answer(given)


RIGHT = [
    # Delissimo 8+: "How many eighths is 1/4 of a pizza?" and "Write 3/4 of a pizza in eighths"
    ("delissimo", "8plus", "warmup", "quarter", ["2", "2 slices", "2 куска", "2 парчета", "2/8", "two slices"]),
    ("delissimo", "8plus", "ticket", "t2", ["6 slices", "6 кусков", "6 кусочков", "6 парчета", "6/8", "6 slices of 8"]),
    ("delissimo", "8plus", "puzzles", "sum", ["6 slices", "6/8", "six eighths", "шесть восьмых"]),
    # Delissimo 10+: every typed screen with a glyph, with and without a space
    ("delissimo", "10plus", "warmup", "fill", ["2⅝", "2 ⅝", "2 5/8", "2 and 5/8", "2 целых 5/8"]),
    ("delissimo", "10plus", "warmup", "alone", ["3⅜", "3 ⅜", "3 3/8 pizzas"]),
    ("delissimo", "10plus", "puzzles", "take_away", ["1¾", "1 ¾", "1 6/8", "14/8", "1,75", "14 slices"]),
    ("delissimo", "10plus", "puzzles", "total", ["1⅞", "15/8", "1 7/8 pizzas"]),
    ("delissimo", "10plus", "puzzles", "penalty", ["1⅞", "1 ⅞", "15/8"]),
    ("delissimo", "10plus", "ticket", "t1", ["2⅜", "2 ⅜"]),
    ("delissimo", "10plus", "ticket", "t2", ["1⅜", "1 3/8", "11/8"]),
    ("delissimo", "10plus", "ticket", "t3", ["1⅜", "11/8", "1 ⅜"]),
    # Ligretto writes rounds as "+10, −9 and +5"
    ("ligretto", "race", "warmup", "score", ["+10", "10", "10 points", "10 очков"]),
    ("ligretto", "race", "warmup", "below", ["minus 9", "минус 9", "–9", "—9", "−9", "-9", "9 below zero"]),
    ("ligretto", "race", "puzzles", "total", ["+6", "6"]),
    ("ligretto", "race", "ticket", "t2", ["minus 10", "–10", "10 ниже нуля"]),
    # Tsvetik 11+: a chance as "N out of M"
    ("tsvetik", "11plus", "puzzles", "chance", ["2 out of 35", "2 из 35", "2 от 35", "2/35"]),
    ("tsvetik", "11plus", "ticket", "t3", ["6 из 30", "6 от 30", "6 out of 30", "1/5", "0,2", "20 %"]),
    ("tsvetik", "11plus", "warmup", "extra", ["−25", "minus 25", "–25", "25 below zero"]),
]


@pytest.mark.parametrize(("game", "lesson", "part", "screen", "answers"), RIGHT)
@pytest.mark.parametrize("language", LANGUAGES)
def test_right_answers_are_right_as_pupils_type_them(
    game: str, lesson: str, part: str, screen: str, answers: list[str], language: str
) -> None:
    for given_ in answers:
        mark = answer(game, lesson, part, screen, given_, language)
        assert mark.outcome == "right", (screen, given_, mark.line)
        assert mark.echo == given_  # echoed as typed


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bare_count_where_a_fraction_is_asked_is_asked_about_with_no_try(language: str) -> None:
    """ "6" for "Write 3/4 in eighths": the pupil surely means slices; asked, never marked wrong."""
    run = activity("delissimo", "8plus", "ticket", language=language)
    run.go(1)
    mark = run.answer("6")
    assert mark.outcome == "form" and not mark.uses_try and "6" in mark.line and "8" in mark.line
    assert run.answer("6 slices").correct
    assert len(run.state.marks) == 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_unit_that_does_not_fit_is_said_so(language: str) -> None:
    assert answer("delissimo", "8plus", "ticket", "t2", "6 points", language).outcome == "unread"
    assert answer("ligretto", "race", "warmup", "score", "10 cards", language).outcome == "unread"


@pytest.mark.parametrize(
    ("given", "key"),
    [("❶", None), ("٣", None), ("9" * 5000, "too_long"), ("1234567", "too_big"), ("万", "not_a_whole_number")],
)
@pytest.mark.parametrize("language", LANGUAGES)
def test_odd_digits_are_read_or_refused_in_the_pupils_words(given: str, key: str | None, language: str) -> None:
    from teachgames.core.i18n import tr

    mark = answer("ligretto", "race", "ticket", "t1", given, language)
    if key is None:  # read as the digit it is: a wrong number, marked as one
        assert mark.outcome == "wrong"
    else:
        assert mark.outcome == "unread" and mark.line == tr(f"lesson.read.{key}", language)


# ---------------------------------------------------------------------- choose two


@pytest.mark.parametrize(
    ("game", "lesson", "part", "screen"),
    [
        ("delissimo", "6plus", "warmup", "same"),
        ("delissimo", "6plus", "ticket", "t1"),
        ("delissimo", "8plus", "warmup", "fit"),
        ("delissimo", "8plus", "ticket", "t1"),
    ],
)
@pytest.mark.parametrize("language", LANGUAGES)
def test_one_of_two_right_options_is_praised_and_costs_no_try(
    game: str, lesson: str, part: str, screen: str, language: str
) -> None:
    run = activity(game, lesson, part, language=language)
    run.go([s.id for s in run.spec.screens].index(screen))
    task = run.screen.task
    first, second = [o.id for o in task.options if o.right]  # type: ignore[union-attr]
    mark = run.answer([first])
    assert mark.outcome == "form" and not mark.uses_try and mark.line
    assert run.view_model()["screen"]["tries"]["used"] == 0
    assert run.view_model()["screen"]["reveal"] is None  # nothing given away
    assert run.answer([first, second]).correct
    assert run.state.solved and len(run.state.marks) == 1  # right at the first try


# ---------------------------------------------------------------------- never raises


@cache
def task_screens() -> list[tuple[str, str, str, int]]:
    out = []
    for lesson in all_lessons():
        for part in PARTS:
            try:
                spec = activity_spec(lesson.game, lesson.name, part)
            except KeyError:
                continue
            out += [(lesson.game, lesson.name, part, i) for i, s in enumerate(spec.screens) if s.task is not None]
    return out


def test_every_lesson_has_task_screens() -> None:
    assert {g for g, *_ in task_screens()} >= {"delissimo", "tsvetik", "ligretto", "split", "experiments"}


ANSWERS = st.one_of(
    st.text(st.characters(codec=None, categories=None), max_size=120),
    st.text(st.sampled_from("0123456789/ ,.-+⅜¾½−–—❶٣ minusслицекуcлизо"), max_size=40),
    st.integers(),
    st.floats(),
    st.none(),
    st.lists(st.text(max_size=12), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@settings(max_examples=300, deadline=None)
@given(st.data(), ANSWERS, st.sampled_from(LANGUAGES))
def test_no_answer_makes_a_task_raise(data: st.DataObject, given_: object, language: str) -> None:
    game, lesson, part, index = data.draw(st.sampled_from(task_screens()))
    run = activity(game, lesson, part, language=language)
    run.go(index)
    mark = run.answer(given_)
    assert isinstance(mark, Mark) and mark.line and "{" not in mark.line
    mark.echo.encode("utf-8")
