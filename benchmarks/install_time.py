"""How long the README's test set-up takes to install the test extra, with uv and with pip:
prints figures, asserts nothing (run: python benchmarks/install_time.py).

The README's second line installs the ``test`` extra (about 170 packages: JupyterLab, Voilà,
JupyterHub, Playwright, sympy ...) into a fresh ``.venv``. pip does it one package at a time
and compiles every module's bytecode on one core; uv fetches, unpacks and compiles in
parallel. Both compile the bytecode, so the environments they leave are alike (the same
versions, every module compiled). Each round makes a fresh virtual environment with
``teachgames.cli.bootstrap`` and times only the install; the order alternates from round to
round, and both use their own download cache as a developer's second set-up would.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the README's install step with each installer (the venv's own pip, or uv installed into it)
INSTALLERS = {
    "uv": lambda env: [str(env / "bin" / "uv"), "pip", "install", "-q", "-p", str(env), "--compile-bytecode",
                       "-e", f"{ROOT}[test]"],
    "pip": lambda env: [str(env / "bin" / "pip"), "install", "-q", "-e", f"{ROOT}[test]"],
}  # fmt: skip


def _run(command: list[str]) -> None:
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command[:3])} failed:\n{done.stderr[-2000:]}")


def install_seconds(installer: str, base: Path) -> float:
    """Wall seconds of one install of the test extra with ``installer`` into a fresh venv."""
    env = base / f"venv-{installer}"
    _run([sys.executable, "-m", "teachgames.cli.bootstrap", str(env)])
    if installer == "uv":
        _run([str(env / "bin" / "pip"), "install", "-q", "uv"])
    start = time.perf_counter()
    _run(INSTALLERS[installer](env))
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2, help="installs with each installer")
    args = parser.parse_args()
    times: dict[str, list[float]] = {name: [] for name in INSTALLERS}
    for round_number in range(args.rounds):
        order = list(INSTALLERS) if round_number % 2 == 0 else list(reversed(INSTALLERS))
        for installer in order:
            with tempfile.TemporaryDirectory() as base:
                times[installer].append(install_seconds(installer, Path(base)))
    for name, seconds in times.items():
        print(f"{name:>3}: {statistics.median(seconds):6.1f} s median of {len(seconds)} "
              f"({', '.join(f'{s:.1f}' for s in seconds)})")  # fmt: skip
    ratio = statistics.median(times["uv"]) / statistics.median(times["pip"])
    print(f"uv / pip: {ratio:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
