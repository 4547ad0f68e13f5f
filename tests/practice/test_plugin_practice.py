"""A game brings its own practice: the practice layer finds skills through the game
class's ``practice`` spec (the registry), never through a list of the built-in games."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import teachgames
from teachgames import practice
from teachgames.core.registry import unregister_game
from teachgames.ligretto import Game as Ligretto

PRACTICE = Path(teachgames.__file__).resolve().parent / "practice"


@pytest.fixture
def plugged() -> Iterator[str]:
    class Copy(Ligretto):
        practice = "teachgames.ligretto.practice:SKILLS"

    class Bare(Ligretto):
        practice = None

    teachgames.register_game("plugged_practice", Copy)
    teachgames.register_game("plugged_bare", Bare)
    yield "plugged_practice"
    unregister_game("plugged_practice")
    unregister_game("plugged_bare")


def test_a_registered_game_brings_its_practice_through_its_spec(plugged: str) -> None:
    assert [s.id for s in practice.skills(plugged)] == [s.id for s in practice.skills("ligretto")]
    assert plugged in practice.games() and "plugged_bare" not in practice.games()
    with pytest.raises(ValueError, match="plugged_bare"):
        practice.skills("plugged_bare")


def test_the_practice_layer_names_no_game() -> None:
    """No module of teachgames/practice imports a game or names one in a spec."""
    games = {"delissimo", "tsvetik", "ligretto", "split"}
    for path in PRACTICE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert not set((node.module or "").split(".")) & games, (path, node.module)
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert not any(f"teachgames.{g}" in node.value for g in games), (path, node.value)
