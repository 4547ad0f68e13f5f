"""Lesson machinery every game shares: the activity layer (screens, tasks, answer reading,
misconceptions, feedback), the exit tickets built on it, and the generic notebook builder.

**Activities** (what the lesson notebooks show): a lesson is data, screens each with one
task; the pupil predicts and commits before anything is revealed; a wrong answer is named
and retried; pupils never edit code::

    from teachgames.lesson import show_activity
    show_activity("delissimo", "8plus", "warmup")                 # the pupil's view
    show_activity("delissimo", "8plus", "warmup", teacher=True)   # answers + likely wrong ones

- ``reading``: :func:`read_amount` reads 3/4, 6/8, "1 3/8", «1 целая 3/8», 0,75, 75 %,
  "three quarters" exactly (never eval);
- ``tasks``: :class:`Choose`, :class:`TypeAmount`, :class:`PickCards`, :class:`Order`, each
  marking an answer as a :class:`Mark` that names its :class:`Misconception`;
- ``slips``: the slips a teacher expects (a point for the fraction bar, tops added with the
  bigger bottom kept, regrouping stopped halfway, sign slips, ...) as rules over a typed
  task's own numbers, so every lesson names them without listing them;
- ``screens``: :class:`Screen` and :class:`ActivitySpec`, the words from the lesson's text
  sections; ``activity``: one pupil's run (:class:`Activity`), its view-model and its
  recorded :class:`AnswerEvent` s; ``show``: a game's activities through the registry.

The lesson's **exit ticket** is its ``"ticket"`` activity, the same screens::

    from teachgames.lesson import exit_ticket
    ticket = exit_ticket("delissimo", "10plus", language="ru")   # an Activity, empty
    ticket.go(2)                  # question 3: 3/4 + 5/8
    ticket.answer("1 3/8")        # a Mark: right, wrong (a try, the slip named), unread
    ticket.summary_text()         # what the pupil has right so far

A game's lesson package (``teachgames/<game>/lesson/``) supplies what is its own — its
positions, the tasks that need its engine, its screens' words — as data for these.

- ``notebooks``: the builder. A game lists ``LESSONS`` (:class:`~teachgames.lesson.notebooks.Lesson`)
  in ``teachgames/<game>/lesson/notebooks.py``; the words of each lesson are text files
  ``text/<language>/<lesson>.md``; ``python -m teachgames.lesson.notebooks`` writes
  ``notebooks/<language>/<game>-<lesson>.ipynb``; :func:`~teachgames.lesson.notebooks.bundled`
  lists a language's notebooks (for ``teachgames lessons --language``). See ``docs/lessons.md``.

**Lessons as files** (``files``): a teacher's own screens in a JSON file with a published
schema (``lesson-file.schema.json``; ``docs/lesson-files.md``), run like ours:
:func:`load_lesson` gives an ActivitySpec, :func:`save_lesson` writes one safely,
:func:`show_lesson` shows one as :func:`show_activity` shows ours (in classroom mode too),
and :func:`make_puzzle` (``puzzles``) makes a screen from any game's position.

Words: ``lesson.*`` messages in ``teachgames/lesson/locales`` (en, ru, bg). Importing this
package is light (no sympy, no nbformat, no ipywidgets until used).
"""

from __future__ import annotations

from ..core.answers import AnswerEvent
from .activity import Activity
from .files import LessonFileError, lesson_files, load_lesson, read_lesson, save_lesson
from .own import show_lesson
from .puzzles import make_puzzle
from .reading import Amount, Unread, read_amount
from .screens import ActivitySpec, Reveal, Screen
from .show import activity, activity_spec, exit_ticket, lesson_tasks, show_activity
from .tasks import Choose, Mark, Misconception, Option, Order, PickCards, TypeAmount, Wrong

__all__ = [
    "Activity",
    "ActivitySpec",
    "Amount",
    "AnswerEvent",
    "Choose",
    "LessonFileError",
    "Mark",
    "Misconception",
    "Option",
    "Order",
    "PickCards",
    "Reveal",
    "Screen",
    "TypeAmount",
    "Unread",
    "Wrong",
    "activity",
    "activity_spec",
    "exit_ticket",
    "lesson_files",
    "lesson_tasks",
    "load_lesson",
    "make_puzzle",
    "read_amount",
    "read_lesson",
    "save_lesson",
    "show_activity",
    "show_lesson",
]
