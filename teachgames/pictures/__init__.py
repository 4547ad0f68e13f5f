"""Shared picture machinery for every game: shapes, an SVG painter and a matplotlib painter.

A picture is a list of small shape records (:mod:`.shapes`: circles, annular sectors,
rounded rectangles, lines, polygons, text) in any unit with y pointing down. The same
shapes are painted two ways:

* :mod:`.svg` writes them as SVG elements (``shape_svg``) and wraps a body into an
  accessible document (``svg_doc``: ``role="img"``, ``<title>`` and ``aria-label``, every
  string XML-escaped) returned as an :class:`SvgImage`, a ``str`` that Jupyter shows;
* :mod:`.mpl` draws them with matplotlib patches on a y-down Axes, for print and export.

:mod:`.table` holds the table parts every game draws alike (a player's block, a pile, a
deck, an empty slot). :mod:`.metrics` estimates text widths for layout (from DejaVu Sans advance widths).
Only the standard library is imported here: matplotlib loads inside the :mod:`.mpl`
functions, and sympy never.
"""

from __future__ import annotations

from .metrics import fit_size, text_width
from .mpl import draw_shapes, paper_colour, points_per_unit, prepare_axes
from .shapes import INK, Circle, Line, Poly, Rect, Sector, Shape, Text
from .svg import SVG_NS, XLINK_NS, SvgImage, num, shape_svg, svg_doc, xml_attr, xml_text
from .table import (
    KEY_NUMBER,
    block_content_top,
    block_indent,
    deck_shapes,
    empty_slot,
    pile_box,
    pile_box_height,
    player_block,
    stack_shapes,
)

__all__ = [
    "INK",
    "KEY_NUMBER",
    "SVG_NS",
    "XLINK_NS",
    "Circle",
    "Line",
    "Poly",
    "Rect",
    "Sector",
    "Shape",
    "SvgImage",
    "Text",
    "block_content_top",
    "block_indent",
    "deck_shapes",
    "draw_shapes",
    "empty_slot",
    "fit_size",
    "num",
    "paper_colour",
    "pile_box",
    "pile_box_height",
    "player_block",
    "points_per_unit",
    "prepare_axes",
    "shape_svg",
    "stack_shapes",
    "svg_doc",
    "text_width",
    "xml_attr",
    "xml_text",
]
