"""The referee at the table: a position from its code, a move a pupil claims, the verdict.

``referee(code, move)`` sets up the position a position code holds (what lies on the
physical table), and judges the move exactly as the engine would play it: legal or not,
the rule it breaks in plain words, the engine's step-by-step explanation, and every legal
move now with its description, so a teacher can settle an argument at the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import GameFileError, IllegalMove
from .i18n import resolve_language
from .registry import load_position


@dataclass(frozen=True)
class Verdict:
    """The referee's answer: ``legal``; ``reason`` (the rule broken, in the language;
    None when legal); ``explanation`` (the engine's Explanation of the move); ``moves``
    (every legal move now: its dict and its words)."""

    legal: bool
    reason: str | None
    explanation: Any
    moves: tuple[tuple[dict[str, Any], str], ...]


def referee(code: str, move: Mapping[str, Any], language: str | None = None) -> Verdict:
    """Judge ``move`` (a move dict in the game's notation) in the position of ``code``.
    A bad code is a GameFileError; a move the game cannot even read is judged illegal,
    with the reason."""
    lang = resolve_language(language)
    game = load_position(code)
    if not isinstance(move, Mapping):
        raise GameFileError("the move is an object in the game's notation, such as {\"kind\": ...}")
    try:
        problem = game.problem(move)
        reason = None if problem is None else problem.words(lang)
    except IllegalMove as exc:
        reason = exc.words(lang)
    explanation = game.explain(move, lang)
    moves = tuple((m.to_dict(), game.describe(m, lang)) for m in game.legal_moves())
    return Verdict(reason is None, reason, explanation, moves)


__all__ = ["Verdict", "referee"]
