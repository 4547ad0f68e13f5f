"""The Ligretto lesson for the generic notebook builder (:mod:`teachgames.lesson.notebooks`).

One 45-minute lesson, ``ligretto-race`` (grade 6): counting on from 1 to 10 on the centre
piles ("exactly one more"), a live round against two slow bots, the round's score with
numbers below zero (18 − 4 × 2 = 10; 3 − 6 × 2 = −9), running totals across rounds, the
replay of a simulated round, and the experiment "does a faster player always win?"
(200 simulated rounds, points against speed). Every word is in ``text/<language>/``; the
seeds are the plan's (``lessons/ligretto.md``).
"""

from __future__ import annotations

import json
from pathlib import Path

from ...lesson.notebooks import Book, Lesson

TEXT = Path(__file__).resolve().parent / "text"

IMPORTS = """\
import teachgames
from teachgames.ligretto import LigrettoGame, round_score, run_round, scenario, simulate_match
from teachgames.ligretto.bots import LigrettoBot
from teachgames.ligretto.lesson import fastest_won, plot_speed_points, speed_points"""

#: The counting-on puzzle: three piles, Player 1's stack, row and hand.
PUZZLE = """\
puzzle = scenario(
    hands=[
        {{"stack": [{red4}, {green7}, {blue9}], "row": [{yellow3}, {blue5}, {green2}],
         "deck": [{red8}], "turned": [{yellow1}]}},
        {{"stack": [{blue10}], "row": [{red9}], "deck": [{green1}]}},
    ],
    piles=[[{red1}, {red2}, {red3}], [[{yellow1}, 1], [{yellow2}, 1]], [[{blue1}, 1]]],
)
puzzle.picture(viewer=0)"""

CARDS = ("red 1", "red 2", "red 3", "red 4", "red 8", "red 9", "yellow 1", "yellow 2", "yellow 3",
         "green 1", "green 2", "green 7", "blue 1", "blue 5", "blue 9", "blue 10")  # fmt: skip


def card(name: str, language: str) -> str:
    """A card as the pupil writes it in code, in the notebook's language ("красная 4")."""
    from ..cards import parse_face
    from ..messages import card_words

    return json.dumps(card_words(parse_face(name), language), ensure_ascii=False)


def explain_src(language: str, name: str, pile: int | None = None) -> str:
    where = "" if pile is None else f', "pile": {pile}'
    return f'puzzle.explain({{"kind": "play", "player": 0, "card": {card(name, language)}{where}}})'


def race(book: Book) -> None:
    book.md("title")
    book.setup(IMPORTS)
    book.md("piles")
    lang = book.language
    book.code(PUZZLE.format(**{n.replace(" ", ""): card(n, lang) for n in CARDS}))
    book.md("ask.fits")
    book.code(explain_src(lang, "red 4"))
    book.md("ask.not_fits")
    book.code(explain_src(lang, "blue 5", 2))
    book.code(explain_src(lang, "yellow 3", 0))
    book.md("ask.own")
    book.code(explain_src(lang, "green 2"))
    book.md("play")
    book.code(
        'live = LigrettoGame.new(players=3, seed=7, rules={"rounds": 1})\n'
        f"teachgames.show(live, players=[{book.say('pupil')!r}, LigrettoBot(0.4), LigrettoBot(0.6)])"
    )
    book.md("score")
    book.code("points, why = round_score(18, 4)\nwhy")
    book.md("below_zero")
    book.code("points, why = round_score(3, 6)\nwhy")
    book.md("your_score")
    book.code("round_score(centre=12, ligretto_left=5)[1]")
    book.md("totals")
    book.code('match = simulate_match(players=3, seed=7, speeds=[1.0, 1.5, 2.0], rules={"rounds": 3})\n'
              "match.explain_scores()")  # fmt: skip
    book.md("replay")
    book.code(
        "replayed, attempts = run_round(players=3, seed=7, speeds=[1.0, 1.5, 2.0])\n"
        "teachgames.show(replayed, attempts=attempts)"
    )
    book.md("slow")
    book.code(
        'slow = LigrettoGame.new(players=3, seed=7, rules={"rounds": 1})\nteachgames.show(slow, mode="step")'
    )
    book.md("experiment")
    book.code("rows = speed_points(rounds=200, players=3, seed=1)\nplot_speed_points(rows)")
    book.code("fastest_won(rows)[2]")
    book.md("discuss")


LESSONS = (Lesson("ligretto", "race", race, TEXT),)
