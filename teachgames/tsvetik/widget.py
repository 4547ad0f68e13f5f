"""The Tsvetik widget: replay a game step by step, or play it with pupils and bots.

    w = teachgames.show(g, mode="replay")
    w = teachgames.show(g, mode="play", players=["Pupil", FieldBot(), GreedyBot()])

The table is zones of cards (the generic front end of :mod:`teachgames.widgets` draws
them): the bank (a face-down card; clicking it turns up the top card), the card turned
up, each field with its cards and its empty cells, and each player's collection grouped
by colour (one card per colour, "×3"). A pupil to act clicks the bank (or *Turn up a
card*), then an empty cell to place the card; clicking a field's cards takes the field.
*Hint* shows "which field should I take?" (what each field adds now, and the chances of
the next card). *Undo* takes back the pupil's last move and the bot moves after it. A
refused click shows the reason and changes nothing. Replay step *i* is the table before
move *i*, the move in words and why it was allowed; the last step explains every score.

Options: ``mode`` ("play" or "replay"; default replay when moves were played),
``players`` (a name per pupil, a bot per bot seat), ``view`` ("teacher", "pupil" or a
player index), ``bot_delay`` (seconds between bot moves, 0 = at once), ``language``,
``size`` ("normal" or "large" for a projector).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..core.errors import IllegalMove
from ..widgets.base import IntentRefused
from ..widgets.bots import BOT_ACTIONS
from ..widgets.explanations import explanation_dict
from ..widgets.replay import REPLAY_ACTIONS
from ..widgets.turns import TurnWidget
from ..widgets.viewmodel import BotRequest, Card, Explanation, Score, ViewModel, Zone
from .bots import gain
from .cards import COLOURS
from .draw import back_svg, card_alt, card_svg, empty_cell_svg, signed, static_html
from .explain import field_advice, field_gains
from .messages import colour_word, field_label, number, say, sentence

log = logging.getLogger(__name__)

MODES = ("replay", "play")
#: The intents of play mode (bot steps: :data:`teachgames.widgets.bots.BOT_ACTIONS`).
PLAY_ACTIONS = frozenset({"draw", "place", "take", "move", "hint", "undo"})
#: Card pictures are this many pixels tall (``size="large"``: bigger, for a projector).
CARD_HEIGHT = {"normal": 110.0, "large": 150.0}


def row(zone_id: str, zones: list[Zone]) -> Zone:
    """A bare group of zones drawn side by side (the front end's "row"; no frame, no label)."""
    return {"id": zone_id, "label": "", "caption": None, "cards": [], "row": True, "zones": zones}


class TsvetikWidget(TurnWidget):
    """Replay or play a Tsvetik game; see the module doc."""

    actions: ClassVar[frozenset[str]] = REPLAY_ACTIONS | PLAY_ACTIONS | BOT_ACTIONS
    quiet_actions: ClassVar[frozenset[str]] = BOT_ACTIONS
    domain: ClassVar[str | None] = "tsvetik"

    modes: ClassVar[tuple[str, ...]] = MODES

    def init_state(self) -> None:
        self.hint_field: int | None = None
        self._explain_cache: dict[str, Explanation | None] = {}
        self._takes: list[Any] = []

    # ================================================================ words
    def words(self, move: Any) -> str:
        return str(self.game.describe(move, language=self.language, names=self.names))

    def _title(self, replay: bool) -> str:
        """The game and its rules: "box rules", or the young players' rules when the box's
        rules are played without points off for extra cards (the 8+ lesson)."""
        rules = self.game.rules
        young = rules.preset == "seed" and rules.extra == 0
        return self.title_line(self.t("preset.young" if young else f"preset.{rules.preset}"), replay)

    def _explained(self, game: Any, move: Any, title: str) -> Explanation | None:
        key = json.dumps(move.to_dict(), sort_keys=True) + "|" + str(len(game.history)) + "|" + title
        if key not in self._explain_cache:
            exp: Any = None
            try:
                exp = game.explain(move, language=self.language, names=self.names)
            except Exception:
                log.exception("teachgames: explaining %s failed", move)
            self._explain_cache[key] = explanation_dict(exp, title)
        return self._explain_cache[key]

    # ================================================================ the table
    def _card(self, key: str, colour: str, count: int = 0, highlight: bool = False) -> Card:
        lang, height = self.language, CARD_HEIGHT[self.size]
        picture = f"{colour}@{lang}@{self.size}" + (f"@{count}" if count > 1 else "")
        name = self.picture(picture, lambda: str(card_svg(colour, lang, height, count=count)))
        alt = card_alt(colour, lang)
        return {
            "key": key,
            "name": colour,
            "picture": name,
            "alt": say("draw.card_count", lang, card=alt, n=count) if count > 1 else alt,
            "selectable": False,
            "selected": False,
            "highlight": highlight,
            "caption": None,
        }

    def _zones(self, game: Any, acting: int | None, highlight_field: int | None) -> list[Zone]:
        """The bank, the card turned up and the four fields side by side, then the players'
        collections side by side ("row" groups): the table fits a 1280 x 720 projector."""
        view = game.view(player=self._viewer(game))
        legal: set[tuple[str, int | None]] = (
            {(m.kind, getattr(m, "field", None)) for m in game.legal_moves()} if acting is not None else set()
        )
        table = [self._bank_zone(view, ("draw", None) in legal)]
        if view["drawn"] is not None:
            table.append(self._drawn_zone(view["drawn"]))
        lang, height = self.language, CARD_HEIGHT[self.size]
        slot = self.picture(f"slot@{lang}@{self.size}", lambda: str(empty_cell_svg(lang, height)))
        for f in range(len(view["fields"])):
            zone = self._field_zone(view, f, legal, f == highlight_field, slot)
            table.append(self._say_why(game, zone, f, legal, acting))
        players = self._collections(game, view, acting)
        return [{**row("table", table), "controls": True}, row("players", players)]

    def _bank_zone(self, view: Mapping[str, Any], can_draw: bool) -> Zone:
        """The bank: one face-down card to click (it turns up the top card)."""
        lang = self.language
        back = self.picture(f"back@{lang}@{self.size}", lambda: str(back_svg(lang, CARD_HEIGHT[self.size])))
        bank: Card = {
            "key": "bank",
            "name": "bank",
            "picture": back,
            "alt": say("draw.back", lang),
            "selectable": can_draw,
            "selected": False,
            "highlight": False,
            "caption": None,
            "action": "draw",
            "args": {},
        }
        return {
            "id": "bank",
            "label": self.t("zone.bank"),
            "caption": self.tn("zone.bank_left", view["bank"]),
            "cards": [bank] if view["bank"] else [],
            "empty": say("chance.bank_empty", lang),
        }

    def _drawn_zone(self, colour: str) -> Zone:
        """The card turned up, waiting to be placed."""
        return {
            "id": "drawn",
            "label": self.t("zone.drawn"),
            "caption": None,
            "cards": [self._card("drawn", colour, highlight=True)],
        }

    def _field_zone(self, view: Mapping[str, Any], f: int, legal: set[tuple[str, int | None]],
                    highlight: bool, slot: str) -> Zone:  # fmt: skip
        """Field ``f``: its cards (clicked to take it) and its empty cells (clicked to place)."""
        lang = self.language
        label = sentence(field_label(f, lang))
        owner = view["owners"][f]
        if owner is not None:
            label = self.t("zone.taken_by", field=label, name=self.names[owner])
        can_take = ("take", f) in legal
        cards = view["fields"][f]
        items = [self._field_card(f, i, colour, can_take, highlight) for i, colour in enumerate(cards)]
        items += [self._cell(f, i, ("place", f) in legal, slot) for i in range(len(cards), view["cells"])]
        if can_take and not cards:  # the last round: an empty field may be taken
            items[0].update({"selectable": True, "action": "take", "args": {"field": f}})
        return {
            "id": f"field-{f}",
            "label": label,
            "caption": None,
            "cards": items,
            "empty": self.t("zone.empty_field"),
        }

    def _say_why(self, game: Any, zone: Zone, f: int, legal: set[tuple[str, int | None]],
                 acting: int | None) -> Zone:  # fmt: skip
        """Field ``f``'s cards and cells that are no move say why on a click: a card there
        means placing the card turned up (else taking the field), a cell placing it."""
        click = "place" if game.state.drawn is not None else "take"
        why = None if ("take", f) in legal else self._why_not(game, f, acting, click)
        slot_why = None if ("place", f) in legal else self._why_not(game, f, acting, "place")
        for card in zone.get("cards", []):
            reason = slot_why if card.get("slot") else why
            if reason is not None and not card.get("selectable"):
                card["why"], card["why_key"] = reason
        return zone

    def _why_not(self, game: Any, f: int, acting: int | None, kind: str) -> tuple[str, str] | None:
        """Why the pupil to act cannot ``kind`` ("take", "place") on field ``f`` (taken,
        full, a card to turn up or to place first): the engine's refusal in the pupil's
        words (shown on a click: the card stays a picture, no button and no Tab stop) and
        its code; None when the move is legal or it is not their turn."""
        if acting is None:
            return None
        refusal = game.problem({"kind": kind, "player": acting, "field": f})
        if refusal is None:
            return None
        return self.t("not_allowed", reason=refusal.words(self.language)), refusal.code

    def _field_card(self, f: int, i: int, colour: str, can_take: bool, highlight: bool) -> Card:
        card = self._card(f"field:{f}:{i}", colour, highlight=highlight)
        if can_take:
            card.update({
                "selectable": True,
                "action": "take",
                "args": {"field": f},
                "alt": self.t("card.take", alt=card["alt"], field=field_label(f, self.language)),
            })  # fmt: skip
        return card

    def _cell(self, f: int, i: int, can_place: bool, slot: str) -> Card:
        """An empty cell of field ``f`` (a dashed slot; clicked to place the card turned up)."""
        lang = self.language
        return {
            "key": f"field:{f}:{i}",
            "name": "",
            "picture": slot,
            "slot": True,
            "alt": self.t("card.slot_place" if can_place else "card.slot", field=field_label(f, lang)),
            "selectable": can_place,
            "selected": False,
            "highlight": False,
            "caption": None,
            "action": "place",
            "args": {"field": f},
        }

    def _collections(self, game: Any, view: Mapping[str, Any], acting: int | None) -> list[Zone]:
        """Each player's collection, the pupil's own first (the controls come before the
        players, right after the bank and the fields the pupil clicks: on screen even late
        in the game)."""
        viewer = self._viewer(game)
        order = sorted(range(game.players), key=lambda q: q != viewer)
        return [self._collection(game.state.cards_of(p), view, p, viewer, acting) for p in order]

    def _collection(self, held: Sequence[int], view: Mapping[str, Any], p: int, viewer: int | None,
                    acting: int | None) -> Zone:  # fmt: skip
        cards = [
            self._card(f"player:{p}:{colour}", colour, count=held.count(c))
            for c, colour in enumerate(COLOURS)
            if held.count(c)
        ]
        score = say("draw.score", self.language, score=signed(view["scores"][p]))
        caption = self.tn("zone.collection", len(held), score=score)
        if view["first"] == p and not view["over"]:
            caption += " · " + self.t("zone.first")
        return {
            "id": f"player-{p}",
            "label": self.names[p],
            "caption": caption,
            "cards": cards,
            "player": p,
            "current": p == view["current"],
            "mine": p == viewer and acting is not None,
            "empty": self.t("zone.no_cards"),
        }

    def _scores(self, game: Any) -> list[Score]:
        current = game.current_player
        return [
            {"player": p, "name": self.names[p], "score": signed(s), "current": p == current}
            for p, s in enumerate(game.scores())
        ]

    # ================================================================ play mode
    def _status(self, acting: int | None) -> tuple[str, BotRequest | None]:
        g = self.game
        cur = g.current_player
        if g.is_over():
            items = [
                self.t("status.score_item", name=self.names[p], score=signed(s))
                for p, s in enumerate(g.scores())
            ]
            return self.t("status.game_over_scores", scores=self.t("status.score_sep").join(items)), None
        if cur is not None and self.seats[cur].bot is not None:
            text = self.t("status.thinking", name=self.names[cur])
            return text, self.bot_request(text)
        if acting is None:
            return (self.t("status.to_play", name=self.names[cur]) if cur is not None else ""), None
        s = g.state
        name = self.names[acting]
        if s.drawn is not None:
            return self.t("status.place", name=name), None
        if s.last_round():
            return self.t("status.last_round", name=name), None
        if not any(m.kind == "draw" for m in g.legal_moves()):
            return self.t("status.must_take", name=name), None
        return self.t("status.your_turn", name=name), None

    def _play_vm(self) -> ViewModel:
        g = self.game
        acting = self._acting_pupil() if self.mode == "play" else None
        status, bot = self._status(acting)
        legal = g.legal_moves() if acting is not None else []
        self._takes = [m for m in legal if m.kind == "take"]
        can_draw = any(m.kind == "draw" for m in legal)
        return {
            "game": "tsvetik",
            "mode": "play",
            "title": self._title(replay=False),
            "status": status,
            "step": None,
            "zones": self._zones(g, acting, self.hint_field),
            "buttons": [
                {"action": "draw", "label": self.t("btn.draw"), "enabled": can_draw, "primary": True},
                {"action": "hint", "label": self.t("btn.hint"), "enabled": acting is not None},
                {
                    "action": "undo",
                    "label": self.t("btn.undo"),
                    "enabled": self._undo_count() > 0 and not self.bots_playing(),
                },
            ],
            "moves": [
                {"index": k, "label": self.t("btn.take", field=field_label(m.field, self.language))}
                for k, m in enumerate(self._takes)
            ],
            "explanation": self._scores_explanation(g) if g.is_over() else None,
            "scores": self._scores(g),
            "bot": bot,
            "log": list(self.bot_log),
            "keys": {},
        }

    def _play(self, move: dict[str, Any]) -> None:
        """Play a pupil's move; a refusal shows the reason and why, and changes nothing."""
        g = self.game
        before = g.copy()
        try:
            played = g.play(move)
        except IllegalMove as exc:
            info = self._explained(g, g.coerce_move(move), self.t("explain.why_not"))
            self.say(
                "error", self.t("not_allowed", reason=exc.words(self.language)), info["svg"] if info else None
            )
            return
        self.hint_field = None
        self._last_pupil = played.player
        self.bot_log = []
        info = self._explained(before, played, self.t("explain.why"))
        self.say("success", self.words(played), info["svg"] if info else None)

    def _after_bot_move(self, played: Any, before: Any) -> None:
        self.hint_field = None
        words = self.words(played)
        self.log_bot_move(words, self._explained(before, played, self.t("explain.why")))
        self.say("info", words)

    def _field_arg(self, content: Mapping[str, Any]) -> int:
        field = self.arg(content, "field")
        if (
            isinstance(field, bool)
            or not isinstance(field, int)
            or not 0 <= field < len(self.game.state.fields)
        ):
            raise IntentRefused(self.t("refused.not_a_field"))
        return field

    def intent_draw(self, content: Mapping[str, Any]) -> None:
        acting = self._require_pupil_turn()
        self._play({"kind": "draw", "player": acting})

    def intent_place(self, content: Mapping[str, Any]) -> None:
        acting = self._require_pupil_turn()
        self._play({"kind": "place", "player": acting, "field": self._field_arg(content)})

    def intent_take(self, content: Mapping[str, Any]) -> None:
        acting = self._require_pupil_turn()
        self._play({"kind": "take", "player": acting, "field": self._field_arg(content)})

    def intent_move(self, content: Mapping[str, Any]) -> None:
        acting = self._require_pupil_turn()
        index = self.arg(content, "index")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self._takes):
            raise IntentRefused(self.t("refused.move_gone"))
        self._play({"kind": "take", "player": acting, "field": self._takes[index].field})

    def intent_hint(self, content: Mapping[str, Any]) -> None:
        acting = self._require_pupil_turn()
        g = self.game
        moves = g.legal_moves()
        if len(moves) == 1 and moves[0].kind == "draw":
            self.say("hint", self.t("hint.none", move=self.words(moves[0])))
            return
        exp = g.explain_field_choice(acting, language=self.language, names=self.names)
        info = explanation_dict(exp, str(exp.title))
        drawn = g.state.drawn
        if drawn is not None:  # where to put the card: the field it makes best for the pupil
            places = [(gain(g, acting, g.state.fields[m.field] + [drawn]), -m.field) for m in moves]
            best_gain, minus_field = max(places)
            self.hint_field = -minus_field
            words = self.t(
                "hint.place",
                colour=colour_word(drawn, self.language),
                field=field_label(-minus_field, self.language),
                gain=number(best_gain),
            )
            self.say("hint", words, info["svg"] if info else None)
            return
        gains = field_gains(g, acting)
        best = max(gains, key=lambda item: item[2]) if gains else None
        self.hint_field = best[0] if best is not None and best[2] > 0 else None
        advice = field_advice(g, acting, self.language)
        self.say("hint", advice or str(exp.title), info["svg"] if info else None)

    def forget_choices(self) -> None:
        self.hint_field = None

    # ================================================================ replay mode
    def _replay_step(self, i: int) -> ViewModel:
        n = len(self._moves)
        pos = self._positions[i]
        if i < n:
            move = self._moves[i]
            field = getattr(move, "field", None)
            move_text = self.t("step.move", n=i + 1, move=self.words(move))
            explanation = self._explained(pos, move, self.t("explain.move", n=i + 1))
            label = self.t("step.label", n=i + 1, total=n)
            cur = pos.current_player
            status = self.t("status.to_play", name=self.names[cur]) if cur is not None else ""
        else:
            field = None
            move_text = self.t("step.end" if pos.is_over() else "step.now")
            explanation = self._scores_explanation(pos)
            label = self.t("step.after_all", total=n) if n else self.t("step.no_moves")
            status = self.t("status.game_over") if pos.is_over() else ""
        return {
            "game": "tsvetik",
            "mode": "replay",
            "title": self._title(replay=True),
            "status": status,
            "step": {"value": i, "max": n, "label": label},
            "move_text": move_text,
            "zones": self._zones(pos, None, field),
            "explanation": explanation,
            "scores": self._scores(pos),
            "moves": [],
            "bot": None,
        }

    # ================================================================ the widget
    def build_view_model(self) -> ViewModel:
        vm = self.replay_view_model() if self.mode == "replay" else self._play_vm()
        vm["message"] = self.message
        vm["size"] = self.size
        return vm

    def language_changed(self) -> None:
        super().language_changed()  # the seats' names in the new language
        self._explain_cache.clear()
        self._step_cache.clear()
        self.bot_log = []

    def static_html(self) -> str:
        try:
            if self.mode == "replay":
                pos, _ = self.replay_position()
                return static_html(pos, self.language)
            return static_html(self.game, self.language)
        except Exception:
            log.exception("teachgames: static picture failed")
            return ""


__all__ = ["MODES", "PLAY_ACTIONS", "TsvetikWidget"]
