"""Simultaneous play: the arbiter that settles races, and the scheduler that runs bots.

In a real-time game (Ligretto) nobody waits for a turn. Every move carries its
``player`` and the time ``at`` it lands (seconds from the start of the round). Two
rules make such play exact and repeatable:

* **The arbiter** (:func:`settle`) plays moves in the order they land (time, then
  player index for an exact tie) and turns a move that has become illegal in the
  meantime into a *refused attempt* with the game's reason ("pile taken"). Nothing is
  dropped silently: every attempt is reported.
* **The scheduler** (:class:`Scheduler`) runs bots over *simulated* time. A bot looks
  at the table when it is ready, decides, and its card lands after a reaction delay;
  another player's card may land first, exactly as at a real table. Speeds and jitter
  come from a seeded generator, so the same seed gives the same round.

Only the public Game contract is used (``legal_moves(player)``, ``play``, ``is_over``,
``round``), so any simultaneous game gets both for free.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import IllegalMove
from .game import Game
from .rng import Chance

#: Default share of a bot's think time that passes between deciding and the card landing.
REACTION_SHARE = 0.3
#: A bot that cannot act looks again after this many of its own action gaps.
IDLE_GAPS = 1.0


@dataclass(frozen=True)
class Attempt:
    """One move offered to a simultaneous game, and what became of it."""

    player: int
    at: float
    move: Any
    accepted: bool
    reason: str | None = None
    code: str | None = None

    def to_dict(self) -> dict[str, Any]:
        move = self.move.to_dict() if hasattr(self.move, "to_dict") else dict(self.move)
        return {
            "player": self.player,
            "at": self.at,
            "move": move,
            "accepted": self.accepted,
            "reason": self.reason,
            "code": self.code,
        }


def _field(move: Any, name: str) -> Any:
    if isinstance(move, Mapping):
        return move.get(name)
    return getattr(move, name, None)


def stamped(move: Any, at: float) -> dict[str, Any]:
    """The move's dict with its landing time ``at``."""
    data = dict(move) if isinstance(move, Mapping) else move.to_dict()
    data["at"] = round(float(at), 6)
    return data


def settle(game: Game[Any, Any], moves: Iterable[Any]) -> list[Attempt]:
    """Play ``moves`` in the order they land (``at``, then player); report every attempt.

    A move refused by the game (for instance because another card reached the pile
    first) becomes an :class:`Attempt` with ``accepted=False`` and the game's reason;
    the game is left as the accepted moves made it.
    """
    offered = list(moves)
    order = sorted(range(len(offered)), key=lambda i: (_field(offered[i], "at") or 0.0,
                                                       _field(offered[i], "player") or 0, i))
    attempts = []
    for i in order:
        move = offered[i]
        player = _field(move, "player")
        at = float(_field(move, "at") or 0.0)
        try:
            played = game.play(move)
        except IllegalMove as exc:
            attempts.append(Attempt(int(player or 0), at, move, False, exc.reason, exc.code))
        else:
            attempts.append(Attempt(int(player or 0), at, played, True))
    return attempts


def speed_of(bot: Any) -> float:
    """A bot's speed in actions per second (``bot.speed``, default 1)."""
    speed = getattr(bot, "speed", 1.0)
    if isinstance(speed, bool) or not isinstance(speed, (int, float)) or speed <= 0:
        raise ValueError(f"a bot's speed is a positive number of actions per second, not {speed!r}")
    return float(speed)


class Scheduler:
    """Runs the bots of a simultaneous game over simulated time, deterministically.

    ``bots`` maps a player index to a bot (anything with ``choose(game, player)``);
    seats without a bot (pupils) are left alone: their moves come through
    :meth:`submit`. ``jitter`` spreads each gap uniformly by ±jitter (seeded).
    """

    def __init__(
        self,
        game: Game[Any, Any],
        bots: Mapping[int, Any],
        seed: int = 0,
        start: float = 0.0,
        jitter: float = 0.25,
        reaction_share: float = REACTION_SHARE,
    ) -> None:
        if not 0 <= jitter < 1:
            raise ValueError("jitter must be from 0 up to (not including) 1")
        self.game = game
        self.bots = dict(bots)
        self.now = float(start)
        self.attempts: list[Attempt] = []
        self._rng = Chance(seed)
        self._jitter = jitter
        self._reaction = reaction_share
        self._seq = 0
        # Events: (time, kind order, player, seq, kind, move). Landings sort before
        # decisions at the same instant, so a bot sees a card that has just landed.
        self._events: list[tuple[float, int, int, int, str, Any]] = []
        for player in sorted(self.bots):
            self._push(self.now + self._gap(player), "decide", player, None)

    # ------------------------------------------------------------ events
    def _gap(self, player: int) -> float:
        base = 1.0 / speed_of(self.bots[player])
        return base * (1.0 + self._rng.uniform(-self._jitter, self._jitter))

    def _push(self, at: float, kind: str, player: int, move: Any) -> None:
        self._seq += 1
        heapq.heappush(self._events, (at, 0 if kind == "land" else 1, player, self._seq, kind, move))

    def submit(self, move: Any) -> None:
        """Queue a pupil's move; it lands at its ``at`` (default: now)."""
        at = _field(move, "at")
        at = self.now if at is None else max(float(at), self.now)
        player = _field(move, "player")
        self._push(at, "land", int(player or 0), stamped(move, at))

    def next_time(self) -> float | None:
        """When the next event happens, or None when nothing is pending."""
        return self._events[0][0] if self._events else None

    # ------------------------------------------------------------ running
    def _done(self, round_at_start: int) -> bool:
        return self.game.is_over() or self.game.round != round_at_start

    def advance(self, until: float) -> list[Attempt]:
        """Process every event up to time ``until``; return the attempts made."""
        made: list[Attempt] = []
        start_round = self.game.round
        while self._events and self._events[0][0] <= until and not self._done(start_round):
            at, _, player, _, kind, move = heapq.heappop(self._events)
            self.now = at
            if kind == "land":
                made.extend(settle(self.game, [move]))
                continue
            bot = self.bots[player]
            gap = self._gap(player)
            if self.game.legal_moves(player):
                choice = bot.choose(self.game, player)
                lands = at + gap * self._reaction
                self._push(lands, "land", player, stamped(choice, lands))
                self._push(lands + gap * (1 - self._reaction), "decide", player, None)
            else:
                self._push(at + gap * IDLE_GAPS, "decide", player, None)
        if not self._done(start_round):
            self.now = max(self.now, until)
        self.attempts.extend(made)
        return made

    def run(self, max_time: float = 3600.0) -> list[Attempt]:
        """Run until the round ends, the game is over, or ``max_time`` seconds have passed.

        Raises RuntimeError if nothing can happen any more while the round is still on
        (a rules bug), instead of hanging a lesson.
        """
        start_round = self.game.round
        made: list[Attempt] = []
        while not self._done(start_round):
            nxt = self.next_time()
            if nxt is None:
                raise RuntimeError("nobody can act any more but the round has not ended")
            if nxt > max_time:
                break
            made.extend(self.advance(nxt))
        return made
