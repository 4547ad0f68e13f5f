"""Delissimo's printed tasks: positions the engine finds for what they teach, as data.

Four kinds (:data:`KINDS`), each with its levels and the difficulty it asks for there:

* ``common`` (8+, 10+): two orders with different denominators take one pizza together;
  difficulty = doublings to eighths (1/4 -> 1, 1/2 -> 2, 3/8 -> 0), summed.
* ``illegal``: a tempting capture that the rules refuse, and why; difficulty 1 for a
  missing topping, equal numerators or one card for one card, 2 for a sum that is only
  right when tops and bottoms are added (1/4 + 1/4 "= 2/8").
* ``best_turn``: the most pizza one turn can take; difficulty = captures it needs.
* ``score``: a trick pile as whole pizzas and a leftover; difficulty = cards in the pile.

Every answer is the engine's (``scenario``, ``captures``, ``explain``, ``scores``,
``explain_scores``), in the level's number form (:data:`~.draw.numbers.LEVEL_FORMS`): at
6+ slices and whole pizzas and no written fraction (the pictures draw slices only), at
8+ eighths, at 10+ mixed numbers too. The task words are :data:`WORDS`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..worksheets.pictures import rows_svg, rows_tex
from ..worksheets.tasks import Position, PrintTask, SheetContext, TaskKind
from .cards import parse_card
from .draw.numbers import level_form
from .game import DelissimoGame, scenario
from .messages import say, slices_words
from .moves import Capture

PAIRS = ("mp", "mt", "pt")
TOPPINGS = {"m": "mushroom", "p": "pepper", "t": "tomato"}
#: The order cards' printed fractions (the deck of docs/delissimo.md), without the whole ones.
ORDER_FORMS = ("1/8", "2/8", "3/8", "4/8", "5/8", "6/8", "7/8", "1/4", "2/4", "3/4", "1/2")
SIX_PLUS = frozenset({"beginner", "whole"})
ORDER_LEVELS = frozenset({"basic", "advanced"})


# ---------------------------------------------------------------------- words and pictures
def eighths(form: str) -> int:
    n, d = (int(x) for x in form.split("/"))
    return n * 8 // d


def pizza(k: int, pair: str) -> str:
    return f"{k}/8 {pair}"


def card_words(card: str, ctx: SheetContext) -> str:
    """A card as the pupil reads it: "tomato 1/4", "3/8 mushroom and tomato", at 6+ "3 slices"."""
    from .draw.faces import toppings_words

    c = parse_card(card)
    lang = ctx.language
    if c.kind == "order":
        return f"{say(f'topping.{c.topping_names[0]}', lang)} {c.printed}"
    if ctx.level in SIX_PLUS:
        return slices_words(c.eighths, 8, lang)
    return f"{c.printed} {toppings_words(card, lang)}"


def cards_words(cards: Sequence[str], ctx: SheetContext) -> str:
    return ", ".join(card_words(c, ctx) for c in cards)


def amount(total: int, ctx: SheetContext) -> str:
    """``total`` eighths in the level's number form."""
    from ..core.numbers import number_form

    form = level_form(ctx.level)
    if form == "slices":
        return slices_words(total, 8, ctx.language)
    if form == "both" and total > 8 and total % 8:
        return number_form(total, 8, form="both")
    return f"{total}/8"


def _cards_svg(cards: Sequence[str], ctx: SheetContext) -> list[str]:
    from .draw import card_svg

    slices = ctx.level in SIX_PLUS  # 6+ sheets show no written fraction: slices only
    return [str(card_svg(c, size=76, language=ctx.language, slices=slices)) for c in cards]


def _cards_tex(cards: Sequence[str], ctx: SheetContext) -> str:
    from .tikz import cards_tikz

    tikz = cards_tikz([parse_card(c) for c in cards], (), ctx.language)
    if ctx.level in SIX_PLUS:  # slices only: drop the k/8 under each pizza and the topping letters
        keep = [
            line for line in tikz.split("\n") if "\\tfrac" not in line and "font=\\scriptsize" not in line
        ]
        keep = [line for line in keep if "anchor=north west" not in line]
        tikz = "\n".join(keep)
    return tikz


