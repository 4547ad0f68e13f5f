"""A pupil in Voilà joins the class: the join form at the top of the lesson's page, and
every answer of the lesson's activities (and practice) to the class server.

``teachgames lessons --pupil --class URL`` starts each lesson's kernel with this module:
:func:`start_from_environment` (run by the kernel's IPython start-up file) makes a
:class:`~.joinform.LateLink` the class link of every activity the lesson shows, and puts
the join form (the site's own, :class:`~.joinwidget.JoinForm`) in the page before the
lesson's first cell. The form talks to the class server through :func:`thread_fetch`: the
kernel's asyncio loop waits while a thread does the HTTP (the kernel never blocks on the
network). Answers committed before the pupil joins wait and go once they are in.
"""

from __future__ import annotations

import asyncio
import json
import os
import urllib.error
import urllib.request
from typing import Any

#: The class server's address, for the lessons' kernels (set by ``teachgames lessons``).
CLASS_VARIABLE = "TEACHGAMES_PUPIL_CLASS"
#: The pupils' language (the join form's words).
LANGUAGE_VARIABLE = "TEACHGAMES_PUPIL_LANGUAGE"
#: The start-up file's one line.
STARTUP = "from teachgames.classroom.kernelform import start_from_environment\nstart_from_environment()\n"


def _http(
    method: str, url: str, headers: dict[str, str], body: str | None, timeout: float
) -> tuple[int, Any]:
    request = urllib.request.Request(
        url, data=None if body is None else body.encode(), method=method, headers=headers
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as exc:
        status, raw = exc.code, exc.read()
    try:
        return status, json.loads(raw) if raw else None
    except ValueError:
        return status, None


async def thread_fetch(method: str, url: str, headers: dict[str, str], body: str | None) -> tuple[int, Any]:
    """An HTTP request for :class:`~.asynclink.AsyncLink` in a CPython kernel: (status,
    parsed JSON or None); OSError when the server cannot be reached. Long polls wait up
    to 20 s, so the timeout is longer than that."""
    return await asyncio.to_thread(_http, method, url, headers, body, 35.0)


def start(url: str, language: str = "en") -> Any:
    """Make the class link of the activities shown from now on a late link, and return
    the join form that connects it (:func:`~.joinform.join_form`)."""
    from ..lesson.show import use_class_link
    from .joinform import LateLink
    from .joinwidget import JoinForm

    late = LateLink()
    use_class_link(late)
    return JoinForm(url.rstrip("/"), late.connect, thread_fetch, language)


def start_from_environment() -> None:
    """In a lesson's kernel started by ``teachgames lessons --pupil --class``: the join
    form goes at the top of the page (shown once, with the first cell's output)."""
    url = os.environ.get(CLASS_VARIABLE)
    if not url:
        return
    language = os.environ.get(LANGUAGE_VARIABLE, "en")
    form = start(url, language if language in ("en", "ru", "bg") else "en")
    from IPython import get_ipython
    from IPython.display import display

    shell = get_ipython()
    if shell is None:
        return

    def show_once(info: Any = None) -> None:
        # Voilà runs a line of its own first (it sets VOILA_KERNEL_ID; its output is not
        # shown): the form waits for the lesson's first cell
        if "VOILA_KERNEL_ID" in str(getattr(info, "raw_cell", "")):
            return
        shell.events.unregister("pre_run_cell", show_once)
        display(form)  # type: ignore[no-untyped-call]

    shell.events.register("pre_run_cell", show_once)


def startup_folder(ipython_dir: str) -> str:
    """Write the kernels' start-up file under ``ipython_dir`` (an ``IPYTHONDIR``)."""
    folder = os.path.join(ipython_dir, "profile_default", "startup")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "50-teachgames-class.py"), "w", encoding="utf-8") as f:
        f.write(STARTUP)
    return folder
