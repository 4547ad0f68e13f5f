"""Platform speed: prints figures, asserts nothing (run: python benchmarks/api_speed.py).

- random games through the public API (``legal_moves()`` + ``play()``) for every game,
  against the plain approach of deep-copying the state before each move (what an
  engine without cheap exact snapshots does for undo), as a ratio in one run;
- ``simulate()`` with three greedy bots (the command line's default bot) for every game,
  in games per CPU second: a greedy bot plays each legal move, scores it and takes it
  back, so this is the engines' play/undo path;
- ``simulate()`` with a 2-process pool against one process, both warm and alternating,
  and the memory of a long simulation (peak RSS before and after 1,200 more games).
"""

from __future__ import annotations

import argparse
import copy
import random
import resource
import time
from concurrent.futures import ProcessPoolExecutor

import teachgames
from teachgames.bots import GreedyBot, RandomBot

OPTIONS = {"delissimo": {"level": "basic"}}
#: A game still being built must not hang the figures.
MAX_MOVES = 20_000


def random_game(name: str, seed: int, deep_copy: bool) -> int:
    g = teachgames.new_game(name, players=3, seed=seed, **OPTIONS.get(name, {}))
    rng = random.Random(seed)
    moves = 0
    kept: list[object] = []
    while not g.is_over() and moves < MAX_MOVES:
        player = g.current_player
        if player is None:  # simultaneous: a random player who can act
            actors = [p for p in range(g.players) if g.legal_moves(p)]
            if not actors:
                break
            player = rng.choice(actors)
        legal = g.legal_moves(player)
        if deep_copy:  # the plain way to make undo possible: copy the whole state first
            kept.append(copy.deepcopy(g._state))
        g.play(rng.choice(legal))
        moves += 1
    return moves


def _play_for(name: str, deep_copy: bool, seconds: float, first_seed: int) -> tuple[int, float]:
    """Games played in about ``seconds`` of CPU time, and the CPU time they took."""
    count, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        random_game(name, first_seed + count, deep_copy)
        count += 1
    return count, time.process_time() - start


def games_per_second(name: str, seconds: float) -> tuple[float, float]:
    """Random games per CPU second through the public API, and with a deep copy per move.

    Both are measured warm (an engine fills its caches in its first games, and whichever
    ran first would pay for them) and alternately, in two halves, on the same seeds, so a
    change in the machine's load falls on both alike."""
    _play_for(name, False, seconds / 4, 0)
    _play_for(name, True, seconds / 4, 0)
    totals = {False: [0, 0.0], True: [0, 0.0]}
    for half in range(2):
        for deep_copy in (False, True):
            games, cpu = _play_for(name, deep_copy, seconds / 2, 10_000 * (half + 1))
            totals[deep_copy][0] += games
            totals[deep_copy][1] += cpu
    return totals[False][0] / totals[False][1], totals[True][0] / totals[True][1]


def greedy_games_per_second(name: str, seconds: float) -> float:
    """Games per CPU second of ``simulate()`` with three greedy bots, one game per call."""
    bots, options = [GreedyBot()] * 3, OPTIONS.get(name, {})
    teachgames.simulate(name, bots, games=1, seed=0, progress=False, **options)  # warm
    count, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        teachgames.simulate(name, bots, games=1, seed=1 + count, progress=False, **options)
        count += 1
    return count / (time.process_time() - start)


def pool_speedup(bots: list[RandomBot], games: int, rounds: int = 3) -> tuple[float, float, str]:
    """Seconds for ``games`` Delissimo games in this process and in a 2-process pool (sums
    over ``rounds`` alternating runs, so a change in the machine's speed falls on both),
    and whether the summaries agree. Both are measured warm, as in a long simulation: an
    engine fills its memos (the capture search's table indexes) over its first few hundred
    games, so this process plays 300 games first and the pool's workers 600 between them
    (without that, the workers filled theirs in the first timed round: 1.7x instead of 1.85x).
    The figure is the pool's throughput, not its start."""
    teachgames.simulate("delissimo", bots, games=300, seed=500_000, level="basic", progress=False)
    one = two = 0.0
    same = True
    with ProcessPoolExecutor(max_workers=2) as pool:
        teachgames.simulate(
            "delissimo", bots, games=600, seed=600_000, level="basic", executor=pool, progress=False
        )
        for _ in range(rounds):
            start = time.perf_counter()
            serial = teachgames.simulate("delissimo", bots, games=games, level="basic", progress=False)
            one += time.perf_counter() - start
            start = time.perf_counter()
            pooled = teachgames.simulate(
                "delissimo", bots, games=games, level="basic", executor=pool, progress=False
            )
            two += time.perf_counter() - start
            same = same and serial == pooled
    return one, two, "identical" if same else "DIFFERENT"


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per figure")
    parser.add_argument("--games", type=int, default=1000, help="games of the simulate() pool figure")
    args = parser.parse_args()

    # The pool first, while this process holds only Delissimo's memos (its workers fork it):
    # measured after the other games' figures, with their memos in the heap, it gave 1.73x
    # where it gives 1.81-1.90x alone.
    bots = [RandomBot(1), RandomBot(2), RandomBot(3)]
    one, two, same = pool_speedup(bots, args.games)
    print(f"simulate {args.games} Delissimo games, 3 alternating runs: 1 process {one:.2f} s, "
          f"2 processes {two:.2f} s, speed-up {one / two:.2f}x (target >= 1.8x); results {same}")

    for name in teachgames.GAMES:
        try:
            api, plain = games_per_second(name, args.seconds)
        except Exception as exc:  # a game still being built must not stop the other figures
            print(f"{name}: not measured ({type(exc).__name__}: {exc})")
            continue
        print(f"{name}: public API {api:,.0f} random games/s; deep-copy per move {plain:,.0f}/s; "
              f"ratio {api / plain:.1f}x (target >= 10x)")

    greedy = ", ".join(
        f"{name} {greedy_games_per_second(name, args.seconds / 2):,.1f}" for name in teachgames.GAMES
    )
    print(f"simulate() with three greedy bots, games/s: {greedy}")

    before, games = rss_mb(), 0
    for _ in range(6):  # memory stays flat however many games a class plays
        teachgames.simulate("delissimo", bots, games=200, seed=games, level="basic", progress=False)
        games += 200
    print(f"memory: peak RSS {before:.0f} MB before {games:,} more games, {rss_mb():.0f} MB after them")

if __name__ == "__main__":
    main()