def picture(rows: Sequence[tuple[str, Sequence[str]]], ctx: SheetContext) -> tuple[str, str]:
    """(svg, tex) of labelled rows of cards."""
    shown = [(label, cards) for label, cards in rows if cards]
    svg = rows_svg([(label, _cards_svg(cards, ctx)) for label, cards in shown])
    tex = rows_tex([(label, _cards_tex(cards, ctx)) for label, cards in shown])
    return svg, tex


def table_of(position: Position) -> DelissimoGame:
    """The position as a game: the pupil is Player 1, a second player waits."""
    level = position["level"]
    hand, table = position["hand"], position["table"]
    if level in SIX_PLUS:
        return scenario(level=level, hands=[hand, []], centre=table, piles=position.get("piles"))
    return scenario(level=level, hands=[hand, []], stacks=[[c] for c in table], piles=position.get("piles"))


def capture_dict(give: Sequence[str], take: Sequence[str]) -> dict[str, Any]:
    return {"kind": "capture", "player": 0, "give": list(give), "take": list(take)}


def _shape(capture: Capture) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return tuple(sorted(str(c) for c in capture.give)), tuple(sorted(str(c) for c in capture.take))


# ---------------------------------------------------------------------- common denominator
def _doublings(form: str) -> int:
    return {8: 0, 4: 1, 2: 2}[int(form.split("/")[1])]


def draw_common(rng: random.Random, ctx: SheetContext) -> Position | None:
    letter = rng.choice("mpt")
    topping = TOPPINGS[letter]
    a, b = rng.sample(ORDER_FORMS, 2)
    if a.split("/")[1] == b.split("/")[1] or eighths(a) + eighths(b) > 8:
        return None
    k = eighths(a) + eighths(b)
    target = pizza(k, rng.choice([p for p in PAIRS if letter in p]))
    others = [t for t in TOPPINGS.values() if t != topping]
    decoy = pizza(k, next(p for p in PAIRS if letter not in p))
    spare = pizza(rng.choice([j for j in range(1, 8) if j != k]), rng.choice(PAIRS))
    hand = [
        f"{topping} {a}",
        f"{topping} {b}",
        *(f"{rng.choice(others)} {rng.choice(ORDER_FORMS)}" for _ in "xy"),
    ]
    table = [target, decoy, spare]
    rng.shuffle(hand)
    rng.shuffle(table)
    position: Position = {
        "level": ctx.level,
        "hand": hand,
        "table": table,
        "orders": [a, b],
        "topping": topping,
    }
    captures = table_of(position).captures()
    want = (tuple(sorted([f"{topping} {a}", f"{topping} {b}"])), (target,))
    if len(captures) != 1 or _shape(captures[0]) != want:
        return None  # the answer must be the one capture there is
    return position


def measure_common(position: Position, ctx: SheetContext) -> int:
    return sum(_doublings(f) for f in position["orders"])


def task_common(position: Position, ctx: SheetContext) -> PrintTask:
    game = table_of(position)
    capture = game.captures()[0]
    worked = game.explain(capture, language=ctx.language)
    a, b = position["orders"]
    topping = say(f"topping.{position['topping']}", ctx.language)
    total = eighths(a) + eighths(b)
    (taken,) = _shape(capture)[1]
    svg, tex = picture(
        [(ctx.say("your_orders"), position["hand"]), (ctx.say("open_pizzas"), position["table"])], ctx
    )
    na, da = (int(x) for x in a.split("/"))
    nb, db = (int(x) for x in b.split("/"))
    decoy = next(c for c in position["table"] if c != taken and parse_card(c).eighths == total)
    return PrintTask(
        kind="common",
        language=ctx.language,
        title=ctx.say("common.title"),
        prompt=ctx.say(
            "common.prompt",
            hand=cards_words(position["hand"], ctx),
            table=cards_words(position["table"], ctx),
        ),
        answer=ctx.say(
            "common.answer",
            a=f"{topping} {a}",
            b=f"{topping} {b}",
            sum=f"{a} + {b} = {eighths(a)}/8 + {eighths(b)}/8 = {total}/8",
            pizza=card_words(taken, ctx),
        ),
        short=f"{a} + {b} = {total}/8",
        worked=worked,
        misconceptions=(
            ctx.say("common.tops_bottoms", a=a, b=b, wrong=f"{na + nb}/{da + db}"),
            ctx.say("common.topping", pizza=card_words(decoy, ctx), topping=topping),
            ctx.say("common.numerators", a=a, b=b),
        ),
        difficulty=measure_common(position, ctx),
        picture_svg=svg,
        picture_tex=tex,
        lines=3,
        position=position,
    )


