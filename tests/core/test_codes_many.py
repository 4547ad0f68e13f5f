"""Done-when for position codes: a code round-trips for 10,000 random positions per game.

Positions come from seeded random play: games of random sizes (players, levels, rounds)
played by random legal moves, each looked at after a random number of moves (so the
deal, mid-game, later rounds and finished tables all appear). Every position's code is
loaded back and must show the same table to everyone and give the same code again.
(``test_codes.py`` checks fewer positions more deeply: play going on the same after a
load, hostile codes.)
"""

from __future__ import annotations

from typing import Any

import pytest

import teachgames
from teachgames import load_position
from teachgames.core.game import Game
from teachgames.core.rng import Chance

from .test_codes import GAMES, MOST_PLAYERS

POSITIONS = 10_000


def new_random_game(game: str, rng: Chance, seed: int) -> Game[Any, Any]:
    options: dict[str, Any] = {"seed": seed, "players": rng.randint(2, MOST_PLAYERS[game])}
    if game == "delissimo":
        options["level"] = rng.choice(("beginner", "whole", "basic", "advanced"))
    if game == "ligretto":
        options["rounds"] = rng.randint(1, 3)
    return teachgames.new_game(game, **options)


def round_trips(g: Game[Any, Any]) -> None:
    code = g.position_code()
    back = load_position(code)
    assert back.view() == g.view(), code
    assert all(back.view(p) == g.view(p) for p in range(g.players)), code
    assert back.position_code() == code


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_ten_thousand_random_positions_per_game_round_trip(game: str) -> None:
    rng = Chance(20_261_205)
    checked = seed = 0
    depths = []
    while checked < POSITIONS:
        g = new_random_game(game, rng, seed)
        seed += 1
        # look at a few positions of each game, each after a random number of moves
        stops = sorted(rng.randint(0, 300) for _ in range(rng.randint(1, 6)))
        played = 0
        for stop in stops:
            while played < stop and (moves := g.legal_moves()):
                g.play(rng.choice(moves))
                played += 1
            round_trips(g)
            depths.append(played)
            checked += 1
    assert checked >= POSITIONS
    # the positions really are spread: fresh deals, mid-game and long games all appear
    assert min(depths) == 0 and max(depths) >= 100 and len(set(depths)) > 50
