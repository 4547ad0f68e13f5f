"""The practice widget, driven headless the way its front end drives it: nothing is revealed
before the pupil commits, every word is in the pupil's language, a stale click changes
nothing, and an exported notebook shows the question but never the answer."""

from __future__ import annotations

from typing import Any

import pytest

from teachgames import practice
from teachgames.core.i18n import LANGUAGES
from teachgames.practice.widget import LABELS, PracticeWidget


def intent(w: PracticeWidget, action: str, **args: Any) -> bool:
    return w.handle_intent({"type": "intent", "version": w.version, "action": action, "args": args})


def test_nothing_is_revealed_before_the_pupil_commits() -> None:
    w = practice.show("delissimo", skills=["add_unlike"], seed=1)
    vm = w.view_model
    answer = w.run.item.answer_text()
    assert vm["solution"] is None and vm["feedback"] is None
    assert answer not in str({k: v for k, v in vm.items() if k != "labels"})
    assert intent(w, "answer", answer=w.run.item.wrong_answers()["tops_and_bottoms"])
    vm = w.view_model
    assert vm["feedback"]["outcome"] == "wrong" and vm["solution"] is None
    assert vm["tries"] == {"used": 1, "max": 2, "done": False}
    assert intent(w, "solution")
    vm = w.view_model
    assert vm["tries"]["done"] and vm["solution"]["svg"] and answer in vm["solution"]["title"]


def test_hints_come_one_at_a_time_and_then_stop() -> None:
    w = practice.show("tsvetik", skills=["chance"], seed=2, language="bg")
    ladder = w.run.item.hints()
    for n in range(len(ladder)):
        assert intent(w, "hint")
        assert w.view_model["hints"] == ladder[: n + 1]
    assert not w.view_model["more_hints"]
    assert not intent(w, "hint") and w.last_refusal == "Това беше последната подсказка."


def test_a_picked_answer_and_the_next_item() -> None:
    w = practice.show("delissimo", skills=["compare"], seed=3, language="ru")
    item = w.run.item
    choices = w.view_model["item"]["choices"]
    assert [c["id"] for c in choices] == [c.id for c in item.problem.choices]
    assert all(c["svg"] and c["label"] for c in choices)
    assert intent(w, "answer", answer=list(item.answer))
    assert w.view_model["feedback"]["outcome"] == "right"
    assert w.view_model["solution"] is not None  # solved: the answer shows
    assert intent(w, "next")
    vm = w.view_model
    assert vm["item"]["n"] == 2 and vm["feedback"] is None and vm["hints"] == []


def test_a_stale_click_changes_nothing() -> None:
    w = practice.show("split", skills=["pad_score"])
    old = w.version
    intent(w, "hint")
    assert not w.handle_intent({"type": "intent", "version": old, "action": "next", "args": {}})
    assert w.run.count == 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_of_the_widget_is_in_the_pupils_language(language: str) -> None:
    w = practice.show("ligretto", language=language)
    vm = w.view_model
    labels = vm["labels"]
    assert set(labels) == set(LABELS) and all(labels.values())
    english = practice.show("ligretto", language="en").view_model["labels"]
    if language != "en":
        assert sum(labels[k] != english[k] for k in LABELS) >= len(LABELS) - 1  # "Hint" may agree
    for skill in vm["skills"]:
        assert skill["title"] and skill["status_text"] and skill["known_text"]
    assert vm["language"] == language


def test_the_skills_panel_shows_mastery_and_what_is_held() -> None:
    w = practice.show("delissimo", skills=["add_unlike", "compare"], seed=5)
    for _ in range(2):
        wrong = w.run.item.wrong_answers()["tops_and_bottoms"]
        intent(w, "answer", answer=wrong)
        intent(w, "answer", answer=wrong)
        intent(w, "next")
    panel = {s["id"]: s for s in w.view_model["skills"]}
    assert "tops and bottoms added" in panel["add_unlike"]["held"]
    assert panel["compare"]["held"] is None and 0 <= panel["add_unlike"]["percent"] <= 100


def test_the_exported_page_shows_the_question_and_never_the_answer() -> None:
    w = practice.show("delissimo", skills=["whole_and_left"], seed=0, language="bg")
    page = w._repr_html_()
    assert w.run.item.prompt.split(":")[0] in page
    assert w.run.item.answer_text() not in page
    assert "<script" not in page
    data, _ = w._repr_mimebundle_()
    assert data["text/html"] == page


def test_the_front_end_and_its_style_are_in_the_package() -> None:
    source = str(PracticeWidget._esm)  # anywidget has read the file in
    assert "the practice front end" in source and "export default { render }" in source
    assert "innerHTML = c.svg" in source and "textContent" in source
    css = str(PracticeWidget._css)
    assert ".tga-root" in css and ".tgp-skills" in css and "font-size: 20px" in css


def test_progress_from_the_widget_is_a_run_again() -> None:
    w = practice.show("tsvetik", skills=["score_colour"], seed=4)
    intent(w, "answer", answer=str(w.run.item.answer))
    again = practice.Practice.from_dict(w.progress())
    assert again.mastery() == w.run.mastery() and again.item.prompt == w.run.item.prompt
