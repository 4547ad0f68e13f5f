"""The shared picture machinery: shapes, the SVG painter and the matplotlib painter."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from teachgames.pictures import (
    INK,
    SVG_NS,
    Circle,
    Line,
    Poly,
    Rect,
    Sector,
    SvgImage,
    Text,
    draw_shapes,
    fit_size,
    num,
    paper_colour,
    points_per_unit,
    prepare_axes,
    shape_svg,
    svg_doc,
    text_width,
    xml_attr,
    xml_text,
)

NS = "{" + SVG_NS + "}"


def test_import_loads_neither_matplotlib_nor_sympy() -> None:
    code = (
        "import sys, teachgames.pictures as p; "
        "p.svg_doc(10, 10, 'x', p.shape_svg(p.Circle(1, 1, 1, 'red'))); "
        "bad = [m for m in ('matplotlib', 'sympy', 'fractions') if m in sys.modules]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("x", "text"), [(0, "0"), (1.0, "1"), (2.5, "2.5"), (1 / 3, "0.33"), (-0.001, "0"), (-1.25, "-1.25")]
)
def test_numbers_are_short(x: float, text: str) -> None:
    assert num(x) == text


def test_each_shape_is_one_svg_element() -> None:
    assert shape_svg(Circle(1, 2, 3, "red")) == '<circle cx="1" cy="2" r="3" fill="red"/>'
    assert (
        shape_svg(Circle(1, 2, 3, "none", "blue", 1.5, (2.0, 1.0), "c"))
        == '<circle cx="1" cy="2" r="3" fill="none" stroke="blue" stroke-width="1.5" '
        'stroke-dasharray="2 1" class="c"/>'
    )
    assert shape_svg(Rect(0, 0, 4, 5, 0, "#fff")) == '<rect x="0" y="0" width="4" height="5" fill="#fff"/>'
    assert ' rx="2"' in shape_svg(Rect(0, 0, 4, 5, 2, "#fff"))
    assert shape_svg(Line(0, 0, 1, 1, "black", 2)) == (
        '<line x1="0" y1="0" x2="1" y2="1" stroke="black" stroke-width="2" stroke-linecap="round"/>'
    )
    assert (
        shape_svg(Poly(((0, 0), (1, 0), (0, 1)), "green")) == '<polygon points="0,0 1,0 0,1" fill="green"/>'
    )
    ring = shape_svg(Sector(0, 0, 5, 10, 0, 90, "orange"))
    assert ring.startswith('<path d="M10 0A10 10 0 0 1 0 10L0 5A5 5 0 0 0 5 0Z"')
    wedge = shape_svg(Sector(0, 0, 0, 10, 0, 270, "orange"))
    assert wedge.startswith('<path d="M0 0L10 0A10 10 0 1 1 0 -10Z"')  # a pie slice, via the centre


def test_text_defaults_and_escaping() -> None:
    svg = shape_svg(Text(1, 2, "a < b & c", 12))
    assert (
        svg == f'<text x="1" y="2" font-size="12" fill="{INK}" text-anchor="middle">a &lt; b &amp; c</text>'
    )
    styled = shape_svg(Text(0, 0, '"q"', 10, bold=True, italic=True, anchor="start"))
    assert 'font-weight="bold"' in styled and 'font-style="italic"' in styled
    assert "text-anchor" not in styled and '>"q"<' in styled
    assert xml_text('<"&>') == '&lt;"&amp;&gt;'
    assert xml_attr('<"&>') == "&lt;&quot;&amp;&gt;"


def test_theme_colours_opacity_caps_and_classes() -> None:
    themed = shape_svg(Rect(0, 0, 4, 5, 0, "var(--fill,#f2a93b)", "currentColor", 1.5, cls="part"))
    assert themed == (
        '<rect x="0" y="0" width="4" height="5" fill="#f2a93b" style="fill:var(--fill,#f2a93b)"'
        ' stroke="currentColor" stroke-width="1.5" class="part"/>'
    )
    faint = shape_svg(Circle(1, 1, 1, "currentColor", opacity=0.07))
    assert faint == '<circle cx="1" cy="1" r="1" fill="currentColor" fill-opacity="0.07"/>'
    assert "stroke-linecap" not in shape_svg(Line(0, 0, 1, 1, "black", 2, "butt"))
    assert 'stroke-linecap="square"' in shape_svg(Line(0, 0, 1, 1, "black", 2, "square"))
    text = shape_svg(Text(0, 0, "ok", 10, "var(--ok,#2e7d32)", cls="verdict"))
    assert 'fill="#2e7d32" style="fill:var(--ok,#2e7d32)"' in text and text.endswith(
        ' class="verdict">ok</text>'
    )
    assert paper_colour("currentColor") == INK
    assert paper_colour("var(--fill, #f2a93b)") == "#f2a93b"
    assert paper_colour("red") == "red"


def test_escaping_drops_what_xml_forbids() -> None:
    assert xml_text("a\x00b\x1fc") == "abc" and xml_attr("a\x0bb") == "ab"
    ET.fromstring(svg_doc(10, 10, "bell\x07", shape_svg(Text(1, 1, "x\x08", 5))))


def test_document_options() -> None:
    doc = svg_doc(
        10, 10, "x", "", cls="c", font_family="'DejaVu Sans', sans-serif", fill="currentColor", xlink=True
    )
    assert doc.startswith(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" class="c"'
    )
    root = ET.fromstring(doc)
    assert root.get("font-family") == "'DejaVu Sans', sans-serif" and root.get("fill") == "currentColor"
    plain = svg_doc(10, 10, "x", "")
    assert "xlink" not in plain and "class=" not in plain and " fill=" not in plain


def test_document_is_accessible_and_escaped() -> None:
    doc = svg_doc(120.5, 40, 'Tom & "Jerry" <3', shape_svg(Circle(5, 5, 4, "red")))
    assert isinstance(doc, SvgImage) and isinstance(doc, str)
    assert doc._repr_svg_() == doc == doc._repr_html_()
    root = ET.fromstring(doc)
    assert root.tag == NS + "svg"
    assert root.get("role") == "img"
    assert root.get("aria-label") == 'Tom & "Jerry" <3'
    assert root.get("width") == "120.5" and root.get("viewBox") == "0 0 120.5 40"
    title = root.find(NS + "title")
    assert title is not None and title.text == 'Tom & "Jerry" <3'
    assert root.find(NS + "circle") is not None
    scaled = ET.fromstring(svg_doc(200, 100, "x", "", view_w=100, view_h=50))
    assert scaled.get("viewBox") == "0 0 100 50"


def test_text_width_estimates() -> None:
    assert text_width("", 10) == 0
    assert text_width("mmm", 10) > text_width("iii", 10)
    assert text_width("Ab", 10) == pytest.approx(0.684 * 10 + 0.635 * 10)  # DejaVu Sans advances
    assert text_width("Ab", 10, bold=True) > text_width("Ab", 10)
    assert text_width("пицца", 10) > text_width("pizza", 10)  # Cyrillic letter by letter
    assert text_width("字", 10) == 10  # unknown characters count one em
    assert fit_size("short", 12, 1000) == 12
    small = fit_size("a rather long line of words", 12, 50)
    assert small < 12 and text_width("a rather long line of words", small) * 1.06 == pytest.approx(50)


def test_matplotlib_painter_draws_every_shape_in_order() -> None:
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ax = prepare_axes(None, 200, 100, 0.01)
    try:
        assert ax.get_ylim() == (100, 0)  # y down, as in SVG
        unit = points_per_unit(ax, 200, 100)
        assert unit > 0
        shapes = [
            Rect(0, 0, 200, 100, 10, "#eee", "#999", 2),
            Circle(50, 50, 20, "red", "black", 1, (2.0, 1.0)),
            Sector(120, 50, 5, 20, 0, 90, "orange"),
            Line(0, 0, 200, 100, "blue", 1),
            Poly(((0, 0), (10, 0), (0, 10)), "green"),
            Text(100, 90, "hi", 12, bold=True, anchor="end"),
        ]
        draw_shapes(ax, shapes, 0, 0, 1.0, unit)
        assert len(ax.patches) == 4 and len(ax.lines) == 1 and len(ax.texts) == 1
        themed = [
            Circle(10, 10, 5, "var(--fill,#ff0000)", "currentColor", 1, opacity=0.5),
            Line(0, 0, 5, 5, "currentColor", 1, "butt"),
        ]
        draw_shapes(ax, themed, 0, 0, 1.0, unit)
        circle, line = ax.patches[-1], ax.lines[-1]
        assert tuple(circle.get_facecolor()) == (1.0, 0.0, 0.0, 0.5)
        assert line.get_solid_capstyle() == "butt" and line.get_color() == INK
        orders = [
            a.get_zorder()
            for a in (*ax.patches[:2], *ax.patches[2:3], ax.lines[0], ax.patches[3], ax.texts[0])
        ]
        assert orders == sorted(orders) and len(set(orders)) == len(orders)
        assert ax.texts[0].get_ha() == "right" and ax.texts[0].get_fontweight() == "bold"
    finally:
        plt.close(ax.figure)
