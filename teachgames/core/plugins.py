"""Where every game lives: the installed games' entry points, read once, and the package
that holds each game's folder (its ``locales/``, its lessons).

This is the bottom of the registry. It imports nothing else in teachgames, so the message
catalogue (:mod:`teachgames.core.i18n`) can find a plug-in game's words in the game's own
package without importing the registry, which imports the Game base, which speaks through
the catalogue: asking here makes no import cycle.
"""

from __future__ import annotations

import importlib.util
from importlib.metadata import entry_points

#: The entry-point group that names every installed game.
ENTRY_GROUP = "teachgames.games"
_entry_points: dict[str, str] | None = None
#: Games registered at run time (a notebook's, a test's): name -> the module of the class.
_modules: dict[str, str] = {}


def installed() -> dict[str, str]:
    """Every installed game's registration, name -> ``"module:attr"``, read once."""
    global _entry_points
    if _entry_points is None:
        _entry_points = {ep.name: ep.value for ep in entry_points(group=ENTRY_GROUP)}
    return _entry_points


def note_module(name: str, module: str | None) -> None:
    """Remember (or, with None, forget) the module of a game registered at run time."""
    if module is None:
        _modules.pop(name, None)
    else:
        _modules[name] = module


def module_of(name: str) -> str | None:
    """The module a game's registration points at, or None for a name that is no game."""
    if name in _modules:
        return _modules[name]
    spec = installed().get(name)
    return None if spec is None else spec.partition(":")[0]


def package_of(name: str) -> str | None:
    """The package that is the game's folder: the module its registration names when that
    is a package (``teachgames.delissimo``), else the package holding that module
    (``toygame.game`` -> ``toygame``). None for no game, or a game of no package (a class
    written in a notebook's ``__main__``)."""
    module = module_of(name)
    if module is None:
        return None
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    if spec.submodule_search_locations is not None:
        return module
    parent = module.rpartition(".")[0]
    return parent or None
