"""The position editor's model, for every game: a teacher lays out a position card by
card; what cannot exist is refused in plain words and leaves the position as it was;
undo and redo; the code of an edited position loads back to the same table."""

from __future__ import annotations

import re

import pytest

import teachgames
from teachgames.core.editing import PositionEditor, PositionRefused

GAMES = ("delissimo", "tsvetik", "ligretto", "split")
CYRILLIC = re.compile("[а-яА-Я]")

#: For each game, an edit the engine must refuse from the fresh deal (seed 0), and the
#: words the refusal must say in English.
IMPOSSIBLE = {
    "delissimo": (lambda e: e.put("1/8 mp", "hand:0"), "only order and action cards"),
    "tsvetik": (lambda e: [e.put("red", "field:0") for _ in range(4)], "a field has 3 cells"),
    "ligretto": (lambda e: e.clear("stack:0"), "at least one card in their Ligretto stack"),
    "split": (lambda e: e.clear("draw"), "the draw pile needs at least one card"),
}


#: For each game, a move of a card from one place to another that a table allows.
MOVES = {
    "delissimo": ("hand:0", "hand:1"),
    "tsvetik": ("bank", "collected:1"),
    "ligretto": ("stack:0", "turned:0"),
    "split": ("hand:0", "hand:1"),
}


def first_full_zone(e: PositionEditor) -> str:
    return next(z.id for z in e.zones if e.cards(z.id))


def same_table(e: PositionEditor) -> None:
    """The editor's code loads back to a game equal to the editor's own."""
    loaded = teachgames.load_position(e.code())
    assert loaded.view() == e.game().view()
    assert loaded.position() == e.data


@pytest.mark.parametrize("name", GAMES)
def test_a_card_moved_is_where_it_was_put_and_the_code_keeps_it(name: str) -> None:
    e = PositionEditor(name, players=2, seed=0)
    source, target = MOVES[name]
    before_source, before_target = e.cards(source), e.cards(target)
    card = e.move(source, 0, target)
    assert card == before_source[0]
    assert len(e.cards(source)) == len(before_source) - 1
    assert sorted(e.cards(target)) == sorted([*before_target, card])
    same_table(e)


@pytest.mark.parametrize("name", GAMES)
def test_a_position_that_cannot_exist_is_refused_with_the_reason_and_nothing_changes(name: str) -> None:
    e = PositionEditor(name, players=2, seed=0)
    edit, words = IMPOSSIBLE[name]
    code, data = e.code(), e.data
    with pytest.raises(PositionRefused) as refused:
        edit(e)
    assert refused.value.reason.startswith("This position cannot exist")
    assert words in refused.value.reason
    # a refused edit leaves the table as it was (a partly applied edit would show here)
    assert e.code() == code if name != "tsvetik" else e.cards("field:0") == ["red"] * 3
    if name != "tsvetik":
        assert e.data == data


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("language", ["ru", "bg"])
def test_the_engine_s_reason_is_said_in_the_teacher_s_language(name: str, language: str) -> None:
    e = PositionEditor(name, players=2, seed=0, language=language)
    with pytest.raises(PositionRefused) as refused:
        IMPOSSIBLE[name][0](e)
    reason = refused.value.reason
    assert CYRILLIC.search(reason)
    assert "(по-английски)" not in reason and "(на английски)" not in reason


def test_a_reason_the_catalogue_does_not_word_is_shown_in_english_after_a_marker() -> None:
    e = PositionEditor("ligretto", players=2, seed=0, language="ru")
    first = next(i for i, c in enumerate(e.cards("row:0")) if not c.endswith(" 1"))
    with pytest.raises(PositionRefused) as refused:
        e.move("row:0", first, "centre:0")  # a pile starts with a 1: the reason is worded
    assert "1, 2, 3" in refused.value.reason and CYRILLIC.search(refused.value.reason)
    from teachgames.core.editing_words import engine_reason

    assert engine_reason("a reason nobody worded", "bg") == "(на английски) a reason nobody worded"
    assert engine_reason("a reason nobody worded", "en") == "a reason nobody worded"


