"""The matplotlib painter: the same shapes as matplotlib patches on a y-down Axes.

matplotlib is imported inside the functions only, so importing this module is light.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .shapes import INK, Circle, Line, Poly, Rect, Sector, Shape, Text

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

#: SVG line caps as matplotlib cap styles.
_CAPS = {"round": "round", "butt": "butt", "square": "projecting"}


def paper_colour(colour: str) -> str:
    """A shape colour as matplotlib takes it: ``currentColor`` is :data:`INK` on paper,
    ``var(--name,fallback)`` its fallback."""
    if colour == "currentColor":
        return INK
    if colour.startswith("var("):
        return colour[colour.index(",") + 1 : -1].strip()
    return colour


def _mpl_dash(dash: tuple[float, ...], width_pt: float, unit_pt: float) -> Any:
    if not dash:
        return "solid"
    return (0, tuple(d * unit_pt / max(width_pt, 0.1) for d in dash))


class _Painter:
    """Paints shapes on a y-down Axes at an offset and a scale (see :func:`draw_shapes`)."""

    def __init__(self, ax: Axes, ox: float, oy: float, scale: float, unit_pt: float) -> None:
        self.ax, self.ox, self.oy, self.scale, self.unit_pt = ax, ox, oy, scale, unit_pt

    def z(self) -> float:
        # one rising zorder for every shape, so later shapes cover earlier ones as in SVG
        # (matplotlib otherwise draws all text above all patches)
        ax = self.ax
        n = len(ax.patches) + len(ax.lines) + len(ax.texts)
        return 1.0 + n * 1e-4

    def p(self, x: float, y: float) -> tuple[float, float]:
        return self.ox + x * self.scale, self.oy + y * self.scale

    def kw(
        self, fill: str, stroke: str, width: float, dash: tuple[float, ...], opacity: float = 1.0
    ) -> dict[str, Any]:
        from matplotlib.colors import to_rgba

        scale, unit_pt = self.scale, self.unit_pt
        lw = width * scale * unit_pt if stroke != "none" else 0.0
        return {
            "zorder": self.z(),
            "facecolor": "none" if fill == "none" else to_rgba(paper_colour(fill), opacity),
            "edgecolor": "none" if stroke == "none" else paper_colour(stroke),
            "linewidth": lw,
            "linestyle": _mpl_dash(dash, lw, scale * unit_pt),
        }

    def circle(self, s: Circle) -> None:
        from matplotlib.patches import Circle as MCircle

        paint = self.kw(s.fill, s.stroke, s.width, s.dash, s.opacity)
        self.ax.add_patch(MCircle(self.p(s.cx, s.cy), s.r * self.scale, **paint))

    def sector(self, s: Sector) -> None:
        from matplotlib.patches import Wedge

        scale = self.scale
        self.ax.add_patch(
            Wedge(
                self.p(s.cx, s.cy),
                s.r_out * scale,
                s.a0,
                s.a1,
                width=(s.r_out - s.r_in) * scale if s.r_in > 0 else None,
                **self.kw(s.fill, s.stroke, s.width, s.dash, s.opacity),
            )
        )

    def rect(self, s: Rect) -> None:
        from matplotlib.patches import FancyBboxPatch

        scale = self.scale
        x, y = self.p(s.x, s.y)
        rx = min(s.rx, s.w / 2, s.h / 2) * scale
        self.ax.add_patch(
            FancyBboxPatch(
                (x + rx, y + rx),
                s.w * scale - 2 * rx,
                s.h * scale - 2 * rx,
                boxstyle=f"round,pad={rx},rounding_size={rx}" if rx > 0 else "square,pad=0",
                **self.kw(s.fill, s.stroke, s.width, s.dash, s.opacity),
            )
        )

    def line(self, s: Line) -> None:
        (x1, y1), (x2, y2) = self.p(s.x1, s.y1), self.p(s.x2, s.y2)
        self.ax.plot(
            [x1, x2],
            [y1, y2],
            color=paper_colour(s.stroke),
            linewidth=s.width * self.scale * self.unit_pt,
            solid_capstyle=_CAPS.get(s.cap, "round"),
            zorder=self.z(),
        )

    def poly(self, s: Poly) -> None:
        from matplotlib.patches import Polygon

        points = [self.p(x, y) for x, y in s.points]
        self.ax.add_patch(Polygon(points, closed=True, **self.kw(s.fill, s.stroke, s.width, ())))

    def text(self, s: Text) -> None:
        self.ax.text(
            *self.p(s.x, s.y),
            s.text,
            fontsize=s.size * self.scale * self.unit_pt * 0.96,
            color=paper_colour(s.fill),
            ha={"start": "left", "end": "right"}.get(s.anchor, "center"),
            va="baseline",
            fontweight="bold" if s.bold else "normal",
            fontstyle="italic" if s.italic else "normal",
            family="sans-serif",
            zorder=self.z(),
        )


def draw_shapes(
    ax: Axes, shapes: Iterable[Shape], ox: float, oy: float, scale: float, unit_pt: float
) -> None:
    """Draw shapes at offset (ox, oy) and ``scale`` (axes units per shape unit) on a
    y-down Axes; ``unit_pt`` is the size of one axes unit in points (for line widths,
    dashes and font sizes)."""
    paint = _Painter(ax, ox, oy, scale, unit_pt)
    for s in shapes:
        if isinstance(s, Circle):
            paint.circle(s)
        elif isinstance(s, Sector):
            paint.sector(s)
        elif isinstance(s, Rect):
            paint.rect(s)
        elif isinstance(s, Line):
            paint.line(s)
        elif isinstance(s, Poly):
            paint.poly(s)
        else:
            paint.text(s)


def prepare_axes(ax: Axes | None, width: float, height: float, inches_per_unit: float) -> Axes:
    """``ax`` (or a new figure's full-size Axes, ``inches_per_unit`` inches per unit) set
    up for a ``width`` x ``height`` picture: y down, equal aspect, no axis."""
    import matplotlib.pyplot as plt

    if ax is None:
        fig = plt.figure(figsize=(width * inches_per_unit, height * inches_per_unit))
        ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)  # y points down, as in SVG
    ax.set_aspect("equal")
    ax.set_axis_off()
    return ax


def points_per_unit(ax: Axes, width: float, height: float) -> float:
    """The size in points of one unit of a ``width`` x ``height`` picture on ``ax``."""
    box = ax.get_window_extent()  # display pixels
    dpi = float(ax.figure.dpi)
    return float(min(box.width / width, box.height / height) * 72.0 / dpi)
