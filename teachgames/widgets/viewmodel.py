"""The view-model as types: what a widget sends the one front-end (``static/game.js``).

:mod:`.base` says what each key means; these TypedDicts say the same to mypy, so a
game's ``build_view_model`` that misspells a key or sends a number where the front-end
expects words fails the type check instead of drawing nothing. Every key is optional
(``total=False``) because the front-end treats a missing key as "not shown"; the JSON
sent is exactly these dicts.
"""

from __future__ import annotations

from typing import Any, TypedDict


class CardOptions(TypedDict, total=False):
    """How a card behaves (what a card-making helper takes as keyword arguments); its
    inline ``svg`` too, for a card not sent once by ``picture`` name."""

    svg: str
    selectable: bool
    selected: bool
    highlight: bool
    caption: str | None
    slot: bool
    action: str
    args: dict[str, Any]
    #: Why a card that is no move cannot be played, said on a click (it stays a picture:
    #: no button, no Tab stop), and the refusal's code.
    why: str
    why_key: str


class Card(CardOptions, total=False):
    """One card, empty slot or clickable thing in a zone."""

    key: str
    name: str
    picture: str
    alt: str


class Cell(TypedDict, total=False):
    """One cell of a grid (a score pad)."""

    text: str
    marked: bool
    key: str
    selectable: bool
    alt: str


class GridRow(TypedDict, total=False):
    label: str
    cells: list[Cell]


class Grid(TypedDict, total=False):
    columns: list[str]
    rows: list[GridRow]


class Zone(TypedDict, total=False):
    """A labelled group of cards (a hand, a pile, a field), maybe holding zones of its own."""

    id: str
    label: str
    caption: str | None
    current: bool
    empty: str
    player: int
    mine: bool
    compact: bool
    summary: str
    row: bool
    controls: bool
    cards: list[Card]
    grid: Grid | None
    zones: list[Zone]


class Explanation(TypedDict, total=False):
    """An explanation as the front-end shows it (see :mod:`.explanations`)."""

    title: str
    text: str
    svg: str | None
    picture: str


class Message(TypedDict):
    """What the pupil is told (a refusal, a hint, a success)."""

    kind: str
    text: str
    svg: str | None


class Button(TypedDict, total=False):
    action: str
    label: str
    text: str
    icon: str
    enabled: bool
    primary: bool
    group: str


class Step(TypedDict):
    """The replay slider."""

    value: int
    max: int
    label: str


class MoveButton(TypedDict):
    index: int
    label: str


class Score(TypedDict):
    player: int
    name: str
    score: str
    current: bool


class BotRequest(TypedDict):
    delay_ms: int
    text: str


class Tick(TypedDict):
    period_ms: int


class LogEntry(TypedDict):
    text: str
    explanation: Explanation | None


class Announce(TypedDict):
    id: int
    text: str


class Result(TypedDict):
    """The end of a game in play mode: who won, in words (the front-end moves the
    keyboard focus to it)."""

    text: str


class Language(TypedDict):
    code: str
    label: str


class ViewModel(TypedDict, total=False):
    """The whole view-model (``version`` and the shared keys are added by ``publish``)."""

    version: int
    game: str
    mode: str
    title: str
    status: str
    zones: list[Zone]
    pictures: dict[str, str]
    step: Step | None
    move_text: str
    buttons: list[Button]
    keys: dict[str, str]
    moves: list[MoveButton]
    message: Message | None
    explanation: Explanation | None
    scores: list[Score]
    bot: BotRequest | None
    tick: Tick | None
    log: list[LogEntry]
    size: str
    language: str
    announce: Announce
    result: Result | None
    languages: list[Language]
    labels: dict[str, str]
