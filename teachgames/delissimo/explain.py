"""Step-by-step Delissimo explanations with exact, sympy-checked arithmetic.

Every capture shows the cards as printed, the same amounts in eighths (the common
denominator of every card in the box), the two totals and their equality; a refused
capture shows the rule it breaks with the arithmetic that proves it
(3/8 + 1/8 = 4/8 ≠ 5/8). Scores are summed the way the rules suggest children do it:
make whole pizzas first, then count what is left.

Each chain is checked by ``Explanation.add`` when built, so a wrong step is a bug that
raises, never a wrong lesson. Words come from the message catalogue (``say``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from sympy import Integer, Rational

from ..core.i18n import resolve_language
from ..explain import Explanation, Mixed, Printed, pdiff, psum, ptimes
from .cards import CARDS, PENALTY_EIGHTHS, SLICES_PER_PIZZA, TOPPING_NAMES, Card
from .checks import Problem, shape_problem
from .messages import say, slices_words
from .moves import Cancel, Capture, DelissimoMove, EndTurn, Special, describe, player_label, toppings_words
from .rules import DelissimoRules, make_rules
from .state import special_takes

if TYPE_CHECKING:
    from .engine import DelissimoEngine


# ---------------------------------------------------------------------- building blocks
def printed(card: Card) -> Printed:
    """The card's fraction exactly as printed (2/8 stays 2/8)."""
    return Printed(card.numerator, card.denominator)


def eighths(card: Card) -> Printed:
    return Printed(card.eighths, SLICES_PER_PIZZA)


def sentence(words: str) -> str:
    """A reason as a sentence of its own: capital first letter."""
    return words[:1].upper() + words[1:]


def _sum(terms: Sequence[Any]) -> Any:
    return terms[0] if len(terms) == 1 else psum(list(terms))


def _side(
    e: Explanation, words: str, cards: Sequence[Card], common: str = "", slices: str | None = None
) -> int:
    """Add the printed cards, then the same in eighths, then the total; return eighths.

    ``common`` names the step when the cards are rewritten over the common denominator 8
    ("Orders given, in eighths (a common denominator):"); ``slices`` (a language, at 6+)
    counts the slices instead, with no fraction written ("Cards given (in slices):
    2 + 7 = 9")."""
    total = sum(c.eighths for c in cards)
    if slices is not None:  # 6+: slices counted, no fraction written
        counts: list[Any] = [_sum([Integer(c.eighths) for c in cards])]
        if len(cards) > 1:
            counts.append(Integer(total))
        e.add(_aside(words, say("ex.in_slices", slices)), counts)
        return total
    chain: list[Any] = [_sum([printed(c) for c in cards])]
    if any(c.denominator != SLICES_PER_PIZZA for c in cards):
        chain.append(_sum([eighths(c) for c in cards]))
        words = common or words
    if len(cards) > 1:
        chain.append(Printed(total, SLICES_PER_PIZZA))
    e.add(words, chain)
    return total


def _aside(words: str, amount: str) -> str:
    """A step's words with the amount in slices beside them: "Pizza delivered (3 slices):"."""
    return f"{words.rstrip(':').rstrip()} ({amount}):"


def _value_chain(total: int) -> list[Any]:
    """k/8, then its lowest terms when different (4/8 = 1/2, 8/8 = 1)."""
    chain: list[Any] = [Printed(total, SLICES_PER_PIZZA)]
    value = Rational(total, SLICES_PER_PIZZA)
    if value.q != SLICES_PER_PIZZA:
        chain.append(Integer(value) if value.q == 1 else value)
    return chain


def _shape_words(give: Sequence[Card], take: Sequence[Card], orders: bool, language: str | None) -> str:
    g, t = len(give), len(take)
    if orders:
        if g == 1 and t == 1:
            return say("ex.one_order_one_pizza", language)
        if g == 1:
            return say("ex.one_order_many", language, n=t)
        if t == 1:
            return say("ex.many_orders_one", language, n=g)
        return say("ex.composite_ok", language, n=g, m=t)
    if g == 1:
        return say("ex.one_for_many", language, n=t)
    return say("ex.many_for_one", language, n=g)


# ---------------------------------------------------------------------- captures
def capture_explanation(capture: Capture) -> Explanation:
    """``Capture.explanation``: the capture judged by the rules of the game it came from
    (10+ as printed for a capture made by hand)."""
    return explain_capture(capture, capture.rules or make_rules("advanced"))


