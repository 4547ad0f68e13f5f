"""Tsvetik explanations: scores, moves and "which field should I take?", in words and
sympy-checked arithmetic (every chain is checked by ``Explanation.add``).

A seed score shows every group the player could collect (one colour, or different
colours), the best one against the runner-up, each extra card's −20 and the sum. A
coloretto score shows each colour's points, the best colours plus and the rest minus.
The field choice compares what each field adds now and gives the chance that the next
bank card is each colour, as an exact fraction of the cards not seen yet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import gcd
from typing import TYPE_CHECKING, Any

from sympy import Integer, Rational

from ..explain import Explanation, Printed, pdiff, psum, ptimes
from .cards import parse_cards
from .checks import problem
from .messages import colour_word, field_label, number, player_label, say, sentence
from .moves import Draw, Place, Take, TsvetikMove, describe
from .rules import TsvetikRules, table_rules
from .scoring import Group, best_group, coloretto_split, colour_points, counts_of, group_options, score_of
from .state import State, free_fields, open_fields

if TYPE_CHECKING:
    from .engine import TsvetikEngine as TsvetikGame


# ---------------------------------------------------------------------- small parts
def cards_words(cards: Sequence[int], language: str | None) -> str:
    """ "red 2, blue 1" (colours in rainbow order), or "no cards"."""
    counts = counts_of(cards)
    parts = [
        say("colour_count", language, colour=colour_word(c, language), n=n) for c, n in enumerate(counts) if n
    ]
    return ", ".join(parts) if parts else say("no_cards", language)


def _with_extras(base: int, extras: int, extra: int) -> list[Any]:
    """The chain of a group's points: base, minus (or plus) the extra cards, = points."""
    points = base + extras * extra
    if extras == 0 or extra == 0:
        return [Integer(base)]
    if extra < 0:
        return [pdiff(base, ptimes(extras, -extra)), Integer(points)]
    return [psum([base, ptimes(extras, extra)]), Integer(points)]


def _points(line: tuple[bool, int, int], rules: TsvetikRules) -> int:
    different, size, extras = line
    return (rules.different if different else rules.one_colour)[size - 1] + extras * rules.extra


def _option_words(colours: Sequence[int], size: int, extras: int, language: str | None) -> str:
    """One line of alternatives: different colours, or one colour (any of ``colours``)."""
    if colours == [-1]:
        key = "score.option_different_extra" if extras else "score.option_different"
        return say(key, language, n=size, extras=extras)
    key = "score.option_colour_extra" if extras else "score.option_colour"
    words = [colour_word(c, language) for c in colours]
    if len(words) > 1:
        words = [say("either", language, first=", ".join(words[:-1]), last=words[-1])]
    return say(key, language, colour=words[0], n=size, extras=extras)


def _lone_best(best: Group) -> bool:
    """Whether the best group is "different colours" of a single card (then it is listed)."""
    return best.colour is None and best.size == 1


def _best_words(option: Group, language: str | None) -> str:
    if option.colour is None:
        return say("score.best_different", language)
    return say("score.best_colour", language, colour=colour_word(option.colour, language))


