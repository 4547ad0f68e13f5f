"""The exit ticket is the lesson's "ticket" activity (one question system): every lesson's
ticket starts empty and marks its right answers right, in three languages; the slips the
older tickets named (tops and bottoms added, a bigger bottom read as a bigger fraction,
a wrong form) are named on the activity layer; each game's ``exit_ticket`` is the same run;
the package loads nothing heavy."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from lesson.answering import right_answer
from teachgames.core.i18n import tr
from teachgames.lesson import Activity, activity, exit_ticket

LANGUAGES = ("en", "ru", "bg")
TICKETS = [
    ("delissimo", "6plus"),
    ("delissimo", "8plus"),
    ("delissimo", "10plus"),
    ("tsvetik", "8plus"),
    ("tsvetik", "11plus"),
    ("split", "classify"),
    ("ligretto", "race"),
    ("experiments", "simulation"),
]
M = "lesson.misconception."


def same(a: Activity, b: Activity) -> bool:
    """Two runs of the same activity: the same lesson, part and screens."""
    ids = [(s.id, s.task is not None) for s in a.spec.screens]
    return (a.spec.lesson, a.spec.part, ids) == (b.spec.lesson, b.spec.part, [(s.id, s.task is not None) for s in b.spec.screens])


def screen(ticket: Activity, sid: str) -> Activity:
    ticket.go([s.id for s in ticket.spec.screens].index(sid))
    return ticket


def test_import_is_light() -> None:
    code = "import sys, teachgames.lesson; print(sorted(m for m in ('sympy', 'ipywidgets', 'nbformat') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("game", "lesson"), TICKETS)
def test_a_ticket_starts_empty_and_marks_its_right_answers_right(game: str, lesson: str, language: str) -> None:
    """Run All never claims a score the pupil did not earn; an empty answer uses no try and
    is not counted; the answers the ticket stands for are all marked right."""
    ticket = exit_ticket(game, lesson, language=language)
    assert ticket.spec.part == "ticket" and ticket.language == language
    asking = [i for i, s in enumerate(ticket.spec.screens) if s.task is not None]
    assert len(asking) >= 3, "a ticket asks at least three questions"
    assert ticket.score() == (0, len(asking))
    empty = ticket.summary_text()
    for i in asking:
        ticket.go(i)
        mark = ticket.answer("")
        assert not mark.uses_try and not ticket.state.marks
    assert ticket.summary_text() == empty and ticket.score()[0] == 0
    for i in asking:
        ticket.go(i)
        assert ticket.answer(right_answer(ticket.screen.task)).correct, (game, lesson, ticket.screen.id)
    assert ticket.score() == (len(asking), len(asking))


@pytest.mark.parametrize(("game", "lesson"), TICKETS)
def test_the_ticket_is_the_lessons_ticket_activity(game: str, lesson: str) -> None:
    assert same(exit_ticket(game, lesson), activity(game, lesson, "ticket"))
    teacher = exit_ticket(game, lesson, language="ru", teacher=True)
    assert teacher.teacher and teacher.view_model()["screen"]["answers"]["answer"]


def test_each_games_exit_ticket_is_the_same_run() -> None:
    from teachgames.delissimo.lesson import exit_ticket as delissimo_ticket
    from teachgames.split.lesson import exit_ticket as split_ticket
    from teachgames.tsvetik.lesson import exit_ticket as tsvetik_ticket

    assert same(delissimo_ticket("8+", "bg"), exit_ticket("delissimo", "8plus"))
    assert same(delissimo_ticket("10plus"), exit_ticket("delissimo", "10plus"))
    assert same(tsvetik_ticket(), exit_ticket("tsvetik", "11plus"))
    assert tsvetik_ticket("8plus", "ru").language == "ru"
    assert same(split_ticket(language="bg"), exit_ticket("split", "classify"))
    with pytest.raises(KeyError, match="12plus"):
        delissimo_ticket("12plus")
    with pytest.raises(ValueError, match="8plus, 11plus"):
        tsvetik_ticket("5plus")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("answer", ["8/12", "2/3"])
def test_tops_and_bottoms_added_is_named_on_the_10plus_ticket(answer: str, language: str) -> None:
    """3/4 + 5/8 typed as 8/12 (or 8/12 simplified): "the tops and the bottoms were both
    added" in the pupil's language, a try used and nothing revealed yet."""
    ticket = screen(exit_ticket("delissimo", "10plus", language=language), "t3")
    mark = ticket.answer(answer)
    assert mark.outcome == "wrong" and mark.misconception == M + "tops_and_bottoms"
    assert not ticket.revealed()
    assert mark.line.startswith(tr(M + "tops_and_bottoms", language)[:20])  # in the pupil's language