def explain_capture(
    move: Capture,
    rules: DelissimoRules | str = "advanced",
    language: str | None = None,
    problem: Problem | None = None,
    names: Sequence[str] | None = None,
) -> Explanation:
    """Why a capture is legal, or (with ``problem``) why it is not, with the arithmetic.

    When ``problem`` is None the capture's shape, sums and toppings are checked here
    against ``rules`` (the game's own rules object, or a level's printed rules by name),
    so this also explains a capture that was never played.
    """
    if isinstance(rules, str):
        rules = make_rules(rules)
    give, take = move.give, move.take
    if problem is None:
        problem = shape_problem(tuple(c.id for c in give), tuple(c.id for c in take), rules)
    title = describe(move, language, names, slices=not rules.orders)
    e = Explanation(title=title, language=language)
    e.verdict = problem is None
    if problem is not None and problem.code not in _ARITHMETIC_CODES:
        # Nothing to compute: the move breaks a rule before any sum is taken.
        e.add(sentence(problem.words(language)))
        return e
    if rules.whole_pizzas:
        _explain_whole(e, give, take, problem, language)
        return e
    slices = None if rules.orders else resolve_language(language)
    words_given = say("ex.given_orders" if rules.orders else "ex.given_cards", language)
    g_total = _side(e, words_given, give, say("ex.given_common", language), slices)
    t_total = _side(e, say("ex.taken", language), take, say("ex.taken_common", language), slices)
    def amount(total: int) -> Any:
        return Integer(total) if slices is not None else Printed(total, SLICES_PER_PIZZA)

    if g_total == t_total:
        both = [amount(g_total), amount(t_total)]
        e.add(say("ex.equal", language), both)
        simplest = _value_chain(t_total)
        if rules.orders and len(simplest) > 1:
            e.add(say("ex.simplest", language), simplest)
    else:
        # the rule's words carry the ≠ (said once, not "not equal" and then the reason again)
        words = sentence(problem.words(language)) if problem is not None else say("ex.not_equal", language)
        e.add(words, [amount(g_total), amount(t_total)], ["≠"])
        return e
    if problem is not None:
        e.add(sentence(problem.words(language)))
        return e
    if rules.orders:
        for topping in sorted({c.topping_names[0] for c in give}, key=TOPPING_NAMES.index):
            e.add(say("ex.topping_ok", language, topping=say(f"topping.{topping}", language)))
    e.add(_shape_words(give, take, rules.orders, language))
    return e


#: Problems whose explanation shows the sums (the others are told in words only).
_ARITHMETIC_CODES = frozenset({"sum-differs", "not-whole", "topping-missing"})


def _explain_whole(
    e: Explanation, give: Sequence[Card], take: Sequence[Card], problem: Problem | None, language: str | None
) -> None:
    """The whole-pizza variant (6+): all the slices together, whole pizzas of 8 or not."""
    cards = list(give) + list(take)
    lang = resolve_language(language)
    total = _side(e, say("ex.whole_together", language), cards, slices=lang)
    wholes = total // SLICES_PER_PIZZA
    if problem is None:
        groups = [Integer(SLICES_PER_PIZZA)] * wholes
        chain = [Integer(total), _sum(groups)] if wholes > 1 else None
        e.add(say("ex.whole_ok_slices", language, n=total, m=wholes), chain)
        return
    low = Integer(wholes * SLICES_PER_PIZZA)
    e.add(say("ex.whole_between_slices", language, n=total), [low, Integer(total), low + 8], ["<", "<"])
    e.add(sentence(problem.words(language)))


# ---------------------------------------------------------------------- any move
def explain_move(
    game: DelissimoEngine,
    move: DelissimoMove,
    language: str | None = None,
    names: Sequence[str] | None = None,
) -> Explanation:
    """Why ``move`` is legal in the game's position now, or why not."""
    problem = game.problem(move)
    if isinstance(move, Capture):
        capture = Capture(move.player, move.give, move.take, game.rules)
        return explain_capture(capture, game.rules, language, problem, names)
    e = Explanation(title=describe(move, language, names), language=language)
    e.verdict = problem is None
    if problem is not None:
        e.add(sentence(problem.words(language)))
        return e
    if isinstance(move, Special):
        taken = [CARDS[i] for i in special_takes(game.state, move.card.id)]
        pair = " + ".join(say(f"topping.{t}", language) for t in move.card.topping_names)
        e.add(say("ex.special_takes", language, toppings=pair))
        _side(e, say("ex.special_value", language), taken)
    elif isinstance(move, Cancel):
        e.add(say("ex.cancel", language, target=player_label(move.target, language, names),
                  player=_mid_sentence(player_label(move.player, language, names), names, language),
                  n=game.rules.hand_size))  # fmt: skip
    elif isinstance(move, EndTurn):
        key = "ex.end_turn_capture" if game.state.captured else "ex.end_turn_no_capture"
        e.add(say(key, language, n=game.rules.hand_size))
    return e


