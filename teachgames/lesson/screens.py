"""A lesson as data: screens, each one idea.

A :class:`Screen` holds a short prompt (two or three sentences), an optional picture,
one task (or none: a screen that only shows), the reveal that comes after the pupil
commits, and the worked solution that comes after the second miss or on request. An
:class:`ActivitySpec` is a run of screens a notebook cell shows as one activity (the
warm-up, the puzzles, the exit ticket).

The words are the lesson's text sections (``text/<language>/<lesson>.md``, one section per
screen part: ``<screen>.title``, ``<screen>.prompt``, ``<screen>.reveal``, ...), read with
:meth:`Words.section`, and catalogue messages; both exist in every language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ..core.i18n import check_language
from .prose import Prose
from .tasks import Task, Text


@dataclass(frozen=True)
class Reveal:
    """What a screen shows once the pupil has committed: words (paragraphs of plain text)
    and, optionally, a picture or typeset working (SVG made by teachgames' own code)."""

    text: str
    svg: str | None = None

    def view(self) -> dict[str, Any]:
        return {"paragraphs": paragraphs(self.text), "svg": self.svg}


def paragraphs(text: str) -> list[str]:
    """Plain text split at blank lines, each paragraph on one line."""
    return [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]


@dataclass(frozen=True)
class Screen:
    """One screen of a lesson. ``reveal`` and ``worked`` are made only when they are shown
    (they may need the engine and sympy); ``picture`` is shown with the prompt."""

    id: str
    title: Text
    prompt: Text
    task: Task | None = None
    picture: Callable[[str], str] | None = None
    reveal: Callable[[str], Reveal] | None = None
    worked: Callable[[str], Reveal] | None = None
    #: The hint ladder: one paragraph a step (one to three), the last closest to the answer.
    hint: Text | None = None

    @property
    def asks(self) -> bool:
        return self.task is not None


@dataclass(frozen=True)
class ActivitySpec:
    """A run of screens shown together: ``lesson`` names it for the record
    ("delissimo-8plus"), ``part`` the run within it ("puzzles")."""

    lesson: str
    part: str
    title: Text
    screens: tuple[Screen, ...]
    #: The tries a pupil has before the worked solution is shown.
    tries: int = 2
    #: A summary screen at the end ("2 of 3 right"): an exit ticket's last line.
    summary: bool = False
    meta: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        ids = [s.id for s in self.screens]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{self.lesson}/{self.part}: screen ids repeat: {ids}")


@dataclass(frozen=True)
class Words:
    """A lesson's words: the sections of its text files in each language."""

    folder: Path
    lesson: str

    @cache  # noqa: B019 - a Words is a small immutable key; its prose is read once
    def prose(self, language: str) -> Prose:
        base = self.folder / check_language(language)
        return Prose.load(language, [base / f"{self.lesson}.md", base / "common.md"])

    def section(self, name: str, **values: Any) -> Text:
        """The section ``name`` as :data:`~teachgames.lesson.tasks.Text` (its ``{fields}``
        filled with ``values``, each a value or a Text)."""

        def text(language: str) -> str:
            shown = {k: v(language) if callable(v) else v for k, v in values.items()}
            return self.prose(language)(name, **shown)

        return text

    def has(self, name: str, language: str = "en") -> bool:
        return name in self.prose(language).sections

    def screen(
        self,
        sid: str,
        task: Task | None = None,
        picture: Callable[[str], str] | None = None,
        *,
        worked: bool = False,
        values: Mapping[str, Any] | None = None,
        working: Callable[[str], str] | None = None,
    ) -> Screen:
        """The screen ``sid`` whose words are this lesson's sections ``<sid>.title``,
        ``.prompt``, ``.reveal`` (when there is one), ``.hint`` (the hint ladder, a step a
        paragraph, when there is one) and, with ``worked``, ``.worked``; their
        ``{fields}`` filled from ``values`` (each a value or a Text). ``working`` (SVG or HTML
        made by teachgames' own code, in the language) is shown with the reveal and the
        worked solution, e.g. the engine's whole explanation behind a closed "more"."""
        shown = dict(values or {})

        def reveal(name: str) -> Callable[[str], Reveal]:
            text = self.section(name, **shown)
            return lambda language: Reveal(text(language), working(language) if working else None)

        return Screen(
            id=sid,
            title=self.section(f"{sid}.title", **shown),
            prompt=self.section(f"{sid}.prompt", **shown),
            task=task,
            picture=picture,
            reveal=reveal(f"{sid}.reveal") if self.has(f"{sid}.reveal") else None,
            worked=reveal(f"{sid}.worked") if worked else None,
            hint=self.section(f"{sid}.hint", **shown) if self.has(f"{sid}.hint") else None,
        )


#: A game's lessons as data: lesson -> part -> the function that makes the part's screens.
ScreenBuilders = Mapping[str, Mapping[str, Callable[[Words], tuple[Screen, ...]]]]


def activities(
    game: str, shown_name: str, text: Path, lessons: ScreenBuilders
) -> Callable[[str, str], ActivitySpec]:
    """A game's ``activity(lesson, part)`` (what its class's ``activities`` spec names),
    made once from its screens' builders and its text folder: the words of part
    ``p`` of lesson ``l`` are the sections of ``text/<language>/<l>.md``, the activity's
    title is section ``<p>.activity``, and the part named "ticket" ends on its summary."""

    @cache
    def activity(lesson: str, part: str) -> ActivitySpec:
        if part not in lessons.get(lesson, {}):
            known = ", ".join(f"{k}: {'/'.join(v)}" for k, v in lessons.items())
            raise KeyError(f"no {shown_name} activity {lesson!r} {part!r}; the activities are {known}")
        words = Words(text, lesson)
        screens = lessons[lesson][part](words)
        return ActivitySpec(f"{game}-{lesson}", part, words.section(f"{part}.activity"), screens,
                            summary=part == "ticket")  # fmt: skip

    return activity
