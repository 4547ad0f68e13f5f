"""Processor time of the browser tests under each of Debian's Chromium builds: prints figures,
asserts nothing (run: python benchmarks/browser_cpu.py).

CI runs on two cores and is bound by its processor (``python benchmarks/suite_time.py``), so
a browser that does the same work with less processor time shortens it. This runs the same
browser tests once with ``chromium-headless-shell`` and once with ``chromium`` (the order
alternating from round to round, so neither always meets a warm disk cache), each in a fresh
pytest, and prints the processor seconds of that pytest and everything it started (JupyterLab
or Voilà, the kernels, Chromium), the wall time, and the ratio of the medians.

The tests choose their browser from ``TEACHGAMES_CHROMIUM`` (``tests/browser/conftest.py``).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout

from tests.browser.conftest import CHROMIUM_BUILDS  # noqa: E402

#: each build by its program's name: chromium-headless-shell, chromium
BUILDS = {Path(build).name: build for build in CHROMIUM_BUILDS}
#: a JupyterLab lesson clicked through and the Voilà pupil pages: the two kinds of page in CI
DEFAULT_TESTS = ["tests/browser/test_delissimo_browser.py", "tests/voila/test_pupil_browser.py"]


def children_cpu() -> float:
    """Processor seconds of every finished child process so far (pytest reaps JupyterLab,
    which reaps its kernels; Playwright's driver reaps Chromium)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_tests(browser: str, tests: list[str]) -> tuple[float, float]:
    """(processor seconds, wall seconds) of one pytest run of ``tests`` with ``browser``."""
    env = dict(os.environ, TEACHGAMES_CHROMIUM=browser, CI="true")
    cpu, start = children_cpu(), time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"the tests failed with {browser}:\n{done.stdout[-3000:]}")
    return children_cpu() - cpu, wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2, help="runs of the tests with each build")
    parser.add_argument("tests", nargs="*", default=DEFAULT_TESTS, help="the browser tests to run")
    args = parser.parse_args()
    missing = [path for path in BUILDS.values() if not Path(path).exists()]
    if missing:
        install = "apt-get install chromium chromium-headless-shell"
        sys.exit(f"needs both builds; missing: {', '.join(missing)} ({install})")
    cpu: dict[str, list[float]] = {name: [] for name in BUILDS}
    wall: dict[str, list[float]] = {name: [] for name in BUILDS}
    for round_ in range(args.rounds):
        order = list(BUILDS) if round_ % 2 == 0 else list(reversed(BUILDS))
        for name in order:
            seconds, elapsed = run_tests(BUILDS[name], args.tests)
            cpu[name].append(seconds)
            wall[name].append(elapsed)
            print(f"round {round_ + 1}, {name}: {seconds:.1f} processor s, {elapsed:.1f} s wall", flush=True)
    print(f"tests: {' '.join(args.tests)}")
    for name in BUILDS:
        print(f"{name}: median {statistics.median(cpu[name]):.1f} processor s, "
              f"{statistics.median(wall[name]):.1f} s wall ({args.rounds} runs)")  # fmt: skip
    shell, desktop = BUILDS
    ratio = statistics.median(cpu[shell]) / statistics.median(cpu[desktop])
    print(f"{shell} / {desktop}, processor time: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
