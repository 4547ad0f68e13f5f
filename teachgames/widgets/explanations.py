"""An engine's explanation as the view-model's ``{"title", "text", "svg"}``.

Any game whose engine explains moves (an object with ``text()`` and ``svg()``, see
:mod:`teachgames.explain`) shows it the same way. Importing this module is light.

In a widget the picture is drawn larger than on paper
(:func:`teachgames.pictures.svg.readable`): its smallest text (the digits of a stacked
fraction, 16 px as drawn) at ``SMALLEST_PX``, the size of the widget's other words and
numbers, so a pupil at the back of the room reads it; a game's static page draws it the
same way.
"""

from __future__ import annotations

import logging
from typing import Any

from ..pictures.svg import SMALLEST_PX, readable
from .viewmodel import Explanation

log = logging.getLogger(__name__)

__all__ = ["SMALLEST_PX", "explanation_dict", "readable"]


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
