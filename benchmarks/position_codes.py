"""Position codes round-trip on 10,000 random positions per game, and how long they are.

For each game: random seeds, a random number of random legal moves (0 to 400, so
mid-game, later rounds, reshuffles and finished games), then the position's code is
loaded again; the loaded game must show the same view (the teacher's and each player's),
offer the same legal moves, and play on the same for 30 more random moves. Prints the
number checked, the number that differed (must be 0) and the code lengths (median, 90th
percentile, longest) per game.

    python benchmarks/position_codes.py            # 10,000 positions per game
    python benchmarks/position_codes.py --positions 500
"""

from __future__ import annotations

import argparse
import statistics

import teachgames
from teachgames.core.rng import Chance

MOST_PLAYERS = {"delissimo": 5, "tsvetik": 4, "ligretto": 6, "split": 6}


def one(game: str, seed: int) -> tuple[int, bool]:
    rng = Chance(seed)
    options: dict[str, object] = {"seed": seed, "players": rng.randint(2, MOST_PLAYERS[game])}
    if game == "delissimo":
        options["level"] = rng.choice(("beginner", "whole", "basic", "advanced"))
    g = teachgames.new_game(game, **options)
    for _ in range(rng.randint(0, 400)):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(rng.choice(moves))
    code = g.position_code()
    h = teachgames.load_position(code)
    same = all(h.view(p) == g.view(p) for p in (None, *range(g.players)))
    same = same and [m.to_dict() for m in h.legal_moves()] == [m.to_dict() for m in g.legal_moves()]
    for _ in range(30):
        moves = g.legal_moves()
        if not moves or not same:
            break
        move = rng.choice(moves)
        g.play(move)
        h.play(move.to_dict())
        same = h.view() == g.view()
    return len(code), same


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=10_000)
    args = parser.parse_args()
    for game in ("delissimo", "tsvetik", "ligretto", "split"):
        lengths, differ = [], 0
        for seed in range(args.positions):
            length, same = one(game, seed)
            lengths.append(length)
            differ += not same
        lengths.sort()
        print(f"{game:10} positions {len(lengths):6}  differ {differ}  code length median "
              f"{statistics.median(lengths):.0f}, 90% {lengths[len(lengths) * 9 // 10]}, max {lengths[-1]}")


if __name__ == "__main__":
    main()
