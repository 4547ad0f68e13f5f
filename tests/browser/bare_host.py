"""A bare page with the smallest anywidget host, for a widget's browser test without JupyterLab.

The page gives the widget's front end (``NAME.js``, styled by ``NAME.css``) anywidget's model
(get/set/on/off/save_changes/send) over a dict, as the classroom site's lesson pages do;
:func:`host` carries the page's messages to the real Python widget and its traits back, as
a comm would. The page and the two files are served by :func:`route_for` from a fake
origin (the module as anywidget gets it: its shared helpers in place of its imports), and
nothing else is fetched.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from teachgames.pictures.palette import contrast, relative_luminance
from teachgames.widgets.frontend import esm

PAGE_TEMPLATE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>NAME</title>
<link rel="stylesheet" href="/NAME.css">
<style>body { margin: 24px; font-family: system-ui, sans-serif; }
@media (prefers-color-scheme: dark) { body { background: #0d1117; color: #e6edf3; } }</style></head>
<body><main><div id="out"></div></main>
<script type="module">
import widget from "/NAME.js";
const values = {}, listeners = {};
window.tgHost = {
  set(name, value) { values[name] = value; (listeners["change:" + name] || []).forEach((f) => f()); },
};
window.tgModel = {
  get: (name) => values[name],
  set: (name, value) => { values[name] = value; },
  save_changes: () => {},
  on: (event, f) => { (listeners[event] = listeners[event] || []).push(f); },
  off: (event, f) => { listeners[event] = (listeners[event] || []).filter((g) => g !== f); },
  send: (content) => window.tgSend(content),
};
window.tgStart = (state) => {
  Object.assign(values, state);
  const out = document.getElementById("out");
  widget.render({ model: window.tgModel, el: out });
  AFTER_RENDER
};
</script></body></html>"""


def bare_page(name: str, after_render: str = "") -> str:
    """The page for the front end ``name`` (``joinform``: ``/joinform.js``, ``/joinform.css``);
    ``after_render`` is script run once it is drawn (``out`` is its element)."""
    return PAGE_TEMPLATE.replace("NAME", name).replace("AFTER_RENDER", after_render)


def route_for(site: str, static: Path, name: str, page: str) -> Callable[[Any], Awaitable[None]]:
    """A playwright route handler: ``site/`` is ``page``, ``site/NAME.js|css`` the widget's
    own files from ``static`` (the module with its helpers in place, as anywidget loads
    it); every other request is refused."""

    async def serve(route: Any) -> None:
        asked = route.request.url.removeprefix(site + "/")
        if asked == f"{name}.js":
            await route.fulfill(body=esm(asked, static), content_type="text/javascript")
        elif asked == f"{name}.css":
            await route.fulfill(body=(static / asked).read_text(encoding="utf-8"), content_type="text/css")
        elif asked == "":
            await route.fulfill(body=page, content_type="text/html")
        else:
            await route.abort()

    return serve


async def host(page: Any, widget: Any, traits: Sequence[str], heard: list[Any] | None = None) -> None:
    """Show ``widget`` in the page and keep page and widget in step (its ``traits``); what the
    page sends is also noted in ``heard`` when given."""
    pending: list[asyncio.Task[Any]] = []

    def push(change: dict[str, Any]) -> None:
        value = widget.get_state([change["name"]])[change["name"]]
        pending.append(asyncio.ensure_future(page.evaluate("([k, v]) => tgHost.set(k, v)", [change["name"], value])))

    widget.observe(push, names=list(traits))
    widget._bridge = pending  # kept with the widget: tasks nobody holds may be collected

    def intent(content: Any) -> None:
        if heard is not None:
            heard.append(content)
        widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})

    await page.expose_function("tgSend", intent)
    await page.evaluate("(state) => tgStart(state)", widget.get_state(list(traits)))


def css_hex(rgb: str) -> str:
    """``rgb(r, g, b)`` (or ``rgba``, its alpha ignored), as a browser computes a colour, as ``#rrggbb``."""
    channels = [int(float(c)) for c in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]
    return "#" + "".join(f"{c:02x}" for c in channels)


def css_contrast(a: str, b: str) -> float:
    """WCAG contrast of two computed CSS colours (the project's own :func:`contrast`)."""
    return contrast(css_hex(a), css_hex(b))


def css_is_dark(rgb: str) -> bool:
    """A background a dark theme would use: relative luminance below 0.2."""
    return relative_luminance(css_hex(rgb)) < 0.2
