"""The Tsvetik lessons for the generic notebook builder (:mod:`teachgames.lesson.notebooks`).

``tsvetik-8plus`` (grades 2–4, 45 minutes, the young players' rules: no points off for extra
cards) is built like the Delissimo lessons: a title, one set-up cell, then four parts, each one
widget a pupil works in by clicking and typing (never code): the warm-up activity (reading the
table, the better group, by how much), the puzzles activity (what a field adds, which field to
take, which colour is least likely next), a game against a bot, and the exit ticket activity.
Its screens and words are :mod:`.activities`; the teacher's notes are the plan
(``lessons/tsvetik.md``) and the activities' teacher view (``TEACHER_VIEW = True``).

``tsvetik-11plus`` (grades 6–7, 45 minutes, the box's rules: −20 for each extra card) is
built the same way: the warm-up activity (the row of different colours as the pattern
n × n + 1, a score below zero), the puzzles activity (two groups below zero compared, which
field to take, then which colour is least likely next and the chance as a fraction), a replay
of a whole game by three bots, a game against two bots, and the exit ticket activity (a score
with its sign, the best group, a chance typed in any equal form, why its denominator is not
49). The replay comes after the puzzles because its explanations give chances.
"""

from __future__ import annotations

from pathlib import Path

from ...lesson.notebooks import Book, Lesson

TEXT = Path(__file__).resolve().parent / "text"

SETUP_11 = """\
import teachgames
from teachgames.bots import GreedyBot
from teachgames.lesson import show_activity
from teachgames.tsvetik.bots import FieldBot"""

#: The 11+ replay's game (three bots) and the pupil's game against two bots.
REPLAY_SEED, PLAY_SEED = 7, 11

SETUP_8 = """\
import teachgames
from teachgames.lesson import show_activity
from teachgames.tsvetik.bots import FieldBot
from teachgames.tsvetik.lesson import NO_EXTRA"""

#: Each lesson's parts on the activity layer, with their minutes (the plan's timing).
PLAN_PARTS: dict[str, tuple[tuple[str, int], ...]] = {
    "8plus": (("warmup", 8), ("puzzles", 13), ("play", 9), ("ticket", 7)),
    "11plus": (("warmup", 7), ("puzzles", 14), ("replay", 4), ("play", 6), ("ticket", 6)),
}


def activity_src(lesson: str, part: str) -> str:
    return f'show_activity("tsvetik", "{lesson}", "{part}", teacher=TEACHER_VIEW)'


def eight_plus(book: Book) -> None:
    book.md("nb.title")
    book.setup(SETUP_8)
    book.code(f"TEACHER_VIEW = False  # {book.say('nb.teacher_switch')}")
    book.md("nb.warmup")
    book.code(activity_src("8plus", "warmup"))
    book.md("nb.puzzles")
    book.code(activity_src("8plus", "puzzles"))
    book.md("nb.play")
    book.code(
        'live = teachgames.new_game("tsvetik", players=2, seed=5, rules=NO_EXTRA)\n'
        f'teachgames.show(live, mode="play", players=[{book.say("pupil")!r}, FieldBot()])'
    )
    book.md("nb.ticket")
    book.code(activity_src("8plus", "ticket"))


def eleven_plus(book: Book) -> None:
    """11+: the puzzles (whose last screens ask for chances) come before the replay, whose
    move explanations give the chances of the next card: nothing shows a chance first."""
    book.md("nb.title")
    book.setup(SETUP_11)
    book.code(f"TEACHER_VIEW = False  # {book.say('nb.teacher_switch')}")
    book.md("nb.warmup")
    book.code(activity_src("11plus", "warmup"))
    book.md("nb.puzzles")
    book.code(activity_src("11plus", "puzzles"))
    book.md("nb.replay")
    book.code(
        f'g = teachgames.new_game("tsvetik", players=3, seed={REPLAY_SEED})\n'
        "bots = [FieldBot(), GreedyBot(), FieldBot()]\n"
        "while not g.is_over():\n"
        "    g.play(bots[g.current_player].choose(g))\n"
        'teachgames.show(g, mode="replay")'
    )
    book.md("nb.play")
    book.code(
        f'live = teachgames.new_game("tsvetik", players=3, seed={PLAY_SEED})\n'
        f'teachgames.show(live, mode="play", players=[{book.say("pupil")!r}, FieldBot(), GreedyBot()])'
    )
    book.md("nb.ticket")
    book.code(activity_src("11plus", "ticket"))


LESSONS = (
    Lesson("tsvetik", "8plus", eight_plus, TEXT, practice=True),
    Lesson("tsvetik", "11plus", eleven_plus, TEXT, practice=True),
)
