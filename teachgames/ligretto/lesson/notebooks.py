"""The Ligretto lesson for the generic notebook builder (:mod:`teachgames.lesson.notebooks`).

``ligretto-race`` (grade 6, 45 minutes) is built like the Delissimo lessons: a title, one
set-up cell, then four parts, each one widget a pupil works in by clicking and typing
(never code): the warm-up activity (a round's points, 18 − 4 × 2, and a round below zero),
a live round against two bots that waits for Start, the puzzles activity (the running total
on a number line; who is faster, in cards per second) and the exit-ticket activity. Its
screens and words are :mod:`.activities`; the teacher's notes are the plan
(``lessons/ligretto.md``) and the activities' teacher view (``TEACHER_VIEW = True``).
"""

from __future__ import annotations

from pathlib import Path

from ...lesson.notebooks import Book, Lesson

TEXT = Path(__file__).resolve().parent / "text"

SETUP = """\
import teachgames
from teachgames.lesson import show_activity
from teachgames.ligretto import LigrettoGame
from teachgames.ligretto.bots import LigrettoBot"""

#: The lesson's parts with their minutes (the plan's timing), in lesson order.
PLAN_PARTS: dict[str, tuple[tuple[str, int], ...]] = {
    "race": (("warmup", 8), ("play", 12), ("puzzles", 10), ("ticket", 7)),
}


def activity_src(part: str) -> str:
    return f'show_activity("ligretto", "race", "{part}", teacher=TEACHER_VIEW)'


def race(book: Book) -> None:
    book.md("nb.title")
    book.setup(SETUP)
    book.code(f"TEACHER_VIEW = False  # {book.say('nb.teacher_switch')}")
    book.md("nb.warmup")
    book.code(activity_src("warmup"))
    book.md("nb.play")
    book.code(
        'live = LigrettoGame.new(players=3, seed=7, rules={"rounds": 1})\n'
        f'teachgames.show(live, mode="play",\n'
        f'                players=[{book.say("pupil")!r}, LigrettoBot(0.4), LigrettoBot(0.6)])'
    )
    book.md("nb.puzzles")
    book.code(activity_src("puzzles"))
    book.md("nb.ticket")
    book.code(activity_src("ticket"))


LESSONS = (Lesson("ligretto", "race", race, TEXT, practice=True),)
