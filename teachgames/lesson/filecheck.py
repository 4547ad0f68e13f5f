"""``python -m teachgames.lesson.filecheck``: a teacher checks lesson files without Python.

``check FILE...`` says of each lesson file that it is good (and its screens) or exactly
where it is wrong; ``list FOLDER...`` lists a folder's lessons and the broken ones with
their reason (what ``teachgames lessons`` can show through :func:`lesson_files`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.errors import GameFileError
from ..core.i18n import LANGUAGES
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
    bad = 0
    if args.action == "list":
        for folder in args.paths:
            for item in lesson_files(folder, args.language):
                bad += item.problem is not None
                shown = item.problem or f"{item.id}: {item.title} ({item.screens} screens)"
                print(f"{item.path.name}: {shown}")
        return 1 if bad else 0
    for path in args.paths:
        try:
            spec = load_lesson(path)
        except GameFileError as exc:
            bad += 1
            print(exc, file=sys.stderr)
            continue
        print(f"{path}: good, {len(spec.screens)} screens: {', '.join(s.id for s in spec.screens)}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
