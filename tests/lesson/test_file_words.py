"""Why a lesson file is refused, in the teacher's language.

A Russian or Bulgarian teacher who writes a lesson file reads why it is refused in Russian
or Bulgarian, with the file's own data (a field's name, a version, a misconception's name)
filled in as it is and no English sentence left inside; the English reason, ``str()`` and
``where`` are the same as ever (logs and tests read them). Every message the refusals use
is in the catalogues (their completeness in ru and bg, with the same placeholders, is held
by ``test_the_shared_catalogue_is_complete_in_every_language`` and ``test_core_messages_complete``).
"""

from __future__ import annotations

import ast
import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from teachgames.core.i18n import messages
from teachgames.lesson import Activity
from teachgames.lesson.filecheck import main as filecheck
from teachgames.lesson.files import MAX_FILE_BYTES, LessonFileError, known_misconceptions, read_lesson

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "lessons" / "teacher-example.json"
CYRILLIC = re.compile(r"[а-яА-ЯёЁ]")
#: The file's own data and the names of things that are the same in every language: quoted
#: values and fields, the product's and the formats' names, codes, ids with - _ or /.
DATA = re.compile(
    r"'[^']*'|\"[^\"]*\"|\bteachgames\b|\bJSON\b|\bUTF-8\b|\btg1-\S*|\b[a-z0-9]+(?:[_/-][a-z0-9]+)+\b"
)


def sample() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SAMPLE.read_text(encoding="utf-8"))
    return data


def changed(pointer: str, value: Any) -> str:
    """The sample lesson with the field at ``pointer`` set to ``value``, as JSON text."""
    data = copy.deepcopy(sample())
    *path, last = [int(p) if p.isdigit() else p for p in pointer.strip("/").split("/")]
    target: Any = data
    for key in path:
        target = target[key]
    target[last] = value
    return json.dumps(data)


def nested_too_deeply() -> str:
    data = sample()
    deep: Any = "x"
    for _ in range(12):
        deep = [deep]
    data["screens"][0]["hint"] = deep
    return json.dumps(data)


#: (name, the bad file's text, where it is wrong, the English reason as it always was, the
#: file's data every language shows as it is)
BAD: list[tuple[str, Callable[[], str | bytes], str, str, tuple[str, ...]]] = [
    ("not JSON", lambda: SAMPLE.read_text(encoding="utf-8").replace('"tries": 2,', '"tries": 2'),
     "line 14, column 3", "this is not valid JSON here (Expecting ',' delimiter)", ("JSON",)),
    ("wrong format", lambda: changed("/format", "lesson"),
     "/format", "this is not a teachgames lesson file: \"format\" must be 'teachgames-lesson'",
     ('"format"', "'teachgames-lesson'")),
    ("unknown version", lambda: changed("/version", 7), "/version",
     "lesson file version 7 is not one this teachgames reads (a newer teachgames wrote it); it reads 1", ("7", "1")),
    ("wrong type in a field", lambda: changed("/tries", "two"),
     "/tries", "this must be a whole number from 1 to 5, not 'two'", ("1", "5", "'two'")),
    ("wrong type deep down", lambda: changed("/screens/0/task/answer", ["1/2"]),
     "/screens/0/task/answer", 'this must be an amount written as text, like "3/4", not a list', ('"3/4"',)),
    ("too big", lambda: " " * (MAX_FILE_BYTES + 1),
     "", "the file is too large for a lesson (512,001 bytes; at most 512,000)", ("512001", "512000")),
    ("too deep", nested_too_deeply,
     "/screens/0/hint/0/0/0/0/0/0/0", "the JSON is nested too deeply (at most 10 levels)", ("10",)),
    ("duplicate screen id", lambda: changed("/screens/1/id", "two-quarters"),
     "/screens/1/id", "two screens have the id 'two-quarters': each needs its own", ("'two-quarters'",)),
    ("bad position code", lambda: changed("/screens/2/position", "tg1-delissimo-AAAA-00000000"),
     "/screens/2/position", "the position code has a typo or a part missing (its check does not match)", ()),
    ("unknown misconception", lambda: changed("/screens/0/task/wrong/0/misconception", "confused"),
     "/screens/0/task/wrong/0/misconception",
     f"unknown misconception 'confused'; teachgames names {', '.join(known_misconceptions())} (or write a 'line')",
     ("'confused'", ", ".join(known_misconceptions()), "'line'")),
    ("a field written twice", lambda: '{"format": "teachgames-lesson", "version": 1, "id": "x", "id": "y"}',
     "", "the field 'id' is written twice in one object", ("'id'",)),
    ("not UTF-8", lambda: b"\xff\xfe{", "", "the file is not UTF-8 text", ("UTF-8",)),
]  # fmt: skip


