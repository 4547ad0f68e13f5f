"""Lessons as files: a teacher's JSON file runs as a lesson, and a bad one says where.

The sample teacher lesson (lessons/teacher-example.json) is answered through Activity
right and wrong in English and Russian, with the misconception named; a language a text
lacks shows a marker; HTML in a prompt stays text; hand-edited mistakes are refused with
the JSON pointer (or the line, for broken JSON) and the reason; an unknown version is
named; a failed save keeps the last good file; "make this a puzzle" gives screens whose
answers the engine works out, for every game.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import teachgames
from teachgames import GameFileError
from teachgames.lesson import Activity, lesson_files, load_lesson, make_puzzle, read_lesson, save_lesson
from teachgames.lesson.files import MAX_FILE_BYTES, SCHEMA_PATH, LessonFileError

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "lessons" / "teacher-example.json"


def sample() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SAMPLE.read_text(encoding="utf-8"))
    return data


def refused(data: Any) -> LessonFileError:
    with pytest.raises(LessonFileError) as caught:
        read_lesson(data if isinstance(data, str) else json.dumps(data), "mine.json")
    return caught.value


def test_the_sample_lesson_follows_the_published_schema() -> None:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(sample(), schema)
    spec = load_lesson(SAMPLE)
    assert spec.lesson == "teacher-example" and len(spec.screens) == 4


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_pupil_answers_the_teachers_lesson_right_and_wrong(language: str) -> None:
    a = Activity(load_lesson(SAMPLE), language)
    # a typed amount: the tops-and-bottoms answer is named, then the right one
    wrong = a.answer("2/8")
    assert wrong.outcome == "wrong" and wrong.misconception == "lesson.misconception.tops_and_bottoms"
    assert wrong.line == teachgames.core.i18n.tr("lesson.misconception.tops_and_bottoms", language)
    assert a.answer("2/4").correct
    # choose one: the bigger-denominator choice is named
    a.go(1)
    assert a.answer("eighth").misconception == "lesson.misconception.bigger_denominator"
    assert a.answer("quarter").correct
    # is this move legal? the engine says no, and why, in the pupil's language
    a.go(2)
    said = a.answer("yes")
    assert said.outcome == "wrong" and said.misconception == "rule.one-for-one"
    assert ("6+" in said.line) and (("not legal" in said.line) if language == "en" else ("не разрешён" in said.line))
    assert a.answer("no").correct
    # what is the score? the engine's exact answer, the teacher's own line for a wrong one
    a.go(3)
    own = a.answer("8/24")
    assert own.misconception == "file.wrong.2" and ("tops" in own.line or "числители" in own.line)
    assert a.answer("1").correct
    assert a.score() == (4, 4)
    # the worked solution is the engine's explanation once the tries are used
    b = Activity(load_lesson(SAMPLE), language)
    b.go(3)
    b.answer("3")
    b.answer("2")
    reveal = b.view_model()["screen"]["reveal"]
    assert reveal["answer"] == "1" and any("4 + 2 + 2 = 8" in p for part in reveal["parts"] for p in part["paragraphs"])


def test_a_missing_language_falls_back_with_a_visible_marker() -> None:
    a = Activity(load_lesson(SAMPLE), "bg")
    a.go(1)
    prompt = a.view_model()["screen"]["prompt"][0]
    assert prompt.startswith("(на английски) One pizza")
    a.go(0)
    assert a.view_model()["screen"]["prompt"][0].startswith("Мия")


def test_html_in_a_prompt_is_text() -> None:
    from teachgames.widgets.activity_static import screen_html

    data = sample()
    data["screens"][0]["prompt"] = {"en": "<script>alert(1)</script><b>Mia</b> eats 1/4"}
    a = Activity(read_lesson(json.dumps(data)), "en")
    vm = a.view_model()
    assert vm["screen"]["prompt"] == ["<script>alert(1)</script><b>Mia</b> eats 1/4"]
    page = screen_html(vm)
    assert "<script>" not in page and "&lt;script&gt;" in page


def _set(data: dict[str, Any], pointer: str, value: Any) -> dict[str, Any]:
    data = copy.deepcopy(data)
    *path, last = [int(p) if p.isdigit() else p for p in pointer.strip("/").split("/")]
    target: Any = data
    for key in path:
        target = target[key]
    target[last] = value
    return data


@pytest.mark.parametrize(
    ("pointer", "value", "words"),
    [
        ("/version", 7, "version 7 is not one this teachgames reads"),
        ("/version", "1", "version"),
        ("/format", "lesson", "not a teachgames lesson file"),
        ("/screens/0/task/answer", "three quarters and a bit", "is not an amount"),
        ("/screens/0/task/answer", ["1/2"], "amount written as text"),
        ("/screens/0/task/kind", "essay", "one of amount, choose, legal, score"),
        ("/screens/0/promt", "typo", "unknown field 'promt'"),
        ("/screens/0/title", {"de": "Zwei"}, "unknown language 'de'"),
        ("/screens/0/task/wrong/0/misconception", "confused", "unknown misconception 'confused'"),
        ("/screens/0/task/wrong/0/answer", "2/4", "is the right answer"),
        ("/screens/1/task/options/1/right", False, "mark one option"),
        ("/screens/1/id", "two-quarters", "two screens have the id"),
        ("/screens/2/position", "tg1-delissimo-AAAA-00000000", "check"),
        ("/screens/2/task/move", {"kind": "fly"}, "cannot read this move"),
        ("/screens/3/task/player", 9, "from 1 to 2"),
        ("/tries", 0, "from 1 to 5"),
        ("/screens", [], "1 to 100 screens"),
    ],
)
def test_a_hand_edited_mistake_is_refused_with_its_place_and_reason(pointer: str, value: Any, words: str) -> None:
    error = refused(_set(sample(), pointer, value))
    assert words in error.reason
    assert isinstance(error, GameFileError)
    # the place named is the field itself or the object holding it, never just "the file"
    assert pointer.startswith(error.where) or error.where.startswith(pointer)
    assert error.where.count("/") >= min(pointer.count("/"), 2) - 1


def test_broken_json_names_its_line_and_column() -> None:
    text = SAMPLE.read_text(encoding="utf-8").replace('"tries": 2,', '"tries": 2')
    error = refused(text)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if '"tries": 2' in row) + 1
    assert error.where.startswith(f"line {line}, column") and "not valid JSON" in error.reason


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "teachgames-lesson", "version": 1, "id": "x", "id": "y"}',
        "[" * 5000 + "]" * 5000,
        json.dumps({"format": "teachgames-lesson", "version": 1, "id": "x", "title": "t",
                    "screens": [{"title": "a", "prompt": {"en": [[[[[[[[[["deep"]]]]]]]]]]}}]}),
        json.dumps({"format": "teachgames-lesson", "version": 1, "id": "x", "title": "t",
                    "screens": [{"title": "a", "prompt": "x" * 3000}]}),
        " " * (MAX_FILE_BYTES + 1),
        "\"just text\"",
    ],
)
def test_hostile_files_are_refused_in_plain_words(text: str) -> None:
    error = refused(text)
    assert error.reason and "Traceback" not in str(error)


def test_a_failed_save_keeps_the_last_good_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    place = tmp_path / "mine.json"
    save_lesson(sample(), place)
    good = place.read_bytes()
    with pytest.raises(LessonFileError):
        save_lesson(_set(sample(), "/version", 99), place)
    assert place.read_bytes() == good

    def broken_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.fsync", broken_disk)
    changed = _set(sample(), "/screens/0/prompt", "changed")
    with pytest.raises(OSError):
        save_lesson(changed, place)
    assert place.read_bytes() == good
    assert [p.name for p in tmp_path.iterdir()] == ["mine.json"]  # no half-written file left


def test_a_teachers_folder_is_listed_with_the_broken_files_and_their_reasons(tmp_path: Path) -> None:
    save_lesson(sample(), tmp_path / "a.json")
    (tmp_path / "b.json").write_text('{"format": "teachgames-lesson", "version": 3}', encoding="utf-8")
    (tmp_path / "game.json").write_text(teachgames.new_game("tsvetik", seed=1).to_json(), encoding="utf-8")
    listed = lesson_files(tmp_path, "ru")
    assert [(f.path.name, f.title) for f in listed] == [("a.json", "Половины, четверти и один ход"), ("b.json", None)]
    assert listed[1].problem is not None and "version 3" in listed[1].problem


def test_one_of_our_screens_sits_beside_the_teachers() -> None:
    data = sample()
    data["screens"].append({"ours": "delissimo/6plus/warmup/count"})
    spec = read_lesson(json.dumps(data))
    assert spec.screens[-1].id == "count" and spec.screens[-1].task is not None
    assert "no screen" in refused(_set(data, "/screens/4/ours", "delissimo/6plus/warmup/nope")).reason


@pytest.mark.parametrize("game", ["delissimo", "tsvetik", "ligretto", "split"])
def test_make_a_puzzle_from_any_position_and_answer_it(game: str) -> None:
    g = teachgames.new_game(game, seed=5)
    rng = teachgames.core.Chance(5)
    for _ in range(25):
        if not g.legal_moves():
            break
        g.play(rng.choice(g.legal_moves()))
    legal = make_puzzle(g, "legal", language="ru")
    score = make_puzzle(g, "score", player=2)
    assert set(legal["prompt"]) == {"ru"} and set(score["prompt"]) == {"en", "ru", "bg"}
    lesson = {"format": "teachgames-lesson", "version": 1, "id": f"{game}-puzzles", "title": "Puzzles",
              "screens": [legal, score]}
    spec = read_lesson(json.dumps(lesson))
    a = Activity(spec, "en")
    assert a.view_model()["screen"]["svg"].startswith("<svg")
    assert a.answer("no").misconception == "file.legal"  # the first legal move is legal
    assert a.answer("yes").correct
    a.go(1)
    assert a.answer(str(g.scores()[1])).correct
    assert a.view_model()["screen"]["prompt"][0] == "What is Player 2's score now? Work it out from the table."


def test_a_teacher_checks_a_file_from_the_command_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    bad = tmp_path / "bad.json"
    bad.write_text(SAMPLE.read_text(encoding="utf-8").replace('"answer": "1/2"', '"answer": "half-ish"'), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "teachgames.lesson.filecheck", "check", str(SAMPLE), str(bad)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 1
    assert "good, 4 screens: two-quarters, bigger, one-for-one, anna-score" in run.stdout
    assert "bad.json, /screens/0/task/answer: 'half-ish' is not an amount" in run.stderr
    assert "Traceback" not in run.stderr and "Warning" not in run.stderr


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_field_replaced_by_anything_is_refused_in_words_or_runs(data: st.DataObject) -> None:
    lesson = sample()
    path = data.draw(st.sampled_from(_paths(lesson)[1:]))
    target: Any = lesson
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = data.draw(JSON)
    try:
        spec = read_lesson(json.dumps(lesson))
    except LessonFileError as exc:
        assert exc.reason and exc.where
        return
    for language in ("en", "ru", "bg"):
        a = Activity(spec, language)
        for i in range(len(spec.screens)):
            a.go(i)
            a.view_model()
            if spec.screens[i].task is not None:
                a.answer("1/2")


def test_a_field_nested_too_deeply_is_named_by_its_place() -> None:
    """A teacher told "nested too deeply" is told where: the pointer of the first field
    below the limit, in the file's own keys (a key with a slash written as RFC 6901 does)."""
    lesson = sample()
    deep: Any = "x"
    for _ in range(12):
        deep = [deep]
    lesson["screens"][0]["a/b"] = deep
    for data in (json.dumps(lesson), lesson):
        with pytest.raises(LessonFileError) as caught:
            read_lesson(data)
        assert caught.value.where.startswith("/screens/0/a~1b/0/0")
        assert "nested too deeply" in caught.value.reason


def test_every_misconception_a_file_may_name_is_said_to_the_pupil_and_the_others_are_refused() -> None:
    """A wrong answer naming a misconception whose line needs the pupil's own numbers
    (decimal_bar) is refused when the file is read, never a crash when the pupil answers."""
    from teachgames.lesson import Activity, LessonFileError, read_lesson
    from teachgames.lesson.files import known_misconceptions

    def lesson(name: str) -> dict[str, object]:
        task = {"kind": "amount", "answer": "1/2", "wrong": [{"answer": "2/8", "misconception": name}]}
        screen = {"id": "s", "title": "Halves", "prompt": "1/4 + 1/4?", "task": task}
        return {"format": "teachgames-lesson", "version": 1, "id": "m", "title": "M", "screens": [screen]}

    for name in known_misconceptions():
        for language in ("en", "ru", "bg"):
            mark = Activity(read_lesson(lesson(name)), language).answer("2/8")
            assert mark.misconception == f"lesson.misconception.{name}" and mark.line and "{" not in mark.line
    for name in ("decimal_bar", "whole_joined", "whole_dropped", "regroup_halfway"):
        with pytest.raises(LessonFileError, match="misconception"):
            read_lesson(lesson(name))
