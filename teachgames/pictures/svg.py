"""The SVG painter: shapes as SVG elements, and accessible standalone SVG documents.

Numbers are written short (two decimals at most, no trailing zeros); every string that
goes into an attribute or a text node is XML-escaped here, and characters XML forbids
are dropped.
"""

from __future__ import annotations

import logging
import math
import re
from html import escape
from typing import Any

from .shapes import Circle, Line, Poly, Rect, Sector, Shape

log = logging.getLogger(__name__)

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"

_BAD_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


class SvgImage(str):
    """An SVG document as a string that Jupyter displays as a picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return str(self)


def xml_attr(text: str) -> str:
    """``text`` escaped for an XML attribute value (quotes included)."""
    return escape(_BAD_XML.sub("", text))


def xml_text(text: str) -> str:
    """``text`` escaped for an XML text node."""
    return escape(_BAD_XML.sub("", text), quote=False)


def num(x: float) -> str:
    """A short number for SVG attributes."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("", "-0") else s


def _fill(fill: str) -> str:
    """The fill attribute; a ``var(--name,fallback)`` colour is the fallback, and the
    variable in a style that wins over it where the host sets the variable."""
    if fill.startswith("var("):
        fallback = fill[fill.index(",") + 1 : -1].strip()
        return f' fill="{fallback}" style="fill:{fill}"'
    return f' fill="{fill}"'


def _paint(
    fill: str, stroke: str, width: float, dash: tuple[float, ...], cls: str, opacity: float = 1.0
) -> str:
    out = _fill(fill)
    if opacity != 1.0:
        out += f' fill-opacity="{num(opacity)}"'
    if stroke != "none" and width > 0:
        out += f' stroke="{stroke}" stroke-width="{num(width)}"'
        if dash:
            out += f' stroke-dasharray="{" ".join(num(d) for d in dash)}"'
    if cls:
        out += f' class="{cls}"'
    return out


def _pt(cx: float, cy: float, r: float, deg: float) -> str:
    a = math.radians(deg)
    return f"{num(cx + r * math.cos(a))} {num(cy + r * math.sin(a))}"


def shape_svg(s: Shape) -> str:
    """One shape as an SVG element."""
    if isinstance(s, Circle):
        return (
            f'<circle cx="{num(s.cx)}" cy="{num(s.cy)}" r="{num(s.r)}"'
            f"{_paint(s.fill, s.stroke, s.width, s.dash, s.cls, s.opacity)}/>"
        )
    if isinstance(s, Sector):
        large = 1 if (s.a1 - s.a0) % 360 > 180 else 0
        arc = (
            f"{_pt(s.cx, s.cy, s.r_out, s.a0)}A{num(s.r_out)} {num(s.r_out)} 0 {large} 1 "
            f"{_pt(s.cx, s.cy, s.r_out, s.a1)}"
        )
        if s.r_in > 0:
            d = (
                f"M{arc}L{_pt(s.cx, s.cy, s.r_in, s.a1)}A{num(s.r_in)} {num(s.r_in)} 0 {large} 0 "
                f"{_pt(s.cx, s.cy, s.r_in, s.a0)}Z"
            )
        else:  # a pie slice: from the centre out and round the arc
            d = f"M{num(s.cx)} {num(s.cy)}L{arc}Z"
        return f'<path d="{d}"{_paint(s.fill, s.stroke, s.width, s.dash, s.cls, s.opacity)}/>'
    if isinstance(s, Rect):
        rx = f' rx="{num(s.rx)}"' if s.rx else ""
        return (
            f'<rect x="{num(s.x)}" y="{num(s.y)}" width="{num(s.w)}" height="{num(s.h)}"{rx}'
            f"{_paint(s.fill, s.stroke, s.width, s.dash, s.cls, s.opacity)}/>"
        )
    if isinstance(s, Line):
        cap = "" if s.cap == "butt" else f' stroke-linecap="{s.cap}"'
        return (
            f'<line x1="{num(s.x1)}" y1="{num(s.y1)}" x2="{num(s.x2)}" y2="{num(s.y2)}" '
            f'stroke="{s.stroke}" stroke-width="{num(s.width)}"{cap}/>'
        )
    if isinstance(s, Poly):
        pts = " ".join(f"{num(x)},{num(y)}" for x, y in s.points)
        return f'<polygon points="{pts}"{_paint(s.fill, s.stroke, s.width, (), "")}/>'
    attrs = f'x="{num(s.x)}" y="{num(s.y)}" font-size="{num(s.size)}"{_fill(s.fill)}'
    if s.anchor != "start":
        attrs += f' text-anchor="{s.anchor}"'
    if s.bold:
        attrs += ' font-weight="bold"'
    if s.italic:
        attrs += ' font-style="italic"'
    if s.cls:
        attrs += f' class="{s.cls}"'
    return f"<text {attrs}>{xml_text(s.text)}</text>"


