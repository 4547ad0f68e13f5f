"""Ligretto explanations with sympy-checked arithmetic, in the pupil's language.

* a round's points: +1 per card in the centre, −2 per card left in the Ligretto stack
  (18 − 4 × 2 = 10, multiplying first: 18 − 8 = 10; 3 − 6 × 2 = −9, below zero);
* the running totals across rounds (10 − 9 + 5 = 6);
* why a card may or may not go on a pile: its colour, and "exactly one more"
  (4 + 1 = 5; 4 + 1 = 5 ≠ 7), and the race ("pile taken").

Every chain is checked by ``Explanation.add`` when built. ``explain_move`` judges the
move with the engine's own rule check, so its verdict is exactly what ``play`` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..explain import Explanation, pdiff, psum, ptimes
from .cards import SET_SIZE, colour_of, number_of, parse_face
from .checks import move_problem
from .messages import card_words, colour_word, player_label, say
from .moves import LigrettoMove, NextRound, Play, Turn
from .state import piles_for, where

if TYPE_CHECKING:
    from .engine import LigrettoEngine as LigrettoGame


def sentence(words: str) -> str:
    return words[:1].upper() + words[1:]


def _points_chain(centre: int, left: int) -> list[Any]:
    """centre − left × 2 = points, as the rules write it (18 − 4 × 2 = 10)."""
    return [pdiff(centre, ptimes(left, 2)), centre - 2 * left]


def round_score(centre: int, ligretto_left: int, language: str | None = None) -> tuple[int, Explanation]:
    """One player's points for a round, with the working (18, 4 → 10: 18 − 4 × 2 = 10)."""
    for value, what in ((centre, "centre"), (ligretto_left, "ligretto_left")):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{what} must be a whole number of cards, 0 or more, not {value!r}")
    if ligretto_left > 10:
        raise ValueError(f"a Ligretto stack holds at most 10 cards, not {ligretto_left}")
    points = centre - 2 * ligretto_left
    e = Explanation(title=say("ex.score_title", language), language=language)
    e.add(say("ex.centre", language, n=centre), [ptimes(centre, 1), centre])
    e.add(say("ex.stack", language, n=ligretto_left), [ptimes(ligretto_left, 2), 2 * ligretto_left])
    e.add(say("ex.points", language), _points_chain(centre, ligretto_left))
    if ligretto_left:
        e.add(say("ex.multiply_first", language), [pdiff(centre, 2 * ligretto_left), points])
    if points < 0:
        e.add(say("ex.below_zero", language), [points, 0], "<")
    elif points == 0:
        e.add(say("ex.zero", language))
    return points, e


def explain_refusal(words: str, language: str | None = None) -> Explanation:
    e = Explanation(title=say("ex.refused", language), language=language)
    e.add(sentence(words) + ".")
    e.verdict = False
    return e


def explain_move(
    game: LigrettoGame, move: LigrettoMove, language: str | None = None, names: Sequence[str] | None = None
) -> Explanation:
    """Why ``move`` is legal now, or the rule it breaks; verdict == what ``play`` does."""
    s = game.state
    problem = move_problem(s, move)
    who = player_label(move.player, language, names)
    if isinstance(move, NextRound):
        e = Explanation(title=say("ex.next_title", language), language=language)
        e.add(sentence(problem.words(language, names)) + "." if problem else say("ex.next_ok", language))
        e.verdict = problem is None
        return e
    if isinstance(move, Turn):
        e = Explanation(title=say("ex.turn_title", language, player=who), language=language)
        if problem is None:
            hand = s.hands[move.player]
            if hand.deck:
                e.add(say("ex.turn_ok", language, count=len(hand.deck)))
            else:
                shuffle = game.rules.end_of_deck == "shuffle"
                e.add(say("ex.turn_recycle_shuffle" if shuffle else "ex.turn_recycle_over", language))
        else:
            e.add(sentence(problem.words(language, names)) + ".")
        e.verdict = problem is None
        return e
    assert isinstance(move, Play)
    card = move.player * SET_SIZE + parse_face(move.card)
    words = card_words(card, language)
    e = Explanation(title=say("ex.move_title", language, player=who, card=words), language=language)
    if problem is not None and problem.key in ("game_over", "round_over", "too_early"):
        e.add(sentence(problem.words(language, names)) + ".")
        e.verdict = False
        return e
    place = where(s.hands[move.player], card)
    if place in ("stack", "row", "hand"):
        e.add(sentence(say(f"ex.place.{place}", language, card=words)))
    else:
        e.add(sentence(problem.words(language, names)) + "." if problem else "")
        e.verdict = False
        return e
    _pile_steps(e, game, move, card, language, names)
    e.verdict = problem is None
    return e


