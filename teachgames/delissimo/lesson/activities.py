"""Delissimo's lesson activities (6+, 8+, 10+) on the shared activity layer.

Each lesson is a few activities a notebook cell shows (``teachgames.lesson.show_activity(
"delissimo", "8plus", "warmup")``): the warm-up, the puzzles, the exit ticket. Every
screen is data: its words are the sections of ``text/<language>/<lesson>.md``
(``<screen>.title``, ``<screen>.prompt``, ``<screen>.reveal``, ``<screen>.worked``) and
the catalogue's ``delissimo.lesson.activity.*`` messages; its positions are the lesson
puzzles of ``lessons/puzzles.json`` (the plans quote them; the tests check them with the
engine); a pick on the table is judged by the engine (``game.problem``), never by rules
written again here.

Number forms follow the level (:data:`teachgames.delissimo.draw.numbers.LEVEL_FORMS`):
at 6+ pupils see slices and whole pizzas only (pizza cards show their number of slices,
never a fraction); 8+ works in eighths; 10+ adds mixed numbers.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ...core.i18n import tr
from ...lesson.screens import ActivitySpec, Screen, Words
from ...lesson.tasks import (
    CardGroup,
    Choose,
    Judge,
    Mark,
    Misconception,
    Option,
    PickCards,
    Text,
    TypeAmount,
    Wrong,
    plain,
    say,
)
from ..cards import SLICES_PER_PIZZA, Card, parse_card
from ..draw import card_svg, table_svg
from ..draw.numbers import level_form
from .arithmetic import side_words, slice_words
from .words import card_text, slices_text

TEXT = Path(__file__).resolve().parent / "text"
L = "delissimo.lesson.activity."
M = "lesson.misconception."
#: A typed amount of pizza: in pizzas, or counted in slices (eighths): "6 slices" is 6/8.
PIZZA: dict[str, Any] = {"unit": "pizzas", "part_unit": "slices"}


# ---------------------------------------------------------------------- data


@cache
def puzzles() -> dict[str, dict[str, Any]]:
    """The lesson puzzles (``lessons/puzzles.json``, shipped in the wheel as well)."""
    packaged = resources.files("teachgames") / "_bundled" / "lessons" / "puzzles.json"
    path = (
        packaged if packaged.is_file() else Path(__file__).resolve().parents[3] / "lessons" / "puzzles.json"
    )
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return {p["name"]: p for p in data["puzzles"]}


def position(name: str) -> Any:
    """The puzzle ``name`` as a game (a fresh one each time: a pick is only asked about)."""
    from ..game import scenario

    return scenario(**puzzles()[name]["scenario"])


# ---------------------------------------------------------------------- pictures and words


def slices_form(level: str) -> bool:
    return level_form(level) == "slices"


def card_picture(card: str, *, slices: bool, size: int = 96, amount: bool = True) -> Callable[[str], str]:
    """A card's picture; ``amount=False`` hides a pizza's number (the pupil counts it)."""
    return lambda language: str(card_svg(card, size=size, slices=slices, language=language, amount=amount))


def card_label(card: str, *, slices: bool) -> Text:
    """A card named for the pupil: at 6+ a pizza by its slices ("3 slices"), else its
    notation in the pupil's words ("tomato 1/4", «томаты 1/4»)."""
    c = parse_card(card)
    if slices and c.kind == "pizza":
        return lambda language: slices_text(c.eighths, language)
    return lambda language: card_text(c, language)


#: The cards' size in a lesson's table picture: their amounts show at 24 px or more in a
#: cell at 1280 x 720 with the file browser open (the puzzle tables are 610-710 px wide).
LESSON_CARD = 110


def table_picture(name: str) -> Callable[[str], str]:
    def draw(language: str) -> str:
        return str(table_svg(position(name).view(), size=LESSON_CARD, language=language))

    return draw


def amount_words(cards: Sequence[Card], slices: bool, language: str) -> str:
    """The cards' amount as the lesson says it: slices at 6+, fractions in eighths above."""
    return slice_words(cards, language) if slices else side_words(cards)


# ---------------------------------------------------------------------- picking cards


def _open_cards(view: dict[str, Any]) -> list[str]:
    if "centre" in view:
        return list(view["centre"])
    return [stack[0] for stack in view.get("stacks", []) if stack]


def _ids_of(cards: Sequence[str], row: Sequence[str], prefix: str) -> set[str]:
    """The ids of ``cards`` in ``row`` (each card its first unclaimed place)."""
    free = list(enumerate(row))
    out = set()
    for card in cards:
        for k, (i, name) in enumerate(free):
            if name == card:
                out.add(f"{prefix}:{i}")
                del free[k]
                break
    return out


