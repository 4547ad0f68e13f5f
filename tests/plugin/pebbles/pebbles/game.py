"""The game: players take one, two or three pebbles in turn from a seeded pile; the pebbles
a player took are their score. Only the Game contract, its words from ``locales/``."""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from teachgames.core import Game, GameOption, IllegalMove
from teachgames.core.game import require_int
from teachgames.core.i18n import tr


@dataclass(frozen=True)
class Take:
    player: int
    count: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "take", "player": self.player, "count": self.count}

    def __str__(self) -> str:
        return f"Player {self.player + 1} takes {self.count}"


@dataclass
class Pile:
    left: int
    taken: list[int]
    current: int


class PebblesGame(Game[Pile, Take]):
    name = "pebbles"
    order = 50
    options: ClassVar[tuple[GameOption, ...]] = (
        GameOption("pile", "pebbles on the table", choices=(7, 10, 13), default=10, kind="int"),
    )
    explanations: ClassVar[str | None] = "pebbles.explain"
    lessons: ClassVar[str | None] = "pebbles.lesson.notebooks:LESSONS"
    widget: ClassVar[str | None] = "pebbles.widget:PebblesWidget"
    worksheet: ClassVar[str | None] = "pebbles.worksheet:KINDS"

    @classmethod
    def new(cls, players: int = 2, seed: int = 0, pile: int = 10) -> PebblesGame:
        return cls._from_setup({"players": players, "seed": seed, "pile": pile})

    @classmethod
    def _from_setup(cls, setup: Mapping[str, Any]) -> PebblesGame:
        players = require_int(setup["players"], "players", 2, 4)
        pile = require_int(setup["pile"], "pile", 1, 30)
        return cls(Pile(pile, [0] * players, 0), dict(setup))

    @classmethod
    def title(cls, language: str | None = None) -> str:
        return tr("pebbles.title", language)

    @property
    def players(self) -> int:
        return len(self._state.taken)

    @property
    def current_player(self) -> int | None:
        return None if self.is_over() else self._state.current

    def is_over(self) -> bool:
        return self._state.left == 0

    def legal_moves(self, player: int | None = None) -> list[Take]:
        if self.is_over() or player not in (None, self._state.current):
            return []
        return [Take(self._state.current, n) for n in (1, 2, 3) if n <= self._state.left]

    def move_from_dict(self, data: Mapping[str, Any]) -> Take:
        count, player = data.get("count"), data.get("player")
        if data.get("kind") != "take" or type(count) is not int or type(player) is not int:
            raise IllegalMove.said("pebbles", "refused.unreadable", "unreadable")
        return Take(player, count)

    def _check(self, move: Take) -> None:
        if move not in self.legal_moves():
            raise IllegalMove.said("pebbles", "refused.take", "bad_take", left=self._state.left)

    def _apply(self, move: Take) -> None:
        self._state.left -= move.count
        self._state.taken[move.player] += move.count
        self._state.current = (self._state.current + 1) % self.players

    def _snapshot(self) -> Pile:
        return Pile(self._state.left, list(self._state.taken), self._state.current)

    def scores(self) -> list[Any]:
        return list(self._state.taken)

    def describe(self, move: Take | Mapping[str, Any], language: str | None = None) -> str:
        m = self.coerce_move(move)
        return tr("pebbles.move", language, player=m.player + 1, n=m.count)

    def picture(self, move: Any = None, *, language: str | None = None, **options: Any) -> str:
        text = tr("pebbles.left", language, n=self._state.left)
        stones = "".join(
            f'<circle cx="{16 + 24 * i}" cy="30" r="9" fill="#8a8a8a" stroke="#333"/>'
            for i in range(self._state.left)
        )
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="70" role="img">'
            f"<title>{html.escape(text)}</title>{stones}"
            f'<text x="4" y="64">{html.escape(text)}</text></svg>'
        )

    def view(self, player: int | None = None) -> dict[str, Any]:
        return {"left": self._state.left, "taken": list(self._state.taken)}
