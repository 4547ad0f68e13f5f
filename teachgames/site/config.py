"""The site's ``jupyter-lite.json`` and build configuration.

Two settings make the site work offline: ``pyodideUrl`` points the kernel at the runtime
inside the site, and ``disablePyPIFallback`` stops it from asking PyPI for anything the lock
does not list. Without ``pyodideUrl`` the kernel goes to a CDN and, offline, never starts,
with no error shown: so :func:`check_site_config` reads the *built* file and refuses a site
that lost either setting.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .errors import SiteBuildError
from .packages import KERNEL_PACKAGES

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
RUNTIME_DIR = "static/pyodide"
PYODIDE_URL = f"./{RUNTIME_DIR}/pyodide.mjs"
#: JupyterLab's "news" pop-up asks the internet for news; a classroom has none to ask
DISABLED_EXTENSIONS = ("@jupyterlab/apputils-extension:announcements",)


def lite_config(app_name: str = "teachgames", packages: Sequence[str] = KERNEL_PACKAGES) -> dict[str, Any]:
    """The source ``jupyter-lite.json`` of a classroom site.

    ``packages`` (``loadPyodideOptions.packages``): what Pyodide loads from the lock as it
    starts, in one go and in parallel; the kernel's worker otherwise installs each of its
    own packages one after the other through micropip (2-3 s of a pupil's wait).
    """
    options = {"pyodideUrl": PYODIDE_URL, "disablePyPIFallback": True}
    if packages:
        options["loadPyodideOptions"] = {"packages": list(packages)}
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": app_name,
            "disabledExtensions": list(DISABLED_EXTENSIONS),
            "litePluginSettings": {
                KERNEL_PLUGIN: options,
            },
        },
    }


def build_config(
    extensions: Sequence[str], apps: tuple[str, ...] = ("lab", "notebooks", "repl")
) -> dict[str, Any]:
    """``jupyter_lite_config.json``: only the apps pupils use, only the front-end extensions
    named (folders), nothing else installed on the teacher's machine (``ignore_sys_prefix``)."""
    return {
        "LiteBuildConfig": {
            "apps": list(apps),
            "federated_extensions": list(extensions),
            "ignore_sys_prefix": True,
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
        }
    }


def write_json(path: Path, data: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return path


def kernel_settings(config_path: Path) -> dict[str, Any]:
    try:
        data = json.loads(config_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise SiteBuildError(f"{config_path} is missing or not JSON ({err})") from err
    settings = data.get("jupyter-config-data", {}).get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})
    return dict(settings) if isinstance(settings, dict) else {}


def check_site_config(site: Path) -> None:
    """Refuse a built site whose kernel would leave it: no local ``pyodideUrl``, or PyPI allowed."""
    config = site / "jupyter-lite.json"
    settings = kernel_settings(config)
    if settings.get("pyodideUrl") != PYODIDE_URL:
        raise SiteBuildError(
            f"{config}: pyodideUrl is {settings.get('pyodideUrl')!r}, not {PYODIDE_URL!r}; "
            "the kernel would fetch Pyodide from the internet"
        )
    if settings.get("disablePyPIFallback") is not True:
        raise SiteBuildError(f"{config}: disablePyPIFallback is not true; the kernel could ask PyPI")
    if not (site / RUNTIME_DIR / "pyodide.mjs").is_file():
        raise SiteBuildError(f"{site / RUNTIME_DIR} has no pyodide.mjs")
