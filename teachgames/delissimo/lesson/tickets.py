"""An exit ticket (:class:`ExitTicket`): a lesson's questions, the pupil's answers checked
one by one, the summary a pupil shows the teacher, and text boxes for the notebook."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from ...core.i18n import LANGUAGES, resolve_language
from .feedback import Feedback
from .plans import TICKETS
from .questions import Question
from .words import msg


class ExitTicket:
    """Three questions at the end of a lesson; ``answer(n, ...)`` checks one,
    ``summary()`` is the line a pupil shows the teacher."""

    def __init__(self, level: str, questions: Sequence[Question], language: str | None = None) -> None:
        self.level = level
        self.questions = tuple(questions)
        self.language = resolve_language(language)
        self.results: dict[int, bool] = {}
        self.feedback: dict[int, Feedback] = {}

    def question(self, n: int) -> str:
        return self.questions[n - 1].text(self.language)

    def answer(self, n: int, answer: object) -> Feedback:
        """Check the answer to question ``n`` (1-based); the latest answer counts."""
        count = len(self.questions)
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= count:
            shown = repr(n)[:20]
            return Feedback(False, msg("no_question", self.language, n=shown, count=count), None,
                            language=self.language)  # fmt: skip
        try:
            fb = self.questions[n - 1].check(answer, self.language)
        except Exception as exc:  # a pupil's answer must never stop the notebook
            fb = Feedback(False, f"{msg('bad_type', self.language)} ({exc})", None, language=self.language)
        fb.title = f"{msg('q', self.language)}{n}"
        self.results[n] = fb.correct
        self.feedback[n] = fb
        return fb

    @property
    def score(self) -> int:
        return sum(1 for ok in self.results.values() if ok)

    def summary(self) -> str:
        q = msg("q", self.language)
        marks = " ".join(
            f"{q}{n} " + ("?" if n not in self.results else "✓" if self.results[n] else "✗")
            for n in range(1, len(self.questions) + 1)
        )
        return msg("summary", self.language, level=self.level, right=self.score,
                  count=len(self.questions), marks=marks)  # fmt: skip

    def text(self) -> str:
        lines = [msg("ticket_title", self.language, level=self.level)]
        lines += [f"{n}. {q.text(self.language)}" for n, q in enumerate(self.questions, 1)]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        esc = html.escape
        items = "".join(f"<li>{esc(q.text(self.language))}</li>" for q in self.questions)
        title = esc(msg("ticket_title", self.language, level=self.level))
        return f'<div class="teachgames-ticket"><p><strong>{title}</strong></p><ol>{items}</ol></div>'

    def ask(self) -> Any:
        """Text boxes with a Check button per question (ipywidgets), for pupils who
        prefer typing to editing cells. Returns the widget (display it, or let the cell show it)."""
        import ipywidgets as widgets

        rows: list[Any] = []
        summary = widgets.HTML(value=html.escape(self.summary()))

        def row(n: int) -> Any:
            box = widgets.Text(placeholder="…", layout=widgets.Layout(width="24em"))
            button = widgets.Button(description=msg("check", self.language))
            out = widgets.HTML()

            def on_click(_: Any) -> None:
                out.value = self.answer(n, box.value)._repr_html_()
                summary.value = html.escape(self.summary())

            button.on_click(on_click)
            label = widgets.HTML(value=f"<strong>{n}.</strong> {html.escape(self.question(n))}")
            return widgets.VBox([label, widgets.HBox([box, button]), out])

        rows = [row(n) for n in range(1, len(self.questions) + 1)]
        return widgets.VBox([*rows, summary])


def exit_ticket(name: str, language: str | None = None) -> ExitTicket:
    """The exit ticket of a lesson notebook: "6plus", "8plus" or "10plus"."""
    key = str(name).replace("+", "plus").strip().lower()
    if key not in TICKETS:
        raise ValueError(f"no exit ticket {name!r}; there are: {', '.join(TICKETS)}")
    if language is not None and language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; teachgames speaks {', '.join(LANGUAGES)}")
    level, questions = TICKETS[key]
    return ExitTicket(level, questions, language)
