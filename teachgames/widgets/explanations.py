"""An engine's explanation as the view-model's ``{"title", "text", "svg"}``.

Any game whose engine explains moves (an object with ``text()`` and ``svg()``, see
:mod:`teachgames.explain`) shows it the same way. Importing this module is light.
"""

from __future__ import annotations

import logging
from typing import Any

from .viewmodel import Explanation

log = logging.getLogger(__name__)


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
        out["svg"] = str(exp.svg())
    except Exception:
        log.exception("teachgames: explanation SVG failed")
    if not out["text"] and not out["svg"]:
        return None
    return out
