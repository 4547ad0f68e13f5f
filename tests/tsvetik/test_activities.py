"""The Tsvetik 8+ lesson activities as a pupil meets them, in three languages: every task
answered right, each likely wrong answer named with its own line (never a game's "Not
legal"), nonsense read back without using a try; the numbers come from the engine; no
probability fraction anywhere a pupil looks, and nothing before "which colour comes next?"
gives the bank away."""

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

from teachgames.lesson import Activity, Choose
from teachgames.lesson.screens import Screen
from teachgames.lesson.show import activity_spec, lesson_tasks
from teachgames.tsvetik import score_cards
from teachgames.tsvetik.lesson import NO_EXTRA, field_puzzle
from teachgames.tsvetik.lesson.activities import LESSONS, activity

LANGUAGES = ("en", "ru", "bg")
FRACTION = re.compile(r"(?<![\w/])\d+\s*/\s*\d+(?![\w/])")
ALL = [(lesson, part) for lesson, parts in LESSONS.items() for part in parts]
#: Words that speak of chances, in each language (none before the colour question).
LIKELY = {"en": "likel", "ru": "вероят", "bg": "вероят"}


def screens() -> Iterator[tuple[str, str, int, Screen]]:
    for lesson, part in ALL:
        for i, screen in enumerate(activity(lesson, part).screens):
            yield lesson, part, i, screen


ASKING = [(lesson, part, i) for lesson, part, i, s in screens() if s.task is not None]






def right_points(task: object) -> int:
    """The number of points of a task's right option ("25 points" -> 25)."""
    assert isinstance(task, Choose)
    (label,) = [o.label("en") for o in task.options if o.right]
    return int(label.split()[0])


def seen(a: Activity) -> str:
    """Everything on the screen as words: prompt, options, feedback, reveal, teacher's view."""
    return re.sub(r'data-card=\\"[^"\\]*\\"', "", json.dumps(a.view_model(), ensure_ascii=False))


def test_the_game_class_finds_the_activities() -> None:
    assert activity_spec("tsvetik", "8plus", "warmup") is activity("8plus", "warmup")
    assert len(lesson_tasks("tsvetik", "8plus")) == 10
    with pytest.raises(KeyError, match="8plus: warmup/puzzles/ticket"):
        activity("8plus", "replay")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("lesson", "part", "index"), ASKING)
def test_right_answers_are_right_with_a_reveal(lesson: str, part: str, index: int, language: str) -> None:
    a = Activity(activity(lesson, part), language)
    a.go(index)
    assert a.view_model()["screen"]["reveal"] is None  # nothing answered before the pupil commits
    mark = a.answer(right_answer(a.screen.task))
    assert mark.correct, (part, a.screen.id, mark)
    reveal = a.view_model()["screen"]["reveal"]
    assert reveal is not None and (reveal["parts"] or reveal["answer"])
    assert not re.search(r"\{[a-z_]+(\|[^}]*)?\}", seen(a))  # every field filled


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("lesson", "part", "index"), ASKING)
def test_each_likely_wrong_answer_is_named(lesson: str, part: str, index: int, language: str) -> None:
    spec = activity(lesson, part)
    assert wrong_answers(spec.screens[index].task), spec.screens[index].id  # every task knows its likely slips
    keys = check_wrong_answers_named(spec, index, language)
    assert all(key.startswith("tsvetik.lesson.activity.") for key in keys)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("lesson", "part", "index"), ASKING)
def test_nonsense_is_answered_and_uses_no_try(lesson: str, part: str, index: int, language: str) -> None:
    nonsense = ("", "<script>alert(1)</script>", ["no-such-field"], None, {"a": 1}, ["red", 3])
    check_nonsense_uses_no_try(activity(lesson, part), index, language, nonsense)


