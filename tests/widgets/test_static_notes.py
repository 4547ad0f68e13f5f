"""A widget's static copy (what an exported page or nbconvert shows instead of the live
widget) says what it leaves out, in the lesson's language: the exit ticket's first screen
of four, the replay's start with the number of moves that follow, one practice question.
"""

from __future__ import annotations

from typing import Any

import pytest

import teachgames
from teachgames import practice
from teachgames.bots import GreedyBot
from teachgames.core.i18n import plural
from teachgames.lesson import show_activity

SCREEN = {"en": "Screen {i} of {n}", "ru": "Экран {i} из {n}", "bg": "Екран {i} от {n}"}
#: the word for "moves" agreeing with the number, as a teacher writes it
MOVES = {
    "en": {"one": "move follows", "other": "moves follow"},
    "ru": {"one": "ход", "few": "хода", "many": "ходов", "other": "хода"},
    "bg": {"one": "ход", "other": "хода"},
}


def _exported_html(widget: Any) -> str:
    """The ``text/html`` an exported notebook shows in place of the widget."""
    data, _ = widget._repr_mimebundle_()
    return str(data["text/html"])


def _replay(language: str) -> Any:
    g = teachgames.new_game(
        "delissimo", level="basic", players=3, seed=7, rules={"specials_per_pair": 0, "cancels": 0}
    )
    bots = [GreedyBot(), GreedyBot(), GreedyBot()]
    while not g.is_over():
        g.play(bots[g.current_player].choose(g))
    widget = teachgames.show(g, mode="replay", number_form="over")
    widget.language = language
    return widget, len(g.history)


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_the_exit_tickets_static_copy_says_which_screen_it_is_of_how_many(language: str) -> None:
    widget = show_activity("delissimo", "8plus", "ticket", language=language)
    count = widget.view_model["count"]
    assert count > 1
    page = _exported_html(widget)
    assert SCREEN[language].format(i=1, n=count) in page
    assert 'data-testid="tg-static-note"' in page


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_the_replays_static_copy_says_how_many_moves_follow_in_the_live_widget(language: str) -> None:
    widget, moves = _replay(language)
    page = _exported_html(widget)
    words = MOVES[language][plural(moves, language)]
    assert f"{moves} {words}" in page, page[-400:]


def test_a_replay_stepped_on_says_where_it_stands_and_at_the_end_says_nothing_more() -> None:
    widget, moves = _replay("en")
    for _ in range(5):
        assert widget.handle_intent({"type": "intent", "version": widget.version, "action": "next"})
    assert f"After move 5 of {moves}" in _exported_html(widget)
    assert widget.handle_intent({"type": "intent", "version": widget.version, "action": "last"})
    assert "tg-static-note" not in _exported_html(widget)  # the whole game is on the page


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "practice goes on"), ("ru", "практика продолжается"), ("bg", "упражнението продължава")],
)
def test_a_practice_static_copy_says_it_shows_one_question(language: str, words: str) -> None:
    widget = practice.show("delissimo", language=language)
    assert words in _exported_html(widget)
    assert words in widget._repr_html_()
