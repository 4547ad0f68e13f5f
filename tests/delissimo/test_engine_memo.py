"""The per-position memo behind the fast public API never changes what the game does.

``legal_moves()`` is worked out once per position and a listed move object is played
without a second check; these tests hold the contract around that: a move that was
legal in an earlier position is checked again, copies and pickles do not share the
memo, undo forgets it, and a refused move still changes nothing.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import teachgames
from teachgames.delissimo import new_game
from teachgames.delissimo.moves import Capture, EndTurn


def test_a_listed_move_from_an_earlier_position_is_checked_again() -> None:
    g = new_game(level="basic", players=3, seed=8)
    end = next(m for m in g.legal_moves() if isinstance(m, EndTurn))
    g.play(end)
    with pytest.raises(teachgames.IllegalMove) as info:
        g.play(end)  # player 1 no longer acts
    assert info.value.code == "end-not-your-turn"


def test_listing_twice_gives_equal_lists_that_callers_may_change() -> None:
    g = new_game(level="advanced", players=3, seed=2)
    first = g.legal_moves()
    first.clear()
    assert g.legal_moves() == new_game(level="advanced", players=3, seed=2).legal_moves()


@pytest.mark.parametrize("level", ["beginner", "whole", "basic", "advanced"])
def test_copies_pickles_and_undo_keep_positions_apart(level: str) -> None:
    rng = random.Random(level)
    g = new_game(level=level, players=3, seed=5)
    for _ in range(30):
        if g.is_over():
            break
        moves = g.legal_moves()
        move = moves[rng.randrange(len(moves))]
        twin, sent = g.copy(), pickle.loads(pickle.dumps(g))
        deep = copy.deepcopy(g)
        before = g.to_json()
        g.play(move)
        assert twin.to_json() == sent.to_json() == deep.to_json() == before
        assert twin.legal_moves() == moves  # the copy still answers for its own position
        g.undo()
        assert g.to_json() == before and g.legal_moves() == moves
        g.play(move)
        sent.play(move.to_dict())
        assert sent == g


def test_a_capture_made_by_hand_is_read_and_checked() -> None:
    g = new_game(level="basic", players=2, seed=3)
    legal = g.captures()[0]
    fake = Capture(legal.player, legal.give, legal.give)  # orders "taken": not open pizzas
    before = g.to_json()
    with pytest.raises(teachgames.IllegalMove):
        g.play(fake)
    assert g.to_json() == before
    g.play(Capture(legal.player, legal.give, legal.take))  # equal to a listed one: accepted
    assert g.history[-1] == legal