def test_the_numbers_are_the_engines() -> None:
    """What the screens mark right is what the engine scores and advises."""
    from teachgames.tsvetik.explain import field_gains

    spec = activity("8plus", "warmup")
    red = score_cards(["red"] * 4, NO_EXTRA)[0]
    mixed = score_cards(["red", "blue", "green"], NO_EXTRA)[0]
    assert right_points(spec.screens[2].task) == red - mixed == 25
    assert right_points(spec.screens[0].task) == score_cards(["blue"] * 5, NO_EXTRA)[0]
    puzzles = activity("8plus", "puzzles")
    gains = field_gains(field_puzzle(NO_EXTRA), 0)
    best = max(g for _f, _a, g in gains)
    which = puzzles.screens[2].task
    assert isinstance(which, Choose)
    assert {o.id for o in which.options if o.right} == {f"field{f + 1}" for f, _a, g in gains if g == best}
    assert right_points(puzzles.screens[1].task) == best == 35
    unlikely = puzzles.screens[3].task
    assert isinstance(unlikely, Choose)
    bank = field_puzzle(NO_EXTRA).view()["bank_cards"]
    counts = {o.id: bank.count(o.id) for o in unlikely.options}
    assert [o.id for o in unlikely.options if o.right] == [min(counts, key=lambda c: counts[c])]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_probability_fraction_and_no_spoiler(language: str) -> None:
    """Grades 2–4 say "more likely / less likely": no fraction on any screen (prompt,
    options, feedback, reveal, worked solution, teacher's view); and no screen before
    "which colour comes next?" speaks of chances at all."""
    before_the_question = True
    for part in LESSONS["8plus"]:
        spec = activity("8plus", part)
        for i, screen in enumerate(spec.screens):
            if screen.id == "unlikely":
                before_the_question = False
            for answer in ("x", wrong_answers(screen.task)[0][0], right_answer(screen.task)):
                a = Activity(spec, language, teacher=True)
                a.go(i)
                a.answer(answer)
                if a.state.marks and not a.revealed():
                    a.show_solution()
                text = seen(a)
                assert not FRACTION.findall(text), (part, screen.id, FRACTION.findall(text)[:5])
                if before_the_question:
                    assert LIKELY[language] not in text.lower(), (part, screen.id)
    assert not before_the_question


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_young_rules_never_list_extra_cards(language: str) -> None:
    """With no points off for extra cards, the explanation lists no "extra cards", and a
    lone card is never called "different colours (1 colour)"."""
    words = {"en": ("extra card", "(1 colour)"), "ru": ("лишн", "(1 цвет)"), "bg": ("излишн", "(1 цвят)")}
    extra, one = words[language]
    young = score_cards(["red"] * 4 + ["blue"] * 2 + ["green"], NO_EXTRA, language=language)[1].text()
    lines = young.splitlines()[2:-1]  # the options, not the last line ("extra cards score nothing")
    assert lines and not any(extra in line for line in lines), young
    box = score_cards(["red", "blue"] + ["green"] * 6, language=language)[1].text()
    assert one not in box and extra in box


def test_the_widget_names_the_young_players_rules() -> None:
    from teachgames.tsvetik import TsvetikGame
    from teachgames.tsvetik.widget import TsvetikWidget

    young = TsvetikWidget(TsvetikGame.new(players=2, seed=5, rules=NO_EXTRA), mode="play", language="ru")
    box = TsvetikWidget(TsvetikGame.new(players=2, seed=5), mode="play", language="ru")
    assert "правила для младших" in young.view_model["title"]
    assert "из коробки" in box.view_model["title"]


def test_every_8plus_answer_is_a_click() -> None:
    """Pupils of 8–9 choose; they type nothing (every task is a choice of options)."""
    for part in LESSONS["8plus"]:
        for screen in activity("8plus", part).screens:
            assert screen.task is None or isinstance(screen.task, Choose), screen.id


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_8plus_ticket_shows_the_table_its_questions_need(language: str) -> None:
    """Questions 1 and 2 of the 8+ ticket are answered from the scoring table, which the
    notebook shows screens earlier: the screen shows it again (the young players' rules'
    rows, from the engine), its numbers 24 px or more and its words 20 px or more where a
    lesson shows it (1280 x 720), so a pupil at the back reads it."""
    from tests.pictures.readable import texts

    for sid in ("t1", "t2"):
        screen = next(s for s in activity("8plus", "ticket").screens if s.id == sid)
        assert screen.picture is not None
        html = screen.picture(language)
        table = re.findall(r"<svg.*?</svg>", html, flags=re.S)[-1]
        shown = texts(table)
        numbers = [t for t in shown if t.words.isdigit()]
        rows = [[int(t.words) for t in numbers][k * 7:(k + 1) * 7] for k in range(3)]
        one = [score_cards(["red"] * n, NO_EXTRA)[0] for n in range(1, 8)]
        assert rows == [list(range(1, 8)), one, [2, 5, 10, 17, 26, 37, 50]]
        assert all(t.px >= 24 for t in numbers) and all(t.px >= 20 for t in shown), [
            (t.words, round(t.px, 1)) for t in shown if t.px < 24
        ]
        words = {t.words for t in shown if not t.words.isdigit()}
        assert len(words) == 3 and not (language != "en" and any(re.search("[A-Za-z]", w) for w in words))
