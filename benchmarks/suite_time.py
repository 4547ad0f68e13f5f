"""Where the test suite's time goes: prints figures, asserts nothing
(run: python benchmarks/suite_time.py; ``--junit FILE`` reads a run already made, such as CI's).

Runs the README's test command (pytest-xdist, ``--dist loadgroup``) with a JUnit report and
prints, from that report:

- the wall time and the worker-seconds (every test's setup, call and teardown), and how
  busy the workers were (worker-seconds over workers x wall time: near 100 % means the run
  is bound by the processor, so only less work, not more overlap, makes it shorter);
- the worker-seconds of each shared-server group (JupyterLab, Voilà, the site,
  JupyterHub, PostgreSQL: each runs on one worker, so the largest bounds the run from
  below) and of the other tests;
- the slowest test modules.
"""

from __future__ import annotations

import argparse
import collections
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def module_of(classname: str) -> str:
    """``tests.site.test_site_browser`` (or a class inside it) -> ``tests/site/test_site_browser.py``."""
    parts = classname.split(".")
    end = next((i for i, part in enumerate(parts) if part.startswith("test_")), len(parts) - 1)
    return "/".join(parts[: end + 1]) + ".py"


def report(junit: Path, workers: int, wall: float | None = None) -> None:
    suite = ET.parse(junit).getroot()
    if suite.tag == "testsuites":
        suite = suite[0]
    wall = wall if wall is not None else float(suite.get("time", "0"))
    groups: collections.Counter[str] = collections.Counter()
    modules: collections.Counter[str] = collections.Counter()
    counts: collections.Counter[str] = collections.Counter()
    for case in suite.iter("testcase"):
        seconds = float(case.get("time", "0"))
        name = case.get("name", "")
        group = name.rsplit("@", 1)[1] if "@" in name.rsplit("]", 1)[-1] else "the other tests"
        groups[group] += seconds
        counts[group] += 1
        modules[module_of(case.get("classname", ""))] += seconds
    total = sum(groups.values())
    busy = total / (workers * wall)
    print(f"{sum(counts.values()):,} tests in {wall:,.0f} s on {workers} workers; "
          f"{total:,.0f} worker-seconds, the workers busy {busy:.0%} of the time")  # fmt: skip
    for group, seconds in groups.most_common():
        print(f"  {group}: {seconds:,.0f} s ({counts[group]:,} tests, {seconds / total:.0%})")
    print("slowest modules:")
    for module, seconds in modules.most_common(10):
        print(f"  {seconds:6,.0f} s  {module}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--junit", type=Path, help="read this JUnit report instead of running the suite")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="pytest-xdist workers")
    parser.add_argument("tests", nargs="*", help="only these tests (default: the whole suite)")
    args = parser.parse_args()
    if args.junit is not None:
        report(args.junit, args.workers)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        junit = Path(tmp) / "times.xml"
        command = [sys.executable, "-m", "pytest", "-n", str(args.workers), "--dist", "loadgroup", "-q",
                   "-p", "no:cacheprovider", f"--junitxml={junit}", *args.tests]  # fmt: skip
        start = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
        wall = time.perf_counter() - start
        print(done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "(pytest printed nothing)")
        if not junit.exists():
            print(done.stderr[-2000:], file=sys.stderr)
            return 1
        report(junit, args.workers, wall)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
