"""Why a Delissimo move is refused, in plain words.

``capture_problem`` states the capture rules of docs/delissimo.md one by one, in the
order a teacher would check them (whose turn, which cards, how many, how much,
which toppings). It is deliberately written independently of the fast search in
``search.py``: the tests check each against the other on random positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import CANCEL_ID, CARDS, EIGHTHS, IS_ORDER, IS_PIZZA, TOPPING_NAMES, TOPPINGS, parse_card
from .messages import card_words, say
from .rules import DelissimoRules
from .state import State, open_cards, special_takes


@dataclass(frozen=True, slots=True)
class Problem:
    """A refused move: a short code, a message key and its values.

    Values named ``card`` (a card name), ``topping`` (a topping name) and ``pair``
    (toppings joined by "+") are kept in notation and put into words only in
    ``words(language)``, so a reason reads in one language from end to end.
    """

    code: str
    key: str
    values: dict[str, Any]

    def words(self, language: str | None = None) -> str:
        values = dict(self.values)
        if "card" in values:
            values["card"] = card_words(parse_card(values["card"]), language)
        if "topping" in values:
            values["topping"] = say(f"topping.{values['topping']}", language)
        for side in ("give", "take"):
            if f"{side}_slices" in values:
                values[side] = slices_sum_words(values.pop(f"{side}_slices"), language)
        if "pair" in values:
            values["pair"] = "+".join(say(f"topping.{t}", language) for t in values["pair"].split("+"))
        return say(self.key, language, **values)


def _p(code: str, key: str | None = None, **values: Any) -> Problem:
    return Problem(code, key or code.replace("-", "_"), values)


def eighths_words(total: int) -> str:
    return f"{total}/8"


def sum_words(ids: tuple[int, ...]) -> str:
    """'3/8 + 1/8 = 4/8' (each card as printed, the total in eighths)."""
    terms = [CARDS[i].printed for i in sorted(ids, key=lambda i: CARDS[i].display_key)]
    total = sum(EIGHTHS[i] for i in ids)
    if len(terms) == 1 and terms[0] == eighths_words(total):
        return terms[0]
    return " + ".join(terms) + f" = {eighths_words(total)}"


def slice_counts(ids: tuple[int, ...]) -> tuple[int, ...]:
    """Each card's slices, smallest first: a 6+ amount, said in words by ``Problem.words``."""
    return tuple(sorted(EIGHTHS[i] for i in ids))


def slices_sum_words(counts: tuple[int, ...], language: str | None) -> str:
    """ "2 slices + 3 slices = 5 slices" (one card: "5 slices"): no fraction written."""
    terms = " + ".join(say("ex.slices", language, n=n) for n in counts)
    return terms if len(counts) == 1 else f"{terms} = {say('ex.slices', language, n=sum(counts))}"


def pair_words(toppings: int) -> str:
    return "+".join(n for i, n in enumerate(TOPPING_NAMES) if toppings >> i & 1)


def _lacking(wanted: tuple[int, ...], have: list[int]) -> list[int]:
    """The cards of ``wanted`` that ``have`` does not hold, copies counted (a multiset
    difference: two 1/8 cards asked of a hand with one lack one)."""
    left = list(have)
    lacking = []
    for card in wanted:
        if card in left:
            left.remove(card)
        else:
            lacking.append(card)
    return lacking


def capture_problem(
    s: State, player: int, give: tuple[int, ...], take: tuple[int, ...], rules: DelissimoRules
) -> Problem | None:
    """The first rule this capture breaks, or None when it is legal."""
    if player != s.current:
        return _p("not-your-turn", current=s.current + 1, player=player + 1)
    if not give:
        return _p("empty-give")
    if not take:
        return _p("empty-take")
    missing = _lacking(give, s.hands[player])
    if missing:
        return _p("not-in-hand", player=player + 1, card=CARDS[min(missing)].name)
    for card in give:
        if rules.orders and not IS_ORDER[card]:
            return _p("give-not-order", card=CARDS[card].name)
    absent = _lacking(take, open_cards(s, rules))
    if absent:
        key = "not_on_top" if rules.orders else "not_open"
        return _p("not-open", key, card=CARDS[min(absent)].name)
    for card in take:
        if not IS_PIZZA[card]:
            return _p("take-not-pizza", card=CARDS[card].name)
    return shape_problem(give, take, rules)


def shape_problem(give: tuple[int, ...], take: tuple[int, ...], rules: DelissimoRules) -> Problem | None:
    """The rules about how many cards, how much pizza and which toppings."""
    g, t = len(give), len(take)
    if rules.orders:
        if t > rules.max_pizzas_per_capture:
            return _p("too-many-pizzas", n=rules.max_pizzas_per_capture)
        if g >= 2 and t >= 2 and not rules.composite:
            return _p("composite")
    elif not rules.whole_pizzas:
        if g == 1 and t == 1:
            return _p("one-for-one")
        if g >= 2 and t >= 2:
            return _p("many-for-many")
    give_total = sum(EIGHTHS[i] for i in give)
    take_total = sum(EIGHTHS[i] for i in take)
    if rules.whole_pizzas:  # 6+: counted in slices, never as a written fraction
        if (give_total + take_total) % 8:
            return _p("not-whole", "not_whole_slices", n=give_total + take_total)
    elif give_total != take_total and not rules.orders:
        counts = {"give_slices": slice_counts(give), "take_slices": slice_counts(take)}
        return _p("sum-differs", "slices_differ", **counts)
    elif give_total != take_total:
        return _p("sum-differs", give=sum_words(give), take=sum_words(take))
    if rules.orders:
        for order in give:
            for pizza in take:
                if not TOPPINGS[order] & TOPPINGS[pizza]:
                    topping = TOPPING_NAMES[TOPPINGS[order].bit_length() - 1]
                    return _p("topping-missing", topping=topping, pair=pair_words(TOPPINGS[pizza]))
    return None


def special_problem(s: State, player: int, card: int, rules: DelissimoRules) -> Problem | None:
    if not rules.orders:
        return _p("no-specials-here")
    if card not in s.hands[player]:
        return _p("special-not-held", player=player + 1, card=CARDS[card].name)
    if player != s.current and not rules.special_anytime:
        return _p("special-own-turn")
    if not special_takes(s, card):
        return _p("special-no-match", pair=pair_words(TOPPINGS[card]))
    return None


def cancel_problem(s: State, player: int, target: int, rules: DelissimoRules) -> Problem | None:
    if not rules.orders:
        return _p("no-cancels-here")
    if player == s.current:
        return _p("cancel-own-turn")
    if target != s.current:
        return _p("cancel-target", current=s.current + 1)
    if s.started:
        return _p("cancel-started", target=target + 1)
    if CANCEL_ID not in s.hands[player]:
        return _p("cancel-not-held", player=player + 1)
    return None


def end_turn_problem(s: State, player: int) -> Problem | None:
    if player != s.current:
        return _p("end-not-your-turn", current=s.current + 1)
    return None
