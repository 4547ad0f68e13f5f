"""Simulation experiments for statistics lessons: "does going first matter?", "is the
greedy strategy better?", answered by running many seeded games between bots.

    from teachgames.experiments import run
    from teachgames.bots import GreedyBot, RandomBot

    exp = run("delissimo", [RandomBot(1), RandomBot(2), RandomBot(3)], games=200, level="basic")
    exp                      # a table: wins per seat with a 95% interval, mean scores
    exp.win_chart()          # SVG bars with the intervals as whiskers
    exp.score_histogram(0)   # how seat 1's scores spread
    exp.lengths()            # how long games last

Every picture is SVG drawn by teachgames itself (no matplotlib), so the lessons run in
the browser-only classroom site too. Words come from the ``experiments`` catalogue in
the lesson's language.
"""

from __future__ import annotations

from .experiment import Experiment, run

#: The lesson's activities, found by :func:`teachgames.lesson.show.activity_spec` the way
#: a game class's ``activities`` is (the experiments are no game).
activities = "teachgames.experiments.lesson.activities:activity"

__all__ = ["Experiment", "activities", "run"]
