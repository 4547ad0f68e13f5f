"""The widget layer with a game it has never heard of: a tiny simultaneous race, its widget
found through the game class's ``widget`` spec, played in real time against a bot.

What a pupil would notice: a click on a card that is still playable lands even though a
bot's card landed since the pupil's view was drawn (no global version refuses it); a card
that is no longer playable is refused with the game's reason, never dropped silently; the
bots move on their own timer (``tick``) and stop while the teacher pauses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from teachgames.bots import GreedyBot
from teachgames.core.errors import IllegalMove
from teachgames.core.game import Game
from teachgames.widgets import make_widget, widget_class
from teachgames.widgets.base import IntentRefused
from teachgames.widgets.mixin import static_html
from teachgames.widgets.realtime import QUIET_REALTIME_ACTIONS, REALTIME_ACTIONS, RealtimePlay


@dataclass(frozen=True)
class Lay:
    player: int
    card: int
    at: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "lay", "player": self.player, "card": self.card, "at": self.at}


@dataclass
class State:
    top: int
    hands: list[list[int]]
    clock: float

    def copy(self) -> State:
        return State(self.top, [list(h) for h in self.hands], self.clock)


class Climb(Game[State, Lay]):
    """Everyone holds 1..6; whoever is first lays the card one more than the pile's top."""

    name = "climb"
    simultaneous = True
    widget: ClassVar[str | None] = f"{__name__}:ClimbWidget"
    static_html: ClassVar[str | None] = f"{__name__}:climb_html"

    @classmethod
    def new(cls, players: int = 2) -> Climb:
        return cls(State(0, [list(range(1, 7)) for _ in range(players)], 0.0), {"players": players})

    @classmethod
    def _from_setup(cls, setup: Mapping[str, Any]) -> Climb:
        return cls.new(int(setup["players"]))

    players = property(lambda self: len(self._state.hands))  # type: ignore[assignment]
    current_player = property(lambda self: None)  # type: ignore[assignment]

    def is_over(self) -> bool:
        return self._state.top >= 6

    def legal_moves(self, player: int | None = None) -> list[Lay]:
        want = self._state.top + 1
        if player is None or self.is_over() or want not in self._state.hands[player]:
            return []
        return [Lay(player, want, self._state.clock)]

    def move_from_dict(self, data: Mapping[str, Any]) -> Lay:
        return Lay(int(data["player"]), int(data["card"]), float(data.get("at", self._state.clock)))

    def _check(self, move: Lay) -> None:
        if move.card not in self._state.hands[move.player]:
            raise IllegalMove("that card is not in your hand", "no-card")
        if move.at < self._state.clock:
            raise IllegalMove("a card cannot land before the last one", "time")
        if move.card != self._state.top + 1:
            raise IllegalMove("pile taken", "pile-taken")

    def _apply(self, move: Lay) -> None:
        self._state.hands[move.player].remove(move.card)
        self._state.top, self._state.clock = move.card, move.at

    def _snapshot(self) -> State:
        return self._state.copy()

    def scores(self) -> list[Any]:
        return [6 - len(h) for h in self._state.hands]

    def explain_scores(self, language: str | None = None) -> Any:
        return None

    def explain(self, move: Any, language: str | None = None) -> Any:
        return None

    def picture(self, *args: Any, **options: Any) -> str:
        return "<svg/>"

    def view(self, player: int | None = None) -> dict[str, Any]:
        return {"top": self._state.top, "hands": [list(h) for h in self._state.hands]}


def card_svg(n: int) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 60" width="40" height="60">'
            f'<rect x="1" y="1" width="38" height="58" rx="5" fill="#fffaf0" stroke="#5b4636"/>'
            f'<text x="20" y="40" font-size="28" text-anchor="middle" fill="#1f1f1f">{n}</text></svg>')


def climb_html(game: Climb) -> str:
    return f"<p>top {game.view()['top']}</p>"


class ClimbWidget(RealtimePlay):
    """A whole real-time widget: a pile, each player's panel (cards, a one-row pad)."""

    actions: ClassVar[frozenset[str]] = REALTIME_ACTIONS | {"lay"}
    quiet_actions: ClassVar[frozenset[str]] = QUIET_REALTIME_ACTIONS

    def __init__(self, game: Climb, players: Any = None, clock: Any = None, **kw: Any) -> None:
        self.game, self.mode, self.language = game, "play", "en"
        self.seat_players(players, 0)
        self.init_realtime(seed=3, tick_ms=100, clock=clock)
        self.bot_cards: list[int] = []
        super().__init__(language="en", **kw)
        self.sent: list[Any] = []
        self.publish()

    def send(self, content: Any, buffers: Any = None) -> None:
        self.sent.append(content)  # recorded for the tests, and sent on in a notebook
        if getattr(self, "comm", None) is not None:
            super().send(content, buffers)

    def after_attempts(self, attempts: list[Any]) -> None:
        self.bot_cards += [a.move.card for a in attempts if a.accepted]

    def build_view_model(self) -> dict[str, Any]:
        view = self.game.view()
        panels = [  # a panel per player: the hand as a zone inside it, then the pad
            {
                "id": f"player-{p}", "label": self.names[p], "player": p, "mine": p == 0,
                "zones": [{"id": f"hand-{p}", "label": "hand", "cards": [
                    {"key": f"{p}:{c}", "name": str(c), "svg": card_svg(c), "alt": str(c),
                     "selectable": p == 0, "action": "lay", "args": {"card": c}} for c in hand]}],
                "grid": {"columns": ["1", "2", "3"],
                         "rows": [{"label": "pad", "cells": [{"text": "", "marked": k < 6 - len(hand)}
                                                             for k in range(3)]}]},
            }
            for p, hand in enumerate(view["hands"])
        ]  # fmt: skip
        pile = {"id": "pile", "label": "pile", "cards": [
            {"key": "slot", "slot": True, "alt": f"next: {view['top'] + 1}"}]}  # fmt: skip
        return {"title": "Climb", "zones": [pile, *panels], "tick": self.tick_request(),
                "message": self.message}  # fmt: skip

    def intent_lay(self, content: Mapping[str, Any]) -> None:
        card = self.arg(content, "card")
        if not isinstance(card, int):
            raise IntentRefused("a card is a number")
        self.play_now({"kind": "lay", "player": 0, "card": card})
        self.say("success", f"you laid {card}")



