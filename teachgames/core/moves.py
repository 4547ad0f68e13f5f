"""Moves declared once: a move is a frozen dataclass, and its dict form follows from its fields.

Every game's moves derive from :class:`MoveFields`: the class names its ``kind`` (the
dict's ``"kind"``) and declares its fields; ``to_dict()`` writes each compared field
(a field left out of equality, such as the rules a Delissimo capture was found under,
is no part of the move), tuples as lists and a card object by its ``name``.
:func:`read_move` reads such a dict back: the kind picks the class, and each of its
fields is read by the game's reader for that field's name (``"player"``, ``"card"``
...), which checks type and value and raises IllegalMove in plain words. So a new
field is written, read, saved and compared without a line of code elsewhere, and
``game.play()`` reads a hand-built move back from its dict with the same readers: a
hand-built move is checked exactly like its dict.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any, ClassVar, TypeVar

from .errors import IllegalMove
from .numbers import whole_number

M = TypeVar("M", bound="MoveFields")
#: Reads one field from a move dict: ``reader(data, name)`` returns the field's value
#: (checked, in the move's own form) or raises IllegalMove.
FieldReader = Callable[[Mapping[str, Any], str], Any]


class MoveFields:
    """Base of every game's move classes (declared ``@dataclass(frozen=True, slots=True)``)."""

    __slots__ = ()
    #: The move's ``"kind"`` in its dict form.
    kind: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        """The move as JSON data: ``{"kind": ..., <each compared field>: value}``."""
        data: dict[str, Any] = {"kind": self.kind}
        for name in move_fields(type(self)):
            data[name] = plain(getattr(self, name))
        return data


def move_fields(cls: type[MoveFields]) -> tuple[str, ...]:
    """The fields a move of ``cls`` is written and read with, in order (its compared ones)."""
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = tuple(f.name for f in fields(cls) if f.compare)  # type: ignore[arg-type]
    return found


_FIELDS: dict[type[MoveFields], tuple[str, ...]] = {}


def read_move(
    data: Mapping[str, Any],
    kinds: Mapping[str, type[M]],
    readers: Mapping[str, FieldReader],
    bad_kind: Callable[[Any], IllegalMove],
) -> M:
    """The move ``data`` describes: ``kinds`` maps each ``"kind"`` to its move class, and
    ``readers`` reads each field by its name, in the order the class declares them. A
    kind not in ``kinds`` raises ``bad_kind(kind)``."""
    kind = data.get("kind")
    cls = kinds.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise bad_kind(kind)
    return cls(*[readers[name](data, name) for name in move_fields(cls)])


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


__all__ = ["FieldReader", "MoveFields", "move_fields", "plain", "read_move"]


def player_reader(players: int, default: int | None = None) -> FieldReader:
    """The reader of a move's player field (``"player"``, ``"target"``, ...): a whole
    number (numpy's integers too, never a bool) naming one of ``players``. Its refusal
    numbers the players as a person reads them, from Player 1, beside the 0-based
    value a move dict holds; ``default`` stands in for a missing field."""

    def read(data: Mapping[str, Any], field: str) -> int:
        value = data.get(field, default)
        number = whole_number(value)
        if number is None or not 0 <= number < players:
            raise IllegalMove.said(
                "core", "bad_player", "malformed",
                field=field, last=players - 1, players=players, got=repr(value)[:40],
            )  # fmt: skip
        return number

    return read