def refused(text: str | bytes) -> LessonFileError:
    with pytest.raises(LessonFileError) as caught:
        read_lesson(text, "mine.json")
    return caught.value


def english_left(text: str) -> list[str]:
    """Latin words of ``text`` that are not the file's data nor names the same in every language."""
    rest = DATA.sub(" ", text)
    for name in known_misconceptions():  # the names teachgames knows, listed as they are written
        rest = re.sub(rf"\b{name}\b", " ", rest)
    return re.findall(r"[A-Za-z]{2,}", rest)


@pytest.mark.parametrize(("name", "text", "where", "english", "data"), BAD, ids=[case[0] for case in BAD])
def test_the_english_reason_and_its_place_are_as_they_were(
    name: str, text: Callable[[], str | bytes], where: str, english: str, data: tuple[str, ...]
) -> None:
    error = refused(text())
    assert (error.where, error.reason) == (where, english)
    assert str(error) == error.words("en") == (f"mine.json, {where}: {english}" if where else f"mine.json: {english}")
    assert error.reason_in("en") == english and error.worded


@pytest.mark.parametrize("language", ["ru", "bg"])
@pytest.mark.parametrize(("name", "text", "where", "english", "data"), BAD, ids=[case[0] for case in BAD])
def test_the_reason_is_in_the_teachers_language(
    name: str, text: Callable[[], str | bytes], where: str, english: str, data: tuple[str, ...], language: str
) -> None:
    error = refused(text())
    reason = error.reason_in(language)
    assert CYRILLIC.search(reason), reason
    assert "{" not in reason and "}" not in reason, reason  # every parameter filled
    assert english_left(reason) == [], reason
    assert "(in English)" not in reason and "(по-английски)" not in reason and "(на английски)" not in reason
    if language == "bg":
        assert not re.search("[ыэёЫЭЁ]", reason), reason  # Bulgarian, not Russian
    assert [item for item in data if item not in reason] == [], reason  # the file's data as it is
    # a pointer is the file's own keys, the same in every language; a line and column are words
    place = error.where_in(language)
    if where.startswith("line"):
        assert place == {"ru": "строка 14, столбец 3", "bg": "ред 14, колона 3"}[language]
    else:
        assert place == where
    whole = error.words(language)
    assert whole.startswith(f"mine.json, {place}: " if place else "mine.json: ") and whole.endswith(reason)


def test_the_numbers_in_a_reason_agree_with_their_words() -> None:
    too_long = refused(changed("/screens/0/prompt", {"en": "x" * 2001}))
    assert too_long.reason_in("ru") == "текст слишком длинный: 2001 знак, а можно не больше 2000"
    assert too_long.reason_in("bg") == "текстът е твърде дълъг: 2001 знака, а може най-много 2000"
    options = refused(changed("/screens/1/task/options", [{"text": "a"}]))
    assert options.reason_in("ru") == "здесь должен быть список от 2 до 8 вариантов ответа"


