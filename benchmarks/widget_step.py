"""Python side of one Delissimo widget step, in ms (p50 / p95 / max), warm caches.

A step is what the kernel does between a click arriving and the new view-model
leaving: the intent is checked, the engine moves, the view-model is rebuilt (card
SVGs, zones, scores) with the move's explanation SVG, and the view-model is
serialised to JSON as the comm would. Budget (issue #4): p95 <= 16 ms.

    python benchmarks/widget_step.py [--runs 300] [--language ru]

Measured kinds of step:
- replay next: stepping a played game forward, a step seen before (cached), and a
  first visit (the widget's step and explanation caches cleared: view, zones and the
  explanation SVG are all rebuilt; only the card pictures are cached);
- play capture: a pupil's capture (engine move + view-model + explanation SVG), then
  Undo (timed too); the widget's own explanation cache is cleared before every
  capture, so the explanation is really built; the card-picture cache is warm;
- play select: one card click (toggle);
- bot step: a GreedyBot chooses and plays one move;
- bytes sent: the JSON size of the view-model a step sends (card pictures travel once,
  so a click sends a few kB, not ~30 kB of card SVGs).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

import teachgames
from teachgames.bots import GreedyBot
from teachgames.widgets import make_widget

BUDGET_MS = 16.0
#: The widgets' language (--language); every widget below speaks it.
LANGUAGE = {"value": "en"}


def intent(w: Any, action: str, **extra: Any) -> dict[str, Any]:
    return {"type": "intent", "version": w.version, "action": action, **extra}


def timed(w: Any, action: str, **extra: Any) -> float:
    """ms to handle one intent and serialise the new view-model (as the comm would)."""
    t0 = time.perf_counter()
    accepted = w.handle_intent(intent(w, action, **extra))
    json.dumps(w.view_model)
    ms = (time.perf_counter() - t0) * 1000
    assert accepted, w.last_refusal
    return ms


def summary(name: str, ms: list[float]) -> tuple[str, float]:
    ms = sorted(ms)
    p50 = statistics.median(ms)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    print(f"{name:<34} n={len(ms):<5} p50 {p50:6.2f} ms   p95 {p95:6.2f} ms   max {ms[-1]:6.2f} ms")
    return name, p95


def bench_replay(runs: int, cold_steps: bool = False) -> list[float]:
    g = teachgames.new_game("delissimo", level="basic", players=3, seed=7)
    bot = GreedyBot()
    while not g.is_over() and len(g.history) < 60:
        g.play(bot.choose(g))
    w = make_widget(g, mode="replay", language=LANGUAGE["value"])
    n = len(g.history)
    for _ in range(n):  # warm: visit every step once
        w.handle_intent(intent(w, "next"))
    out: list[float] = []
    while len(out) < runs:
        w.handle_intent(intent(w, "first"))
        for _ in range(min(n, runs - len(out))):
            if cold_steps:
                w._step_cache.clear()
                w._explain_cache.clear()
            out.append(timed(w, "next"))
    return out


def bench_play(runs: int) -> tuple[list[float], list[float], list[float]]:
    captures_ms: list[float] = []
    undo_ms: list[float] = []
    select_ms: list[float] = []
    seeds = [s for s in range(1, 60)]
    while len(captures_ms) < runs:
        for seed in seeds:
            g = teachgames.new_game("delissimo", level="basic", players=3, seed=seed)
            caps = g.captures()
            if not caps:
                continue
            w: Any = make_widget(
                g, mode="play", players=["Pupil", "Pupil 2", "Pupil 3"], language=LANGUAGE["value"]
            )
            cap = caps[0]
            keys = w._keys_for(g, g.view(), 0, cap)
            for warm in (True, False):
                for key in keys:
                    ms = timed(w, "select", card=key)
                    if not warm:
                        select_ms.append(ms)
                w._explain_cache.clear()
                ms = timed(w, "capture")
                assert w.view_model["message"]["kind"] == "success", w.view_model["message"]
                if not warm:
                    captures_ms.append(ms)
                ms = timed(w, "undo")
                if not warm:
                    undo_ms.append(ms)
            if len(captures_ms) >= runs:
                break
    return captures_ms, undo_ms, select_ms


def bench_bots(runs: int) -> list[float]:
    out: list[float] = []
    seed = 100
    while len(out) < runs:
        g = teachgames.new_game("delissimo", level="basic", players=3, seed=seed)
        seed += 1
        w: Any = make_widget(
            g, mode="play", players=[GreedyBot(), GreedyBot(), GreedyBot()], language=LANGUAGE["value"]
        )
        w.bot_step()  # warm
        while not g.is_over() and len(out) < runs:
            out.append(timed(w, "bot_step"))
    return out


def bench_bytes() -> None:
    """The JSON size of the view-models a pupil's turn sends (first view, clicks, bots)."""
    g = teachgames.new_game("delissimo", level="basic", players=3, seed=7)
    w: Any = make_widget(
        g, mode="play", players=["Pupil", GreedyBot(), GreedyBot()], bot_delay=0.5,
        language=LANGUAGE["value"],
    )
    first = len(json.dumps(w.view_model))
    hand = [c["key"] for z in w.view_model["zones"] for c in z["cards"] if c["key"].startswith("hand:0:")]
    clicks = []
    for key in hand[:3]:
        w.handle_intent(intent(w, "select", card=key))
        clicks.append(len(json.dumps(w.view_model)))
    w.handle_intent(intent(w, "end_turn"))
    bots = []
    while g.current_player not in (0, None) and not g.is_over():
        w.handle_intent(intent(w, "bot_step"))
        vm = w.view_model
        bots.append((len(json.dumps(vm)), len(json.dumps(vm.get("pictures", {})))))
    print(f"view-model bytes: first view {first}, card clicks {clicks}")
    print(f"  bot steps (whole view-model, of which new pictures): {bots}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--language", default="en", choices=["en", "ru", "bg"])
    args = parser.parse_args()
    LANGUAGE["value"] = args.language
    print(f"widget language: {args.language}")
    results = [summary("replay next (step seen before)", bench_replay(args.runs))]
    results.append(summary("replay next (first visit)", bench_replay(args.runs, True)))
    captures_ms, undo_ms, select_ms = bench_play(max(50, args.runs // 3))
    results.append(summary("play capture (+ explanation SVG)", captures_ms))
    results.append(summary("play undo", undo_ms))
    results.append(summary("play select (card click)", select_ms))
    results.append(summary("bot step (GreedyBot move)", bench_bots(max(50, args.runs // 3))))
    bench_bytes()
    worst = max(p95 for _, p95 in results)
    verdict = "within" if worst <= BUDGET_MS else "OVER"
    print(f"worst p95 {worst:.2f} ms: {verdict} the {BUDGET_MS:.0f} ms budget")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
