"""Widgets: one anywidget per game view, built on :class:`teachgames.widgets.base.GameWidget`.

``teachgames.show(game, **options)`` makes the widget the game's class names and displays
it. Importing this package is light (no anywidget, no sympy).

The widget layer knows no game. A game's widget is the widget layer of its plug-in and
lives in the game's folder (``teachgames/<game>/widget*``, the only modules that may import
``teachgames.widgets``); the game class names it and its static fallback::

    class TsvetikGame(Game[...]):
        widget = "teachgames.tsvetik.widget:TsvetikWidget"
        static_html = "teachgames.tsvetik.draw:static_html"         # (game) -> str

**Writing a game's widget** (see :class:`teachgames.delissimo.widget.DelissimoWidget` for a
turn-based one and ``tests/widgets/test_realtime_widget.py`` for a simultaneous one)::

    from teachgames.widgets.base import IntentRefused
    from teachgames.widgets.bots import BOT_ACTIONS
    from teachgames.widgets.replay import REPLAY_ACTIONS
    from teachgames.widgets.turns import TurnWidget
    from teachgames.widgets.viewmodel import ViewModel

    class TsvetikWidget(TurnWidget):       # the one constructor: mode, players, view,
        domain = "tsvetik"                 # bot_delay, language, size (see .turns)
        actions = REPLAY_ACTIONS | BOT_ACTIONS | {"take", "place"}
        quiet_actions = BOT_ACTIONS

        def init_state(self):              # the game's own fields, before the first view
            self.hint_field = None

        def build_view_model(self) -> ViewModel:         # typed JSON, no version
            return {"title": ..., "status": ..., "zones": [...], "buttons": [...],
                    "message": self.message, "bot": ..., "log": self.bot_log_view()}

        def intent_take(self, content):                  # {"action": "take", "args": {"field": 2}}
            field = self.arg(content, "field")
            ...  # change Python state only; raise IntentRefused(words) to refuse

        def language_changed(self):                      # the EN/RU/BG switch: drop caches
            super().language_changed()

What the shared modules give (one job each):

- :mod:`.viewmodel` -- the view-model as TypedDicts (``ViewModel``, ``Zone``, ``Card``, ...),
  checked by mypy; :mod:`.turns` -- the one constructor of a turn-based game's widget;
- :mod:`.base` -- the versioned view-model, intents with ``args``, refusals, ``is_stale``
  (turn-based default: any older version), ``self.t(key, **values)`` and
  ``self.tn(key, n)`` (plural fields ``{n|card|cards}``), ``self.say(kind, text, svg)``,
  ``self.picture(name, make)`` (a card's SVG sent once: cards carry ``"picture": name``),
  the language switch (``"language"`` intent), ``Unchanged`` (accepted, nothing to redraw);
- :mod:`.seats` -- ``players=`` as seats (pupils, bots), whose eyes (``view=``), whose turn;
- :mod:`.bots` -- one bot move per ``bot_step`` after ``bot_delay`` seconds, Undo off while
  bots play (``bots_playing()``), every bot move listed (``log_bot_move``, ``bot_log_view``);
- :mod:`.replay` -- ⏮ ◀ slider ▶ ⏭ and the keys over ``game.replay()``;
- :mod:`.realtime` -- simultaneous games: ``play_now(move)`` through the core arbiter at the
  current time (the engine, not a version, decides staleness), bots on the core
  ``Scheduler`` advanced by the front-end's ``tick`` (``tick_request()`` in the view-model),
  ``pause``/``resume``;
- :mod:`.explanations` -- an Explanation as ``{"title", "text", "svg"}``;
- :mod:`.labels` -- the catalogue lookups; ``static/game.js`` and ``static/game.css`` -- the
  one front-end (zones of cards, empty slots, grids such as a score pad, per-player panels,
  compact hidden hands, zones side by side in wrapping rows, controls under the pupil's own
  zone or the table they act on, the move list, the switch).

The view-model's keys are listed in :mod:`.base`. Every word comes from a catalogue: the
game's own under ``"widget"`` in ``teachgames/<game>/locales/<lang>.json``, the shared
ones in ``teachgames/widgets/locales/`` (no game's words there).
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
    from ..core.specs import resolve

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
    ``widget`` attribute, ``"module:Class"``, imported now; a game that names none is
    played in :class:`~teachgames.widgets.contract.ContractWidget`, built from its contract."""
    cls_of_game = _game_class(game_or_name)
    spec = game_spec(cls_of_game, "widget") if cls_of_game is not None else None
    name = game_or_name if isinstance(game_or_name, str) else getattr(game_or_name, "name", "?")
    if spec is None:
        from ..core.game import Game

        if not (isinstance(cls_of_game, type) and issubclass(cls_of_game, Game)):
            raise NotImplementedError(f"there is no widget for {name!r}: it is not a teachgames game")
        from .contract import ContractWidget

        return ContractWidget
    cls: type[GameWidget] = resolve_spec(spec)
    return cls


def make_widget(game: Any, **options: Any) -> GameWidget:
    """A widget for ``game`` (the class its game class names) without displaying it."""
    name = getattr(game, "name", None)
    if not isinstance(name, str):
        raise TypeError(f"show() needs a teachgames game, not {type(game).__name__}")
    cls: Any = widget_class(game)
    widget: GameWidget = cls(game, **options)
    from .warmup import warm_explanations

    warm_explanations(game)  # the first explanation is ready by the pupil's first click
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
