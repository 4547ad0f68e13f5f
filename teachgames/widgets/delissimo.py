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

**Language**: ``language="ru"`` (or ``"bg"``, ``"en"``; default: the package's, see
:func:`teachgames.core.i18n.set_language`) says every word in that language: the
widget's own (catalogue domain ``widgets``), the moves, reasons and explanations (the
engine's ``describe``/``explain``/``explain_scores`` with ``language=`` and the players'
``names=``) and the cards' faces and alt text. Names are plain text everywhere: the
front-end writes them with ``textContent`` and the SVG makers escape them.

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
from ..core.i18n import resolve_language, tr
from .base import GameWidget, IntentRefused, escape

log = logging.getLogger(__name__)

MODES = ("replay", "play")
#: Cards in the widget are drawn this many pixels tall.
CARD_SIZE = 84
DEFAULT_BOT_DELAY_MS = 700
_KEY_RE = re.compile(r"^(?:open:(\d{1,3})|hand:(\d):(\d{1,3}))$")
_NAME_MAX = 40


def _card_svg(card: str, highlight: bool, selected: bool, language: str) -> str:
    from ..delissimo.draw import card_svg

    return str(
        card_svg(card, size=CARD_SIZE, highlight=highlight, selected=selected, language=language)
    )


def _card_alt(card: str, language: str) -> str:
    from ..delissimo.draw import card_alt

    return card_alt(card, language)


def _say(key: str, language: str, **values: Any) -> str:
    """A widgets-catalogue message (for code without a widget at hand)."""
    return tr("widgets." + key, language, **values)


def _level_words(level: str, language: str) -> str:
    """ "8+ basic" for "basic", in ``language`` (the table picture's words)."""
    try:
        return tr(f"delissimo.draw.levels.{level}", language)
    except KeyError:
        return level


def _game_title(level: str, language: str, replay: bool) -> str:
    key = "title.replay" if replay else "title.play"
    game = tr("delissimo.draw.title", language)
    return _say(key, language, game=game, level=_level_words(level, language))


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


