"""The class join form in a real JupyterLab (anywidget over the kernel's comm), in the dark
theme: Enter in the name box sends the form (JupyterLab's own keys leave it alone), a
wrong code is refused in the server's words, the right one lets the pupil in and the
boxes go; the Python side holds the link. The class server is a stand-in fetch defined
in the notebook. axe finds nothing serious in the form. Screenshots under the test's tmp
dir and ``artifacts/browser/``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.a11y import PREPARE_JS, axe_run_js, notebook, require_axe
from tests.browser.conftest import KERNEL_READY_JS, Lab, use_theme

pytestmark = pytest.mark.browser

TIMEOUT_MS = 120_000
REFUSED = "That class code is not open."
#: Ask the kernel whether the form holds the pupil's link and connected the late link to it.
LINKED_JS = """async () => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const asked = kernel.requestExecute({code: "", silent: true,
    user_expressions: {linked: "form.link is not None and late.link is form.link"}});
  const reply = await asked.done;
  return reply.content.user_expressions.linked.data["text/plain"];
}"""
CELLS = [
    "import asyncio, json\n"
    "from teachgames.classroom.joinform import LateLink, join_form\n"
    "async def fetch(method, url, headers, body):\n"
    "    if '/api/join' in url:\n"
    "        if json.loads(body)['code'].upper() == 'K7WQ2M':\n"
    "            return 200, {'token': 'pupil-token'}\n"
    f"        return 403, {{'message': {REFUSED!r}}}\n"
    "    await asyncio.sleep(3600)  # the link's polls: no pacing in this test\n"
    "    return 500, None\n"
    "late = LateLink()\n"
    "form = join_form('http://class.test', late, fetch, 'en')\n"
    "form",
]


def test_a_pupil_joins_with_the_keyboard_in_jupyterlab_dark(lab: Lab, page: Any, shots: Any) -> None:
    from playwright.sync_api import expect

    axe = require_axe()
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(lab.notebook_url(notebook(lab.root, "join-form", "en", CELLS)))
    page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    form = page.locator(".tg-join-form")
    expect(form.locator("button.tg-join")).to_be_visible(timeout=TIMEOUT_MS)
    use_theme(page, "JupyterLab Dark")
    status = form.locator(".tg-join-status")
    page.get_by_label("Class code (on the board)").fill("NOPE42")
    name = page.get_by_label("Your name")
    name.fill("Ира")
    name.press("Enter")
    expect(status).to_contain_text(REFUSED, timeout=TIMEOUT_MS)
    expect(name).to_be_focused()
    page.add_script_tag(path=axe)
    page.evaluate(PREPARE_JS)
    found = page.evaluate(axe_run_js(".tg-join-form"))
    assert found["plantedSeen"], "axe did not check colour contrast"
    assert [w["violations"] for w in found["widgets"]] == [[]]
    shots(form, "join-form-lab-dark-refused")
    page.get_by_label("Class code (on the board)").fill("k7wq2m")
    name.press("Enter")
    expect(status).to_have_text("You are in the class as Ира. Your answers go to your teacher.", timeout=TIMEOUT_MS)
    expect(name).to_be_hidden()
    assert page.evaluate(LINKED_JS) == "True"
    shots(form, "join-form-lab-dark-joined")
