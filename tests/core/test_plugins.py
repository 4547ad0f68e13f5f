"""A teacher's own package declares a game with one entry point, and teachgames finds it."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import teachgames
from teachgames.core import plugins, registry


@pytest.fixture
def installed_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on ``sys.path`` holding what ``pip install`` leaves for a package named
    ``Teacher_Coins`` (its game module and its ``.dist-info`` with one entry point), with a
    stale second copy further down the path that must not count."""
    (tmp_path / "teacher_coins.py").write_text("from tiny_game import Coins\n", encoding="utf-8")
    info = tmp_path / "Teacher_Coins-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: Teacher_Coins\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "[console_scripts]\ncoins-cli = teacher_coins:main\n\n[teachgames.games]\ncoins = teacher_coins:Coins\n",
        encoding="utf-8",
    )
    old = tmp_path / "old"
    stale = old / "teacher_coins-0.9.dist-info"
    stale.mkdir(parents=True)
    (stale / "METADATA").write_text("Metadata-Version: 2.1\nName: teacher-coins\nVersion: 0.9\n", encoding="utf-8")
    (stale / "entry_points.txt").write_text("[teachgames.games]\ncoins = gone:Coins\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(old))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(plugins, "_entry_points", None)
    monkeypatch.setattr(registry, "_loaded", {})
    yield tmp_path
    sys.modules.pop("teacher_coins", None)


def test_an_installed_plugin_game_is_found_listed_and_played(installed_plugin: Path) -> None:
    assert "coins" in registry.game_names()
    assert registry.game_names()[:4] == ("delissimo", "tsvetik", "ligretto", "split")  # lesson order first
    game = teachgames.new_game("coins", players=2, seed=1)
    assert type(game).__name__ == "Coins" and not game.is_over()
    assert registry.game_module("coins") == "teacher_coins"


def test_the_first_copy_of_a_plugin_on_the_path_wins(installed_plugin: Path) -> None:
    """A stale copy of the same distribution further down the path (an old install left
    behind) does not replace the game the newer copy declares."""
    assert registry._installed()["coins"] == "teacher_coins:Coins"
    assert type(teachgames.new_game("coins", players=2, seed=1)).__module__ == "tiny_game"
