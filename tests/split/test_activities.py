"""The Split 6+ lesson's activities as a pupil meets them, in three languages: every task
answered right, each likely wrong answer named by its own line, nonsense read back with no
try used; picks of half-cards and the upgrade judged by the engine; reveals short, the full
working behind "more"; the exit ticket asks a pad it has not worked before and draws the box
values it needs (but no sums)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from lesson.answering import (
    check_nonsense_uses_no_try,
    check_wrong_answers_named,
    right_answer,
    wrong_answers,
)

from teachgames.core.i18n import tr
from teachgames.lesson import Activity, PickCards, TypeAmount
from teachgames.lesson.screens import Screen
from teachgames.split import match_type, pad_score
from teachgames.split.lesson.activities import (
    LESSONS,
    PUZZLE_PAD,
    TICKET_PAD,
    UPGRADE_REPLACE,
    activity,
    upgrade_position,
)

LANGUAGES = ("en", "ru", "bg")
ALL = [(lesson, part) for lesson, (parts, _) in LESSONS.items() for part in parts]


def screens() -> Iterator[tuple[str, str, int, Screen]]:
    for lesson, part in ALL:
        for i, screen in enumerate(activity(lesson, part).screens):
            yield lesson, part, i, screen






ASKING = [(lesson, part, i) for lesson, part, i, s in screens() if s.task is not None]


def test_the_game_offers_the_lesson() -> None:
    from teachgames.lesson.show import activity_spec, lesson_tasks

    assert activity_spec("split", "classify", "warmup") is activity("classify", "warmup")
    assert len(lesson_tasks("split", "classify")) == len(ASKING) == 10
    with pytest.raises(KeyError, match="classify"):
        activity("classify", "nope")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("lesson", "part", "index"), ASKING)
def test_right_answers_are_right_with_a_short_reveal(
    lesson: str, part: str, index: int, language: str
) -> None:
    a = Activity(activity(lesson, part), language)
    a.go(index)
    assert a.view_model()["screen"]["reveal"] is None  # nothing answers before the pupil commits
    mark = a.answer(right_answer(a.screen.task))
    assert mark.correct, (part, a.screen.id, mark)
    reveal = a.view_model()["screen"]["reveal"]
    assert reveal is not None and (reveal["parts"] or reveal["answer"])
    for shown in reveal["parts"]:
        # a few short lines at 6+: at most two paragraphs of at most 30 words
        assert len(shown["paragraphs"]) <= 2
        assert all(len(p.split()) <= 30 for p in shown["paragraphs"]), shown["paragraphs"]
        if shown["svg"] is not None:  # the rest is behind "more", closed
            assert shown["svg"].startswith('<details class="tga-more"><summary>')
            assert tr("split.lesson.activity.more", language) in shown["svg"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("lesson", "part", "index"), ASKING)
def test_each_likely_wrong_answer_is_named(lesson: str, part: str, index: int, language: str) -> None:
    spec = activity(lesson, part)
    assert wrong_answers(spec.screens[index].task)
    keys = check_wrong_answers_named(spec, index, language, also_forbidden=("Not quite", "✗"))
    assert all(key.startswith("split.lesson.activity.") for key in keys)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("lesson", "part", "index"), ASKING)
def test_nonsense_is_answered_and_uses_no_try(lesson: str, part: str, index: int, language: str) -> None:
    nonsense = ("", "<script>alert(1)</script>", ["no-such-card"], None, {"a": 1}, ["hand:0", 3])
    check_nonsense_uses_no_try(activity(lesson, part), index, language, nonsense)


def test_picks_of_halves_are_judged_by_the_engine() -> None:
    """Every pick the teacher's view calls right makes the kind the screen asks for (the
    engine's match_type); one half alone or three halves use no try."""
    wanted = {"perfect": "perfect", "strong": "strong", "t2": "weak"}
    for _lesson, _part, _i, screen in screens():
        task = screen.task
        if not isinstance(task, PickCards) or screen.id not in wanted:
            continue
        cards = {c.id: c.label("en") for g in task.groups for c in g.cards}
        names = {
            k: v.replace("♥", "h").replace("♦", "d").replace("♠", "s").replace("♣", "c")
            for k, v in cards.items()
        }
        assert task.right
        for pick in task.right:
            a, b = (names[i] for i in sorted(pick))
            assert match_type(a, b) == wanted[screen.id]
            assert task.check(sorted(pick), "ru").correct
        assert task.check(["hand:0"], "en").outcome == "unread"
        assert task.check(["hand:0", "hand:1", "hand:2"], "en").outcome == "unread"


