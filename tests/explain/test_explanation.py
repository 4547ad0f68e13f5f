"""Explanations: every chain is checked, and every renderer shows what was written."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from sympy import Add, Pow, Rational, Symbol

from teachgames.explain import (
    Explanation,
    ExplanationError,
    Mixed,
    Printed,
    Step,
    pdiff,
    psum,
    ptimes,
    step_latex,
)

SVG = "{http://www.w3.org/2000/svg}"


def capture_example(title: str = "Is this capture legal?") -> Explanation:
    e = Explanation(title=title, language="en")
    e.add("The order asks for a quarter of a tomato pizza.")
    e.add("Write both over eighths:", [Printed(1, 4), Printed(2, 8)])
    e.add(
        "Add the orders:",
        [Add(Printed(1, 4), Printed(2, 8), evaluate=False), Printed(4, 8), Rational(1, 2)],
    )
    e.add(
        "Compare:",
        [psum([Printed(3, 8), Printed(1, 8)]), Printed(4, 8), Printed(5, 8)],
        relations=["=", "≠"],
    )
    e.add_heading("Player 1")
    e.add(
        "Score:",
        [
            psum([Printed(3, 8), Printed(8, 8), Printed(2, 8), Printed(8, 8), Printed(8, 8)]),
            Rational(29, 8),
            Mixed(Rational(29, 8)),
        ],
    )
    e.add("Penalty:", [pdiff(18, ptimes(4, 2)), 10])
    e.add("", [ptimes(2, Printed(3, 8)), Printed(6, 8)], relations="=")
    e.add("Less:", [Printed(3, 8), Rational(1, 2), 1], relations=["<", "≤"])
    e.verdict = True
    return e


def test_steps_are_recorded_as_written() -> None:
    e = capture_example()
    steps = e.steps
    assert isinstance(steps, tuple) and all(isinstance(s, Step) for s in steps)
    assert steps[0].words.startswith("The order") and steps[0].chain == ()
    assert steps[1].chain == (Printed(1, 4), Printed(2, 8))
    assert steps[1].relations == ("=",)
    assert steps[3].relations == ("=", "≠")
    assert steps[4].heading and steps[4].words == "Player 1"
    assert len(e) == len(steps)


def test_a_wrong_sum_is_a_bug_not_a_lesson() -> None:
    e = Explanation(title="t")
    with pytest.raises(ExplanationError, match="5/8"):
        e.add("Wrong:", [psum([Printed(3, 8), Printed(1, 8)]), Printed(5, 8)])
    assert len(e) == 0  # nothing half-added


def test_not_equal_holds_only_when_unequal() -> None:
    e = Explanation()
    e.add("", [Printed(3, 8), Printed(5, 8)], relations=["≠"])
    with pytest.raises(ExplanationError):
        e.add("", [Printed(2, 8), Printed(1, 4)], relations=["≠"])
    with pytest.raises(ExplanationError):
        e.add("", [Printed(5, 8), Printed(1, 2)], relations=["<"])
    with pytest.raises(ExplanationError):
        e.add("", [1, Printed(8, 8), Printed(7, 8)], relations=["=", "≤"])
    e.add("", [Printed(8, 8), 1], relations=["≥"])
    e.add("", [Printed(8, 8), 1], relations=["<="])  # ASCII spellings are accepted
    assert e.steps[-1].relations == ("≤",)


def test_relations_must_match_the_chain() -> None:
    e = Explanation()
    with pytest.raises(ValueError):
        e.add("", [1, 1, 1], relations=["="])
    with pytest.raises(ValueError):
        e.add("", [1, 1], relations=["≈"])


def test_undecidable_chain_is_refused() -> None:
    with pytest.raises(ExplanationError):
        Explanation().add("", [Symbol("x"), 3])
    Explanation().add("", [psum([Symbol("x"), Symbol("x")]), ptimes(2, Symbol("x"))])


def test_text_is_plain_unicode_in_written_order() -> None:
    e = capture_example()
    text = e.text()
    assert str(e) == text
    assert "\\" not in text and "$" not in text
    assert "1/4 + 2/8 = 4/8 = 1/2" in text
    assert "3/8 + 1/8 = 4/8 ≠ 5/8" in text
    assert "= 29/8 = 3 5/8" in text
    assert "18 − 4 × 2 = 10" in text
    assert "3/8 < 1/2 ≤ 1" in text
    assert text.splitlines()[0] == "Is this capture legal?"
    assert text.splitlines()[-1] == "✓ Legal"


def test_latex_and_markdown_keep_printed_fractions() -> None:
    e = capture_example()
    tex = e.latex()
    assert r"$\frac{1}{4} = \frac{2}{8}$" in tex
    assert r"\frac{4}{8} \neq \frac{5}{8}" in tex
    assert r"3\frac{5}{8}" in tex
    assert r"\textbf{Player 1}" in tex
    md = e.markdown()
    assert r"- Write both over eighths: $\frac{1}{4} = \frac{2}{8}$" in md
    assert "**Player 1**" in md
    assert e._repr_markdown_() == md
    assert e._repr_latex_().startswith("$$") and r"\frac{2}{8}" in e._repr_latex_()


def test_mathtext_flavour_is_one_line_per_step_without_text_macros() -> None:
    e = capture_example()
    lines = e.latex(flavour="mathtext").splitlines()
    assert len(lines) == 1 + len(e) + 1  # title, steps, verdict
    assert not any(r"\text" in line for line in lines)


def _render_mathtext(maths: str) -> None:
    from matplotlib import mathtext

    buf = io.BytesIO()
    mathtext.math_to_image(f"${maths}$", buf, format="png", dpi=50)
    assert buf.getvalue().startswith(b"\x89PNG")


def test_every_step_latex_renders_in_mathtext() -> None:
    e = capture_example()
    e.add("Symbols:", [ptimes(7, Symbol("red card")), ptimes(Symbol("red card"), 7)])
    e.add("Signs:", [pdiff(Printed(1, 8), Printed(5, 8)), Mixed(Rational(-1, 2))])
    for step in e.steps:
        maths = step_latex(step)
        if step.chain:
            assert maths
            _render_mathtext(maths)
        else:
            assert maths == ""


def test_mathtext_flavour_lines_render_as_matplotlib_text() -> None:
    from matplotlib.figure import Figure

    e = capture_example('Player <1> & "friends" pay $5')
    fig = Figure()
    for i, line in enumerate(e.latex(flavour="mathtext").splitlines()):
        fig.text(0, i / 12, line)
    fig.savefig(io.BytesIO(), format="svg")


def test_svg_is_well_formed_and_accessible() -> None:
    e = capture_example()
    svg = e.svg()
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("viewBox") and root.get("width") and root.get("height")
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == e.text()
    texts = "".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "Write both over eighths:" in texts
    # stacked fractions: numerators and denominators are separate text elements with bars
    assert len(list(root.iter(f"{SVG}line"))) >= 20
    assert "≠" in texts and "✓ Legal" in texts


def test_svg_mathtext_engine_is_well_formed() -> None:
    e = capture_example()
    e.add("Other maths:", [Pow(Rational(4, 9), Rational(1, 2), evaluate=False), Printed(4, 6)])
    root = ET.fromstring(e.svg(engine="mathtext"))
    assert len(list(root.iter(f"{SVG}svg"))) > 5  # nested mathtext pieces
    auto = ET.fromstring(e.svg())  # sqrt goes to mathtext, the rest stays fast
    assert len(list(auto.iter(f"{SVG}svg"))) == 2  # the root and the sqrt


def test_words_are_escaped_in_svg_and_html() -> None:
    name = 'Ann <b>& "Bo"\'s'
    e = Explanation(title=f"{name} captures")
    e.add(f"{name} gives", [Printed(2, 8), Rational(1, 4)])
    e.add_heading(name)
    svg = e.svg()
    html = e.html()
    for doc in (svg, html):
        assert "<b>" not in doc
        assert "&lt;b&gt;&amp; &quot;Bo&quot;" in doc
    root = ET.fromstring(svg)
    assert root.find(f"{SVG}title").text.startswith(name)  # type: ignore[union-attr]
    ET.fromstring(html)
    assert e._repr_html_() == html
    assert "&lt;b&gt;" in e.markdown()
    assert r"\textless{}b\textgreater{}\&" in e.latex()


def test_control_characters_cannot_break_the_xml() -> None:
    e = Explanation(title="bad\x00name\x07")
    e.add("x\x1b", [1])
    ET.fromstring(e.svg())


def test_long_chains_wrap_inside_the_width() -> None:
    e = Explanation(title="Score")
    terms = [Printed(k % 8 + 1, 8) for k in range(24)]
    total = sum((t.doit() for t in terms), Rational(0))
    e.add("All the slices in the pile, one card at a time:", [psum(terms), total, Mixed(total)])
    root = ET.fromstring(e.svg(width=500))
    assert float(root.get("width")) <= 500  # type: ignore[arg-type]
    for t in root.iter(f"{SVG}text"):
        assert float(t.get("x")) < 500  # type: ignore[arg-type]


def test_verdict_words_follow_the_language() -> None:
    e = Explanation(title="Можно ли?", language="ru")
    e.verdict = False
    assert e.text().splitlines()[-1] == "✗ Нельзя"
    e.verdict = None
    assert "Нельзя" not in e.text()
    b = Explanation(language="bg", verdict=True)
    assert b.text() == "✓ Може"


def test_extend_appends_steps() -> None:
    a = Explanation(title="A")
    a.add("one", [1])
    b = Explanation(title="B")
    b.add_heading("Player 2")
    b.add("two", [psum([1, 1]), 2])
    a.extend(b)
    assert [s.words for s in a.steps] == ["one", "Player 2", "two"]
    assert a.title == "A"


def test_empty_explanation_renders() -> None:
    e = Explanation()
    assert e.text() == ""
    ET.fromstring(e.svg())


def test_text_never_runs_two_amounts_together() -> None:
    """A refusal's words may end with an amount ("… the cards taken make 7/8"); the text
    form puts a colon before its maths, so a pupil never reads "make 7/8 6/8 ≠ 7/8"."""
    import teachgames

    g = teachgames.new_game("delissimo", level="basic", players=3, seed=12)
    text = g.explain({"kind": "capture", "player": 0, "give": ["pepper 4/8"], "take": ["7/8 mp"]}).text()
    assert "the cards taken make 7/8: 4/8 ≠ 7/8" in text
    assert "Pizza taken: 7/8" in text  # words ending with a colon keep theirs
