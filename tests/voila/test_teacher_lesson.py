"""A lesson a teacher made without Python, run by a pupil in Voilà: a puzzle made in the
position editor and saved as a lesson file, given its notebook by `teachgames lessons`
(teachgames.cli.teacher_lessons), answered wrong (the engine's reason shown) and right."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from teachgames.cli.teacher_lessons import teacher_lessons
from teachgames.core.editing import PositionEditor
from teachgames.lesson.editor import puzzle, save_puzzle
from tests.voila.conftest import WALK_TIMEOUT_MS, give

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_pupil_answers_a_teacher_s_puzzle_in_voila(voila_servers: Any, pupil_page: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    folder = tmp_path / "my-lessons"
    folder.mkdir()
    e = PositionEditor("split", seed=0)
    e.take("hand:0", 0)  # the teacher's edit
    lesson = save_puzzle(puzzle(e, "legal"), folder / "week-3.json")
    _, notebooks = teacher_lessons(folder, "en")
    server = voila_servers("en", notebooks=[*notebooks, lesson])

    page = pupil_page.open(server, "week-3.ipynb")
    root = page.locator(".tga-root")
    expect(root).to_have_count(1, timeout=WALK_TIMEOUT_MS)
    expect(root).to_contain_text("Is this move legal?", timeout=WALK_TIMEOUT_MS)
    give(root, ["no"])  # the move is legal: "no" is the slip, and the pupil is told why
    feedback = root.locator("[data-testid=tga-feedback]")
    expect(feedback).to_contain_text("✗", timeout=WALK_TIMEOUT_MS)
    expect(feedback).to_contain_text("This move is legal: it breaks no rule", timeout=WALK_TIMEOUT_MS)
    give(root, ["yes"])
    expect(feedback).to_contain_text("✓", timeout=WALK_TIMEOUT_MS)
    pupil_page.shot("teacher-lesson-voila")
