"""The anywidget base every game's widget shares.

Python is the source of truth. It sends one small JSON view-model (the ``view_model``
trait, always *reassigned*, never mutated in place, so every change syncs) and the
front-end (``static/game.js``, one generic renderer for all four games) only lays it
out, handles clicks and keys, and sends *intents* back as custom messages::

    {"type": "intent", "version": 7, "action": "select", "card": "hand:0:2"}

``version`` is the view-model version the click was made on. If Python has moved on
since (a double click, a second view of the same widget, a bot that moved first), the
intent is refused with ``{"type": "refused", "reason": ...}`` and nothing changes. An
accepted intent always publishes a new view-model with the next version.

Headless tests call :meth:`GameWidget.handle_intent` directly with the same dicts.

The generic view-model the front-end understands (every key optional but ``version``)::

    version      int, set by publish()
    game, mode   short strings ("delissimo", "play" | "replay")
    title        plain text
    status       plain text (who is to act, what to do)
    zones        [{"id", "label", "caption", "current": bool, "empty",
                   "cards": [{"key", "name", "svg", "alt", "selectable", "selected",
                              "highlight", "caption"}]}]
                 (a selectable card sends {"action": "select", "card": key})
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
    language     "en" | "ru" | "bg": the page's ``lang`` for the widget
    labels       {"scores", "in_words", "explanation", "step_through", "slider",
                  "actions", "turn", "no_cards", "refused"}: the words the front-end
                 writes itself (it keeps only technical English fallbacks)

Every word comes from the message catalogue (``teachgames/widgets/locales/<lang>.json``,
domain ``widgets``) in the widget's ``language`` (default: the package's, see
:func:`teachgames.core.i18n.get_language`).

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
from .labels import FRONT_END_LABELS as FRONT_END_LABELS
from .labels import front_end_labels, widget_label

STATIC = pathlib.Path(__file__).parent / "static"

log = logging.getLogger(__name__)

#: Said to the pupil when a handler fails unexpectedly (in English; a widget says it in
#: its own language); the traceback goes to the log.
INTERNAL_ERROR = widget_label("internal_error", "en")


class IntentRefused(Exception):
    """Raised by an intent handler to refuse an intent with a plain-words reason."""

    def __init__(self, reason: str, quiet: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.quiet = quiet


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

    _esm = STATIC / "game.js"
    _css = STATIC / "game.css"

    view_model = traitlets.Dict().tag(sync=True)

    #: Actions this widget accepts; each has a method ``intent_<action>(content)``.
    actions: ClassVar[frozenset[str]] = frozenset()
    #: Actions whose staleness is expected (several views, timers): refused without a
    #: message to the pupil.
    quiet_actions: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, language: str | None = None, **kwargs: Any) -> None:
        #: The language of every word this widget shows ("en", "ru", "bg").
        self.language: str = resolve_language(language)
        super().__init__(**kwargs)
        self._version = 0
        #: The last refusal (reason), for tests and for the teacher.
        self.last_refusal: str | None = None
        self.message: dict[str, Any] | None = None
        self._skip_displayhook = False
        self.on_msg(self._on_custom_msg)

    # ------------------------------------------------------------ words
    def t(self, key: str, **values: Any) -> str:
        """The widgets-catalogue message ``key`` in this widget's language."""
        return widget_label(key, self.language, **values)

    def front_end_labels(self) -> dict[str, str]:
        """The words the front-end writes itself (``labels`` in the view-model)."""
        return front_end_labels(self.language)

    # ------------------------------------------------------------ view-model
    @property
    def version(self) -> int:
        """The version of the view-model last published."""
        return self._version

    def build_view_model(self) -> dict[str, Any]:
        """The whole view-model for the current state (without ``version``)."""
        raise NotImplementedError

    def publish(self, vm: Mapping[str, Any] | None = None) -> None:
        """Assign a new view-model (a fresh dict) with the next version."""
        new = dict(self.build_view_model() if vm is None else vm)
        self._version += 1
        new["version"] = self._version
        self.view_model = new  # reassigned, never mutated: that is what syncs

    def say(self, kind: str, text: str, svg: str | None = None) -> None:
        """Set the message shown to the pupil (kind: info, error, success, hint)."""
        self.message = {"kind": kind, "text": text, "svg": svg}

    # ------------------------------------------------------------ intents
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
        if not isinstance(action, str) or action not in self.actions:
            self._refuse(self.t("refused.unknown_action", action=repr(str(action)[:40])))
            return False
        version = content.get("version")
        if isinstance(version, bool) or not isinstance(version, int) or version != self._version:
            self._refuse(self.t("refused.stale"), quiet=action in self.quiet_actions)
            return False
        handler: Callable[[Mapping[str, Any]], None] = getattr(self, f"intent_{action}")
        try:
            handler(content)
        except IntentRefused as exc:
            self._refuse(exc.reason, quiet=exc.quiet)
            return False
        except Exception:  # a bug must not put a traceback in front of a pupil
            log.exception("teachgames widget: intent %r failed", action)
            self.say("error", self.t("internal_error"))
        self.publish()
        return True

    def _refuse(self, reason: str, quiet: bool = False) -> None:
        self.last_refusal = reason
        self.send({"type": "refused", "reason": reason, "version": self._version, "quiet": quiet})

    def _on_custom_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.handle_intent(content)

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

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:  # pragma: no cover - anywidget always gives one
            return None
        data, metadata = bundle
        fallback = self.static_html()
        if fallback:
            data = {**data, "text/html": fallback}
        return data, metadata
