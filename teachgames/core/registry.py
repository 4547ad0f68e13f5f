"""Which games exist, and how to make or load one without importing the others."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from .errors import GameFileError
from .game import Game, parse_saved

#: Every game of the product, in the order the lessons introduce them.
GAMES: tuple[str, ...] = ("delissimo", "tsvetik", "ligretto", "split")

#: Games whose engine is built, with the module that holds their ``GAME_CLASS``.
_MODULES: dict[str, str] = {"delissimo": "teachgames.delissimo.engine"}


def game_class(name: str) -> type[Game[Any, Any]]:
    """The Game subclass for ``name``, imported only now."""
    if not isinstance(name, str) or name not in GAMES:
        raise ValueError(f"unknown game {name!r}; the games are: {', '.join(GAMES)}")
    module = _MODULES.get(name)
    if module is None:
        raise NotImplementedError(
            f"the {name} engine is not built yet (only {', '.join(_MODULES)} is playable)"
        )
    cls: type[Game[Any, Any]] = importlib.import_module(module).GAME_CLASS
    return cls


def new_game(name: str, **options: Any) -> Game[Any, Any]:
    """Start a new game: ``new_game("delissimo", level="basic", players=3, seed=7)``."""
    cls = game_class(name)
    make: Callable[..., Game[Any, Any]] = cls.new  # type: ignore[attr-defined]  # each game's options
    return make(**options)


def load_game(text: str | bytes) -> Game[Any, Any]:
    """Rebuild a saved game; anything wrong with ``text`` raises GameFileError."""
    data = parse_saved(text)
    name = data["game"]
    try:
        cls = game_class(name)
    except (ValueError, NotImplementedError) as exc:
        raise GameFileError(f"the saved game names a game this version cannot load: {exc}") from None
    return cls.from_saved(data)
