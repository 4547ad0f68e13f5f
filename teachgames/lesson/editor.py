""" "Make this a puzzle" from the position editor: a screen for a lesson file, saved safely.

The position editor (:class:`teachgames.core.editing.PositionEditor`) lays out a
position; this module turns the position into a puzzle with :func:`make_puzzle` (the
kinds it offers, :data:`PUZZLE_KINDS`) and saves it into a lesson file with
:func:`save_lesson` (checked first, written beside the old file and renamed into place).
A file that already holds a lesson gets the screen added (a screen with the same id is
replaced); a new file becomes a lesson of one screen named after the file. See
``docs/lesson-files.md``.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from ..core.editing import PositionEditor, PositionRefused
from ..core.errors import GameFileError
from ..core.i18n import LANGUAGES, tr
from .files import FORMAT, VERSION, save_lesson
from .puzzles import PUZZLE_KINDS, make_puzzle

#: The file a puzzle is saved into when the teacher names none.
DEFAULT_FILE = "my-puzzles.json"


def legal_moves(editor: PositionEditor) -> list[tuple[dict[str, Any], str]]:
    """Every legal move in the editor's position (its dict and its words), the moves a
    "Is this move legal?" puzzle may ask about."""
    game = editor.game()
    return [(m.to_dict(), game.describe(m, editor.language)) for m in game.legal_moves()]


def puzzle(editor: PositionEditor, kind: str, *, move: int | None = None, player: int = 1) -> dict[str, Any]:
    """A lesson file's screen asking about the editor's position: ``kind`` is one of
    :data:`PUZZLE_KINDS`; ``move`` picks one of :func:`legal_moves` (default the first),
    ``player`` the player a "score" puzzle asks about (1, 2 ...); a "best" puzzle asks
    about the player to act. A position the kind
    cannot ask about is refused in plain words."""
    if kind not in PUZZLE_KINDS:
        raise PositionRefused(tr("lesson.editor.bad_kind", editor.language))
    game = editor.game()
    if kind == "legal":
        moves = game.legal_moves()
        if not moves:
            raise PositionRefused(tr("lesson.editor.no_moves", editor.language))
        index = 0 if move is None else move
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(moves):
            raise PositionRefused(tr("lesson.editor.bad_move", editor.language))
        return make_puzzle(game, "legal", LANGUAGES, move=moves[index])
    if kind == "best":
        try:
            return make_puzzle(game, "best", LANGUAGES)
        except ValueError:
            raise PositionRefused(tr("lesson.editor.no_best", editor.language)) from None
    if isinstance(player, bool) or not isinstance(player, int) or not 1 <= player <= game.players:
        raise PositionRefused(tr("lesson.editor.bad_player", editor.language, players=game.players))
    return make_puzzle(game, "score", LANGUAGES, player=player)


#: A claimed move is a small JSON object: longer text is refused unread.
MAX_CLAIM = 2_000


def judge(editor: PositionEditor, claim: object) -> tuple[bool, str]:
    """The referee at the table: the move a pupil claims (its JSON, in the game's
    notation, such as ``{"kind": "draw", "player": 0}``) judged in the editor's position:
    whether it is legal, and the engine's exact explanation in words (the rule it breaks
    when it is not)."""
    from ..core.referee import referee

    move: Any = None
    if isinstance(claim, str) and len(claim) <= MAX_CLAIM:
        try:
            move = json.loads(claim)
        except (ValueError, RecursionError):
            move = None
    if not isinstance(move, dict):
        raise PositionRefused(tr("lesson.editor.bad_claim", editor.language))
    verdict = referee(editor.code(), move, editor.language)
    return verdict.legal, verdict.explanation.text()


def _lesson_id(path: Path) -> str:
    """A lesson id from the file's name: small letters, digits, - and _ (the schema's)."""
    stem = re.sub(r"[^a-z0-9_-]+", "-", path.stem.lower()).strip("-_")[:40]
    return stem if stem and stem[0].isalnum() else "my-puzzles"


def save_puzzle(screen: dict[str, Any], path: str | os.PathLike[str], language: str = "en") -> Path:
    """Add ``screen`` to the lesson file at ``path`` (made when there is none) and save
    it with :func:`save_lesson`; a file there that is not a lesson is refused, unchanged."""
    place = Path(path)
    if place.suffix.lower() != ".json":
        raise PositionRefused(tr("lesson.editor.json_only", language))
    if place.exists():
        try:
            data = json.loads(place.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = None
        screens = data.get("screens") if isinstance(data, dict) and data.get("format") == FORMAT else None
        if not isinstance(data, dict) or not isinstance(screens, list):
            raise PositionRefused(tr("lesson.editor.not_a_lesson", language, file=place.name))
        kept = [s for s in screens if not (isinstance(s, dict) and s.get("id") == screen["id"])]
        data["screens"] = [*kept, screen]
    else:
        data = {
            "format": FORMAT,
            "version": VERSION,
            "id": _lesson_id(place),
            "language": language,
            "title": {lang: tr("lesson.editor.lesson_title", lang) for lang in LANGUAGES},
            "screens": [screen],
        }
    try:
        return save_lesson(data, place)
    except GameFileError as exc:
        raise PositionRefused(tr("lesson.editor.not_saved", language, reason=exc.words(language))) from None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise PositionRefused(tr("lesson.editor.not_saved", language, reason=reason)) from None


__all__ = ["DEFAULT_FILE", "MAX_CLAIM", "judge", "legal_moves", "puzzle", "save_puzzle"]
