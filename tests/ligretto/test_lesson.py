"""The lesson: the speed experiment (seeded, in every language), the notebooks as the
builder writes them, the puzzle's moves as the notebook asks them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from teachgames.ligretto.lesson import fastest_won, plot_speed_points, speed_points
from teachgames.ligretto.lesson.notebooks import LESSONS

REPO = Path(__file__).resolve().parents[2]


def test_speed_experiment_rows_are_seeded_and_consistent() -> None:
    rows = speed_points(rounds=6, players=3, seed=2)
    assert rows == speed_points(rounds=6, players=3, seed=2)
    assert rows != speed_points(rounds=6, players=3, seed=3)
    assert len(rows) == 18 and {r["round"] for r in rows} == set(range(1, 7))
    for r in range(1, 7):
        these = [row for row in rows if row["round"] == r]
        assert any(row["won"] for row in these) and any(row["fastest"] for row in these)
        assert max(row["points"] for row in these) == next(row["points"] for row in these if row["won"])
    wins, rounds, words = fastest_won(rows)
    assert rounds == 6 and 0 <= wins <= 6 and f"won {wins} of 6 rounds" in words
    with pytest.raises(ValueError):
        speed_points(rounds=0)


@pytest.mark.parametrize("language,word", [("ru", "раундов"), ("bg", "рунда")])
def test_experiment_words(language: str, word: str) -> None:
    rows = speed_points(rounds=5, players=2, seed=1)
    assert word in fastest_won(rows, language)[2]
    svg = str(plot_speed_points(rows, language))  # SVG: works in the browser-only site too
    texts = [t for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg) if not t.replace(".", "").isdigit()]
    assert len(texts) >= 5 and svg.count("<polygon") + svg.count("<circle") >= len(rows)
    assert all(t and not any("a" <= ch.lower() <= "z" for ch in t) for t in texts), texts
    matplotlib = pytest.importorskip("matplotlib")  # a teacher's own axes still work
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    assert plot_speed_points(rows, language, ax=ax) is fig and ax.get_legend() is not None
    plt.close(fig)


def test_notebooks_are_built_from_the_lesson() -> None:
    """The notebook is the activity layer's: the setup, the three activities (warm-up,
    puzzles, exit ticket) and one live round in between, the pupil's seat named."""
    pupil = {"en": "Pupil", "ru": "Ученик", "bg": "Ученик"}
    for language in ("en", "ru", "bg"):
        nb = json.loads((REPO / "notebooks" / language / "ligretto-race.ipynb").read_text(encoding="utf-8"))
        assert nb == LESSONS[0].book(language).notebook(), "run python -m teachgames.lesson.notebooks"
        code = [c["source"] for c in nb["cells"] if c["cell_type"] == "code"]
        assert f"set_language({language!r})" in "\n".join(code)
        shown = [re.findall(r'show_activity\("ligretto", "race", "(\w+)"', c) for c in code]
        assert [p for found in shown for p in found] == ["warmup", "puzzles", "ticket"]
        live = next(c for c in code if "teachgames.show(live" in c)
        assert 'mode="play"' in live and repr(pupil[language]) in live
        assert "TEACHER_VIEW = False" in "\n".join(code)
