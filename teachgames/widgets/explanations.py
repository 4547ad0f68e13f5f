"""An engine's explanation as the view-model's ``{"title", "text", "svg"}``.

Any game whose engine explains moves (an object with ``text()`` and ``svg()``, see
:mod:`teachgames.explain`) shows it the same way. Importing this module is light.

In a widget the picture is drawn larger than on paper (:func:`readable`): its smallest
text (the digits of a stacked fraction, 16 px as drawn) at :data:`SMALLEST_PX`, the
size of the widget's other words and numbers, so a pupil at the back of the room reads
it.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from .viewmodel import Explanation

log = logging.getLogger(__name__)

#: The smallest text of an explanation's picture in a widget, in CSS pixels.
SMALLEST_PX = 20.0
_FONT_SIZE = re.compile(r'font-size="([0-9.]+)(?:px)?"')
_ROOT_SIZE = re.compile(r'\A(<svg\b[^>]*?\swidth=")([0-9.]+)("[^>]*?\sheight=")([0-9.]+)(")')


def readable(svg: str) -> str:
    """``svg`` drawn so that its smallest text is at least :data:`SMALLEST_PX` (its
    ``width`` and ``height`` grown, its ``viewBox`` kept: the whole picture scales)."""
    sizes = [float(m) for m in _FONT_SIZE.findall(svg) if float(m) > 0]
    match = _ROOT_SIZE.match(svg)
    if not sizes or match is None or min(sizes) >= SMALLEST_PX:
        return svg
    k = SMALLEST_PX / min(sizes)
    width, height = float(match[2]) * k, float(match[4]) * k
    return f"{match[1]}{width:.2f}{match[3]}{height:.2f}{match[5]}{svg[match.end():]}"


def explanation_dict(exp: Any, title: str) -> Explanation | None:
    """An Explanation as {"title", "text", "svg"}; None if there is none.

    A part that fails is logged and left empty: an explanation must never break a
    lesson.
    """
    if exp is None:
        return None
    out: Explanation = {"title": title, "text": "", "svg": None}
    try:
        out["text"] = str(exp.text())
    except Exception:
        log.exception("teachgames: explanation text failed")
    try:
        out["svg"] = readable(str(exp.svg()))
    except Exception:
        log.exception("teachgames: explanation SVG failed")
    if not out["text"] and not out["svg"]:
        return None
    return out