def _mid_sentence(label: str, names: Sequence[str] | None, language: str | None) -> str:
    """A default player label inside a Russian or Bulgarian sentence ("а игрок 2"); a
    pupil's name, and English "Player 2", keep their capital."""
    if names is not None or resolve_language(language) == "en":
        return label
    return label[:1].lower() + label[1:]


def explain_refusal(reason: str, language: str | None = None) -> Explanation:
    """A move that could not even be read: the reason, in words."""
    e = Explanation(title=say("ex.why_not", language), language=language, verdict=False)
    e.add(reason)
    return e


# ---------------------------------------------------------------------- scores
def whole_groups(values: list[int]) -> tuple[list[list[int]], list[int]]:
    """Group slice counts into whole pizzas (exactly 8 each), as many as can be made.

    Greedy by largest piece with an exact subset-sum completion, which is how the
    rules suggest children count: put pieces together into whole pizzas first.
    Returns (groups, leftover), every value used once.
    """
    left = sorted(values, reverse=True)
    groups: list[list[int]] = []
    while True:
        group = _complete(left, SLICES_PER_PIZZA)
        if group is None:
            return groups, left
        for v in group:
            left.remove(v)
        groups.append(group)


def _complete(values: list[int], target: int) -> list[int] | None:
    """Some values (largest first) summing to exactly ``target``, or None."""

    def walk(i: int, left: int, chosen: list[int]) -> list[int] | None:
        if left == 0:
            return chosen
        for j in range(i, len(values)):
            if values[j] <= left and (j == i or values[j] != values[j - 1]):
                found = walk(j + 1, left - values[j], [*chosen, values[j]])
                if found is not None:
                    return found
        return None

    return walk(0, target, [])


#: Piles longer than this are summed by counting equal cards (3 × 2/8 + …).
_LONG_PILE = 8


def _pile_chain(values: list[int]) -> list[Any]:
    """The pile's cards summed in eighths; a long pile counts equal cards first
    (34 cards: "3 × 1/8 + 5 × 2/8 + … = 136/8", not a 34-term sum)."""
    total = Printed(sum(values), 8)
    if len(values) <= _LONG_PILE:
        terms = [Printed(v, 8) for v in values]
        return [_sum(terms), total] if len(values) > 1 else terms
    counts = sorted(Counter(values).items())
    return [_sum([ptimes(Integer(k), Printed(v, 8)) if k > 1 else Printed(v, 8) for v, k in counts]), total]


def _same_groups(groups: list[list[int]]) -> list[tuple[list[int], int]]:
    """Equal whole-pizza groups once each, with how many times they occur (first-seen order)."""
    seen: dict[tuple[int, ...], int] = {}
    for group in groups:
        seen[tuple(group)] = seen.get(tuple(group), 0) + 1
    return [(list(group), times) for group, times in seen.items()]


def explain_scores(
    game: DelissimoEngine, language: str | None = None, names: Sequence[str] | None = None
) -> Explanation:
    """Each player's pile summed step by step, the 10+ penalty, and the winner."""
    e = Explanation(title=say("scores.title", language), language=language)
    over = game.is_over()
    if not over:
        e.add(say("scores.not_over", language))
    labels = (
        list(names) if names is not None else [say("player", language, n=p + 1) for p in range(game.players)]
    )
    finals: list[Rational] = []
    for p in range(game.players):
        e.add_heading(labels[p])
        finals.append(_player_score(e, game, p, over, language))
    _result(e, game, labels, finals, over, language)
    return e


def _player_score(
    e: Explanation, game: DelissimoEngine, p: int, over: bool, language: str | None
) -> Rational:
    """Player ``p``'s pile summed and, at 10+ once the game is over, the orders still
    in hand taken away: the steps, and the score they come to."""
    pile = [CARDS[c].eighths for c in game.state.piles[p] if CARDS[c].is_pizza]
    if not pile:
        e.add(say("scores.no_pizza", language))
    elif game.rules.orders:
        _pile_in_eighths(e, pile, language)
    else:
        _pile_in_slices(e, pile, language)
    delivered = Rational(sum(pile), 8)
    if not (game.rules.penalty and over and _penalised(game, p)):
        return delivered
    penalty = _penalty(e, game, p, language)
    _final_score(e, delivered, penalty, language)
    return delivered - penalty


def _penalised(game: DelissimoEngine, p: int) -> list[Card]:
    """The cards in player ``p``'s hand the penalty counts: orders and action cards (a
    pizza card held at a level without orders costs nothing, as the engine scores it)."""
    return [CARDS[c] for c in game.state.hands[p] if PENALTY_EIGHTHS[c]]