def test_the_upgrade_is_the_engines_and_asking_changes_nothing() -> None:
    task = activity("classify", "puzzles").screens[1].task
    assert isinstance(task, PickCards)
    game = upgrade_position()
    before = game.to_json()
    hand = game.view()["hands"][0]
    for i, card in enumerate(hand):
        move = {
            "kind": "upgrade",
            "player": 0,
            "owner": 0,
            "match": 0,
            "card": card,
            "replace": UPGRADE_REPLACE,
        }
        assert task.check([f"hand:{i}"], "en").correct is (game.problem(move) is None)
    assert game.to_json() == before == upgrade_position().to_json()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_ticket_asks_a_new_pad_and_shows_its_box_values(language: str) -> None:
    """Not recall: the ticket's pad is not the one worked in the puzzles; its picture has
    every box value the sum needs, and no row sum or total that would give it away."""
    from teachgames.split.lesson.activities import pad_values

    assert TICKET_PAD != PUZZLE_PAD
    spec = activity("classify", "ticket")
    screen = next(s for s in spec.screens if isinstance(s.task, TypeAmount))
    assert screen.picture is not None
    svg = screen.picture(language)
    points, _working = pad_score(**TICKET_PAD)
    assert screen.task.value == (points, 1)
    texts = re.findall(r">([^<]+)</text>", svg)
    for row, value in pad_values(TICKET_PAD).items():
        assert (f"−{value}" if row == "negative" else str(value)) in texts
    assert not any(t.startswith("=") for t in texts)
    assert tr("split.draw.pad_total", language, total=str(points)) not in svg
    # the pad the puzzles worked is not asked again
    puzzle = activity("classify", "puzzles").screens[-1].task
    assert isinstance(puzzle, TypeAmount) and puzzle.value != screen.task.value


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_forgotten_negative_row_is_named_not_refused(language: str) -> None:
    """19 for the puzzles' pad (10 + 3 + 6, the negative row forgotten) is maths, named."""
    a = Activity(activity("classify", "puzzles"), language)
    a.go(3)
    mark = a.answer("19")
    assert mark.misconception == "split.lesson.activity.forgot_negative"
    assert mark.line == tr("split.lesson.activity.forgot_negative", language)


def test_the_ticket_ends_with_a_summary() -> None:
    spec = activity("classify", "ticket")
    a = Activity(spec, "bg")
    for i, screen in enumerate(spec.screens):
        a.go(i)
        a.answer(right_answer(screen.task))
    assert spec.summary and a.score() == (3, 3)


@pytest.mark.parametrize(
    ("language", "card", "rank", "letter"),
    [
        ("en", "Jc", "J", "c"),
        ("ru", "Jc", "В", "т"),
        ("ru", "Ah", "Т", "ч"),
        ("bg", "Kd", "П", "ка"),
        ("bg", "Qs", "Д", "пи"),
    ],
)
def test_cards_are_printed_in_the_pupils_alphabet(language: str, card: str, rank: str, letter: str) -> None:
    """A Russian or Bulgarian pupil reads В/Д/К/Т or В/Д/П/А on the card, its suit's
    letter in Cyrillic, and the same letters in the lesson's words and the game's refusals."""
    from teachgames import IllegalMove
    from teachgames.split.draw import card_svg

    texts = re.findall(r">([^<]+)</text>", str(card_svg(card, language=language)))
    assert rank in texts and letter in texts
    if language != "en":
        assert not {card[:-1], card[-1]} & set(texts)
    with pytest.raises(IllegalMove) as refused:
        match_type(card, "2" + card[-1])
    assert refused.value.words(language).startswith(rank)
    a = Activity(activity("classify", "warmup"), language)
    a.go(1)  # J♣ Q♣
    names = {"en": "J♣ and Q♣", "ru": "В♣ и Д♣", "bg": "В♣ и Д♣"}[language]
    assert names in a.answer(["perfect"]).line
