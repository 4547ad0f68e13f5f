"""Delissimo's practice: skills from slices at 6+ to regrouping at 10+, each item dealt by
the engine (``new_game``) and, where a capture is asked about, judged by it (``captures``,
``problem``).

Number forms follow the age: at 6+ every amount is a count of slices or whole pizzas (the
cards are drawn with their slices and no written fraction); 8+ works in eighths; 10+ adds
mixed numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from math import gcd
from typing import TYPE_CHECKING, Any

from ..core.i18n import tr
from ..core.numbers import mixed_number
from ..practice.common import dealt, hints
from ..practice.model import Choice, Problem, Rule, Skill, Text, Value, words
from .cards import SLICES_PER_PIZZA, Card, parse_card
from .lesson.words import card_text, slices_text

if TYPE_CHECKING:
    from ..explain import Explanation

G = "delissimo"
#: Positions tried on one deal before another is dealt (dealing costs more than asking).
TRIES_PER_DEAL = 12
P = "delissimo.practice."
E = SLICES_PER_PIZZA


# ---------------------------------------------------------------------- cards and words


def _pizzas(view: dict[str, Any]) -> list[Card]:
    """Every pizza card the deal shows or stacks (hands, the centre, the stacks)."""
    names = [c for hand in view["hands"] for c in hand] + list(view.get("centre", []))
    names += [c for stack in view.get("stacks", []) for c in stack]
    return [c for c in (_card(n) for n in names) if c.is_pizza]


def _orders(view: dict[str, Any]) -> list[Card]:
    return [c for c in (_card(n) for hand in view["hands"] for n in hand) if c.is_order]


@cache
def _card(name: str) -> Card:
    return parse_card(name)


def _name(card: Card, slices: bool) -> Text:
    if slices and card.is_pizza:
        return lambda language: slices_text(card.eighths, language)
    return lambda language: card_text(card, language)


def _picture(card: Card, slices: bool, amount: bool = True) -> Any:
    def draw(language: str) -> str:
        from .draw import card_svg

        return str(card_svg(card, size=88, slices=slices, language=language, amount=amount))

    return draw


def _row_picture(cards: Sequence[Card], slices: bool, amount: bool = True) -> Any:
    """The cards side by side, one SVG (the pupil counts on it)."""

    def draw(language: str) -> str:
        from .draw import card_svg

        parts = [str(card_svg(c, size=96, slices=slices, language=language, amount=amount)) for c in cards]
        inner = "".join(f'<g transform="translate({i * 104},0)">{p}</g>' for i, p in enumerate(parts))
        width = 104 * len(cards)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} 150" width="{width}" '
            f'role="img">{inner}</svg>'
        )

    return draw


def _list(cards: Sequence[Card], slices: bool) -> Text:
    names = [_name(c, slices) for c in cards]
    return lambda language: ", ".join(n(language) for n in names)


def _explanation(title_key: str, language: str, **values: Any) -> Explanation:
    from ..explain import Explanation

    return Explanation(title=tr(P + "worked." + title_key, language, **values), language=language)


def _ratio(p: int, q: int) -> tuple[int, int]:
    g = gcd(p, q) or 1
    return (p // g, q // g)


# ---------------------------------------------------------------------- 6+: count slices


def _count(stream: Any, level: int) -> Problem:
    k = level + 1
    view = dealt(G, stream, level="beginner", players=2)
    cards = stream.sample(_pizzas(view), k)
    total = sum(c.eighths for c in cards)

    def explain(language: str) -> Explanation:
        e = _explanation("count", language)
        e.add(tr(P + "worked.count_each", language, cards=_list(cards, True)(language)), _int_sum(cards))
        return e

    return Problem(
        "count_slices",
        words(P + "prompt.count_slices", n=k),
        "amount",
        (total, 1),
        explain,
        facts={"cards": [c.eighths for c in cards]},
        form="slices",
        hints=hints(P + "hint.count_slices", n=k),
        guess=1 / (E * k),
        picture=_row_picture(cards, True, amount=False),
        shown=lambda language: slices_text(total, language),
    )


def _int_sum(cards: Sequence[Card]) -> list[Any]:
    from sympy import Add, Integer

    terms = [Integer(c.eighths) for c in cards]
    return [Add(*terms, evaluate=False), Integer(sum(c.eighths for c in cards))]


def _counted_cards(problem: Problem) -> Value | None:
    return (len(problem.facts["cards"]), 1)


def _counted_empty(problem: Problem) -> Value | None:
    cards = problem.facts["cards"]
    return (E * len(cards) - sum(cards), 1)


# ---------------------------------------------------------------------- 6+: whole pizzas


def _wholes(stream: Any, level: int) -> Problem:
    k = level + 2
    while True:
        view = dealt(G, stream, level="whole", players=2)
        cards = stream.sample(_pizzas(view), k)
        total = sum(c.eighths for c in cards)
        if total >= E:
            break
    n, left = divmod(total, E)

    def explain(language: str) -> Explanation:
        from sympy import Add, Integer, Mul

        e = _explanation("wholes", language)
        e.add(tr(P + "worked.count_each", language, cards=_list(cards, True)(language)), _int_sum(cards))
        chain = [
            Integer(total),
            Add(Mul(Integer(n), Integer(E), evaluate=False), Integer(left), evaluate=False),
        ]
        e.add(tr(P + "worked.groups_of_eight", language, n=n, left=left), chain)
        e.add(tr(P + "worked.wholes_made", language, n=n), [Integer(n)])
        return e

    return Problem(
        "whole_pizzas",
        words(P + "prompt.whole_pizzas", n=k),
        "amount",
        (n, 1),
        explain,
        facts={"cards": [c.eighths for c in cards], "total": total},
        form="whole",
        hints=hints(P + "hint.whole_pizzas", total=total),
        guess=1 / 5,
        picture=_row_picture(cards, True),
        shown=lambda language: tr("lesson.whole_pizzas", language, n=n),
    )


def _slices_not_pizzas(problem: Problem) -> Value | None:
    return (problem.facts["total"], 1)


# ---------------------------------------------------------------------- 8+: eighths


_DENS = {1: (2,), 2: (4,), 3: (1, 2, 4)}


def _eighths(stream: Any, level: int) -> Problem:
    for _ in range(60):
        view = dealt(G, stream, level="basic", players=2)
        found = [c for c in _orders(view) if c.denominator in _DENS[level]]
        if found:
            card = stream.choice(found)
            break
    else:  # pragma: no cover - every box deals such orders within a few games
        card = parse_card("tomato 1/2")
    p, q = card.numerator, card.denominator
    k = E // q

    def explain(language: str) -> Explanation:
        from ..explain import Printed

        e = _explanation("eighths", language, card=card_text(card, language))
        e.add(tr(P + "worked.times", language, k=k), [Printed(p, q), Printed(p * k, q * k)])
        return e

    return Problem(
        "eighths",
        words(P + "prompt.eighths", card=lambda language: card_text(card, language)),
        "amount",
        (p * k, E),
        explain,
        facts={"p": p, "q": q, "card": str(card)},
        form="over",
        hints=hints(P + "hint.eighths", q=q, k=k),
        guess=1 / 16,
        picture=_picture(card, False),
        shown=lambda _language: f"{p * k}/8",
    )


def _bottom_only(problem: Problem) -> Value | None:
    return (problem.facts["p"], E)


def _top_only(problem: Problem) -> Value | None:
    p, q = problem.facts["p"], problem.facts["q"]
    return (p * (E // q), q)


# ---------------------------------------------------------------------- 8+: order


def _compare(stream: Any, level: int) -> Problem:
    k = 4  # a hand's four orders (three would let a blind guess through one time in six)
    while True:
        view = dealt(G, stream, level="basic", players=2)
        orders = _orders(view)
        by_value: dict[int, Card] = {}
        for c in stream.sample(orders, len(orders)):
            by_value.setdefault(c.eighths, c)
        if len(by_value) >= k:
            cards = stream.sample(list(by_value.values()), k)
            dens = len({c.denominator for c in cards})
            if (level == 1 and dens <= 2) or (level == 2 and dens > 1) or dens > 2:
                break
    right = tuple(str(c) for c in sorted(cards, key=lambda c: c.eighths))

    def explain(language: str) -> Explanation:
        from ..explain import Printed

        e = _explanation("compare", language)
        for c in cards:
            e.add(card_text(c, language) + ":", [Printed(c.numerator, c.denominator), Printed(c.eighths, E)])
        ordered = sorted(cards, key=lambda c: c.eighths)
        e.add(
            tr(P + "worked.in_order", language),
            [Printed(c.numerator, c.denominator) for c in ordered],
            ["<"] * (len(ordered) - 1),
        )
        return e

    return Problem(
        "compare",
        words(P + "prompt.compare", n=k),
        "pick",
        right,
        explain,
        facts={"cards": [(str(c), c.numerator, c.denominator, c.eighths) for c in cards]},
        choices=tuple(Choice(str(c), _name(c, False), _picture(c, False)) for c in cards),
        ordered=True,
        hints=hints(P + "hint.compare"),
        guess=1 / 24,
    )


def _sorted_by(problem: Problem, key: Any) -> Value | None:
    cards = problem.facts["cards"]
    return tuple(c[0] for c in sorted(cards, key=key))


def _bigger_denominator(problem: Problem) -> Value | None:
    # the bigger the bottom, the bigger it is read: order by the bottom, then the top
    return _sorted_by(problem, lambda c: (c[2], c[1]))


def _tops_only(problem: Problem) -> Value | None:
    return _sorted_by(problem, lambda c: (c[1], c[3]))


# ---------------------------------------------------------------------- 8+ / 10+: add


def _add(stream: Any, level: int) -> Problem:
    k = 3 if level == 3 else 2
    while True:
        view = dealt(G, stream, level="basic" if level == 1 else "advanced", players=2)
        orders = [c for c in _orders(view) if c.denominator > 1]
        if len(orders) < k:
            continue
        cards = stream.sample(orders, k)
        total = sum(c.eighths for c in cards)
        if len({c.denominator for c in cards}) > 1 and (level > 1 or total <= E):
            break
    answer = _ratio(total, E)

    def explain(language: str) -> Explanation:
        from ..explain import Printed, psum

        e = _explanation("add", language)
        e.add(
            tr(P + "worked.same_parts", language),
            [
                psum([Printed(c.numerator, c.denominator) for c in cards]),
                psum([Printed(c.eighths, E) for c in cards]),
                Printed(total, E),
            ],
        )
        return e

    return Problem(
        "add_unlike",
        words(P + "prompt.add", sum=" + ".join(c.printed for c in cards)),
        "amount",
        answer,
        explain,
        facts={"terms": [(c.numerator, c.denominator) for c in cards]},
        form="any",
        hints=hints(P + "hint.add"),
        guess=1 / 16,
        shown=lambda _language: f"{total}/8" + (f" = {mixed_number(total, E)}" if total >= E else ""),
    )


def _tops_and_bottoms(problem: Problem) -> Value | None:
    terms = problem.facts["terms"]
    return (sum(n for n, _ in terms), sum(d for _, d in terms))


def _bottom_kept(problem: Problem) -> Value | None:
    terms = problem.facts["terms"]
    return (sum(n for n, _ in terms), max(d for _, d in terms))


# ---------------------------------------------------------------------- 10+: mixed numbers


def _mixed(stream: Any, level: int) -> Problem:
    k = level + 2
    while True:
        view = dealt(G, stream, level="advanced", players=2)
        cards = stream.sample(_pizzas(view), k)
        total = sum(c.eighths for c in cards)
        if total > E and total % E:
            break
    n = total // E

    def explain(language: str) -> Explanation:
        from ..explain import Mixed, Printed, psum

        e = _explanation("mixed", language)
        e.add(
            tr(P + "worked.pile", language), [psum([Printed(c.eighths, E) for c in cards]), Printed(total, E)]
        )
        from sympy import Rational

        e.add(tr(P + "worked.make_wholes", language, n=n), [Printed(total, E), Mixed(Rational(total, E))])
        return e

    return Problem(
        "whole_and_left",
        words(P + "prompt.mixed", cards=" + ".join(c.printed for c in cards)),
        "amount",
        (total, E),
        explain,
        facts={"total": total, "cards": [str(c) for c in cards]},
        form="mixed",
        hints=hints(P + "hint.mixed", total=total),
        guess=1 / 16,
        picture=_row_picture(cards, False),
        shown=lambda _language: mixed_number(total, E),
    )


def _whole_dropped(problem: Problem) -> Value | None:
    total = problem.facts["total"]
    return (total % E, E) if total > E else None


def _wholes_only(problem: Problem) -> Value | None:
    return (problem.facts["total"] // E, 1)


# ---------------------------------------------------------------------- 10+: regroup


def _regroup(stream: Any, level: int) -> Problem:
    while True:
        view = dealt(G, stream, level="advanced", players=2)
        pool = _pizzas(view)
        a = sum(c.eighths for c in stream.sample(pool, level + 2))
        b = sum(c.eighths for c in stream.sample(pool, 1 if level == 1 else 2))
        if a > b and a % E < b % E and (level == 1 or b > E):
            break

    def explain(language: str) -> Explanation:
        from sympy import Rational

        from ..explain import Mixed, Printed, pdiff

        e = _explanation("regroup", language)
        e.add(
            tr(P + "worked.in_eighths", language),
            [
                pdiff(Mixed(Rational(a, E)), Mixed(Rational(b, E))),
                pdiff(Printed(a, E), Printed(b, E)),
                Printed(a - b, E),
                Mixed(Rational(a - b, E)),
            ],
        )
        return e

    am, bm = mixed_number(a, E), mixed_number(b, E)
    return Problem(
        "regroup",
        words(P + "prompt.regroup", a=am, b=bm),
        "amount",
        _ratio(a - b, E),
        explain,
        facts={"a": a, "b": b},
        form="any",
        hints=hints(P + "hint.regroup", a=am, b=bm, a8=f"{a}/8", b8=f"{b}/8"),
        guess=1 / 16,
        shown=lambda _language: mixed_number(a - b, E),
        types_mixed=True,
    )


def _not_regrouped(problem: Problem) -> Value | None:
    a, b = problem.facts["a"], problem.facts["b"]
    wa, ra = divmod(a, E)
    wb, rb = divmod(b, E)
    return _ratio((wa - wb) * E + abs(ra - rb), E)


def _sign(problem: Problem) -> Value | None:
    a, b = problem.facts["a"], problem.facts["b"]
    return _ratio(b - a, E)


# ---------------------------------------------------------------------- captures


def _capture8(stream: Any, level: int) -> Problem:
    """Four orders in hand, one open pizza: which orders take it? (the engine judges)."""
    from .game import scenario

    k = 4  # a hand holds four cards
    found, tries = False, 0
    while not found:
        view = dealt(G, stream, level="basic", players=2)
        orders, pizzas = _orders(view), _pizzas(view)
        for _ in range(TRIES_PER_DEAL if len(orders) >= k else 0):
            hand = stream.sample(orders, k)
            pizza = stream.choice(pizzas)
            tries += 1
            if not _may_take(hand, pizza, want_rule=tries < PATIENCE):
                continue  # the arithmetic says no: the engine need not be asked
            game = scenario(level="basic", hands=[[str(c) for c in hand], []], stacks=[[str(pizza)], [], []])
            take = [str(pizza)]
            gives = {
                tuple(sorted(str(x) for x in m.give))
                for m in game.captures()
                if [str(x) for x in m.take] == take
            }
            size = len(next(iter(gives))) if len(gives) == 1 else 0
            if size and (level == 2 or (level == 1) == (size == 1)):
                found = True
                break
    right = next(iter(gives))
    refused = _refusals(game, hand, pizza)

    def explain(language: str) -> Explanation:
        move = {"kind": "capture", "player": 0, "give": list(right), "take": [str(pizza)]}
        e: Explanation = game.explain(move, language=language)
        return e

    return Problem(
        "capture",
        words(P + "prompt.capture", pizza=_name(pizza, False)),
        "pick",
        right,
        explain,
        facts={
            "refused": refused,
            "orders": [(str(c), c.numerator, c.denominator) for c in hand],
            "pizza": pizza.eighths,
            "table": str(pizza),
        },
        choices=tuple(Choice(str(c), _name(c, False), _picture(c, False)) for c in hand),
        hints=hints(P + "hint.capture", pizza=_name(pizza, False), topping=_toppings(pizza)),
        guess=1 / (2**k - 1),
        picture=_picture(pizza, False),
    )


#: Tries before a capture item stops insisting that a misconception would answer it wrongly.
PATIENCE = 300


def _may_take(hand: Sequence[Card], pizza: Card, want_rule: bool) -> bool:
    """A quick look before the engine is asked: exactly one set of the orders makes the
    pizza's amount with toppings it has, and (``want_rule``) a misconception would pick
    another set (the amount with a topping missing, or tops and bottoms added)."""
    fits = tempting = 0
    for size in range(1, len(hand) + 1):
        for pick in combinations(hand, size):
            if sum(c.eighths for c in pick) == pizza.eighths:
                if all(c.toppings & pizza.toppings for c in pick):
                    fits += 1
                else:
                    tempting += 1
            elif size > 1 and sum(c.numerator for c in pick) * E == pizza.eighths * sum(
                c.denominator for c in pick
            ):
                tempting += 1
    return fits == 1 and (tempting > 0 or not want_rule)


def _may_be_taken(mine: Card, centre: Sequence[Card], want_rule: bool) -> bool:
    """At 6+: exactly one set of two or more open pizzas has the slices of ``mine``, and
    (``want_rule``) one open pizza alone has them too (one card for one card)."""
    fits = sum(
        sum(c.eighths for c in pick) == mine.eighths
        for size in range(2, len(centre) + 1)
        for pick in combinations(centre, size)
    )
    return fits == 1 and (not want_rule or any(c.eighths == mine.eighths for c in centre))


def _toppings(card: Card) -> Text:
    from .lesson.words import topping_text

    return lambda language: tr(
        "practice.and",
        language,
        first=topping_text(card.topping_names[0], language),
        last=topping_text(card.topping_names[1], language),
    )


def _refusals(
    game: Any, give_from: Sequence[Card], pizza: Card, *, give_side: bool = True
) -> dict[str, tuple[str, ...]]:
    """For each refusal code of the engine, the first pick (smallest first) it refuses with it."""
    out: dict[str, tuple[str, ...]] = {}
    names = [str(c) for c in give_from]
    for size in range(1, len(names) + 1):
        for pick in combinations(names, size):
            if give_side:
                move = {"kind": "capture", "player": 0, "give": list(pick), "take": [str(pizza)]}
            else:
                move = {"kind": "capture", "player": 0, "give": [str(pizza)], "take": list(pick)}
            problem = game.problem(move)
            if problem is not None:
                out.setdefault(problem.code, tuple(sorted(pick)))
    return out


def _topping_ignored(problem: Problem) -> Value | None:
    refused: tuple[str, ...] | None = problem.facts["refused"].get("topping-missing")
    return refused


def _tops_and_bottoms_pick(problem: Problem) -> Value | None:
    """The orders a pupil who adds tops and bottoms thinks make the pizza's amount."""
    orders, eighths = problem.facts["orders"], problem.facts["pizza"]
    for size in (2, 3, 4):
        for pick in combinations(orders, size):
            n, d = sum(o[1] for o in pick), sum(o[2] for o in pick)
            if n * E == eighths * d:
                return tuple(sorted(o[0] for o in pick))
    return None


