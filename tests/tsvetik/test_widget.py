"""The widget, headless: intents as the front end sends them, replay, hint, undo, languages."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from teachgames.bots import GreedyBot
from teachgames.tsvetik import TsvetikGame, scenario
from teachgames.tsvetik.bots import FieldBot
from teachgames.tsvetik.widget import TsvetikWidget
from teachgames.widgets import make_widget

from .helpers import random_game


def intent(w: TsvetikWidget, action: str, **args: Any) -> bool:
    return w.handle_intent({"type": "intent", "version": w.version, "action": action, "args": args})


def all_zones(zones: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every zone, the nested ones too."""
    out: list[dict[str, Any]] = []
    for z in zones:
        out += [z, *all_zones(z.get("zones", []))]
    return out


def zone(w: TsvetikWidget, zone_id: str) -> dict[str, Any]:
    return next(z for z in all_zones(w.view_model["zones"]) if z["id"] == zone_id)


def test_the_game_class_names_its_widget() -> None:
    w = make_widget(TsvetikGame.new(players=2, seed=1), mode="play")
    assert isinstance(w, TsvetikWidget)


def test_a_pupil_draws_places_and_the_bots_answer() -> None:
    g = TsvetikGame.new(players=3, seed=3)
    w = TsvetikWidget(g, mode="play", players=["Ann", FieldBot(), GreedyBot()], bot_delay=0)
    bank = zone(w, "bank")["cards"][0]
    assert bank["selectable"] and bank["action"] == "draw"
    assert intent(w, "draw")
    slots = [c for c in zone(w, "field-2")["cards"] if c.get("slot")]
    assert slots[0]["selectable"] and slots[0]["action"] == "place" and slots[0]["args"] == {"field": 2}
    assert intent(w, "place", field=2)
    assert g.history[1].to_dict() == {"kind": "place", "player": 0, "field": 2}
    assert g.current_player == 0 and len(g.history) > 2  # the bots have played
    assert [entry["text"] for entry in w.view_model["log"]] and w.view_model["log"][0]["explanation"]


def test_a_refused_click_says_why_and_changes_nothing() -> None:
    g = scenario(players=2, bank=["red"] * 6, fields=[["blue"], [], [], []])
    w = TsvetikWidget(g, mode="play", players=["Ann", "Bo"])
    before = g.to_json()
    intent(w, "place", field=0)
    assert w.message is not None and w.message["kind"] == "error" and "turn up" in w.message["text"]
    assert g.to_json() == before
    assert not intent(w, "take", field=9) and w.last_refusal
    assert g.to_json() == before
    stale = {"type": "intent", "version": w.version - 1, "action": "draw"}
    assert not w.handle_intent(stale) and g.to_json() == before


def test_taking_a_field_by_clicking_its_cards() -> None:
    g = scenario(players=2, bank=["red"] * 6, fields=[["blue"], [], [], []])
    w = TsvetikWidget(g, mode="play", players=["Ann", "Bo"])
    card = zone(w, "field-0")["cards"][0]
    assert card["selectable"] and card["action"] == "take"
    assert intent(w, card["action"], **card["args"])
    assert g.state.taken[0] == 0 and "taken by Ann" in zone(w, "field-0")["label"]
    assert w.message is not None and w.message["kind"] == "success" and w.message["svg"]


def test_not_your_turn_while_a_bot_is_to_act() -> None:
    g = scenario(players=2, bank=["red"] * 6, fields=[["blue"], [], [], []])
    w = TsvetikWidget(g, mode="play", players=["Ann", GreedyBot()], bot_delay=1)
    intent(w, "take", field=0)
    assert g.current_player == 1 and w.view_model["bot"]
    assert not intent(w, "draw") and "turn" in (w.last_refusal or "")
    assert not intent(w, "undo")  # Undo waits until the bots have played
    assert intent(w, "bot_step") and len(g.history) == 2  # one bot move per step
    w.run_bots()
    assert g.current_player == 0 and intent(w, "undo")


