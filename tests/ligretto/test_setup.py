"""Dealing: the Ligretto stack, the row by preset and table size, the hand deck."""

from __future__ import annotations

import pytest

import teachgames
from teachgames.ligretto import LigrettoGame, row_size
from teachgames.ligretto.cards import SET_SIZE, owner_of

from .helpers import check_invariants

SEED_ROWS = {2: 5, 4: 5, 5: 4, 8: 4, 9: 3, 12: 3}
OFFICIAL_ROWS = {2: 5, 4: 3, 5: 3, 8: 3, 9: 3, 12: 3}


@pytest.mark.parametrize("preset,rows", [("seed", SEED_ROWS), ("official", OFFICIAL_ROWS)])
@pytest.mark.parametrize("players", [2, 4, 5, 8, 9, 12])
def test_deal(players: int, preset: str, rows: dict[int, int]) -> None:
    g = teachgames.new_game("ligretto", players=players, seed=11, preset=preset)
    assert g.players == players and g.current_player is None and g.round == 1
    for p, h in enumerate(g.state.hands):
        assert len(h.stack) == 10
        assert len(h.row) == rows[players] == row_size(preset, players)
        assert len(h.deck) == SET_SIZE - 10 - rows[players]
        assert h.turned == []
        assert {owner_of(c) for c in h.stack + h.deck} == {p}
    assert g.state.piles == []
    check_invariants(g)


def test_official_three_players_row_of_four() -> None:
    assert row_size("official", 3) == 4
    assert row_size("seed", 3) == 5


def test_same_seed_same_deal_and_seeds_differ() -> None:
    a = LigrettoGame.new(players=4, seed=5)
    b = LigrettoGame.new(players=4, seed=5)
    c = LigrettoGame.new(players=4, seed=6)
    assert a.view() == b.view()
    assert a.view()["hands"] != c.view()["hands"]


@pytest.mark.parametrize("bad", [1, 13, 0, "3", True])
def test_bad_player_counts(bad: object) -> None:
    with pytest.raises(ValueError):
        LigrettoGame.new(players=bad, seed=1)  # type: ignore[arg-type]


def test_bad_rules() -> None:
    with pytest.raises(ValueError):
        LigrettoGame.new(players=3, seed=1, preset="house")
    with pytest.raises(ValueError):
        LigrettoGame.new(players=3, seed=1, rules={"blockade": "shrug"})
    with pytest.raises(ValueError):
        LigrettoGame.new(players=3, seed=1, rules={"speed": 3})


def test_pupil_view_hides_hidden_cards() -> None:
    g = LigrettoGame.new(players=3, seed=2)
    for p in range(3):
        g.play({"kind": "turn", "player": p, "at": 0.5})
    v = g.view(0)
    assert v["hands"][0]["hand_top"] is not None
    assert v["hands"][1]["hand_top"] is None and v["hands"][2]["hand_top"] is None
    assert v["hands"][1]["row"] == g.view()["hands"][1]["row"]
    assert v["hands"][1]["stack_top"] == g.view()["hands"][1]["stack_top"]
    assert v["hands"][1]["turned"] == 3 and v["hands"][1]["deck"] == 22
    for h in v["hands"]:
        assert "deck_cards" not in h and "stack_cards" not in h and "turned_cards" not in h
    teacher = g.view()
    assert len(teacher["hands"][1]["deck_cards"]) == 22
