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

from typing import Any, cast

from ..pictures.svg import SMALLEST_PX, explained, readable
from .viewmodel import Explanation

__all__ = ["SMALLEST_PX", "explanation_dict", "readable"]


def explanation_dict(exp: Any, title: str) -> Explanation | None:
    """An Explanation as {"title", "text", "svg"}; None if there is none
    (:func:`teachgames.pictures.svg.explained`, which a game's static page calls too).

    A part that fails is logged and left empty: an explanation must never break a
    lesson.
    """
    return cast("Explanation | None", explained(exp, title))
