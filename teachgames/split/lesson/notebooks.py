"""The Split 6+ lesson notebook ("classify", 45 minutes) for the generic builder
(:mod:`teachgames.lesson.notebooks`).

The same shape as every lesson notebook: a title, one set-up cell (``TEACHER_VIEW =
False``: the teacher's switch), then five parts, each one widget a pupil works in by
clicking (never code): the warm-up activity (sorting pairs), a replay of a short game, the
puzzles activity (matches, an upgrade, the score pad), a game against the planning bot, and
the exit ticket activity. Screens and words are :mod:`.activities` and
``text/<language>/classify.md``; the teacher's notes and answers are in the plan
(``lessons/split.md``, its answer tables computed from the activities).

Both games are one round of two players (seed 7), so a class of 6–7-year-olds sees a whole
game in the time the plan gives it.
"""

from __future__ import annotations

import json
from pathlib import Path

from ...lesson.notebooks import Book, Lesson

TEXT = Path(__file__).resolve().parent / "text"

#: The lesson's games: two players, one round, seed 7 (the replay and the game to play).
GAME = 'teachgames.new_game("split", players=2, seed=7, preset="one-round")'
#: The replay's bots, seat by seat.
REPLAY_BOTS = ("PlannerBot()", "GreedyBot()")

#: The lesson's parts in order, with their minutes (the plan's timing is computed from it).
PLAN_PARTS: dict[str, tuple[tuple[str, int], ...]] = {
    "classify": (("warmup", 8), ("replay", 5), ("puzzles", 11), ("play", 6), ("ticket", 7)),
}

SETUP = """\
import teachgames
from teachgames.bots import GreedyBot
from teachgames.lesson import show_activity
from teachgames.split.bots import PlannerBot"""


def activity_src(part: str) -> str:
    return f'show_activity("split", "classify", "{part}", teacher=TEACHER_VIEW)'


def classify(book: Book) -> None:
    """The cells of the lesson (see the module's docstring)."""
    book.md("nb.title")
    book.setup(SETUP)
    book.code(f"TEACHER_VIEW = False  # {book.say('nb.teacher_switch')}")
    book.md("nb.warmup")
    book.code(activity_src("warmup"))
    book.md("nb.replay")
    book.code(
        f"g = {GAME}\n"
        f"bots = [{', '.join(REPLAY_BOTS)}]\n"
        "while not g.is_over():\n"
        "    g.play(bots[g.current_player].choose(g))\n"
        'teachgames.show(g, mode="replay")'
    )
    book.md("nb.puzzles")
    book.code(activity_src("puzzles"))
    book.md("nb.play")
    pupil = json.dumps(str(book.say("pupil")).strip(), ensure_ascii=False)
    book.code(f'game = {GAME}\nteachgames.show(game, mode="play", players=[{pupil}, PlannerBot()])')
    book.md("nb.ticket")
    book.code(activity_src("ticket"))


LESSONS = (Lesson("split", "classify", classify, TEXT, practice=True),)
