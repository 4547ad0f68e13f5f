"""Seats and players: who sits where (a pupil or a bot), whose eyes a view is for.

Game-independent (every turn-based game's widget uses it):

- :func:`make_seats` turns ``players=`` (one pupil's name or bot per seat) into
  :class:`Seat` objects with clear, unique, plain-text names;
- :func:`default_view` / :func:`check_view` handle ``view=`` ("teacher", "pupil" or a
  player index);
- :class:`SeatedWidget` adds to a :class:`~teachgames.widgets.base.GameWidget` the
  viewer (the view-model is built for these eyes only), the pupil allowed to act now,
  the refusals when it is not a pupil's turn, and how many moves Undo takes back.

The game object needs ``players`` (a count), ``current_player`` (None while nobody or
everybody is to act), ``is_over()`` and ``history`` (moves with a ``player``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from ..core.i18n import resolve_language
from .base import GameWidget, IntentRefused
from .ending import result_words, spoken_result
from .labels import widget_label
from .replay import ReplayStepping
from .viewmodel import ViewModel

#: A pupil's or a bot's name is cut to this many characters.
NAME_MAX = 40
#: The teacher's presentation sizes: "large" for a projector (bigger cards and words).
SIZES = ("normal", "large")


class Seat:
    """One place at the table: a pupil (``bot`` None) or a bot."""

    __slots__ = ("bot", "name")

    def __init__(self, name: str, bot: Any = None) -> None:
        self.name = name
        self.bot = bot


def bot_name(bot: Any, language: str) -> str:
    """A bot's name for pupils: its own ``name`` if set, else ``bot.label(language)``
    ("Жадный бот" in Russian), else its class name (a bot written in a notebook).

    Cut to :data:`NAME_MAX` characters, spaces tidied.
    """
    own = getattr(bot, "name", None)
    if not isinstance(own, str) or not own.strip():
        own = None
        label = getattr(bot, "label", None)
        if callable(label):
            try:
                said = label(language)
            except (KeyError, TypeError):  # a Bot subclass with no words in the catalogue
                said = None
            own = said if isinstance(said, str) and said.strip() else None
    text = " ".join((own or type(bot).__name__).split())
    return text[:NAME_MAX]


def make_seats(players: Sequence[Any] | None, n: int, language: str) -> list[Seat]:
    """One :class:`Seat` per player from ``players=`` (None: ``n`` pupils "Player 1"...).

    A name is a pupil; any object with ``choose(game)`` is a bot (named by
    :func:`bot_name` in ``language``, with the player number). Two seats with the same name get
    their player numbers, so the words stay clear.
    """

    def number(p: int) -> str:
        return widget_label("player", language, n=p + 1)

    def with_number(name: str, p: int) -> str:
        return widget_label("name_with_player", language, name=name, player=number(p))

    if players is None:
        return [Seat(number(p)) for p in range(n)]
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise TypeError("players= is a list with one name or bot per seat")
    if len(players) != n:
        raise ValueError(f"this game has {n} players, but players= lists {len(players)}")
    seats: list[Seat] = []
    for p, who in enumerate(players):
        if isinstance(who, str):
            name = " ".join(who.split())[:NAME_MAX] or number(p)
            seats.append(Seat(name))
        elif callable(getattr(who, "choose", None)):
            seats.append(Seat(with_number(bot_name(who, language), p), bot=who))
        else:
            raise TypeError(
                f"players[{p}] must be a pupil's name or a bot with choose(game), not {who!r}"
            )
    counts: dict[str, int] = {}
    for s in seats:
        counts[s.name] = counts.get(s.name, 0) + 1
    for p, s in enumerate(seats):
        if counts[s.name] > 1 and s.name != number(p):
            s.name = with_number(s.name, p)
    return seats


def default_view(mode: str, seats: Sequence[Seat]) -> str:
    """The hot-seat pupil view when pupils play with bots, else the teacher's."""
    has_bot = any(s.bot is not None for s in seats)
    has_pupil = any(s.bot is None for s in seats)
    return "pupil" if mode == "play" and has_bot and has_pupil else "teacher"


def check_view(view: object, players: int) -> str | int:
    """``view`` if it is "teacher", "pupil" or a player index, else ValueError."""
    if view in ("teacher", "pupil"):
        return cast("str | int", view)
    if isinstance(view, bool) or not isinstance(view, int) or not 0 <= view < players:
        raise ValueError(
            f"view must be 'teacher', 'pupil' or a player index 0..{players - 1}, "
            f"not {view!r}"
        )
    return view


