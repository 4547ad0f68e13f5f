"""Write the Delissimo lesson notebooks from this script (so they are reproducible).

    python notebooks/build.py          # writes notebooks/delissimo-{6,8,10}plus.ipynb

The puzzles come from ``lessons/puzzles.json`` (the same data the lesson plans quote and
the tests check), the seeds from the plans (seed 7 everywhere). Notebooks are written
without outputs; ``tests/test_notebooks.py`` runs them top to bottom.

Order of the widgets matters for the browser test of the 8+ notebook: the first widget
is the replay (``w = teachgames.show(g, mode="replay")``), the only play widget comes
later. Puzzle positions are shown as static pictures (``table_svg``), never as widgets.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DATA = json.loads((ROOT / "lessons" / "puzzles.json").read_text(encoding="utf-8"))
PUZZLES = {p["name"]: p for p in DATA["puzzles"]}
REPLAYS = {r["plan"]: r for r in DATA["replays"]}

IMPORTS = """\
import teachgames
from teachgames.bots import GreedyBot
from teachgames.delissimo import parse_card, scenario
from teachgames.delissimo.draw import table_svg
from teachgames.delissimo.lesson import check_capture, exit_ticket
from teachgames.explain import Printed, representations"""


class Book:
    """Cells of one notebook, with stable ids."""

    def __init__(self, stem: str) -> None:
        self.stem = stem
        self.cells: list[Any] = []

    def _id(self) -> str:
        return f"{self.stem.replace('delissimo-', '')}-{len(self.cells):02d}"

    def md(self, text: str) -> None:
        self.cells.append(new_markdown_cell(text.strip("\n"), id=self._id()))

    def code(self, text: str) -> None:
        self.cells.append(new_code_cell(text.strip("\n"), id=self._id()))

    def write(self) -> Path:
        nb = new_notebook(cells=self.cells)
        nb.metadata = {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        }
        nbformat.validate(nb)
        path = HERE / f"{self.stem}.ipynb"
        path.write_text(nbformat.writes(nb) + "\n", encoding="utf-8")
        return path


# ---------------------------------------------------------------------- shared pieces


def list_src(items: list[str]) -> str:
    return "[" + ", ".join(json.dumps(i, ensure_ascii=False) for i in items) + "]"


def scenario_src(sc: dict[str, Any], var: str = "puzzle") -> str:
    lines = [f"{var} = scenario("]
    for key in ("level", "hands", "centre", "stacks", "deck", "orders", "piles", "current"):
        if key not in sc:
            continue
        value = sc[key]
        if key == "level":
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


def cards_md(cards: list[str]) -> str:
    return ", ".join(f"`{c}`" for c in cards) if cards else "nothing"


def position_md(p: dict[str, Any]) -> str:
    sc = p["scenario"]
    rows = []
    for i, hand in enumerate(sc["hands"]):
        mark = " (to play)" if i == sc.get("current", 0) else ""
        rows.append(f"- Player {i + 1}{mark}: {cards_md(hand)}")
    if "centre" in sc:
        rows.append(f"- Centre: {cards_md(sc['centre'])}")
    if "stacks" in sc:
        tops = [st[0] for st in sc["stacks"] if st]
        rows.append(f"- Open pizzas (stack tops): {cards_md(tops)}")
    return "\n".join(rows)


def check_src(move: dict[str, Any], note: str, current: int = 0) -> str:
    player = "" if move.get("player", current) == current else f", player={move['player']}"
    return (
        f"# {note}\n"
        f"check_capture(puzzle, give={list_src(move['give'])}, take={list_src(move['take'])}{player})"
    )


def right_move(p: dict[str, Any]) -> dict[str, Any] | None:
    for step in p.get("line", {}).get("steps", []):
        if step["move"]["kind"] == "capture" and step["move"]["player"] == p["scenario"].get("current", 0):
            return dict(step["move"])
        break
    if p["captures"]:
        return {"give": p["captures"][0]["give"], "take": p["captures"][0]["take"], "player": 0}
    return None


def puzzle_cells(book: Book, name: str, number: int, say: str) -> None:
    """Question, position, one wrong and one right self-check, the answers, the line."""
    p = PUZZLES[name]
    book.md(
        f"## Puzzle {number}: {p['title']}\n\n"
        f"**Question.** {p['question']}\n\n{position_md(p)}\n\n"
        f"**Teacher:** {say}"
    )
    book.code(scenario_src(p["scenario"]) + "\ntable_svg(puzzle.view())")
    wrong = p["wrong"]
    if "give" in wrong:
        book.md(
            "**Self-check.** Write a capture as card names and ask the game whether it is allowed. "
            "The game is only asked: nothing is played. First a tempting wrong answer "
            "(change the cards to try your own):"
        )
        book.code(check_src(wrong, "a tempting wrong answer: what does the game say?"))
    right = right_move(p)
    if right is not None:
        book.md("And a right one:")
        book.code(check_src(right, "a right answer: try another one of your own"))
    book.md(
        "**Answers (for the teacher; hide this cell from pupils working alone).** "
        "Every legal capture now, each with its explanation:"
    )
    book.code("[str(c) for c in puzzle.captures()]")
    if "line" in p:
        moves = [s["move"] for s in p["line"]["steps"]]
        src = "\n".join(f"line.play({json.dumps(m, ensure_ascii=False)})" for m in moves)
        book.md(f"**Worked line.** {p['line']['why']}")
        book.code(f"line = puzzle.copy()\n{src}\ntable_svg(line.view())")


def replay_cells(book: Book, plan: str, level: str, players: int, say: str) -> None:
    r = REPLAYS[plan]
    deal = "\n".join(f"- Player {i + 1}: {cards_md(h)}" for i, h in enumerate(r["hands"]))
    book.md(
        f"## The replay (seed 7)\n\n"
        f"The whole class sees the same deal: `new_game(\"delissimo\", level=\"{level}\", "
        f"players={players}, seed=7)`. The opening deal:\n\n{deal}\n- Open: {cards_md(r['open'])}\n\n"
        f"**Teacher:** {say}"
    )
    book.code(
        f'g = teachgames.new_game("delissimo", level="{level}", players={players}, seed=7)\n'
        "# Player 1's captures in the opening deal\n"
        "[str(c) for c in g.captures()]"
    )
    book.md(
        "Now the bots play the whole game. Step through it with ◀ ▶ (or the arrow keys): each "
        "step shows the move, the cards it used and why it is allowed. Stop at a move and ask "
        "the class: *why is this allowed? Could the player have done better?*"
    )
    bots = ", ".join(["GreedyBot()"] * players)
    book.code(
        f"bots = [{bots}]\n"
        "while not g.is_over():\n"
        "    g.play(bots[g.current_player].choose(g))\n"
        'w = teachgames.show(g, mode="replay")'
    )
    book.md(
        "**How were the scores reached?** Ask first: *how would you count your pile quickly?* "
        "(Make whole pizzas first.) Then show the game's working:"
    )
    book.code("g.explain_scores()")


def play_cells(book: Book, level: str, players: int, say: str) -> None:
    seats = ", ".join(['"Pupil"'] + ["GreedyBot()"] * (players - 1))
    book.md(
        "## Play against the bots\n\n"
        "Click your cards and the pizzas you want, then **Capture**. A move that is not allowed "
        "is refused with the reason, and nothing changes. **Hint** helps, **Undo** takes a move "
        f"back, **End turn** passes to the bots.\n\n**Teacher:** {say}"
    )
    book.code(
        f'game = teachgames.new_game("delissimo", level="{level}", players={players}, seed=7)\n'
        f"teachgames.show(game, mode=\"play\", players=[{seats}])"
    )
    book.md(
        "When you have finished (or at any time), run this cell to see how the scores are "
        "reached so far:"
    )
    book.code("game.explain_scores()")


def ticket_cells(book: Book, name: str, answers: list[str], label: str) -> None:
    book.md(
        f"## Exit ticket\n\n"
        "Three questions. Write your answer between the quotes in each cell and run it: the "
        "notebook says right or wrong, and why. The last cell is the line to show your "
        f"teacher (\"Exit ticket {label}: … of 3 right\"). The answers already written are "
        "a pupil's first try: change them."
    )
    book.code(f'ticket = exit_ticket("{name}")\nticket')
    for n, answer in enumerate(answers, 1):
        book.code(f"ticket.answer({n}, {answer})  # your answer")
    book.code("print(ticket.summary())")


# ---------------------------------------------------------------------- 6+


def build_6plus() -> Book:
    b = Book("delissimo-6plus")
    b.md(
        """
