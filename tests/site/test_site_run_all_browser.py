"""In the site's JupyterLab (the session's built site, tests/site/conftest.py) a lesson that
has just opened is not "changed", and Run all changes only what running must change.

Before the site wrote its notebooks with its own kernel's metadata, JupyterLab rewrote the
notebook's ``kernelspec`` and ``language_info`` as soon as the Pyodide kernel connected:
the lesson showed as changed (a dot on its tab, "Save your changes?" on closing it) before
the pupil had done anything, and Run all added ``trusted`` to every code cell. JupyterLab
keeps outputs and execution counts in the notebook, so after Run all those differ, and only
those. The Python-level check of the same: ``test_site_shipped_notebook.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, KERNEL_READY_JS

LESSON = "en/delissimo-8plus.ipynb"
TIMEOUT_MS = 600_000  # the in-browser kernel is CPU-bound: minutes on a busy 2-core machine

MODEL_JS = """() => {
  const model = window.jupyterapp.shell.currentWidget.context.model;
  return {dirty: model.dirty, notebook: model.toJSON()};
}"""
EVERY_CELL_RAN_JS = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const cells = w.context.model.toJSON().cells.filter(c => c.cell_type === "code");
  return cells.every(c => c.execution_count) && w.sessionContext.session.kernel.status === "idle";
}"""


def _without_run(notebook: dict[str, Any]) -> dict[str, Any]:
    """The notebook without what running writes (outputs, execution counts); a field the
    page reports as ``undefined`` (a Markdown cell's ``attachments``) is not in the file."""
    cells = [
        {k: v for k, v in cell.items() if k not in ("outputs", "execution_count") and v is not None}
        for cell in notebook["cells"]
    ]
    return {"metadata": notebook["metadata"], "cells": cells}


@pytest.mark.site
@pytest.mark.browser
def test_a_lesson_is_not_changed_by_opening_it_and_run_all_changes_only_outputs(
    tmp_path: Path, built_site: Path
) -> None:
    from playwright.sync_api import sync_playwright

    from teachgames.site.server import serve_in_thread

    shipped = json.loads((built_site / "files" / LESSON).read_text(encoding="utf-8"))
    server, base = serve_in_thread(built_site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            try:
                page.goto(f"{base}/lab/index.html?path={LESSON}")
                page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS, polling=500)
                page.wait_for_timeout(2000)  # the kernel's metadata lands just after it is idle
                opened = page.evaluate(MODEL_JS)
                assert opened["dirty"] is False, "the lesson shows as changed before anything ran: " + (
                    json.dumps(opened["notebook"]["metadata"])
                )

                page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
                page.wait_for_function(EVERY_CELL_RAN_JS, timeout=TIMEOUT_MS, polling=1000)
                ran = page.evaluate(MODEL_JS)["notebook"]
                assert any(cell.get("outputs") for cell in ran["cells"]), "Run all showed nothing"
                empty = [o for c in ran["cells"] for o in c.get("outputs", []) if not o.get("data", True)]
                assert empty == [], "a cell gave an empty result (the desktop kernel gives none)"
                errors = [
                    o for c in ran["cells"] for o in c.get("outputs", []) if o["output_type"] == "error"
                ]
                assert errors == [], errors
                last = ran["cells"][-1]  # the lesson ends with practice, shown as a widget
                assert "practice.show(" in last["source"]
                assert any(
                    "application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in last["outputs"]
                )
                after, before = _without_run(ran), _without_run(shipped)
                assert after["metadata"] == before["metadata"]
                for cell, was in zip(after["cells"], before["cells"], strict=True):
                    assert cell == was, f"Run all changed {cell['id']}"
            finally:
                page.screenshot(path=str(tmp_path / "site-run-all.png"))
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
