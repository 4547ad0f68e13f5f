"""The shared lesson machinery (teachgames.lesson), with questions of its own: no game needed.
Tickets start empty, misconceptions are named, choices are read by number or by their words,
numbers keep one form, and importing stays light."""

from __future__ import annotations

import subprocess
import sys

import pytest

from teachgames.core.i18n import tr
from teachgames.lesson import (
    Amount,
    ChoiceQuestion,
    ExitTicket,
    NumberQuestion,
    YesNoQuestion,
    number_form,
    read_amount,
)
from teachgames.lesson.misconceptions import bigger_denominator, tops_and_bottoms


def sum_question() -> NumberQuestion:
    # any catalogue message serves as the question's words here
    return NumberQuestion(key="lesson.check", value=(11, 8), form="mixed", terms=((3, 4), (5, 8)))


def compare_question() -> ChoiceQuestion:
    return ChoiceQuestion(
        key="lesson.check", options=("1/8", "1/4"), right=frozenset({2}), compare=((1, 8), (1, 4))
    )


def test_import_is_light() -> None:
    code = "import sys, teachgames.lesson; print(sorted(m for m in ('sympy', 'ipywidgets', 'nbformat') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_ticket_starts_empty_and_empty_answers_do_not_count() -> None:
    t = ExitTicket(
        "T", [sum_question(), compare_question(), YesNoQuestion(key="lesson.check", answer_is=True)]
    )
    assert t.summary() == "Exit ticket T: no answers yet (3 questions) — Q1 ? Q2 ? Q3 ?"
    for n in (1, 2, 3):
        for empty in ("", "   ", None, []):
            fb = t.answer(n, empty)
            assert not fb.answered and not fb.correct and fb.text().startswith("?")
    assert t.results == {} and t.score == 0
    assert "right" not in t.summary().split("—")[0]
    t.answer(3, "yes")
    assert t.summary() == "Exit ticket T: 1 of 3 right, 2 not answered yet — Q1 ? Q2 ? Q3 ✓"


@pytest.mark.parametrize("answer", ["8/12", "2/3"])
def test_tops_and_bottoms_is_named(answer: str) -> None:
    fb = sum_question().check(answer, "en")
    assert not fb.correct and "You added the tops and the bottoms: 3/4 + 5/8 is not" in fb.message
    assert "common denominator" in fb.message


@pytest.mark.parametrize("answer", ["1 1/4", "9/8", "1 3/8"])
def test_other_answers_are_not_called_tops_and_bottoms(answer: str) -> None:
    assert "tops and the bottoms" not in sum_question().check(answer, "en").message


def test_tops_and_bottoms_needs_the_sum_of_both() -> None:
    read = read_amount("8/12")
    assert isinstance(read, Amount)
    assert tops_and_bottoms(((3, 4), (5, 8)), read, "en") is not None
    assert tops_and_bottoms(((3, 4),), read, "en") is None  # one term: not a sum
    # 1/2 + 1/2 added as tops and bottoms is 2/4 = 1/2, which is wrong but equal to neither term
    half = read_amount("2/4")
    assert isinstance(half, Amount)
    assert tops_and_bottoms(((1, 2), (1, 2)), half, "ru") is not None


def test_bigger_denominator_is_named_only_for_the_same_top() -> None:
    fb = compare_question().check(1, "en")
    assert not fb.correct and "A bigger number at the bottom means smaller parts" in fb.message
    assert compare_question().check(2, "en").correct
    assert bigger_denominator((3, 8), (1, 4), "en") is None
    assert bigger_denominator((1, 8), (1, 4), "bg") == tr("lesson.bigger_denominator", "bg")


def test_choices_are_read_by_number_or_by_their_words() -> None:
    q = ChoiceQuestion(key="lesson.check", options=("@lesson.yes", "@lesson.no"), right=frozenset({2}))
    assert q.check(2, "en").correct and q.check("2", "en").correct and q.check("no", "en").correct
    assert q.check("нет", "ru").correct and q.check("не", "bg").correct
    assert not q.check("yes", "en").correct
    assert "There is no choice 5" in q.check(5, "en").message
    assert "Answer with the number" in q.check("maybe", "en").message
    assert "Answer with the number" in q.check([1, 2], "en").message  # one choice only
    numbers = ChoiceQuestion(key="lesson.check", options=("2", "3", "4"), right=frozenset({2}))
    assert numbers.check("2", "en").correct, "a number is the option's number, not its words"


def test_several_choices_say_what_is_missing() -> None:
    q = ChoiceQuestion(key="lesson.check", options=("a", "b", "c"), right=frozenset({1, 3}), several=True)
    assert q.check("3, 1", "en").correct and q.check([1, 3], "en").correct
    fb = q.check([1], "en")
    assert not fb.correct and "You left out choice 3" in fb.message
    fb = q.check([1, 2, 3], "en")
    assert not fb.correct and "Choice 2 is not right" in fb.message


def test_number_question_forms_and_no_tautology() -> None:
    q = NumberQuestion(key="lesson.check", value=(3, 1))
    fb = q.check("3", "en")
    assert fb.correct and "3 = 3" not in fb.message
    assert q.check("24/8", "en").correct and "24/8 = 3" in q.check("24/8", "en").message
    over = NumberQuestion(key="lesson.check", value=(3, 4), form="over", den=8)
    assert over.check("6/8", "en").correct
    assert "with 8 at the bottom" in over.check("3/4", "en").message


def test_number_form_one_form_per_lesson() -> None:
    assert [number_form(7, 2, "over"), number_form(71, 8, "over"), number_form(33, 8, "over")] == [
        "28/8",
        "71/8",
        "33/8",
    ]
    assert number_form(7, 2, "mixed") == "3 1/2" and number_form(29, 8, "both") == "29/8 = 3 5/8"
    assert number_form(16, 8, "both") == "16/8 = 2" and number_form(16, 8, "mixed") == "2"
    with pytest.raises(ValueError, match="unknown number form"):
        number_form(1, 2, "decimal")


def test_ask_builds_buttons_for_choices_and_boxes_for_the_rest() -> None:
    pytest.importorskip("ipywidgets")
    t = ExitTicket("T", [compare_question(), sum_question()], "ru")
    form = t.ask()
    choice_row, text_row, summary = form.children
    buttons = choice_row.children[1]
    assert list(buttons.options) == ["1) 1/8", "2) 1/4"] and buttons.value is None
    buttons.value = "2) 1/4"  # a click
    assert t.results == {1: True} and "✓" in choice_row.children[2].value
    assert "верно 1 из 2" in summary.value
    box, check = text_row.children[1].children
    box.value = "8/12"
    check.click()
    assert t.results == {1: True, 2: False} and "знаменател" in text_row.children[2].value


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_the_shared_catalogue_is_complete_in_every_language(language: str) -> None:
    from teachgames.core.i18n import missing_keys, placeholder_problems

    assert missing_keys("lesson", language) == []
    assert placeholder_problems("lesson", language) == []
