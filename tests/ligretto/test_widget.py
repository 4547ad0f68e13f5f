"""The Ligretto widget, headless: live play against bots on a fake clock (bots act on
their timers, the pupil's still-playable click lands, a lost race is refused with its
reason, pause and pace), the round's end with its scores explained, the replay timeline."""

from __future__ import annotations

import re
from typing import Any

import pytest

from teachgames.ligretto import LigrettoGame, scenario, simulate_round
from teachgames.ligretto.bots import LigrettoBot
from teachgames.ligretto.widget import LigrettoWidget
from teachgames.widgets import make_widget


class Clock:
    def __init__(self) -> None:
        self.t = 50.0

    def __call__(self) -> float:
        return self.t


def widget(game: Any, clock: Clock, *bots: float, start: bool = True, **kw: Any) -> LigrettoWidget:
    """A play widget for Ann and bots; Start pressed (the round's clock runs from now)."""
    w = LigrettoWidget(game, players=["Ann", *(LigrettoBot(s) for s in bots)], clock=clock, **kw)
    w.sent = []  # type: ignore[attr-defined]
    w.send = lambda content, buffers=None: w.sent.append(content)  # type: ignore[method-assign,attr-defined]
    if start and w.mode == "play":
        w.start()
        w.publish()
    return w


def intent(w: LigrettoWidget, action: str, version: int | None = None, **args: Any) -> bool:
    return w.handle_intent({"type": "intent", "version": w.version if version is None else version,
                            "action": action, "args": args})  # fmt: skip


def test_found_through_the_game_class_and_bots_move_on_ticks() -> None:
    clock = Clock()
    g = LigrettoGame.new(players=3, seed=2)
    w = make_widget(g, players=["Ann", LigrettoBot(2.0), LigrettoBot(1.0)], clock=clock)
    assert isinstance(w, LigrettoWidget) and w.mode == "play"
    assert w.view_model["tick"] is None  # waits for Start
    w.send = lambda content, buffers=None: None  # type: ignore[method-assign]
    assert intent(w, "start")
    assert w.view_model["tick"] == {"period_ms": 300}
    assert [z["label"] for z in w.view_model["zones"]][1] == "Ann"
    assert w.view_model["zones"][2]["label"] == "Bot, 2 cards/s (Player 2)"
    clock.t += 3.0
    assert intent(w, "tick")
    assert g.history and {m.player for m in g.history} <= {1, 2}
    assert w.view_model["log"], "the pupil sees what the bots did"
    # the pupil's own cards can be clicked, the bots' cannot
    mine = w.view_model["zones"][1]["cards"]
    assert any(c.get("selectable") for c in mine)
    assert not any(c.get("selectable") for c in w.view_model["zones"][2]["cards"])


def race_table() -> Any:
    hands = [
        {"stack": ["red 2", "blue 9", "blue 7"], "row": ["green 5"], "deck": ["yellow 1"]},
        {"stack": ["red 2", "blue 8", "blue 6"], "row": ["yellow 5"], "deck": ["green 1"]},
        {"stack": ["red 3", "green 9", "green 8"], "row": ["yellow 7"], "deck": ["blue 1"]},
    ]
    return scenario(hands, piles=[["red 1"], [["red 1", 1]]])


def test_a_click_still_playable_lands_after_a_bot_card() -> None:
    clock = Clock()
    g = race_table()
    w = widget(g, clock, 2.0, 0.1)
    seen = w.version
    clock.t += 1.0  # the fast bot plays its red 2 on pile 1 on its own timer
    intent(w, "tick")
    assert g.view()["piles"][0]["top"] == "red 2" and g.view()["piles"][0]["owner"] == 1
    # Ann clicked her red 2 on the older view: it still fits pile 2, so it lands there
    assert intent(w, "card", version=seen, card="red 2")
    assert g.view()["piles"][1]["top"] == "red 2" and g.view()["piles"][1]["owner"] == 0
    assert "red 2" in w.view_model["message"]["text"]
    # and why it fitted, judged on the table it landed on: the second red pile, 1 + 1 = 2
    why = w.view_model["explanation"]
    assert why["title"] == "Why your card fitted" and "1 + 1 = 2" in why["text"] and why["svg"]


def test_a_lost_race_is_refused_with_the_reason_and_nothing_changes() -> None:
    clock = Clock()
    hands = [
        {"stack": ["red 2", "blue 9", "blue 7"], "row": [], "deck": ["yellow 1"]},
        {"stack": ["red 2", "blue 8", "blue 6"], "row": [], "deck": ["green 1"]},
    ]
    g = scenario(hands, piles=[["red 1"]])
    w = widget(g, clock, 2.0)
    seen = w.version
    clock.t += 1.0  # no tick arrives: the bot's card lands first when Ann's click arrives
    assert not intent(w, "card", version=seen, card="red 2")
    assert w.sent[-1]["type"] == "refused"  # type: ignore[attr-defined]
    assert w.sent[-1]["reason"].startswith("pile taken: Bot, 2 cards/s (Player 2) put red 2")  # type: ignore[attr-defined]
    assert g.view()["hands"][0]["stack_top"] == "red 2", "the refused card stays where it was"


