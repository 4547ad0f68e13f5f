"""A teacher's own lesson files in the classroom site (``teachgames site --lessons DIR``).

Each good lesson file of the folder (``docs/lesson-files.md``) goes into the site twice
per language: the file itself (``<lang>/yours/<name>.json``, to download and share) and a
notebook that runs it (``<lang>/yours/<name>.ipynb``), listed with our lessons and given
its pupil's page like them. The notebook holds the lesson's text, so it runs wherever the
site runs it (the pupil's page has no files beside it); it is read by the same strict
reader as ever when the pupil opens it. A file that cannot be read is left out with its
reason said, never in silence.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path

from ..lesson.files import lesson_files, load_lesson
from .content import Item
from .errors import SiteBuildError

#: The folder of the site (under each language's) that holds the teacher's lessons.
FOLDER = "yours"


def notebook_of(text: str, name: str, title: str, language: str) -> dict[str, object]:
    """The notebook that runs the lesson file whose JSON is ``text``, in ``language``."""
    heading = " ".join(title.split()) or name
    code = (
        "from teachgames.lesson import read_lesson, show_lesson\n\n"
        f"LESSON = {text!r}\n"
        f"show_lesson(read_lesson(LESSON, {name!r}), language={language!r})"
    )
    cells = [
        {"cell_type": "markdown", "id": "title", "metadata": {}, "source": f"# {heading}"},
        {"cell_type": "code", "execution_count": None, "id": "lesson", "metadata": {}, "outputs": [],
         "source": code},
    ]  # fmt: skip
    return {
        "cells": cells,
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def teacher_items(
    folder: str | Path, languages: Sequence[str], work: Path, say: Callable[[str], None]
) -> tuple[list[Item], list[Item]]:
    """(notebooks, files) for the site from the teacher's lessons folder; the notebooks
    are written under ``work``."""
    root = Path(folder)
    if not root.is_dir():
        raise SiteBuildError(f"--lessons {root}: there is no such folder")
    notebooks, files = [], []
    for found in lesson_files(root):
        if found.problem is not None:
            say(f"left out {found.path.name}: {found.problem}")
            continue
        spec = load_lesson(found.path)
        text = found.path.read_text(encoding="utf-8-sig")
        stem = found.path.stem
        for language in languages:
            target = f"{language}/{FOLDER}/{stem}"
            notebook = work / FOLDER / f"{target}.ipynb"
            notebook.parent.mkdir(parents=True, exist_ok=True)
            book = notebook_of(text, found.path.name, spec.title(language), language)
            notebook.write_text(json.dumps(book, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            notebooks.append(Item(notebook, f"{target}.ipynb", language, None))
            files.append(Item(found.path, f"{target}.json", language, None))
    say(f"{len(files) // max(len(languages), 1)} of your lesson files from {root}")
    return notebooks, files


__all__ = ["FOLDER", "notebook_of", "teacher_items"]