# ---------------------------------------------------------------------- a tempting illegal capture
def draw_illegal(rng: random.Random, ctx: SheetContext) -> Position | None:
    level = ctx.level
    if level == "whole":
        give_k = rng.randint(1, 6)
        take = [rng.randint(1, 7) for _ in range(rng.randint(1, 2))]
        if (give_k + sum(take)) % 8 == 0:
            return None
        give = [pizza(give_k, rng.choice(PAIRS))]
        taken = [pizza(k, rng.choice(PAIRS)) for k in take]
        trap = "not_whole"
    elif level in SIX_PLUS:
        k = rng.randint(1, 7)
        trap = rng.choice(["one_for_one", "unequal"])
        if trap == "one_for_one":
            give, taken = [pizza(k, rng.choice(PAIRS))], [pizza(k, rng.choice(PAIRS))]
        else:
            parts = rng.randint(1, k)
            if k - parts < 1:
                return None
            give = [pizza(k + 1 if k < 7 else k - 1, rng.choice(PAIRS))]
            taken = [pizza(parts, rng.choice(PAIRS)), pizza(k - parts, rng.choice(PAIRS))]
    else:
        trap = rng.choice(["topping", "numerator", "tops_bottoms"])
        letter = rng.choice("mpt")
        topping = TOPPINGS[letter]
        if trap == "topping":
            form = rng.choice(ORDER_FORMS)
            give = [f"{topping} {form}"]
            taken = [pizza(eighths(form), next(p for p in PAIRS if letter not in p))]
        elif trap == "numerator":
            n = rng.randint(1, 3)
            den = rng.choice([4, 2]) if n == 1 else 4
            give = [f"{topping} {n}/{den}"]
            taken = [pizza(n, rng.choice([p for p in PAIRS if letter in p]))]
        else:
            a, b = rng.choice(
                [("1/4", "1/4"), ("1/4", "2/4"), ("2/4", "2/4"), ("1/4", "3/4"), ("3/4", "3/4")]
            )
            na, nb = int(a[0]), int(b[0])
            give = [f"{topping} {a}", f"{topping} {b}"]
            taken = [pizza(na + nb, rng.choice([p for p in PAIRS if letter in p]))]
    spare = pizza(rng.randint(1, 7), rng.choice(PAIRS))
    table = [*taken, spare] if level in ORDER_LEVELS or len(taken) < 3 else list(taken)
    position: Position = {
        "level": level,
        "hand": give,
        "table": table,
        "give": give,
        "take": taken,
        "trap": trap,
    }
    if table_of(position).explain(capture_dict(give, taken)).verdict is not False:
        return None
    return position


#: The difficulty of each tempting mistake (data: a teacher may rank them otherwise).
TRAP_DIFFICULTY = {
    "topping": 1,
    "numerator": 1,
    "tops_bottoms": 2,
    "one_for_one": 1,
    "unequal": 1,
    "not_whole": 1,
}


def measure_illegal(position: Position, ctx: SheetContext) -> int:
    return TRAP_DIFFICULTY[position["trap"]]


def task_illegal(position: Position, ctx: SheetContext) -> PrintTask:
    game = table_of(position)
    move = capture_dict(position["give"], position["take"])
    worked = game.explain(move, language=ctx.language)
    trap = position["trap"]
    give, take = position["give"], position["take"]
    values = {"give": cards_words(give, ctx), "take": cards_words(take, ctx)}
    if trap == "topping":
        values["topping"] = say(f"topping.{parse_card(give[0]).topping_names[0]}", ctx.language)
    if trap == "numerator":
        values.update(order=give[0].split()[1], pizza=take[0].split()[0])
    if trap == "tops_bottoms":
        a, b = (g.split()[1] for g in give)
        right = eighths(a) + eighths(b)
        values.update(a=a, b=b, right=amount(right, ctx), pizza=take[0].split()[0])
    if trap in ("unequal", "not_whole"):
        values.update(
            given=slices_words(sum(parse_card(c).eighths for c in give), 8, ctx.language),
            taken=slices_words(sum(parse_card(c).eighths for c in take), 8, ctx.language),
            all=slices_words(sum(parse_card(c).eighths for c in [*give, *take]), 8, ctx.language),
        )
    svg, tex = picture([(ctx.say("gives"), give), (ctx.say("takes"), take)], ctx)
    return PrintTask(
        kind="illegal",
        language=ctx.language,
        title=ctx.say("illegal.title"),
        prompt=ctx.say("illegal.prompt", **values),
        answer=ctx.say("illegal.no") + " " + ctx.say(f"illegal.{trap}", **values),
        short=ctx.say("illegal.short_" + trap),
        worked=worked,
        misconceptions=(ctx.say(f"illegal.mistake_{trap}", **values),),
        difficulty=measure_illegal(position, ctx),
        picture_svg=svg,
        picture_tex=tex,
        lines=3,
        position=position,
    )


