"""Delissimo rules as data: the deck table, the sizes, and the four level presets.

Everything docs/delissimo.md marks as a **Decision** (ours, not the printed rules) lives here
as a value a teacher can change: ``new_game("delissimo", rules={"hand_size": 5})`` or
``rules={"pizza_counts": {...}}``. The engine reads these values and never hides
another copy of them in code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from functools import cache, cached_property
from typing import Any

from .cards import (
    CANCEL_ID,
    ORDER_FORMS,
    PAIRS,
    SLICES_PER_PIZZA,
    TOPPING_NAMES,
    order_id,
    pizza_id,
    special_id,
)

LEVELS: tuple[str, ...] = ("beginner", "whole", "basic", "advanced")
LEVEL_AGES: dict[str, str] = {
    "beginner": "6+",
    "whole": "6+ (whole pizzas)",
    "basic": "8+",
    "advanced": "10+",
}


def _default_pizza_counts() -> dict[int, int]:
    # Decision (deck table): per topping pair, how many cards show k slices (23 x 3 = 69).
    return {1: 3, 2: 4, 3: 2, 4: 4, 5: 2, 6: 3, 7: 2, 8: 3}


def _default_pizza_dots() -> dict[int, int]:
    # Decision: difficulty dots by slices: {2,4,8} one dot, {1,6} two, {3,5,7} three.
    return {1: 2, 2: 1, 3: 3, 4: 1, 5: 3, 6: 2, 7: 3, 8: 1}


def _default_orders() -> dict[str, int]:
    # Decision (deck table): the 13 order cards of each topping, printed fraction -> dots.
    return {
        "1/4": 1,
        "1/2": 1,
        "3/4": 1,
        "1": 1,
        "1/8": 2,
        "3/8": 2,
        "5/8": 2,
        "2/4": 2,
        "7/8": 3,
        "2/8": 3,
        "4/8": 3,
        "6/8": 3,
        "8/8": 3,
    }


@dataclass(frozen=True)
class DelissimoRules:
    """One level's rules with every tunable value. Build with ``make_rules``."""

    level: str = "basic"
    # --- what the level allows (docs/delissimo.md; a teacher may switch these)
    orders: bool = True  #: 8+/10+: order cards and toppings
    whole_pizzas: bool = False  #: the whole-pizza variant's capture rule
    composite: bool = False  #: 10+: several orders take 2-3 pizzas
    special_anytime: bool = False  #: 10+: a special order at any decision point
    penalty: bool = False  #: 10+: orders left in hand are subtracted at the end
    # --- sizes (printed rules)
    hand_size: int = 4
    centre_size: int = 4
    stacks: int = 3
    max_pizzas_per_capture: int = 3  #: "one order takes 2-3 pizzas"
    #: Filter the deck by difficulty dots (1 = easiest cards only).
    max_dots: int = 3
    # --- the deck table (Decisions)
    pizza_counts: dict[int, int] = field(default_factory=_default_pizza_counts)
    pizza_dots: dict[int, int] = field(default_factory=_default_pizza_dots)
    orders_per_topping: dict[str, int] = field(default_factory=_default_orders)
    specials_per_pair: int = 2
    cancels: int = 4
    #: Whole-pizza variant: remove the whole-pizza cards (k = 8) from the deck.
    remove_whole_pizzas: bool = False
    #: Decision (stack split): an emptied stack is refilled by halving the largest one.
    split_empty_stacks: bool = True
    #: Decision (10+): a player interrupted by a special order refills to the hand size
    #: if they had captured in the turn (False: they draw nothing either way).
    interrupted_turn_refills: bool = True

    # ------------------------------------------------------------------ decks
    def pizza_deck(self) -> list[int]:
        """Pizza card ids in box order (before shuffling), filtered by dots: a new list."""
        return list(self._decks[0])

    def order_deck(self) -> list[int]:
        """Order and action card ids in box order (before shuffling), filtered by dots: a new list."""
        return list(self._decks[1])

    @cached_property
    def _decks(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        # Worked out once per rules object: dealing is on the hot path of playouts.
        return tuple(self._build_pizza_deck()), tuple(self._build_order_deck())

    def _build_pizza_deck(self) -> list[int]:
        deck = []
        for pair in PAIRS:
            for k in range(1, SLICES_PER_PIZZA + 1):
                if self.remove_whole_pizzas and k == SLICES_PER_PIZZA:
                    continue
                if self.pizza_dots.get(k, 1) > self.max_dots:
                    continue
                deck.extend([pizza_id(k, pair)] * self.pizza_counts.get(k, 0))
        return deck

    def _build_order_deck(self) -> list[int]:
        deck = []
        # In a fixed order of the printed forms, not the table's key order: a saved game
        # writes its rules with sorted keys, and its deal must come out the same.
        forms = sorted(self.orders_per_topping.items(), key=lambda item: _FORM_RANK[_parse_printed(item[0])])
        for topping in TOPPING_NAMES:
            for printed, dots in forms:
                if dots <= self.max_dots:
                    n, d = _parse_printed(printed)
                    deck.append(order_id(topping, n, d))
        for pair in PAIRS:
            deck.extend([special_id(pair)] * self.specials_per_pair)
        deck.extend([CANCEL_ID] * self.cancels)
        return deck

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        """The rules as JSON data (a new dict each call: the caller may keep or change it)."""
        return {k: dict(v) if isinstance(v, dict) else v for k, v in self._as_dict.items()}

    @cached_property
    def _as_dict(self) -> dict[str, Any]:
        # Worked out once per rules object: every new game writes its rules into its setup.
        # a new dict; ``to_dict`` copies the tables inside it
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["pizza_counts"] = {str(k): v for k, v in self.pizza_counts.items()}
        data["pizza_dots"] = {str(k): v for k, v in self.pizza_dots.items()}
        return data

    @cached_property
    def move_memo(self) -> dict[Any, Any]:
        """A place for the engine to keep move objects made under these rules (bounded there)."""
        return {}

    def __getstate__(self) -> dict[str, Any]:
        """A pickle or copy holds the fields only: what is worked out from them (the
        ``cached_property`` values) is worked out again wherever the rules go."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


def _parse_printed(printed: str) -> tuple[int, int]:
    text = printed.strip()
    n, _, d = text.partition("/")
    try:
        pair = (int(n), int(d) if d else 1)
    except ValueError:
        raise ValueError(f"order fraction {printed!r} is not written like 3/8 or 1") from None
    if pair not in ORDER_FORMS:
        raise ValueError(f"order fraction {printed!r} is not one a pizza in eighths can fill")
    return pair


#: The box order of the order cards of one topping: the deck table's, then any other form.
_FORM_RANK: dict[tuple[int, int], int] = {
    form: rank
    for rank, form in enumerate(
        dict.fromkeys([*(_parse_printed(p) for p in _default_orders()), *ORDER_FORMS])
    )
}

#: What each level changes from the defaults above (docs/delissimo.md).
LEVEL_PRESETS: dict[str, dict[str, Any]] = {
    "beginner": {"orders": False},
    "whole": {"orders": False, "whole_pizzas": True, "remove_whole_pizzas": True},
    "basic": {},
    "advanced": {"composite": True, "special_anytime": True, "penalty": True},
}

_INT_LIMITS: dict[str, tuple[int, int]] = {
    "hand_size": (1, 12),
    "centre_size": (1, 12),
    "stacks": (1, 6),
    "max_pizzas_per_capture": (1, 6),
    "max_dots": (1, 3),
    "specials_per_pair": (0, 20),
    "cancels": (0, 20),
}


def make_rules(
    level: str = "basic", max_dots: int = 3, overrides: Mapping[str, Any] | None = None
) -> DelissimoRules:
    """The rules of ``level`` with a teacher's ``overrides``, every value checked.

    Without overrides the same rules object is returned for the same level and dots
    (rules are frozen), so its decks and JSON form are worked out once, not per game.
    """
    given: object = overrides  # a caller may pass anything; the type says what is meant
    if given is not None and not isinstance(given, Mapping):
        hint = f" (for the level, write level={given!r})" if isinstance(given, str) else ""
        raise ValueError(f"rules= must be a dict of rule names and values, not {given!r}{hint}")
    if not overrides and isinstance(level, str) and level in LEVELS and type(max_dots) is int:
        return _level_rules(level, max_dots)
    return _make_rules(level, max_dots, overrides)


@cache
def _level_rules(level: str, max_dots: int) -> DelissimoRules:
    return _make_rules(level, max_dots, None)


def _make_rules(level: str, max_dots: int, overrides: Mapping[str, Any] | None) -> DelissimoRules:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}")
    values: dict[str, Any] = {"level": level, "max_dots": max_dots, **LEVEL_PRESETS[level]}
    known = {f.name for f in fields(DelissimoRules)}
    for key, value in (overrides or {}).items():
        if key not in known or key == "level":
            raise ValueError(
                f"unknown Delissimo rule {key!r}; the rules are {', '.join(sorted(known - {'level'}))}"
            )
        values[key] = value
    rules = DelissimoRules(**values)
    _validate(rules)
    return rules


def rules_from_dict(data: Mapping[str, Any]) -> DelissimoRules:
    """Read rules saved by ``DelissimoRules.to_dict`` (from a saved game)."""
    if not isinstance(data, Mapping):
        raise ValueError("the rules must be an object")
    level = data.get("level")
    if not isinstance(level, str):
        raise ValueError("the rules do not name a level")
    overrides = {k: v for k, v in data.items() if k not in ("level", "max_dots")}
    return make_rules(level, data.get("max_dots", 3), overrides)


def _validate(rules: DelissimoRules) -> None:
    flags = ("orders", "whole_pizzas", "composite", "special_anytime", "penalty", "remove_whole_pizzas",
             "split_empty_stacks", "interrupted_turn_refills")  # fmt: skip
    for name in flags:
        if not isinstance(getattr(rules, name), bool):
            raise ValueError(f"rule {name!r} must be true or false")
    for name, (low, high) in _INT_LIMITS.items():
        value = getattr(rules, name)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"rule {name!r} must be a whole number from {low} to {high}, not {value!r}")
    object.__setattr__(rules, "pizza_counts", _slice_table(rules.pizza_counts, "pizza_counts", 0, 50))
    object.__setattr__(rules, "pizza_dots", _slice_table(rules.pizza_dots, "pizza_dots", 1, 3))
    orders = rules.orders_per_topping
    if not isinstance(orders, Mapping) or not orders:
        raise ValueError("rule 'orders_per_topping' must map printed fractions to dots, e.g. {'1/4': 1}")
    for printed, dots in orders.items():
        _parse_printed(str(printed))
        if isinstance(dots, bool) or not isinstance(dots, int) or not 1 <= dots <= 3:
            raise ValueError(f"order {printed!r} must have 1 to 3 dots, not {dots!r}")
    if rules.orders and rules.whole_pizzas:
        raise ValueError("the whole-pizza rule is for the levels without orders")


def _slice_table(table: Any, name: str, low: int, high: int) -> dict[int, int]:
    if not isinstance(table, Mapping):
        raise ValueError(f"rule {name!r} must map slices 1-8 to numbers")
    out: dict[int, int] = {}
    for key, value in table.items():
        try:
            k = int(key)
        except (TypeError, ValueError):
            raise ValueError(f"rule {name!r}: {key!r} is not a number of slices") from None
        if not 1 <= k <= SLICES_PER_PIZZA:
            raise ValueError(f"rule {name!r}: a pizza card has 1 to 8 slices, not {k}")
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"rule {name!r}: value for {k} slices must be from {low} to {high}")
        out[k] = value
    return out