# ---------------------------------------------------------------------- scores
def explain_collection(
    e: Explanation, cards: Sequence[int], rules: TsvetikRules, language: str | None
) -> int:
    """Add the steps that score ``cards`` under ``rules`` to ``e``; return the points."""
    if not cards:
        e.add(say("score.none", language), [Integer(0)])
        return 0
    e.add(say("score.cards", language, cards=cards_words(cards, language), n=len(cards)))
    if rules.scoring == "coloretto":
        return _explain_coloretto(e, cards, rules, language)
    counts = counts_of(cards)
    options = group_options(counts, rules)
    best = best_group(counts, rules)
    assert best is not None
    # colours held equally often score alike: one line for all of them
    lines: dict[tuple[bool, int, int], list[int]] = {}
    for option in options:
        lines.setdefault((option.colour is None, option.size, option.extras), []).append(
            -1 if option.colour is None else option.colour
        )
    ranked = sorted(lines.items(), key=lambda item: (-_points(item[0], rules), item[0][0], item[1][0]))
    for (different, size, extras), colours in ranked:
        if different and size == 1 and not _lone_best(best):
            continue  # one card is one colour: "different colours (1 colour)" says nothing
        base = (rules.different if different else rules.one_colour)[size - 1]
        # when extra cards score nothing (the young players' rules) they are not listed
        listed = extras if rules.extra else 0
        e.add(_option_words(colours, size, listed, language), _with_extras(base, extras, rules.extra))
    # the best group is compared with a group the pupil can see listed, never with the
    # unlisted "different colours (1 colour)" (7 red: "100 > 50"... not "100 > −118")
    others = [o for o in options if o != best and not (o.colour is None and o.size == 1)]
    if others:
        runner = max(others, key=lambda o: o.points)
        relation = ">" if best.points > runner.points else "="
        e.add(_best_words(best, language), [Integer(best.points), Integer(runner.points)], [relation])
    else:  # the only group: nothing to compare it with, so no colon
        e.add(_best_words(best, language).rstrip(":"))
    e.add(say("score.group", language, n=best.size), [Integer(best.base)])
    if best.extras and rules.extra == 0:
        e.add(say("score.extras_free", language), [Integer(best.points)])
    elif best.extras:
        penalty = best.extras * rules.extra
        e.add(
            say("score.extras", language, n=best.extras, value=_signed(rules.extra)),
            [ptimes(best.extras, Integer(rules.extra)), Integer(penalty)],
        )
        e.add(say("score.sum", language), [psum([best.base, penalty]), Integer(best.points)])
    else:
        e.add(say("score.no_extras", language), [Integer(best.points)])
    return best.points


def _signed(value: int) -> str:
    return f"−{-value}" if value < 0 else f"+{value}"


def _explain_coloretto(
    e: Explanation, cards: Sequence[int], rules: TsvetikRules, language: str | None
) -> int:
    counts = counts_of(cards)
    plus, minus = coloretto_split(counts, rules)
    for c in plus + minus:
        e.add(
            sentence(say("coloretto.colour", language, colour=colour_word(c, language), n=counts[c])),
            [Integer(colour_points(counts[c], rules))],
        )
    plus_points = [colour_points(counts[c], rules) for c in plus]
    minus_points = [colour_points(counts[c], rules) for c in minus]
    total_plus, total_minus = sum(plus_points), sum(minus_points)
    if plus_points:
        chain: list[Any] = [psum(plus_points)] + ([Integer(total_plus)] if len(plus_points) > 1 else [])
        e.add(say("coloretto.plus", language, n=len(plus)), chain)
    if minus_points:
        chain = [psum(minus_points)] + ([Integer(total_minus)] if len(minus_points) > 1 else [])
        e.add(say("coloretto.minus", language, n=len(minus)), chain)
        e.add(say("score.sum", language), [pdiff(total_plus, total_minus), Integer(total_plus - total_minus)])
    else:
        e.add(say("coloretto.no_minus", language), [Integer(total_plus)])
    return total_plus - total_minus


def explain_cards(
    cards: Sequence[str], table: str | Mapping[str, Any] = "seed", language: str | None = None
) -> tuple[int, Explanation]:
    """``score_cards``: the points of ``cards`` (colour words) and how they are reached."""
    rules = table_rules(table)
    ids = parse_cards(cards, "cards")
    e = Explanation(title=say("score.title", language), language=language)
    points = explain_collection(e, ids, rules, language)
    assert points == score_of(ids, rules)
    return points, e


