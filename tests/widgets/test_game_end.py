"""The end of a game is said once, in the pupil's language, and shown instead of the last
bot's move: the message box, the live region and the view-model's ``result`` (where the
front-end moves the keyboard focus)."""

from __future__ import annotations

from typing import Any

import pytest

import teachgames
from teachgames.bots import GreedyBot
from teachgames.ligretto.bots import LigrettoBot
from teachgames.split.bots import PlannerBot
from teachgames.widgets.ending import joined_names, result_words

GAMES = [
    ("delissimo", GreedyBot, {"level": "beginner", "players": 2, "seed": 7}),
    ("tsvetik", GreedyBot, {"players": 2, "seed": 11}),
    ("split", PlannerBot, {"players": 2, "seed": 7}),
]
OVER = {"en": "Game over.", "ru": "Игра окончена.", "bg": "Играта свърши."}


def play_to_the_end(widget: Any, bot: Any) -> list[str]:
    """The pupil's moves made by ``bot`` (each pupil turn, then the widget publishes and
    its bots answer at once): every announcement said on the way."""
    said = []
    for _ in range(500):
        if widget.game.is_over():
            break
        while widget.game.current_player == 0 and not widget.game.is_over():
            widget.game.play(bot.choose(widget.game.copy()))
        widget.publish()
        if widget.view_model.get("announce"):
            said.append(widget.view_model["announce"]["text"])
    assert widget.game.is_over()
    return said


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
@pytest.mark.parametrize(("name", "bot", "options"), GAMES)
def test_the_end_and_the_winner_are_said_once(name: str, bot: Any, options: dict[str, Any], language: str) -> None:
    g = teachgames.new_game(name, **options)
    w = teachgames.show(g, mode="play", players=["Ann", bot()], bot_delay=0, language=language)
    said = play_to_the_end(w, bot())
    vm = w.view_model
    winners = [w.names[p] for p in w.game.winners()]
    # the message box shows the result, not the last bot's move
    assert vm["message"]["text"].startswith(OVER[language]), vm["message"]
    assert all(n in vm["message"]["text"] for n in winners)
    assert vm["result"] == {"text": vm["message"]["text"]}
    # said once, as the last words of the live region, with the winner
    assert sum(OVER[language] in s for s in said) == 1, said
    last = said[-1]
    assert OVER[language] in last and all(n in last.rsplit(OVER[language], 1)[1] for n in winners), last
    if name != "split":  # the status line holds the final scores: they are said too
        assert vm["status"].split(":", 1)[1].strip() in last
    # a redraw (the language switch too) says nothing again, and the result stays shown
    w.publish()
    assert w.view_model.get("announce") is None and w.view_model["result"]
    other = "ru" if language != "ru" else "bg"
    w.handle_intent({"type": "intent", "version": w.version, "action": "language", "args": {"language": other}})
    assert w.view_model.get("announce") is None
    assert w.view_model["message"]["text"].startswith(OVER[other])


def test_undo_past_the_end_takes_the_result_back_and_the_end_is_said_again() -> None:
    g = teachgames.new_game("tsvetik", players=2, seed=11)
    w = teachgames.show(g, mode="play", players=["Ann", GreedyBot()], bot_delay=0)
    play_to_the_end(w, GreedyBot())
    w.handle_intent({"type": "intent", "version": w.version, "action": "undo"})
    assert not w.game.is_over() and w.view_model.get("result") is None
    assert not w.view_model["message"]["text"].startswith("Game over")
    said = play_to_the_end(w, GreedyBot())
    assert "Game over." in said[-1]


def test_a_replay_announces_no_result() -> None:
    g = teachgames.new_game("split", players=2, seed=7)
    while not g.is_over():
        g.play(PlannerBot().choose(g))
    w = teachgames.show(g, mode="replay")
    assert w.view_model.get("result") is None


def test_ligretto_round_end_is_said_with_its_winner() -> None:
    now = [0.0]
    g = teachgames.new_game("ligretto", players=2, seed=7, rules={"rounds": 1})
    w = teachgames.show(g, mode="play", players=[LigrettoBot(6.0), LigrettoBot(4.0)], clock=lambda: now[0], language="bg")
    w.handle_intent({"type": "intent", "version": w.version, "action": "start"})
    said = []
    for _ in range(2000):
        if w.game.is_over():
            break
        now[0] += 1.0
        w.handle_intent({"type": "intent", "version": w.version, "action": "tick"})
        if w.view_model.get("announce"):
            said.append(w.view_model["announce"]["text"])
    assert w.game.is_over()
    winner = w.names[w.game.winners()[0]]
    assert w.view_model["result"]["text"] == f"Играта свърши. Печели {winner}."
    assert sum("Играта свърши." in s for s in said) == 1 and said[-1].rfind(winner) > said[-1].rfind("Играта свърши.")


def test_result_words_name_every_winner_in_each_language() -> None:
    assert result_words(["Ann", "Bob"], [1], "en") == "Game over. Bob wins."
    assert result_words(["Аня", "Боря", "Вика"], [0, 2], "ru") == "Игра окончена. Ничья: первое место делят Аня и Вика."
    assert joined_names(["A", "B", "C"], "bg") == "A, B и C"
    assert result_words(["A"], [], "en") == "Game over"