# ---------------------------------------------------------------------- the best turn
def best_turns(game: DelissimoGame, depth: int = 3) -> list[tuple[int, tuple[Capture, ...]]]:
    """Every sequence of captures one turn can make (up to ``depth``), with the eighths taken."""
    out: list[tuple[int, tuple[Capture, ...]]] = []

    def walk(g: DelissimoGame, done: tuple[Capture, ...], taken: int) -> None:
        out.append((taken, done))
        if len(done) >= depth:
            return
        for capture in g.captures():
            g.play(capture)
            walk(g, (*done, capture), taken + sum(c.eighths for c in capture.take))
            g.undo()

    start: Any = game.copy()
    walk(start, (), 0)
    return out


def _best(position: Position) -> tuple[int, list[tuple[Capture, ...]]]:
    turns = best_turns(table_of(position))
    best = max(t for t, _ in turns)
    fewest = min(len(s) for t, s in turns if t == best)
    sets = {tuple(sorted(_shape(c) for c in s)): s for t, s in turns if t == best and len(s) == fewest}
    return best, list(sets.values())


def draw_best(rng: random.Random, ctx: SheetContext) -> Position | None:
    level = ctx.level
    if level in ORDER_LEVELS:
        letter = rng.choice("mpt")
        hand = [
            f"{TOPPINGS[rng.choice(letter + rng.choice('mpt'))]} {rng.choice(ORDER_FORMS)}" for _ in range(4)
        ]
        table = [pizza(rng.randint(1, 7), rng.choice(PAIRS)) for _ in range(3)]
    else:
        top = 7 if level == "whole" else 8
        hand = [pizza(rng.randint(1, top), rng.choice(PAIRS)) for _ in range(3)]
        table = [pizza(rng.randint(1, top), rng.choice(PAIRS)) for _ in range(4)]
    position: Position = {"level": level, "hand": hand, "table": table}
    best, sets = _best(position)
    if best == 0 or len(sets) != 1:
        return None  # one best set of captures, so the key has one answer
    position["best"] = best
    position["captures"] = len(next(iter(sets)))
    return position


def measure_best(position: Position, ctx: SheetContext) -> int:
    return int(position["captures"])