def test_what_a_wrong_value_is_is_said_in_the_language_too() -> None:
    error = refused(changed("/screens/0/prompt", None))
    assert error.reason.endswith("not nothing (null)")
    assert error.reason_in("ru").endswith("а не пустое значение (null)")
    assert error.reason_in("bg").endswith("а не празна стойност (null)")
    blank = refused(changed("/screens/0/prompt", {"en": "   "}))
    assert blank.reason == "this must be some words, not text"  # as it always was
    assert blank.reason_in("ru") == "здесь нужны слова, а не пустой текст"


def test_a_move_the_game_cannot_read_keeps_the_games_own_words() -> None:
    error = refused(changed("/screens/2/task/move", {"kind": "fly"}))
    assert error.reason.startswith("the game cannot read this move: unknown kind of move 'fly'")
    assert error.reason_in("ru").startswith("игра не может прочитать этот ход: неизвестный вид хода 'fly'")


def test_english_no_catalogue_words_is_marked_never_passed_off() -> None:
    """A reason from elsewhere (an OS error, a LessonFileError made by hand) is shown in
    English after the marker texts in another language have, never silently."""
    made = LessonFileError("mine.json", "/x", "something odd")
    assert not made.worded
    assert made.reason_in("ru") == "(по-английски) something odd"
    assert made.reason_in("bg") == "(на английски) something odd"
    moved = refused(changed("/version", 7)).at("/elsewhere")
    assert moved.where == "/elsewhere" and moved.reason_in("bg").startswith("тази версия на teachgames")
    broken = refused('{"a": "x\\q"}')  # a message of the JSON parser's: worded too
    assert broken.reason_in("ru") == "здесь ошибка в записи JSON (недопустимый знак после \\)"


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_html_in_a_prompt_is_still_accepted_as_text(language: str) -> None:
    data = sample()
    data["screens"][0]["prompt"] = {language: "<script>alert(1)</script><b>Мия</b> 1/4"}
    shown = Activity(read_lesson(json.dumps(data)), language).view_model()["screen"]["prompt"]
    assert shown == ["<script>alert(1)</script><b>Мия</b> 1/4"]


def test_filecheck_says_it_in_the_language_asked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(changed("/version", 7), encoding="utf-8")
    assert filecheck(["check", str(SAMPLE), str(bad), "--language", "bg"]) == 1
    out, err = capsys.readouterr()
    assert "teacher-example.json: всичко е наред, 4 екрана: two-quarters" in out
    assert err.strip() == (
        "bad.json, /version: тази версия на teachgames не чете файлове с уроци от версия 7"
        " (файлът е записан от по-нова версия на teachgames); тя чете само версии: 1"
    )
    assert filecheck(["list", str(tmp_path), "--language", "ru"]) == 1
    assert "bad.json: bad.json, /version: эта версия teachgames не читает" in capsys.readouterr().out


def _literals(path: Path, call: str, position: int) -> set[str]:
    """The string constants passed as argument ``position`` to calls named ``call`` (either
    branch of ``"a" if ... else "b"`` too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and len(node.args) > position:
            named = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            argument = node.args[position]
            choices = [argument.body, argument.orelse] if isinstance(argument, ast.IfExp) else [argument]
            for choice in choices:
                if named == call and isinstance(choice, ast.Constant) and isinstance(choice.value, str):
                    found.add(choice.value)
    return found


def test_every_message_a_refusal_uses_is_in_the_catalogue_and_every_one_is_used() -> None:
    files = ROOT / "teachgames" / "lesson" / "files.py"
    used = _literals(files, "fail", 1) | _literals(files, "_refused", 2)
    english = messages("lesson", "en")
    written = {k.removeprefix("file_error.") for k in english if k.startswith("file_error.")}
    assert len(used) >= 40
    assert sorted(used - written) == []
    assert sorted(k for k in written - used if not k.startswith(("kind.", "json.")) and k != "line_column") == []
    # the position codes' and positions' messages, raised in the core
    core = set()
    for path in (ROOT / "teachgames" / "core").glob("*.py"):
        core |= {key for key in _literals(path, "file_error", 0)}
    assert len(core) >= 15 and sorted(k for k in core if k.removeprefix("core.") not in messages("core", "en")) == []