def svg_doc(
    width: float,
    height: float,
    label: str,
    body: str,
    view_w: float | None = None,
    view_h: float | None = None,
    *,
    cls: str = "",
    font_family: str = "sans-serif",
    fill: str = "",
    xlink: bool = False,
) -> SvgImage:
    """A standalone SVG document ``width`` x ``height`` px around ``body`` (ready SVG
    markup), with ``label`` (plain words, escaped here) as its title and aria-label.
    The viewBox is the same size unless ``view_w``/``view_h`` say otherwise. ``cls`` is
    the root's class, ``fill`` a fill its elements inherit, and ``xlink`` declares the
    xlink namespace (for bodies drawn by matplotlib)."""
    vw = width if view_w is None else view_w
    vh = height if view_h is None else view_h
    alt = xml_attr(label)
    head = f'<svg xmlns="{SVG_NS}"'
    if xlink:
        head += f' xmlns:xlink="{XLINK_NS}"'
    if cls:
        head += f' class="{xml_attr(cls)}"'
    paint = f' fill="{xml_attr(fill)}"' if fill else ""
    return SvgImage(
        f'{head} version="1.1" width="{num(width)}" height="{num(height)}" '
        f'viewBox="0 0 {num(vw)} {num(vh)}" role="img" aria-label="{alt}" '
        f'font-family="{xml_attr(font_family)}"{paint}><title>{alt}</title>{body}</svg>'
    )


#: The smallest text of an explanation's picture on screen (a widget, a static page), in
#: CSS pixels: the size of the words and numbers around it.
SMALLEST_PX = 20.0
_FONT_SIZE = re.compile(r'font-size="([0-9.]+)(?:px)?"')
_ROOT_SIZE = re.compile(r'\A(<svg\b[^>]*?\swidth=")([0-9.]+)("[^>]*?\sheight=")([0-9.]+)(")')


def readable(svg: str) -> str:
    """``svg`` drawn so that its smallest text is at least :data:`SMALLEST_PX` (its
    ``width`` and ``height`` grown, its ``viewBox`` kept: the whole picture scales)."""
    sizes = [float(m) for m in _FONT_SIZE.findall(svg) if float(m) > 0]
    match = _ROOT_SIZE.match(svg)
    if not sizes or match is None or min(sizes) >= SMALLEST_PX:
        return svg
    k = SMALLEST_PX / min(sizes)
    width, height = float(match[2]) * k, float(match[4]) * k
    return f"{match[1]}{width:.2f}{match[3]}{height:.2f}{match[5]}{svg[match.end():]}"


def explained(exp: Any, title: str) -> dict[str, Any] | None:
    """An explanation (anything with ``text()`` and ``svg()``, as :mod:`teachgames.explain`
    makes) as a page or a widget shows it: ``{"title", "text", "svg"}``, its picture
    :func:`readable`; None when there is none, or it has neither words nor a picture. A
    part that fails is logged and left empty: an explanation never breaks a lesson."""
    if exp is None:
        return None
    out: dict[str, Any] = {"title": title, "text": "", "svg": None}
    try:
        out["text"] = str(exp.text())
    except Exception:
        log.exception("teachgames: explanation text failed")
    try:
        out["svg"] = readable(str(exp.svg()))
    except Exception:
        log.exception("teachgames: explanation SVG failed")
    return out if out["text"] or out["svg"] else None