def _capture6(stream: Any, level: int) -> Problem:
    """One pizza in hand, the open pizzas in the centre: which can it take?"""
    from .game import scenario

    found, tries = False, 0
    while not found:
        view = dealt(G, stream, level="beginner", players=2)
        pool = _pizzas(view)
        for _ in range(TRIES_PER_DEAL):
            mine = stream.choice(pool)
            centre = stream.sample(pool, 4)  # the centre holds four pizzas
            tries += 1
            if not _may_be_taken(mine, centre, want_rule=tries < PATIENCE):
                continue
            game = scenario(level="beginner", hands=[[str(mine)], []], centre=[str(c) for c in centre])
            give = [str(mine)]
            takes = {
                tuple(sorted(str(x) for x in m.take))
                for m in game.captures()
                if [str(x) for x in m.give] == give
            }
            size = len(next(iter(takes))) if len(takes) == 1 else 0
            if size and (level < 3 or size > 2) and mine.eighths <= 3 + 2 * level:
                found = True
                break
    right = next(iter(takes))
    refused = _refusals(game, centre, mine, give_side=False)
    # option ids must be distinct: two equal cards in the centre are told apart by place
    ids = _distinct_ids(centre)
    placed = [(str(c), i) for c, i in zip(centre, ids, strict=True)]
    right_ids = _claim(right, placed)
    refused_ids = {code: _claim(pick, placed) for code, pick in refused.items()}

    def explain(language: str) -> Explanation:
        move = {"kind": "capture", "player": 0, "give": [str(mine)], "take": list(right)}
        e: Explanation = game.explain(move, language=language)
        return e

    return Problem(
        "capture6",
        # 6+: the pizza by its slices, never a fraction
        words(P + "prompt.capture6", slices=lambda language: slices_text(mine.eighths, language)),
        "pick",
        right_ids,
        explain,
        facts={
            "refused": refused_ids,
            "mine": mine.eighths,
            "centre": [(i, c.eighths) for c, i in zip(centre, ids, strict=True)],
            "hand": str(mine),
            "cards": {i: str(c) for c, i in zip(centre, ids, strict=True)},
        },
        choices=tuple(Choice(i, _name(c, True), _picture(c, True)) for c, i in zip(centre, ids, strict=True)),
        hints=hints(P + "hint.capture6", slices=lambda language: slices_text(mine.eighths, language)),
        guess=1 / (2 ** len(centre) - 1),
        picture=_picture(mine, True),
    )


