"""The Delissimo widget, headless: view-models, intents, refusals, hidden hands, escaping."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import teachgames
from teachgames.bots import GreedyBot
from teachgames.delissimo.draw import card_alt
from teachgames.delissimo.widget import DelissimoWidget
from teachgames.widgets import make_widget, show
from teachgames.widgets.mixin import game_mimebundle, static_html

NASTY = '<script>alert("x")</script><img src=x onerror=alert(1)>'


class Recorder:
    """Collects what a widget sends to the front-end (refusals)."""

    def __init__(self, w: DelissimoWidget) -> None:
        self.sent: list[Any] = []
        w.send = lambda content, buffers=None: self.sent.append(content)  # type: ignore[method-assign]


def intent(w: DelissimoWidget, action: str, **extra: Any) -> dict[str, Any]:
    return {"type": "intent", "version": w.version, "action": action, **extra}


def act(w: DelissimoWidget, action: str, **extra: Any) -> bool:
    return w.handle_intent(intent(w, action, **extra))


#: A deal where Player 1 has a capture at 8+, with two players and with three (seed 7 has none).
SEED = 12


def played_game(moves: int = 12, seed: int = SEED) -> Any:
    g = teachgames.new_game("delissimo", level="basic", players=3, seed=seed)
    bot = GreedyBot()
    for _ in range(moves):
        g.play(bot.choose(g))
    return g


def fresh(seed: int = SEED, players: int = 2) -> Any:
    return teachgames.new_game("delissimo", level="basic", players=players, seed=seed)


def cards_of(vm: dict[str, Any], zone: str) -> list[dict[str, Any]]:
    return next(z for z in vm["zones"] if z["id"] == zone)["cards"]


def select(w: DelissimoWidget, names: list[str], player: int) -> None:
    """Select hand cards and open pizzas by name (first unused occurrence of each)."""
    used: set[str] = set()
    for name in names:
        for zone in (f"hand-{player}", "open"):
            hit = next(
                (c for c in cards_of(w.view_model, zone) if c["name"] == name and c["key"] not in used),
                None,
            )
            if hit is not None:
                used.add(hit["key"])
                assert act(w, "select", card=hit["key"])
                break
        else:
            raise AssertionError(f"{name} is not on the table")


# --------------------------------------------------------------------------- replay
def test_replay_steps_show_the_move_its_cards_and_why() -> None:
    g = played_game()
    w = make_widget(g, mode="replay")
    assert isinstance(w, DelissimoWidget)
    vm = w.view_model
    n = len(g.history)
    assert vm["mode"] == "replay" and vm["step"] == {"value": 0, "max": n, "label": f"Move 1 of {n}"}
    assert vm["keys"]["ArrowRight"] == "next" and vm["keys"]["ArrowLeft"] == "prev"
    positions = g.replay()
    seen_svgs = set()
    for i, move in enumerate(g.history):
        vm = w.view_model
        assert vm["step"]["value"] == i
        assert vm["move_text"].startswith(f"Move {i + 1}: ")
        assert str(move).replace("Player", "") in vm["move_text"].replace("Player", "")
        # the table is the one before the move
        view = positions[i].view()
        assert [c["name"] for c in cards_of(vm, "open")] == view["open"]
        marked = [
            c["name"] for z in vm["zones"] for c in z["cards"] if c["highlight"]
        ]
        if move.kind == "capture":
            expected = [c.name for c in move.give] + [c.name for c in move.take]
            assert sorted(marked) == sorted(expected)
            assert vm["explanation"] and vm["explanation"]["svg"].lstrip().startswith("<svg")
            seen_svgs.add(vm["explanation"]["svg"])
        elif move.kind == "end_turn":
            assert marked == []
        assert act(w, "next")
    vm = w.view_model
    assert vm["step"]["value"] == n and vm["move_text"] in ("The position now", "End of the game")
    # the engine's own title (catalogue key delissimo.scores.title)
    assert vm["explanation"]["title"] == "How the scores are reached"
    assert len(seen_svgs) >= 2, "different captures should have different explanations"
    assert vm["buttons"][2]["enabled"] is False  # next
    assert act(w, "next") and w.view_model["step"]["value"] == n  # clamped
    assert act(w, "first") and w.view_model["step"]["value"] == 0
    assert act(w, "last") and w.view_model["step"]["value"] == n
    assert act(w, "goto", step=3) and w.view_model["step"]["value"] == 3
    assert act(w, "prev") and w.view_model["step"]["value"] == 2
    assert not act(w, "goto", step="3")


def test_replay_is_a_snapshot_and_play_intents_are_refused() -> None:
    g = played_game(6)
    w = make_widget(g, mode="replay")
    rec = Recorder(w)
    version = w.version
    assert not act(w, "capture")
    assert not act(w, "select", card="open:0")
    assert w.version == version and rec.sent[-1]["type"] == "refused"


def test_default_mode_follows_the_game() -> None:
    assert make_widget(played_game(3)).view_model["mode"] == "replay"
    assert make_widget(fresh()).view_model["mode"] == "play"
    with pytest.raises(ValueError):
        make_widget(fresh(), mode="watch")
    with pytest.raises(ValueError):
        make_widget(fresh(), view=5)
    with pytest.raises(ValueError):
        make_widget(fresh(), players=["a"])
    with pytest.raises(TypeError):
        make_widget(fresh(), players=["a", 3])


# --------------------------------------------------------------------------- play
def test_illegal_capture_shows_why_and_changes_nothing() -> None:
    g = fresh()
    w = make_widget(g, mode="play", players=["Ann", "Bob"])
    hand = g.view()["hands"][0]
    open_cards = g.view()["open"]
    from teachgames.delissimo import parse_card

    order, pizza = next(
        (h, o)
        for h in hand
        for o in open_cards
        if parse_card(h).eighths and parse_card(h).eighths != parse_card(o).eighths
    )
    select(w, [order, pizza], 0)
    assert sum(c["selected"] for z in w.view_model["zones"] for c in z["cards"]) == 2
    saved, version = g.to_json(), w.version
    assert act(w, "capture")
    assert g.to_json() == saved, "an illegal capture must leave the game as it was"
    msg = w.view_model["message"]
    assert msg["kind"] == "error" and msg["text"].startswith("Not allowed: ")
    assert w.version == version + 1
    assert w.view_model["scores"][0]["score"] == "0"
    # nothing selected: a reason, no change
    for c in [c for z in w.view_model["zones"] for c in z["cards"] if c["selected"]]:
        act(w, "select", card=c["key"])
    assert act(w, "capture")
    assert w.view_model["message"]["kind"] == "error" and g.to_json() == saved


def test_legal_capture_changes_the_score_and_explains() -> None:
    g = fresh()
    w = make_widget(g, mode="play", players=["Ann", "Bob"])
    capture = g.captures()[0]
    select(w, [c.name for c in capture.give] + [c.name for c in capture.take], 0)
    assert w.view_model["buttons"][0]["enabled"]  # Capture
    assert act(w, "capture")
    msg = w.view_model["message"]
    assert msg["kind"] == "success" and msg["text"].startswith("Ann gives")
    assert msg["svg"] and msg["svg"].lstrip().startswith("<svg")
    assert g.history[-1] == capture
    assert w.view_model["scores"][0]["score"] != "0"
    assert not any(c["selected"] for z in w.view_model["zones"] for c in z["cards"])


def test_stale_intents_are_refused_and_change_nothing() -> None:
    g = fresh()
    w = make_widget(g, mode="play", players=["Ann", "Bob"])
    rec = Recorder(w)
    first = intent(w, "select", card="hand:0:0")
    assert w.handle_intent(first)
    assert act(w, "end_turn") and g.current_player == 1  # the table changes
    assert act(w, "select", card="hand:1:0")
    vm, saved = w.view_model, g.to_json()
    # clicks made on the view from before the move: all refused, nothing changes
    for action, extra in [("select", {"card": "open:0"}), ("end_turn", {}), ("capture", {})]:
        assert not w.handle_intent({**first, "action": action, **extra})
        assert rec.sent[-1]["type"] == "refused" and rec.sent[-1]["quiet"] is False
    assert w.view_model is vm and g.to_json() == saved and w.selected == ("hand:1:0",)


def test_hint_counts_then_shows_one_capture() -> None:
    g = fresh()
    w = make_widget(g, mode="play", players=["Ann", "Bob"])
    n = len(g.captures())
    assert act(w, "hint")
    msg = w.view_model["message"]
    assert msg["kind"] == "hint" and f"{n} capture" in msg["text"]
    assert not any(c["highlight"] for z in w.view_model["zones"] for c in z["cards"])
    assert act(w, "hint")
    msg = w.view_model["message"]
    assert msg["text"].startswith("Try: Ann gives") and msg["svg"]
    marked = sorted(c["name"] for z in w.view_model["zones"] for c in z["cards"] if c["highlight"])
    first = g.captures()[0]
    assert marked == sorted([c.name for c in first.give] + [c.name for c in first.take])
    assert g.to_json() == fresh().to_json(), "a hint must not move"


def test_end_turn_bots_and_undo() -> None:
    g = fresh()
    w = make_widget(g, mode="play", players=["Ann", GreedyBot()], bot_delay_ms=250)
    rec = Recorder(w)
    assert not act(w, "undo") or w.view_model["message"]["text"].startswith("There is no move")
    capture = g.captures()[0]
    select(w, [c.name for c in capture.give] + [c.name for c in capture.take], 0)
    assert act(w, "capture")
    assert act(w, "end_turn")
    vm = w.view_model
    assert g.current_player == 1 and vm["bot"] == {"delay_ms": 250, "text": vm["status"]}
    assert "thinking" in vm["status"]
    # the pupil cannot act for the bot
    assert not act(w, "select", card="open:0") and "turn" in rec.sent[-1]["reason"]
    # a stale bot step (another view was first) is refused quietly
    stale = intent(w, "bot_step")
    assert w.handle_intent(stale)
    assert not w.handle_intent(stale) and rec.sent[-1]["quiet"] is True
    # Undo waits while the bots play (button off, intent refused)
    undo = next(b for b in w.view_model["buttons"] if b["action"] == "undo")
    assert undo["enabled"] is False
    assert not act(w, "undo") and "bots" in rec.sent[-1]["reason"]
    w.run_bots()
    assert g.current_player == 0 or g.is_over()
    assert w.view_model["bot"] is None
    log = w.view_model["log"]
    bot_moves = [m for m in g.history[2:] if m.player == 1]
    assert [e["text"] for e in log] == [w.words(m) for m in bot_moves], (
        "the pupil sees every bot move of the turn"
    )
    # each listed move opens on its explanation (a capture's maths as SVG)
    captures = [e for e, m in zip(log, bot_moves, strict=True) if m.kind == "capture"]
    assert captures and all("<svg" in w._pictures[e["explanation"]["picture"]] for e in captures)
    assert next(b for b in w.view_model["buttons"] if b["action"] == "undo")["enabled"]
    moves_before = len(g.history)
    assert act(w, "undo")  # back to before Ann's end_turn, bot moves included
    assert len(g.history) == 1 and g.history[0] == capture and moves_before > 2
    assert act(w, "undo")
    assert g.history == () and g.to_json() == fresh().to_json()
    assert act(w, "undo") and w.view_model["message"]["text"].startswith("There is no move")


def test_bot_that_fails_pauses_with_a_message() -> None:
    class Broken:
        def choose(self, game: Any) -> Any:
            raise RuntimeError("boom")

    g = fresh()
    w = make_widget(g, mode="play", players=[Broken(), "Ann"])
    assert w.view_model["bot"] is not None
    assert act(w, "bot_step")
    assert w.bots_paused and w.view_model["bot"] is None
    assert w.view_model["message"]["kind"] == "error" and g.history == ()


def test_special_order_as_an_extra_move_and_by_card() -> None:
    g = teachgames.delissimo.scenario(
        level="basic",
        hands=[["special mt", "tomato 1/4"], ["mushroom 1/2"]],
        stacks=[["2/8 mt"], ["4/8 mt"], ["3/8 pt"]],
        orders=["tomato 1/2"] * 5,
    )
    w = make_widget(g, mode="play", players=["Ann", "Bob"])
    labels = [m["label"] for m in w.view_model["moves"]]
    assert any("special" in label for label in labels), labels
    select(w, ["special mt"], 0)
    assert act(w, "capture")
    assert g.history and g.history[-1].kind == "special"
    assert w.view_model["message"]["kind"] == "success"
    assert act(w, "undo") and not g.history
    assert act(w, "move", index=0) and g.history[-1].kind == "special"
    assert not act(w, "move", index=9)


def test_hint_offers_a_special_order_when_no_capture_exists() -> None:
    """Issue 8 item 2: with a special order on offer, Hint must not say "no capture"."""
    g = teachgames.delissimo.scenario(
        level="basic",
        hands=[["special mt", "pepper 1/8"], ["mushroom 1/2"]],
        stacks=[["2/8 mt"], ["4/8 mt"], ["3/8 pt"]],
        orders=["tomato 1/2"] * 5,
    )
    assert not g.captures() and any(m.kind == "special" for m in g.legal_moves())
    w = make_widget(g, mode="play", players=["Ann", "Bob"])
    assert act(w, "hint")
    text = w.view_model["message"]["text"]
    assert "No capture" not in text and "1 special order" in text, text
    assert act(w, "hint")
    msg = w.view_model["message"]
    assert msg["text"].startswith("Try: Ann plays a special order") and msg["svg"]
    marked = [c for z in w.view_model["zones"] for c in z["cards"] if c["highlight"]]
    assert sorted(c["name"] for c in marked) == ["2/8 mt", "4/8 mt", "special mt"]
    for c in marked:  # the pupil follows the hint: clicks what is marked, then Capture
        assert act(w, "select", card=c["key"])
    assert act(w, "capture") and g.history[-1].kind == "special"


def test_hint_offers_a_cancel_on_the_player_about_to_start() -> None:
    g = teachgames.delissimo.scenario(
        level="advanced", hands=[["cancel", "pepper 1/8"], ["mushroom 1/2"], ["tomato 1/4"]],
        stacks=[["3/8 pt"], ["5/8 mt"], ["7/8 mt"]], current=1, orders=["tomato 1/2"] * 5,
    )  # fmt: skip
    assert any(m.kind == "cancel" for m in g.legal_moves(0))
    w = make_widget(
        g, mode="play", players=["Ann", GreedyBot(), GreedyBot()], bot_delay=5, view="pupil"
    )
    assert "thinking" in w.view_model["status"]  # the bot is about to start its turn
    assert act(w, "hint")
    assert "1 way to cancel a turn" in w.view_model["message"]["text"]
    assert act(w, "hint")
    assert w.view_model["message"]["text"].startswith("Try: Ann cancels the turn of Greedy bot (Player 2)")
    marked = [c["name"] for z in w.view_model["zones"] for c in z["cards"] if c["highlight"]]
    assert marked == ["cancel"]
    assert g.history == ()


# --------------------------------------------------------------------------- hidden hands
def _mentions(text: str, word: str) -> bool:
    """``word`` as a whole token ("mushroom 1" is not in "mushroom 1/4")."""
    return re.search(rf"(?<![\w/]){re.escape(word)}(?![\w/])", text) is not None


def _hidden_words(g: Any, viewer: int) -> list[str]:
    """Names and alt texts of cards only other players hold (not visible to ``viewer``)."""
    view = g.view()
    visible = set(view["hands"][viewer]) | set(view["open"])
    for pile in view["piles"]:
        visible |= set(pile)
    hidden = {c for p, h in enumerate(view["hands"]) if p != viewer for c in h} - visible
    return sorted(hidden) + sorted(card_alt(c) for c in hidden)


@pytest.mark.parametrize("seed", [7, 11, 23])
def test_pupil_view_model_never_holds_hidden_hands(seed: int) -> None:
    g = teachgames.new_game("delissimo", level="basic", players=3, seed=seed)
    w = make_widget(g, mode="play", players=["Ann", GreedyBot(), GreedyBot()])
    assert w.view_as == "pupil"
    hidden = _hidden_words(g, 0)
    assert hidden, "the test needs cards only the bots hold"
    for _ in range(3):  # also after moves and hints
        text = json.dumps(w.view_model)
        leaks = [word for word in hidden if _mentions(text, word)]
        assert not leaks, f"hidden cards in the pupil's view-model: {leaks}"
        others = [z for z in w.view_model["zones"] if z["id"] in ("hand-1", "hand-2")]
        # hidden hands take one compact line: the name and how many cards, no card backs
        for z in others:
            n = len(g.view(player=0)["hands"][z["player"]])
            assert z["cards"] == [] and (not n or (z["compact"] and f"{n} card" in z["summary"]))
        assert w.view_model["zones"][-1]["id"] == "hand-0" and w.view_model["zones"][-1]["mine"]
        if g.current_player == 0:
            act(w, "hint")
            act(w, "hint")
            act(w, "end_turn")
        w.run_bots()
        hidden = _hidden_words(g, 0)
    teacher = make_widget(g, mode="play", players=["Ann", GreedyBot(), GreedyBot()], view="teacher")
    assert all(_mentions(json.dumps(teacher.view_model), word) for word in hidden)


def test_pupil_replay_hides_other_hands() -> None:
    g = played_game(8)
    w = make_widget(g, mode="replay", view=0)
    text = json.dumps(w.view_model)
    hidden = _hidden_words(g.replay()[0], 0)
    assert hidden
    for word in hidden:
        assert not _mentions(text, word)


# --------------------------------------------------------------------------- escaping
def test_html_in_player_names_is_never_markup() -> None:
    g = fresh()
    w = make_widget(g, mode="play", players=[NASTY, "Bob"])
    vm = w.view_model
    svgs = json.dumps([vm.get("message"), vm.get("explanation")]) + "".join(
        vm["pictures"][c["picture"]] for z in vm["zones"] for c in z["cards"]
    )
    assert "<script" not in svgs and "onerror" not in svgs
    # names travel only as plain text (the front-end uses textContent)
    assert vm["zones"][1]["label"] == NASTY[:40]
    html = w.static_html()
    assert "<script" not in html and "<img" not in html and "&lt;script&gt;" in html
    bundle = w._repr_mimebundle_()
    assert bundle is not None and "<script" not in bundle[0]["text/html"]
    # the move words with the name, and the explanation, stay plain text
    capture = g.captures()[0]
    select(w, [c.name for c in capture.give] + [c.name for c in capture.take], 0)
    act(w, "capture")
    msg = w.view_model["message"]
    assert msg["text"].startswith(NASTY[:40]) and "<script" not in (msg["svg"] or "")


# --------------------------------------------------------------------------- display
def test_game_display_bundle_and_static_fallback() -> None:
    g = played_game(5)
    data, _ = game_mimebundle(g)
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["text/html"].lstrip().startswith("<div") and "<svg" in data["text/html"]
    html = static_html(g)
    assert "<svg" in html and "Last move" in html and "<script" not in html
    w = show(g, mode="replay")  # outside IPython: returns the widget, displays nothing
    assert isinstance(w, DelissimoWidget) and w.game is g


def test_keyboard_and_accessibility_fields() -> None:
    w = make_widget(fresh(), mode="play", players=["Ann", "Bob"])
    for z in w.view_model["zones"]:
        for c in z["cards"]:
            # words, not the card's notation ("3/8 mt"): "3 eighths pizza, mushroom and tomato"
            assert c["alt"] and re.match(r"^([a-z]|\d+ eighths? )", c["alt"]), c
            assert not re.search(r"\d/\d", c["alt"]), c
    labels = {b["action"]: b["label"] for b in w.view_model["buttons"]}
    assert labels == {"capture": "Capture", "hint": "Hint", "undo": "Undo", "end_turn": "End turn"}


def test_card_pictures_are_sent_once() -> None:
    g = fresh()
    w = make_widget(g, mode="play", players=["Ann", GreedyBot()], bot_delay=0)
    first = w.view_model
    sent = dict(first["pictures"])
    cards = [c for z in first["zones"] for c in z["cards"]]
    assert cards and all(c["picture"] in sent and "svg" not in c for c in cards)
    hand = [c for c in cards if c["key"].startswith("hand:0:")]
    assert act(w, "select", card=hand[0]["key"])
    again = w.view_model
    assert "pictures" not in again, "a click re-sent card pictures"
    assert len(json.dumps(again)) < len(json.dumps(first)) / 3
    # after moves only the new cards' pictures travel, and every card shown has one
    assert act(w, "select", card=hand[0]["key"]) and act(w, "end_turn")
    for vm in (w.view_model,):
        new = vm.get("pictures", {})
        assert not set(new) & set(sent)
        sent.update(new)
        assert all(c["picture"] in sent for z in vm["zones"] for c in z["cards"])
    # a view that joins late asks for the pictures it lacks
    names = [c["picture"] for z in w.view_model["zones"] for c in z["cards"]]
    rec = Recorder(w)
    w._on_custom_msg(w, {"type": "pictures", "names": [*names, "no such picture"]}, [])
    assert set(rec.sent[-1]["pictures"]) == set(names)


def test_language_switch_says_every_word_again() -> None:
    g = fresh()
    w = make_widget(g, mode="play", players=["Ann", GreedyBot()], language="en")
    assert act(w, "hint")
    assert [c["code"] for c in w.view_model["languages"]] == ["en", "ru", "bg"]
    assert act(w, "language", args={"language": "ru"})
    vm = w.view_model
    assert vm["language"] == "ru" and vm["buttons"][0]["label"] == "Взять"
    assert vm["labels"]["scores"] == "Очки" and vm["message"] is None
    assert all(p.endswith("@ru") for p in vm["pictures"])
    assert "Жадный бот (Игрок 2)" in w.names and "Ann" in w.names  # seat names too
    assert act(w, "language", args={"language": "bg"})
    assert w.names == ["Ann", "Алчен бот (Играч 2)"]  # the bot is renamed, the pupil stays
    assert w.view_model["buttons"][0]["label"] == "Вземи"
    assert not act(w, "language", args={"language": "de"}) and w.language == "bg"


def test_presentation_size_for_a_projector() -> None:
    w = make_widget(fresh(), mode="play", players=["Ann", "Bob"], size="large")
    assert w.view_model["size"] == "large"
    assert make_widget(fresh(), mode="play")._repr_mimebundle_() is not None
    assert make_widget(fresh(), mode="play").view_model["size"] == "normal"
    with pytest.raises(ValueError, match="size"):
        make_widget(fresh(), mode="play", size="huge")
    with pytest.raises(ValueError, match="bot_delay"):
        make_widget(fresh(), mode="play", bot_delay=-1)


def test_a_replayed_special_order_is_outlined_alike_in_the_widget_and_the_static_page() -> None:
    """Issue 7: one engine answer (cards_used) for the cards a move uses."""
    g = teachgames.delissimo.scenario(
        level="basic",
        hands=[["special mt", "pepper 1/8"], ["mushroom 1/2"]],
        stacks=[["2/8 mt"], ["4/8 mt"], ["3/8 pt"]],
        orders=["tomato 1/2"] * 5,
    )
    special = next(m for m in g.legal_moves() if m.kind == "special")
    used = sorted(g.cards_used(special))
    g.play(special)
    w = make_widget(g, mode="replay")
    marked = sorted(c["name"] for z in w.view_model["zones"] for c in z["cards"] if c["highlight"])
    assert marked == used == ["2/8 mt", "4/8 mt", "special mt"]
    html = w.static_html()
    assert html.count('class="outline highlight"') == 3


def test_quick_clicks_count_but_a_click_from_before_a_move_does_not() -> None:
    """The front-end queues clicks: two made on one view both apply (choosing two cards
    quickly); a click made on a view from before a move is refused, with its reason."""
    g = fresh()
    w = make_widget(g, mode="play", players=["Ann", "Bob"])
    rec = Recorder(w)
    seen = w.version
    hand = [c["key"] for c in cards_of(w.view_model, "hand-0")]
    click = {"type": "intent", "version": seen, "action": "select"}
    assert w.handle_intent({**click, "args": {"card": hand[0]}})
    assert w.handle_intent({**click, "args": {"card": "open:0"}})  # made on the same view
    assert w.selected == (hand[0], "open:0")
    assert act(w, "end_turn") and g.current_player == 1
    assert not w.handle_intent({**click, "args": {"card": "open:1"}})
    assert rec.sent[-1]["type"] == "refused" and "changed" in rec.sent[-1]["reason"]
    assert not w.handle_intent({**click, "version": w.version + 1, "args": {"card": "open:1"}})


def test_two_quick_replay_steps_are_two_steps() -> None:
    w = make_widget(played_game(6), mode="replay")
    seen = w.version
    for _ in range(2):
        assert w.handle_intent({"type": "intent", "version": seen, "action": "next"})
    assert w.step == 2


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", ("mushroom", "pepper", "tomato", "stack of")), ("ru", ("грибы", "перец", "томаты", "в стопке")),
     ("bg", ("гъби", "чушки", "домати", "в купчината"))],
)  # fmt: skip
def test_open_pizzas_say_their_toppings_in_words(language: str, words: tuple[str, ...]) -> None:
    """At 8+ an order needs one of a pizza's toppings: each open pizza says both in words
    under its picture (the marks on its slices are small on a projector), with its stack."""
    g = teachgames.new_game("delissimo", level="basic", players=3, seed=7)
    w = DelissimoWidget(g, mode="play", language=language)
    pizzas = cards_of(w.view_model, "open")
    assert len(pizzas) == 3
    for pizza, stack in zip(pizzas, (st for st in g.view()["stacks"] if st), strict=True):
        toppings, size = pizza["caption"].split("\n")
        named = [t for t in words[:3] if t in toppings]
        assert len(named) == 2, toppings  # both toppings of this very pizza
        assert all(word in pizza["alt"] for word in named)
        assert words[3] in size and str(len(stack)) in size
    # at 6+ toppings do not matter: no caption under the open pizzas
    six = DelissimoWidget(teachgames.new_game("delissimo", level="beginner", players=2, seed=7), mode="play")
    assert all(card["caption"] is None for card in cards_of(six.view_model, "open"))
