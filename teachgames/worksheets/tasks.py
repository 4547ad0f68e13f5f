"""What a worksheet prints: :class:`PrintTask`, one question with its picture, answer and
working; and :class:`TaskKind`, how a game finds positions worth asking about.

A print task is plain data, made for one language, so that any source of questions can
print: a game's own task kinds (``teachgames/<game>/worksheet.py``), or, through a small
adapter, the questions of a lesson's activity layer (see ``docs/worksheets.md``). The
writers (:mod:`.html`, :mod:`.latex`) know nothing of any game.

A :class:`TaskKind` is data a teacher can change: which levels it serves, the difficulty
each level asks for, and three functions: ``draw`` a candidate position at random,
``measure`` its difficulty, and ``task`` (the engine answers, explains and draws it).
The builder keeps drawing until a position has exactly the wanted difficulty and no
other pupil has it, so every pupil gets a different position of the same difficulty.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import random

    from ..explain import Explanation


@dataclass(frozen=True)
class PrintTask:
    """One printed question, in one language, with everything its answer key needs.

    ``prompt`` is what the pupil reads; ``picture_svg`` (HTML) and ``picture_tex`` (TikZ,
    LaTeX) show the position, either may be empty. ``answer`` is the key's answer in the
    lesson's number form, ``short`` the same in a few characters for the class table.
    ``worked`` is the engine's own explanation; ``misconceptions`` say, one line each, what
    the likely wrong answers show. ``difficulty`` is the kind's measure of this position,
    ``lines`` the room to write (ruled lines), ``position`` the JSON-able data that rebuilds
    the position with the engine's public API (so a test can ask the engine again)."""

    kind: str
    language: str
    title: str
    prompt: str
    answer: str
    worked: Explanation | None = field(default=None, compare=False)
    misconceptions: tuple[str, ...] = ()
    difficulty: int = 1
    picture_svg: str = field(default="", compare=False)
    picture_tex: str = field(default="", compare=False)
    short: str = ""
    lines: int = 3
    position: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.prompt.strip():
            raise ValueError(f"a print task ({self.kind}) needs a prompt")
        if self.lines < 0:
            raise ValueError("lines (the room to write) cannot be negative")

    def prompt_paragraphs(self) -> list[str]:
        """The prompt's paragraphs (split at blank lines, each on one line), which the
        writers set as paragraphs: a lesson's prompt and its options are several, and a
        newline kept in the words would print in LaTeX as its sign (␊), not as a break."""
        return [" ".join(p.split()) for p in self.prompt.split("\n\n") if p.strip()]


@dataclass(frozen=True)
class SheetContext:
    """What a task kind is told when it makes a task: the language, the game's options
    (``level``, ``preset`` ...), and the game's words (``say``)."""

    language: str
    options: Mapping[str, Any]
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict, repr=False)

    def say(self, key: str, /, **values: Any) -> str:
        """The game's worksheet words ``key`` in the sheet's language (English when the
        language lacks it), with plural fields ``{n|one|other}`` as the catalogues have."""
        from ..core.i18n import FALLBACK, fill

        template = self.words.get(self.language, {}).get(key)
        language = self.language
        if template is None:
            template, language = self.words.get(FALLBACK, {}).get(key), FALLBACK
        if template is None:
            raise KeyError(f"no worksheet words {key!r}")
        return fill(template, language, values)

    @property
    def level(self) -> str:
        return str(self.options.get("level") or self.options.get("preset") or "")


Position = dict[str, Any]


@dataclass(frozen=True)
class TaskKind:
    """A kind of task, as data: its name, the levels it serves (None: every level), the
    difficulty wanted per level (``"*"``: any other level), and how to find, measure and
    ask a position. ``draw`` returns None when a random try gives nothing usable."""

    name: str
    draw: Callable[[random.Random, SheetContext], Position | None]
    measure: Callable[[Position, SheetContext], int]
    task: Callable[[Position, SheetContext], PrintTask]
    difficulty: Mapping[str, int] = field(default_factory=lambda: {"*": 1})
    levels: frozenset[str] | None = None

    def serves(self, level: str) -> bool:
        return self.levels is None or level in self.levels

    def wanted(self, level: str) -> int:
        """The difficulty this kind asks for at ``level``."""
        return self.difficulty.get(level, self.difficulty.get("*", 1))
