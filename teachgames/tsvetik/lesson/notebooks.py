"""The Tsvetik lessons for the generic notebook builder (:mod:`teachgames.lesson.notebooks`).

``tsvetik-8plus`` (grades 2–4, 45 minutes, no points off for extra cards): reading the table,
choosing the better group and by how much (35 − 10 = 25), what a field adds, which colour is
most likely next (counting the cards not seen yet), a game against a bot, an exit ticket.

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

IMPORTS_8 = """\
import teachgames
from teachgames.tsvetik import score_cards
from teachgames.tsvetik.bots import FieldBot
from teachgames.tsvetik.lesson import NO_EXTRA, exit_ticket, field_puzzle"""

ALL_COLOURS = '["red", "orange", "yellow", "green", "blue", "indigo", "violet"]'


def ticket_cells(book: Book, lesson: str) -> None:
    book.md("ticket")
    book.code(f'ticket = exit_ticket("{lesson}")\nticket')
    comment = book.say("your_answer")
    for n in (1, 2, 3):
        book.code(f'ticket.answer({n}, "")  # {comment}')
    book.code("print(ticket.summary())")


def eight_plus(book: Book) -> None:
    book.md("title")
    book.setup(IMPORTS_8)
    book.md("table")
    book.code('game = teachgames.new_game("tsvetik", players=2, seed=3, rules=NO_EXTRA)\ngame.picture()')
    book.md("groups")
    book.code('points, why = score_cards(["red"] * 4 + ["blue"] * 2 + ["green"], NO_EXTRA)\nwhy')
    book.md("your_cards")
    book.code('score_cards(["yellow", "yellow", "green", "blue", "violet", "red"], NO_EXTRA)[1]')
    book.md("puzzle")
    book.code("puzzle = field_puzzle(NO_EXTRA)\npuzzle.picture()")
    book.md("which_field")
    book.code("puzzle.explain_field_choice()")
    book.md("likely")
    book.code('puzzle.explain({"kind": "draw"})')
    book.md("play")
    book.code(
        'live = teachgames.new_game("tsvetik", players=2, seed=5, rules=NO_EXTRA)\n'
        f'table = teachgames.show(live, mode="play", players=[{book.say("pupil")!r}, FieldBot()])'
    )
    book.md("scores")
    book.code("live.explain_scores(names=table.names)")
    ticket_cells(book, "8plus")
    book.md("discuss")


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
