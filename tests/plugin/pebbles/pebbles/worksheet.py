"""The game's print task kind, named by the class's ``worksheet`` spec: a pile, a take,
how many are left. Its words are the game's own catalogue's (``pebbles.sheet.*``)."""

from __future__ import annotations

import random

from teachgames.core.i18n import tr
from teachgames.worksheets.tasks import Position, PrintTask, SheetContext, TaskKind


def draw(rng: random.Random, context: SheetContext) -> Position:
    return {"pile": rng.randint(4, 20), "take": rng.randint(1, 3)}


def measure(position: Position, context: SheetContext) -> int:
    return 1


def task(position: Position, context: SheetContext) -> PrintTask:
    pile, take = position["pile"], position["take"]
    lang = context.language
    return PrintTask(
        kind="left",
        language=lang,
        title=tr("pebbles.sheet.title", lang),
        prompt=tr("pebbles.sheet.prompt", lang, pile=pile, n=take),
        answer=str(pile - take),
        short=str(pile - take),
        misconceptions=(tr("pebbles.sheet.added", lang, wrong=pile + take),),
        lines=1,
        position=dict(position),
    )


KINDS: tuple[TaskKind, ...] = (TaskKind("left", draw, measure, task),)