def explain_scores(
    game: TsvetikGame, language: str | None = None, names: Sequence[str] | None = None
) -> Explanation:
    """Every player's score worked out, then the winner (or the leader, mid-game)."""
    e = Explanation(title=say("scores.title", language), language=language)
    over = game.is_over()
    if not over:
        e.add(say("scores.not_over", language))
    labels = [player_label(p, language, names) for p in range(game.players)]
    finals = []
    for p in range(game.players):
        e.add_heading(labels[p])
        finals.append(explain_collection(e, game.state.cards_of(p), game.rules, language))
    assert finals == game.scores()
    e.add_heading(say("scores.result", language))
    best = max(finals)
    leaders = [labels[p] for p, s in enumerate(finals) if s == best]
    if len(leaders) > 1:
        e.add(
            say(
                "scores.tie" if over else "scores.tie_now",
                language,
                names=", ".join(leaders),
                score=number(best),
            )
        )
    else:
        e.add(
            say("scores.winner" if over else "scores.leader", language, name=leaders[0], score=number(best))
        )
    return e


# ---------------------------------------------------------------------- chances
def unseen_counts(s: State, rules: TsvetikRules) -> list[int]:
    """How many cards of each colour are still in the bank (the cards nobody has seen)."""
    return counts_of(s.bank)


def add_chances(e: Explanation, s: State, rules: TsvetikRules, language: str | None) -> None:
    """The chance that the next bank card is each colour, as exact fractions."""
    bank = len(s.bank)
    if bank == 0:
        e.add(say("chance.bank_empty", language))
        return
    box = rules.colours * rules.cards_per_colour
    seen = box - bank
    unseen = unseen_counts(s, rules)
    shown = sum(map(len, s.fields)) + sum(map(len, s.collected)) + len(s.discard) + (s.drawn is not None)
    if seen == shown and seen >= 0:  # the pupil's way: the box minus the cards seen
        e.add(say("chance.unseen", language, box=box, seen=seen, n=bank), [pdiff(box, seen), Integer(bank)])
    else:  # a teacher's puzzle with another box: count the bank itself
        e.add(say("chance.bank", language, n=bank))
    for c, n in enumerate(unseen):
        if not n:
            continue
        chain: list[Any] = [Printed(n, bank)]
        if gcd(n, bank) != 1:
            value = Rational(n, bank)
            chain.append(Integer(value) if value.q == 1 else value)
        words = say("chance.colour", language, colour=colour_word(c, language), n=n, total=bank)
        e.add(sentence(words), chain)


# ---------------------------------------------------------------------- moves
def explain_move(
    game: TsvetikGame, move: TsvetikMove, language: str | None = None, names: Sequence[str] | None = None
) -> Explanation:
    """Why ``move`` is legal in the game's position now (and what it does), or why not."""
    s, rules = game.state, game.rules
    e = Explanation(title=describe(move, language, names), language=language)
    refusal = problem(s, rules, move)
    e.verdict = refusal is None
    if refusal is not None:
        e.add(sentence(refusal.words(language)))
        hint = _refusal_hint(s, rules, refusal.code, language)
        if hint:
            e.add(hint)
        return e
    if isinstance(move, Draw):
        e.add(say("ex.draw", language, n=len(s.bank)))
        add_chances(e, s, rules, language)
    elif isinstance(move, Place):
        assert s.drawn is not None
        used = len(s.fields[move.field])
        e.add(
            say(
                "ex.place",
                language,
                colour=colour_word(s.drawn, language),
                field=field_label(move.field, language),
                used=used,
                cells=rules.cells,
            )
        )
    elif isinstance(move, Take):
        _explain_take(e, game, move, language)
    return e


def _refusal_hint(s: State, rules: TsvetikRules, code: str, language: str | None) -> str:
    if code in ("must-take", "bank-empty"):
        fields = [field_label(f, language) for f in open_fields(s) if s.fields[f] or s.last_round()]
        return say("ex.can_take", language, fields=", ".join(fields)) if fields else ""
    if code in ("field-full", "field-taken") and s.drawn is not None:
        fields = [field_label(f, language) for f in free_fields(s, rules)]
        return say("ex.can_place", language, fields=", ".join(fields)) if fields else ""
    return ""


