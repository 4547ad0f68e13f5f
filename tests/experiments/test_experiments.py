"""Simulation experiments: the figures a statistics lesson reads are right, reproducible,
in the pupil's language, and drawn without matplotlib."""

from __future__ import annotations

import re

import pytest

from teachgames.bots import GreedyBot, RandomBot
from teachgames.core.stats import seat_rows, wilson
from teachgames.experiments import run
from teachgames.experiments.charts import bar_chart, histogram


def test_wilson_interval_matches_worked_values():
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson(0, 10)  # never seen to win: the interval still admits some wins
    assert low == 0.0 and round(high, 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(11, 10)
    narrow, wide = wilson(50, 100), wilson(5, 10)  # more games, narrower interval
    assert narrow[1] - narrow[0] < wide[1] - wide[0]


def test_an_experiment_counts_wins_per_seat_and_is_reproducible():
    bots = [GreedyBot(), RandomBot(1), RandomBot(2)]
    exp = run("delissimo", bots, games=12, seed=3, level="basic")
    again = run("delissimo", bots, games=12, seed=3, level="basic")
    assert list(exp.results) == list(again.results)
    rows = exp.rows()
    assert [r.wins for r in rows] == [sum(seat in s.winners for s in exp.results) for seat in range(3)]
    assert sum(r.wins for r in rows) >= 12  # every game has a winner; ties count for each
    assert rows == seat_rows(exp.results, exp.seat_names())
    assert exp.mean_length() == sum(s.moves for s in exp.results) / 12


def test_the_table_speaks_the_pupils_language_with_its_decimals():
    exp = run("tsvetik", [GreedyBot(), RandomBot(1)], games=4, seed=1, players=2, language="ru")
    page = exp._repr_html_()
    assert "Доля побед" in page and "95-процентный интервал" in page
    assert re.search(r"\d+,\d%", page) and not re.search(r"\d+\.\d%", page)  # 12,5% not 12.5%
    assert "4 партии" in page  # agreeing plural: 1 партия, 4 партии, 5 партий
    assert not re.search(r"\b(Seat|Wins|games)\b", page)


def test_charts_are_svg_with_one_bar_per_seat_and_escaped_labels():
    svg = bar_chart("<b>wins</b>", ["1", "2", "3"], [0.5, 0.25, 0.25], [(0.3, 0.7), (0.1, 0.5), (0.1, 0.5)])
    assert svg.startswith("<svg") and "<b>" not in svg and "&lt;b&gt;" in svg
    assert svg.count("<rect") == 3
    assert "50%" in svg and "50.0%" in svg  # the axis in whole percent, each bar to a tenth
    hist = histogram("scores", [1, 2, 2, 3, 9], bins=4)
    assert hist.count("<rect") == 4
    assert histogram("none", []).startswith("<svg")


def test_experiment_pictures_work_without_matplotlib():
    import subprocess
    import sys

    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'matplotlib': raise ImportError('blocked')\n"
        "sys.meta_path.insert(0, Block())\n"
        "from teachgames.experiments import run\n"
        "from teachgames.bots import RandomBot\n"
        "e = run('delissimo', [RandomBot(1), RandomBot(2)], games=3, level='basic')\n"
        "assert e.win_chart().startswith('<svg') and e.lengths().startswith('<svg')\n"
        "assert 'matplotlib' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
