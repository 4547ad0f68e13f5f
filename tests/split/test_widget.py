"""The Split widget, headless: play with selections and buttons, bonuses as choices, Hint,
Undo, bots, replay, views, languages, static fallback."""

from __future__ import annotations

import json

import pytest

import teachgames
from teachgames.bots import GreedyBot
from teachgames.split import scenario
from teachgames.split.bots import PlannerBot
from teachgames.split.widget import SplitWidget


def _intent(w: SplitWidget, action: str, **args: object) -> bool:
    """An intent as the front-end sends it: its arguments in "args"."""
    return w.handle_intent({"type": "intent", "version": w.version, "action": action, "args": args})


def _zones(zones: list[dict]) -> list[dict]:
    out = []
    for z in zones:
        out.append(z)
        out += _zones(z.get("zones", []))
    return out


def _zone(w: SplitWidget, zone: str) -> dict:
    return next(z for z in _zones(w.view_model["zones"]) if z["id"] == zone)


def _key(w: SplitWidget, zone: str, name: str) -> str:
    return next(c["key"] for c in _zone(w, zone)["cards"] if c["name"] == name)


def test_a_pupil_turn_with_clicks_and_buttons() -> None:
    g = scenario(hands=[["7h", "7d", "2c", "5s"], ["3s", "4s"]], draw=["Kc", "Qc", "Jc"], discard=["9d"])
    w = SplitWidget(g, mode="play", players=["Ann", "Bo"])
    assert _intent(w, "draw")
    assert g.phase == "play"
    _intent(w, "select", card=_key(w, "hand-0", "7h"))
    _intent(w, "select", card=_key(w, "hand-0", "7d"))
    assert _intent(w, "match")
    assert g.bonus == "strong"
    labels = [m["label"] for m in w.view_model["moves"]]
    assert any("draws" in s for s in labels) and any("lets the bonus go" in s for s in labels)
    skip = next(m["index"] for m in w.view_model["moves"] if "lets" in m["label"])
    assert _intent(w, "move", index=skip)
    _intent(w, "select", card=_key(w, "hand-0", "2c"))
    assert _intent(w, "discard")
    assert g.current_player == 1 and len(g.history) == 4


def test_refused_choice_shows_why_and_changes_nothing() -> None:
    g = scenario(hands=[["7h", "8d", "2c"], ["3s"]], draw=["Kc", "Qc"], phase="play")
    w = SplitWidget(g, mode="play")
    before = g.to_json()
    _intent(w, "select", card=_key(w, "hand-0", "7h"))
    _intent(w, "select", card=_key(w, "hand-0", "8d"))
    _intent(w, "match")
    assert g.to_json() == before
    msg = w.view_model["message"]
    assert msg["kind"] == "error" and "same rank" in msg["text"]


def test_take_from_the_discard_row_and_upgrade() -> None:
    g = scenario(hands=[["9s", "2c", "Kc"], ["3s"]], draw=["Kd", "Qc"], discard=["4d", "9c", "Jh"],
                 matches=[[["Kh", "Ks"]], []])  # fmt: skip
    w = SplitWidget(g, mode="play")
    _intent(w, "select", card="row:1")
    _intent(w, "select", card=_key(w, "hand-0", "9s"))
    assert _intent(w, "take")
    assert g.view()["discard"] == ["4d"]
    _intent(w, "move", index=len(w.view_model["moves"]) - 1)  # skip the strong bonus
    _intent(w, "select", card=_key(w, "hand-0", "Kc"))
    assert g.view()["matches"][0][0]["cards"] == ["Ks", "Kh"]
    halves = _zone(w, "table-0")["cards"]
    assert [c["name"] for c in halves] == ["Ks", "Kh", "9s", "9c"]
    assert [c["caption"] for c in halves] == [None, "weak", None, "strong"]
    _intent(w, "select", card="match:0:0:1")  # K♥: K♠ K♣ will be a strong match
    assert _intent(w, "upgrade")
    assert g.view()["matches"][0][0] == {"cards": ["Ks", "Kc"], "type": "strong"}
    assert g.view()["discard"] == ["4d", "Kh"]


