"""The generic position reader: fields read in their declared order, plain-words errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

import teachgames as tg
from teachgames.core.positions import flag, per_player, read_position


def test_fields_are_read_in_order_each_seeing_the_ones_before() -> None:
    fields = (
        ("n", lambda data, got: len(data["hands"])),
        ("piles", lambda data, got: per_player(data.get("piles"), got["n"], "one pile per hand", list)),
    )
    assert read_position({"hands": [1, 2]}, fields)["piles"] == [[], []]
    with pytest.raises(ValueError, match="one pile per hand"):
        read_position({"hands": [1, 2], "piles": [[]]}, fields)
    with pytest.raises(ValueError, match="one pile per hand"):
        read_position({"hands": [1, 2], "piles": "ab"}, fields)
    with pytest.raises(ValueError, match="must be an object"):
        read_position([1], fields)
    with pytest.raises(ValueError, match="true or false"):
        flag(None, "must be true or false")


@pytest.mark.parametrize("name", ["delissimo", "split", "tsvetik", "ligretto"])
@pytest.mark.parametrize("bad", [None, 3, "hands", [["1a"]]])
def test_a_saved_position_that_is_no_object_is_refused_in_words(name: str, bad: Any) -> None:
    saved = json.loads(tg.new_game(name, seed=2).to_json())
    saved["setup"]["position"] = bad
    with pytest.raises(ValueError, match="position"):
        tg.load_game(json.dumps(saved))