# Delissimo 6+: counting slices, equal amounts, whole pizzas

*For the teacher at the projector, or for pupils on their own. Run the cells from the top
(in JupyterLab: Run ▸ Run All Cells). The lesson plan is `lessons/delissimo-6plus.md`.*

Every pizza is cut into **8 equal slices**; every card shows some of them. Today we count
slices, find cards that hold **the same amount**, and learn that **8 slices make a whole
pizza**. Toppings do not matter at this level.
"""
    )
    b.code(IMPORTS)
    b.md(
        """
## Hook (5 minutes)

Show one card big. **Say:** "This pizza is cut into 8 slices. How many slices are on this
card?" **Ask:** "How many slices in the whole pizza? If I put this card and that one together,
how many slices?"
"""
    )
    b.code('parse_card("3/8 mt")')
    b.md(
        """
The same amount four ways: as a pizza, a bar, a point on the number line and a number.
**Ask:** "Where are the 3 slices in each picture?"
"""
    )
    b.code("representations(Printed(3, 8))")
    b.md(
        """
Half a pizza is 4 slices, a quarter is 2 slices. **Ask:** "Which is more, 4/8 or 2/8? How
can you see it?"
"""
    )
    b.code("representations(Printed(4, 8))")
    replay_cells(
        b,
        "delissimo-6plus",
        "beginner",
        2,
        "read the opening deal together and let the pupils find Player 1's captures. Stress the "
        "rule that surprises: **one card may never take one card**. Ask: \"Player 1 has two cards of "
        "7 slices. Can both of them capture this turn?\" (No: both want the same 2/8 and 5/8.)",
    )
    puzzle_cells(
        b,
        "count-the-slices",
        1,
        "pairs write their captures on a whiteboard, then check here. Ask: \"Can Player 1 use all "
        "four cards in one turn?\"",
    )
    puzzle_cells(
        b,
        "a-whole-pizza",
        2,
        "\"How many slices is the whole pizza? What can it take?\"",
    )
    puzzle_cells(
        b,
        "which-first",
        3,
        "\"The 1/8 card and the 5/8 card are each wanted twice. Which capture first?\"",
    )
    puzzle_cells(
        b,
        "whole-pizzas",
        4,
        "for the youngest (the whole-pizza variant): one card for one card is fine here, as long "
        "as all the cards together make whole pizzas.",
    )
    play_cells(
        b,
        "beginner",
        2,
        "pupils in pairs play against a bot. The youngest can play the whole-pizza variant: change "
        '`level="beginner"` to `level="whole"`.',
    )
    ticket_cells(b, "6plus", ['"1/8, 4/8"', '"yes"', '"3"'], "6+")
    return b


# ---------------------------------------------------------------------- 8+


def build_8plus() -> Book:
    b = Book("delissimo-8plus")
    b.md(
        """
