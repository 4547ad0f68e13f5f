"""Tsvetik-Semitsvetik rules as data: sizes, the scoring tables and the two presets.

Every line docs/tsvetik.md marks as a **Decision** is a value here that a teacher can change:
``new_game("tsvetik", rules={"extra": -10})`` or ``rules={"one_colour": [1, 3, 6]}``.
The engine reads these values and keeps no second copy of them in code.

Presets (``preset=``):

* ``"seed"`` (default): the Drofa box as we read it: 4 fields of 3 cells always in play,
  one group scored (one colour, or different colours), −20 per extra card.
* ``"coloretto"``: the publisher's game it resembles: one field (row) per player, every
  colour scores on the triangular table 1, 3, 6, 10, 15, 21 (6 or more = 21), the three
  best colours plus, the others minus.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cached_property
from typing import Any

from .cards import COLOURS

PRESETS: tuple[str, ...] = ("seed", "coloretto")
SCORINGS: tuple[str, ...] = ("groups", "coloretto")
FIRST_PASSES: tuple[str, ...] = ("right", "last_taker")
MIN_PLAYERS, MAX_PLAYERS = 2, 4
#: At most this many fields on a table (the rules allow 1 to 8; so does a puzzle).
MAX_FIELDS = 8


@dataclass(frozen=True)
class TsvetikRules:
    """One preset's rules with every tunable value. Build with :func:`make_rules`."""

    preset: str = "seed"
    # --- the box (Decision: 7 colours, 7 cards of each)
    colours: int = 7  #: colours in play: the first ``colours`` of red ... violet
    cards_per_colour: int = 7
    # --- the table
    fields: int = 4  #: fields always in play (ignored when ``field_per_player``)
    field_per_player: bool = False  #: coloretto: one field (row) per player
    cells: int = 3  #: cells on a field
    #: Decision: who holds the "first move" card in the first round (a player index).
    first_player: int = 0
    #: Where the "first move" card goes after a round: "right" (the seed rule: the
    #: player to the right of its holder, who comes last in clockwise order) or
    #: "last_taker" (Coloretto's: the player who took the last field).
    first_passes: str = "right"
    # --- scoring
    scoring: str = "groups"  #: "groups" (seed) or "coloretto"
    #: Decision (seed table): one colour, points for 1..7 cards.
    one_colour: tuple[int, ...] = (5, 10, 20, 35, 55, 75, 100)
    #: Decision (seed table): different colours, points for 1..7 colours.
    different: tuple[int, ...] = (2, 5, 10, 17, 26, 37, 50)
    #: Each card outside the chosen group ("extra") scores this (printed: −20).
    extra: int = -20
    #: Coloretto: points of one colour by its count 1, 2, ...; more cards score the last.
    triangle: tuple[int, ...] = (1, 3, 6, 10, 15, 21)
    #: Coloretto: how many of a player's colours score plus (the best ones).
    plus_colours: int = 3

    @cached_property
    def score_memo(self) -> dict[tuple[int, ...], int]:
        """Scores worked out under these rules, by colour counts (``scoring.score_counts``
        keeps it, bounded): a greedy bot scores every move it weighs, and the same few
        collections come up again and again. Not a field: a pickle or copy of the rules
        holds the fields only, and the memo is rebuilt wherever the rules go."""
        return {}

    def __getstate__(self) -> dict[str, Any]:
        """A pickle or copy holds the fields only: what is worked out from them (the
        ``cached_property`` values) is worked out again wherever the rules go."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def fields_for(self, players: int) -> int:
        """How many fields lie on the table for ``players``."""
        return players if self.field_per_player else self.fields

    def deck(self) -> list[int]:
        """The box before shuffling: ``cards_per_colour`` cards of each colour in play."""
        return [c for c in range(self.colours) for _ in range(self.cards_per_colour)]

    def table(self) -> dict[str, Any]:
        """The scoring table as a dict (the shape ``score_cards(table=...)`` accepts)."""
        if self.scoring == "coloretto":
            return {"kind": "coloretto", "triangle": list(self.triangle), "plus_colours": self.plus_colours}
        return {
            "kind": "groups",
            "one_colour": list(self.one_colour),
            "different": list(self.different),
            "extra": self.extra,
        }

    def to_dict(self) -> dict[str, Any]:
        """Every rule by name, the tables as lists (JSON-able; a new dict each call)."""
        data = {name: getattr(self, name) for name in _RULE_NAMES}
        for key in _TABLES:
            data[key] = list(data[key])
        return data


#: The rules' names in field order (what ``to_dict`` writes); every value is a number,
#: a word, a flag or a table of numbers, so no deeper copy than a table's list is needed.
_RULE_NAMES: tuple[str, ...] = tuple(f.name for f in fields(TsvetikRules))


#: What each preset changes from the defaults of :class:`TsvetikRules` (docs/tsvetik.md).
PRESET_VALUES: dict[str, dict[str, Any]] = {
    "seed": {},
    "coloretto": {"field_per_player": True, "scoring": "coloretto", "first_passes": "last_taker"},
}

_INT_LIMITS: dict[str, tuple[int, int]] = {
    "colours": (1, len(COLOURS)),
    "cards_per_colour": (1, 20),
    "fields": (1, MAX_FIELDS),
    "cells": (1, 9),
    "first_player": (0, MAX_PLAYERS - 1),
    "extra": (-1000, 1000),
    "plus_colours": (0, len(COLOURS)),
}
_TABLES = ("one_colour", "different", "triangle")


def make_rules(preset: str = "seed", overrides: Mapping[str, Any] | None = None) -> TsvetikRules:
    """The rules of ``preset`` with a teacher's ``overrides``, every value checked."""
    if preset not in PRESETS:
        raise ValueError(f"unknown Tsvetik preset {preset!r}; the presets are {', '.join(PRESETS)}")
    if overrides is not None and not isinstance(overrides, Mapping):
        raise ValueError("rules= must be a dict of rule names and values")
    if not overrides:  # a preset as it is: made and checked once (the rules are frozen)
        rules = _PRESET_RULES.get(preset)
        if rules is None:
            rules = _PRESET_RULES[preset] = _make(preset, {})
        return rules
    return _make(preset, overrides)