def capture_task(name: str) -> PickCards:
    """Pick a capture on the puzzle ``name``'s table: your cards and the open pizzas.

    The engine judges the pick (``game.problem``); the line says it in the lesson's
    number words: why the amounts differ, which topping is missing, or the rule broken."""
    game = position(name)
    view = game.view()
    level = view["level"]
    slices = slices_form(level)
    hand = list(view["hands"][view["current"]])
    table = _open_cards(view)
    hand_opts = tuple(
        Option(f"hand:{i}", card_label(c, slices=slices), picture=card_picture(c, slices=slices))
        for i, c in enumerate(hand)
    )
    open_opts = tuple(
        Option(f"open:{i}", card_label(c, slices=slices), picture=card_picture(c, slices=slices))
        for i, c in enumerate(table)
    )
    rights = tuple(
        frozenset(
            _ids_of([str(x) for x in cap.give], hand, "hand")
            | _ids_of([str(x) for x in cap.take], table, "open")
        )
        for cap in game.captures()
    )
    data = puzzles()[name]
    wrongs: tuple[frozenset[str], ...] = ()
    if "give" in data.get("wrong", {}):
        w = data["wrong"]
        wrongs = (frozenset(_ids_of(w["give"], hand, "hand") | _ids_of(w["take"], table, "open")),)
    return PickCards(
        groups=(
            CardGroup(say(L + ("your_cards" if slices else "your_orders")), hand_opts),
            CardGroup(say(L + "open_pizzas"), open_opts),
        ),
        judge=_capture_judge(name, hand, table, slices),
        right=rights,
        wrongs=wrongs,
    )


def _capture_judge(name: str, hand: list[str], table: list[str], slices: bool) -> Judge:
    def judge(ids: Sequence[str], language: str) -> Mark:
        give = [hand[int(i.split(":")[1])] for i in ids if i.startswith("hand:")]
        take = [table[int(i.split(":")[1])] for i in ids if i.startswith("open:")]
        shown = " + ".join(card_label(c, slices=slices)(language) for c in give)
        shown += " → " + " + ".join(card_label(c, slices=slices)(language) for c in take)
        if not give or not take:
            return Mark("unread", tr(L + "pick_both", language), shown)
        game = position(name)
        move = {"kind": "capture", "player": game.current_player, "give": give, "take": take}
        problem = game.problem(move)
        g, t = [parse_card(c) for c in give], [parse_card(c) for c in take]
        if problem is None:
            line = tr(
                L + "capture_right",
                language,
                give=amount_words(g, slices, language),
                take=amount_words(t, slices, language),
            )
            return Mark("right", line, shown)
        code = problem.code
        if code == "sum-differs":
            key = L + "unequal"
            line = tr(
                key, language, give=amount_words(g, slices, language), take=amount_words(t, slices, language)
            )
        elif code == "topping-missing":
            key = L + "toppings"
            line = tr(key, language, missing=problem.words(language))
        elif code in ("one-for-one", "many-for-many", "composite"):
            key = L + code.replace("-", "_")
            line = tr(key, language)
        else:
            key = None
            line = problem.words(language)
        return Mark("wrong", line, shown, key)

    return judge


# ---------------------------------------------------------------------- 8+


def _order_option(card: str, right: bool, why: str | None = None) -> Option:
    return Option(
        card,
        card_label(card, slices=False),
        right=right,
        misconception=Misconception(L + why) if why else None,
        picture=card_picture(card, slices=False, size=80),
    )


def _fraction_option(oid: str, text: str, right: bool, why: str | None = None) -> Option:
    return Option(oid, plain(text), right=right, misconception=Misconception(why) if why else None)




def eighths_wrongs(p: int, q: int) -> tuple[Wrong, ...]:
    """The usual slips when p/q is written in eighths: only the bottom changed (p/8), only
    the top changed (p·k/q), or the top and bottom both added to (tops and bottoms)."""
    k = SLICES_PER_PIZZA // q
    return (
        Wrong(Misconception(M + "bottom_only"), ((p, 8),), shown=f"{p}/8"),
        Wrong(Misconception(M + "top_only"), ((p * k, q),), shown=f"{p * k}/{q}"),
    )


