"""The fast capture search against an independent brute force, on random positions."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from teachgames.delissimo.cards import CARDS
from teachgames.delissimo.checks import shape_problem
from teachgames.delissimo.rules import make_rules
from teachgames.delissimo.search import find_captures
from teachgames.delissimo.state import capture_mode

PIZZAS = [c.id for c in CARDS if c.kind == "pizza"]
ORDERS = [c.id for c in CARDS if c.kind == "order"]
ACTIONS = [c.id for c in CARDS if c.is_action]


def brute_force(
    hand: list[int], table: list[int], level: str
) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every (give, take) by trying every pair of subsets and the rules as docs/delissimo.md states them."""
    rules = make_rules(level)
    out = set()
    hand_cards = [i for i in hand if CARDS[i].kind == ("order" if rules.orders else "pizza")]
    for g in range(1, len(hand_cards) + 1):
        for give in combinations(hand_cards, g):
            for t in range(1, len(table) + 1):
                for take in combinations(table, t):
                    if _legal(give, take, rules):
                        out.add((tuple(sorted(give)), tuple(sorted(take))))
    return out


def _legal(give, take, rules) -> bool:
    gv = sum(CARDS[i].eighths for i in give)
    tv = sum(CARDS[i].eighths for i in take)
    if rules.whole_pizzas:
        return (gv + tv) % 8 == 0
    if gv != tv:
        return False
    if not rules.orders:
        return (len(give) == 1) != (len(take) == 1)
    if len(take) > 3 or (len(give) > 1 and len(take) > 1 and not rules.composite):
        return False
    return all(CARDS[o].toppings & CARDS[p].toppings for o in give for p in take)


def check(hand: list[int], table: list[int], level: str) -> None:
    rules = make_rules(level)
    # as the engine calls it (state.captures_of): at 8+ only order cards can pay
    payers = [i for i in hand if CARDS[i].kind == "order"] if rules.orders else hand
    fast = find_captures(tuple(sorted(payers)), tuple(sorted(table)), capture_mode(rules))
    assert len(set(fast)) == len(fast), "a capture is listed twice"
    assert set(fast) == brute_force(hand, table, level)
    for give, take in fast:  # the rule checker of the engine agrees too
        assert shape_problem(give, take, rules) is None


@settings(max_examples=300, deadline=None)
@given(
    hand=st.lists(st.sampled_from(PIZZAS), min_size=1, max_size=7),
    table=st.lists(st.sampled_from(PIZZAS), min_size=1, max_size=5),
    level=st.sampled_from(["beginner", "whole"]),
)
def test_search_matches_brute_force_at_6plus(hand, table, level) -> None:
    check(hand, table, level)


@settings(max_examples=400, deadline=None)
@given(
    hand=st.lists(st.sampled_from(ORDERS + ACTIONS), min_size=1, max_size=8),
    table=st.lists(st.sampled_from(PIZZAS), min_size=1, max_size=3),
    level=st.sampled_from(["basic", "advanced"]),
)
def test_search_matches_brute_force_at_8plus(hand, table, level) -> None:
    check(hand, table, level)


def test_order_is_deterministic_and_simplest_first() -> None:
    rules = make_rules("advanced")
    hand = tuple(sorted(c.id for c in map(CARDS.__getitem__, ORDERS[:10])))
    table = tuple(sorted(PIZZAS[:3]))
    a = find_captures(hand, table, capture_mode(rules))
    find_captures.cache_clear()
    b = find_captures(hand, table, capture_mode(rules))
    assert a == b
    sizes = [len(g) + len(t) for g, t in a]
    assert sizes == sorted(sizes)


@settings(max_examples=400, deadline=None)
@given(
    hand=st.sets(st.sampled_from(ORDERS), max_size=9),
    table=st.lists(st.sampled_from(PIZZAS), max_size=3),
    level=st.sampled_from(["basic", "advanced"]),
)
def test_bitmask_search_of_order_hands_matches_the_general_search(hand, table, level) -> None:
    """The 8+/10+ fast path (a hand of distinct orders as a bitmask) gives the same
    captures in the same order as the general search, and so as the brute force."""
    from teachgames.delissimo.search import ORDER_BIT, order_captures

    mode = capture_mode(make_rules(level))
    ids, tops = tuple(sorted(hand)), tuple(sorted(table))
    fast = order_captures(sum(ORDER_BIT[i] for i in ids), tops, mode)
    assert fast == find_captures(ids, tops, mode)
    assert set(fast) == brute_force(list(ids), list(tops), level)


def test_a_scenario_hand_with_the_same_order_twice_uses_the_general_search() -> None:
    from teachgames.delissimo import scenario

    g = scenario(level="basic", hands=[["tomato 1/8", "tomato 1/8", "mushroom 2/8"], ["pepper 1/2"]],
                 stacks=[["2/8 mt"], ["4/8 pt"], ["3/8 pt"]])
    got = {(tuple(sorted(m.to_dict()["give"])), tuple(m.to_dict()["take"])) for m in g.captures()}
    assert got == {(("mushroom 2/8",), ("2/8 mt",)), (("tomato 1/8", "tomato 1/8"), ("2/8 mt",))}
