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
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from .cards import EIGHTHS, IS_ORDER, IS_PIZZA, IS_SPECIAL, ORDER_BASE, SLICES_PER_PIZZA, TOPPINGS

if TYPE_CHECKING:
    from collections.abc import Iterator

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


#: A capture with its sort key: (number of cards, (give, take)). Sorting these gives
#: the order of ``find_captures``: fewest cards first, then by ids (give, then take).
Found = tuple[int, RawCapture]


class OrdersIndex(NamedTuple):
    """An open table, for order hands, worked out once per table: what each order in a
    hand can capture there alone, the takes that several orders may pay for together,
    and which special orders find an open pizza of their pair.

    Everything a position asks of it is answered by C-level look-ups over the hand
    (``map``, ``filter``, set intersection): a turn costs a few dozen bytecodes.
    """

    #: order id -> (its captures alone as ``Found``, the same captures as ``RawCapture``),
    #: each sorted; orders that capture nothing alone here are absent.
    by_card: dict[int, tuple[tuple[Found, ...], tuple[RawCapture, ...]]]
    multi: tuple[tuple[int, int, tuple[int, ...]], ...]  # (candidates mask, total, take)
    multi_mask: int  # every order of some ``multi`` candidates mask
    specials: frozenset[int]  # special-order cards with an open pizza of their pair
    table: tuple[int, ...]  # the open table itself (sorted ids), for the general search


@lru_cache(maxsize=65536)
def orders_index(table: tuple[int, ...], mode: CaptureMode) -> OrdersIndex:
    # Built for every new table a game meets (a few thousand at 8+), so it is made from
    # what each take allows (``_take_moves``, shared by every table holding that take).
    by_card: dict[int, list[Found]] = {}
    multi: list[tuple[int, int, tuple[int, ...]]] = []
    multi_mask = 0
    pizzas = table if all(IS_PIZZA[i] for i in table) else tuple(i for i in table if IS_PIZZA[i])
    for size in range(1, min(mode.max_take, len(pizzas)) + 1):
        for take in dict.fromkeys(combinations(pizzas, size)):  # distinct takes, in order
            singles, several = _take_moves(take, mode)
            for o, capture in singles:
                alone = by_card.get(o)
                if alone is None:
                    by_card[o] = [capture]
                else:
                    alone.append(capture)
            if several is not None:
                multi.append(several)
                multi_mask |= several[0]
    index: dict[int, tuple[tuple[Found, ...], tuple[RawCapture, ...]]] = {}
    for o, found in by_card.items():
        if len(found) == 1:
            index[o] = ((found[0],), (found[0][1],))
        else:
            found.sort()
            index[o] = (tuple(found), tuple([raw for _n, raw in found]))
    return OrdersIndex(index, tuple(multi), multi_mask, _specials_matching(pizzas), table)


@lru_cache(maxsize=65536)
def _take_moves(
    take: tuple[int, ...], mode: CaptureMode
) -> tuple[tuple[tuple[int, Found], ...], tuple[int, int, tuple[int, ...]] | None]:
    """What one take (open pizzas) allows: the orders that pay for it alone, each with its
    capture, and (candidates mask, total, take) when several orders may pay together."""
    common = ALL_TOPPINGS
    total = 0
    for i in take:
        common &= TOPPINGS[i]
        total += EIGHTHS[i]
    if not common:
        return (), None  # the pizzas share no topping: no order can take them together
    n = 1 + len(take)
    singles = tuple((o, (n, ((o,), take))) for o in _orders_worth(common, total))
    together = _orders_below(common, total) if len(take) == 1 or mode.composite else 0
    return singles, ((together, total, take) if together else None)


@lru_cache(maxsize=4096)
def _specials_matching(pizzas: tuple[int, ...]) -> frozenset[int]:
    pairs = {TOPPINGS[p] for p in pizzas}
    return frozenset(s for s in _SPECIAL_IDS if TOPPINGS[s] in pairs)


