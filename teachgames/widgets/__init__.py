"""Widgets: one anywidget per game view, built on :class:`teachgames.widgets.base.GameWidget`.

``teachgames.show(game, **options)`` picks the widget for ``game.name`` and displays it.
Importing this package is light (no anywidget, no sympy): the widget modules load only
when a widget is made, so an engine may import :mod:`teachgames.widgets.mixin` freely.

Every game's widget builds on the shared modules: :mod:`.base` (versioned view-model,
intents, stale refusal), :mod:`.labels` (the widgets catalogue), :mod:`.seats` (pupils
and bots at the table, whose view), :mod:`.bots` (bot moves one at a time after a
delay), :mod:`.replay` (replay stepping) and :mod:`.explanations`. A game's own package
(e.g. :mod:`.delissimo`) holds only what is particular to that game.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .base import GameWidget

__all__ = ["WIDGETS", "make_widget", "show"]

#: Game name -> "module:Class" of its widget (imported on first use).
WIDGETS: dict[str, str] = {"delissimo": "teachgames.widgets.delissimo:DelissimoWidget"}


def widget_class(name: str) -> type[GameWidget]:
    """The widget class for a game name."""
    spec = WIDGETS.get(name)
    if spec is None:
        raise NotImplementedError(
            f"there is no widget for {name!r} yet (widgets exist for: {', '.join(WIDGETS)})"
        )
    module, _, cls_name = spec.partition(":")
    cls: type[GameWidget] = getattr(importlib.import_module(module), cls_name)
    return cls


def make_widget(game: Any, **options: Any) -> GameWidget:
    """A widget for ``game`` (dispatching on ``game.name``) without displaying it."""
    name = getattr(game, "name", None)
    if not isinstance(name, str):
        raise TypeError(f"show() needs a teachgames game, not {type(game).__name__}")
    cls: Any = widget_class(name)
    widget: GameWidget = cls(game, **options)
    return widget


def show(game: Any, **options: Any) -> GameWidget:
    """Display the widget for ``game`` in the notebook and return it.

    Options are the widget's own, for Delissimo e.g. ``mode="replay"`` or
    ``mode="play", players=["Pupil", teachgames.bots.GreedyBot()], view="pupil"``
    (see :class:`teachgames.widgets.delissimo.DelissimoWidget`). Both
    ``w = teachgames.show(g)`` and a bare ``teachgames.show(g)`` as the last line of a
    cell show the widget exactly once.
    """
    widget = make_widget(game, **options)
    widget.display_once()
    return widget
