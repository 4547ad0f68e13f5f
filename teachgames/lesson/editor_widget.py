"""The position editor as a widget: a teacher lays out any game's position, no Python.

One widget for every game (the game gives only its places and cards, see
:mod:`teachgames.core.editing`). The front end (``static/editor.js``) draws the places
with their cards, a card box ("Card", "Where", "Put"), whose turn, undo and redo, the
position code (to copy, or to paste and load), "Open in the game widget" and "Make this
a puzzle" (the kinds :func:`teachgames.lesson.make_puzzle` offers, saved into a lesson
file). Everything works from the keyboard: every control is a native button, select or
text box; Ctrl+Z and Ctrl+Y undo and redo; a selected card is taken away with Delete.

Intents (versioned like every widget's)::

    {"action": "put", "args": {"card": "5/8 pt", "zone": "hand:0"}}
    {"action": "take", "args": {"zone": "hand:0", "index": 2}}
    {"action": "move", "args": {"zone": "draw", "index": 0, "to": "hand:1"}}
    {"action": "clear", "args": {"zone": "draw"}}
    {"action": "turn", "args": {"player": 1}}                 # 0 for Player 1
    {"action": "undo"} / {"action": "redo"}
    {"action": "load", "args": {"code": "tg1-split-..."}}
    {"action": "open"}                                         # the game widget, below
    {"action": "puzzle", "args": {"kind": "legal", "move": 0, "player": 1, "file": "my-puzzles.json"}}
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar, cast

from ..core.editing import PositionEditor, PositionRefused
from ..core.i18n import FALLBACK, messages, tr
from ..widgets.base import STATIC, GameWidget, IntentRefused
from ..widgets.frontend import esm
from ..widgets.viewmodel import ViewModel
from .editor import DEFAULT_FILE, judge, legal_moves, puzzle, save_puzzle
from .puzzles import PUZZLE_KINDS

#: The words the front end writes itself (catalogue keys ``lesson.editor.label.*``).
LABELS = (
    "card", "where", "put", "turn", "undo", "redo", "code", "load_code", "load", "open",
    "puzzle", "kind", "move", "player", "file", "make", "take", "move_to", "move_card",
    "empty", "selected", "copy", "referee", "claim", "judge", "example",
)  # fmt: skip

#: A place with more cards than this starts folded (a draw pile of 85 cards).
FOLD_OVER = 12


class EditorWidget(GameWidget):
    """The position editor (see the module's docstring)."""

    _esm = esm("editor.js")
    _css = STATIC / "editor.css"

    actions: ClassVar[frozenset[str]] = frozenset(
        {"put", "take", "move", "clear", "turn", "undo", "redo", "load", "open", "puzzle", "judge"}
    )

    def __init__(
        self, editor: PositionEditor, folder: str | os.PathLike[str] | None = None, **kwargs: Any
    ) -> None:
        self.editor = editor
        #: Where puzzles are saved (a file name the teacher types is read in this folder).
        self.folder = Path(folder) if folder is not None else Path.cwd()
        #: The referee's last verdict: {"legal", "text"} (cleared by an edit).
        self.verdict: dict[str, Any] | None = None
        #: The game widget "Open in the game widget" made last, and the lesson file saved last.
        self.opened: GameWidget | None = None
        self.saved: Path | None = None
        self._output: Any = None
        super().__init__(language=editor.language, **kwargs)
        self.publish()

    # ------------------------------------------------------------ words
    def w(self, key: str, **values: Any) -> str:
        return tr(f"lesson.editor.{key}", self.language, **values)

    def front_end_labels(self) -> dict[str, str]:
        """The front end's words as templates (it fills ``{card}`` and ``{zone}`` itself)."""
        own, english = messages("lesson", self.language), messages("lesson", FALLBACK)
        return {key: own.get(f"editor.label.{key}", english[f"editor.label.{key}"]) for key in LABELS}

    def set_language(self, language: str) -> None:
        super().set_language(language)
        self.editor.language = self.language

    # ------------------------------------------------------------ view-model
    def build_view_model(self) -> ViewModel:
        e = self.editor
        zones = []
        for zone in e.zones:
            cards = e.cards(zone.id)
            count = self.w("label.cards", n=len(cards)) if cards else self.w("label.no_cards")
            listed = [{"index": i, "name": c} for i, c in enumerate(cards)]
            zones.append({"id": zone.id, "label": e.zone_label(zone), "folded": len(cards) > FOLD_OVER,
                          "count": count, "cards": listed})  # fmt: skip
        turn = e.turn
        players = [{"value": p, "label": self.w("player_n", n=p + 1)} for p in range(e.players)]
        try:
            legal = legal_moves(e)
        except Exception:  # a position whose moves cannot be listed still edits
            legal = []
        moves = [{"value": i, "label": words} for i, (_, words) in enumerate(legal)]
        vm: dict[str, Any] = {
            "game": e.name,
            "title": self.w("title", game=e.cls.title(self.language)),
            "zones": zones,
            "cards": list(e.card_names),
            "turn": None if turn is None else {"value": turn, "players": players},
            "undo": e.can_undo,
            "redo": e.can_redo,
            "code": e.code(),
            "kinds": [{"value": k, "label": self.w(f"kind.{k}")} for k in PUZZLE_KINDS],
            "moves": moves[:200],
            "players": [{"value": p + 1, "label": x["label"]} for p, x in enumerate(players)],
            "file": DEFAULT_FILE if self.saved is None else self.saved.name,
            "message": self.message,
            "example": json.dumps(legal[0][0], ensure_ascii=False) if legal else "",
            "verdict": self.verdict,
        }
        return cast(ViewModel, vm)

    # ------------------------------------------------------------ intents
    def _edit(self, action: Any) -> Any:
        """Run an edit; a refusal is published as the message (the position unchanged)
        and refused, so the front end and a test see it alike."""
        self.message = None
        self.verdict = None
        try:
            return action()
        except PositionRefused as exc:
            self.say("error", exc.reason)
            self.publish()
            raise IntentRefused(exc.reason) from None

    def intent_judge(self, content: Mapping[str, Any]) -> None:
        claim = self.arg(content, "claim")
        legal, text = self._edit(lambda: judge(self.editor, claim))
        self.verdict = {"legal": legal, "text": text}
        self.say("success" if legal else "error", self.w("legal" if legal else "illegal"))

    def intent_put(self, content: Mapping[str, Any]) -> None:
        card, zone = self.arg(content, "card"), self.arg(content, "zone")
        self._edit(lambda: self.editor.put(card, zone))
        self.say("success", self.w("put_done", card=self.editor.card_name(card), zone=self._zone_words(zone)))

    def intent_take(self, content: Mapping[str, Any]) -> None:
        zone = self.arg(content, "zone")
        name = self._edit(lambda: self.editor.take(zone, self.arg(content, "index")))
        self.say("success", self.w("take_done", card=name, zone=self._zone_words(zone)))

    def intent_move(self, content: Mapping[str, Any]) -> None:
        to = self.arg(content, "to")
        name = self._edit(lambda: self.editor.move(self.arg(content, "zone"), self.arg(content, "index"), to))
        self.say("success", self.w("put_done", card=name, zone=self._zone_words(to)))

    def intent_clear(self, content: Mapping[str, Any]) -> None:
        zone = self.arg(content, "zone")
        self._edit(lambda: self.editor.clear(zone))
        self.say("success", self.w("cleared", zone=self._zone_words(zone)))

    def intent_turn(self, content: Mapping[str, Any]) -> None:
        player = self.arg(content, "player")
        self._edit(lambda: self.editor.set_turn(player))
        self.say("success", self.w("turn_done", n=(self.editor.turn or 0) + 1))

    def intent_undo(self, content: Mapping[str, Any]) -> None:
        self.message = None
        if not self.editor.undo():
            raise IntentRefused(self.w("nothing_to_undo"))
        self.say("info", self.w("undone"))

    def intent_redo(self, content: Mapping[str, Any]) -> None:
        self.message = None
        if not self.editor.redo():
            raise IntentRefused(self.w("nothing_to_redo"))
        self.say("info", self.w("redone"))

    def intent_load(self, content: Mapping[str, Any]) -> None:
        code = self.arg(content, "code")
        self._edit(lambda: self.editor.load(code))
        self.say("success", self.w("loaded"))

    def intent_open(self, content: Mapping[str, Any]) -> None:
        from ..widgets import make_widget

        self.message = None
        self.opened = make_widget(self.editor.game())
        if self._output is not None:
            from IPython import display as shown

            show_now: Any = shown.display
            clear: Any = shown.clear_output
            with self._output:
                clear()
                show_now(self.opened)
        self.say("success", self.w("opened"))

    def intent_puzzle(self, content: Mapping[str, Any]) -> None:
        kind, file = self.arg(content, "kind"), self.arg(content, "file")

        def make() -> Path:
            screen = puzzle(self.editor, str(kind), move=self.arg(content, "move"),
                            player=self.arg(content, "player") or 1)  # fmt: skip
            return save_puzzle(screen, self._place(file), self.language)

        self.saved = self._edit(make)
        self.say("success", self.w("saved", file=self.saved.name))

    # ------------------------------------------------------------ inside
    def _zone_words(self, zone_id: object) -> str:
        try:
            return self.editor.zone_label(self.editor.zone(zone_id))
        except PositionRefused:
            return str(zone_id)

    def _place(self, file: object) -> Path:
        """The lesson file a typed name means: a plain file name, in the editor's folder
        (no folders in it: a name is text, never a path out of the folder)."""
        name = file.strip() if isinstance(file, str) else ""
        name = name or DEFAULT_FILE
        if Path(name).name != name or name.startswith("."):
            raise PositionRefused(self.w("plain_name"))
        if not name.lower().endswith(".json"):
            name += ".json"
        return self.folder / name

    # ------------------------------------------------------------ display
    def _ipython_display_(self) -> None:
        """The editor, and under it the place where "Open in the game widget" shows the game."""
        super()._ipython_display_()
        import ipywidgets
        from IPython import display as shown

        show_now: Any = shown.display
        if self._output is None:
            self._output = ipywidgets.Output()
        show_now(self._output)


def editor(
    game_or_name: Any,
    language: str | None = None,
    *,
    players: int = 2,
    seed: int = 0,
    folder: str | os.PathLike[str] | None = None,
) -> EditorWidget:
    """The position editor for a game (a game, whose position now is the start, or a
    game's name: a fresh deal), displayed now. Puzzles are saved in ``folder`` (default:
    the notebook's folder)."""
    widget = EditorWidget(PositionEditor(game_or_name, players=players, seed=seed, language=language), folder)
    widget.display_once()
    return widget


__all__ = ["EditorWidget", "editor"]
