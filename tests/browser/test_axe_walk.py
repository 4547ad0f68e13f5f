"""The accessibility walks the browser tests share (tests/browser/a11y.py) find what is
wrong below the first screen: a low-contrast line and a picture without words, two
screens down a tall page and at the foot of a tall widget in a scrolled notebook, are
both reported. (Each walk runs every axe rule once and, at each later step, only the
rules that judge what is in view: the widget's walk proves that the later steps still
see colours, as axe judges none that its panel has scrolled out of view.)"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.a11y import AXE_OPTIONS_JS, PREPARE_JS, SCROLLED_AXE_JS, axe_run_js, require_axe
from tests.browser.conftest import launched_chromium, require_browser

pytestmark = pytest.mark.browser

#: two faults a pupil would meet well below the first screen of 1280 x 720
FAULTS = """<p style="color:#bbbbbb;background:#ffffff;font-size:14px">low-contrast words</p>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="40" height="40">"""

TALL_PAGE = f"""<!doctype html><html lang="en"><head><title>walk</title></head>
<body><main><h1>A tall page</h1><div style="height:2200px">the first screens</div>{FAULTS}</main></body></html>"""

#: a widget taller than the screen, in a panel that scrolls as JupyterLab's notebook does
#: (the page itself does not scroll): axe judges no colour the panel has scrolled out of view
TALL_WIDGET = f"""<!doctype html><html lang="en"><head><title>walk</title></head>
<body style="margin:0;height:100vh;overflow:hidden"><main><div class="jp-Notebook" style="height:100vh;overflow:auto">
<section data-testid="tg-widget" aria-label="a tall widget"><h2>Widget</h2>
<div style="height:2200px">the widget's first screens</div>{FAULTS}</section>
</div></main></body></html>"""


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    require_browser()
    for browser in launched_chromium():
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        yield context.new_page()
        context.close()


def test_the_page_walk_finds_faults_two_screens_down(page: Any) -> None:
    page.set_content(TALL_PAGE)
    page.add_script_tag(path=require_axe())
    walk = "async () => {" + SCROLLED_AXE_JS + "return await scrolledAxe(document, OPTIONS, innerHeight - 80, 40000); }"
    found = page.evaluate(walk.replace("OPTIONS", AXE_OPTIONS_JS))
    assert {v["id"] for v in found} == {"color-contrast", "image-alt"}, found


def test_the_widget_walk_finds_faults_at_the_foot_of_a_tall_widget(page: Any) -> None:
    page.set_content(TALL_WIDGET)
    page.add_script_tag(path=require_axe())
    page.evaluate(PREPARE_JS)
    result = page.evaluate(axe_run_js('[data-testid="tg-widget"]'))
    assert result["plantedSeen"]
    [widget] = result["widgets"]
    assert {v["id"] for v in widget["violations"]} == {"color-contrast", "image-alt"}, widget
