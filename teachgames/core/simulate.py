"""Many seeded games between bots, optionally spread over an executor.

Each game is one task that carries everything it needs (game name, options, its own
seed, fresh bots), so the results are the same serially, in a process pool or on a
Dask cluster's executor (``client.get_executor()``). Turn-based and simultaneous games
run alike: a simultaneous round is played by the real-time :class:`Scheduler` in
simulated time, seeded from the game's seed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import asdict, dataclass
from typing import Any

from .game import Game
from .realtime import Scheduler
from .registry import new_game

#: A rules bug that stops a game from ending should fail loudly, not hang a lesson.
MAX_MOVES_PER_GAME = 100_000


@dataclass(frozen=True)
class GameSummary:
    """The outcome of one simulated game (scores are the match totals)."""

    seed: int
    scores: tuple[Any, ...]
    winners: tuple[int, ...]
    moves: int
    round_scores: tuple[tuple[Any, ...], ...] = ()
    refused: int = 0

    def to_dict(self) -> dict[str, Any]:
        """Plain data (exact numbers as strings when they are not whole), for tables."""
        data = asdict(self)
        data["scores"] = [_plain(s) for s in self.scores]
        data["round_scores"] = [[_plain(s) for s in r] for r in self.round_scores]
        data["winners"] = list(self.winners)
        return data


def _plain(value: Any) -> Any:
    if isinstance(value, int):
        return value
    try:
        if value == int(value):
            return int(value)
    except (TypeError, ValueError):
        pass
    try:
        return float(value)
    except (TypeError, ValueError):
        return str(value)


class Results(list[GameSummary]):
    """A list of summaries that also turns into plain dicts or a pandas DataFrame."""

    def to_dicts(self) -> list[dict[str, Any]]:
        return [s.to_dict() for s in self]

    def to_dataframe(self) -> Any:
        """One row per game with a column per player's score (needs pandas)."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("to_dataframe() needs pandas: pip install pandas") from None
        rows = []
        for s in self:
            row: dict[str, Any] = {"seed": s.seed, "moves": s.moves, "rounds": len(s.round_scores),
                                   "winners": list(s.winners)}
            for p, score in enumerate(s.scores):
                row[f"score_{p}"] = _plain(score)
                row[f"won_{p}"] = p in s.winners
            rows.append(row)
        return pd.DataFrame(rows)


def play_out(g: Game[Any, Any], bots: Sequence[Any], seed: int) -> tuple[int, int]:
    """Play ``g`` to the end with one bot per player; return (moves played, refused attempts)."""
    moves = refused = 0
    while not g.is_over():
        player = g.current_player
        if player is not None:
            g.play(bots[player].choose(g, player))
            moves += 1
        else:
            scheduler = Scheduler(g, dict(enumerate(bots)), seed=seed * 1_000 + g.round)
            attempts = scheduler.run()
            moves += sum(a.accepted for a in attempts)
            refused += sum(not a.accepted for a in attempts)
        if moves > MAX_MOVES_PER_GAME:
            raise RuntimeError(f"game with seed {seed} did not end after {moves} moves")
    return moves, refused


def play_one(game: str, bots: Sequence[Any], seed: int, options: dict[str, Any]) -> GameSummary:
    """Play one game to the end with one bot per player."""
    g = new_game(game, seed=seed, **{"players": len(bots), **options})
    if len(bots) != g.players:
        raise ValueError(f"{g.players} players need {g.players} bots, got {len(bots)}")
    table = [b.for_game(seed) if hasattr(b, "for_game") else b for b in bots]
    moves, refused = play_out(g, table, seed)
    return GameSummary(
        seed=seed,
        scores=tuple(g.scores()),
        winners=tuple(g.winners()),
        moves=moves,
        round_scores=tuple(tuple(r) for r in g.round_scores()),
        refused=refused,
    )


def _interactive() -> bool:
    """A person is watching: a notebook kernel, or a terminal on standard error."""
    import sys

    if "ipykernel" in sys.modules:
        return True
    stream = sys.stderr
    return bool(stream is not None and hasattr(stream, "isatty") and stream.isatty())


def _progress(items: Iterable[Any], total: int, show: bool | None) -> Iterator[Any]:
    if show is None:
        show = _interactive()
    if show:
        try:
            from tqdm.auto import tqdm
        except ImportError:  # the bar is a nicety: no tqdm, no bar
            pass
        else:
            yield from tqdm(items, total=total, unit="game")
            return
    yield from items


def simulate(
    game: str,
    bots: Sequence[Any],
    games: int = 100,
    seed: int = 0,
    executor: Executor | None = None,
    progress: bool | None = None,
    **options: Any,
) -> Results:
    """Play ``games`` games (seeds ``seed``, ``seed+1``, ...) and summarise each.

    ``executor`` is any ``concurrent.futures.Executor``: a process pool on one machine,
    or a Dask cluster's ``client.get_executor()``; the summaries are identical either
    way because every game carries its own seed. A progress bar (tqdm) shows where a
    person is watching (a notebook, a terminal); ``progress=True`` or ``False`` decides.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number, 0 or more, not {games!r}")
    seeds = range(seed, seed + games)
    if executor is None:
        return Results(_progress((play_one(game, bots, s, options) for s in seeds), games, progress))
    futures = [executor.submit(play_one, game, list(bots), s, options) for s in seeds]
    return Results(_progress((f.result() for f in futures), games, progress))
