"""Every number drawn in a lesson screen's picture (a card's amount, a count "×3", a
number line's marks, a table's scores) shows at 24 px or more where the lesson shows it:
a cell at 1280 x 720 with the file browser open (tests/pictures/readable.py). A pupil at
the back of the room reads the picture the question is about. (A worked explanation's
typeset working is text to read at one's own screen, sized as the page's words: not
measured here; nor are the experiments' charts, whose axis labels are 14-16 px and whose
figures are also given in a data table under each chart.)"""

from __future__ import annotations

import re

import pytest

from teachgames.lesson.notebooks import game_lessons, games_with_lessons
from teachgames.lesson.plans import plan_parts
from teachgames.lesson.show import activity_spec
from tests.pictures.readable import texts

NUMBER = re.compile(r"[−-]?\d+([/,.]\d+)?|×\d+|[+−]\d+")
LESSONS = [(game, lesson.name) for game in games_with_lessons() for lesson in game_lessons(game)]


@pytest.mark.parametrize(("game", "lesson"), LESSONS)
@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_numbers_in_lesson_pictures_are_readable_from_the_back(game: str, lesson: str, language: str) -> None:
    small, seen = [], 0
    for part, _minutes in plan_parts(game)[lesson]:
        try:
            spec = activity_spec(game, lesson, part)
        except KeyError:
            continue  # a part that is not an activity (the replay, the game)
        for screen in spec.screens:
            shown = [screen.picture(language)] if screen.picture else []
            if screen.reveal is not None:
                shown.append(screen.reveal(language).svg or "")
            pictures = (html for html in shown if 'class="teachgames-chart"' not in html)
            svgs = (s for html in pictures for s in re.findall(r"<svg.*?</svg>", html, flags=re.S))
            for svg in (s for s in svgs if 'class="teachgames-explanation"' not in s[:300]):
                for text in texts(svg):
                    if NUMBER.fullmatch(text.words.strip()):
                        seen += 1
                        if text.px < 24:
                            small.append(f"{part}.{screen.id}: {text.words} at {text.px:.1f} px")
    assert seen, "the lesson's pictures show numbers"
    assert not small, small
