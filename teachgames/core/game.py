"""The Game contract shared by all four games, and the machinery behind it.

A concrete game supplies the rules (``_check``, ``_apply``, ``legal_moves`` ...) and
a state it can snapshot. This base class owns everything that must behave the same
in every game: validation before any change, exact undo, the move history, saving
and loading with validation, and equality. Keeping it here means a fix to undo or
to loading is made once, not four times.
"""

from __future__ import annotations

import importlib
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from .errors import GameFileError, IllegalMove, Said, file_error
from .numbers import whole_number
from .options import GameOption

if TYPE_CHECKING:
    from .protocols import Move, Refusal

M = TypeVar("M", bound="Move")
S = TypeVar("S")

FILE_FORMAT = "teachgames-game"
#: How a game shows itself in a notebook (widget + static fallback), found through the registry.
DISPLAY = "teachgames.widgets.mixin:game_mimebundle"
STATIC_FALLBACK = "teachgames.widgets.mixin:static_html"
FILE_VERSION = 1
#: Saved games bigger than this are refused before parsing. A lesson game is a few kB, but
#: a legal Ligretto match can run to 120,000 moves (6.6 M characters, about 55 a move): the
#: bound leaves room for five times that while keeping a tampered file's parse to a second.
MAX_FILE_CHARS = 40_000_000


