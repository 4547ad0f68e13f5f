"""The three Delissimo lessons (6+, 8+, 10+) for the generic notebook builder
(:mod:`teachgames.lesson.notebooks`): which cells each lesson has, in which order. Every
word is in ``text/<language>/`` (``common.md`` for what the lessons share, one file per
lesson); the puzzles' positions come from ``lessons/puzzles.json`` (the data the plans
quote and the tests check); the seeds from the plans (seed 7 everywhere).

Each lesson fits its pupils and its 45 minutes:

- 6+ speaks in slices and whole pizzas; pupils answer by clicking (puzzles and ticket).
- 8+ leaves the action cards out (no special orders, no cancels: the plan's advice for a
  first lesson), three puzzles, a short game, a typed exit ticket.
- 10+ adds composite orders, special orders at any time and the penalty, with piles large
  enough that no score goes below zero (negative numbers come in grade 6).

The play cell names the lesson's number form (``number_form=``: 6+ slices and whole pizzas,
8+ eighths, 10+ eighths and mixed numbers; the Decision is
:data:`teachgames.delissimo.draw.numbers.LEVEL_FORMS`, which the replay widget follows by
default), so a teacher sees where to change it.

The first widget of the 8+ notebook is the replay, the only play widget comes later (the
browser test relies on it). Puzzle positions are static pictures (``table_svg``).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from ...lesson.notebooks import Book, Lesson
from ..cards import parse_card
from ..draw.numbers import level_form
from .words import example_card

TEXT = Path(__file__).resolve().parent / "text"
ROOT = Path(__file__).resolve().parents[3]

IMPORTS = """\
import teachgames
from teachgames.bots import GreedyBot
from teachgames.delissimo import parse_card, scenario
from teachgames.delissimo.draw import table_svg
from teachgames.delissimo.lesson import check_capture, exit_ticket
from teachgames.delissimo.lesson.display import show_captures
from teachgames.delissimo.lesson.plans import WARMUPS
from teachgames.explain import Printed, representations"""

IMPORTS_6 = """\
import teachgames
from teachgames.bots import GreedyBot
from teachgames.delissimo import parse_card, scenario
from teachgames.delissimo.draw import table_svg
from teachgames.delissimo.lesson import exit_ticket
from teachgames.delissimo.lesson.choices import capture_choices
from teachgames.delissimo.lesson.display import show_captures
from teachgames.lesson import ask"""

#: 8+ plays without action cards (no special orders, no cancels) in its first lesson.
NO_ACTION_CARDS = {"specials_per_pair": 0, "cancels": 0}


@cache
def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "lessons" / "puzzles.json").read_text(encoding="utf-8"))
    return data


def puzzles() -> dict[str, dict[str, Any]]:
    return {p["name"]: p for p in _data()["puzzles"]}


# ---------------------------------------------------------------------- source text


def list_src(items: list[str]) -> str:
    return "[" + ", ".join(json.dumps(i, ensure_ascii=False) for i in items) + "]"


def scenario_src(sc: dict[str, Any], var: str = "puzzle") -> str:
    lines = [f"{var} = scenario("]
    for key in ("level", "hands", "centre", "stacks", "deck", "orders", "piles", "current", "rules"):
        if key not in sc:
            continue
        value = sc[key]
        if key in ("level", "rules"):
            text = json.dumps(value)
        elif key == "current":
            text = str(value)
        elif (value and isinstance(value[0], list)) or key in ("hands", "stacks", "piles"):
            text = "[" + ", ".join(list_src(v) for v in value) + "]"
        else:
            text = list_src(value)
        lines.append(f"    {key}={text},")
    lines.append(")")
    return "\n".join(lines)


def typed(cards: list[str], language: str) -> list[str]:
    """Cards as a pupil types them in ``language`` ("томаты 1/4" in Russian)."""
    return [example_card(c, language) for c in cards]


def cards_md(book: Book, cards: list[str], slices_only: bool = False) -> str:
    if not cards:
        return str(book.say("nothing"))
    if slices_only:
        return ", ".join(f"`{parse_card(c).printed}`" for c in cards)
    return ", ".join(f"`{c}`" for c in typed(cards, book.language))


def position_md(book: Book, p: dict[str, Any], slices_only: bool = False) -> str:
    sc = p["scenario"]
    rows = []
    for i, hand in enumerate(sc["hands"]):
        mark = str(book.say("to_play")) if i == sc.get("current", 0) else ""
        rows.append(book.say("row.player", n=i + 1, mark=mark, cards=cards_md(book, hand, slices_only)))
    if "centre" in sc:
        rows.append(book.say("row.centre", cards=cards_md(book, sc["centre"], slices_only)))
    if "stacks" in sc:
        tops = [st[0] for st in sc["stacks"] if st]
        rows.append(book.say("row.open", cards=cards_md(book, tops)))
    return "\n".join(rows)


def check_src(book: Book, move: dict[str, Any], current: int = 0) -> str:
    player = "" if move.get("player", current) == current else f", player={move['player']}"
    give, take = typed(move["give"], book.language), typed(move["take"], book.language)
    return f"check_capture(puzzle, give={list_src(give)}, take={list_src(take)}{player})"


def right_move(p: dict[str, Any]) -> dict[str, Any] | None:
    for step in p.get("line", {}).get("steps", []):
        if step["move"]["kind"] == "capture" and step["move"]["player"] == p["scenario"].get("current", 0):
            return dict(step["move"])
        break
    if p["captures"]:
        return {"give": p["captures"][0]["give"], "take": p["captures"][0]["take"], "player": 0}
    return None


# ---------------------------------------------------------------------- shared parts


def puzzle_cells(book: Book, name: str, number: int, choose: bool = False) -> None:
    """Question, position, a self-check (typed, or chosen at 6+), the answers, the line."""
    p = puzzles()[name]
    book.md(
        "puzzle.head",
        number=number,
        title=book.say(f"puzzle.{name}.title"),
        question=book.say(f"puzzle.{name}.question"),
        position=position_md(book, p, slices_only=choose),
        teacher=book.say(f"teacher.{name}"),
    )
    book.code(scenario_src(p["scenario"]) + "\ntable_svg(puzzle.view())")
    wrong = p["wrong"]
    if choose:
        book.md("puzzle.choose")
        also = [{"give": wrong["give"], "take": wrong["take"]}] if "give" in wrong else []
        book.code(
            f"choice = capture_choices(puzzle, also={json.dumps(also, ensure_ascii=False)})\nask(choice)"
        )
    else:
        if "give" in wrong:
            book.md("puzzle.check_wrong")
            book.code(check_src(book, wrong))
        right = right_move(p)
        if right is not None:
            book.md("puzzle.check_right")
            book.code(check_src(book, right))
    book.md("puzzle.answers")
    book.code("show_captures(puzzle)")
    if "line" in p:
        moves = [s["move"] for s in p["line"]["steps"]]
        src = "\n".join(f"line.play({json.dumps(m, ensure_ascii=False)})" for m in moves)
        book.md("puzzle.line", why=book.say(f"puzzle.{name}.why"))
        book.code(f"line = puzzle.copy()\n{src}\ntable_svg(line.view())")


def game_src(level: str, players: int, rules: dict[str, Any] | None, var: str = "g") -> str:
    extra = f", rules={json.dumps(rules)}" if rules else ""
    return f'{var} = teachgames.new_game("delissimo", level="{level}", players={players}, seed=7{extra})'


def deal_md(book: Book, level: str, players: int, rules: dict[str, Any] | None, slices_only: bool) -> str:
    from ..game import new_game

    view = new_game(level=level, players=players, seed=7, rules=rules).view()
    rows = [
        book.say("row.player", n=i + 1, mark="", cards=cards_md(book, hand, slices_only))
        for i, hand in enumerate(view["hands"])
    ]
    opened = view["centre"] if "centre" in view else [s[0] for s in view["stacks"] if s]
    rows.append(book.say("row.opened", cards=cards_md(book, opened, slices_only)))
    return "\n".join(rows)


def replay_cells(book: Book, level: str, players: int, rules: dict[str, Any] | None = None) -> None:
    slices_only = level in ("beginner", "whole")
    book.md(
        "replay.intro",
        call=game_src(level, players, rules).split(" = ", 1)[1],
        deal=deal_md(book, level, players, rules, slices_only),
        teacher=book.say("teacher.replay"),
    )
    book.code(game_src(level, players, rules) + "\nshow_captures(g)")
    book.md("replay.steps")
    bots = ", ".join(["GreedyBot()"] * players)
    book.code(
        f"bots = [{bots}]\n"
        "while not g.is_over():\n"
        "    g.play(bots[g.current_player].choose(g))\n"
        'w = teachgames.show(g, mode="replay")'
    )
    book.md("replay.scores")
    book.code("g.explain_scores()")


def play_cells(book: Book, level: str, players: int, rules: dict[str, Any] | None = None) -> None:
    pupil = json.dumps(str(book.say("pupil")), ensure_ascii=False)
    seats = ", ".join([pupil] + ["GreedyBot()"] * (players - 1))
    book.md("play.intro", teacher=book.say("teacher.play"))
    book.code(
        game_src(level, players, rules, "game") + "\n"
        f'play = teachgames.show(game, mode="play", players=[{seats}], number_form="{level_form(level)}")\n'
        "play"
    )
    book.md("play.scores")
    book.code("game.explain_scores(names=play.names)")


def ticket_cells(book: Book, name: str, label: str) -> None:
    if name == "6plus":
        book.md("ticket.intro_choose", label=label)
        book.code(f'ticket = exit_ticket("{name}")\nticket.ask()')
        return
    book.md("ticket.intro", label=label)
    book.code(f'ticket = exit_ticket("{name}")\nticket')
    comment = book.say("ticket.your_answer")
    for n in (1, 2, 3):
        book.code(f'ticket.answer({n}, "")  # {comment}')
    book.code("print(ticket.summary())")


# ---------------------------------------------------------------------- the lessons


def six_plus(book: Book) -> None:
    book.md("title")
    book.setup(IMPORTS_6)
    book.md("hook")
    book.code('parse_card("3/8 mt")')
    book.md("half")
    book.code('parse_card("4/8 pt")')
    replay_cells(book, "beginner", 2)
    for number, name in enumerate(("count-the-slices", "a-whole-pizza", "which-first", "whole-pizzas"), 1):
        puzzle_cells(book, name, number, choose=True)
    play_cells(book, "beginner", 2)
    ticket_cells(book, "6plus", "6+")


def eight_plus(book: Book) -> None:
    book.md("title")
    book.setup(IMPORTS)
    book.md("warmup")
    book.code(
        'warmup = scenario(level="basic", hands=[["tomato 1/4", "mushroom 2/8", "pepper 1/4"], []],\n'
        '                  stacks=[["2/8 mt"], [], []])\n'
        "table_svg(warmup.view())"
    )
    for order in ("pepper 1/4", "tomato 1/4"):
        give = list_src([example_card(order, book.language)])
        take = list_src([example_card("2/8 mt", book.language)])
        book.code(f"check_capture(warmup, give={give}, take={take})")
    book.md("half")
    book.code("representations(Printed(1, 2))")
    book.code("representations(Printed(4, 8))")
    book.md("misconception")
    book.code('WARMUPS["compare"].check(1)  # 1/8')
    replay_cells(book, "basic", 3, NO_ACTION_CARDS)
    for number, name in enumerate(("toppings-matter", "three-names-for-a-half", "one-order-two-pizzas"), 1):
        puzzle_cells(book, name, number)
    play_cells(book, "basic", 3, NO_ACTION_CARDS)
    ticket_cells(book, "8plus", "8+")


def ten_plus(book: Book) -> None:
    book.md("title")
    book.setup(IMPORTS)
    book.md("warmup")
    book.code("representations(Printed(15, 8))")
    book.md("misconception")
    book.code('WARMUPS["sum"].check("4/10")')
    replay_cells(book, "advanced", 3)
    puzzle_cells(book, "composite-orders", 1)
    puzzle_cells(book, "special-interrupt", 2)
    p = puzzles()["penalty"]
    sc = dict(p["scenario"])
    sc["piles"] = [["8/8 mp", "8/8 mt", "8/8 pt", "5/8 mt"], ["6/8 pt", "7/8 mp"], ["3/8 mt"]]
    book.md("penalty", title=book.say("puzzle.penalty.title"), question=book.say("puzzle.penalty.question"))
    book.code(scenario_src(sc) + "\npuzzle.explain_scores()")
    book.md("strategy")
    play_cells(book, "advanced", 3)
    ticket_cells(book, "10plus", "10+")


LESSONS = (
    Lesson("delissimo", "6plus", six_plus, TEXT),
    Lesson("delissimo", "8plus", eight_plus, TEXT),
    Lesson("delissimo", "10plus", ten_plus, TEXT),
)
