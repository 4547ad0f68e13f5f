"""Random play over many seeds: the box is conserved, a field per player per round, the game
ends, undo and save/load give back the same game, the same seed gives the same transcript."""

from __future__ import annotations

import json
import random

import pytest

import teachgames
from teachgames.tsvetik import Take, TsvetikGame

from .helpers import random_game

SEEDS = range(40)


def _cards(g: TsvetikGame) -> int:
    s = g.state
    return (
        len(s.bank)
        + sum(map(len, s.fields))
        + sum(map(len, s.collected))
        + len(s.discard)
        + (s.drawn is not None)
    )


@pytest.mark.parametrize("preset", ["seed", "coloretto"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_rule(preset: str, players: int) -> None:
    for seed in SEEDS:
        g = TsvetikGame.new(players=players, seed=seed, preset=preset)
        rng = random.Random(seed)
        takes_this_round: list[int] = []
        round_no = 1
        for _ in range(10_000):
            if g.is_over():
                break
            moves = g.legal_moves()
            assert moves, "a player to act always has a move"
            move = rng.choice(moves)
            g.play(move)
            assert _cards(g) == 49
            if isinstance(move, Take):
                assert move.player not in takes_this_round  # at most one field per round
                takes_this_round.append(move.player)
            if g.round != round_no or g.is_over():
                assert sorted(takes_this_round) == list(range(players))  # everyone took one
                takes_this_round, round_no = [], g.round
        assert g.is_over()
        v = g.view()
        assert v["bank"] == 0 and all(not f for f in v["fields"])
        assert sum(map(len, v["collected"])) + len(v["discard"]) == 49
        assert g.scores() == [teachgames.tsvetik.score_cards(c, preset)[0] for c in v["collected"]]


def test_undo_restores_every_position_exactly() -> None:
    g = random_game(7, players=3)
    snapshots = [p.to_json() for p in g.replay()]
    views = [p.view() for p in g.replay()]
    for i in range(len(g.history), 0, -1):
        assert g.to_json() == snapshots[i] and g.view() == views[i]
        g.undo()
    assert g.view() == views[0]


@pytest.mark.parametrize("preset", ["seed", "coloretto"])
def test_save_and_load_round_trip(preset: str) -> None:
    for seed in range(10):
        g = random_game(seed, players=2 + seed % 3, preset=preset, moves=seed * 9)
        back = teachgames.load_game(g.to_json())
        assert back == g and back.view() == g.view() and back.history == g.history


def test_a_tampered_save_is_refused() -> None:
    g = random_game(3, moves=20)
    data = json.loads(g.to_json())
    data["setup"]["position"]["bank"][0] = "red" if data["setup"]["position"]["bank"][0] != "red" else "blue"
    with pytest.raises(teachgames.GameFileError, match="seed"):
        teachgames.load_game(json.dumps(data))
    data = json.loads(g.to_json())
    data["moves"].insert(0, {"kind": "take", "field": 0})
    with pytest.raises(teachgames.GameFileError, match="move 1"):
        teachgames.load_game(json.dumps(data))
    data = json.loads(g.to_json())
    data["setup"]["rules"]["cells"] = "three"
    with pytest.raises(teachgames.GameFileError):
        teachgames.load_game(json.dumps(data))


def test_same_seed_same_transcript() -> None:
    a = [m.to_dict() for m in random_game(11, players=4).history]
    b = [m.to_dict() for m in random_game(11, players=4).history]
    c = [m.to_dict() for m in random_game(12, players=4).history]
    assert a == b and a != c


def test_random_bad_moves_change_nothing() -> None:
    rng = random.Random(0)
    g = random_game(5, moves=30)
    for _ in range(300):
        move = {
            "kind": rng.choice(["draw", "place", "take"]),
            "player": rng.randrange(3),
            "field": rng.randrange(-1, 6),
        }
        if move["kind"] == "draw":
            del move["field"]
        before = g.to_json()
        legal = g.problem(move) is None
        try:
            g.play(move)
        except teachgames.IllegalMove:
            assert not legal and g.to_json() == before
        else:
            assert legal
            g.undo()


def test_a_copy_and_its_original_undo_and_play_on_apart() -> None:
    # Snapshots share their lists (copy on write): neither game's moves may reach the other.
    g = random_game(9, players=3, moves=25)
    twin = g.copy()
    past = [p.to_json() for p in g.replay()]
    rng = random.Random(9)
    for game in (g, twin, g):
        for _ in range(6):
            game.undo()
        for _ in range(8):
            game.play(rng.choice(game.legal_moves()))
    for game in (g, twin):
        while game.history:
            game.undo()
            assert game.view() == teachgames.load_game(game.to_json()).view()  # state == its history
        assert game.view() == teachgames.load_game(past[0]).view()
    g2 = random_game(9, players=3, moves=25)
    twin2 = g2.copy()
    for _ in range(5):
        g2.undo()
    g2.play(g2.legal_moves()[-1])
    assert twin2.to_json() == past[-1]
    for i in range(1, 6):
        twin2.undo()
        assert twin2.to_json() == past[-1 - i] and twin2.view() == teachgames.load_game(past[-1 - i]).view()
