"""Label lookup for widgets: every word a widget shows comes from the catalogue.

The catalogue domain is ``widgets`` (``teachgames/widgets/locales/<lang>.json``).
:func:`widget_label` serves code without a widget at hand (static pictures, seat
names); a widget says ``self.t(key)`` in its own language. Importing this module is
light (no anywidget).
"""

from __future__ import annotations

from typing import Any

from ..core.i18n import tr

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
}


def widget_label(key: str, language: str, **values: Any) -> str:
    """The widgets-catalogue message ``key`` in ``language``."""
    return tr("widgets." + key, language, **values)


def front_end_labels(language: str) -> dict[str, str]:
    """The words the front-end writes itself (``labels`` in the view-model)."""
    return {name: widget_label(key, language) for name, key in FRONT_END_LABELS.items()}
