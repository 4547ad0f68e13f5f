"""teachgames: four card games as maths lessons in Jupyter.

Importing the package is light: the engines load when a game is made, and sympy,
matplotlib and the widget libraries load only when an explanation, a picture or a
widget is asked for.

Games are plug-ins (see :mod:`teachgames.core.registry`): ``teachgames.GAMES`` lists the
installed and registered ones, and ``teachgames.<game>`` is each game's package.

``teachgames.export(game, path)`` and ``teachgames.worksheet(game, ...)`` are functions;
their packages are named in the plural (:mod:`teachgames.exports`,
:mod:`teachgames.worksheets`), since importing a sub-package binds its name on this
package and would hide a function of the same name.
"""

from __future__ import annotations

from .core.errors import GameFileError, IllegalMove
from .core.registry import load_game, new_game, register_game

__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "GameFileError",
    "IllegalMove",
    "editor",
    "export",
    "load_game",
    "load_position",
    "new_game",
    "register_game",
    "show",
    "simulate",
    "worksheet",
]

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .core.registry import load_position
    from .core.simulate import simulate
    from .exports import export
    from .lesson.editor_widget import editor
    from .widgets import show
    from .worksheets import worksheet

    GAMES: tuple[str, ...]

#: Shared sub-packages reached as attributes without importing them up front.
_SUBPACKAGES = ("bots", "explain", "core", "pictures", "lesson", "practice", "widgets")


def __getattr__(name: str) -> Any:
    # Lazy attributes keep ``import teachgames`` free of heavy libraries.
    import importlib

    if name == "GAMES":
        from .core.registry import game_names

        return game_names()
    if name in _SUBPACKAGES:
        return importlib.import_module(f".{name}", __name__)
    if name == "load_position":
        from .core.registry import load_position

        return load_position
    if name == "simulate":
        from .core.simulate import simulate

        return simulate
    if name == "editor":
        from .lesson.editor_widget import editor

        return editor
    if name == "show":
        from .widgets import show

        return show
    if name == "export":
        from .exports import export

        return export
    if name == "worksheet":
        from .worksheets import worksheet

        return worksheet
    if not name.startswith("_"):
        from .core.registry import game_module, game_names

        if name in game_names():
            return importlib.import_module(game_module(name))
    raise AttributeError(f"module 'teachgames' has no attribute {name!r}")
