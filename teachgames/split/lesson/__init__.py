"""The Split lesson's own parts: pictures of pairs of halves and the exit ticket (the
lesson's ``"ticket"`` activity, :mod:`.activities`). The notebook cells are in
``notebooks.py``, their words in ``text/<language>/classify.md``; the plan is
``lessons/split.md``.

Everything a pupil reads is in the catalogue (``split.lesson.*``) in en, ru and bg.
Importing this package is light: sympy loads when a picture or a working is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...core.i18n import resolve_language
from ...lesson.activity import Activity
from ...lesson.show import exit_ticket as lesson_ticket
from ..cards import card_words, kind_of, parse_half
from ..draw import HALF_H, HALF_W, half_shapes
from ..messages import say

if TYPE_CHECKING:
    from ...pictures import SvgImage


def match_row(
    pairs: Sequence[tuple[str, str]], language: str | None = None, show_type: bool = True, scale: float = 1.0
) -> SvgImage:
    """Pairs of half-cards side by side (cut edge to cut edge); under each, its type (or a
    question mark, for pupils to sort). ``scale`` draws it larger on the page (a lesson's
    screen: the cards a pupil sorts must be read from the back of the room)."""
    from ...pictures import Text, shape_svg, svg_doc

    lang = resolve_language(language)
    gap = 46.0
    shapes: list[Any] = []
    for i, (a, b) in enumerate(pairs):
        x = 10 + i * (2 * HALF_W + gap)
        shapes += half_shapes(a, x, 10, "left", language=lang)
        shapes += half_shapes(b, x + HALF_W, 10, "right", language=lang)
        kind = kind_of(parse_half(a), parse_half(b))
        label = (say(f"type.{kind}", lang) if kind else say("lesson.no_match", lang)) if show_type else "?"
        shapes.append(Text(x + HALF_W, HALF_H + 34, label, 17, bold=True))
    width = 20 + len(pairs) * (2 * HALF_W + gap) - gap
    words = "; ".join(f"{card_words(a, lang)} {card_words(b, lang)}" for a, b in pairs)
    height = HALF_H + 46
    alt = say("lesson.pairs_alt", lang, pairs=words)
    body = "".join(shape_svg(s) for s in shapes)
    return svg_doc(width * scale, height * scale, alt, body, width, height)


def exit_ticket(name: str = "classify", language: str | None = None) -> Activity:
    """The exit ticket of the Split lesson (the shared :func:`teachgames.lesson.exit_ticket`):
    sort a pair, score a new pad, an upgrade."""
    return lesson_ticket("split", name, language=language)


__all__ = ["exit_ticket", "match_row"]
