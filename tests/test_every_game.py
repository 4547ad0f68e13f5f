"""One generic test drives every registered game through the whole contract (as
OpenSpiel does): random seeded play, every listed move accepted, refusals that change
nothing, exact undo, save/load, explanations that agree with play(), views that are
JSON data, and pictures. A fifth game gets all of this by registering."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import teachgames
from teachgames.core import Game
from teachgames.core.numbers import read_exact

GAMES = teachgames.GAMES
#: Enough moves to cross a round boundary in every game, few enough to stay fast.
MOVES = 400


def new(name: str, seed: int) -> Game[Any, Any]:
    return teachgames.new_game(name, players=3, seed=seed)


def actors(g: Game[Any, Any]) -> list[int]:
    if g.current_player is not None:
        return [g.current_player]
    return [p for p in range(g.players) if g.legal_moves(p)]


def random_walk(g: Game[Any, Any], rng: random.Random, steps: int):
    """Yield (game, move) for up to ``steps`` random legal moves, playing each after the yield."""
    for _ in range(steps):
        if g.is_over():
            return
        who = actors(g)
        if not who:
            return
        player = rng.choice(who)
        moves = g.legal_moves(player) if g.current_player is None else g.legal_moves()
        assert moves, f"{g.name}: player {player} may act but has no legal move"
        move = rng.choice(moves)
        yield move
        g.play(move)


def test_the_four_games_are_registered_in_lesson_order():
    assert GAMES[:4] == ("delissimo", "tsvetik", "ligretto", "split")
    for name in GAMES:
        cls = teachgames.core.game_class(name)
        assert cls.name == name
        assert isinstance(cls.title("ru"), str) and cls.title("ru")


@pytest.mark.parametrize("name", GAMES)
def test_every_option_chosen_by_name_is_said_in_words_in_every_language(name):
    """A worksheet names the rules it was made with («блокада: раунд заканчивается»), so a
    choice a teacher picks by its code name ("end", "takeover") needs words in each language."""
    from teachgames.core.options import declared_options

    for option in declared_options(teachgames.core.game_class(name)):
        for value in option.choices or ():
            if not isinstance(value, str):
                continue
            said = {language: option.value_words(value, language) for language in ("en", "ru", "bg")}
            assert value not in said.values(), f"{name} {option.name}={value!r} has no words: {said}"
            assert len(set(said.values())) == 3, f"{name} {option.name}={value!r} is not translated: {said}"


@pytest.mark.parametrize("name", GAMES)
def test_random_play_keeps_the_contract(name):
    rng = random.Random(11)
    g = new(name, 5)
    checked = 0
    for move in random_walk(g, rng, MOVES):
        assert g.problem(move) is None
        if checked < 25:  # the costly checks on the first moves
            before = g.to_json()
            view = g.view()
            json.dumps(view)
            assert g.explain(move).verdict is True
            played = g.play(move)
            g.undo()
            assert g.to_json() == before and g.view() == view, "undo must restore the position exactly"
            assert isinstance(g.describe(played), str) and g.describe(played, "bg")
            checked += 1
    again = teachgames.load_game(g.to_json())
    assert again == g and again.view() == g.view()
    assert isinstance(g.scores(), list) and len(g.scores()) == g.players
    assert str(g.explain_scores())


@pytest.mark.parametrize("name", GAMES)
def test_the_view_holds_scores_as_exact_numbers_not_text(name):
    """A score table, a picture and a lesson read the view's scores as numbers: whole
    numbers, or numerator/denominator pairs equal to ``scores()`` (never "29/8" to parse)."""
    from sympy import Rational

    g = new(name, 3)
    for _ in random_walk(g, random.Random(4), MOVES):
        pass
    shown = g.view()["scores"]
    assert all(read_exact(s) is not None for s in shown), shown
    assert [Rational(*read_exact(s)) for s in shown] == [Rational(s) for s in g.scores()]
    assert any(s != 0 for s in g.scores()), "the walk should have scored something"


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("language", ["ru", "bg"])
def test_an_unreadable_move_is_explained_in_the_pupils_language(name, language):
    """The refusal's reason, not only its title, is in the pupil's language."""
    g = new(name, 2)
    before = g.to_json()
    e = g.explain({"kind": "nonsense", "player": 0}, language=language)
    assert e.verdict is False
    reason = e.text().splitlines()[1]
    assert sum("\u0400" <= ch <= "\u04ff" for ch in reason) > 5, reason
    assert g.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_moves_weighed_and_taken_back_are_judged_where_they_are_played(name):
    """A greedy bot plays each legal move, takes it back and keeps the move objects. An
    engine plays its own listed moves without a second check, so it must still judge a
    move listed in an earlier position by the position it is played in, exactly as the
    full check of the move's dict does; a refusal changes nothing."""
    g = new(name, 4)
    earlier: list[Any] = []
    for move in random_walk(g, random.Random(4), 80):
        listed = g.legal_moves(move.player) if g.current_player is None else g.legal_moves()
        for weighed in listed[:12]:
            g.play(weighed)
            g.undo()
        before = g.to_json()
        for old in earlier:
            refusal = g.problem(old.to_dict())
            if refusal is None:
                g.play(old)
                g.undo()
            else:
                with pytest.raises(teachgames.IllegalMove) as info:
                    g.play(old)
                assert info.value.code == refusal.code
            assert g.to_json() == before
        earlier = [*listed[:8], *earlier[:16]]


