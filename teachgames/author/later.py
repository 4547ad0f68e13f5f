"""What the preview shows the teacher beside the pupil's first look at a screen: what the
pupil meets later on it (the hint behind its button, the line after each likely wrong
answer, the reveal, the worked solution), each clearly labelled in the page's language,
the pupil's words in the pupil's language.

Every word here is escaped: a teacher's ``<img src=x onerror=alert(1)>`` is shown as
those characters (and the preview's frame runs no script anyway).
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from ..core.i18n import fill

#: The parts, in the order the page's fields have them (one may be asked for first).
PARTS = ("hint", "wrongs", "reveal", "worked")


def later_html(
    notes: Mapping[str, Any], words: Mapping[str, str], page: str, pupil: str, first: str | None = None
) -> str:
    """The labelled parts of ``notes`` (:func:`teachgames.lesson.preview.screen_notes`):
    labels in ``words`` (the page's language ``page``), texts in the pupil's ``pupil``;
    the part ``first`` (one of :data:`PARTS`: the one being written) before the others.
    Empty when the screen has nothing more to show."""

    def label(key: str, **values: object) -> str:
        return f'<p class="label">{escape(fill(words[key], page, values))}</p>'

    def said(paras: list[str], kind: str) -> str:
        inner = "".join(f"<p>{escape(p)}</p>" for p in paras)
        return f'<div class="said {kind}" lang="{escape(pupil)}">{inner}</div>'

    def unused(key: str) -> str:
        return f'<p class="unused">{escape(words[key])}</p>'

    asks = bool(notes.get("asks"))
    parts: dict[str, str] = {}
    hint = list(notes.get("hint") or [])
    if hint and not asks:
        parts["hint"] = unused("hint_unused")
    elif hint:
        steps = "".join(f"<li>{escape(step)}</li>" for step in hint)
        steps = f'<ol class="said hint" lang="{escape(pupil)}">{steps}</ol>'
        parts["hint"] = label("hint_shown", n=len(hint)) + steps
    wrongs = []
    for wrong in notes.get("wrongs") or []:
        wrongs.append(label("after_wrong", answer=wrong.get("answer", "")))
        wrongs.append(said([wrong["line"]], "wrong"))
    if wrongs:
        parts["wrongs"] = "".join(wrongs)
    reveal = list(notes.get("reveal") or [])
    if reveal and asks:  # a screen to read shows its reveal with its text, in the pupil's look
        parts["reveal"] = label("reveal_shown") + said(reveal, "reveal")
    worked = list(notes.get("worked") or [])
    if worked:
        parts["worked"] = label("worked_shown") + said(worked, "worked") if asks else unused("worked_unused")
    if not parts:
        return ""
    order = sorted(parts, key=lambda name: (name != first, PARTS.index(name)))
    inner = "".join(f'<div class="part" data-part="{name}">{parts[name]}</div>' for name in order)
    heading = f"<h3>{escape(words['later'])}</h3>"
    return f'<section class="later" lang="{escape(page)}" data-testid="later">{heading}{inner}</section>'


__all__ = ["PARTS", "later_html"]
