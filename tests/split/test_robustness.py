"""A hand-built Split move is checked like its dict: any wrong type or value is an
IllegalMove in plain words, and the game is left as it was."""

from __future__ import annotations

import pytest

import teachgames
from teachgames.split import Discard, Draw, Lay, Take, Upgrade


@pytest.mark.parametrize(
    "move",
    [
        Lay(0, 99),  # type: ignore[arg-type]
        Lay(0, ("7h",)),
        Lay(0, "ab"),  # type: ignore[arg-type]
        Lay("x", ("7h", "7d")),  # type: ignore[arg-type]
        Lay(0, (7, 8)),  # type: ignore[arg-type]
        Draw(None),  # type: ignore[arg-type]
        Take(0, "first", "7h", "7d"),  # type: ignore[arg-type]
        Upgrade(0, 1, 2, 7, "7d"),  # type: ignore[arg-type]
        Discard(0, ["7h"]),  # type: ignore[arg-type]
    ],
    ids=repr,
)
def test_a_malformed_hand_built_move_is_an_illegal_move_and_changes_nothing(move: object) -> None:
    g = teachgames.new_game("split", players=3, seed=1)
    before = g.to_json()
    with pytest.raises(teachgames.IllegalMove) as refused:
        g.play(move)  # type: ignore[arg-type]
    assert refused.value.reason
    assert g.to_json() == before
    assert g.problem(move) is not None  # type: ignore[arg-type]
