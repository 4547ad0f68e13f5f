"""The experiments lesson (11+, 45 minutes) for the generic notebook builder.

Built like the other lessons on the activity layer: a title, one set-up cell (with the
teacher's switch ``TEACHER_VIEW``), then the parts, each one widget a pupil works in by
clicking (never code): two predictions; the repeat control (a small Delissimo experiment
run again and again with buttons, a dot per experiment); questions on what the dots showed;
the notebook's 40-game experiment (its table and chart) with the 95% interval named; two
more experiments (Ligretto speeds, Tsvetik's field bot) read by their intervals; the exit
ticket. The screens are :mod:`.activities`; the plan is ``lessons/experiments.md``.
"""

from __future__ import annotations

from pathlib import Path

from ...lesson.notebooks import Book, Lesson
from ..repeat import LESSON_SEED

TEXT = Path(__file__).resolve().parent / "text"

SETUP = """\
from teachgames.bots import GreedyBot, RandomBot
from teachgames.experiments import run
from teachgames.experiments.widget import repeat_widget
from teachgames.lesson import show_activity
from teachgames.ligretto.bots import LigrettoBot
from teachgames.tsvetik.bots import FieldBot"""

#: The lesson's parts with their minutes: 37 of its 45 (the plan adds logging in, introducing and closing).
PLAN_PARTS: dict[str, tuple[tuple[str, int], ...]] = {
    "simulation": (
        ("predict", 4), ("repeat", 8), ("spread", 6), ("interval", 8), ("more", 4), ("ticket", 7),
    ),
}


def activity_src(part: str) -> str:
    return f'show_activity("experiments", "simulation", "{part}", teacher=TEACHER_VIEW)'


def experiments(book: Book) -> None:
    book.md("title")
    book.setup(SETUP)
    book.code(f"TEACHER_VIEW = False  # {book.say('nb.teacher_switch')}")
    book.md("nb.predict")
    book.code(activity_src("predict"))
    book.md("nb.repeat")
    book.code("repeat_widget()")
    book.md("nb.spread")
    book.code(activity_src("spread"))
    book.md("nb.interval")
    book.code('first = run("delissimo", [GreedyBot(), GreedyBot(), GreedyBot()], games=40, '
              f'seed={LESSON_SEED},\n            level="basic")\nfirst')  # fmt: skip
    book.code(activity_src("interval"))
    book.md("nb.more")
    book.code('speed = run("ligretto", [LigrettoBot(speed=1.0), LigrettoBot(speed=1.5), '
              'LigrettoBot(speed=2.5)],\n'
              '            games=30, seed=1, rules={"rounds": 1})\nspeed')
    book.code("speed.win_chart()")
    book.code('greedy = run("tsvetik", [FieldBot(), RandomBot(1), RandomBot(2)], games=30, seed=1)\n'
              "greedy")
    book.code("greedy.win_chart()")
    book.md("nb.ticket")
    book.code(activity_src("ticket"))


LESSONS = (Lesson("experiments", "simulation", experiments, TEXT),)
