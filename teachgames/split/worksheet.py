"""Split's printed tasks: pairs to classify and a score pad to read, as data.

* ``classify``: four pairs of half-cards, each perfect, strong, weak or no match;
  difficulty = the pairs whose colour must be checked (strong and weak).
* ``pad``: the score pad after a round; difficulty = the rows with a box marked.

Answers are the engine's (``match_type``, ``pad_score``, the match explanation); the
pad table is the preset's (docs/split.md). Words: :data:`WORDS`.
"""

from __future__ import annotations

import html
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.errors import IllegalMove
from ..worksheets.tasks import Position, PrintTask, SheetContext, TaskKind
from .cards import RANKS, SUITS, match_type
from .rules import ROWS, make_rules

RED, BLACK = ("h", "d"), ("s", "c")
TYPES = ("perfect", "strong", "weak", "none")


def pair_of(kind: str, rng: random.Random) -> tuple[str, str]:
    rank = rng.choice(RANKS)
    suit = rng.choice(SUITS)
    same_colour = RED if suit in RED else BLACK
    if kind == "perfect":
        return f"{rank}{suit}", f"{rank}{suit}"
    if kind == "strong":
        return f"{rank}{suit}", f"{rank}{next(s for s in same_colour if s != suit)}"
    if kind == "weak":
        other = BLACK if suit in RED else RED
        return f"{rank}{suit}", f"{rank}{rng.choice(other)}"
    return f"{rank}{suit}", f"{rng.choice([r for r in RANKS if r != rank])}{rng.choice(SUITS)}"


def kind_of(a: str, b: str) -> str:
    """The engine's word for a pair: match_type, or "none" when it refuses the pair."""
    try:
        return str(match_type(a, b))
    except IllegalMove:
        return "none"


def draw_classify(rng: random.Random, ctx: SheetContext) -> Position | None:
    kinds = [rng.choice(TYPES) for _ in range(4)]
    if len(set(kinds)) < 3:
        return None  # a mix, so that sorting them teaches something
    return {"pairs": [list(pair_of(k, rng)) for k in kinds]}


def measure_classify(position: Position, ctx: SheetContext) -> int:
    return sum(kind_of(a, b) in ("strong", "weak") for a, b in position["pairs"])


def _pairs_picture(pairs: Sequence[Sequence[str]], ctx: SheetContext) -> tuple[str, str]:
    from ..worksheets.pictures import rows_svg, rows_tex
    from .draw import card_svg
    from .tikz import pair_tikz

    svg_rows, tex_rows = [], []
    for i, (a, b) in enumerate(pairs, 1):
        label = ctx.say("pair", number=i)
        svg_rows.append(
            (label, [str(card_svg(a, language=ctx.language, side="left", scale=0.8)),
                     str(card_svg(b, language=ctx.language, side="right", scale=0.8))])
        )  # fmt: skip
        body = "\n  ".join(pair_tikz([a, b], 0))
        tex_rows.append(
            (
                label,
                "\\begin{tikzpicture}[baseline=(current bounding box.center)]\n  "
                + body
                + "\n\\end{tikzpicture}",
            )
        )
    return rows_svg(svg_rows), rows_tex(tex_rows)


def task_classify(position: Position, ctx: SheetContext) -> PrintTask:
    from ..explain import Explanation
    from .draw import card_alt
    from .explain import explain_match_type

    lang = ctx.language
    pairs = position["pairs"]
    worked = Explanation(title=ctx.say("classify.title"), language=lang)
    answers = []
    for i, (a, b) in enumerate(pairs, 1):
        worked.add_heading(ctx.say("pair", number=i))
        kind = kind_of(a, b)
        worked.extend(explain_match_type(a, b, lang, verdict=kind != "none"))
        answers.append(f"{i}) {ctx.say('type.' + kind)}")
    svg, tex = _pairs_picture(pairs, ctx)
    listed = "; ".join(f"{i}) {card_alt(a, lang)} + {card_alt(b, lang)}" for i, (a, b) in enumerate(pairs, 1))
    return PrintTask(
        kind="classify",
        language=lang,
        title=ctx.say("classify.title"),
        prompt=ctx.say("classify.prompt", pairs=listed),
        answer="; ".join(answers),
        short=" ".join(ctx.say("short." + kind_of(a, b)) for a, b in pairs),
        worked=worked,
        misconceptions=(ctx.say("classify.suit_colour"), ctx.say("classify.rank"), ctx.say("classify.weak")),
        difficulty=measure_classify(position, ctx),
        picture_svg=svg,
        picture_tex=tex,
        lines=2,
        position=position,
    )


