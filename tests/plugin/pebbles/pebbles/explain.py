"""Why a move of Pebbles is legal or not, and how the scores add up (sympy loads here)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from teachgames.core.i18n import tr
from teachgames.explain import Explanation


def explain_move(game: Any, move: Any, language: str | None, names: Sequence[str] | None) -> Explanation:
    problem = game.problem(move)
    e = Explanation(title=game.describe(move, language))
    e.add(problem.words(language) if problem else tr("pebbles.why.enough", language, n=move.count))
    e.verdict = problem is None
    return e


def explain_refusal(words: str, language: str | None) -> Explanation:
    e = Explanation(title=tr("pebbles.title", language))
    e.add(words)
    e.verdict = False
    return e


def explain_scores(game: Any, language: str | None, names: Sequence[str] | None) -> Explanation:
    e = Explanation(title=tr("pebbles.title", language))
    for player, n in enumerate(game.scores()):
        e.add(tr("pebbles.score", language, player=player + 1, n=n))
    return e
