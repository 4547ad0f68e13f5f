"""The 6+ and 8+ Delissimo lessons and Split 6+ as a pupil sees them in Voilà at
1280 x 720, light and dark: screenshots to look at (artifacts/voila/), and what can be
measured there: the 6+ pizza a pupil counts and the Split pair a pupil sorts are at least 240 px across, every prompt has
its read-aloud button, the words of the hints are 20 px, and on the Delissimo screens every
topping (the badge that decides whether a capture is legal) is 20 px tall or more."""

from __future__ import annotations

import pytest

from .conftest import THEMES, WALK_TIMEOUT_MS

#: The toppings on a lesson screen (its picture and its answer cards), as the browser draws them.
TOPPINGS = ".tga-picture svg circle.topping, .tga-option-pic svg circle.topping"


def topping_heights(root) -> list[float]:
    """How tall each topping badge on the activity's open screen is drawn (CSS px)."""
    return root.locator(TOPPINGS).evaluate_all("cs => cs.map(c => c.getBoundingClientRect().height)")

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LESSONS = ("delissimo-6plus.ipynb", "delissimo-8plus.ipynb", "split-classify.ipynb")


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("lesson", LESSONS)
def test_lesson_screens_at_the_projector(voila, pupil_page, lesson, theme):
    from playwright.sync_api import expect

    page = pupil_page.open(voila, lesson, theme=theme)
    root = page.locator(".tga-root").first
    expect(root).to_be_visible(timeout=WALK_TIMEOUT_MS)
    root.scroll_into_view_if_needed()
    expect(root.locator("[data-testid=tga-read-aloud]").first).to_be_visible()
    root.locator("[data-testid=tga-hint]").click()
    step = root.locator("[data-testid=tga-hints] li").first
    expect(step).to_be_visible(timeout=WALK_TIMEOUT_MS)
    assert float(step.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 20
    root.locator(".tga-title").scroll_into_view_if_needed()
    if lesson in ("delissimo-6plus.ipynb", "split-classify.ipynb"):  # the counted pizza, the sorted pair
        box = root.locator(".tga-picture svg").bounding_box()
        assert box is not None and box["width"] >= 240, box
    if lesson.startswith("delissimo"):
        heights = topping_heights(root)
        assert heights and min(heights) >= 20, heights
    pupil_page.shot(f"look-{lesson.removesuffix('.ipynb')}-{theme}")