def _eightplus_warmup(words: Words, title: Text, part: str) -> ActivitySpec:
    """The warmup screens of the 8plus lesson."""
    fit = Choose(
        (
            _order_option("tomato 1/4", True),
            _order_option("mushroom 2/8", True),
            _order_option("pepper 1/4", False, "no_topping"),
        ),
        several=True,
    )
    half = Choose(
        (
            _fraction_option("2/4", "2/4", True),
            _fraction_option("1/8", "1/8", False, M + "bigger_denominator"),
            _fraction_option("4/8", "4/8", True),
            _fraction_option("2/8", "2/8", False, L + "half_of_eight"),
        ),
        several=True,
    )
    quarter = TypeAmount(
        (1, 4), form="over", den=8, wrongs=eighths_wrongs(1, 4), shown=plain("2/8"), counts=True, **PIZZA
    )
    compare = Choose(
        (
            _fraction_option("1/8", "1/8", False, M + "bigger_denominator"),
            _fraction_option("1/4", "1/4", True),
            Option("same", say(L + "same_amount"), misconception=Misconception(M + "same_amount")),
        )
    )
    screens: tuple[Screen, ...] = (
        words.screen("fit", fit, card_picture("2/8 mt", slices=False, size=120)),
        words.screen("half", half),
        words.screen("quarter", quarter, worked=True),
        words.screen("compare", compare, worked=True),
    )
    return ActivitySpec("delissimo-8plus", part, title, screens)


def _eightplus_puzzles(words: Words, title: Text, part: str) -> ActivitySpec:
    """The puzzles screens of the 8plus lesson."""
    sums = TypeAmount(
        (6, 8),
        form="over",
        den=8,
        wrongs=(
            Wrong(Misconception(M + "tops_and_bottoms"), ((3, 10),), shown="3/10"),
            Wrong(Misconception(L + "half_not_eighth"), ((3, 8),), shown="3/8"),
        ),
        shown=plain("6/8"),
        terms=((2, 8), (1, 2)),
        **PIZZA,
    )
    screens = (
        words.screen("toppings", capture_task("toppings-matter"), table_picture("toppings-matter")),
        words.screen("sum", sums, worked=True),
        words.screen("halves",
            capture_task("three-names-for-a-half"),
            table_picture("three-names-for-a-half"),
        ),
        words.screen("two_pizzas",
            capture_task("one-order-two-pizzas"),
            table_picture("one-order-two-pizzas"),
        ),
    )
    return ActivitySpec("delissimo-8plus", part, title, screens)


def _eightplus_ticket(words: Words, title: Text, part: str) -> ActivitySpec:
    """The ticket screens of the 8plus lesson."""
    which = Choose(
        (
            _order_option("tomato 3/4", True),
            _order_option("pepper 3/4", False, "no_topping"),
            _order_option("mushroom 6/8", True),
            _order_option("tomato 1/2", False, "amount_differs"),
        ),
        several=True,
    )
    three_quarters = TypeAmount(
        (3, 4), form="over", den=8, wrongs=eighths_wrongs(3, 4), shown=plain("6/8"), **PIZZA
    )
    more = Choose(
        (
            _fraction_option("3/8", "3/8", False, M + "tops_only"),
            _fraction_option("1/2", "1/2", True),
            Option("same", say(L + "same_amount"), misconception=Misconception(M + "same_amount")),
        )
    )
    screens = (
        words.screen("t1", which, card_picture("6/8 mt", slices=False, size=120), worked=True),
        words.screen("t2", three_quarters, worked=True),
        words.screen("t3", more, worked=True),
    )
    return ActivitySpec("delissimo-8plus", part, title, screens, summary=True)


def eightplus(part: str) -> ActivitySpec:
    words = Words(TEXT, "8plus")
    builders = {"warmup": _eightplus_warmup, "puzzles": _eightplus_puzzles, "ticket": _eightplus_ticket}
    build = builders.get(part)
    if build is None:
        raise KeyError(part)
    return build(words, words.section(f"{part}.activity"), part)


# ---------------------------------------------------------------------- 6+


def _slices_option(oid: str, n: int, right: bool, why: str | None = None, card: str | None = None) -> Option:
    """An option in slices ("5 slices"), with the pizza's picture when ``card`` is given."""
    return Option(
        oid,
        lambda language: slices_text(n, language),
        right=right,
        misconception=Misconception(why) if why else None,
        picture=card_picture(card, slices=True, size=88) if card else None,
    )


