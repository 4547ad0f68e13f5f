"""The shared core: registry, errors, bots, simulate, and a light import."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

import teachgames
from teachgames.bots import GreedyBot, RandomBot


def test_games_registry():
    assert teachgames.GAMES == ("delissimo", "tsvetik", "ligretto", "split")
    with pytest.raises(ValueError, match="unknown game"):
        teachgames.new_game("chess")


def test_illegal_move_is_a_value_error_with_reason_and_code():
    g = teachgames.new_game("delissimo", level="basic", players=2, seed=1)
    with pytest.raises(ValueError) as info:
        g.play({"kind": "end_turn", "player": 1})
    err = info.value
    assert isinstance(err, teachgames.IllegalMove)
    assert err.reason == "only Player 1 can end the turn now" and err.code == "end-not-your-turn"


@pytest.mark.parametrize(
    "move",
    [
        None,
        42,
        "end",
        {"kind": "fly", "player": 0},
        {"kind": "end_turn"},
        {"kind": "end_turn", "player": True},
        {"kind": "capture", "player": 0, "give": "tomato 1", "take": []},
        {"kind": "capture", "player": 0, "give": ["tomato 9/8"], "take": ["2/8 mt"]},
    ],
)
def test_malformed_moves_are_illegal_moves(move):
    g = teachgames.new_game("delissimo", level="basic", players=2, seed=1)
    before = g.to_json()
    with pytest.raises(teachgames.IllegalMove):
        g.play(move)
    assert g.to_json() == before


def test_undo_with_nothing_to_undo():
    g = teachgames.new_game("delissimo", level="beginner", players=2, seed=1)
    with pytest.raises(teachgames.IllegalMove, match="no move"):
        g.undo()


def test_replay_lists_every_position():
    g = teachgames.new_game("delissimo", level="beginner", players=2, seed=1)
    bot = RandomBot(1)
    for _ in range(6):
        g.play(bot.choose(g))
    positions = g.replay()
    assert len(positions) == 7 and positions[-1] == g
    assert positions[0].history == () and positions[3].history == g.history[:3]


def test_greedy_bot_takes_the_biggest_capture():
    from teachgames.delissimo import scenario

    g = scenario(
        level="beginner",
        hands=[["4/8 mp", "1/8 mt", "5/8 pt"], ["1/8 mp"]],
        centre=["3/8 mp", "1/8 pt", "4/8 pt"],
    )
    move = GreedyBot().choose(g)
    # 5/8 takes 4/8 + 1/8 (10/8 into the pile) beats 4/8 for 3/8 + 1/8 (8/8)
    assert move.to_dict() == {
        "kind": "capture",
        "player": 0,
        "give": ["5/8 pt"],
        "take": ["1/8 pt", "4/8 pt"],
    }


def test_greedy_beats_random_on_average():
    results = teachgames.simulate("delissimo", [GreedyBot(), RandomBot(1)], games=30, seed=0, level="basic")
    greedy = sum(r.scores[0] for r in results)
    rand = sum(r.scores[1] for r in results)
    assert greedy > rand


def test_simulate_is_the_same_serially_and_in_an_executor():
    bots = [RandomBot(3), RandomBot(4), GreedyBot()]
    a = teachgames.simulate("delissimo", bots, games=6, seed=10, level="beginner")
    with ThreadPoolExecutor(2) as pool:
        b = teachgames.simulate("delissimo", bots, games=6, seed=10, executor=pool, level="beginner")
    assert a == b and [r.seed for r in a] == list(range(10, 16))
    assert all(r.moves > 0 and r.winners for r in a)


@pytest.mark.parametrize("game", sorted(teachgames.GAMES))
def test_dealing_and_playing_a_game_loads_none_of_the_heavy_libraries(game: str) -> None:
    """A pupil's first game waits for no maths, plotting or widget library: dealing,
    playing (by whoever may act: Ligretto's players act at once), undoing, viewing and
    saving load sympy, matplotlib, the widget libraries and IPython only when used."""
    code = (
        "import sys, teachgames\n"
        f"g = teachgames.new_game({game!r}, players=3, seed=1)\n"
        "p = g.current_player if g.current_player is not None else "
        "next(q for q in range(g.players) if g.legal_moves(q))\n"
        "g.play(g.legal_moves(p)[0]); g.undo(); g.view(); g.view(0); g.is_over()\n"
        "assert teachgames.load_game(g.to_json()) == g\n"
        "heavy = ('sympy', 'matplotlib', 'ipywidgets', 'anywidget', 'traitlets', 'IPython', 'numpy')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "[]"


def test_illegal_move_reason_in_every_language():
    g = teachgames.new_game("delissimo", level="basic", players=2, seed=1)
    with pytest.raises(teachgames.IllegalMove) as info:
        g.play({"kind": "end_turn", "player": 1})
    err = info.value
    assert err.words() == err.reason == "only Player 1 can end the turn now"
    assert err.words("ru") == "закончить ход сейчас может только игрок 1"
    assert "играч 1" in err.words("bg")
    with pytest.raises(teachgames.IllegalMove) as info:
        g.play({"kind": "capture", "player": 0, "give": ["tomato 1/3"], "take": ["2/8 mt"]})
    assert "1/3" in info.value.words("ru") and "не карта заказа" in info.value.words("ru")
    with pytest.raises(teachgames.IllegalMove) as info:
        g.undo()
    assert info.value.words("bg") == "няма ход, който да се върне"


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_core_messages_complete(language):
    from teachgames.core.i18n import messages, missing_keys, placeholder_problems, plural_problems

    assert missing_keys("core", language) == []
    assert placeholder_problems("core", language) == []
    assert {k: v for k, v in messages("core", language).items() if plural_problems(v, language)} == {}
