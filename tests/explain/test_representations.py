"""One fraction four ways: the right number of filled slices, parts and the point."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET

import pytest
from sympy import Rational

from teachgames.explain import Mixed, Printed, representations

SVG = "{http://www.w3.org/2000/svg}"


def group(root: ET.Element, name: str) -> ET.Element:
    for g in root.iter(f"{SVG}g"):
        if g.get("class") == name:
            return g
    raise AssertionError(f"no group {name}")


def count(g: ET.Element, cls: str) -> int:
    return sum(1 for el in g.iter() if cls in (el.get("class") or "").split())


@pytest.mark.parametrize(
    ("value", "filled", "total"),
    [
        (Rational(3, 8), 3, 8),
        (Printed(2, 8), 2, 8),  # eighths kept, not quarters
        (Rational(29, 8), 29, 32),
        (Printed(8, 8), 8, 8),
        (Rational(1, 2), 1, 2),
        (3, 3, 3),
        (0, 0, 1),
        (Mixed(Rational(5, 4)), 5, 8),
    ],
)
def test_filled_parts(value: object, filled: int, total: int) -> None:
    r = representations(value)
    root = ET.fromstring(r.svg())
    assert root.get("role") == "img" and root.get("viewBox")
    pizza, bar = group(root, "pizza"), group(root, "bar")
    assert count(pizza, "filled") == filled
    assert count(pizza, "sector") == total
    assert count(bar, "filled") == filled
    assert count(bar, "part") == total
    assert count(group(root, "number-line"), "point") == 1


def test_number_line_runs_to_the_next_whole() -> None:
    root = ET.fromstring(representations(Rational(29, 8)).svg())
    labels = [t.text for t in group(root, "number-line").findall(f"{SVG}text")]
    assert labels == ["0", "1", "2", "3", "4"]
    point_label = [t.text for t in group(root, "number-line").iter(f"{SVG}text")][5:]
    assert point_label == ["29", "8"]
    lines = group(root, "number-line").findall(f"{SVG}line")
    assert len(lines) == 1 + (4 * 8 + 1)  # the line, and a tick at each eighth from 0 to 4


def test_symbol_shows_fraction_and_mixed_number() -> None:
    root = ET.fromstring(representations(Rational(29, 8)).svg())
    texts = [t.text for t in group(root, "symbol").iter(f"{SVG}text")]
    assert texts[:2] == ["29", "8"]
    assert "3" in texts and "5" in texts
    small = ET.fromstring(representations(Printed(2, 8)).svg())
    assert [t.text for t in group(small, "symbol").iter(f"{SVG}text")] == ["2", "8"]


def test_labels_are_translated_and_in_the_title() -> None:
    r = representations(Printed(2, 8), language="ru")
    root = ET.fromstring(r.svg())
    title = root.find(f"{SVG}title")
    assert title is not None and title.text and "2/8" in title.text
    labels = [t.text for t in group(root, "labels").iter(f"{SVG}text")]
    assert labels == ["пицца", "полоска", "числовой луч", "запись"]
    assert r._repr_svg_() == r.svg()
    assert r.svg() in r._repr_html_()


def test_bad_values() -> None:
    with pytest.raises(ValueError):
        representations(Rational(-1, 8))
    with pytest.raises(ValueError):
        representations(Rational(1, 1000))
    with pytest.raises(TypeError):
        representations(0.5)


def test_plot_draws_on_matplotlib_axes() -> None:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    fig = Figure()
    ax = fig.add_subplot()
    r = representations(Rational(29, 8))
    assert r.plot(ax) is ax
    from matplotlib.patches import Wedge

    wedges = [p for p in ax.patches if isinstance(p, Wedge)]
    assert len(wedges) == 32
    # the same shapes as the SVG: filled slices in the fill colour, empty ones a faint tint
    alphas = [w.get_facecolor()[3] for w in wedges]
    assert sum(1 for a in alphas if a == 1.0) == 29
    assert all(0 < a < 0.1 for a in alphas if a != 1.0)
    import io

    fig.savefig(io.BytesIO(), format="png")


def test_importing_explain_does_not_import_matplotlib() -> None:
    import subprocess

    code = (
        "import sys, teachgames.explain as e; "
        "from sympy import Rational; "
        "x = e.Explanation(); x.add('a', [e.psum([e.Printed(1, 4), e.Printed(2, 8)]), "
        "Rational(1, 2)]); x.svg(); e.representations(Rational(3, 8)).svg(); "
        "print('matplotlib' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
