"""Where a game's practice comes from: its skills, found through the game registry.

A game declares its skills as a spec, the way it declares its widget or its lessons:
the class attribute ``practice = "mypackage.practice:SKILLS"`` (a tuple of
:class:`~teachgames.practice.model.Skill`), imported on first use. The four built-in
games keep theirs in their own folders (``teachgames/<game>/practice.py``) like any
plug-in, so this package imports no game: it finds them all through the registry.
"""

from __future__ import annotations

from functools import cache

from ..core.i18n import check_language, tr
from ..core.registry import game_class, game_names
from ..core.rng import Chance
from ..core.specs import resolve
from .item import Item
from .model import Skill, applies, distinct

#: How many deals a generator may try to find one that tells the misconceptions apart.
DEALS = 24


@cache
def skills(game: str) -> tuple[Skill, ...]:
    """Every skill of ``game`` that practice offers, in the order the lessons teach them."""
    cls = game_class(game)
    spec = cls.practice
    if spec is None:
        raise ValueError(tr("practice.error.no_skills", None, game=game))
    found = resolve(spec)
    return tuple(found)


def skill(game: str, skill_id: object) -> Skill:
    """The skill ``skill_id`` of ``game``; a name it does not have is a ValueError that lists
    the skills it has."""
    for s in skills(game):
        if s.id == skill_id:
            return s
    known = ", ".join(s.id for s in skills(game))
    raise ValueError(tr("practice.error.no_skill", None, skill=skill_id, game=game, known=known))


def games() -> tuple[str, ...]:
    """The games that offer practice."""
    out = []
    for name in game_names():
        try:
            skills(name)
        except (ValueError, ImportError, AttributeError):
            continue
        out.append(name)
    return tuple(out)


def item(
    game: str, skill_id: str, *, seed: int = 0, level: int = 1, language: str = "en", probe: str | None = None
) -> Item:
    """A fresh item of the skill, dealt from the game's engine: the same seed, level and
    language always give the same item. ``probe`` names a misconception to test: the deal
    is then one on which its rule gives a wrong answer of its own (when one is found), so
    the pupil's answer confirms the idea or rules it out."""
    s = skill(game, skill_id)
    language = check_language(language)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(tr("practice.error.seed", None, seed=seed))
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= s.levels:
        raise ValueError(tr("practice.error.level", None, level=level, levels=s.levels))
    stream = Chance.from_text(f"practice/{game}/{s.id}/{level}/{seed}" + (f"/{probe}" if probe else ""))
    # Prefer a deal on which the rules tell the misconceptions apart (no two give the same
    # wrong answer) and at least one of them gives a wrong answer: a pupil's answer then
    # names one idea. When DEALS tries find none, the first deal that tells them apart is
    # kept (else the first of all): its wrong answers say honestly which ideas they fit.
    wanted = [s.rule(probe)] if probe is not None and probe in {r.key for r in s.rules} else s.rules
    first = fallback = None
    for _ in range(DEALS):
        problem = s.generate(stream, level)
        first = first or problem
        if distinct(problem, s.rules):
            if not s.rules or applies(problem, wanted):
                break
            fallback = fallback or problem
    else:
        problem = fallback or first or problem
    return Item(s, problem, language, seed, level)
