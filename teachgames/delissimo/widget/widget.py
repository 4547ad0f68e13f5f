"""The Delissimo widget itself: its options, its modes and the view-model's common part.

Play mode is :class:`.play.DelissimoPlay`, replay mode :class:`.replay.DelissimoReplay`,
the static fallback :mod:`teachgames.delissimo.draw.static`; see the package docstring for the options.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import Any, ClassVar

from ...widgets.base import escape
from ...widgets.bots import BOT_ACTIONS
from ...widgets.replay import REPLAY_ACTIONS
from ...widgets.turns import TurnWidget
from ...widgets.viewmodel import ViewModel
from ..draw.numbers import check_form
from ..draw.static import static_page
from .play import PLAY_ACTIONS, DelissimoPlay
from .replay import DelissimoReplay

MODES = ("replay", "play")

log = logging.getLogger(__name__)


class DelissimoWidget(DelissimoPlay, DelissimoReplay, TurnWidget):
    """Replay or play a Delissimo game; see :mod:`teachgames.delissimo.widget`."""

    actions: ClassVar[frozenset[str]] = REPLAY_ACTIONS | PLAY_ACTIONS | BOT_ACTIONS
    quiet_actions: ClassVar[frozenset[str]] = BOT_ACTIONS
    domain: ClassVar[str | None] = "delissimo"

    modes: ClassVar[tuple[str, ...]] = MODES

    def __init__(self, game: Any, *args: Any, number_form: str | None = None, **kwargs: Any) -> None:
        """The options of every turn-based widget (:class:`TurnWidget`), and the lesson's
        ``number_form`` of every score ("fraction", "slices", ...)."""
        self._number_form_given = number_form
        super().__init__(game, *args, **kwargs)

    def init_state(self) -> None:
        self.number_form = check_form(self._number_form_given, self.game.view().get("level"))
        self.init_play()
        self._explain_cache = {}

    # ------------------------------------------------------------ staleness
    def _position(self) -> tuple[Any, ...]:
        """What a click's meaning depends on: the moves played, the step shown, the
        language; not the pupil's own selection or hint."""
        history = self.game.history
        last = json.dumps(history[-1].to_dict(), sort_keys=True) if history else None
        return (len(history), last, self.mode, self.step, self.language)

    def publish(self, vm: Any = None) -> None:
        super().publish(vm)
        position = self._position()
        if position != getattr(self, "_published_position", None):
            self._published_position = position
            self._position_version = self.version

    def is_stale(self, content: Mapping[str, Any]) -> bool:
        """Stale only if the table changed (a move, Undo, a replay step) after the view
        the click was made on: two quick clicks on cards both count, but a click made
        before a bot's move is refused. Replay navigation is never stale."""
        version = content.get("version")
        if isinstance(version, bool) or not isinstance(version, int) or version > self.version:
            return True
        if content.get("action") in REPLAY_ACTIONS:
            return False  # "Next" twice quickly means two steps; "goto" names its step
        return version < getattr(self, "_position_version", 0)

    def build_view_model(self) -> ViewModel:
        vm = self.replay_view_model() if self.mode == "replay" else self._play_vm()
        vm["message"] = self.message
        vm["size"] = self.size
        return vm

    def language_changed(self) -> None:
        # every cached word and picture was in the old language
        super().language_changed()
        self._explain_cache.clear()
        self._step_cache.clear()
        self.bot_log = []

    def static_html(self) -> str:
        """What the widget shows now (its view, step, move and explanation) as static HTML."""
        try:
            if self.mode == "replay":
                pos, move = self.replay_position()
                view = pos.view(player=self._viewer(pos))
            else:
                pos, move = self.game, None
                view = pos.view(player=self._viewer())
            # the engine's one answer, as the widget's outline uses it
            highlight = [] if move is None else list(pos.cards_used(move))
            vm = self.view_model
            exp = vm.get("explanation") or vm.get("message") or None
            return static_page(
                view, self.names, highlight, vm.get("move_text"), exp, self.language, self.number_form
            )
        except Exception:
            log.exception("teachgames: static picture failed")
            return f"<pre>{escape(repr(self.game))}</pre>"