def _penalty(e: Explanation, game: DelissimoEngine, p: int, language: str | None) -> Rational:
    """The cards player ``p`` still holds that the penalty counts, summed (an action card
    counts as a whole pizza)."""
    held = _penalised(game, p)
    terms = [Integer(1) if c.is_action else printed(c) for c in held]
    penalty = Rational(game.penalty(p), 8)
    chain: list[Any] = [_sum(terms)]
    if _penalty_needs_eighths(held):  # every term in eighths first (2/4 = 4/8, 1 = 8/8), then the total
        chain.append(_sum([Printed(8 if c.is_action else c.eighths, 8) for c in held]))
    if len(terms) > 1:
        chain += [Printed(game.penalty(p), 8), Mixed(penalty)]
    e.add(say("scores.penalty", language), _distinct(chain))
    return penalty


def _penalty_needs_eighths(held: list[Card]) -> bool:
    """Whether the cards held are summed in eighths first: an order not written in
    eighths, or an action card (a whole, 8/8) added to other cards."""
    return any(not c.is_action and c.denominator != SLICES_PER_PIZZA for c in held) or (
        len(held) > 1 and any(c.is_action for c in held)
    )


def _result(
    e: Explanation, game: DelissimoEngine, labels: list[str], finals: list[Rational], over: bool,
    language: str | None,
) -> None:
    """Who has the best score (the winner once the game is over, the leader before), or a tie."""
    e.add_heading(say("scores.result", language))
    best = max(finals)
    leaders = [labels[p] for p, s in enumerate(finals) if s == best]
    score_text = _score_words(best, game.rules.orders, language)
    if len(leaders) > 1:
        e.add(say("scores.tie", language, names=", ".join(leaders), score=score_text))
    else:
        e.add(say("scores.winner" if over else "scores.leader", language, name=leaders[0], score=score_text))


def _score_words(score: Rational, orders: bool, language: str | None) -> str:
    """A score as the pupils read it: in slices at 6+ (no written fractions), else a mixed number."""
    if not orders and score >= 0:
        return slices_words(int(score * 8), 8, language)
    return _plain(Mixed(score))


def _distinct(chain: list[Any]) -> list[Any]:
    """A chain without a step that prints the same as the one before it ("7/8 = 7/8")."""
    from ..explain import to_text

    out: list[Any] = []
    for step in chain:
        if not out or to_text(step) != to_text(out[-1]):
            out.append(step)
    return out


