"""A move declared once: its dict is written from its fields and read back by field readers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

from teachgames.core.errors import IllegalMove
from teachgames.core.moves import MoveFields, read_move


@dataclass(frozen=True)
class Face:
    name: str


@dataclass(frozen=True, slots=True)
class Swap(MoveFields):
    player: int
    cards: tuple[Face, ...]
    note: str = field(default="", compare=False)  # no part of the move: neither written nor read
    kind: ClassVar[str] = "swap"


def _player(data: Mapping[str, Any], name: str) -> int:
    value = data.get(name)
    if type(value) is not int or not 0 <= value < 2:
        raise IllegalMove(f"{name} must be 0 or 1, not {value!r}")
    return value


def _cards(data: Mapping[str, Any], name: str) -> tuple[Face, ...]:
    value = data.get(name)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise IllegalMove(f"{name} must be a list of card names")
    return tuple(Face(v) for v in value)


def _read(data: Mapping[str, Any]) -> Swap:
    return read_move(data, {"swap": Swap}, {"player": _player, "cards": _cards},
                     lambda kind: IllegalMove(f"no move of kind {kind!r}"))  # fmt: skip


def test_a_move_writes_its_compared_fields_and_reads_back_equal() -> None:
    move = Swap(1, (Face("red 3"), Face("blue 1")), note="from a lesson")
    assert move.to_dict() == {"kind": "swap", "player": 1, "cards": ["red 3", "blue 1"]}
    assert _read(move.to_dict()) == move


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"kind": "fly", "player": 0}, "no move of kind 'fly'"),
        ({"player": 0, "cards": []}, "no move of kind None"),
        ({"kind": "swap", "player": 2, "cards": []}, "player must be 0 or 1, not 2"),
        ({"kind": "swap", "player": 0, "cards": "red 3"}, "cards must be a list of card names"),
    ],
)
def test_each_field_is_checked_by_its_reader_in_plain_words(data: dict[str, Any], words: str) -> None:
    with pytest.raises(IllegalMove, match=words):
        _read(data)
