"""The Ligretto race lesson's activities (grade 6) on the shared activity layer.

The game's own scoring is the maths: a round scores the cards laid in the centre minus
twice the cards left in the Ligretto stack (18 − 4 × 2 = 10, multiplying first), a round
can score below zero (3 − 6 × 2 = −9), the rounds add up to a running total walked on a
number line (10 − 9 + 5 = 6), and speeds are compared as cards per second, not as cards.
Each task is predicted and committed before anything is revealed; each names the likely
slips (14 for 18 − 4 × 2, forgetting the × 2; 28 for (18 − 4) × 2; a lost minus sign).

Every number a screen marks right is the engine's: a round's points by
:func:`~teachgames.ligretto.explain.round_score`, whose working is shown with the reveal.
The words are ``text/<language>/race.md`` and the catalogue's ``ligretto.lesson.activity.*``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ...lesson.screens import Screen, Words, activities
from ...lesson.tasks import AmountForm, Choose, Misconception, Option, Text, TypeAmount, Wrong, plain, say

TEXT = Path(__file__).resolve().parent / "text"
L = "ligretto.lesson.activity."

#: (cards laid in the centre, cards left in the Ligretto stack) of each task's round.
WARM_SCORE = (18, 4)
WARM_BELOW = (3, 6)
#: Ann's three rounds (the running total on the number line).
ROUNDS = ((18, 4), (3, 6), (11, 3))
#: Two players' cards laid and the seconds they took: who is faster?
SPEEDS = {"ann": (18, 60), "bot": (12, 30)}
#: The exit ticket's rounds and speeds.
TICKET_SCORE = (15, 3)
TICKET_BELOW = (4, 7)
TICKET_SPEEDS = {"ann": (20, 80), "bot": (9, 30)}


# ---------------------------------------------------------------------- numbers from the engine


def points(centre: int, left: int) -> int:
    """A round's points, as the game scores them."""
    from ..explain import round_score

    return round_score(centre, left)[0]


def working(centre: int, left: int) -> Callable[[str], str]:
    """The engine's whole working for a round's points, in the language (shown with the reveal)."""

    def draw(language: str) -> str:
        from ..explain import round_score

        return str(round_score(centre, left, language)[1].svg())

    return draw


def number(value: float, language: str) -> str:
    """A number as the pupil's language writes it: "0.4" in English, "0,4" in ru/bg."""
    text = f"{value:.2f}".rstrip("0").rstrip(".") or "0"
    text = text.replace("-", "−")
    return text if language == "en" else text.replace(".", ",")


def rate(cards: int, secs: int) -> Text:
    return lambda language: number(cards / secs, language)


# ---------------------------------------------------------------------- tasks


def _whole(n: int) -> tuple[int, int]:
    return (n, 1)


def score_task(centre: int, left: int, *, below: bool = False) -> TypeAmount:
    """Type a round's points; the slips: forgetting "× 2", subtracting before multiplying,
    adding the penalty, and (below zero) the lost minus sign."""
    right = points(centre, left)
    slips: list[tuple[str, int]] = [("forgot_double", centre - left), ("left_to_right", (centre - left) * 2),
                                    ("added_penalty", centre + 2 * left)]  # fmt: skip
    if below:
        slips.append(("lost_sign", -right))
    seen: set[int] = {right}
    wrongs = []
    for key, value in slips:
        if value not in seen:
            seen.add(value)
            wrongs.append(Wrong(Misconception(L + key, {"centre": centre, "left": left}), (_whole(value),),
                                shown=str(value).replace("-", "−")))  # fmt: skip
    # a score that may be below zero is typed in a text field: a phone's numeric keypad has no minus
    form: AmountForm = "any" if below else "whole"
    return TypeAmount(_whole(right), form=form, wrongs=tuple(wrongs), unit_label=say(L + "points_unit"),
                      shown=plain(str(right).replace("-", "−")), unit="points",
                      terms=(_whole(centre), _whole(-2 * left)))  # fmt: skip


def total_task(rounds: Sequence[tuple[int, int]]) -> TypeAmount:
    """Type the running total; the slips: adding every round's size (signs ignored), and
    stopping at the last round's points."""
    each = [points(c, s) for c, s in rounds]
    right = sum(each)
    wrongs = []
    for key, value in (("ignored_sign", sum(abs(p) for p in each)), ("last_only", each[-1])):
        if value != right:
            wrongs.append(Wrong(Misconception(L + key), (_whole(value),), shown=str(value).replace("-", "−")))
    return TypeAmount(_whole(right), form="any", wrongs=tuple(wrongs), unit_label=say(L + "points_unit"),
                      shown=plain(str(right).replace("-", "−")), unit="points",
                      terms=tuple(_whole(p) for p in each))  # fmt: skip


def speed_task(speeds: dict[str, tuple[int, int]]) -> Choose:
    """Who is faster? The one with more cards per second, not the one with more cards."""
    # cards per second compared exactly: c1 / s1 > c2 / s2 when c1 × s2 > c2 × s1
    (a, (ca, sa)), (b, (cb, sb)) = speeds.items()
    if ca * sb == cb * sa:
        raise ValueError("a speed task needs one player faster than the other")
    fastest = a if ca * sb > cb * sa else b
    most = max(speeds, key=lambda who: speeds[who][0])
    options = tuple(
        Option(who, say(L + f"who.{who}"), right=who == fastest,
               misconception=Misconception(L + "more_cards_not_faster") if who == most != fastest else None)
        for who in speeds
    )  # fmt: skip
    same = Option("same", say(L + "same_speed"), misconception=Misconception(L + "same_speed_wrong"))
    return Choose((*options, same))


