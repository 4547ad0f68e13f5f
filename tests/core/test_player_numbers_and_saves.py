"""Players given as numpy's integers, refusals that number players from 1, saves with a
byte-order mark, and a level given where rules belong: each a clear answer."""

from __future__ import annotations

import numpy as np
import pytest

import teachgames
from teachgames.core.errors import GameFileError, IllegalMove
from teachgames.core.text import visible


@pytest.mark.parametrize("name", teachgames.GAMES)
def test_a_numpy_integer_is_a_player_and_a_bool_is_not(name: str) -> None:
    game = teachgames.new_game(name, players=2, seed=1)
    move = game.legal_moves()[0].to_dict()
    assert game.legal_moves(np.int64(move["player"])) == game.legal_moves(move["player"])
    with pytest.raises(ValueError, match="Player 1 to Player 2"):
        game.legal_moves(True)
    with pytest.raises(IllegalMove, match="0 for Player 1, up to 1 for Player 2") as refused:
        game.play(dict(move, player=True))
    assert "numbered 0" not in refused.value.reason
    game.play(dict(move, player=np.int64(move["player"])))
    assert len(game.history) == 1


@pytest.mark.parametrize("name", teachgames.GAMES)
def test_a_refused_player_number_reads_from_player_1_in_every_language(name: str) -> None:
    game = teachgames.new_game(name, players=3, seed=1)
    move = game.legal_moves()[0].to_dict()
    with pytest.raises(IllegalMove) as refused:
        game.play(dict(move, player=7))
    assert "Player 3" in refused.value.words("en")
    assert "Игрок 1" in refused.value.words("ru") and "Играч 3" in refused.value.words("bg")


@pytest.mark.parametrize("name", teachgames.GAMES)
def test_a_level_given_as_rules_is_a_clear_error(name: str) -> None:
    with pytest.raises(ValueError, match="rules= must be a dict of rule names and values"):
        teachgames.new_game(name, rules="beginner")


@pytest.mark.parametrize("name", teachgames.GAMES)
def test_a_save_with_a_byte_order_mark_loads(name: str) -> None:
    game = teachgames.new_game(name, players=2, seed=3)
    game.play(game.legal_moves()[0])
    text = game.to_json()
    for notepad in ("\ufeff" + text, ("\ufeff" + text).encode("utf-8")):
        loaded = teachgames.load_game(notepad)
        assert loaded.history == game.history
    with pytest.raises(GameFileError):
        teachgames.load_game("\ufeff\ufeff" + text)


def test_control_characters_are_shown_not_obeyed() -> None:
    assert visible("Ann\nPlayer 2: 999") == "Ann␊Player 2: 999"
    assert visible("B\x1b[31mob\r") == "B␛[31mob␍"
    assert visible("Nguyễn 王 🦄 שרה") == "Nguyễn 王 🦄 שרה"
    assert "\u2028" not in visible("a\u2028b") and "\x85" not in visible("a\x85b")
