"""Moves declared once: a move is a frozen dataclass, and its dict form follows from its fields.

Every game's moves derive from :class:`MoveFields`: the class names its ``kind`` (the
dict's ``"kind"``) and declares its fields; ``to_dict()`` writes each compared field
(a field left out of equality, such as the rules a Delissimo capture was found under,
is no part of the move), tuples as lists and a card object by its ``name``. So a new
field is written, saved and compared without a line of code elsewhere, and
``game.play()`` reads a hand-built move back from this dict with the game's own
validating reader: a hand-built move is checked exactly like its dict.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, ClassVar


class MoveFields:
    """Base of every game's move classes (declared ``@dataclass(frozen=True, slots=True)``)."""

    __slots__ = ()
    #: The move's ``"kind"`` in its dict form.
    kind: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        """The move as JSON data: ``{"kind": ..., <each compared field>: value}``."""
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):  # type: ignore[arg-type]  # every subclass is a dataclass
            if f.compare:
                data[f.name] = plain(getattr(self, f.name))
        return data


def plain(value: Any) -> Any:
    """A field's value as JSON data: tuples and lists as lists, a card by its ``name``."""
    if value is None or isinstance(value, (str, int, float)):
        return value
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    name = getattr(value, "name", None)
    if isinstance(name, str):
        return name
    raise TypeError(f"a move's field holds {value!r}, which has no dict form")


__all__ = ["MoveFields", "plain"]
