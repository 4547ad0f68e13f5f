"""Replay stepping: ⏮ ◀ slider ▶ ⏭ and the arrow keys, Home, End, over a played game.

Game-independent: :class:`ReplayStepping` keeps the positions before every move
(``game.replay()``) and the moves (``game.history``), the step shown (0..number of
moves; the last step is the position after every move), the navigation intents and
buttons, and a per-step cache of what the game's widget builds for a step in
:meth:`ReplayStepping._replay_step`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import GameWidget, IntentRefused
from .viewmodel import ViewModel

#: The intents of replay stepping.
REPLAY_ACTIONS = frozenset({"first", "prev", "next", "last", "goto"})
#: Keyboard keys -> replay actions.
REPLAY_KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}


class ReplayStepping(GameWidget):
    """Step through a played game (see the module doc)."""

    mode: str
    step: int
    _positions: list[Any]
    _moves: tuple[Any, ...]
    _step_cache: dict[int, ViewModel]
    _step_moved: bool

    def init_replay(self) -> None:
        self.step = 0
        self._positions = []
        self._moves = ()
        self._step_cache = {}
        self._step_moved = False

    def start_replay(self, game: Any) -> None:
        """Take the positions and moves of ``game`` (a snapshot: later moves are not seen)."""
        self._positions = list(game.replay())
        self._moves = tuple(game.history)

    def replay_position(self) -> tuple[Any, Any | None]:
        """The position shown and the move made from it (None at the last step)."""
        pos = self._positions[self.step]
        move = self._moves[self.step] if self.step < len(self._moves) else None
        return pos, move

    def static_note(self) -> str:
        """In replay mode: where in the game the static copy stands and that the moves
        are in the live widget ("The start of the game: 60 moves follow ...")."""
        total = len(self._moves)
        if self.mode != "replay" or total == 0 or self.step >= total:
            return ""
        if self.step == 0:
            return self.t("static.replay_start", n=total)
        return self.t("static.replay_step", step=self.step, total=total)

    def _replay_step(self, i: int) -> ViewModel:
        """The view-model of step ``i`` without buttons and keys (cached per step)."""
        raise NotImplementedError

    def replay_view_model(self) -> ViewModel:
        """The current step's view-model, with the navigation buttons and keys."""
        cached = self._step_cache.get(self.step)
        if cached is None:
            cached = self._replay_step(self.step)
            self._step_cache[self.step] = cached
        n = len(self._moves)
        i = self.step
        vm: ViewModel = {**cached}
        nav = [
            ("first", self.t("nav.first"), "⏮", i > 0),
            ("prev", self.t("nav.prev"), "◀", i > 0),
            ("next", self.t("nav.next"), "▶", i < n),
            ("last", self.t("nav.last"), "⏭", i < n),
        ]
        vm["buttons"] = [
            {"action": a, "icon": a, "label": label, "text": text, "enabled": on, "group": "nav"}
            for a, label, text, on in nav
        ]
        vm["keys"] = dict(REPLAY_KEYS)
        if self._step_moved:  # a step the pupil went to: said by the live region
            self._step_moved = False
            step = vm.get("step")
            self.announce(" ".join(str(w) for w in (step and step["label"], vm.get("move_text")) if w))
        return vm

    def _goto(self, step: int) -> None:
        if self.mode != "replay":
            raise IntentRefused(self.t("refused.replay_only"))
        self.step = max(0, min(len(self._moves), step))
        self.message = None
        self._step_moved = True

    def intent_first(self, content: Mapping[str, Any]) -> None:
        self._goto(0)

    def intent_prev(self, content: Mapping[str, Any]) -> None:
        self._goto(self.step - 1)

    def intent_next(self, content: Mapping[str, Any]) -> None:
        self._goto(self.step + 1)

    def intent_last(self, content: Mapping[str, Any]) -> None:
        self._goto(len(self._moves))

    def intent_goto(self, content: Mapping[str, Any]) -> None:
        step = self.arg(content, "step")
        if isinstance(step, bool) or not isinstance(step, int):
            raise IntentRefused(self.t("refused.goto"))
        self._goto(step)
