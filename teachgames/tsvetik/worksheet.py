"""Tsvetik-Semitsvetik's printed tasks: positions the engine finds for what they teach.

Three kinds (:data:`KINDS`), the seed table's rules (docs/tsvetik.md):

* ``field``: which field to take now; difficulty 2 when the fullest field is not the
  best one (its extra cards cost more than they bring), 1 otherwise.
* ``group``: the best group of a collection and what the extra cards cost;
  difficulty = the extra cards outside the best group.
* ``chance``: the chance that the next bank card has a colour, from the cards not yet
  seen (7 of each colour in the box); difficulty = cards of that colour already seen.

Answers are the engine's: ``score_cards``, ``explain_field_choice``, ``explain`` of a
draw (its chances, box minus the cards seen). Words: :data:`WORDS`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..worksheets.pictures import rows_svg, rows_tex
from ..worksheets.tasks import Position, PrintTask, SheetContext, TaskKind
from .cards import COLOURS, parse_colour
from .game import TsvetikGame, scenario
from .messages import colour_word, field_label, number

SEED = frozenset({"seed"})


def score(cards: Sequence[str]) -> int:
    from . import score_cards

    return score_cards(list(cards))[0]


def cards_words(cards: Sequence[str], ctx: SheetContext) -> str:
    if not cards:
        return ctx.say("none")
    counts = {c: list(cards).count(c) for c in dict.fromkeys(cards)}
    return ", ".join(f"{n} × {colour_word(parse_colour(c), ctx.language)}" for c, n in counts.items())


def picture(rows: Sequence[tuple[str, Sequence[str]]], ctx: SheetContext) -> tuple[str, str]:
    from .draw import card_svg
    from .tikz import cards_tikz

    shown = [(label, cards) for label, cards in rows if cards]
    svg = rows_svg(
        [(label, [str(card_svg(c, ctx.language, height=64)) for c in cards]) for label, cards in shown]
    )
    tex = rows_tex(
        [(label, cards_tikz([parse_colour(c) for c in cards], ctx.language) or "") for label, cards in shown]
    )
    return svg, tex


# ---------------------------------------------------------------------- which field?
def draw_field(rng: random.Random, ctx: SheetContext) -> Position | None:
    mine = [rng.choice(COLOURS) for _ in range(rng.randint(2, 5))]
    fields = [[rng.choice(COLOURS) for _ in range(rng.randint(1, 3))] for _ in range(3)] + [[]]
    rng.shuffle(fields)
    gains = [score(mine + f) - score(mine) if f else None for f in fields]
    best = max(g for g in gains if g is not None)
    if best <= 0 or [g for g in gains if g is not None].count(best) != 1:
        return None  # one best field, worth taking
    return {"mine": mine, "fields": fields, "best": gains.index(best), "gains": gains}


def measure_field(position: Position, ctx: SheetContext) -> int:
    fields = position["fields"]
    fullest = max(len(f) for f in fields)
    return 1 if len(fields[position["best"]]) == fullest else 2


def field_game(position: Position) -> TsvetikGame:
    bank = ["red", "orange", "yellow", "green", "blue", "indigo", "violet"] * 2
    return scenario(
        players=3, bank=bank, fields=position["fields"], collected=[position["mine"], [], []], current=0
    )


def task_field(position: Position, ctx: SheetContext) -> PrintTask:
    lang = ctx.language
    game = field_game(position)
    worked = game.explain_field_choice(0, language=lang)
    best = position["best"]
    gains = position["gains"]
    fields = position["fields"]
    rows = [(ctx.say("your_cards"), position["mine"])]
    rows += [(field_label(f, lang), cards) for f, cards in enumerate(fields)]
    svg, tex = picture(rows, ctx)
    fullest = max(range(4), key=lambda f: len(fields[f]))
    listed = "; ".join(f"{field_label(f, lang)}: {cards_words(c, ctx)}" for f, c in enumerate(fields) if c)
    mistakes = [ctx.say("field.score_not_gain")]
    if fullest != best:
        mistakes.insert(
            0, ctx.say("field.most_cards", field=field_label(fullest, lang), gain=number(gains[fullest]))
        )
    return PrintTask(
        kind="field",
        language=lang,
        title=ctx.say("field.title"),
        prompt=ctx.say("field.prompt", mine=cards_words(position["mine"], ctx), fields=listed),
        answer=ctx.say(
            "field.answer",
            field=field_label(best, lang),
            before=number(score(position["mine"])),
            after=number(score(position["mine"] + fields[best])),
            gain=number(gains[best]),
        ),
        short=f"{field_label(best, lang)} (+{gains[best]})",
        worked=worked,
        misconceptions=tuple(mistakes),
        difficulty=measure_field(position, ctx),
        picture_svg=svg,
        picture_tex=tex,
        lines=3,
        position={"mine": position["mine"], "fields": fields},
    )


# ---------------------------------------------------------------------- the best group
def _group(cards: Sequence[str]) -> Any:
    from .rules import make_rules
    from .scoring import best_group, counts_of

    return best_group(counts_of([parse_colour(c) for c in cards]), make_rules("seed"))


def draw_group(rng: random.Random, ctx: SheetContext) -> Position | None:
    cards = [rng.choice(COLOURS) for _ in range(rng.randint(5, 8))]
    return {"cards": sorted(cards, key=COLOURS.index)}


def measure_group(position: Position, ctx: SheetContext) -> int:
    return int(_group(position["cards"]).extras)


def task_group(position: Position, ctx: SheetContext) -> PrintTask:
    from . import score_cards

    lang = ctx.language
    cards = position["cards"]
    points, worked = score_cards(cards, language=lang)
    group = _group(cards)
    if group.colour is None:
        kept = ctx.say("group.different", n=group.size)
    else:
        kept = ctx.say("group.one", colour=colour_word(group.colour, lang), n=group.size)
    svg, tex = picture([(ctx.say("collected"), cards)], ctx)
    all_one = {c: cards.count(c) for c in cards}
    return PrintTask(
        kind="group",
        language=lang,
        title=ctx.say("group.title"),
        prompt=ctx.say("group.prompt", cards=cards_words(cards, ctx)),
        answer=ctx.say(
            "group.answer",
            group=kept,
            base=group.base,
            extras=group.extras,
            cost=group.extras * 20,
            points=number(points),
        ),
        short=f"{number(points)}",
        worked=worked,
        misconceptions=(
            ctx.say("group.forgot_extras", base=group.base),
            ctx.say("group.bigger_group", n=max(len(all_one), max(all_one.values()))),
            ctx.say("group.sign"),
        ),
        difficulty=measure_group(position, ctx),
        picture_svg=svg,
        picture_tex=tex,
        lines=3,
        position=position,
    )


# ---------------------------------------------------------------------- a chance
def chance_game(position: Position) -> TsvetikGame:
    from ..core.registry import new_game

    game: Any = new_game("tsvetik", players=3, seed=position["seed"])
    for move in position["moves"]:
        game.play(move)
    result: TsvetikGame = game
    return result


def draw_chance(rng: random.Random, ctx: SheetContext) -> Position | None:
    from ..core.registry import new_game

    seed = rng.randrange(10**6)
    game: Any = new_game("tsvetik", players=3, seed=seed)
    moves = []
    for _ in range(rng.randint(6, 12)):
        legal = game.legal_moves()
        if not legal:
            return None
        move = rng.choice(legal)
        game.play(move)
        moves.append(move.to_dict())
    view = game.view()
    if view["drawn"] is not None or view["discard"] or not view["bank"]:
        return None
    seen = [c for f in view["fields"] for c in f] + [c for p in view["collected"] for c in p]
    colour = rng.choice(COLOURS)
    return {"seed": seed, "moves": moves, "colour": colour, "seen": seen.count(colour), "shown": len(seen)}


def measure_chance(position: Position, ctx: SheetContext) -> int:
    return int(position["seen"])


def task_chance(position: Position, ctx: SheetContext) -> PrintTask:
    from sympy import Rational

    lang = ctx.language
    game = chance_game(position)
    view = game.view()
    worked = game.explain({"kind": "draw"}, language=lang)
    colour = position["colour"]
    bank = view["bank"]
    unseen = 7 - position["seen"]
    value = Rational(unseen, bank)
    shown = f"{unseen}/{bank}" + (f" = {value}" if value.q != bank else "")
    rows = [(field_label(f, lang), cards) for f, cards in enumerate(view["fields"])]
    rows += [(ctx.say("player_cards", number=p + 1), cards) for p, cards in enumerate(view["collected"])]
    svg, tex = picture(rows, ctx)
    word = colour_word(parse_colour(colour), lang)
    return PrintTask(
        kind="chance",
        language=lang,
        title=ctx.say("chance.title"),
        prompt=ctx.say("chance.prompt", colour=word, n=position["shown"]),
        answer=ctx.say(
            "chance.answer",
            colour=word,
            seen=position["seen"],
            unseen=unseen,
            shown=position["shown"],
            bank=bank,
            chance=shown,
        ),
        short=shown,
        worked=worked,
        misconceptions=(
            ctx.say("chance.whole_box", wrong=f"{7}/{49}"),
            ctx.say("chance.seen", wrong=f"{position['seen']}/{bank}"),
            ctx.say("chance.colours", wrong="1/7"),
        ),
        difficulty=measure_chance(position, ctx),
        picture_svg=svg,
        picture_tex=tex,
        lines=3,
        position={"seed": position["seed"], "moves": position["moves"], "colour": colour},
    )


KINDS: tuple[TaskKind, ...] = (
    TaskKind("field", draw_field, measure_field, task_field, difficulty={"*": 2}, levels=SEED),
    TaskKind("group", draw_group, measure_group, task_group, difficulty={"*": 2}, levels=SEED),
    TaskKind("chance", draw_chance, measure_chance, task_chance, difficulty={"*": 2}, levels=SEED),
)

#: The words of Tsvetik's printed tasks, per language.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "none": "no cards",
        "your_cards": "Your cards",
        "collected": "Collected",
        "player_cards": "Player {number} has",
        "field.title": "Which field to take?",
        "field.prompt": (
            "You have collected {mine}. On the fields: {fields}. Which field should you take now, "
            "and how many points does it add to your score?"
        ),
        "field.answer": "{field}: the score goes from {before} to {after}, a gain of {gain}.",
        "field.most_cards": "{field}, the fullest field: its extra cards cost more; it adds only {gain}.",
        "field.score_not_gain": (
            "The field's own score was compared, not what it adds to the cards already held."
        ),
        "group.title": "The best group",
        "group.prompt": (
            "A player has collected {cards}. Which group scores best, and what do the extra cards cost? "
            "What is the score?"
        ),
        "group.one": "one colour, {colour} ({n} {n|card|cards})",
        "group.different": "different colours ({n} {n|card|cards})",
        "group.answer": (
            "{group}: {base} points; {extras} extra {extras|card|cards} cost {cost}; score {points}."
        ),
        "group.forgot_extras": "{base}: the group was scored, but the extra cards were not subtracted.",
        "group.bigger_group": "The group with more cards ({n}) is not always the one that scores more.",
        "group.sign": "A score below zero written without its minus sign.",
        "chance.title": "What comes next?",
        "chance.prompt": (
            "The box holds 7 cards of each of the 7 colours (49 cards). The {n} cards on the table "
            "are all that has been seen. What is the chance that the next bank card is {colour}?"
        ),
        "chance.answer": (
            "{seen} {colour} seen, so {unseen} of the unseen cards are {colour}; 49 − {shown} = {bank} "
            "cards unseen; the chance is {chance}."
        ),
        "chance.whole_box": "{wrong}: the whole box was counted, not the cards still unseen.",
        "chance.seen": "{wrong}: the cards seen were counted instead of those still in the bank.",
        "chance.colours": "{wrong}: every colour taken as equally likely, whatever has been seen.",
    },
    "ru": {
        "none": "нет карт",
        "your_cards": "Твои карты",
        "collected": "Собрано",
        "player_cards": "У игрока {number}",
        "field.title": "Какое поле взять?",
        "field.prompt": (
            "Ты собрал(а): {mine}. На полях: {fields}. Какое поле взять сейчас "
            "и сколько очков оно прибавит к твоему счёту?"
        ),
        "field.answer": "{field}: счёт меняется с {before} на {after}, выигрыш {gain}.",
        "field.most_cards": (
            "{field}, самое полное поле: лишние карты стоят дороже; оно прибавит только {gain}."
        ),
        "field.score_not_gain": (
            "Сравнили очки самого поля, а не то, что оно прибавит к уже собранным картам."
        ),
        "group.title": "Лучшая группа",
        "group.prompt": (
            "Игрок собрал: {cards}. Какая группа даёт больше очков и сколько стоят лишние карты? "
            "Какой получится счёт?"
        ),
        "group.one": "один цвет, {colour} ({n} {n|карта|карты|карт})",
        "group.different": "разные цвета ({n} {n|карта|карты|карт})",
        "group.answer": (
            "{group}: {base} очков; "
            "{extras} {extras|лишняя карта стоит|лишние карты стоят|лишних карт стоят} {cost}; счёт {points}."
        ),
        "group.forgot_extras": "{base}: группу посчитали, а лишние карты не вычли.",
        "group.bigger_group": "Группа, где больше карт ({n}), не всегда даёт больше очков.",
        "group.sign": "Счёт меньше нуля записан без знака минус.",
        "chance.title": "Какая карта следующая?",
        "chance.prompt": (
            "В коробке по 7 карт каждого из 7 цветов (49 карт). На столе {n} {n|карта|карты|карт}, других "
            "никто не видел. Какова вероятность, что следующая карта из банка будет цвета «{colour}»?"
        ),
        "chance.answer": (
            "Цвета «{colour}» видно {seen}, значит, среди невиданных карт {unseen} такого цвета; "
            "49 − {shown} = {bank} карт не видно; вероятность {chance}."
        ),
        "chance.whole_box": "{wrong}: посчитали всю коробку, а не только карты, которых ещё не видно.",
        "chance.seen": "{wrong}: посчитали увиденные карты вместо тех, что остались в банке.",
        "chance.colours": "{wrong}: все цвета сочли равновероятными, что бы ни было видно.",
    },
    "bg": {
        "none": "няма карти",
        "your_cards": "Твоите карти",
        "collected": "Събрани",
        "player_cards": "Играч {number} има",
        "field.title": "Кое поле да вземеш?",
        "field.prompt": (
            "Събрал(а) си: {mine}. На полетата: {fields}. Кое поле да вземеш сега "
            "и колко точки прибавя то към резултата ти?"
        ),
        "field.answer": "{field}: резултатът става от {before} на {after}, печалба {gain}.",
        "field.most_cards": (
            "{field}, най-пълното поле: излишните карти струват повече; то прибавя само {gain}."
        ),
        "field.score_not_gain": (
            "Сравнени са точките на самото поле, а не колко то прибавя към вече събраните карти."
        ),
        "group.title": "Най-добрата група",
        "group.prompt": (
            "Играч е събрал: {cards}. Коя група носи най-много точки и колко струват излишните карти? "
            "Какъв е резултатът?"
        ),
        "group.one": "един цвят, {colour} ({n} {n|карта|карти})",
        "group.different": "различни цветове ({n} {n|карта|карти})",
        "group.answer": (
            "{group}: {base} точки; {extras} {extras|излишна карта струва|излишни карти струват} {cost}; "
            "резултат {points}."
        ),
        "group.forgot_extras": "{base}: групата е преброена, но излишните карти не са извадени.",
        "group.bigger_group": "Групата с повече карти ({n}) не винаги носи повече точки.",
        "group.sign": "Резултат под нулата е записан без знак минус.",
        "chance.title": "Какво идва после?",
        "chance.prompt": (
            "В кутията има по 7 карти от всеки от 7-те цвята (49 карти). Видени са само {n}-те карти "
            "на масата. Каква е вероятността следващата карта от банката да е {colour}?"
        ),
        "chance.answer": (
            "Видени са {seen}, значи сред невидените карти {unseen} са {colour}; 49 − {shown} = {bank} "
            "невидени карти; вероятността е {chance}."
        ),
        "chance.whole_box": "{wrong}: преброена е цялата кутия, а не само картите, които още не са видени.",
        "chance.seen": "{wrong}: преброени са видените карти вместо тези в банката.",
        "chance.colours": "{wrong}: всички цветове са приети за еднакво вероятни, каквото и да е видяно.",
    },
}
