"""A class's worksheets: one seeded variant per pupil, the same kinds of task at the same
difficulty, different positions.

A game's task kinds are found by the plug-in convention ``<game package>.worksheet``
(its ``KINDS``), or a game class's ``worksheet`` spec (``"module:attribute"``) for a
plug-in laid out otherwise; the shared layer never names a game.

Randomness is local and seeded per (seed, kind, pupil): pupil 7's sheet does not change
when the class grows from 25 to 30. Positions already given to a pupil are not given
again while the kind has others of the same difficulty to offer.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.rng import Chance
from .tasks import PrintTask, SheetContext, TaskKind

if TYPE_CHECKING:
    import os
    from pathlib import Path

#: Random positions tried per task before a position another pupil has is allowed.
FRESH_TRIES = 300
#: Random positions tried per task in all before the kind gives up.
MAX_TRIES = 1500
#: More pupils than this is a mistake, not a class.
MAX_PUPILS = 200


@dataclass(frozen=True)
class PupilSheet:
    """One pupil's variant: their number, their name ("" when none was given), the tasks."""

    number: int
    name: str
    tasks: tuple[PrintTask, ...]

    def label(self, language: str) -> str:
        """The name on the sheet, else "Pupil 3"."""
        from ..core.i18n import tr

        return self.name or tr("worksheets.pupil", language, number=self.number)


@dataclass(frozen=True)
class Worksheet:
    """The worksheets of a class and what their answer key needs."""

    game: str
    title: str
    subtitle: str
    language: str
    seed: int
    kinds: tuple[str, ...]
    pupils: tuple[PupilSheet, ...]
    options: Mapping[str, Any] = field(default_factory=dict)

    def write(self, path: str | os.PathLike[str]) -> tuple[Path, Path]:
        """Write the pupils' sheets to ``path`` (.html, .tex or .pdf) and the answer key
        beside it (``sheet.pdf`` -> ``sheet-key.pdf``); returns both paths."""
        from ..core.specs import resolve

        # the writers read this model, so it reaches them by name (no import cycle)
        written: tuple[Path, Path] = resolve("teachgames.worksheets.write:write_worksheet")(self, path)
        return written

    def _repr_html_(self) -> str:
        from ..core.specs import resolve

        return str(resolve("teachgames.worksheets.html:sheets_html")(self))


def game_kinds(game: str) -> tuple[TaskKind, ...]:
    """The task kinds a registered game offers for print (its class names them: a game in
    any installed package offers worksheets the same way)."""
    from ..core.registry import game_class
    from ..core.specs import resolve

    spec = game_class(game).worksheet
    if spec is None:
        raise ValueError(f"the game {game} has no worksheet tasks yet")
    return tuple(resolve(spec))


def _game_words(game: str) -> Mapping[str, Mapping[str, str]]:
    """The game's worksheet words (``WORDS`` beside its ``KINDS``), {} when it has none."""
    import sys

    from ..core.registry import game_class

    spec = game_class(game).worksheet
    if spec is None:
        return {}
    game_kinds(game)  # imports the module the spec names
    words: Mapping[str, Mapping[str, str]] = getattr(sys.modules[spec.partition(":")[0]], "WORDS", {})
    return words


def _options(game: str, seed: int, given: Mapping[str, Any]) -> dict[str, Any]:
    """The game's options with their defaults, checked by making a game with them."""
    from ..core.options import declared_options
    from ..core.registry import game_class, new_game

    options = {o.name: o.default for o in declared_options(game_class(game)) if o.default is not None}
    options.update({k: v for k, v in given.items() if v is not None})
    options.pop("seed", None)
    try:
        new_game(game, seed=seed, **options)
    except TypeError as exc:
        raise ValueError(f"{game}: {exc}") from None
    return options


def choose_kinds(game: str, level: str, wanted: Sequence[str] | None) -> tuple[TaskKind, ...]:
    """The kinds asked for (all the level's, in the game's order, when None)."""
    kinds = game_kinds(game)
    serving = [k for k in kinds if k.serves(level)]
    if not wanted:
        if not serving:
            raise ValueError(f"{game} has no worksheet tasks for {level}")
        return tuple(serving)
    by_name = {k.name: k for k in kinds}
    out = []
    for name in wanted:
        kind = by_name.get(name)
        if kind is None:
            raise ValueError(f"{game} has no task kind {name!r}; there are: {', '.join(by_name)}")
        if not kind.serves(level):
            here = ", ".join(k.name for k in serving)
            raise ValueError(f"the task kind {name!r} is not for {level}; for {level} there are: {here}")
        out.append(kind)
    return tuple(out)


