"""The SVG charts a statistics lesson needs: bars with interval whiskers, a histogram, a
dot plot of repeated experiments and a scatter. Drawn with the shared picture machinery,
so no plotting library is needed (the browser-only site has none) and every label is
escaped text.

Every chart is a :class:`Chart`: the SVG (it *is* the SVG string, as before) and its data
as a :class:`Table`, shown under the picture as an HTML ``<table>`` with a caption in the
pupil's language, so a pupil who cannot see the picture reads the same numbers (decimal
commas in Russian and Bulgarian).

The charts follow the page's theme: their words, axes and whiskers are drawn in
``currentColor`` (JupyterLab's text colour, light on the dark theme), the grid in a grey
that reads on both, and the shapes that carry meaning (bars, dots, marks) in
:data:`COLOURS`, mid-tone colours with at least 3:1 contrast against a white page and
against JupyterLab's dark backgrounds alike (tests/experiments/test_charts.py computes
it). A long title wraps onto more lines and the chart grows to make room.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.stats import decimal
from ..pictures import Circle, Line, Poly, Rect, Shape, SvgImage, Text, shape_svg, svg_doc
from ..pictures.metrics import text_width

#: Words and axes: the theme's text colour (the page's ``color``).
INK = "currentColor"
#: Grid lines: >= 3:1 on white and on JupyterLab's dark background alike.
GRID = "#8a8a8a"
#: The colours of bars and marks, one per seat: >= 3:1 on white, #111111 and #212121.
COLOURS = ("#1f7fc4", "#d55e00", "#008f68", "#7b61c9", "#b05a8a")
#: The backgrounds a chart is seen on: the light page, JupyterLab's and Voilà's dark ones.
BACKGROUNDS = ("#ffffff", "#111111", "#212121")
TITLE_SIZE = 20.0
TITLE_LINE = 25.0

WIDTH = 640.0
HEIGHT = 360.0
LEFT, RIGHT, TOP, BOTTOM = 70.0, 20.0, 46.0, 70.0
FONT = 16.0
#: A bar's name and value: 24 px where a lesson shows the chart (640 units at 640 px).
KEY_FONT = 24.0


@dataclass(frozen=True)
class Table:
    """A chart's data: a caption, the column heads and the rows, all text to show."""

    caption: str
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def html(self) -> str:
        """An accessible HTML table (caption, column headers, escaped cells)."""
        esc = html.escape
        head = "".join(f'<th scope="col">{esc(h)}</th>' for h in self.head)
        body = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>" for row in self.rows)
        return (f'<table class="teachgames-chart-data" style="font-size:18px">'
                f"<caption>{esc(self.caption)}</caption><thead><tr>{head}</tr></thead>"
                f"<tbody>{body}</tbody></table>")  # fmt: skip


class Chart(SvgImage):
    """An SVG chart (the string) with its data table (:attr:`table`); in a notebook it shows
    as the picture with the table under it."""

    table: Table

    def __new__(cls, svg: str, table: Table) -> Chart:
        chart = super().__new__(cls, svg)
        chart.table = table
        return chart

    def _repr_html_(self) -> str:
        return (f'<figure class="teachgames-chart" style="margin:0">{self}'
                f"<figcaption>{self.table.html()}</figcaption></figure>")  # fmt: skip


def number(value: float, language: str, places: int | None = None) -> str:
    """A number as the language writes it (``1.5`` / ``1,5``), ``places`` decimals or short."""
    text = f"{value:.{places}f}" if places is not None else f"{value:g}"
    return text if language == "en" else text.replace(".", ",")


def percent(value: float, language: str, places: int = 0) -> str:
    """A share 0..1 as a percentage in the language ("52.5%" / "52,5%")."""
    return decimal(100 * value, places, language) + "%"


_percent = percent  # for the charts whose ``percent`` argument hides the name


def title_lines(title: str, room: float = WIDTH - 24) -> list[str]:
    """The title cut at spaces into lines that fit ``room`` at the title's size."""
    lines: list[str] = []
    for word in title.split():
        if lines and text_width(f"{lines[-1]} {word}", TITLE_SIZE, bold=True) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def _doc(title: str, shapes: Sequence[Shape], table: Table, height: float = HEIGHT) -> Chart:
    """The chart with its title on as many lines as it needs above the plot (the plot
    moves down and the picture grows by the extra lines)."""
    lines = title_lines(title)
    shift = TITLE_LINE * (len(lines) - 1) + 6
    head = "".join(
        shape_svg(Text(WIDTH / 2, 26 + TITLE_LINE * k, line, TITLE_SIZE, INK, bold=True))
        for k, line in enumerate(lines)
    )
    body = "".join(shape_svg(s) for s in shapes)
    svg = svg_doc(WIDTH, height + shift, title, f'{head}<g transform="translate(0 {shift:g})">{body}</g>')
    return Chart(svg, table)


