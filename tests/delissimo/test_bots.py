"""Delissimo's own bot (bots.py, the template's bots role): the best Monte-Carlo margin."""

from __future__ import annotations

import re

import pytest

import teachgames
from teachgames.cli.bots import bot_names
from teachgames.delissimo import scenario
from teachgames.delissimo.bots import PlayoutBot
from teachgames.delissimo.playout import move_values


def test_the_playout_bot_plays_the_move_its_playouts_rate_best_and_replays_alike() -> None:
    g = teachgames.new_game("delissimo", players=3, seed=3)
    bot = PlayoutBot(playouts=8, seed=5)
    move = bot.choose(g)
    assert move in g.legal_moves()
    assert move == move_values(g, 8, 5)[0][0]
    assert PlayoutBot(playouts=8, seed=5).choose(g) == move
    assert len(g.history) == 0  # it looked ahead on the game and put everything back


def test_the_playout_bot_takes_the_capture_that_ends_the_game_ahead() -> None:
    # the last order that fits the last open pizza: capturing it wins, passing gives nothing
    g = scenario(
        level="basic", hands=[["tomato 1/2"], ["pepper 1/8"]], stacks=[["4/8 mt"], [], []], orders=[]
    )
    assert {m.kind for m in g.legal_moves()} == {"capture", "end_turn"}
    choice = PlayoutBot(playouts=4).choose(g)
    assert choice.kind == "capture", choice


def test_the_playout_bot_says_why_in_every_language() -> None:
    g = teachgames.new_game("delissimo", players=3, seed=3)
    bot = PlayoutBot(playouts=4)
    assert bot.explain_choice(g, language="en").startswith("Playout bot chooses: ")
    for language in ("ru", "bg"):
        words = bot.explain_choice(g, language=language)
        assert words and not re.search(r"[A-Za-z]{2,}", words), words


def test_a_series_with_the_playout_bot_is_seeded() -> None:
    bots = [PlayoutBot(playouts=2), teachgames.bots.RandomBot(1)]
    first = teachgames.simulate("delissimo", bots, games=1, seed=4)
    assert first == teachgames.simulate("delissimo", bots, games=1, seed=4)


def test_every_game_names_its_own_bot_on_the_command_line() -> None:
    assert bot_names("delissimo")[-1] == "playout"
    assert {"field", "stack", "planner"} <= {
        name for game in ("tsvetik", "ligretto", "split") for name in bot_names(game)
    }


def test_a_wrong_number_of_playouts_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="whole number of playouts"):
        PlayoutBot(playouts=0)
