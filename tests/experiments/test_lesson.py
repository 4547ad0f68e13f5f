"""The experiments lesson (11+) as a pupil and a teacher meet it, in three languages:
predictions are taken before anything is played, every question's right answer is right and
each likely wrong answer is named, nonsense uses no try; every figure a screen or the plan
states is the lesson's own experiment's; decimal commas in Russian and Bulgarian."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from lesson.answering import check_nonsense_uses_no_try, check_wrong_answers_named, right_answer

from teachgames.bots import GreedyBot
from teachgames.experiments import run
from teachgames.experiments.charts import percent
from teachgames.experiments.lesson.activities import FIRST_SEED, LESSONS, Predict, activity, facts
from teachgames.experiments.repeat import delissimo_first
from teachgames.lesson import Activity
from teachgames.lesson.show import activity_spec, lesson_tasks

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "ru", "bg")
PARTS = LESSONS["simulation"]
ASKING = [(part, i) for part in PARTS for i, s in enumerate(activity("simulation", part).screens) if s.task]
JUDGED = [(p, i) for p, i in ASKING if not isinstance(activity("simulation", p).screens[i].task, Predict)]


def test_show_activity_finds_the_lesson_that_is_no_game() -> None:
    assert activity_spec("experiments", "simulation", "predict") is activity("simulation", "predict")
    assert lesson_tasks("experiments", "simulation", PARTS)[:2] == ["predict.guess", "predict.enough"]
    with pytest.raises(ValueError, match="no game or lesson"):
        activity_spec("nosuchthing", "simulation", "predict")
    with pytest.raises(KeyError, match="predict"):
        activity_spec("experiments", "simulation", "warmup")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_prediction_is_taken_and_only_then_the_reveal_opens(language: str) -> None:
    spec = activity("simulation", "predict")
    for i, screen in enumerate(spec.screens):
        assert isinstance(screen.task, Predict)
        for option in screen.task.options:
            pupil = Activity(spec, language)
            pupil.go(i)
            assert pupil.view_model()["screen"]["reveal"] is None
            mark = pupil.answer([option.id])
            assert mark.correct and mark.echo == option.label(language)
            assert pupil.view_model()["screen"]["reveal"] is not None
    check_nonsense_uses_no_try(spec, 0, language)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("part", "index"), JUDGED)
def test_each_question_marks_the_right_answer_and_names_each_wrong_one(part: str, index: int, language: str) -> None:
    spec = activity("simulation", part)
    pupil = Activity(spec, language)
    pupil.go(index)
    assert pupil.view_model()["screen"]["reveal"] is None  # nothing before the pupil commits
    assert pupil.answer(right_answer(spec.screens[index].task)).correct
    assert pupil.view_model()["screen"]["reveal"] is not None
    assert check_wrong_answers_named(spec, index, language), "every question names its likely wrong answers"
    check_nonsense_uses_no_try(spec, index, language)


def test_the_screens_figures_are_the_experiments() -> None:
    """The 40-game experiment the notebook runs, the repeat control's first 20 experiments."""
    rows = run("delissimo", [GreedyBot(), GreedyBot(), GreedyBot()], games=40, seed=FIRST_SEED, level="basic").rows()
    f = facts()
    assert f["intervals"] == [r.interval for r in rows] and f["wins1"] == rows[0].wins
    ten = delissimo_first(10)
    ten.more(20)
    assert (f["lo10"], f["hi10"], f["one10"]) == (*ten.spread(), ten.shares[0])
    # the first four 10-game experiments are the notebook's 40 games
    assert round(sum(ten.shares[:4]) * 10) == rows[0].wins
    spec = activity("simulation", "interval")
    pupil = Activity(spec, "ru")
    prompt = json.dumps(pupil.view_model(), ensure_ascii=False)
    lo, hi = rows[0].interval
    assert f"от {percent(lo, 'ru', 1)} до {percent(hi, 'ru', 1)}" in prompt