# Delissimo 8+: orders, equivalent fractions, toppings, special cards

*Run the cells from the top. The lesson plan is `lessons/delissimo-8plus.md`.*

Now the rectangular **order cards** come in: a fraction, **as printed** (1/4, 2/8, 2/4, 1 …),
and a topping. Two conditions, every time: the **amounts are equal**, and **every pizza
taken has the topping of every order used**.
"""
    )
    b.code(IMPORTS)
    b.md(
        """
## Warm-up (5 minutes)

One pizza, `2/8 mt`, and three orders: `tomato 1/4`, `mushroom 2/8`, `pepper 1/4`.
**Ask:** "Which orders fit this pizza?" (The first two; the pizza has no pepper.)
"""
    )
    b.code(
        """
warmup = scenario(level="basic", hands=[["tomato 1/4", "mushroom 2/8", "pepper 1/4"], []],
                  stacks=[["2/8 mt"], [], []])
table_svg(warmup.view())
"""
    )
    b.code('check_capture(warmup, give=["pepper 1/4"], take=["2/8 mt"])')
    b.code('check_capture(warmup, give=["tomato 1/4"], take=["2/8 mt"])')
    b.md(
        """
**Three names for a half.** Multiply the top and the bottom by the same number: 1/2 = 2/4 =
4/8. **Ask:** "Is 2/4 of a pizza the same amount as 4/8? Show it on the pictures."
"""
    )
    b.code("representations(Printed(1, 2))")
    b.code("representations(Printed(4, 8))")
    replay_cells(
        b,
        "delissimo-8plus",
        "basic",
        3,
        'find Player 1\'s two captures. Ask: "Can Player 1 make both?" (No: both need the one '
        '`mushroom 3/8`.) "Which is better?" (The second delivers 7/8.) "Why can `pepper 3/4` take '
        'nothing? Why can\'t Player 1 play `special pt`?"',
    )
    puzzle_cells(
        b,
        "toppings-matter",
        1,
        "the sum 2/8 + 1/2 = 6/8 is right in the tempting answer. Ask: \"Why is it still refused?\"",
    )
    puzzle_cells(
        b,
        "three-names-for-a-half",
        2,
        '"2/4, 1/2 and 4/8: are they the same amount? Which pizzas can each order take?"',
    )
    puzzle_cells(
        b,
        "one-order-two-pizzas",
        3,
        '"Why is `mushroom 1` a good card here?" (1 = 3/8 + 5/8.)',
    )
    puzzle_cells(
        b,
        "special-order",
        4,
        "no ordinary capture here. Explain the special order (it takes every open pizza of its "
        "pair) and \"order cancelled\" (played just before another player's turn: they skip it).",
    )
    play_cells(
        b,
        "basic",
        3,
        "groups of 3 play with cards, or pupils play here against two bots. Orders are secret: "
        "pupils see only their own hand.",
    )
    ticket_cells(b, "8plus", ['"tomato 3/4, mushroom 6/8"', '"3/4"', '"no"'], "8+")
    return b


# ---------------------------------------------------------------------- 10+


def build_10plus() -> Book:
    b = Book("delissimo-10plus")
    b.md(
        """