_ORDER_IDS: tuple[int, ...] = tuple(i for i in range(len(EIGHTHS)) if IS_ORDER[i])
_SPECIAL_IDS: tuple[int, ...] = tuple(i for i in range(len(EIGHTHS)) if IS_SPECIAL[i])


@lru_cache(maxsize=4096)
def _orders_worth(toppings: int, total: int) -> tuple[int, ...]:
    """The orders of one of ``toppings`` worth exactly ``total`` eighths."""
    return tuple(o for o in _ORDER_IDS if TOPPINGS[o] & toppings and EIGHTHS[o] == total)


@lru_cache(maxsize=4096)
def _orders_below(toppings: int, total: int) -> int:
    """The orders of one of ``toppings`` worth less than ``total``, as a bitmask."""
    mask = 0
    for o in _ORDER_IDS:
        if TOPPINGS[o] & toppings and EIGHTHS[o] < total:
            mask |= ORDER_BIT[o]
    return mask


@lru_cache(maxsize=131072)
def order_sets_summing_to(candidates: int, total: int) -> tuple[tuple[int, ...], ...]:
    """Every set of two or more of the ``candidates`` (an order bitmask) worth ``total``
    eighths, as sorted id tuples. ``candidates`` is a hand ANDed with a take's
    candidates: a handful of bits, so this memo nearly always answers at once."""
    ids = []
    bits = candidates
    while bits:
        low = bits & -bits
        ids.append(_BIT_ID[low])  # in increasing id order
        bits ^= low
    if len(ids) == 2:  # the usual question, answered without the general search
        a, b = ids
        return ((a, b),) if EIGHTHS[a] + EIGHTHS[b] == total else ()
    ids.sort(key=_VALUE_THEN_ID.__getitem__)
    values = tuple([EIGHTHS[i] for i in ids])
    return tuple(tuple(sorted([ids[p] for p in pos])) for pos in positions_summing_to(values, total))


_SECOND = itemgetter(1)  # a Found's capture, without a comprehension's frame


def hand_options(
    hand: list[int] | tuple[int, ...], index: OrdersIndex
) -> tuple[tuple[RawCapture, ...], list[int]] | None:
    """At 8+/10+: every legal capture of ``hand`` (sorted ids, any cards) on the table of
    ``index``, and its distinct special orders that match an open pizza; None when the
    hand holds the same order twice (a teacher's scenario: use ``find_captures``).

    The captures are those of ``find_captures`` on the hand's orders, in the same order.
    Not memoised: hand/table pairs almost never repeat in play, and this is one pass
    over the hand on the table's memoised index. (It is the hot path of every random
    game, bot and hint: one capture alone, the usual case, is returned as the index
    holds it, without building a list.)
    """
    by_card, multi, multi_mask, specials, _table = index
    first: tuple[tuple[Found, ...], tuple[RawCapture, ...]] | None = None
    found: list[Found] | None = None
    playable: list[int] = []
    mask = 0
    for card in hand:
        bit = ORDER_BIT[card]
        if bit:
            if mask & bit:
                return None
            mask |= bit
            alone = by_card.get(card)
            if alone is not None:
                if first is None:
                    first = alone
                else:
                    if found is None:
                        found = [*first[0]]
                    found += alone[0]
        elif card in specials and (not playable or playable[-1] != card):
            playable.append(card)
    mask &= multi_mask
    if mask & (mask - 1):  # two or more orders might pay together
        for together, total, take in multi:
            bits = mask & together
            if bits & (bits - 1):  # at least two candidates
                sets = order_sets_summing_to(bits, total)
                if sets:
                    if found is None:
                        found = [*first[0]] if first is not None else []
                    n = len(take)
                    for give in sets:
                        found.append((len(give) + n, (give, take)))
    if found is None:
        return (() if first is None else first[1]), playable
    found.sort()
    return tuple(map(_SECOND, found)), playable