class Game(ABC, Generic[S, M]):
    """Base class of every game: history, undo, save/load, equality.

    Subclasses keep their whole position in ``self._state`` (an object they can
    copy with ``_snapshot``), so that undo is "put the old state back" and can
    never drift from what was there.
    """

    #: Registry name ("delissimo", ...), also written into saved games.
    name: ClassVar[str]
    #: True when players act at the same time (Ligretto): then ``current_player`` is None
    #: while several may act, moves carry their time ``at``, and bots run on a scheduler.
    simultaneous: ClassVar[bool] = False
    #: Place in the lessons' sequence (``teachgames.GAMES`` is sorted by it).
    order: ClassVar[int] = 100
    #: What a teacher may choose in ``new()`` (levels, presets), for the CLI and lessons.
    options: ClassVar[tuple[GameOption, ...]] = ()
    #: ``"module:Class"`` of the game's widget, imported through the registry on first use.
    widget: ClassVar[str | None] = None
    #: ``"module:function"`` giving self-contained HTML of a position (no script).
    static_html: ClassVar[str | None] = None
    #: The game's lesson activities: a spec of a function ``(lesson, part) -> ActivitySpec``
    #: (:mod:`teachgames.lesson`), imported only when a lesson shows one.
    activities: ClassVar[str | None] = None
    #: The game's worksheet task kinds for print, a spec of a tuple of ``TaskKind``
    #: (:mod:`teachgames.worksheets`), imported only when a worksheet is made.
    worksheet: ClassVar[str | None] = None
    #: The game's lesson notebooks, a spec of a tuple of ``Lesson``
    #: (:mod:`teachgames.lesson.notebooks`; ``"mygame.lesson.notebooks:LESSONS"``), imported
    #: only when notebooks are built. The same module may hold ``PLAN_PARTS`` (lesson ->
    #: ((part, minutes), ...)) for the teacher's plan (:mod:`teachgames.lesson.plans`).
    lessons: ClassVar[str | None] = None
    #: The game's own bots a user may name (``--bots field`` on the command line), name ->
    #: ``"module:Class"``; the class is made with no arguments. The shared random, greedy
    #: and look-ahead bots play every game anyway.
    bots: ClassVar[dict[str, str]] = {}
    #: The game's practice skills, a spec of a tuple of ``Skill``
    #: (:mod:`teachgames.practice`; ``"mygame.practice:SKILLS"``), imported only when a
    #: pupil practises.
    practice: ClassVar[str | None] = None
    #: How many snapshots at the bottom of the undo stack another game (a copy) holds too.
    _shared_undo: int = 0
    #: The module of the game's explanations (``"teachgames.tsvetik.explain"``), imported
    #: on first use so that sympy loads only when a pupil asks why. It provides
    #: ``explain_move(game, move, language, names)``, ``explain_refusal(words, language)``
    #: and ``explain_scores(game, language, names)``; the defaults of :meth:`explain` and
    #: :meth:`explain_scores` call them. A game may override those methods instead.
    explanations: ClassVar[str | None] = None
    #: The module of the game's whole-position functions (``"teachgames.delissimo.position"``),
    #: imported on first use: ``position_of(game)`` (the position now as JSON data: every
    #: card where it lies, whose turn, the round, the scores so far, the chance still to
    #: come) and ``game_at(cls, data)`` (a game of class ``cls`` at that position, every
    #: field read by the game's own position readers; ValueError in plain words). A game
    #: without one still has a position code: its saved game, longer but exact.
    positions: ClassVar[str | None] = None

    def __init__(self, state: S, setup: dict[str, Any]) -> None:
        self._state = state
        self._setup = setup  # JSON-able description of the starting position
        self._history: list[M] = []
        #: What undo needs, one per move: a snapshot (``_snapshot``), or a game's cheaper
        #: record of it that ``_restore`` makes a position of again.
        self._undo_stack: list[Any] = []

    # ------------------------------------------------------------ the rules
    @classmethod
    def new(cls, *args: Any, **options: Any) -> Game[S, M]:
        """A dealt game (what ``teachgames.new_game(name, **options)`` makes): every game
        declares its own keywords, ``players`` and ``seed`` among them, and the CLI and
        the lessons offer what its ``options`` (or these keywords) name."""
        raise NotImplementedError(f"{cls.__name__} does not say how to deal a game: it needs a new()")

    @property
    @abstractmethod
    def players(self) -> int:
        """Number of players at the table."""

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Index of the player to act, or None when the game is over."""

    @abstractmethod
    def legal_moves(self, player: int | None = None) -> list[M]:
        """Every move the rules allow now, in a deterministic order."""

    @abstractmethod
    def is_over(self) -> bool:
        """True when the position is final by the rules."""

    @abstractmethod
    def scores(self) -> list[Any]:
        """One exact number per player."""

    def explain_scores(self, language: str | None = None, names: Sequence[str] | None = None) -> Any:
        """An Explanation of how every score was reached (round by round where there are rounds)."""
        return self._explanations().explain_scores(self, language, names)

    @abstractmethod
    def view(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see, as JSON-able data (None = the teacher, who sees all)."""

    @abstractmethod
    def move_from_dict(self, data: Mapping[str, Any]) -> M:
        """Read a move dict; malformed input raises IllegalMove with a plain reason."""

    @abstractmethod
    def _check(self, move: M) -> None:
        """Raise IllegalMove (with the reason) unless ``move`` is legal now."""

    @abstractmethod
    def _apply(self, move: M) -> None:
        """Carry out a move already checked legal."""

    @abstractmethod
    def _snapshot(self) -> S:
        """An independent copy of the state, for undo."""

    def _restore(self, record: Any) -> S:
        """The position an entry of the undo stack keeps (by default it is a snapshot)."""
        return record  # type: ignore[no-any-return]

    def explain(
        self, move: M | Mapping[str, Any], language: str | None = None, names: Sequence[str] | None = None
    ) -> Any:
        """An Explanation of why ``move`` is legal now, or why not; its ``verdict`` is True
        exactly when :meth:`play` would accept the move. A move that cannot even be read
        is explained by its refusal, in the pupil's language."""
        module = self._explanations()
        try:
            m = self.coerce_move(move)
        except IllegalMove as exc:
            return module.explain_refusal(exc.words(language), language)
        return module.explain_move(self, m, language, names)

    def _explanations(self) -> Any:
        if self.explanations is None:
            raise NotImplementedError(
                f"{type(self).__name__} names no explanations module: set the class attribute "
                "'explanations' or override explain() and explain_scores()"
            )
        return importlib.import_module(self.explanations)

    @abstractmethod
    def picture(self, *args: Any, **options: Any) -> Any:
        """The position as an SVG picture (``teachgames.pictures.svg.SvgImage``, a ``str``
        that shows itself in a notebook). Every game's signature is ``picture(move=None, *,
        language=None, names=None, viewer=None, ...)``: ``move``'s cards outlined."""

    # ------------------------------------------------------------ contract with defaults
    @classmethod
    def title(cls, language: str | None = None) -> str:
        """The game's name for people, in ``language`` (games override from their catalogue)."""
        return cls.name.replace("_", " ").capitalize()

    def describe(self, move: M | Mapping[str, Any], language: str | None = None) -> str:
        """The move in plain words (games override to speak every language)."""
        return str(self.coerce_move(move))

    def problem(self, move: M | Mapping[str, Any]) -> Refusal | None:
        """The IllegalMove that :meth:`play` would raise for ``move``, or None if it is legal."""
        try:
            self._check(self.coerce_move(move))
        except IllegalMove as exc:
            return exc
        return None

    def cards_used(self, move: M | Mapping[str, Any]) -> list[str]:
        """The cards ``move`` uses, as card strings: the one answer the widget's highlight,
        the static picture and export all ask."""
        return []

    def picture_tex(self, move: M | Mapping[str, Any], language: str | None = None) -> str | None:
        """A TikZ picture of ``move`` for LaTeX export, its words in ``language``, or None
        (export then leaves it out)."""
        return None

    def bot_value(self, player: int) -> Any:
        """How good the position is for ``player`` (what a greedy bot maximises)."""
        return self.scores()[player]

    def winners(self) -> list[int]:
        """The players with the best match total once the game is over (else none)."""
        if not self.is_over():
            return []
        scores = self.scores()
        best = max(scores)
        return [i for i, s in enumerate(scores) if s == best]

    @property
    def round(self) -> int:
        """The round being played, from 1 (a one-round game is always in round 1)."""
        return 1

    def round_scores(self) -> list[list[Any]]:
        """One list of scores per finished round; ``scores()`` is the match total."""
        return [list(self.scores())] if self.is_over() else []

    def _repr_mimebundle_(
        self, include: Any = None, exclude: Any = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        # The registry wires display: the engine never imports the widget layer.
        from .specs import resolve

        bundle: tuple[dict[str, Any], dict[str, Any]] = resolve(DISPLAY)(self)
        return bundle

    # ------------------------------------------------------------ shared machinery
    @property
    def seed(self) -> int | None:
        """The seed the game was dealt with (None for a position built by hand)."""
        seed = self._setup.get("seed")
        return seed if isinstance(seed, int) else None

    @property
    def moves_played(self) -> int:
        """Moves played since the deal: the history's, and those played before the position
        the game was set up at (a position code counts them, so its view says the same)."""
        at = self._setup.get("at")
        before = at.get("moves", 0) if isinstance(at, Mapping) else 0
        return len(self._history) + (before if isinstance(before, int) else 0)

    @property
    def history(self) -> tuple[M, ...]:
        """The moves played so far, oldest first."""
        return tuple(self._history)

    def coerce_move(self, move: M | Mapping[str, Any]) -> M:
        """Accept a move object or its dict; anything else is an IllegalMove."""
        if isinstance(move, Mapping):
            return self.move_from_dict(move)
        if not hasattr(move, "to_dict") or not hasattr(move, "player"):
            raise IllegalMove.said("core", "not_a_move", "not-a-move", move=repr(move)[:60])
        # Round-trip through the dict so a foreign or hand-made object is read by the
        # same validating parser as any other input (one whose fields cannot even be
        # written, such as a hand-built ``Lay(0, cards=99)``, is no move either).
        try:
            data = move.to_dict()
        except Exception:
            raise IllegalMove.said("core", "not_a_move", "not-a-move", move=repr(move)[:60]) from None
        return self.move_from_dict(data)

    def play(self, move: M | Mapping[str, Any]) -> M:
        """Check and play ``move``; on refusal raise IllegalMove and change nothing."""
        checked = self.coerce_move(move)
        self._check(checked)
        before = self._snapshot()
        try:
            self._apply(checked)
        except BaseException:
            self._state = before
            raise
        self._undo_stack.append(before)
        self._history.append(checked)
        return checked

    def undo(self) -> M:
        """Take back the last move and return it; the position is restored exactly."""
        if not self._history:
            raise IllegalMove.said("core", "nothing_to_undo", "nothing-to-undo")
        self._state = self._restore(self._undo_stack.pop())
        if len(self._undo_stack) < self._shared_undo:
            # a copy holds this snapshot too: play on from a copy of it, never from it
            self._shared_undo = len(self._undo_stack)
            self._state = self._snapshot()
        return self._history.pop()

    def copy(self) -> Game[S, M]:
        """An independent game in the same position with the same history."""
        clone = object.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone._state = self._snapshot()
        clone._history = list(self._history)
        # The snapshots are shared, not copied: each game copies one only when its undo
        # brings it back to life (``_shared_undo`` counts the shared ones).
        clone._undo_stack = list(self._undo_stack)
        self._shared_undo = clone._shared_undo = len(self._undo_stack)
        return clone

    def replay(self) -> list[Game[S, M]]:
        """The game at every step: index i is the position before move i (the last is now)."""
        start = type(self)._start(self._setup)
        positions: list[Game[S, M]] = [start.copy()]
        for m in self._history:
            start.play(m)
            positions.append(start.copy())
        return positions

    # ------------------------------------------------------------ positions
    def position(self) -> dict[str, Any]:
        """The whole position now as JSON data: what :meth:`position_code` carries and
        :meth:`at_position` reads back (see ``docs/positions.md``)."""
        if self.positions is None:
            return {"saved": {"setup": self._setup, "moves": [m.to_dict() for m in self._history]}}
        data: dict[str, Any] = importlib.import_module(self.positions).position_of(self)
        return data

    def position_code(self) -> str:
        """The position now as a short text a teacher can paste (``tg1-<game>-...``);
        ``teachgames.load_position(code)`` makes a game at it, and play goes on from there."""
        from .codes import position_code

        return position_code(self)

    @classmethod
    def at_position(cls, data: Any) -> Game[S, M]:
        """A game at the position ``data`` (what :meth:`position` gives), every part read
        by the game's own position readers; anything wrong is a GameFileError saying what."""
        if not isinstance(data, Mapping):
            raise file_error("core.position.not_object")
        try:
            if cls.positions is None:
                saved = data.get("saved")
                if not isinstance(saved, Mapping):
                    raise file_error("core.position.no_saved")
                return cls.from_saved(saved)
            game: Game[S, M] = importlib.import_module(cls.positions).game_at(cls, data)
            return game
        except GameFileError:
            raise
        except IllegalMove as exc:
            raise file_error("core.position.cannot_exist", reason=_reason_words(exc)) from None
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError,
                OverflowError) as exc:  # fmt: skip
            # The readers say what is wrong in plain words (ValueError); a wrong type deep in
            # a hand-edited position may surface as another error, and is refused the same way.
            raise file_error("core.position.cannot_exist", reason=_reason_words(exc)) from None

    @classmethod
    def _start(cls, setup: Mapping[str, Any]) -> Game[S, M]:
        """The starting position a setup describes: a deal or a scenario (the game's own
        ``_from_setup``), or a position a code gave (``"at"``: see :meth:`at_position`)."""
        if "at" in setup:
            return cls.at_position(setup["at"])
        return cls._from_setup(setup)

    # ------------------------------------------------------------ saving and loading
    def to_json(self) -> str:
        """The starting position and the moves, as JSON that ``load_game`` validates."""
        data = {
            "format": FILE_FORMAT,
            "version": FILE_VERSION,
            "game": self.name,
            "setup": self._setup,
            "moves": [m.to_dict() for m in self._history],
        }
        return json.dumps(data, ensure_ascii=False, sort_keys=True)

    @classmethod
    @abstractmethod
    def _from_setup(cls, setup: Mapping[str, Any]) -> Game[S, M]:
        """Rebuild the starting position from a saved setup; raise ValueError if invalid."""

    @classmethod
    def from_saved(cls, data: Mapping[str, Any]) -> Game[S, M]:
        """Rebuild a game from parsed save data, validating every part of it."""
        setup = data.get("setup")
        moves = data.get("moves")
        if not isinstance(setup, dict):
            raise GameFileError("the saved game has no valid 'setup' object")
        if not isinstance(moves, list):
            raise GameFileError("the saved game has no valid 'moves' list")
        try:
            game = cls._start(setup)
        except GameFileError:
            raise
        except (ValueError, TypeError, KeyError) as exc:
            raise GameFileError(f"the saved starting position is not valid: {exc}") from None
        for number, move in enumerate(moves, start=1):
            if not isinstance(move, dict):
                raise GameFileError(f"move {number} in the saved game is not an object")
            try:
                game.play(move)
            except IllegalMove as exc:
                raise GameFileError(f"move {number} in the saved game is not legal: {exc.reason}") from None
        return game

    # ------------------------------------------------------------ comparison and display
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game) or type(other) is not type(self):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # games are mutable

    def _repr_html_(self) -> str:
        from .specs import resolve

        html: str = resolve(STATIC_FALLBACK)(self)
        return html

    def __repr__(self) -> str:
        if self.is_over():
            state = "over"
        elif self.current_player is None:
            state = "all players act"
        else:
            state = f"player {self.current_player} to act"
        return f"<{type(self).__name__} {self.players} players, {len(self._history)} moves, {state}>"