def _table(ctx: SheetContext) -> Mapping[str, Sequence[int]]:
    return make_rules(str(ctx.options.get("preset") or "standard")).pad


def draw_pad(rng: random.Random, ctx: SheetContext) -> Position | None:
    marks = {row: rng.randint(0, 4) for row in ROWS}
    return {"marks": marks}


def measure_pad(position: Position, ctx: SheetContext) -> int:
    return sum(1 for v in position["marks"].values() if v)


def _pad_picture(
    marks: Mapping[str, int], table: Mapping[str, Sequence[int]], ctx: SheetContext
) -> tuple[str, str]:
    """The pad with its marked boxes crossed out (no totals: they are the question)."""
    from ..exports.latex import tex_escape

    cols = max(len(v) for v in table.values())
    rows_html, rows_tex = [], []
    for row in ROWS:
        cells_html, cells_tex = [], []
        for i in range(cols):
            values = table[row]
            if i >= len(values):
                cells_html.append("<td></td>")
                cells_tex.append("")
                continue
            value = values[i] if row != "negative" or not values[i] else -values[i]
            shown = str(value).replace("-", "−")
            if i < marks[row]:
                cells_html.append('<td class="marked">☒</td>')
                cells_tex.append(r"$\boxtimes$")
            else:
                cells_html.append(f"<td>{shown}</td>")
                cells_tex.append(f"${value}$")
        label = ctx.say("row." + row)
        rows_html.append(f"<tr><th>{html.escape(label)}</th>{''.join(cells_html)}</tr>")
        rows_tex.append(tex_escape(label) + " & " + " & ".join(cells_tex) + r" \\ \hline")
    svg = '<table class="summary" style="width:auto;text-align:center">' + "".join(rows_html) + "</table>"
    tex = "\\begin{tabular}{|l|" + "c|" * cols + "}\\hline\n" + "\n".join(rows_tex) + "\n\\end{tabular}"
    return svg, tex


def task_pad(position: Position, ctx: SheetContext) -> PrintTask:
    from . import pad_score

    lang = ctx.language
    marks = position["marks"]
    table = _table(ctx)
    points, worked = pad_score(**marks, table=table, language=lang)
    svg, tex = _pad_picture(marks, table, ctx)
    marked_sum = sum(marks[r] for r in ROWS if r != "negative") - marks["negative"]
    last = [table[r][max(0, marks[r] - 1)] for r in ROWS]
    last_value = sum(last[:-1]) - last[-1]
    upper = [table[r][min(marks[r], len(table[r]) - 1)] for r in ROWS]
    added = sum(upper)
    return PrintTask(
        kind="pad",
        language=lang,
        title=ctx.say("pad.title"),
        prompt=ctx.say("pad.prompt"),
        answer=ctx.say("pad.answer", points=str(points).replace("-", "−")),
        short=str(points).replace("-", "−"),
        worked=worked,
        misconceptions=(
            ctx.say("pad.counted", wrong=str(marked_sum).replace("-", "−")),
            ctx.say("pad.last_marked", wrong=str(last_value).replace("-", "−")),
            ctx.say("pad.added_negative", wrong=str(added)),
        ),
        difficulty=measure_pad(position, ctx),
        picture_svg=svg,
        picture_tex=tex,
        lines=2,
        position={"marks": dict(marks), "preset": str(ctx.options.get("preset") or "standard")},
    )


KINDS: tuple[TaskKind, ...] = (
    TaskKind("classify", draw_classify, measure_classify, task_classify, difficulty={"*": 2}),
    TaskKind("pad", draw_pad, measure_pad, task_pad, difficulty={"*": 4}),
)

_EN: dict[str, Any] = {
    "pair": "Pair {number}",
    "type.perfect": "perfect",
    "type.strong": "strong",
    "type.weak": "weak",
    "type.none": "not a match",
    "short.perfect": "P",
    "short.strong": "S",
    "short.weak": "W",
    "short.none": "–",
    "row.perfect": "Perfect",
    "row.strong": "Strong",
    "row.weak": "Weak",
    "row.negative": "Negative",
}

