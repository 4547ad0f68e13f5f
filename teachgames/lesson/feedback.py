"""The answer to a self-check (:class:`Feedback`): right or wrong, why, and how it shows
in a notebook."""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .words import msg

if TYPE_CHECKING:
    from ..explain import Explanation


@dataclass
class Feedback:
    """The answer to a self-check: right or wrong, and why.

    ``message`` is plain words (with the arithmetic); ``explanation`` is an
    :class:`~teachgames.explain.Explanation` (or None when the answer could not be read).
    ``answered`` is False when there was nothing to check (an empty answer): an exit ticket
    does not count it. In a notebook it shows ✓/✗, the message and the explanation's maths.
    """

    correct: bool
    message: str
    explanation: Explanation | None = None
    answer: str = ""
    title: str = ""
    language: str = "en"
    answered: bool = True

    def __bool__(self) -> bool:
        return self.correct

    def text(self) -> str:
        mark = "✓" if self.correct else "✗" if self.answered else "?"
        lines = [f"{mark} {self.title + ': ' if self.title else ''}{self.message}"]
        if self.explanation is not None:
            lines.append(self.explanation.text())
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        esc = html.escape
        ok = self.correct
        if not self.answered:
            colour = "var(--jp-border-color1, #767676)"
            mark, verdict = "?", msg("not_answered", self.language)
        else:
            colour = "var(--jp-success-color1, #1a7f37)" if ok else "var(--jp-error-color1, #b42318)"
            mark, verdict = ("✓" if ok else "✗"), msg("right" if ok else "wrong", self.language)
        parts = [
            f'<div class="teachgames-feedback" data-correct="{str(ok).lower()}" '
            f'style="border-left:4px solid {colour};padding:0.3em 0.8em;margin:0.4em 0;'
            'color:var(--jp-content-font-color1, inherit)">',
            f'<p style="margin:0.2em 0"><strong>{mark} {esc(verdict)}</strong>',
        ]
        if self.title:
            parts.append(f" <span>({esc(self.title)})</span>")
        parts.append("</p>")
        if self.answer:
            parts.append(
                f'<p style="margin:0.2em 0">{esc(msg("your_answer", self.language))}: '
                f"<code>{esc(self.answer)}</code></p>"
            )
        parts.append(f'<p style="margin:0.2em 0">{esc(self.message)}</p>')
        if self.explanation is not None:
            try:
                parts.append(self.explanation.html())
            except Exception:  # a picture that fails must not hide the feedback
                parts.append(f"<pre>{esc(self.explanation.text())}</pre>")
        parts.append("</div>")
        return "".join(parts)
