"""Run every benchmark once and print what each measured (run: python benchmarks/run_all.py).

Each script prints its own figures and asserts nothing; this runs them one after another
(never two at once, so they do not slow each other) with short settings, and prints each
script's lines under its name, with the machine they were measured on. ``--quick``
skips the slow ones: those that start a browser, build the classroom site, count
instructions under valgrind, run the whole test suite or install its packages.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: script -> arguments for one short run. Browser and site benchmarks are the slow ones.
SCRIPTS: dict[str, list[str]] = {
    "startup.py": [],
    "api_speed.py": ["--seconds", "2", "--games", "1000"],
    "delissimo_engine.py": ["--seconds", "1"],
    "ligretto_round.py": [],
    "pictures.py": [],
    "explain_svg.py": [],
    "first_explanation.py": ["--runs", "3"],
    "widget_step.py": ["--runs", "100"],
    "export_size.py": [],
    "pdf_fonts.py": ["--rounds", "1"],
    "widget_browser.py": [],
    "a11y_audit.py": [],
    "classroom_load.py": ["--pupils", "10", "--answers", "5", "--only", "sqlite"],
    "site_build.py": [],
    "site_first_widget.py": ["--pupils", "5"],
    "site_breakdown.py": [],
    "site_classroom.py": ["--pupils", "5", "--replay", "30"],
    "instructions.py": [],
    "position_codes.py": ["--positions", "1000"],
    "practice.py": ["--guessers", "100", "--pupils", "5", "--seconds", "0.3"],
    "spec_laziness.py": ["--runs", "1"],
    "suite_time.py": [],
    "browser_cpu.py": ["--rounds", "1"],
    "install_time.py": ["--rounds", "1"],
}
SLOW = {"widget_browser.py", "a11y_audit.py", "site_build.py", "site_first_widget.py", "site_breakdown.py",
        "site_classroom.py", "instructions.py", "suite_time.py", "browser_cpu.py", "install_time.py"}
#: Helpers the scripts import, not benchmarks of their own.
HELPERS = {"run_all.py", "installed_env.py"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the browser, site and valgrind benchmarks")
    parser.add_argument("only", nargs="*", help="run only these scripts")
    args = parser.parse_args()
    unknown = sorted(set(args.only) - set(SCRIPTS))
    if unknown:
        parser.error(f"no such benchmark: {', '.join(unknown)} (choose from {', '.join(SCRIPTS)})")
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.1f}")
    # The interpreter's build matters as much as the machine: a distribution's python3 is
    # built with profile-guided optimisation, a locally compiled one often is not.
    print(f"interpreter: {sys.executable} ({platform.python_implementation()}, "
          f"built {platform.python_build()[1]}, {platform.python_compiler()})")
    failed = 0
    for script, extra in SCRIPTS.items():
        if (args.only and script not in args.only) or (args.quick and script in SLOW):
            continue
        print(f"\n## {script}", flush=True)
        start = time.perf_counter()
        done = subprocess.run([sys.executable, str(HERE / script), *extra], cwd=HERE.parent)
        print(f"({time.perf_counter() - start:.0f} s)", flush=True)
        failed += done.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