def order_captures(hand: int, table: tuple[int, ...], mode: CaptureMode) -> tuple[RawCapture, ...]:
    """All legal captures at 8+/10+ of a hand of *distinct* orders given as a bitmask
    (``ORDER_BIT``), on the open ``table`` (sorted pizza ids): ``hand_options``'s
    captures. Same answer, in the same order, as ``find_captures`` on that hand."""
    ids = []
    while hand:
        low = hand & -hand
        ids.append(_BIT_ID[low])
        hand ^= low
    options = hand_options(sorted(ids), orders_index(table, mode))
    assert options is not None  # a bitmask holds each order once
    return options[0]


def clear_caches() -> None:
    """Forget memoised tables (for benchmarks that measure a cold search)."""
    for cached in (find_captures, table_index, take_parts, positions_summing_to, positions_by_residue,
                   orders_index, order_sets_summing_to, _orders_worth, _orders_below, _take_moves,
                   _specials_matching, _ways):  # fmt: skip
        cached.cache_clear()


# ---------------------------------------------------------------------- big positions
# A teacher's scenario or a crafted save may hold 26 open cards or 20 in a hand, where
# the enumerations above grow exponentially. There the captures are *counted* by
# dynamic programming over the distinct cards (how many copies of each, the running
# sum in eighths, and whether none, one or several cards are chosen), which is
# polynomial; the same tables guide a listing that never walks into a dead end, so
# each capture costs polynomial time and the listing stops at a bound.

#: At most this many captures are listed for one position (the count stays exact).
MAX_LISTED_CAPTURES = 1000
#: Hands and tables up to these sizes use the exact enumerations above (every normal
#: game stays there: hands reach 12 cards, tables 4 open pizzas).
SMALL_HAND, SMALL_TABLE, SMALL_WHOLE = 14, 12, 16

#: A side of a capture as its distinct cards: (card id, copies, value in eighths).
Items = tuple[tuple[int, int, int], ...]
#: Ways to choose copies of items[i:], by (sum, size class): size class 0 = no card,
#: 1 = one card, 2 = two or more.
Ways = tuple[dict[tuple[int, int], int], ...]


def is_small(hand: int, table: int, mode: CaptureMode) -> bool:
    """Whether the exact enumerations answer quickly for a hand and a table of these sizes."""
    if hand > SMALL_HAND or table > SMALL_TABLE:
        return False
    return not mode.whole_pizzas or hand + table <= SMALL_WHOLE


def _items(ids: tuple[int, ...] | list[int]) -> Items:
    counts: dict[int, int] = {}
    for i in ids:
        counts[i] = counts.get(i, 0) + 1
    return tuple((i, n, EIGHTHS[i]) for i, n in sorted(counts.items()))


def _size(k: int) -> int:
    return k if k < 2 else 2


@lru_cache(maxsize=4096)
def _ways(items: Items, cap: int, modulo: int) -> Ways:
    """Suffix tables: ``ways[i][(s, k)]`` multisets of items[i:] with sum s (mod
    ``modulo`` when it is not 0, else sums above ``cap`` dropped) and size class k."""
    tables: list[dict[tuple[int, int], int]] = [{(0, 0): 1}]
    for _id, copies, value in reversed(items):
        after = tables[-1]
        here: dict[tuple[int, int], int] = {}
        for (s, k), n in after.items():
            for c in range(copies + 1):
                t = s + c * value
                if modulo:
                    t %= modulo
                elif t > cap:
                    break
                key = (t, _size(k + c))
                here[key] = here.get(key, 0) + n
        tables.append(here)
    tables.reverse()
    return tuple(tables)


def _count(ways: Ways, total: int, sizes: tuple[int, ...]) -> int:
    return sum(ways[0].get((total, k), 0) for k in sizes)