def task_best(position: Position, ctx: SheetContext) -> PrintTask:
    from sympy import Integer

    from ..explain import Explanation, Printed, psum

    lang = ctx.language
    best, sets = _best(position)
    captures = sets[0]
    worked = Explanation(title=ctx.say("best.title"), language=lang)
    game = table_of(position).copy()
    lines = []
    for i, capture in enumerate(captures, 1):
        worked.add_heading(ctx.say("best.capture", number=i))
        worked.extend(game.explain(capture, language=lang))
        game.play(capture)
        lines.append(
            ctx.say(
                "best.one",
                give=cards_words([str(c) for c in capture.give], ctx),
                take=cards_words([str(c) for c in capture.take], ctx),
            )
        )
    parts = [Printed(sum(c.eighths for c in cap.take), 8) for cap in captures]
    chain: list[Any] = [psum(parts) if len(parts) > 1 else parts[0], Printed(best, 8)]
    if best % 8 == 0:
        chain.append(Integer(best // 8))
    worked.add(ctx.say("best.total", amount=amount(best, ctx)), chain)
    worked.verdict = True
    svg, tex = picture(
        [(ctx.say("your_cards" if ctx.level in SIX_PLUS else "your_orders"), position["hand"]),
         (ctx.say("centre" if ctx.level in SIX_PLUS else "open_pizzas"), position["table"])],
        ctx,
    )  # fmt: skip
    greedy = max(sum(c.eighths for c in cap.take) for cap in table_of(position).captures())
    return PrintTask(
        kind="best_turn",
        language=lang,
        title=ctx.say("best.title"),
        prompt=ctx.say(
            "best.prompt",
            hand=cards_words(position["hand"], ctx),
            table=cards_words(position["table"], ctx),
        ),
        answer="; ".join(lines) + ". " + ctx.say("best.total", amount=amount(best, ctx)),
        short=ctx.say("best.short", amount=amount(best, ctx), n=len(captures)),
        worked=worked,
        misconceptions=(
            ctx.say("best.greedy", amount=amount(greedy, ctx)),
            ctx.say("best.one_only"),
        ),
        difficulty=measure_best(position, ctx),
        picture_svg=svg,
        picture_tex=tex,
        lines=4,
        position=position,
    )


# ---------------------------------------------------------------------- a score
def draw_score(rng: random.Random, ctx: SheetContext) -> Position | None:
    size = SCORE_CARDS.get(ctx.level, 5)
    top = 7
    pile = [pizza(rng.randint(1, top), rng.choice(PAIRS)) for _ in range(size)]
    total = sum(parse_card(c).eighths for c in pile)
    if total % 8 == 0 or total < 9:
        return None
    return {"level": ctx.level, "hand": [], "table": [], "piles": [pile, []], "pile": pile, "total": total}


#: Cards in the scored pile, per level: the score task's difficulty.
SCORE_CARDS = {"beginner": 4, "whole": 4, "basic": 5, "advanced": 6}


def measure_score(position: Position, ctx: SheetContext) -> int:
    return len(position["pile"])


def task_score(position: Position, ctx: SheetContext) -> PrintTask:
    lang = ctx.language
    game = table_of(position)
    score = game.scores()[0]
    total = int(score * 8)
    whole, left = divmod(total, 8)
    worked = game.explain_scores(language=lang)
    n = len(position["pile"])
    form = level_form(ctx.level)
    if form == "slices":
        answer = slices_words(total, 8, lang)
        short = answer
        improper = ctx.say("score.improper_slices", whole=whole - 1, slices=left + 8)
    else:
        answer = ctx.say("score.answer", total=f"{total}/8", whole=whole, left=f"{left}/8")
        if form == "both":
            answer += f" = {whole} {left}/8"
        short = f"{total}/8 = {whole} {left}/8" if form == "both" else f"{total}/8"
        improper = ctx.say("score.improper", whole=whole - 1, left=f"{left + 8}/8")
    svg, tex = picture([(ctx.say("pile"), position["pile"])], ctx)
    return PrintTask(
        kind="score",
        language=lang,
        title=ctx.say("score.title"),
        prompt=ctx.say(
            "score.prompt_slices" if form == "slices" else "score.prompt",
            cards=cards_words(position["pile"], ctx),
        ),
        answer=answer,
        short=short,
        worked=worked,
        misconceptions=(
            ctx.say("score.cards", n=n),
            improper,
            ctx.say("score.tops_bottoms", wrong=f"{total}/{8 * n}")
            if form != "slices"
            else ctx.say("score.count"),
        ),
        difficulty=measure_score(position, ctx),
        picture_svg=svg,
        picture_tex=tex,
        lines=3,
        position=position,
    )


KINDS: tuple[TaskKind, ...] = (
    TaskKind(
        "common", draw_common, measure_common, task_common,
        difficulty={"basic": 1, "advanced": 2}, levels=ORDER_LEVELS,
    ),
    TaskKind("illegal", draw_illegal, measure_illegal, task_illegal, difficulty={"advanced": 2, "*": 1}),
    TaskKind("best_turn", draw_best, measure_best, task_best, difficulty={"whole": 1, "*": 2}),
    TaskKind(
        "score", draw_score, measure_score, task_score,
        difficulty=dict(SCORE_CARDS),
    ),
)  # fmt: skip


#: The words of Delissimo's printed tasks, per language (a teacher may reword them;
#: every language has every key with the same placeholders: a test checks).
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "your_orders": "Your orders",
        "open_pizzas": "Open pizzas",
        "your_cards": "Your cards",
        "centre": "In the centre",
        "gives": "Gives",
        "takes": "Takes",
        "pile": "The pile",
        "common.title": "Two orders, one pizza",
        "common.prompt": (
            "Your orders: {hand}. Open pizzas: {table}. Two of your orders together can take one of "
            "the pizzas. Which two orders, and which pizza? Write their sum in eighths."
        ),
        "common.answer": "{a} and {b}: {sum}; they take {pizza}.",
        "common.tops_bottoms": (
            "Adding tops and bottoms: {a} + {b} is not {wrong}; write both in eighths first."
        ),
        "common.topping": "Choosing {pizza}: the amount is right, but it has no {topping}.",
        "common.numerators": "Adding only the tops of {a} and {b}, as if both were eighths.",
        "illegal.title": "Is this capture legal?",
        "illegal.prompt": (
            "A player wants to give {give} and take {take}. Is this capture legal? Explain why."
        ),
        "illegal.no": "No, it is not legal.",
        "illegal.topping": "The pizza has no {topping}: every pizza taken must carry the order's topping.",
        "illegal.numerator": (
            "{order} is not {pizza}: the tops are equal, but quarters and halves are bigger than eighths."
        ),
        "illegal.tops_bottoms": "{a} + {b} = {right}, not {pizza}: the orders are worth more than the pizza.",
        "illegal.one_for_one": "The amounts are equal, but one card may not take one card at 6+.",
        "illegal.unequal": "The card gives {given} but takes {taken}: the amounts must be equal.",
        "illegal.not_whole": "All the cards together make {all}: that is not a whole number of pizzas.",
        "illegal.short_topping": "no: topping",
        "illegal.short_numerator": "no: not equal",
        "illegal.short_tops_bottoms": "no: sum too big",
        "illegal.short_one_for_one": "no: 1 for 1",
        "illegal.short_unequal": "no: not equal",
        "illegal.short_not_whole": "no: not whole",
        "illegal.mistake_topping": '"Yes": only the amounts were compared, not the toppings.',
        "illegal.mistake_numerator": '"Yes": equal tops were taken for equal fractions.',
        "illegal.mistake_tops_bottoms": '"Yes": tops and bottoms were added ({a} + {b} "=" {pizza}).',
        "illegal.mistake_one_for_one": (
            '"Yes": equal amounts seem enough; the one-for-one rule was forgotten.'
        ),
        "illegal.mistake_unequal": '"Yes": the slices were not counted on both sides.',
        "illegal.mistake_not_whole": '"Yes": the slices were not counted up to whole pizzas.',
        "best.title": "The best turn",
        "best.prompt": (
            "Your cards: {hand}. On the table: {table}. In one turn you may make several captures. "
            "Which captures take the most pizza? How much pizza is that?"
        ),
        "best.capture": "Capture {number}",
        "best.one": "give {give}, take {take}",
        "best.total": "In all: {amount}",
        "best.short": "{amount} in {n} {n|capture|captures}",
        "best.greedy": "Stopping after the biggest single capture ({amount}): a second capture was possible.",
        "best.one_only": "Making one capture per turn: a turn may have several.",
        "score.title": "Whole pizzas and a leftover",
        "score.prompt": (
            "A pile holds these pizzas: {cards}. How many eighths is that in all? "
            "How many whole pizzas, and how much is left over?"
        ),
        "score.prompt_slices": (
            "A pile holds these pizzas: {cards}. How many whole pizzas can you make, "
            "and how many slices are left over?"
        ),
        "score.answer": "{total} = {whole} whole {whole|pizza|pizzas} and {left} left over",
        "score.improper": "{whole} whole {whole|pizza|pizzas} and {left}: the leftover is more than a pizza.",
        "score.improper_slices": (
            "{whole} whole {whole|pizza|pizzas} and {slices} slices: 8 of the slices make one more pizza."
        ),
        "score.cards": "{n} {n|pizza|pizzas}: the cards were counted, not the slices.",
        "score.tops_bottoms": "{wrong}: the bottoms were added as well as the tops.",
        "score.count": "A slice counted twice or missed: count the slices pizza by pizza.",
    },
    "ru": {
        "your_orders": "Твои заказы",
        "open_pizzas": "Открытые пиццы",
        "your_cards": "Твои карты",
        "centre": "В центре",
        "gives": "Отдаёт",
        "takes": "Берёт",
        "pile": "Стопка",
        "common.title": "Два заказа — одна пицца",
        "common.prompt": (
            "Твои заказы: {hand}. Открытые пиццы: {table}. Два твоих заказа вместе могут взять одну "
            "из пицц. Какие два заказа и какую пиццу? Запиши их сумму в восьмых."
        ),
        "common.answer": "{a} и {b}: {sum}; они берут пиццу {pizza}.",
        "common.tops_bottoms": (
            "Сложены числители и знаменатели: {a} + {b} не равно {wrong}; сначала запиши обе дроби в восьмых."
        ),
        "common.topping": "Выбрана пицца {pizza}: количество верное, но на ней нет начинки «{topping}».",
        "common.numerators": "Сложены только числители {a} и {b}, как будто обе дроби — восьмые.",
        "illegal.title": "Можно ли так взять?",
        "illegal.prompt": ("Игрок хочет отдать {give} и взять {take}. Можно ли так взять? Объясни почему."),
        "illegal.no": "Нет, так нельзя.",
        "illegal.topping": (
            "На пицце нет начинки «{topping}»: каждая взятая пицца должна быть с начинкой заказа."
        ),
        "illegal.numerator": (
            "{order} — это не {pizza}: числители равны, но четверти и половины больше восьмых."
        ),
        "illegal.tops_bottoms": "{a} + {b} = {right}, а не {pizza}: заказы стоят больше, чем пицца.",
        "illegal.one_for_one": "Количества равны, но на уровне 6+ нельзя брать одну карту за одну.",
        "illegal.unequal": "Карта отдаёт {given}, а берёт {taken}: количества должны быть равны.",
        "illegal.not_whole": "Все карты вместе — это {all}: это не целое число пицц.",
        "illegal.short_topping": "нет: начинка",
        "illegal.short_numerator": "нет: не равно",
        "illegal.short_tops_bottoms": "нет: сумма больше",
        "illegal.short_one_for_one": "нет: 1 за 1",
        "illegal.short_unequal": "нет: не равно",
        "illegal.short_not_whole": "нет: не целые",
        "illegal.mistake_topping": "«Да»: сравнили только количества, а начинки — нет.",
        "illegal.mistake_numerator": "«Да»: равные числители приняли за равные дроби.",
        "illegal.mistake_tops_bottoms": "«Да»: сложили числители и знаменатели ({a} + {b} «=» {pizza}).",
        "illegal.mistake_one_for_one": (
            "«Да»: кажется, что хватит равных количеств; забыто правило «не одну за одну»."
        ),
        "illegal.mistake_unequal": "«Да»: не пересчитали куски с обеих сторон.",
        "illegal.mistake_not_whole": "«Да»: не сосчитали, сколько получается целых пицц.",
        "best.title": "Лучший ход",
        "best.prompt": (
            "Твои карты: {hand}. На столе: {table}. За один ход можно сделать несколько взяток. "
            "Какие взятки дадут больше всего пиццы? Сколько это пиццы?"
        ),
        "best.capture": "Взятка {number}",
        "best.one": "отдать {give}, взять {take}",
        "best.total": "Всего: {amount}",
        "best.short": "{amount} за {n} {n|взятку|взятки|взяток}",
        "best.greedy": "Остановились после самой большой взятки ({amount}), а можно было сделать ещё одну.",
        "best.one_only": "Одна взятка за ход: а за ход их может быть несколько.",
        "score.title": "Целые пиццы и остаток",
        "score.prompt": (
            "В стопке лежат такие пиццы: {cards}. Сколько это восьмых всего? "
            "Сколько целых пицц и сколько остаётся?"
        ),
        "score.prompt_slices": (
            "В стопке лежат такие пиццы: {cards}. Сколько целых пицц можно собрать "
            "и сколько кусков останется?"
        ),
        "score.answer": "{total} = {whole} {whole|целая пицца|целые пиццы|целых пицц} и ещё {left}",
        "score.improper": (
            "{whole} {whole|целая пицца|целые пиццы|целых пицц} и {left}: остаток больше целой пиццы."
        ),
        "score.improper_slices": (
            "{whole} {whole|целая пицца|целые пиццы|целых пицц} и {slices} {slices|кусок|куска|кусков}: "
            "из 8 кусков получится ещё одна пицца."
        ),
        "score.cards": "{n} {n|пицца|пиццы|пицц}: посчитали карты, а не куски.",
        "score.tops_bottoms": "{wrong}: сложили не только числители, но и знаменатели.",
        "score.count": "Кусок посчитан дважды или пропущен: считай куски пиццу за пиццей.",
    },
    "bg": {
        "your_orders": "Твоите поръчки",
        "open_pizzas": "Открити пици",
        "your_cards": "Твоите карти",
        "centre": "В средата",
        "gives": "Дава",
        "takes": "Взима",
        "pile": "Купчината",
        "common.title": "Две поръчки — една пица",
        "common.prompt": (
            "Твоите поръчки: {hand}. Открити пици: {table}. Две от поръчките ти заедно могат да вземат "
            "една от пиците. Кои две поръчки и коя пица? Запиши сбора им в осмини."
        ),
        "common.answer": "{a} и {b}: {sum}; те взимат пицата {pizza}.",
        "common.tops_bottoms": (
            "Събрани са числителите и знаменателите: {a} + {b} не е {wrong}; "
            "първо запиши двете дроби в осмини."
        ),
        "common.topping": "Избрана е пицата {pizza}: количеството е вярно, но на нея няма {topping}.",
        "common.numerators": "Събрани са само числителите на {a} и {b}, сякаш и двете са осмини.",
        "illegal.title": "Може ли така да се вземе?",
        "illegal.prompt": ("Играч иска да даде {give} и да вземе {take}. Може ли така? Обясни защо."),
        "illegal.no": "Не, не може.",
        "illegal.topping": (
            "На пицата няма {topping}: всяка взета пица трябва да има съставката на поръчката."
        ),
        "illegal.numerator": (
            "{order} не е {pizza}: числителите са равни, но четвъртините и половинките са по-големи от "
            "осмините."
        ),
        "illegal.tops_bottoms": "{a} + {b} = {right}, а не {pizza}: поръчките струват повече от пицата.",
        "illegal.one_for_one": "Количествата са равни, но на ниво 6+ не може една карта за една карта.",
        "illegal.unequal": "Картата дава {given}, а взима {taken}: количествата трябва да са равни.",
        "illegal.not_whole": "Всички карти заедно правят {all}: това не е цял брой пици.",
        "illegal.short_topping": "не: съставка",
        "illegal.short_numerator": "не: не е равно",
        "illegal.short_tops_bottoms": "не: сборът е по-голям",
        "illegal.short_one_for_one": "не: 1 за 1",
        "illegal.short_unequal": "не: не е равно",
        "illegal.short_not_whole": "не: не са цели",
        "illegal.mistake_topping": "„Да“: сравнени са само количествата, а съставките — не.",
        "illegal.mistake_numerator": "„Да“: равните числители са взети за равни дроби.",
        "illegal.mistake_tops_bottoms": (
            "„Да“: събрани са числителите и знаменателите ({a} + {b} „=“ {pizza})."
        ),
        "illegal.mistake_one_for_one": (
            "„Да“: изглежда, че равни количества стигат; забравено е правилото „не една за една“."
        ),
        "illegal.mistake_unequal": "„Да“: парчетата не са преброени от двете страни.",
        "illegal.mistake_not_whole": "„Да“: не е преброено колко цели пици се получават.",
        "best.title": "Най-добрият ход",
        "best.prompt": (
            "Твоите карти: {hand}. На масата: {table}. В един ход можеш да направиш няколко взимания. "
            "Кои взимания дават най-много пица? Колко пица е това?"
        ),
        "best.capture": "Взимане {number}",
        "best.one": "дай {give}, вземи {take}",
        "best.total": "Общо: {amount}",
        "best.short": "{amount} с {n} {n|взимане|взимания}",
        "best.greedy": "Спиране след най-голямото взимане ({amount}), а е можело още едно.",
        "best.one_only": "Само едно взимане в ход: а в един ход може да има няколко.",
        "score.title": "Цели пици и остатък",
        "score.prompt": (
            "В купчината има такива пици: {cards}. Колко осмини са общо? Колко цели пици и колко остава?"
        ),
        "score.prompt_slices": (
            "В купчината има такива пици: {cards}. Колко цели пици можеш да събереш и колко парчета остават?"
        ),
        "score.answer": "{total} = {whole} {whole|цяла пица|цели пици} и още {left}",
        "score.improper": "{whole} {whole|цяла пица|цели пици} и {left}: остатъкът е повече от цяла пица.",
        "score.improper_slices": (
            "{whole} {whole|цяла пица|цели пици} и {slices} {slices|парче|парчета}: от 8 парчета става "
            "още една пица."
        ),
        "score.cards": "{n} {n|пица|пици}: преброени са картите, а не парчетата.",
        "score.tops_bottoms": "{wrong}: събрани са и знаменателите, не само числителите.",
        "score.count": "Парче е преброено два пъти или е пропуснато: брой парчетата пица по пица.",
    },
}
