"""The Split widget: replay a match step by step, or play it with pupils and bots.

    w = teachgames.show(g, mode="replay")
    w = teachgames.show(g, mode="play", players=["Ann", PlannerBot(), GreedyBot()])

**Play mode.** A pupil clicks cards (a card of the discard row, cards of their own hand,
a card of one of their matches) and presses a button: *Draw* (the top of the pile),
*Take* (the chosen discard-row card, laid down at once with the chosen hand card),
*Lay down* (two chosen hand cards), *Upgrade* (a hand card in place of the chosen match
card), *Discard* (one chosen hand card), *Finish* (first-turn exception). A bonus is a
choice: one button per player to mark a negative box, *draw* or *let it go*, each
possible swap. A refused choice shows the reason and its explanation and changes
nothing. *Hint* shows what the planning bot would do and why; *Undo* takes back the
pupil's last move (and the bot moves after it). Bots move one step at a time.

**Replay mode.** ⏮ ◀ slider ▶ ⏭: step *i* shows the table before move *i* with the move's
cards highlighted, the move in words and why it was allowed; the last step shows how
every pad adds up.

**Views.** ``view="teacher"`` sees every hand; ``view=<player>`` is that pupil's view;
``view="pupil"`` follows the pupil to act. The view-model is built from
``game.view(player)``, so hidden hands never reach the browser.

Zones: ``row`` (discard row, keys ``row:i``), ``hand-p`` (``hand:p:i``), ``table-p``
(player p's matches, keys ``match:p:m:k`` for card k of match m, then the score pad).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..core.errors import IllegalMove
from ..core.i18n import resolve_language
from ..widgets.base import IntentRefused
from ..widgets.bots import BOT_ACTIONS, DEFAULT_BOT_DELAY_MS, BotTurns
from ..widgets.explanations import explanation_dict
from ..widgets.replay import REPLAY_ACTIONS, ReplayStepping
from .draw import HALF_H, HALF_W, card_alt, card_svg, match_shapes, pad_svg
from .messages import player_label, say

log = logging.getLogger(__name__)

MODES = ("replay", "play")
PLAY_ACTIONS = frozenset(
    {"select", "draw", "take", "match", "upgrade", "discard", "finish", "hint", "undo", "move"}
)
_KEY = re.compile(r"^(?:row:(\d{1,3})|hand:(\d):(\d{1,3})|match:(\d):(\d{1,3}):([01]))$")


def _match_picture(cards: Sequence[str], kind: str, language: str, marked: Sequence[bool]) -> str:
    from ..pictures import shape_svg, svg_doc

    shapes = match_shapes(cards, kind, 2, 2, language, marked)
    alt = say(
        "widget.match_alt",
        language,
        a=card_alt(cards[0], language),
        b=card_alt(cards[1], language),
        kind=say(f"type.{kind}", language),
    )
    return str(svg_doc(2 * HALF_W + 6, HALF_H + 28, alt, "".join(shape_svg(s) for s in shapes)))


class SplitWidget(BotTurns, ReplayStepping):
    """Replay or play a match of Split (see the module doc)."""

    actions: ClassVar[frozenset[str]] = REPLAY_ACTIONS | PLAY_ACTIONS | BOT_ACTIONS
    quiet_actions: ClassVar[frozenset[str]] = BOT_ACTIONS

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
        if getattr(game, "name", None) != "split":
            raise TypeError(f"SplitWidget shows a game of Split, not {game!r}")
        if mode is None:
            mode = "replay" if game.history or game.is_over() else "play"
        if mode not in MODES:
            raise ValueError(f"mode must be 'replay' or 'play', not {mode!r}")
        self.language = resolve_language(language)
        self.game = game
        self.mode = mode
        self.seat_players(players, view)
        self.init_bots(bot_delay_ms)
        self.init_replay()
        self.selected: tuple[str, ...] = ()
        self.hint_keys: tuple[str, ...] = ()
        self._extra: list[Any] = []
        self._explained: dict[str, dict[str, Any] | None] = {}
        super().__init__(language=self.language, **kwargs)
        if mode == "replay":
            self.start_replay(game)
        self.publish()

    # ================================================================ words
    def words(self, move: Any, game: Any | None = None) -> str:
        return str((game or self.game).describe(move, language=self.language, names=self.names))

    def _explain(self, game: Any, move: Any, title: str) -> dict[str, Any] | None:
        key = json.dumps(move.to_dict() if hasattr(move, "to_dict") else move, sort_keys=True) + title
        key += f"|{len(game.history)}|{game.round}"
        if key not in self._explained:
            exp: Any = None
            try:
                exp = game.explain(move, language=self.language, names=self.names)
            except Exception:
                log.exception("teachgames: explaining a Split move failed")
            self._explained[key] = explanation_dict(exp, title)
        return self._explained[key]

    def _scores_explanation(self, game: Any) -> dict[str, Any] | None:
        try:
            exp = game.explain_scores(language=self.language, names=list(self.names))
        except Exception:
            log.exception("teachgames: Split score explanation failed")
            return None
        return explanation_dict(exp, str(exp.title))

    # ================================================================ view-model parts
    def _zones(
        self, view: Mapping[str, Any], clickable: int | None, highlight: Sequence[str]
    ) -> list[dict[str, Any]]:
        lang = self.language
        chosen, marked = set(self.selected), set(highlight)
        phase = view.get("phase")

        def card(key: str, name: str, can: bool) -> dict[str, Any]:
            sel, hl = key in chosen, key in marked
            alt = card_alt(name, lang)
            if sel:
                alt = self.t("card.chosen", alt=alt)
            elif hl:
                alt = self.t("card.highlighted", alt=alt)
            return {
                "key": key,
                "name": name,
                "svg": str(card_svg(name, hl, sel, lang)),
                "alt": alt,
                "selectable": can,
                "selected": sel,
                "highlight": hl,
                "caption": None,
            }

        row = list(view.get("discard", []))
        zones: list[dict[str, Any]] = [
            {
                "id": "row",
                "label": say("widget.row", lang),
                "caption": say("draw.pile", lang, n=int(view.get("draw", 0))),
                "cards": [
                    card(f"row:{i}", c, clickable is not None and phase == "draw") for i, c in enumerate(row)
                ],
                "empty": say("widget.row_empty", lang),
            }
        ]
        current = view.get("current")
        pads = view.get("pads", [])
        table = view.get("pad_table", {})
        for p, hand in enumerate(view.get("hands", [])):
            mine = clickable == p
            zones.append(
                {
                    "id": f"hand-{p}",
                    "label": self.names[p],
                    "caption": say("draw.hand", lang, n=len(hand)),
                    "current": p == current,
                    "cards": [card(f"hand:{p}:{i}", c, mine and c != "?") for i, c in enumerate(hand)],
                    "empty": self.t("label.no_cards"),
                }
            )
            items = []
            for m, match in enumerate(view.get("matches", [])[p]):
                keys = [f"match:{p}:{m}:{k}" for k in (0, 1)]
                sel = [k in chosen for k in keys]
                hl = [k in marked for k in keys]
                items.append(
                    {
                        "key": keys[0],
                        "name": " ".join(match["cards"]),
                        "svg": _match_picture(
                            match["cards"],
                            match["type"],
                            lang,
                            [a or b for a, b in zip(sel, hl, strict=True)],
                        ),
                        "alt": say(
                            "widget.match_alt",
                            lang,
                            a=card_alt(match["cards"][0], lang),
                            b=card_alt(match["cards"][1], lang),
                            kind=say(f"type.{match['type']}", lang),
                        ),
                        "selectable": clickable is not None and phase in ("play", "bonus"),
                        "selected": any(sel),
                        "highlight": any(hl),
                        "caption": None,
                    }
                )
            if p < len(pads):
                items.append(
                    {
                        "key": f"pad:{p}",
                        "name": "pad",
                        "svg": str(pad_svg(pads[p], table, lang)),
                        "alt": say("draw.pad_alt", lang),
                        "selectable": False,
                        "selected": False,
                        "highlight": False,
                        "caption": None,
                    }
                )
            zones.append(
                {
                    "id": f"table-{p}",
                    "label": say("widget.table_of", lang, name=self.names[p]),
                    "caption": say("draw.score", lang, score=str(view.get("scores", [0] * (p + 1))[p])),
                    "cards": items,
                    "empty": say("draw.no_matches", lang),
                }
            )
        return zones

    def _scores(self, view: Mapping[str, Any]) -> list[dict[str, Any]]:
        cur = view.get("current")
        return [
            {"player": p, "name": self.names[p], "score": str(s), "current": p == cur}
            for p, s in enumerate(view.get("scores", []))
        ]

    def _keys_for(self, view: Mapping[str, Any], move: Any) -> list[str]:
        """The zone keys of the cards a move uses (for highlighting)."""
        keys: list[str] = []
        d = move.to_dict()
        p = d["player"]
        hand = list(view["hands"][p]) if p < len(view.get("hands", [])) else []

        def in_hand(card: str) -> None:
            for i, c in enumerate(hand):
                key = f"hand:{p}:{i}"
                if c == card and key not in keys:
                    keys.append(key)
                    return

        kind = d["kind"]
        if kind == "take":
            keys.append(f"row:{d['index']}")
            in_hand(d["partner"])
        elif kind == "match":
            for c in d["cards"]:
                in_hand(c)
        elif kind == "discard":
            in_hand(d["card"])
        elif kind == "upgrade":
            in_hand(d["card"])
            pair = view["matches"][d["owner"]][d["match"]]["cards"]
            keys.append(f"match:{d['owner']}:{d['match']}:{pair.index(d['replace'])}")
        elif kind == "swap":
            keys += [f"match:{p}:{d['mine']}:0", f"match:{d['owner']}:{d['theirs']}:0"]
        return keys

    # ================================================================ the view-model
    def build_view_model(self) -> dict[str, Any]:
        vm = self.replay_view_model() if self.mode == "replay" else self._play_vm()
        vm["message"] = self.message
        vm["language"] = self.language
        vm["labels"] = self.front_end_labels()
        return vm

    def _title(self, replay: bool) -> str:
        key = "widget.title_replay" if replay else "widget.title_play"
        return say(key, self.language, game=say("title", self.language))

    def _play_vm(self) -> dict[str, Any]:
        g = self.game
        view = g.view(player=self._viewer())
        over = g.is_over()
        cur = g.current_player
        acting = self._acting_pupil()
        bot = None
        if over:
            status = self.t("status.game_over")
        elif cur is not None and self.seats[cur].bot is not None:
            status = self.t("status.thinking", name=self.names[cur])
            bot = self.bot_request(status)
        elif cur is not None:
            status = say(
                f"widget.status.{g.phase}",
                self.language,
                name=self.names[cur],
                round=g.round,
                rounds=g.rules.rounds,
            )
        else:
            status = ""
        self._extra = list(g.legal_moves()) if acting is not None and g.phase == "bonus" else []
        n_sel = len(self.selected)
        phase = g.phase if acting is not None else None

        def button(action: str, enabled: bool, primary: bool = False) -> dict[str, Any]:
            return {
                "action": action,
                "label": say(f"widget.btn.{action}", self.language),
                "enabled": enabled,
                "primary": primary,
            }

        buttons = [
            button("draw", phase == "draw", primary=True),
            button("take", phase == "draw" and n_sel == 2),
            button("match", phase in ("play", "late") and n_sel == 2),
            button("upgrade", phase == "play" and n_sel == 2),
            button("discard", phase == "play" and n_sel == 1),
            button("finish", phase == "late"),
            {"action": "hint", "label": self.t("btn.hint"), "enabled": acting is not None},
            {"action": "undo", "label": self.t("btn.undo"), "enabled": self._undo_count() > 0},
        ]
        return {
            "game": "split",
            "mode": "play",
            "title": self._title(False),
            "status": status,
            "step": None,
            "zones": self._zones(view, acting, self.hint_keys),
            "buttons": buttons,
            "moves": [{"index": k, "label": self.words(m)} for k, m in enumerate(self._extra)],
            "explanation": self._scores_explanation(g) if over or self._round_just_ended() else None,
            "scores": self._scores(view),
            "bot": bot,
            "keys": {},
        }

    def _round_just_ended(self) -> bool:
        """True right after the move that ended a round (the pads then show their working)."""
        g = self.game
        if not g.history:
            return False
        before = g.copy()
        before.undo()
        return bool(before.round != g.round)

    def _replay_step(self, i: int) -> dict[str, Any]:
        n = len(self._moves)
        pos = self._positions[i]
        view = pos.view(player=self._viewer(pos))
        if i < n:
            move = self._moves[i]
            highlight = self._keys_for(view, move)
            move_text = self.t("step.move", n=i + 1, move=self.words(move, pos))
            explanation = self._explain(pos, move, self.t("explain.move", n=i + 1))
            label = self.t("step.label", n=i + 1, total=n)
        else:
            highlight = []
            move_text = self.t("step.end" if pos.is_over() else "step.now")
            explanation = self._scores_explanation(pos)
            label = self.t("step.after_all", total=n) if n else self.t("step.no_moves")
        saved, self.selected = self.selected, ()
        zones = self._zones(view, None, highlight)
        self.selected = saved
        return {
            "game": "split",
            "mode": "replay",
            "title": self._title(True),
            "status": say("widget.round_of", self.language, round=pos.round, rounds=pos.rules.rounds),
            "step": {"value": i, "max": n, "label": label},
            "move_text": move_text,
            "zones": zones,
            "explanation": explanation,
            "scores": self._scores(view),
            "moves": [],
            "bot": None,
        }

    # ================================================================ playing
    def _play(self, move: Mapping[str, Any] | Any) -> Any:
        """Play ``move``; a refusal shows the reason and why, and changes nothing."""
        g = self.game
        before = g.copy()
        try:
            played = g.play(move)
        except IllegalMove as exc:
            info = self._explain(g, move, self.t("explain.why_not")) if isinstance(move, Mapping) else None
            self.say(
                "error", self.t("not_allowed", reason=exc.words(self.language)), info["svg"] if info else None
            )
            return None
        self.selected = ()
        self.hint_keys = ()
        self._last_pupil = played.player
        info = self._explain(before, played, self.t("explain.why"))
        self.say("success", self.words(played, before), info["svg"] if info else None)
        return played

    def _after_bot_move(self, played: Any, before: Any) -> None:
        self.selected = ()
        self.hint_keys = ()
        info = self._explain(before, played, self.t("explain.why"))
        self.say("info", self.words(played, before), info["svg"] if info else None)

    def _chosen(self, acting: int) -> tuple[list[tuple[str, int, str]], Mapping[str, Any]]:
        """The selected cards as (zone, index, card) and the view they were chosen in."""
        view = self.game.view(player=self._viewer())
        out: list[tuple[str, int, str]] = []
        for key in self.selected:
            m = _KEY.match(key)
            if m is None:
                continue
            if m.group(1) is not None:
                i = int(m.group(1))
                out.append(("row", i, view["discard"][i]))
            elif m.group(2) is not None:
                i = int(m.group(3))
                out.append(("hand", i, view["hands"][acting][i]))
            else:
                q, j, k = int(m.group(4)), int(m.group(5)), int(m.group(6))
                out.append(("match", q * 1000 + j, view["matches"][q][j]["cards"][k]))
        return out, view

    def intent_select(self, content: Mapping[str, Any]) -> None:
        acting = self._require_pupil_turn()
        key = content.get("card")
        m = _KEY.match(key) if isinstance(key, str) else None
        if m is None:
            raise IntentRefused(self.t("refused.not_a_card"))
        assert isinstance(key, str)
        view = self.game.view(player=self._viewer())
        if m.group(1) is not None:
            ok = int(m.group(1)) < len(view["discard"])
        elif m.group(2) is not None:
            if int(m.group(2)) != acting:
                raise IntentRefused(self.t("refused.own_hand"))
            ok = int(m.group(3)) < len(view["hands"][acting])
        else:
            q, j = int(m.group(4)), int(m.group(5))
            ok = q < len(view["matches"]) and j < len(view["matches"][q])
        if not ok:
            raise IntentRefused(self.t("refused.card_gone"))
        chosen = list(self.selected)
        if key in chosen:
            chosen.remove(key)
        else:
            chosen.append(key)
        self.selected = tuple(chosen[-3:])
        if self.message is not None and self.message.get("kind") == "error":
            self.message = None

    def intent_draw(self, content: Mapping[str, Any]) -> None:
        acting = self._require_pupil_turn()
        self._play({"kind": "draw", "player": acting})

    def intent_take(self, content: Mapping[str, Any]) -> None:
        acting = self._require_pupil_turn()
        chosen, _ = self._chosen(acting)
        rows = sorted((c for c in chosen if c[0] == "row"), key=lambda c: c[1])
        hands = [c for c in chosen if c[0] == "hand"]
        if len(rows) == 1 and len(hands) == 1:
            picked, partner = rows[0], hands[0][2]
        elif len(rows) == 2 and not hands:  # the partner lies on top of the picked card
            picked, partner = rows[0], rows[1][2]
        else:
            self.say("error", say("widget.choose.take", self.language))
            return
        self._play(
            {"kind": "take", "player": acting, "index": picked[1], "card": picked[2], "partner": partner}
        )

    def intent_match(self, content: Mapping[str, Any]) -> None:
        acting = self._require_pupil_turn()
        chosen, _ = self._chosen(acting)
        hands = [c[2] for c in chosen if c[0] == "hand"]
        if len(hands) != 2 or len(chosen) != 2:
            self.say("error", say("widget.choose.match", self.language))
            return
        self._play({"kind": "match", "player": acting, "cards": hands})

    def intent_upgrade(self, content: Mapping[str, Any]) -> None:
        acting = self._require_pupil_turn()
        chosen, _ = self._chosen(acting)
        hands = [c for c in chosen if c[0] == "hand"]
        matches = [c for c in chosen if c[0] == "match"]
        if len(hands) != 1 or len(matches) != 1:
            self.say("error", say("widget.choose.upgrade", self.language))
            return
        owner, index = divmod(matches[0][1], 1000)
        self._play(
            {
                "kind": "upgrade",
                "player": acting,
                "owner": owner,
                "match": index,
                "card": hands[0][2],
                "replace": matches[0][2],
            }
        )

    def intent_discard(self, content: Mapping[str, Any]) -> None:
        acting = self._require_pupil_turn()
        chosen, _ = self._chosen(acting)
        hands = [c[2] for c in chosen if c[0] == "hand"]
        if len(hands) != 1 or len(chosen) != 1:
            self.say("error", say("widget.choose.discard", self.language))
            return
        self._play({"kind": "discard", "player": acting, "card": hands[0]})

    def intent_finish(self, content: Mapping[str, Any]) -> None:
        acting = self._require_pupil_turn()
        self._play({"kind": "finish", "player": acting})

    def intent_move(self, content: Mapping[str, Any]) -> None:
        self._require_pupil_turn()
        index = content.get("index")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self._extra):
            raise IntentRefused(self.t("refused.move_gone"))
        self._play(self._extra[index])

    def intent_hint(self, content: Mapping[str, Any]) -> None:
        acting = self._require_pupil_turn()
        from .bots import PlannerBot

        bot = PlannerBot()
        g = self.game
        move = bot.choose(g.copy())
        view = g.view(player=self._viewer())
        self.hint_keys = tuple(self._keys_for(view, move))
        words = bot.explain_choice(g.copy(), language=self.language)
        info = self._explain(g, move, self.t("explain.why"))
        self.say(
            "hint",
            say("widget.hint", self.language, name=self.names[acting], words=words),
            info["svg"] if info else None,
        )

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
        self.hint_keys = ()
        self.say("info", self.t("undo.one") if count == 1 else self.t("undo.many", n=count))

    # ================================================================ static fallback
    def static_html(self) -> str:
        from .draw import static_html

        try:
            if self.mode == "replay":
                pos, _ = self.replay_position()
                return static_html(pos, self.language)
            return static_html(self.game, self.language)
        except Exception:
            log.exception("teachgames: Split static picture failed")
            return ""


__all__ = ["MODES", "SplitWidget", "player_label"]