def _reason_words(error: Exception) -> Said:
    """Why a position cannot exist, in any language: in English as the engine said it; in
    another through the rule's own words (an IllegalMove raised from the catalogue) or the
    editor's wording of the position readers' reasons, else the English after a marker."""

    def say(language: str | None) -> str:
        from .editing_words import engine_reason
        from .i18n import resolve_language

        lang = resolve_language(language)
        if isinstance(error, IllegalMove) and error.worded:
            return error.words(lang)
        english = error.reason if isinstance(error, IllegalMove) else str(error)
        return english if lang == "en" else engine_reason(english, lang)

    return say


def parse_saved(text: str | bytes) -> dict[str, Any]:
    """Parse and check the envelope of a saved game; every problem is a GameFileError."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise GameFileError("the saved game is not UTF-8 text") from None
    if not isinstance(text, str):
        raise GameFileError(f"a saved game is JSON text, not {type(text).__name__}")
    text = text.removeprefix("\ufeff")  # the byte-order mark Windows Notepad writes first
    if len(text) > MAX_FILE_CHARS:
        raise GameFileError(
            f"the saved game is too large ({len(text):,} characters; at most {MAX_FILE_CHARS:,} are read)"
        )
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise GameFileError(f"the saved game is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise GameFileError("the saved game must be a JSON object")
    if data.get("format") != FILE_FORMAT:
        raise GameFileError(f"this is not a teachgames saved game (format {data.get('format')!r})")
    version = data.get("version")
    if version != FILE_VERSION:
        raise GameFileError(
            f"saved-game version {version!r} is not supported (this teachgames reads {FILE_VERSION})"
        )
    if not isinstance(data.get("game"), str):
        raise GameFileError("the saved game does not say which game it is")
    return data


def require_int(value: Any, what: str, low: int, high: int) -> int:
    """A whole number within [low, high] (numpy's integers too), or a ValueError naming ``what``."""
    number = whole_number(value)
    if number is None:
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    if not low <= number <= high:
        raise ValueError(f"{what} must be from {low} to {high}, not {number}")
    return number


def require_player(value: Any, players: int) -> int:
    """A player's index (0 for Player 1), or a ValueError that numbers the players as
    a person reads them, from 1."""
    number = whole_number(value)
    if number is None or not 0 <= number < players:
        raise ValueError(
            f"player {value!r} is not a player: the players are Player 1 to Player {players}, "
            f"given as 0 to {players - 1}"
        )
    return number


def require_str_list(value: Any, what: str) -> list[str]:
    """A list of strings, or a ValueError naming ``what``."""
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise ValueError(f"{what} must be a list of card names")
    out = []
    for item in value:
        if not isinstance(item, str):
            raise ValueError(f"{what} must hold card names (text), found {item!r}")
        out.append(item)
    return out