class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def lay(w: ClimbWidget, card: int, version: int) -> bool:
    return w.handle_intent({"type": "intent", "version": version, "action": "lay", "args": {"card": card}})


def test_the_widget_is_found_through_the_game_class() -> None:
    g = Climb.new()
    assert widget_class(g) is ClimbWidget
    w = make_widget(g, players=["Ann", GreedyBot(speed=2.0)], clock=Clock())
    assert isinstance(w, ClimbWidget) and w.view_model["tick"] == {"period_ms": 100}
    assert static_html(g) == "<p>top 0</p>"
    zone = w.view_model["zones"][1]
    assert zone["mine"] and zone["grid"]["rows"][0]["cells"][0]["marked"] is False


def test_a_click_still_playable_lands_after_a_bot_card() -> None:
    clock = Clock()
    g = Climb.new()
    w = ClimbWidget(g, ["Ann", GreedyBot(speed=2.0)], clock=clock)
    seen = w.version  # the pupil looks at the table now
    clock.t += 0.1  # too early for the bot: a tick changes nothing, so nothing is redrawn
    assert w.handle_intent({"type": "intent", "version": seen, "action": "tick"})
    assert w.version == seen and w.sent[-1] == {"type": "ack", "version": seen}
    clock.t += 0.8  # the bot (2 cards a second) lays 1 on its own timer
    assert w.handle_intent({"type": "intent", "version": seen, "action": "tick"})
    assert w.bot_cards == [1] and g.view()["top"] == 1 and w.version > seen
    # the pupil's click was made on the older view: 2 is still playable, so it lands
    assert lay(w, 2, seen) and g.view()["top"] == 2
    assert w.view_model["message"]["text"] == "you laid 2"
    assert [m.at for m in g.history] == sorted(m.at for m in g.history)


def test_a_card_no_longer_playable_is_refused_with_the_games_reason() -> None:
    clock = Clock()
    g = Climb.new()
    w = ClimbWidget(g, ["Ann", GreedyBot(speed=2.0)], clock=clock)
    seen = w.version
    clock.t += 0.9
    # no tick arrived yet: the bot's card lands first when the click arrives
    assert not lay(w, 1, seen)
    assert w.sent[-1]["type"] == "refused" and w.sent[-1]["quiet"] is False
    assert w.sent[-1]["reason"] == "pile taken" and w.bot_cards == [1]
    assert g.view()["hands"][0] == [1, 2, 3, 4, 5, 6], "a refused card stays in the hand"
    # the bot's card that beat the click is on the page now (the next tick finds nothing new)
    assert w.version > seen and w.view_model["zones"][0]["cards"][0]["alt"] == "next: 2"


def test_the_bots_last_card_ends_the_game_on_the_page_too() -> None:
    clock = Clock()
    g = Climb.new()
    w = ClimbWidget(g, ["Ann", GreedyBot(speed=2.0)], clock=clock)
    seen = w.version
    clock.t += 10  # the bot lays 1 .. 6 before the pupil's click arrives: the game is over
    assert not lay(w, 1, seen) and g.is_over()
    assert w.sent[-1]["type"] == "refused"
    assert w.version > seen and w.view_model["zones"][0]["cards"][0]["alt"] == "next: 7"
    assert w.view_model["tick"] is None, "the page stops ticking: the game is over"


def test_pause_stops_the_bots_and_the_clock() -> None:
    clock = Clock()
    g = Climb.new()
    w = ClimbWidget(g, ["Ann", GreedyBot(speed=2.0)], clock=clock)
    assert w.handle_intent({"type": "intent", "version": w.version, "action": "pause"})
    assert w.view_model["tick"] is None
    clock.t += 30
    assert not lay(w, 1, w.version) and "paused" in w.sent[-1]["reason"]
    assert w.handle_intent({"type": "intent", "version": 0, "action": "resume"})
    assert w.now() == pytest.approx(0.0) and g.history == ()
    clock.t += 0.9
    w.advance()
    assert w.bot_cards == [1]


def test_a_click_lands_whatever_the_clocks_rounding() -> None:
    """Ticks every 0.1 s (times like 12.0999999999993 s, which the arbiter stamps as 12.1):
    every pupil click on the card the pile needs lands."""
    clock = Clock()
    g = Climb.new()
    w = ClimbWidget(g, ["Ann", GreedyBot(speed=0.1)], clock=clock)
    laid = []
    for step in range(1, 300):
        clock.t += 0.1
        assert w.handle_intent({"type": "intent", "version": w.version, "action": "tick"})
        if step % 37 == 0 and not g.is_over():
            k = g.view()["top"] + 1
            assert lay(w, k, w.version), w.sent[-1]
            laid.append(k)
    assert laid and all(k not in w.bot_cards for k in laid)
    assert g.is_over() and sorted(laid + w.bot_cards) == [1, 2, 3, 4, 5, 6]
