"""The colour-blind-safe palette every game draws with: a colour never stands alone.

Each named colour has a fill (the Okabe–Ito set, red and green darkened so that their
ink reaches 4.5:1), a darker edge, a light tint, the ink that reads on the fill,
and a **mark**: a shape drawn on the card, so "red" and "green" differ for a pupil who
cannot tell them apart. Games add the colour's initial in the pupil's language (from
their own catalogue) beside the mark.

Only the standard library is used.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .shapes import Circle, Poly, Rect, Shape


@dataclass(frozen=True)
class Swatch:
    """One named colour: fill, edge, tint, the ink to write on the fill, and its mark."""

    name: str
    fill: str
    edge: str
    tint: str
    ink: str
    mark: str  # circle, square, triangle, diamond, star, hexagon, cross


#: Every colour the four games use, by its English name (the card notation's word).
SWATCHES: dict[str, Swatch] = {
    s.name: s
    for s in (
        Swatch("red", "#c5461c", "#7a2a0f", "#fbe3d3", "#ffffff", "triangle"),
        Swatch("orange", "#e69f00", "#8f6300", "#fcefd2", "#1f1f1f", "hexagon"),
        Swatch("yellow", "#f0e442", "#7d7515", "#fcf9d6", "#1f1f1f", "circle"),  # edge 3.6:1 on the fill
        Swatch("green", "#007a5a", "#00452f", "#d3f0e7", "#ffffff", "square"),
        Swatch("blue", "#0072b2", "#004166", "#d5e8f4", "#ffffff", "diamond"),
        Swatch("indigo", "#3f3fa0", "#26265f", "#dedef2", "#ffffff", "star"),
        Swatch("violet", "#cc79a7", "#7d4264", "#f6e4ee", "#1f1f1f", "cross"),
        Swatch("black", "#2b2b2b", "#000000", "#e6e6e6", "#ffffff", "circle"),
    )
}


def swatch(name: str) -> Swatch:
    """The swatch for a colour name; an unknown name is a ValueError listing the known ones."""
    try:
        return SWATCHES[name]
    except KeyError:
        raise ValueError(f"no colour {name!r}; the palette has {', '.join(SWATCHES)}") from None


def _regular(cx: float, cy: float, r: float, n: int, turn: float = -90.0) -> tuple[tuple[float, float], ...]:
    angles = [math.radians(turn + 360 * k / n) for k in range(n)]
    return tuple((cx + r * math.cos(a), cy + r * math.sin(a)) for a in angles)


def mark_shapes(mark: str, cx: float, cy: float, r: float, fill: str, edge: str = "none",
                width: float = 0.0) -> list[Shape]:
    """The shapes of a colour's mark centred at (cx, cy) with radius ``r``."""
    if mark == "circle":
        return [Circle(cx, cy, r, fill, edge, width)]
    if mark == "square":
        s = r * 0.9
        return [Rect(cx - s, cy - s, 2 * s, 2 * s, 0, fill, edge, width)]
    if mark == "triangle":
        return [Poly(_regular(cx, cy + r * 0.15, r * 1.1, 3), fill, edge, width)]
    if mark == "diamond":
        return [Poly(_regular(cx, cy, r * 1.05, 4), fill, edge, width)]
    if mark == "hexagon":
        return [Poly(_regular(cx, cy, r, 6, 0.0), fill, edge, width)]
    if mark == "star":
        pts = []
        for k in range(10):
            rad = r * (1.1 if k % 2 == 0 else 0.45)
            a = math.radians(-90 + 36 * k)
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        return [Poly(tuple(pts), fill, edge, width)]
    if mark == "cross":
        t = r * 0.36
        return [Rect(cx - r, cy - t, 2 * r, 2 * t, 0, fill, edge, width),
                Rect(cx - t, cy - r, 2 * t, 2 * r, 0, fill, edge, width)]
    raise ValueError(f"unknown mark {mark!r}")


def relative_luminance(colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    value = colour.lstrip("#")
    if len(value) != 6:
        raise ValueError(f"a colour is #rrggbb, not {colour!r}")
    channels = [int(value[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio between two colours (1 to 21); text needs 4.5 or more."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


#: The contrast a shape that carries meaning needs against what is behind it (WCAG 1.4.11).
SHAPE_CONTRAST = 3.0


def _opaque(colour: object) -> str | None:
    """``colour`` when it is a plain ``#rrggbb`` (not "none", a CSS variable, currentColor)."""
    return colour if isinstance(colour, str) and len(colour) == 7 and colour.startswith("#") else None


def shape_contrast(shape: object, behind: str) -> float:
    """How well ``shape`` stands out from ``behind`` (``#rrggbb``): the better of its fill
    and its outline (an outline of 1 unit or more), as a WCAG ratio; 1.0 when it has
    neither in a plain colour. A card whose face is pale on a white page is told apart by
    its outline, on a dark page by its face: either boundary counts."""
    best = 1.0
    fill = _opaque(getattr(shape, "fill", None))
    if fill is not None and getattr(shape, "opacity", 1.0) >= 0.99:
        best = max(best, contrast(fill, behind))
    stroke = _opaque(getattr(shape, "stroke", None))
    if stroke is not None and getattr(shape, "width", 0.0) >= 1.0:
        best = max(best, contrast(stroke, behind))
    return best
