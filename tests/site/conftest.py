"""One built site for the site's browser tests of a run: the build (Pyodide, wheels,
bytecode, compressed copies) is the slow part, and its downloads and compiled archives are
cached between builds by the builder itself (``~/.cache/teachgames/site``).

``built_site`` builds English Delissimo lessons once per test session (or takes the
folder in ``TEACHGAMES_SITE``, a site already built from this checkout, for a quick
rerun while writing a test). Missing parts skip on a desktop and fail when ``CI`` is set.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.browser.conftest import missing_chromium


def missing_site_parts() -> list[str]:
    """What the site's browser tests need and this machine lacks, in words."""
    missing = missing_chromium()
    if not os.environ.get("TEACHGAMES_PYODIDE") and shutil.which("npm") is None:
        missing.append("npm (to fetch the Pyodide runtime)")
    for module in ("playwright.sync_api", "jupyterlite_core", "jupyterlite_pyodide_kernel"):
        try:
            __import__(module)
        except ImportError:
            missing.append(f"the Python package {module.split('.')[0]}")
    return missing


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site with the English Delissimo lessons, its app object exposed to the test
    (``window.jupyterapp``, to wait for a kernel); nothing else differs from a teacher's."""
    missing = missing_site_parts()
    if missing:
        message = "the site test needs " + "; ".join(missing)
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    given = os.environ.get("TEACHGAMES_SITE")
    if given:
        return Path(given)
    from teachgames.site import build_site

    site = tmp_path_factory.mktemp("built") / "site"
    report = build_site(
        site, languages=("en",), games=("delissimo",), pyodide=os.environ.get("TEACHGAMES_PYODIDE")
    )
    print(report.summary())
    config_path = site / "jupyter-lite.json"
    data = json.loads(config_path.read_text(encoding="utf-8"))
    data["jupyter-config-data"]["exposeAppInBrowser"] = "true"
    config_path.write_text(json.dumps(data), encoding="utf-8")
    return site
