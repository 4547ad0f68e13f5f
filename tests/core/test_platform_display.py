"""The shared display layers serve a game they have never heard of: the two toy games
show as a widget (headless), fall back to static HTML, export worked examples and play
from the command line, all through the registry and the Game contract."""

from __future__ import annotations

import pytest

import teachgames
from teachgames.bots import GreedyBot, RandomBot
from teachgames.widgets.contract import ContractWidget

pytestmark = pytest.mark.usefixtures("toys")  # the toy games are registered (conftest.py)


def intent(widget, action, **args):
    return widget.handle_intent({"type": "intent", "version": widget.version, "action": action, "args": args})


def test_a_game_without_a_widget_of_its_own_plays_in_the_contract_widget():
    g = teachgames.new_game("sums", players=2, seed=3)
    w = ContractWidget(g, players=["Ann", GreedyBot()], language="ru")
    vm = w.view_model
    assert vm["status"] == "Ходит Ann" or "Ann" in vm["status"]
    labels = [m["label"] for m in vm["moves"]]
    assert labels == [g.describe(m) for m in g.legal_moves()]
    table = vm["zones"][0]["cards"][0]["picture"]
    assert vm["pictures"][table].startswith("<svg")
    assert intent(w, "move", index=0)
    assert len(g.history) == 2  # the pupil's move, then the bot's at once
    assert w.view_model["explanation"]["text"]  # the pupil's move, explained
    assert not intent(w, "move", index=99) and w.last_refusal
    assert intent(w, "undo") and g.history == ()  # the bot's move and the pupil's taken back
    stale = w.version - 1
    assert not w.handle_intent({"type": "intent", "version": stale, "action": "move", "args": {"index": 0}})


def test_the_contract_widget_plays_a_simultaneous_game_for_the_pupil():
    g = teachgames.new_game("race", players=2)
    w = ContractWidget(g, players=["Pupil", RandomBot(1)])
    assert [m["label"] for m in w.view_model["moves"]] == ["Player 1 lays 1"]
    assert intent(w, "move", index=0)
    assert g.view()["top"] == 2  # the pupil laid 1, then the bot laid 2
    assert "Player 2" in str(w.view_model["scores"])


def test_static_fallback_and_display_need_no_game_specific_code():
    from teachgames.widgets import make_widget

    g = teachgames.new_game("sums", players=2, seed=3)
    html = g._repr_html_()
    assert "<svg" in html and "<script" not in html and "open cards" in html
    assert "open cards" in ContractWidget(g).static_html()
    widget = make_widget(g)  # the registry finds no widget of its own: the contract widget
    assert isinstance(widget, ContractWidget)
    data, _ = g._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data and "<svg" in data["text/html"]


@pytest.mark.parametrize("suffix", [".html", ".md", ".tex"])
def test_export_writes_a_worked_example_of_a_toy_game(tmp_path, suffix):
    g = teachgames.new_game("sums", players=2, seed=3, rounds=1)
    while not g.is_over():
        g.play(GreedyBot().choose(g))
    path = teachgames.export(g, tmp_path / f"toy{suffix}", names=["<b>Ann</b>", "Bob"])
    text = path.read_text(encoding="utf-8")
    assert "Player 1 takes card" in text or "takes card" in text
    assert "<b>Ann</b>" not in text  # names are text, escaped where the format needs it


def test_the_cli_plays_a_registered_toy_game(capsys):
    from teachgames.cli import main

    assert main(["play", "sums", "--seed", "3", "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert "takes card" in out


def test_the_cli_offers_each_games_own_bots(capsys):
    from teachgames.cli import main

    assert main(["simulate", "tsvetik", "--bots", "field,random,random", "-n", "2"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert [r[1] for r in rows if r and r[0] in "123"] == ["field", "random", "random"]
    assert main(["play", "split", "--bots", "planner,greedy", "--seed", "1"]) == 0
    assert main(["play", "delissimo", "--bots", "planner,greedy", "--seed", "1"]) == 2  # not Delissimo's
    assert "unknown bot 'planner'" in capsys.readouterr().err