@pytest.mark.parametrize("name", GAMES)
def test_a_copy_undoes_to_its_own_past_whatever_the_original_did_since(name):
    """A bot or a hint works on a copy while the pupil undoes and plays on: neither may
    change the other's history (they share snapshots until one is brought back)."""
    g = new(name, 2)
    walk = random_walk(g, random.Random(1), 6)
    for _ in walk:
        pass
    assert len(g.history) == 6
    earlier = g.copy()
    earlier.undo()
    expected = earlier.view()
    kept = g.copy()
    g.undo()
    for _ in random_walk(g, random.Random(2), 4):
        pass
    kept.undo()
    assert kept.view() == expected
    g2 = kept.copy()  # and the other way round: the copy plays on, the original undoes
    for _ in random_walk(g2, random.Random(3), 3):
        pass
    while g2.history and len(g2.history) > 3:
        g2.undo()
    again = new(name, 2)
    for m in kept.history[:3]:
        again.play(m)
    assert g2.view() == again.view()


@pytest.mark.parametrize("name", GAMES)
def test_a_refused_move_changes_nothing_and_says_why(name):
    g = new(name, 3)
    rng = random.Random(2)
    for _ in random_walk(g, rng, 30):
        pass
    before = g.to_json()
    garbage: list[Any] = [{"kind": "no-such-move", "player": 0}, {"player": 99}, "capture", 42,
                          {"kind": "take", "player": -1, "field": 99}]
    for bad in garbage:
        with pytest.raises(teachgames.IllegalMove) as refused:
            g.play(bad)
        assert refused.value.reason and refused.value.words("ru")
        assert g.to_json() == before
        if isinstance(bad, dict):
            assert g.explain(bad).verdict is False


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name):
    def transcript(seed):
        g = new(name, seed)
        for _ in random_walk(g, random.Random(seed), 200):
            pass
        return g.to_json()
    assert transcript(4) == transcript(4)
    assert transcript(4) != transcript(5)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_draws_itself_and_has_a_static_fallback(name):
    g = new(name, 1)
    for language in ("en", "ru", "bg"):
        svg = str(g.picture(language=language))
        assert svg.lstrip().startswith("<svg") and "</svg>" in svg
    html = g._repr_html_()
    assert "<svg" in html and "<script" not in html.lower()


