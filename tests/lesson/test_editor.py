"""The position editor's "Make this a puzzle" and its widget, headless: a teacher edits a
position, makes a puzzle of it, saves it into a lesson file, and a pupil answers it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import teachgames
from teachgames.core.editing import PositionEditor, PositionRefused
from teachgames.lesson import Activity, load_lesson
from teachgames.lesson.editor import legal_moves, puzzle, save_puzzle
from teachgames.lesson.editor_widget import EditorWidget

GAMES = ("delissimo", "tsvetik", "ligretto", "split")
#: A card each game's teacher moves before asking (from seed 0's deal).
EDITS = {
    "delissimo": ("hand:0", "hand:1"),
    "tsvetik": ("bank", "field:0"),
    "ligretto": ("deck:0", "turned:0"),
    "split": ("hand:1", "hand:0"),
}


@pytest.mark.parametrize("name", GAMES)
def test_a_puzzle_made_in_the_editor_is_saved_and_a_pupil_answers_it(name: str, tmp_path: Path) -> None:
    e = PositionEditor(name, players=2, seed=0)
    e.move(EDITS[name][0], 0, EDITS[name][1])
    moves = legal_moves(e)
    assert moves, "the edited position has a move to ask about"
    file = tmp_path / "my-puzzles.json"
    save_puzzle(puzzle(e, "legal", move=len(moves) - 1), file)
    save_puzzle(puzzle(e, "score", player=2), file)
    data = json.loads(file.read_text(encoding="utf-8"))
    assert [s["task"]["kind"] for s in data["screens"]] == ["legal", "score"]
    assert all(s["position"] == e.code() for s in data["screens"])
    assert data["id"] == "my-puzzles" and data["title"]["ru"] == "Мои задачи"

    spec = load_lesson(file)
    a = Activity(spec, "en")
    assert a.answer("no").misconception == "file.legal"  # a listed move is legal: "no" is the slip
    assert a.answer("yes").correct
    a.go(1)
    right = e.game().scores()[1]
    assert a.answer(str(right)).correct
    assert not a.answer(str(right + 1)).correct


def test_the_same_puzzle_saved_twice_is_one_screen_and_another_is_added(tmp_path: Path) -> None:
    e = PositionEditor("split", seed=0)
    file = tmp_path / "week-3.json"
    save_puzzle(puzzle(e, "score", player=1), file)
    save_puzzle(puzzle(e, "score", player=1), file)
    assert len(load_lesson(file).screens) == 1
    save_puzzle(puzzle(e, "score", player=2), file)
    assert len(load_lesson(file).screens) == 2


def test_a_file_that_is_not_a_lesson_is_never_overwritten(tmp_path: Path) -> None:
    e = PositionEditor("tsvetik", seed=0, language="bg")
    file = tmp_path / "notes.json"
    file.write_text('{"my": "notes"}', encoding="utf-8")
    with pytest.raises(PositionRefused, match=r"notes\.json"):
        save_puzzle(puzzle(e, "score"), file, "bg")
    assert file.read_text(encoding="utf-8") == '{"my": "notes"}'


def test_a_puzzle_that_cannot_be_asked_is_refused_in_words() -> None:
    e = PositionEditor("delissimo", seed=0, language="ru")
    with pytest.raises(PositionRefused, match="от 1 до 2"):
        puzzle(e, "score", player=3)
    with pytest.raises(PositionRefused, match="выбери вид задачи"):
        puzzle(e, "essay")
    with pytest.raises(PositionRefused, match="ходов в списке"):
        puzzle(e, "legal", move=10_000)


# ---------------------------------------------------------------------- the widget, headless
def intent(w: EditorWidget, action: str, **args: Any) -> bool:
    return w.handle_intent({"type": "intent", "version": w.version, "action": action, "args": args})


@pytest.mark.parametrize("name", GAMES)
def test_the_widget_lays_out_every_place_and_each_card(name: str) -> None:
    e = PositionEditor(name, players=2, seed=0)
    w = EditorWidget(e)
    vm = w.view_model
    assert [z["id"] for z in vm["zones"]] == [z.id for z in e.zones]
    for zone in vm["zones"]:
        assert [c["name"] for c in zone["cards"]] == e.cards(zone["id"])
    assert vm["code"] == e.code()
    assert (vm["turn"] is None) == (name == "ligretto")
    assert vm["kinds"] and all(vm["labels"].values())


def test_the_widget_puts_takes_refuses_and_undoes(tmp_path: Path) -> None:
    w = EditorWidget(PositionEditor("split", seed=0, language="ru"), folder=tmp_path)
    start = w.view_model["code"]
    card = w.view_model["zones"][0]["cards"][0]["name"]
    assert intent(w, "take", zone="hand:0", index=0)
    assert w.view_model["message"]["text"] == f"Карта {card} убрана: рука игрока 1."
    assert intent(w, "put", card=card.lower(), zone="hand:1")  # a typed name: case forgiven
    assert card in [c["name"] for c in w.view_model["zones"][1]["cards"]]
    edited = w.view_model["code"]
    # a dealt round holds every half-card twice: a third copy cannot exist, and nothing changes
    assert not intent(w, "put", card=card, zone="hand:1")
    assert w.view_model["message"]["text"].startswith("Такой позиции не бывает: в коробке каждая половинка")
    assert w.last_refusal == w.view_model["message"]["text"]
    assert w.view_model["code"] == edited
    while w.view_model["undo"]:
        assert intent(w, "undo")
    assert w.view_model["code"] == start and w.view_model["redo"]
    assert not intent(w, "undo")


def test_a_stale_click_is_refused_and_changes_nothing() -> None:
    w = EditorWidget(PositionEditor("tsvetik", seed=0))
    code = w.view_model["code"]
    assert not w.handle_intent({"type": "intent", "version": w.version - 1, "action": "clear", "args": {"zone": "bank"}})
    assert w.view_model["code"] == code


def test_the_widget_saves_a_puzzle_in_its_folder_only(tmp_path: Path) -> None:
    w = EditorWidget(PositionEditor("ligretto", seed=0, language="en"), folder=tmp_path)
    assert intent(w, "puzzle", kind="score", player=2, file="fractions week")
    assert (tmp_path / "fractions week.json").exists()
    assert w.view_model["message"]["text"] == "The puzzle is saved in fractions week.json."
    assert w.view_model["file"] == "fractions week.json"
    for bad in ("../escape.json", "/tmp/x.json", ".hidden.json"):
        assert not intent(w, "puzzle", kind="score", player=1, file=bad)
        assert "plain name" in (w.last_refusal or "")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fractions week.json"]


def test_open_in_the_game_widget_plays_on_from_the_edited_position() -> None:
    w = EditorWidget(PositionEditor("split", seed=0))
    assert intent(w, "take", zone="hand:0", index=0)
    assert intent(w, "open")
    assert w.opened is not None
    assert w.opened.game.view() == w.editor.game().view()  # type: ignore[attr-defined]


def test_a_pasted_code_loads_and_a_bad_one_is_said() -> None:
    w = EditorWidget(PositionEditor("delissimo", seed=0, language="bg"))
    other = teachgames.new_game("delissimo", players=2, seed=9)
    assert intent(w, "load", code=other.position_code())
    assert w.view_model["code"] == other.position_code()
    assert not intent(w, "load", code="<script>alert(1)</script>")
    assert w.view_model["message"]["text"].startswith("този код на позиция не може да се отвори")


def test_teachgames_editor_is_the_entry_point() -> None:
    w = teachgames.editor("tsvetik", language="ru")
    assert isinstance(w, EditorWidget) and w.view_model["title"].startswith("Редактор позиции")


@pytest.mark.parametrize("name", GAMES)
def test_the_referee_at_the_table_judges_a_claimed_move_with_the_engine_s_words(name: str) -> None:
    w = EditorWidget(PositionEditor(name, players=2, seed=0, language="en"))
    example = w.view_model["example"]
    assert json.loads(example) == legal_moves(w.editor)[0][0]
    assert intent(w, "judge", claim=example)
    assert w.view_model["verdict"]["legal"] is True
    assert w.view_model["message"]["text"] == "The referee says: this move is legal."
    claimed = {**json.loads(example), "player": 1 - json.loads(example).get("player", 0)}
    if name != "ligretto":  # everybody plays at once there: another player's move may be legal too
        assert intent(w, "judge", claim=json.dumps(claimed))
        assert w.view_model["verdict"]["legal"] is False and "✗" in w.view_model["verdict"]["text"]
    for junk in ("nonsense", "[1, 2]", "{" * 5000, None):
        assert not intent(w, "judge", claim=junk)
        assert "notation" in (w.last_refusal or "")
    code = w.view_model["code"]
    assert intent(w, "take", zone=w.view_model["zones"][0]["id"], index=0)
    assert w.view_model["verdict"] is None and w.view_model["code"] != code  # an edit clears the verdict
