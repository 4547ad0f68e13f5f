"""Bots: the greedy Ligretto bot prefers stack, then row, then hand, says why in every
language, agrees with the generic GreedyBot, and plays whole matches through simulate()."""

from __future__ import annotations

import random

import pytest

import teachgames
from teachgames.bots import GreedyBot, RandomBot
from teachgames.ligretto import LigrettoGame, Play, Turn, scenario
from teachgames.ligretto.bots import LigrettoBot


def test_prefers_stack_then_row_then_hand() -> None:
    hands = [
        {
            "stack": ["red 2", "blue 9", "blue 8"],
            "row": ["green 1"],
            "deck": ["blue 5"],
            "turned": ["yellow 1"],
        },
        {"stack": ["blue 10"], "row": [], "deck": ["green 1"]},
    ]
    g = scenario(hands, piles=[["red 1"]])
    bot = LigrettoBot(speed=2)
    assert bot.choose(g, 0) == Play(0, "red 2", 0, 0.0)
    assert "Ligretto stack is worth the most" in bot.explain_choice(g, 0)
    g.play(bot.choose(g, 0))
    assert bot.choose(g, 0) == Play(0, "green 1", None, 0.0)  # the row: blue 9 from the stack does not fit
    assert "row card" in bot.explain_choice(g, 0)
    g.play(bot.choose(g, 0))
    assert bot.choose(g, 0) == Play(0, "yellow 1", None, 0.0)
    g.play(bot.choose(g, 0))
    assert isinstance(bot.choose(g, 0), Turn)
    assert "turned up" in bot.explain_choice(g, 0)
    with pytest.raises(ValueError):
        bot.choose(g)


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_explains_in_every_language(language: str) -> None:
    g = LigrettoGame.new(players=3, seed=2)
    words = LigrettoBot().explain_choice(g, 1, language)
    assert words and not any("a" <= ch.lower() <= "z" for ch in words)
    assert LigrettoBot(1.5).label(language)


def test_same_choice_as_the_generic_greedy_bot() -> None:
    g = LigrettoGame.new(players=3, seed=9)
    rng = random.Random(0)
    mine, generic = LigrettoBot(), GreedyBot()
    for _ in range(150):
        p = rng.randrange(3)
        if g.phase != "play":
            break
        assert mine.choose(g, p) == generic.choose(g, p)
        g.play(mine.choose(g, p))


def test_speed_must_be_positive() -> None:
    with pytest.raises(ValueError):
        LigrettoBot(0)


def test_simulate_plays_ligretto_matches() -> None:
    bots = [LigrettoBot(2.0), LigrettoBot(1.0), RandomBot(3, speed=1.0)]
    results = teachgames.simulate("ligretto", bots, games=3, seed=1, rules={"target": 40})
    again = teachgames.simulate("ligretto", bots, games=3, seed=1, rules={"target": 40})
    assert [r.scores for r in results] == [r.scores for r in again]
    for r in results:
        assert max(r.scores) >= 40 and len(r.round_scores) >= 1
        assert list(r.scores) == [sum(x[p] for x in r.round_scores) for p in range(3)]
