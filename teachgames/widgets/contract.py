"""A widget for any game, built from the Game contract alone.

A game that names no widget of its own (a teacher's fifth game written in a notebook, a
plug-in still being built) is still playable in a notebook: its picture (``picture()``),
every legal move as a button in words (``describe()``), the explanation of each move
(``explain()``), Undo, the scores and a bot for every seat that is not a pupil. It uses
only the contract, so it also proves that the contract is enough to play a game.

In a simultaneous game the moves listed are the pupil's (seat 0 unless ``pupil=``), and
the bots move after each of the pupil's moves, one action each.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from .base import GameWidget, IntentRefused, escape
from .explanations import explanation_dict
from .seats import bot_name
from .viewmodel import ViewModel

#: Moves shown as buttons at most (a game with hundreds of legal moves stays usable).
MAX_MOVE_BUTTONS = 40
#: Bot moves after one pupil move at most (a rules bug must not freeze the notebook).
MAX_BOT_MOVES = 500


class ContractWidget(GameWidget):
    """Play or step through any registered game with nothing but its contract."""

    actions: ClassVar[frozenset[str]] = frozenset({"move", "undo"})

    def __init__(self, game: Any, players: Sequence[Any] | None = None, pupil: int = 0,
                 language: str | None = None, **kwargs: Any) -> None:
        super().__init__(language=language, **kwargs)
        self.game = game
        seats = list(players) if players is not None else [None] * game.players
        if len(seats) != game.players:
            raise ValueError(f"{game.players} players need {game.players} seats, got {len(seats)}")
        #: A seat is a pupil's name (text) or a bot (anything with ``choose``); None is a seat
        #: played by hand, named "Player N" in the widget's language (the default: every seat).
        self.seats = seats
        self.pupil = pupil
        self.explained: Any = None
        self.publish()

    # ------------------------------------------------------------ seats
    def _bot(self, player: int) -> Any:
        seat = self.seats[player]
        return seat if callable(getattr(seat, "choose", None)) else None

    def name(self, player: int) -> str:
        seat = self.seats[player]
        if isinstance(seat, str):
            return seat
        base = self.t("player", n=player + 1)
        if not callable(getattr(seat, "choose", None)):
            return base
        return self.t("name_with_player", name=bot_name(seat, self.language), player=base)

    def _bot_acts(self) -> bool:
        player = self.acting()
        return player is not None and self._bot(player) is not None

    def acting(self) -> int | None:
        """Whose moves the buttons offer: the player to act, or the pupil in a simultaneous game."""
        if self.game.is_over():
            return None
        current = self.game.current_player
        return self.pupil if current is None else current

    def moves(self) -> list[Any]:
        player = self.acting()
        if player is None:
            return []
        if self.game.current_player is None:
            return list(self.game.legal_moves(player))
        return list(self.game.legal_moves())

    # ------------------------------------------------------------ intents
    def intent_move(self, content: Mapping[str, Any]) -> None:
        index = self.arg(content, "index")
        moves = self.moves()
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(moves):
            raise IntentRefused(self.t("refused.move_gone"))
        player = self.acting()
        if player is not None and self._bot(player) is not None:
            raise IntentRefused(self.t("refused.not_your_turn", name=self.name(player)))
        move = moves[index]
        self.explained = self.game.explain(move, language=self.language)
        self.game.play(move)
        self.message = None
        self._run_bots()

    def intent_undo(self, content: Mapping[str, Any]) -> None:
        if not self.game.history:
            raise IntentRefused(self.t("undo.none"))
        self.game.undo()
        while self.game.history and self._bot_acts():
            self.game.undo()
        self.explained = None
        self.say("info", self.t("undo.one"))

    def _run_bots(self) -> None:
        for _ in range(MAX_BOT_MOVES):
            if self.game.is_over():
                return
            current = self.game.current_player
            if current is None:  # simultaneous: each bot acts once after the pupil
                for player in range(self.game.players):
                    bot = self._bot(player)
                    if bot is not None and self.game.legal_moves(player):
                        self.game.play(bot.choose(self.game, player))
                return
            bot = self._bot(current)
            if bot is None:
                return
            self.game.play(bot.choose(self.game, current))

    # ------------------------------------------------------------ view-model
    def build_view_model(self) -> ViewModel:
        g = self.game
        step = len(g.history)
        table = self.picture(f"table-{step}-{self.language}", lambda: str(g.picture(language=self.language)))
        player = self.acting()
        if player is None:
            status = self.t("status.game_over")
        else:
            status = self.t("status.to_play", name=self.name(player))
        moves = self.moves()[:MAX_MOVE_BUTTONS]
        scores = g.scores()
        explained = explanation_dict(self.explained, self.t("explain.why")) if self.explained else None
        return {
            "game": g.name,
            "mode": "play",
            "title": g.title(self.language),
            "status": status,
            "zones": [{"id": "table", "label": g.title(self.language), "cards": [
                {"key": "table", "name": "table", "picture": table, "alt": g.title(self.language)}]}],
            "moves": [{"index": i, "label": g.describe(m, self.language)} for i, m in enumerate(moves)],
            "buttons": [{"action": "undo", "label": self.t("btn.undo"), "enabled": bool(g.history)}],
            "message": self.message,
            "explanation": explained,
            "scores": [{"player": p, "name": self.name(p), "score": str(scores[p]), "current": p == player}
                       for p in range(g.players)],
        }

    def static_html(self) -> str:
        return f'<div class="teachgames-static">{self.game.picture(language=self.language)}' \
               f"<p>{escape(self.game.title(self.language))}</p></div>"
