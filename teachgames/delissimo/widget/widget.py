"""The Delissimo widget: one class on the shared turn-based base, as in every game.

Its parts, in the order a reader meets them: the options and modes; what a click's
meaning depends on (staleness); the view-model parts of a position (zones of cards,
scores, explanations, in the widget's language), built with the pure functions of
:mod:`.viewmodel`; play mode (the pupil's intents: selection, Capture, Hint, Undo, End
turn, extra moves; what a bot move says); replay mode (what a step shows; the stepping
itself is :class:`teachgames.widgets.replay.ReplayStepping`); the static fallback, the
draw role's :mod:`teachgames.delissimo.draw.static`. See the package docstring for the
options.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...core.errors import IllegalMove
from ...widgets.base import IntentRefused, escape
from ...widgets.bots import BOT_ACTIONS
from ...widgets.explanations import explanation_dict
from ...widgets.replay import REPLAY_ACTIONS
from ...widgets.turns import TurnWidget
from ...widgets.viewmodel import BotRequest, Button, Card, Explanation, Score, ViewModel, Zone
from ..draw.numbers import check_form
from ..draw.static import static_page
from .viewmodel import (
    card_picture,
    card_words,
    keys_for,
    level_words,
    pizza_toppings,
    score_text,
)

MODES = ("replay", "play")

log = logging.getLogger(__name__)

#: The intents of play mode (bot steps: :data:`teachgames.widgets.bots.BOT_ACTIONS`).
PLAY_ACTIONS = frozenset({"select", "capture", "hint", "undo", "end_turn", "move"})
_KEY_RE = re.compile(r"^(?:open:(\d{1,3})|hand:(\d):(\d{1,3}))$")


class DelissimoWidget(TurnWidget):
    """Replay or play a Delissimo game; see :mod:`teachgames.delissimo.widget`."""

    actions: ClassVar[frozenset[str]] = REPLAY_ACTIONS | PLAY_ACTIONS | BOT_ACTIONS
    quiet_actions: ClassVar[frozenset[str]] = BOT_ACTIONS
    domain: ClassVar[str | None] = "delissimo"

    modes: ClassVar[tuple[str, ...]] = MODES

    #: The lesson's one number form of every score the widget writes.
    number_form: str
    #: Explanations of moves already shown, by move and title.
    _explain_cache: dict[str, Explanation | None]
    #: Play mode: the pupil's chosen cards, the hint shown (its step and its cards), and
    #: the extra moves (special orders, cancels) offered as buttons.
    selected: tuple[str, ...]
    hint_level: int
    hint_keys: tuple[str, ...]
    _extra_moves: list[Any]

    def __init__(self, game: Any, *args: Any, number_form: str | None = None, **kwargs: Any) -> None:
        """The options of every turn-based widget (:class:`TurnWidget`), and the lesson's
        ``number_form`` of every score ("fraction", "slices", ...)."""
        self._number_form_given = number_form
        super().__init__(game, *args, **kwargs)

    def init_state(self) -> None:
        self.number_form = check_form(self._number_form_given, self.game.view().get("level"))
        self.init_play()
        self._explain_cache = {}

    # ------------------------------------------------------------ staleness
    def _position(self) -> tuple[Any, ...]:
        """What a click's meaning depends on: the moves played, the step shown, the
        language; not the pupil's own selection or hint."""
        history = self.game.history
        last = json.dumps(history[-1].to_dict(), sort_keys=True) if history else None
        return (len(history), last, self.mode, self.step, self.language)

    def publish(self, vm: Any = None) -> None:
        super().publish(vm)
        position = self._position()
        if position != getattr(self, "_published_position", None):
            self._published_position = position
            self._position_version = self.version

    def is_stale(self, content: Mapping[str, Any]) -> bool:
        """Stale only if the table changed (a move, Undo, a replay step) after the view
        the click was made on: two quick clicks on cards both count, but a click made
        before a bot's move is refused. Replay navigation is never stale."""
        version = content.get("version")
        if isinstance(version, bool) or not isinstance(version, int) or version > self.version:
            return True
        if content.get("action") in REPLAY_ACTIONS:
            return False  # "Next" twice quickly means two steps; "goto" names its step
        return version < getattr(self, "_position_version", 0)

    def build_view_model(self) -> ViewModel:
        vm = self.replay_view_model() if self.mode == "replay" else self._play_vm()
        vm["message"] = self.message
        vm["size"] = self.size
        return vm

    def language_changed(self) -> None:
        # every cached word and picture was in the old language
        super().language_changed()
        self._explain_cache.clear()
        self._step_cache.clear()
        self.bot_log = []

    def static_html(self) -> str:
        """What the widget shows now (its view, step, move and explanation) as static HTML."""
        try:
            if self.mode == "replay":
                pos, move = self.replay_position()
                view = pos.view(player=self._viewer(pos))
            else:
                pos, move = self.game, None
                view = pos.view(player=self._viewer())
            # the engine's one answer, as the widget's outline uses it
            highlight = [] if move is None else list(pos.cards_used(move))
            vm = self.view_model
            exp = vm.get("explanation") or vm.get("message") or None
            return static_page(
                view, self.names, highlight, vm.get("move_text"), exp, self.language, self.number_form
            )
        except Exception:
            log.exception("teachgames: static picture failed")
            return f"<pre>{escape(repr(self.game))}</pre>"

    # ================================================================ a position's views
    def score_text(self, score: object) -> str:
        """A score in the widget's number form and language."""
        return score_text(score, self.number_form, self.language)

    def words(self, move: Any) -> str:
        """A move in plain words, in the widget's language, with the players' names."""
        return str(self.game.describe(move, language=self.language, names=self.names))

    def _move_explanation(self, game: Any, move: Any, title: str) -> Explanation | None:
        key = json.dumps(move.to_dict(), sort_keys=True) + "|" + title
        if key in self._explain_cache:
            return self._explain_cache[key]
        exp: Any = None
        try:
            exp = game.explain(move, language=self.language, names=self.names)
        except Exception:
            log.exception("teachgames: explaining %s failed", move)
        out = explanation_dict(exp, title)
        self._explain_cache[key] = out
        return out

    _keys_for = staticmethod(keys_for)

    def _zones(
        self,
        view: Mapping[str, Any],
        selectable_hand: int | None = None,
        selected: Sequence[str] = (),
        highlight: Sequence[str] = (),
    ) -> list[Zone]:
        """Zones of cards: the open pizzas, then every hand. Keys: open:i, hand:p:i."""
        marks = (set(selected), set(highlight))
        centre = self._open_zone(view, selectable_hand is not None, marks)
        viewer = self._viewer_of(view)
        hands = [
            self._hand_zone(view, p, hand, p == selectable_hand, viewer, marks)
            for p, hand in enumerate(view.get("hands", []))
        ]
        # the viewer's hand last, so the controls and the message sit right under it
        hands.sort(key=lambda z: bool(z["mine"]))
        return [centre, *hands]

    def _zone_card(self, key: str, name: str, can_click: bool, marks: tuple[set[str], set[str]],
                   caption: str | None = None) -> Card:  # fmt: skip
        """One card of a zone (chosen and highlighted ones say so); its picture is sent once."""
        lang, slices = self.language, self.number_form == "slices"
        chosen, marked = marks
        hl, sel = key in marked, key in chosen
        alt = card_words(name, lang, slices)
        if sel:
            alt = self.t("card.chosen", alt=alt)
        elif hl:
            alt = self.t("card.highlighted", alt=alt)
        return {
            "key": key,
            "name": name,
            "picture": self.picture(
                f"{name}@{lang}{'#slices' if slices else ''}",
                lambda: card_picture(name, False, False, lang, slices),
            ),
            "alt": alt,
            "selectable": can_click,
            "selected": sel,
            "highlight": hl,
            "caption": caption,
        }

    def _open_zone(self, view: Mapping[str, Any], clickable: bool, marks: tuple[set[str], set[str]]) -> Zone:
        """The open pizzas (8+/10+: each with its toppings and the stack an order needs)."""
        stacks = view.get("stacks")
        nonempty = [s for s in stacks if s] if stacks is not None else []
        open_zone = []
        for i, name in enumerate(list(view.get("open", []))):
            caption = None
            if stacks is not None:  # 8+/10+: an order needs one of the pizza's toppings
                caption = pizza_toppings(name, self.language)
                if i < len(nonempty):
                    caption += "\n" + self.t("zone.stack_of", n=len(nonempty[i]))
            open_zone.append(self._zone_card(f"open:{i}", name, clickable, marks, caption))
        return {
            "id": "open",
            "label": self.t("zone.open" if stacks is not None else "zone.centre"),
            "caption": self.tn("zone.deck_left", int(view.get("deck", 0))) + " · " + self._legend(),
            "cards": open_zone,
            "empty": self.t("zone.no_open"),
        }

    def _hand_zone(self, view: Mapping[str, Any], p: int, hand: Sequence[str], clickable: bool,
                   viewer: int | None, marks: tuple[set[str], set[str]]) -> Zone:  # fmt: skip
        """Player ``p``'s hand and pile; a hand face down is one compact line, not a row of backs."""
        piles = view.get("piles", [])
        pile = piles[p] if p < len(piles) else []
        who = self.names[p] if p < len(self.names) else self.t("player", n=p + 1)
        zone: Zone = {
            "id": f"hand-{p}",
            "label": who,
            "player": p,
            "caption": self.tn("zone.pile", len(pile)),
            "current": p == view.get("current"),
            "mine": p == viewer,
            "empty": self.t("zone.no_cards"),
        }
        if hand and all(name == "?" for name in hand):
            zone["compact"] = True
            zone["summary"] = self.tn("hand.count", len(hand), name=who)
            zone["cards"] = []
        else:
            zone["cards"] = [
                self._zone_card(f"hand:{p}:{i}", name, clickable and name != "?", marks)
                for i, name in enumerate(hand)
            ]
        return zone

    def _legend(self) -> str:
        """What the letters on the toppings stand for, in the pupil's language."""
        entries = (self.t(f"legend.{name}") for name in ("mushroom", "pepper", "tomato"))
        return self.t("legend", toppings=self.t("list_sep").join(entries))

    def _viewer_of(self, view: Mapping[str, Any]) -> int | None:
        """Whose hand a view shows face up while every other hand is face down."""
        hands = view.get("hands", [])
        shown = [p for p, h in enumerate(hands) if h and not all(c == "?" for c in h)]
        hidden = [p for p, h in enumerate(hands) if h and all(c == "?" for c in h)]
        if hidden and len(shown) == 1:
            return shown[0]
        viewer = self._viewer() if self.mode == "play" else None
        return viewer if isinstance(viewer, int) and hidden else None

    def _scores(self, view: Mapping[str, Any]) -> list[Score]:
        current = view.get("current")
        return [
            {"player": p, "name": self.names[p], "score": self.score_text(s), "current": p == current}
            for p, s in enumerate(view.get("scores", []))
        ]

    # ================================================================ play mode
    def init_play(self) -> None:
        self.selected = ()
        self.hint_level = 0
        self.hint_keys = ()
        self._extra_moves = []

    # ------------------------------------------------------------ play mode: the view-model
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

    # ------------------------------------------------------------ play mode: moves played
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

    # ------------------------------------------------------------ play mode: the pupil's intents
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

    # ================================================================ replay mode
    def _replay_step(self, i: int) -> ViewModel:
        n = len(self._moves)
        pos = self._positions[i]
        view = pos.view(player=self._viewer(pos))
        level = view.get("level", "")
        if i < n:
            move = self._moves[i]
            highlight = self._keys_for(pos, view, move.player, move)
            move_text = self.t("step.move", n=i + 1, move=self.words(move))
            explanation = self._move_explanation(pos, move, self.t("explain.move", n=i + 1))
            label = self.t("step.label", n=i + 1, total=n)
            who = view.get("current")
            status = self.t("status.to_play", name=self.names[who]) if isinstance(who, int) else ""
        else:
            highlight = []
            move_text = self.t("step.end" if pos.is_over() else "step.now")
            explanation = self._scores_explanation(pos)
            label = self.t("step.after_all", total=n) if n else self.t("step.no_moves")
            status = self.t("status.game_over") if pos.is_over() else ""
        return {
            "game": "delissimo",
            "mode": "replay",
            "title": self.title_line(level_words(level, self.language), replay=True),
            "status": status,
            "step": {"value": i, "max": n, "label": label},
            "move_text": move_text,
            "zones": self._zones(view, highlight=highlight),
            "explanation": explanation,
            "scores": self._scores(view),
            "moves": [],
            "bot": None,
        }