#: The presets' rules without overrides, made on first use.
_PRESET_RULES: dict[str, TsvetikRules] = {}


def _make(preset: str, overrides: Mapping[str, Any]) -> TsvetikRules:
    """The rules of ``preset`` with ``overrides`` (rule name -> value), checked by :func:`validate`."""
    values: dict[str, Any] = {"preset": preset, **PRESET_VALUES[preset]}
    known = set(_RULE_NAMES) - {"preset"}
    for key, value in overrides.items():
        if key not in known:
            raise ValueError(f"unknown Tsvetik rule {key!r}; the rules are {', '.join(sorted(known))}")
        values[key] = tuple(value) if key in _TABLES and isinstance(value, (list, tuple)) else value
    rules = TsvetikRules(**values)
    validate(rules)
    return rules


def rules_from_dict(data: Mapping[str, Any]) -> TsvetikRules:
    """Read rules saved by :meth:`TsvetikRules.to_dict` (from a saved game)."""
    if not isinstance(data, Mapping):
        raise ValueError("the rules must be an object")
    preset = data.get("preset")
    if not isinstance(preset, str):
        raise ValueError("the rules do not name a preset")
    return make_rules(preset, {k: v for k, v in data.items() if k != "preset"})


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def validate(rules: TsvetikRules) -> None:
    """Raise ValueError (naming the rule) unless every value makes sense."""
    if not isinstance(rules.field_per_player, bool):
        raise ValueError("rule 'field_per_player' must be true or false")
    for name, (low, high) in _INT_LIMITS.items():
        value = getattr(rules, name)
        if not _int(value) or not low <= value <= high:
            raise ValueError(f"rule {name!r} must be a whole number from {low} to {high}, not {value!r}")
    for name in _TABLES:
        table = getattr(rules, name)
        if not isinstance(table, tuple) or not table or not all(_int(v) for v in table):
            raise ValueError(f"rule {name!r} must be a list of whole numbers (points for 1, 2, 3 ... cards)")
        if len(table) > 50 or any(abs(v) > 100_000 for v in table):
            raise ValueError(f"rule {name!r} is too long or its numbers too large")
    if rules.scoring not in SCORINGS:
        raise ValueError(f"rule 'scoring' must be one of {', '.join(SCORINGS)}, not {rules.scoring!r}")
    if rules.first_passes not in FIRST_PASSES:
        raise ValueError(
            f"rule 'first_passes' must be one of {', '.join(FIRST_PASSES)}, not {rules.first_passes!r}"
        )


def table_rules(table: str | Mapping[str, Any] | TsvetikRules) -> TsvetikRules:
    """Rules whose scoring is ``table``: a preset name, a table dict, or rules themselves.

    A table dict has the shape of :meth:`TsvetikRules.table`: ``{"one_colour": [...],
    "different": [...], "extra": -20}`` (kind "groups", the default) or ``{"kind":
    "coloretto", "triangle": [...], "plus_colours": 3}``; missing entries keep the
    preset's values.
    """
    if isinstance(table, TsvetikRules):
        return table
    if isinstance(table, str):
        return make_rules(table)
    if not isinstance(table, Mapping):
        raise ValueError('table must be "seed", "coloretto" or a dict like {"one_colour": [...], ...}')
    kind = table.get("kind", "coloretto" if "triangle" in table else "groups")
    if kind not in SCORINGS:
        raise ValueError(f"a scoring table's kind is one of {', '.join(SCORINGS)}, not {kind!r}")
    allowed = ("triangle", "plus_colours") if kind == "coloretto" else ("one_colour", "different", "extra")
    overrides: dict[str, Any] = {}
    for key, value in table.items():
        if key == "kind":
            continue
        if key not in allowed:
            raise ValueError(f"a {kind} scoring table has {', '.join(allowed)}, not {key!r}")
        overrides[key] = value
    return make_rules("coloretto" if kind == "coloretto" else "seed", overrides)