def _pile_in_eighths(e: Explanation, values: list[int], language: str | None) -> None:
    """A pile summed in eighths, whole pizzas made first, then what is left: made into
    whole pizzas too until less than one is left (12/8 = 8/8 + 4/8 = 1 + 4/8)."""
    e.add(say("scores.pile", language), _pile_chain(values))
    groups, left = whole_groups(values)
    for group, times in _same_groups(groups):
        whole = [_sum([Printed(v, 8) for v in group]), Integer(1)]
        if len(group) > 1:
            whole.insert(1, Printed(8, 8))
        key = "scores.whole" if len(group) > 1 else "scores.whole_card"
        e.add(say(key + ("_times" if times > 1 else ""), language, n=times), whole)
    _rest_in_eighths(e, bool(groups), left, language)
    rest = sum(left)
    if groups or rest >= SLICES_PER_PIZZA:
        _delivered_in_eighths(e, len(groups) + rest // SLICES_PER_PIZZA, sum(values), language)


def _rest_in_eighths(e: Explanation, grouped: bool, left: list[int], language: str | None) -> None:
    """What is left once the exact whole pizzas are made: shown piece by piece when it is
    less than a pizza, else cut into whole pizzas and a part."""
    rest = sum(left)
    if grouped and left and rest < SLICES_PER_PIZZA:  # every piece is shown, a single card too
        rest_chain = _distinct([_sum([Printed(v, 8) for v in left]), *_value_chain(rest)])
        e.add(say("scores.rest", language), rest_chain)
    elif left and rest >= SLICES_PER_PIZZA:  # no exact whole pizzas left: cut them out of the rest
        wholes, part = divmod(rest, SLICES_PER_PIZZA)
        parts = [Printed(part, 8)] if part else []
        chain: list[Any] = [_sum([Printed(v, 8) for v in left])] if len(left) > 1 else []
        chain.append(Printed(rest, 8))
        chain.append(_sum([Printed(8, 8)] * wholes + parts))
        chain.append(_sum([Integer(wholes), *parts]))
        e.add(say("scores.make_wholes", language), _distinct(chain))


def _delivered_in_eighths(e: Explanation, count: int, delivered: int, language: str | None) -> None:
    """The pizza delivered: ``count`` whole pizzas and a part. A long pile counts its
    whole pizzas at once (17 + 3/8, not 1 + 1 + … + 1)."""
    part = delivered % SLICES_PER_PIZZA
    parts: list[Any] = [Integer(1)] * count if count <= 4 else [Integer(count)]
    if part:
        parts.append(Printed(part, 8))
    total = Mixed(Rational(delivered, 8))
    # "19" alone is the answer already: never "19 = 19"
    e.add(say("scores.delivered", language), [_sum(parts), total] if len(parts) > 1 else [total])


def _pile_in_slices(e: Explanation, values: list[int], language: str | None) -> None:
    """A 6+ pile counted in slices, whole pizzas of 8 first: no fraction is written."""
    delivered = sum(values)
    e.add(say("scores.pile_slices", language), _slices_chain(values))
    groups, left = whole_groups(values)
    for group, times in _same_groups(groups):
        key = "scores.whole_slices" if len(group) > 1 else "scores.whole_card_slices"
        eight = [_sum([Integer(v) for v in group]), Integer(8)] if len(group) > 1 else None
        e.add(say(key + ("_times" if times > 1 else ""), language, n=times), eight)
    _rest_in_slices(e, bool(groups), left, language)
    e.add(say("scores.delivered_slices", language, amount=slices_words(delivered, 8, language)))


def _slices_chain(values: list[int]) -> list[Any]:
    """The pile's slices summed; a long pile counts equal cards first (3 × 2 + …)."""
    if len(values) <= _LONG_PILE:
        terms: list[Any] = [Integer(v) for v in values]
    else:
        counts = sorted(Counter(values).items())
        terms = [ptimes(Integer(k), Integer(v)) if k > 1 else Integer(v) for v, k in counts]
    return [_sum(terms), Integer(sum(values))] if len(values) > 1 else terms


def _rest_in_slices(e: Explanation, grouped: bool, left: list[int], language: str | None) -> None:
    """The slices left once the exact whole pizzas are made: counted when less than a
    pizza, else counted out into pizzas of 8 and a part."""
    rest = sum(left)
    if grouped and left and rest < SLICES_PER_PIZZA:
        slices = _distinct([_sum([Integer(v) for v in left]), Integer(rest)])
        e.add(say("scores.rest_slices", language), slices)
    elif rest >= SLICES_PER_PIZZA:  # no exact whole pizzas left: count them out of the slices
        wholes, part = divmod(rest, SLICES_PER_PIZZA)
        chain: list[Any] = [_sum([Integer(v) for v in left])] if len(left) > 1 else []
        chain += [Integer(rest), _sum([Integer(8)] * wholes + ([Integer(part)] if part else []))]
        e.add(say("scores.make_wholes_slices", language), _distinct(chain))


def _final_score(e: Explanation, delivered: Rational, penalty: Rational, language: str | None) -> None:
    """Pizza delivered − cards in hand, regrouping a whole pizza into eighths when the
    eighths taken away are more than the eighths there are (3 5/8 − 1 7/8 = 2 + 13/8 −
    1 − 7/8 = 1 + 6/8)."""
    score = delivered - penalty
    d_whole, d_part = divmod(int(delivered * 8), 8)
    p_whole, p_part = divmod(int(penalty * 8), 8)
    if 0 < d_part < p_part and d_whole >= 1 and score > 0:
        wholes, eighths = d_whole - 1, d_part + 8  # one whole pizza changed into 8/8
        regrouped = psum([Integer(wholes), Printed(eighths, 8)])
        e.add(
            say("scores.regroup", language, part=f"{d_part}/8", taken=f"{p_part}/8"),
            [psum([Integer(d_whole), Printed(d_part, 8)]), regrouped],
        )
        apart = psum(
            [pdiff(Integer(wholes), Integer(p_whole)), pdiff(Printed(eighths, 8), Printed(p_part, 8))]
        )
        left = psum([Integer(wholes - p_whole), Printed(eighths - p_part, 8)])
        e.add(say("scores.take_away", language), [apart, left, Mixed(score)])
    e.add(say("scores.final", language), [pdiff(Mixed(delivered), Mixed(penalty)), Mixed(score)])


def _plain(value: Mixed) -> str:
    from ..explain import to_text

    return to_text(value)


__all__ = [
    "explain_capture",
    "explain_move",
    "explain_refusal",
    "explain_scores",
    "toppings_words",
    "whole_groups",
]