def _choices(
    items: Items, ways: Ways, total: int, sizes: tuple[int, ...], modulo: int
) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``items`` with sum ``total`` and a size class in ``sizes``, as
    sorted ids; each step is checked against the tables, so no branch is a dead end."""

    def walk(i: int, need: int, chosen: int, picked: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if i == len(items):
            yield picked
            return
        card, copies, value = items[i]
        rest = ways[i + 1]
        for c in range(copies + 1):
            left = need - c * value
            if modulo:
                left %= modulo
            elif left < 0:
                break
            n = chosen + c
            if any(rest.get((left, k), 0) and _size(n + k) in sizes for k in (0, 1, 2)):
                yield from walk(i + 1, left, n, picked + (card,) * c)

    if _count(ways, total, sizes):
        yield from walk(0, total, 0, ())


def _plan(hand: tuple[int, ...], table: tuple[int, ...], mode: CaptureMode) -> list[tuple[Any, ...]]:
    """The ways a capture can be made here, each with its exact count and a lister."""
    plan: list[tuple[Any, ...]] = []
    if mode.orders:
        orders = tuple(c for c in hand if IS_ORDER[c])
        pizzas = tuple(sorted(i for i in table if IS_PIZZA[i]))
        for total, common, take in take_parts(pizzas, mode.max_take):
            if not common:
                continue
            items = _items([o for o in orders if TOPPINGS[o] & common])
            ways = _ways(items, total, 0)
            sizes = (1,) if len(take) > 1 and not mode.composite else (1, 2)
            plan.append(("give", items, ways, total, sizes, 0, take))
        return plan
    h_items, t_items = _items(hand), _items(table)
    if mode.whole_pizzas:
        hw, tw = _ways(h_items, 0, SLICES_PER_PIZZA), _ways(t_items, 0, SLICES_PER_PIZZA)
        for r in range(SLICES_PER_PIZZA):
            plan.append(("whole", h_items, hw, t_items, tw, r))
        return plan
    hw = _ways(h_items, SLICES_PER_PIZZA, 0)
    tw = _ways(t_items, SLICES_PER_PIZZA, 0)
    for card, _n, value in h_items:  # one own card for two or more open ones
        plan.append(("take", t_items, tw, value, (2,), 0, (card,)))
    for card, _n, value in t_items:  # two or more own cards for one open card
        plan.append(("give", h_items, hw, value, (2,), 0, (card,)))
    return plan


def count_captures(hand: tuple[int, ...], table: tuple[int, ...], mode: CaptureMode) -> int:
    """How many distinct legal captures there are, in polynomial time (any size)."""
    total = 0
    for step in _plan(hand, table, mode):
        if step[0] == "whole":
            _k, _hi, hw, _ti, tw, r = step
            total += _count(hw, r, (1, 2)) * _count(tw, -r % SLICES_PER_PIZZA, (1, 2))
        else:
            ways, value, sizes = step[2], step[3], step[4]
            total += _count(ways, value, sizes)
    return total


def iter_captures(hand: tuple[int, ...], table: tuple[int, ...], mode: CaptureMode) -> Iterator[RawCapture]:
    """Every legal capture, lazily, each found in polynomial time (order: by the way
    it is made, then by card ids; not the order of ``find_captures``)."""
    for step in _plan(hand, table, mode):
        if step[0] == "whole":
            _k, hi, hw, ti, tw, r = step
            for give in _choices(hi, hw, r, (1, 2), SLICES_PER_PIZZA):
                for take in _choices(ti, tw, -r % SLICES_PER_PIZZA, (1, 2), SLICES_PER_PIZZA):
                    yield give, take
        elif step[0] == "take":
            _k, items, ways, value, sizes, modulo, give = step
            for take in _choices(items, ways, value, sizes, modulo):
                yield give, take
        else:
            _k, items, ways, value, sizes, modulo, take = step
            for give in _choices(items, ways, value, sizes, modulo):
                yield give, take


def bounded_captures(
    hand: tuple[int, ...], table: tuple[int, ...], mode: CaptureMode, limit: int = MAX_LISTED_CAPTURES
) -> tuple[RawCapture, ...]:
    """At most ``limit`` legal captures of a big position, in the canonical order
    (fewest cards first, then ids) among those listed."""
    found: dict[RawCapture, None] = {}
    for capture in iter_captures(hand, table, mode):
        found[capture] = None
        if len(found) >= limit:
            break
    return tuple(sorted(found, key=lambda c: (len(c[0]) + len(c[1]), c[0], c[1])))
