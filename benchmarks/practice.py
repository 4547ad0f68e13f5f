"""Simulated pupils run through practice; per skill it prints:

- how many items until a pupil holding each misconception is diagnosed with it (the goal:
  at most 5): among them the pupil who always adds tops and bottoms, the one who reads the
  bigger denominator as bigger and the one who drops the whole part;
- how many until a pupil who knows the skill is marked mastered (at most 6);
- how often a pupil who guesses is marked mastered within ``--items`` items (0 in 1,000);
- how many items a pupil who learns at a known rate needs to be marked mastered;
- how many items a second the generators deal (at least 100 in CPython: a pupil never waits),
  cold (the first second, no deal kept yet) and warm;
- with ``--browser``, the same items a second in the browser: ``practice.item`` run by the
  classroom site's own Pyodide (the site built in a temporary folder, or ``--site DIR``) in
  headless Chromium (Debian's), the page served on 127.0.0.1, cold and warm per skill.

    python benchmarks/practice.py [--guessers 1000] [--pupils 20] [--items 20] [--games delissimo]
    python benchmarks/practice.py --browser [--site DIR] [--seconds 1]

Figures are the worst over ``--pupils`` seeded pupils (the mean beside it), so a skill
that is usually fine but sometimes slow shows it.
"""

from __future__ import annotations

import argparse
import inspect
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from teachgames import practice
from teachgames.practice import pupils


def _spread(values: list[int | None], limit: int) -> str:
    found = [v for v in values if v is not None]
    missed = len(values) - len(found)
    if not found:
        return f"never in {limit}"
    text = f"≤{max(found)} (mean {statistics.mean(found):.1f})"
    return text + (f", {missed} not in {limit}" if missed else "")


def forget_deals() -> None:
    """Drop every deal and played round kept so far: the next items are dealt cold."""
    from teachgames.ligretto import practice as ligretto
    from teachgames.practice import common

    common._view.cache_clear()
    ligretto._played_round.cache_clear()


def items_per_second(game: str, skill: str, seconds: float) -> float:
    start = time.perf_counter()
    n = 0
    levels = practice.skill(game, skill).levels
    while time.perf_counter() - start < seconds:
        item = practice.item(game, skill, seed=n, level=1 + n % levels)
        assert item.prompt and item.wrong_answers() is not None
        n += 1
    return n / (time.perf_counter() - start)


#: Python's start in the page: the site's Pyodide with the wheels its lessons load.
START_PYODIDE_JS = """async () => {
  const { loadPyodide } = await import(new URL("static/pyodide/pyodide.mjs", location.href).href);
  const started = performance.now();
  window.tgPy = await loadPyodide({
    indexURL: new URL("static/pyodide/", location.href).href, packages: ["teachgames", "sympy"],
  });
  return performance.now() - started;
}"""

#: What the page's Python runs: this file's own measuring functions, then every skill.
IN_BROWSER = """
import json, time
from teachgames import practice

{functions}

out = []
for game in {games!r} or practice.games():
    for skill in practice.skills(game):
        forget_deals()
        cold = items_per_second(game, skill.id, {seconds!r})
        out.append([game, skill.id, cold, items_per_second(game, skill.id, {seconds!r})])
json.dumps(out)
"""


