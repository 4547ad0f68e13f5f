"""Pictures of Delissimo cards and tables: SVG for notebooks, matplotlib for print.

Everything here is a pure function of its arguments, in the manner of ``chess.svg``:
``card_svg``, ``row_svg`` and ``table_svg`` return an :class:`SvgImage` (a ``str``
that shows itself in Jupyter); ``plot_card`` and ``plot_table`` draw the same
pictures with matplotlib patches for export and print.

Both back ends draw from one description. A card is a tuple of small shape records
(circles, slices, rectangles, lines, text; see :mod:`teachgames.pictures`) in card
units: a card is 100 units tall, inside a cell with a margin of ``PAD`` units where the
highlight outline goes. The table is a list of placed cards and labels in pixels. The
SVG of each distinct card (and state) is built once and cached, so a whole table is
string joining.

Accessibility: every card is ``role="img"`` with a ``<title>`` and ``aria-label`` in
plain words; toppings are shapes *and* letters (mushroom cap "M", pepper ring "P",
tomato disc "T"); highlighted cards get a dashed outline and selected ones a solid
outline, so nothing is told by colour alone. Card faces carry their own background,
and the table sits on its own light cloth, so the pictures read on light and dark
notebook themes alike.

Words (labels, card faces, alt text) come from the message catalogue, keys
``delissimo.draw.*`` and ``delissimo.topping.*``, in the ``language`` given (default: the
package's, see ``teachgames.set_language``). Longer words in Russian or Bulgarian shrink to
fit a card face; the table grows to fit its labels.

The modules, one job each:

* :mod:`.style` -- palette, card geometry and picture words;
* :mod:`.faces` -- card faces as shapes, and cards in plain words (``card_alt``);
* :mod:`.table` -- the table layout, shared by both back ends;
* :mod:`.numbers` -- scores in a lesson's one number form (the level's by default);
* :mod:`.svg` -- ``card_svg``, ``row_svg``, ``table_svg``;
* :mod:`.static` -- ``static_game_html`` (the class's ``static_html``), ``static_page``;
* :mod:`.mpl` -- ``plot_card``, ``plot_table``.

Only the standard library is imported here; matplotlib loads inside ``plot_*``.
"""

from __future__ import annotations

from ...pictures import SvgImage
from .faces import card_alt, toppings_words
from .mpl import plot_card, plot_table
from .numbers import mixed_number
from .static import static_game_html, static_page
from .svg import card_svg, row_svg, table_svg

__all__ = [
    "SvgImage",
    "card_alt",
    "card_svg",
    "mixed_number",
    "plot_card",
    "plot_table",
    "row_svg",
    "static_game_html",
    "static_page",
    "table_svg",
    "toppings_words",
]
