"""The offline classroom site: its size, how long it takes to build, and how long a pupil waits.

    python benchmarks/site_build.py [-o DIR] [--language en] [--pyodide PATH] [--no-browser]

Prints: build time (first build downloads the runtime and wheels into the cache; run twice
to see a warm build), the site's size with its parts (runtime, wheels, JupyterLite itself),
the largest wheels, and in Debian's desktop chromium (what pupils have), headless, the seconds from
opening the 8+ lesson to the app, to the kernel idle (Pyodide, the kernel's packages), and to
the first widget after "Run all" (teachgames, sympy and the widgets loaded and running).
Also counts the requests that left the site's host (must be 0).

The in-browser kernel is CPU-bound: the figures scale with the machine and its load (the
load average is printed alongside).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

# benchmarks/platform.py would shadow the standard library's platform module: the repository
# root replaces this script's folder on the path.
sys.path[0] = str(Path(__file__).resolve().parents[1])

from teachgames.site import build_site  # noqa: E402
from teachgames.site.builder import folder_size  # noqa: E402
from teachgames.site.server import serve_in_thread  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS as ARGS  # noqa: E402
from tests.browser.conftest import KERNEL_READY_JS  # noqa: E402
from tests.browser.conftest import PUPILS_CHROMIUM as CHROMIUM  # noqa: E402

MB = 1024 * 1024


def browser_figures(site: Path, lesson: str) -> None:
    from playwright.sync_api import sync_playwright

    config_path = site / "jupyter-lite.json"
    data = json.loads(config_path.read_text(encoding="utf-8"))
    data["jupyter-config-data"]["exposeAppInBrowser"] = "true"  # to see when the kernel is ready
    config_path.write_text(json.dumps(data), encoding="utf-8")
    server, base = serve_in_thread(site)
    requests: list[str] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.on("request", lambda r: requests.append(r.url))
            page = context.new_page()
            page.on("request", lambda r: requests.append(r.url))
            start = time.perf_counter()
            page.goto(f"{base}/lab/index.html?path={lesson}")
            page.wait_for_function("() => !!(window.jupyterapp && window.jupyterapp.shell.currentWidget)",
                                   timeout=600_000)  # fmt: skip
            app = time.perf_counter() - start
            page.wait_for_function(KERNEL_READY_JS, timeout=600_000, polling=250)
            kernel = time.perf_counter() - start
            page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
            page.locator('[data-testid="tg-widget"]').first.wait_for(timeout=600_000)
            widget = time.perf_counter() - start
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    outside = {u for u in requests if not u.startswith((base + "/", "data:", "blob:"))}
    print(f"browser ({lesson}): app {app:.0f} s, kernel idle {kernel:.0f} s, first widget {widget:.0f} s")
    print(f"requests: {len(requests)} to the site, {len(outside)} elsewhere")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", help="site folder (default: a temporary one)")
    parser.add_argument("--language", action="append", help="lesson languages (default: all)")
    parser.add_argument("--pyodide", help="a Pyodide runtime already downloaded")
    parser.add_argument("--no-browser", action="store_true", help="only build and measure the size")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(args.output or Path(tmp) / "site")
        started = time.perf_counter()
        report = build_site(site, languages=tuple(args.language or ("en", "ru", "bg")), pyodide=args.pyodide)
        print(f"build: {time.perf_counter() - started:.0f} s (load average {os.getloadavg()[0]:.1f})")
        print(report.summary())
        wheels = report.wheels
        jupyterlite = report.size - report.runtime_size - sum(wheels.values()) - folder_size(site / "files")
        lessons = folder_size(site / "files")
        print(f"size: {report.size / MB:.1f} MB = runtime {report.runtime_size / MB:.1f} MB + "
              f"{len(wheels)} wheels {sum(wheels.values()) / MB:.1f} MB + lessons {lessons / MB:.1f} MB "
              f"+ JupyterLite and pages {jupyterlite / MB:.1f} MB")  # fmt: skip
        for name, size in sorted(wheels.items(), key=lambda item: -item[1])[:6]:
            print(f"  {name}: {size / MB:.2f} MB")
        if not args.no_browser:
            lessons = sorted((n for n in report.notebooks if n.endswith("delissimo-8plus.ipynb")),
                             key=lambda n: not n.startswith("en/"))  # fmt: skip
            lesson = lessons[0]
            browser_figures(site, lesson)
            print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