def test_hint_undo_and_bots() -> None:
    g = teachgames.new_game("split", players=3, seed=4)
    w = SplitWidget(g, mode="play", players=["Ann", PlannerBot(), GreedyBot()], bot_delay=0.5)
    assert _intent(w, "hint")
    hint = w.view_model["message"]
    assert hint["kind"] == "hint" and "Why" in hint["text"] and "Ann draws" in hint["text"]
    _intent(w, "draw")
    while g.current_player == 0:
        moves = g.legal_moves()
        discard = [m for m in moves if m.kind == "discard"]
        skip = [m for m in moves if m.kind in ("skip", "penalise")]
        w._play(discard[0] if discard else skip[0] if skip else moves[0])
        w.publish()
    w.run_bots()
    assert g.current_player == 0 or g.is_over()
    n = len(g.history)
    assert _intent(w, "undo")
    assert len(g.history) < n
    assert g.current_player == 0


def test_pupil_view_hides_other_hands() -> None:
    g = teachgames.new_game("split", players=2, seed=1)
    w = SplitWidget(g, mode="play", players=["Ann", GreedyBot()])
    other = _zone(w, "hand-1")
    assert other["compact"] and other["cards"] == [] and "9 cards" in other["summary"]
    assert "draw_pile" not in json.dumps(w.view_model)
    # the discard row, the pupil's panel (controls under it), then the others': on screen at
    # 1280 x 720; a panel's hand, matches and score pad sit side by side
    assert [z["id"] for z in w.view_model["zones"]] == ["row", "player-0", "player-1"]
    mine = w.view_model["zones"][1]
    assert mine["mine"] and mine["row"] and [z["id"] for z in mine["zones"]] == ["hand-0", "table-0", "pad-0"]
    pupil_second = SplitWidget(teachgames.new_game("split", players=3, seed=1), mode="play",
                               players=[GreedyBot(), "Ann", GreedyBot()], bot_delay=1)  # fmt: skip
    assert [z["id"] for z in pupil_second.view_model["zones"]] == ["row", "player-1", "player-0", "player-2"]
    names = [c["name"] for c in _zone(w, "hand-0")["cards"]]
    pictures = json.dumps(w.view_model.get("pictures", {}))
    hidden = set(g.view()["hands"][1]) - set(names)
    assert all(f"split:{c}@" not in pictures for c in hidden)


def test_stale_and_foreign_clicks_are_refused() -> None:
    g = teachgames.new_game("split", players=2, seed=1)
    w = SplitWidget(g, mode="play", players=["Ann", GreedyBot()])
    assert not w.handle_intent({"type": "intent", "version": w.version - 1, "action": "draw"})
    assert not _intent(w, "select", card="hand:1:0")
    assert not _intent(w, "select", card="nonsense")
    assert g.history == ()


def test_replay_steps_through_a_whole_match_and_ends_with_the_pads() -> None:
    g = teachgames.new_game("split", players=2, seed=2)
    bots = [PlannerBot(), GreedyBot()]
    while not g.is_over():
        g.play(bots[g.current_player].choose(g))
    w = SplitWidget(g, mode="replay", language="ru")
    assert w.view_model["step"]["value"] == 0
    assert _intent(w, "next")
    assert w.view_model["move_text"]
    assert _intent(w, "last")
    exp = w.view_model["explanation"]
    assert exp and "Итог партии" in exp["text"]
    texts = json.dumps(w.view_model, ensure_ascii=False)
    for english in ("Player", "Draw pile", "Discard row", "Score:"):
        assert english not in texts


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_static_fallback_and_mimebundle(language: str) -> None:
    g = teachgames.new_game("split", players=2, seed=3)
    w = SplitWidget(g, mode="play", language=language)
    html = w.static_html()
    assert "<svg" in html and "<script" not in html
    data, _ = w._repr_mimebundle_()
    assert "text/html" in data


def test_the_game_names_its_widget() -> None:
    g = teachgames.new_game("split", players=2, seed=3)
    from teachgames.widgets import make_widget

    assert isinstance(make_widget(g), SplitWidget)


