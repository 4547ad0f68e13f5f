"""Delissimo pictures with matplotlib patches, for export and print: ``plot_card`` and
``plot_table`` draw the same shapes as the SVG pictures. matplotlib loads only when one
of them is called."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ...core.i18n import resolve_language
from ...pictures import Rect, draw_shapes, points_per_unit, prepare_axes
from ..cards import Card
from .faces import card_alt, card_shapes, shown_face
from .style import CELL_H, CLOTH, CLOTH_EDGE, cell_width
from .table import Placed, table_layout

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

__all__ = ["plot_card", "plot_table"]


def plot_card(
    card: Card | str,
    ax: Axes | None = None,
    *,
    highlight: bool = False,
    selected: bool = False,
    face_down: bool = False,
    language: str | None = None,
) -> Axes:
    """Draw one card with matplotlib patches (for print/export); returns the Axes."""
    lang = resolve_language(language)
    name, shape, back_shape = shown_face(card, face_down)
    w = cell_width(shape)
    ax = prepare_axes(ax, w, CELL_H, 0.02)
    ax.set_label(card_alt(name, lang))
    shapes = card_shapes(name, back_shape, highlight, selected, lang)
    draw_shapes(ax, shapes, 0, 0, 1.0, points_per_unit(ax, w, CELL_H))
    return ax


def plot_table(
    view: Mapping[str, Any],
    ax: Axes | None = None,
    names: list[str] | None = None,
    *,
    highlight: Iterable[str | Card] = (),
    size: int = 72,
    language: str | None = None,
    number_form: str | None = None,
) -> Axes:
    """Draw the table of ``g.view()`` with matplotlib patches; returns the Axes."""
    layout = table_layout(view, names, highlight, size, language, number_form)
    ax = prepare_axes(ax, layout.width, layout.height, 1 / 90)
    ax.set_label(layout.alt)
    unit = points_per_unit(ax, layout.width, layout.height)
    draw_shapes(
        ax, [Rect(1, 1, layout.width - 2, layout.height - 2, 14, CLOTH, CLOTH_EDGE, 2.0)], 0, 0, 1.0, unit
    )
    for item in layout.items:
        if isinstance(item, Placed):
            draw_shapes(
                ax,
                card_shapes(item.name, item.back_shape, item.hl, item.sel, layout.language),
                item.x,
                item.y,
                item.scale,
                unit,
            )
        else:
            draw_shapes(ax, [item], 0, 0, 1.0, unit)
    return ax