def _claim(cards: Sequence[str], placed: Sequence[tuple[str, str]]) -> tuple[str, ...]:
    """The ids of ``cards`` among the placed (card, id) pairs, each place claimed once (two
    equal pizzas in the centre are two places)."""
    free = list(placed)
    out = []
    for card in cards:
        at = next(k for k, (name, _) in enumerate(free) if name == card)
        out.append(free.pop(at)[1])
    return tuple(sorted(out))


def _one_for_one(problem: Problem) -> Value | None:
    """One pizza of the same slices, taken for one card (the engine refuses it at 6+)."""
    same = [i for i, n in problem.facts["centre"] if n == problem.facts["mine"]]
    return (same[0],) if same else None


def _distinct_ids(cards: Sequence[Card]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for c in cards:
        seen[str(c)] = seen.get(str(c), 0) + 1
        out.append(str(c) if seen[str(c)] == 1 else f"{c} ({seen[str(c)]})")
    return out


SKILLS: tuple[Skill, ...] = (
    Skill(
        G,
        "count_slices",
        "beginner",
        "6+",
        _count,
        (Rule("counted_cards", _counted_cards), Rule("counted_empty", _counted_empty)),
        ("6plus.warmup.count", "6plus.puzzles.slices"),
    ),
    Skill(
        G,
        "capture6",
        "beginner",
        "6+",
        _capture6,
        (Rule("one_for_one", _one_for_one),),
        ("6plus.warmup.same", "6plus.puzzles.slices", "6plus.puzzles.a_whole"),
    ),
    Skill(
        G,
        "whole_pizzas",
        "whole",
        "6+",
        _wholes,
        (
            Rule("counted_cards", lambda pr: (len(pr.facts["cards"]), 1)),
            Rule("slices_not_pizzas", _slices_not_pizzas),
        ),
        ("6plus.warmup.whole", "6plus.ticket.t3"),
    ),
    Skill(
        G,
        "eighths",
        "basic",
        "8+",
        _eighths,
        (Rule("bottom_only", _bottom_only), Rule("top_only", _top_only)),
        ("8plus.warmup.quarter", "8plus.ticket.t2"),
    ),
    Skill(
        G,
        "compare",
        "basic",
        "8+",
        _compare,
        (Rule("bigger_denominator", _bigger_denominator), Rule("tops_only", _tops_only)),
        ("8plus.warmup.compare", "8plus.ticket.t3"),
    ),
    Skill(
        G,
        "add_unlike",
        "basic",
        "8+",
        _add,
        (Rule("tops_and_bottoms", _tops_and_bottoms), Rule("bottom_kept", _bottom_kept)),
        ("8plus.puzzles.sum", "10plus.puzzles.total", "10plus.ticket.t3"),
    ),
    Skill(
        G,
        "capture",
        "basic",
        "8+",
        _capture8,
        (Rule("topping_ignored", _topping_ignored), Rule("tops_and_bottoms", _tops_and_bottoms_pick)),
        ("8plus.puzzles.toppings", "8plus.puzzles.halves", "8plus.ticket.t1"),
    ),
    Skill(
        G,
        "whole_and_left",
        "advanced",
        "10+",
        _mixed,
        (Rule("whole_dropped", _whole_dropped), Rule("wholes_only", _wholes_only)),
        ("10plus.warmup.fill", "10plus.warmup.alone", "10plus.ticket.t1"),
    ),
    Skill(
        G,
        "regroup",
        "advanced",
        "10+",
        _regroup,
        (Rule("not_regrouped", _not_regrouped), Rule("sign", _sign)),
        ("10plus.puzzles.take_away", "10plus.ticket.t2"),
    ),
)
