"""Delissimo engine speed: prints figures, asserts nothing (run: python benchmarks/delissimo_engine.py).

- random playouts: full games from a fresh deal, every decision a uniformly random legal
  move (as RandomBot chooses), through the rule steps the engine uses, per level and
  player count, in games per second of CPU time on one core;
- the same through the public API (``legal_moves()`` + ``play()`` with validation and
  history), and, in the same run, a plain implementation of the 8+ rules that finds
  captures by trying every pair of card subsets and deep-copies its state before every
  move (the way a first version is written); the ratio of the two is the figure that
  survives the machine's load;
- legal-capture search per position, cold (memo cleared) and warm;
- a Monte-Carlo hint: values of every legal move from 200 playouts each.
"""

from __future__ import annotations

import argparse
import copy
import itertools
import random
import statistics
import time

import teachgames
from teachgames.bots import RandomBot
from teachgames.core import Chance
from teachgames.delissimo.cards import EIGHTHS, IS_ORDER, IS_SPECIAL, TOPPINGS
from teachgames.delissimo.engine import deal
from teachgames.delissimo.playout import move_values, random_playout
from teachgames.delissimo.rules import LEVELS
from teachgames.delissimo.search import clear_caches
from teachgames.delissimo.state import captures_of


def playouts_per_second(level: str, players: int, seconds: float) -> float:
    game = teachgames.new_game("delissimo", level=level, players=players, seed=0)
    rng = random.Random(1)
    # warm the memo tables as a widget session would
    for _ in range(300):
        random_playout(game, rng, deal(game.rules, players, rng))
    count, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        random_playout(game, rng, deal(game.rules, players, rng))
        count += 1
    return count / (time.process_time() - start)


