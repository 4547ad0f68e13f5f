"""A teacher's own lesson files beside ours: ``teachgames lessons`` lists them and gives
each one a notebook, so JupyterLab and Voilà's pupil mode run it like our lessons.

A lesson file (``docs/lesson-files.md``) is JSON in the teacher's lessons folder, made
by hand or by the position editor's "Make this a puzzle". Each good one gets a notebook
of the same name (``week-3.json`` -> ``week-3.ipynb``) that loads the file when it runs,
so an edited file needs no new notebook; a notebook already there is never overwritten
(it may be the teacher's own). A file that cannot be read is listed with its reason. The
notebook shows the lesson with :func:`~teachgames.lesson.show_lesson`, so in Voilà's
pupil mode with ``--class`` its answers go to the class like our lessons' answers.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..core.i18n import tr
from ..lesson.files import LessonFile, lesson_files


def notebook_for(file: Path, language: str) -> dict[str, object]:
    """The notebook that runs the lesson file ``file`` (by its name, beside it)."""
    source = f"from teachgames.lesson import show_lesson\n\nshow_lesson({file.name!r}, language={language!r})"
    cell: dict[str, object] = {"cell_type": "code", "execution_count": None, "id": "lesson",
                               "metadata": {}, "outputs": [], "source": source}  # fmt: skip
    return {
        "cells": [cell],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def _earlier_ours(notebook: Path, file: Path) -> bool:
    """Is ``notebook`` one an earlier teachgames wrote for ``file``, untouched? It ran the
    lesson without the class (``ActivityWidget(Activity(load_lesson(...)))``), so it is
    written again; any other notebook may be the teacher's own and is left alone."""
    try:
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        (cell,) = cells
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
    except (OSError, ValueError, KeyError, TypeError):
        return False
    earlier = (
        "from teachgames.lesson import Activity, load_lesson\n"
        "from teachgames.widgets.activity import ActivityWidget\n\n"
        f"ActivityWidget(Activity(load_lesson({file.name!r}), "
    )
    return isinstance(source, str) and source.startswith(earlier) and source.count("\n") == 3


def teacher_lessons(folder: Path, language: str = "en") -> tuple[list[LessonFile], list[Path]]:
    """The lesson files in ``folder`` (good and broken) and the notebooks written now for
    the good ones that had none (or had one an earlier teachgames wrote)."""
    found = lesson_files(folder, language)
    written = []
    for item in found:
        if item.problem is not None:
            continue
        notebook = item.path.with_suffix(".ipynb")
        if notebook.exists() and not _earlier_ours(notebook, item.path):
            continue
        notebook.write_text(json.dumps(notebook_for(item.path, language), indent=1) + "\n", encoding="utf-8")
        written.append(notebook)
    return found, written


def listing(found: list[LessonFile], language: str = "en") -> list[str]:
    """What ``teachgames lessons`` says about a teacher's files, one line each, in the
    teacher's language (``--language``): a broken file's reason too."""
    lines = []
    for item in found:
        problem = item.problem_in(language)
        if problem is None:
            screens = tr("lesson.file_list.screens", language, n=item.screens)
            lines.append(f"  {item.path.name}: {item.title} ({screens}) -> {item.path.stem}.ipynb")
        else:
            said = tr("lesson.file_list.cannot_read", language, reason=problem)
            lines.append(f"  {item.path.name}: {said}")
    return lines


__all__ = ["listing", "notebook_for", "teacher_lessons"]