@pytest.mark.parametrize("name", GAMES)
def test_a_tampered_save_is_a_clear_file_error(name):
    g = new(name, 8)
    for _ in random_walk(g, random.Random(8), 20):
        pass
    data = json.loads(g.to_json())
    if data["moves"]:
        data["moves"][-1] = {"kind": "nonsense"}
        with pytest.raises(teachgames.GameFileError, match="move"):
            teachgames.load_game(json.dumps(data))
    with pytest.raises(teachgames.GameFileError):
        teachgames.load_game(g.to_json()[:-5])


@pytest.mark.parametrize("name", GAMES)
def test_the_shared_bots_play_every_game_legally_and_say_why(name):
    from teachgames.bots import GreedyBot, RandomBot

    g = new(name, 6)
    bots = [RandomBot(1), GreedyBot(), RandomBot(2)]
    for _ in range(40):
        if g.is_over():
            break
        who = actors(g)
        if not who:
            break
        player = who[0]
        move = bots[player].choose(g, player)
        assert g.problem(move) is None
        assert bots[player].explain_choice(g, player, language="bg")
        g.play(move)


@pytest.mark.parametrize("name", GAMES)
def test_simulate_finishes_every_game_the_same_way_twice(name):
    from teachgames.bots import GreedyBot, RandomBot

    bots = [GreedyBot(), RandomBot(3), RandomBot(4)]
    options = {"rules": {"rounds": 1}} if name == "ligretto" else {}
    first = teachgames.simulate(name, bots, games=2, seed=1, **options)
    assert first == teachgames.simulate(name, bots, games=2, seed=1, **options)
    for summary in first:
        assert len(summary.scores) == 3 and summary.winners and summary.moves > 0
        assert summary.round_scores


@pytest.mark.parametrize("name", GAMES)
def test_every_move_reads_back_from_its_dict_and_a_hand_built_copy_plays_alike(name):
    """A move is a frozen dataclass; its dict (what a save holds, what a notebook may
    write) reads back into the same move, and a copy built by hand from its fields is
    accepted as the listed one is."""
    import dataclasses
    import pickle

    rng = random.Random(5)
    g, twin = new(name, 2), new(name, 2)
    for move in random_walk(g, rng, 120):
        data = move.to_dict()
        assert json.loads(json.dumps(data)) == data and data["kind"] == move.kind
        assert g.move_from_dict(data) == move
        assert dataclasses.is_dataclass(move) and hash(move) == hash(pickle.loads(pickle.dumps(move)))
        with pytest.raises(dataclasses.FrozenInstanceError):
            move.player = 0  # a move never changes: the history and the undo stack share it
        twin.play(dataclasses.replace(move))
    assert twin.to_json() == g.to_json()


#: Values a hand-built move may carry by mistake, in any field.
WRONG_VALUES: tuple[Any, ...] = (None, True, "0", "x", -1, 10**9, float("nan"), float("inf"), 1.5, [], (), {}, ("7h",), 99)


@pytest.mark.parametrize("name", GAMES)
def test_a_hand_built_move_with_any_wrong_field_is_refused_in_words_or_played_and_saved(name):
    """Whatever a pupil's notebook puts into a move's field, ``play`` either refuses it
    with an IllegalMove (the game unchanged) or plays it, and the game still saves and
    loads: never a TypeError, a ValueError of its own or a save ``load_game`` refuses."""
    import dataclasses

    rng = random.Random(8)
    g = new(name, 4)
    tried = 0
    for move in random_walk(g, rng, 40):
        before = g.to_json()
        for f in dataclasses.fields(move):
            if not f.compare:
                continue
            for value in WRONG_VALUES:
                bad = dataclasses.replace(move, **{f.name: value})
                tried += 1
                try:
                    g.play(bad)
                except teachgames.IllegalMove:
                    assert g.to_json() == before
                    continue
                assert teachgames.load_game(g.to_json()) == g, (name, bad)
                g.undo()
                assert g.to_json() == before
    assert tried > 100
