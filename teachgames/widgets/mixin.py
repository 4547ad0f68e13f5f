"""How a game shows itself in a notebook: the live widget, with a static fallback.

The core ``Game`` displays itself through the registry (``teachgames.core.game.DISPLAY``
names :func:`game_mimebundle`, ``STATIC_FALLBACK`` names :func:`static_html`), so an engine
never imports this layer: in Jupyter a game shows as its widget (replay mode when moves were
played or the game is over, otherwise play mode with every seat a pupil) plus a
``text/html`` fallback of the table, so exported notebooks and hosts without widgets still
show the board. The widget and the fallback are the ones the game class names (its
``widget`` and ``static_html`` specs). :class:`WidgetDisplayMixin` remains for a game
class written outside the core contract.

Importing this module is light (no anywidget, no sympy).
"""

from __future__ import annotations

import html
import logging
from typing import Any

log = logging.getLogger(__name__)

def static_html(game: Any) -> str:
    """Self-contained HTML (inline SVG, no script) of the game's position: the function
    the game class names in its ``static_html`` attribute ("module:function")."""
    from . import game_spec, resolve_spec

    spec = game_spec(type(game), "static_html")
    try:
        if spec is None:  # a game without a page of its own: its picture
            return f'<div class="teachgames-static">{game.picture()}</div>'
        text: str = resolve_spec(spec)(game)
    except Exception:  # a picture must never break a notebook
        log.exception("teachgames: static picture of %r failed", game)
        return f"<pre>{html.escape(repr(game))}</pre>"
    return text


def game_mimebundle(game: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The widget's MIME bundle (widget view + text/html fallback), or HTML alone."""
    try:
        from . import make_widget

        widget = make_widget(game)
        bundle = widget._repr_mimebundle_()
    except (ImportError, NotImplementedError):
        bundle = None
    if bundle is None:
        return {"text/html": static_html(game), "text/plain": repr(game)}, {}
    data, metadata = bundle
    return dict(data), dict(metadata)


class WidgetDisplayMixin:
    """Gives a Game ``_repr_mimebundle_`` (the widget) and ``_repr_html_`` (static)."""

    def _repr_mimebundle_(
        self, include: Any = None, exclude: Any = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        return game_mimebundle(self)

    def _repr_html_(self) -> str:
        return static_html(self)