def test_hint_shows_which_field_and_highlights_it() -> None:
    g = scenario(
        players=2, bank=["blue"] * 6, fields=[["green"], ["red", "red"], [], []], collected=[["red"] * 3, []]
    )
    w = TsvetikWidget(g, mode="play", players=["Ann", "Bo"])
    assert intent(w, "hint")
    assert w.message is not None and w.message["kind"] == "hint" and "field 2" in w.message["text"]
    assert w.message["svg"]
    assert [c["highlight"] for c in zone(w, "field-1")["cards"]] == [True, True, False]
    assert not any(c["highlight"] for c in zone(w, "field-0")["cards"])


def test_undo_takes_back_the_pupils_move_and_the_bots_after_it() -> None:
    g = TsvetikGame.new(players=3, seed=8)
    w = TsvetikWidget(g, mode="play", players=["Ann", FieldBot(), FieldBot()], bot_delay=0)
    intent(w, "draw")
    intent(w, "place", field=0)
    assert len(g.history) > 2
    assert intent(w, "undo")
    assert len(g.history) == 1 and g.view()["drawn"] is not None


def test_replay_steps_through_the_game_and_explains_the_scores() -> None:
    g = random_game(5, players=3)
    w = TsvetikWidget(g, mode="replay")
    vm = w.view_model
    assert vm["step"]["value"] == 0 and vm["explanation"]["svg"]
    intent(w, "next")
    assert w.view_model["step"]["value"] == 1
    intent(w, "last")
    vm = w.view_model
    assert vm["step"]["value"] == len(g.history) and "How the scores" in vm["explanation"]["title"]
    assert all(z["cards"] or z.get("empty") for z in all_zones(vm["zones"]) if not z.get("zones"))


def test_every_word_in_russian_and_bulgarian() -> None:
    g = random_game(2, players=3, moves=30)
    for language in ("ru", "bg"):
        w = TsvetikWidget(g.copy(), mode="play", language=language)
        intent(w, "hint")
        vm = w.view_model
        words = [vm["title"], vm["status"], w.message["text"] if w.message else ""]
        words += [b["label"] for b in vm["buttons"]] + [m["label"] for m in vm["moves"]]
        for z in all_zones(vm["zones"]):
            words += [z["label"], z.get("caption") or "", z.get("empty") or ""]
            words += [c["alt"] for c in z["cards"]]
        for text in words:
            assert not re.search(r"[A-Za-z]{2,}", text), text


@pytest.mark.parametrize(
    ("language", "field_bot", "greedy"),
    [
        ("en", "Field bot (Player 1)", "Greedy bot (Player 3)"),
        ("ru", "Бот-садовник (Игрок 1)", "Жадный бот (Игрок 3)"),
        ("bg", "Бот-градинар (Играч 1)", "Алчен бот (Играч 3)"),
    ],
)
def test_bots_are_named_in_the_pupils_language(language: str, field_bot: str, greedy: str) -> None:
    g = TsvetikGame.new(players=3, seed=1)
    w = TsvetikWidget(g, mode="play", players=[FieldBot(), "Ann", GreedyBot()], language=language, bot_delay=1)
    assert w.names == [field_bot, "Ann", greedy]
    vm = w.view_model
    assert vm["status"].startswith(field_bot)  # "... is thinking"
    labels = [z["label"] for z in all_zones(vm["zones"])]
    assert field_bot in labels and greedy in labels  # the bots' flower collections
    assert not re.search(r"FieldBot|GreedyBot", json.dumps(vm, ensure_ascii=False))


def test_the_language_switch_renames_the_bots() -> None:
    w = TsvetikWidget(TsvetikGame.new(players=2, seed=1), mode="play", players=["Ann", FieldBot()])
    assert w.names == ["Ann", "Field bot (Player 2)"]
    assert intent(w, "language", language="ru")
    assert w.names == ["Ann", "Бот-садовник (Игрок 2)"]


def test_the_language_switch_and_the_static_fallback() -> None:
    g = random_game(4, players=2, moves=12)
    w = TsvetikWidget(g, mode="play")
    assert intent(w, "language", language="bg")
    assert w.view_model["language"] == "bg" and "Тесте" in zone(w, "bank")["label"]
    page = w.static_html()
    assert "<svg" in page and "<script" not in page


