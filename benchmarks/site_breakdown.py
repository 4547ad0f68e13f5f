"""Where a pupil's wait for the first widget goes, and where the bytes go, in the classroom site.

    python benchmarks/site_breakdown.py [--site DIR] [--lesson en/delissimo-8plus.ipynb] [--warm]

One cold visit (and with ``--warm`` a second one, cache kept) in headless Debian Chromium, the
site served on 127.0.0.1 by the site's own server, every other host unreachable: the
Delissimo 8+ lesson opened in JupyterLab, "Run all" once the kernel is idle, the first
widget drawn. Prints one timeline, in seconds from opening the page:

- when the server was first asked for each part (JupyterLab's scripts, the Pyodide runtime,
  the standard library, each wheel), from the server's own log;
- what the browser's Python did (the marks ``teachgames/site/startup.py`` keeps: Python
  started, the kernel's module imported, the kernel answering, the wheels loaded, each
  pre-imported module with its import time), read back from the kernel afterwards;
- the kernel idle, "Run all", the first widget;

and the bytes of the cold visit by part (brotli, as Chromium on 127.0.0.1 asks for them).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit

# benchmarks/platform.py would shadow the standard library's platform module
sys.path[0] = str(Path(__file__).resolve().parents[1])

from benchmarks.site_first_widget import ARGS, CHROMIUM, KERNEL_READY_JS, TIMEOUT, WIDGET, site_to_measure  # noqa: E402
from teachgames.site.server import Stats, serve_in_thread  # noqa: E402

MB = 1_000_000
EXECUTE_JS = """async (code) => {
  const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const f = k.requestExecute({code, store_history: false});
  let out = "";
  f.onIOPub = (msg) => { if (msg.header.msg_type === "stream") out += msg.content.text; };
  await f.done;
  return out;
}"""
PROBE = """
import json, sys, time, js
import sitecustomize as s
print(json.dumps({"now": (float(js.performance.timeOrigin) + float(js.performance.now())) / 1000,
                  "mono": time.monotonic(), "times": s.TIMES, "modules": len(sys.modules),
                  "sympy": "sympy" in sys.modules}))
"""


class TimedStats(Stats):
    """The server's statistics, with when each request came (epoch seconds)."""

    def __init__(self) -> None:
        super().__init__()
        self.when: list[tuple[float, str, str]] = []

    def add_request(self, path: str = "", accept_encoding: str = "") -> None:
        super().add_request(path, accept_encoding)
        with self.lock:
            self.when.append((time.time(), path, accept_encoding))


def part_of(path: str) -> str:
    """Which part of the site a request is for."""
    name = urlsplit(path).path
    file = name.rsplit("/", 1)[-1]
    if "/static/pyodide/" in name:
        if file.endswith(".whl"):
            return "wheel " + file.split("-")[0]
        return "runtime " + file
    if "/extensions/@jupyterlite/pyodide-kernel-extension/" in name:
        return "kernel extension (its worker, piplite, pyodide-kernel wheels)"
    if "/extensions/" in name:
        return "widget extensions (JS)"
    if name.endswith(".js"):
        return "JupyterLab scripts"
    return "pages, settings, notebooks, icons"


def sent_size(site: Path, path: str, encoding: str) -> int:
    file = site / urlsplit(path).path.lstrip("/")
    if not file.is_file():
        return 0
    for token, suffix in (("br", ".br"), ("gzip", ".gz")):
        packed = file.with_name(file.name + suffix)
        if token in encoding and packed.is_file() and packed.stat().st_mtime >= file.stat().st_mtime:
            return packed.stat().st_size
    return file.stat().st_size


def visit(context: object, base: str, lesson: str, stats: TimedStats) -> dict[str, object]:
    page = context.new_page()  # type: ignore[attr-defined]
    stats.reset()
    stats.when = []
    t0 = time.time()
    page.goto(f"{base}/lab/index.html?path={lesson}")
    page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT, polling=50)
    idle = time.time()
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.locator(WIDGET).first.wait_for(state="visible", timeout=TIMEOUT)
    widget = time.time()
    time.sleep(8.0)  # the pupil reads: the kernel imports the rest
    log = list(stats.when)
    probe = json.loads(page.evaluate(EXECUTE_JS, PROBE))
    page.close()
    # the worker's monotonic clock onto the epoch, through the probe's own reading of both
    offset = probe["now"] - probe["mono"]
    marks = [(what, at + offset - t0) for what, at in probe["times"]]
    return {
        "t0": t0,
        "idle": idle - t0,
        "widget": widget - t0,
        "log": [(at - t0, path, enc) for at, path, enc in log],
        "marks": marks,
        "probe": probe,
    }


def timeline(run: dict[str, object], site: Path) -> None:
    first: dict[str, float] = {}
    sizes: dict[str, int] = defaultdict(int)
    for at, path, enc in run["log"]:  # type: ignore[attr-defined]
        part = part_of(path)
        first.setdefault(part, at)
        sizes[part] += sent_size(site, path, enc)
    events = [(at, f"asked: {part}") for part, at in first.items()]
    starts: dict[str, float] = {}
    for what, at in run["marks"]:  # type: ignore[attr-defined]
        if what.startswith(("import ", "load packages")):
            starts[what.split(" ", 1)[1]] = at
            continue
        if what.startswith(("imported ", "loaded packages")):
            key = what.split(" ", 1)[1]
            events.append((at, f"python: {what} ({at - starts.get(key, at):.2f} s)"))
        else:
            events.append((at, f"python: {what}"))
    events += [(run["idle"], "page: kernel idle, Run all"), (run["widget"], "page: FIRST WIDGET")]  # type: ignore[list-item]
    print("| s from opening | what |\n| --- | --- |")
    for at, what in sorted(events):
        print(f"| {at:6.2f} | {what} |")
    total = sum(sizes.values())
    print(f"\nbytes of the visit by part (total {total / MB:.2f} MB):\n| part | MB |\n| --- | --- |")
    for part, size in sorted(sizes.items(), key=lambda kv: -kv[1]):
        print(f"| {part} | {size / MB:.2f} |")
    probe = run["probe"]
    print(f"\nmodules in the kernel afterwards: {probe['modules']}; sympy imported: {probe['sympy']}")  # type: ignore[index]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", help="a site already built (else one is built: English, Delissimo)")
    parser.add_argument("--lesson", default="en/delissimo-8plus.ipynb")
    parser.add_argument("--warm", action="store_true", help="also a second visit, the cache kept")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = site_to_measure(args.site, tmp)
        stats = TimedStats()
        server, base = serve_in_thread(site, stats=stats)
        load = os.getloadavg()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                runs = [visit(context, base, args.lesson, stats)]
                if args.warm:
                    runs.append(visit(context, base, args.lesson, stats))
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
        print(f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
        for name, run in zip(("cold", "warm"), runs, strict=False):
            print(f"\n## {name}: kernel idle {run['idle']:.2f} s, first widget {run['widget']:.2f} s\n")
            timeline(run, site)


if __name__ == "__main__":
    main()
