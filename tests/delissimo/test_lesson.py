"""Delissimo's lesson package: light to import, no per-language words in its code, and
its ``lesson.*`` catalogue the same in every language (its exit tickets are the lessons'
ticket activities: tests/lesson/test_exit_tickets.py and tests/delissimo/test_activities.py)."""

from __future__ import annotations

import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from teachgames.core.i18n import keys, messages, placeholders

ROOT = Path(__file__).resolve().parents[2]
LATIN = re.compile(r"[A-Za-z]")


def test_import_is_light() -> None:
    code = "import sys, teachgames.delissimo.lesson; print('sympy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_no_words_in_the_lesson_code() -> None:
    """No per-language texts in the code: screens and worked lines read the text sections
    and the catalogue."""
    package = ROOT / "teachgames" / "delissimo" / "lesson"
    for path in package.glob("*.py"):
        assert not re.search(r"""["'](?:ru|bg)["']\s*:""", path.read_text(encoding="utf-8")), path.name


def lesson_words(lang: str) -> dict[str, str]:
    """The lesson's messages in one language: the catalogue's ``lesson.*`` keys."""
    return {key: text for key, text in messages("delissimo", lang).items() if key.startswith("lesson.")}


def test_words_have_the_same_keys_and_placeholders() -> None:

    def fields(s: str) -> set[str]:
        return set(placeholders(s))

    english = lesson_words("en")
    assert english, "the lesson's words are in the catalogue"
    assert {key for key in keys("delissimo") if key.startswith("lesson.")} == set(english)
    for lang in ("ru", "bg"):
        assert set(lesson_words(lang)) == set(english), lang
        for key, text in lesson_words(lang).items():
            assert fields(text) == fields(english[key]), (lang, key)


@pytest.mark.parametrize("lang", ["ru", "bg"])
def test_words_have_no_english_left(lang: str) -> None:
    words_of = lesson_words(lang)
    assert set(words_of) == set(lesson_words("en"))
    for key, text in words_of.items():
        # placeholders (such as {parameter}, the notebook's give= or take=) are filled in
        words = "".join(literal for literal, _, _, _ in string.Formatter().parse(text))
        assert not LATIN.search(words), (lang, key, text)
