"""The first explanation in a fresh kernel: prints figures, asserts nothing.

Run: python benchmarks/first_explanation.py. Each figure is a fresh Python process that
makes the Delissimo play widget, lets the pupil look for ``--look`` seconds, then asks
for the first explanation (a capture's, as text and SVG). With the warm-up the widget
starts in a background thread, the wait after the click should be small; without it the
click pays for loading sympy's printers and the renderers. Medians of alternate runs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile

from installed_env import installed_env

CHILD = """
import json, sys, time
import teachgames
from teachgames.bots import GreedyBot
from teachgames.widgets import make_widget, warmup
warmup.ENABLED = sys.argv[1] == "warm"  # make_widget starts the warm-up unless told not to
# the first deal from seed 7 on whose first player has a capture to explain
g = next(g for seed in range(7, 200)
         if (g := teachgames.new_game("delissimo", level="basic", players=3, seed=seed)).captures())
start = time.perf_counter()
w = make_widget(g, mode="play", players=["Pupil", GreedyBot(), GreedyBot()])
ready = time.perf_counter()
time.sleep(float(sys.argv[2]))
click = time.perf_counter()
e = g.explain(g.captures()[0])
e.text(); e.svg()
done = time.perf_counter()
print(json.dumps({"widget": ready - start, "first": done - click}))
"""


def run(mode: str, look: float, env: dict[str, str]) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", CHILD, mode, str(look)], check=True,
                         capture_output=True, text=True, env=env).stdout
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--look", type=float, default=3.0, help="seconds the pupil looks before clicking")
    args = parser.parse_args()
    cold, warm, widget = [], [], []
    with tempfile.TemporaryDirectory() as cache:
        env = installed_env(cache)
        run("cold", 0.0, env)  # fills the bytecode cache, as an installed package has it
        for _ in range(args.runs):
            c = run("cold", args.look, env)
            w = run("warm", args.look, env)
            cold.append(c["first"])
            warm.append(w["first"])
            widget.append(w["widget"])
    print(f"widget made in {statistics.median(widget) * 1000:.0f} ms (median of {args.runs})")
    print(f"first explanation after a {args.look:g} s look: without warm-up "
          f"{statistics.median(cold) * 1000:.0f} ms, with warm-up {statistics.median(warm) * 1000:.0f} ms "
          f"(target <= 300 ms)")


if __name__ == "__main__":
    main()