@pytest.mark.parametrize("name", GAMES)
def test_a_card_the_game_does_not_have_and_a_place_the_table_lacks_are_refused(name: str) -> None:
    e = PositionEditor(name, players=2, seed=0, language="en")
    zone = e.zones[0].id
    with pytest.raises(PositionRefused, match="no card called “<b>joker</b>”"):
        e.put("<b>joker</b>", zone)
    with pytest.raises(PositionRefused, match="no place called"):
        e.put(e.card_names[0], "attic:3")
    with pytest.raises(PositionRefused, match="no such card"):
        e.take(zone, 999)
    assert not e.can_undo


@pytest.mark.parametrize("name", GAMES)
def test_undo_and_redo_step_through_the_accepted_positions(name: str) -> None:
    e = PositionEditor(name, players=2, seed=0)
    start = e.code()
    source = first_full_zone(e)
    e.take(source, 0)
    after_one = e.code()
    e.take(source, 0)
    after_two = e.code()
    assert len({start, after_one, after_two}) == 3
    assert e.undo() and e.code() == after_one
    assert e.undo() and e.code() == start
    assert not e.undo() and e.code() == start
    assert e.redo() and e.code() == after_one
    e.take(source, 0)  # a new edit forgets what could be redone
    assert not e.can_redo and not e.redo()
    same_table(e)


@pytest.mark.parametrize("name", ["delissimo", "tsvetik", "split"])
def test_whose_turn_is_set_and_the_game_plays_on_from_it(name: str) -> None:
    e = PositionEditor(name, players=3, seed=0)
    e.set_turn(2)
    assert e.turn == 2
    game = teachgames.load_position(e.code())
    assert game.current_player == 2
    with pytest.raises(PositionRefused, match="from 1 to 3"):
        e.set_turn(3)
    with pytest.raises(PositionRefused):
        e.set_turn(True)


def test_ligretto_has_no_turns_and_says_so() -> None:
    e = PositionEditor("ligretto", seed=0)
    assert e.turn is None
    with pytest.raises(PositionRefused, match="everybody plays at once"):
        e.set_turn(1)


@pytest.mark.parametrize("name", GAMES)
def test_a_code_loads_into_the_editor_and_undo_goes_back(name: str) -> None:
    e = PositionEditor(name, players=2, seed=0)
    start = e.code()
    other = teachgames.new_game(name, players=2, seed=5)
    e.load(other.position_code())
    assert e.game().view() == other.view()
    assert e.undo() and e.code() == start


def test_a_wrong_code_or_another_game_s_code_is_refused_in_words() -> None:
    e = PositionEditor("split", seed=0, language="en")
    start = e.code()
    with pytest.raises(PositionRefused, match="cannot be loaded"):
        e.load("tg1-split-nonsense-00000000")
    with pytest.raises(PositionRefused, match="another game"):
        e.load(teachgames.new_game("tsvetik", seed=1).position_code())
    with pytest.raises(PositionRefused):
        e.load(None)
    assert e.code() == start and not e.can_undo


def test_the_editor_starts_from_a_game_in_play() -> None:
    game = teachgames.new_game("tsvetik", players=2, seed=3)
    game.play(game.legal_moves()[0])
    e = PositionEditor(game)
    assert e.game().view() == game.view()
    assert e.code() == game.position_code()


def test_a_card_put_on_top_of_a_draw_pile_is_drawn_next() -> None:
    e = PositionEditor("split", seed=0)
    card = e.take("hand:0", 0)
    e.put(card, "draw")
    assert e.cards("draw")[0] == card
    game = e.game()
    game.play(next(m for m in game.legal_moves() if m.to_dict().get("kind") == "draw"))
    assert card in [str(c) for c in game.position()["hands"][0]]


def test_every_game_names_every_place_in_three_languages() -> None:
    for name in GAMES:
        for language in ("en", "ru", "bg"):
            e = PositionEditor(name, players=3, seed=0, language=language)
            labels = [e.zone_label(z) for z in e.zones]
            assert len(set(labels)) == len(labels), (name, language, labels)
            if language != "en":
                assert all(CYRILLIC.search(label) for label in labels), (name, language, labels)
