"""Shape records shared by the SVG and matplotlib painters.

Coordinates are in any unit with y pointing down (as in SVG); a painter places and
scales them. Colours are CSS colour strings, ``"none"`` for no fill or no stroke,
``"currentColor"`` for the host's text colour (so a picture reads on light and dark
themes; :data:`INK` on paper) or ``"var(--name,fallback)"`` for a colour a host's theme
may set (``fallback`` where it does not, and on paper). ``opacity`` is the fill's
opacity, ``dash`` a stroke dash pattern in the shapes' units and ``cls`` an SVG class.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The default colour of text.
INK = "#2b2b2b"


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str
    stroke: str = "none"
    width: float = 0.0
    dash: tuple[float, ...] = ()
    cls: str = ""
    opacity: float = 1.0


@dataclass(frozen=True, slots=True)
class Sector:
    """An annular sector; angles in degrees, clockwise from the x axis (y points down)."""

    cx: float
    cy: float
    r_in: float
    r_out: float
    a0: float
    a1: float
    fill: str
    stroke: str = "none"
    width: float = 0.0
    dash: tuple[float, ...] = ()
    cls: str = ""
    opacity: float = 1.0


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    rx: float
    fill: str
    stroke: str = "none"
    width: float = 0.0
    dash: tuple[float, ...] = ()
    cls: str = ""
    opacity: float = 1.0


@dataclass(frozen=True, slots=True)
class Line:
    """A stroked segment; ``cap`` is the SVG line cap: round, butt or square."""

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    width: float
    cap: str = "round"


@dataclass(frozen=True, slots=True)
class Poly:
    points: tuple[tuple[float, float], ...]
    fill: str
    stroke: str = "none"
    width: float = 0.0


@dataclass(frozen=True, slots=True)
class Text:
    """Text with its baseline at ``y``; ``anchor`` is start, middle or end."""

    x: float
    y: float
    text: str
    size: float
    fill: str = INK
    bold: bool = False
    anchor: str = "middle"
    italic: bool = False
    cls: str = ""


Shape = Circle | Sector | Rect | Line | Poly | Text
