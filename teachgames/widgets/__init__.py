"""Widgets: one anywidget per game view, built on :class:`teachgames.widgets.base.GameWidget`.

``teachgames.show(game, **options)`` picks the widget for ``game.name`` and displays it.
Importing this package is light (no anywidget, no sympy): the widget modules load only
when a widget is made, so an engine may import :mod:`teachgames.widgets.mixin` freely.

Every game's widget builds on the shared modules: :mod:`.base` (versioned view-model,
intents, stale refusal), :mod:`.labels` (the widgets catalogue), :mod:`.seats` (pupils
and bots at the table, whose view), :mod:`.bots` (bot moves one at a time after a
delay), :mod:`.replay` (replay stepping) and :mod:`.explanations`. A game's widget is the
widget layer of its plug-in and lives in the game's folder (``teachgames/<game>/widget/``);
the game class names it (``widget = "teachgames.delissimo.widget:DelissimoWidget"``) and
this package imports it on first use, so it knows no game itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .base import GameWidget

__all__ = ["make_widget", "resolve_spec", "show", "widget_class"]


def game_spec(game_or_class: Any, attribute: str) -> str | None:
    """The game class's ``widget`` or ``static_html`` spec ("module:name"), or None."""
    spec = getattr(game_or_class, attribute, None)
    return spec if isinstance(spec, str) and ":" in spec else None


def resolve_spec(spec: str) -> Any:
    """The object a ``"module:name"`` spec names, imported now (the registry's resolver)."""
    from ..core.registry import resolve

    return resolve(spec)


def _game_class(game_or_name: Any) -> Any:
    if isinstance(game_or_name, str):
        try:
            from ..core.registry import game_class

            return game_class(game_or_name)
        except (ValueError, NotImplementedError, ImportError):
            return None
    return type(game_or_name)


def widget_class(game_or_name: Any) -> type[GameWidget]:
    """The widget class of a game (or a game's registered name): the game class's
    ``widget`` attribute, ``"module:Class"``, imported now."""
    cls_of_game = _game_class(game_or_name)
    spec = game_spec(cls_of_game, "widget") if cls_of_game is not None else None
    name = game_or_name if isinstance(game_or_name, str) else getattr(game_or_name, "name", "?")
    if spec is None:
        raise NotImplementedError(f"there is no widget for {name!r} (its class names none)")
    cls: type[GameWidget] = resolve_spec(spec)
    return cls


def make_widget(game: Any, **options: Any) -> GameWidget:
    """A widget for ``game`` (the class its game class names) without displaying it."""
    name = getattr(game, "name", None)
    if not isinstance(name, str):
        raise TypeError(f"show() needs a teachgames game, not {type(game).__name__}")
    cls: Any = widget_class(game)
    widget: GameWidget = cls(game, **options)
    return widget


def show(game: Any, **options: Any) -> GameWidget:
    """Display the widget for ``game`` in the notebook and return it.

    Options are the widget's own, for Delissimo e.g. ``mode="replay"`` or
    ``mode="play", players=["Pupil", teachgames.bots.GreedyBot()], view="pupil"``
    (see :class:`teachgames.delissimo.widget.DelissimoWidget`). Both
    ``w = teachgames.show(g)`` and a bare ``teachgames.show(g)`` as the last line of a
    cell show the widget exactly once.
    """
    widget = make_widget(game, **options)
    widget.display_once()
    return widget
