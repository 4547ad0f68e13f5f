"""The practice activity as a widget: one item at a time, with its hints, two tries, the
worked solution and a fresh item; the pupil's skills with how sure we are of each.

It looks like a lesson activity (the same ``activity.css`` classes, 20 px text, the
theme's own colours in light and dark) and works the same way: Python is the source of
truth, the front end (``static/practice.js``) draws the view-model and sends versioned
intents::

    {"action": "answer", "args": {"answer": "6/8"}}     # or a list of picked option ids
    {"action": "hint"} {"action": "solution"} {"action": "next"}

Keyboard: every control is a button or the answer box (Enter checks); a read-aloud button
says the question in the item's language with the browser's own voice. The view-model
holds a solution only once the pupil has tried twice, got it right or asked for it.
An exported notebook shows :meth:`PracticeWidget.static_html`: the question and the
skills, never an answer.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar, cast

from ..core.i18n import messages, tr
from ..widgets.base import STATIC, GameWidget, IntentRefused
from ..widgets.explanations import explanation_dict
from ..widgets.frontend import esm
from ..widgets.viewmodel import ViewModel
from .run import TRIES, Practice

HERE = Path(__file__).resolve().parent / "static"
#: The front end's own words (``practice.widget.*``).
LABELS = (
    "title",
    "skill",
    "skills",
    "check",
    "hint",
    "solution",
    "next",
    "read_aloud",
    "answer_box",
    "clear",
    "tries_left",
    "choose_hint",
    "item_of",
)


def _css() -> str:
    # the activity's look first, then what practice adds
    return (
        (STATIC / "activity.css").read_text(encoding="utf-8")
        + "\n"
        + (HERE / "practice.css").read_text(encoding="utf-8")
    )


class PracticeWidget(GameWidget):
    """One pupil's :class:`~teachgames.practice.run.Practice` as a widget."""

    _esm = esm("practice.js", HERE)  # with the widgets' shared dom.js and intents.js in place
    _css = _css()  # type: ignore[assignment]  # anywidget takes a path or the text

    actions: ClassVar[frozenset[str]] = frozenset({"answer", "hint", "solution", "next"})
    language_switch: ClassVar[bool] = False

    def __init__(self, run: Practice, **kwargs: Any) -> None:
        self.run = run
        self._mark: dict[str, Any] | None = None
        self._hints: list[str] = []
        super().__init__(language=run.language, **kwargs)
        self.publish()

    # ------------------------------------------------------------ words
    def front_end_labels(self) -> dict[str, str]:
        own, english = messages("practice", self.language), messages("practice", "en")
        return {k: own.get(f"widget.{k}", english[f"widget.{k}"]) for k in LABELS}

    def w(self, key: str, **values: Any) -> str:
        return tr(f"practice.widget.{key}", self.language, **values)

    # ------------------------------------------------------------ view-model
    def build_view_model(self) -> ViewModel:
        run, item = self.run, self.run.item
        c = run.current
        # the working shows once the item is done: after the second miss, on request, and
        # after a right answer too (a right answer gets its reason)
        solution = None
        if c.done:
            solution = explanation_dict(item.explanation, self.w("answer_was", answer=item.answer_text()))
        vm: dict[str, Any] = {
            "game": run.game,
            "title": self.w("title"),
            "skill": {"id": item.skill.id, "title": item.skill.title(self.language), "level": item.level},
            "item": {
                "n": run.count,
                "prompt": item.prompt,
                "svg": item.problem.picture(self.language) if item.problem.picture else None,
                "kind": item.kind,
                "choices": item.choices(),
                "ordered": item.problem.ordered,
                "repeat": item.problem.repeat,
                "unit": _unit_words(item.problem.form, self.language),
            },
            "feedback": self._mark,
            "hints": list(self._hints),
            "more_hints": c.hints < len(item.hints()) and not c.done,
            "tries": {"used": c.tries, "max": TRIES, "done": c.done},
            "solution": solution,
            "skills": self._skills(),
            "message": self.message,
        }
        return cast(ViewModel, vm)

    def _skills(self) -> list[dict[str, Any]]:
        run = self.run
        held = run.held()
        out = []
        for sid in run.skill_ids:
            st = run.states[sid]
            skill = run.item.skill if sid == run.item.skill.id else None
            title = (skill or _skill(run.game, sid)).title(self.language)
            status = "mastered" if st.mastered else "practising" if st.items else "not_started"
            if st.mastered and st.due is not None and st.due <= run.count:
                status = "review"
            key = held[sid]
            out.append(
                {
                    "id": sid,
                    "title": title,
                    "known": round(st.known, 3),
                    "percent": round(100 * st.known),
                    "status": status,
                    "status_text": self.w(status),
                    "known_text": self.w("known", percent=round(100 * st.known)),
                    "held": self.w("held", title=tr(f"practice.misconception_title.{key}", self.language))
                    if key
                    else None,
                    "current": sid == run.current.skill,
                }
            )
        return out

    # ------------------------------------------------------------ intents
    def intent_answer(self, content: Mapping[str, Any]) -> None:
        self.message = None
        mark = self.run.answer(self.arg(content, "answer"))
        self._mark = {"outcome": mark.outcome, "text": mark.line, "echo": mark.echo}
        self.announce(mark.line)

    def intent_hint(self, content: Mapping[str, Any]) -> None:
        hint = self.run.hint()
        if hint is None:
            raise IntentRefused(tr("practice.run.no_more_hints", self.language))
        self._hints.append(hint)
        self.announce(hint)

    def intent_solution(self, content: Mapping[str, Any]) -> None:
        self.run.solution()

    def intent_next(self, content: Mapping[str, Any]) -> None:
        self.run.next()
        self._mark = None
        self._hints = []
        self.announce(self.run.item.prompt)

    # ------------------------------------------------------------ kept between visits
    def progress(self) -> dict[str, Any]:
        """The run as JSON-able data (:meth:`Practice.to_dict`)."""
        return self.run.to_dict()

    # ------------------------------------------------------------ static fallback
    def static_html(self) -> str:
        """The question and the skills as plain HTML (no script, no answer)."""
        return static_html(self.view_model)

    def static_note(self) -> str:
        """The static copy shows one question of a practice that goes on."""
        return tr("practice.static_note", self.language)

    def _repr_html_(self) -> str:
        return self.static_copy()


