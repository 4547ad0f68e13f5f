"""The anywidget base every game's widget shares.

Python is the source of truth. It sends one small JSON view-model (the ``view_model``
trait, always *reassigned*, never mutated in place, so every change syncs) and the
front-end (``static/game.js``, one generic renderer for all four games) only lays it
out, handles clicks and keys, and sends *intents* back as custom messages::

    {"type": "intent", "version": 7, "action": "select", "args": {"card": "hand:0:2"}}

An intent's arguments travel in ``args`` (e.g. ``{"action": "take", "args": {"field": 2}}``);
a handler reads them with :meth:`GameWidget.arg` (which also accepts them at the top
level, as older front-ends and headless tests send them).

``version`` is the view-model version the click was made on. Whether an intent is stale
is the widget's decision, :meth:`GameWidget.is_stale`: by default (turn-based games) any
intent made on an older view-model is refused with ``{"type": "refused", "reason": ...}``
and nothing changes; a real-time widget (:mod:`.realtime`) lets the engine judge instead,
so a card still playable stays playable after another player's move. An accepted intent
always publishes a new view-model with the next version.

The front-end queues clicks while an intent is in flight and sends them one by one, so
a click is never silently dropped: it is either applied or refused with a reason.

**Pictures are sent once.** A card may carry ``"picture": <name>`` instead of ``"svg"``;
the view-model's ``pictures`` holds only the pictures not sent before (name -> SVG), and
the front-end keeps them. A view that joins late asks for the ones it lacks with the
custom message ``{"type": "pictures", "names": [...]}`` and gets
``{"type": "pictures", "pictures": {...}}``.

Headless tests call :meth:`GameWidget.handle_intent` directly with the same dicts.

The generic view-model the front-end understands (every key optional but ``version``;
the same as types in :mod:`.viewmodel`, which mypy checks)::

    version      int, set by publish()
    game, mode   short strings ("delissimo", "play" | "replay")
    title        plain text
    status       plain text (who is to act, what to do)
    zones        [{"id", "label", "caption", "current": bool, "empty", "player",
                   "mine": bool, "compact": bool, "summary", "row": bool,
                   "controls": bool,
                   "cards": [{"key", "name", "svg" | "picture", "alt", "selectable",
                              "selected", "highlight", "caption", "slot": bool, "action",
                              "args", "why", "why_key"}],
                   "grid": {"columns": [str], "rows": [{"label", "cells": [{"text",
                            "marked": bool, "key", "selectable", "alt"}]}]} or null,
                   "zones": [...]}]
                 A selectable card sends {"action": card.action or "select",
                 "args": card.args or {"card": key}}; a card that is no move may carry
                 "why" (the refusal a click on it would get, in the pupil's words) and
                 "why_key" (its code): a click shows and says it, and the card stays a
                 picture (no button, no Tab stop); a card with "slot": true is an
                 empty cell or slot (drawn as a dashed box, its "alt" its words); "grid"
                 is a table of text cells (a score pad), a marked cell drawn with a mark
                 and a fill; a zone's own "zones" are drawn inside it (a per-player panel:
                 hand, pile, pad). "compact": true draws the zone as one line (its
                 "summary", e.g. "GreedyBot: 4 cards") instead of its cards.
                 "row": true draws the zone's own "zones" side by side, wrapping onto
                 the next line when the widget is narrow (a table's fields on a
                 1280 x 720 projector), instead of one under another; a row with no
                 "label", no "cards" and no "grid" is a bare group (no frame, no
                 heading), e.g. {"id": "table", "label": "", "cards": [], "row": true,
                 "zones": [bank, field 1, field 2, ...]}. The controls and the message
                 are drawn right after the top-level zone with "controls": true (the
                 table the pupil acts on), else after the one that is or holds the
                 zone with "mine": true (the pupil's hand), else after all zones.
    pictures     {name: svg}: pictures not sent before (see above)
    step         {"value", "max", "label"} (replay slider; sends "goto" with "step") or null
    move_text    plain words of the move shown (replay)
    buttons      [{"action", "label", "text", "icon", "enabled", "primary", "group"}]
                 (group "nav" sits around the slider; icon one of first/prev/next/last)
    keys         {"ArrowLeft": "prev", ...}: keyboard keys -> actions
    moves        [{"index", "label"}] extra moves (sent as action "move")
    message      {"kind": "info" | "error" | "success" | "hint", "text", "svg"} or null
    explanation  {"title", "text", "svg"} or null
    scores       [{"player", "name", "score", "current": bool}]
    bot          {"delay_ms", "text"} or null: the front-end sends "bot_step" after the delay
    tick         {"period_ms"} or null: real-time mode; the front-end sends "tick" every
                 period while it is there (Python moves the bots to the current time)
    log          [{"text", "explanation": {"title", "text", "svg"} or null}]: moves to
                 list (e.g. every bot move since the pupil's), each openable
    size         "normal" | "large": the teacher's presentation size (bigger cards)
    language     "en" | "ru" | "bg": the page's ``lang`` for the widget
    announce     {"id", "text"}: what the live region says for this view-model (a move,
                 a bot's move, a replay step, with its working in words); said once per
                 id, never with a clock's tick (see :meth:`GameWidget.announce`)
    result       {"text"} or absent: the game is over in play mode ("Game over. Ann
                 wins."; also the message): the focus goes to the message box
    languages    [{"code", "label"}]: the language switch (sends "language" with
                 {"language": code}); every word is then said again in that language
    labels       {"scores", "in_words", "explanation", "step_through", "slider",
                  "actions", "turn", "no_cards", "refused"}: the words the front-end
                 writes itself (it keeps only technical English fallbacks)

Every word comes from a message catalogue in the widget's ``language`` (default: the
package's, see :func:`teachgames.core.i18n.get_language`): the game's own words from its
domain (``domain = "delissimo"`` looks up ``delissimo.widget.<key>`` first), the shared
ones from ``teachgames/widgets/locales/<lang>.json`` (domain ``widgets``).

Every plain-text field is put into the page with ``textContent``; only the ``svg``
fields are inserted as markup. They are made by teachgames' own Python drawing and
explanation code, which escapes all text it places in them.
"""