def _seats(players: Sequence[Any] | None, n: int, language: str) -> list[_Seat]:
    def number(p: int) -> str:
        return _say("player", language, n=p + 1)

    def with_number(name: str, p: int) -> str:
        return _say("name_with_player", language, name=name, player=number(p))

    if players is None:
        return [_Seat(number(p)) for p in range(n)]
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise TypeError("players= is a list with one name or bot per seat")
    if len(players) != n:
        raise ValueError(f"this game has {n} players, but players= lists {len(players)}")
    seats: list[_Seat] = []
    for p, who in enumerate(players):
        if isinstance(who, str):
            name = " ".join(who.split())[:_NAME_MAX] or number(p)
            seats.append(_Seat(name))
        elif callable(getattr(who, "choose", None)):
            own = getattr(who, "name", None)
            label = " ".join(own.split())[:_NAME_MAX] if isinstance(own, str) else ""
            seats.append(_Seat(with_number(label or type(who).__name__, p), bot=who))
        else:
            raise TypeError(
                f"players[{p}] must be a pupil's name or a bot with choose(game), not {who!r}"
            )
    # two seats with the same name get their player number, so words stay clear
    counts: dict[str, int] = {}
    for s in seats:
        counts[s.name] = counts.get(s.name, 0) + 1
    for p, s in enumerate(seats):
        if counts[s.name] > 1 and s.name != number(p):
            s.name = with_number(s.name, p)
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
        language: str | None = None,
        **kwargs: Any,
    ) -> None:
        if getattr(game, "name", None) != "delissimo":
            raise TypeError(f"DelissimoWidget shows a Delissimo game, not {game!r}")
        if mode is None:
            mode = "replay" if game.history or game.is_over() else "play"
        if mode not in MODES:
            raise ValueError(f"mode must be 'replay' or 'play', not {mode!r}")
        self.language = resolve_language(language)
        self.game = game
        self.mode = mode
        self.seats = _seats(players, game.players, self.language)
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
        super().__init__(language=self.language, **kwargs)
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
        """A move in plain words, in the widget's language, with the players' names."""
        return str(self.game.describe(move, language=self.language, names=self.names))

    def _move_explanation(self, game: Any, move: Any, title: str) -> dict[str, Any] | None:
        key = json.dumps(move.to_dict(), sort_keys=True) + "|" + title
        if key in self._explain_cache:
            return self._explain_cache[key]
        exp: Any = None
        try:
            exp = game.explain(move, language=self.language, names=self.names)
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

        lang = self.language

        def card(key: str, name: str, can_click: bool, caption: str | None = None) -> dict[str, Any]:
            hl, sel = key in marked, key in chosen
            alt = _card_alt(name, lang)
            if sel:
                alt = self.t("card.chosen", alt=alt)
            elif hl:
                alt = self.t("card.highlighted", alt=alt)
            return {
                "key": key,
                "name": name,
                "svg": _card_svg(name, hl, sel, lang),
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
                    caption = self.t("zone.stack_of", n=len(nonempty[i]))
            open_zone.append(card(f"open:{i}", name, clickable, caption))
        deck = int(view.get("deck", 0))
        zones: list[dict[str, Any]] = [
            {
                "id": "open",
                "label": self.t("zone.open" if stacks is not None else "zone.centre"),
                "caption": self.t("zone.deck_left_one") if deck == 1 else self.t(
                    "zone.deck_left", n=deck
                ),
                "cards": open_zone,
                "empty": self.t("zone.no_open"),
            }
        ]
        piles = view.get("piles", [])
        for p, hand in enumerate(view.get("hands", [])):
            pile = piles[p] if p < len(piles) else []
            who = self.names[p] if p < len(self.names) else self.t("player", n=p + 1)
            zones.append(
                {
                    "id": f"hand-{p}",
                    "label": who,
                    "caption": self.t("zone.pile_one")
                    if len(pile) == 1
                    else self.t("zone.pile", n=len(pile)),
                    "current": p == current,
                    "cards": [
                        card(f"hand:{p}:{i}", name, p == selectable_hand and name != "?")
                        for i, name in enumerate(hand)
                    ],
                    "empty": self.t("zone.no_cards"),
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
        vm["language"] = self.language
        vm["labels"] = self.front_end_labels()
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
            ("first", self.t("nav.first"), "⏮", i > 0),
            ("prev", self.t("nav.prev"), "◀", i > 0),
            ("next", self.t("nav.next"), "▶", i < n),
            ("last", self.t("nav.last"), "⏭", i < n),
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
            "title": _game_title(level, self.language, replay=True),
            "status": status,
            "step": {"value": i, "max": n, "label": label},
            "move_text": move_text,
            "zones": self._zones(view, highlight=highlight),
            "explanation": explanation,
            "scores": self._scores(view),
            "moves": [],
            "bot": None,
        }

    def _scores_explanation(self, game: Any) -> dict[str, Any] | None:
        """How every score was reached (the engine's title, with the players' names)."""
        try:
            exp = game.explain_scores(language=self.language, names=list(self.names))
        except Exception:
            log.exception("teachgames: score explanation failed")
            return None
        return _explanation_dict(exp, str(exp.title))

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
            status = self.t(
                "status.game_over_scores",
                scores=self.t("status.score_sep").join(
                    self.t("status.score_item", name=self.names[p], score=s)
                    for p, s in enumerate(view.get("scores", []))
                ),
            )
        elif cur is not None and self.seats[cur].bot is not None:
            status = self.t("status.thinking", name=self.names[cur])
            if not self.bots_paused:
                bot = {"delay_ms": self.bot_delay_ms, "text": status}
        elif acting is not None:
            status = self.t(
                "status.your_turn",
                name=self.names[acting],
                capture=self.t("btn.capture"),
                end_turn=self.t("btn.end_turn"),
            )
        else:
            status = self.t("status.to_play", name=self.names[cur]) if cur is not None else ""
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
        explanation = self._scores_explanation(g) if over else None
        can_undo = self._undo_count() > 0
        return {
            "game": "delissimo",
            "mode": "play",
            "title": _game_title(level, self.language, replay=False),
            "status": status,
            "step": None,
            "zones": self._zones(
                view,
                selectable_hand=acting,
                selected=self.selected if acting is not None else (),
                highlight=self.hint_keys,
            ),
            "buttons": [
                {"action": "capture", "label": self.t("btn.capture"),
                 "enabled": acting is not None and bool(self.selected), "primary": True},
                {"action": "hint", "label": self.t("btn.hint"), "enabled": acting is not None},
                {"action": "undo", "label": self.t("btn.undo"), "enabled": can_undo},
                {"action": "end_turn", "label": self.t("btn.end_turn"),
                 "enabled": acting is not None},
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
            raise IntentRefused(self.t("refused.replay_only"))
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
            raise IntentRefused(self.t("refused.goto"))
        self._goto(step)

    # ================================================================ play intents
    def _require_pupil_turn(self) -> int:
        if self.mode != "play":
            raise IntentRefused(self.t("refused.play_only"))
        acting = self._acting_pupil()
        if acting is None:
            g = self.game
            if g.is_over():
                raise IntentRefused(self.t("refused.game_over"))
            raise IntentRefused(self.t("refused.not_your_turn", name=self.names[g.current_player]))
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
            exp: Any = None
            try:
                exp = g.explain(move, language=self.language, names=self.names)
            except Exception:
                log.exception("teachgames: explaining a refused move failed")
            info = _explanation_dict(exp, self.t("explain.why_not"))
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

    def intent_select(self, content: Mapping[str, Any]) -> None:
        acting = self._require_pupil_turn()
        key = content.get("card")
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
        if len(give) == 1 and not take and give[0].startswith("special"):
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
        index = content.get("index")
        if isinstance(index, bool) or not isinstance(index, int) or not (
            0 <= index < len(self._extra_moves)
        ):
            raise IntentRefused(self.t("refused.move_gone"))
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
            self.say("hint", self.t("hint.none", end_turn=self.t("btn.end_turn")))
            return
        hint = self.t("btn.hint")
        if self.hint_level == 0:
            n = len(captures)
            if n == 1:
                self.say("hint", self.t("hint.count_one", hint=hint))
            else:
                self.say("hint", self.t("hint.count", n=n, hint=hint))
            self.hint_level = 1
            return
        capture = captures[(self.hint_level - 1) % len(captures)]
        self.hint_level += 1
        view = self.game.view(player=self._viewer())
        self.hint_keys = tuple(self._keys_for(view, acting, capture))
        info = self._move_explanation(self.game, capture, self.t("explain.why"))
        text = self.t("hint.try", move=self.words(capture))
        if len(captures) > 1:
            text += " " + self.t("hint.more", hint=hint)
        self.say("hint", text, info["svg"] if info else None)

    def _undo_count(self) -> int:
        """How many moves Undo takes back: to before the last pupil move (0: none)."""
        history = self.game.history
        for k in range(len(history) - 1, self._start_moves - 1, -1):
            if self.seats[history[k].player].bot is None:
                return len(history) - k
        return 0

    def intent_undo(self, content: Mapping[str, Any]) -> None:
        if self.mode != "play":
            raise IntentRefused(self.t("refused.play_only"))
        count = self._undo_count()
        if count == 0:
            self.say("info", self.t("undo.none"))
            return
        for _ in range(count):
            self.game.undo()
        self.selected = ()
        self.hint_level = 0
        self.hint_keys = ()
        self.say("info", self.t("undo.one") if count == 1 else self.t("undo.many", n=count))

    def intent_bot_step(self, content: Mapping[str, Any]) -> None:
        if self.mode != "play":
            raise IntentRefused(self.t("refused.no_bots"), quiet=True)
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
            self.say("error", self.t("bot_failed", name=self.names[cur], error=exc))
            return False
        self._after_move(played.player)
        # the pupil sees every bot move since they last acted, with the last capture's maths
        self._bot_log.append(self.words(played))
        info = self._move_explanation(before, played, self.t("explain.why"))
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
            return _static_page(
                view, self.names, highlight, vm.get("move_text"), exp, self.language
            )
        except Exception:
            log.exception("teachgames: static picture failed")
            return f"<pre>{escape(repr(self.game))}</pre>"


def _static_page(
    view: Mapping[str, Any],
    names: Sequence[str],
    highlight: Sequence[str],
    caption: str | None,
    explanation: Mapping[str, Any] | None,
    language: str,
) -> str:
    """Table SVG + words + maths SVG, as one self-contained block of HTML."""
    from ..delissimo.draw import table_svg

    parts = [f'<div class="teachgames-static" lang="{escape(language)}" style="max-width:980px">']
    parts.append(
        str(table_svg(view, names=list(names), highlight=list(highlight), language=language))
    )
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
        caption_words = escape(_say("label.scores", language))
        parts.append(
            f"<table><caption style='text-align:left'>{caption_words}</caption>{rows}</table>"
        )
    parts.append("</div>")
    return "".join(parts)


def static_game_html(game: Any, language: str | None = None) -> str:
    """The static picture of a game (teacher view), with its last move explained, in
    ``language`` (default: the package's)."""
    lang = resolve_language(language)
    names = [_say("player", lang, n=p + 1) for p in range(game.players)]
    view = game.view()
    explanation = None
    caption = None
    if game.is_over():
        try:
            exp = game.explain_scores(language=lang, names=names)
            explanation = _explanation_dict(exp, str(exp.title))
        except Exception:
            log.exception("teachgames: score explanation failed")
    elif game.history:
        last = game.history[-1]
        caption = _say("static.last_move", lang, move=game.describe(last, language=lang, names=names))
        try:
            # the position before the last move, where the engine can say why it was allowed
            before = game.copy()
            before.undo()
            explanation = _explanation_dict(
                before.explain(last, language=lang, names=names), _say("explain.why", lang)
            )
        except Exception:
            log.exception("teachgames: explanation failed")
    return _static_page(view, names, [], caption, explanation, lang)