def test_collections_are_grouped_by_colour_with_big_counts_and_the_pupils_first() -> None:
    g = scenario(
        players=3,
        bank=["red"] * 6,
        fields=[["blue"], [], [], []],
        collected=[["green"], ["red", "red", "red", "blue"], []],
        current=1,
        first=1,
    )
    w = TsvetikWidget(g, mode="play", players=["Ann", "Bo", "Cy"], view=1)
    ids = [z["id"] for z in all_zones(w.view_model["zones"]) if z["id"].startswith("player-")]
    assert ids[0] == "player-1" and zone(w, "player-1")["mine"]
    cards = zone(w, "player-1")["cards"]
    assert [c["name"] for c in cards] == ["red", "blue"]
    assert cards[0]["alt"].endswith("× 3") and "×3" in w._pictures[cards[0]["picture"]]


def test_the_table_and_the_players_are_rows_with_the_controls_after_the_table() -> None:
    """Side by side for a projector: the bank, the turned-up card and the four fields in one
    wrapping row, the pupil's controls right after it, then the players' collections."""
    g = TsvetikGame.new(players=3, seed=1)
    w = TsvetikWidget(g, mode="play", players=["Ann", FieldBot(), GreedyBot()])
    assert intent(w, "draw")
    table, players = w.view_model["zones"]
    assert table["row"] and table["controls"] and not table["label"] and not table["cards"]
    assert [z["id"] for z in table["zones"]] == ["bank", "drawn", *[f"field-{f}" for f in range(4)]]
    assert players["row"] and not players.get("controls")
    assert [z["id"] for z in players["zones"]] == ["player-0", "player-1", "player-2"]
    assert players["zones"][0]["mine"]  # the pupil's own collection leads the row
    r = TsvetikWidget(random_game(3, players=3, moves=12), mode="replay")
    assert [z["id"] for z in r.view_model["zones"]] == ["table", "players"]


def test_hint_after_turning_up_a_card_says_where_to_put_it() -> None:
    g = scenario(
        players=2, bank=["red"] * 6, fields=[["blue"], ["red", "red"], [], []], collected=[["red"] * 2, []]
    )
    w = TsvetikWidget(g, mode="play", players=["Ann", "Bo"])
    intent(w, "draw")
    assert intent(w, "hint")
    # 2 red + red, red + the new red = 5 red (55): field 2 would change the score by 55 − 10
    assert w.message is not None and "field 2" in w.message["text"] and "45" in w.message["text"]


@pytest.mark.parametrize(("language", "words"), [("en", "already been taken"), ("ru", "уже забрал"), ("bg", "поле 1")])
def test_a_taken_field_says_why_it_cannot_be_taken(language: str, words: str) -> None:
    """The cards of a field another player took are no buttons (no Tab stop), but carry
    the engine's reason in the pupil's language, which the front end shows on a click."""
    g = TsvetikGame.new(players=2, seed=5)
    for move in ({"kind": "draw"}, {"kind": "place", "field": 0}, {"kind": "take", "field": 0}):
        g.play(move)
    w = TsvetikWidget(g, mode="play", players=["Ann", FieldBot()], language=language)
    table = w.view_model["zones"][0]["zones"]
    (field,) = [z for z in table if z["id"] == "field-0"]
    taken = [c for c in field["cards"] if not c.get("slot")]
    reason = g.problem({"kind": "take", "player": 0, "field": 0})
    assert reason is not None and reason.code == "field-taken"
    assert taken and all(not c["selectable"] and c["why_key"] == "field-taken" for c in taken)
    assert all(c["why"] == w.t("not_allowed", reason=reason.words(language)) for c in taken)
    assert words in taken[0]["why"] and reason.words(language) in taken[0]["why"]
    # what can be played carries no reason: the bank is a move
    (bank,) = [z for z in table if z["id"] == "bank"]
    assert bank["cards"][0]["selectable"] and "why" not in bank["cards"][0]
