"""Delissimo engine speed: prints figures, asserts nothing (run: python benchmarks/delissimo_engine.py).

- random playouts: full games from a fresh deal, every decision a uniformly random legal
  move (as RandomBot chooses), through the rule steps the engine uses, per level and
  player count, in games per second of CPU time on one core;
- the same through the public API (RandomBot + g.play with validation and history);
- legal-capture search per position, cold (memo cleared) and warm;
- a Monte-Carlo hint: values of every legal move from 200 playouts each.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import teachgames
from teachgames.bots import RandomBot
from teachgames.delissimo.engine import deal
from teachgames.delissimo.playout import move_values, random_playout
from teachgames.delissimo.rules import LEVELS
from teachgames.delissimo.search import clear_caches
from teachgames.delissimo.state import captures_of


def playouts_per_second(level: str, players: int, seconds: float) -> float:
    game = teachgames.new_game("delissimo", level=level, players=players, seed=0)
    rng = random.Random(1)
    # warm the memo tables as a widget session would
    for _ in range(300):
        random_playout(game, rng, deal(game.rules, players, rng))
    count, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        random_playout(game, rng, deal(game.rules, players, rng))
        count += 1
    return count / (time.process_time() - start)


def api_games_per_second(level: str, players: int, seconds: float) -> float:
    count, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        g = teachgames.new_game("delissimo", level=level, players=players, seed=count)
        bot = RandomBot(count)
        while not g.is_over():
            g.play(bot.choose(g))
        count += 1
    return count / (time.process_time() - start)


def search_times(level: str, positions: int = 400) -> tuple[float, float]:
    """Median microseconds to list the captures of a position: cold memo, then warm."""
    rng = random.Random(5)
    game = teachgames.new_game("delissimo", level=level, players=3, seed=5)
    states = []
    for _ in range(positions // 20):
        s = deal(game.rules, 3, rng)
        for _ in range(20):
            states.append(s.copy())
            caps = captures_of(s, s.current, game.rules, game._mode)
            if caps and rng.random() < 0.7:
                from teachgames.delissimo.state import do_capture

                give, take = rng.choice(caps)
                do_capture(s, s.current, give, take, game.rules)
            else:
                from teachgames.delissimo.state import do_end_turn

                do_end_turn(s, game.rules)
    cold, warm = [], []
    for s in states:
        clear_caches()
        t = time.perf_counter()
        captures_of(s, s.current, game.rules, game._mode)
        cold.append(time.perf_counter() - t)
        t = time.perf_counter()
        captures_of(s, s.current, game.rules, game._mode)
        warm.append(time.perf_counter() - t)
    return statistics.median(cold) * 1e6, statistics.median(warm) * 1e6


def hint_time(level: str) -> tuple[float, int]:
    g = teachgames.new_game("delissimo", level=level, players=3, seed=7)
    start = time.perf_counter()
    values = move_values(g, playouts=200, seed=1)
    return time.perf_counter() - start, len(values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per figure")
    args = parser.parse_args()
    print("random playouts from a fresh deal (games/s, one core, CPU time)")
    print(f"{'level':10} " + " ".join(f"{p} players".rjust(10) for p in (2, 3, 4, 5)))
    for level in LEVELS:
        row = [playouts_per_second(level, p, args.seconds) for p in (2, 3, 4, 5)]
        print(f"{level:10} " + " ".join(f"{r:10.0f}" for r in row))
    print("\nfull games through the public API (RandomBot + validated play + history), 3 players")
    for level in LEVELS:
        print(f"{level:10} {api_games_per_second(level, 3, args.seconds):8.0f} games/s")
    print("\nlegal-capture search per position (median microseconds): cold memo / warm")
    for level in LEVELS:
        cold, warm = search_times(level)
        print(f"{level:10} {cold:8.1f} / {warm:6.2f}")
    print("\nMonte-Carlo hint: every legal move valued by 200 random playouts")
    for level in LEVELS:
        seconds, moves = hint_time(level)
        print(f"{level:10} {seconds * 1000:8.0f} ms for {moves} moves ({moves * 200} playouts)")


if __name__ == "__main__":
    main()
