"""Hints a pupil opens before committing, and the pupil's work kept across a reload.

Every task of every lesson has a hint ladder of one to three steps in each language; a
step opens without using a try, only the steps opened are in the page, and the teacher's
record says how many each screen's pupil opened. A pupil's work comes back from the
record the browser kept, marked again by Python; a record tampered with, made for another
lesson or another version of it is ignored whole."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from teachgames.core.answers import AnswerEvent, EventError
from teachgames.lesson.activity import Activity
from teachgames.lesson.notebooks import game_lessons, games_with_lessons
from teachgames.lesson.plans import plan_parts
from teachgames.lesson.show import activity, activity_spec, pupil_of, server_progress
from tests.lesson.answering import right_answer

LANGUAGES = ("en", "ru", "bg")


def all_activities() -> list[tuple[str, str, str]]:
    out = []
    for game in games_with_lessons():
        for lesson in game_lessons(game):
            for part, _minutes in plan_parts(game)[lesson.name]:
                try:
                    activity_spec(game, lesson.name, part)
                except KeyError:
                    continue  # a part that is no activity (the replay, the game)
                out.append((game, lesson.name, part))
    return out


ACTIVITIES = all_activities()


def test_every_lesson_has_activities_to_hint() -> None:
    assert {g for g, _l, _p in ACTIVITIES} >= {"delissimo", "tsvetik", "ligretto", "split", "experiments"}
    assert len({(g, lesson) for g, lesson, _p in ACTIVITIES}) == 8


@pytest.mark.parametrize(("game", "lesson", "part"), ACTIVITIES)
def test_every_task_has_a_hint_ladder_of_one_to_three_steps_in_every_language(
    game: str, lesson: str, part: str
) -> None:
    spec = activity_spec(game, lesson, part)
    for language in LANGUAGES:
        run = Activity(spec, language)
        for i, screen in enumerate(spec.screens):
            if screen.task is None:
                continue
            steps = run.hint_steps(i)
            assert 1 <= len(steps) <= 3, f"{part}.{screen.id} ({language}): {len(steps)} hint steps"
            assert all(len(step.split()) >= 3 for step in steps), f"{part}.{screen.id} ({language})"
            assert len(set(steps)) == len(steps), f"{part}.{screen.id} ({language}): a step repeats"
            if language != "en":  # written for this language, not English left in
                assert steps != Activity(spec, "en").hint_steps(i)
                assert re.search(r"[а-яё]", " ".join(steps), re.I), f"{part}.{screen.id} ({language})"


def test_a_hint_opens_step_by_step_without_using_a_try() -> None:
    run = activity("delissimo", "8plus", "warmup", language="ru")
    run.go(2)  # "How many eighths is 1/4 of a pizza?"
    steps = run.hint_steps()
    vm = run.view_model()["screen"]
    assert vm["hints"] == {"shown": [], "total": len(steps), "more": True}
    assert steps[0] not in str(run.view_model()), "no step is in the page before it is asked for"
    assert run.open_hint() == steps[0]
    vm = run.view_model()["screen"]
    assert vm["hints"]["shown"] == steps[:1]
    assert vm["tries"]["used"] == 0 and not vm["tries"]["done"], "a hint costs no try"
    if len(steps) > 1:
        assert steps[1] not in str(run.view_model())
    while run.state.hints < len(steps):
        run.open_hint()
    assert run.view_model()["screen"]["hints"]["more"] is False
    with pytest.raises(ValueError, match="последняя подсказка"):
        run.open_hint()
    assert run.state.hints == len(steps)


def test_no_hint_on_a_finished_task_or_a_screen_without_one() -> None:
    run = activity("delissimo", "8plus", "warmup")
    run.go(2)
    run.answer("2/8")
    with pytest.raises(ValueError, match="finished"):
        run.open_hint()
    assert run.view_model()["screen"]["hints"]["more"] is False
    ticket = activity("delissimo", "8plus", "ticket")
    ticket.go(ticket.count - 1)  # the summary
    with pytest.raises(ValueError, match="no hint"):
        ticket.open_hint()


def test_the_record_sent_to_the_class_says_how_many_hints_were_used() -> None:
    sent: list[AnswerEvent] = []
    run = activity("delissimo", "8plus", "warmup", record=sent.append)
    run.go(2)
    run.open_hint()
    run.answer("3/8")
    run.open_hint() if run.state.hints < len(run.hint_steps()) else None
    run.answer("2/8")
    assert [e.hints for e in sent] == [1, run.state.hints]
    assert sent[0].to_dict()["hints"] == 1
    assert AnswerEvent.from_dict(sent[0].to_dict()).hints == 1
    assert run.hints_used()["warmup.quarter"] == run.state.hints
    nav = run.view_model()["nav"]
    assert nav[2]["hints"] == run.state.hints and nav[0]["hints"] == 0


def test_an_answer_event_without_hints_stays_as_older_servers_know_it() -> None:
    event = AnswerEvent.new("delissimo-8plus", "warmup.quarter", "2/8", True)
    assert "hints" not in event.to_dict()
    for bad in (-1, 4, True, "2"):
        with pytest.raises(EventError, match="hints"):
            AnswerEvent.from_dict({**event.to_dict(), "hints": bad})


def test_the_teacher_sees_the_whole_ladder() -> None:
    run = activity("split", "classify", "puzzles", teacher=True, language="bg")
    run.go(3)
    assert run.view_model()["screen"]["answers"]["hints"] == run.hint_steps()


# ---------------------------------------------------------------------- progress kept


def worked(language: str = "en") -> Activity:
    """A pupil part-way through 8+'s warm-up: screen 1 right, 1/4 in eighths missed once
    with a hint open, screen 4 missed twice (its solution shown), on screen 3."""
    run = activity("delissimo", "8plus", "warmup", language=language)
    run.answer(right_answer(run.screen.task))
    run.go(2)
    run.open_hint()
    run.answer("1/8")
    run.go(3)
    run.answer(["1/8"])
    run.show_solution()
    run.go(2)
    return run


def reloaded(record: Any, language: str = "en") -> tuple[Activity, bool]:
    fresh = activity("delissimo", "8plus", "warmup", language=language)
    return fresh, fresh.restore(record)


def test_a_reload_brings_back_answers_tries_hints_solution_and_screen() -> None:
    run = worked()
    record = run.progress()
    again, used = reloaded(record)
    assert used
    assert again.index == 2
    assert again.view_model()["nav"] == run.view_model()["nav"]
    assert again.view_model()["screen"] == run.view_model()["screen"]
    assert again.score() == run.score()
    assert again.states[2].hints == 1 and len(again.states[2].marks) == 1
    assert again.revealed(3), "a solution seen stays seen: no fresh try after a reload"
    assert again.states[3].asked_solution
    again.go(3)
    assert again.answer(right_answer(again.screen.task)).outcome == "unread"
    assert not again.states[3].solved


def test_a_reload_after_the_last_try_keeps_the_reveal() -> None:
    run = activity("delissimo", "8plus", "ticket")
    run.go(1)  # 3/4 in eighths
    run.answer("5/8")
    run.answer("7/8")
    again = activity("delissimo", "8plus", "ticket")
    assert again.restore(run.progress())
    again.go(1)
    assert again.revealed() and again.state.status(again.spec.tries) == "shown"
    assert again.answer("6/8").outcome == "unread", "no fresh try after the reveal"


def test_restored_answers_are_marked_again_not_trusted() -> None:
    record = worked().progress()
    record["screens"]["quarter"]["answers"] = ["2/8"]  # the pupil's wrong answer, edited right
    again, used = reloaded(record)
    assert used
    assert again.states[2].solved, "the edited answer is marked as what it is"
    record["screens"]["quarter"]["answers"] = ["6/8"]
    again, _ = reloaded(record)
    assert not again.states[2].solved and again.states[2].marks[0].outcome == "wrong"


def test_restoring_sends_nothing_to_the_class_again() -> None:
    sent: list[AnswerEvent] = []
    again = activity("delissimo", "8plus", "warmup", record=sent.append)
    assert again.restore(worked().progress())
    assert sent == []


def tampered(record: dict[str, Any]) -> list[dict[str, Any]]:
    out = []

    def variant(change: Any) -> None:
        r = copy.deepcopy(record)
        change(r)
        out.append(r)

    variant(lambda r: r.update(v=2))
    variant(lambda r: r.update(lesson="delissimo-10plus"))
    variant(lambda r: r.update(part="puzzles"))
    variant(lambda r: r.update(digest="0" * 16))
    variant(lambda r: r.update(index=99))
    variant(lambda r: r.update(index=True))
    variant(lambda r: r.update(extra=1))
    variant(lambda r: r["screens"].update(nosuch={"answers": [], "hints": 0, "solution": False}))
    variant(lambda r: r["screens"]["quarter"].update(hints=9))
    variant(lambda r: r["screens"]["quarter"].update(hints=-1))
    variant(lambda r: r["screens"]["quarter"].update(solution="yes"))
    variant(lambda r: r["screens"]["quarter"].update(answers=["1/8", "2/8", "3/8"]))
    variant(lambda r: r["screens"]["quarter"].update(answers=[{"x": 1}]))
    variant(lambda r: r["screens"]["quarter"].update(answers=["9" * 5000]))
    variant(lambda r: r["screens"]["quarter"].pop("hints"))
    return out


@pytest.mark.parametrize("bad", [None, "", "{}", [], 42, {"v": 1}])
def test_a_record_that_is_no_record_is_ignored(bad: object) -> None:
    again, used = reloaded(bad)
    assert not used and again.fresh


def test_a_tampered_or_stale_record_is_ignored_whole() -> None:
    record = worked().progress()
    for bad in tampered(record):
        again, used = reloaded(bad)
        assert not used, bad
        assert again.fresh and again.view_model()["progress"]["fresh"]


def test_a_record_is_not_applied_over_work_already_done() -> None:
    run = activity("delissimo", "8plus", "warmup")
    run.go(1)
    assert not run.restore(worked().progress())
    assert run.index == 1 and not any(s.touched for s in run.states)


def test_start_again_clears_everything_on_purpose() -> None:
    run = worked()
    run.restart()
    assert run.fresh and run.index == 0
    assert run.progress()["screens"] == {}
    assert run.view_model()["progress"]["fresh"]


def test_the_storage_key_names_lesson_part_and_pupil() -> None:
    run = activity("split", "classify", "ticket")
    assert run.storage_key() == "teachgames:progress:split-classify:ticket:local"

    class Link:
        token = "secret-token"

    assert pupil_of(None) == "local"
    key = pupil_of(Link())  # type: ignore[arg-type]
    assert key != "local" and "secret" not in key and len(key) == 16


def test_in_class_the_servers_record_wins() -> None:
    record = worked().progress()

    class Link:
        def saved_progress(self, lesson: str, part: str) -> dict[str, Any] | None:
            return record if (lesson, part) == ("delissimo-8plus", "warmup") else None

        def send(self, event: AnswerEvent) -> None: ...

        def allowed_screen(self, lesson: str) -> int | None:
            return None

        def subscribe(self, callback: Any) -> None: ...

    assert server_progress(Link(), "delissimo-8plus", "warmup") == record  # type: ignore[arg-type]
    assert server_progress(object(), "delissimo-8plus", "warmup") is None  # type: ignore[arg-type]
    from teachgames.lesson.show import show_activity

    widget = show_activity("delissimo", "8plus", "warmup", link=Link())  # type: ignore[arg-type]
    vm = widget.view_model
    assert vm["index"] == 2 and vm["progress"]["restore"] is False, "the browser's copy is not used"
    assert vm["nav"][0]["status"] == "right"


def test_the_widget_takes_hint_restore_and_start_again_intents() -> None:
    from teachgames.lesson.show import show_activity

    record = worked().progress()
    widget = show_activity("delissimo", "8plus", "warmup")

    def intent(action: str, **args: Any) -> bool:
        return widget.handle_intent(
            {"type": "intent", "version": widget.view_model["version"], "action": action, "args": args}
        )

    assert not intent("restore", record={**record, "digest": "x"}), "a stale record: quietly refused"
    assert widget.view_model["progress"]["fresh"]
    assert intent("restore", record=record)
    assert widget.view_model["index"] == 2
    assert widget.view_model["screen"]["hints"]["shown"]
    assert not intent("restore", record=record), "only a fresh activity takes a record"
    assert intent("go", index=1) and intent("hint")
    assert widget.view_model["nav"][1]["hints"] == 1
    assert intent("restart")
    vm = widget.view_model
    assert vm["progress"]["fresh"] and vm["index"] == 0
    assert all(n["status"] in ("open", "info") for n in vm["nav"])
