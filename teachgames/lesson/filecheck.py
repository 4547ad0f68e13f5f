"""``python -m teachgames.lesson.filecheck``: a teacher checks lesson files without Python.

``check FILE...`` says of each lesson file that it is good (and its screens) or exactly
where it is wrong; ``list FOLDER...`` lists a folder's lessons and the broken ones with
their reason (what ``teachgames lessons`` can show through :func:`lesson_files`).
``--language`` says it all in the teacher's language (en, ru or bg; default en): the
reasons too, so a Bulgarian teacher reads no English sentence inside a Bulgarian one.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.errors import GameFileError
from ..core.i18n import LANGUAGES, tr
from .files import lesson_files, load_lesson


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m teachgames.lesson.filecheck check FILE...`` says whether each lesson file is
    good (its screens) or where it is wrong; ``list FOLDER`` lists a folder's lessons.
    (The command a teacher runs without writing Python; ``teachgames lessons`` can call
    :func:`lesson_files` for its list.)"""
    import argparse
    import sys

    parser = argparse.ArgumentParser(prog="python -m teachgames.lesson.filecheck", description=main.__doc__)
    parser.add_argument("action", choices=("check", "list"))
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--language", choices=LANGUAGES, default="en")
    args = parser.parse_args(argv)
    bad, language = 0, args.language
    if args.action == "list":
        for folder in args.paths:
            for item in lesson_files(folder, language):
                bad += item.problem is not None
                screens = tr("lesson.file_list.screens", language, n=item.screens)
                shown = item.problem_in(language) or f"{item.id}: {item.title} ({screens})"
                print(f"{item.path.name}: {shown}")
        return 1 if bad else 0
    for path in args.paths:
        try:
            spec = load_lesson(path)
        except GameFileError as exc:
            bad += 1
            print(exc.words(language), file=sys.stderr)
            continue
        ids = ", ".join(s.id for s in spec.screens)
        print(tr("lesson.file_list.good", language, path=path, n=len(spec.screens), ids=ids))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