def class_list(pupils: int | None, names: Sequence[str] | None) -> tuple[int, list[str]]:
    """How many sheets, and the name on each ([] when none were given), checked the same
    way for every kind of worksheet: one name per pupil, none empty, 1 to :data:`MAX_PUPILS`.
    A control character in a name prints as its sign (␊), never as a new line, so a name
    cannot forge a line of the sheet or the key."""
    from ..core.text import visible

    clean = [visible(str(n).strip()) for n in names] if names else []
    if names is not None and not all(clean):
        raise ValueError("a pupil's name is empty: give every pupil a name, or none")
    count = pupils if pupils is not None else (len(clean) or 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_PUPILS:
        raise ValueError(f"the number of pupils must be a whole number from 1 to {MAX_PUPILS}, not {count!r}")
    if clean and len(clean) != count:
        raise ValueError(f"{len(clean)} names for {count} pupils: give one name per pupil")
    return count, clean


def _key(position: Mapping[str, Any]) -> str:
    return json.dumps(position, sort_keys=True, default=str)


def find_task(kind: TaskKind, context: SheetContext, rng: random.Random, given: set[str]) -> PrintTask:
    """A position of ``kind`` at the wanted difficulty, new to this class if there is one."""
    wanted = kind.wanted(context.level)
    fallback: Mapping[str, Any] | None = None
    for attempt in range(MAX_TRIES):
        position = kind.draw(rng, context)
        if position is None or kind.measure(position, context) != wanted:
            continue
        key = _key(position)
        if key not in given:
            given.add(key)
            return kind.task(position, context)
        if fallback is None:
            fallback = position
        if attempt >= FRESH_TRIES:
            break
    if fallback is not None:
        return kind.task(dict(fallback), context)
    raise ValueError(
        f"no position of the task kind {kind.name!r} with difficulty {wanted} was found "
        f"in {MAX_TRIES} tries: change its difficulty in the game's worksheet data"
    )


def build_worksheet(
    game: str,
    *,
    pupils: int | None = None,
    names: Sequence[str] | None = None,
    language: str | None = None,
    kinds: Sequence[str] | None = None,
    seed: int = 0,
    title: str | None = None,
    **options: Any,
) -> Worksheet:
    """The worksheets of ``game`` for a class: ``pupils`` variants (or one per name)."""
    from ..core.i18n import resolve_language, tr
    from ..core.options import declared_options
    from ..core.registry import game_class, game_names
    from ..exports.example import title_of

    if game not in game_names():
        raise ValueError(f"unknown game {game!r}; the games are: {', '.join(game_names())}")
    lang = resolve_language(language)
    count, clean_names = class_list(pupils, names)
    chosen = _options(game, seed, options)
    context = SheetContext(lang, chosen, _game_words(game))
    task_kinds = choose_kinds(game, context.level, kinds)
    given: dict[str, set[str]] = {k.name: set() for k in task_kinds}
    sheets = []
    for number in range(1, count + 1):
        tasks = []
        for kind in task_kinds:
            rng = Chance.from_text(f"{seed}/{kind.name}/{number}")
            tasks.append(find_task(kind, context, rng, given[kind.name]))
        name = clean_names[number - 1] if clean_names else ""
        sheets.append(PupilSheet(number, name, tuple(tasks)))
    from ..core.registry import new_game

    game_title = title_of(new_game(game, seed=seed, **chosen), lang)
    parts = [game_title]
    for option in declared_options(game_class(game)):
        value = chosen.get(option.name)
        if option.name in ("players", "seed") or not isinstance(value, str):
            continue
        parts.append(option.value_words(value, lang))
    parts += [tr("worksheets.pupils", lang, n=count), tr("exports.seed", lang, seed=seed)]
    return Worksheet(
        game=game,
        title=title or tr("worksheets.title", lang, game=game_title),
        subtitle=" · ".join(parts),
        language=lang,
        seed=seed,
        kinds=tuple(k.name for k in task_kinds),
        pupils=tuple(sheets),
        options=chosen,
    )
