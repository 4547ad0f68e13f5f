"""The activity runtime a pupil meets: nothing revealed before committing, a wrong answer
named and retried, the worked solution after the second miss, unreadable answers and right
amounts in the wrong form using no try, the teacher's view, recorded answers, pacing."""

from __future__ import annotations

import json

import pytest

from teachgames.lesson.activity import Activity, AnswerEvent
from teachgames.lesson.screens import ActivitySpec, Reveal, Screen
from teachgames.lesson.tasks import Choose, Misconception, Option, Order, TypeAmount, Wrong, plain

M = "lesson.misconception."


def spec() -> ActivitySpec:
    three_quarters = TypeAmount(
        (3, 4),
        form="over",
        den=8,
        wrongs=(
            Wrong(Misconception(M + "bottom_only"), ((3, 8),)),
            Wrong(Misconception(M + "top_only"), ((6, 4),)),
        ),
        shown=plain("6/8"),
    )
    compare = Choose(
        (
            Option("a", plain("1/8"), misconception=Misconception(M + "bigger_denominator")),
            Option("b", plain("1/4"), right=True),
        )
    )
    order = Order(
        (Option("x", plain("1/2")), Option("y", plain("1/8")), Option("z", plain("1/4"))),
        right=("y", "z", "x"),
        wrongs=((("x", "z", "y"), Misconception(M + "bigger_denominator")),),
    )
    return ActivitySpec(
        "toy-lesson",
        "part",
        plain("Toy"),
        (
            Screen(
                "eighths",
                plain("Eighths"),
                plain("Write 3/4 in eighths."),
                three_quarters,
                reveal=lambda _l: Reveal("SECRET-REVEAL 3/4 = 6/8"),
                worked=lambda _l: Reveal("SECRET-WORKED"),
            ),
            Screen(
                "compare",
                plain("Compare"),
                plain("Which is more?"),
                compare,
                reveal=lambda _l: Reveal("SECRET-COMPARE"),
            ),
            Screen("order", plain("Order"), plain("Smallest first."), order),
            Screen("read", plain("Read"), plain("Just read this.")),
        ),
        summary=True,
    )


def page(a: Activity) -> str:
    return json.dumps(a.view_model(), ensure_ascii=False)


def test_nothing_is_revealed_before_the_pupil_commits() -> None:
    a = Activity(spec(), "en")
    for i in range(3):
        a.go(i)
        shown = page(a)
        assert "SECRET" not in shown and "6/8" not in shown
        assert a.view_model()["screen"]["reveal"] is None


def test_a_wrong_answer_is_named_then_retried_then_the_solution_shows() -> None:
    a = Activity(spec(), "en")
    first = a.answer("3/8")
    assert first.outcome == "wrong" and first.misconception == M + "bottom_only"
    assert "bottom but not the top" in first.line
    assert "SECRET" not in page(a) and a.view_model()["screen"]["tries"]["used"] == 1
    second = a.answer("6/4")
    assert second.misconception == M + "top_only"
    shown = page(a)
    assert "SECRET-WORKED" in shown and "SECRET-REVEAL" in shown
    assert a.answer("6/8").outcome == "unread"  # done: a further answer changes nothing
    assert a.score() == (0, 3)


def test_unreadable_and_wrong_form_use_no_try() -> None:
    a = Activity(spec(), "en")
    assert a.answer("three and a bit").outcome == "unread"
    form = a.answer("3/4")
    assert form.outcome == "form" and "8 at the bottom" in form.line
    assert a.answer("0,75").outcome == "form"
    assert a.view_model()["screen"]["tries"]["used"] == 0
    right = a.answer("6/8")
    assert right.correct and a.view_model()["screen"]["reveal"] is not None
    assert "SECRET-WORKED" not in page(a)  # solved: the reason, not the worked solution


def test_the_answer_is_echoed_as_typed() -> None:
    a = Activity(spec(), "en")
    a.answer(" 6 / 4 ")
    assert a.view_model()["screen"]["feedback"]["echo"] == "6 / 4"


def test_choices_name_the_misconception_and_mark_maths_not_moves() -> None:
    for language in ("en", "ru", "bg"):
        a = Activity(spec(), language)
        a.go(1)
        mark = a.answer("a")
        assert mark.misconception == M + "bigger_denominator"
        assert not any(w in mark.line for w in ("Not legal", "Нельзя", "Не може"))
        assert a.answer("b").correct


def test_order_task() -> None:
    a = Activity(spec(), "en")
    a.go(2)
    assert a.answer(["x", "y"]).outcome == "unread"
    assert a.answer(["x", "z", "y"]).misconception == M + "bigger_denominator"
    assert a.answer(["y", "z", "x"]).correct


def test_asking_for_the_solution_needs_a_try_first() -> None:
    a = Activity(spec(), "en")
    with pytest.raises(ValueError, match="Try it first"):
        a.show_solution()
    a.answer("1/8")
    a.show_solution()
    assert "SECRET-WORKED" in page(a)


def test_teacher_view_shows_answers_and_likely_wrong_ones() -> None:
    a = Activity(spec(), "en", teacher=True)
    answers = a.view_model()["screen"]["answers"]
    assert answers["answer"] == "6/8"
    # the task's own likely wrong answers, then the shared rules' slips it does not name
    assert [w["answer"] for w in answers["wrongs"]] == ["3/8", "6/4", "3.4"]
    assert a.view_model()["screen"]["reveal"] is None  # the pupil's reveal still waits


