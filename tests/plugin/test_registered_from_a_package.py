"""The toy game's package put on the path and registered in this process (as a notebook
would): its words, lessons and site pages follow the registration to its own folder.
The slow test next to this one installs the same package with pip."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import teachgames
from teachgames.core.i18n import messages, missing_keys, plural_problems, tr, where
from teachgames.core.registry import register_game, unregister_game
from teachgames.lesson.notebooks import build, game_lessons, games_with_lessons, stale
from teachgames.site.content import game_of, known_games

SOURCE = Path(__file__).resolve().parent / "pebbles"


@pytest.fixture
def pebbles(monkeypatch: pytest.MonkeyPatch) -> Iterator[type]:
    monkeypatch.syspath_prepend(str(SOURCE))
    from pebbles.game import PebblesGame

    register_game("pebbles", PebblesGame)
    yield PebblesGame
    unregister_game("pebbles")
    for name in [m for m in sys.modules if m == "pebbles" or m.startswith("pebbles.")]:
        del sys.modules[name]


def test_a_registered_games_words_are_read_from_its_own_folder(pebbles: type) -> None:
    assert where("pebbles") == "pebbles/locales/"
    assert [tr("pebbles.title", lang) for lang in ("en", "ru", "bg")] == ["Pebbles", "Камешки", "Камъчета"]
    assert tr("pebbles.left", "ru", n=21) == "На столе: 21 камешек"
    assert missing_keys("pebbles", "ru") == [] and missing_keys("pebbles", "bg") == []
    for lang in ("en", "ru", "bg"):  # every plural field has the forms its language needs
        assert [t for t in messages("pebbles", lang).values() if plural_problems(t, lang)] == []
    game = teachgames.new_game("pebbles", pile=7)
    assert game.problem({"kind": "take", "player": 1, "count": 1}).words("bg").startswith("На своя ход")


def test_once_unregistered_its_words_are_gone_with_it(pebbles: type) -> None:
    assert tr("pebbles.title", "en") == "Pebbles"
    unregister_game("pebbles")
    with pytest.raises(KeyError, match="looked in teachgames/pebbles/locales/"):
        tr("pebbles.title", "en")


def test_teachgames_own_words_are_not_taken_by_a_game_named_like_them(pebbles: type) -> None:
    before = tr("lesson.plan.minutes", "ru")

    class Named(pebbles):  # type: ignore[misc, valid-type]
        pass

    register_game("lesson", Named)  # a plug-in whose name is a layer's catalogue domain
    try:
        assert tr("lesson.plan.minutes", "ru") == before
        assert where("lesson") == "teachgames/lesson/locales/"
    finally:
        unregister_game("lesson")


def test_its_lessons_are_built_from_the_spec_its_class_names(pebbles: type, tmp_path: Path) -> None:
    names = games_with_lessons()
    assert names[:4] == ["delissimo", "tsvetik", "ligretto", "split"] and names[-1] == "experiments"
    assert "pebbles" in names
    (lesson,) = game_lessons("pebbles")
    assert lesson.stem == "pebbles-intro"
    assert len(stale(tmp_path, ["pebbles"])) == 3  # nothing built yet, in three languages
    written = build(tmp_path, ["pebbles"])
    assert sorted(p.relative_to(tmp_path).as_posix() for p in written) == [
        "bg/pebbles-intro.ipynb", "en/pebbles-intro.ipynb", "ru/pebbles-intro.ipynb"]
    assert "Колко ще вземете и защо?" in (tmp_path / "bg" / "pebbles-intro.ipynb").read_text(encoding="utf-8")
    assert stale(tmp_path, ["pebbles"]) == []


def test_a_game_that_names_no_lessons_has_none(pebbles: type) -> None:
    class Quiet(pebbles):  # type: ignore[misc, valid-type]
        lessons = None

    register_game("quiet", Quiet)
    try:
        assert game_lessons("quiet") == () and "quiet" not in games_with_lessons()
    finally:
        unregister_game("quiet")


def test_the_site_knows_its_notebooks_by_name(pebbles: type) -> None:
    assert "pebbles" in known_games()
    assert game_of(Path("ru/pebbles-intro.ipynb"), known_games()) == "pebbles"
    unregister_game("pebbles")
    assert game_of(Path("ru/pebbles-intro.ipynb"), known_games()) is None


def test_teachgames_lessons_writes_its_notebooks_beside_the_shipped_ones(pebbles: type, tmp_path: Path) -> None:
    from teachgames.cli import copy_lessons

    written = {p.name for p in copy_lessons(tmp_path, language="ru")}
    assert {"pebbles-intro.ipynb", "delissimo-8plus.ipynb"} <= written
    mine = tmp_path / "pebbles-intro.ipynb"
    assert "Камешки: один, два или три" in mine.read_text(encoding="utf-8")
    mine.write_text("my work", encoding="utf-8")
    assert "pebbles-intro.ipynb" not in {p.name for p in copy_lessons(tmp_path, language="ru")}
    assert mine.read_text(encoding="utf-8") == "my work"  # a pupil's work is kept
    copy_lessons(tmp_path, fresh=True, language="ru")
    assert mine.read_text(encoding="utf-8") != "my work"


def test_the_builder_names_the_games_when_asked_for_one_that_is_not_there(
    pebbles: type, capsys: pytest.CaptureFixture[str]
) -> None:
    from teachgames.lesson.notebooks import main

    with pytest.raises(SystemExit) as exit_:
        main(["--game", "pebble", "--check"])
    assert exit_.value.code == 2
    assert "unknown game 'pebble'; the games are: delissimo, tsvetik, ligretto, split, pebbles" in (
        capsys.readouterr().err)
