"""Every key a game's widget sends is one the typed view-model declares (so mypy checks it)."""

from __future__ import annotations

from typing import Any

import pytest

import teachgames as tg
from teachgames.widgets import make_widget
from teachgames.widgets import viewmodel as vmt

#: Where each TypedDict's values of list/dict type lead.
NESTED: dict[type, dict[str, type]] = {
    vmt.ViewModel: {"zones": vmt.Zone, "buttons": vmt.Button, "moves": vmt.MoveButton,
                    "message": vmt.Message, "explanation": vmt.Explanation, "scores": vmt.Score,
                    "step": vmt.Step, "bot": vmt.BotRequest, "tick": vmt.Tick, "log": vmt.LogEntry,
                    "announce": vmt.Announce, "languages": vmt.Language},
    vmt.Zone: {"zones": vmt.Zone, "cards": vmt.Card, "grid": vmt.Grid},
    vmt.Grid: {"rows": vmt.GridRow},
    vmt.GridRow: {"cells": vmt.Cell},
    vmt.LogEntry: {"explanation": vmt.Explanation},
}  # fmt: skip


def undeclared(value: Any, kind: type, path: str = "vm") -> list[str]:
    if isinstance(value, list):
        return [p for i, item in enumerate(value) for p in undeclared(item, kind, f"{path}[{i}]")]
    if not isinstance(value, dict):
        return []
    declared = set(kind.__annotations__) | {k for base in kind.__mro__ for k in getattr(base, "__annotations__", {})}
    out = [f"{path}.{k}" for k in value if k not in declared]
    for key, inner in NESTED.get(kind, {}).items():
        out += undeclared(value.get(key), inner, f"{path}.{key}")
    return out


@pytest.mark.parametrize("name", ["delissimo", "tsvetik", "split", "ligretto"])
@pytest.mark.parametrize("mode", ["play", "replay"])
def test_every_key_sent_is_declared(name: str, mode: str) -> None:
    game = tg.new_game(name, seed=3)
    for _ in range(4):
        moves = game.legal_moves() if game.current_player is not None else game.legal_moves(0)
        if game.is_over() or not moves:
            break
        game.play(moves[0])
    widget = make_widget(game, mode=mode)
    vm = widget.view_model
    assert vm["zones"] and vm["version"] == widget.version
    assert undeclared(vm, vmt.ViewModel) == []
    # and a misspelt key would be caught
    assert undeclared({**vm, "zone": []}, vmt.ViewModel) == ["vm.zone"]
