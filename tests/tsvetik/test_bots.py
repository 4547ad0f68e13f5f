"""Bots: the shared ones play Tsvetik through bot_value; FieldBot looks one card ahead and says why."""

from __future__ import annotations

import re

import pytest

import teachgames
from teachgames.bots import GreedyBot, LookaheadBot, RandomBot
from teachgames.tsvetik import Take, scenario
from teachgames.tsvetik.bots import FieldBot, draw_value

from .helpers import random_game


def test_bot_value_is_the_best_score_of_the_cards_held() -> None:
    g = scenario(
        players=2,
        bank=["red"] * 3,
        fields=[["red", "red"], [], [], []],
        taken={1: 0},
        collected=[[], ["red"] * 3],
    )
    assert g.bot_value(1) == 55 and g.bot_value(0) == 0


def test_greedy_takes_the_field_that_adds_most_now() -> None:
    g = scenario(
        players=2,
        bank=["blue"] * 5,
        fields=[["green"], ["red", "red"], ["blue"], []],
        collected=[["red"] * 3, []],
    )
    assert GreedyBot().choose(g) == Take(0, 1)  # 3 red = 20, 5 red = 55


def test_fieldbot_waits_when_the_next_card_promises_more() -> None:
    # every bank card is red: the next one on field 1 makes 4 red (35) from 2 (10)
    g = scenario(
        players=2, bank=["red"] * 5, fields=[["red"], ["violet"], [], []], collected=[["red"] * 2, []]
    )
    assert draw_value(g, 0, 1.0) == 25.0  # 35 − 10
    assert draw_value(g, 0, 0.5) == 12.5
    assert FieldBot().choose(g).kind == "draw"  # 12.5 beats taking 3 red now (+10)
    assert FieldBot(patience=0.2).choose(g) == Take(0, 0)  # +10 beats 0.2 × 25


@pytest.mark.parametrize(
    "bot", [FieldBot(), GreedyBot(), RandomBot(4), LookaheadBot(playouts=1, depth=6, seed=1)]
)
def test_every_bot_plays_a_legal_move_and_says_why_in_every_language(bot: object) -> None:
    g = random_game(6, players=3, moves=23)
    move = bot.choose(g)  # type: ignore[attr-defined]
    assert move in g.legal_moves()
    for language in ("ru", "bg"):
        words = bot.explain_choice(g, language=language)  # type: ignore[attr-defined]
        assert words and not re.search(r"[A-Za-z]{2,}", words), words


def test_fieldbot_beats_random_play_over_seeded_games() -> None:
    results = teachgames.simulate("tsvetik", [FieldBot(), RandomBot(1)], games=10, seed=0)
    wins = sum(0 in r.winners for r in results)
    assert wins > sum(1 in r.winners for r in results)
