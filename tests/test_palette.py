"""The shared palette: every colour readable, and every colour told apart without colour."""

import pytest

from teachgames.pictures import shape_svg
from teachgames.pictures.palette import SWATCHES, contrast, mark_shapes, swatch


def test_ink_on_every_fill_and_dark_text_on_every_tint_reach_4_5_to_1():
    for s in SWATCHES.values():
        assert contrast(s.ink, s.fill) >= 4.5, s.name
        assert contrast("#2b2b2b", s.tint) >= 4.5, s.name


def test_the_spectrum_colours_have_seven_different_marks():
    spectrum = ["red", "orange", "yellow", "green", "blue", "indigo", "violet"]
    assert len({swatch(c).mark for c in spectrum}) == 7


def test_every_mark_draws_and_unknown_names_are_clear_errors():
    for s in SWATCHES.values():
        svg = "".join(shape_svg(sh) for sh in mark_shapes(s.mark, 10, 10, 5, s.fill, s.edge, 1))
        assert svg.startswith("<") and s.fill in svg
    with pytest.raises(ValueError, match="the palette has red"):
        swatch("pink")
    with pytest.raises(ValueError):
        mark_shapes("moon", 0, 0, 1, "#000000")


def test_contrast_matches_the_wcag_extremes():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#777777") == pytest.approx(1.0)
