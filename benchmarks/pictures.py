"""Picture speed: prints figures, asserts nothing (run: python benchmarks/pictures.py).

Milliseconds per ``g.picture()`` (the whole table as SVG) for every game, warm (after the
first call filled the per-card caches) and the SVG's size, in each language.
"""

from __future__ import annotations

import statistics
import time

import teachgames


def main(runs: int = 50) -> None:
    for name in teachgames.GAMES:
        g = teachgames.new_game(name, players=3, seed=7)
        for language in ("en", "ru"):
            svg = str(g.picture(language=language))  # warm
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                g.picture(language=language)
                times.append(time.perf_counter() - start)
            print(f"{name:10} {language}: picture() median {statistics.median(times) * 1000:.2f} ms, "
                  f"max {max(times) * 1000:.2f} ms, {len(svg) / 1024:.0f} KB")


if __name__ == "__main__":
    main()
