"""A Split match exported as a worked example (HTML, Markdown, LaTeX) through the contract."""

from __future__ import annotations

from pathlib import Path

import pytest

import teachgames
from teachgames.split.bots import PlannerBot


@pytest.fixture(scope="module")
def match() -> teachgames.split.SplitGame:
    g = teachgames.new_game("split", players=2, seed=7, rules={"rounds": 1})
    bot = PlannerBot()
    while not g.is_over():
        g.play(bot.choose(g))
    return g


@pytest.mark.parametrize(
    ("suffix", "language", "words"),
    [(".html", "en", "Split"), (".md", "ru", "Сплит"), (".tex", "bg", "Сплит")],
)
def test_worked_example(
    match: teachgames.split.SplitGame, tmp_path: Path, suffix: str, language: str, words: str
) -> None:
    path = teachgames.export(match, tmp_path / f"split{suffix}", language=language, names=["Ann", "Bo"])
    text = path.read_text(encoding="utf-8")
    assert words in text and "Ann" in text
    if suffix == ".tex":
        assert r"\heartsuit" in text or r"\spadesuit" in text  # the cards of the moves in TikZ
    if suffix == ".html":
        assert "<script" not in text and "<svg" in text
