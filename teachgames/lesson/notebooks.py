"""The generic lesson-notebook builder: a game supplies its cells, the words come from
per-language text files, and one source gives the notebook in every language.

A game declares its lessons in its ``lesson/notebooks.py`` (``teachgames/<game>/`` or a
plug-in game's own package), named by its class's ``lessons`` spec
(``lessons = "mygame.lesson.notebooks:LESSONS"``)::

    from teachgames.lesson.notebooks import Book, Lesson

    def warm_up(book: Book) -> None:
        book.md("title")                              # a section of the text file
        book.code("import teachgames")
        book.md("hook", pizza="`2/8 mt`")             # {pizza} filled in

    LESSONS = (Lesson("mygame", "8plus", warm_up, TEXT),)   # TEXT: folder of <lang>/ files

The words live in ``TEXT/<language>/<lesson>.md`` (and ``TEXT/<language>/common.md`` for
words every lesson of the game shares), as sections that start with a comment line::

    <!-- hook -->
    ## Warm-up (5 minutes)
    One pizza, {pizza}, and three orders …

Code cells are language-neutral Python; anything a pupil reads in a cell's output comes from
the message catalogue in the notebook's language (``book.language`` is set with
``set_language`` in the first code cell, written by :meth:`Book.setup`).

Notebooks are written to ``notebooks/<language>/<game>-<lesson>.ipynb`` without outputs,
byte-identical on every build::

    python -m teachgames.lesson.notebooks            # every game's lessons, every language
    python -m teachgames.lesson.notebooks --check    # fail if a committed notebook differs
    python -m teachgames.lesson.notebooks --game mygame --out DIR   # a plug-in game's

:func:`bundled` lists the notebooks shipped for a language (``teachgames lessons --language``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ..core.i18n import LANGUAGES, check_language, tr
from ..core.specs import resolve
from .prose import Prose


class Book:
    """The cells of one notebook in one language, with stable cell ids.

    ``book.md(name, **values)`` adds a section of the text files; ``book.text(markdown)``
    adds markdown made by the game; ``book.code(source)`` adds a code cell; ``book.say(name)``
    returns a section's words (to compose a cell)."""

    def __init__(self, lesson: Lesson, language: str, prose: Prose) -> None:
        self.lesson = lesson
        self.language = language
        self.say = prose
        self.cells: list[dict[str, Any]] = []

    def _id(self) -> str:
        return f"{self.lesson.name}-{self.language}-{len(self.cells):02d}"

    def _cell(self, kind: str, source: str, tags: Sequence[str] = ()) -> None:
        cell: dict[str, Any] = {
            "cell_type": kind,
            "id": self._id(),
            "metadata": {"tags": list(tags)} if tags else {},
            "source": source.strip("\n"),
        }
        if kind == "code":
            cell["execution_count"] = None
            cell["outputs"] = []
        self.cells.append(cell)

    def md(self, name: str, **values: Any) -> None:
        self._cell("markdown", self.say(name, **values))

    def text(self, markdown: str) -> None:
        self._cell("markdown", markdown)

    def code(self, source: str) -> None:
        self._cell("code", source)

    def setup(self, imports: str) -> None:
        """The first code cell: the imports and the notebook's language for every word.
        Tagged ``remove-output`` (Jupyter Book's tag): it shows nothing, and a page that
        shows the lesson without its code keeps no place for it."""
        language = f"from teachgames.core.i18n import set_language\nset_language({self.language!r})"
        self._cell("code", f"{imports.rstrip()}\n{language}", tags=("remove-output",))

    def practice(self) -> None:
        """The lesson's last cells: practice on its skills (the exit ticket's), fresh items
        for as long as the pupil needs them. The skills are found when the cell runs, so the
        builder needs nothing of the practice layer; the cell is one line that shows the
        widget (``teachgames`` is imported by the set-up cell, or here when it is not)."""
        self.text(tr("lesson.notebook.practice", self.language))
        game, lesson = self.lesson.game, self.lesson.name
        imported = any(
            cell["cell_type"] == "code" and "import teachgames\n" in cell["source"] + "\n"
            for cell in self.cells
        )
        self.code(
            ("" if imported else "import teachgames\n")
            + f"teachgames.practice.show({game!r}, skills=teachgames.practice.lesson_skills({game!r}, "
            f"{lesson!r}), language={self.language!r})"
        )

    def notebook(self) -> dict[str, Any]:
        return {
            "cells": self.cells,
            "metadata": {
                "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                "language_info": {"name": "python"},
                "teachgames": {
                    "game": self.lesson.game,
                    "lesson": self.lesson.name,
                    "language": self.language,
                },
            },
            "nbformat": 4,
            "nbformat_minor": 5,
        }


