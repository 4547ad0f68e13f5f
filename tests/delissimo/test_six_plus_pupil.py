"""What a 6+ pupil sees of the game itself (the replay and the game against a bot, as the
6+ notebook shows them): slices and whole pizzas only, never a written fraction, in every
step of a whole game, in three languages (pictures' words and alt texts included)."""

from __future__ import annotations

import re

import pytest

import teachgames
from teachgames.bots import GreedyBot

FRACTION = re.compile(r"(?<![\w/])\d+\s*/\s*\d+(?![\w/])")


#: View-model fields that name a card for the program (sent back with a click), never shown.
PROGRAM_FIELDS = {"name", "picture", "key", "args", "action"}


def seen(value: object) -> str:
    """Every word of a view-model a pupil meets: texts, alt texts, and the pictures' SVG
    (their notation in ``data-card`` attributes, and the pictures' names, are not shown)."""
    if isinstance(value, dict):
        return " ".join(
            seen(v if k != "pictures" else list(v.values())) for k, v in value.items() if k not in PROGRAM_FIELDS
        )
    if isinstance(value, list):
        return " ".join(seen(v) for v in value)
    return re.sub(r'data-card="[^"]*"', "", str(value))


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_the_6plus_replay_writes_no_fraction(language: str) -> None:
    g = teachgames.new_game("delissimo", level="beginner", players=2, seed=7)
    bots = [GreedyBot(), GreedyBot()]
    while not g.is_over():
        g.play(bots[g.current_player].choose(g))
    w = teachgames.show(g, mode="replay", number_form="slices", language=language)
    found: set[str] = set()
    for step in range(len(g.history) + 1):
        w.handle_intent({"type": "intent", "version": w.version, "action": "goto", "args": {"step": step}})
        found.update(FRACTION.findall(seen(w.view_model)))
    assert not found, sorted(found)[:10]


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_the_6plus_game_against_a_bot_writes_no_fraction(language: str) -> None:
    game = teachgames.new_game("delissimo", level="beginner", players=2, seed=7)
    w = teachgames.show(game, mode="play", players=["Pupil", GreedyBot()], number_form="slices", language=language)
    pages = [seen(w.view_model)]
    for action in ("hint", "end_turn"):
        w.handle_intent({"type": "intent", "version": w.version, "action": action, "args": {}})
        pages.append(seen(w.view_model))
    found = {f for page in pages for f in FRACTION.findall(page)}
    assert not found, sorted(found)[:10]
