"""Split's rules as data: sizes, the score-pad table and every Decision of docs/split.md.

A **Decision** is ours, not the printed rules; each is a value here that a teacher may
change (``new_game("split", rules={"upgrade_others": True})``), never a constant
hidden in the engine. ``docs/split.md`` says each in plain words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from itertools import pairwise
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Sequence

#: The rows of the score pad, upper rows first, the negative row last.
ROWS: tuple[str, ...] = ("perfect", "strong", "weak", "negative")


def default_pad() -> dict[str, tuple[int, ...]]:
    """Decision (pad table): the value of the first open box after k marks, k = 0, 1, …"""
    return {
        "perfect": (0, 5, 10, 20, 30, 45, 60, 80, 100),
        "strong": (0, 3, 6, 10, 15, 21, 28, 36, 45),
        "weak": (0, 1, 3, 6, 10, 15, 21, 28, 36),
        "negative": (0, 2, 5, 10, 15, 20, 30, 40, 50, 60),
    }


@dataclass(frozen=True)
class SplitRules:
    """Every tunable value of a game of Split. Build with :func:`make_rules`.

    Made once per game, read on every move."""

    #: Cards dealt to each player at the start of a round.
    hand_size: int = 9
    #: Rounds in a match (the pad accumulates over them).
    rounds: int = 3
    #: Decision (pad table): row -> box values after 0, 1, 2, … marks.
    pad: dict[str, tuple[int, ...]] = field(default_factory=default_pad)
    #: Decision: an upgrade may be made on another player's match too, and takes it over.
    upgrade_others: bool = False
    #: Decision: an upgrade earns no bonus (only a new match does); True gives the bonus
    #: of the match's new type.
    upgrade_bonus: bool = False
    #: Decision: the perfect-match bonus names another player (True: anyone, even oneself).
    penalise_self: bool = False
    #: Decision: who deals the next round when the draw pile ran out (nobody went out):
    #: "ender" = the player who drew the last card, "left" = the next player after the dealer.
    next_dealer: str = "ender"

    def to_dict(self) -> dict[str, Any]:
        """Every rule by name, JSON-able (the pad's rows as lists): a saved game's rules."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["pad"] = {row: list(values) for row, values in self.pad.items()}
        return data


PRESETS: dict[str, dict[str, Any]] = {
    #: The rules of docs/split.md with our Decisions.
    "standard": {},
    #: Upgrading another player's match takes it over (the option docs/split.md names).
    "takeover": {"upgrade_others": True},
    #: A short lesson: one round.
    "one-round": {"rounds": 1},
}

_INTS: dict[str, tuple[int, int]] = {"hand_size": (1, 12), "rounds": (1, 10)}
_FLAGS = ("upgrade_others", "upgrade_bonus", "penalise_self")


def make_rules(preset: str = "standard", overrides: Mapping[str, Any] | None = None) -> SplitRules:
    """The rules of ``preset`` with a teacher's ``overrides``, every value checked."""
    if preset not in PRESETS:
        raise ValueError(f"unknown Split preset {preset!r}; the presets are {', '.join(PRESETS)}")
    values: dict[str, Any] = dict(PRESETS[preset])
    if overrides is not None and not isinstance(overrides, Mapping):
        raise ValueError("rules= must be a dict of rule names and values")
    known = {f.name for f in fields(SplitRules)}
    for key, value in (overrides or {}).items():
        if key not in known:
            raise ValueError(f"unknown Split rule {key!r}; the rules are {', '.join(sorted(known))}")
        values[key] = value
    rules = SplitRules(**values)
    _validate(rules)
    return rules


def preset_of(rules: SplitRules) -> str:
    """The name of the preset ``rules`` are, or "custom" when a teacher changed any rule
    (saved games keep rules, not the preset's name: this finds it again)."""
    for name in PRESETS:
        if make_rules(name) == rules:
            return name
    return "custom"


def rules_from_dict(data: Any) -> SplitRules:
    """Read rules saved by :meth:`SplitRules.to_dict`."""
    if not isinstance(data, Mapping):
        raise ValueError("the rules must be an object")
    return make_rules("standard", data)


def _validate(rules: SplitRules) -> None:
    for name in _FLAGS:
        if not isinstance(getattr(rules, name), bool):
            raise ValueError(f"rule {name!r} must be true or false")
    for name, (low, high) in _INTS.items():
        value = getattr(rules, name)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"rule {name!r} must be a whole number from {low} to {high}, not {value!r}")
    if rules.next_dealer not in ("ender", "left"):
        raise ValueError("rule 'next_dealer' must be 'ender' or 'left'")
    object.__setattr__(rules, "pad", _pad_table(rules.pad))


def _pad_table(table: Any) -> dict[str, tuple[int, ...]]:
    """A checked pad table: the four rows, each a non-decreasing list starting at 0."""
    if not isinstance(table, Mapping) or set(table) != set(ROWS):
        raise ValueError(f"the pad table must have the rows {', '.join(ROWS)}")
    out: dict[str, tuple[int, ...]] = {}
    for row in ROWS:
        values = table[row]
        if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
            raise ValueError(f"pad row {row!r} must be a list of whole numbers")
        items = tuple(values)
        if not 2 <= len(items) <= 30:
            raise ValueError(f"pad row {row!r} must have 2 to 30 values")
        for v in items:
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 10_000:
                raise ValueError(f"pad row {row!r}: {v!r} is not a whole number from 0 to 10000")
        if items[0] != 0 or any(b < a for a, b in pairwise(items)):
            raise ValueError(f"pad row {row!r} must start at 0 and never go down")
        out[row] = items
    return out


def box_value(table: Mapping[str, tuple[int, ...]], row: str, marks: int) -> int:
    """The value of the first open box of ``row`` after ``marks`` marks (a full row: its last)."""
    values = table[row]
    return values[min(marks, len(values) - 1)]


def pad_points(table: Mapping[str, tuple[int, ...]], marks: Mapping[str, int]) -> int:
    """First open box of each upper row, added, minus the first open box of the negative row."""
    return pad_value(table, tuple(marks.get(row, 0) for row in ROWS))


def pad_value(table: Mapping[str, tuple[int, ...]], marks: Sequence[int]) -> int:
    """:func:`pad_points` of the marks in ``ROWS`` order (a greedy bot asks it for every
    player after every move it weighs, so it builds no dict)."""
    perfect, strong, weak, negative = marks
    return (box_value(table, "perfect", perfect) + box_value(table, "strong", strong)
            + box_value(table, "weak", weak) - box_value(table, "negative", negative))  # fmt: skip
