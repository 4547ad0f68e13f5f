"""Ligretto's printed tasks: a round's score below zero and a running total, as data.

* ``below_zero``: cards in the centre and left in the Ligretto stack, a score under
  zero; difficulty 2 when more cards are in the centre than in the stack (the sum looks
  as if it must be positive), 1 otherwise.
* ``running``: three rounds and the total after each; difficulty = rounds below zero.

Answers are the engine's ``round_score`` (+1 a card in the centre, −2 a card left in the
stack: docs/ligretto.md). Words: :data:`WORDS`.
"""

from __future__ import annotations

import random
from typing import Any

from ..worksheets.tasks import Position, PrintTask, SheetContext, TaskKind


def signed(n: int) -> str:
    return str(n).replace("-", "−")


def points(centre: int, left: int, language: str | None = None) -> tuple[int, Any]:
    from . import round_score

    return round_score(centre, left, language)


def draw_below(rng: random.Random, ctx: SheetContext) -> Position | None:
    centre, left = rng.randint(1, 14), rng.randint(1, 10)
    if centre - 2 * left >= 0:
        return None
    return {"centre": centre, "left": left}


def measure_below(position: Position, ctx: SheetContext) -> int:
    return 2 if position["centre"] > position["left"] else 1


def task_below(position: Position, ctx: SheetContext) -> PrintTask:
    c, left = position["centre"], position["left"]
    score, worked = points(c, left, ctx.language)
    return PrintTask(
        kind="below_zero",
        language=ctx.language,
        title=ctx.say("below.title"),
        prompt=ctx.say("below.prompt", centre=c, left=left),
        answer=ctx.say("below.answer", centre=c, left=left, twice=2 * left, points=signed(score)),
        short=signed(score),
        worked=worked,
        misconceptions=(
            ctx.say("below.no_times", wrong=signed(c - left)),
            ctx.say("below.sign", wrong=signed(-score)),
            ctx.say("below.order", wrong=signed((c - left) * 2)),
        ),
        difficulty=measure_below(position, ctx),
        lines=2,
        position=position,
    )


def draw_running(rng: random.Random, ctx: SheetContext) -> Position | None:
    rounds = [[rng.randint(0, 20), rng.randint(0, 10)] for _ in range(3)]
    return {"rounds": rounds}


def measure_running(position: Position, ctx: SheetContext) -> int:
    return sum(1 for c, left in position["rounds"] if c - 2 * left < 0)


def task_running(position: Position, ctx: SheetContext) -> PrintTask:
    from sympy import Integer

    from ..explain import Explanation, psum

    lang = ctx.language
    worked = Explanation(title=ctx.say("running.title"), language=lang)
    total, totals, listed = 0, [], []
    for i, (c, left) in enumerate(position["rounds"], 1):
        score, round_e = points(c, left, lang)
        worked.add_heading(ctx.say("running.round", number=i))
        worked.extend(round_e)
        worked.add(
            ctx.say("running.so_far"), [psum([Integer(total), Integer(score)]), Integer(total + score)]
        )
        total += score
        totals.append(signed(total))
        listed.append(ctx.say("running.line", number=i, centre=c, left=left))
    wrong = sum(abs(c - 2 * left) for c, left in position["rounds"])
    return PrintTask(
        kind="running",
        language=lang,
        title=ctx.say("running.title"),
        prompt=ctx.say("running.prompt", rounds="; ".join(listed)),
        answer=ctx.say("running.answer", totals=", ".join(totals), total=totals[-1]),
        short=" → ".join(totals),
        worked=worked,
        misconceptions=(
            ctx.say("running.negative_added", wrong=signed(wrong)),
            ctx.say("running.not_running"),
        ),
        difficulty=measure_running(position, ctx),
        lines=3,
        position=position,
    )


KINDS: tuple[TaskKind, ...] = (
    TaskKind("below_zero", draw_below, measure_below, task_below, difficulty={"*": 2}),
    TaskKind("running", draw_running, measure_running, task_running, difficulty={"*": 1}),
)

