"""Which games exist, and how to make or load one without importing the others.

A game is a plug-in: its package plus **one registration**, an entry point in the group
``teachgames.games`` (``delissimo = "teachgames.delissimo:Game"`` in ``pyproject.toml``;
a teacher's own package declares its game the same way), or
:func:`register_game` for a game written in a notebook. Everything else (``GAMES``,
``teachgames.<game>``, ``show()``, the static pictures, export, the CLI, the lesson
builder) asks this module, so adding a game edits nothing outside its folder.

Lower layers reach higher ones only through *specs*, ``"module:attribute"`` strings that
a game class names (its widget, its static picture) and that :func:`resolve` imports on
first use: the engine never imports the widget layer, and there is no import cycle.
"""

from __future__ import annotations

import os
import sys

from .errors import GameFileError
from .game import Game, parse_saved
from .specs import resolve

TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable, Iterator
    from typing import Any

#: The entry-point group that names every installed game.
ENTRY_GROUP = "teachgames.games"
#: This distribution, whose own games are read first (cheaper than scanning all).
DISTRIBUTION = "teachgames"

_entry_points: dict[str, str] | None = None
_own: dict[str, str] | None = None
_registered: dict[str, type[Game[Any, Any]]] = {}
_loaded: dict[str, type[Game[Any, Any]]] = {}


def _own_entry_points() -> dict[str, str]:
    """This distribution's games, name -> "module:attr", read straight from its
    ``entry_points.txt``: ``importlib.metadata`` costs more than all of
    ``import teachgames``, and making a built-in game should not pay for it."""
    global _own
    if _own is None:
        _own = {}
        for name, info in _distributions():
            if name == DISTRIBUTION:
                _own = _parse_entry_points(os.path.join(info, "entry_points.txt"))
                break
    return _own


def _distributions() -> Iterator[tuple[str, str]]:
    """Each installed distribution's metadata folder (``*.dist-info``, ``*.egg-info``) in
    the folders of ``sys.path``, as (its normalised name, the folder's path): in path
    order, the first copy of a distribution only, as ``importlib.metadata`` reads them.
    Lazy, so that finding this distribution's own games stops at it."""
    seen: set[str] = set()
    for folder in sys.path:
        try:
            entries = os.listdir(folder or ".")
        except OSError:
            continue
        for entry in entries:
            if not entry.endswith((".dist-info", ".egg-info")):
                continue
            name = _normalised(entry.rpartition(".")[0].partition("-")[0])
            if name not in seen:
                seen.add(name)
                yield name, os.path.join(folder or ".", entry)


def _parse_entry_points(path: str) -> dict[str, str]:
    found: dict[str, str] = {}
    group = ""
    try:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                line = line.strip()
                if line.startswith("[") and line.endswith("]"):
                    group = line[1:-1].strip()
                elif group == ENTRY_GROUP and "=" in line:
                    name, _, value = line.partition("=")
                    found[name.strip()] = value.strip()
    except OSError:
        pass
    return found


def _installed() -> dict[str, str]:
    """Every installed game's registration, name -> "module:attr", scanned once.

    Read like ``importlib.metadata.entry_points(group=ENTRY_GROUP)`` reads it: the
    ``entry_points.txt`` of each distribution on the path (``_distributions``); but
    directly, since importing ``importlib.metadata`` (with ``email``, ``zipfile``, ``csv``
    and ``pathlib``) took a third of a second: more than the rest of the command line's
    start. Distributions inside zip files are not read (no game is installed so).
    """
    global _entry_points
    if _entry_points is None:
        _entry_points = {}
        for _name, info in _distributions():
            _entry_points.update(_parse_entry_points(os.path.join(info, "entry_points.txt")))
    return _entry_points


def _normalised(distribution: str) -> str:
    """A distribution's name as packaging compares names (``My_Game`` is ``my-game``)."""
    name = distribution.lower().replace("_", "-").replace(".", "-")
    while "--" in name:
        name = name.replace("--", "-")
    return name


def _spec(name: str) -> str | None:
    """The "module:attr" an installed game's registration names, or None."""
    spec = _own_entry_points().get(name)
    if spec is None:
        spec = _installed().get(name)
    return spec


def _place(name: str) -> tuple[int, str]:
    # Installers sort entry points by name, so the lesson order is the games' own ``order``;
    # a plug-in that fails to import still shows (last), and says why when it is used.
    try:
        return (game_class(name).order, name)
    except Exception:
        return (1_000_000, name)


def game_names() -> tuple[str, ...]:
    """Every game that can be played, installed ones in lesson order, then registered ones."""
    installed = sorted({*_own_entry_points(), *_installed()}, key=_place)
    return tuple(installed + [n for n in _registered if n not in installed])


def register_game(name: str, cls: type[Game[Any, Any]]) -> type[Game[Any, Any]]:
    """Make ``cls`` playable as ``name`` (for a game written in a notebook or a test).

    Registering a name again replaces the earlier class (a notebook cell run twice).
    Returns ``cls``, so it can be used as a decorator helper.
    """
    if not isinstance(name, str) or not name.isidentifier() or not name.islower():
        raise ValueError(f"a game's name is a lower-case Python name, not {name!r}")
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise TypeError(f"register_game needs a subclass of teachgames.core.Game, not {cls!r}")
    if getattr(cls, "name", None) != name:
        cls.name = name
    _registered[name] = cls
    _loaded.pop(name, None)
    return cls


def unregister_game(name: str) -> None:
    """Forget a game added with :func:`register_game` (installed games stay)."""
    _registered.pop(name, None)
    _loaded.pop(name, None)


def game_class(name: str) -> type[Game[Any, Any]]:
    """The Game subclass for ``name``, imported only now."""
    if not isinstance(name, str):
        raise ValueError(f"a game is named by text, not {name!r}")
    cls = _loaded.get(name)
    if cls is not None:
        return cls
    if name in _registered:
        cls = _registered[name]
    else:
        spec = _spec(name)
        if spec is None:
            known = ", ".join(game_names()) or "none (is teachgames installed?)"
            raise ValueError(f"unknown game {name!r}; the games are: {known}")
        loaded = resolve(spec)
        if not (isinstance(loaded, type) and issubclass(loaded, Game)):
            raise TypeError(f"the entry point {spec!r} for {name!r} is not a teachgames Game class")
        cls = loaded
    _loaded[name] = cls
    return cls


def game_module(name: str) -> str:
    """The module a game's registration points at (what ``teachgames.<name>`` is)."""
    if name in _registered:
        return _registered[name].__module__
    spec = _spec(name)
    if spec is None:
        raise ValueError(f"unknown game {name!r}")
    return spec.partition(":")[0]


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
    except (ValueError, TypeError, ImportError) as exc:
        raise GameFileError(f"the saved game names a game this version cannot load: {exc}") from None
    return cls.from_saved(data)