def _sixplus_warmup(words: Words, title: Text, part: str) -> ActivitySpec:
    """The warmup screens of the 6plus lesson."""
    count = Choose(
        (
            _slices_option("4", 4, False),
            _slices_option("5", 5, True),
            _slices_option("8", 8, False, L + "counted_empty"),
        )
    )
    same = Choose(
        (
            _slices_option("a", 2, True, card="2/8 pt"),
            _slices_option("b", 3, False, card="3/8 mp"),
            _slices_option("c", 4, True, card="4/8 mt"),
            _slices_option("d", 5, False, card="5/8 pt"),
        ),
        several=True,
        otherwise=Misconception(L + "count_together"),
    )
    whole = Choose(
        (
            _slices_option("a", 3, True, card="3/8 mt"),
            _slices_option("b", 6, False, card="6/8 mp"),
            _slices_option("c", 5, True, card="5/8 pt"),
            _slices_option("d", 1, False, card="1/8 mt"),
        ),
        several=True,
        otherwise=Misconception(L + "whole_pair"),
    )
    screens: tuple[Screen, ...] = (
        words.screen("count", count, card_picture("5/8 mt", slices=True, size=250, amount=False)),
        words.screen("same", same, card_picture("6/8 mp", slices=True, size=120)),
        words.screen("whole", whole),
    )
    return ActivitySpec("delissimo-6plus", part, title, screens)


def _sixplus_puzzles(words: Words, title: Text, part: str) -> ActivitySpec:
    """The puzzles screens of the 6plus lesson."""
    screens = (
        words.screen("slices", capture_task("count-the-slices"), table_picture("count-the-slices")),
        words.screen("a_whole", capture_task("a-whole-pizza"), table_picture("a-whole-pizza")),
        words.screen("first", capture_task("which-first"), table_picture("which-first")),
    )
    return ActivitySpec("delissimo-6plus", part, title, screens)


def _sixplus_ticket(words: Words, title: Text, part: str) -> ActivitySpec:
    """The ticket screens of the 6plus lesson."""
    pairs = Choose(
        (
            Option("1+4", say(L + "pair", a=slices_text_fn(1), b=slices_text_fn(4)), right=True),
            Option("3+2", say(L + "pair", a=slices_text_fn(3), b=slices_text_fn(2)), right=True),
            Option(
                "4+3",
                say(L + "pair", a=slices_text_fn(4), b=slices_text_fn(3)),
                misconception=Misconception(L + "count_together"),
            ),
            Option(
                "1+2",
                say(L + "pair", a=slices_text_fn(1), b=slices_text_fn(2)),
                misconception=Misconception(L + "count_together"),
            ),
        ),
        several=True,
    )
    one_card = Choose(
        (
            Option("yes", say(L + "yes"), misconception=Misconception(L + "one_for_one")),
            Option("no", say(L + "no"), right=True),
        )
    )
    wholes = Choose(
        (
            Option(
                "2",
                lambda lang: tr("lesson.whole_pizzas", lang, n=2),
                misconception=Misconception(M + "whole_is_eight"),
            ),
            Option("3", lambda lang: tr("lesson.whole_pizzas", lang, n=3), right=True),
            Option(
                "4",
                lambda lang: tr("lesson.whole_pizzas", lang, n=4),
                misconception=Misconception(M + "whole_is_eight"),
            ),
        )
    )
    screens = (
        words.screen("t1", pairs, worked=True),
        words.screen("t2", one_card, worked=True),
        words.screen("t3", wholes, worked=True),
    )
    return ActivitySpec("delissimo-6plus", part, title, screens, summary=True)


def sixplus(part: str) -> ActivitySpec:
    words = Words(TEXT, "6plus")
    builders = {"warmup": _sixplus_warmup, "puzzles": _sixplus_puzzles, "ticket": _sixplus_ticket}
    build = builders.get(part)
    if build is None:
        raise KeyError(part)
    return build(words, words.section(f"{part}.activity"), part)


def slices_text_fn(n: int) -> Text:
    return lambda language: slices_text(n, language)


# ---------------------------------------------------------------------- 10+


def _mixed(p: int, q: int = 8) -> Text:
    from ...core.numbers import mixed_number

    return plain(mixed_number(p, q))


def _tenplus_warmup(words: Words, title: Text, part: str) -> ActivitySpec:
    """The warmup screens of the 10plus lesson."""
    missed_whole = Misconception(L + "missed_whole")
    fill = TypeAmount(
        (21, 8),
        form="mixed",
        wrongs=(Wrong(missed_whole, ((13, 8),), shown="1 5/8"),),
        shown=_mixed(21),
        **PIZZA,
    )
    alone = TypeAmount(
        (27, 8),
        form="mixed",
        wrongs=(Wrong(missed_whole, ((19, 8),), shown="2 3/8"),),
        shown=_mixed(27),
        **PIZZA,
    )
    screens: tuple[Screen, ...] = (
        words.screen("example"),
        words.screen("fill", fill, worked=True),
        words.screen("alone", alone, worked=True),
    )
    return ActivitySpec("delissimo-10plus", part, title, screens)


