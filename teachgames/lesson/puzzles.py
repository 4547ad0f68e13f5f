""""Make this a puzzle": a screen for a lesson file from any position of any game.

A teacher who meets a position worth a question (a replay step, a live game, a position
set up from the table with a position code) asks for a screen of one kind; the screen is
data for a lesson file (:mod:`teachgames.lesson.files`), ready to save, edit and share:

    from teachgames.lesson import make_puzzle
    screen = make_puzzle(game, "legal", move={"kind": "capture", ...}, language="ru")
    screen = make_puzzle(game, "score", player=2)

The screen holds the position's code, a prompt and a title in the languages asked (the
teacher edits theirs; a language left out falls back with a visible marker), and the
task. The answer is not written in the screen: the engine works it out when the lesson
is loaded (so an edited position can never keep a stale answer), with the likely wrong
answer named by the rule it breaks, and the worked solution from the engine's exact
explanation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.i18n import LANGUAGES, check_language, tr

#: The kinds of puzzle a position makes: "legal" (is this move legal?, any game) and
#: "score" (what is this player's score?, any game).
PUZZLE_KINDS = ("legal", "score", "best")
#: At most this many moves are offered in a "best" puzzle.
BEST_CHOICES = 4


def make_puzzle(
    game: Any,
    kind: str,
    language: str | Sequence[str] | None = None,
    *,
    move: Any = None,
    player: int = 1,
    id: str | None = None,
) -> dict[str, Any]:
    """A lesson file's screen asking about ``game``'s position now.

    ``kind`` is "legal" (``move``: the move asked about, a move object or its dict; by
    default the first legal move), "score" (``player``: Player 1, 2 ...) or "best" (which
    of up to :data:`BEST_CHOICES` moves of the player to act gains them most: the best
    move and others that gain less, each a different amount). ``language``: the
    language(s) of the prompt and title (default: all three). ValueError in plain words
    when the position has no such question (nobody can move; no two moves score apart)."""
    if kind not in PUZZLE_KINDS:
        raise ValueError(f"unknown puzzle kind {kind!r}; the kinds are {', '.join(PUZZLE_KINDS)}")
    languages = _languages(language)
    code = game.position_code()
    screen: dict[str, Any] = {"id": id, "position": code}
    if kind == "legal":
        if move is None:
            moves = game.legal_moves()
            if not moves:
                raise ValueError("nobody can move in this position: give the move to ask about")
            move = moves[0]
        data = move.to_dict() if not isinstance(move, Mapping) else dict(move)
        game.coerce_move(data)  # a move the game cannot read is refused now, in plain words
        screen["title"] = {lang: tr("lesson.file.puzzle.legal.title", lang) for lang in languages}
        screen["prompt"] = {
            lang: tr("lesson.file.puzzle.legal.prompt", lang, move=game.describe(data, lang))
            for lang in languages
        }
        screen["task"] = {"kind": "legal", "move": data}
    elif kind == "best":
        moves, acting = best_choices(game)
        screen["title"] = {lang: tr("lesson.file.puzzle.best.title", lang) for lang in languages}
        screen["prompt"] = {
            lang: tr("lesson.file.puzzle.best.prompt", lang, number=acting) for lang in languages
        }
        screen["task"] = {"kind": "best", "moves": moves}
    else:
        if isinstance(player, bool) or not isinstance(player, int) or not 1 <= player <= game.players:
            raise ValueError(f"player is a number from 1 to {game.players}, not {player!r}")
        screen["title"] = {lang: tr("lesson.file.puzzle.score.title", lang) for lang in languages}
        screen["prompt"] = {
            lang: tr("lesson.file.puzzle.score.prompt", lang, number=player) for lang in languages
        }
        screen["task"] = {"kind": "score", "player": player}
    if id is None:
        screen["id"] = f"{kind}-{_short(code, screen['task'])}"
    return screen


def move_gain(game: Any, move: Any, player: int) -> Any:
    """The points ``player`` (0-based) gains if ``move`` is played now: the engine plays it
    on a copy, so the position is left as it is. Exact (the game's own score numbers)."""
    after = game.copy()
    after.play(move)
    return after.scores()[player] - game.scores()[player]


def best_choices(game: Any) -> tuple[list[dict[str, Any]], int]:
    """The moves a "best" puzzle offers (as dicts, in the game's order) and the acting
    player's number: the legal move that gains the player most, then moves that gain
    less, one for each other amount, up to :data:`BEST_CHOICES`."""
    player = game.current_player
    if player is None:
        raise ValueError("nobody is to act in this position: a 'best' puzzle needs one player's turn")
    by_gain: dict[Any, tuple[int, Any]] = {}  # each gain's first move, with its place
    for place, move in enumerate(game.legal_moves()):
        by_gain.setdefault(move_gain(game, move, player), (place, move))
    if len(by_gain) < 2:
        raise ValueError("no two moves here gain different points: a 'best' puzzle has nothing to compare")
    chosen = sorted(by_gain[gain] for gain in sorted(by_gain, reverse=True)[:BEST_CHOICES])
    return [move.to_dict() for _, move in chosen], player + 1


def _languages(language: str | Sequence[str] | None) -> tuple[str, ...]:
    if language is None:
        return LANGUAGES
    if isinstance(language, str):
        return (check_language(language),)
    return tuple(check_language(lang) for lang in language)


def _short(code: str, task: Any) -> str:
    """Six hex digits from the position and the task: two different puzzles get two ids."""
    import json
    import zlib

    return f"{zlib.crc32((code + json.dumps(task, sort_keys=True)).encode()) & 0xFFFFFF:06x}"


__all__ = ["BEST_CHOICES", "PUZZLE_KINDS", "best_choices", "make_puzzle", "move_gain"]
