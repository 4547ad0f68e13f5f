"""What the lessons show a pupil in an explanation: slices beside the fractions at 6+ (and no
toppings, which do not matter there), the common denominator named, no "2/8 = 2/8 = 1/4"
tautology, "not equal" said once, and a long pile summed compactly."""

from __future__ import annotations

import pytest

from teachgames.delissimo import scenario
from teachgames.delissimo.lesson.activities import capture_task


def beginner() -> object:
    return scenario(level="beginner", hands=[["2/8 mt", "5/8 pt"], ["1/8 mp"]], centre=["7/8 mp", "3/8 mt"])


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Cards given (in slices): 2 + 5 = 7"),
        ("ru", "Отданные карты (в кусках): 2 + 5 = 7"),
        ("bg", "Дадени карти (в парчета): 2 + 5 = 7"),
    ],
)
def test_6plus_speaks_in_slices_and_names_no_topping(language: str, words: str) -> None:
    g = beginner()
    move = {"kind": "capture", "player": 0, "give": ["2/8 mt", "5/8 pt"], "take": ["7/8 mp"]}
    text = g.explain(move, language=language).text()  # type: ignore[attr-defined]
    assert words in text and "/8" not in text  # 6+ pupils read no written fraction
    for topping in ("mushroom", "tomato", "грибы", "томаты", "гъби", "домати"):
        assert topping not in text


@pytest.mark.parametrize(
    ("language", "right", "unequal"),
    [
        ("en", "You give 2 slices + 3 slices = 5 slices, you take 5 slices",
         "2 slices + 3 slices = 5 slices"),
        ("ru", "2 куска + 3 куска = 5 кусков", "2 куска + 3 куска = 5 кусков"),
    ],
)  # fmt: skip
def test_6plus_capture_lines_count_slices(language: str, right: str, unequal: str) -> None:
    """The 6+ puzzle's capture line counts slices (never a written fraction), and a pick
    whose amounts differ says both sums once."""
    task = capture_task("count-the-slices")  # hand: 1, 6, 2, 3 slices; open: 2, 4, 5, 7 slices
    mark = task.check(["hand:2", "hand:3", "open:2"], language)
    assert mark.correct and right in mark.line and "/8" not in mark.line
    mark = task.check(["hand:2", "hand:3", "open:3"], language)
    assert not mark.correct and unequal in mark.line and "/8" not in mark.line
    assert mark.line.count(unequal) == 1, "said once"


def test_the_common_denominator_step_is_named_and_no_tautology() -> None:
    g = scenario(level="basic", hands=[["tomato 1/4", "pepper 1/2"], []], stacks=[["6/8 pt"], ["2/8 mt"], []])
    text = g.explain(g.captures()[0]).text()
    assert "in eighths (a common denominator)" in text
    assert "2/8 = 2/8 = 1/4" not in text and "6/8 = 6/8 = 3/4" not in text
    both = g.explain(
        {"kind": "capture", "player": 0, "give": ["tomato 1/4", "pepper 1/2"], "take": ["6/8 pt"]}
    )
    assert "Orders given, in eighths (a common denominator): 1/4 + 1/2 = 2/8 + 4/8 = 6/8" in both.text()
    assert (
        "Given and taken are equal: 6/8 = 6/8" in both.text() and "In simplest form: 6/8 = 3/4" in both.text()
    )
    ru = g.explain(g.captures()[0], language="ru").text()
    assert "общий знаменатель 8" in ru


def test_a_long_pile_is_summed_compactly() -> None:
    pile = ["1/8 mp", "7/8 mp"] * 6 + ["3/8 mt", "5/8 pt"] * 5 + ["8/8 mt"] * 3 + ["4/8 mp", "3/8 pt"]
    g = scenario(level="beginner", hands=[[], []], centre=[], piles=[pile, []])
    text = g.explain_scores().text()
    # 6+ counts slices, never a written fraction
    assert "6 × 1 + 6 × 3 + 4 + 5 × 5 + 6 × 7 + 3 × 8 = 119" in text
    assert "These make a whole pizza, 8 slices, 6 times over: 7 + 1 = 8" in text
    assert "Each of these 3 cards is a whole pizza, 8 slices." in text
    assert text.count("These make a whole pizza") == 2
    assert "Pizza delivered: 14 whole pizzas and 7 slices." in text and "/8" not in text
    assert len(text.splitlines()) <= 12  # 31 cards: one line per kind of whole pizza, not 14


@pytest.mark.parametrize(
    ("language", "delivered", "result"),
    [
        ("en", "Pizza delivered: 5 whole pizzas.", "Player 1 wins with a score of 5 whole pizzas."),
        ("ru", "Доставлено пиццы: 5 целых пицц.", "Побеждает Игрок 1. Очки: 5 целых пицц."),
    ],
)
def test_a_6plus_score_is_said_in_whole_pizzas_and_never_as_n_equals_n(language, delivered, result) -> None:
    """Five whole pizzas from five pairs: the total is the answer ("5"), not "5 = 5", and
    6+ pupils, who see no written fractions, hear it in pizzas."""
    pile = ["1/8 mp", "7/8 mp", "2/8 mt", "6/8 pt", "3/8 mt", "5/8 pt", "4/8 mp", "4/8 pt", "8/8 mt"]
    g = scenario(level="beginner", hands=[[], []], centre=[], piles=[pile, []])
    lines = [line.strip() for line in g.explain_scores(language=language).text().splitlines()]
    assert delivered in lines
    assert result in lines
    assert not any(line.endswith(" 5 = 5") for line in lines)


def test_pieces_that_fit_no_whole_still_count_as_pizzas() -> None:
    g = scenario(
        level="beginner", hands=[[], []], centre=[], piles=[["7/8 pt", "3/8 pt", "3/8 mt", "3/8 mp"], []]
    )
    text = g.explain_scores().text()
    assert "Make whole pizzas of 8 slices from what is left: 7 + 3 + 3 + 3 = 16 = 8 + 8" in text
    assert "Pizza delivered: 2 whole pizzas." in text and "/8" not in text
