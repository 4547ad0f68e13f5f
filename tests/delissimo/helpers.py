"""Small helpers for Delissimo tests: play a capture by card names, read a view."""

from __future__ import annotations

from typing import Any

import pytest

import teachgames
from teachgames.delissimo.game import DelissimoGame


def cap(g: DelissimoGame, give: list[str], take: list[str], player: int | None = None) -> Any:
    p = g.state.current if player is None else player
    return g.play({"kind": "capture", "player": p, "give": give, "take": take})


def refused(g: DelissimoGame, move: dict[str, Any], code: str) -> teachgames.IllegalMove:
    """Assert ``move`` is refused with ``code`` and that nothing changed."""
    before = g.to_json()
    with pytest.raises(teachgames.IllegalMove) as info:
        g.play(move)
    assert info.value.code == code, info.value.reason
    assert g.to_json() == before
    return info.value


def capture(player: int, give: list[str], take: list[str]) -> dict[str, Any]:
    return {"kind": "capture", "player": player, "give": give, "take": take}


def end(player: int) -> dict[str, Any]:
    return {"kind": "end_turn", "player": player}


def pairs(g: DelissimoGame) -> set[tuple[tuple[str, ...], tuple[str, ...]]]:
    """The legal captures as sorted card-name pairs."""
    return {(tuple(sorted(m.to_dict()["give"])), tuple(sorted(m.to_dict()["take"]))) for m in g.captures()}