from __future__ import annotations

import html
import logging
import pathlib
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import anywidget
import traitlets

from ..core.i18n import resolve_language
from .frontend import esm
from .labels import FRONT_END_LABELS as FRONT_END_LABELS
from .labels import front_end_labels, has_label, language_choices, plural_category, widget_label
from .spoken import announcement
from .viewmodel import Message, ViewModel

STATIC = pathlib.Path(__file__).parent / "static"

log = logging.getLogger(__name__)

#: Said to the pupil when a handler fails unexpectedly (in English; a widget says it in
#: its own language); the traceback goes to the log.
INTERNAL_ERROR = widget_label("internal_error", "en")


#: Intents every widget accepts (the language switch).
BASE_ACTIONS = frozenset({"language"})


class IntentRefused(Exception):
    """Raised by an intent handler to refuse an intent with a plain-words reason."""

    def __init__(self, reason: str, quiet: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.quiet = quiet


class Unchanged(Exception):
    """Raised by an intent handler that changed nothing the pupil sees (a timer's tick
    with no move): nothing is published, so the page is not redrawn under the pupil's
    pointer; the front-end gets ``{"type": "ack"}``."""


def escape(text: object) -> str:
    """HTML-escape anything user-given (player names!) before it goes into markup."""
    return html.escape(str(text), quote=True)


class GameWidget(anywidget.AnyWidget):
    """Shared machinery: versioned view-model, intent dispatch, refusals, static fallback.

    A subclass implements :meth:`build_view_model` and one ``intent_<action>`` method
    per action it accepts (listed in ``actions``), and :meth:`static_html` for hosts
    without widgets. Handlers change Python state only; :meth:`handle_intent` then
    publishes the new view-model.
    """

    _esm: str | pathlib.Path = esm("game.js")  # with its helper ./dom.js in place (see .frontend)
    _css = STATIC / "game.css"

    view_model = traitlets.Dict().tag(sync=True)

    #: Actions this widget accepts; each has a method ``intent_<action>(content)``.
    actions: ClassVar[frozenset[str]] = frozenset()
    #: Actions whose staleness is expected (several views, timers): refused without a
    #: message to the pupil.
    quiet_actions: ClassVar[frozenset[str]] = frozenset()
    #: The game's catalogue domain ("delissimo"): ``self.t(key)`` says the game's
    #: ``<domain>.widget.<key>`` when it has one, else the shared ``widgets.<key>``.
    domain: ClassVar[str | None] = None
    #: Show the language switch (en/ru/bg) in the widget.
    language_switch: ClassVar[bool] = True

    def __init__(self, language: str | None = None, **kwargs: Any) -> None:
        #: The language of every word this widget shows ("en", "ru", "bg").
        self.language: str = resolve_language(language)
        super().__init__(**kwargs)
        self._version = 0
        #: The last refusal (reason), for tests and for the teacher.
        self.last_refusal: str | None = None
        self.message: Message | None = None
        self._skip_displayhook = False
        #: Every picture ever published (name -> SVG) and those not yet sent.
        self._pictures: dict[str, str] = {}
        self._new_pictures: dict[str, str] = {}
        #: Words waiting for the live region (said with the next view-model).
        self._announce: str | None = None
        self._closing: str | None = None
        self._announce_seq = 0
        self.on_msg(self._on_custom_msg)

    # ------------------------------------------------------------ words
    def t(self, key: str, **values: Any) -> str:
        """The message ``key`` in this widget's language: the game's own
        (``<domain>.widget.<key>``) when it has one, else the shared widgets word."""
        return widget_label(key, self.language, self.domain, **values)

    def tn(self, key: str, n: int, **values: Any) -> str:
        """The message ``key`` for the number ``n`` (given as the value ``n``), its words
        agreeing with it: either one template with plural fields (``"{n} {n|card|cards}"``,
        see :mod:`teachgames.core.i18n`) or one key per CLDR category
        (``key.one``/``.few``/``.many``/``.other``)."""
        if has_label(key, self.domain):
            return self.t(key, n=n, **values)
        return self.t(f"{key}.{plural_category(n, self.language)}", n=n, **values)

    def front_end_labels(self) -> dict[str, str]:
        """The words the front-end writes itself (``labels`` in the view-model)."""
        return front_end_labels(self.language, self.domain)

    def set_language(self, language: str) -> None:
        """Say every word in ``language`` from now on (the language switch)."""
        self.language = resolve_language(language)
        self.message = None
        self._pictures.clear()
        self._new_pictures.clear()
        self.language_changed()

    def language_changed(self) -> None:
        """Drop whatever a subclass cached in the old language (hook)."""

    # ------------------------------------------------------------ pictures
    def picture(self, name: str, make: Callable[[], str]) -> str:
        """Register the picture ``name`` (made by ``make()`` the first time) and return
        ``name``, for a card's ``"picture"`` field: its SVG is sent once."""
        if name not in self._pictures:
            svg = make()
            self._pictures[name] = svg
            self._new_pictures[name] = svg
        return name

    # ------------------------------------------------------------ view-model
    @property
    def version(self) -> int:
        """The version of the view-model last published."""
        return self._version

    def build_view_model(self) -> ViewModel:
        """The whole view-model for the current state (without ``version``)."""
        raise NotImplementedError

    def publish(self, vm: ViewModel | None = None) -> None:
        """Assign a new view-model (a fresh dict) with the next version.

        Adds what every widget's view-model has: the language, the front-end's words,
        the language switch and the pictures not sent before.
        """
        new: ViewModel = {**(self.build_view_model() if vm is None else vm)}
        new.setdefault("language", self.language)
        new.setdefault("labels", self.front_end_labels())
        if self.language_switch:
            new.setdefault("languages", language_choices())
        if self._new_pictures:
            new["pictures"] = dict(self._new_pictures)
            self._new_pictures.clear()
        if self._announce or self._closing:
            self._announce_seq += 1
            ex = new.get("explanation")
            text = announcement(self._announce or "", ex if isinstance(ex, Mapping) else None, self.language)
            text = f"{text} {self._closing}".strip() if self._closing else text
            new.setdefault("announce", {"id": self._announce_seq, "text": text})
            self._announce = self._closing = None
        self._version += 1
        new["version"] = self._version
        self.view_model = dict(new)  # reassigned, never mutated: that is what syncs

    def say(self, kind: str, text: str, svg: str | None = None) -> None:
        """Set the message shown to the pupil (kind: info, error, success, hint); the live
        region says it too, with the working of the view-model's explanation."""
        self.message = {"kind": kind, "text": text, "svg": svg}
        self.announce(text)

    def announce(self, words: str) -> None:
        """Have the live region say ``words`` with the next view-model (after any words
        already waiting): an event, never a clock's tick."""
        if words:
            before = self._announce
            if before and not before.endswith((".", "!", "?", ":")):
                before += "."  # two events are two sentences ("takes field 4. Game over.")
            self._announce = f"{before} {words}" if before else words

    def announce_last(self, words: str) -> None:
        """Have the live region end the next view-model's words with ``words`` (after the
        working it reads out): the result of a game is the last thing a pupil hears."""
        self._closing = f"{self._closing} {words}" if self._closing else words

    # ------------------------------------------------------------ intents
    @staticmethod
    def arg(content: Mapping[str, Any], name: str) -> Any:
        """The intent's argument ``name``: from ``args``, else from the top level."""
        args = content.get("args")
        if isinstance(args, Mapping) and name in args:
            return args[name]
        return content.get(name)

    def is_stale(self, content: Mapping[str, Any]) -> bool:
        """Whether an intent was made on a view that no longer holds (it is then refused
        and changes nothing). Turn-based default: any older view-model version. A
        real-time widget lets the engine judge instead (see :mod:`.realtime`)."""
        version = content.get("version")
        return isinstance(version, bool) or not isinstance(version, int) or version != self._version

    def intent_language(self, content: Mapping[str, Any]) -> None:
        """The language switch: every word again, in the chosen language."""
        language = self.arg(content, "language")
        if not isinstance(language, str) or language not in {
            c["code"] for c in language_choices()
        }:
            raise IntentRefused(self.t("refused.language"))
        self.set_language(language)

    def handle_intent(self, content: Any) -> bool:
        """Apply one intent dict; return True if it was accepted.

        Refused intents (not an intent, stale version, unknown action, or refused by
        the handler with :class:`IntentRefused`) change nothing, publish nothing and
        send ``{"type": "refused", ...}`` to the front-end.
        """
        if not isinstance(content, Mapping) or content.get("type") != "intent":
            self._refuse(self.t("refused.not_intent"))
            return False
        action = content.get("action")
        allowed = self.actions | (BASE_ACTIONS if self.language_switch else frozenset())
        if not isinstance(action, str) or action not in allowed:
            self._refuse(self.t("refused.unknown_action", action=repr(str(action)[:40])))
            return False
        # the language switch is no move: it holds whatever the board did meanwhile
        if action not in BASE_ACTIONS and self.is_stale(content):
            self._refuse(self.t("refused.stale"), quiet=action in self.quiet_actions)
            return False
        handler: Callable[[Mapping[str, Any]], None] = getattr(self, f"intent_{action}")
        try:
            handler(content)
        except IntentRefused as exc:
            self._refuse(exc.reason, quiet=exc.quiet)
            return False
        except Unchanged:
            self.send({"type": "ack", "version": self._version})
            return True
        except Exception:  # a bug must not put a traceback in front of a pupil
            log.exception("teachgames widget: intent %r failed", action)
            self.say("error", self.t("internal_error"))
        self.publish()
        return True

    def _refuse(self, reason: str, quiet: bool = False) -> None:
        self.last_refusal = reason
        self.send({"type": "refused", "reason": reason, "version": self._version, "quiet": quiet})

    def _on_custom_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, Mapping) and content.get("type") == "pictures":
            self.send_pictures(content.get("names"))
            return
        self.handle_intent(content)

    def send_pictures(self, names: Any) -> None:
        """Send a late view the pictures it lacks (names it asks for; unknown ones are
        left out)."""
        wanted = [n for n in names if isinstance(n, str)] if isinstance(names, list) else []
        found = {n: self._pictures[n] for n in wanted[:500] if n in self._pictures}
        self.send({"type": "pictures", "pictures": found})

    # ------------------------------------------------------------ display
    def display_once(self) -> None:
        """Display in IPython now, and let the cell's own result display skip it.

        So ``w = show(g)`` and a bare ``show(g)`` on a cell's last line both show one
        widget. Outside IPython this does nothing.
        """
        try:
            from IPython.core.getipython import get_ipython as _get_ipython
            from IPython.display import display as _display
        except ImportError:  # pragma: no cover - IPython comes with ipywidgets
            return
        get_ipython: Any = _get_ipython
        display: Any = _display
        shell = get_ipython()
        if shell is None:
            return
        display(self)
        self._skip_displayhook = True

        def clear(*_args: Any) -> None:
            self._skip_displayhook = False
            shell.events.unregister("post_run_cell", clear)

        shell.events.register("post_run_cell", clear)

    def _ipython_display_(self) -> None:
        if self._skip_displayhook:  # already shown by display_once() in this cell
            self._skip_displayhook = False
            return
        from IPython.display import display as _display

        display: Any = _display
        bundle = self._repr_mimebundle_()
        if bundle is not None:
            data, metadata = bundle
            display(data, metadata=metadata, raw=True)

    # ------------------------------------------------------------ static fallback
    def static_html(self) -> str:
        """Self-contained HTML (inline SVG, no script) for hosts without widgets."""
        return ""

    def static_note(self) -> str:
        """What the static copy leaves out, in the pupil's words ("" when it shows it all):
        a reader of an exported page must know that more exists than its first screen."""
        return ""

    def static_copy(self) -> str:
        """:meth:`static_html` followed by :meth:`static_note` ("" without a static picture)."""
        fallback = self.static_html()
        note = self.static_note() if fallback else ""
        if note:
            fallback += (
                '<p class="tg-static-note" data-testid="tg-static-note" style="font-style:italic">'
                f"{escape(note)}</p>"
            )
        return fallback

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:  # pragma: no cover - anywidget always gives one
            return None
        data, metadata = bundle
        fallback = self.static_copy()
        if fallback:
            data = {**data, "text/html": fallback}
        return data, metadata