def _empty(title: str) -> Chart:
    svg = svg_doc(WIDTH, HEIGHT, title, shape_svg(Text(WIDTH / 2, HEIGHT / 2, title, 20, INK)))
    return Chart(svg, Table(title, (), ()))


def _axes(top_label: str, scale: float, ticks: Sequence[float],
          tick_text: Sequence[str]) -> list[Shape]:
    plot_h = HEIGHT - TOP - BOTTOM
    shapes: list[Shape] = []
    for value, text in zip(ticks, tick_text, strict=True):
        y = TOP + plot_h * (1 - value / scale)
        shapes.append(Line(LEFT, y, WIDTH - RIGHT, y, GRID, 1, "butt"))
        shapes.append(Text(LEFT - 8, y + 5, text, FONT, INK, anchor="end"))
    shapes.append(Text(LEFT - 8, TOP - 12, top_label, FONT - 2, INK, anchor="end"))
    return shapes


def _whisker(cx: float, y_lo: float, y_hi: float) -> list[Shape]:
    return [Line(cx, y_lo, cx, y_hi, INK, 2.5, "butt"), Line(cx - 8, y_lo, cx + 8, y_lo, INK, 2.5, "butt"),
            Line(cx - 8, y_hi, cx + 8, y_hi, INK, 2.5, "butt")]  # fmt: skip


def bar_chart(title: str, labels: Sequence[str], values: Sequence[float],
              intervals: Sequence[tuple[float, float]] | None = None, *, percent: bool = True,
              axis_label: str = "", language: str = "en", heads: Sequence[str] = ()) -> Chart:
    """Bars (0..1 as percentages when ``percent``), optional 95% whiskers, labels below;
    the table has a row per bar (``heads``: the label's, the value's and the interval's
    column heads)."""
    n = max(len(values), 1)
    top = 1.0 if percent else max([*values, *(hi for _, hi in intervals or [])], default=1.0) or 1.0

    def shown(x: float) -> str:
        return _percent(x, language, 1) if percent else number(x, language, 1)

    ticks = [top * k / 4 for k in range(5)]
    shapes = _axes(axis_label, top, ticks, [_percent(t, language) if percent else shown(t) for t in ticks])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / n
    for i, (label, value) in enumerate(zip(labels, values, strict=True)):
        x = LEFT + slot * i + slot * 0.2
        h = plot_h * min(value / top, 1.0)
        shapes.append(Rect(x, TOP + plot_h - h, slot * 0.6, h, 2, COLOURS[i % len(COLOURS)], "none", 0))
        # a bar's name (the seat) and its value are what a class reads off the board
        shapes.append(Text(x + slot * 0.3, HEIGHT - BOTTOM + 26, label, KEY_FONT, INK))
        shapes.append(Text(x + slot * 0.3, HEIGHT - BOTTOM + 52, shown(value), KEY_FONT, INK, bold=True))
        if intervals is not None:
            lo, hi = intervals[i]
            shapes += _whisker(x + slot * 0.3, TOP + plot_h * (1 - lo / top), TOP + plot_h * (1 - hi / top))
    places = 1 if percent else 2
    rows = tuple(
        (label, _percent(v, language, places) if percent else number(v, language, places))
        + ((f"{_percent(iv[0], language, 1)} – {_percent(iv[1], language, 1)}",) if intervals else ())
        for label, v, iv in zip(labels, values, intervals or [(0.0, 0.0)] * len(values), strict=True)
    )
    width = 3 if intervals else 2
    head = tuple(heads[:width]) if len(heads) >= width else ("", axis_label, "")[:width]
    return _doc(title, shapes, Table(title, head, rows))



def _bins(values: Sequence[float], bins: int) -> tuple[float, float, list[int]]:
    lo, hi = min(values), max(values)
    width = (hi - lo) / bins if hi > lo else 1.0
    counts = [0] * bins
    for v in values:
        counts[min(int((v - lo) / width), bins - 1)] += 1
    return lo, width, counts


