"""A teacher's lesson file printed as worksheets: what the teacher reads on paper.

The file has a typed amount, a choice, "is this move legal?", "what is the score?" (made
with make_puzzle, on another game's table) and a screen of ours: every prompt and picture
on the pupils' sheets, every answer, worked solution and likely wrong answer in the key,
in en, ru and bg, with the lesson files' marker where the file lacks a language. From the
command line with no game to name; a bad or missing file is one line, never a traceback.
"""

from __future__ import annotations

import html
import json
import os
import shutil
import subprocess
import unicodedata
from pathlib import Path
from typing import Any

import pytest

import teachgames
from teachgames.cli import main
from teachgames.core.i18n import tr
from teachgames.lesson import load_lesson, make_puzzle
from teachgames.lesson.files import LessonFileError
from teachgames.lesson.screens import paragraphs
from teachgames.worksheets import lesson_file_worksheet
from teachgames.worksheets.activity import activity_print_tasks
from teachgames.worksheets.html import key_html, sheets_html

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "lessons" / "teacher-example.json"
HOSTILE = "<img src=x onerror=alert(1)> \\input{/etc/passwd} }{\\end{document}"


def lesson_data() -> dict[str, Any]:
    """Our sample lesson (amount, choose, legal, score on a Delissimo table), a score
    puzzle made on a Split table, and a screen of ours."""
    data: dict[str, Any] = json.loads(SAMPLE.read_text(encoding="utf-8"))
    split = teachgames.new_game("split", seed=0)
    data["screens"].append(make_puzzle(split, "score", player=2, id="split-score"))
    data["screens"].append({"ours": "delissimo/8plus/warmup/fit"})
    return data


@pytest.fixture
def lesson(tmp_path: Path) -> Path:
    path = tmp_path / "my-lesson.json"
    path.write_text(json.dumps(lesson_data(), ensure_ascii=False), encoding="utf-8")
    return path


def _esc(text: str) -> str:
    return html.escape(text)  # as the writers escape: quotes too


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_every_screen_prints_its_prompt_and_its_key(lesson: Path, language: str) -> None:
    sheet = lesson_file_worksheet(lesson, language=language, names=["Аня", "王小明"])
    pupils, key = sheets_html(sheet), key_html(sheet)
    spec = load_lesson(lesson)
    assert sheet.title == spec.title(language) and _esc(sheet.title) in pupils
    asking = [s for s in spec.screens if s.task is not None]
    assert len(sheet.kinds) == len(asking) == 6
    assert [p.label(language) for p in sheet.pupils] == ["Аня", "王小明"]
    for screen in asking:
        assert screen.task is not None
        for paragraph in paragraphs(screen.prompt(language)):
            assert _esc(paragraph) in pupils
        if screen.picture is not None:  # the position's picture, under the prompt
            assert screen.picture(language) in pupils
        assert _esc(screen.task.answer_text(language)) in key
        for wrong, line in screen.task.likely_wrong(language):
            assert _esc(f"{wrong}: {line}") in key
        if screen.worked is not None:  # the teacher's words and the engine's working
            assert _esc(paragraphs(screen.worked(language).text)[0]) in key
    # the engine's own answers: the move is not legal at 6+, Player 1's pile is 1 pizza
    assert _esc(tr("lesson.no", language)) in key and "4 + 2 + 2 = 8" in key


def test_a_text_the_file_lacks_prints_with_the_marker_never_silently(lesson: Path) -> None:
    pupils = sheets_html(lesson_file_worksheet(lesson, language="bg"))
    # the choice's prompt is written in en and ru only: in Bulgarian it says so
    assert _esc("(на английски) One pizza is cut into 8 equal slices") in pupils
    assert "Колко пица изяде?" in pupils  # a text the file has is printed as written


def test_a_screen_of_ours_prints_as_it_does_in_our_lesson(lesson: Path) -> None:
    task = lesson_file_worksheet(lesson, language="ru").pupils[0].tasks[-1]
    (ours,) = [
        t for t in activity_print_tasks("delissimo", "8plus", "warmup", "ru") if t.kind == "warmup.fit"
    ]
    assert (task.title, task.prompt, task.answer, task.misconceptions) == (
        ours.title, ours.prompt, ours.answer, ours.misconceptions,
    )  # fmt: skip
    assert task.picture_svg == ours.picture_svg


def test_the_file_s_own_language_is_the_default(tmp_path: Path) -> None:
    data = lesson_data()
    data["language"] = "ru"
    path = tmp_path / "ru.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    sheet = lesson_file_worksheet(path)
    assert sheet.language == "ru" and sheet.title == "Половины, четверти и один ход"
    assert lesson_file_worksheet(path, language="en").title == "Halves, quarters and a capture"


def test_html_in_a_teachers_words_is_text_in_html_and_latex(tmp_path: Path) -> None:
    data = lesson_data()
    data["title"] = {"en": HOSTILE}
    data["screens"][0]["prompt"] = {"en": f"{HOSTILE} Mia eats 1/4"}
    data["screens"][1]["task"]["options"][0]["text"] = {"en": "<b>1/8</b>"}
    data["screens"][0]["task"]["wrong"][1]["line"] = {"en": "Eating more\ncannot leave you with less."}
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    sheet = lesson_file_worksheet(path, language="en", names=["<i>Bo</i>"])
    for page in (sheets_html(sheet), key_html(sheet)):
        assert "<img src=x" not in page and "<b>1/8</b>" not in page and "<i>Bo</i>" not in page
        assert _esc("<img src=x onerror=alert(1)>") in page
    assert _esc("<b>1/8</b>") in sheets_html(sheet)
    sheet.write(tmp_path / "s.tex")
    for name in ("s.tex", "s-key.tex"):
        tex = (tmp_path / name).read_text(encoding="utf-8")
        assert r"\input{/etc/passwd}" not in tex
        assert "␊" not in tex  # a newline the teacher typed is a space, not its sign
        assert tex.count(r"\end{document}") == 1 and tex.rstrip().endswith(r"\end{document}")


