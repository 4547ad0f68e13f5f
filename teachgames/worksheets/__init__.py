"""Worksheets a teacher prints: positions the engine chose for what they teach, a
variant per pupil at the same difficulty, and an answer key with the engine's working.

    import teachgames
    sheet = teachgames.worksheet("delissimo", level="basic", pupils=30, language="ru",
                                 seed=7, output="sheet.pdf")       # + sheet-key.pdf
    sheet.pupils[0].tasks[0].answer

``teachgames worksheet GAME`` does the same from the shell. A lesson's activity prints
too, every pupil with the same tasks: one of ours (:func:`activity_worksheet`), a
teacher's lesson file (:func:`lesson_file_worksheet`, ``teachgames worksheet --file``) or
any :class:`~teachgames.lesson.screens.ActivitySpec` (:func:`spec_worksheet`); they
load the lesson layer only when called. The game-neutral parts live
here: :class:`PrintTask` (one printed question and its key), :class:`TaskKind` (how a
game finds positions: data a teacher can change), the builder (:mod:`.build`), the HTML
and LaTeX writers; each game's kinds are in ``teachgames/<game>/worksheet.py``. Words:
``worksheets.*`` in ``teachgames/worksheets/locales``; a game's task words sit beside its
kinds. Importing this package loads neither sympy nor any game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .tasks import PrintTask, SheetContext, TaskKind

if TYPE_CHECKING:
    import os

    from .activity import activity_worksheet, lesson_file_worksheet, spec_worksheet
    from .build import PupilSheet, Worksheet

__all__ = [
    "PrintTask",
    "PupilSheet",
    "SheetContext",
    "TaskKind",
    "Worksheet",
    "activity_worksheet",
    "lesson_file_worksheet",
    "spec_worksheet",
    "worksheet",
]

#: What each lazily loaded name is read from (the lesson layer loads only when asked).
_LAZY = {
    "Worksheet": "build",
    "PupilSheet": "build",
    "activity_worksheet": "activity",
    "lesson_file_worksheet": "activity",
    "spec_worksheet": "activity",
}


def worksheet(
    game: str,
    *,
    pupils: int | None = None,
    names: Sequence[str] | None = None,
    language: str | None = None,
    kinds: Sequence[str] | None = None,
    seed: int = 0,
    output: str | os.PathLike[str] | None = None,
    **options: Any,
) -> Worksheet:
    """The worksheets of ``game`` for a class; written to ``output`` (and its key beside
    it) when given. ``options`` are the game's (``level="basic"``, ``preset=...``)."""
    from .build import build_worksheet

    if output is not None:
        from .write import check_worksheet_target

        check_worksheet_target(output)
    sheet = build_worksheet(
        game, pupils=pupils, names=names, language=language, kinds=kinds, seed=seed, **options
    )
    if output is not None:
        sheet.write(output)
    return sheet


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