def api_game(level: str, players: int, seed: int) -> int:
    """One random game through the public contract; returns its number of moves."""
    g = teachgames.new_game("delissimo", level=level, players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over():
        moves = g.legal_moves()
        g.play(moves[rng.randrange(len(moves))])
    return len(g.history)


def api_games_per_second(level: str, players: int, seconds: float, first_seed: int = 0) -> float:
    count, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        api_game(level, players, first_seed + count)
        count += 1
    return count / (time.process_time() - start)


def bot_games_per_second(level: str, players: int, seconds: float) -> float:
    """The same with ``RandomBot.choose`` deciding (what ``simulate`` does)."""
    count, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        g = teachgames.new_game("delissimo", level=level, players=players, seed=count)
        bot = RandomBot(count)
        while not g.is_over():
            g.play(bot.choose(g))
        count += 1
    return count / (time.process_time() - start)


# ---------------------------------------------------------------------- a plain version
class PlainGame:
    """Delissimo 8+ written plainly: a dict of lists, every capture found by trying every
    pair of subsets (orders in hand x open pizzas) once per position, a move checked by
    looking it up in that list, the whole state deep-copied before each move for undo.
    Same deal and rules (no cancels: a random player to act never has one). Calibrated:
    it runs about as fast as the public API did before it was made fast."""

    def __init__(self, seed: int, players: int) -> None:
        self.rules = teachgames.new_game("delissimo", level="basic", players=players, seed=seed).rules
        s = deal(self.rules, players, Chance(seed))  # the deal new_game(seed=seed) makes
        self.state = {"hands": s.hands, "stacks": s.stacks, "deck": s.deck, "piles": s.piles,
                      "current": 0, "captured": False}  # fmt: skip
        self.history: list[tuple[dict[str, object], dict[str, object]]] = []
        self._legal: list[dict[str, object]] | None = None

    def _captures(self, player: int) -> list[dict[str, object]]:
        st = self.state
        orders = [c for c in st["hands"][player] if IS_ORDER[c]]
        tops = [(i, s[-1]) for i, s in enumerate(st["stacks"]) if s]
        out = []
        for g in range(1, len(orders) + 1):
            for give in itertools.combinations(orders, g):
                for t in range(1, min(3, len(tops)) + 1):
                    for take in itertools.combinations(tops, t):
                        if g > 1 and t > 1:
                            continue
                        if sum(EIGHTHS[c] for c in give) != sum(EIGHTHS[c] for _, c in take):
                            continue
                        if all(TOPPINGS[o] & TOPPINGS[p] for o in give for _, p in take):
                            out.append({"kind": "capture", "player": player, "give": list(give),
                                        "take": [i for i, _ in take]})  # fmt: skip
        return out

    def _specials(self, player: int) -> list[dict[str, object]]:
        pairs = {TOPPINGS[s[-1]] for s in self.state["stacks"] if s}
        cards = sorted({c for c in self.state["hands"][player] if IS_SPECIAL[c] and TOPPINGS[c] in pairs})
        return [{"kind": "special", "player": player, "card": c} for c in cards]

    def legal_moves(self) -> list[dict[str, object]]:
        if self._legal is None:  # worked out once per position
            self._legal = self._moves()
        return self._legal

    def _moves(self) -> list[dict[str, object]]:
        st = self.state
        if not any(st["stacks"]):
            return []
        p = st["current"]
        moves = self._captures(p) + self._specials(p)
        others = range(len(st["hands"]))
        if not st["deck"] and not moves and not any(self._captures(q) or self._specials(q) for q in others):
            return []
        return [*moves, {"kind": "end_turn", "player": p}]

    def is_over(self) -> bool:
        return not self.legal_moves()

    def play(self, move: dict[str, object]) -> None:
        if move not in self.legal_moves():
            raise ValueError("illegal move")
        self.history.append((move, copy.deepcopy(self.state)))
        self._legal = None
        st = self.state
        p = st["current"]
        if move["kind"] == "capture":
            for c in move["give"]:
                st["hands"][p].remove(c)
            taken = [st["stacks"][i].pop() for i in move["take"]]
            st["piles"][p] += list(move["give"]) + taken
            st["captured"] = True
        elif move["kind"] == "special":
            st["hands"][p].remove(move["card"])
            taken = [s.pop() for s in st["stacks"] if s and TOPPINGS[s[-1]] == TOPPINGS[move["card"]]]
            st["piles"][p] += [move["card"], *taken]
            st["captured"] = True
        else:
            hand = st["hands"][p]
            if st["captured"]:
                while len(hand) < self.rules.hand_size and st["deck"]:
                    hand.append(st["deck"].pop())
            elif st["deck"]:
                hand.append(st["deck"].pop())
            st["current"] = (p + 1) % len(st["hands"])
            st["captured"] = False
        stacks = st["stacks"]
        while not all(stacks) and max(len(s) for s in stacks) > 1:  # the stack split
            empty = next(i for i, s in enumerate(stacks) if not s)
            big = max(range(len(stacks)), key=lambda i: (len(stacks[i]), -i))
            n = len(stacks[big])
            stacks[empty], stacks[big] = stacks[big][: n // 2], stacks[big][n // 2 :]


def plain_games_per_second(players: int, seconds: float, first_seed: int = 0) -> float:
    count, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        g = PlainGame(first_seed + count, players)
        rng = random.Random(count)
        while not g.is_over():
            moves = g.legal_moves()
            g.play(moves[rng.randrange(len(moves))])
        count += 1
    return count / (time.process_time() - start)


def api_versus_plain(seconds: float, rounds: int = 3) -> tuple[float, float]:
    """Basic, 3 players: public API and plain games/s, alternating rounds in one run."""
    api_games_per_second("basic", 3, 0.5, first_seed=10**6)  # warm the memo tables
    api, plain = [], []
    for r in range(rounds):
        api.append(api_games_per_second("basic", 3, seconds / rounds, first_seed=1000 * r))
        plain.append(plain_games_per_second(3, seconds / rounds, first_seed=1000 * r))
    return statistics.median(api), statistics.median(plain)


def search_times(level: str, positions: int = 400) -> tuple[float, float]:
    """Median microseconds to list the captures of a position: cold memo, then warm."""
    rng = random.Random(5)
    game = teachgames.new_game("delissimo", level=level, players=3, seed=5)
    states = []
    for _ in range(positions // 20):
        s = deal(game.rules, 3, rng)
        for _ in range(20):
            states.append(s.copy())
            caps = captures_of(s, s.current, game.rules, game._mode)
            if caps and rng.random() < 0.7:
                from teachgames.delissimo.state import do_capture

                give, take = rng.choice(caps)
                do_capture(s, s.current, give, take, game.rules)
            else:
                from teachgames.delissimo.state import do_end_turn

                do_end_turn(s, game.rules)
    cold, warm = [], []
    for s in states:
        clear_caches()
        t = time.perf_counter()
        captures_of(s, s.current, game.rules, game._mode)
        cold.append(time.perf_counter() - t)
        t = time.perf_counter()
        captures_of(s, s.current, game.rules, game._mode)
        warm.append(time.perf_counter() - t)
    return statistics.median(cold) * 1e6, statistics.median(warm) * 1e6


def hint_time(level: str) -> tuple[float, int]:
    g = teachgames.new_game("delissimo", level=level, players=3, seed=7)
    start = time.perf_counter()
    values = move_values(g, playouts=200, seed=1)
    return time.perf_counter() - start, len(values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per figure")
    args = parser.parse_args()
    print("random playouts from a fresh deal (games/s, one core, CPU time)")
    print(f"{'level':10} " + " ".join(f"{p} players".rjust(10) for p in (2, 3, 4, 5)))
    for level in LEVELS:
        row = [playouts_per_second(level, p, args.seconds) for p in (2, 3, 4, 5)]
        print(f"{level:10} " + " ".join(f"{r:10.0f}" for r in row))
    api, plain = api_versus_plain(args.seconds * 2)
    print("\nbasic, 3 players, random games, one run, alternating (games/s of CPU time)")
    print(f"  public API (legal_moves() + play()):    {api:8.0f}")
    print(f"  plain version (subsets, deep copies):   {plain:8.0f}")
    print(f"  ratio:                                  {api / plain:8.1f} x")
    print("\nfull games through the public API, 3 players: legal_moves() + play() / RandomBot")
    for level in LEVELS:
        api_games_per_second(level, 3, 0.3, first_seed=10**6)  # warm
        a, b = api_games_per_second(level, 3, args.seconds), bot_games_per_second(level, 3, args.seconds)
        print(f"{level:10} {a:8.0f} / {b:6.0f} games/s")
    print("\nlegal-capture search per position (median microseconds): cold memo / warm")
    for level in LEVELS:
        cold, warm = search_times(level)
        print(f"{level:10} {cold:8.1f} / {warm:6.2f}")
    print("\nMonte-Carlo hint: every legal move valued by 200 random playouts")
    for level in LEVELS:
        seconds, moves = hint_time(level)
        print(f"{level:10} {seconds * 1000:8.0f} ms for {moves} moves ({moves * 200} playouts)")


if __name__ == "__main__":
    main()
