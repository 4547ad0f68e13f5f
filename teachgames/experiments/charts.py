"""Two small SVG charts a statistics lesson needs: bars with interval whiskers, and a
histogram. Drawn with the shared picture machinery, so no plotting library is needed
(the browser-only site has none) and every label is escaped text.

The charts follow the page's theme: their words, axes and whiskers are drawn in
``currentColor`` (JupyterLab's text colour, light on the dark theme), the grid in a grey
that reads on both; a long title (a Russian or Bulgarian one) wraps onto more lines, and
the chart grows to make room, instead of being cut at the edges or running into the axis.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..pictures import Line, Rect, Shape, SvgImage, Text, shape_svg, svg_doc
from ..pictures.metrics import text_width
from ..pictures.palette import swatch

#: Words and axes: the theme's text colour (the page's ``color``).
INK = "currentColor"
#: Grid lines: >= 3:1 on white and on JupyterLab's dark background alike.
GRID = "#8a8a8a"
TITLE_SIZE = 20.0
TITLE_LINE = 25.0

WIDTH = 640.0
HEIGHT = 360.0
LEFT, RIGHT, TOP, BOTTOM = 70.0, 20.0, 46.0, 70.0
FONT = 16.0


def title_lines(title: str, room: float = WIDTH - 24) -> list[str]:
    """The title cut at spaces into lines that fit ``room`` at the title's size."""
    lines: list[str] = []
    for word in title.split():
        if lines and text_width(f"{lines[-1]} {word}", TITLE_SIZE, bold=True) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def _doc(title: str, shapes: Sequence[Shape]) -> SvgImage:
    """The chart with its title on as many lines as it needs above the plot (the plot
    moves down and the picture grows by the extra lines)."""
    lines = title_lines(title)
    shift = TITLE_LINE * (len(lines) - 1) + 6
    head = "".join(
        shape_svg(Text(WIDTH / 2, 26 + TITLE_LINE * k, line, TITLE_SIZE, INK, bold=True))
        for k, line in enumerate(lines)
    )
    body = "".join(shape_svg(s) for s in shapes)
    return svg_doc(WIDTH, HEIGHT + shift, title, f'{head}<g transform="translate(0 {shift:g})">{body}</g>')


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


def bar_chart(title: str, labels: Sequence[str], values: Sequence[float],
              intervals: Sequence[tuple[float, float]] | None = None, *, percent: bool = True,
              axis_label: str = "") -> SvgImage:
    """Bars (0..1 as percentages when ``percent``), optional 95% whiskers, labels below."""
    n = max(len(values), 1)
    top = 1.0 if percent else max([*values, *(hi for _, hi in intervals or [])], default=1.0) or 1.0
    ticks = [top * k / 4 for k in range(5)]
    tick_text = [f"{100 * t:.0f}%" if percent else f"{t:g}" for t in ticks]
    shapes = _axes(axis_label, top, ticks, tick_text)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / n
    colours = ["blue", "orange", "green", "violet", "red", "indigo"]
    for i, (label, value) in enumerate(zip(labels, values, strict=True)):
        fill = swatch(colours[i % len(colours)])
        x = LEFT + slot * i + slot * 0.2
        h = plot_h * min(value / top, 1.0)
        shapes.append(Rect(x, TOP + plot_h - h, slot * 0.6, h, 2, fill.fill, fill.edge, 1.5))
        shapes.append(Text(x + slot * 0.3, HEIGHT - BOTTOM + 24, label, FONT, INK))
        shown = f"{100 * value:.0f}%" if percent else f"{value:.1f}"
        shapes.append(Text(x + slot * 0.3, HEIGHT - BOTTOM + 46, shown, FONT, INK, bold=True))
        if intervals is not None:
            lo, hi = intervals[i]
            y_lo, y_hi = TOP + plot_h * (1 - lo / top), TOP + plot_h * (1 - hi / top)
            cx = x + slot * 0.3
            shapes.append(Line(cx, y_lo, cx, y_hi, INK, 2, "butt"))
            shapes.append(Line(cx - 8, y_lo, cx + 8, y_lo, INK, 2, "butt"))
            shapes.append(Line(cx - 8, y_hi, cx + 8, y_hi, INK, 2, "butt"))
    return _doc(title, shapes)


