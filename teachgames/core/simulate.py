"""Many seeded games between bots, optionally spread over an executor.

Each game carries everything it needs (game name, options, its own seed, fresh bots),
so the results are the same serially, in a process pool or on a Dask cluster's executor
(``client.get_executor()``); an executor gets the games in runs of consecutive seeds,
one task each. Turn-based and simultaneous games run alike: a simultaneous round is
played by the real-time :class:`Scheduler` in simulated time, seeded from the game's seed.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from concurrent.futures import TimeoutError as WaitTimedOut
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import Any, NoReturn

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


def play_some(
    game: str, bots: Sequence[Any], seeds: Sequence[int], options: dict[str, Any]
) -> list[GameSummary]:
    """:func:`play_one` for each of ``seeds``: one task of an executor."""
    return [play_one(game, bots, s, options) for s in seeds]


#: Games per executor task: enough tasks (about this many) to keep every worker busy to
#: the end, each long enough that handing it over costs little beside playing it.
_TASKS, _MOST_PER_TASK = 32, 50


def _batches(seeds: range) -> list[range]:
    """``seeds`` cut into consecutive runs, one executor task each. One game per task cost
    a process pool about half a millisecond of pickling and waking per game: as much as
    a random game of Delissimo, so two workers played only 1.2x as fast as one. Each task
    still costs the calling process about 0.65 ms of its own (1,000 random Delissimo games
    in 20, 33, 67 or 143 tasks: 17, 27, 47 or 92 ms), taken from the workers on a 2-core
    machine; 33 tasks instead of 67 made two workers 2-4% faster again."""
    size = max(1, min(_MOST_PER_TASK, len(seeds) // _TASKS))
    return [seeds[i : i + size] for i in range(0, len(seeds), size)]


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
    Ctrl-C (a notebook's stop button) raises KeyboardInterrupt within a tenth of a second
    and cancels the executor's games that have not started.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number, 0 or more, not {games!r}")
    seeds = range(seed, seed + games)
    if executor is None:
        return Results(_progress((play_one(game, bots, s, options) for s in seeds), games, progress))
    with _ctrl_c_between_waits() as interrupted:
        futures: list[Future[list[GameSummary]]] = []
        for batch in _batches(seeds):
            if interrupted():
                _give_up(futures)
            futures.append(executor.submit(play_some, game, list(bots), batch, options))
        return Results(_progress(_results(futures, interrupted), games, progress))


#: How long one wait for a result lasts before Ctrl-C is looked at again (seconds).
_WAIT_S = 0.1


def _results(
    futures: Sequence[Future[list[GameSummary]]], interrupted: Callable[[], bool]
) -> Iterator[GameSummary]:
    """Each task's summaries in order; after Ctrl-C, the first check between two waits
    cancels what has not started and raises KeyboardInterrupt."""
    for future in futures:
        while True:
            if interrupted():
                _give_up(futures)
            try:
                batch = future.result(timeout=_WAIT_S)
            except WaitTimedOut:
                continue
            break
        yield from batch


def _give_up(futures: Sequence[Future[list[GameSummary]]]) -> NoReturn:
    for future in futures:
        future.cancel()  # a pool or a cluster does not play the games nobody will read
    raise KeyboardInterrupt


@contextmanager
def _ctrl_c_between_waits() -> Iterator[Callable[[], bool]]:
    """While results come from other processes, Ctrl-C raises a flag, not an exception.

    Python raises KeyboardInterrupt between any two bytecodes. Raised just after
    ``Future.result`` has taken its future's lock (inside ``Condition.__enter__``), the
    lock is never given back, and the executor's thread that settles that future waits
    for it for ever: Ctrl-C once hung ``teachgames simulate --jobs 2`` that way. So
    while futures are submitted and waited for, SIGINT only notes itself, and the loops
    raise KeyboardInterrupt between two waits, holding no lock. Only Python's own
    handler in the main thread is replaced (a notebook kernel puts that one in place
    while a cell runs); Ctrl-C during the very last wait still stops the call.
    """
    caught: list[int] = []
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield lambda: False
        return
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield lambda: bool(caught)
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt
