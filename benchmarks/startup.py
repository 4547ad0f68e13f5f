"""Start-up as a pupil or teacher meets it: prints figures, asserts nothing
(run: python benchmarks/startup.py; Debian's python3 is the interpreter the targets name).

- ``import teachgames`` + ``new_game`` of each game, as a whole process (target <= 100 ms);
- ``teachgames --help``, the command line's first answer (target <= 300 ms);
- a bare ``python -c pass`` beside them, for scale.

Medians of alternating runs, with bytecode cached as an installed package has it
(``installed_env``); one unmeasured run of each fills the cache.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time

from installed_env import installed_env

import teachgames

OPTIONS = {"delissimo": {"level": "basic"}}
TARGETS_MS = {"new_game": 100, "--help": 300}


def commands() -> dict[str, list[str]]:
    """What each figure runs, by its label."""
    found = {"python -c pass": [sys.executable, "-c", "pass"]}
    for name in teachgames.GAMES:
        options = "".join(f", {k}={v!r}" for k, v in OPTIONS.get(name, {}).items())
        code = f"import teachgames; teachgames.new_game({name!r}, players=3, seed=7{options})"
        found[f"{name} new_game"] = [sys.executable, "-c", code]
    # what the ``teachgames`` console script runs
    found["teachgames --help"] = [sys.executable, "-c", "import sys; from teachgames.console import main; "
                                  "sys.argv = ['teachgames', '--help']; main()"]  # fmt: skip
    return found


def startup(runs: int) -> dict[str, float]:
    """Median seconds of every command, run alternately ``runs`` times."""
    times: dict[str, list[float]] = {label: [] for label in commands()}
    with tempfile.TemporaryDirectory() as cache:
        env = installed_env(cache)
        for command in commands().values():
            subprocess.run(command, check=True, env=env, capture_output=True)
        for _ in range(runs):
            for label, command in commands().items():
                start = time.perf_counter()
                subprocess.run(command, check=True, env=env, capture_output=True)
                times[label].append(time.perf_counter() - start)
    return {label: statistics.median(seconds) for label, seconds in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="alternating runs of each command")
    args = parser.parse_args()
    print(f"interpreter: {sys.executable} (Python {sys.version.split()[0]})")
    for label, seconds in startup(args.runs).items():
        target = next((f" (target <= {ms} ms)" for key, ms in TARGETS_MS.items() if label.endswith(key)), "")
        print(f"{label}: {seconds * 1000:.0f} ms median of {args.runs}{target}")


if __name__ == "__main__":
    main()
