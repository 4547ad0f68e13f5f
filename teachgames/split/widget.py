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

Zones: ``row`` (the discard row, cards ``row:i``), then a panel ``player-p`` per player
(the viewer's last, so the controls sit under it) holding ``hand-p`` (cards ``hand:p:i``;
one line when face down), ``table-p`` (the matches as halves, ``match:p:m:k`` for half k of
match m, its type under the second half) and ``pad-p`` (the score pad as a grid). Card
pictures are sent once (``picture`` names); ``size="large"`` for a projector;
``bot_delay`` seconds between bot moves (0: at once).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

from ..core.errors import IllegalMove
from ..widgets.base import IntentRefused
from ..widgets.bots import BOT_ACTIONS
from ..widgets.explanations import explanation_dict
from ..widgets.replay import REPLAY_ACTIONS
from ..widgets.turns import TurnWidget
from ..widgets.viewmodel import (
    BotRequest,
    Button,
    Card,
    Cell,
    Explanation,
    Grid,
    GridRow,
    Score,
    ViewModel,
    Zone,
)
from .draw import card_alt, card_svg
from .messages import player_label, say
from .rules import ROWS, preset_of

log = logging.getLogger(__name__)

MODES = ("replay", "play")
PLAY_ACTIONS = frozenset(
    {"select", "draw", "take", "match", "upgrade", "discard", "finish", "hint", "undo", "move"}
)
_KEY = re.compile(r"^(?:row:(\d{1,3})|hand:(\d):(\d{1,3})|match:(\d):(\d{1,3}):([01]))$")


class _Marks(NamedTuple):
    """The keys of the cards the pupil chose and of those a hint or a move marks."""

    chosen: frozenset[str]
    marked: frozenset[str]


