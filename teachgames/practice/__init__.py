"""Practice that adapts: endless fresh items from the games' engines, misconceptions as
rules that diagnose any item, and mastery per pupil and skill.

::

    from teachgames import practice
    practice.skills("delissimo")            # the skills: .id, .title(language), .lessons
    item = practice.item("delissimo", "add_unlike", seed=3, level=1, language="en")
    item.prompt, item.answer                # the question; the exact answer
    item.check("8/12")                      # a Mark naming "tops_and_bottoms"
    item.explanation                        # the worked solution (exact, sympy)
    item.wrong_answers()                    # {misconception: the answer it gives}
    p = practice.Practice("delissimo", seed=0, language="ru")
    p.item; p.answer("3/4"); p.hint(); p.solution(); p.next()
    p.mastery(); p.held(); p.to_dict()
    practice.show("delissimo", skills=["eighths", "compare"], language="bg")

- ``model``: skills, problems and misconception rules as data; ``item``: one item marked
  with the lesson layer's reader and marks; ``catalogue``: a game's skills through the
  registry (a plug-in declares ``practice = "pkg.module:SKILLS"`` on its game class);
- ``common``: what every game's practice module shares (hint ladders, deals kept);
  each game's skills, generators and rules live in its own folder
  (``teachgames/<game>/practice.py``);
- ``mastery``: knowledge tracing, its refit and spaced review; ``run``: one pupil's practice;
- ``classview``: the teacher's skill × pupil grid, the class's refit parameters, a printed
  sheet from the weakest skills;
- ``widget``: the practice activity as a widget, with a plain HTML fallback;
  :func:`ticket_skills`: a lesson's exit ticket as a practice set.

Words: ``practice.*`` in ``teachgames/practice/locales`` (en, ru, bg). Importing this
package is light: the engines load when an item is dealt, sympy when an answer or a
solution is made exact, the widget libraries when a widget is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .catalogue import games, item, skill, skills
from .classview import class_grid, grid_html, refit, sheet, weakest
from .item import Item, Picks
from .model import Problem, Rule, Skill
from .run import Practice

if TYPE_CHECKING:
    from .widget import PracticeWidget

__all__ = [
    "Item",
    "Picks",
    "Practice",
    "Problem",
    "Rule",
    "Skill",
    "class_grid",
    "games",
    "grid_html",
    "item",
    "lesson_skills",
    "refit",
    "sheet",
    "show",
    "skill",
    "skills",
    "ticket_skills",
    "weakest",
]


def show(
    game: str, skills: Any = None, seed: int = 0, language: str = "en", *, link: Any = None, **kwargs: Any
) -> PracticeWidget:
    """The practice of ``game`` as a widget (keyboard, read-aloud, three languages); an
    exported notebook shows its plain HTML instead. In a class (``link``, or the class
    link the pupil's page joined with, as the lesson's activities use) each try goes to
    the class server, which marks it again for the teacher's mastery grid."""
    from ..lesson.show import class_link
    from .widget import PracticeWidget

    link = link if link is not None else class_link()
    send = link.send if link is not None else None
    return PracticeWidget(Practice(game, skills, seed, language, record=send), **kwargs)


def ticket_skills(game: str, lesson: str) -> tuple[str, ...]:
    """The skills a lesson's exit ticket asks about (its screens ``<lesson>.ticket.*``),
    so a lesson can end with them as a practice set: ``practice.show(game,
    skills=practice.ticket_skills(game, lesson))``."""
    prefix = f"{lesson}.ticket."
    return tuple(s.id for s in skills(game) if any(t.startswith(prefix) for t in s.lessons))


def lesson_skills(game: str, lesson: str) -> tuple[str, ...]:
    """The skills a lesson ends with as practice: its exit ticket's (:func:`ticket_skills`),
    or, for a lesson whose ticket asks about none, every skill its screens teach."""
    asked = ticket_skills(game, lesson)
    if asked:
        return asked
    prefix = f"{lesson}."
    return tuple(s.id for s in skills(game) if any(t.startswith(prefix) for t in s.lessons))
