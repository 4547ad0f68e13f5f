"""Milliseconds per expression: the fast SVG printer against matplotlib mathtext.

    python benchmarks/explain_svg.py [--repeat N]

A widget step has a 16 ms budget. The fast printer should take well under a millisecond
per expression; mathtext costs tens of milliseconds cold, and a dictionary lookup once
cached per LaTeX string.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from sympy import Rational

from teachgames.explain import Explanation, Mixed, Printed, pdiff, psum, ptimes
from teachgames.explain.printing import to_latex
from teachgames.explain.svg import expression_svg, mathtext_svg


def expressions() -> list[object]:
    return [
        Printed(2, 8),
        psum([Printed(1, 4), Printed(2, 8)]),
        psum([Printed(1, 4), Printed(2, 8), Rational(1, 2)]),
        psum([Printed(3, 8), Printed(1, 8), Printed(5, 8), Printed(8, 8), Printed(2, 8)]),
        Mixed(Rational(29, 8)),
        pdiff(Rational(29, 8), psum([Printed(1, 4), Printed(3, 4)])),
        pdiff(18, ptimes(4, 2)),
        ptimes(3, -20),
        ptimes(2, Mixed(Rational(13, 8))),
        psum([Printed(k, 8) for k in range(1, 9)]),
    ]


def per_call_ms(fn: Callable[[], object], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) * 1000 / repeat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    exprs = expressions()
    start = time.perf_counter()
    mathtext_svg(r"\frac{1}{2}")  # imports matplotlib: paid once per process, not per step
    print(f"first mathtext call (imports matplotlib): {(time.perf_counter() - start) * 1000:.0f} ms")

    print(f"{'expression':<44} {'fast':>8} {'mathtext cold':>14} {'cached':>9}  (ms)")
    fast_total = cold_total = cached_total = 0.0
    for expr in exprs:
        fast = per_call_ms(lambda e=expr: expression_svg(e, engine="fast"), args.repeat)
        latex = to_latex(expr)
        mathtext_svg.cache_clear()
        start = time.perf_counter()
        mathtext_svg(latex)
        cold = (time.perf_counter() - start) * 1000
        cached = per_call_ms(lambda e=expr: expression_svg(e, engine="mathtext"), args.repeat)
        fast_total += fast
        cold_total += cold
        cached_total += cached
        label = latex if len(latex) <= 44 else latex[:41] + "..."
        print(f"{label:<44} {fast:8.3f} {cold:14.1f} {cached:9.3f}")
    n = len(exprs)
    print(f"{'mean per expression':<44} {fast_total / n:8.3f} {cold_total / n:14.1f} {cached_total / n:9.3f}")

    e = Explanation(title="Is this capture legal?")
    e.add("The order asks for a quarter of a tomato pizza.")
    e.add("Write both over eighths:", [Printed(1, 4), Printed(2, 8)])
    e.add("Add the orders:", [psum([Printed(1, 4), Printed(2, 8)]), Printed(4, 8), Rational(1, 2)])
    e.add(
        "Compare:", [psum([Printed(3, 8), Printed(1, 8)]), Printed(4, 8), Printed(5, 8)], relations=["=", "≠"]
    )
    e.verdict = True
    whole = per_call_ms(lambda: e.svg(), args.repeat)
    print(f"\nwhole explanation svg() with 4 steps (fast engine): {whole:.3f} ms")
    build = per_call_ms(
        lambda: Explanation().add("", [psum([Printed(1, 4), Printed(2, 8)]), Printed(4, 8), Rational(1, 2)]),
        args.repeat,
    )
    print(f"adding one checked chain of three members: {build:.3f} ms")


if __name__ == "__main__":
    main()
