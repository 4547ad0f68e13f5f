"""A tiny plug-in game for the CLI and export tests: only the contract, nothing more.

Players take 1 or 2 coins in turn from a seeded pile; the coins taken are the score. It
declares one option (``pile``), keeps the base class's ``describe`` and ``picture_tex``
(None), and its ``picture``/``explain`` take no ``names``: the shared layers must cope.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from teachgames.core import Game, GameOption, IllegalMove
from teachgames.core.game import require_int


@dataclass(frozen=True)
class TakeCoins:
    player: int
    count: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "take", "player": self.player, "count": self.count}

    def __str__(self) -> str:
        return f"Player {self.player + 1} takes {self.count}"


@dataclass
class CoinsState:
    pile: int
    taken: list[int]
    current: int


class Coins(Game[CoinsState, TakeCoins]):
    name = "coins"
    options: ClassVar[tuple[GameOption, ...]] = (
        GameOption("pile", "coins on the table", choices=(5, 6, 7, 8), default=6, kind="int"),
    )

    @classmethod
    def new(cls, players: int = 2, seed: int = 0, pile: int = 6) -> Coins:
        return cls._from_setup({"players": players, "seed": seed, "pile": pile})

    @classmethod
    def _from_setup(cls, setup: Mapping[str, Any]) -> Coins:
        players = require_int(setup["players"], "players", 2, 4)
        pile = require_int(setup["pile"], "pile", 1, 20)
        return cls(CoinsState(pile, [0] * players, 0), dict(setup))

    @property
    def pile(self) -> int:
        return int(self._setup["pile"])

    @property
    def players(self) -> int:
        return len(self._state.taken)

    @property
    def current_player(self) -> int | None:
        return None if self.is_over() else self._state.current

    def is_over(self) -> bool:
        return self._state.pile == 0

    def legal_moves(self, player: int | None = None) -> list[TakeCoins]:
        if self.is_over() or player not in (None, self._state.current):
            return []
        return [TakeCoins(self._state.current, n) for n in (1, 2) if n <= self._state.pile]

    def move_from_dict(self, data: Mapping[str, Any]) -> TakeCoins:
        if data.get("kind") != "take" or not isinstance(data.get("count"), int):
            raise IllegalMove("not a move of this game")
        return TakeCoins(int(data.get("player", -1)), data["count"])

    def _check(self, move: TakeCoins) -> None:
        if move not in self.legal_moves():
            raise IllegalMove("take 1 or 2 coins on your turn")

    def _apply(self, move: TakeCoins) -> None:
        self._state.pile -= move.count
        self._state.taken[move.player] += move.count
        self._state.current = (self._state.current + 1) % self.players

    def _snapshot(self) -> CoinsState:
        return CoinsState(self._state.pile, list(self._state.taken), self._state.current)

    def scores(self) -> list[Any]:
        return list(self._state.taken)

    def explain_scores(self, language: str | None = None) -> Any:
        from teachgames.explain import Explanation

        e = Explanation(title="Coins taken")
        for p, n in enumerate(self._state.taken):
            e.add(f"Player {p + 1}: {n}")
        return e

    def explain(self, move: Any, language: str | None = None) -> Any:
        from teachgames.explain import Explanation

        problem = self.problem(move)
        e = Explanation(title=self.describe(move))
        e.add(problem.reason if problem else "there are enough coins")
        e.verdict = problem is None
        return e

    def picture(self, language: str | None = None, move: Any = None) -> str:
        text = f"{self._state.pile} coins left"
        coins = "".join(
            f'<g class="coin" transform="translate({20 + 30 * i} 40)"><title>coin</title>'
            '<circle cx="0" cy="0" r="12" fill="#e0b000" stroke="#806000" stroke-width="2"/>'
            '<circle cx="0" cy="0" r="7" fill="none" stroke="#806000" stroke-width="1"/></g>'
            for i in range(self._state.pile)
        )
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="80" role="img">'
            f"<title>{html.escape(text)}</title>{coins}"
            f'<text x="4" y="75">{html.escape(text)}</text></svg>'
        )

    def view(self, player: int | None = None) -> dict[str, Any]:
        return {"pile": self._state.pile, "taken": list(self._state.taken)}
