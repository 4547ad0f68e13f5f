"""Scores worked out by hand for both presets, including which group is best."""

from __future__ import annotations

import pytest

from teachgames.tsvetik import score_cards

from . import helpers  # noqa: F401  (registers the game)

ALL7 = ["red", "orange", "yellow", "green", "blue", "indigo", "violet"]


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        (["red"] * 7, 100),  # the printed rule: 7 of one colour
        (ALL7, 50),  # the printed rule: 7 different colours
        (["red"] * 7 + ["blue"], 80),  # 100 − 20
        (["red"] * 4 + ["blue"] * 2 + ["green"], -25),  # red 35 − 3 × 20
        ([*ALL7, "red"], 30),  # different colours 50 − 20 beats red 10 − 6 × 20
        (
            ["red"] * 3 + ["blue"] * 2 + ["green", "yellow"],
            -43,
        ),  # different 17 − 3 × 20 beats red 20 − 4 × 20
        (["blue"], 5),  # one colour (5) beats different colours (2)
        (["green", "violet"], 5),  # two colours: different 5 beats one colour 5 − 20
        ([], 0),
    ],
)
def test_seed_scores_by_hand(cards: list[str], points: int) -> None:
    assert score_cards(cards)[0] == points


def test_seed_explanation_names_the_group_and_beats_the_alternative() -> None:
    points, e = score_cards(["red"] * 4 + ["blue"] * 2 + ["green"])
    text = e.text()
    assert points == -25
    assert "The best group is one colour, red: −25 > −70" in text  # different colours: 10 − 4 × 20
    assert "3 × (−20) = −60" in text
    assert "35 − 60 = −25" in text


def test_different_colours_chosen_and_explained() -> None:
    points, e = score_cards(["red"] * 3 + ["blue"] * 2 + ["green", "yellow"])
    assert points == -43
    assert "The best group is different colours: −43 > −60" in e.text()


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        (["red"] * 4 + ["blue"] * 3 + ["green"] * 2 + ["yellow"], 18),  # 10 + 6 + 3 − 1
        (["red"] * 8, 21),  # 6 or more cards of a colour score 21
        (["red"] * 6 + ["blue"], 22),  # three best: 21 + 1
        (["red", "blue", "green", "yellow", "violet"], 1),  # 1 + 1 + 1 − 1 − 1
        ([], 0),
    ],
)
def test_coloretto_scores_by_hand(cards: list[str], points: int) -> None:
    assert score_cards(cards, "coloretto")[0] == points


def test_coloretto_explanation_shows_plus_and_minus() -> None:
    _, e = score_cards(["red"] * 4 + ["blue"] * 3 + ["green"] * 2 + ["yellow"], table="coloretto")
    text = e.text()
    assert "10 + 6 + 3 = 19" in text and "19 − 1 = 18" in text


def test_table_dicts_change_the_points() -> None:
    assert score_cards(["red"] * 7 + ["blue"], {"extra": -10})[0] == 90
    assert score_cards(["red"] * 3, {"one_colour": [1, 2, 4]})[0] == 4
    assert score_cards(["red"] * 3 + ["blue"], {"kind": "coloretto", "plus_colours": 1})[0] == 6 - 1


def test_bad_cards_and_tables_are_refused_in_words() -> None:
    with pytest.raises(ValueError, match="not a flower card"):
        score_cards(["purple"])
    with pytest.raises(ValueError, match="scoring table"):
        score_cards(["red"], {"triangle": [1, 2], "extra": 3})
    with pytest.raises(ValueError, match="preset"):
        score_cards(["red"], "rainbow")


@pytest.mark.parametrize("preset", ["seed", "coloretto"])
def test_remembered_scores_are_the_scores_worked_out_afresh(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Scores are remembered per rules object (a greedy bot scores every move it weighs):
    the same as a fresh rules object works out, bounded, and left out of a pickle."""
    import pickle
    import random

    from teachgames.tsvetik import scoring
    from teachgames.tsvetik.rules import make_rules

    monkeypatch.setattr(scoring, "SCORE_MEMO_SIZE", 40)
    shared = make_rules(preset)
    shared.score_memo.clear()
    rng = random.Random(preset)
    for _ in range(300):
        counts = [rng.randint(0, 3) for _ in range(7)]
        fresh = make_rules(preset, {"extra": shared.extra})  # a new object: nothing remembered
        assert fresh is not shared and not fresh.score_memo
        expected = scoring.score_counts(counts, fresh)
        assert scoring.score_counts(counts, shared) == expected
        assert scoring.score_counts(counts, shared) == expected  # remembered now
        assert len(shared.score_memo) <= 40
    assert shared.score_memo and "score_memo" not in pickle.loads(pickle.dumps(shared)).__dict__
