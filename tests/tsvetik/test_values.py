"""Tsvetik's moves and rules are frozen dataclasses and its position a value: they compare,
hash (moves), copy and pickle as a teacher's saved lesson or a process pool needs."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

import teachgames
from teachgames.tsvetik import Draw, Place, Take, make_rules


def test_moves_and_rules_still_behave_as_frozen_dataclasses() -> None:
    assert dataclasses.asdict(Place(1, 2)) == {"player": 1, "field": 2}
    assert Place(1, 2).to_dict() == {"kind": "place", "player": 1, "field": 2}
    assert repr(Take(0, 3)) == "Take(player=0, field=3)" and Draw(1) == Draw(1) != Take(1, 0)
    assert len({Place(0, 1), Place(0, 1), Take(0, 1)}) == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        Draw(0).player = 1  # type: ignore[misc]
    rules = make_rules("seed", {"extra": -10})
    assert [f.name for f in dataclasses.fields(rules)][:3] == ["preset", "colours", "cards_per_colour"]
    assert pickle.loads(pickle.dumps(rules)) == rules and rules != make_rules("seed")


def test_a_position_compares_copies_and_pickles_by_its_cards() -> None:
    g = teachgames.new_game("tsvetik", players=3, seed=4)
    g.play(g.legal_moves()[0])
    s = g.state
    assert copy.deepcopy(s) == s == pickle.loads(pickle.dumps(s)) and s.copy() == s
    assert repr(s).startswith("State(bank=[") and f"drawn={s.drawn}, discard=[]" in repr(s)
    other = s.copy()
    other.discard = [0]
    assert other != s
    with pytest.raises(TypeError):
        hash(s)  # a position changes as the game goes on: it is no dict key
