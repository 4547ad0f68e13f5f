"""Delissimo play mode: the pupil's intents and the play-mode view-model.

A pupil clicks own cards and open pizzas (the selection) and presses *Capture*; an
illegal choice shows the reason and its explanation and changes nothing. *Hint* covers
every kind of move the rules offer now (``g.legal_moves()``: captures, special orders,
cancels): it first says how many of each exist, then shows one (press again for the
next). *Undo* takes back the last pupil move and the bot moves after it (off while the
bots play). *End turn* passes. Special orders and cancels are extra moves. Bots move
through :class:`teachgames.widgets.bots.BotTurns`; each bot move is listed with its
explanation (the view-model's ``log``).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from typing import Any

from ...core.errors import IllegalMove
from ...widgets.base import IntentRefused
from ...widgets.bots import BotTurns
from ...widgets.explanations import explanation_dict
from ...widgets.viewmodel import BotRequest, Button, ViewModel
from .viewmodel import DelissimoViews, level_words

log = logging.getLogger(__name__)

#: The intents of play mode (bot steps: :data:`teachgames.widgets.bots.BOT_ACTIONS`).
PLAY_ACTIONS = frozenset({"select", "capture", "hint", "undo", "end_turn", "move"})
_KEY_RE = re.compile(r"^(?:open:(\d{1,3})|hand:(\d):(\d{1,3}))$")


class DelissimoPlay(BotTurns, DelissimoViews):
    """Play mode of the Delissimo widget."""

    selected: tuple[str, ...]
    hint_level: int
    hint_keys: tuple[str, ...]
    _extra_moves: list[Any]

    def init_play(self) -> None:
        self.selected = ()
        self.hint_level = 0
        self.hint_keys = ()
        self._extra_moves = []

    # ================================================================ view-model
    def _play_vm(self) -> ViewModel:
        g = self.game
        viewer = self._viewer()
        view = g.view(player=viewer)
        over = bool(view.get("over"))
        acting = self._acting_pupil()
        status, bot = self._status(view, acting)
        self._extra_moves = [] if over else self._special_moves(view, viewer)
        explanation = self._scores_explanation(g) if over else None
        return {
            "game": "delissimo",
            "mode": "play",
            "title": self.title_line(level_words(view.get("level", ""), self.language), replay=False),
            "status": status,
            "step": None,
            "zones": self._zones(
                view,
                selectable_hand=acting,
                selected=self.selected if acting is not None else (),
                highlight=self.hint_keys,
            ),
            "buttons": self._play_buttons(acting),
            "moves": [
                {"index": k, "label": self.words(m)} for k, m in enumerate(self._extra_moves)
            ],
            "explanation": explanation,
            "scores": self._scores(view),
            "bot": bot,
            "log": self.bot_log_view(),
            "keys": {},
        }

    def _status(self, view: Mapping[str, Any], acting: int | None) -> tuple[str, BotRequest | None]:
        """Who is to act and what to do (the scores once it is over); and the bot request
        when a bot is to act."""
        cur = self.game.current_player
        if view.get("over"):
            scores = self.t("status.score_sep").join(
                self.t("status.score_item", name=self.names[p], score=self.score_text(s))
                for p, s in enumerate(view.get("scores", []))
            )
            return self.t("status.game_over_scores", scores=scores), None
        if cur is not None and self.seats[cur].bot is not None:
            status = self.t("status.thinking", name=self.names[cur])
            return status, self.bot_request(status)
        if acting is not None:
            words = self.t(
                "status.your_turn",
                name=self.names[acting],
                capture=self.t("btn.capture"),
                end_turn=self.t("btn.end_turn"),
            )
            return words, None
        return (self.t("status.to_play", name=self.names[cur]) if cur is not None else ""), None

    def _special_moves(self, view: Mapping[str, Any], viewer: int | None) -> list[Any]:
        """The extra moves (special orders, cancels) of pupils whose hands this view shows."""
        g, cur = self.game, self.game.current_player
        moves = []
        for p, seat in enumerate(self.seats):
            if seat.bot is not None or (viewer is not None and p != viewer):
                continue
            if not any(c == "cancel" or c.startswith("special") for c in view["hands"][p]):
                continue
            moves += [m for m in g.legal_moves(p if p != cur else None) if m.kind in ("special", "cancel")]
        return moves

    def _play_buttons(self, acting: int | None) -> list[Button]:
        can_undo = self._undo_count() > 0 and not self.bots_playing()
        return [
            {"action": "capture", "label": self.t("btn.capture"),
             "enabled": acting is not None and bool(self.selected), "primary": True},
            {"action": "hint", "label": self.t("btn.hint"), "enabled": acting is not None},
            {"action": "undo", "label": self.t("btn.undo"), "enabled": can_undo},
            {"action": "end_turn", "label": self.t("btn.end_turn"),
             "enabled": acting is not None},
        ]  # fmt: skip

    # ================================================================ moves
    def _after_move(self, mover: int) -> None:
        self.selected = ()
        self.hint_level = 0
        self.hint_keys = ()
        if self.seats[mover].bot is None:
            self._last_pupil = mover
            self.bot_log = []

    def _play(self, move: Any) -> Any:
        """Play a move; on IllegalMove show the reason and why, change nothing, return None."""
        g = self.game
        try:
            played = g.play(move)
        except IllegalMove as exc:
            exp: Any = None
            try:
                exp = g.explain(move, language=self.language, names=self.names)
            except Exception:
                log.exception("teachgames: explaining a refused move failed")
            info = explanation_dict(exp, self.t("explain.why_not"))
            reason = self._reason(move, exc)
            self.say("error", self.t("not_allowed", reason=reason), info["svg"] if info else None)
            return None
        self._after_move(played.player)
        return played

    def _reason(self, move: Any, exc: IllegalMove) -> str:
        """Why the engine refused ``move``, in the widget's language when it can say so."""
        try:
            problem = self.game.problem(move)
        except Exception:  # not even a move: the engine's own words
            return str(exc.reason)
        if problem is None:
            return str(exc.reason)
        return str(problem.words(self.language))

    def _said_move(self, kind: str, played: Any, game_before: Any | None = None) -> None:
        info = self._move_explanation(game_before or self.game, played, self.t("explain.why"))
        self.say(kind, self.words(played), info["svg"] if info else None)

    def _after_bot_move(self, played: Any, before: Any) -> None:
        self._after_move(played.player)
        # every bot move since the pupil last acted is listed, each with its explanation
        words = self.words(played)
        info = self._move_explanation(before, played, self.t("explain.why"))
        self.log_bot_move(words, info)
        self.say("info", words)

    # ================================================================ intents
    def intent_select(self, content: Mapping[str, Any]) -> None:
        acting = self._require_pupil_turn()
        key = self.arg(content, "card")
        match = _KEY_RE.match(key) if isinstance(key, str) else None
        if match is None:
            raise IntentRefused(self.t("refused.not_a_card"))
        view = self.game.view(player=self._viewer())
        if match.group(1) is not None:
            ok = int(match.group(1)) < len(view.get("open", []))
        else:
            p, i = int(match.group(2)), int(match.group(3))
            if p != acting:
                raise IntentRefused(self.t("refused.own_hand"))
            ok = i < len(view["hands"][p])
        if not ok:
            raise IntentRefused(self.t("refused.card_gone"))
        assert isinstance(key, str)
        chosen = list(self.selected)
        if key in chosen:
            chosen.remove(key)
        else:
            chosen.append(key)
        self.selected = tuple(chosen)
        if self.message is not None and self.message.get("kind") == "error":
            self.message = None

    def _selection_move(self, acting: int) -> dict[str, Any]:
        view = self.game.view(player=self._viewer())
        hand = view["hands"][acting]
        open_cards = view.get("open", [])
        give, take = [], []
        for key in self.selected:
            m = _KEY_RE.match(key)
            assert m is not None
            if m.group(1) is not None:
                take.append(open_cards[int(m.group(1))])
            else:
                give.append(hand[int(m.group(3))])
        if len(give) == 1 and give[0].startswith("special"):
            # a special order takes every matching pizza itself: the pizzas chosen with it
            # (as Hint highlights them) are what it takes
            return {"kind": "special", "player": acting, "card": give[0]}
        return {"kind": "capture", "player": acting, "give": give, "take": take}

    def intent_capture(self, content: Mapping[str, Any]) -> None:
        acting = self._require_pupil_turn()
        if not self.selected:
            self.say("error", self.t("choose_first"))
            return
        before = self.game.copy()
        played = self._play(self._selection_move(acting))
        if played is not None:
            self._said_move("success", played, before)

    def intent_end_turn(self, content: Mapping[str, Any]) -> None:
        acting = self._require_pupil_turn()
        played = self._play({"kind": "end_turn", "player": acting})
        if played is not None:
            self.say("info", self.words(played))

    def intent_move(self, content: Mapping[str, Any]) -> None:
        if self.mode != "play":
            raise IntentRefused(self.t("refused.play_only"))
        index = self.arg(content, "index")
        if isinstance(index, bool) or not isinstance(index, int) or not (
            0 <= index < len(self._extra_moves)
        ):
            raise IntentRefused(self.t("refused.move_gone"))
        move = self._extra_moves[index]
        before = self.game.copy()
        played = self._play(move)
        if played is not None:
            self._said_move("success", played, before)

    def _hint_moves(self) -> list[Any]:
        """Every move Hint may show: the acting pupil's legal moves of every kind but
        ending the turn (captures, special orders), then the extra moves of the pupils
        this view shows (a cancel on the player about to start, a special order at
        10+), in the engine's order."""
        acting = self._acting_pupil()
        moves = self.game.legal_moves(acting) if acting is not None else []
        out = [m for m in moves if getattr(m, "kind", "") != "end_turn"]
        seen = {json.dumps(m.to_dict(), sort_keys=True) for m in out}
        for m in self._extra_moves:
            key = json.dumps(m.to_dict(), sort_keys=True)
            if key not in seen:
                seen.add(key)
                out.append(m)
        return out

    def intent_hint(self, content: Mapping[str, Any]) -> None:
        if self.mode != "play":
            raise IntentRefused(self.t("refused.play_only"))
        moves = self._hint_moves()
        if self._acting_pupil() is None and not moves:
            self._require_pupil_turn()  # refuses: not this pupil's turn, or over
        if not moves:
            self.hint_keys = ()
            self.say("hint", self.t("hint.none", end_turn=self.t("btn.end_turn")))
            return
        hint = self.t("btn.hint")
        if self.hint_level == 0:
            counts: dict[str, int] = {}
            for m in moves:
                counts[m.kind] = counts.get(m.kind, 0) + 1
            kinds = self.t("list_sep").join(self.tn(f"kind.{k}", n) for k, n in counts.items())
            self.say("hint", self.t("hint.count", kinds=kinds, hint=hint))
            self.hint_level = 1
            return
        move = moves[(self.hint_level - 1) % len(moves)]
        self.hint_level += 1
        view = self.game.view(player=self._viewer())
        self.hint_keys = tuple(self._keys_for(self.game, view, move.player, move))
        info = self._move_explanation(self.game, move, self.t("explain.why"))
        text = self.t("hint.try", move=self.words(move))
        if len(moves) > 1:
            text += " " + self.t("hint.more", hint=hint)
        self.say("hint", text, info["svg"] if info else None)

    def forget_choices(self) -> None:
        self.selected = ()
        self.hint_level = 0
        self.hint_keys = ()
