"""Which games exist, and how to make or load one without importing the others.

A game is a plug-in: its package plus **one registration**, an entry point in the group
``teachgames.games`` (``delissimo = "teachgames.delissimo:Game"`` in ``pyproject.toml``;
a teacher's own package declares its game the same way), or
:func:`register_game` for a game written in a notebook. Everything else (``GAMES``,
``teachgames.<game>``, ``show()``, the static pictures, export, the CLI, the lesson
builder, the site) asks this module, and the message catalogue asks the module under it
(:mod:`teachgames.core.plugins`, which reads the entry points), so adding a game edits
nothing outside its folder, and the folder may be in any installed package.

Lower layers reach higher ones only through *specs*, ``"module:attribute"`` strings that
a game class names (its widget, its static picture) and that :func:`resolve` imports on
first use: the engine never imports the widget layer, and there is no import cycle.
"""

from __future__ import annotations

from typing import Any

from .codes import card_names, decode, unpack
from .errors import GameFileError, file_error
from .game import Game, parse_saved
from .i18n import forget_messages
from .plugins import ENTRY_GROUP, installed, note_module, package_of
from .specs import resolve

__all__ = [
    "ENTRY_GROUP",
    "game_class",
    "game_module",
    "game_names",
    "game_package",
    "load_game",
    "load_position",
    "new_game",
    "register_game",
    "unregister_game",
]

_registered: dict[str, type[Game[Any, Any]]] = {}
_loaded: dict[str, type[Game[Any, Any]]] = {}


def _installed() -> dict[str, str]:
    """Every installed game's registration, name -> "module:attr", read once."""
    return installed()


def _spec(name: str) -> str | None:
    """The "module:attr" an installed game's registration names, or None."""
    return _installed().get(name)


def _place(name: str) -> tuple[int, str]:
    # Installers sort entry points by name, so the lesson order is the games' own ``order``;
    # a plug-in that fails to import still shows (last), and says why when it is used.
    try:
        return (game_class(name).order, name)
    except Exception:
        return (1_000_000, name)


def game_names() -> tuple[str, ...]:
    """Every game that can be played, installed ones in lesson order, then registered ones."""
    installed = sorted(_installed(), key=_place)
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
    note_module(name, cls.__module__)
    forget_messages()  # the name's words may now come from the class's package
    return cls


def unregister_game(name: str) -> None:
    """Forget a game added with :func:`register_game` (installed games stay)."""
    _registered.pop(name, None)
    _loaded.pop(name, None)
    note_module(name, None)
    forget_messages()


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


def game_package(name: str) -> str | None:
    """The package that is the game's folder (its ``locales/``, its ``lesson/``): the
    registration's module when it is a package, else the package around it; None for a
    game written in a notebook."""
    if name not in _registered and _spec(name) is None:
        raise ValueError(f"unknown game {name!r}")
    return package_of(name)


def new_game(name: str, **options: Any) -> Game[Any, Any]:
    """Start a new game: ``new_game("delissimo", level="basic", players=3, seed=7)``."""
    return game_class(name).new(**options)


def load_game(text: str | bytes) -> Game[Any, Any]:
    """Rebuild a saved game; anything wrong with ``text`` raises GameFileError."""
    data = parse_saved(text)
    name = data["game"]
    try:
        cls = game_class(name)
    except (ValueError, TypeError, ImportError) as exc:
        raise GameFileError(f"the saved game names a game this version cannot load: {exc}") from None
    return cls.from_saved(data)


def load_position(code: object) -> Game[Any, Any]:
    """A game at the position ``code`` holds (``teachgames.load_position``): any game, checked
    by the game's own position readers; a code that is wrong or cannot exist raises
    GameFileError with the reason in plain words."""
    game_name, position = decode(code)
    try:
        cls = game_class(game_name)
    except (ValueError, TypeError, ImportError):
        raise file_error("core.code.unknown_game", game=game_name) from None
    return cls.at_position(unpack(position, card_names(cls)))
