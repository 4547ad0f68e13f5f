"""The game-independent widget modules (seats, bots, replay stepping, labels, explanations),
driven through a tiny counting game that is not Delissimo."""

from __future__ import annotations

import ast
import pathlib
from typing import Any, ClassVar

import pytest

import teachgames
import teachgames.core
from teachgames.widgets.base import FRONT_END_LABELS
from teachgames.widgets.bots import BOT_ACTIONS, BotTurns
from teachgames.widgets.explanations import explanation_dict
from teachgames.widgets.labels import front_end_labels, widget_label
from teachgames.widgets.replay import REPLAY_ACTIONS, REPLAY_KEYS, ReplayStepping
from teachgames.widgets.seats import Seat, bot_name, check_view, default_view, make_seats

WIDGETS = pathlib.Path(__file__).parents[2] / "teachgames" / "widgets"
SHARED = ("labels", "explanations", "seats", "bots", "replay", "base")


class Move:
    def __init__(self, player: int) -> None:
        self.player = player


class CountGame:
    """Players take turns adding one; the game is over at ``end``."""

    name = "count"

    def __init__(self, players: int = 2, end: int = 6) -> None:
        self.players = players
        self.end = end
        self.history: list[Move] = []

    @property
    def current_player(self) -> int | None:
        return None if self.is_over() else len(self.history) % self.players

    def is_over(self) -> bool:
        return len(self.history) >= self.end

    def copy(self) -> CountGame:
        g = CountGame(self.players, self.end)
        g.history = list(self.history)
        return g

    def play(self, move: Any) -> Move:
        played = Move(move["player"])
        self.history.append(played)
        return played

    def undo(self) -> None:
        self.history.pop()

    def replay(self) -> list[CountGame]:
        out = []
        for k in range(len(self.history) + 1):
            g = CountGame(self.players, self.end)
            g.history = self.history[:k]
            out.append(g)
        return out


class AddBot:
    def choose(self, game: CountGame) -> dict[str, Any]:
        return {"player": game.current_player}


class CountWidget(BotTurns, ReplayStepping):
    actions: ClassVar[frozenset[str]] = REPLAY_ACTIONS | BOT_ACTIONS
    quiet_actions: ClassVar[frozenset[str]] = BOT_ACTIONS

    def __init__(
        self, game: CountGame, mode: str, players: Any = None, view: Any = None, delay_ms: int = 5
    ) -> None:
        self.game = game
        self.mode = mode
        self.language = "en"
        self.seat_players(players, view)
        self.init_bots(delay_ms)
        self.init_replay()
        self.bot_moves: list[int] = []
        super().__init__(language="en")
        self.sent: list[Any] = []
        if mode == "replay":
            self.start_replay(game)
        self.publish()

    def send(self, content: Any, buffers: Any = None) -> None:
        self.sent.append(content)

    def _replay_step(self, i: int) -> dict[str, Any]:
        return {"count": len(self._positions[i].history)}

    def _after_bot_move(self, played: Any, before: Any) -> None:
        self.bot_moves.append(played.player)
        self.log_bot_move(f"bot {played.player} adds one", None)

    def build_view_model(self) -> dict[str, Any]:
        if self.mode == "replay":
            return self.replay_view_model()
        cur = self.game.current_player
        bot = None
        if cur is not None and self.seats[cur].bot is not None:
            bot = self.bot_request("thinking")
        return {"count": len(self.game.history), "bot": bot, "message": self.message}


def act(w: CountWidget, action: str, **extra: Any) -> bool:
    return w.handle_intent({"type": "intent", "version": w.version, "action": action, **extra})