#: The words of Ligretto's printed tasks, per language.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "below.title": "A round below zero",
        "below.prompt": (
            "At the end of a round you have {centre} {centre|card|cards} in the centre and {left} "
            "{left|card|cards} left in your Ligretto stack. Each card in the centre scores +1, each card "
            "left in the stack −2. What is your score for the round?"
        ),
        "below.answer": "{centre} − {left} × 2 = {centre} − {twice} = {points}",
        "below.no_times": "{wrong}: the stack's cards were taken away once, not twice.",
        "below.sign": "{wrong}: the minus sign of a score below zero was lost.",
        "below.order": "{wrong}: subtracted first, then multiplied; multiplication comes first.",
        "running.title": "A running total",
        "running.prompt": (
            "Your rounds: {rounds}. Each card in the centre scores +1, each card left in the stack −2. "
            "Write your score after each round and your total after three rounds."
        ),
        "running.line": "round {number}: {centre} in the centre, {left} left in the stack",
        "running.round": "Round {number}",
        "running.so_far": "Total so far:",
        "running.answer": "Totals after each round: {totals}; after three rounds: {total}.",
        "running.negative_added": "{wrong}: a round below zero was added as if it were above zero.",
        "running.not_running": "Only the last round written: the total carries over from round to round.",
    },
    "ru": {
        "below.title": "Раунд меньше нуля",
        "below.prompt": (
            "В конце раунда у тебя {centre} {centre|карта|карты|карт} в центре и {left} "
            "{left|карта|карты|карт} в стопке Лигретто. Каждая карта в центре даёт +1, каждая карта "
            "в стопке −2. Сколько очков за раунд?"
        ),
        "below.answer": "{centre} − {left} × 2 = {centre} − {twice} = {points}",
        "below.no_times": "{wrong}: карты стопки вычли один раз, а не дважды.",
        "below.sign": "{wrong}: потерян знак минус у счёта меньше нуля.",
        "below.order": "{wrong}: сначала вычли, потом умножили; а умножение выполняется первым.",
        "running.title": "Счёт нарастающим итогом",
        "running.prompt": (
            "Твои раунды: {rounds}. Каждая карта в центре даёт +1, каждая карта в стопке −2. "
            "Запиши счёт после каждого раунда и итог после трёх раундов."
        ),
        "running.line": "раунд {number}: в центре {centre}, в стопке {left}",
        "running.round": "Раунд {number}",
        "running.so_far": "Итог на сейчас:",
        "running.answer": "Итог после каждого раунда: {totals}; после трёх раундов: {total}.",
        "running.negative_added": "{wrong}: раунд меньше нуля прибавили, как будто он больше нуля.",
        "running.not_running": "Записан только последний раунд: итог переходит из раунда в раунд.",
    },
    "bg": {
        "below.title": "Рунд под нулата",
        "below.prompt": (
            "В края на рунда имаш {centre} {centre|карта|карти} в средата и {left} "
            "{left|карта|карти} в тестето Лигрето. Всяка карта в средата носи +1, всяка карта "
            "в тестето −2. Колко точки имаш за рунда?"
        ),
        "below.answer": "{centre} − {left} × 2 = {centre} − {twice} = {points}",
        "below.no_times": "{wrong}: картите в тестето са извадени веднъж, а не два пъти.",
        "below.sign": "{wrong}: изгубен е знакът минус на резултат под нулата.",
        "below.order": "{wrong}: първо е извадено, после умножено; а умножението е първо.",
        "running.title": "Натрупан резултат",
        "running.prompt": (
            "Твоите рундове: {rounds}. Всяка карта в средата носи +1, всяка карта в тестето −2. "
            "Запиши резултата след всеки рунд и общия след три рунда."
        ),
        "running.line": "рунд {number}: в средата {centre}, в тестето {left}",
        "running.round": "Рунд {number}",
        "running.so_far": "Общо досега:",
        "running.answer": "Общо след всеки рунд: {totals}; след три рунда: {total}.",
        "running.negative_added": "{wrong}: рунд под нулата е прибавен, сякаш е над нулата.",
        "running.not_running": "Записан е само последният рунд: резултатът се пренася от рунд на рунд.",
    },
}