class SplitWidget(TurnWidget):
    """Replay or play a match of Split (see the module doc)."""

    actions: ClassVar[frozenset[str]] = REPLAY_ACTIONS | PLAY_ACTIONS | BOT_ACTIONS
    quiet_actions: ClassVar[frozenset[str]] = BOT_ACTIONS
    domain: ClassVar[str | None] = "split"

    modes: ClassVar[tuple[str, ...]] = MODES

    def init_state(self) -> None:
        self.selected: tuple[str, ...] = ()
        self.hint_keys: tuple[str, ...] = ()
        self._extra: list[Any] = []
        self._explained: dict[str, Explanation | None] = {}

    # ================================================================ words
    def words(self, move: Any, game: Any | None = None) -> str:
        return str((game or self.game).describe(move, language=self.language, names=self.names))

    def _explain(self, game: Any, move: Any, title: str) -> Explanation | None:
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

    # ================================================================ view-model parts
    def _card(
        self,
        key: str,
        name: str,
        can: bool,
        side: str = "left",
        caption: str | None = None,
        chosen: frozenset[str] = frozenset(),
        marked: frozenset[str] = frozenset(),
    ) -> Card:
        """One half-card of a zone; its picture is sent once (by name)."""
        lang = self.language
        sel, hl = key in chosen, key in marked
        alt = card_alt(name, lang)
        if sel:
            alt = self.t("card.chosen", alt=alt)
        elif hl:
            alt = self.t("card.highlighted", alt=alt)
        picture = self.picture(
            f"split:{name}@{lang}@{side}", lambda: str(card_svg(name, language=lang, side=side))
        )
        return {
            "key": key,
            "name": name,
            "picture": picture,
            "alt": alt,
            "selectable": can,
            "selected": sel,
            "highlight": hl,
            "caption": caption,
        }

    def _pad_grid(self, marks: Mapping[str, int], table: Mapping[str, Sequence[int]]) -> Grid:
        """A score pad as the front-end's grid: a row per type, a cell per box (marked
        boxes marked), and the first open box's value at the end of the row."""
        lang = self.language
        width = max(len(v) for v in table.values())
        rows: list[GridRow] = []
        for row in ROWS:
            values = list(table[row])
            k = min(int(marks.get(row, 0)), len(values) - 1)
            sign = "−" if row == "negative" and values[k] else ""
            cells: list[Cell] = []
            for i, v in enumerate(values):
                key = "widget.box_marked" if i < k else ("widget.box_open" if i == k else "widget.box")
                text = f"−{v}" if row == "negative" and v else str(v)
                cells.append({"text": text, "marked": i < k, "alt": say(key, lang, n=i + 1, value=text)})
            cells += [{"text": ""} for _ in range(width - len(values))]
            total = f"{sign}{values[k]}"
            cells.append({"text": f"= {total}", "alt": say("widget.row_value", lang, value=total)})
            rows.append({"label": say(f"row.{row}", lang), "cells": cells})
        return {"columns": [str(i + 1) for i in range(width)] + ["="], "rows": rows}

    def _zones(self, view: Mapping[str, Any], clickable: int | None, highlight: Sequence[str]) -> list[Zone]:
        """The discard row, then a panel per player (hand, matches, score pad side by
        side, wrapping: a "row"); the viewer's panel first, so the controls sit right
        under it and the discard row (on screen at 1280 x 720), the others' below."""
        marks = _Marks(frozenset(self.selected), frozenset(highlight))
        hands = view.get("hands", [])
        shown = [p for p, h in enumerate(hands) if not h or any(c != "?" for c in h)]
        viewer = self._viewer() if self.mode == "play" else None
        if viewer is None and len(shown) == 1 and len(hands) > 1:
            viewer = shown[0]
        discard = self._discard_zone(view, clickable, marks)
        panels = [self._panel(view, p, clickable, viewer, marks) for p in range(len(hands))]
        panels.sort(key=lambda z: not z["mine"])
        return [discard, *panels]

    def _discard_zone(self, view: Mapping[str, Any], clickable: int | None, marks: _Marks) -> Zone:
        """The discard row (a card is clicked to draw it) and how many cards are left to draw."""
        lang = self.language
        can_draw = clickable is not None and view.get("phase") == "draw"
        row_cards = [
            self._card(f"row:{i}", c, can_draw, "left", str(i + 1), *marks)
            for i, c in enumerate(view.get("discard", []))
        ]
        return {
            "id": "row",
            "label": say("widget.row", lang),
            "caption": say("draw.pile", lang, n=int(view.get("draw", 0))),
            "cards": row_cards,
            "empty": say("widget.row_empty", lang),
        }

    def _panel(self, view: Mapping[str, Any], p: int, clickable: int | None, viewer: int | None,
               marks: _Marks) -> Zone:  # fmt: skip
        """Player ``p``'s panel: hand, matches and score pad side by side."""
        inner = [
            self._hand_zone(view["hands"][p], p, clickable, marks),
            self._matches_zone(view, p, clickable, marks),
        ]
        pads, table = view.get("pads", []), view.get("pad_table", {})
        if p < len(pads) and table:
            total = str(view.get("scores", [0] * len(view["hands"]))[p]).replace("-", "−")
            inner.append(
                {
                    "id": f"pad-{p}",
                    "label": say("widget.pad", self.language),
                    "caption": say("draw.pad_total", self.language, total=total),
                    "cards": [],
                    "grid": self._pad_grid(pads[p], table),
                }
            )
        return {
            "id": f"player-{p}",
            "label": self.names[p],
            "player": p,
            "current": p == view.get("current"),
            "mine": p == viewer,
            "cards": [],
            "row": True,
            "zones": inner,
        }

    def _hand_zone(self, hand: Sequence[str], p: int, clickable: int | None, marks: _Marks) -> Zone:
        """A hand: its cards, or one line when it is face down (not a row of backs)."""
        lang = self.language
        zone: Zone = {
            "id": f"hand-{p}",
            "label": say("draw.hand", lang, n=len(hand)),
            "empty": self.t("label.no_cards"),
            "cards": [],
        }
        if hand and all(c == "?" for c in hand):
            summary = say("widget.hidden_hand", lang, name=self.names[p], n=len(hand))
            zone.update({"compact": True, "summary": summary})
        else:
            zone["cards"] = [
                self._card(f"hand:{p}:{i}", c, clickable == p, "left", None, *marks)
                for i, c in enumerate(hand)
            ]
        return zone

    def _matches_zone(self, view: Mapping[str, Any], p: int, clickable: int | None, marks: _Marks) -> Zone:
        """The matches player ``p`` laid, both halves of each, the right one captioned."""
        lang = self.language
        can_pick = clickable is not None and view.get("phase") == "play"
        halves = []
        for m, match in enumerate(view.get("matches", [])[p]):
            a, b = match["cards"]
            kind = say(f"type.{match['type']}", lang)
            halves.append(self._card(f"match:{p}:{m}:0", a, can_pick, "left", None, *marks))
            halves.append(self._card(f"match:{p}:{m}:1", b, can_pick, "right", kind, *marks))
        return {
            "id": f"table-{p}",
            "label": say("widget.matches", lang),
            "cards": halves,
            "empty": say("draw.no_matches", lang),
        }

    def _scores(self, view: Mapping[str, Any]) -> list[Score]:
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
    def build_view_model(self) -> ViewModel:
        vm = self.replay_view_model() if self.mode == "replay" else self._play_vm()
        vm["message"] = self.message
        vm["size"] = self.size
        return vm

    def language_changed(self) -> None:
        # every cached word and picture was in the old language
        super().language_changed()
        self._explained.clear()
        self._step_cache.clear()
        self.bot_log = []

    def _title(self, replay: bool) -> str:
        return self.title_line(self.t(f"preset.{preset_of(self.game.rules)}"), replay)

    def _play_vm(self) -> ViewModel:
        g = self.game
        view = g.view(player=self._viewer())
        over = g.is_over()
        acting = self._acting_pupil()
        status, bot = self._status()
        self._extra = list(g.legal_moves()) if acting is not None and g.phase == "bonus" else []
        return {
            "game": "split",
            "mode": "play",
            "title": self._title(False),
            "status": status,
            "step": None,
            "zones": self._zones(view, acting, self.hint_keys),
            "buttons": self._play_buttons(g.phase if acting is not None else None, acting is not None),
            "moves": [{"index": k, "label": self.words(m)} for k, m in enumerate(self._extra)],
            "explanation": self._scores_explanation(g) if over or self._round_just_ended() else None,
            "scores": self._scores(view),
            "bot": bot,
            "log": list(self.bot_log),
            "keys": {},
        }

    def _status(self) -> tuple[str, BotRequest | None]:
        """Who is to act and what to do; and the bot request when a bot is to act."""
        g = self.game
        cur = g.current_player
        if g.is_over():
            return self.t("status.game_over"), None
        if cur is not None and self.seats[cur].bot is not None:
            status = self.t("status.thinking", name=self.names[cur])
            return status, self.bot_request(status)
        if cur is not None:
            words = say(f"widget.status.{g.phase}", self.language, name=self.names[cur], round=g.round,
                        rounds=g.rules.rounds)  # fmt: skip
            return words, None
        return "", None

    def _play_buttons(self, phase: str | None, pupil_acts: bool) -> list[Button]:
        """The pupil's buttons, each on when the phase and the cards chosen allow it."""
        n_sel = len(self.selected)

        def button(action: str, enabled: bool, primary: bool = False) -> Button:
            return {
                "action": action,
                "label": say(f"widget.btn.{action}", self.language),
                "enabled": enabled,
                "primary": primary,
            }

        return [
            button("draw", phase == "draw", primary=True),
            button("take", phase == "draw" and n_sel == 2),
            button("match", phase in ("play", "late") and n_sel == 2),
            button("upgrade", phase == "play" and n_sel == 2),
            button("discard", phase == "play" and n_sel == 1),
            button("finish", phase == "late"),
            {"action": "hint", "label": self.t("btn.hint"), "enabled": pupil_acts},
            {
                "action": "undo",
                "label": self.t("btn.undo"),
                "enabled": self._undo_count() > 0 and not self.bots_playing(),
            },
        ]

    def _round_just_ended(self) -> bool:
        """True right after the move that ended a round (the pads then show their working)."""
        g = self.game
        if not g.history:
            return False
        before = g.copy()
        before.undo()
        return bool(before.round != g.round)

    def _replay_step(self, i: int) -> ViewModel:
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
        self.bot_log = []
        info = self._explain(before, played, self.t("explain.why"))
        self.say("success", self.words(played, before), info["svg"] if info else None)
        return played

    def _after_bot_move(self, played: Any, before: Any) -> None:
        self.selected = ()
        self.hint_keys = ()
        words = self.words(played, before)
        self.log_bot_move(words, self._explain(before, played, self.t("explain.why")))
        self.say("info", words)

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
        key = self.arg(content, "card")
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
        index = self.arg(content, "index")
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
        _, why = bot.reason(g.copy(), language=self.language, names=self.names)
        words = say("widget.hint_move", self.language, move=self.words(move), why=why)
        info = self._explain(g, move, self.t("explain.why"))
        self.say(
            "hint",
            say("widget.hint", self.language, name=self.names[acting], words=words),
            info["svg"] if info else None,
        )

    def forget_choices(self) -> None:
        self.selected = ()
        self.hint_keys = ()

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
