"""Half-card notation and the three kinds of match (docs/split.md)."""

from __future__ import annotations

import pytest

import teachgames
from teachgames.split import NAMES, match_type, parse_half


@pytest.mark.parametrize(
    ("a", "b", "kind"),
    [
        ("7h", "7h", "perfect"),  # a card's own two halves
        ("Ks", "Ks", "perfect"),
        ("7h", "7d", "strong"),  # both red, different suits
        ("10s", "10c", "strong"),  # both black
        ("Qc", "Qs", "strong"),
        ("7h", "7s", "weak"),  # red and black
        ("Ad", "Ac", "weak"),
        ("10c", "10h", "weak"),
    ],
)
def test_match_types(a: str, b: str, kind: str) -> None:
    assert match_type(a, b) == kind
    assert match_type(b, a) == kind


@pytest.mark.parametrize(("a", "b"), [("7h", "8h"), ("10s", "Js"), ("As", "Ks"), ("2c", "3d")])
def test_different_ranks_are_refused_with_a_reason(a: str, b: str) -> None:
    with pytest.raises(teachgames.IllegalMove) as info:
        match_type(a, b)
    assert "rank" in info.value.reason
    assert info.value.words("ru") != info.value.reason
    assert info.value.words("bg") != info.value.reason


def test_notation_covers_52_names_and_rejects_bad_text() -> None:
    assert len(NAMES) == 52 and len(set(NAMES)) == 52
    assert NAMES[parse_half("10s")] == "10s"
    assert NAMES[parse_half("qD")] == "Qd"
    for bad in ("1s", "11h", "7x", "", "hh", "10", "7hh"):
        with pytest.raises(ValueError, match="half-card"):
            parse_half(bad)
    with pytest.raises(ValueError):
        match_type("7z", "7h")
