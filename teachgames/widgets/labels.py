"""Label lookup for widgets: every word a widget shows comes from a message catalogue.

Two catalogues serve a widget: the game's own (``teachgames/<game>/locales/<lang>.json``,
keys under ``"widget"``, e.g. ``delissimo.widget.btn.capture``) for the game's words, and
the shared ``widgets`` domain (``teachgames/widgets/locales/<lang>.json``) for the words
every game's widget shares (Hint, Undo, the replay buttons, refusals). A game's catalogue
may also override a shared word. :func:`widget_label` serves code without a widget at
hand (static pictures, seat names); a widget says ``self.t(key)`` in its own language.
Importing this module is light (no anywidget).
"""

from __future__ import annotations

from typing import Any

from ..core.i18n import FALLBACK, LANGUAGES, messages, plural, tr
from .viewmodel import Language

#: Labels the front-end writes itself, by view-model key -> catalogue key.
FRONT_END_LABELS = {
    "scores": "label.scores",
    "in_words": "label.in_words",
    "explanation": "label.explanation",
    "step_through": "label.step_through",
    "slider": "label.slider",
    "actions": "label.actions",
    "turn": "label.turn",
    "no_cards": "label.no_cards",
    "refused": "refused.default",
    "language": "label.language",
    "bot_moves": "label.bot_moves",
}


def has_game_label(domain: str, key: str) -> bool:
    """True when the game's catalogue (English, the reference) has ``widget.<key>``."""
    return f"widget.{key}" in messages(domain, FALLBACK)


def has_label(key: str, domain: str | None = None) -> bool:
    """True when ``key`` is a message of the game's catalogue or of the shared one."""
    if domain is not None and domain != "widgets" and has_game_label(domain, key):
        return True
    return key in messages("widgets", FALLBACK)


def widget_label(key: str, language: str, domain: str | None = None, **values: Any) -> str:
    """The message ``key`` in ``language``: the game's ``<domain>.widget.<key>`` when
    ``domain`` is given and has it, else the shared ``widgets.<key>``."""
    if domain is not None and domain != "widgets" and has_game_label(domain, key):
        return tr(f"{domain}.widget.{key}", language, **values)
    return tr("widgets." + key, language, **values)


def front_end_labels(language: str, domain: str | None = None) -> dict[str, str]:
    """The words the front-end writes itself (``labels`` in the view-model)."""
    return {
        name: widget_label(key, language, domain) for name, key in FRONT_END_LABELS.items()
    }


def language_choices() -> list[Language]:
    """The languages a widget can switch to, each named in itself (``languages`` in the
    view-model): [{"code": "en", "label": "English"}, ...]."""
    return [{"code": lang, "label": tr("widgets.language_name", lang)} for lang in LANGUAGES]


def plural_category(n: int, language: str) -> str:
    """The CLDR plural category of ``n`` in ``language`` ("one", "few", "many", "other"),
    naming the catalogue key of the form that agrees with ``n`` (``hand.count.few``) for
    a catalogue that keeps one key per form."""
    return plural(n, language)
