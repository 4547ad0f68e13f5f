"""How big a static picture's texts show where a lesson shows it, and whether they collide.

A picture in a cell output in JupyterLab at 1280 x 720 with the file browser open shows
at most 828 CSS px wide (measured in Chromium; the output area is 848, Voila's about 880):
a wider picture is shrunk to it, a narrower one shown at its own width. A text of font
size ``s`` in a viewBox ``vw`` units wide then shows at ``s * shown / vw`` px, ``shown`` =
min(width, 828).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from teachgames.pictures import KEY_NUMBER, text_width

#: The widest a picture shows in a cell output at 1280 x 720 with the file browser open (CSS px).
CELL_PX = 828.0
#: What a key number must show at, at the back of the room (issue 29).
MIN_PX = 24.0
_NS = "{http://www.w3.org/2000/svg}"


@dataclass(frozen=True)
class ShownText:
    """One <text> of a picture: its words, its size on screen and its box in picture units."""

    words: str
    px: float
    key: bool
    box: tuple[float, float, float, float]  # left, top, right, bottom


def _scale(root: ET.Element) -> float:
    """CSS px per picture unit where a lesson shows the picture."""
    vw = float(root.attrib["viewBox"].split()[2])
    width = float(re.sub("[a-z]+$", "", root.attrib["width"]))
    return min(width, CELL_PX) / vw


_TRANSFORM = re.compile(r"^(?:translate\(([-\d.]+)[ ,]+([-\d.]+)\))?\s*(?:scale\(([-\d.]+)\))?$")
Frame = tuple[float, float, float]  # x offset, y offset, scale: where a group's units land


def _inner(frame: Frame, el: ET.Element) -> Frame:
    """The frame inside ``el``: its transform (a translate, then a scale) applied."""
    found = _TRANSFORM.match(el.attrib.get("transform", "").strip())
    assert found, f"a transform this helper cannot read: {el.attrib['transform']}"
    dx, dy, k = (float(v) if v else d for v, d in zip(found.groups(), (0.0, 0.0, 1.0), strict=True))
    x0, y0, s = frame
    return x0 + s * dx, y0 + s * dy, s * k


def _placed(el: ET.Element, frame: Frame) -> list[tuple[ET.Element, Frame]]:
    """Every <text> under ``el`` with the frame it is drawn in."""
    out = []
    for child in el:
        inner = _inner(frame, child)
        if child.tag == f"{_NS}text":
            out.append((child, inner))
        else:
            out += _placed(child, inner)
    return out


def texts(svg: str) -> list[ShownText]:
    """Every text of ``svg`` (a picture from ``game.picture()``), with its size on screen
    and a box estimated from its font size and words (DejaVu Sans widths, an upper bound),
    in the picture's units (group transforms applied)."""
    root = ET.fromstring(svg)
    scale = _scale(root)
    out = []
    for el, (x0, y0, k) in _placed(root, (0.0, 0.0, 1.0)):
        words = "".join(el.itertext())
        size = float(el.attrib["font-size"]) * k
        bold = el.attrib.get("font-weight") == "bold"
        x, y = x0 + k * float(el.attrib["x"]), y0 + k * float(el.attrib["y"])
        w = text_width(words, size, bold)
        anchor = el.attrib.get("text-anchor", "start")
        left = x - (w / 2 if anchor == "middle" else w if anchor == "end" else 0.0)
        box = (left, y - 0.76 * size, left + w, y + 0.24 * size)
        key = KEY_NUMBER in el.attrib.get("class", "").split()
        out.append(ShownText(words, size * scale, key, box))
    return out


def key_numbers(svg: str) -> list[ShownText]:
    """The texts of ``svg`` marked as key numbers (scores, counts, amounts)."""
    return [t for t in texts(svg) if t.key]


def collisions(svg: str) -> list[tuple[str, str]]:
    """Pairs of words whose boxes overlap, where at least one is a key number."""
    found = texts(svg)
    pairs = []
    for i, a in enumerate(found):
        for b in found[i + 1 :]:
            if not (a.key or b.key):
                continue
            if a.box[0] < b.box[2] and b.box[0] < a.box[2] and a.box[1] < b.box[3] and b.box[1] < a.box[3]:
                pairs.append((a.words, b.words))
    return pairs


def marks(svg: str, cls: str) -> list[float]:
    """How tall each circle of class ``cls`` in ``svg`` shows where a lesson shows the
    picture (CSS px, its diameter with group transforms applied; the rim not counted)."""
    root = ET.fromstring(svg)
    scale = _scale(root)
    out: list[float] = []

    def walk(el: ET.Element, frame: Frame) -> None:
        for child in el:
            inner = _inner(frame, child)
            if child.tag == f"{_NS}circle" and cls in child.attrib.get("class", "").split():
                out.append(2 * float(child.attrib["r"]) * inner[2] * scale)
            walk(child, inner)

    walk(root, (0.0, 0.0, 1.0))
    return out
