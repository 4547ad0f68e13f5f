"""teachgames: four card games as maths lessons in Jupyter.

Importing the package is light: the engines load when a game is made, and sympy,
matplotlib and the widget libraries load only when an explanation, a picture or a
widget is asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core.errors import GameFileError, IllegalMove
from .core.registry import GAMES, load_game, new_game

__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "GameFileError",
    "IllegalMove",
    "export",
    "load_game",
    "new_game",
    "show",
    "simulate",
]

if TYPE_CHECKING:  # pragma: no cover
    from .core.simulate import simulate
    from .export import export
    from .widgets import show


def __getattr__(name: str) -> Any:
    # Lazy attributes keep ``import teachgames`` free of heavy libraries.
    if name in ("bots", "delissimo", "explain", "core"):
        import importlib

        return importlib.import_module(f".{name}", __name__)
    if name == "simulate":
        from .core.simulate import simulate

        return simulate
    if name == "show":
        from .widgets import show

        return show
    if name == "export":
        # The module is callable (see teachgames/export.py), so ``teachgames.export(g, path)``
        # works whether or not ``teachgames.export`` was imported as a module first.
        import importlib

        return importlib.import_module(".export", __name__)
    raise AttributeError(f"module 'teachgames' has no attribute {name!r}")
