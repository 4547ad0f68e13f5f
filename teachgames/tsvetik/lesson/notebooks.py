"""The Tsvetik lessons for the generic notebook builder (:mod:`teachgames.lesson.notebooks`).

``tsvetik-8plus`` (grades 2–4, 45 minutes, the young players' rules: no points off for extra
cards) is built like the Delissimo lessons: a title, one set-up cell, then four parts, each one
widget a pupil works in by clicking and typing (never code): the warm-up activity (reading the
table, the better group, by how much), the puzzles activity (what a field adds, which field to
take, which colour is least likely next), a game against a bot, and the exit ticket activity.
Its screens and words are :mod:`.activities`; the teacher's notes are the plan
(``lessons/tsvetik.md``) and the activities' teacher view (``TEACHER_VIEW = True``).

``tsvetik-11plus`` (grades 6–7, 45 minutes): the scoring table as a number
pattern, a collection scored with extra cards (numbers below zero), comparing the two
groups, "which field should I take?", the chance that the next card is red as a fraction of
the cards not seen yet, a game against two bots, and an exit ticket that starts empty. Every
word is in ``text/<language>/11plus.md``; seeds and puzzles are the plan's
(``lessons/tsvetik.md``).
"""

from __future__ import annotations

from pathlib import Path

from ...lesson.notebooks import Book, Lesson

TEXT = Path(__file__).resolve().parent / "text"

IMPORTS = """\
import teachgames
from teachgames.bots import GreedyBot
from teachgames.tsvetik import scenario, score_cards
from teachgames.tsvetik.bots import FieldBot
from teachgames.tsvetik.lesson import exit_ticket, field_puzzle"""

SETUP_8 = """\
import teachgames
from teachgames.lesson import show_activity
from teachgames.tsvetik.bots import FieldBot
from teachgames.tsvetik.lesson import NO_EXTRA"""

#: Each lesson's parts on the activity layer, with their minutes (the plan's timing).
PLAN_PARTS: dict[str, tuple[tuple[str, int], ...]] = {
    "8plus": (("warmup", 10), ("puzzles", 15), ("play", 12), ("ticket", 8)),
}

ALL_COLOURS = '["red", "orange", "yellow", "green", "blue", "indigo", "violet"]'


def ticket_cells(book: Book, lesson: str) -> None:
    book.md("ticket")
    book.code(f'ticket = exit_ticket("{lesson}")\nticket')
    comment = book.say("your_answer")
    for n in (1, 2, 3):
        book.code(f'ticket.answer({n}, "")  # {comment}')
    book.code("print(ticket.summary())")


def activity_src(part: str) -> str:
    return f'show_activity("tsvetik", "8plus", "{part}", teacher=TEACHER_VIEW)'


def eight_plus(book: Book) -> None:
    book.md("nb.title")
    book.setup(SETUP_8)
    book.code(f"TEACHER_VIEW = False  # {book.say('nb.teacher_switch')}")
    book.md("nb.warmup")
    book.code(activity_src("warmup"))
    book.md("nb.puzzles")
    book.code(activity_src("puzzles"))
    book.md("nb.play")
    book.code(
        'live = teachgames.new_game("tsvetik", players=2, seed=5, rules=NO_EXTRA)\n'
        f'teachgames.show(live, mode="play", players=[{book.say("pupil")!r}, FieldBot()])'
    )
    book.md("nb.ticket")
    book.code(activity_src("ticket"))


def eleven_plus(book: Book) -> None:
    book.md("title")
    book.setup(IMPORTS)
    book.md("table")
    book.code('game = teachgames.new_game("tsvetik", players=3, seed=7)\ngame.picture()')
    book.md("pattern")
    book.code('points, why = score_cards(["red"] * 7)\nwhy')
    book.code(f"points, why = score_cards({ALL_COLOURS})\nwhy")
    book.md("extra")
    book.code('points, why = score_cards(["red"] * 4 + ["blue"] * 2 + ["green"])\nwhy')
    book.md("compare")
    book.code('points, why = score_cards(["red"] * 3 + ["blue"] * 2 + ["green", "yellow"])\nwhy')
    book.md("your_cards")
    book.code('score_cards(["violet", "violet", "green", "blue", "blue", "blue"])[1]')
    book.md("puzzle")
    book.code("puzzle = field_puzzle()\npuzzle.picture()")
    book.md("which_field")
    book.code("puzzle.explain_field_choice()")
    book.md("chance")
    book.code('puzzle.explain({"kind": "draw"})')
    book.md("play")
    book.code(
        'live = teachgames.new_game("tsvetik", players=3, seed=11)\n'
        "table = teachgames.show(live, mode=\"play\",\n"
        f'                         players=[{book.say("pupil")!r}, FieldBot(), GreedyBot()])'
    )
    book.md("scores")
    book.code("live.explain_scores(names=table.names)")
    ticket_cells(book, "11plus")
    book.md("discuss")


LESSONS = (Lesson("tsvetik", "8plus", eight_plus, TEXT), Lesson("tsvetik", "11plus", eleven_plus, TEXT))
