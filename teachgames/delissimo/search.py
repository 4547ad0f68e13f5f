"""Every legal capture of a position, by exact subset-sum search in integer eighths.

A capture is a sub-multiset of the player's cards (``give``) and a sub-multiset of
the open table cards (``take``) that the level allows. The search never samples.
For each way to take cards from the table (at most 15 at 6+, 7 at 8+) it finds
every set of own cards with the needed sum by an exact subset-sum enumeration.

Why it is fast enough for Monte-Carlo hints: the subset sums are memoised on the
*sorted values* of the candidate cards, not on the cards themselves. Hands almost
never repeat, but their value patterns ("1/8, 2/8, 2/8, 6/8") repeat constantly, so
after a short warm-up nearly every subset-sum question is a dictionary look-up.
The whole answer is memoised per (hand, open table) as well.

Everything here works on card ids and integers; ``Card`` objects and sympy appear
only at the boundary (moves and explanations).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from .cards import EIGHTHS, IS_ORDER, IS_PIZZA, ORDER_BASE, SLICES_PER_PIZZA, TOPPINGS

#: (give ids, take ids), each sorted by id: the engine's form of a capture.
RawCapture = tuple[tuple[int, ...], tuple[int, ...]]

ALL_TOPPINGS = 0b111


class CaptureMode(NamedTuple):
    """What the level allows, reduced to what the search needs (a cheap memo key)."""

    orders: bool  # 8+/10+: orders take pizzas, topping rule applies
    whole_pizzas: bool  # whole-pizza variant
    composite: bool  # 10+: several orders for 2-3 pizzas
    max_take: int  # most pizzas one capture may take (orders levels)


class TakePart(NamedTuple):
    total: int  # eighths
    common: int  # topping bits every card has
    ids: tuple[int, ...]


@lru_cache(maxsize=65536)
def take_parts(table: tuple[int, ...], max_take: int) -> tuple[TakePart, ...]:
    """Every distinct non-empty sub-multiset of the open cards, at most ``max_take`` cards."""
    seen: dict[tuple[int, ...], TakePart] = {}
    for size in range(1, min(max_take, len(table)) + 1):
        for ids in combinations(table, size):
            if ids not in seen:
                common = ALL_TOPPINGS
                for i in ids:
                    common &= TOPPINGS[i]
                seen[ids] = TakePart(sum(EIGHTHS[i] for i in ids), common, ids)
    return tuple(seen.values())


@lru_cache(maxsize=131072)
def positions_summing_to(values: tuple[int, ...], target: int) -> tuple[tuple[int, ...], ...]:
    """Every set of two or more positions in ``values`` (positive, sorted ascending)
    whose values sum to ``target``: the several-cards side of a capture."""
    out: list[tuple[int, ...]] = []

    def walk(start: int, left: int, chosen: tuple[int, ...]) -> None:
        for i in range(start, len(values)):
            v = values[i]
            if v > left:
                return  # sorted: every later value is too big as well
            if v == left:
                if chosen:
                    out.append((*chosen, i))
            else:
                walk(i + 1, left - v, (*chosen, i))

    walk(0, target, ())
    return tuple(out)


@lru_cache(maxsize=65536)
def positions_by_residue(values: tuple[int, ...]) -> dict[int, tuple[tuple[int, ...], ...]]:
    """Every non-empty set of positions in ``values``, grouped by sum modulo 8."""
    groups: dict[int, list[tuple[int, ...]]] = {}
    for size in range(1, len(values) + 1):
        for pos in combinations(range(len(values)), size):
            groups.setdefault(sum(values[i] for i in pos) % SLICES_PER_PIZZA, []).append(pos)
    return {r: tuple(p) for r, p in groups.items()}


#: Sort key "by value, then by id", as a table (faster than a lambda on the hot path).
_VALUE_THEN_ID: tuple[int, ...] = tuple(EIGHTHS[i] * 1024 + i for i in range(len(EIGHTHS)))
#: What a card is worth to a capture: its value and, where toppings count, its topping.
_CLASS_WITH_TOPPING: tuple[int, ...] = tuple(EIGHTHS[i] * 8 + TOPPINGS[i] for i in range(len(EIGHTHS)))


class TableIndex(NamedTuple):
    """What an open table offers, worked out once per table and memoised.

    ``singles`` maps a card class to every take one card of that class pays for
    alone; ``multi`` maps topping bits to the takes (total, ids) that two or more own
    cards sharing one of those toppings may pay for together.
    """

    singles: dict[int, tuple[tuple[int, ...], ...]]
    multi: tuple[tuple[int, tuple[tuple[int, tuple[int, ...]], ...]], ...]


@lru_cache(maxsize=65536)
def table_index(table: tuple[int, ...], mode: CaptureMode) -> TableIndex:
    singles: dict[int, list[tuple[int, ...]]] = {}
    multi: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
    if mode.orders:
        pizzas = tuple(i for i in table if IS_PIZZA[i])
        for part in take_parts(pizzas, mode.max_take):
            if not part.common:
                continue  # the pizzas share no topping: no order can take them together
            for bit in (1, 2, 4):  # an order of that topping and exactly that value
                if part.common & bit:
                    singles.setdefault(part.total * 8 + bit, []).append(part.ids)
            if len(part.ids) == 1 or mode.composite:
                multi.setdefault(part.common, []).append((part.total, part.ids))
    else:  # 6+: one own card for two or more, or two or more own cards for one
        for part in take_parts(table, len(table)):
            if len(part.ids) >= 2:
                singles.setdefault(part.total, []).append(part.ids)
            else:
                multi.setdefault(ALL_TOPPINGS, []).append((part.total, part.ids))
    return TableIndex(
        {k: tuple(v) for k, v in singles.items()}, tuple((k, tuple(v)) for k, v in multi.items())
    )


@lru_cache(maxsize=65536)
def find_captures(hand: tuple[int, ...], table: tuple[int, ...], mode: CaptureMode) -> tuple[RawCapture, ...]:
    """All legal captures of ``hand`` (sorted ids) on the open ``table`` (sorted ids).

    At 8+/10+ only order cards may pay: ``hand`` must hold no action cards (the
    engine leaves them out, which also makes more hands share a memo entry).

    Deterministic order: fewest cards first, then by the cards' ids (give, then take).
    """
    found: dict[RawCapture, None] = {}  # an ordered set: equal cards give one capture
    if mode.whole_pizzas:
        ordered = sorted(hand, key=_VALUE_THEN_ID.__getitem__)
        groups = positions_by_residue(tuple([EIGHTHS[i] for i in ordered]))
        for total, _common, take in take_parts(table, len(table)):
            for pos in groups.get(-total % SLICES_PER_PIZZA, ()):
                found[tuple(sorted([ordered[i] for i in pos])), take] = None
    else:
        index = table_index(table, mode)
        classes = _CLASS_WITH_TOPPING if mode.orders else EIGHTHS
        singles = index.singles
        for card in hand:  # one own card pays alone
            for take in singles.get(classes[card], ()):
                found[(card,), take] = None
        if index.multi and len(hand) >= 2:  # two or more own cards pay together
            cards = sorted(hand, key=_VALUE_THEN_ID.__getitem__)
            for common, takes in index.multi:
                fits = [c for c in cards if TOPPINGS[c] & common]  # still sorted by value
                if len(fits) < 2:
                    continue
                values = tuple([EIGHTHS[c] for c in fits])
                for total, take in takes:
                    for pos in positions_summing_to(values, total):
                        found[tuple(sorted([fits[i] for i in pos])), take] = None
    if len(found) < 2:
        return tuple(found)
    return tuple(sorted(found, key=lambda c: (len(c[0]) + len(c[1]), c[0], c[1])))


# ---------------------------------------------------------------------- orders as bitmasks
#: At 8+/10+ every order card of the box is a different card, so a hand of orders is a
#: set: one bit per order id. A table's captures are then found with a few integer ANDs.
ORDER_BIT: tuple[int, ...] = tuple(1 << (i - ORDER_BASE) if IS_ORDER[i] else 0 for i in range(len(EIGHTHS)))
_BIT_ID: dict[int, int] = {ORDER_BIT[i]: i for i in range(len(EIGHTHS)) if IS_ORDER[i]}


class OrdersIndex(NamedTuple):
    """An open table, for order hands: per take, the orders that pay for it alone
    (a bitmask), and the orders that might pay for it together with others."""

    singles: tuple[tuple[int, tuple[int, ...]], ...]  # (orders mask, take)
    multi: tuple[tuple[int, int, tuple[int, ...]], ...]  # (candidates mask, total, take)


@lru_cache(maxsize=65536)
def orders_index(table: tuple[int, ...], mode: CaptureMode) -> OrdersIndex:
    singles: list[tuple[int, tuple[int, ...]]] = []
    multi: list[tuple[int, int, tuple[int, ...]]] = []
    pizzas = tuple(i for i in table if IS_PIZZA[i])
    for total, common, take in take_parts(pizzas, mode.max_take):
        if not common:
            continue  # the pizzas share no topping: no order can take them together
        alone = together = 0
        for o in _ORDER_IDS:
            if TOPPINGS[o] & common:
                if EIGHTHS[o] == total:
                    alone |= ORDER_BIT[o]
                elif EIGHTHS[o] < total:
                    together |= ORDER_BIT[o]
        if alone:
            singles.append((alone, take))
        if together and (len(take) == 1 or mode.composite):
            multi.append((together, total, take))
    return OrdersIndex(tuple(singles), tuple(multi))


_ORDER_IDS: tuple[int, ...] = tuple(i for i in range(len(EIGHTHS)) if IS_ORDER[i])


@lru_cache(maxsize=131072)
def order_sets_summing_to(candidates: int, total: int) -> tuple[tuple[int, ...], ...]:
    """Every set of two or more of the ``candidates`` (an order bitmask) worth ``total``
    eighths, as sorted id tuples. ``candidates`` is a hand ANDed with a take's
    candidates: a handful of bits, so this memo nearly always answers at once."""
    ids = []
    bits = candidates
    while bits:
        low = bits & -bits
        ids.append(_BIT_ID[low])
        bits ^= low
    ids.sort(key=_VALUE_THEN_ID.__getitem__)
    values = tuple([EIGHTHS[i] for i in ids])
    return tuple(tuple(sorted([ids[p] for p in pos])) for pos in positions_summing_to(values, total))


def order_captures(hand: int, table: tuple[int, ...], mode: CaptureMode) -> tuple[RawCapture, ...]:
    """All legal captures at 8+/10+ of a hand of *distinct* orders given as a bitmask
    (``ORDER_BIT``), on the open ``table`` (sorted pizza ids). Same answer, in the same
    order, as ``find_captures`` on that hand.

    Not memoised: hand/table pairs almost never repeat in play, and this is a few
    integer ANDs on the table's memoised index.
    """
    index = orders_index(table, mode)
    found: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []  # (cards, give, take)
    for alone, take in index.singles:
        bits = hand & alone
        while bits:
            low = bits & -bits
            found.append((1 + len(take), (_BIT_ID[low],), take))
            bits ^= low
    for together, total, take in index.multi:
        bits = hand & together
        if bits & (bits - 1):  # at least two candidates
            for give in order_sets_summing_to(bits, total):
                found.append((len(give) + len(take), give, take))
    if len(found) > 1:
        found.sort()  # fewest cards first, then by ids: the order of find_captures
    return tuple([(give, take) for _n, give, take in found])


def clear_caches() -> None:
    """Forget memoised tables (for benchmarks that measure a cold search)."""
    for cached in (find_captures, table_index, take_parts, positions_summing_to, positions_by_residue,
                   orders_index, order_sets_summing_to):  # fmt: skip
        cached.cache_clear()
