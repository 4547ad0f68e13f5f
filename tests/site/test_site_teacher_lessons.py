"""A teacher's own lesson files in the classroom site (``teachgames site --lessons DIR``):
each good file is shipped as it is and as a notebook (with its pupil's page) that runs it,
so a pupil on the site answers the teacher's puzzle; a broken file is left out with its
reason said. The parts are checked without a build; one real build (slow) checks the
built site holds them."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from teachgames import new_game
from teachgames.lesson import make_puzzle, save_lesson
from teachgames.site.builder import copy_contents
from teachgames.site.lessonpage import lesson_page
from teachgames.site.pages import start_page
from teachgames.site.yours import teacher_items

REPO = Path(__file__).resolve().parents[2]


def teachers_folder(tmp_path: Path) -> tuple[Path, int]:
    """A lessons folder with a lesson holding a score puzzle, and a broken file; the
    puzzle's right answer."""
    folder = tmp_path / "my lessons"
    folder.mkdir()
    game = new_game("delissimo", level="basic", players=2, seed=7)
    puzzle = make_puzzle(game, "score", player=1)
    lesson = json.loads((REPO / "lessons" / "teacher-example.json").read_text(encoding="utf-8"))
    lesson["title"]["en"] = "Our <b>class</b> puzzle"
    lesson["screens"] = [puzzle, *lesson["screens"]]
    save_lesson(lesson, folder / "week-3.json")
    (folder / "broken.json").write_text('{"format": "teachgames-lesson", "version": 9}', encoding="utf-8")
    return folder, game.scores()[0]


def run_cells(notebook: Path) -> Any:
    """The last value of the notebook's code (the widget a pupil sees), run as the site does."""
    import ast

    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    source = "\n".join(c["source"] for c in cells if c["cell_type"] == "code")
    tree = ast.parse(source)
    last = ast.Expression(tree.body.pop().value)  # type: ignore[attr-defined]
    scope: dict[str, Any] = {}
    exec(compile(tree, "lesson", "exec"), scope)
    return eval(compile(last, "lesson", "eval"), scope)


def test_a_teachers_lesson_file_becomes_a_site_notebook_a_pupil_answers(tmp_path: Path) -> None:
    folder, right = teachers_folder(tmp_path)
    said: list[str] = []
    notebooks, files = teacher_items(folder, ["en", "ru"], tmp_path / "work", said.append)
    assert [i.target for i in notebooks] == ["en/yours/week-3.ipynb", "ru/yours/week-3.ipynb"]
    assert [i.target for i in files] == ["en/yours/week-3.json", "ru/yours/week-3.json"]
    assert any("broken.json" in line and "version 9" in line for line in said)
    site_files = tmp_path / "files"
    copy_contents(site_files, notebooks, [], files)
    assert (site_files / "en/yours/week-3.json").read_bytes() == (folder / "week-3.json").read_bytes()
    # the pupil's notebook runs the lesson in its language, and the puzzle is marked by the engine
    widget = run_cells(site_files / "ru/yours/week-3.ipynb")
    activity = widget.driver
    assert activity.language == "ru" and activity.spec.title("ru") == "Половины, четверти и один ход"
    assert activity.answer(str(right + 1)).outcome == "wrong"
    assert activity.answer(str(right)).outcome == "right"
    # listed on the start page (title as text) and given a pupil's page that holds the lesson
    page = start_page(notebooks, [], "en")
    assert "Our &lt;b&gt;class&lt;/b&gt; puzzle" in page and "<b>class" not in page
    assert 'href="pupil/en/yours/week-3.html"' in page
    pupil = lesson_page(notebooks[0])
    assert "read_lesson(LESSON" in pupil and "<b>class" not in pupil


def test_a_missing_lessons_folder_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from teachgames.cli import main

    code = main(["site", "-o", str(tmp_path / "site"), "--lessons", str(tmp_path / "nowhere")])
    err = capsys.readouterr().err
    assert code == 1 and "nowhere: there is no such folder" in err and "Traceback" not in err


@pytest.mark.site
@pytest.mark.slow
def test_the_built_site_holds_the_teachers_lesson_and_its_pupil_page(tmp_path: Path) -> None:
    from tests.site.conftest import missing_site_parts

    missing = missing_site_parts()
    if missing:
        if os.environ.get("CI"):
            pytest.fail("; ".join(missing))
        pytest.skip("; ".join(missing))
    from teachgames.site import build_site

    folder, _ = teachers_folder(tmp_path)
    site = tmp_path / "site"
    report = build_site(
        site, ("en",), ("delissimo",), pyodide=os.environ.get("TEACHGAMES_PYODIDE"), lessons=folder
    )
    assert "en/yours/week-3.ipynb" in report.notebooks
    assert (site / "files/en/yours/week-3.json").read_bytes() == (folder / "week-3.json").read_bytes()
    assert (site / "files/en/yours/week-3.ipynb").is_file() and not (site / "files/en/yours/broken.json").exists()
    assert "Our &lt;b&gt;class&lt;/b&gt; puzzle" in (site / "pupil/en/yours/week-3.html").read_text("utf-8")
    assert "pupil/en/yours/week-3.html" in (site / "classroom.html").read_text("utf-8")
    shutil.rmtree(site)
