"""A game's scenario(): the position function's parameters, a game as its result."""

from __future__ import annotations

import inspect
import pydoc

import pytest

from teachgames.core.game import Game
from teachgames.ligretto import scenario as ligretto_scenario
from teachgames.split import scenario as split_scenario
from teachgames.tsvetik import scenario as tsvetik_scenario
from teachgames.tsvetik.engine import scenario_position


@pytest.mark.parametrize(
    ("scenario", "game"),
    [(tsvetik_scenario, "TsvetikGame"), (split_scenario, "SplitGame"), (ligretto_scenario, "LigrettoGame")],
)
def test_scenario_shows_the_position_parameters_and_the_game_it_makes(scenario: object, game: str) -> None:
    signature = inspect.signature(scenario)  # type: ignore[arg-type]
    assert signature.return_annotation == game
    assert list(signature.parameters) == list(inspect.signature(scenario.__wrapped__).parameters)  # type: ignore[attr-defined]
    assert scenario.__doc__ and scenario.__doc__ == scenario.__wrapped__.__doc__  # type: ignore[attr-defined]
    page = pydoc.render_doc(scenario, renderer=pydoc.plaintext)  # type: ignore[attr-defined]
    assert f"-> {game}" in page or f"-> '{game}'" in page


def test_scenario_makes_a_game_of_the_position() -> None:
    made = tsvetik_scenario()
    assert isinstance(made, Game) and type(made).__name__ == "TsvetikGame"
    state, _rules = scenario_position()
    assert made.players == state.players