def everything_shown(language: str) -> str:
    """Every word of every screen, teacher's view and solutions open, the pictures left out."""
    out = []
    for part in PARTS:
        spec = activity("simulation", part)
        teacher = Activity(spec, language, teacher=True)
        for i, screen in enumerate(spec.screens):
            teacher.go(i)
            if screen.task is not None:  # a first try, then the worked solution
                teacher.answer([screen.task.options[-1].id])  # type: ignore[attr-defined]
                if not teacher.revealed():
                    teacher.show_solution()
            out.append(json.dumps(teacher.view_model(), ensure_ascii=False))
    return re.sub(r'"svg": "(\\.|[^"\\])*"', "", "\n".join(out))


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_decimal_commas_in_russian_and_bulgarian(language: str) -> None:
    words = everything_shown(language)
    assert re.search(r"\d,\d%", words)
    assert not re.search(r"\d\.\d", words)
    plan = (ROOT / "lessons" / "experiments.md").read_text(encoding="utf-8")
    block = plan.split(f"<!-- generated: experiments simulation {language} -->")[1].split("<!-- /generated -->")[0]
    assert re.search(r"\d,\d%", block) and not re.search(r"\d\.\d", block)


def test_bots_with_a_speed_are_named_with_agreeing_words() -> None:
    from teachgames.ligretto.bots import LigrettoBot

    bots = [LigrettoBot(speed=1.0), LigrettoBot(speed=1.5), LigrettoBot(speed=5)]
    names = {lang: run("ligretto", bots, games=1, seed=1, rules={"rounds": 1}, language=lang).seat_names()
             for lang in LANGUAGES}  # fmt: skip
    assert [n.split("(")[1] for n in names["en"]] == ["Bot, 1 card a second)", "Bot, 1.5 cards a second)",
                                                      "Bot, 5 cards a second)"]  # fmt: skip
    assert [n.split(": ")[1] for n in names["ru"]] == ["1 карта в секунду)", "1,5 карты в секунду)",
                                                       "5 карт в секунду)"]  # fmt: skip
    assert [n.split(": ")[1] for n in names["bg"]] == ["1 карта в секунда)", "1,5 карти в секунда)",
                                                       "5 карти в секунда)"]  # fmt: skip
    # in a game of turns a bot's speed says nothing: it keeps its own name
    turns = run("delissimo", [GreedyBot(), GreedyBot()], games=1, level="basic").seat_names()
    assert turns == ["Seat 1 (Greedy bot)", "Seat 2 (Greedy bot)"]


def test_the_plan_is_computed_from_the_lesson_and_states_its_figures() -> None:
    from teachgames.lesson.plans import refreshed

    plan = (ROOT / "lessons" / "experiments.md").read_text(encoding="utf-8")
    assert refreshed(plan) == plan, "run python -m teachgames.lesson.plans"
    assert "overlap widely" not in plan and "not a proven advantage" not in plan
    rows = run("delissimo", [GreedyBot(), GreedyBot(), GreedyBot()], games=40, seed=FIRST_SEED, level="basic").rows()
    for language in LANGUAGES:
        block = plan.split(f"<!-- generated: experiments simulation {language} -->")[1].split("<!--")[0]
        for row in rows:  # every seat's interval as the notebook's table writes it
            lo, hi = row.interval
            assert f"{percent(lo, language, 1)}–{percent(hi, language, 1)}" in block, (language, row)
        assert "45 " in block  # the parts add up to the lesson's 45 minutes
    en = plan.split("<!-- generated: experiments simulation en -->")[1]
    apart = next(line for line in en.splitlines() if "tell apart" in line)
    assert apart.split("|")[3].strip() == "Seat 1 wins more often than seat 2"  # rows[0] above rows[1]
    assert rows[0].interval[0] > rows[1].interval[1] and rows[0].interval[0] < rows[2].interval[1]


def test_the_repeat_control_runs_by_buttons_and_refuses_a_bad_size_in_words() -> None:
    from teachgames.experiments.widget import RepeatPanel

    panel = RepeatPanel(language="ru")
    panel.run(3)
    assert len(panel.current().shares) == 3 and "3 эксперимента" in panel.lines()[0]
    with pytest.raises(ValueError, match="В эксперименте бывает 10, 40, 200 партий"):
        panel.choose(7)
    assert panel.games == 10 and len(panel.current().shares) == 3  # unchanged
    page = panel.html()
    assert "<table" in page and "<caption>" in page and "<svg" in page


def test_more_games_per_experiment_crowd_the_results_closer() -> None:
    from teachgames.experiments.lesson.activities import spreads

    (lo10, hi10, _), (lo40, hi40, _) = spreads()[10], spreads()[40]  # twenty of each, as the lesson says
    assert hi40 - lo40 < hi10 - lo10
    again = delissimo_first(10)
    again.more(5)
    first = delissimo_first(10)
    first.more(5)
    assert again.shares == first.shares  # seeded: the same dots on every laptop
    with pytest.raises(ValueError, match="from 1 to 1000"):
        first.more(0)
    assert len(first.shares) == 5
