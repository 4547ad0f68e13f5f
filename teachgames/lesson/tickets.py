"""An exit ticket (:class:`ExitTicket`): a lesson's questions, the pupil's answers checked
one by one, the summary a pupil shows the teacher, and a form to answer in (text boxes, or
buttons for questions answered by choosing).

A ticket starts empty: a question counts only once the pupil has answered it, so running
every cell of a notebook with no answers written says "no answers yet", never "2 of 3 right".
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from ..core.i18n import resolve_language
from .feedback import Feedback
from .questions import ChoiceQuestion, Question
from .words import msg


class ExitTicket:
    """A few questions at the end of a lesson; ``answer(n, ...)`` checks one,
    ``summary()`` is the line a pupil shows the teacher.

    ``title`` names the ticket in the summary ("8+" → "Exit ticket 8+: …")."""

    def __init__(self, title: str, questions: Sequence[Question], language: str | None = None) -> None:
        self.title = title
        self.questions = tuple(questions)
        self.language = resolve_language(language)
        self.results: dict[int, bool] = {}
        self.feedback: dict[int, Feedback] = {}

    @property
    def level(self) -> str:
        """The title (the name the Delissimo tickets used)."""
        return self.title

    def question(self, n: int) -> str:
        return self.questions[n - 1].text(self.language)

    def answer(self, n: int, answer: object) -> Feedback:
        """Check the answer to question ``n`` (1-based); the latest answer counts, and an
        empty answer takes the question back to "not answered"."""
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
        if fb.answered:
            self.results[n] = fb.correct
            self.feedback[n] = fb
        else:
            self.results.pop(n, None)
            self.feedback.pop(n, None)
        return fb

    @property
    def score(self) -> int:
        return sum(1 for ok in self.results.values() if ok)

    def summary(self) -> str:
        q = msg("q", self.language)
        count = len(self.questions)
        marks = " ".join(
            f"{q}{n} " + ("?" if n not in self.results else "✓" if self.results[n] else "✗")
            for n in range(1, count + 1)
        )
        open_ = count - len(self.results)
        if open_ == count:
            return msg("summary_none", self.language, title=self.title, count=count, marks=marks)
        key = "summary_open" if open_ else "summary"
        return msg(
            key, self.language, title=self.title, right=self.score, count=count, open=open_, marks=marks
        )

    def text(self) -> str:
        lines = [msg("ticket_title", self.language, title=self.title)]
        lines += [f"{n}. {q.text(self.language)}" for n, q in enumerate(self.questions, 1)]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        esc = html.escape
        items = []
        for q in self.questions:
            if isinstance(q, ChoiceQuestion):
                options = "".join(f"<li>{esc(t)}</li>" for t in q.option_texts(self.language))
                # the pupil answers with the option's number: JupyterLab's stylesheet would
                # letter a nested list (A. B. C., Latin on a Russian page) unless told
                numbered = '<ol type="1" style="list-style-type:decimal">'
                items.append(f"<li>{esc(q.prompt(self.language))}{numbered}{options}</ol></li>")
            else:
                items.append(f"<li>{esc(q.text(self.language))}</li>")
        title = esc(msg("ticket_title", self.language, title=self.title))
        return (
            f'<div class="teachgames-ticket"><p><strong>{title}</strong></p><ol>{"".join(items)}</ol></div>'
        )

    def ask(self, summary_line: bool = True) -> Any:
        """A form to answer in (ipywidgets): a text box and a Check button per question, or
        one button per option for a question answered by choosing (pictures above the
        buttons when the question draws its options). Returns the widget."""
        import ipywidgets as widgets

        summary = widgets.HTML(value=html.escape(self.summary()))

        def show(n: int, out: Any, value: object) -> None:
            out.value = self.answer(n, value)._repr_html_()
            summary.value = html.escape(self.summary())

        def choice_row(n: int, q: ChoiceQuestion) -> Any:
            out = widgets.HTML()
            texts = [f"{k}) {t}" for k, t in enumerate(q.option_texts(self.language), 1)]
            parts: list[Any] = []
            if q.picture is not None:
                pictures = "".join(
                    f'<div style="display:inline-block;margin:0 1em 0 0;text-align:center">{q.picture(k)}'
                    f"<br>{html.escape(t)}</div>"
                    for k, t in enumerate(texts, 1)
                )
                parts.append(widgets.HTML(value=pictures))
            if q.several:
                toggles = [widgets.ToggleButton(description=t, value=False) for t in texts]
                check = widgets.Button(description=msg("check", self.language))
                check.on_click(lambda _: show(n, out, [k for k, b in enumerate(toggles, 1) if b.value]))
                parts += [widgets.HBox(toggles), check]
            else:
                # tooltips given (empty): without them ipywidgets writes title="null" on each button
                choice = widgets.ToggleButtons(options=texts, value=None, tooltips=[""] * len(texts))

                def on_choice(change: Any) -> None:
                    if change["new"] is not None:
                        show(n, out, texts.index(change["new"]) + 1)

                choice.observe(on_choice, names="value")
                parts.append(choice)
            label = widgets.HTML(value=f"<strong>{n}.</strong> {html.escape(q.prompt(self.language))}")
            return widgets.VBox([label, *parts, out])

        def text_row(n: int) -> Any:
            box = widgets.Text(placeholder="…", layout=widgets.Layout(width="24em"))
            button = widgets.Button(description=msg("check", self.language))
            out = widgets.HTML()
            button.on_click(lambda _: show(n, out, box.value))
            label = widgets.HTML(value=f"<strong>{n}.</strong> {html.escape(self.question(n))}")
            return widgets.VBox([label, widgets.HBox([box, button]), out])

        rows = [
            choice_row(n, q) if isinstance(q, ChoiceQuestion) else text_row(n)
            for n, q in enumerate(self.questions, 1)
        ]
        return widgets.VBox([*rows, summary] if summary_line else rows)


def ask(question: Question, title: str = "", language: str | None = None) -> Any:
    """A form for one question (a self-check during a lesson, not part of the exit ticket)."""
    return ExitTicket(title, [question], language).ask(summary_line=False)