# Delissimo 10+: composite orders, penalties, strategy

*Run the cells from the top. The lesson plan is `lessons/delissimo-10plus.md`.*

At 10+ **several orders may take two or three pizzas at once**, so both sides of a capture are
sums with different denominators: 1/2 + 3/8 = 4/8 + 3/8 = 7/8 = 2/8 + 5/8. Special orders may be
played **at any moment**. Orders left in hand at the end are **subtracted** from the score.
"""
    )
    b.code(IMPORTS)
    b.md(
        """
## Warm-up (5 minutes)

On the board: 1/2 + 3/8 = ?, 3/4 + 5/8 = ?, and "is 15/8 more or less than 2?" Then show 15/8:
**Ask:** "How many whole pizzas, and how much left over?" (15/8 = 1 7/8, less than 2.)
"""
    )
    b.code("representations(Printed(15, 8))")
    replay_cells(
        b,
        "delissimo-10plus",
        "advanced",
        3,
        'what is new at 10+: composite orders, special orders at any time, the penalty. Ask: '
        '"Player 1 holds `special pt`. What happens to it if no pepper+tomato pizza ever opens?" '
        '(At the end it costs one whole pizza.) "Why is Player 3\'s `tomato 8/8` a risky card?"',
    )
    puzzle_cells(
        b,
        "composite-orders",
        1,
        "pairs find all six captures, then the best line: can Player 1 empty the hand?",
    )
    puzzle_cells(
        b,
        "special-interrupt",
        2,
        "Player 2 plays the special order in Player 1's turn. Ask: \"Whose turn is it afterwards?\" "
        "(Player 3's, once Player 2 passes.)",
    )
    p = PUZZLES["penalty"]
    b.md(
        f"## Puzzle 3: {p['title']}\n\n**Question.** {p['question']}\n\n"
        "- Player 1: `tomato 3/8`, `cancel`, `pepper 2/4`\n- Player 2: `mushroom 1/8`, `special pt`\n"
        "- Player 3: nothing\n\n**Teacher:** the tempting wrong answer for Player 1 is −7/8: it "
        "forgets that the cancel card counts as one whole pizza."
    )
    b.code(scenario_src(p["scenario"]) + "\npuzzle.is_over(), [str(s) for s in puzzle.scores()]")
    b.code("puzzle.explain_scores()")
    b.md(
        "*Add a pile:* if Player 1 has delivered 3 5/8 pizzas, the final score is "
        "29/8 − 15/8 = 14/8 = 1 3/4."
    )
    sc = dict(p["scenario"])
    sc["piles"] = [["8/8 mp", "8/8 mt", "8/8 pt", "5/8 mt"], [], []]
    b.code(scenario_src(sc, "with_pile") + "\nwith_pile.explain_scores()")
    b.md(
        """
## Strategy (discussion)

1. In Puzzle 1, which line delivers the most pizza and leaves no order to be penalised?
2. Estimate first: can `pepper 1/2 + tomato 3/8` take all three open pizzas of Puzzle 1?
   (No: 7/8 is less than a whole, the three pizzas are 10/8.)
3. Why is a special order a risky card to keep until the end?
4. Near the end, is the extra draw after a turn without a capture good or bad at 10+?
"""
    )
    play_cells(
        b,
        "advanced",
        3,
        "a full game does not fit into this lesson: start it here, finish it as homework. Pupils "
        "write each capture as an equation in eighths.",
    )
    ticket_cells(b, "10plus", ['"yes"', '"1 5/8"', '"11/8"'], "10+")
    return b


def main() -> None:
    for build in (build_6plus, build_8plus, build_10plus):
        path = build().write()
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
