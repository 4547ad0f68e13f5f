"""``teachgames simulate``: many seeded bot games, summed up as a table a class can read.

    teachgames simulate delissimo --bots greedy,random,random -n 1000 --seed 0 --jobs 2

One row per seat: its bot, how often it won with a 95% confidence interval (Wilson's, which
stays honest for small counts and rates near 0 or 1), and its mean score; then the mean
length of a game. Games are ``teachgames.simulate``'s, so the figures are the same for any
``--jobs`` and game ``s`` is exactly ``teachgames play GAME --seed s`` with the same bots.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from ..core.errors import UsageError
from ..core.stats import decimal, seat_rows, wilson
from .bots import make_bots, parse_bots
from .games import chosen_options


def table(results: Sequence[Any], bots: Sequence[str], heading: str, language: str | None = None) -> str:
    """The summary a teacher projects: one row per seat, then the length of a game."""
    from ..core.i18n import resolve_language, tr

    lang = resolve_language(language)

    def word(key: str, **values: Any) -> str:
        return tr(f"cli.sim.{key}", lang, **values)

    def cells(seat: str, bot: str, wins: str, rate: str, interval: str, score: str) -> str:
        return f"{seat:<6} {bot:<10} {wins:>7} {rate:>11}  {interval:<15} {score:>14}".rstrip()

    lines = [
        heading,
        "",
        cells(word("seat"), word("bot"), word("wins"), word("rate"), word("interval"), word("mean_score")),
    ]
    for row in seat_rows(results, bots):
        low, high = wilson(row.wins, row.games)
        interval = f"{decimal(100 * low, 1, lang)}–{decimal(100 * high, 1, lang)}%"
        lines.append(
            cells(str(row.seat + 1), row.bot, str(row.wins), decimal(100 * row.rate, 1, lang) + "%",
                  interval, decimal(row.mean_score, 2, lang))
        )
    if results:
        lengths = [r.moves for r in results]
        shared = sum(len(r.winners) > 1 for r in results)
        mean = decimal(sum(lengths) / len(lengths), 1, lang)
        lines += ["", word("length", mean=mean, shortest=min(lengths), longest=max(lengths))]
        rounds = [len(getattr(r, "round_scores", ()) or ()) for r in results]
        if any(n > 1 for n in rounds):
            lines.append(word("rounds", mean=decimal(sum(rounds) / len(rounds), 2, lang)))
        if shared:
            lines.append(word("shared", n=shared))
    return "\n".join(lines)


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play ``-n`` seeded games between bots and print wins, intervals, scores, lengths."""
    from ..core.simulate import simulate

    if args.games < 1:
        raise UsageError("-n must be at least 1 game")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    names = parse_bots(args.bots, args.game) or ["greedy"]
    options = chosen_options(args)
    players = options.pop("players", None)
    if players is None:
        players = len(names) if len(names) > 1 else _default_players(args.game, args.seed, options)
    bots = make_bots(names, players, args.game)
    shown = names * players if len(names) == 1 else names
    from ..core.i18n import tr

    heading = tr(
        "cli.sim.heading", args.language, game=args.game, n=args.games, first=args.seed,
        last=args.seed + args.games - 1,
    ) + "".join(f" · {k} {v}" for k, v in options.items())
    executor = None
    if args.jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        executor = ProcessPoolExecutor(max_workers=args.jobs, initializer=_leave_ctrl_c_to_the_parent)
    try:
        results = simulate(
            args.game, bots, games=args.games, seed=args.seed, executor=executor,
            progress=sys.stderr.isatty(), **options,
        )
    except ValueError as exc:
        raise UsageError(f"{args.game}: {exc}") from None
    finally:
        if executor is not None:
            executor.shutdown(cancel_futures=True)
    print(table(results, shown, heading, args.language))
    return 0


def _leave_ctrl_c_to_the_parent() -> None:
    """Workers ignore Ctrl-C: the command stops them and says so in one line, instead of
    every worker printing its own traceback."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _default_players(game: str, seed: int, options: dict[str, Any]) -> int:
    """How many players the game deals when none is asked for."""
    from ..core.registry import new_game

    try:
        return int(new_game(game, seed=seed, **options).players)
    except (ValueError, TypeError) as exc:
        raise UsageError(f"{game}: {exc}") from None
