"""Ligretto's moves and rules are frozen dataclasses and its position a value that compares
by its cards, not by the answers it remembers."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from teachgames.ligretto import LigrettoGame, LigrettoRules, NextRound, Play, Turn, make_rules, simulate_round


@pytest.mark.parametrize(
    "move,fields",
    [
        (Play(0, "red 3", 1, 2.5), {"player": 0, "card": "red 3", "pile": 1, "at": 2.5}),
        (Play(2, "blue 1"), {"player": 2, "card": "blue 1", "pile": None, "at": 0.0}),
        (Turn(1, 0.5), {"player": 1, "at": 0.5}),
        (NextRound(0), {"player": 0, "at": 0.0}),
    ],
)
def test_moves_are_frozen_values_the_dataclasses_functions_read(move: Play | Turn | NextRound,
                                                                fields: dict[str, object]) -> None:  # fmt: skip
    assert dataclasses.is_dataclass(move) and dataclasses.asdict(move) == fields
    assert move.to_dict() == {"kind": move.kind, **fields}
    shown = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    assert repr(move) == f"{type(move).__name__}({shown})"
    same = type(move)(**fields)  # type: ignore[arg-type]
    assert same == move and hash(same) == hash(move) and len({same, move}) == 1
    assert dataclasses.replace(move, at=9.0) == type(move)(**{**fields, "at": 9.0})  # type: ignore[arg-type]
    for again in (pickle.loads(pickle.dumps(move)), copy.deepcopy(move)):
        assert again == move and type(again) is type(move)
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.player = 5  # type: ignore[misc]
    assert Play(0, "red 3") != Turn(0) and Turn(0) != NextRound(0)  # same fields, other move


def test_rules_are_a_frozen_value_with_their_dict() -> None:
    rules = make_rules("official", {"rounds": 3})
    assert rules == LigrettoRules(preset="official", end_of_deck="turn", rounds=3)
    assert dataclasses.asdict(rules) == rules.to_dict() == {
        "preset": "official", "end_of_deck": "turn", "blockade": "end", "target": 100, "rounds": 3,
    }  # fmt: skip
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 5  # type: ignore[misc]


def test_a_position_compares_by_its_cards_not_by_what_it_remembers() -> None:
    """``game.state`` compares equal to its deep copy and its snapshot even once legal moves
    were worked out (they are remembered in the position), and unequal after a move."""
    g = LigrettoGame.new(players=3, seed=4)
    before = copy.deepcopy(g.state)
    g.legal_moves()  # fills the remembered answers of the live position
    assert g.state == before == g.state.copy() == pickle.loads(pickle.dumps(g.state))
    assert "memo" not in repr(g.state) and repr(g.state.hands[0]).startswith("Hand(stack=[")
    g.play(g.legal_moves(0)[0])
    assert g.state != before
    with pytest.raises(TypeError):
        hash(g.state)  # a mutable position is no dict key
    g.undo()
    assert g.state == before
    ends = simulate_round(players=2, seed=1)
    end = ends.round_ends()[0]
    assert end.ended in ("stack", "blockade") and dataclasses.astuple(end)[1] == tuple(ends.stack_left())