def test_a_bad_file_says_where_and_why(tmp_path: Path) -> None:
    data = lesson_data()
    data["screens"][0]["task"]["answer"] = "three quarters and a bit"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(LessonFileError) as caught:
        lesson_file_worksheet(path)
    assert caught.value.where == "/screens/0/task/answer" and "is not an amount" in caught.value.reason
    with pytest.raises(ValueError, match="2 names for 3 pupils"):
        lesson_file_worksheet(SAMPLE, pupils=3, names=["A", "B"])


# ---------------------------------------------------------------------- the command


def test_the_command_prints_a_lesson_file_with_no_game(
    lesson: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sheet.html"
    argv = ["worksheet", "--file", str(lesson), "--language", "ru", "--names", "Аня,Борис", "-o", str(out)]
    assert main(argv) == 0
    said = capsys.readouterr().out
    assert "2 ученика" in said and "sheet-key.html" in said
    pupils = out.read_text(encoding="utf-8")
    key = (tmp_path / "sheet-key.html").read_text(encoding="utf-8")
    assert pupils.count('<article class="pupil"') == 2 and "Аня" in pupils and "Борис" in pupils
    assert "Сколько пиццы она съела?" in pupils
    assert '<span class="answer">1/2.' in key and '<span class="answer">нет.' in key
    assert main(["worksheet", "--pupils", "3", "--file", str(lesson), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").count('<article class="pupil"') == 3


def test_a_game_s_sheet_keeps_the_options_given_before_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """-o, --pupils ... are the worksheet's own now (for --file): given before a game's name
    they still count, and the game's parser does not put its defaults back over them."""
    out = tmp_path / "sheet.html"
    assert main(["worksheet", "-o", str(out), "--pupils", "2", "split", "--language", "ru"]) == 0
    assert "2 ученика" in capsys.readouterr().out
    assert out.read_text(encoding="utf-8").count('<article class="pupil"') == 2


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    return err


def test_a_bad_or_missing_file_is_one_line_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sheet.html"
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "teachgames-lesson",\n  "version": 1,,\n}', encoding="utf-8")
    err = _refused(["worksheet", "--file", str(broken), "-o", str(out)], capsys)
    assert "broken.json, line 2, column 16: this is not valid JSON here" in err
    wrong = tmp_path / "wrong.json"
    data = lesson_data()
    data["screens"][1]["task"]["options"][1]["right"] = False
    wrong.write_text(json.dumps(data), encoding="utf-8")
    err = _refused(["worksheet", "--file", str(wrong), "-o", str(out)], capsys)
    assert "wrong.json, /screens/1/task/options: mark one option" in err
    err = _refused(["worksheet", "--file", str(tmp_path / "nope.json"), "-o", str(out)], capsys)
    assert "there is no lesson file" in err and "nope.json" in err
    assert not out.exists() and not (tmp_path / "sheet-key.html").exists()


def test_the_command_says_what_it_needs(
    lesson: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = str(tmp_path / "sheet.html")
    assert "--file LESSON.json" in _refused(["worksheet", "-o", out], capsys)
    assert "leave out delissimo" in _refused(
        ["worksheet", "delissimo", "--file", str(lesson), "-o", out], capsys
    )
    assert "-o FILE" in _refused(["worksheet", "--file", str(lesson)], capsys)
    assert "2 names for 3 pupils" in _refused(
        ["worksheet", "--file", str(lesson), "--pupils", "3", "--names", "A,B", "-o", out], capsys
    )


# ---------------------------------------------------------------------- on paper


@pytest.mark.slow
def test_the_pdf_prints_every_name_and_the_lessons_words(lesson: Path, tmp_path: Path) -> None:
    for tool in ("lualatex", "pdftotext"):
        if shutil.which(tool) is None:
            if os.environ.get("CI"):
                pytest.fail(f"{tool} is missing: .ci/run must install TeX Live and poppler-utils")
            pytest.skip(f"{tool} is not installed")
    names = ["Аня", "王小明", "مريم", "Nguyễn 🍕"]
    out = tmp_path / "s.pdf"
    assert main(["worksheet", "--file", str(lesson), "--language", "ru", "--names", ",".join(names),
                 "-o", str(out)]) == 0  # fmt: skip

    def words(pdf: Path) -> str:
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
        return " ".join(text.replace("\u00ad", "").split())

    pupils, key = words(out), words(tmp_path / "s-key.pdf")
    for name in names[:3]:  # Arabic comes out in its shaped forms: NFKC gives the letters back
        assert name in unicodedata.normalize("NFKC", pupils) and name in unicodedata.normalize("NFKC", key)
    assert "Nguyễn" in pupils and "Nguyễn" in key
    assert pupils.count("Половины, четверти и один ход") >= len(names)
    assert "Сколько пиццы она съела?" in pupils
    assert "Ответ: 1/2." in key and "4 + 2 + 2 = 8" in key
