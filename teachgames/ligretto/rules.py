"""Ligretto rules as data: the two presets and the Decisions a teacher may change.

``seed`` is this package's preset (docs/ligretto.md: rows of 5/4/3 for 2–4/5–8/9–12 players,
the hand deck reshuffled at its end), ``official`` the box's rules (rows of 5/4/3 for
2/3/4+ players, the turned-up cards turned over without shuffling). Both end a round on
a blockade unless ``blockade="unblock"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

PRESETS: tuple[str, ...] = ("seed", "official")
MIN_PLAYERS, MAX_PLAYERS = 2, 12
END_OF_DECK: tuple[str, ...] = ("shuffle", "turn")
BLOCKADE: tuple[str, ...] = ("end", "unblock")
STACK_SIZE = 10
TURN_SIZE = 3
DEFAULT_TARGET = 100
MAX_ROUNDS = 1000


def row_size(preset: str, players: int) -> int:
    """Cards in each player's row for this preset and table size."""
    if preset == "official":
        return 5 if players == 2 else 4 if players == 3 else 3
    return 5 if players <= 4 else 4 if players <= 8 else 3


@dataclass(frozen=True)
class LigrettoRules:
    """One table's rules. ``rounds`` (a fixed number) wins over ``target`` when given."""

    preset: str = "seed"
    end_of_deck: str = "shuffle"
    blockade: str = "end"
    target: int = DEFAULT_TARGET
    rounds: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "preset": self.preset,
            "end_of_deck": self.end_of_deck,
            "blockade": self.blockade,
            "target": self.target,
            "rounds": self.rounds,
        }


def _choice(value: Any, what: str, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise ValueError(f"{what} must be one of {', '.join(choices)}, not {value!r}")
    return str(value)


def _whole(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return value


def make_rules(preset: str = "seed", changes: Mapping[str, Any] | None = None) -> LigrettoRules:
    """The preset's rules with a teacher's ``changes`` (any field of LigrettoRules)."""
    _choice(preset, "preset", PRESETS)
    data: dict[str, Any] = {"end_of_deck": "shuffle" if preset == "seed" else "turn"}
    if changes is not None:
        if not isinstance(changes, Mapping):
            raise ValueError("rules must be a dict of rule changes")
        unknown = set(changes) - {"end_of_deck", "blockade", "target", "rounds", "preset"}
        if unknown:
            raise ValueError(f"unknown Ligretto rule(s): {', '.join(sorted(map(str, unknown)))}")
        data.update({k: v for k, v in changes.items() if k != "preset"})
        if "preset" in changes and changes["preset"] != preset:
            raise ValueError("the preset is given twice with different values")
    rounds = data.get("rounds")
    return LigrettoRules(
        preset=preset,
        end_of_deck=_choice(data["end_of_deck"], "end_of_deck", END_OF_DECK),
        blockade=_choice(data.get("blockade", "end"), "blockade", BLOCKADE),
        target=_whole(data.get("target", DEFAULT_TARGET), "target", 1, 100_000),
        rounds=None if rounds is None else _whole(rounds, "rounds", 1, MAX_ROUNDS),
    )


def rules_from_dict(data: Any) -> LigrettoRules:
    """Read saved rules (the dict of ``to_dict``); bad values raise ValueError."""
    if not isinstance(data, Mapping):
        raise ValueError("the saved rules must be an object")
    preset = _choice(data.get("preset"), "preset", PRESETS)
    return make_rules(preset, {k: v for k, v in data.items() if k != "preset"})
