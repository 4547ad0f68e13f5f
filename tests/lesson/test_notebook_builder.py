"""The generic notebook builder with a lesson of its own: sections per language, fields
filled, missing words named, byte-identical output, a notebook nbformat accepts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from teachgames.lesson.notebooks import Book, Lesson
from teachgames.lesson.prose import Prose, read_sections


def write(folder: Path, language: str, name: str, text: str) -> None:
    (folder / language).mkdir(parents=True, exist_ok=True)
    (folder / language / name).write_text(text, encoding="utf-8")


def toy(book: Book) -> None:
    book.md("title")
    book.setup("import teachgames")
    book.md("ask", card="`3/8`")
    book.code(f"x = 1  # {book.say('comment')}")


@pytest.fixture
def lesson(tmp_path: Path) -> Lesson:
    write(tmp_path, "en", "first.md", "<!-- title -->\n# Toy\n\n<!-- ask -->\nShow {card}. {not a field}\n")
    write(tmp_path, "en", "common.md", "<!-- comment -->\nyour answer\n\n<!-- title -->\nnot this one\n")
    write(tmp_path, "ru", "first.md", "<!-- title -->\n# Игрушка\n\n<!-- ask -->\nПокажи {card}.\n")
    write(tmp_path, "ru", "common.md", "<!-- comment -->\nтвой ответ\n")
    return Lesson("toy", "first", toy, tmp_path)


def test_sections_are_read_by_name() -> None:
    assert read_sections("<!-- a -->\nA\n\n<!-- b.c -->\nB {x}\n") == {"a": "A", "b.c": "B {x}"}
    with pytest.raises(ValueError, match="twice"):
        read_sections("<!-- a -->\nA\n<!-- a -->\nB\n")
    with pytest.raises(ValueError, match="before the first"):
        read_sections("stray\n<!-- a -->\nA\n")


def test_a_lesson_is_built_in_each_language(lesson: Lesson) -> None:
    en = json.loads(lesson.source("en"))
    ru = json.loads(lesson.source("ru"))
    assert en["cells"][0]["source"] == "# Toy"  # the lesson's own section wins
    assert en["cells"][2]["source"] == "Show `3/8`. {not a field}"  # other braces stay
    assert ru["cells"][2]["source"] == "Покажи `3/8`."
    assert "set_language('ru')" in ru["cells"][1]["source"]
    assert ru["cells"][3]["source"] == "x = 1  # твой ответ"
    assert ru["metadata"]["teachgames"] == {"game": "toy", "lesson": "first", "language": "ru"}
    assert all(c["outputs"] == [] for c in en["cells"] if c["cell_type"] == "code")
    assert lesson.source("en") == lesson.source("en"), "byte-identical on every build"
    import nbformat

    nbformat.validate(nbformat.reads(lesson.source("ru"), as_version=4))


def test_a_missing_section_or_field_is_named(lesson: Lesson, tmp_path: Path) -> None:
    with pytest.raises(KeyError, match="no section 'title'"):
        lesson.source("bg")
    prose = Prose.load("en", [tmp_path / "en" / "first.md"])
    with pytest.raises(KeyError, match="needs a value for 'card'"):
        prose("ask")
    assert prose.fields("ask") == {"card"}


def test_paths_follow_one_scheme(lesson: Lesson, tmp_path: Path) -> None:
    assert lesson.path(tmp_path, "bg") == tmp_path / "bg" / "toy-first.ipynb"
    with pytest.raises(ValueError, match="unknown language"):
        lesson.prose("de")
