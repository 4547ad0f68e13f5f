"""The Delissimo widget itself: its options, its modes and the view-model's common part.

Play mode is :class:`.play.DelissimoPlay`, replay mode :class:`.replay.DelissimoReplay`,
the static fallback :mod:`.static`; see the package docstring for the options.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ...core.i18n import resolve_language
from ..bots import BOT_ACTIONS, DEFAULT_BOT_DELAY_MS
from ..replay import REPLAY_ACTIONS
from .play import PLAY_ACTIONS, DelissimoPlay
from .replay import DelissimoReplay
from .static import widget_static_html

MODES = ("replay", "play")


class DelissimoWidget(DelissimoPlay, DelissimoReplay):
    """Replay or play a Delissimo game; see :mod:`teachgames.widgets.delissimo`."""

    actions: ClassVar[frozenset[str]] = REPLAY_ACTIONS | PLAY_ACTIONS | BOT_ACTIONS
    quiet_actions: ClassVar[frozenset[str]] = BOT_ACTIONS

    def __init__(
        self,
        game: Any,
        mode: str | None = None,
        players: Sequence[Any] | None = None,
        view: str | int | None = None,
        bot_delay_ms: int = DEFAULT_BOT_DELAY_MS,
        language: str | None = None,
        **kwargs: Any,
    ) -> None:
        if getattr(game, "name", None) != "delissimo":
            raise TypeError(f"DelissimoWidget shows a Delissimo game, not {game!r}")
        if mode is None:
            mode = "replay" if game.history or game.is_over() else "play"
        if mode not in MODES:
            raise ValueError(f"mode must be 'replay' or 'play', not {mode!r}")
        self.language = resolve_language(language)
        self.game = game
        self.mode = mode
        self.seat_players(players, view)
        self.init_bots(bot_delay_ms)
        self.init_play()
        self.init_replay()
        self._explain_cache = {}
        super().__init__(language=self.language, **kwargs)
        if mode == "replay":
            self.start_replay(game)
        self.publish()

    def build_view_model(self) -> dict[str, Any]:
        vm = self.replay_view_model() if self.mode == "replay" else self._play_vm()
        vm["message"] = self.message
        vm["language"] = self.language
        vm["labels"] = self.front_end_labels()
        return vm

    def static_html(self) -> str:
        return widget_static_html(self)
