"""What the shared layers ask of any game's moves and refusals, for type checkers.

These are ``typing`` Protocols: any object with these members is a move or a refusal to
the shared layers, whichever class it is.
"""

from __future__ import annotations

from typing import Any, Protocol


class Move(Protocol):
    """What every game's move offers: who plays it, plain words, and a JSON form."""

    @property
    def player(self) -> int: ...

    def to_dict(self) -> dict[str, Any]: ...


class Refusal(Protocol):
    """Why a move is refused: a short stable ``code`` and the reason in any language."""

    @property
    def code(self) -> str: ...

    def words(self, language: str | None = None) -> str: ...
