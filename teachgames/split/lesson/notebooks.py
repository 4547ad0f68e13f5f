"""The Split lesson notebook ("classify", 45 minutes) for the generic builder
(:mod:`teachgames.lesson.notebooks`): sorting pairs of half-cards by rank, suit and colour,
upgrades, reading and comparing score pads, a replayed match (seed 7), a game against the
planning bot, and the exit ticket. Every word is in ``text/<language>/classify.md``; code
cells are the same in every language (the pupil's name for the play widget comes from the
text).
"""

from __future__ import annotations

import json
from pathlib import Path

from ...lesson.notebooks import Book, Lesson

TEXT = Path(__file__).resolve().parent / "text"

IMPORTS = """\
import teachgames
from teachgames.bots import GreedyBot
from teachgames.split import pad_score, scenario
from teachgames.split.bots import PlannerBot
from teachgames.split.draw import pad_svg
from teachgames.split.explain import explain_match_type
from teachgames.split.lesson import check_match, exit_ticket, match_row"""

#: The upgrade puzzle: Player 1 has drawn; one upgrade makes a perfect match, one is refused.
UPGRADE_PUZZLE = """\
puzzle = scenario(
    hands=[["7h", "7c", "Kd"], ["2s", "5d", "9c"]],
    draw=["Qs", "3h"],
    discard=["4d", "Jc"],
    matches=[[["7h", "7s"], ["Ks", "Kc"]], [["5h", "5s"]]],
    phase="play",
)
puzzle.picture()"""

PAD = '{"perfect": 2, "strong": 1, "weak": 3, "negative": 2}'


def classify(book: Book) -> None:
    book.md("title")
    book.setup(IMPORTS)
    book.md("halves")
    book.code('match_row([("7h", "7h"), ("7h", "7d"), ("7h", "7c"), ("7h", "9h")])')
    book.md("three_questions")
    book.code('explain_match_type("10d", "10h", verdict=False)')
    book.md("sort")
    book.code('match_row([("9s", "9c"), ("Kd", "Kd"), ("4h", "4s"), ("Jc", "Qc")], show_type=False)')
    book.md("sort_check")
    book.code('check_match("9s", "9c", "")')
    book.md("upgrade")
    book.code(UPGRADE_PUZZLE)
    book.md("upgrade_check")
    for card in ("7c", "7h"):
        move = {"kind": "upgrade", "player": 0, "owner": 0, "match": 0, "card": card, "replace": "7s"}
        book.code(f"puzzle.explain({json.dumps(move)})")
    book.md("pad")
    book.code(f"pad_svg({PAD})")
    book.md("pad_check")
    book.code("points, working = pad_score(perfect=2, strong=1, weak=3, negative=2)\nworking")
    book.md("replay")
    book.code(
        'g = teachgames.new_game("split", players=3, seed=7)\n'
        "bots = [PlannerBot(), GreedyBot(), PlannerBot()]\n"
        "while not g.is_over():\n"
        "    g.play(bots[g.current_player].choose(g))\n"
        'w = teachgames.show(g, mode="replay")'
    )
    book.md("scores")
    book.code("g.round_scores(), g.scores()")
    book.code("g.explain_scores()")
    book.md("play")
    pupil = book.say("pupil").strip()
    book.code(
        'game = teachgames.new_game("split", players=2, seed=7)\n'
        f'teachgames.show(game, mode="play", players=["{pupil}", PlannerBot()])'
    )
    book.md("ticket")
    book.code('ticket = exit_ticket("classify")\nticket.ask()')


LESSONS = (Lesson("split", "classify", classify, TEXT),)