#: A jump's colour on the number line: points won, points lost (3:1 or more on white and on dark).
TIP = {"up": "#1b7837", "down": "#b2182b"}


def signed(n: int) -> str:
    """+5, −9: a jump with its sign, the minus a true minus."""
    return f"{n:+d}".replace("-", "−")


def line_picture(rounds: Sequence[tuple[int, int]], walk: bool) -> Callable[[str], str]:
    """A number line from −20 to 20; with ``walk``, each round's jump from the last total."""
    each = [points(c, s) for c, s in rounds]

    def draw(language: str) -> str:
        def x(v: int) -> float:
            return 30 + (v + 20) * 15

        # the numbers at 24 px (a pupil reads them from the back of the room), the jumps
        # one above another with room for their labels
        parts = ['<line x1="30" y1="150" x2="630" y2="150" stroke="currentColor" stroke-width="2"/>']
        for v in range(-20, 21, 5):
            parts.append(f'<line x1="{x(v)}" y1="140" x2="{x(v)}" y2="160" stroke="currentColor"/>'
                         f'<text x="{x(v)}" y="186" text-anchor="middle" font-size="24" fill="currentColor">'
                         f'{str(v).replace("-", "−")}</text>')  # fmt: skip
        at = 0
        for k, p in enumerate(each if walk else []):
            y = 126 - 40 * k
            sign = "up" if p >= 0 else "down"
            colour = TIP[sign]
            parts.append(f'<line x1="{x(at)}" y1="{y}" x2="{x(at + p)}" y2="{y}" stroke="{colour}" '
                         f'stroke-width="4" marker-end="url(#tg-line-{sign})"/>'
                         f'<text x="{(x(at) + x(at + p)) / 2}" y="{y - 9}" text-anchor="middle" '
                         f'font-size="24" font-weight="bold" fill="{colour}">{signed(p)}</text>')  # fmt: skip
            at += p
        label = html.escape(say(L + "line_alt")(language))
        # the arrowhead in the jump's own colour, its tip on the jump's end (not past it)
        tip = "<defs>" + "".join(
            f'<marker id="tg-line-{sign}" markerUnits="userSpaceOnUse" markerWidth="14" markerHeight="14" '
            f'refX="14" refY="7" orient="auto"><path d="M0,0 L14,7 L0,14 z" fill="{colour}"/></marker>'
            for sign, colour in TIP.items()
        ) + "</defs>"
        head = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 660 200" width="660" height="200" '
        return f'{head}role="img" aria-label="{label}"><title>{label}</title>{tip}{"".join(parts)}</svg>'

    return draw


# ---------------------------------------------------------------------- the three activities


def _score_values(prefix: str, centre: int, left: int) -> dict[str, Any]:
    return {f"{prefix}_centre": centre, f"{prefix}_left": left, f"{prefix}_double": 2 * left,
            f"{prefix}_points": plain(str(points(centre, left)).replace("-", "−")),
            f"{prefix}_below": 2 * left - centre}  # how far below zero, said as a size  # fmt: skip


def _speed_values(speeds: dict[str, tuple[int, int]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for who, (c, s) in speeds.items():
        out |= {f"{who}_cards": c, f"{who}_secs": s, f"{who}_rate": rate(c, s)}
    return out


def warmup(words: Words) -> tuple[Screen, ...]:
    """A round's score: multiply first (18 − 4 × 2), then a round below zero."""
    values = _score_values("a", *WARM_SCORE) | _score_values("b", *WARM_BELOW)
    return (
        words.screen("score", score_task(*WARM_SCORE), worked=True, values=values,
                     working=working(*WARM_SCORE)),
        words.screen("below", score_task(*WARM_BELOW, below=True), worked=True, values=values,
                     working=working(*WARM_BELOW)),
    )  # fmt: skip


def puzzles(words: Words) -> tuple[Screen, ...]:
    """After the live round: the running total on a number line, then who is faster."""
    each = [points(c, s) for c, s in ROUNDS]
    values: dict[str, Any] = {f"r{k + 1}": plain(f"{p:+d}".replace("-", "−")) for k, p in enumerate(each)}
    values["total"] = plain(str(sum(each)).replace("-", "−"))
    values |= _speed_values(SPEEDS)
    walk = line_picture(ROUNDS, True)
    return (
        words.screen("total", total_task(ROUNDS), line_picture(ROUNDS, False), worked=True, values=values,
                     working=walk),
        words.screen("speed", speed_task(SPEEDS), worked=True, values=values),
    )  # fmt: skip


def ticket(words: Words) -> tuple[Screen, ...]:
    """The exit ticket: a score, a score below zero, and who is faster."""
    values = _score_values("a", *TICKET_SCORE) | _score_values("b", *TICKET_BELOW)
    values |= _speed_values(TICKET_SPEEDS)
    return (
        words.screen("t1", score_task(*TICKET_SCORE), worked=True, values=values),
        words.screen("t2", score_task(*TICKET_BELOW, below=True), worked=True, values=values),
        words.screen("t3", speed_task(TICKET_SPEEDS), worked=True, values=values),
    )


PARTS: dict[str, Callable[[Words], tuple[Screen, ...]]] = {
    "warmup": warmup,
    "puzzles": puzzles,
    "ticket": ticket,
}
LESSONS = {"race": PARTS}


#: The activity ``part`` of the Ligretto lesson ``lesson`` ("race", "warmup").
activity = activities("ligretto", "Ligretto", TEXT, LESSONS)
