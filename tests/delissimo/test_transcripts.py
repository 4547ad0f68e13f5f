"""Same seed, same game: public-API transcripts and fast playouts stay byte-identical.

The hashes were recorded on main at 7b51b07, before the engine was made faster; any
speed work that changed which moves are listed, their order, the deal, the scores or
the saved position would change a teacher's replayed lesson, and fails here. (Moves
are hashed in their dict form: their words belong to the message catalogue.)

The deals have since moved from ``random.Random`` onto ``Chance`` (one generator for all
of teachgames), on purpose: these tests deal from ``random.Random`` again, as when the
hashes were recorded, so they still check the rules engine byte for byte, and
:func:`test_a_game_is_dealt_from_the_chance_of_its_seed` checks the new deal.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from teachgames.core import Chance
from teachgames.delissimo import engine, new_game
from teachgames.delissimo.engine import deal
from teachgames.delissimo.playout import random_playout

RECORDED = {
    "beginner/2": "7dc27f311e7131f3d375d5e2b7589723",
    "beginner/3": "4a7a8f926ea23acf302062740581f483",
    "beginner/4": "79f8afd9568108528483e3251f362981",
    "whole/2": "a0a067dedf9bc159231381a42eea2537",
    "whole/3": "427b2baf271f68cfc2338af33150c862",
    "whole/4": "b36db597a8411e58591f88cd931f9590",
    "basic/2": "13d2b150ce92108bce1c34b2c0753117",
    "basic/3": "87abc311832a7ba6f040a14a736eb1c6",
    "basic/4": "f08e05bf9598ab987db68e316cf52ce9",
    "advanced/2": "6aaa2790a71ca8a3f68a202e4ff91281",
    "advanced/3": "4cc46365826f9ddd3cf7822bb2115978",
    "advanced/4": "dea8df345d5d1cc6eebc4b06d073d21c",
}


def transcript(level: str, players: int, seed: int) -> str:
    """Every list of legal moves, every move chosen, the scores and the saved game."""
    g = new_game(level=level, players=players, seed=seed)
    rng = random.Random(seed * 7 + players)
    out = []
    while not g.is_over():
        moves = g.legal_moves()
        out.append(json.dumps([m.to_dict() for m in moves], sort_keys=True))
        m = moves[rng.randrange(len(moves))]
        out.append(json.dumps(m.to_dict(), sort_keys=True))
        g.play(m)
    out.append(repr([str(s) for s in g.scores()]))
    saved = json.loads(g.to_json())
    out.append(json.dumps({"setup": saved["setup"], "moves": saved["moves"]}, sort_keys=True))
    return "\n".join(out)


def playouts(level: str, players: int, seed: int) -> str:
    """Final scores of 20 fast random playouts from seeded deals."""
    g = new_game(level=level, players=players, seed=seed)
    rng = random.Random(seed)
    return repr([random_playout(g, rng, deal(g.rules, players, rng)) for _ in range(20)])


@pytest.fixture
def dealt_as_recorded(monkeypatch: pytest.MonkeyPatch) -> None:
    """New games deal from ``random.Random(seed)``, the generator of the recorded hashes."""
    monkeypatch.setattr(engine, "Chance", random.Random)


@pytest.mark.usefixtures("dealt_as_recorded")
@pytest.mark.parametrize("key", sorted(RECORDED))
def test_transcripts_are_byte_identical_per_seed(key: str) -> None:
    level, players = key.split("/")
    h = hashlib.sha256()
    for seed in range(6):
        h.update(transcript(level, int(players), seed).encode())
        h.update(playouts(level, int(players), seed).encode())
    assert h.hexdigest()[:32] == RECORDED[key]


@pytest.mark.parametrize("level", ["beginner", "whole", "basic", "advanced"])
def test_a_game_is_dealt_from_the_chance_of_its_seed(level: str) -> None:
    for players in (2, 3, 4):
        for seed in range(6):
            g = new_game(level=level, players=players, seed=seed)
            assert g.state.key() == deal(g.rules, players, Chance(seed)).key()
            assert g.state.key() != deal(g.rules, players, random.Random(seed)).key()