def _tenplus_puzzles(words: Words, title: Text, part: str) -> ActivitySpec:
    """The puzzles screens of the 10plus lesson."""
    take_away = TypeAmount(
        (14, 8),
        wrongs=(
            Wrong(Misconception(M + "not_regrouped"), ((18, 8),), shown="2 2/8"),
            Wrong(Misconception(M + "sign"), ((-14, 8),), shown="-1 6/8"),
        ),
        shown=plain("1 6/8 = 1 3/4"),
        terms=((29, 8), (-15, 8)),
        **PIZZA,
    )
    total = TypeAmount(
        (15, 8),
        wrongs=(
            Wrong(Misconception(M + "tops_and_bottoms"), ((6, 13),), shown="6/13"),
            Wrong(Misconception(L + "half_is_four_eighths"), ((13, 8),), shown="1 5/8"),
            Wrong(Misconception(L + "whole_forgotten"), ((7, 8),), shown="7/8"),
        ),
        shown=plain("15/8 = 1 7/8"),
        terms=((2, 4), (3, 8), (1, 1)),
        **PIZZA,
    )
    penalty = TypeAmount(
        (15, 8),
        wrongs=(Wrong(Misconception(L + "action_card_whole"), ((7, 8),), shown="7/8"),),
        shown=plain("15/8 = 1 7/8"),
        terms=((3, 8), (1, 1), (2, 4)),
        **PIZZA,
    )
    screens = (
        words.screen("take_away", take_away, worked=True),
        words.screen("composite", capture_task("composite-orders"), table_picture("composite-orders")),
        words.screen("total", total, worked=True),
        words.screen("penalty", penalty, table_picture("penalty"), worked=True),
    )
    return ActivitySpec("delissimo-10plus", part, title, screens)


def _tenplus_ticket(words: Words, title: Text, part: str) -> ActivitySpec:
    """The ticket screens of the 10plus lesson."""
    missed_whole = Misconception(L + "missed_whole")
    mixed = TypeAmount(
        (19, 8),
        form="mixed",
        wrongs=(Wrong(missed_whole, ((11, 8),), shown="1 3/8"),),
        shown=_mixed(19),
        **PIZZA,
    )
    back = TypeAmount(
        (11, 8),
        wrongs=(Wrong(Misconception(M + "not_regrouped"), ((21, 8),), shown="2 5/8"),),
        shown=plain("1 3/8"),
        terms=((17, 8), (-6, 8)),  # 2 1/8 − 3/4, the 3/4 written in eighths as the solution does
        **PIZZA,
    )
    add = TypeAmount(
        (11, 8),
        wrongs=(Wrong(Misconception(M + "tops_and_bottoms"), ((8, 12),), shown="8/12"),),
        shown=plain("11/8 = 1 3/8"),
        terms=((3, 4), (5, 8)),
        **PIZZA,
    )
    screens = (
        words.screen("t1", mixed, worked=True),
        words.screen("t2", back, worked=True),
        words.screen("t3", add, worked=True),
    )
    return ActivitySpec("delissimo-10plus", part, title, screens, summary=True)


def tenplus(part: str) -> ActivitySpec:
    words = Words(TEXT, "10plus")
    builders = {"warmup": _tenplus_warmup, "puzzles": _tenplus_puzzles, "ticket": _tenplus_ticket}
    build = builders.get(part)
    if build is None:
        raise KeyError(part)
    return build(words, words.section(f"{part}.activity"), part)


#: Every lesson's activities: lesson -> (part names in order, builder).
LESSONS: dict[str, tuple[tuple[str, ...], Callable[[str], ActivitySpec]]] = {
    "6plus": (("warmup", "puzzles", "ticket"), sixplus),
    "8plus": (("warmup", "puzzles", "ticket"), eightplus),
    "10plus": (("warmup", "puzzles", "ticket"), tenplus),
}


@cache
def activity(lesson: str, part: str) -> ActivitySpec:
    """The activity ``part`` of the Delissimo lesson ``lesson`` ("8plus", "warmup")."""
    if lesson not in LESSONS or part not in LESSONS[lesson][0]:
        known = ", ".join(f"{k}: {'/'.join(v[0])}" for k, v in LESSONS.items())
        raise KeyError(f"no Delissimo activity {lesson!r} {part!r}; the activities are {known}")
    return LESSONS[lesson][1](part)
