"""Shared helpers for the Tsvetik tests: random play, refusals that must change nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

import teachgames
from teachgames.tsvetik import Game, TsvetikGame

if "tsvetik" not in teachgames.GAMES:  # until the entry point is installed
    teachgames.register_game("tsvetik", Game)


def random_game(seed: int, players: int = 3, preset: str = "seed", moves: int | None = None) -> TsvetikGame:
    """A seeded game played by random moves (to the end, or ``moves`` moves)."""
    g = TsvetikGame.new(players=players, seed=seed, preset=preset)
    rng = random.Random(seed)
    done = 0
    while not g.is_over() and (moves is None or done < moves):
        g.play(rng.choice(g.legal_moves()))
        done += 1
    return g


def refused(g: TsvetikGame, move: Any, code: str) -> teachgames.IllegalMove:
    """Play ``move``, expect the refusal ``code`` and an unchanged game."""
    before, view = g.to_json(), g.view()
    with pytest.raises(teachgames.IllegalMove) as info:
        g.play(move)
    assert info.value.code == code, info.value.reason
    assert g.to_json() == before and g.view() == view
    return info.value
