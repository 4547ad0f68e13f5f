"""The game's widget: the shared contract widget, speaking with the game's own words
(``pebbles.widget.<key>`` in ``locales/``, else the shared widget words)."""

from __future__ import annotations

from teachgames.widgets.contract import ContractWidget


class PebblesWidget(ContractWidget):
    domain = "pebbles"
