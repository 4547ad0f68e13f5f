"""The keyed patch of ``widgets/static/dom.js`` in Chromium, where it matters to a pupil.

A game widget redraws on every view-model (a bot's move, a clock's tick), and a redraw
that rebuilt the page would drop what the pupil is in the middle of: the focus on a
card, a press that spans the redraw, a <details> they opened. ``patchChildren`` keeps
every node whose key still matches, so these survive; these tests hold it to that, and
to the other half of its job (what changed is changed, what went is gone).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from teachgames.widgets.frontend import STATIC
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, require_browser

SITE = "http://dom.test"
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>dom</title></head>
<body><main id="out"></main><script type="module">
import * as dom from "/dom.js";
window.dom = dom;
window.domReady = true;
</script></body></html>"""

#: Build a row of keyed buttons (and an unkeyed note) into ``out`` from a list of labels.
BUILD = """(labels) => {
  const { el } = window.dom;
  return el("div", {}, ...labels.map((l) => el("button", { type: "button", "data-testid": "b-" + l.key }, l.text)),
    el("p", { class: "note" }, "note"));
}"""


def in_page(test: Callable[[Any], Awaitable[None]]) -> None:
    require_browser()
    from playwright.async_api import async_playwright

    async def serve(route: Any) -> None:
        asked = route.request.url.removeprefix(SITE + "/")
        if asked == "dom.js":
            await route.fulfill(body=(STATIC / "dom.js").read_text("utf-8"), content_type="text/javascript")
        elif asked == "":
            await route.fulfill(body=PAGE, content_type="text/html")
        else:
            await route.abort()

    async def run() -> None:
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = await browser.new_page()
                await page.route("**/*", serve)
                await page.goto(SITE + "/")
                await page.wait_for_function("window.domReady === true")
                await test(page)
            finally:
                await browser.close()

    asyncio.run(run())


@pytest.mark.browser
def test_a_redraw_keeps_the_keyed_nodes_the_focus_and_an_opened_details() -> None:
    async def check(page: Any) -> None:
        kept = await page.evaluate(
            f"""() => {{
          const {{ el, patchChildren }} = window.dom;
          const build = {BUILD};
          const out = document.getElementById("out");
          const first = build([{{ key: "a", text: "A" }}, {{ key: "b", text: "B" }}, {{ key: "c", text: "C" }}]);
          const details = el("details", {{ "data-testid": "why" }}, el("summary", {{}}, "Why?"), "because");
          first.append(details);
          out.append(first);
          const [a, b, c] = out.querySelectorAll("button");
          b.focus();
          details.open = true;  // the pupil opened it
          // the next view-model (a bot moved): c gone, b relabelled, a new d
          const next = build([{{ key: "a", text: "A" }}, {{ key: "b", text: "B!" }}, {{ key: "d", text: "D" }}]);
          next.append(el("details", {{ "data-testid": "why" }}, el("summary", {{}}, "Why?"), "because"));
          patchChildren(out, el("main", {{}}, next));
          const now = [...out.querySelectorAll("button")];
          const focusKept = document.activeElement === b;
          const detailsKept = out.querySelector("details") === details && details.open;  // still open
          // and one that turns the row round: the nodes move, still the same nodes
          patchChildren(out, el("main", {{}}, build([{{ key: "d", text: "D" }}, {{ key: "a", text: "A" }}])));
          const turned = [...out.querySelectorAll("button")];
          return {{
            order: now.map((n) => n.textContent), turned: turned.map((n) => n.textContent),
            sameA: now[0] === a && turned[1] === a, sameB: now[1] === b, sameD: turned[0] === now[2],
            cGone: !c.isConnected, bGone: !b.isConnected, focusKept,
            detailsKept, detailsGone: !details.isConnected,
            notes: out.querySelectorAll("p.note").length,
          }};
        }}"""
        )
        assert kept == {
            "order": ["A", "B!", "D"],
            "turned": ["D", "A"],
            "sameA": True,
            "sameB": True,
            "sameD": True,
            "cGone": True,
            "bGone": True,
            "focusKept": True,
            "detailsKept": True,
            "detailsGone": True,
            "notes": 1,
        }

    in_page(check)


@pytest.mark.browser
def test_a_kept_node_answers_with_the_handler_of_the_view_it_now_shows() -> None:
    async def check(page: Any) -> None:
        heard = await page.evaluate(
            """() => {
          const { el, on, delegate, patchChildren } = window.dom;
          const out = document.getElementById("out");
          const heard = [];
          delegate(out, ["click"]);
          const view = (n) => el("div", {}, on(el("button", { type: "button", "data-testid": "go" }, "Go"), "click", () => heard.push(n)));
          out.append(view(1));
          const button = out.querySelector("button");
          button.click();
          patchChildren(out, el("main", {}, view(2)));
          out.querySelector("button").click();
          return { heard, same: out.querySelector("button") === button };
        }"""
        )
        assert heard == {"heard": [1, 2], "same": True}

    in_page(check)


@pytest.mark.browser
def test_a_picture_is_replaced_only_when_its_markup_changed() -> None:
    async def check(page: Any) -> None:
        result = await page.evaluate(
            """() => {
          const { el, setSvg, patchChildren } = window.dom;
          const out = document.getElementById("out");
          const pic = (svg) => el("div", {}, setSvg(el("div", { "data-testid": "pic" }), svg));
          const one = '<svg width="10" height="10"><circle r="4"></circle></svg>';
          out.append(pic(one));
          const circle = out.querySelector("circle");
          patchChildren(out, el("main", {}, pic(one)));
          const sameWhenSame = out.querySelector("circle") === circle;
          patchChildren(out, el("main", {}, pic('<svg width="10" height="10"><rect width="4"></rect></svg>')));
          return { sameWhenSame, circleGone: !circle.isConnected, rects: out.querySelectorAll("rect").length };
        }"""
        )
        assert result == {"sameWhenSame": True, "circleGone": True, "rects": 1}

    in_page(check)
