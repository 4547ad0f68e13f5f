"""The matplotlib painter: the same shapes as matplotlib patches on a y-down Axes.

matplotlib is imported inside the functions only, so importing this module is light.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .shapes import INK, Circle, Line, Poly, Rect, Sector, Shape

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


def draw_shapes(
    ax: Axes, shapes: Iterable[Shape], ox: float, oy: float, scale: float, unit_pt: float
) -> None:
    """Draw shapes at offset (ox, oy) and ``scale`` (axes units per shape unit) on a
    y-down Axes; ``unit_pt`` is the size of one axes unit in points (for line widths,
    dashes and font sizes)."""
    from matplotlib.colors import to_rgba
    from matplotlib.patches import Circle as MCircle
    from matplotlib.patches import FancyBboxPatch, Polygon, Wedge

    def kw(
        fill: str, stroke: str, width: float, dash: tuple[float, ...], opacity: float = 1.0
    ) -> dict[str, Any]:
        lw = width * scale * unit_pt if stroke != "none" else 0.0
        return {
            "zorder": z(),
            "facecolor": "none" if fill == "none" else to_rgba(paper_colour(fill), opacity),
            "edgecolor": "none" if stroke == "none" else paper_colour(stroke),
            "linewidth": lw,
            "linestyle": _mpl_dash(dash, lw, scale * unit_pt),
        }

    def z() -> float:
        # one rising zorder for every shape, so later shapes cover earlier ones as in SVG
        # (matplotlib otherwise draws all text above all patches)
        n = len(ax.patches) + len(ax.lines) + len(ax.texts)
        return 1.0 + n * 1e-4

    def p(x: float, y: float) -> tuple[float, float]:
        return ox + x * scale, oy + y * scale

    for s in shapes:
        if isinstance(s, Circle):
            paint = kw(s.fill, s.stroke, s.width, s.dash, s.opacity)
            ax.add_patch(MCircle(p(s.cx, s.cy), s.r * scale, **paint))
        elif isinstance(s, Sector):
            ax.add_patch(
                Wedge(
                    p(s.cx, s.cy),
                    s.r_out * scale,
                    s.a0,
                    s.a1,
                    width=(s.r_out - s.r_in) * scale if s.r_in > 0 else None,
                    **kw(s.fill, s.stroke, s.width, s.dash, s.opacity),
                )
            )
        elif isinstance(s, Rect):
            x, y = p(s.x, s.y)
            rx = min(s.rx, s.w / 2, s.h / 2) * scale
            ax.add_patch(
                FancyBboxPatch(
                    (x + rx, y + rx),
                    s.w * scale - 2 * rx,
                    s.h * scale - 2 * rx,
                    boxstyle=f"round,pad={rx},rounding_size={rx}" if rx > 0 else "square,pad=0",
                    **kw(s.fill, s.stroke, s.width, s.dash, s.opacity),
                )
            )
        elif isinstance(s, Line):
            (x1, y1), (x2, y2) = p(s.x1, s.y1), p(s.x2, s.y2)
            ax.plot(
                [x1, x2],
                [y1, y2],
                color=paper_colour(s.stroke),
                linewidth=s.width * scale * unit_pt,
                solid_capstyle=_CAPS.get(s.cap, "round"),
                zorder=z(),
            )
        elif isinstance(s, Poly):
            ax.add_patch(
                Polygon([p(x, y) for x, y in s.points], closed=True, **kw(s.fill, s.stroke, s.width, ()))
            )
        else:
            ax.text(
                *p(s.x, s.y),
                s.text,
                fontsize=s.size * scale * unit_pt * 0.96,
                color=paper_colour(s.fill),
                ha={"start": "left", "end": "right"}.get(s.anchor, "center"),
                va="baseline",
                fontweight="bold" if s.bold else "normal",
                fontstyle="italic" if s.italic else "normal",
                family="sans-serif",
                zorder=z(),
            )


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
