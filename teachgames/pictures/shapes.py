"""Shape records shared by the SVG and matplotlib painters.

Coordinates are in any unit with y pointing down (as in SVG); a painter places and
scales them. Colours are CSS colour strings, ``"none"`` for no fill or no stroke;
``dash`` is a stroke dash pattern in the shapes' units and ``cls`` an SVG class.
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


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    width: float


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


Shape = Circle | Sector | Rect | Line | Poly | Text