def browser_speed(site_dir: str | None, games: list[str] | None, seconds: float) -> None:
    """Items a second per skill in the site's Pyodide in Chromium (cold, then warm)."""
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM_ARGS, PUPILS_CHROMIUM

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from site_first_widget import site_to_measure

    from teachgames.site.server import serve_in_thread

    with tempfile.TemporaryDirectory() as tmp:
        site = site_to_measure(site_dir, tmp)
        server, base = serve_in_thread(site)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=PUPILS_CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page()
                page.set_default_timeout(600_000)
                page.goto(f"{base}/classroom.html")
                start_ms = page.evaluate(START_PYODIDE_JS)
                print(f"\nin the browser (the site's Pyodide): Python started in {start_ms / 1000:.1f} s")
                functions = "\n\n".join(inspect.getsource(f) for f in (forget_deals, items_per_second))
                code = IN_BROWSER.format(functions=functions, games=games, seconds=seconds)
                rows = json.loads(page.evaluate("(code) => window.tgPy.runPython(code)", code))
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    for game, skill, cold, warm in rows:
        print(f"  {game} / {skill:<22} {cold:,.0f} items/s cold, {warm:,.0f} warm")
    slowest = min(min(cold, warm) for _g, _s, cold, warm in rows)
    print(f"slowest generator in the browser {slowest:,.0f} items/s (goal ≥100)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--guessers", type=int, default=1000, help="guessing pupils per skill")
    parser.add_argument("--pupils", type=int, default=20, help="pupils of each other kind per skill")
    parser.add_argument("--items", type=int, default=20, help="items a simulated pupil gets at most")
    parser.add_argument("--rate", type=float, default=0.3, help="the learner's chance of learning per item")
    parser.add_argument("--seconds", type=float, default=1.0, help="time to measure items/s per skill")
    parser.add_argument("--games", nargs="*", default=None)
    parser.add_argument("--browser", action="store_true", help="items/s in the site's Pyodide only")
    parser.add_argument("--site", default=None, help="a built site for --browser (default: build one)")
    args = parser.parse_args()
    if args.browser:
        browser_speed(args.site, args.games, args.seconds)
        return
    worst = {"diagnosed": 0, "mastered": 0, "guessers": 0, "speed": float("inf")}
    for game in args.games or practice.games():
        for skill in practice.skills(game):
            print(f"\n{game} / {skill.id} ({skill.title('en')}, {skill.age})")
            forget_deals()
            start = time.perf_counter()
            practice.item(game, skill.id, seed=10**6, level=skill.levels).wrong_answers()
            first_ms = 1000 * (time.perf_counter() - start)
            cold = items_per_second(game, skill.id, args.seconds)
            for rule in skill.rules:
                found = [
                    pupils.run(
                        game,
                        skill.id,
                        pupils.holder(rule.key),
                        seed=s,
                        items=args.items,
                        want=rule.key,
                        stop="diagnosed",
                    ).diagnosed
                    for s in range(args.pupils)
                ]
                worst["diagnosed"] = max(worst["diagnosed"], max(f or 99 for f in found))
                print(f"  holds {rule.key:<22} diagnosed after {_spread(found, args.items)} items")
            known = [
                pupils.run(game, skill.id, pupils.knower, seed=s, items=args.items, stop="mastered").mastered
                for s in range(args.pupils)
            ]
            worst["mastered"] = max(worst["mastered"], max(k or 99 for k in known))
            print(f"  knows it                     mastered after {_spread(known, args.items)} items")
            learnt = [
                pupils.run(
                    game,
                    skill.id,
                    pupils.Learner(args.rate, seed=s),
                    seed=s,
                    items=3 * args.items,
                    stop="mastered",
                ).mastered
                for s in range(args.pupils)
            ]
            print(
                f"  learns ({args.rate:.0%} an item)          "
                f"mastered after {_spread(learnt, 3 * args.items)} items"
            )
            fooled = sum(
                pupils.run(
                    game, skill.id, pupils.Guesser(s), seed=10_000 + s, items=args.items, stop="mastered"
                ).mastered
                is not None
                for s in range(args.guessers)
            )
            worst["guessers"] = max(worst["guessers"], fooled)
            print(
                f"  guesses                      marked mastered {fooled} in {args.guessers} "
                f"(within {args.items} items)"
            )
            speed = items_per_second(game, skill.id, args.seconds)
            worst["speed"] = min(worst["speed"], speed, cold)
            print(
                f"  dealt                        {cold:,.0f} items/s cold (no deal kept yet), "
                f"{speed:,.0f} warm; the first item in {first_ms:.0f} ms"
            )
    print(
        f"\nworst of all skills: diagnosed after ≤{worst['diagnosed']} items (goal ≤5); knower mastered "
        f"after ≤{worst['mastered']} (goal ≤6); guessers mastered {worst['guessers']} in {args.guessers} "
        f"(goal 0); slowest generator {worst['speed']:,.0f} items/s (goal ≥100)"
    )


if __name__ == "__main__":
    main()
