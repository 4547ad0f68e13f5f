"""The Delissimo widget: replay a game step by step, or play it with pupils and bots.

    w = teachgames.show(g, mode="replay")
    w = teachgames.show(puzzle, mode="play", players=["Pupil", teachgames.bots.GreedyBot()])

**Replay mode**: ⏮ ◀ slider ▶ ⏭ (and the arrow keys, Home, End). Step *i* shows the
table before move *i* with the capture's cards highlighted, the move in plain words and
its explanation (maths as SVG); the last step shows the final table and how every score
was reached.

**Play mode**: ``players`` lists one entry per seat: a name (a pupil) or a bot (any
object with ``choose(game)``). A pupil clicks own cards and open pizzas and presses
*Capture*; an illegal choice shows the reason and its explanation and changes nothing.
*Hint* first says how many captures exist, then shows one with its explanation (press
again for the next). *Undo* takes back the last pupil move (and the bot moves after it).
*End turn* passes. Bots move one move at a time after a short visible delay (the
front-end asks for each bot move; Python makes it). The game object given is the one
played: after the lesson, ``g`` holds the moves made.

**Views**: ``view="teacher"`` sees every hand; ``view=<player index>`` is that pupil's
view; ``view="pupil"`` follows the pupil whose turn it is (hot seat). The view-model is
built from ``g.view(player=...)``, so hidden hands are never sent to the browser.
Default: the teacher view in replay mode and when every seat is a pupil, else
``"pupil"``.

Stable ``data-testid`` attributes (for tests and for teachers' own tooling):

==========================  ==============================================================
``tg-widget``               the widget root (``data-version``, ``data-mode`` attributes)
``tg-title``, ``tg-status`` title line; who is to act / what to do
``tg-zone-open``            the open pizzas (top of each stack, or the centre at 6+)
``tg-zone-hand-<p>``        player *p*'s hand (0-based), ``tg-current`` class when to act
``tg-card-open-<i>``        open pizza *i*; a ``<button>`` with ``aria-pressed`` when clickable
``tg-card-hand-<p>-<i>``    card *i* of player *p*'s hand
``tg-btn-first|prev|next|last``  replay navigation; ``tg-slider`` the move slider
``tg-step-label``           "Move 3 of 12" / "End of the game"; ``tg-move`` the move in words
``tg-btn-capture|hint|undo|end-turn``  play-mode buttons
``tg-move-<n>``             extra moves (special orders, cancels) as buttons
``tg-message``              feedback (``data-kind`` = error, success, hint, info),
                            ``tg-message-text`` its words, ``tg-message-svg`` its maths
``tg-refused``              why a click was refused (stale, not your turn)
``tg-explanation``          explanation panel; ``tg-explanation-svg`` the maths,
                            ``tg-explanation-text`` the same in words
``tg-scores``, ``tg-score-<p>``  score table and player *p*'s row
==========================  ==============================================================
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..core.errors import IllegalMove
from .base import GameWidget, IntentRefused, escape

log = logging.getLogger(__name__)

MODES = ("replay", "play")
#: Cards in the widget are drawn this many pixels tall.
CARD_SIZE = 84
DEFAULT_BOT_DELAY_MS = 700
_KEY_RE = re.compile(r"^(?:open:(\d{1,3})|hand:(\d):(\d{1,3}))$")
_PLAYER_RE = re.compile(r"\bPlayer (\d+)\b")
_NAME_MAX = 40


def _card_svg(card: str, highlight: bool = False, selected: bool = False) -> str:
    from ..delissimo.draw import card_svg

    return str(card_svg(card, size=CARD_SIZE, highlight=highlight, selected=selected))


def _card_alt(card: str) -> str:
    from ..delissimo.draw import card_alt

    return card_alt(card)


def _mixed(score: str) -> str:
    """ "29/8" -> "29/8 = 3 5/8"; whole numbers and proper fractions as they are."""
    num, _, den = score.partition("/")
    try:
        n, d = int(num), int(den)
    except ValueError:
        return score
    if d <= 0 or abs(n) < d:
        return score
    from ..delissimo.draw import mixed_number

    return f"{score} = {mixed_number(n, d)}"


def _explanation_dict(exp: Any, title: str) -> dict[str, Any] | None:
    """An Explanation as {"title", "text", "svg"}; None if there is none."""
    if exp is None:
        return None
    out: dict[str, Any] = {"title": title, "text": "", "svg": None}
    try:
        out["text"] = str(exp.text())
    except Exception:
        log.exception("teachgames: explanation text failed")
    try:
        out["svg"] = str(exp.svg())
    except Exception:
        log.exception("teachgames: explanation SVG failed")
    if not out["text"] and not out["svg"]:
        return None
    return out


class _Seat:
    """One place at the table: a pupil (``bot`` None) or a bot."""

    __slots__ = ("bot", "name")

    def __init__(self, name: str, bot: Any = None) -> None:
        self.name = name
        self.bot = bot


def _seats(players: Sequence[Any] | None, n: int) -> list[_Seat]:
    if players is None:
        return [_Seat(f"Player {p + 1}") for p in range(n)]
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise TypeError("players= is a list with one name or bot per seat")
    if len(players) != n:
        raise ValueError(f"this game has {n} players, but players= lists {len(players)}")
    seats: list[_Seat] = []
    for p, who in enumerate(players):
        if isinstance(who, str):
            name = " ".join(who.split())[:_NAME_MAX] or f"Player {p + 1}"
            seats.append(_Seat(name))
        elif callable(getattr(who, "choose", None)):
            own = getattr(who, "name", None)
            label = " ".join(own.split())[:_NAME_MAX] if isinstance(own, str) else ""
            seats.append(_Seat(f"{label or type(who).__name__} (Player {p + 1})", bot=who))
        else:
            raise TypeError(
                f"players[{p}] must be a pupil's name or a bot with choose(game), not {who!r}"
            )
    # two seats with the same name get their player number, so words stay clear
    counts: dict[str, int] = {}
    for s in seats:
        counts[s.name] = counts.get(s.name, 0) + 1
    for p, s in enumerate(seats):
        if counts[s.name] > 1 and s.name != f"Player {p + 1}":
            s.name = f"{s.name} (Player {p + 1})"
    return seats


class DelissimoWidget(GameWidget):
    """Replay or play a Delissimo game; see the module docstring."""

    actions: ClassVar[frozenset[str]] = frozenset(
        {
            "first", "prev", "next", "last", "goto",  # replay
            "select", "capture", "hint", "undo", "end_turn", "move", "bot_step",  # play
        }
    )
    quiet_actions: ClassVar[frozenset[str]] = frozenset({"bot_step"})

    def __init__(
        self,
        game: Any,
        mode: str | None = None,
        players: Sequence[Any] | None = None,
        view: str | int | None = None,
        bot_delay_ms: int = DEFAULT_BOT_DELAY_MS,
        **kwargs: Any,
    ) -> None:
        if getattr(game, "name", None) != "delissimo":
            raise TypeError(f"DelissimoWidget shows a Delissimo game, not {game!r}")
        if mode is None:
            mode = "replay" if game.history or game.is_over() else "play"
        if mode not in MODES:
            raise ValueError(f"mode must be 'replay' or 'play', not {mode!r}")
        self.game = game
        self.mode = mode
        self.seats = _seats(players, game.players)
        self.names = [s.name for s in self.seats]
        has_bot = any(s.bot is not None for s in self.seats)
        has_pupil = any(s.bot is None for s in self.seats)
        if view is None:
            view = "pupil" if mode == "play" and has_bot and has_pupil else "teacher"
        if view not in ("teacher", "pupil") and (
            isinstance(view, bool) or not isinstance(view, int) or not 0 <= view < game.players
        ):
            raise ValueError(
                f"view must be 'teacher', 'pupil' or a player index 0..{game.players - 1}, "
                f"not {view!r}"
            )
        self.view_as: str | int = view
        self.bot_delay_ms = max(0, int(bot_delay_ms))
        self.bots_paused = False
        # play state
        self.selected: tuple[str, ...] = ()
        self.hint_level = 0
        self.hint_keys: tuple[str, ...] = ()
        self._start_moves = len(game.history)
        self._last_pupil: int | None = None
        self._extra_moves: list[Any] = []
        self._bot_log: list[str] = []
        self._bot_svg: str | None = None
        # replay state
        self.step = 0
        self._positions: list[Any] = []
        self._moves: tuple[Any, ...] = ()
        self._step_cache: dict[int, dict[str, Any]] = {}
        self._explain_cache: dict[str, dict[str, Any] | None] = {}
        super().__init__(**kwargs)
        if mode == "replay":
            self._positions = list(game.replay())
            self._moves = tuple(game.history)
        self.publish()

    # ================================================================ helpers
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

    def words(self, move: Any) -> str:
        """A move in plain words, with the players' names."""
        text = str(move)

        def name(m: re.Match[str]) -> str:
            p = int(m.group(1)) - 1
            return self.names[p] if 0 <= p < len(self.names) else m.group(0)

        return _PLAYER_RE.sub(name, text)

    def _move_explanation(self, game: Any, move: Any, title: str) -> dict[str, Any] | None:
        key = json.dumps(move.to_dict(), sort_keys=True) + "|" + title
        if key in self._explain_cache:
            return self._explain_cache[key]
        exp: Any = None
        try:
            exp = game.explain(move)
        except Exception:
            log.exception("teachgames: explaining %s failed", move)
        out = _explanation_dict(exp, title)
        self._explain_cache[key] = out
        return out

    def _zones(
        self,
        view: Mapping[str, Any],
        selectable_hand: int | None = None,
        selected: Sequence[str] = (),
        highlight: Sequence[str] = (),
    ) -> list[dict[str, Any]]:
        """Zones of cards: the open pizzas, then every hand. Keys: open:i, hand:p:i."""
        chosen, marked = set(selected), set(highlight)
        clickable = selectable_hand is not None
        current = view.get("current")

        def card(key: str, name: str, can_click: bool, caption: str | None = None) -> dict[str, Any]:
            hl, sel = key in marked, key in chosen
            alt = _card_alt(name)
            if sel:
                alt += " (chosen)"
            elif hl:
                alt += " (highlighted)"
            return {
                "key": key,
                "name": name,
                "svg": _card_svg(name, hl, sel),
                "alt": alt,
                "selectable": can_click,
                "selected": sel,
                "highlight": hl,
                "caption": caption,
            }

        stacks = view.get("stacks")
        open_cards: list[str] = list(view.get("open", []))
        open_zone = []
        for i, name in enumerate(open_cards):
            caption = None
            if stacks is not None:
                nonempty = [s for s in stacks if s]
                if i < len(nonempty):
                    caption = f"stack of {len(nonempty[i])}"
            open_zone.append(card(f"open:{i}", name, clickable, caption))
        zones: list[dict[str, Any]] = [
            {
                "id": "open",
                "label": "Open pizzas" if stacks is not None else "Centre",
                "caption": f"{view.get('deck', 0)} cards left to draw",
                "cards": open_zone,
                "empty": "no open pizza",
            }
        ]
        piles = view.get("piles", [])
        for p, hand in enumerate(view.get("hands", [])):
            pile = piles[p] if p < len(piles) else []
            who = self.names[p] if p < len(self.names) else f"Player {p + 1}"
            zones.append(
                {
                    "id": f"hand-{p}",
                    "label": who,
                    "caption": f"pile: {len(pile)} card{'s' if len(pile) != 1 else ''}",
                    "current": p == current,
                    "cards": [
                        card(f"hand:{p}:{i}", name, p == selectable_hand and name != "?")
                        for i, name in enumerate(hand)
                    ],
                    "empty": "no cards in hand",
                }
            )
        return zones

    def _scores(self, view: Mapping[str, Any]) -> list[dict[str, Any]]:
        current = view.get("current")
        return [
            {"player": p, "name": self.names[p], "score": _mixed(str(s)), "current": p == current}
            for p, s in enumerate(view.get("scores", []))
        ]

    @staticmethod
    def _keys_for(view: Mapping[str, Any], player: int, move: Any) -> list[str]:
        """Keys of the cards a move uses: its own cards in the hand, the pizzas it takes."""
        keys: list[str] = []
        hand = list(view["hands"][player]) if player < len(view.get("hands", [])) else []
        open_cards = list(view.get("open", []))
        own: list[str] = []
        taken: list[str] = []
        kind = getattr(move, "kind", "")
        if kind == "capture":
            own = [c.name for c in move.give]
            taken = [c.name for c in move.take]
        elif kind == "special":
            own = [move.card.name]
            pair = move.card.pair
            taken = [c for c in open_cards if c.endswith(" " + str(pair))]
        elif kind == "cancel":
            own = ["cancel"]
        used: set[int] = set()
        for name in own:
            for i, c in enumerate(hand):
                if c == name and i not in used:
                    used.add(i)
                    keys.append(f"hand:{player}:{i}")
                    break
        used = set()
        for name in taken:
            for i, c in enumerate(open_cards):
                if c == name and i not in used:
                    used.add(i)
                    keys.append(f"open:{i}")
                    break
        return keys

    # ================================================================ view-models
    def build_view_model(self) -> dict[str, Any]:
        vm = self._replay_vm() if self.mode == "replay" else self._play_vm()
        vm["message"] = self.message
        return vm

    def _replay_vm(self) -> dict[str, Any]:
        cached = self._step_cache.get(self.step)
        if cached is None:
            cached = self._replay_step(self.step)
            self._step_cache[self.step] = cached
        n = len(self._moves)
        i = self.step
        vm = dict(cached)
        nav = [
            ("first", "First move", "⏮", i > 0),
            ("prev", "Previous move", "◀", i > 0),
            ("next", "Next move", "▶", i < n),
            ("last", "Last move", "⏭", i < n),
        ]
        vm["buttons"] = [
            {"action": a, "icon": a, "label": label, "text": text, "enabled": on, "group": "nav"}
            for a, label, text, on in nav
        ]
        vm["keys"] = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}
        return vm

    def _replay_step(self, i: int) -> dict[str, Any]:
        n = len(self._moves)
        pos = self._positions[i]
        view = pos.view(player=self._viewer(pos))
        level = view.get("level", "")
        if i < n:
            move = self._moves[i]
            highlight = self._keys_for(view, move.player, move)
            move_text = f"Move {i + 1}: {self.words(move)}"
            explanation = self._move_explanation(pos, move, f"Move {i + 1} explained")
            label = f"Move {i + 1} of {n}"
            who = view.get("current")
            status = f"{self.names[who]} to play" if isinstance(who, int) else ""
        else:
            highlight = []
            move_text = "End of the game" if pos.is_over() else "The position now"
            explanation = None
            try:
                explanation = _explanation_dict(
                    pos.explain_scores(names=list(self.names)), "How the scores were reached"
                )
            except Exception:
                log.exception("teachgames: score explanation failed")
            label = f"After all {n} moves" if n else "No moves yet"
            status = "Game over" if pos.is_over() else ""
        return {
            "game": "delissimo",
            "mode": "replay",
            "title": f"Delissimo ({level}): replay",
            "status": status,
            "step": {"value": i, "max": n, "label": label},
            "move_text": move_text,
            "zones": self._zones(view, highlight=highlight),
            "explanation": explanation,
            "scores": self._scores(view),
            "moves": [],
            "bot": None,
        }

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

    def _play_vm(self) -> dict[str, Any]:
        g = self.game
        viewer = self._viewer()
        view = g.view(player=viewer)
        over = bool(view.get("over"))
        cur = g.current_player
        acting = self._acting_pupil()
        level = view.get("level", "")
        bot: dict[str, Any] | None = None
        if over:
            status = "Game over: " + ", ".join(
                f"{self.names[p]} {s}" for p, s in enumerate(view.get("scores", []))
            )
        elif cur is not None and self.seats[cur].bot is not None:
            status = f"{self.names[cur]} is thinking…"
            if not self.bots_paused:
                bot = {"delay_ms": self.bot_delay_ms, "text": status}
        elif acting is not None:
            status = (
                f"{self.names[acting]}, your turn: choose cards from your hand and open "
                "pizzas of equal value, then press Capture (or End turn)."
            )
        else:
            status = f"{self.names[cur]} to play" if cur is not None else ""
        # extra moves (special orders, cancels) of pupils whose hands this view shows
        self._extra_moves = []
        if not over:
            for p, seat in enumerate(self.seats):
                if seat.bot is not None or (viewer is not None and p != viewer):
                    continue
                hand = view["hands"][p]
                if not any(c == "cancel" or c.startswith("special") for c in hand):
                    continue
                for m in g.legal_moves(p if p != cur else None):
                    if m.kind in ("special", "cancel"):
                        self._extra_moves.append(m)
        explanation = None
        if over:
            try:
                explanation = _explanation_dict(
                    g.explain_scores(names=list(self.names)), "How the scores were reached"
                )
            except Exception:
                log.exception("teachgames: score explanation failed")
        can_undo = self._undo_count() > 0
        return {
            "game": "delissimo",
            "mode": "play",
            "title": f"Delissimo ({level})",
            "status": status,
            "step": None,
            "zones": self._zones(
                view,
                selectable_hand=acting,
                selected=self.selected if acting is not None else (),
                highlight=self.hint_keys,
            ),
            "buttons": [
                {"action": "capture", "label": "Capture", "enabled": acting is not None
                 and bool(self.selected), "primary": True},
                {"action": "hint", "label": "Hint", "enabled": acting is not None},
                {"action": "undo", "label": "Undo", "enabled": can_undo},
                {"action": "end_turn", "label": "End turn", "enabled": acting is not None},
            ],
            "moves": [
                {"index": k, "label": self.words(m)} for k, m in enumerate(self._extra_moves)
            ],
            "explanation": explanation,
            "scores": self._scores(view),
            "bot": bot,
            "keys": {},
        }

    # ================================================================ replay intents
    def _goto(self, step: int) -> None:
        if self.mode != "replay":
            raise IntentRefused("stepping works in replay mode")
        self.step = max(0, min(len(self._moves), step))
        self.message = None

    def intent_first(self, content: Mapping[str, Any]) -> None:
        self._goto(0)

    def intent_prev(self, content: Mapping[str, Any]) -> None:
        self._goto(self.step - 1)

    def intent_next(self, content: Mapping[str, Any]) -> None:
        self._goto(self.step + 1)

    def intent_last(self, content: Mapping[str, Any]) -> None:
        self._goto(len(self._moves))

    def intent_goto(self, content: Mapping[str, Any]) -> None:
        step = content.get("step")
        if isinstance(step, bool) or not isinstance(step, int):
            raise IntentRefused("goto needs a step number")
        self._goto(step)

    # ================================================================ play intents
    def _require_pupil_turn(self) -> int:
        if self.mode != "play":
            raise IntentRefused("this widget replays a game; use mode='play' to play")
        acting = self._acting_pupil()
        if acting is None:
            g = self.game
            if g.is_over():
                raise IntentRefused("the game is over")
            raise IntentRefused(f"it is {self.names[g.current_player]}'s turn, not yours")
        return acting

    def _after_move(self, mover: int) -> None:
        self.selected = ()
        self.hint_level = 0
        self.hint_keys = ()
        if self.seats[mover].bot is None:
            self._last_pupil = mover
            self._bot_log = []
            self._bot_svg = None

    def _play(self, move: Any) -> Any:
        """Play a move; on IllegalMove show the reason and why, change nothing, return None."""
        g = self.game
        try:
            played = g.play(move)
        except IllegalMove as exc:
            exp = exc.explanation
            if exp is None:
                try:
                    exp = g.explain(move)
                except Exception:
                    log.exception("teachgames: explaining a refused move failed")
            info = _explanation_dict(exp, "Why not")
            self.say("error", f"Not allowed: {exc.reason}", info["svg"] if info else None)
            return None
        self._after_move(played.player)
        return played

    def _said_move(self, kind: str, played: Any, game_before: Any | None = None) -> None:
        info = self._move_explanation(game_before or self.game, played, "Why it works")
        self.say(kind, self.words(played), info["svg"] if info else None)

    def intent_select(self, content: Mapping[str, Any]) -> None:
        acting = self._require_pupil_turn()
        key = content.get("card")
        match = _KEY_RE.match(key) if isinstance(key, str) else None
        if match is None:
            raise IntentRefused("that is not a card on the table")
        view = self.game.view(player=self._viewer())
        if match.group(1) is not None:
            ok = int(match.group(1)) < len(view.get("open", []))
        else:
            p, i = int(match.group(2)), int(match.group(3))
            if p != acting:
                raise IntentRefused("you can only choose cards from your own hand")
            ok = i < len(view["hands"][p])
        if not ok:
            raise IntentRefused("that card is no longer there")
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
        if len(give) == 1 and not take and give[0].startswith("special"):
            return {"kind": "special", "player": acting, "card": give[0]}
        return {"kind": "capture", "player": acting, "give": give, "take": take}

    def intent_capture(self, content: Mapping[str, Any]) -> None:
        acting = self._require_pupil_turn()
        if not self.selected:
            self.say("error", "Choose cards from your hand and open pizzas first.")
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
            raise IntentRefused("this widget replays a game; use mode='play' to play")
        index = content.get("index")
        if isinstance(index, bool) or not isinstance(index, int) or not (
            0 <= index < len(self._extra_moves)
        ):
            raise IntentRefused("that move is not offered now")
        move = self._extra_moves[index]
        before = self.game.copy()
        played = self._play(move)
        if played is not None:
            self._said_move("success", played, before)

    def intent_hint(self, content: Mapping[str, Any]) -> None:
        acting = self._require_pupil_turn()
        captures = self.game.captures()
        if not captures:
            self.hint_keys = ()
            self.say("hint", "No capture is possible now: press End turn to draw a card.")
            return
        if self.hint_level == 0:
            n = len(captures)
            self.say(
                "hint",
                f"There {'is' if n == 1 else 'are'} {n} capture{'' if n == 1 else 's'} you can "
                "make now. Press Hint again to see one.",
            )
            self.hint_level = 1
            return
        capture = captures[(self.hint_level - 1) % len(captures)]
        self.hint_level += 1
        view = self.game.view(player=self._viewer())
        self.hint_keys = tuple(self._keys_for(view, acting, capture))
        info = self._move_explanation(self.game, capture, "Why it works")
        more = " Press Hint again for another." if len(captures) > 1 else ""
        self.say("hint", f"Try: {self.words(capture)}.{more}", info["svg"] if info else None)

    def _undo_count(self) -> int:
        """How many moves Undo takes back: to before the last pupil move (0: none)."""
        history = self.game.history
        for k in range(len(history) - 1, self._start_moves - 1, -1):
            if self.seats[history[k].player].bot is None:
                return len(history) - k
        return 0

    def intent_undo(self, content: Mapping[str, Any]) -> None:
        if self.mode != "play":
            raise IntentRefused("this widget replays a game; use mode='play' to play")
        count = self._undo_count()
        if count == 0:
            self.say("info", "There is no move of yours to take back.")
            return
        for _ in range(count):
            self.game.undo()
        self.selected = ()
        self.hint_level = 0
        self.hint_keys = ()
        self.say("info", "Took back " + ("your last move." if count == 1 else f"{count} moves."))

    def intent_bot_step(self, content: Mapping[str, Any]) -> None:
        if self.mode != "play":
            raise IntentRefused("no bots in replay mode", quiet=True)
        self.bot_step()

    def bot_step(self) -> bool:
        """Let the bot to act make one move; False when no bot is to act."""
        g = self.game
        cur = g.current_player
        if cur is None or g.is_over() or self.seats[cur].bot is None or self.bots_paused:
            return False
        try:
            move = self.seats[cur].bot.choose(g.copy())
            before = g.copy()
            played = g.play(move)
        except Exception as exc:  # a broken bot must not hang the lesson
            log.exception("teachgames: bot %s failed", self.names[cur])
            self.bots_paused = True
            self.say("error", f"{self.names[cur]} could not move ({exc}); the bots are paused.")
            return False
        self._after_move(played.player)
        # the pupil sees every bot move since they last acted, with the last capture's maths
        self._bot_log.append(self.words(played))
        info = self._move_explanation(before, played, "Why it works")
        if info and info.get("svg") and played.kind != "end_turn":
            self._bot_svg = info["svg"]
        elif self._bot_svg is None and info:
            self._bot_svg = info.get("svg")
        self.say("info", "\n".join(self._bot_log[-8:]), self._bot_svg)
        return True

    def run_bots(self, max_moves: int = 10_000) -> int:
        """Play every bot move now, until a pupil is to act or the game ends (headless use)."""
        done = 0
        while done < max_moves and self.bot_step():
            done += 1
        if done:
            self.publish()
        return done

    # ================================================================ static fallback
    def static_html(self) -> str:
        try:
            if self.mode == "replay":
                pos = self._positions[self.step]
                view = pos.view(player=self._viewer(pos))
                move = self._moves[self.step] if self.step < len(self._moves) else None
            else:
                view = self.game.view(player=self._viewer())
                move = None
            highlight = [] if move is None else (
                [c.name for c in move.give] + [c.name for c in move.take]
                if move.kind == "capture" else []
            )
            vm = self.view_model
            exp = vm.get("explanation") or vm.get("message") or None
            return _static_page(view, self.names, highlight, vm.get("move_text"), exp)
        except Exception:
            log.exception("teachgames: static picture failed")
            return f"<pre>{escape(repr(self.game))}</pre>"


