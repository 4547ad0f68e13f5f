"""The one constructor of a turn-based game's widget: play with pupils and bots, or replay.

Every turn-based game's widget takes the same options (``mode``, ``players``, ``view``,
``bot_delay`` or ``bot_delay_ms``, ``language``, ``size``) and starts the same way, so
it is written once here. A game's widget names its ``modes`` and sets up its own fields
in :meth:`TurnWidget.init_state`::

    class TsvetikWidget(TurnWidget):
        domain = "tsvetik"
        def init_state(self) -> None:
            self.hint_field = None

Game-independent and light (anywidget is loaded by :mod:`.base`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, ClassVar

from .bots import BotTurns, delay_ms
from .explanations import explanation_dict
from .replay import ReplayStepping
from .viewmodel import Explanation

log = logging.getLogger(__name__)


class TurnWidget(ReplayStepping, BotTurns):
    """A turn-based game's widget: seats, bots one move at a time, replay stepping."""

    #: The modes this widget shows.
    modes: ClassVar[tuple[str, ...]] = ("replay", "play")

    def __init__(
        self,
        game: Any,
        mode: str | None = None,
        players: Sequence[Any] | None = None,
        view: str | int | None = None,
        bot_delay: float | None = None,
        language: str | None = None,
        size: str = "normal",
        bot_delay_ms: int | None = None,
        **kwargs: Any,
    ) -> None:
        self.seat_game(game, mode, players, view, language, size, self.modes)
        self.init_bots(delay_ms(bot_delay, bot_delay_ms))
        self.init_replay()
        self.init_state()
        self.open_widget(**kwargs)

    def init_state(self) -> None:
        """Set up the game's own fields before the first view-model (hook)."""

    def _scores_explanation(self, game: Any) -> Explanation | None:
        """How every score of ``game`` was reached, as the engine explains it (its title,
        the players' names); None, logged, when the engine cannot: a widget never breaks."""
        try:
            exp = game.explain_scores(language=self.language, names=list(self.names))
        except Exception:
            log.exception("teachgames: score explanation failed")
            return None
        return explanation_dict(exp, str(exp.title))
