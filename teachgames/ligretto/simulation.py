"""Rounds between bots in simulated time (the core Scheduler), and a step-by-step mode.

``simulate_round`` runs a whole round of bots at their speeds: each bot looks at the
table when it is ready, decides, and its card lands a seeded reaction time later; a
card that another landed first turns into a refused attempt ("pile taken").

``Stepper`` is the classroom version: time goes in ticks, each tick every player picks
one action from the same table, and the actions land one by one in a seeded random
order, so the class can watch who wins each race.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.realtime import Attempt, Scheduler, settle, stamped
from ..core.rng import Chance
from .bots import LigrettoBot
from .game import LigrettoGame
from .state import PLAY


def _speeds(players: int, speeds: Any) -> list[float]:
    if speeds is None:
        return [1.0] * players
    if isinstance(speeds, (int, float)) and not isinstance(speeds, bool):
        return [float(speeds)] * players
    out = list(speeds)
    if len(out) != players:
        raise ValueError(f"{players} players need {players} speeds, got {len(out)}")
    for s in out:
        if isinstance(s, bool) or not isinstance(s, (int, float)) or not 0 < s <= 100:
            raise ValueError(f"a speed is a number of cards per second above 0 (at most 100), not {s!r}")
    return [float(s) for s in out]


def run_round(
    players: int = 3,
    seed: int = 0,
    speeds: Any = None,
    preset: str = "seed",
    rules: Mapping[str, Any] | None = None,
    bots: Mapping[int, Any] | Sequence[Any] | None = None,
) -> tuple[LigrettoGame, list[Attempt]]:
    """One round between bots; the finished game and every attempt (refused ones too)."""
    table = _speeds(players, speeds)
    game = LigrettoGame.new(players=players, seed=seed, preset=preset, rules={**(rules or {}), "rounds": 1})
    if bots is None:
        seats: dict[int, Any] = {p: LigrettoBot(s) for p, s in enumerate(table)}
    else:
        seats = dict(bots) if isinstance(bots, Mapping) else dict(enumerate(bots))
    scheduler = Scheduler(game, seats, seed=seed)
    attempts = scheduler.run()
    if not game.is_over():  # pragma: no cover - a rules bug
        raise RuntimeError(f"the round with seed {seed} did not end")
    return game, attempts


def simulate_round(
    players: int = 3,
    seed: int = 0,
    speeds: Any = None,
    preset: str = "seed",
    rules: Mapping[str, Any] | None = None,
    bots: Mapping[int, Any] | Sequence[Any] | None = None,
) -> LigrettoGame:
    """One round between greedy bots at ``speeds`` (cards per second); the finished game."""
    return run_round(players, seed, speeds, preset, rules, bots)[0]


def simulate_match(
    players: int = 3,
    seed: int = 0,
    speeds: Any = None,
    preset: str = "seed",
    rules: Mapping[str, Any] | None = None,
) -> LigrettoGame:
    """A whole match (to the target, or a fixed number of rounds) between greedy bots at
    ``speeds``; each round on its own seeded Scheduler. Returns the finished game."""
    table = _speeds(players, speeds)
    game = LigrettoGame.new(players=players, seed=seed, preset=preset, rules=rules)
    seats = {p: LigrettoBot(s) for p, s in enumerate(table)}
    for _ in range(10_000):
        if game.is_over():
            return game
        if game.phase != PLAY:
            game.play({"kind": "next_round", "player": 0})
            continue
        Scheduler(game, seats, seed=seed * 1_000 + game.round).run()
    raise RuntimeError(f"the match with seed {seed} did not end")  # pragma: no cover


class Stepper:
    """Turn-by-turn stepping for a lesson: one action each per tick, landing in a seeded
    random order. Every player acts with ``bots[player]`` (default: greedy); ``tick()``
    returns the attempts of one tick, refused ones ("pile taken") included."""

    def __init__(self, game: LigrettoGame, bots: Mapping[int, Any] | None = None, seed: int = 0,
                 tick_seconds: float = 1.0) -> None:  # fmt: skip
        self.game = game
        self.bots = dict(bots) if bots is not None else {p: LigrettoBot() for p in range(game.players)}
        self._rng = Chance(seed)
        self.tick_seconds = tick_seconds
        self.ticks = 0

    def order(self) -> list[int]:
        """This tick's landing order (seeded)."""
        seats = sorted(self.bots)
        self._rng.shuffle(seats)
        return seats

    def tick(self, chosen: Mapping[int, Any] | None = None) -> list[Attempt]:
        """Every player picks one action from the same table (``chosen`` gives some players'
        moves, e.g. a pupil's); they land one after another in a seeded random order."""
        g = self.game
        if g.phase != PLAY:
            return []
        order = self.order()
        base = max(g.time, self.ticks * self.tick_seconds)
        self.ticks += 1
        picks: list[dict[str, Any]] = []
        for rank, p in enumerate(order):
            move = (chosen or {}).get(p)
            if move is None:
                if not g.legal_moves(p):
                    continue
                move = self.bots[p].choose(g, p)
            # Each lands a little after the one before: the order decides every race.
            picks.append(stamped(move, base + (rank + 1) * self.tick_seconds / (len(order) + 1)))
        return settle(g, picks)
