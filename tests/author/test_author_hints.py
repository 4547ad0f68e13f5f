"""A screen's hint, reveal, worked solution and likely wrong answers, as the lesson maker
writes them: saved through the interface, they reach the pupil (load_lesson, then an
Activity) in every language; the preview shows each, labelled, as text; a wrong answer
that is right, or that names no misconception, is refused and the last good file stays."""

from __future__ import annotations

import json
from html import escape
from typing import Any

import pytest

from teachgames import new_game
from teachgames.author.catalogue import offered_misconceptions
from teachgames.core.i18n import messages, plural_problems, tr
from teachgames.lesson import Activity, load_lesson
from teachgames.lesson.files import known_misconceptions

from .conftest import Client

HOSTILE = "<img src=x onerror=alert(1)>"


def made(client: Client, screens: list[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    status, answer = client.call("POST", "api/new", {"title": "Quarters", "language": "en"})
    assert status == 200, answer
    lesson = answer["lesson"]
    lesson["screens"] = screens
    return answer["name"], lesson


def quarters(**more: Any) -> dict[str, Any]:
    """An amount screen as the page writes it once a teacher has typed its answer."""
    return {
        "id": "quarters",
        "title": {"en": "Two quarters"},
        "prompt": {"en": "Mia eats 1/4, then another 1/4. How much?", "ru": "Маша съела 1/4, потом ещё 1/4. Сколько?"},
        "task": {"kind": "amount", "answer": "1/2"},
        **more,
    }  # fmt: skip


def preview(client: Client, lesson: dict[str, Any], language: str, page: str = "en") -> dict[str, Any]:
    status, answer = client.call(
        "POST", "api/preview", {"lesson": lesson, "index": 0, "language": language, "page": page}
    )
    assert status == 200, answer
    return answer


def test_a_hint_reveal_worked_solution_and_wrong_answers_reach_the_pupil(client: Client) -> None:
    screen = quarters(
        hint={"en": "How many quarters?\n\nTwo quarters make a half.", "ru": "Сколько четвертей?"},
        reveal={"en": "1/4 + 1/4 = 2/4 = 1/2", "bg": "1/4 + 1/4 = 2/4 = 1/2, половин пица"},
        worked={"en": "Add the tops, keep the bottom: 2/4, which is 1/2."},
    )
    screen["task"]["wrong"] = [
        {"answer": "2/8", "misconception": "tops_and_bottoms"},
        {"answer": "1/8", "line": {"en": "You counted one quarter only.", "ru": "Это только одна четверть."}},
    ]
    name, lesson = made(client, [screen])
    status, answer = client.call("POST", "api/save", {"name": name, "lesson": lesson})
    assert status == 200, answer
    assert json.loads((client.folder / name).read_text(encoding="utf-8"))["screens"][0] == screen

    spec = load_lesson(client.folder / name)
    pupil = Activity(spec, "ru")
    assert pupil.open_hint() == "Сколько четвертей?"
    assert pupil.answer("2/8").line == tr("lesson.misconception.tops_and_bottoms", "ru")
    assert pupil.answer("1/8").line == "Это только одна четверть."
    shown = pupil.view_model()["screen"]["reveal"]  # two tries used: the solution shows
    assert shown["parts"] == [
        {"paragraphs": ["(по-английски) Add the tops, keep the bottom: 2/4, which is 1/2."], "svg": None},
        {"paragraphs": ["(по-английски) 1/4 + 1/4 = 2/4 = 1/2"], "svg": None},
    ]
    # a language the teacher left empty is marked, never silently another language
    english = Activity(spec, "en")
    assert english.hint_steps() == ["How many quarters?", "Two quarters make a half."]
    assert Activity(spec, "bg").hint_steps()[0].startswith("(на английски) How many")
    assert Activity(spec, "bg").answer("1/8").line == "(на английски) You counted one quarter only."
    english.answer("1/2")
    assert english.view_model()["screen"]["reveal"]["parts"] == [{"paragraphs": ["1/4 + 1/4 = 2/4 = 1/2"], "svg": None}]


def test_the_preview_shows_what_comes_later_labelled_and_as_text(client: Client) -> None:
    screen = quarters(
        hint={"en": f"Look closely {HOSTILE}\n\nCount the quarters."},
        reveal={"en": "Two quarters <b>are</b> a half."},
        worked={"en": "1/4 + 1/4 = 2/4"},
    )
    screen["task"]["wrong"] = [{"answer": "2/8", "line": {"en": f"Not {HOSTILE} that"}}]
    lesson = made(client, [screen])[1]
    later = preview(client, lesson, "en", page="ru")["later"]
    assert "<img" not in later and "<b>" not in later
    assert "Look closely &lt;img src=x onerror=alert(1)&gt;" in later
    assert "Not &lt;img src=x onerror=alert(1)&gt; that" in later
    words = messages("author", "ru")
    # labelled in the page's language (Russian), the pupil's words in the pupil's (English)
    assert '<section class="later" lang="ru"' in later and '<ol class="said hint" lang="en">' in later
    assert words["hint_shown"].split(" (")[0] in later and "2 шага" in later
    assert "После неверного ответа 2/8 ученик прочитает:" in later
    assert words["reveal_shown"] in later and words["worked_shown"] in later
    assert later.index("Count the quarters.") < later.index("Not &lt;img") < later.index("a half.") < later.index("2/4")
    # the pupil's first look holds none of it: the hint is behind its button
    assert "Count the quarters" not in preview(client, lesson, "en")["html"]
    # the part being written comes first; the others follow in the fields' order
    status, answer = client.call(
        "POST", "api/preview", {"lesson": lesson, "index": 0, "language": "en", "first": "worked"}
    )
    parts = [chunk.split('"')[0] for chunk in answer["later"].split('data-part="')[1:]]
    assert status == 200 and parts == ["worked", "hint", "wrongs", "reveal"]
    status, answer = client.call("POST", "api/preview", {"lesson": lesson, "index": 0, "first": "<b>"})
    assert status == 400 and "hint, wrongs, reveal, worked" in answer["error"]["message"]


def test_a_screen_to_read_says_that_it_shows_no_hint_and_no_worked_solution(client: Client) -> None:
    screen = quarters(hint={"en": "A hint"}, worked={"en": "Worked"}, reveal={"en": "Read this too"})
    del screen["task"]
    lesson = made(client, [screen])[1]
    answer = preview(client, lesson, "en")
    assert "Read this too" in answer["html"]  # a screen to read shows its reveal at once
    words = messages("author", "en")
    assert escape(words["hint_unused"]) in answer["later"] and escape(words["worked_unused"]) in answer["later"]
    assert "A hint" not in answer["later"] and "Read this too" not in answer["later"]
    # a screen with nothing more to show has no later part at all
    assert preview(client, made(client, [quarters()])[1], "en")["later"] == ""


def test_a_puzzles_worked_solution_is_the_teachers_words_then_the_engines(client: Client) -> None:
    game = new_game("delissimo", level="basic", players=2, seed=7)
    status, answer = client.call("POST", "api/puzzle", {"code": game.position_code(), "kind": "score", "player": 1})
    assert status == 200
    screen = answer["screen"] | {"worked": {"en": "Add up each pizza of the pile."}, "hint": {"en": "Count whole pizzas first."}}
    name, lesson = made(client, [screen])
    assert client.call("POST", "api/save", {"name": name, "lesson": lesson})[0] == 200
    later = preview(client, lesson, "en")["later"]
    worked = later.split(escape(messages("author", "en")["worked_shown"]))[1]
    assert worked.index("Add up each pizza of the pile.") < len(worked) - 200  # the engine's follows
    pupil = Activity(load_lesson(client.folder / name), "en")
    assert pupil.open_hint() == "Count whole pizzas first."
    assert pupil.answer("999").outcome == "wrong"
    pupil.show_solution()
    parts = pupil.view_model()["screen"]["reveal"]["parts"][0]["paragraphs"]
    assert parts[0] == "Add up each pizza of the pile." and len(parts) > 1


@pytest.mark.parametrize(
    ("wrong", "where"),
    [
        ({"answer": "2/4", "misconception": "tops_only"}, "/screens/0/task/wrong/0/answer"),  # it is right
        ({"answer": "2/8"}, "/screens/0/task/wrong/0"),  # it shows no misconception
        ({"answer": "", "misconception": "tops_only"}, "/screens/0/task/wrong/0/answer"),  # not written yet
        ({"answer": "2/8", "misconception": "nonsense"}, "/screens/0/task/wrong/0/misconception"),
    ],
)
def test_a_wrong_answer_that_does_not_check_is_refused_and_the_last_good_file_stays(
    client: Client, wrong: dict[str, Any], where: str
) -> None:
    name, lesson = made(client, [quarters(hint={"en": "A hint"})])
    assert client.call("POST", "api/save", {"name": name, "lesson": lesson})[0] == 200
    good = (client.folder / name).read_bytes()
    lesson["screens"][0]["task"]["wrong"] = [wrong]
    status, answer = client.call("POST", "api/save", {"name": name, "lesson": lesson})
    assert status == 422 and answer["error"]["where"] == where, answer
    assert (client.folder / name).read_bytes() == good


def test_the_misconceptions_offered_are_those_a_lesson_file_can_say(client: Client) -> None:
    status, state = client.call("GET", "api/state?lang=bg")
    assert status == 200
    offered = state["misconceptions"]
    assert offered == list(offered_misconceptions("bg"))
    ids = [m["id"] for m in offered]
    assert ids == list(known_misconceptions()) and "tops_and_bottoms" in ids
    # a line that needs the pupil's own numbers ("{answer} is not the fraction ...") is not offered
    assert "decimal_bar" not in ids
    # each offered one, named by a wrong answer, is said to the pupil in every language
    screen = quarters()
    screen["task"]["wrong"] = [{"answer": f"{n}/9", "misconception": m} for n, m in enumerate(ids[:8], 1)]
    name, lesson = made(client, [screen])
    assert client.call("POST", "api/save", {"name": name, "lesson": lesson})[0] == 200
    for language in ("en", "ru", "bg"):
        pupil = Activity(load_lesson(client.folder / name), language)
        lines = [pupil.screen.task.check(f"{n}/9", language).line for n in range(1, len(ids[:8]) + 1)]
        assert lines == [tr(f"lesson.misconception.{m}", language) for m in ids[:8]]
    assert [m["line"] for m in offered][:1] == [tr(f"lesson.misconception.{ids[0]}", "bg")]


def test_a_wrong_answer_naming_a_line_teachgames_cannot_say_is_refused_in_words(client: Client) -> None:
    """decimal_bar's line needs the pupil's own numbers: a file cannot name it (it writes
    a line of its own), and the preview says so at the field instead of showing it."""
    screen = quarters()
    screen["task"]["wrong"] = [{"answer": "1.2", "misconception": "decimal_bar"}]
    _, lesson = made(client, [screen])
    status, answer = client.call("POST", "api/preview", {"lesson": lesson, "index": 0, "language": "ru"})
    assert status == 422
    assert answer["error"]["where"] == "/screens/0/task/wrong/0/misconception"
    assert "decimal_bar" in answer["error"]["message"]


def test_the_new_words_are_written_in_every_language() -> None:
    english = messages("author", "en")
    for key in ("hint_in", "reveal_in", "worked_in", "wrong_line_in"):
        assert "{language}" in english[key]
    for language in ("ru", "bg"):
        assert plural_problems(messages("author", language)["hint_shown"], language) == []
    assert not set("ыэёЫЭЁ") & set("".join(messages("author", "bg").values()))
