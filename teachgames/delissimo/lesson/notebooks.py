"""The three Delissimo lessons (6+, 8+, 10+) as notebooks, for the generic builder
(:mod:`teachgames.lesson.notebooks`).

A lesson notebook is short and the same shape at every level: a title, one set-up cell,
then five parts, each one widget a pupil works in by clicking and typing (never code):
the warm-up activity, a replay of a whole game, the puzzles activity, a game against two
bots, and the exit ticket activity. The activities' screens and words are
:mod:`.activities` (predict, commit, then see why); the teacher's notes, timings and
answers are in the plan (``lessons/delissimo-*.md``) and in the activities' teacher view,
switched on by one line in the set-up cell (``TEACHER_VIEW = True``). In Voilà
(``teachgames lessons --pupil``) pupils see only the widgets.

Number forms follow the level (:data:`teachgames.delissimo.draw.numbers.LEVEL_FORMS`:
6+ slices and whole pizzas, 8+ eighths, 10+ eighths and mixed numbers); the replay and the
game name it (``number_form=``) so a teacher sees where to change it.

The first widget of the 8+ notebook is its warm-up activity (the browser tests rely on it).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from ...lesson.notebooks import Book, Lesson
from ..draw.numbers import level_form

TEXT = Path(__file__).resolve().parent / "text"
ROOT = Path(__file__).resolve().parents[3]

#: 8+ plays without action cards (no special orders, no cancels) in its first lesson.
NO_ACTION_CARDS = {"specials_per_pair": 0, "cancels": 0}

#: Each lesson's game: level, players, rule changes.
GAMES: dict[str, tuple[str, int, dict[str, Any] | None]] = {
    "6plus": ("beginner", 2, None),
    "8plus": ("basic", 3, NO_ACTION_CARDS),
    "10plus": ("advanced", 3, None),
}

#: Each lesson's parts in order, with their minutes (the plan's timing is computed from it).
PLAN_PARTS: dict[str, tuple[tuple[str, int], ...]] = {
    "6plus": (("warmup", 7), ("replay", 5), ("puzzles", 11), ("play", 7), ("ticket", 7)),
    "8plus": (("warmup", 8), ("replay", 5), ("puzzles", 12), ("play", 6), ("ticket", 6)),
    "10plus": (("warmup", 8), ("replay", 4), ("puzzles", 13), ("play", 6), ("ticket", 6)),
}

SETUP = """\
import teachgames
from teachgames.bots import GreedyBot
from teachgames.lesson import show_activity"""


@cache
def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "lessons" / "puzzles.json").read_text(encoding="utf-8"))
    return data


def puzzles() -> dict[str, dict[str, Any]]:
    return {p["name"]: p for p in _data()["puzzles"]}


def game_src(lesson: str, var: str = "g") -> str:
    level, players, rules = GAMES[lesson]
    extra = f", rules={json.dumps(rules)}" if rules else ""
    return f'{var} = teachgames.new_game("delissimo", level="{level}", players={players}, seed=7{extra})'


def activity_src(lesson: str, part: str) -> str:
    return f'show_activity("delissimo", "{lesson}", "{part}", teacher=TEACHER_VIEW)'


def lesson_cells(book: Book) -> None:
    """The cells of one lesson (see the module's docstring)."""
    lesson = book.lesson.name
    level, players, _rules = GAMES[lesson]
    form = level_form(level)
    book.md("nb.title")
    book.setup(SETUP)
    book.code(f"TEACHER_VIEW = False  # {book.say('nb.teacher_switch')}")
    book.md("nb.warmup")
    book.code(activity_src(lesson, "warmup"))
    book.md("nb.replay")
    bots = ", ".join(["GreedyBot()"] * players)
    book.code(
        f"{game_src(lesson)}\n"
        f"bots = [{bots}]\n"
        "while not g.is_over():\n"
        "    g.play(bots[g.current_player].choose(g))\n"
        f'teachgames.show(g, mode="replay", number_form="{form}")'
    )
    book.md("nb.puzzles")
    book.code(activity_src(lesson, "puzzles"))
    book.md("nb.play")
    pupil = json.dumps(str(book.say("pupil")), ensure_ascii=False)
    seats = ", ".join([pupil] + ["GreedyBot()"] * (players - 1))
    book.code(
        f"{game_src(lesson, 'game')}\n"
        f'teachgames.show(game, mode="play", players=[{seats}], number_form="{form}")'
    )
    book.md("nb.ticket")
    book.code(activity_src(lesson, "ticket"))


LESSONS = tuple(Lesson("delissimo", name, lesson_cells, TEXT, practice=True) for name in GAMES)
