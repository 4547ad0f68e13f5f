"""Split's moves and rules are frozen dataclasses and its position a value: equal, copied and
pickled positions play on alike (a process pool and a saved lesson rely on it)."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

import teachgames
from teachgames.split import Lay, SplitGame, SplitRules, Upgrade, make_rules


def _played(seed: int, moves: int) -> SplitGame:
    g = teachgames.new_game("split", players=3, seed=seed, preset="takeover")
    assert isinstance(g, SplitGame)
    rng = random.Random(seed)
    for _ in range(moves):
        g.play(rng.choice(g.legal_moves()))
    return g


@pytest.mark.parametrize("protocol", [2, pickle.HIGHEST_PROTOCOL])
def test_a_pickled_or_deep_copied_position_is_equal_and_plays_on_alike(protocol: int) -> None:
    g = _played(4, 150)  # past the first round: the round records and a new deal's Chance
    assert g.state.records
    for again in (pickle.loads(pickle.dumps(g.state, protocol)), copy.deepcopy(g.state)):
        assert again == g.state and again is not g.state
        assert repr(again) == repr(g.state)
    twin = pickle.loads(pickle.dumps(g, protocol))
    for _ in range(200):
        if g.is_over():
            break
        assert twin.legal_moves() == g.legal_moves()
        move = g.legal_moves()[-1]
        g.play(move)
        twin.play(move)
    assert twin.to_json() == g.to_json() and twin.scores() == g.scores()


def test_the_repr_of_a_position_names_every_field() -> None:
    text = repr(_played(2, 5).state)
    for name in ("hands=", "draw=", "discard=", "matches=", "marks=", "current=", "dealer=", "round=",
                 "phase=", "bonus=", "played=", "late=", "ender=", "chance=Chance(state=", "records="):  # fmt: skip
        assert name in text


def test_moves_and_rules_are_frozen_dataclasses_to_the_dataclasses_module() -> None:
    upgrade = Upgrade(0, 1, 2, "7h", "7d")
    assert dataclasses.is_dataclass(upgrade)
    assert [f.name for f in dataclasses.fields(upgrade)] == ["player", "owner", "match", "card", "replace"]
    assert dataclasses.asdict(upgrade) == {"player": 0, "owner": 1, "match": 2, "card": "7h", "replace": "7d"}
    assert upgrade.replace == "7d"  # the field, not a method
    assert dataclasses.replace(upgrade, card="7s") == Upgrade(0, 1, 2, "7s", "7d")
    with pytest.raises(dataclasses.FrozenInstanceError):
        upgrade.card = "7s"  # type: ignore[misc]
    lay = Lay(1, ("7h", "7d"))
    assert lay == Lay(1, ("7h", "7d")) and hash(lay) == hash(Lay(1, ("7h", "7d"))) and lay != Lay(2, ("7h", "7d"))
    assert repr(lay) == "Lay(player=1, cards=('7h', '7d'))"
    assert lay.to_dict() == {"kind": "match", "player": 1, "cards": ["7h", "7d"]}
    rules = make_rules("takeover", {"rounds": 2})
    assert dataclasses.is_dataclass(rules) and [f.name for f in dataclasses.fields(SplitRules)] == [
        "hand_size", "rounds", "pad", "upgrade_others", "upgrade_bonus", "penalise_self", "next_dealer",
    ]  # fmt: skip
    assert rules == make_rules("takeover", {"rounds": 2}) and rules != make_rules("takeover")
    assert rules.to_dict()["pad"]["perfect"][:3] == [0, 5, 10]
    assert SplitRules().pad is not SplitRules().pad, "each rules object its own pad table"
