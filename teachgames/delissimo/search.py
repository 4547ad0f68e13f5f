"""Every legal capture of a position, by exact subset-sum search in integer eighths.

A capture is a sub-multiset of the player's cards (``give``) and a sub-multiset of
the open table cards (``take``) that the level allows. The search never samples:
it enumerates each side's distinct sub-multisets once, groups them by their sum
(and topping bits), and joins the two sides on the sum. Both sides are memoised,
per hand and per open table, because the same hands and tables recur constantly
in play and in Monte-Carlo playouts; the join is memoised per (hand, table).

Everything here works on card ids and integers; ``Card`` objects and sympy appear
only at the boundary (moves and explanations).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from .cards import EIGHTHS, IS_ORDER, IS_PIZZA, SLICES_PER_PIZZA, TOPPINGS

#: (give ids, take ids), each sorted by id: the engine's form of a capture.
RawCapture = tuple[tuple[int, ...], tuple[int, ...]]

ALL_TOPPINGS = 0b111


@dataclass(frozen=True)
class CaptureMode:
    """What the level allows, reduced to what the search needs (hashable: a memo key)."""

    orders: bool  # 8+/10+: orders take pizzas, topping rule applies
    whole_pizzas: bool  # whole-pizza variant
    composite: bool  # 10+: several orders for 2-3 pizzas
    max_take: int  # most pizzas one capture may take (orders levels)


# A side of a capture: (sum in eighths, topping bits, number of cards, ids)
Part = tuple[int, int, int, tuple[int, ...]]


def sub_multisets(ids: tuple[int, ...], limit: int | None) -> list[Part]:
    """Every distinct non-empty sub-multiset of ``ids`` (sorted) with sum <= ``limit``.

    Returns (sum, OR of topping bits, AND of topping bits packed in the upper bits,
    size, ids). Duplicates in ``ids`` are treated as one kind with a count, so two
    equal cards never give two equal captures.
    """
    kinds: list[tuple[int, int]] = []  # (id, count)
    for i in ids:
        if kinds and kinds[-1][0] == i:
            kinds[-1] = (i, kinds[-1][1] + 1)
        else:
            kinds.append((i, 1))
    out: list[Part] = []
    bound = limit if limit is not None else 1 << 30

    def walk(k: int, total: int, ormask: int, andmask: int, size: int, chosen: tuple[int, ...]) -> None:
        if k == len(kinds):
            if size:
                out.append((total, ormask | (andmask << 3), size, chosen))
            return
        card, count = kinds[k]
        value, bits = EIGHTHS[card], TOPPINGS[card]
        walk(k + 1, total, ormask, andmask, size, chosen)
        for n in range(1, count + 1):
            t = total + value * n
            if t > bound:
                break
            walk(k + 1, t, ormask | bits, andmask & bits, size + n, chosen + (card,) * n)

    walk(0, 0, 0, ALL_TOPPINGS, 0, ())
    return out


@lru_cache(maxsize=65536)
def _take_parts(table: tuple[int, ...], max_take: int) -> tuple[Part, ...]:
    parts = [p for p in sub_multisets(table, None) if p[2] <= max_take]
    return tuple(parts)


@lru_cache(maxsize=65536)
def _give_by_sum(hand: tuple[int, ...], limit: int | None) -> dict[int, list[Part]]:
    by_sum: dict[int, list[Part]] = {}
    for part in sub_multisets(hand, limit):
        by_sum.setdefault(part[0], []).append(part)
    return by_sum


@lru_cache(maxsize=262144)
def find_captures(hand: tuple[int, ...], table: tuple[int, ...], mode: CaptureMode) -> tuple[RawCapture, ...]:
    """All legal captures of ``hand`` (sorted ids) on the open ``table`` (sorted ids).

    Deterministic order: fewest cards first, then by the cards' ids (give, then take).
    """
    if mode.orders:
        cards = tuple(i for i in hand if IS_ORDER[i])
        table = tuple(i for i in table if IS_PIZZA[i])
        takes = _take_parts(table, mode.max_take)
        limit = max((p[0] for p in takes), default=0)
        gives = _give_by_sum(cards, limit)
        found = list(_join_orders(takes, gives, mode.composite))
    elif mode.whole_pizzas:
        takes = _take_parts(table, len(table))
        gives = _give_by_sum(hand, None)
        found = list(_join_whole(takes, gives))
    else:
        takes = _take_parts(table, len(table))
        gives = _give_by_sum(hand, SLICES_PER_PIZZA * len(table))
        found = list(_join_beginner(takes, gives))
    found.sort(key=lambda c: (len(c[0]) + len(c[1]), c[0], c[1]))
    return tuple(found)


def _join_orders(
    takes: tuple[Part, ...], gives: dict[int, list[Part]], composite: bool
) -> Iterator[RawCapture]:
    for total, bits, size, take in takes:
        pizza_and = bits >> 3  # toppings every taken pizza has
        for _g_total, g_bits, g_size, give in gives.get(total, ()):
            if (g_bits & ALL_TOPPINGS) & ~pizza_and:
                continue  # an order's topping is missing from a pizza
            if size >= 2 and g_size >= 2 and not composite:
                continue
            yield give, take


def _join_beginner(takes: tuple[Part, ...], gives: dict[int, list[Part]]) -> Iterator[RawCapture]:
    for total, _bits, size, take in takes:
        for _g_total, _g_bits, g_size, give in gives.get(total, ()):
            if (g_size == 1 and size >= 2) or (g_size >= 2 and size == 1):
                yield give, take


def _join_whole(takes: tuple[Part, ...], gives: dict[int, list[Part]]) -> Iterator[RawCapture]:
    by_residue: dict[int, list[Part]] = {}
    for g_total, parts in gives.items():
        by_residue.setdefault(g_total % SLICES_PER_PIZZA, []).extend(parts)
    for total, _bits, _size, take in takes:
        for part in by_residue.get(-total % SLICES_PER_PIZZA, ()):
            yield part[3], take


def clear_caches() -> None:
    """Forget memoised tables (for benchmarks that measure a cold search)."""
    find_captures.cache_clear()
    _give_by_sum.cache_clear()
    _take_parts.cache_clear()
