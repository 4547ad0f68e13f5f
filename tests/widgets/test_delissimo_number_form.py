"""Delissimo's scores in one number form per widget: the score table, the game-over line,
the static fallback and the table picture's pile boxes all write the lesson's form (a
teacher would notice "7/2" in a lesson built on eighths), 6+ in slices and whole pizzas."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from teachgames.delissimo import scenario
from teachgames.delissimo.draw import table_svg
from teachgames.delissimo.draw.numbers import LEVEL_FORMS, NUMBER_FORMS
from teachgames.delissimo.widget import DelissimoWidget, static_game_html
from teachgames.widgets import make_widget

# Ann's pile holds 28 eighths (7/2 in lowest terms), Bo's 3 eighths.
ANN = ["8/8 mt", "8/8 mp", "8/8 pt", "4/8 mt"]
BO = ["3/8 pt"]
#: How 28/8 and 3/8 read in every form.
WRITTEN = {
    "over": ("28/8", "3/8"),
    "mixed": ("3 1/2", "3/8"),
    "both": ("28/8 = 3 1/2", "3/8"),
    "slices": ("3 whole pizzas and 4 slices", "3 slices"),
}


def finished(level: str, piles: list[list[str]] | None = None) -> Any:
    """A finished game of ``level``: nothing left to take, the piles given."""
    piles = piles or [ANN, BO]
    hands: list[list[str]] = [[] for _ in piles]
    if level in ("beginner", "whole"):
        return scenario(level=level, hands=hands, centre=[], deck=[], piles=piles)
    return scenario(level=level, hands=hands, stacks=[[], [], []], piles=piles)


def status_and_scores(w: DelissimoWidget) -> tuple[str, list[str]]:
    vm = w.view_model
    return vm["status"], [row["score"] for row in vm["scores"]]


def pile_words(html: str) -> str:
    """Every text of the table picture (the first SVG) in ``html``, joined (the score
    explanation under it is the engine's, not this widget's)."""
    table = html[: html.index("</svg>")]
    return " | ".join(re.findall(r"<text[^>]*>([^<]*)</text>", table))


@pytest.mark.parametrize("level", ["beginner", "whole", "basic", "advanced"])
def test_each_level_writes_its_own_form_everywhere(level: str) -> None:
    game = finished(level)
    assert game.is_over()
    w = make_widget(game, mode="play", players=["Ann", "Bo"])
    form = LEVEL_FORMS[level]
    assert w.number_form == form
    ann, bo = WRITTEN[form]
    status, scores = status_and_scores(w)
    assert scores == [ann, bo]
    assert status == f"Game over: Ann {ann}, Bo {bo}"
    # never the lowest-terms 7/2 in a lesson on eighths, nor a second form
    sent = json.dumps(w.view_model, ensure_ascii=False)
    assert "7/2" not in sent
    static = w.static_html()
    assert "7/2" not in static
    assert f"<td>{ann}</td>" in static and f"<td>{bo}</td>" in static
    words = pile_words(static)
    assert ann in words  # the pile box of the table picture, in the same form
    if form == "slices":  # 6+ pupils see no written fraction at all
        assert "/8" not in " ".join(scores) + status
        assert not re.search(r"\d/\d", words.replace("8+", ""))


@pytest.mark.parametrize("form", sorted(WRITTEN))
def test_a_teacher_chooses_the_form(form: str) -> None:
    game = finished("basic")
    w = make_widget(game, mode="play", players=["Ann", "Bo"], number_form=form)
    ann, bo = WRITTEN[form]
    status, scores = status_and_scores(w)
    assert scores == [ann, bo] and status == f"Game over: Ann {ann}, Bo {bo}"
    static = w.static_html()
    assert f"<td>{ann}</td>" in static and ann in pile_words(static)
    # replay mode writes the same form
    replay = make_widget(game, mode="replay", players=["Ann", "Bo"], number_form=form)
    assert [row["score"] for row in replay.view_model["scores"]] == [ann, bo]


def test_scores_during_play_keep_the_form() -> None:
    """A game under way: every score row in eighths at 8+, 0 included."""
    game = scenario(
        level="basic", hands=[["tomato 1/4"], ["pepper 1/2"]], stacks=[["2/8 mt"], [], []],
        piles=[ANN, []],
    )  # fmt: skip
    w = make_widget(game, mode="play", players=["Ann", "Bo"])
    assert [row["score"] for row in w.view_model["scores"]] == ["28/8", "0"]


def test_static_fallback_of_a_game_uses_the_level_form_or_the_teachers() -> None:
    game = finished("advanced")
    page = static_game_html(game)
    assert "<td>28/8 = 3 1/2</td>" in page and "7/2" not in page
    page = static_game_html(game, number_form="over")
    assert "<td>28/8</td>" in page and "3 1/2" not in pile_words(page)
    # the picture alone (a lesson's puzzle cell) follows the level too, or the form given
    assert "3 whole pizzas and 4 slices" in pile_words(str(table_svg(finished("beginner").view())))
    assert "28/8 pizzas" in pile_words(str(table_svg(game.view(), number_form="over")))


def test_an_unknown_form_is_refused_with_the_forms_named() -> None:
    game = finished("basic")
    with pytest.raises(ValueError, match="over, mixed, both, slices"):
        make_widget(game, mode="play", players=["Ann", "Bo"], number_form="decimal")
    with pytest.raises(ValueError, match="number_form"):
        table_svg(game.view(), number_form="7/2")
    assert set(WRITTEN) == set(NUMBER_FORMS)


def test_6plus_scores_in_russian_agree_with_their_numbers() -> None:
    """6+ in Russian: «1 целая пицца и 1 кусок», «2 целые пиццы и 5 кусков», «5 целых
    пицц», «2 куска», «0 кусков»: the whole pizzas and the slices each agree."""
    piles = [
        ["8/8 mt", "1/8 mp"],  # 9 slices
        ["8/8 mt", "8/8 mp", "5/8 pt"],  # 21
        ["8/8 mt", "8/8 mp", "8/8 pt", "8/8 mt", "8/8 mp"],  # 40
        ["2/8 mt"],  # 2
        [],  # 0
    ]
    game = finished("beginner", piles)
    names = ["Аня", "Боря", "Вова", "Галя", "Дима"]
    w = make_widget(game, mode="play", players=names, language="ru")
    expected = [
        "1 целая пицца и 1 кусок",
        "2 целые пиццы и 5 кусков",
        "5 целых пицц",
        "2 куска",
        "0 кусков",
    ]
    status, scores = status_and_scores(w)
    assert scores == expected
    for name, words in zip(names, expected, strict=True):
        assert f"{name} — {words}" in status
    static = w.static_html()
    for words in expected:
        assert f"<td>{words}</td>" in static
    assert "5 целых пицц" in pile_words(static)
    # Bulgarian after the widget's own switch: one form for one, another for the rest
    assert w.handle_intent({"type": "intent", "version": w.version, "action": "language",
                            "args": {"language": "bg"}})  # fmt: skip
    assert [row["score"] for row in w.view_model["scores"]] == [
        "1 цяла пица и 1 парче",
        "2 цели пици и 5 парчета",
        "5 цели пици",
        "2 парчета",
        "0 парчета",
    ]