def test_shared_modules_know_no_game() -> None:
    for name in SHARED:
        tree = ast.parse((WIDGETS / f"{name}.py").read_text())
        imported = {
            node.module or ""
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
        } | {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
        assert not [m for m in imported for game in teachgames.GAMES if game in m.split(".")], (name, imported)


def test_labels_come_from_the_widgets_catalogue() -> None:
    assert widget_label("player", "en", n=2) == "Player 2"
    # a game's own words come from its domain; the shared catalogue holds none of them
    assert widget_label("btn.capture", "ru", "delissimo") == "Взять"
    with pytest.raises(KeyError):
        widget_label("btn.capture", "ru")
    assert widget_label("btn.hint", "ru", "delissimo") == widget_label("btn.hint", "ru")
    labels = front_end_labels("ru")
    assert set(labels) == set(FRONT_END_LABELS)
    assert labels["scores"] == widget_label("label.scores", "ru")


def test_the_shared_catalogue_holds_no_game_words() -> None:
    from teachgames.core.i18n import messages

    for lang in ("en", "ru", "bg"):
        text = " ".join(messages("widgets", lang).values()).lower()
        for word in ("pizza", "capture", "пицц", "взятк", "пици", "взятк"):
            assert word not in text, (lang, word)


@pytest.mark.parametrize(
    ("language", "forms"),
    [("en", ["one", "other", "other", "other"]), ("bg", ["one", "other", "other", "other"]),
     ("ru", ["one", "few", "many", "one"])],
)  # fmt: skip
def test_plural_categories(language: str, forms: list[str]) -> None:
    from teachgames.widgets.labels import plural_category

    assert [plural_category(n, language) for n in (1, 2, 5, 21)] == forms
    assert plural_category(12, "ru") == "many" and plural_category(22, "ru") == "few"


def test_explanation_dict() -> None:
    class Exp:
        def text(self) -> str:
            return "3/8 + 4/8 = 7/8"

        def svg(self) -> str:
            return "<svg/>"

    class Broken:
        def text(self) -> str:
            raise RuntimeError("no words")

        def svg(self) -> str:
            raise RuntimeError("no picture")

    assert explanation_dict(Exp(), "Why") == {"title": "Why", "text": "3/8 + 4/8 = 7/8", "svg": "<svg/>"}
    assert explanation_dict(None, "Why") is None
    assert explanation_dict(Broken(), "Why") is None


def test_a_bot_is_named_by_its_own_name_its_label_or_its_class() -> None:
    from teachgames.bots import GreedyBot
    from teachgames.core.bots import Bot

    class NotebookBot(Bot):  # written in a lesson: no words in any catalogue
        def choose(self, game: Any, player: int | None = None) -> Any:
            return None

    named = GreedyBot()
    named.name = "  Robo \n Ann "  # type: ignore[attr-defined]
    assert bot_name(GreedyBot(), "ru") == "Жадный бот" and bot_name(GreedyBot(), "bg") == "Алчен бот"
    assert bot_name(named, "ru") == "Robo Ann"  # a name the teacher gave wins
    assert bot_name(NotebookBot(), "ru") == "NotebookBot"
    assert bot_name(AddBot(), "en") == "AddBot"
    assert [s.name for s in make_seats(["Аня", NotebookBot()], 2, "ru")] == ["Аня", "NotebookBot (Игрок 2)"]


def test_seats_names_bots_and_views() -> None:
    seats = make_seats(None, 2, "en")
    assert [s.name for s in seats] == ["Player 1", "Player 2"] and all(s.bot is None for s in seats)
    bot = AddBot()
    seats = make_seats(["  Ann \n Lee ", bot, "Ann Lee", ""], 4, "en")
    assert [s.name for s in seats] == [
        "Ann Lee (Player 1)", "AddBot (Player 2)", "Ann Lee (Player 3)", "Player 4",
    ]
    assert seats[1].bot is bot and isinstance(seats[0], Seat)
    assert make_seats(["x" * 99, "y"], 2, "en")[0].name == "x" * 40
    with pytest.raises(TypeError):
        make_seats("ab", 2, "en")
    with pytest.raises(ValueError):
        make_seats(["a"], 2, "en")
    with pytest.raises(TypeError):
        make_seats(["a", 3], 2, "en")
    assert default_view("play", make_seats(["a", bot], 2, "en")) == "pupil"
    assert default_view("play", make_seats(["a", "b"], 2, "en")) == "teacher"
    assert default_view("replay", make_seats(["a", bot], 2, "en")) == "teacher"
    assert check_view("pupil", 2) == "pupil" and check_view(1, 2) == 1
    for bad in (2, -1, True, "everyone", None):
        with pytest.raises(ValueError):
            check_view(bad, 2)


def test_pupil_turns_viewer_and_undo_count() -> None:
    g = CountGame(3)
    w = CountWidget(g, "play", players=["Ann", AddBot(), "Cy"], view="pupil")
    assert w._viewer() == 0 and w._acting_pupil() == 0 and w._require_pupil_turn() == 0
    assert w._undo_count() == 0
    g.play({"player": 0})
    w._last_pupil = 0
    assert w._acting_pupil() is None and w._viewer() == 0  # the bot's turn: Ann still looks
    assert w.bot_step() and w.bot_moves == [1]
    assert w._viewer() == 2 and w._undo_count() == 2  # Ann's move and the bot's after it
    assert CountWidget(CountGame(2), "play", players=["Ann", "Bob"], view=1)._acting_pupil() is None


def test_bots_move_one_step_per_intent_and_stop_for_pupils() -> None:
    g = CountGame(2, end=5)
    w = CountWidget(g, "play", players=[AddBot(), "Ann"], delay_ms=100)
    assert w.view_model["bot"] == {"delay_ms": 100, "text": "thinking"}
    assert w.bots_playing()
    stale = {"type": "intent", "version": w.version, "action": "bot_step"}
    assert w.handle_intent(stale) and len(g.history) == 1
    assert not w.handle_intent(stale) and w.sent[-1]["quiet"] is True
    assert not w.bot_step() and not w.bots_playing()  # Ann's turn
    g.play({"player": 1})
    assert w.run_bots() == 1 and w.view_model["count"] == 3
    assert [e["text"] for e in w.bot_log] == ["bot 0 adds one", "bot 0 adds one"]


def test_no_bot_delay_means_the_bots_play_at_once() -> None:
    g = CountGame(3, end=7)
    w = CountWidget(g, "play", players=[AddBot(), AddBot(), "Ann"], delay_ms=-5)
    assert w.bot_delay_ms == 0  # never negative
    # both bots moved before the pupil saw the table; no bot request is left
    assert len(g.history) == 2 and g.current_player == 2 and w.view_model["bot"] is None
    assert w.bot_moves == [0, 1]


def test_bot_delay_in_seconds() -> None:
    from teachgames.widgets.bots import DEFAULT_BOT_DELAY_MS, delay_ms

    assert delay_ms(None) == DEFAULT_BOT_DELAY_MS and delay_ms(1.5) == 1500 and delay_ms(0) == 0
    assert delay_ms(None, 250) == 250
    for bad in (-1, "fast", True):
        with pytest.raises(ValueError):
            delay_ms(bad)  # type: ignore[arg-type]


def test_a_failing_bot_pauses_the_bots() -> None:
    class Broken:
        def choose(self, game: Any) -> Any:
            raise RuntimeError("boom")

    w = CountWidget(CountGame(2), "play", players=[Broken(), "Ann"])
    assert act(w, "bot_step") and w.bots_paused
    assert w.view_model["bot"] is None and w.view_model["message"]["kind"] == "error"
    assert w.run_bots() == 0


def test_replay_stepping() -> None:
    g = CountGame(2, end=4)
    for _ in range(4):
        g.play(AddBot().choose(g))
    w = CountWidget(g, "replay")
    vm = w.view_model
    assert vm["count"] == 0 and vm["keys"] == REPLAY_KEYS
    assert [b["enabled"] for b in vm["buttons"]] == [False, False, True, True]
    assert act(w, "next") and w.view_model["count"] == 1
    assert act(w, "last") and w.view_model["count"] == 4 and w.replay_position()[1] is None
    assert act(w, "next") and w.step == 4  # clamped
    assert act(w, "goto", step=2) and w.replay_position()[1] is g.history[2]
    assert act(w, "prev") and act(w, "first") and w.step == 0
    assert not act(w, "goto", step="2") and not act(w, "goto", step=True)
    assert set(w._step_cache) == {0, 1, 2, 4}
    g.play({"player": 0})  # a snapshot: later moves are not replayed
    assert act(w, "last") and w.step == 4
    assert not act(w, "bot_step") and w.sent[-1]["quiet"] is True  # no bots in a replay
    play = CountWidget(CountGame(2), "play", players=["Ann", "Bob"])
    assert not act(play, "next") and play.sent[-1]["quiet"] is False


@pytest.mark.parametrize("name", [g for g in teachgames.GAMES if teachgames.core.game_class(g).widget])
def test_every_game_widget_checks_its_game_mode_and_size_before_drawing(name):
    """A teacher who passes the wrong game, mode or size gets a plain error naming it, and
    a game with moves opens as a replay, a fresh one as play."""
    from teachgames.widgets import make_widget

    fresh = teachgames.new_game(name, players=3, seed=4)
    other = teachgames.new_game(next(g for g in teachgames.GAMES if g != name), players=3, seed=4)
    cls = type(make_widget(fresh))
    with pytest.raises(TypeError, match=f"shows a game of {name}"):
        cls(other)
    with pytest.raises(ValueError, match=r"mode must be .*'replay'.*not 'watch'"):
        cls(fresh, mode="watch")
    with pytest.raises(ValueError, match="size must be 'normal' or 'large', not 'huge'"):
        cls(fresh, size="huge")
    assert make_widget(fresh).mode == "play"
    played = fresh.copy()
    player = played.current_player if played.current_player is not None else 0
    played.play(played.legal_moves(player)[0])
    assert make_widget(played).mode == "replay"