def _skill(game: str, sid: str) -> Any:
    from .catalogue import skill

    return skill(game, sid)


def _unit_words(form: str, language: str) -> str:
    if form == "slices":
        return tr("practice.unit.slices", language)
    if form == "points":
        return tr("practice.unit.points", language)
    return ""


def static_html(vm: Mapping[str, Any]) -> str:
    """A practice view-model as self-contained HTML (inline SVG only; every text escaped)."""
    esc = html.escape
    item = vm.get("item") or {}
    parts = [
        f'<section class="tga-root tgp-static" lang="{esc(str(vm.get("language", "en")))}" '
        'style="font-size:20px;line-height:1.45;border:2px solid #8a8a8a;'
        'border-radius:8px;padding:12px 16px">',
        f'<p class="tga-activity"><strong>{esc(str(vm.get("title", "")))}</strong> · '
        f"{esc(str((vm.get('skill') or {}).get('title', '')))}</p>",
        f'<p class="tga-prompt">{esc(str(item.get("prompt", "")))}</p>',
    ]
    if item.get("svg"):
        parts.append(f'<div class="tga-picture">{item["svg"]}</div>')
    choices = item.get("choices") or []
    if choices:
        parts.append("<ul>" + "".join(f"<li>{esc(str(c.get('label', '')))}</li>" for c in choices) + "</ul>")
    skills = vm.get("skills") or []
    if skills:
        rows = "".join(
            f"<li>{esc(str(s['title']))}: {esc(str(s['status_text']))} ({esc(str(s['known_text']))})</li>"
            for s in skills
        )
        parts.append(f"<ul class='tgp-skills'>{rows}</ul>")
    parts.append("</section>")
    return "".join(parts)
