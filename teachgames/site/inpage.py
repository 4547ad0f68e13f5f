"""A lesson's code run in the pupil's own page, with no Jupyter: the site's lesson pages.

The page (``page/page.mjs``) shows the lesson's words at once (rendered when the site was
built) and starts Pyodide in a web worker (``page/worker.mjs``), which calls
:func:`run_lesson`: every code cell of the lesson in one namespace, in order, as "Run
all" would, and what a cell shows goes to its place on the page. Widgets work as they do
in JupyterLab: ipywidgets opens a *comm* for each, and :class:`PageComm` (installed
through ``comm.create_comm``, the hook the ``comm`` package leaves for hosts) carries the
comm's messages to the page, where a small host draws anywidget front ends (the only
kind of widget teachgames has); the page's messages come back through :func:`receive`.

No kernel, no IPython shell, no JupyterLab: JupyterLab's page and the kernel's start cost
a pupil 7-9 s before any lesson code ran, which is why the lesson pages have their own
host. The heavy packages a lesson needs only after its first screen (sympy, for the
explanations) are fetched in the background once the first widget is drawn.

Runs in the browser (Pyodide), and under CPython in the tests with any ``post``.
"""

from __future__ import annotations

import ast
import contextlib
import inspect
import io
import json
import sys
import traceback
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from comm.base_comm import BaseComm

from ..core.i18n import tr

#: Sends one message (JSON text) to the page.
Post = Callable[[str], None]


class PageComm(BaseComm):
    """A comm whose other end is the page's widget host (see the module's docstring)."""

    #: where messages go; set by :func:`install`
    post: ClassVar[Post | None] = None
    #: every comm not closed, by id: the page's messages find theirs here
    open_comms: ClassVar[dict[str, PageComm]] = {}

    def publish_msg(
        self,
        msg_type: str,
        data: dict[str, Any] | None = None,
        metadata: dict[str, Any] | None = None,
        buffers: list[bytes] | None = None,
        **keys: Any,
    ) -> None:
        if msg_type == "comm_open":
            PageComm.open_comms[self.comm_id] = self
        elif msg_type == "comm_close":
            PageComm.open_comms.pop(self.comm_id, None)
        if PageComm.post is not None:
            PageComm.post(json.dumps({"type": msg_type, "comm_id": self.comm_id, "data": data or {}}))


def install(post: Post) -> None:
    """Make every widget created from now on talk to the page through ``post``."""
    import comm

    PageComm.post = post
    comm.create_comm = PageComm


def receive(message: str) -> None:
    """A message from the page: ``{"comm_id", "data"}`` for a widget (an update of its
    state, a custom message). One for a comm that is gone, or that is not JSON, is
    dropped: the page may still hold a widget the lesson has closed."""
    try:
        got = json.loads(message)
        target = PageComm.open_comms.get(str(got["comm_id"]))
        data = got["data"]
    except (ValueError, KeyError, TypeError):
        return
    if target is not None and isinstance(data, dict):
        target.handle_msg({"content": {"comm_id": target.comm_id, "data": data}, "buffers": []})


def shown(value: Any) -> dict[str, Any] | None:
    """What the page shows for a cell's value: a widget by its comm, a picture or a
    table by its HTML (teachgames' own objects, which escape what they hold), anything
    else as text; ``None`` shows nothing, as in a notebook."""
    if value is None:
        return None
    model_id = getattr(value, "model_id", None)
    if isinstance(model_id, str) and model_id in PageComm.open_comms:
        return {"kind": "widget", "comm_id": model_id}
    for method in ("_repr_svg_", "_repr_html_"):
        render = getattr(value, method, None)
        if callable(render):
            markup = render()
            if isinstance(markup, str):
                return {"kind": "html", "html": markup}
    return {"kind": "text", "text": repr(value)}


async def run_code(source: str, namespace: dict[str, Any], name: str) -> Any:
    """Run a cell's code in ``namespace`` (top-level ``await`` allowed); returns the value of
    its last line when that is an expression, as a notebook cell shows it."""
    flags = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
    tree = ast.parse(source, name)
    last = tree.body[-1] if tree.body else None
    if isinstance(last, ast.Expr):
        tree.body.pop()
    else:
        last = None
    result = eval(compile(tree, name, "exec", flags=flags), namespace)
    if inspect.iscoroutine(result):
        await result
    if last is None:
        return None
    value = eval(compile(ast.Expression(last.value), name, "eval", flags=flags), namespace)
    return await value if inspect.iscoroutine(value) else value


async def class_form(language: str) -> Any:
    """The class's join form when this page's own address serves the class server, else
    None; activities shown from now on answer to the class once the pupil has joined."""
    import js  # the browser (Pyodide)

    from ..classroom.asynclink import pyodide_fetch
    from ..classroom.joinform import LateLink, class_here, join_form
    from ..lesson.show import use_class_link

    base = str(js.location.origin)
    if not await class_here(base, pyodide_fetch):
        return None
    late = LateLink()
    use_class_link(late)
    return join_form(base, late, pyodide_fetch, language)


async def run_cell(number: int, source: str, namespace: dict[str, Any], language: str) -> dict[str, Any]:
    """Run one cell; what it shows, what it printed and, if it failed, one line to the
    pupil (the traceback goes to the browser's console, for the teacher)."""
    printed = io.StringIO()
    result: dict[str, Any] = {"type": "cell", "cell": number}
    try:
        with contextlib.redirect_stdout(printed):
            value = await run_code(source, namespace, f"<lesson cell {number}>")
    except Exception as exc:
        traceback.print_exc(file=sys.stderr)
        result["error"] = tr("site.page.cell_failed", language, error=f"{type(exc).__name__}: {exc}")
    else:
        result["output"] = shown(value)
    result["printed"] = printed.getvalue()
    return result


def in_browser() -> bool:
    """Whether this Python runs in a browser tab (Pyodide)."""
    return sys.platform == "emscripten"


async def load_later() -> None:
    """Fetch the packages the site defers until after the first screen (sympy), without
    blocking the page: the pupil answers the first activity meanwhile. Outside the
    browser, or in a site that defers nothing, there is nothing to do."""
    settings: Any = None
    with contextlib.suppress(ImportError):  # written into the site's standard library
        import _teachgames_site_settings

        settings = _teachgames_site_settings
    deferred = list(getattr(settings, "DEFERRED", {}) or {})
    if not deferred or not in_browser():
        return
    import pyodide_js
    from pyodide.ffi import to_js

    with contextlib.suppress(Exception):  # a cell that needs it then fetches it itself
        await pyodide_js.loadPackage(to_js(deferred))


async def run_lesson(cells: Sequence[str], language: str, post: Post) -> None:
    """Run a lesson's code cells in order, posting to the page what each shows."""
    install(post)
    if in_browser():  # a browser tab: the class may be on this site
        form = await class_form(language)
        if form is not None:
            post(json.dumps({"type": "cell", "cell": "join", "output": shown(form), "printed": ""}))
    namespace: dict[str, Any] = {"__name__": "__main__"}
    first_widget = True
    for number, source in enumerate(cells):
        result = await run_cell(number, source, namespace, language)
        post(json.dumps(result))
        output = result.get("output")
        if first_widget and output is not None and output.get("kind") == "widget":
            first_widget = False
            await load_later()
    post(json.dumps({"type": "done"}))