def histogram(title: str, values: Sequence[float], *, bins: int = 10, axis_label: str = "",
              value_label: str = "", language: str = "en", heads: Sequence[str] = ()) -> Chart:
    """How often each range of values happened: ``bins`` equal ranges from min to max; the
    table has a row per range (from, to, how many)."""
    if not values:
        return _empty(title)
    lo, width, counts = _bins(values, bins)
    top = max(counts)
    ticks = [top * k / 4 for k in range(5)]
    shapes = _axes(axis_label, top, ticks, [number(t, language, 0) for t in ticks])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / bins
    for i, count in enumerate(counts):
        h = plot_h * count / top
        shapes.append(Rect(LEFT + slot * i + 1, TOP + plot_h - h, slot - 2, h, 0, COLOURS[0], "none", 0))
    for i in range(0, bins + 1, max(bins // 5, 1)):
        tick = number(lo + width * i, language)
        shapes.append(Text(LEFT + slot * i, HEIGHT - BOTTOM + 22, tick, FONT - 2, INK))
    shapes.append(Text(WIDTH / 2, HEIGHT - 18, value_label, FONT, INK))
    rows = tuple((f"{number(lo + width * i, language)} – {number(lo + width * (i + 1), language)}", str(c))
                 for i, c in enumerate(counts))  # fmt: skip
    head = tuple(heads[:2]) if len(heads) >= 2 else (value_label, axis_label)
    return _doc(title, shapes, Table(title, head, rows))


def _stacks(shares: Sequence[float]) -> dict[float, int]:
    stacks: dict[float, int] = {}
    for share in sorted(shares):
        stacks[round(share, 6)] = stacks.get(round(share, 6), 0) + 1
    return stacks


def _dot_axis(language: str, mark: float | None, mark_label: str, plot_h: float) -> list[Shape]:
    plot_w = WIDTH - LEFT - RIGHT
    shapes: list[Shape] = [Line(LEFT, TOP + plot_h, WIDTH - RIGHT, TOP + plot_h, INK, 1.5, "butt")]
    for k in range(11):
        x = LEFT + plot_w * k / 10
        shapes.append(Line(x, TOP + plot_h, x, TOP + plot_h + 6, INK, 1.5, "butt"))
        if k % 2 == 0:
            shapes.append(Text(x, TOP + plot_h + 24, _percent(k / 10, language), FONT - 2, INK))
    if mark is not None:
        x = LEFT + plot_w * mark
        shapes.append(Line(x, TOP - 4, x, TOP + plot_h, INK, 2, "butt"))
        shapes.append(Text(x + 6, TOP + 8, mark_label, FONT - 2, INK, anchor="start"))
    return shapes


def dot_plot(title: str, rows: Sequence[tuple[str, Sequence[float]]], *, x_label: str = "",
             mark: float | None = None, mark_label: str = "", language: str = "en",
             heads: Sequence[str] = (), row_title: str = "") -> Chart:
    """Repeated experiments as dots, one strip per row (e.g. per experiment size, its label
    at the left): each dot is one experiment's share (0..1) on a 0–100 % axis, dots of the
    same share stacked; ``mark`` draws a line (e.g. one in three). The table has a row per
    strip: its label, how many experiments, and each share seen with how many times."""
    rows = [(label, shares) for label, shares in rows if shares]
    if not rows:
        return _empty(title)
    tallest = max(max(_stacks(shares).values()) for _label, shares in rows)
    # one dot size for every strip: 10 px a dot, smaller only past 14 in one stack
    step = min(10.0, 150 / tallest)
    r = max(step / 2 - 0.4, 1.2)
    band = max((HEIGHT - TOP - BOTTOM - 18) / len(rows), step * tallest + 16)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, 18 + band * len(rows)
    shapes = _dot_axis(language, mark, mark_label, plot_h)
    table: list[tuple[str, ...]] = []
    for n, (label, shares) in enumerate(rows):
        stacks = _stacks(shares)
        base = TOP + 18 + band * (n + 1) - 4
        if len(rows) > 1:
            shapes.append(Line(LEFT, base + 2, WIDTH - RIGHT, base + 2, GRID, 1, "butt"))
        shapes.append(Text(LEFT - 8, base - 2, label, FONT - 2, INK, anchor="end", bold=True))
        colour = COLOURS[n % 3]
        for share, count in stacks.items():
            x = LEFT + plot_w * share
            shapes += [Circle(x, base - step * (j + 0.5), r, colour, "none", 0) for j in range(count)]
        seen = "; ".join(f"{_percent(s, language, 1)} × {c}" for s, c in stacks.items())
        table.append((label, str(len(shares)), seen))
    height = TOP + plot_h + BOTTOM
    shapes.append(Text(WIDTH / 2, height - 18, x_label, FONT, INK))
    shapes.append(Text(8, TOP + 8, row_title, FONT - 2, INK, anchor="start"))
    head = tuple(heads[:3]) if len(heads) >= 3 else ("", x_label, "")
    return _doc(title, shapes, Table(title, head, tuple(table)), height)


def _scatter_table(title: str, points: Sequence[tuple[float, float, bool]], language: str,
                   heads: Sequence[str]) -> Table:
    """The scatter's data in five ranges of x: how many points, how many marked, the mean y."""
    lo, width, _counts = _bins([p[0] for p in points], 5)
    groups: list[list[tuple[float, float, bool]]] = [[] for _ in range(5)]
    for p in points:
        groups[min(int((p[0] - lo) / width), 4)].append(p)
    rows = tuple(
        (f"{number(lo + width * i, language, 2)} – {number(lo + width * (i + 1), language, 2)}", str(len(g)),
         str(sum(1 for p in g if p[2])), number(sum(p[1] for p in g) / len(g), language, 1) if g else "—")
        for i, g in enumerate(groups)
    )  # fmt: skip
    return Table(title, tuple(heads[:4]) if len(heads) >= 4 else ("", "", "", ""), rows)


def scatter(title: str, points: Sequence[tuple[float, float, bool]], *, x_label: str = "",
            y_label: str = "", marked_label: str = "", other_label: str = "", language: str = "en",
            heads: Sequence[str] = ()) -> Chart:
    """Points (x, y, marked): marked ones as filled triangles, the others as open circles
    (shape as well as colour), a line at y = 0 when the values cross it, and a legend; the
    table sums the points up in five ranges of x (``heads``: range, points, marked, mean y)."""
    if not points:
        return _empty(title)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, x1 = min(xs), max(xs)
    y0, y1 = min(min(ys), 0.0), max(max(ys), 0.0)
    x1, y1 = (x1 if x1 > x0 else x0 + 1), (y1 if y1 > y0 else y0 + 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def at(x: float, y: float) -> tuple[float, float]:
        return LEFT + plot_w * (x - x0) / (x1 - x0), TOP + plot_h * (1 - (y - y0) / (y1 - y0))

    shapes: list[Shape] = []
    whole = all(float(y).is_integer() for y in ys)
    for k in range(5):
        value = y0 + (y1 - y0) * k / 4
        value = float(round(value)) if whole else value  # whole points get whole ticks
        y = at(x0, value)[1]
        shapes.append(Line(LEFT, y, WIDTH - RIGHT, y, GRID, 1, "butt"))
        tick = number(float(f"{value:.3g}"), language)
        shapes.append(Text(LEFT - 8, y + 5, tick, FONT - 2, INK, anchor="end"))
    for k in range(5):
        value = x0 + (x1 - x0) * k / 4
        shapes.append(Text(at(value, y0)[0], HEIGHT - BOTTOM + 22, number(float(f"{value:.2g}"), language),
                           FONT - 2, INK))  # fmt: skip
    if y0 < 0 < y1:
        zero = at(x0, 0)[1]
        shapes.append(Line(LEFT, zero, WIDTH - RIGHT, zero, INK, 1.5, "butt"))
    blue, red = COLOURS[0], COLOURS[1]
    for x, y, marked in sorted(points, key=lambda p: p[2]):  # the marked points on top
        cx, cy = at(x, y)
        if marked:
            shapes.append(Poly(((cx, cy - 6), (cx - 5.5, cy + 4), (cx + 5.5, cy + 4)), red, "none", 0))
        else:
            shapes.append(Circle(cx, cy, 4, "none", blue, 2))
    shapes.append(Text(WIDTH / 2, HEIGHT - 34, x_label, FONT, INK))
    shapes.append(Text(LEFT, TOP - 12, y_label, FONT - 2, INK, anchor="start"))
    legend_y = HEIGHT - 12
    triangle = ((LEFT, legend_y - 10), (LEFT - 5.5, legend_y), (LEFT + 5.5, legend_y))
    shapes.append(Poly(triangle, red, "none", 0))
    shapes.append(Text(LEFT + 12, legend_y, marked_label, FONT - 2, INK, anchor="start"))
    shapes.append(Circle(WIDTH / 2 + 20, legend_y - 5, 4, "none", blue, 2))
    shapes.append(Text(WIDTH / 2 + 32, legend_y, other_label, FONT - 2, INK, anchor="start"))
    return _doc(title, shapes, _scatter_table(title, points, language, heads))
