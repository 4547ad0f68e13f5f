"""What a lesson cell shows: every legal capture of a position, each with its explanation
(rather than a bare list of strings), in the notebook's language."""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.i18n import resolve_language
from .words import msg

if TYPE_CHECKING:
    from ...explain import Explanation
    from .. import DelissimoGame


@dataclass
class CaptureList:
    """The captures of a position with their explanations; shows itself in a notebook
    (HTML) and as text."""

    explanations: list[Explanation]
    language: str

    def __len__(self) -> int:
        return len(self.explanations)

    def text(self) -> str:
        if not self.explanations:
            return msg("no_capture_now", self.language)
        head = msg("captures_now", self.language, n=len(self.explanations))
        return "\n\n".join([head, *(e.text() for e in self.explanations)])

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        if not self.explanations:
            return f"<p>{html.escape(msg('no_capture_now', self.language))}</p>"
        # the number on a line of its own above each explanation: beside a picture, a list
        # marker sits at the picture's bottom edge, next to the explanation that follows
        parts = [f"<p><strong>{html.escape(msg('captures_now', self.language, n=len(self.explanations)))}"
                 '</strong></p><ol style="list-style-position:inside">']  # fmt: skip
        for e in self.explanations:
            try:
                body = e.html()
            except Exception:  # a picture that fails must not hide the list
                body = f"<pre>{html.escape(e.text())}</pre>"
            parts.append(f"<li>{body}</li>")
        parts.append("</ol>")
        return "".join(parts)


def show_captures(game: DelissimoGame, language: str | None = None) -> CaptureList:
    """Every legal capture of the player to act, each with its explanation."""
    lang = resolve_language(language)
    shown: dict[str, Explanation] = {}
    for capture in game.captures():  # at 6+ two captures may read the same (toppings unnamed)
        e = game.explain(capture, language=lang)
        shown.setdefault(e.text(), e)
    return CaptureList(list(shown.values()), lang)