@pytest.mark.parametrize("answer", ["1 1/4", "9/8", "3/4"])
def test_other_wrong_sums_are_not_called_tops_and_bottoms(answer: str) -> None:
    mark = screen(exit_ticket("delissimo", "10plus"), "t3").answer(answer)
    assert mark.outcome == "wrong" and mark.misconception != M + "tops_and_bottoms"


@pytest.mark.parametrize("answer", ["11/8", " 22 / 16 ", "1 3/8", "1⅜", "1 ⅜", "1 and 3/8", "1,375", "137.5 %",
                                    "одна целая 3/8", "11/8 pizzas", "11 slices"])  # fmt: skip
def test_the_ticket_reads_every_equal_form_with_the_one_reader(answer: str) -> None:
    """Any way of writing 11/8 is right on the 10+ sum (a form the screen does not ask for
    would be pointed out with no try used, never marked wrong)."""
    mark = screen(exit_ticket("delissimo", "10plus"), "t3").answer(answer)
    assert mark.outcome in ("right", "form"), (answer, mark)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("answer", ["3/0", "x" * 5000, "seven", "1/8 + 2/8", "__import__('os')"])
def test_the_ticket_refuses_what_it_cannot_read_in_plain_words(answer: str, language: str) -> None:
    ticket = screen(exit_ticket("delissimo", "10plus", language=language), "t3")
    mark = ticket.answer(answer)
    assert mark.outcome in ("unread", "wrong") and mark.line
    assert "Traceback" not in mark.line and "Error" not in mark.line
    if language != "en" and mark.outcome == "unread":
        assert not any(w in mark.line for w in ("number", "answer", "write")), mark.line


def test_the_over_eighths_form_is_asked_for_without_a_try() -> None:
    """8+ "write 3/4 in eighths": 3/4 is the right amount in the wrong form (no try used,
    told what to change); 6/8 and "6 slices" are right; 3/8 (only the bottom changed) is a
    named slip."""
    ticket = screen(exit_ticket("delissimo", "8plus"), "t2")
    form = ticket.answer("3/4")
    assert form.outcome == "form" and "8" in form.line and not ticket.state.marks
    assert ticket.answer("6 slices").correct
    slip = screen(exit_ticket("delissimo", "8plus"), "t2").answer("3/8")
    assert slip.outcome == "wrong" and slip.misconception == M + "bottom_only"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bigger_bottom_read_as_a_bigger_fraction_is_named(language: str) -> None:
    """8+ warm-up: 1/8 chosen as more pizza than 1/4 gets the line "a bigger number at the
    bottom means smaller parts"; 1/4 is right."""
    run = screen(activity("delissimo", "8plus", "warmup", language=language), "compare")
    mark = run.answer(["1/8"])
    assert mark.outcome == "wrong" and mark.misconception == M + "bigger_denominator"
    assert tr(M + "bigger_denominator", language) in mark.line
    assert run.answer(["1/4"]).correct


def test_choosing_one_of_two_right_options_uses_no_try() -> None:
    """8+ ticket "which orders fit?": one of the two right orders is "right so far", the
    pair is right, a wrong order among them is named."""
    ticket = screen(exit_ticket("delissimo", "8plus"), "t1")
    assert ticket.answer(["tomato 3/4"]).outcome == "form" and not ticket.state.marks
    assert ticket.answer(["tomato 3/4", "mushroom 6/8"]).correct
    wrong = screen(exit_ticket("delissimo", "8plus"), "t1").answer(["tomato 3/4", "pepper 3/4"])
    assert wrong.outcome == "wrong" and wrong.misconception == "delissimo.lesson.activity.no_topping"


@pytest.mark.parametrize("language", ["ru", "bg"])
@pytest.mark.parametrize(("game", "lesson"), TICKETS)
def test_a_ticket_speaks_the_pupils_language(game: str, lesson: str, language: str) -> None:
    """Every word of a Russian or Bulgarian ticket a pupil reads (titles, prompts, options,
    cards named, the line after a wrong answer) is in the pupil's alphabet."""
    ticket = exit_ticket(game, lesson, language=language)
    for i, shown in enumerate(ticket.spec.screens):
        words = [shown.title(language), shown.prompt(language)]
        if shown.task is not None:
            words += [o["label"] for o in shown.task.view(language).get("options", [])]
            ticket.go(i)
            words.append(ticket.answer(right_answer(shown.task)).line)
        for text in words:
            assert not re.search(r"[A-Za-z]{2,}", re.sub(r"<[^>]*>", "", text)), (shown.id, text)


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_the_shared_catalogue_is_complete_in_every_language(language: str) -> None:
    from teachgames.core.i18n import missing_keys, placeholder_problems

    assert missing_keys("lesson", language) == []
    assert placeholder_problems("lesson", language) == []
