"""What the specs' laziness buys: prints figures, asserts nothing
(run: python benchmarks/spec_laziness.py).

A game class names its higher layers as ``"module:attribute"`` strings (docs/plugins.md,
section 2) instead of importing them. For each game this prints, as a whole process, the
time and the modules loaded to deal a game and play one move (the specs left unresolved,
as a pupil's first move has them), beside the same with every spec resolved first (as
plain imports would load them), and whether sympy and anywidget were loaded.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

import teachgames

PLAY = (
    "g = teachgames.new_game({name!r}, seed=1)\n"
    "g.play(g.legal_moves(0 if g.current_player is None else g.current_player)[0])\n"
)
RESOLVE = (
    "from teachgames.core.registry import game_class\n"
    "from teachgames.core.specs import resolve\n"
    "c = game_class({name!r})\n"
    "for s in (c.explanations, c.positions, c.widget, c.static_html, c.lessons, c.activities,\n"
    "          c.worksheet, c.practice, *c.bots.values()):\n"
    "    resolve(s if ':' in s else s + ':__name__')\n"
)
REPORT = "import sys; print(len(sys.modules), 'sympy' in sys.modules, 'anywidget' in sys.modules)\n"


def run(code: str) -> tuple[float, list[str]]:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return time.perf_counter() - start, done.stdout.split()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="alternating runs of each process")
    args = parser.parse_args()
    print(f"{'game':<10} {'specs':<9} {'ms':>6} {'modules':>8}  sympy  anywidget")
    for name in teachgames.GAMES:
        ways = {"lazy": "import teachgames\n" + PLAY, "resolved": "import teachgames\n" + RESOLVE + PLAY}
        times: dict[str, list[float]] = {way: [] for way in ways}
        seen: dict[str, list[str]] = {}
        for _ in range(args.runs):
            for way, code in ways.items():
                seconds, seen[way] = run(code.format(name=name) + REPORT)
                times[way].append(seconds)
        for way in ways:
            modules, sympy, anywidget = seen[way]
            ms = statistics.median(times[way]) * 1000
            print(f"{name:<10} {way:<9} {ms:>6.0f} {modules:>8}  {sympy:<6} {anywidget}")


if __name__ == "__main__":
    main()
