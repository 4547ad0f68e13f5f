"""Same seed, same game: public-API transcripts and fast playouts stay byte-identical.

The hashes were recorded on main at 7b51b07, before the engine was made faster; any
speed work that changed which moves are listed, their order, their words, the deal or
the saved form would change a teacher's replayed lesson, and fails here.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from teachgames.delissimo import new_game
from teachgames.delissimo.engine import deal
from teachgames.delissimo.playout import random_playout

RECORDED = {
    "beginner/2": "13de23aa7331fd07dd304f669131a471",
    "beginner/3": "2bcb5174e594c445dfe1b749aa7827a9",
    "beginner/4": "c3d0f397b81e4747546e2db2f824e102",
    "whole/2": "0a07d494d639be0e85e860732e961b58",
    "whole/3": "0c6da8db0c807fd8cbd9bc69e9124e41",
    "whole/4": "1ef941f472eafb09b683131a00087029",
    "basic/2": "56b622d0cd03782ad89f49304e8dbc0c",
    "basic/3": "bda76a6e2e3dd0927201bdfb3e3239a6",
    "basic/4": "81e0bcf285bf7c0c70761e107760d154",
    "advanced/2": "377fd00a44924d52b2f2038030e6a4d7",
    "advanced/3": "2a4f534e060ff537db594dae8267304c",
    "advanced/4": "5701a8a3ff3a1ba085971b36b408c451",
}


def transcript(level: str, players: int, seed: int) -> str:
    """Every list of legal moves, every move chosen, the scores and the saved game."""
    g = new_game(level=level, players=players, seed=seed)
    rng = random.Random(seed * 7 + players)
    out = []
    while not g.is_over():
        moves = g.legal_moves()
        out.append(repr([str(m) for m in moves]))
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


@pytest.mark.parametrize("key", sorted(RECORDED))
def test_transcripts_are_byte_identical_per_seed(key: str) -> None:
    level, players = key.split("/")
    h = hashlib.sha256()
    for seed in range(6):
        h.update(transcript(level, int(players), seed).encode())
        h.update(playouts(level, int(players), seed).encode())
    assert h.hexdigest()[:32] == RECORDED[key]
