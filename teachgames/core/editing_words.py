"""The engine's reasons for refusing a position, in the editor's language.

The position readers say what is wrong in English (they are shared with saved games and
codes, read by developers too). The editor is read by teachers in three languages, so
the reasons a teacher meets at the table are worded in the catalogue (``core.editor.why.*``),
found by their English pattern here; any other reason is shown in English after a
visible marker, never silently in the wrong language.
"""

from __future__ import annotations

import re

from .i18n import tr, tr_found

#: (the engine's English reason, the catalogue key that words it); named groups are its values.
REASONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), key)
    for pattern, key in (
        (r"the box holds each half-card twice, but these appear more often: (?P<cards>.+)", "twice"),
        (r"the position holds (?P<count>\d+) (?P<card>\w+) cards, but the box has (?P<box>\d+)", "too_many"),
        (r"the draw pile needs at least one card", "draw_empty"),
        (r"every player needs (a|at least one) card in the Ligretto stack", "ligretto_stack"),
        (r"nobody can play a card: that round is already over", "blockade"),
        (r"the player to act needs a card in hand to discard", "split_discard"),
        (r"(?P<card>[^:]+) cannot lie there; it must be an order or action card", "orders_only"),
        (r"(?P<card>[^:]+) cannot lie there; it must be a pizza card", "pizzas_only"),
        (r"(?P<card>[^:]+) cannot lie there; it must be a cancel card", "cancels_only"),
        (r"Player (?P<n>\d+)'s (?P<card>.+?) lies in two places", "two_places"),
        (r"field (?P<n>\d+) holds (?P<count>\d+) cards, but a field has (?P<cells>\d+) cells", "field_full"),
        (r"pile (?P<n>\d+) must go 1, 2, 3 … in one colour", "pile_order"),
    )
)


def engine_reason(reason: str, language: str) -> str:
    """``reason`` (the engine's English) in ``language``: worded by the catalogue when it
    knows the reason, else the English after the marker "(in English)"."""
    text = reason.removeprefix("the position cannot exist: ")
    worded = tr_found(text, REASONS, language, "core.editor.why.")
    if worded is not None:
        return worded
    if language == "en":
        return text
    return f"{tr('core.editor.in_english', language)} {text}"


__all__ = ["REASONS", "engine_reason"]
