"""Every lesson agrees with itself: for every task of every lesson, in every language, the
answer its worked solution or reveal states is marked right, in each form a pupil may type
it (a fraction, the same amount in the lesson's parts, a mixed number with and without a
space or with a glyph, unit words, a decimal comma in ru/bg, a minus as a word)."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

import pytest

from teachgames.core.i18n import tr
from teachgames.core.numbers import mixed_number
from teachgames.lesson import Activity, Choose, Order, PickCards, TypeAmount, activity_spec
from teachgames.lesson.notebooks import all_lessons
from teachgames.lesson.screens import ActivitySpec
from teachgames.lesson.show import PARTS

LANGUAGES = ("en", "ru", "bg")
#: The vulgar-fraction glyphs a phone keyboard offers, by (top, bottom).
GLYPHS = {
    tuple(int(x) for x in unicodedata.normalize("NFKC", ch).split("\u2044")): ch
    for ch in "½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞"
}
MINUS = {"en": "minus", "ru": "минус", "bg": "минус"}


@cache
def specs() -> list[ActivitySpec]:
    out = []
    for lesson in all_lessons():
        for part in PARTS:
            try:
                out.append(activity_spec(lesson.game, lesson.name, part))
            except KeyError:
                continue
    return out


def points(n: int, language: str) -> str:
    """n points in the pupil's words (the plural a pupil writes)."""
    if language == "en":
        return f"{n} {'point' if abs(n) == 1 else 'points'}"
    if language == "bg":
        return f"{n} {'точка' if abs(n) == 1 else 'точки'}"
    last, tens = abs(n) % 10, abs(n) % 100
    word = "очко" if last == 1 and tens != 11 else "очка" if 2 <= last <= 4 and not 12 <= tens <= 14 else "очков"
    return f"{n} {word}"


def forms(task: TypeAmount, language: str) -> set[str]:
    """Each way a pupil may type the task's right answer in the form it asks for."""
    p, q = task.value
    out: set[str] = set()
    # what the teacher's view and the worked solution state ("15/8 = 1 7/8")
    out |= {piece.strip() for piece in task.answer_text(language).split("=")}
    g = _gcd(p, q)
    lp, lq = p // g, q // g
    whole = lq == 1
    over = (lp * task.den) // lq if (task.den % lq == 0) else None
    if task.form == "whole" or (whole and task.form == "any"):
        out |= {str(lp), f"+{lp}" if lp > 0 else f"−{-lp}"}
        if lp < 0:
            out |= {f"-{-lp}", f"–{-lp}", f"{MINUS[language]} {-lp}"}
        if task.unit == "points":
            out.add(points(lp, language))
    if task.form == "over" and over is not None:
        out.add(f"{over}/{task.den}")
        out.add(tr(f"lesson.{task.part_unit}", language, n=over) if task.part_unit else f"{over}/{task.den}")
    if task.form == "any" and not whole:
        out.add(f"{lp}/{lq}")
        if over is not None:
            out.add(f"{over}/{task.den}")
            if task.part_unit:
                out.add(tr(f"lesson.{task.part_unit}", language, n=over))
        if _terminates(lq):
            text = f"{lp / lq:.6f}".rstrip("0")
            out.add(text if language == "en" else text.replace(".", ","))
    if task.form in ("any", "mixed") and not whole and abs(lp) > lq:
        for top, bottom in {(lp, lq), *([(over, task.den)] if over is not None else [])}:
            mixed = mixed_number(top, bottom)
            out.add(mixed)
            wholes, _, part = mixed.partition(" ")
            n, d = (int(x) for x in part.split("/"))
            if (n, d) in GLYPHS:
                out |= {f"{wholes}{GLYPHS[n, d]}", f"{wholes} {GLYPHS[n, d]}"}
    return out


def _terminates(q: int) -> bool:
    while q % 2 == 0:
        q //= 2
    while q % 5 == 0:
        q //= 5
    return q == 1


def _gcd(a: int, b: int) -> int:
    a, b = abs(a), abs(b)
    while b:
        a, b = b, a % b
    return a


def right_answers(task: object, language: str) -> list[object]:
    if isinstance(task, Choose):
        return [[o.id for o in task.options if o.right]]
    if isinstance(task, Order):
        return [list(task.right)]
    if isinstance(task, PickCards):
        return [sorted(pick) for pick in task.right]
    if isinstance(task, TypeAmount):
        return sorted(forms(task, language))
    return []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_stated_answer_is_marked_right_in_every_form(language: str) -> None:
    checked = 0
    for spec in specs():
        for i, screen in enumerate(spec.screens):
            if screen.task is None:
                continue
            for typed in right_answers(screen.task, language):
                run = Activity(spec, language)
                run.go(i)
                mark = run.answer(typed)
                assert mark.outcome == "right", (spec.lesson, spec.part, screen.id, typed, mark.line)
                checked += 1
    assert checked > 150  # every lesson's tasks, several forms each


def _plain(text: str) -> str:
    return " ".join(text.replace("-", "−").split())


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_worked_solution_states_the_answer_marked_right(language: str) -> None:
    """A typed task's answer, as the teacher's view writes it, is what its worked solution
    or reveal arrives at: the two cannot say different things."""
    for spec in specs():
        for screen in spec.screens:
            task = screen.task
            if not isinstance(task, TypeAmount) or (screen.worked is None and screen.reveal is None):
                continue
            said = " ".join(_plain(f(language).text) for f in (screen.worked, screen.reveal) if f is not None)
            for piece in task.answer_text(language).split("="):
                number = re.escape(_plain(piece.strip()))
                assert re.search(rf"(?<![\d/]){number}(?![\d/])", said), (spec.lesson, screen.id, piece, said)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("part", "screen"), [("puzzles", "pad"), ("ticket", "t3")])
def test_split_negative_row_says_what_its_picture_shows(part: str, screen: str, language: str) -> None:
    """Split 6+: the pad's negative box shows −5, so the words say "−5: take 5 away" and
    the working is 19 − 5 = 14; adding it (24) is told off with the same −5, and nothing
    asks a six-year-old to take away a number below zero."""
    from teachgames.split.lesson.activities import PUZZLE_PAD, TICKET_PAD, pad_values

    marks = PUZZLE_PAD if part == "puzzles" else TICKET_PAD
    v = pad_values(marks)
    upper, n = v["perfect"] + v["strong"] + v["weak"], v["negative"]
    spec = activity_spec("split", "classify", part)
    index = [s.id for s in spec.screens].index(screen)
    shown = spec.screens[index]
    picture = shown.picture(language) if shown.picture else ""
    assert re.search(rf">\s*−{n}\s*<", picture)  # the framed box, as the game's pad prints it
    words = " ".join(
        _plain(t) for t in (shown.prompt(language), *(f(language).text for f in (shown.worked, shown.reveal) if f))
    )
    assert f"−{n}" in words and f"{upper} − {n} = {upper - n}" in words
    assert "(−" not in words and f"− −{n}" not in words
    run = Activity(spec, language)
    run.go(index)
    added = run.answer(str(upper + n))
    assert added.outcome == "wrong" and f"−{n}" in added.line and str(upper) in added.line
    assert run.answer(str(upper - n)).correct