def test_every_committed_answer_is_recorded_once_with_its_own_id() -> None:
    events: list[AnswerEvent] = []
    a = Activity(spec(), "ru", record=events.append)
    a.answer("что-то")  # unread: not an answer to record
    a.answer("3/8")
    a.answer("6/8")
    assert [(e.task, e.answer, e.correct, e.attempt, e.misconception) for e in events] == [
        ("part.eighths", "3/8", False, 1, M + "bottom_only"),
        ("part.eighths", "6/8", True, 2, None),
    ]
    assert len({e.id for e in events}) == 2 and all(
        e.lesson == "toy-lesson" and e.language == "ru" for e in events
    )


def test_pacing_holds_pupils_not_the_teacher() -> None:
    pupil, teacher = Activity(spec(), "en"), Activity(spec(), "en", teacher=True)
    for a in (pupil, teacher):
        a.allowed = 1
    with pytest.raises(ValueError, match="teacher will open"):
        pupil.go(2)
    assert pupil.index == 0 and pupil.view_model()["nav"][2]["locked"]
    teacher.go(2)
    assert teacher.index == 2


@pytest.mark.parametrize("bad", [-1, 5, "2", None, True, 1.0])
def test_bad_screen_numbers_change_nothing(bad: object) -> None:
    a = Activity(spec(), "bg")
    with pytest.raises(ValueError):
        a.go(bad)
    assert a.index == 0


def test_summary_counts_right_and_open() -> None:
    a = Activity(spec(), "en")
    a.answer("6/8")
    a.go(4)
    assert a.on_summary()
    assert a.summary_text() == "Toy: 1 of 3 right, 2 still to do."
    with pytest.raises(ValueError):
        a.answer("1")


def test_choice_tasks_need_a_right_option() -> None:
    with pytest.raises(ValueError):
        Choose((Option("a", plain("x")),))


class FakeLink:
    """A class link as the classroom's: it keeps what it is sent and the teacher's pacing."""

    def __init__(self) -> None:
        self.sent: list[AnswerEvent] = []
        self.allowed: int | None = None
        self.listeners: list[object] = []

    def send(self, event: AnswerEvent) -> None:
        self.sent.append(event)

    def allowed_screen(self, lesson: str) -> int | None:
        return self.allowed

    def subscribe(self, callback: object) -> None:
        self.listeners.append(callback)

    def teacher_moves(self, allowed: int | None) -> None:
        self.allowed = allowed
        for callback in self.listeners:
            callback()  # type: ignore[operator]


def test_classroom_mode_sends_answers_and_obeys_the_teachers_pacing() -> None:
    from teachgames.lesson import lesson_tasks, show_activity

    tasks = lesson_tasks("delissimo", "8plus")
    assert tasks[:2] == ["warmup.fit", "warmup.half"] and tasks[-1] == "ticket.t3"
    link = FakeLink()
    link.allowed = 0  # the teacher holds the class on the first task
    warmup = show_activity("delissimo", "8plus", "warmup", language="en", link=link)
    ticket = show_activity("delissimo", "8plus", "ticket", language="en", link=link)
    assert warmup.view_model["nav"][1]["locked"] and all(n["locked"] for n in ticket.view_model["nav"][1:3])
    assert not warmup.handle_intent({"type": "intent", "version": warmup.version, "action": "go", "args": {"index": 1}})
    warmup.handle_intent({"type": "intent", "version": warmup.version, "action": "answer",
                          "args": {"answer": ["tomato 1/4", "mushroom 2/8"]}})
    assert [(e.lesson, e.task, e.correct) for e in link.sent] == [("delissimo-8plus", "warmup.fit", True)]
    link.teacher_moves(tasks.index("warmup.half"))  # release the next screen: the pupil may go on
    assert not warmup.view_model["nav"][1]["locked"] and warmup.view_model["nav"][2]["locked"]
    assert warmup.handle_intent({"type": "intent", "version": warmup.version, "action": "go", "args": {"index": 1}})
    link.teacher_moves(None)  # free
    assert not any(n["locked"] for n in ticket.view_model["nav"])


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_unreadable_answer_gets_examples_of_the_form_the_task_wants(language: str) -> None:
    """A whole-number task (a score, a count) does not tell a pupil to write 3/4."""
    whole = TypeAmount((-25, 1), form="whole").check("minus lots", language)
    amount = TypeAmount((3, 4)).check("minus lots", language)
    assert whole.outcome == amount.outcome == "unread"
    assert "−3" in whole.line and "3/4" not in whole.line
    assert "3/4" in amount.line
    assert TypeAmount((-25, 1), form="whole").check("−25", language).outcome == "right"


def test_an_answer_below_zero_gets_a_keyboard_with_a_minus() -> None:
    """inputmode="numeric" gives phones a keypad without "−": a score below zero needs text."""
    assert TypeAmount((10, 1), form="whole").view("en")["inputmode"] == "numeric"
    assert TypeAmount((-9, 1), form="whole").view("en")["inputmode"] == "text"
