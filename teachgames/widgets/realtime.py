"""Real-time mode for simultaneous games (Ligretto): bots on their own timers, no lost click.

In a simultaneous game nobody waits for a turn, so the turn-based protocol (one global
version; any intent made on an older view is stale) would throw away a pupil's click
whenever a bot's card landed first, even when the pupil's card could still be played.
:class:`RealtimePlay` changes two things:

- **Staleness is the engine's.** :meth:`RealtimePlay.is_stale` lets every intent through;
  a pupil's move is played *at the current time* through the core arbiter
  (:func:`teachgames.core.realtime.settle` via the :class:`~teachgames.core.realtime.Scheduler`),
  and only the game itself refuses it, with its reason ("pile taken"), shown to the pupil.
  So name things by what they are in intent arguments (a card, a pile), not by a position
  that another player's move may shift.
- **Bots act on their own timers.** While a round runs the view-model holds
  ``"tick": {"period_ms"}``; the front-end sends a quiet ``tick`` intent every period
  and Python advances the scheduler to the current time (``clock`` seconds since the
  round started, pauses excluded), so every bot plays at its own speed, deterministic for
  the seed in simulated time. The front-end queues clicks while an intent is in flight,
  so nothing the pupil clicks is dropped.

A teacher can ``pause`` and ``resume`` (intents, or :meth:`RealtimePlay.pause`); the
clock stops meanwhile. A new round starts a new scheduler at time 0. With
``wait_for_start=True`` a round's clock does not run until someone presses Start (the
``start`` intent): a lesson's cells run long before the class plays, and a round timed
from the cell's run would be over before the teacher stops talking.

A game's widget adds :class:`RealtimePlay` to its seated widget, calls
:meth:`RealtimePlay.init_realtime` in ``__init__``, puts :meth:`RealtimePlay.tick_request`
in its view-model, plays a pupil's move with :meth:`RealtimePlay.play_now`, and says
what the bots did in :meth:`RealtimePlay.after_attempts`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from .base import IntentRefused, Unchanged
from .seats import SeatedWidget
from .viewmodel import Tick

#: The intents of real-time mode; ``tick`` is quiet (a timer, several views).
REALTIME_ACTIONS = frozenset({"tick", "pause", "resume", "start"})
QUIET_REALTIME_ACTIONS = frozenset({"tick"})
#: How often the front-end asks Python to move the bots on.
DEFAULT_TICK_MS = 200


class RealtimePlay(SeatedWidget):
    """Real-time play for a simultaneous game (see the module doc)."""

    tick_ms: int
    paused: bool
    started: bool
    wait_for_start: bool
    scheduler: Any
    _clock: Callable[[], float]
    _round_started: float
    _paused_at: float | None
    _round: int
    _seed: int

    def init_realtime(
        self,
        seed: int = 0,
        tick_ms: int = DEFAULT_TICK_MS,
        clock: Callable[[], float] | None = None,
        wait_for_start: bool = False,
    ) -> None:
        """Start the clock and the bots' scheduler (``clock``: seconds, for tests); with
        ``wait_for_start`` the clock waits for :meth:`start`."""
        self.wait_for_start = bool(wait_for_start)
        self.tick_ms = max(20, int(tick_ms))
        self.paused = False
        self._clock = clock or time.monotonic
        self._seed = int(seed)
        self._paused_at = None
        self._new_round()

    def _new_round(self) -> None:
        from ..core.realtime import Scheduler

        self._round = int(getattr(self.game, "round", 1))
        bots = {p: s.bot for p, s in enumerate(self.seats) if s.bot is not None}
        self.scheduler = Scheduler(self.game, bots, seed=self._seed + self._round)
        self._round_started = self._clock()
        self.started = not self.wait_for_start

    def start(self) -> None:
        """Start the round's clock now (nothing moves before; a second press changes nothing)."""
        if not self.started:
            self._round_started = self._clock()
            self._paused_at = None
            self.paused = False
            self.started = True

    # ------------------------------------------------------------ the clock
    def now(self) -> float:
        """Seconds since the round started, pauses excluded (0 until Start)."""
        if not self.started:
            return 0.0
        t = self._paused_at if self._paused_at is not None else self._clock()
        return max(0.0, t - self._round_started)

    def pause(self) -> None:
        if self._paused_at is None:
            self._paused_at = self._clock()
        self.paused = True

    def resume(self) -> None:
        if self._paused_at is not None:
            self._round_started += self._clock() - self._paused_at
            self._paused_at = None
        self.paused = False

    def tick_request(self) -> Tick | None:
        """The view-model's ``tick`` entry while the round runs (None: paused or over)."""
        if self.paused or not self.started or self.mode != "play" or self.game.is_over():
            return None
        if not any(s.bot is not None for s in self.seats):
            return None
        return {"period_ms": self.tick_ms}

    # ------------------------------------------------------------ the engine decides
    def is_stale(self, content: Mapping[str, Any]) -> bool:
        """Never by version: a move is judged by the game at the time it arrives."""
        return False

    def advance(self) -> list[Any]:
        """Move the bots on to the current time; report what they tried."""
        if self.paused or not self.started or self.game.is_over():
            return []
        if int(getattr(self.game, "round", 1)) != self._round:
            self._new_round()
        made = list(self.scheduler.advance(self.now()))
        if made:
            self.after_attempts(made)
        if not self.game.is_over() and int(getattr(self.game, "round", 1)) != self._round:
            self._new_round()
        return made

    def play_now(self, move: Mapping[str, Any]) -> Any:
        """Play a pupil's move now: the bots' earlier cards land first, then the arbiter
        judges this one. Returns its :class:`~teachgames.core.realtime.Attempt`; a refused
        attempt raises :class:`IntentRefused` with the game's reason (never silent)."""
        if self.mode != "play":
            raise IntentRefused(self.t("refused.play_only"))
        if not self.started:
            raise IntentRefused(self.t("refused.not_started"))
        if self.paused:
            raise IntentRefused(self.t("refused.paused"))
        if self.game.is_over():
            raise IntentRefused(self.t("refused.game_over"))
        self.advance()
        if self.game.is_over():  # the bots' last cards ended it just now
            raise IntentRefused(self.t("refused.game_over"))
        # the arbiter keeps times to 6 decimals: land the move at the time it is stamped
        # with (or the scheduler's own time, if rounding fell just before it)
        at = round(self.now(), 6)
        data = dict(move)
        data["at"] = at
        self.scheduler.submit(data)
        made = list(self.scheduler.advance(max(at, float(self.scheduler.now))))
        mine = [a for a in made if a.player == data.get("player") and not _is_bot(self, a.player)]
        others = [a for a in made if a not in mine]
        if others:
            self.after_attempts(others)
        if not mine:  # pragma: no cover - the scheduler always settles a landed move
            raise IntentRefused(self.t("refused.default"))
        attempt = mine[-1]
        if not attempt.accepted:
            raise IntentRefused(self.refusal_words(attempt))
        return attempt

    def handle_intent(self, content: Any) -> bool:
        """As every widget does; and a refused intent during which the bots' cards landed
        (they land first when a click arrives) shows them: a refusal publishes nothing,
        and the next tick finds nothing new to move, so the page would keep the old
        table, the game's end unseen."""
        moves = len(self.game.history)
        accepted = super().handle_intent(content)
        if not accepted and len(self.game.history) != moves:
            self.publish()
        return accepted

    def refusal_words(self, attempt: Any) -> str:
        """Why the game refused a pupil's attempt, in the widget's language when the
        game can say so (its ``problem(move)``), else its own reason."""
        problem_of = getattr(self.game, "problem", None)
        if callable(problem_of):
            try:
                problem = problem_of(attempt.move)
            except Exception:
                problem = None
            words = getattr(problem, "words", None)
            said = str(words(self.language)) if callable(words) else ""
            if said:
                return said
        return str(attempt.reason or self.t("refused.default"))

    def after_attempts(self, attempts: list[Any]) -> None:
        """Called with the bots' attempts since the last advance (hook: log them)."""

    # ------------------------------------------------------------ intents
    def intent_tick(self, content: Mapping[str, Any]) -> None:
        if not self.advance():
            raise Unchanged  # nothing landed: no redraw under the pupil's pointer

    def intent_pause(self, content: Mapping[str, Any]) -> None:
        self.pause()

    def intent_resume(self, content: Mapping[str, Any]) -> None:
        self.resume()

    def intent_start(self, content: Mapping[str, Any]) -> None:
        if self.started:
            raise Unchanged
        self.start()


def _is_bot(widget: SeatedWidget, player: int) -> bool:
    return 0 <= player < len(widget.seats) and widget.seats[player].bot is not None