def _pile_steps(e: Explanation, game: LigrettoGame, move: Play, card: int, language: str | None,
                names: Sequence[str] | None) -> None:  # fmt: skip
    s = game.state
    n, colour = number_of(card), colour_of(card)
    words = card_words(card, language)
    if n == 1:
        if move.pile is None:
            e.add(say("ex.new_pile", language))
        else:
            problem = move_problem(s, move)
            e.add(sentence(problem.words(language, names)) + "." if problem else "")
        return
    pile = move.pile
    if pile is None:
        fit = piles_for(s, card)
        if not fit:
            if not any(colour_of(p[-1]) == colour for p in s.piles):
                # no pile of that colour at all: "one less" would be a sum about nothing
                e.add(sentence(say("ex.no_colour_pile", language, colour=colour_word(colour, language))))
            else:
                e.add(say("ex.none_fits", language, colour=colour_word(colour, language), n=n),
                      [psum([n - 1, 1]), n])  # fmt: skip
            problem = move_problem(s, move)
            if problem is not None and problem.key == "pile_taken":
                e.add(sentence(problem.words(language, names)) + ".")
            return
        pile = fit[0]
        e.add(say("ex.fits_pile", language, pile=pile + 1, colour=colour_word(colour, language)))
    if pile >= len(s.piles):
        problem = move_problem(s, move)
        e.add(sentence(problem.words(language, names)) + "." if problem else "")
        return
    top = s.piles[pile][-1]
    t, top_colour = number_of(top), colour_of(top)
    e.add(say("ex.pile_is", language, pile=pile + 1, colour=colour_word(top_colour, language),
              top=card_words(top, language)))  # fmt: skip
    if top_colour != colour:
        other = say("ex.other_colour", language, card=words, colour=colour_word(colour, language),
                    pile_colour=colour_word(top_colour, language))  # fmt: skip
        e.add(sentence(other))
        return
    e.add(sentence(say("ex.same_colour", language, card=words, colour=colour_word(colour, language))))
    if t == n:
        from .cards import owner_of

        e.add(say("ex.taken", language, owner=player_label(owner_of(top), language, names),
                  other=card_words(top, language)), [psum([t, 1]), t + 1, n], ["=", "≠"])  # fmt: skip
        return
    if t == 10:
        e.add(sentence(say("problem.pile_complete", language, pile=pile + 1)) + ".")
        return
    e.add(say("ex.one_more", language), [psum([t, 1]), t + 1])
    if t + 1 == n:
        e.add(sentence(say("ex.is_next", language, card=words)), [n, t + 1])
    else:
        e.add(sentence(say("ex.not_next", language, card=words)), [n, t + 1], "≠")


def explain_scores(
    game: LigrettoGame, language: str | None = None, names: Sequence[str] | None = None
) -> Explanation:
    """Every finished round (centre − stack × 2 per player) and the running totals."""
    e = Explanation(title=say("ex.scores_title", language), language=language)
    rounds = game.round_scores()
    if not rounds:
        e.add_heading(say("ex.no_rounds", language, n=game.round))
        _round_lines(e, game.centre_counts(), game.stack_left(), language, names)
        return e
    for r, end in enumerate(game.round_ends(), start=1):
        if end.ended == "blockade":
            e.add_heading(say("ex.round_blockade", language, n=r))
        else:
            who = player_label(end.ender or 0, language, names)
            e.add_heading(say("ex.round_stack", language, n=r, player=who))
        _round_lines(e, list(end.centre), list(end.left), language, names)
        if end.unblocks:
            e.add(say("ex.unblocked", language, n=end.unblocks))
    e.add_heading(say("ex.totals", language))
    for p in range(game.players):
        terms = [r[p] for r in rounds]
        chain: list[Any] = [psum(terms), sum(terms)] if len(terms) > 1 else [terms[0]]
        e.add(say("ex.total", language, player=player_label(p, language, names), n=len(rounds)), chain)
    if game.rules.rounds is not None:
        e.add(say("ex.fixed_rounds", language, rounds=game.rules.rounds))
    else:
        e.add(say("ex.target", language, target=game.rules.target))
    if game.is_over():
        best = game.winners()
        who = ", ".join(player_label(p, language, names) for p in best)
        e.add(say("ex.winner", language, players=who, n=len(best), points=game.scores()[best[0]]))
    return e


def _round_lines(e: Explanation, centre: list[int], left: list[int], language: str | None,
                 names: Sequence[str] | None) -> None:  # fmt: skip
    for p, (c, s) in enumerate(zip(centre, left, strict=True)):
        e.add(say("ex.player_points", language, player=player_label(p, language, names), centre=c, left=s),
              _points_chain(c, s))  # fmt: skip
