"""Lesson machinery every game shares: the activity layer (screens, tasks, answer reading,
misconceptions, feedback), the older exit tickets, and the generic notebook builder.

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

A game's lesson package (``teachgames/<game>/lesson/``) supplies what is its own — its
positions, the questions that need its engine, its cells — and uses these::

    from teachgames.lesson import ExitTicket, NumberQuestion, ChoiceQuestion, YesNoQuestion

    ticket = ExitTicket("8+", [
        NumberQuestion(key="mygame.lesson.ticket.q1", value=(11, 8), form="mixed",
                       terms=((3, 4), (5, 8))),               # recognises "8/12"
        ChoiceQuestion(key="mygame.lesson.ticket.q2", options=("1/8", "1/4"),
                       right=frozenset({2}), compare=((1, 8), (1, 4))),
        YesNoQuestion(key="mygame.lesson.ticket.q3", answer_is=True),
    ], language="ru")
    ticket.answer(1, "1 3/8")     # Feedback: ✓/✗, why, the worked explanation
    ticket.summary()              # "Exit ticket 8+: 1 of 3 right, 2 not answered yet — Q1 ✓ Q2 ? Q3 ?"
    ticket.ask()                  # a form: text boxes, and buttons for choice questions

- :class:`Question` and its kinds (``questions``): the words are catalogue messages
  (``key``, with optional ``<key>_why`` for the working and ``<key>_note`` for a note);
  a game subclasses :class:`YesNoQuestion` (override ``truth``) or :class:`Question`
  (override ``check``) for questions its engine answers.
- :class:`Feedback` (``feedback``): what every check returns; shows itself in a notebook.
  ``answered`` is False for an empty answer, which a ticket does not count: a ticket starts
  empty and Run All never claims "2 of 3 right".
- :func:`number_form` (``numbers``): one number form per lesson ("over" eighths, "mixed",
  "both"); a ticket's number answers are read by the same :func:`read_amount`.
- ``misconceptions``: tops-and-bottoms addition and "bigger denominator, bigger fraction",
  recognised in answers so the feedback says what went wrong.
- ``notebooks``: the builder. A game lists ``LESSONS`` (:class:`~teachgames.lesson.notebooks.Lesson`)
  in ``teachgames/<game>/lesson/notebooks.py``; the words of each lesson are text files
  ``text/<language>/<lesson>.md``; ``python -m teachgames.lesson.notebooks`` writes
  ``notebooks/<language>/<game>-<lesson>.ipynb``; :func:`~teachgames.lesson.notebooks.bundled`
  lists a language's notebooks (for ``teachgames lessons --language``). See ``docs/lessons.md``.

**Lessons as files** (``files``): a teacher's own screens in a JSON file with a published
schema (``lesson-file.schema.json``; ``docs/lesson-files.md``), run like ours:
:func:`load_lesson` gives an ActivitySpec, :func:`save_lesson` writes one safely, and
:func:`make_puzzle` (``puzzles``) makes a screen from any game's position.

Words: ``lesson.*`` messages in ``teachgames/lesson/locales`` (en, ru, bg). Importing this
package is light (no sympy, no nbformat, no ipywidgets until used).
"""

from __future__ import annotations

from ..core.answers import AnswerEvent
from .activity import Activity
from .feedback import Feedback
from .files import LessonFileError, lesson_files, load_lesson, read_lesson, save_lesson
from .numbers import MAX_ANSWER, fraction_text, mixed_words, number_form
from .puzzles import make_puzzle
from .questions import ChoiceQuestion, NumberQuestion, Question, YesNoQuestion
from .reading import Amount, Unread, read_amount
from .screens import ActivitySpec, Reveal, Screen
from .show import activity, activity_spec, lesson_tasks, show_activity
from .tasks import Choose, Mark, Misconception, Option, Order, PickCards, TypeAmount, Wrong
from .tickets import ExitTicket, ask

__all__ = [
    "MAX_ANSWER",
    "Activity",
    "ActivitySpec",
    "Amount",
    "AnswerEvent",
    "ChoiceQuestion",
    "Choose",
    "ExitTicket",
    "Feedback",
    "LessonFileError",
    "Mark",
    "Misconception",
    "NumberQuestion",
    "Option",
    "Order",
    "PickCards",
    "Question",
    "Reveal",
    "Screen",
    "TypeAmount",
    "Unread",
    "Wrong",
    "YesNoQuestion",
    "activity",
    "activity_spec",
    "ask",
    "fraction_text",
    "lesson_files",
    "lesson_tasks",
    "load_lesson",
    "make_puzzle",
    "mixed_words",
    "number_form",
    "read_amount",
    "read_lesson",
    "save_lesson",
    "show_activity",
]
