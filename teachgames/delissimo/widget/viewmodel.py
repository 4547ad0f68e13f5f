"""A Delissimo position as view-model parts: zones of cards, scores, words, explanations.

Every card has its picture (by name: the SVG is sent once, see
:meth:`teachgames.widgets.base.GameWidget.picture`; chosen and highlighted cards are
marked by the front-end's frames), its alt text and its key (``open:i``, ``hand:p:i``);
hidden cards are whatever ``game.view(player=...)`` shows ("?"), so a pupil's view never
holds other hands, and a hand shown face down takes one compact line ("GreedyBot: 4
cards"). The viewer's own hand comes last, marked ``mine``, so the controls and the
message sit right under it. Shared by play and replay.
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...core.i18n import tr
from ...widgets.explanations import explanation_dict
from ...widgets.seats import SeatedWidget
from ...widgets.viewmodel import Card, Explanation, Score, Zone
from ..cards import claim_cards

log = logging.getLogger(__name__)

#: Cards in the widget are drawn this many pixels tall.
CARD_SIZE = 84


def card_picture(card: str, highlight: bool, selected: bool, language: str, slices: bool = False) -> str:
    """The SVG of one card as the widget draws it (the front-end scales it to the
    widget's width); ``slices``: a pizza shows its number of slices, not a fraction (6+)."""
    from ..draw import card_svg

    return str(
        card_svg(
            card, size=CARD_SIZE, highlight=highlight, selected=selected, language=language, slices=slices
        )
    )


def card_words(card: str, language: str, slices: bool = False) -> str:
    """A card's alt text (a pizza in slices with ``slices``)."""
    from ..draw import card_alt

    return card_alt(card, language, slices)


def pizza_toppings(card: str, language: str) -> str:
    """An open pizza's toppings in words, under its picture: the marks on its slices are
    small from the back of a classroom, and at 8+ they decide which orders may take it."""
    from ..draw import toppings_words

    return toppings_words(card, language)


def level_words(level: str, language: str) -> str:
    """ "8+ basic" for "basic", in ``language`` (the table picture's words)."""
    try:
        return tr(f"delissimo.draw.levels.{level}", language)
    except KeyError:
        return level


def score_text(score: object, form: str, language: str) -> str:
    """A view's exact score written in the lesson's one number form ("29/8", "3 5/8",
    "29/8 = 3 5/8", or "3 whole pizzas and 5 slices"): see
    :mod:`teachgames.delissimo.draw.numbers`."""
    from ..draw.numbers import score_words

    return score_words(score, form, language)


def keys_for(game: Any, view: Mapping[str, Any], player: int, move: Any) -> list[str]:
    """Keys of the cards a move uses, from the engine's one answer (``game.cards_used``,
    asked in the position the move is made from). A capture's given cards are found in the
    mover's hand and its taken pizzas among the open ones (a 2/8 taken from the table is
    outlined there even when the mover holds a 2/8 too); another move's cards in the hand
    first. A cancel plays its card even though the engine's answer lists no card for it (it
    takes none), so the hint can point at it."""
    hand = list(view["hands"][player]) if player < len(view.get("hands", [])) else []
    open_cards = list(view.get("open", []))
    wanted = list(game.cards_used(move))
    if not wanted and getattr(move, "kind", "") == "cancel":
        wanted = ["cancel"]
    if getattr(move, "kind", "") == "capture":
        in_hand = Counter(str(c) for c in move.give)
        on_table = Counter(str(c) for c in move.take)
    else:
        in_hand = Counter(name for name in wanted if name in hand)
        on_table = Counter(wanted) - in_hand
    keys = [f"hand:{player}:{i}" for i in claim_cards(hand, in_hand)]
    keys += [f"open:{i}" for i in claim_cards(open_cards, on_table)]
    return keys


class DelissimoViews(SeatedWidget):
    """The view-model parts of a Delissimo position, in the widget's language."""

    #: Explanations of moves already shown, by move and title.
    _explain_cache: dict[str, Explanation | None]
    #: The lesson's one number form of every score the widget writes.
    number_form: str

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

    def _scores_explanation(self, game: Any) -> Explanation | None:
        """How every score was reached (the engine's title, with the players' names)."""
        try:
            exp = game.explain_scores(language=self.language, names=list(self.names))
        except Exception:
            log.exception("teachgames: score explanation failed")
            return None
        return explanation_dict(exp, str(exp.title))

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