def histogram(title: str, values: Sequence[float], *, bins: int = 10, axis_label: str = "",
              value_label: str = "") -> SvgImage:
    """How often each range of values happened: ``bins`` equal ranges from min to max."""
    if not values:
        return svg_doc(WIDTH, HEIGHT, title, shape_svg(Text(WIDTH / 2, HEIGHT / 2, title, 20, INK)))
    lo, hi = min(values), max(values)
    width = (hi - lo) / bins if hi > lo else 1.0
    counts = [0] * bins
    for v in values:
        counts[min(int((v - lo) / width), bins - 1)] += 1
    top = max(counts)
    ticks = [top * k / 4 for k in range(5)]
    shapes = _axes(axis_label, top, ticks, [f"{t:.0f}" for t in ticks])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / bins
    fill = swatch("blue")
    for i, count in enumerate(counts):
        h = plot_h * count / top
        shapes.append(Rect(LEFT + slot * i + 1, TOP + plot_h - h, slot - 2, h, 0, fill.fill, fill.edge, 1))
    for i in range(0, bins + 1, max(bins // 5, 1)):
        shapes.append(Text(LEFT + slot * i, HEIGHT - BOTTOM + 22, f"{lo + width * i:g}", FONT - 2, INK))
    shapes.append(Text(WIDTH / 2, HEIGHT - 18, value_label, FONT, INK))
    return _doc(title, shapes)


def scatter(title: str, points: Sequence[tuple[float, float, bool]], *, x_label: str = "",
            y_label: str = "", marked_label: str = "", other_label: str = "") -> SvgImage:
    """Points (x, y, marked): marked ones as filled triangles, the others as open circles
    (shape as well as colour), a line at y = 0 when the values cross it, and a legend."""
    from ..pictures import Circle, Poly

    if not points:
        return svg_doc(WIDTH, HEIGHT, title, shape_svg(Text(WIDTH / 2, HEIGHT / 2, title, 20, INK)))
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
        if whole:  # whole points get whole ticks
            value = float(round(value))
        _, y = at(x0, value)
        shapes.append(Line(LEFT, y, WIDTH - RIGHT, y, GRID, 1, "butt"))
        shapes.append(Text(LEFT - 8, y + 5, f"{value:g}", FONT - 2, INK, anchor="end"))
    for k in range(5):
        value = x0 + (x1 - x0) * k / 4
        x, _ = at(value, y0)
        shapes.append(Text(x, HEIGHT - BOTTOM + 22, f"{value:.2g}", FONT - 2, INK))
    if y0 < 0 < y1:
        _, zero = at(x0, 0)
        shapes.append(Line(LEFT, zero, WIDTH - RIGHT, zero, INK, 1.5, "butt"))
    blue, red = swatch("blue"), swatch("red")
    for x, y, marked in sorted(points, key=lambda p: p[2]):  # the marked points on top
        cx, cy = at(x, y)
        if marked:
            shapes.append(Poly(((cx, cy - 6), (cx - 5.5, cy + 4), (cx + 5.5, cy + 4)), red.fill, red.edge, 1))
        else:
            shapes.append(Circle(cx, cy, 4, "none", blue.fill, 1.5))
    shapes.append(Text(WIDTH / 2, HEIGHT - 34, x_label, FONT, INK))
    shapes.append(Text(LEFT, TOP - 12, y_label, FONT - 2, INK, anchor="start"))
    legend_y = HEIGHT - 12
    triangle = ((LEFT, legend_y - 10), (LEFT - 5.5, legend_y), (LEFT + 5.5, legend_y))
    shapes.append(Poly(triangle, red.fill, red.edge, 1))
    shapes.append(Text(LEFT + 12, legend_y, marked_label, FONT - 2, INK, anchor="start"))
    shapes.append(Circle(WIDTH / 2 + 20, legend_y - 5, 4, "none", blue.fill, 1.5))
    shapes.append(Text(WIDTH / 2 + 32, legend_y, other_label, FONT - 2, INK, anchor="start"))
    return _doc(title, shapes)
