"""Two toy games written against the public platform, as a fifth game's author would.

``Sums`` is turn-based over several rounds with a reshuffle between them (chance after
the deal, drawn from a ``Chance`` kept in the state). ``Race`` is simultaneous and real
time: every card carries its landing time, and the first card to land on the pile wins
it. Each is well under 150 lines, and neither imports anything but the public layers.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from teachgames.core import Chance, Game, GameOption, IllegalMove
from teachgames.core.game import require_int


def _svg(text: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="300" height="40" role="img">'
            f'<title>{html.escape(text)}</title><text x="4" y="24">{html.escape(text)}</text></svg>')


def _verdict(game: Game[Any, Any], move: Any, title: str) -> Any:
    from teachgames.explain import Explanation

    problem = game.problem(move)
    e = Explanation(title=title)
    e.add(problem.words() if problem else "the move follows the rules")
    e.verdict = problem is None
    return e


# ---------------------------------------------------------------- Sums (turn-based, rounds)
@dataclass(frozen=True)
class Take:
    player: int
    index: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "take", "player": self.player, "index": self.index}

    def __str__(self) -> str:
        return f"Player {self.player + 1} takes card {self.index + 1}"


@dataclass
class SumsState:
    deck: list[int]
    row: list[int]
    taken: list[list[int]]
    finished: list[list[int]]
    current: int
    chance: Chance

    def copy(self) -> SumsState:
        return SumsState(list(self.deck), list(self.row), [list(t) for t in self.taken],
                         [list(f) for f in self.finished], self.current, self.chance.copy())


class Sums(Game[SumsState, Take]):
    """Take one of three open cards on your turn; a round ends when all are gone."""

    name = "sums"
    options: ClassVar[tuple[GameOption, ...]] = (GameOption("rounds", "rounds in a match", kind="int",
                                                            default=2),)
    CARDS = tuple(range(1, 10))

    @classmethod
    def new(cls, players: int = 2, seed: int = 0, rounds: int = 2) -> Sums:
        require_int(players, "players", 2, 4)
        require_int(rounds, "rounds", 1, 5)
        return cls._from_setup({"players": players, "seed": seed, "rounds": rounds})

    @classmethod
    def _from_setup(cls, setup: Mapping[str, Any]) -> Sums:
        players = require_int(setup["players"], "players", 2, 4)
        state = SumsState([], [], [[] for _ in range(players)], [], 0, Chance(setup["seed"]))
        game = cls(state, dict(setup))
        game._deal()
        return game

    def _deal(self) -> None:  # a new round: every card back, reshuffled by the kept Chance
        s = self._state
        s.deck = list(self.CARDS)
        s.chance.shuffle(s.deck)
        s.row, s.deck = s.deck[:3], s.deck[3:]

    players = property(lambda self: len(self._state.taken))  # type: ignore[assignment]
    round = property(lambda self: len(self._state.finished) + 1)  # type: ignore[assignment]

    @property
    def current_player(self) -> int | None:
        return None if self.is_over() else self._state.current

    def is_over(self) -> bool:
        return len(self._state.finished) >= self._setup["rounds"]

    def legal_moves(self, player: int | None = None) -> list[Take]:
        if self.is_over() or player not in (None, self._state.current):
            return []
        return [Take(self._state.current, i) for i in range(len(self._state.row))]

    def move_from_dict(self, data: Mapping[str, Any]) -> Take:
        if data.get("kind") != "take" or not isinstance(data.get("player"), int) \
                or not isinstance(data.get("index"), int):
            raise IllegalMove("a Sums move is {'kind': 'take', 'player': p, 'index': i}", "malformed")
        return Take(data["player"], data["index"])

    def _check(self, move: Take) -> None:
        if self.is_over():
            raise IllegalMove("the match is over", "over")
        if move.player != self._state.current:
            raise IllegalMove(f"it is Player {self._state.current + 1}'s turn", "not-your-turn")
        if not 0 <= move.index < len(self._state.row):
            raise IllegalMove("there is no such open card", "no-card")

    def _apply(self, move: Take) -> None:
        s = self._state
        s.taken[move.player].append(s.row.pop(move.index))
        if s.deck:
            s.row.append(s.deck.pop(0))
        s.current = (s.current + 1) % self.players
        if not s.row:
            s.finished.append([sum(t) for t in s.taken])
            s.taken = [[] for _ in s.taken]
            if not self.is_over():
                self._deal()

    def _snapshot(self) -> SumsState:
        return self._state.copy()

    def round_scores(self) -> list[list[Any]]:
        return [list(r) for r in self._state.finished]

    def scores(self) -> list[Any]:
        return [sum(r[p] for r in self._state.finished) for p in range(self.players)]

    def bot_value(self, player: int) -> Any:  # what the round in play adds counts too
        return self.scores()[player] + sum(self._state.taken[player])

    def explain_scores(self, language: str | None = None) -> Any:
        from teachgames.explain import Explanation, psum

        e = Explanation(title="Scores")
        for p in range(self.players):
            parts = [r[p] for r in self._state.finished] or [0]
            e.add(f"Player {p + 1}, round by round:", [psum(parts), self.scores()[p]])
        return e

    def explain(self, move: Any, language: str | None = None) -> Any:
        return _verdict(self, move, "Can this card be taken?")

    def picture(self, *args: Any, **options: Any) -> str:
        return _svg("open cards: " + " ".join(map(str, self._state.row)))

    def cards_used(self, move: Any) -> list[str]:
        m = self.coerce_move(move)
        return [str(self._state.row[m.index])] if 0 <= m.index < len(self._state.row) else []

    def view(self, player: int | None = None) -> dict[str, Any]:
        s = self._state
        return {"round": self.round, "current": self.current_player, "row": list(s.row),
                "deck": len(s.deck), "taken": [list(t) for t in s.taken], "scores": self.scores()}


# ---------------------------------------------------------------- Race (simultaneous, real time)
@dataclass(frozen=True)
class Lay:
    player: int
    card: int
    at: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "lay", "player": self.player, "card": self.card, "at": self.at}

    def __str__(self) -> str:
        return f"Player {self.player + 1} lays {self.card}"


@dataclass
class RaceState:
    top: int
    hands: list[list[int]]
    laid: list[int]
    clock: float

    def copy(self) -> RaceState:
        return RaceState(self.top, [list(h) for h in self.hands], list(self.laid), self.clock)


class Race(Game[RaceState, Lay]):
    """Everyone holds 1..5; lay the card one more than the pile's top, fastest first."""

    name = "race"
    simultaneous = True
    TOP = 5

    @classmethod
    def new(cls, players: int = 2, seed: int = 0) -> Race:
        return cls._from_setup({"players": require_int(players, "players", 2, 6), "seed": seed})

    @classmethod
    def _from_setup(cls, setup: Mapping[str, Any]) -> Race:
        n = require_int(setup["players"], "players", 2, 6)
        hands = [list(range(1, cls.TOP + 1)) for _ in range(n)]
        return cls(RaceState(0, hands, [0] * n, 0.0), dict(setup))

    players = property(lambda self: len(self._state.hands))  # type: ignore[assignment]
    current_player = property(lambda self: None)  # type: ignore[assignment]

    def is_over(self) -> bool:
        return self._state.top >= self.TOP

    def legal_moves(self, player: int | None = None) -> list[Lay]:
        if player is None or self.is_over():
            return []
        want = self._state.top + 1
        return [Lay(player, want, self._state.clock)] if want in self._state.hands[player] else []

    def move_from_dict(self, data: Mapping[str, Any]) -> Lay:
        at = data.get("at", self._state.clock)
        if data.get("kind") != "lay" or not isinstance(data.get("player"), int) \
                or not isinstance(data.get("card"), int) or not isinstance(at, (int, float)):
            raise IllegalMove("a Race move is {'kind': 'lay', 'player': p, 'card': n, 'at': t}", "malformed")
        return Lay(data["player"], data["card"], float(at))

    def _check(self, move: Lay) -> None:
        if not 0 <= move.player < self.players or move.card not in self._state.hands[move.player]:
            raise IllegalMove("that card is not in the player's hand", "no-card")
        if move.at < self._state.clock:
            raise IllegalMove("a card cannot land before the last one", "time")
        if move.card != self._state.top + 1:
            raise IllegalMove("pile taken" if move.card <= self._state.top else
                              f"the pile needs {self._state.top + 1}", "pile-taken")

    def _apply(self, move: Lay) -> None:
        s = self._state
        s.hands[move.player].remove(move.card)
        s.top, s.clock = move.card, move.at
        s.laid[move.player] += 1

    def _snapshot(self) -> RaceState:
        return self._state.copy()

    def scores(self) -> list[Any]:
        return list(self._state.laid)

    def explain_scores(self, language: str | None = None) -> Any:
        return _verdict(self, {"kind": "lay", "player": 0, "card": 0}, "Scores")

    def explain(self, move: Any, language: str | None = None) -> Any:
        return _verdict(self, move, "Can this card go on the pile?")

    def picture(self, *args: Any, **options: Any) -> str:
        return _svg(f"pile top: {self._state.top}")

    def view(self, player: int | None = None) -> dict[str, Any]:
        return {"top": self._state.top, "laid": list(self._state.laid), "clock": self._state.clock}


__all__ = ["Lay", "Race", "Sums", "Take", "replace"]