def test_pads_are_grids_and_the_language_switch_says_everything_again() -> None:
    g = scenario(hands=[["7h", "2c"], ["3s"]], draw=["Kc", "Qc"], pad=[{"perfect": 2, "negative": 1}, None])
    w = SplitWidget(g, mode="play")
    grid = _zone(w, "pad-0")["grid"]
    perfect = grid["rows"][0]["cells"]
    assert [c.get("marked") for c in perfect[:3]] == [True, True, False]
    assert perfect[-1]["text"] == "= 10"
    assert grid["rows"][3]["cells"][-1]["text"] == "= −2"
    assert _zone(w, "pad-0")["caption"] == "Pad total: 8"
    assert _intent(w, "language", language="bg")
    assert _zone(w, "pad-0")["caption"] == "Общо от листа: 8"
    assert w.view_model["zones"][0]["label"] == "Ред за изхвърляне"


@pytest.mark.parametrize(
    ("language", "planner", "greedy"),
    [
        ("en", "Planning bot (Player 1)", "Greedy bot (Player 3)"),
        ("ru", "Бот-стратег (Игрок 1)", "Жадный бот (Игрок 3)"),
        ("bg", "Бот стратег (Играч 1)", "Алчен бот (Играч 3)"),
    ],
)
def test_bots_are_named_in_the_pupils_language(language: str, planner: str, greedy: str) -> None:
    g = teachgames.new_game("split", players=3, seed=1)
    w = SplitWidget(g, mode="play", players=[PlannerBot(), "Ann", GreedyBot()], language=language, bot_delay=1)
    assert w.names == [planner, "Ann", greedy]
    vm = w.view_model
    assert vm["status"].startswith(planner)  # "... is thinking"
    labels = [z.get("label", "") for z in _zones(vm["zones"])]
    assert any(planner in label for label in labels) and any(greedy in label for label in labels)
    assert "PlannerBot" not in json.dumps(vm, ensure_ascii=False)
    assert "GreedyBot" not in json.dumps(vm, ensure_ascii=False)


def test_teacher_view_sees_every_hand_and_replay_highlights_the_move() -> None:
    g = scenario(hands=[["9s", "2c", "5d"], ["3s", "4h"]], draw=["Kc", "Qc"], discard=["4d", "9c"])
    w = SplitWidget(g, mode="play", players=["Ann", "Bo"], view="teacher")
    assert [c["name"] for c in _zone(w, "hand-1")["cards"]] == ["3s", "4h"]
    g.play({"kind": "take", "player": 0, "index": 1, "card": "9c", "partner": "9s"})
    r = SplitWidget(g, mode="replay", view=1)
    assert _zone(r, "hand-0")["compact"]  # Player 1's hand is hidden from Player 2's eyes
    assert [c["key"] for c in _zone(r, "row")["cards"] if c["highlight"]] == ["row:1"]
    r2 = SplitWidget(g, mode="replay", view="teacher")
    assert [c["name"] for c in _zone(r2, "hand-0")["cards"] if c["highlight"]] == ["9s"]


@pytest.mark.parametrize(
    ("preset", "rules", "language", "words"),
    [
        ("standard", None, "en", "Split (standard rules)"),
        ("takeover", None, "ru", "(правила с перехватом)"),
        ("one-round", None, "bg", "(един рунд): преглед на играта"),
        ("standard", {"hand_size": 6}, "en", "(a teacher's rules)"),
    ],
)
def test_the_title_says_which_rules_are_played(
    preset: str, rules: dict[str, int] | None, language: str, words: str
) -> None:
    g = teachgames.new_game("split", players=2, seed=3, preset=preset, rules=rules)
    mode = "replay" if preset == "one-round" else "play"
    w = SplitWidget(g, mode=mode, language=language)
    assert words in w.view_model["title"]
    # a saved game keeps rules, not the preset's name: loading it says the same
    again = SplitWidget(teachgames.load_game(g.to_json()), mode=mode, language=language)
    assert again.view_model["title"] == w.view_model["title"]
