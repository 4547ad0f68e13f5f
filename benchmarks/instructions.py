"""Machine instructions per game, counted by valgrind: the side of the speed figures that
does not move with the host (run: python benchmarks/instructions.py; needs Debian's valgrind).

This machine is a virtual one whose speed moves with its host: the same Delissimo
playouts ran 1,200 and 2,100 games/s on different days, so games/s and even a ratio of two
timings shift from run to run. The number of instructions a game takes does not. For
every game this counts, after the same warm-up and with ``PYTHONHASHSEED=0``:

- a random game through the public API (``legal_moves()`` + ``play()``, as
  ``api_speed.py`` plays it), and the same games with a deep copy of the state before
  each move (``api_speed.py``'s plain approach), and their ratio;
- for Delissimo also a new game alone and random playouts of the rules alone (no move
  objects, history or undo: ``teachgames.delissimo.playout``), the floor under the
  public API.

Each figure is (instructions of a run that plays N measured games, minus those of the same
run playing none) / N, so start-up and warm-up cancel out. A ratio of instructions is not
a ratio of time: an interpreter spends more cycles on an instruction of code that touches
many small objects (the rules) than of a tight loop (a deep copy), which is why
``api_speed.py`` prints both sides' time too.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import subprocess
import sys
import tempfile

from api_speed import OPTIONS, random_game
from installed_env import installed_env

import teachgames

#: Measured games and warm-up games per game: a game costs from about 4 M instructions
#: (Delissimo) to 190 M (Ligretto's long real-time rounds), and valgrind runs ~30x slower.
GAMES: dict[str, tuple[int, int]] = {
    "delissimo": (60, 300),
    "tsvetik": (60, 100),
    "split": (6, 10),
    "ligretto": (1, 2),
}
FIRST_SEED = 10_000


def play(name: str, how: str, games: int, warm: int) -> None:
    """The child's work: ``warm`` unmeasured games, then ``games`` measured ones. Every
    child loads the same modules first, so that the run playing none counts them too."""
    from teachgames.delissimo import DelissimoGame
    from teachgames.delissimo.playout import random_playout

    for seed in range(warm):
        random_game(name, seed, deep_copy=False)
    seeds = range(FIRST_SEED, FIRST_SEED + games)
    if how in ("api", "deep"):
        for seed in seeds:
            random_game(name, seed, deep_copy=how == "deep")
    elif how == "new":
        for seed in seeds:
            teachgames.new_game(name, players=3, seed=seed, **OPTIONS.get(name, {}))
    elif how == "rules":
        for seed in seeds:
            game = DelissimoGame.new(OPTIONS["delissimo"]["level"], players=3, seed=seed)
            random_playout(game, random.Random(seed))


def instructions(name: str, how: str, games: int, warm: int, env: dict[str, str]) -> int:
    """Instructions of one child process under valgrind (cachegrind, no cache simulation)."""
    command = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--child",
        name,
        how,
        str(games),
        str(warm),
    ]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise RuntimeError(f"valgrind printed no instruction count:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def per_game(name: str, how: str, games: int, warm: int, env: dict[str, str], base: int) -> float:
    """Instructions a game: a run playing ``games`` after ``warm``, less ``base`` (none after ``warm``)."""
    return (instructions(name, how, games, warm, env) - base) / games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--child", nargs=4, metavar=("GAME", "HOW", "GAMES", "WARM"), help=argparse.SUPPRESS)
    parser.add_argument("games", nargs="*", help="only these games (default: every game)")
    args = parser.parse_args()
    if args.child:
        name, how, games, warm = args.child
        play(name, how, int(games), int(warm))
        return 0
    if shutil.which("valgrind") is None:
        print("not measured: valgrind is not installed (Debian: apt-get install valgrind)")
        return 0
    with tempfile.TemporaryDirectory() as cache:
        env = installed_env(cache) | {"PYTHONHASHSEED": "0"}
        for name in args.games or list(teachgames.GAMES):
            games, warm = GAMES.get(name, (5, 5))
            instructions(name, "api", 0, 1, env)  # compiles the game's modules into the cache
            base = instructions(name, "api", 0, warm, env)
            api = per_game(name, "api", games, warm, env, base)
            deep = per_game(name, "deep", games, warm, env, base)
            line = (
                f"{name}: public API {api / 1e6:.2f} M instructions a game, with a deep copy "
                f"per move {deep / 1e6:.2f} M: {deep / api:.1f}x in instructions ({games} games)"
            )
            if name == "delissimo":
                new = per_game(name, "new", games, warm, env, base)
                rules = per_game(name, "rules", games, warm, env, base)
                line += (
                    f"; a new game alone {new / 1e6:.2f} M, random playouts of the rules alone "
                    f"{rules / 1e6:.2f} M with the new game"
                )
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
