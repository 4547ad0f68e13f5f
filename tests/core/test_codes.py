"""Position codes: any position of any game as a short text, and back, exactly.

The round trip is checked on random positions of every game (random seeds, a random
number of random legal moves, so mid-game and finished positions, later rounds and
reshuffles too): the loaded game shows the same view, offers the same legal moves, and
plays on exactly as the original does (the chance still to come is part of the
position). ``benchmarks/position_codes.py`` runs the same check on 10,000 positions per
game and prints the codes' lengths. Hostile codes (cut short, mistyped, another game's,
huge, deeply nested, wrong types anywhere) are refused with a GameFileError, never
another exception.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import teachgames
from teachgames import GameFileError, load_position
from teachgames.core.codes import MAX_CODE_CHARS, card_names, encode, pack
from teachgames.core.game import Game
from teachgames.core.rng import Chance

GAMES = ("delissimo", "tsvetik", "ligretto", "split")
MOST_PLAYERS = {"delissimo": 5, "tsvetik": 4, "ligretto": 6, "split": 6}


def random_position(game: str, seed: int) -> Game[Any, Any]:
    """A game of ``game`` after a random number of random legal moves (seeded)."""
    rng = Chance(seed)
    options: dict[str, Any] = {"seed": seed, "players": rng.randint(2, MOST_PLAYERS[game])}
    if game == "delissimo":
        options["level"] = rng.choice(("beginner", "whole", "basic", "advanced"))
    if game == "ligretto":
        options["rounds"] = rng.randint(1, 3)
    g = teachgames.new_game(game, **options)
    for _ in range(rng.choice((0, 1, 5, 30, 120, 400))):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(rng.choice(moves))
    return g


def moves_of(g: Game[Any, Any]) -> list[dict[str, Any]]:
    return [m.to_dict() for m in g.legal_moves()]


def same_position(a: Game[Any, Any], b: Game[Any, Any]) -> None:
    assert b.view() == a.view()
    for p in range(a.players):
        assert b.view(p) == a.view(p)
    assert moves_of(b) == moves_of(a)
    assert b.scores() == a.scores()
    assert b.is_over() == a.is_over()


@pytest.mark.parametrize("game", GAMES)
def test_a_code_brings_back_the_same_position_and_play_goes_on_the_same(game: str) -> None:
    for seed in range(300):
        g = random_position(game, seed)
        h = load_position(g.position_code())
        same_position(g, h)
        # play on, the same moves on both: later deals and reshuffles come out the same
        rng = Chance(10_000 + seed)
        for _ in range(40):
            moves = g.legal_moves()
            if not moves:
                break
            move = rng.choice(moves)
            g.play(move)
            h.play(move.to_dict())
        same_position(g, h)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_from_a_code_saves_loads_replays_and_undoes(game: str) -> None:
    g = random_position(game, 7)
    h = load_position(g.position_code())
    moves = h.legal_moves()
    h.play(moves[0])
    again = teachgames.load_game(h.to_json())
    assert again.view() == h.view()
    assert h.replay()[0].view() == load_position(g.position_code()).view()
    h.undo()
    same_position(g, h)
    assert h.position_code() == g.position_code()


@pytest.mark.parametrize("game", GAMES)
def test_a_code_is_pasted_with_spaces_and_line_breaks(game: str) -> None:
    g = random_position(game, 3)
    code = g.position_code()
    wrapped = "  \n" + "\n".join(code[i : i + 40] for i in range(0, len(code), 40)) + " \t\n"
    same_position(g, load_position(wrapped))
    assert load_position(code.replace("tg1-", "TG1-", 1)).view() == g.view()


def test_a_position_built_by_hand_keeps_its_freedom() -> None:
    """A lesson's puzzle may hold more copies of a card than a box: its code loads; the
    same cards in a dealt game's code are refused as impossible."""
    from teachgames.delissimo import scenario

    g = scenario("basic", hands=[["tomato 1/2"] * 3, ["pepper 1/4"]], stacks=[["4/8 pt"], ["4/8 pt"]])
    same_position(g, load_position(g.position_code()))
    data = g.position()
    del data["by_hand"]
    with pytest.raises(GameFileError, match="box has"):
        load_position(encode("delissimo", data, card_names(type(g))))


def test_a_plug_in_without_a_position_module_has_a_code_too() -> None:
    from tests.core.toys import Sums

    teachgames.register_game("sums", Sums)
    try:
        g = Sums.new(players=2, seed=4)
        for _ in range(7):
            g.play(g.legal_moves()[0])
        h = load_position(g.position_code())
        assert h.view() == g.view() and moves_of(h) == moves_of(g)
    finally:
        teachgames.core.registry.unregister_game("sums")


# ---------------------------------------------------------------------- refusals in plain words
def tampered(game: str, change: Any) -> str:
    """The code of a real position after ``change(data)``, with a correct check."""
    g = random_position(game, 11)
    data = json.loads(json.dumps(g.position()))
    change(data)
    return encode(game, data, card_names(type(g)))


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("", "empty"),
        ("hello", "not a teachgames position code"),
        ("tg1-delissimo-abc", "not complete"),
        ("tg9-delissimo-abc-00000000", "version 9"),
        ("tg1-chess-abc-" + "0" * 8, "check"),
    ],
)
def test_text_that_is_no_code_is_refused_in_plain_words(code: str, words: str) -> None:
    with pytest.raises(GameFileError, match=words):
        load_position(code)


