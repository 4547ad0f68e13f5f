"""A card's toppings decide whether a capture is legal, so six-year-olds must read them
from the back of a classroom: on every picture of every Delissimo lesson screen (its own
picture and its answer cards), and on the game's cards, each topping shows as a badge at
least 20 px tall at 1280 x 720 (issue 36; the browser measures the same in
tests/voila/test_lesson_screens_look.py)."""

from __future__ import annotations

import pytest

from teachgames.delissimo.cards import CARDS
from teachgames.delissimo.draw import card_svg
from teachgames.delissimo.lesson.activities import LESSONS, activity
from teachgames.delissimo.widget.viewmodel import CARD_SIZE
from tests.pictures.readable import marks

MIN_PX = 20.0


def _pictures(lesson: str, part: str, language: str) -> list[tuple[str, str]]:
    """(where, svg) of every picture the activity shows before its reveal."""
    out = []
    for screen in activity(lesson, part).screens:
        if screen.picture is not None:
            out.append((f"{screen.id} picture", screen.picture(language)))
        for option in getattr(screen.task, "options", ()) or ():
            if option.picture is not None:
                out.append((f"{screen.id} option {option.id}", option.picture(language)))
    return out


@pytest.mark.parametrize(
    ("lesson", "part"), [(lesson, part) for lesson, (parts, _) in LESSONS.items() for part in parts]
)
def test_every_topping_on_a_lesson_screen_shows_at_20_px(lesson: str, part: str) -> None:
    small = []
    shown = 0
    pictures = _pictures(lesson, part, "en")
    for where, svg in pictures:
        heights = marks(svg, "topping")
        shown += len(heights)
        small += [(where, round(h, 1)) for h in heights if h < MIN_PX]
    assert small == []
    assert shown or not pictures, "no topping drawn: the badges lost their class"


@pytest.mark.parametrize("card", [c.name for c in CARDS if c.kind in ("pizza", "order", "special")])
def test_the_games_cards_show_their_toppings_at_20_px(card: str) -> None:
    heights = marks(str(card_svg(card, size=CARD_SIZE)), "topping")
    assert len(heights) == (1 if card.split()[0] in ("mushroom", "pepper", "tomato") else 2)
    assert min(heights) >= MIN_PX, heights


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_a_badge_carries_its_toppings_letter_in_the_pupils_language(language: str) -> None:
    from teachgames.core.i18n import tr

    svg = str(card_svg("3/8 mt", language=language))
    for topping in ("mushroom", "tomato"):
        assert f">{tr(f'delissimo.draw.letter.{topping}', language)}</text>" in svg
    assert svg.count('class="topping ') == 2


def test_every_topping_in_a_practice_picture_shows_at_20_px() -> None:
    """The practice items drawn with cards (counting, capturing, piles) too."""
    from teachgames import practice

    small = []
    shown = 0
    for skill in practice.skills("delissimo"):
        for level in range(1, skill.levels + 1):
            for seed in range(3):
                item = practice.item("delissimo", skill.id, seed=seed, level=level)
                pictures = [item.problem.picture] + [c.picture for c in item.problem.choices]
                for draw in (p for p in pictures if p is not None):
                    heights = marks(draw("en"), "topping")
                    shown += len(heights)
                    small += [(skill.id, level, round(h, 1)) for h in heights if h < MIN_PX]
    assert shown and small == [], small[:5]