def test_pause_and_pace() -> None:
    clock = Clock()
    g = LigrettoGame.new(players=3, seed=5)
    w = widget(g, clock, 1.0, 1.0)
    assert intent(w, "pause") and w.view_model["tick"] is None and "Paused" in w.view_model["status"]
    clock.t += 60
    assert not intent(w, "turn") and g.history == ()
    assert intent(w, "resume") and w.view_model["tick"] is not None
    assert intent(w, "faster") and w.pace == 1.5 and "×1.5" in w.view_model["status"]
    assert intent(w, "slower") and intent(w, "slower") and w.pace == 0.75
    clock.t += 4.0
    intent(w, "tick")
    slow = len(g.history)
    g2 = LigrettoGame.new(players=3, seed=5)
    w2 = widget(g2, Clock(), 1.0, 1.0, pace=3.0)
    w2._clock.t += 4.0  # type: ignore[attr-defined]
    intent(w2, "tick")
    assert len(g2.history) > slow


def test_round_end_explains_scores_and_deals_the_next_round() -> None:
    clock = Clock()
    g = LigrettoGame.new(players=3, seed=7)
    w = widget(g, clock, 3.0, 3.0)
    for _ in range(400):
        if g.phase != "play":
            break
        clock.t += 0.5
        intent(w, "tick")
    assert g.phase == "round_over"
    vm = w.view_model
    assert vm["tick"] is None and "over" in vm["status"]
    assert "Ann: 0 in the centre, 10 left in the stack: 0 − 10 × 2 = −20" in vm["explanation"]["text"]
    clock.t += 30  # the table stays still while the class reads the scores
    intent(w, "tick")
    assert g.round == 1
    assert [b["action"] for b in vm["buttons"]][-1] == "next_round"
    buttons = {b["action"]: b for b in vm["buttons"]}
    assert not buttons["faster"]["enabled"] and not buttons["slower"]["enabled"]  # no pace once over
    assert intent(w, "next_round")
    assert g.round == 2 and g.phase == "play" and w.view_model["tick"] is None  # dealt, waits for Start
    assert intent(w, "start")
    assert w.view_model["tick"] is not None


def test_the_round_waits_for_start() -> None:
    """A cell run long before the class plays: 150 s of talk, and the round has not begun;
    the clock runs from the press of Start, the pupil's cards are no buttons before it."""
    clock = Clock()
    g = LigrettoGame.new(players=3, seed=7, rules={"rounds": 1})
    w = widget(g, clock, 3.0, 3.0, start=False)
    clock.t += 150.0
    intent(w, "tick")  # a timer left over from an earlier page: nothing moves
    assert not g.history
    vm = w.view_model
    assert g.phase == "play" and "press Start" in vm["status"] and vm["tick"] is None
    assert vm["buttons"][0]["action"] == "start"
    assert not any(c.get("selectable") for c in vm["zones"][1]["cards"])
    card = g.view(0)["hands"][0]["row"][0]
    assert not intent(w, "card", card=card) and not g.history
    assert "press Start" in w.sent[-1]["reason"]  # type: ignore[attr-defined]
    w.send = lambda content, buffers=None: None  # type: ignore[method-assign]
    assert intent(w, "start")
    assert w.now() == 0.0 and "Round 1 · 0 s" in w.view_model["status"]
    clock.t += 2.0
    assert w.now() == 2.0
    assert intent(w, "tick") and g.history and all(m.at <= 2.0 for m in g.history)
    assert any(b["action"] == "pause" for b in w.view_model["buttons"])


def test_a_finished_game_offers_a_new_round_with_the_same_rules() -> None:
    clock = Clock()
    g = LigrettoGame.new(players=3, seed=7, rules={"rounds": 1})
    w = widget(g, clock, 3.0, 3.0)
    for _ in range(400):
        if g.is_over():
            break
        clock.t += 0.5
        intent(w, "tick")
    assert g.phase == "over"
    buttons = {b["action"]: b for b in w.view_model["buttons"]}
    assert buttons["new_game"]["enabled"] and buttons["new_game"]["text"] == "New round"
    assert not buttons["faster"]["enabled"]
    assert intent(w, "new_game")
    fresh = w.game
    assert fresh is not g and fresh.phase == "play" and not fresh.history
    assert fresh.rules == g.rules and fresh.players == 3
    assert w.view_model["buttons"][0]["action"] == "start" and w.view_model["tick"] is None
    assert intent(w, "start")
    clock.t += 3.0
    assert intent(w, "tick") and fresh.history


def test_centre_cards_name_the_pupil() -> None:
    """Ann's card in the centre says "Ann" on it and in its alt text, not "Player 1"."""
    clock = Clock()
    hands = [{"stack": ["blue 9"], "row": ["red 4"], "deck": ["green 1"]},
             {"stack": ["blue 8"], "row": [], "deck": ["yellow 1"]}]  # fmt: skip
    g = scenario(hands, piles=[["red 1", "red 2", "red 3"]])
    w = widget(g, clock, 0.1)
    assert intent(w, "card", card="red 4")
    centre = w.view_model["zones"][0]["cards"][0]
    svg = w._pictures[centre["picture"]]
    assert "Ann" in centre["alt"] and ">Ann<" in svg
    assert "Player 1" not in svg


