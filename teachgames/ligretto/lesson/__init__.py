"""Ligretto lessons: the race lesson's activities (a round's points, 18 − 4 × 2, scores
below zero, a running total, speeds in cards per second) and a simulation experiment
("does a faster player always win?").

``activities`` holds the race lesson's screens; ``experiment`` runs and plots the
experiment (matplotlib loads only when plotting);
``notebooks`` gives the lesson's cells to the generic notebook builder
(:mod:`teachgames.lesson.notebooks`); the words are in ``text/<language>/``.
"""

from __future__ import annotations

from .experiment import fastest_won, plot_speed_points, speed_points

__all__ = ["fastest_won", "plot_speed_points", "speed_points"]
