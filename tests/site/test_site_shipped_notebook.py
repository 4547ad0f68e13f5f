"""A lesson opened in the site's JupyterLab is not "changed" before the pupil does anything.

JupyterLab rewrites a notebook's ``kernelspec`` and ``language_info`` with what its kernel
reports the moment the kernel connects, and marks each code cell ``trusted`` when it runs:
any difference from the file makes the notebook "changed" (a dot on its tab, "Save your
changes?" on closing it). These tests hold the notebooks the site writes against what the
site's kernel (the pinned jupyterlite-pyodide-kernel front end, as installed) reports.
The real browser's view of the same: ``test_site_run_all_browser.py``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from teachgames.site.builder import copy_contents
from teachgames.site.content import discover
from teachgames.site.shipped import SITE_KERNELSPEC, SITE_LANGUAGE_INFO


def _kernel_extension_js() -> str:
    """The installed Pyodide kernel front end's JavaScript (skips on a desktop without it)."""
    try:
        from jupyter_core.paths import jupyter_path
    except ImportError:  # pragma: no cover - jupyter_core comes with the site extra
        pytest.skip("jupyter_core is not installed")
    for base in jupyter_path("labextensions"):
        static = Path(base) / "@jupyterlite" / "pyodide-kernel-extension" / "static"
        if static.is_dir():
            return "\n".join(p.read_text(encoding="utf-8") for p in sorted(static.glob("*.js")))
    message = "the site extra (jupyterlite-pyodide-kernel) is not installed"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def _js(value: Any) -> str:
    """``value`` as a minified JavaScript literal (keys unquoted): ``{name:"python",version:3}``."""
    if isinstance(value, dict):
        return "{" + ",".join(f"{key}:{_js(item)}" for key, item in value.items()) + "}"
    return json.dumps(value)


def test_the_site_kernel_metadata_is_what_the_installed_kernel_reports() -> None:
    js = _kernel_extension_js()
    # the kernel spec the front end registers: name, display name, language side by side
    spec = ",".join(f"{key}:{_js(SITE_KERNELSPEC[key])}" for key in ("name", "display_name", "language"))
    assert spec in js, "the Pyodide kernel registers another kernel spec: update SITE_KERNELSPEC"
    # the language_info its kernel_info reply gives, written out as minified JavaScript writes it
    fields = ",".join(f"{key}:{_js(value)}" for key, value in SITE_LANGUAGE_INFO.items())
    assert f"language_info:{{{fields}}}" in js, "the Pyodide kernel reports another language_info"


def _metadata(notebook: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return notebook["metadata"], [cell.get("metadata", {}) for cell in notebook["cells"]]


def _as_the_site_kernel_leaves_it(notebook: dict[str, Any]) -> dict[str, Any]:
    """What JupyterLab writes into a notebook once the site's kernel connected and ran it
    (besides outputs and execution counts): the kernel's metadata, code cells trusted."""
    copy = json.loads(json.dumps(notebook))
    copy["metadata"]["kernelspec"] = dict(SITE_KERNELSPEC)
    copy["metadata"]["language_info"] = json.loads(json.dumps(SITE_LANGUAGE_INFO))
    for cell in copy["cells"]:
        if cell["cell_type"] == "code":
            cell.setdefault("metadata", {})["trusted"] = True
    return copy


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_every_lesson_the_site_ships_is_as_its_kernel_leaves_it(tmp_path: Path, language: str) -> None:
    notebooks, plans = discover((language,), None)
    copy_contents(tmp_path, notebooks, plans)
    for item in notebooks:
        shipped = json.loads((tmp_path / item.target).read_text(encoding="utf-8"))
        run = _as_the_site_kernel_leaves_it(shipped)
        assert _metadata(shipped) == _metadata(run), f"{item.target} changes when its kernel connects"
        # nothing else of the lesson is touched: the same cells, the same words, the same code
        source = json.loads(item.source.read_text(encoding="utf-8"))
        assert [(c["id"], c["source"]) for c in shipped["cells"]] == [
            (c["id"], c["source"]) for c in source["cells"]
        ]
        assert shipped["metadata"]["teachgames"] == source["metadata"]["teachgames"]
    for item in plans:  # the plans are copied as they are
        assert (tmp_path / item.target).read_bytes() == item.source.read_bytes()


def test_the_site_kernel_sends_a_result_only_when_it_has_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cell whose last line shows a widget (it displays itself) gives no empty result, as
    on a desktop: no empty "Out" area, no extra output in the notebook."""
    import sys
    import types

    from teachgames.site import startup

    sent: list[dict[str, Any]] = []

    class LiteDisplayHook:  # the Pyodide kernel's, as far as the patch uses it
        def __init__(self) -> None:
            self.data: dict[str, Any] = {}
            self.metadata: dict[str, Any] = {}

        def finish_displayhook(self) -> None:
            sent.append(self.data)
            self.data, self.metadata = {}, {}

    display = types.ModuleType("pyodide_kernel.display")
    display.LiteDisplayHook = LiteDisplayHook  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyodide_kernel", types.ModuleType("pyodide_kernel"))
    monkeypatch.setitem(sys.modules, "pyodide_kernel.display", display)
    startup.quiet_empty_results()
    startup.quiet_empty_results()  # twice is once
    hook = LiteDisplayHook()
    hook.finish_displayhook()  # the widget showed itself: nothing to send
    hook.data = {"text/plain": "42"}
    hook.finish_displayhook()
    assert sent == [{"text/plain": "42"}]
    assert hook.data == {}
