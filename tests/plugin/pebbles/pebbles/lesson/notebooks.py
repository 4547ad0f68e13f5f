"""The game's one lesson notebook, named by the class's ``lessons`` spec; its words are in
``text/<language>/intro.md``."""

from __future__ import annotations

from pathlib import Path

from teachgames.lesson.notebooks import Book, Lesson

TEXT = Path(__file__).parent / "text"

#: The lesson's parts and their minutes, for a teacher's plan.
PLAN_PARTS: dict[str, tuple[tuple[str, int], ...]] = {"intro": (("warmup", 5), ("game", 15))}


def intro(book: Book) -> None:
    book.md("title")
    book.setup("import teachgames")
    book.md("play")
    book.code('game = teachgames.new_game("pebbles", players=2, seed=1)\nteachgames.show(game)')
    book.md("question")


LESSONS = (Lesson("pebbles", "intro", intro, TEXT),)