def _explain_take(e: Explanation, game: TsvetikGame, move: Take, language: str | None) -> None:
    s, rules = game.state, game.rules
    field = s.fields[move.field]
    before = score_of(s.cards_of(move.player), rules)
    after = score_of(s.cards_of(move.player) + field, rules)
    label = field_label(move.field, language)
    if field:
        e.add(say("ex.take_cards", language, field=label, cards=cards_words(field, language)))
    else:
        e.add(say("ex.take_empty", language, field=label))
    e.add(
        say("ex.score_change", language, before=number(before), after=number(after)),
        [pdiff(after, before), Integer(after - before)],
    )
    if s.last_round():
        e.add(say("ex.last_round", language))
    else:
        e.add(say("ex.sits_out", language))


def explain_refusal(reason: str, language: str | None = None) -> Explanation:
    """A move that could not even be read: the reason, in words."""
    e = Explanation(title=say("ex.why_not", language), language=language, verdict=False)
    e.add(sentence(reason))
    return e


# ---------------------------------------------------------------------- which field?
def field_gains(game: TsvetikGame, player: int) -> list[tuple[int, int, int]]:
    """(field, score after taking it, gain) for every field ``player`` may take now."""
    s, rules = game.state, game.rules
    mine = s.cards_of(player)
    before = score_of(mine, rules)
    out = []
    for f in open_fields(s):
        if s.fields[f] or s.last_round():
            after = score_of(mine + s.fields[f], rules)
            out.append((f, after, after - before))
    return out


def field_advice(game: TsvetikGame, player: int, language: str | None = None) -> str:
    """The advice of "which field?" in one sentence: the best field now, or to draw ("" when
    ``player`` has nothing to choose)."""
    s, rules = game.state, game.rules
    if s.drawn is not None:  # the card must be placed first: no field can be taken now
        return ""
    gains = field_gains(game, player)
    can_draw = s.drawn is None and bool(s.bank) and bool(free_fields(s, rules))
    if gains:
        best_gain = max(g for _, _, g in gains)
        best = [field_label(f, language) for f, _, g in gains if g == best_gain]
        if best_gain > 0 or not can_draw:
            gain = _signed(best_gain) if best_gain else "0"
            return say("choice.best", language, fields=", ".join(best), gain=gain)
        return say("choice.draw_instead", language)
    return say("choice.nothing_to_take", language) if can_draw else ""


def explain_field_choice(
    game: TsvetikGame,
    player: int | None = None,
    language: str | None = None,
    names: Sequence[str] | None = None,
) -> Explanation:
    """ "Which field should I take?": each field's gain now, and the chances of the next card."""
    s, rules = game.state, game.rules
    p = game.current_player if player is None else player
    if p is None:
        e = Explanation(title=say("choice.title_over", language), language=language)
        e.add(say("refused.game_over", language))
        return e
    who = player_label(p, language, names)
    e = Explanation(title=say("choice.title", language, player=who), language=language)
    if s.taken[p] is not None:
        e.add(say("choice.has_field", language, player=who, field=field_label(s.taken[p] or 0, language)))
        return e
    before = score_of(s.cards_of(p), rules)
    e.add(say("choice.now", language, player=who), [Integer(before)])
    if s.drawn is not None:
        e.add(say("choice.place_first", language, colour=colour_word(s.drawn, language)))
    gains = field_gains(game, p)
    for f in open_fields(s):
        label = field_label(f, language)
        if not s.fields[f] and not s.last_round():
            e.add(sentence(say("choice.empty", language, field=label)))
            continue
        after = next(a for g, a, _ in gains if g == f)
        e.add(
            sentence(say("choice.field", language, field=label, cards=cards_words(s.fields[f], language))),
            [pdiff(after, before), Integer(after - before)],
        )
    can_draw = s.drawn is None and bool(s.bank) and bool(free_fields(s, rules))
    advice = field_advice(game, p, language)
    if advice:
        e.add(advice)
    if can_draw:
        e.add_heading(say("chance.title", language))
        add_chances(e, s, rules, language)
    return e


__all__ = [
    "add_chances",
    "cards_words",
    "explain_cards",
    "explain_collection",
    "explain_field_choice",
    "explain_move",
    "explain_refusal",
    "explain_scores",
    "field_advice",
    "field_gains",
]
