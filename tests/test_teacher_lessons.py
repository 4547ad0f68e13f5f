"""A teacher's own lesson files beside ours: `teachgames lessons` lists them (broken ones
with their reason) and gives each good one a notebook that runs it like our lessons."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from teachgames.cli import main
from teachgames.cli.teacher_lessons import teacher_lessons
from teachgames.core.editing import PositionEditor
from teachgames.lesson.editor import puzzle, save_puzzle


def a_puzzle_file(folder: Path, name: str = "week-3.json") -> Path:
    e = PositionEditor("split", seed=0)
    return save_puzzle(puzzle(e, "score", player=2), folder / name)


def test_a_teacher_file_gets_a_notebook_that_runs_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a notebook runs in its own folder
    file = a_puzzle_file(tmp_path)
    (tmp_path / "broken.json").write_text('{"format": "teachgames-lesson", "version": 7}', encoding="utf-8")
    found, written = teacher_lessons(tmp_path, "ru")
    assert [f.path.name for f in found] == ["broken.json", "week-3.json"]
    assert "version 7" in (found[0].problem or "")
    assert written == [tmp_path / "week-3.ipynb"]
    source = "".join(json.loads(written[0].read_text(encoding="utf-8"))["cells"][0]["source"])
    # the notebook's code runs the file as the pupil's activity, in the language asked
    namespace: dict[str, object] = {}
    exec(
        compile(source.replace("show_lesson(", "made = show_lesson("), "week-3.ipynb", "exec"),
        namespace,
        namespace,
    )
    activity = namespace["made"].driver  # type: ignore[attr-defined]
    assert activity.language == "ru"
    assert len(activity.spec.screens) == 1
    assert file.with_suffix(".ipynb").exists()


def test_a_notebook_already_there_is_never_overwritten(tmp_path: Path) -> None:
    a_puzzle_file(tmp_path)
    mine = tmp_path / "week-3.ipynb"
    mine.write_text("my own notebook", encoding="utf-8")
    _, written = teacher_lessons(tmp_path)
    assert written == [] and mine.read_text(encoding="utf-8") == "my own notebook"


def test_teachgames_lessons_lists_the_teacher_s_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "class-7b"
    folder.mkdir()
    a_puzzle_file(folder)
    assert main(["lessons", "--dir", str(folder), "--no-lab"]) == 0
    out = capsys.readouterr().out
    assert "your own lesson files" in out and "week-3.json: My puzzles (1 screen) -> week-3.ipynb" in out
    assert (folder / "week-3.ipynb").exists()


def test_teachgames_lessons_lists_a_broken_file_with_its_reason_in_the_teachers_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "class-7b"
    folder.mkdir()
    a_puzzle_file(folder)
    (folder / "broken.json").write_text(
        '{"format": "teachgames-lesson", "version": 1, "id": "x",}', encoding="utf-8"
    )
    assert main(["lessons", "--dir", str(folder), "--no-lab", "--language", "ru"]) == 0
    out = capsys.readouterr().out
    assert (
        "  broken.json: не читается: broken.json, строка 1, столбец 57:"
        " здесь ошибка в записи JSON (ожидалось имя поля в двойных кавычках)"
    ) in out
    assert "week-3.json: Мои задачи (1 экран) -> week-3.ipynb" in out


def test_a_notebook_an_earlier_teachgames_wrote_is_written_again_for_the_class(tmp_path: Path) -> None:
    """Its notebook ran the lesson without the class; the new one joins the class."""
    a_puzzle_file(tmp_path)
    earlier = tmp_path / "week-3.ipynb"
    source = (
        "from teachgames.lesson import Activity, load_lesson\n"
        "from teachgames.widgets.activity import ActivityWidget\n\n"
        "ActivityWidget(Activity(load_lesson('week-3.json'), 'ru'))"
    )
    earlier.write_text(json.dumps({"cells": [{"cell_type": "code", "source": source}]}), encoding="utf-8")
    _, written = teacher_lessons(tmp_path, "ru")
    assert written == [earlier]
    assert "show_lesson('week-3.json', language='ru')" in earlier.read_text(encoding="utf-8")
    # edited by the teacher (a second line): their own, left alone
    earlier.write_text(json.dumps({"cells": [{"cell_type": "code", "source": source + "\nprint(1)"}]}))
    assert teacher_lessons(tmp_path, "ru")[1] == []