def _static_page(
    view: Mapping[str, Any],
    names: Sequence[str],
    highlight: Sequence[str],
    caption: str | None,
    explanation: Mapping[str, Any] | None,
) -> str:
    """Table SVG + words + maths SVG, as one self-contained block of HTML."""
    from ..delissimo.draw import table_svg

    parts = ['<div class="teachgames-static" style="max-width:980px">']
    parts.append(str(table_svg(view, names=list(names), highlight=list(highlight))))
    if caption:
        parts.append(f"<p><strong>{escape(caption)}</strong></p>")
    if explanation:
        text = explanation.get("title") or explanation.get("text") or ""
        if text:
            parts.append(f"<p>{escape(text)}</p>")
        if explanation.get("svg"):
            parts.append(f"<div>{explanation['svg']}</div>")
    scores = view.get("scores", [])
    if scores:
        rows = "".join(
            f"<tr><th style='text-align:left;padding-right:1em'>{escape(names[p])}</th>"
            f"<td>{escape(_mixed(str(s)))}</td></tr>"
            for p, s in enumerate(scores)
        )
        parts.append(f"<table><caption style='text-align:left'>Scores</caption>{rows}</table>")
    parts.append("</div>")
    return "".join(parts)


def static_game_html(game: Any) -> str:
    """The static picture of a game (teacher view), with its last move explained."""
    names = [f"Player {p + 1}" for p in range(game.players)]
    view = game.view()
    explanation = None
    caption = None
    if game.is_over():
        try:
            explanation = _explanation_dict(game.explain_scores(), "How the scores were reached")
        except Exception:
            log.exception("teachgames: score explanation failed")
    elif game.history:
        last = game.history[-1]
        caption = f"Last move: {last}"
        try:
            explanation = _explanation_dict(
                last.explanation if hasattr(last, "explanation") else None, "Why it works"
            )
        except Exception:
            log.exception("teachgames: explanation failed")
    return _static_page(view, names, [], caption, explanation)
