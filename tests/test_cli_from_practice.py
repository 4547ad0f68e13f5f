"""``teachgames worksheet GAME --from-practice FILE``: a sheet for one pupil from a saved
practice, aimed at the skills the pupil knows least, with its answer key; a bad file is one
line in plain words (never a traceback) and nothing is printed on stdout."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from teachgames import practice
from teachgames.cli import main


def _saved(tmp_path: Path, *, wrong_on: str, game: str = "delissimo", bom: bool = False) -> Path:
    """A pupil who answers every item of ``wrong_on`` with a misconception's answer and
    every other item right; the run saved as the widget keeps it."""
    run = practice.Practice(game, None, 3, "en")
    for _ in range(30):
        item = run.item
        skill_id = getattr(item.skill, "id", item.skill)
        wrong = item.wrong_answers()
        if skill_id == wrong_on and wrong:
            run.answer(next(iter(wrong.values())))
        else:
            run.answer(item.answer_text())
        run.next()
    path = tmp_path / "pupil.json"
    path.write_text(("\ufeff" if bom else "") + json.dumps(run.to_dict()), encoding="utf-8")
    return path


def test_the_sheet_aims_at_the_pupils_weakest_skill_and_has_its_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _saved(tmp_path, wrong_on="add_unlike", bom=True)  # as Notepad saves it, too
    record = json.loads(path.read_text(encoding="utf-8-sig"))
    weakest = practice.weakest([record], n=3)
    assert "add_unlike" in weakest
    assert main(["worksheet", "delissimo", "--from-practice", str(path), "--seed", "2"]) == 0
    out = capsys.readouterr().out
    title = practice.skill("delissimo", "add_unlike").title("en")
    assert f"## {title}" in out
    sheet = practice.sheet("delissimo", weakest, items=4, seed=2, language="en")
    assert sheet["sheet"] in out and sheet["key"] in out  # the questions, then the answers
    assert out.index(sheet["sheet"]) < out.index(sheet["key"])
    assert "Aimed at the pupil's weakest skills" in out


def test_the_sheet_is_in_the_language_asked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _saved(tmp_path, wrong_on="compare")
    assert main(["worksheet", "delissimo", "--from-practice", str(path), "--language", "ru"]) == 0
    out = capsys.readouterr().out
    assert "Задания на самые слабые умения ученика" in out


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (None, "cannot read the saved practice"),
        ('{"version": ', "is not JSON"),
        (b"\xff\xfe\x00bad", "is not JSON"),
        ('{"version": 99, "game": "delissimo"}', "cannot be read"),
        ("[1, 2, 3]", "cannot be read"),
    ],
)
def test_a_bad_file_is_one_line_in_plain_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | bytes | None, words: str
) -> None:
    path = tmp_path / "saved.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    assert main(["worksheet", "delissimo", "--from-practice", str(path)]) == 2
    said = capsys.readouterr()
    assert said.out == ""
    assert words in said.err and "Traceback" not in said.err
    assert said.err.count("\n") == 1


def test_another_games_practice_says_which_game_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _saved(tmp_path, wrong_on="name_pair", game="split")
    assert main(["worksheet", "delissimo", "--from-practice", str(path)]) == 2
    err = capsys.readouterr().err
    assert "is a practice of split, not of delissimo" in err


def test_without_a_file_to_write_or_a_practice_the_command_says_what_it_needs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["worksheet", "delissimo"]) == 2
    assert "-o FILE" in capsys.readouterr().err