#: The words of Split's printed tasks, per language.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        **_EN,
        "classify.title": "What kind of match?",
        "classify.prompt": ("Write beside each pair: perfect, strong, weak, or not a match. {pairs}."),
        "classify.suit_colour": (
            "Suit and colour mixed up: hearts and diamonds are both red, but different suits."
        ),
        "classify.rank": "Two halves of different ranks called a weak match: a match needs the same rank.",
        "classify.weak": "Strong and weak swapped: same colour is strong, different colours weak.",
        "pad.title": "The score pad",
        "pad.prompt": (
            "This is a player's score pad after a round (crossed boxes are marked). "
            "Read the first open box of each row. What is the score?"
        ),
        "pad.answer": "The first open boxes of the upper rows added, the negative row subtracted: {points}.",
        "pad.counted": "{wrong}: the marked boxes were counted instead of reading the first open box.",
        "pad.last_marked": "{wrong}: the last marked box was read, not the first open one.",
        "pad.added_negative": "{wrong}: the negative row was added instead of subtracted.",
    },
    "ru": {
        "pair": "Пара {number}",
        "type.perfect": "идеальная",
        "type.strong": "сильная",
        "type.weak": "слабая",
        "type.none": "не пара",
        "short.perfect": "И",
        "short.strong": "С",
        "short.weak": "Сл",
        "short.none": "–",
        "row.perfect": "Идеальные",
        "row.strong": "Сильные",
        "row.weak": "Слабые",
        "row.negative": "Штрафные",
        "classify.title": "Какая это пара?",
        "classify.prompt": "Подпиши каждую пару: идеальная, сильная, слабая или не пара. {pairs}.",
        "classify.suit_colour": "Спутаны масть и цвет: червы и бубны обе красные, но масти разные.",
        "classify.rank": "Половинки разного достоинства названы слабой парой: в паре достоинство одно.",
        "classify.weak": "Спутаны сильная и слабая: один цвет — сильная, разные цвета — слабая.",
        "pad.title": "Таблица очков",
        "pad.prompt": (
            "Это таблица очков игрока после раунда (зачёркнутые клетки отмечены). "
            "Найди в каждой строке первую свободную клетку. Сколько очков у игрока?"
        ),
        "pad.answer": "Первые свободные клетки верхних строк сложить, штрафную вычесть: {points}.",
        "pad.counted": "{wrong}: посчитали отмеченные клетки, а не прочитали первую свободную.",
        "pad.last_marked": "{wrong}: прочитали последнюю отмеченную клетку, а не первую свободную.",
        "pad.added_negative": "{wrong}: штрафную строку прибавили, а не вычли.",
    },
    "bg": {
        "pair": "Чифт {number}",
        "type.perfect": "перфектен",
        "type.strong": "силен",
        "type.weak": "слаб",
        "type.none": "не е чифт",
        "short.perfect": "П",
        "short.strong": "Си",
        "short.weak": "Сл",
        "short.none": "–",
        "row.perfect": "Перфектни",
        "row.strong": "Силни",
        "row.weak": "Слаби",
        "row.negative": "Наказателни",
        "classify.title": "Какъв е чифтът?",
        "classify.prompt": "Напиши до всеки чифт: перфектен, силен, слаб или не е чифт. {pairs}.",
        "classify.suit_colour": "Объркани са боя и цвят: купа и каро са червени, но са различни бои.",
        "classify.rank": "Половинки с различна стойност са наречени слаб чифт: чифтът иска еднаква стойност.",
        "classify.weak": "Разменени са силен и слаб: един цвят е силен, различни цветове — слаб.",
        "pad.title": "Таблицата с точки",
        "pad.prompt": (
            "Това е таблицата с точки на играч след рунд (зачеркнатите квадратчета са отбелязани). "
            "Намери първото свободно квадратче на всеки ред. Колко точки има играчът?"
        ),
        "pad.answer": (
            "Първите свободни квадратчета на горните редове се събират, наказателното се изважда: {points}."
        ),
        "pad.counted": (
            "{wrong}: преброени са отбелязаните квадратчета, вместо да се прочете първото свободно."
        ),
        "pad.last_marked": "{wrong}: прочетено е последното отбелязано квадратче, а не първото свободно.",
        "pad.added_negative": "{wrong}: наказателният ред е прибавен, а не изваден.",
    },
}