def test_replay_timeline_ends_with_the_scores() -> None:
    g = simulate_round(players=3, seed=4, speeds=[1, 2, 3])
    w = LigrettoWidget(g, language="ru")
    assert w.mode == "replay"
    n = len(g.history)
    assert w.view_model["step"] == {"value": 0, "max": n, "label": w.view_model["step"]["label"]}
    assert intent(w, "next")
    assert "Ход 2" in w.view_model["move_text"] and "✓" in w.view_model["explanation"]["text"]
    assert intent(w, "last")
    vm = w.view_model
    assert "Как получились очки" in vm["explanation"]["text"]
    texts = [vm["status"], vm["move_text"], vm["title"], vm["explanation"]["text"]]
    texts += [z["label"] for z in vm["zones"]] + [c.get("alt", "") for z in vm["zones"] for c in z["cards"]]
    assert not [t for t in texts if re.search(r"[A-Za-z]{2,}", t)]


def test_static_fallback_and_bad_options() -> None:
    g = LigrettoGame.new(players=2, seed=1)
    w = LigrettoWidget(g, players=["Ann", LigrettoBot()], clock=Clock())
    assert "<svg" in w.static_html() and "<script" not in w.static_html()
    with pytest.raises(ValueError):
        LigrettoWidget(g, mode="film")
    with pytest.raises(ValueError):
        LigrettoWidget(g, pace=7)


def test_step_mode_one_action_each_and_lost_races_listed() -> None:
    g = race_table()
    w = LigrettoWidget(g, mode="step", seed=1)
    w.send = lambda content, buffers=None: None  # type: ignore[method-assign]
    assert w.view_model["tick"] is None and [b["action"] for b in w.view_model["buttons"]] == ["step"]
    assert intent(w, "step")
    log = [entry["text"] for entry in w.view_model["log"]]
    assert len(log) == 3  # every player acted once
    # Players 1 and 2 both aim their red 2 at the first red pile: one of them loses the race
    assert sum("pile taken" in text for text in log) == 1
    assert "Step 1: 2 of 3 actions landed" in w.view_model["message"]["text"]
    again = LigrettoWidget(race_table(), mode="step", seed=1)
    again.send = lambda content, buffers=None: None  # type: ignore[method-assign]
    intent(again, "step")
    assert [e["text"] for e in again.view_model["log"]] == log, "the order is seeded"
    for _ in range(200):
        if g.phase != "play":
            break
        intent(w, "step")
    assert g.phase != "play" and w.view_model["explanation"] is not None
    assert not intent(w, "card", card="red 2")  # nobody clicks cards in step mode


def test_language_switch_says_everything_again() -> None:
    clock = Clock()
    g = LigrettoGame.new(players=3, seed=2)
    w = widget(g, clock, 1.0, 1.5)
    clock.t += 2.5
    intent(w, "tick")
    assert intent(w, "language", language="bg")
    vm = w.view_model
    texts = [vm["status"], vm["title"]] + [b["label"] for b in vm["buttons"]]
    texts += [z["label"] for z in vm["zones"]] + [c.get("alt", "") for z in vm["zones"] for c in z["cards"]]
    texts += [c.get("caption", "") for z in vm["zones"] for c in z["cards"]]
    assert not [t for t in texts if re.search(r"[A-Za-z]{2,}", t.replace("Ann", ""))]
    # one card a second, one and a half cards a second: the plural agrees, decimal comma
    assert "Бот, 1 карта в секунда (Играч 2)" in texts and "Бот, 1,5 карти в секунда (Играч 3)" in texts
    assert "2,5 с" in vm["status"]
    assert intent(w, "language", language="ru")
    names = [z["label"] for z in w.view_model["zones"]]
    assert "Бот, 1 карта в секунду (Игрок 2)" in names and "Бот, 1,5 карты в секунду (Игрок 3)" in names
    assert intent(w, "language", language="en")
    names = [z["label"] for z in w.view_model["zones"]]
    assert "Bot, 1 card/s (Player 2)" in names and "Bot, 1.5 cards/s (Player 3)" in names
    assert all(name.startswith("bg:") or name.startswith("back:") for name in vm.get("pictures", {}))


def test_replay_shows_the_races_lost_at_their_time() -> None:
    from teachgames.ligretto import run_round

    g, attempts = run_round(players=4, seed=3, speeds=2.0)
    lost = [a for a in attempts if not a.accepted]
    assert lost
    w = LigrettoWidget(g, attempts=attempts, language="bg")
    shown = []
    for i in range(len(g.history) + 1):
        w.step = i
        shown += [entry["text"] for entry in w.replay_view_model().get("log", [])]
    assert len(shown) == len(lost) and all("купчината е заета" in t or "купчина" in t for t in shown)