@pytest.mark.parametrize("game", GAMES)
def test_a_typo_a_cut_or_another_games_name_is_caught_by_the_check(game: str) -> None:
    code = random_position(game, 5).position_code()
    middle = len(code) // 2
    typo = code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1 :]
    other = code.replace(game, "tsvetik" if game != "tsvetik" else "split", 1)
    for bad in (typo, code[:-1], code[: middle] + code[-9:], other):
        with pytest.raises(GameFileError) as caught:
            load_position(bad)
        assert "check" in str(caught.value) or "not complete" in str(caught.value)


def test_another_games_position_under_a_correct_check_is_refused() -> None:
    data = random_position("delissimo", 2).position()
    with pytest.raises(GameFileError, match="cannot exist"):
        load_position(encode("split", data))
    with pytest.raises(GameFileError, match="does not have"):
        load_position(encode("chess", data))


def test_huge_and_deep_codes_are_refused_unread() -> None:
    with pytest.raises(GameFileError, match="too long"):
        load_position("tg1-delissimo-" + "A" * MAX_CODE_CHARS)
    with pytest.raises(GameFileError, match="nested too deeply"):
        load_position(encode("delissimo", {"rules": [[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]}))
    bomb = encode("tsvetik", {"x": "0" * 5_000_000})  # deflates to a few kB
    assert len(bomb) < MAX_CODE_CHARS
    with pytest.raises(GameFileError, match="too large"):
        load_position(bomb)


@pytest.mark.parametrize(
    ("game", "change", "words"),
    [
        ("delissimo", lambda d: d["position"].update(current=7), "current must be from 0"),
        ("delissimo", lambda d: d["position"]["hands"][0].append("tomato 9/8"), "9/8"),
        ("delissimo", lambda d: d["position"]["hands"][0].extend(d["position"]["hands"][1]), "box has"),
        ("tsvetik", lambda d: d["position"]["bank"].extend(["red"] * 8), "red cards, but the box has"),
        ("tsvetik", lambda d: d["position"].update(current=-1), "current"),
        ("ligretto", lambda d: d["hands"][0]["stack"].append(d["hands"][0]["stack"][0]), "two places"),
        ("ligretto", lambda d: d["hands"][0]["deck"].pop(), "every player's 40 cards"),
        ("ligretto", lambda d: d.update(chance=-5), "chance"),
        ("split", lambda d: d["hands"][0].append(d["hands"][0][0]), "half-card"),
        ("split", lambda d: d.update(phase="bonus", bonus=None), "bonus"),
        ("split", lambda d: d.update(phase="late", late=[], bonus=None), "late"),
        ("split", lambda d: d.update(round=0), "round"),
        ("split", lambda d: d.update(rules={"rounds": "three"}), "rounds"),
    ],
)
def test_a_position_that_cannot_exist_is_refused_with_the_reason(game: str, change: Any, words: str) -> None:
    with pytest.raises(GameFileError, match=words):
        load_position(tampered(game, change))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_part_of_a_position_replaced_by_anything_is_a_game_file_error_or_a_position(
    game: str, data: st.DataObject
) -> None:
    g = random_position(game, data.draw(st.integers(0, 20)))
    position = json.loads(json.dumps(g.position()))
    paths = _paths(position)
    path = data.draw(st.sampled_from(paths[1:]))
    junk = data.draw(JSON)
    target = position
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = junk
    code = encode(game, pack(position, card_names(type(g))) if data.draw(st.booleans()) else position)
    try:
        h = load_position(code)
    except GameFileError as exc:
        assert str(exc)
        return
    h.view()
    h.legal_moves()


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300) | st.binary(max_size=100) | st.integers() | st.none())
def test_any_text_or_object_is_a_game_file_error_or_a_position(text: object) -> None:
    try:
        load_position(text)
    except GameFileError as exc:
        assert str(exc)


def test_codes_are_short_enough_to_paste() -> None:
    """A dealt table's code is a few hundred characters (the hidden draw pile's order is
    most of it); a lesson's puzzle with a handful of cards is far shorter."""
    from teachgames.delissimo import scenario

    puzzle = scenario("beginner", hands=[["3/8 mt", "5/8 pt"], ["2/8 mp"]], centre=["1/8 mp", "7/8 mt"])
    assert len(puzzle.position_code()) < 140
    for game in GAMES:
        assert len(random_position(game, 1).position_code()) < 1200


def test_the_referee_judges_a_claimed_move_at_the_table() -> None:
    from teachgames.core.referee import referee
    from teachgames.delissimo import scenario

    table = scenario("beginner", hands=[["3/8 mt", "5/8 pt"], ["2/8 mp"]], centre=["1/8 mp", "7/8 mt", "2/8 mt"])
    code = table.position_code()
    claim = {"kind": "capture", "player": 0, "give": ["5/8 pt"], "take": ["7/8 mt"]}
    verdict = referee(code, claim, "en")
    assert not verdict.legal and verdict.reason is not None and "one card for one card" in verdict.reason
    assert verdict.explanation.verdict is False
    assert [m for m, _ in verdict.moves] == moves_of(table)
    good = referee(code, verdict.moves[0][0], "ru")
    assert good.legal and good.reason is None and good.explanation.verdict is True
    assert not referee(code, {"kind": "fly"}).legal
    with pytest.raises(GameFileError):
        referee(code[:-3], claim)


@pytest.mark.parametrize("game", GAMES)
def test_a_position_from_a_code_opens_in_the_game_widget_and_plays_on(game: str) -> None:
    from teachgames.widgets import show

    g = random_position(game, 9)
    h = load_position(g.position_code())
    widget = show(h)
    assert widget.game is h
    assert h.picture().startswith("<svg")
    if h.legal_moves():
        h.play(h.legal_moves()[0])
        assert teachgames.load_game(h.to_json()).view() == h.view()
