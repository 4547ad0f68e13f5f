"""How long one simulated Ligretto round takes (bots on the core Scheduler).

Prints, per table size, the median and slowest wall time of ``simulate_round`` over
several seeds, with the moves and refused attempts of a round. The issue asks for 12
players "well under a second". Run: ``python benchmarks/ligretto_round.py``.
"""

from __future__ import annotations

import statistics
import sys
import time

from teachgames.ligretto.simulation import run_round


def main(seeds: int = 20) -> None:
    head = ("players", "preset", "median ms", "max ms", "moves", "refused", "round s")
    widths = (7, 8, 10, 8, 6, 8, 8)
    print(" ".join(f"{h:>{w}}" for h, w in zip(head, widths, strict=True)))
    for preset in ("seed", "official"):
        for players in (2, 4, 8, 12):
            speeds = [1.0 + 0.25 * (p % 5) for p in range(players)]
            times, moves, refused, lengths = [], [], [], []
            run_round(players=players, seed=0, speeds=speeds, preset=preset)  # warm the imports
            for seed in range(seeds):
                t = time.perf_counter()
                game, attempts = run_round(players=players, seed=seed, speeds=speeds, preset=preset)
                times.append(time.perf_counter() - t)
                moves.append(len(game.history))
                refused.append(sum(not a.accepted for a in attempts))
                lengths.append(game.time)
            print(
                f"{players:>7} {preset:>8} {statistics.median(times) * 1000:>10.1f} {max(times) * 1000:>8.1f}"
                f" {statistics.median(moves):>6.0f} {statistics.median(refused):>8.0f}"
                f" {statistics.median(lengths):>8.1f}"
            )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
