"""The live region's words: each event once, its working said in words, in en/ru/bg."""

from __future__ import annotations

import pytest

import teachgames
from teachgames.bots import GreedyBot
from teachgames.widgets.spoken import announcement, spoken


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "3 eighths plus 1 eighth is 1 half"),
        ("ru", "3 восьмых плюс 1 восьмая равно 1 вторая"),
        ("bg", "3 осми плюс 1 осма е равно на 1 втора"),
    ],
)
def test_working_is_said_in_words(language: str, said: str) -> None:
    assert spoken("3/8 + 1/8 = 1/2", language) == said


def test_an_event_keeps_its_card_names_and_adds_only_the_working() -> None:
    text = announcement("Ann plays pepper 1/4", {"text": "Why\n2 + 1 = 3\n✓ Legal"}, "en")
    assert text == "Ann plays pepper 1/4. 2 plus 1 is 3."


def test_a_bot_move_is_announced_once_and_a_replay_step_too() -> None:
    g = teachgames.new_game("split", players=2, seed=7)
    w = teachgames.show(g, mode="play", players=[GreedyBot(), "Аня"], language="ru")
    assert "announce" not in w.view_model  # nothing has happened yet
    assert w.run_bots() >= 1
    first = w.view_model["announce"]
    assert w.view_model["message"]["text"] in first["text"]  # the bot's move, in Russian
    assert w.bot_log[-1]["text"] in first["text"]
    w.publish()  # a redraw with no event says nothing new
    assert w.view_model.get("announce") is None

    played = teachgames.new_game("split", players=2, seed=7)
    for _ in range(3):
        played.play(GreedyBot().choose(played))
    r = teachgames.show(played, mode="replay", language="bg")
    r.handle_intent({"type": "intent", "version": r.version, "action": "next"})
    said = r.view_model["announce"]["text"]
    assert r.view_model["move_text"] in said and r.view_model["step"]["label"] in said
