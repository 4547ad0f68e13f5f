"""Every experiment chart follows the theme and says its data in a table: the shapes that
carry meaning (bars, dots, marks) reach 3:1 against a light and a dark page, words and
whiskers take the page's text colour, and an HTML table with a caption in the pupil's
language (decimal commas in Russian and Bulgarian) comes with the picture."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from teachgames.bots import GreedyBot, RandomBot
from teachgames.experiments import run
from teachgames.experiments.charts import BACKGROUNDS, COLOURS, INK, Chart, bar_chart, dot_plot, histogram
from teachgames.experiments.repeat import delissimo_first
from teachgames.pictures.palette import contrast

SHAPE = re.compile(r"<(rect|circle|polygon|path|line)\b([^>]*)>")


def painted(svg: str) -> list[tuple[str, str]]:
    """(element, colour) for every fill and stroke of the chart's shapes (not the text)."""
    out = []
    for tag, attrs in SHAPE.findall(svg):
        for paint in re.findall(r'(?:fill|stroke)="([^"]+)"', attrs):
            if paint not in ("none", "transparent") and not (tag == "rect" and 'width="100%"' in attrs):
                out.append((tag, paint))
    return out


def charts(language: str) -> dict[str, Chart]:
    from teachgames.ligretto.lesson.experiment import plot_speed_points, speed_points

    exp = run("delissimo", [GreedyBot(), RandomBot(1), RandomBot(2)], games=12, seed=1, level="basic",
              language=language)  # fmt: skip
    series = delissimo_first(10)
    series.more(8)
    return {"bars": exp.win_chart(), "scores": exp.score_histogram(0), "lengths": exp.lengths(),
            "dots": series.chart(language), "scatter": plot_speed_points(speed_points(rounds=6), language)}  # fmt: skip


def test_the_meaningful_colours_reach_three_to_one_on_light_and_dark() -> None:
    for colour in COLOURS:
        for background in BACKGROUNDS:
            assert contrast(colour, background) >= 3.0, (colour, background, contrast(colour, background))


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_every_chart_paints_with_theme_ink_or_the_checked_colours(language: str) -> None:
    made: dict[str, Chart] = charts(language)
    for name, chart in made.items():
        paints = painted(chart)
        assert paints, name
        for tag, paint in paints:
            if tag == "line":  # axes, whiskers: the page's text colour; grid lines grey (>= 3:1 too)
                assert paint in (INK, "#8a8a8a"), (name, paint)
            else:
                assert paint in COLOURS, (name, tag, paint)
        assert contrast("#8a8a8a", "#ffffff") >= 3 and contrast("#8a8a8a", "#111111") >= 3
        assert 'fill="currentColor"' in chart  # the words follow the theme


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_every_chart_has_a_data_table_in_the_pupils_language(language: str) -> None:
    for name, chart in charts(language).items():
        page = chart._repr_html_()
        assert page.count("<table") == 1 and "<caption>" in page and '<th scope="col">' in page, name
        table = page[page.index("<table"):]
        assert chart.table.rows and all(cell for row in chart.table.rows for cell in row[:1]), name
        if language != "en":
            assert not re.search(r"\d\.\d", table), (name, table[:300])
        if name in ("bars", "dots"):
            assert re.search(r"\d%", table)
    ru = charts("ru")["bars"].table
    assert ru.head == ("Место", "Доля побед", "95-процентный интервал")
    assert re.fullmatch(r"\d+,\d% – \d+,\d%", ru.rows[0][2])


def test_the_table_says_what_the_picture_shows() -> None:
    chart = bar_chart("wins", ["1", "2"], [0.525, 0.25], [(0.375, 0.671), (0.1, 0.4)], language="bg")
    assert chart.table.rows == (("1", "52,5%", "37,5% – 67,1%"), ("2", "25,0%", "10,0% – 40,0%"))
    assert chart.count("<rect") == 2
    dots = dot_plot("d", [("10", [0.2, 0.4, 0.4, 0.7]), ("40", [0.35])], language="ru")
    assert dots.table.rows == (("10", "4", "20,0% × 1; 40,0% × 2; 70,0% × 1"), ("40", "1", "35,0% × 1"))
    assert dots.count("<circle") == 5
    hist = histogram("h", [1, 2, 2, 3], bins=2, language="ru")
    assert [r[1] for r in hist.table.rows] == ["1", "3"] and hist.table.rows[0][0] == "1 – 2"
    empty: Callable[..., Chart] = histogram
    assert empty("none", []).table.rows == ()