class SeatedWidget(GameWidget):
    """A game widget with seats (pupils and bots) and a viewer.

    A subclass calls :meth:`take_game` (the game, "play" or "replay", the size) and
    :meth:`seat_players` before ``GameWidget.__init__``.
    """

    game: Any
    mode: str
    size: str
    seats: list[Seat]
    names: list[str]
    view_as: str | int
    _players_given: Sequence[Any] | None
    #: The pupil who moved last (the hot-seat view stays with them while bots move).
    _last_pupil: int | None
    #: Moves already in the game's history when the widget was made (Undo stops there).
    _start_moves: int
    #: The end of the game has been said (once; Undo past the end says it again later).
    _result_said: bool = False

    def take_game(
        self, game: Any, mode: str | None, size: str, modes: Sequence[str], sizes: Sequence[str] = SIZES
    ) -> None:
        """Keep ``game``, ``mode`` and ``size`` after checking them: a widget shows only its
        own game (``domain``), and with no mode it replays a game that has moves (or has
        ended) and plays a fresh one. A wrong value is a plain error before anything is
        drawn."""
        if getattr(game, "name", None) != self.domain:
            raise TypeError(f"{type(self).__name__} shows a game of {self.domain}, not {game!r}")
        if mode is None:
            mode = "replay" if game.history or game.is_over() else "play"
        if mode not in modes:
            raise ValueError(f"mode must be {_one_of(modes)}, not {mode!r}")
        if size not in sizes:
            raise ValueError(f"size must be {_one_of(sizes)}, not {size!r}")
        self.game, self.mode, self.size = game, mode, size

    def seat_game(self, game: Any, mode: str | None, players: Sequence[Any] | None, view: str | int | None,
                  language: str | None, size: str, modes: Sequence[str]) -> None:  # fmt: skip
        """The first half of every game widget's constructor: check and keep the game, the
        mode and the size, choose the language, seat the players and choose the view."""
        self.take_game(game, mode, size, modes)
        self.language = resolve_language(language)
        self.seat_players(self.default_players(players), view)

    def default_players(self, players: Sequence[Any] | None) -> Sequence[Any] | None:
        """The seats when none are given (hook: None lets :func:`make_seats` choose)."""
        return players

    def open_widget(self, **kwargs: Any) -> None:
        """The last half of every game widget's constructor: the anywidget itself, the
        replay's positions in replay mode, and the first view-model."""
        super().__init__(language=self.language, **kwargs)
        if self.mode == "replay" and isinstance(self, ReplayStepping):
            self.start_replay(self.game)
        self.publish()

    def title_line(self, variant: str, replay: bool) -> str:
        """The title a game's widget shows: the game's name, its level or rules in words
        (``variant``), and that it is a replay (the shared ``title.*`` words)."""
        key = "title.replay" if replay else "title.play"
        return self.t(key, game=self.game.title(self.language), level=variant)

    def seat_players(self, players: Sequence[Any] | None, view: str | int | None) -> None:
        """Seat ``players`` at ``self.game`` and choose the view (see the module doc)."""
        self._players_given = players
        self.seats = make_seats(players, self.game.players, self.language)
        self.names = [s.name for s in self.seats]
        if view is None:
            view = default_view(self.mode, self.seats)
        self.view_as = check_view(view, self.game.players)
        self._last_pupil = None
        self._start_moves = len(self.game.history)

    def language_changed(self) -> None:
        """Seat names in the new language ("Player 2" -> "Игрок 2"); the bots stay."""
        super().language_changed()
        renamed = make_seats(self._players_given, self.game.players, self.language)
        for seat, again in zip(self.seats, renamed, strict=True):
            seat.name = again.name
        self.names = [s.name for s in self.seats]

    def publish(self, vm: ViewModel | None = None) -> None:
        """Publish; once the game is over in play mode, with its result in the message
        box, said once by the live region, and as the view-model's ``result``."""
        if vm is None and self.mode == "play" and self.game.is_over():
            vm = self._with_result()
        elif vm is None:
            self._result_said = False
        super().publish(vm)

    def _with_result(self) -> ViewModel:
        """The view-model of a game that is over (see :mod:`.ending`)."""
        words = result_words(self.names, self.game.winners(), self.language)
        self.message = {"kind": "success", "text": words, "svg": None}
        vm = self.build_view_model()
        if not self._result_said:
            self.announce_last(spoken_result(words, vm))
            self._result_said = True
        vm["result"] = {"text": words}
        return vm

    def _viewer(self, game: Any | None = None) -> int | None:
        """Whose eyes the view-model is built for (None = the teacher)."""
        if self.view_as == "teacher":
            return None
        if isinstance(self.view_as, int):
            return self.view_as
        pupils = [p for p, s in enumerate(self.seats) if s.bot is None]
        if not pupils:
            return None
        cur = (game or self.game).current_player
        if self.mode == "play" and cur is not None and self.seats[cur].bot is None:
            return int(cur)
        if self._last_pupil is not None:
            return self._last_pupil
        return pupils[0]

    def _acting_pupil(self) -> int | None:
        """The player to act if it is a pupil this view may act for, else None."""
        g = self.game
        cur = g.current_player
        if cur is None or g.is_over() or self.seats[cur].bot is not None:
            return None
        viewer = self._viewer()
        if viewer is not None and viewer != cur:
            return None
        return int(cur)

    def _require_pupil_turn(self) -> int:
        """The pupil to act, or refuse the intent (not play mode, game over, not your turn)."""
        if self.mode != "play":
            raise IntentRefused(self.t("refused.play_only"))
        acting = self._acting_pupil()
        if acting is None:
            g = self.game
            if g.is_over():
                raise IntentRefused(self.t("refused.game_over"))
            raise IntentRefused(self.t("refused.not_your_turn", name=self.names[g.current_player]))
        return acting

    def _undo_count(self) -> int:
        """How many moves Undo takes back: to before the last pupil move (0: none)."""
        history = self.game.history
        for k in range(len(history) - 1, self._start_moves - 1, -1):
            if self.seats[history[k].player].bot is None:
                return len(history) - k
        return 0


def _one_of(values: Sequence[str]) -> str:
    """"'replay' or 'play'", "'play', 'replay' or 'step'"."""
    quoted = [repr(v) for v in values]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
