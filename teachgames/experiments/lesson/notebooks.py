"""The experiments lesson for the generic notebook builder: one question per game that
pupils can answer only by simulating, each with its table, its chart and a prompt to
reason about the interval. Counts are small enough to run in a lesson on a slow laptop
(and in the browser-only site); the plan suggests larger runs for the teacher's screen.
"""

from __future__ import annotations

from pathlib import Path

from ...lesson.notebooks import Book, Lesson

TEXT = Path(__file__).resolve().parent / "text"

IMPORTS = """\
import teachgames
from teachgames.bots import GreedyBot, RandomBot
from teachgames.experiments import run
from teachgames.ligretto.bots import LigrettoBot
from teachgames.split.bots import PlannerBot
from teachgames.tsvetik.bots import FieldBot"""


def experiments(book: Book) -> None:
    book.md("title")
    book.setup(IMPORTS)
    book.md("intervals")
    book.md("first")
    book.code('first = run("delissimo", [GreedyBot(), GreedyBot(), GreedyBot()], games=40, seed=1,\n'
              '          level="basic")\nfirst')
    book.code("first.win_chart()")
    book.md("first_think")
    book.md("greedy")
    book.code('greedy = run("tsvetik", [FieldBot(), RandomBot(1), RandomBot(2)], games=30, seed=1)\n'
              "greedy")
    book.code("greedy.win_chart()")
    book.code("greedy.score_histogram(0)")
    book.md("greedy_think")
    book.md("speed")
    book.code('speed = run("ligretto", [LigrettoBot(speed=1.0), LigrettoBot(speed=1.5), '
              'LigrettoBot(speed=2.5)],\n'
              '            games=30, seed=1, rules={"rounds": 1})\nspeed')
    book.code("speed.win_chart()")
    book.md("speed_think")
    book.md("planning")
    book.code('planning = run("split", [PlannerBot(), GreedyBot()], games=20, seed=1)\nplanning')
    book.code("planning.win_chart()")
    book.code("planning.lengths()")
    book.md("planning_think")
    book.md("own")


LESSONS = (Lesson("experiments", "simulation", experiments, TEXT),)