@dataclass(frozen=True)
class Lesson:
    """One lesson of a game: ``cells(book)`` adds the cells; the words are in
    ``text/<language>/<name>.md`` (and ``common.md``) under ``text``."""

    game: str
    name: str
    cells: Callable[[Book], None]
    text: Path
    #: end with practice on the lesson's skills (a game with skills in ``teachgames.practice``)
    practice: bool = False

    @property
    def stem(self) -> str:
        return f"{self.game}-{self.name}"

    def prose(self, language: str) -> Prose:
        folder = self.text / check_language(language)
        return Prose.load(language, [folder / f"{self.name}.md", folder / "common.md"])

    def book(self, language: str) -> Book:
        book = Book(self, language, self.prose(language))
        self.cells(book)
        if self.practice:
            book.practice()
        return book

    def source(self, language: str) -> str:
        """The notebook file's text (validated by nbformat when it is installed)."""
        nb = self.book(language).notebook()
        try:
            import nbformat

            nbformat.validate(nbformat.from_dict(nb))  # type: ignore[no-untyped-call]
        except ImportError:  # pragma: no cover - the lessons extra brings nbformat
            pass
        return json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n"

    def path(self, root: Path, language: str) -> Path:
        return root / language / f"{self.stem}.ipynb"


#: Lessons of no single game (the simulation experiments across the games), after the games'.
CROSS_GAME_LESSONS: dict[str, str] = {"experiments": "teachgames.experiments.lesson.notebooks:LESSONS"}


def lessons_spec(game: str) -> str | None:
    """The ``"module:LESSONS"`` spec of a game's lessons: its class's ``lessons`` attribute
    (found through the registry, so a game in any installed package has lessons), or one of
    :data:`CROSS_GAME_LESSONS`; None for a game that declares none."""
    if game in CROSS_GAME_LESSONS:
        return CROSS_GAME_LESSONS[game]
    from ..core.registry import game_class

    return game_class(game).lessons


def game_lessons(game: str) -> tuple[Lesson, ...]:
    """The lessons a game declares (its ``lessons`` spec); () when it declares none."""
    spec = lessons_spec(game)
    if spec is None:
        return ()
    return tuple(resolve(spec))


def games_with_lessons() -> list[str]:
    """Every game whose class declares lessons, in the registry's lesson order, then the
    lessons of no single game (:data:`CROSS_GAME_LESSONS`). A plug-in that cannot be loaded
    is left out (it says why when its lessons are asked for by name)."""
    from ..core.registry import game_names

    found = []
    for game in game_names():
        try:
            spec = lessons_spec(game)
        except Exception:  # a broken plug-in must not stop the other games' build
            continue
        if spec is not None:
            found.append(game)
    return found + [g for g in CROSS_GAME_LESSONS if g not in found]


def all_lessons(games: Iterable[str] | None = None) -> list[Lesson]:
    return [lesson for game in (games or games_with_lessons()) for lesson in game_lessons(game)]


def source_root() -> Path:
    """The checkout's ``notebooks`` folder (where the builder writes)."""
    return Path(__file__).resolve().parents[2] / "notebooks"


def build(
    root: Path | None = None, games: Iterable[str] | None = None, languages: Sequence[str] = LANGUAGES
) -> list[Path]:
    """Write every lesson notebook of ``games`` in ``languages`` under ``root``; returns the paths."""
    root = root or source_root()
    written = []
    for lesson in all_lessons(games):
        for language in languages:
            path = lesson.path(root, language)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(lesson.source(language), encoding="utf-8")
            written.append(path)
    return written


def stale(root: Path | None = None, games: Iterable[str] | None = None) -> list[Path]:
    """Committed notebooks that differ from what the builder writes (or are missing)."""
    root = root or source_root()
    out = []
    for lesson in all_lessons(games):
        for language in LANGUAGES:
            path = lesson.path(root, language)
            if not path.exists() or path.read_text(encoding="utf-8") != lesson.source(language):
                out.append(path)
    return out


@cache
def notebooks_folder() -> Path:
    """The bundled ``notebooks`` folder: inside the wheel, or the source checkout."""
    packaged = Path(str(resources.files("teachgames"))) / "_bundled" / "notebooks"
    if packaged.is_dir():
        return packaged
    return source_root()


def bundled(language: str = "en") -> list[Path]:
    """The lesson notebooks shipped in ``language``, in lesson order (for ``teachgames lessons
    --language``). Raises ValueError for an unknown language."""
    folder = notebooks_folder() / check_language(language)
    order = {g: i for i, g in enumerate(games_with_lessons())}
    paths = sorted(folder.glob("*.ipynb")) if folder.is_dir() else []
    return sorted(paths, key=lambda p: (order.get(p.stem.split("-")[0], len(order)), _lesson_key(p.stem)))


def _lesson_key(stem: str) -> tuple[int, str]:
    digits = re.search(r"(\d+)plus", stem)
    return (int(digits.group(1)) if digits else 0, stem)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m teachgames.lesson.notebooks", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--out", type=Path, default=None, help="folder to write (default: the checkout's notebooks/)"
    )
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--check", action="store_true", help="fail if a committed notebook differs")
    args = parser.parse_args(argv)
    for game in args.game or ():
        try:
            lessons_spec(game)
        except ValueError as exc:  # an unknown game: say which games there are
            parser.error(str(exc))
    if args.check:
        bad = stale(args.out, args.game)
        for path in bad:
            print(f"differs from the builder: {path}", file=sys.stderr)
        return 1 if bad else 0
    for path in build(args.out, args.game):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
